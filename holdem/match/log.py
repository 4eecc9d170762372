"""The JSON-lines hand log of a match: streamed block by block, read back, resumed.

A log is a text file of JSON objects, one per line:

``{"type": "header", ...}``  (first line)
    ``format`` ("bpp-match-log"), ``version``, ``game`` (name), ``game_repr``
    (the rules and stakes), ``n_players``, ``unit``, ``unit_chips``, ``agents``
    (names, in the order given), ``seed`` (root entropy) and ``spawn_key``,
    ``block_size``, ``n_deals``, ``duplicate``.
``{"type": "hand", ...}``  (one per hand played)
    ``hand`` (match-wide index, playing order), ``deal`` (index of the deal;
    equals ``hand`` unless the match is duplicate), ``replay``, ``block``,
    ``button`` (seat), ``seats`` (the agent in each seat), ``cards`` (the deal:
    the 52-card permutation as text, two characters a card, dealt from the
    left), ``actions`` (``[seat, action]`` pairs in order, action text as
    :class:`holdem.games.Action` prints it: ``f``, ``c``, ``r``/``r300``
    raise-to, ``d12,40`` discard card codes), ``showdown`` (``[seat, cards]``
    shown) and ``payoffs`` (chips won per seat).
``{"type": "block", ...}``  (after the hands of each block)
    ``block``, ``deals``, ``hands`` and ``chips`` (per agent).  The file is
    flushed after it, so a block is either complete, marker included, or
    discarded on resume.

Resuming reads the longest run of complete blocks ``0, 1, 2, …`` that fit the
match being played, truncates whatever follows (a half-written block of an
interrupted run) and appends the rest.

>>> import io, json
>>> parse_action("r300"), parse_action("c"), parse_action("d3,17")  # doctest: +ELLIPSIS
(Action(kind=<ActionKind.BET_RAISE: 2>, amount=300, ...), Action(kind=<ActionKind.CHECK_CALL: 1>, ...), ...)
>>> parse_action("x")
Traceback (most recent call last):
...
ValueError: bad action 'x' in a match log: expected f, c, r[N] or dN,N,...
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from holdem.games.base import CHECK_CALL, FOLD, Action, ActionKind

__all__ = ["LOG_FORMAT", "LOG_VERSION", "MatchLog", "read_log", "parse_action", "hand_chips", "LogWriter"]

LOG_FORMAT = "bpp-match-log"
LOG_VERSION = 1

#: Header keys that must agree for a log to be resumed by a match.
RESUME_KEYS = ("game_repr", "n_players", "agents", "seed", "spawn_key", "block_size", "duplicate")


def parse_action(text: str) -> Action:
    """The :class:`Action` a log's action text stands for (inverse of ``str(action)``)."""
    if text == "f":
        return FOLD
    if text == "c":
        return CHECK_CALL
    try:
        if text[:1] == "r":
            return Action(ActionKind.BET_RAISE, int(text[1:]) if len(text) > 1 else 0)
        if text[:1] == "d":
            return Action(ActionKind.DISCARD, 0, tuple(int(c) for c in text[1:].split(",")) if len(text) > 1 else ())
    except ValueError:
        pass
    raise ValueError(f"bad action {text!r} in a match log: expected f, c, r[N] or dN,N,...")


def hand_chips(hand: dict, n_agents: int) -> list[int]:
    """Chips each *agent* (not seat) won in a logged hand."""
    out = [0] * n_agents
    for seat, agent in enumerate(hand["seats"]):
        out[agent] = hand["payoffs"][seat]
    return out


@dataclass
class MatchLog:
    """What a log holds: its header and the hands of its complete blocks, in block order.

    ``blocks`` lists ``(block, n_deals, first_hand_index_in_hands)``; ``end`` is
    the byte offset just past the last complete block.
    """

    header: dict
    hands: list[dict] = field(default_factory=list)
    blocks: list[tuple[int, int, int]] = field(default_factory=list)
    end: int = 0

    def chips(self) -> np.ndarray:
        """(n_hands, n_agents) int64 chips won per hand, by agent."""
        n = len(self.header["agents"])
        return np.array([hand_chips(h, n) for h in self.hands], dtype=np.int64).reshape(-1, n)


def read_log(path, *, block_sizes=None) -> MatchLog:
    """Read a match log: the header and every complete block (see the module docstring).

    ``block_sizes`` (a function ``block -> n_deals``) keeps only the leading
    blocks ``0, 1, …`` of those sizes, the ones a resumed match can reuse.
    Raises ``ValueError`` for a file that is not a match log.
    """
    path = Path(path)
    with path.open("rb") as f:
        first = f.readline()
        try:
            header = json.loads(first)
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("format") != LOG_FORMAT or not first.endswith(b"\n"):
            raise ValueError(f"{str(path)!r} is not a bpp match log (its first line is not a match-log header)")
        if header.get("version") != LOG_VERSION:
            raise ValueError(f"{str(path)!r} is a match log of version {header.get('version')!r}; expected {LOG_VERSION}")
        log = MatchLog(header, end=f.tell())
        pending: list[dict] = []
        offset = f.tell()
        for line in f:
            offset += len(line)
            if not line.endswith(b"\n"):
                break  # a line cut short by an interruption
            try:
                obj = json.loads(line)
            except ValueError:
                break
            kind = obj.get("type")
            if kind == "hand":
                pending.append(obj)
            elif kind == "block":
                b = obj["block"]
                expected = len(log.blocks)
                if b != expected or len(pending) != obj["hands"] or any(h["block"] != b for h in pending):
                    break
                if block_sizes is not None and block_sizes(b) != obj["deals"]:
                    break
                log.blocks.append((b, obj["deals"], len(log.hands)))
                log.hands.extend(pending)
                pending = []
                log.end = offset
            else:
                break
    return log


class LogWriter:
    """Writes a match log block by block (``resume``: keep the complete blocks of an existing one)."""

    def __init__(self, path, header: dict, *, block_sizes=None):
        self.path = Path(path)
        self.previous: MatchLog | None = None
        if self.path.exists() and self.path.stat().st_size > 0:
            old = read_log(self.path, block_sizes=block_sizes)
            diff = [k for k in RESUME_KEYS if old.header.get(k) != header.get(k)]
            if diff:
                k = diff[0]
                raise ValueError(
                    f"log {str(self.path)!r} belongs to another match ({k} {old.header.get(k)!r} there, "
                    f"{header.get(k)!r} here); remove it or choose another --log"
                )
            self.previous = old
            self._file = self.path.open("r+b")
            self._file.truncate(old.end)
            self._file.seek(old.end)
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = self.path.open("wb")
            self._file.write((json.dumps(header) + "\n").encode())
            self._file.flush()

    def write_block(self, block: int, n_deals: int, lines: list[str], chips: np.ndarray) -> None:
        """Append one block's hand lines and its end marker, then flush."""
        marker = {"type": "block", "block": block, "deals": n_deals, "hands": len(lines),
                  "chips": chips.sum(axis=0).tolist()}
        self._file.write(("".join(lines) + json.dumps(marker) + "\n").encode())
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

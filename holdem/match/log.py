"""The JSON-lines hand log of a match: streamed block by block, read back, resumed.

A log is a text file of JSON objects, one per line:

``{"type": "header", ...}``  (first line)
    ``format`` ("bpp-match-log"), ``version``, ``game`` (name), ``game_repr``
    (the rules and stakes), ``n_players``, ``unit``, ``unit_chips``, ``agents``
    (names, in the order given), ``seed`` (root entropy) and ``spawn_key``,
    ``block_size``, ``n_deals``, ``duplicate``, and last ``sha256``: the
    :func:`checksum` of the header line as written without that key, so an
    edited header (its agents, its seed) is refused like an edited hand.
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
    ``block``, ``deals``, ``hands``, ``chips`` (per agent) and ``sha256`` (the
    first 16 hex digits of the SHA-256 of the block's hand lines, bytes as
    written; required).  The file is flushed after it, so a block is either complete,
    marker included, or an interrupted tail.

A log is append-only: nothing in it is ever rewritten or shortened, except an
interrupted tail (hand lines of a block whose marker was never written, or a
last line without its newline), which a resumed match discards before
appending.  A block line may repeat the number of the block before it, with
more deals: a match that grew past a short last block plays that block again
in full and appends it; the later one counts.

Reading checks everything a match relies on: every complete line is a JSON
object of the documented types, every block's hands are in order, their
checksum and chip totals agree with its marker.  Anything else is refused with
a ``ValueError`` naming the file and the line (an edited or damaged log is never
silently trusted, nor silently cut short).

A match given an existing log (``play_match(..., log=path)``) first reads it:
if the log already holds the deals asked for, the answer is read from it and
the file is left untouched; if it holds fewer, the missing blocks are played
and appended; if it belongs to another match (game, agents, seed, block size
or duplicate differ), the match is refused with one line before anything is
played.

>>> import io, json
>>> parse_action("r300"), parse_action("c"), parse_action("d3,17")  # doctest: +ELLIPSIS
(Action(kind=<ActionKind.BET_RAISE: 2>, amount=300, ...), Action(kind=<ActionKind.CHECK_CALL: 1>, ...), ...)
>>> parse_action("x")
Traceback (most recent call last):
...
ValueError: bad action 'x' in a match log: expected f, c, r[N] or dN,N,...
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import numpy as np

from holdem.games.base import CHECK_CALL, FOLD, Action, ActionKind

__all__ = ["LOG_FORMAT", "LOG_VERSION", "MatchLog", "read_log", "parse_action", "hand_chips", "LogWriter", "checksum",
           "check_resumable",
           "signed", "is_signed"]

LOG_FORMAT = "bpp-match-log"
LOG_VERSION = 2  # 2: the header carries its own checksum, every block marker its hands'

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


def hand_chips(hand: dict[str, Any], n_agents: int) -> list[int]:
    """Chips each *agent* (not seat) won in a logged hand."""
    out = [0] * n_agents
    for seat, agent in enumerate(hand["seats"]):
        out[agent] = hand["payoffs"][seat]
    return out


@dataclass
class MatchLog:
    """What a log holds: its header and the hands of its complete blocks, in block order.

    ``blocks`` lists ``(block, n_deals, first_hand_index_in_hands)``; ``end`` is
    the byte offset just past the last complete block (what follows it is an
    interrupted tail).
    """

    header: dict[str, Any]
    hands: list[dict[str, Any]] = field(default_factory=list)
    blocks: list[tuple[int, int, int]] = field(default_factory=list)
    end: int = 0

    @property
    def n_deals(self) -> int:
        """Deals in the complete blocks."""
        return sum(deals for _, deals, _ in self.blocks)

    def chips(self) -> np.ndarray:
        """(n_hands, n_agents) int64 chips won per hand, by agent."""
        n = len(self.header["agents"])
        return np.array([hand_chips(h, n) for h in self.hands], dtype=np.int64).reshape(-1, n)


def checksum(lines: bytes) -> str:
    """The checksum a block marker records of its hand lines (first 16 hex digits of SHA-256).

    >>> checksum(b"")
    'e3b0c44298fc1c14'
    """
    return hashlib.sha256(lines).hexdigest()[:16]


def _header_checksum(header: dict[str, Any]) -> str:
    """The :func:`checksum` of a header line as written, without its own ``sha256`` key."""
    return checksum(json.dumps({k: v for k, v in header.items() if k != "sha256"}).encode())


def signed(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with a last key ``sha256``: the :func:`checksum` of its JSON text without that key.

    The one way a JSON record (a log header, a results file) carries its own
    checksum; :func:`is_signed` checks it after ``json.loads``, so any edit of
    a value is caught.

    >>> is_signed(signed({"a": 1})), is_signed({"a": 2, "sha256": signed({"a": 1})["sha256"]})
    (True, False)
    """
    body = {k: v for k, v in record.items() if k != "sha256"}
    return body | {"sha256": _header_checksum(body)}


def is_signed(record: object) -> bool:
    """Whether a parsed JSON ``record`` carries the right ``sha256`` (see :func:`signed`)."""
    return isinstance(record, dict) and record.get("sha256") == _header_checksum(record)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _int_list(x: object, n: int | None = None) -> bool:
    return isinstance(x, list) and all(_is_int(v) for v in x) and (n is None or len(x) == n)


#: Header keys a reader relies on, with their checks.
_HEADER_CHECKS: dict[str, Callable[[Any], bool]] = {
    "game": lambda v: isinstance(v, str),
    "game_repr": lambda v: isinstance(v, str),
    "n_players": lambda v: _is_int(v) and v >= 1,
    "unit_chips": lambda v: _is_int(v) and v >= 1,
    "agents": lambda v: isinstance(v, list) and len(v) >= 1 and all(isinstance(a, str) for a in v),
    "seed": lambda v: _is_int(v) and v >= 0,
    "spawn_key": lambda v: _int_list(v),
    "block_size": lambda v: _is_int(v) and v >= 1,
    "duplicate": lambda v: isinstance(v, bool),
}


def _check_hand(obj: dict[str, Any], n_players: int, n_agents: int) -> str | None:
    """What is wrong with a hand line's fields (None: nothing)."""
    for key in ("hand", "deal", "replay", "block", "button"):
        if not _is_int(obj.get(key)):
            return f"its {key!r} is not an integer"
    seats = obj.get("seats")
    if not _int_list(seats, n_players) or not all(0 <= a < n_agents for a in seats):  # type: ignore[union-attr]
        return f"its 'seats' is not a list of {n_players} agent indices"
    if not _int_list(obj.get("payoffs"), n_players):
        return f"its 'payoffs' is not a list of {n_players} integers"
    if not isinstance(obj.get("cards"), str) or not isinstance(obj.get("actions"), list):
        return "its 'cards' or 'actions' is missing"
    return None


def read_log(path: str | os.PathLike[str]) -> MatchLog:
    """Read a match log: the header and every complete block (see the module docstring).

    Raises ``ValueError`` naming the file (and the line) for a file that is not
    a match log or whose content was damaged or edited.

    >>> import tempfile, pathlib
    >>> bad = pathlib.Path(tempfile.mkdtemp()) / "x.jsonl"
    >>> _ = bad.write_text("123\\n")
    >>> read_log(bad)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: '...x.jsonl' is not a bpp match log (its first line is not a match-log header)
    """
    path = Path(path)
    name = repr(str(path))
    try:
        f = path.open("rb")
    except IsADirectoryError:
        raise ValueError(f"{name} is a directory, not a match log") from None
    except OSError as exc:
        raise ValueError(f"cannot read the match log {name}: {exc.strerror or exc}") from None
    with f:
        first = f.readline()
        try:
            header = json.loads(first)
        except (ValueError, RecursionError):
            header = None
        if not isinstance(header, dict) or header.get("format") != LOG_FORMAT or not first.endswith(b"\n"):
            raise ValueError(f"{name} is not a bpp match log (its first line is not a match-log header)")
        if header.get("version") != LOG_VERSION:
            raise ValueError(f"{name} is a match log of version {header.get('version')!r}; expected {LOG_VERSION}")
        if not is_signed(header):
            raise ValueError(f"{name}: line 1: the header does not match its checksum; the log was damaged or edited "
                             "(keep a copy, use another --log)")
        for key, ok in _HEADER_CHECKS.items():
            if not ok(header.get(key)):
                raise ValueError(f"{name}: line 1: the header's {key!r} is missing or malformed ({header.get(key)!r})")
        n_players, n_agents = header["n_players"], len(header["agents"])
        log = MatchLog(header, end=f.tell())
        pending: list[dict[str, Any]] = []
        raw: list[bytes] = []
        first_line = 2
        offset = f.tell()
        for number, line in enumerate(f, start=2):
            offset += len(line)
            if not line.endswith(b"\n"):
                break  # the last line, cut short by an interruption: an interrupted tail

            def bad(why: str, at: int = number) -> ValueError:
                return ValueError(f"{name}: line {at}: {why}; the log was damaged or edited (keep a copy, use another --log)")

            try:
                obj = json.loads(line)
            except (ValueError, RecursionError):  # RecursionError: nested too deep to be a log line
                raise bad("not a JSON line") from None
            kind = obj.get("type") if isinstance(obj, dict) else None
            if kind == "hand":
                why = _check_hand(obj, n_players, n_agents)
                if why is not None:
                    raise bad(f"a hand line but {why}")
                if not pending:
                    first_line = number
                pending.append(obj)
                raw.append(line)
                continue
            if kind != "block":
                raise bad("not a hand or block line of a match log")
            b, deals, hands = obj.get("block"), obj.get("deals"), obj.get("hands")
            if not (_is_int(b) and _is_int(deals) and _is_int(hands) and _int_list(obj.get("chips"), n_agents)):
                raise bad("a block line without integer 'block', 'deals', 'hands' and 'chips'")
            where = f"lines {first_line}-{number - 1}" if pending else "no lines"
            replaces = bool(log.blocks) and b == log.blocks[-1][0] and deals > log.blocks[-1][1]
            if b != len(log.blocks) and not replaces:
                raise bad(f"block {b} follows block {len(log.blocks) - 1}")
            if hands != len(pending) or any(h["block"] != b for h in pending):
                raise bad(f"block {b} counts {hands} hands but {where} hold {len(pending)} of it")
            recorded = obj.get("sha256")
            if recorded != checksum(b"".join(raw)):
                raise bad(f"the hands of block {b} ({where}) do not match the checksum on this line")
            chips = [0] * n_agents
            for h in pending:
                for a, c in zip(h["seats"], h["payoffs"]):
                    chips[a] += c
            if chips != obj["chips"]:
                raise bad(f"the hands of block {b} ({where}) add up to chips {chips}, not {obj['chips']}")
            if replaces:
                _, _, start = log.blocks.pop()
                del log.hands[start:]
            log.blocks.append((b, deals, len(log.hands)))
            log.hands.extend(pending)
            pending, raw = [], []
            log.end = offset
    return log


class LogWriter:
    """Appends blocks to a match log: a new file (header first), or after the complete blocks of ``previous``."""

    def __init__(self, path: str | os.PathLike[str], header: dict[str, Any], *, previous: MatchLog | None = None) -> None:
        self.path = Path(path)
        self.previous = previous
        self._file: IO[bytes]
        if previous is not None:
            self._file = self.path.open("r+b")
            self._file.truncate(previous.end)  # drops an interrupted tail only
            self._file.seek(previous.end)
        else:
            empty = self.path.exists() and self.path.stat().st_size == 0  # an empty file holds nothing to lose
            self._file = self.path.open("wb" if empty else "xb")
            self._file.write((json.dumps(signed(header)) + "\n").encode())
            self._file.flush()

    def write_block(self, block: int, n_deals: int, lines: list[str], chips: np.ndarray) -> None:
        """Append one block's hand lines and its end marker, then flush."""
        data = "".join(lines).encode()
        marker = {"type": "block", "block": block, "deals": n_deals, "hands": len(lines),
                  "chips": chips.sum(axis=0).tolist(), "sha256": checksum(data)}
        self._file.write(data + (json.dumps(marker) + "\n").encode())
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def check_resumable(log: MatchLog, header: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Refuse (one-line ``ValueError``) a log that belongs to another match than ``header`` describes."""
    diff = [k for k in RESUME_KEYS if log.header.get(k) != header.get(k)]
    if diff:
        k = diff[0]
        raise ValueError(
            f"log {str(path)!r} belongs to another match ({k} {log.header.get(k)!r} there, "
            f"{header.get(k)!r} here); choose another --log (the log is kept as it is)"
        )

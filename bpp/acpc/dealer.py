"""A loopback ACPC dealer (``bpp acpc dealer``): two clients play a match whose deals are a bpp match's.

The dealer listens on two ports of ``127.0.0.1`` (another address only when
asked with ``host=``), prints ``ports: P1 P2`` first, accepts one client on
each (each sends ``VERSION:2.0.0``), and deals ``n_hands`` hands exactly as
``play_match(game, [client1, client2], n_hands, rng=seed)`` would
(:func:`holdem.match.runner.block_deals`, blocks of ``block_size``): client
``i`` sits in seat ``i``, the button moves every hand, so positions rotate.
Every hand runs through the one hand driver (:class:`holdem.play.HandDriver`,
both seats played from outside); after every action each client is sent its
MATCHSTATE view (its own hole cards, the opponent's only at a showdown) and the
seat to act answers.

Logs: ``log`` gets the ACPC dealer's standard log — ``#`` header lines, one
``STATE:<hand>:<betting>:<cards>:<payoffs>:<players>`` line per hand as it
ends (flushed), a ``SCORE:`` line at the end — and beside it (``log`` with
suffix ``.jsonl``) bpp's own match log, whose hand lines are those of the same
in-process match.

Clients that misbehave (the dealer's documented response):

* an answer that is not the MATCHSTATE line sent plus ``:<action>``, an
  illegal action, or no answer within ``timeout`` seconds: the client
  *forfeits the hand* — its seat folds at this and every later decision of
  the hand where folding is legal and checks where it is not, without being
  asked again (lines it sends late are skipped as stale);
* a client that disconnects forfeits every remaining hand the same way;
  the match still runs to its end, so both logs are complete.

Nothing waits forever: ``accept_timeout`` bounds the wait for clients and
``timeout`` every answer; an interrupted dealer keeps what its logs hold.
"""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from holdem.cards import CARD_TEXT
from holdem._typing import RngLike
from holdem.games.base import CHECK_CALL, FOLD, ActionKind, Game
from holdem.histories.read import acpc_actions, _Bad
from holdem.match.export import ACPC_GAME_COMMENT, acpc_state
from holdem.checks import seed_sequence
from holdem.match.runner import DEFAULT_BLOCK_SIZE, block_deals, hand_line, log_header
from holdem.play import HandDriver

from bpp.acpc.client import VERSION, action_text

__all__ = ["DealerResult", "run_dealer"]


@dataclass
class DealerResult:
    """What a dealt match gave: chips per client (by name order), hands, and every forfeit."""

    names: tuple
    chips: list = field(default_factory=list)
    hands: int = 0
    forfeits: list = field(default_factory=list)
    seconds: float = 0.0

    def to_dict(self) -> dict:
        """The result as JSON-ready values (``bpp acpc dealer --json``)."""
        return {"names": list(self.names), "chips": self.chips, "hands": self.hands, "forfeits": self.forfeits,
                "seconds": self.seconds}

    def table(self) -> str:
        """One line of plain text: hands, seconds, chips per client, forfeits (``bpp acpc dealer``).

        Examples
        --------
        >>> DealerResult(("a", "b"), [3, -3], 2, [], 0.5).table()
        "2 hands in 0.5 s; chips {'a': 3, 'b': -3}; 0 forfeits"
        """
        return (f"{self.hands} hands in {self.seconds:.1f} s; chips {dict(zip(self.names, self.chips))}; "
                f"{len(self.forfeits)} forfeits")


class _Seat:
    """One client connection: lines out, answers in with a deadline; ``alive`` False once it is gone."""

    def __init__(self, conn: socket.socket):
        self.conn = conn
        self.buffer = b""
        self.alive = True

    def send(self, line: str) -> None:
        if not self.alive:
            return
        try:
            self.conn.sendall((line + "\r\n").encode())
        except OSError:
            self.alive = False

    def readline(self, timeout: float) -> str | None:
        """The next line, or None on timeout; marks the seat dead on EOF or error."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self.alive:
                return None
            self.conn.settimeout(left)
            try:
                data = self.conn.recv(4096)
            except socket.timeout:
                return None
            except OSError:
                data = b""
            if not data:
                self.alive = False
                return None
            self.buffer += data
            if len(self.buffer) > 1 << 16:  # a flood without newlines
                self.alive = False
                return None
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode("ascii", errors="replace").strip()


def _view(position: int, hand: int, betting: str, state, game, show_all: bool) -> str:
    """The MATCHSTATE line of ``position`` (``state`` a :class:`_Positional` view)."""
    n = game.n_players
    holes = []
    for k in range(n):
        if k == position or show_all:
            holes.append("".join(CARD_TEXT[c] for c in state.observation(k).hole))
        else:
            holes.append("")
    board = [e.cards for e in state.history if e.kind == "deal" and e.player == -1]
    cards = "|".join(holes) + "".join("/" + "".join(CARD_TEXT[c] for c in b) for b in board)
    return f"MATCHSTATE:{position}:{hand}:{betting}:{cards}"


def _betting(state, game) -> str:
    rounds: list[list[str]] = [[]]
    for e in state.history:
        if e.kind == "deal" and e.player == -1:
            while len(rounds) <= e.round:
                rounds.append([])
        elif e.kind == "action":
            rounds[e.round].append(action_text(e.action, game))
    return "/".join("".join(r) for r in rounds)


def _forfeit_action(state):
    return FOLD if any(a.kind == ActionKind.FOLD for a in state.legal_actions()) else CHECK_CALL


def run_dealer(game: Game, n_hands: int, rng: RngLike, log: str | os.PathLike[str], *,
               names: Sequence[str] = ("p1", "p2"), host: str = "127.0.0.1", ports: Sequence[int] = (0, 0),
               timeout: float = 10.0, accept_timeout: float = 60.0, block_size: int = DEFAULT_BLOCK_SIZE,
               on_ports: Callable[[int, int], object] | None = None, gamedef_name: str = "game") -> DealerResult:
    """Deal a match to two ACPC clients (see the module docstring); returns its :class:`DealerResult`.

    ``rng`` (None, a seed, a ``SeedSequence`` or a ``Generator``) makes the
    deals, as ``play_match``'s does; the seed is written in both logs.
    """
    from holdem.files import check_output_path

    if game.n_players != 2:
        raise ValueError(f"the ACPC dealer deals 2-player games; got {game!r}")
    log = check_output_path(log, "log")
    bpp_log = log.with_suffix(".jsonl")
    if bpp_log == log:
        raise ValueError(f"--log {str(log)!r}: the ACPC log needs a suffix other than .jsonl (bpp's log goes there)")
    for path in (log, bpp_log):
        if path.exists() and path.stat().st_size > 0:
            raise ValueError(f"log {str(path)!r} already exists; the dealer never overwrites a log")
    names = tuple(names)
    root = seed_sequence(rng, "run_dealer")
    listeners = []
    seats: list[_Seat] = []
    try:
        for port in ports:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((host, port))
            s.listen(1)
            s.settimeout(accept_timeout)
            listeners.append(s)
        bound = [s.getsockname()[1] for s in listeners]
        (on_ports or (lambda p1, p2: print(f"ports: {p1} {p2}", flush=True)))(*bound)
        for s in listeners:
            try:
                conn, _ = s.accept()
            except socket.timeout:
                raise ValueError(f"no client connected to port {s.getsockname()[1]} within {accept_timeout:g} s") from None
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # one short line per action: no Nagle delay
            seat = _Seat(conn)
            hello = seat.readline(timeout)
            if hello is None or not hello.startswith("VERSION:2."):
                seat.alive = False  # not a version-2 client: it forfeits every hand
            seats.append(seat)
        return _deal(game, n_hands, root, log, bpp_log, names, seats, timeout, block_size, gamedef_name)
    finally:
        for s in listeners:
            s.close()
        for seat in seats:
            seat.conn.close()  # the clients see the end of the match


def _deal(game, n_hands, root, log: Path, bpp_log: Path, names, seats, timeout, block_size, gamedef_name):
    from holdem.match.log import LogWriter

    result = DealerResult(names, chips=[0, 0])
    started = time.monotonic()
    header = log_header(game, names, root, block_size, n_hands, False)
    with log.open("x" if not log.exists() else "w") as acpc, LogWriter(bpp_log, header) as writer:
        acpc.write(f"# name/game/hands/seed {' '.join(names)} {gamedef_name} {n_hands} {root.entropy}\n"
                   f"#--t_response {int(timeout * 1000)}\n{ACPC_GAME_COMMENT}{game!r}\n")
        acpc.flush()
        n_blocks = -(-n_hands // block_size)
        for b in range(n_blocks):
            first = b * block_size
            count = min(block_size, n_hands - first)
            deals, _ = block_deals(np.random.SeedSequence(root.entropy, spawn_key=tuple(root.spawn_key) + (b,)),
                                   count, 2, game.deal_cards)
            lines, chips = [], []
            for j in range(count):
                h = first + j
                button = h % 2
                state, taken = _play_hand(game, h, deals[j].tolist(), button, seats, timeout, result)
                pay = state.payoffs.tolist()
                lines.append(hand_line(h, h, 0, b, button, [0, 1], deals[j].tolist(), taken, state))
                chips.append(pay)
                for i in range(2):
                    result.chips[i] += pay[i]
                acpc.write(acpc_state(game, json.loads(lines[-1]), names) + "\n")
                acpc.flush()
                result.hands += 1
            writer.write_block(b, count, lines, np.array(chips, dtype=np.int64).reshape(-1, 2))
        acpc.write(f"SCORE:{'|'.join(str(c) for c in result.chips)}:{'|'.join(names)}\n")
    result.seconds = time.monotonic() - started
    return result


def _play_hand(game, h, deal, button, seats, timeout, result):
    """One hand through the driver; each seat's answers come from its client (or its forfeit)."""
    state = game.new_hand(deal, button=button)
    driver = HandDriver([None, None], record=True)
    driver.start(state)
    position = {s: (s - button - 1) % 2 for s in range(2)}  # seat -> ACPC position this hand
    forfeited = set()

    def send_all(show_all=False):
        betting = _betting(state, game)
        sent = {}
        for s in range(2):
            line = _view(position[s], h, betting, _Positional(state, button), game, show_all)
            seats[s].send(line)
            sent[s] = line
        return sent

    while driver.pending is not None:
        p = driver.pending
        sent = send_all()
        action = None
        if p not in forfeited and seats[p].alive:
            action = _answer(seats[p], sent[p], state, game, timeout)
            if action is None:
                forfeited.add(p)
                result.forfeits.append({"hand": h, "seat": p, "why": "timeout, garbage or illegal action"
                                        if seats[p].alive else "disconnected"})
        elif p not in forfeited:
            forfeited.add(p)
            result.forfeits.append({"hand": h, "seat": p, "why": "disconnected"})
        driver.step(action if action is not None else _forfeit_action(state))
    folded = [e.player for e in state.history if e.kind == "action" and e.action.kind == ActionKind.FOLD]
    send_all(show_all=not folded)
    return state, driver.actions


class _Positional:
    """A state seen by position: ACPC position k is seat (button + 1 + k) % 2."""

    def __init__(self, state, button):
        self.state = state
        self.button = button
        self.history = state.history

    def observation(self, position):
        return self.state.observation((self.button + 1 + position) % 2)


def _answer(seat: _Seat, sent: str, state, game, timeout: float):
    """The action the client answers to ``sent``, or None (timeout, garbage, illegal, gone)."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        line = seat.readline(max(left, 0.0)) if left > 0 else None
        if line is None:
            return None
        if not line.startswith(sent + ":"):
            if line.startswith("MATCHSTATE:"):
                continue  # a stale answer to an earlier line (skipped; the deadline still runs)
            return None
        text = line[len(sent) + 1 :]
        try:
            moves = acpc_actions(text, game)
        except _Bad:
            return None
        if len(moves) != 1 or "/" in text:
            return None
        action = moves[0][1]
        if game.name == "limit-holdem" and action.kind == ActionKind.BET_RAISE and action.amount:
            return None  # the limit game's raises carry no amount
        if not state.can_apply(action):
            return None
        return action

"""The ACPC protocol's client side: MATCHSTATE lines in, a bpp agent's actions out (``bpp acpc play``).

The dealer of the Annual Computer Poker Competition (protocol version 2.0.0)
sends each player, after every action, ``MATCHSTATE:<position>:<hand>:<betting>:<cards>``:
``position`` 0 or 1 this hand (they rotate), ``betting`` the actions so far
(``f``, ``c``, ``r``/``rN`` raise-to, rounds separated by ``/``), ``cards``
``hole|hole/flop/turn/river`` with the opponent's hole cards empty until a
showdown.  When it is the player's turn it answers the same line followed by
``:<action>``.  A client first sends ``VERSION:2.0.0``.

:class:`ACPCPlayer` turns the lines into the agent protocol through the one hand
driver (:class:`holdem.play.HandDriver`): position ``k`` is seat ``k`` with the
button in seat 1 (reversed blinds, as :mod:`holdem.match.export` writes them);
the agent is told ``new_hand(seat)`` at a new hand number, every public event
the betting and cards reveal (``observe``: actions, board cards and the
opponent's cards at a showdown, so learning agents learn), asked ``act`` on
its turn, and told ``end_hand()`` when the hand is over.  The betting of each
line is replayed through the engine from the cards known so far (cards not yet
seen are filled from the rest of the deck and never shown to the agent), so an
illegal or malformed line is a ``ValueError`` naming it.

>>> from holdem.agents import AlwaysCall
>>> from holdem.games import NoLimitHoldem
>>> player = ACPCPlayer(AlwaysCall(), NoLimitHoldem())
>>> player.respond("MATCHSTATE:1:0::|AsKd")
'MATCHSTATE:1:0::|AsKd:c'
>>> player.respond("MATCHSTATE:1:0:c:|AsKd") is None
True
>>> player.respond("MATCHSTATE:1:0:x:|AsKd")
Traceback (most recent call last):
...
ValueError: bad MATCHSTATE 'MATCHSTATE:1:0:x:|AsKd': betting: 'x' is not an ACPC action (f, c, r, rN)
"""

from __future__ import annotations

import socket
from dataclasses import dataclass

from holdem.games.base import Action, ActionKind, Game
from holdem.histories.read import _build_deal, _Bad, _cards, acpc_actions
from holdem.play import AgentProtocol, HandDriver, _hook

__all__ = ["MatchState", "parse_matchstate", "action_text", "ACPCPlayer", "play_acpc"]

VERSION = "VERSION:2.0.0"


@dataclass(frozen=True)
class MatchState:
    """One parsed MATCHSTATE line (hole cards by position, ``None`` where not shown)."""

    position: int
    hand: int
    betting: str
    holes: tuple
    board: tuple
    line: str


def parse_matchstate(line: str, game: Game) -> MatchState:
    """Parse ``MATCHSTATE:<position>:<hand>:<betting>:<cards>`` (``ValueError`` naming the line)."""
    text = line.strip()
    try:
        head, position, hand, betting, cards = text.split(":")
        if head != "MATCHSTATE":
            raise _Bad("it does not start with MATCHSTATE")
        if not (position.isdigit() and hand.isdigit()):
            raise _Bad(f"position {position!r} and hand {hand!r} must be integers")
        position_i = int(position)
        if position_i >= game.n_players:
            raise _Bad(f"position {position_i} in a {game.n_players}-player game")
        parts = cards.split("/")
        holes = tuple(_cards(h, "cards") for h in parts[0].split("|"))
        if len(holes) != game.n_players:
            raise _Bad(f"cards: {len(holes)} hands of hole cards for {game.n_players} players")
        if holes[position_i] is None:
            raise _Bad("cards: the player's own hole cards are missing")
        board = tuple(c for p in parts[1:] for c in (_cards(p, "cards") or ()))
        acpc_actions(betting, game)
    except _Bad as exc:
        raise ValueError(f"bad MATCHSTATE {text!r}: {exc}") from None
    except ValueError:
        raise ValueError(f"bad MATCHSTATE {text!r}: expected MATCHSTATE:position:hand:betting:cards") from None
    return MatchState(position_i, int(hand), betting, holes, board, text)


def action_text(action: Action, game: Game) -> str:
    """An action as the ACPC protocol writes it: ``f``, ``c``, ``r`` (limit) or ``rN`` (no-limit raise-to).

    >>> from holdem.games import Action, ActionKind, LimitHoldem, NoLimitHoldem
    >>> action_text(Action(ActionKind.BET_RAISE, 300), NoLimitHoldem()), action_text(Action(ActionKind.BET_RAISE, 4), LimitHoldem())
    ('r300', 'r')
    """
    if action.kind == ActionKind.FOLD:
        return "f"
    if action.kind == ActionKind.CHECK_CALL:
        return "c"
    if action.kind == ActionKind.BET_RAISE:
        return "r" if game.name == "limit-holdem" else f"r{action.amount}"
    raise ValueError(f"action {action} has no ACPC form")


class ACPCPlayer:
    """A bpp agent behind the ACPC protocol: :meth:`respond` answers one MATCHSTATE line (see the module docstring)."""

    def __init__(self, agent: AgentProtocol, game: Game) -> None:
        if game.n_players != 2 or game.name not in ("limit-holdem", "nolimit-holdem"):
            raise ValueError(f"the ACPC client plays 2-player limit or no-limit hold'em; got {game!r}")
        self.agent = agent
        self.game = game
        self._new_hand = _hook(agent, "new_hand")
        self._observe = _hook(agent, "observe")
        self._end_hand = _hook(agent, "end_hand")
        self.hand: int | None = None
        self.hands = 0
        self._told = 0
        self._ended = False

    def _driver(self, ms: MatchState) -> HandDriver:
        """The hand replayed through the engine up to ``ms`` (the hand driver, both seats played from here)."""
        game = self.game
        button = game.n_players - 1
        try:
            deal = _build_deal(game, button, ms.holes, ms.board)
        except _Bad as exc:
            raise ValueError(f"bad MATCHSTATE {ms.line!r}: {exc}") from None
        driver = HandDriver([None] * game.n_players)
        driver.start(game.new_hand(list(deal), button=button))
        for _, action in acpc_actions(ms.betting, game):
            if driver.pending is None:
                raise ValueError(f"bad MATCHSTATE {ms.line!r}: betting goes on after the hand is over")
            try:
                driver.step(action)
            except ValueError as exc:
                raise ValueError(f"bad MATCHSTATE {ms.line!r}: {exc}") from None
        state = driver.state
        assert state is not None  # started above
        dealt = sum([len(e.cards) for e in state.history if e.kind == "deal"])
        if dealt != len(ms.board):
            raise ValueError(f"bad MATCHSTATE {ms.line!r}: {len(ms.board)} board cards after this betting, "
                             f"the rules deal {dealt}")
        return driver

    def respond(self, line: str) -> str | None:
        """The answer to one MATCHSTATE line: the line plus ``:<action>`` on the agent's turn, else ``None``."""
        ms = parse_matchstate(line, self.game)
        if ms.hand != self.hand:
            if self.hand is not None and not self._ended and self._end_hand is not None:
                self._end_hand()  # the dealer moved on without a last line for that hand
            self.hand, self._told, self._ended = ms.hand, 0, False
            self.hands += 1
            if self._new_hand is not None:
                self._new_hand(ms.position)
        driver = self._driver(ms)
        state = driver.state
        assert state is not None  # the driver started the hand
        history = state.history
        if self._observe is not None:
            for event in history[self._told :]:
                if event.kind == "showdown" and ms.holes[event.player] is None:
                    continue
                self._observe(event)
        self._told = len(history)
        if state.is_terminal:
            if not self._ended and self._end_hand is not None:
                self._end_hand()
            self._ended = True
            return None
        if driver.pending != ms.position:
            return None
        action = self.agent.act(driver.observation())
        return f"{ms.line}:{action_text(action, self.game)}"


def play_acpc(agent: AgentProtocol, game: Game, *, host: str = "127.0.0.1", port: int, timeout: float | None = None) -> int:
    """Connect to an ACPC dealer at ``host:port`` and play ``agent`` until the dealer closes; returns hands played."""
    player = ACPCPlayer(agent, game)
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.settimeout(timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.sendall((VERSION + "\r\n").encode())
        reader = sock.makefile("r", encoding="ascii", newline="\n")
        for line in reader:
            line = line.strip()
            if not line or line[0] in "#;":
                continue
            answer = player.respond(line)
            if answer is not None:
                sock.sendall((answer + "\r\n").encode())
    return player.hands

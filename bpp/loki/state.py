"""The public game state of one limit hold'em hand, the centre of Poki's architecture figure (Billings2002 §"Poki's architecture").

Billings2002 draws Poki as components around "the public game state" (board,
pot, bets, each player's actions) and the private hand information.  This
module is that state and nothing else, so every component can read it:

* :class:`HandTracker` — replays the public events of one hand and keeps the
  board once as integer card codes (``tracker.board``), the pot, the bets
  and each action's context (:class:`ActionRecord`);
* :class:`HandState` — one hand as a player holds it: the tracker, every
  seat's weight table as one (n, 1326) array and each street's evaluation
  table, each made once per hand;
* the seat rules of :class:`holdem.games.LimitHoldem` (:func:`blind_seats`,
  :func:`first_to_act`, :func:`button_from_first_actor`);
* the action columns of every probability triple (``FOLD, CALL, RAISE``,
  Billings2002 "probability triples") and the 19 context inputs of an action
  (:data:`FEATURES`, :func:`context_features`, Billings2002 "neural networks
  for opponent modeling").

It imports no other module of :mod:`bpp.loki`.

>>> from holdem.games.base import Event, Action, ActionKind
>>> t = HandTracker(n_players=3, button=0)
>>> _ = t.step(Event("deal", -1, None, (48, 44, 40), 1))
>>> t.board, board_texture(t.board)
((48, 44, 40), (1.0, 0.0, 1.0, 0.6))
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import TYPE_CHECKING

import numpy as np

from holdem.checks import check_int
from holdem.games.base import ActionKind, Stakes
from holdem.games.holdem import LimitHoldem, blind_seats, first_to_act  # noqa: F401 - the engine's seat rules
from holdem.ranges import N_HOLDINGS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import ArrayLike, NDArray

    from holdem.games.base import Event

__all__ = [
    "FOLD",
    "CALL",
    "RAISE",
    "ACTION_NAMES",
    "blind_seats",
    "first_to_act",
    "button_from_first_actor",
    "ActionRecord",
    "HandTracker",
    "HandState",
    "FEATURES",
    "N_FEATURES",
    "board_texture",
    "board_textures",
    "context_features",
]

#: Triple columns, as :class:`holdem.games.base.ActionKind` numbers them.
FOLD, CALL, RAISE = 0, 1, 2
#: Names of the triple columns (the states of an action node in :mod:`bpp.loki.modeler.weightnet`).
ACTION_NAMES = ("fold", "call", "raise")



def button_from_first_actor(n_players: int, first: int) -> int:
    """The button of a hand whose first pre-flop actor was ``first`` (the inverse of :func:`first_to_act`).

    >>> [button_from_first_actor(n, first_to_act(n, 1, 0)) for n in (2, 3, 4, 10)]
    [1, 1, 1, 1]
    """
    return first if n_players <= 3 else (first - 3) % n_players


#: The stakes of :class:`holdem.games.LimitHoldem` (a tracker made before any observation was seen).
_LIMIT_STAKES = LimitHoldem().stakes


class ActionRecord(tuple):
    """One action with its context: ``(player, round, bets_to_call, action, to_call, pot, bet_level)``."""

    __slots__ = ()

    player = property(lambda self: self[0])
    round = property(lambda self: self[1])
    bets_to_call = property(lambda self: self[2])
    action = property(lambda self: self[3])
    to_call = property(lambda self: self[4])
    pot = property(lambda self: self[5])
    bet_level = property(lambda self: self[6])


class HandTracker:
    """Replays the public events of a fixed-limit hold'em hand to know each action's context.

    The game's :class:`~holdem.games.base.Stakes` (``stakes``: every observation
    carries them) give the blinds and the bet of each round; the seats come from
    the engine's :func:`~holdem.games.holdem.blind_seats`.  It follows
    :class:`holdem.games.LimitHoldem`'s rules: blinds by the two
    seats left of the button (heads-up the button posts the small blind),
    bets of ``small_bet`` in rounds 0–1 and ``big_bet`` in rounds 2–3.

    >>> from holdem.games.base import Event, Action, ActionKind
    >>> t = HandTracker(n_players=3, button=0)
    >>> rec = t.step(Event("action", 0, Action(ActionKind.BET_RAISE, 4), (), 0))
    >>> (rec.player, rec.bets_to_call, rec.action, rec.pot)
    (0, 1, 2, 3)
    >>> HandTracker(n_players=3, button=3)
    Traceback (most recent call last):
    ...
    ValueError: The 'button' parameter of HandTracker must be an integer in [0, 2]; got 3.
    """

    def __init__(self, n_players: int, button: int, *, stakes: Stakes = _LIMIT_STAKES, features: bool = False):
        self.n = check_int("HandTracker", "n_players", n_players, 2, 10)
        self.button = check_int("HandTracker", "button", button, 0, self.n - 1)
        self.sizes = stakes.bet_sizes
        small_blind, big_blind = stakes.blinds
        n, b = self.n, self.button
        sb, bb = blind_seats(n, b)
        self.committed = [0] * n
        self.committed[sb] = small_blind
        self.committed[bb] = big_blind
        self.high = big_blind
        self.pot = small_blind + big_blind
        self.bet_level = 1
        self.round = 0
        self.folded = [False] * n
        self.n_live = n
        self.to_act = n  # as the engine counts: seats that still have to act this round
        self.board: tuple[int, ...] = ()
        self.records: list[ActionRecord] = []
        self.shown: dict[int, tuple[int, ...]] = {}
        self.last_action: list[int | None] = [None] * n  # each seat's previous action this hand
        self.raised_round: list[int | None] = [None] * n  # the first round each seat bet or raised in
        #: with ``features=True``: the 19 inputs of each record's decision (:func:`context_features`)
        self.features: list[np.ndarray] | None = [] if features else None

    def step(self, event: Event) -> ActionRecord | None:
        """Apply one event; return the :class:`ActionRecord` of an action (else None)."""
        if event.kind == "deal":
            self.round = event.round
            self.board = self.board + tuple(event.cards)
            self.bet_level = 0
            self.to_act = self.n_live
            return None
        if event.kind == "showdown":
            self.shown[event.player] = tuple(event.cards)
            return None
        if event.kind != "action":
            return None
        p = event.player
        size = self.sizes[self.round]
        to_call = self.high - self.committed[p]
        bets = -(-to_call // size)
        assert event.action is not None  # an "action" event carries its action
        kind = event.action.kind
        rec = ActionRecord((p, self.round, bets, int(kind), to_call, self.pot, self.bet_level))
        if self.features is not None:
            self.features.append(context_features(self, p))
        self.last_action[p] = int(kind)
        if kind == ActionKind.BET_RAISE and self.raised_round[p] is None:
            self.raised_round[p] = self.round
        if kind == ActionKind.FOLD:
            self.folded[p] = True
            self.n_live -= 1
            self.to_act -= 1
        elif kind == ActionKind.CHECK_CALL:
            self.pot += to_call
            self.committed[p] = self.high
            self.to_act -= 1
        else:
            self.high += size
            self.pot += self.high - self.committed[p]
            self.committed[p] = self.high
            self.bet_level += 1
            self.to_act = self.n_live - 1
        self.records.append(rec)
        return rec


class HandState:
    """One hand as a player holds it, made once when the hand starts and read by every component.

    Attributes
    ----------
    tracker : HandTracker
        The public game state (the board as integer card codes, ``tracker.board``).
    seat : int
        The player's seat.
    weights : numpy.ndarray of float64, shape (n_players, 1326)
        Every seat's weight table (Billings2002 §6), one row per seat, re-weighted in place all hand.
    streets : dict
        The hand evaluator's street tables (:class:`bpp.loki.evaluator.postflop.StreetTable`) by board: one
        look-up per street, not per decision.
    done : int
        Records of ``tracker.records`` the opponent modeler has applied to ``weights``.
    folded_at : list of bool
        Folds among the records applied so far.
    round_base : dict
        Loki's modeler: seat → (round, its table when the round's first re-weighting came, μ used).

    >>> h = HandState(HandTracker(3, 0), seat=1)
    >>> h.weights.shape, h.done, h.streets
    ((3, 1326), 0, {})
    """

    def __init__(self, tracker: HandTracker, seat: int):
        self.tracker = tracker
        self.seat = int(seat)
        self.weights = np.ones((tracker.n, N_HOLDINGS))
        self.streets: dict = {}
        self.done = 0
        self.folded_at = [False] * tracker.n
        self.round_base: dict = {}

    def board_at(self, round: int) -> tuple[int, ...]:
        """The board as it was in ``round`` (integer card codes; empty pre-flop)."""
        return self.tracker.board[: (0, 3, 4, 5)[round]]


FEATURES = (
    "round_preflop", "round_flop", "round_turn", "round_river",
    "to_call_0", "to_call_1", "to_call_2plus", "bet_level", "active_players", "position",
    "pot_odds", "pot_size", "last_action_raise", "last_action_call", "raised_earlier_round",
    "board_flush_possible", "board_paired", "board_straight_possible", "board_high_cards",
)
N_FEATURES = len(FEATURES)
def board_texture(board: Sequence[int] | NDArray[np.integer]) -> tuple[float, float, float, float]:
    """(flush possible, paired, straight possible, high cards / 5) of a board (card codes rank*4+suit).

    >>> board_texture([48, 44, 40])          # A♣ K♣ Q♣
    (1.0, 0.0, 1.0, 0.6)
    >>> board_texture([])
    (0.0, 0.0, 0.0, 0.0)
    """
    if len(board) == 0:
        return (0.0, 0.0, 0.0, 0.0)
    # per card: its suit's byte (a byte reaches 8 from the third card of a suit on), its rank's bit, ten or higher
    suits = sum(map(_SUIT_BYTE.__getitem__, board))
    ranks = reduce(or_, map(_RANK_BIT.__getitem__, board))
    return (
        1.0 if (suits + 0x05050505) & 0x08080808 else 0.0,
        1.0 if ranks.bit_count() < len(board) else 0.0,
        1.0 if _THREE_IN_FIVE[ranks] else 0.0,
        sum(map(_HIGH_CARD.__getitem__, board)) / 5.0,
    )


_SUIT_BYTE = tuple(1 << 8 * (c & 3) for c in range(52))
_RANK_BIT = tuple(1 << (c >> 2) for c in range(52))  # bits 0 … 12: deuce … ace, as board_textures
_HIGH_CARD = tuple(int(c >> 2 >= 8) for c in range(52))


def board_textures(boards: ArrayLike) -> np.ndarray:
    """:func:`board_texture` of every row of ``boards`` (T, k) at once → (T, 4) float (the simulation's trial boards).

    >>> board_textures(np.array([[48, 44, 40], [0, 1, 5]])).tolist()   # A♣ K♣ Q♣; 2♣ 2♦ 3♦
    [[1.0, 0.0, 1.0, 0.6], [0.0, 1.0, 0.0, 0.0]]
    """
    boards = np.asarray(boards, dtype=np.int64)
    ranks = boards >> 2
    suit_counts = (np.int64(1) << (4 * (boards & 3))).sum(axis=1)  # each suit's count in a 4-bit field (≤ 5 cards)
    flush = ((suit_counts[:, None] >> _SUIT_FIELDS & 15) >= 3).any(axis=1)
    present = np.bitwise_or.reduce(np.int64(1) << ranks, axis=1)  # the ranks present, bit 0 deuce … bit 12 ace
    paired = np.bitwise_count(present) < boards.shape[1]
    high = (ranks >= 8).sum(axis=1) / 5.0
    return np.stack([flush, paired, _THREE_IN_FIVE[present], high], axis=1).astype(np.float64)


def _three_in_five() -> np.ndarray:
    """(8192,) bool: for each set of ranks (bit 0 deuce … bit 12 ace), three within a span of five (the ace also low)."""
    masks = np.arange(1 << 13)
    present = (masks[:, None] >> np.arange(13)) & 1
    present = np.concatenate([present[:, 12:], present], axis=1)  # index 0: the ace playing low
    window = np.cumsum(np.concatenate([np.zeros((masks.size, 1), np.int64), present], axis=1), axis=1)
    return ((window[:, 5:] - window[:, :-5]) >= 3).any(axis=1)


_SUIT_FIELDS = np.arange(0, 16, 4)
_THREE_IN_FIVE = _three_in_five()


def context_features(tracker: HandTracker, player: int) -> np.ndarray:
    """The 19 inputs (:data:`FEATURES`) of ``player``'s decision in the tracker's current state, float64 (19,).

    ``tracker`` is a :class:`HandTracker` before the action
    is applied (it calls this from :meth:`HandTracker.step`).
    """
    r = tracker.round
    size = tracker.sizes[r]
    to_call = tracker.high - tracker.committed[player]
    bets = min(-(-to_call // size), 2)
    last = tracker.last_action[player]
    raised = tracker.raised_round[player]
    return np.array(
        _ROUND_ONE_HOT[r] + _BETS_ONE_HOT[bets] + (
            min(tracker.bet_level, 4) / 4.0,
            (tracker.n_live - 1) / 9.0,
            _position(tracker, player),
            to_call / (tracker.pot + to_call) if to_call > 0 else 0.0,
            min(tracker.pot / (2.0 * tracker.sizes[0]) / 20.0, 1.0),
            1.0 if last == RAISE else 0.0,
            1.0 if last == CALL else 0.0,
            1.0 if raised is not None and raised < r else 0.0,
        ) + board_texture(tracker.board),
        dtype=np.float64,
    )  # (all Python floats: one conversion)


_ROUND_ONE_HOT = tuple(tuple(float(i == r) for i in range(4)) for r in range(4))
_BETS_ONE_HOT = tuple(tuple(float(i == b) for i in range(3)) for b in range(3))


def _position(tracker, player: int) -> float:
    """Share of the other active players seated after ``player`` in this round's acting order (as :func:`bpp.loki.selector.betting.betting_context`)."""
    n = tracker.n
    first = first_to_act(n, tracker.button, tracker.round)
    mine = (player - first) % n
    folded = tracker.folded
    behind = (folded[first:] + folded[:first])[mine + 1 :].count(False)  # the seats in acting order after ours
    return behind / max(tracker.n_live - 1, 1)

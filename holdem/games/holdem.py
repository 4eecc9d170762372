"""Texas hold'em: fixed-limit (2-10 seats) and heads-up no-limit in the ACPC convention.

Cards (both games)
    Hold'em as described in Billings1998 §2 and Kendall2001 §2: two private *hole*
    cards each, a betting round, three community cards (the *flop*), a round,
    one more (the *turn*), a round, a last one (the *river*), a final round,
    then the best five-card hand out of hole cards and board wins; ties split
    the pot.  From the deal permutation, the seat at position ``i`` (``i`` = 0
    left of the button … ``n - 1`` the button) gets ``deal[i]`` and
    ``deal[n + i]`` (one card at a time round the table from the left of the
    button, as a dealer does); the board is ``deal[2n : 2n + 5]`` (no burn
    cards: they change nothing when the deal is a uniform permutation).

Betting rounds are numbered 0 (pre-flop), 1 (flop), 2 (turn), 3 (river).

>>> import numpy as np
>>> game = LimitHoldem()
>>> state = game.new_hand(np.arange(52), button=0)
>>> state.current_player, state.legal_actions()
(0, [Action(kind=<ActionKind.FOLD: 0>, amount=0, discard=()), Action(kind=<ActionKind.CHECK_CALL: 1>, amount=0, discard=()), Action(kind=<ActionKind.BET_RAISE: 2>, amount=4, discard=())])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from numpy.typing import ArrayLike, NDArray

from holdem.evaluate import evaluate
from holdem.games._engine import (
    FixedLimitState,
    SizedState,
    _tnew,
    check_int,
    clean_button,
    clean_deal,
    clean_ranks,
)
from holdem.games._engine import _State
from holdem.games.base import Event, Stakes

__all__ = ["LimitHoldem", "LimitHoldemState", "NoLimitHoldem", "NoLimitHoldemState"]

_BOARD_COUNT = (0, 3, 4, 5)


if TYPE_CHECKING:
    _CardsBase = _State
else:
    _CardsBase = object


class _HoldemCards(_CardsBase):  # the type checker reads it as the state it is mixed into
    """Where each seat's cards come from, and the board events (shared by both hold'em states)."""

    __slots__ = ()

    def _hole(self, player: int) -> tuple[int, ...]:
        return self._holes[player]  # type: ignore[index]  # dealt in __init__

    def _deal_holes(self) -> None:
        """Every seat's two hole cards, by seat (position ``i`` gets ``deal[i]`` and ``deal[n + i]``)."""
        n, b, deal = self.n, self.button, self.deal
        holes: list[tuple[int, int]] = [None] * n  # type: ignore[list-item]  # every seat is filled below
        seat = b
        for i in range(n):
            seat += 1
            if seat == n:
                seat = 0
            holes[seat] = (deal[i], deal[n + i])
        self._holes = tuple(holes)

    def _deal_round(self, r: int) -> None:
        b0 = 2 * self.n
        cards = self.deal[b0 + _BOARD_COUNT[r - 1] : b0 + _BOARD_COUNT[r]]
        self._pub = self.deal[b0 : b0 + _BOARD_COUNT[r]]
        self.history.append(_tnew(Event, ("deal", -1, None, cards, r)))

    def _final_cards(self, player: int) -> tuple[int, ...]:
        b0 = 2 * self.n
        return self._hole(player) + self.deal[b0 : b0 + 5]

    def _shown(self, player: int) -> tuple[int, ...]:
        return self._hole(player)

    def _first_actor(self, r: int) -> int:
        # after the flop the first seat left of the button still in acts first
        # (heads-up that is the big blind: Lisy2017 §2 "the first player now starts")
        return self._next_actor(self.button)

    def _post_blinds(self, small_blind: int, big_blind: int) -> tuple[int, int]:
        """Post the blinds; return the (small blind, big blind) seats.

        Heads-up the button posts the small blind and the other seat the big
        blind (Lisy2017 §2; the standard heads-up rule);
        with three or more seats the two seats left of the button post them.
        """
        sb, bb = blind_seats(self.n, self.button)
        committed = self._committed
        committed[sb] = self._bets[sb] = small_blind
        committed[bb] = self._bets[bb] = big_blind
        self._pot = small_blind + big_blind
        self._high = big_blind
        return sb, bb


def blind_seats(n_players: int, button: int) -> tuple[int, int]:
    """(small blind, big blind) seats: heads-up the button posts the small blind, else the two seats left of it.

    The seat roles of both hold'em games (Lisy2017 §2 and the standard heads-up rule), for agents that track a hand.

    >>> blind_seats(2, 0), blind_seats(3, 0), blind_seats(6, 4)
    ((0, 1), (1, 2), (5, 0))
    """
    if n_players == 2:
        return button, (button + 1) % 2
    return (button + 1) % n_players, (button + 2) % n_players


def first_to_act(n_players: int, button: int, round: int) -> int:
    """The seat that acts first in a betting round of hold'em (before folded seats are skipped).

    Pre-flop the seat left of the big blind (heads-up that is the button, the
    small blind); after the flop the seat left of the button (heads-up the big blind).

    >>> first_to_act(2, 0, 0), first_to_act(2, 0, 1), first_to_act(3, 0, 0), first_to_act(10, 0, 0)
    (0, 1, 0, 3)
    """
    if round == 0:
        return (blind_seats(n_players, button)[1] + 1) % n_players
    return (button + 1) % n_players


def _holdem_index(n: int) -> NDArray[np.intp]:
    """``idx[button, seat]`` = the 7 deal positions of that seat's hole cards and board."""
    idx = np.empty((n, n, 7), dtype=np.intp)
    for b in range(n):
        for s in range(n):
            i = (s - b - 1) % n
            idx[b, s] = [i, n + i, 2 * n, 2 * n + 1, 2 * n + 2, 2 * n + 3, 2 * n + 4]
    return idx


def _gather(deals: ArrayLike, buttons: ArrayLike, n: int, idx: NDArray[np.intp], owner: str) -> NDArray[Any]:
    deals = np.asarray(deals)
    if deals.ndim != 2 or deals.shape[1] != 52 or deals.dtype.kind not in "iu":
        raise ValueError(
            f"The 'deals' parameter of {owner}.showdown_cards must be an integer array of shape (n_deals, 52); "
            f"got shape {deals.shape}."
        )
    buttons = np.broadcast_to(np.asarray(buttons), (deals.shape[0],))
    if buttons.size and (buttons.min() < 0 or buttons.max() >= n):
        raise ValueError(
            f"The 'buttons' parameter of {owner}.showdown_cards must hold seats in [0, {n - 1}]; got {buttons!r}."
        )
    out = np.empty((deals.shape[0],) + idx.shape[1:], dtype=deals.dtype)
    for b in range(n):  # one column gather per button seat: a few times faster than one 3-d fancy index
        at = buttons == b
        out[at] = deals[at][:, idx[b]]
    return out


class _HoldemGame:
    """Vectorized showdowns shared by the hold'em games."""

    if TYPE_CHECKING:
        @property
        def n_players(self) -> int: ...

    @property
    def deal_cards(self) -> int:
        """How many cards off the top of a deal the rules can read: two hole cards a seat and the board.

        A match shuffles only these (:func:`holdem.match.runner.block_deals`).

        >>> LimitHoldem().deal_cards, LimitHoldem(n_players=6).deal_cards
        (9, 17)
        """
        return 2 * self.n_players + 5

    def showdown_cards(self, deals: ArrayLike, buttons: ArrayLike) -> NDArray[Any]:
        """Every seat's seven cards (2 hole + 5 board) for a block of deals.

        Parameters
        ----------
        deals : int array, shape (n_deals, 52)
            Deck permutations.
        buttons : int or int array, shape (n_deals,)
            The button seat of each hand.

        Returns
        -------
        numpy.ndarray, shape (n_deals, n_players, 7), the deals' dtype
            Row ``[d, seat]`` is that seat's hole cards then the board.

        >>> import numpy as np
        >>> LimitHoldem().showdown_cards(np.arange(52)[None], 0)[0]
        array([[1, 3, 4, 5, 6, 7, 8],
               [0, 2, 4, 5, 6, 7, 8]])
        """
        return _gather(deals, buttons, self.n_players, _holdem_index(self.n_players), type(self).__name__)

    def showdown_ranks(self, deals: ArrayLike, buttons: ArrayLike) -> NDArray[Any]:
        """``holdem.evaluate.evaluate`` of :meth:`showdown_cards`: shape (n_deals, n_players), ready for ``new_hand(ranks=...)``."""
        return evaluate(self.showdown_cards(deals, buttons))


# ---------------------------------------------------------------- fixed limit


@dataclass(frozen=True)
class LimitHoldem(_HoldemGame):
    """Fixed-limit Texas hold'em for 2-10 seats (Billings1998 §2; Billings2002 §2).

    Rules
        * Blinds: the two seats left of the button post ``small_blind`` and
          ``big_blind``; heads-up the button posts the small blind, acts first
          pre-flop and last after the flop (the standard heads-up rule).
          Pre-flop action starts left of the big blind; later rounds start at
          the first seat still in left of the button.
        * Bet sizes: "In the first and second betting rounds (pre-flop and
          flop), all bets and raises are $10, while in rounds three and four
          (turn and river), they are $20" (Billings1998 §2): ``small_bet`` and ``big_bet``.
          A raise makes the bet ``current bet + size``.
        * Raise cap: Billings1998 §2 says "There is usually a maximum of three raises
          allowed per betting round".  We read it as *a bet and three raises*
          (four bets) — the standard cardroom cap and the ACPC limit game's
          ``maxRaises = 3 4 4 4`` — so at most ``max_raises + 1`` bets per
          round, the big blind counting as the first bet pre-flop.
        * Fold is legal only when facing a bet (checking dominates it; ACPC and
          pokerkit agree).
        * The button moves every hand: the runner passes ``button``.
        * No stacks: limit play with unlimited chips, as in the papers.  The
          state reports ``stacks`` as ``starting_stack - committed`` where
          ``starting_stack`` is the most one seat can put in under the caps,
          so they never bind.

    Results are in small bets (``unit = "sb"``, ``unit_chips = small_bet``).

    >>> LimitHoldem(n_players=11)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_players' parameter of LimitHoldem must be an integer in [2, 10]; got 11.
    """

    n_players: int = 2
    small_blind: int = 1
    big_blind: int = 2
    small_bet: int = 2
    big_bet: int = 4
    max_raises: int = 3

    name: ClassVar[str] = "limit-holdem"
    unit: ClassVar[str] = "sb"

    def __post_init__(self) -> None:
        check_int("LimitHoldem", "n_players", self.n_players, 2, 10)
        check_int("LimitHoldem", "small_blind", self.small_blind, 0)
        check_int("LimitHoldem", "big_blind", self.big_blind, max(1, self.small_blind))
        check_int("LimitHoldem", "small_bet", self.small_bet, 1)
        check_int("LimitHoldem", "big_bet", self.big_bet, 1)
        check_int("LimitHoldem", "max_raises", self.max_raises, 0)

    @property
    def unit_chips(self) -> int:
        return self.small_bet

    @cached_property
    def stakes(self) -> Stakes:
        """The game's :class:`~holdem.games.base.Stakes` (every observation carries them)."""
        return Stakes(0, (self.small_blind, self.big_blind), (self.small_bet, self.small_bet, self.big_bet, self.big_bet),
                      self.max_raises, self.starting_stack, self.unit_chips)

    @property
    def starting_stack(self) -> int:
        """The most one seat can put in one hand under the caps (never binds)."""
        cap = self.max_raises + 1
        return self.big_blind + self.max_raises * self.small_bet + cap * (self.small_bet + 2 * self.big_bet)

    def _new_hand_trusted(self, deal: tuple[int, ...], button: int, ranks: tuple[int, ...] | None) -> "LimitHoldemState":
        """:meth:`new_hand` without its checks (the match runner's fast path).

        ``deal`` a tuple of the 52 distinct Python ints, ``button`` a seat,
        ``ranks`` a tuple of Python ints or ``None``: anything else breaks the state.
        """
        return LimitHoldemState(self, deal, button, ranks)

    def new_hand(self, deal: ArrayLike, *, button: int = 0, ranks: ArrayLike | None = None) -> "LimitHoldemState":
        """Start a hand: ``deal`` a permutation of ``range(52)``; ``ranks`` optional per-seat final-hand ranks.

        ``ranks`` (shape ``(n_players,)``, as :meth:`showdown_ranks` gives one
        row of) spares the state evaluating hands at showdown.

        >>> LimitHoldem().new_hand(list(range(51)))
        Traceback (most recent call last):
        ...
        ValueError: The 'deal' parameter of LimitHoldem.new_hand must be a permutation of range(52); got 51 cards.
        """
        return LimitHoldemState(
            self,
            clean_deal(deal, "LimitHoldem"),
            clean_button(button, self.n_players, "LimitHoldem"),
            clean_ranks(ranks, self.n_players, "LimitHoldem"),
        )


class LimitHoldemState(_HoldemCards, FixedLimitState):
    """A hand of :class:`LimitHoldem` in progress (build it with ``LimitHoldem.new_hand``)."""

    __slots__ = ()

    def __init__(self, game: LimitHoldem, deal: tuple[int, ...], button: int, ranks: tuple[int, ...] | None) -> None:
        self._init_common(game, deal, button, ranks)
        self._deal_holes()
        self._sizes = (game.small_bet, game.small_bet, game.big_bet, game.big_bet)
        self._size = game.small_bet
        self._cap = game.max_raises + 1
        self._n_bets = 1  # the big blind is the first bet of the pre-flop round
        self._to_act = self.n
        _, bb = self._post_blinds(game.small_blind, game.big_blind)
        start = game.starting_stack
        self._stacks = [start - c for c in self._committed]
        self.current_player = self._next_actor(bb)


# ---------------------------------------------------------------- no limit


@dataclass(frozen=True)
class NoLimitHoldem(_HoldemGame):
    """Heads-up no-limit Texas hold'em in the ACPC convention (Lisy2017 §2 and the Annual Computer Poker Competition's rules).

    Rules
        * Stacks of ``stack`` chips (20,000 = 200 big blinds) reset every hand;
          blinds ``small_blind``/``big_blind`` (50/100).  "The first player
          enters a big blind into the pot; the second player enters half of
          that size ... The second player then starts the first round of
          betting ... the first player now starts" every later round (Lisy2017 §2):
          the button posts the small blind, acts first pre-flop and last after.
        * Raises are *raise-to* amounts: ``Action(BET_RAISE, amount)`` leaves
          the raiser with ``amount`` chips in the pot for the hand, blinds and
          earlier rounds included — ``r300`` in an ACPC ``STATE:`` line.
        * Minimum raise: the raise-to total must exceed the current bet by at
          least the previous bet or raise increment of this round, and by at
          least the big blind (the ACPC rule); so pre-flop the least raise is
          to 200, and the least opening bet after the flop is 100 more.
        * All-in (raise to ``stack``) is always allowed, even when it is less
          than a minimum raise; a seat with no more than the call behind can
          only call (all-in) or fold.
        * When a seat is all-in and the other has called, the remaining board
          is dealt without betting.
        * Fold is legal only when facing a bet.
        * Players alternate positions: the runner passes ``button``.

    ``legal_actions()`` lists fold, call, the minimum raise and all-in;
    ``raise_bounds()`` gives ``(min_to, max_to)`` and any total in between is
    legal.  Results are in big blinds (``unit = "bb"``, ``unit_chips = big_blind``).
    """

    small_blind: int = 50
    big_blind: int = 100
    stack: int = 20_000

    n_players: ClassVar[int] = 2
    name: ClassVar[str] = "nolimit-holdem"
    unit: ClassVar[str] = "bb"

    def __post_init__(self) -> None:
        check_int("NoLimitHoldem", "small_blind", self.small_blind, 0)
        check_int("NoLimitHoldem", "big_blind", self.big_blind, max(1, self.small_blind))
        check_int("NoLimitHoldem", "stack", self.stack, self.big_blind + 1)

    @property
    def unit_chips(self) -> int:
        return self.big_blind

    @cached_property
    def stakes(self) -> Stakes:
        """The game's :class:`~holdem.games.base.Stakes` (every observation carries them)."""
        return Stakes(0, (self.small_blind, self.big_blind), (), None, self.stack, self.unit_chips)

    @property
    def starting_stack(self) -> int:
        return self.stack

    def _new_hand_trusted(self, deal: tuple[int, ...], button: int, ranks: tuple[int, ...] | None) -> "NoLimitHoldemState":
        """:meth:`new_hand` without its checks (the match runner's fast path).

        ``deal`` a tuple of the 52 distinct Python ints, ``button`` a seat,
        ``ranks`` a tuple of Python ints or ``None``: anything else breaks the state.
        """
        return NoLimitHoldemState(self, deal, button, ranks)

    def new_hand(self, deal: ArrayLike, *, button: int = 0, ranks: ArrayLike | None = None) -> "NoLimitHoldemState":
        """Start a hand (see :meth:`LimitHoldem.new_hand`)."""
        return NoLimitHoldemState(
            self,
            clean_deal(deal, "NoLimitHoldem"),
            clean_button(button, 2, "NoLimitHoldem"),
            clean_ranks(ranks, 2, "NoLimitHoldem"),
        )


class NoLimitHoldemState(_HoldemCards, SizedState):
    """A hand of :class:`NoLimitHoldem` in progress (build it with ``NoLimitHoldem.new_hand``)."""

    __slots__ = ("_bb",)

    def __init__(self, game: NoLimitHoldem, deal: tuple[int, ...], button: int, ranks: tuple[int, ...] | None) -> None:
        self._init_common(game, deal, button, ranks)
        self._deal_holes()
        self._bb = game.big_blind
        self._max_increment = None
        self._max_orbits = None
        self._acts = None
        self._allin = [False, False]
        sb, bb = self._post_blinds(game.small_blind, game.big_blind)
        self._stacks = [game.stack - c for c in self._committed]
        self._last_inc = game.big_blind
        self._n_active = 2
        self._to_act = 2
        self.current_player = self._next_actor(bb)

    def _min_increment(self) -> int:
        return self._last_inc if self._last_inc > self._bb else self._bb

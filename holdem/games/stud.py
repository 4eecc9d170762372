"""Five-card stud, the game of the Bayesian Poker Program (Korb1999 §2.1).

"After an ante (an initial fixed-size bet), players are dealt a sequence of
five cards, the first down (hidden) and the remainder up (available for
scrutiny by other players).  Players bet after each up card is dealt, in a
clockwise fashion, beginning with the best hand showing.  The first
player(s) may PASS ... Bets may be CALLED (matched) or RAISED, with up to
three raises per round.  Alternatively, a player facing a bet may FOLD ...
After the final betting round, among the remaining players the one with the
strongest hand wins in a showdown" (Korb1999 §2.1).

Cards: the seat at position ``i`` (0 = left of the button) gets the down card
``deal[i]`` and its ``j``-th up card (``j`` = 0..3) ``deal[n * (j + 1) + i]``,
one round of cards at a time from the left of the button.  Betting rounds
0-3 follow the first to fourth up card.

>>> import numpy as np
>>> state = Stud5().new_hand(np.arange(52))
>>> state.observation(0).up_cards     # seat 0 shows 2s, seat 1 shows 2h
((3,), (2,))
>>> state.current_player              # equal showings: the seat left of the button acts first
1
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from collections.abc import Iterable
from typing import Any, ClassVar, cast

import numpy as np
from numpy.typing import ArrayLike, NDArray

from holdem.evaluate import evaluate
from holdem.games._engine import (
    FixedLimitState,
    TableStakesMixin,
    _tnew,
    check_int,
    clean_button,
    clean_deal,
    clean_ranks,
)
from holdem.games.base import Event, Stakes
from holdem.games.holdem import _gather

__all__ = ["Stud5", "Stud5State", "Stud5StakesState", "showing_key"]


def showing_key(cards: Iterable[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Order of up cards as a partial poker hand (higher = better showing).

    Only pairs, two pairs, trips and quads count on the board with fewer than
    five cards (a four-card straight or flush is just high cards), then the
    ranks, high to low — the standard stud rule for who is "high on board".

    >>> from holdem.cards import parse_cards
    >>> showing_key(parse_cards("5c 5d 3h 3s")) > showing_key(parse_cards("Ks Kh Ad"))
    True
    >>> showing_key(parse_cards("Ac 2d")) > showing_key(parse_cards("Kd Qh"))
    True
    """
    ranks = sorted((int(c) >> 2 for c in cards), reverse=True)
    groups = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    return (tuple(g[0] for g in groups), tuple(g[1] for g in groups))


@dataclass(frozen=True)
class Stud5:
    """Five-card stud for 2-8 seats (Korb1999 §2.1); the paper's BPP plays it heads-up, ``bpp-multi`` at a table (§6.2).

    Rules
        * Every seat antes ``ante``; one down card and one up card, a betting
          round, then three more up cards each followed by a betting round
          (four rounds in all; Korb1999 §2.1).
        * The seat with the best hand showing acts first in each round
          (Korb1999 §2.1: "beginning with the best hand showing"), ranked by
          :func:`showing_key`.  Equal showings: the seat nearest the left of
          the button acts first (the standard stud rule for equal high hands;
          suits never break the tie).  Folded seats are skipped.
        * Pass (check) / bet / call / raise / fold at a fixed bet size ``bet``
          in every round; "up to three raises per round" (Korb1999 §2.1), read as
          a bet and ``max_raises`` raises (``max_raises + 1`` bets per round),
          the same reading as :class:`~holdem.games.LimitHoldem`.  No bring-in
          (the paper has none).  Fold only when facing a bet.
        * ``stacks=None`` (the default, the paper's heads-up game): no stacks
          (reported ``stacks`` never bind, see ``starting_stack``).
        * ``stacks`` an int (every seat) or one int per seat: table stakes
          (Korb1999 §6.2: "any player may bet or raise as much money as is
          jointly available at the time to that player and any remaining
          opponent"), read as the standard casino table-stakes rule of limit
          games: the bets stay fixed-limit; a seat short of the ante, call or
          bet goes all-in for what it has and side pots form for the rest; an
          all-in raise for less than a full bet does not reopen the betting for
          seats that already acted nor count towards the cap; all-in seats stop
          acting, and once at most one seat can act the remaining up cards are
          dealt to the showdown (the first actor of a round is the best showing
          that can still act, else the next such seat clockwise).  The
          alternative reading, bets sized up to the joint stacks
          (pot-limit-style), would change the game BPP plays (its bets are of
          one fixed unit, Korb1999 §2.2), so it is not taken.  Each hand
          starts from these stacks (seat ``i`` gets ``stacks[i]``).

    Results are in betting units: one unit is one bet (``unit_chips = bet``),
    BPP's betting unit ``u`` (Korb1999 §2.2, eq. 5).

    >>> Stud5(n_players=9)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_players' parameter of Stud5 must be an integer in [2, 8]; got 9.
    """

    n_players: int = 2
    ante: int = 1
    bet: int = 2
    max_raises: int = 3
    stacks: int | tuple[int, ...] | None = None

    name: ClassVar[str] = "stud5"
    unit: ClassVar[str] = "units"

    def __post_init__(self) -> None:
        check_int("Stud5", "n_players", self.n_players, 2, 8)
        check_int("Stud5", "ante", self.ante, 0)
        check_int("Stud5", "bet", self.bet, 1)
        check_int("Stud5", "max_raises", self.max_raises, 0)
        stacks = self.stacks
        if stacks is None:
            return
        if isinstance(stacks, (int, np.integer)) and not isinstance(stacks, bool):
            check_int("Stud5", "stacks", stacks, 1)
            object.__setattr__(self, "stacks", int(stacks))
            return
        try:
            seats: tuple[Any, ...] | None = tuple(cast("Iterable[Any]", stacks))
        except TypeError:
            seats = None
        ok = (
            seats is not None
            and len(seats) == self.n_players
            and all(isinstance(s, (int, np.integer)) and not isinstance(s, bool) and s >= 1 for s in seats)
        )
        if not ok or seats is None:
            raise ValueError(
                f"The 'stacks' parameter of Stud5 must be None, an integer >= 1 or {self.n_players} integers >= 1 "
                f"(one per seat); got {stacks!r}."
            )
        object.__setattr__(self, "stacks", tuple(int(s) for s in seats))

    def __repr__(self) -> str:
        text = f"Stud5(n_players={self.n_players}, ante={self.ante}, bet={self.bet}, max_raises={self.max_raises}"
        return text + (")" if self.stacks is None else f", stacks={self.stacks!r})")

    @property
    def seat_stacks(self) -> tuple[int, ...] | None:
        """Each seat's chips at the start of a hand (``None``: no stacks).

        >>> Stud5(n_players=3, stacks=20).seat_stacks
        (20, 20, 20)
        """
        if self.stacks is None:
            return None
        if isinstance(self.stacks, int):
            return (self.stacks,) * self.n_players
        return self.stacks

    @property
    def unit_chips(self) -> int:
        return self.bet

    @cached_property
    def stakes(self) -> Stakes:
        """The game's :class:`~holdem.games.base.Stakes` (every observation carries them)."""
        return Stakes(self.ante, (), (self.bet,) * 4, self.max_raises, self.starting_stack, self.unit_chips)

    @property
    def starting_stack(self) -> int:
        """The most one seat can put in one hand under the caps (never binds), or the largest of ``stacks``."""
        seats = self.seat_stacks
        if seats is not None:
            return max(seats)
        return self.ante + 4 * (self.max_raises + 1) * self.bet

    def _new_hand_trusted(self, deal: tuple[int, ...], button: int, ranks: tuple[int, ...] | None) -> "Stud5State":
        """:meth:`new_hand` without its checks (the match runner's fast path).

        ``deal`` a tuple of the 52 distinct Python ints, ``button`` a seat,
        ``ranks`` a tuple of Python ints or ``None``: anything else breaks the state.
        """
        if self.stacks is not None:
            return Stud5StakesState(self, deal, button, ranks)
        return Stud5State(self, deal, button, ranks)

    def new_hand(self, deal: ArrayLike, *, button: int = 0, ranks: ArrayLike | None = None) -> "Stud5State":
        """Start a hand (see :meth:`holdem.games.LimitHoldem.new_hand`)."""
        return (Stud5State if self.stacks is None else Stud5StakesState)(
            self,
            clean_deal(deal, "Stud5"),
            clean_button(button, self.n_players, "Stud5"),
            clean_ranks(ranks, self.n_players, "Stud5"),
        )

    @property
    def deal_cards(self) -> int:
        """How many cards off the top of a deal the rules can read: five a seat.

        >>> Stud5(n_players=3).deal_cards
        15
        """
        return 5 * self.n_players

    def showdown_cards(self, deals: ArrayLike, buttons: ArrayLike) -> NDArray[Any]:
        """Every seat's five cards (down card first) for a block of deals: shape (n_deals, n_players, 5).

        >>> import numpy as np
        >>> Stud5().showdown_cards(np.arange(52)[None], 1)[0]
        array([[0, 2, 4, 6, 8],
               [1, 3, 5, 7, 9]])
        """
        n = self.n_players
        idx = np.empty((n, n, 5), dtype=np.intp)
        for b in range(n):
            for s in range(n):
                i = (s - b - 1) % n
                idx[b, s] = [i + n * j for j in range(5)]
        return _gather(deals, buttons, n, idx, "Stud5")

    def showdown_ranks(self, deals: ArrayLike, buttons: ArrayLike) -> NDArray[Any]:
        """``holdem.evaluate.evaluate`` of :meth:`showdown_cards`: shape (n_deals, n_players)."""
        return evaluate(self.showdown_cards(deals, buttons))


class Stud5State(FixedLimitState):
    """A hand of :class:`Stud5` in progress (build it with ``Stud5.new_hand``)."""

    __slots__ = ("_codes",)
    _LIST_SLOTS = FixedLimitState._LIST_SLOTS + ("_codes",)

    def __init__(self, game: Stud5, deal: tuple[int, ...], button: int, ranks: tuple[int, ...] | None) -> None:
        self._init_common(game, deal, button, ranks)
        n = self.n
        self._holes = tuple([(deal[(p - button - 1) % n],) for p in range(n)])
        self._sizes = (game.bet,) * 4
        self._size = game.bet
        self._cap = game.max_raises + 1
        self._n_bets = 0
        self._to_act = n
        self._committed = [game.ante] * n
        self._stacks = [game.starting_stack - game.ante] * n
        self._pot = n * game.ante
        self._high = game.ante
        self._codes = [0] * n  # each seat's up cards as a multiset of ranks (see _show_key)
        self.current_player = self._deal_up(0)

    def _up(self, player: int, count: int) -> tuple[int, ...]:
        i = (player - self.button - 1) % self.n
        n, deal = self.n, self.deal
        return tuple([deal[n * (j + 1) + i] for j in range(count)])

    def _deal_round(self, r: int) -> None:
        self._deal_up(r)

    def _deal_up(self, r: int) -> int:
        """Deal round ``r``'s up card to every seat still in; return the seat with the best showing.

        Equal showings go to the seat nearest the left of the button (the
        first met here), as :meth:`_first_actor` reads them.
        """
        n, deal = self.n, self.deal
        append = self.history.append
        folded = self._folded
        codes = self._codes
        events = _UP_EVENTS[r]
        ups: list[tuple[int, ...]] = list(self._ups) if r else [()] * n
        base = n * (r + 1)
        top = base + n
        seat = self.button
        best_key = -1
        best = -1
        for i in range(n):
            seat += 1
            if seat == n:
                seat = 0
            if not folded[seat]:
                card = deal[base + i]
                ups[seat] = deal[n + i : top : n]  # position i's up cards: deal[n * (j + 1) + i], j = 0..r
                append(events[seat][card])
                code = codes[seat] = codes[seat] + _POW5[card]
                key = _SHOW_KEYS.get(code)
                if key is None:
                    key = _SHOW_KEYS[code] = _show_key(code)
                if key > best_key:
                    best_key, best = key, seat
        self._ups = tuple(ups)
        return best

    def _start_round(self, r: int) -> int:
        return self._deal_up(r)

    def _first_actor(self, r: int) -> int:
        n = self.n
        folded = self._folded
        codes = self._codes
        best_key = -1
        best = -1
        seat = self.button
        for _ in range(n):  # from the left of the button: equal showings go to the first
            seat += 1
            if seat == n:
                seat = 0
            if not folded[seat]:
                key = _SHOW_KEYS[codes[seat]]
                if key > best_key:
                    best_key, best = key, seat
        return best

    def _hole(self, player: int) -> tuple[int, ...]:
        return self._holes[player]  # type: ignore[index]  # dealt in __init__

    def _final_cards(self, player: int) -> tuple[int, ...]:
        return self._hole(player) + self._up(player, 4)

    def _shown(self, player: int) -> tuple[int, ...]:
        return self._hole(player)


class Stud5StakesState(TableStakesMixin, Stud5State):
    """A hand of :class:`Stud5` at table stakes (``Stud5(stacks=...)``; the rules: :class:`TableStakesMixin`)."""

    __slots__ = ("_allin", "_n_active", "_acted", "_n_full")
    _LIST_SLOTS = Stud5State._LIST_SLOTS + ("_allin", "_acted")

    def __init__(self, game: Stud5, deal: tuple[int, ...], button: int, ranks: tuple[int, ...] | None) -> None:
        Stud5State.__init__(self, game, deal, button, ranks)
        self._init_stakes(game.seat_stacks)  # type: ignore[arg-type]  # a stakes state: the game has stacks
        self._first_of(self.current_player)


#: 5 ** rank of each card: a seat's up cards (at most four, so at most four of a rank) as the
#: sum of these is a base-5 number whose digit ``r`` counts the cards of rank ``r``
_POW5 = tuple(5 ** (c >> 2) for c in range(52))
#: the up-card events by [round][seat][card] (events are immutable and shared)
_UP_EVENTS = tuple(
    tuple(tuple(_tnew(Event, ("deal", seat, None, (card,), r)) for card in range(52)) for seat in range(8))
    for r in range(4)
)
#: showing strength (an int, higher = better) by that multiset code; at most 2,379 entries
_SHOW_KEYS: dict[int, int] = {}


def _show_key(code: int) -> int:
    """:func:`showing_key` of the up cards with multiset ``code``, as an int that orders showings of as many cards.

    The counts (padded with zeros to four, base 5) then the ranks (base 13)
    of ``showing_key``'s two tuples: among showings of equally many cards the
    ints compare as the tuples do (zero padding never reorders tuples of
    equal sum; equal count tuples have equally many ranks).

    >>> from holdem.cards import parse_cards
    >>> code = lambda text: sum(_POW5[c] for c in parse_cards(text).tolist())
    >>> _show_key(code("5c 5d 3h 3s")) > _show_key(code("Ks Kh Ad Qc"))
    True
    >>> _show_key(code("Ac 2d")) > _show_key(code("Kd Qh"))
    True
    """
    cards = []
    for rank in range(13):
        cards += [4 * rank] * ((code // 5**rank) % 5)
    counts, ranks = showing_key(cards)
    key = 0
    for i in range(4):
        key = key * 5 + (counts[i] if i < len(counts) else 0)
    for i in range(4):
        key = key * 13 + (ranks[i] if i < len(ranks) else 0)
    return key

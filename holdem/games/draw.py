"""Five-card draw, the game of Kendall and Willdig's adaptive player (Kendall2001 §2-3).

"At the start of each hand each player places an ante of one unit into the
pot.  There will be two rounds of betting.  Each round will pass around the
table a maximum of three times, unless every player except one decides to
fold, or all players call" (Kendall2001 §3); between the rounds "the players are
dealt five cards and, after a round of betting, are allowed to trade two
cards before a final round of betting" (Kendall2001 §2).

Rounds: 0 the first betting round, 1 the draw, 2 the final betting round
(the paper's "1st Round" and "2nd Round" strategy tables are rounds 0 and 2).

Cards: the seat at position ``i`` (0 = left of the button) gets
``deal[n * j + i]`` for ``j`` = 0..4 (one card at a time round the table);
replacement cards come from ``deal[5n:]`` in order, to the seats in drawing
order (left of the button first).  The deal must therefore hold
``n * (5 + max_draw)`` cards (the discards are never reshuffled).

Showdowns: the final hands depend on the discards, so
:meth:`Draw5.showdown_cards` cannot know them from the deal: it returns
``None`` and the state evaluates the live hands itself at the showdown
(with the same rank tables, in plain Python: for a handful of hands that
beats a numpy call).

>>> import numpy as np
>>> from holdem.games.base import STAND_PAT
>>> state = Draw5().new_hand(np.arange(52))
>>> for _ in range(5):
...     _ = state.apply(state.legal_actions()[0])     # everyone checks
>>> state.round, len(state.legal_actions())       # the draw: 1 + 5 + 10 discards
(1, 16)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from numpy.typing import ArrayLike

from holdem.games._engine import SizedState, _tnew, check_int, clean_button, clean_deal
from holdem.games.base import Action, ActionKind, Event, Stakes

__all__ = ["Draw5", "Draw5State"]

_DISCARD = ActionKind.DISCARD


def _public_draw(k: int) -> Action:
    return _tnew(Action, (_DISCARD, k, ()))


_PUBLIC_DRAWS = tuple(_public_draw(k) for k in range(6))
#: ``Action(DISCARD, discard=cards)`` by ``cards`` (the engine reuses its action objects)
_DISCARDS: dict[tuple[int, ...], Action] = {}


def _discard_action(cards: tuple[int, ...]) -> Action:
    action = _tnew(Action, (_DISCARD, 0, cards))
    if len(_DISCARDS) < 1 << 16:  # 2,705 entries for two-card draws; bounded for larger max_draw
        _DISCARDS[cards] = action
    return action


@dataclass(frozen=True)
class Draw5:
    """Five-card draw with antes, two betting rounds and one draw (Kendall2001 §2-3).

    Rules
        * Every seat antes ``ante`` (Kendall2001 §3: "an ante of one unit").
        * Betting round 0 starts left of the button; so do the draw and round 2
          (the paper rotates the deal "to remove the bias introduced by one
          player always being the last to act"; the runner passes ``button``).
        * The draw: each seat still in, in turn, discards up to ``max_draw``
          cards (Kendall2001 §2: "allowed to trade two cards") and gets as many new
          ones; ``Action(DISCARD, discard=cards)``, ``()`` to stand pat.
          Seats that are all-in draw too.  The public record (:class:`Event`
          ``"draw"``) shows only how many cards were replaced.
        * Raises: the player chooses the size (Kendall2001 §3: the fixed styles
          "Raise 5 … Raise 25" units, the evolving player raises
          ``SQRT(ac) * w``): a raise-to total from the current bet plus
          ``min_raise`` up to the current bet plus ``max_raise`` (``None``:
          up to all-in).  ``min_raise == max_raise`` gives a fixed raise size.
        * "Each round will pass around the table a maximum of three times"
          (Kendall2001 §3): a seat may bet or raise only on its first
          ``max_orbits - 1`` turns of a round, so on its ``max_orbits``-th turn
          it can only call or fold and the round is over by the end of the
          ``max_orbits``-th pass.
        * Stacks of ``stack`` units (10,000), reset every hand and equal for
          all seats; all-in and side pots as in no-limit play.
        * Fold only when facing a bet.

    Results are in units (``unit_chips = 1``: one unit is one chip).

    >>> Draw5(n_players=8)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_players' parameter of Draw5 must be an integer in [2, 7] (5 cards + max_draw 2 each from 52); got 8.
    """

    n_players: int = 5
    ante: int = 1
    max_draw: int = 2
    min_raise: int = 1
    max_raise: int | None = None
    stack: int = 10_000
    max_orbits: int = 3

    name: ClassVar[str] = "draw5"
    unit: ClassVar[str] = "units"
    unit_chips: ClassVar[int] = 1

    def __post_init__(self) -> None:
        check_int("Draw5", "max_draw", self.max_draw, 0, 5)
        most = 52 // (5 + self.max_draw)
        if not (isinstance(self.n_players, int) and 2 <= self.n_players <= most):
            raise ValueError(
                f"The 'n_players' parameter of Draw5 must be an integer in [2, {most}] "
                f"(5 cards + max_draw {self.max_draw} each from 52); got {self.n_players!r}."
            )
        check_int("Draw5", "ante", self.ante, 0)
        check_int("Draw5", "min_raise", self.min_raise, 1)
        if self.max_raise is not None:
            check_int("Draw5", "max_raise", self.max_raise, self.min_raise)
        check_int("Draw5", "stack", self.stack, self.ante + 1)
        check_int("Draw5", "max_orbits", self.max_orbits, 1)

    @cached_property
    def stakes(self) -> Stakes:
        """The game's :class:`~holdem.games.base.Stakes` (every observation carries them)."""
        return Stakes(self.ante, (), (), None, self.stack, self.unit_chips)

    @property
    def starting_stack(self) -> int:
        return self.stack

    def _new_hand_trusted(self, deal: tuple[int, ...], button: int, ranks: None) -> "Draw5State":
        """:meth:`new_hand` without its checks (the match runner's fast path; ``ranks`` is ``None``).

        ``deal`` a tuple of the 52 distinct Python ints, ``button`` a seat.
        """
        return Draw5State(self, deal, button)

    def new_hand(self, deal: ArrayLike, *, button: int = 0, ranks: ArrayLike | None = None) -> "Draw5State":
        """Start a hand; ``ranks`` must be ``None`` (final hands depend on the draw).

        >>> import numpy as np
        >>> Draw5().new_hand(np.arange(52), ranks=[1, 2, 3, 4, 5])
        Traceback (most recent call last):
        ...
        ValueError: The 'ranks' parameter of Draw5.new_hand must be None: final hands depend on the discards, so the state evaluates them at showdown.
        """
        if ranks is not None:
            raise ValueError(
                "The 'ranks' parameter of Draw5.new_hand must be None: final hands depend on the discards, "
                "so the state evaluates them at showdown."
            )
        return Draw5State(self, clean_deal(deal, "Draw5"), clean_button(button, self.n_players, "Draw5"))

    @property
    def deal_cards(self) -> int:
        """How many cards off the top of a deal the rules can read: all 52 (replacements come from ``deal[5n:]``).

        >>> Draw5().deal_cards
        52
        """
        return 52

    def showdown_cards(self, deals: ArrayLike, buttons: ArrayLike) -> None:
        """``None``: the final hands depend on the discards (the state evaluates at showdown)."""
        return None

    def showdown_ranks(self, deals: ArrayLike, buttons: ArrayLike) -> None:
        """``None``: the final hands depend on the discards (the state evaluates at showdown)."""
        return None


class Draw5State(SizedState):
    """A hand of :class:`Draw5` in progress (build it with ``Draw5.new_hand``)."""

    __slots__ = ("_hands", "_next_card", "_drawn", "_discarded", "_min_raise")
    _LIST_SLOTS = SizedState._LIST_SLOTS + ("_hands", "_drawn", "_discarded")
    _N_ROUNDS = 3

    if TYPE_CHECKING:
        game: Draw5
        _hands: list[tuple[int, ...]]
        _next_card: int
        _drawn: list[int]
        _discarded: list[tuple[int, ...]]
        _min_raise: int

    def __init__(self, game: Draw5, deal: tuple[int, ...], button: int) -> None:
        self._init_common(game, deal, button, None)
        n = self.n
        hands = self._hands = [None] * n  # type: ignore[list-item]  # every seat is filled below
        seat = button
        for i in range(n):
            seat += 1
            if seat == n:
                seat = 0
            hands[seat] = (deal[i], deal[n + i], deal[2 * n + i], deal[3 * n + i], deal[4 * n + i])
        self._next_card = 5 * n
        self._drawn = [-1] * n
        self._discarded = [()] * n
        self._min_raise = game.min_raise
        self._max_increment = game.max_raise
        self._max_orbits = game.max_orbits
        self._acts = [0] * n
        self._allin = [False] * n
        self._committed = [game.ante] * n
        self._stacks = [game.stack - game.ante] * n
        self._pot = n * game.ante
        self._high = game.ante
        self._last_inc = 0
        self._n_active = n
        self._to_act = n
        self.current_player = self._next_actor(button)

    def _min_increment(self) -> int:
        return self._min_raise

    # -- the draw -----------------------------------------------------------

    def _in_draw(self) -> bool:
        return self.round == 1

    _DRAW_ROUND = 1

    def _can_act(self, seat: int) -> bool:
        if self.round == 1:
            return not self._folded[seat]
        return not (self._folded[seat] or self._allin[seat])

    def _decision(self) -> tuple[tuple[Action, ...], tuple[int, int] | None]:
        if self.is_terminal:
            return (), None
        if self.round == 1:
            return self._legal_tuple(), None
        bounds = SizedState.raise_bounds(self)
        return self._legal_from(bounds), bounds

    def _start_round(self, r: int) -> None:
        if r != 1:
            super()._start_round(r)
            return
        self.round = 1
        self._bets = [0] * self.n
        self._to_act = self._n_live
        self.current_player = self._next_actor_any(self.button)  # all-in seats draw too

    def raise_bounds(self) -> tuple[int, int] | None:
        if self.round == 1:
            return None
        return super().raise_bounds()

    def _legal_tuple(self) -> tuple[Action, ...]:
        """Betting rounds: as :meth:`SizedState.legal_actions`; the draw: every discard of up to ``max_draw`` cards."""
        if self.round != 1 or self.is_terminal:
            return super()._legal_tuple()
        hand = self._hands[self.current_player]
        get = _DISCARDS.get
        return tuple(
            [
                get(cards) or _discard_action(cards)
                for k in range(self.game.max_draw + 1)
                for cards in combinations(hand, k)
            ]
        )

    def _verify_discard(self, action: Action) -> Action:
        if self.round != 1:
            raise self._illegal(action, "discards are made only in the draw (round 1)")
        hand = self._hands[self.current_player]
        cards = action.discard
        try:
            chosen = set(cards)
        except TypeError:
            raise self._illegal(action, "discard must be a tuple of card codes") from None
        if len(chosen) != len(cards):
            raise self._illegal(action, f"discard {cards} repeats a card")
        if not chosen <= set(hand):
            raise self._illegal(action, f"discard {cards} holds cards not in the hand {hand}")
        if len(cards) > self.game.max_draw:
            raise self._illegal(action, f"at most {self.game.max_draw} cards may be replaced; got {len(cards)}")
        if action.amount:
            raise self._illegal(action, "a discard carries no amount")
        return _tnew(Action, (_DISCARD, 0, tuple(c for c in hand if c in chosen)))

    def _apply_discard(self, p: int, action: Action) -> None:
        cards = action.discard
        k = len(cards)
        if k:
            nxt = self._next_card
            new = iter(self.deal[nxt : nxt + k])
            self._next_card = nxt + k
            self._hands[p] = tuple(next(new) if c in cards else c for c in self._hands[p])
        self._drawn[p] = k
        self._discarded[p] = tuple(cards)
        self.history.append(_tnew(Event, ("draw", p, _PUBLIC_DRAWS[k], (), 1)))
        self._to_act -= 1
        if self._to_act <= 0:
            self._end_round()
            return
        self.current_player = self._next_actor_any(p)

    # -- cards ------------------------------------------------------------

    def _deal_round(self, r: int) -> None:
        pass  # no public cards in draw

    def _first_actor(self, r: int) -> int:
        return self._next_actor(self.button)

    def _hole(self, player: int) -> tuple[int, ...]:
        return self._hands[player]

    def _final_cards(self, player: int) -> tuple[int, ...]:
        return self._hands[player]

    def _shown(self, player: int) -> tuple[int, ...]:
        return self._hands[player]

    def _extra(self, player: int) -> dict[str, Any]:
        return {"drawn": tuple(self._drawn), "discarded": self._discarded[player]}

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's current five cards (hidden information: for the engine and tests)."""
        return tuple(self._hands)

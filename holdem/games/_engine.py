"""The betting machinery every rule set shares (private; the games re-export what users need).

Two families of betting:

* :class:`FixedLimitState` (limit hold'em, five-card stud): every bet and
  raise is of the round's fixed size, at most ``max_raises + 1`` bets per
  round, no stacks (chips are unlimited, as in the papers' limit games).
* :class:`SizedState` (no-limit hold'em, five-card draw): the player chooses
  the raise-to amount within :meth:`SizedState.raise_bounds`; finite stacks,
  all-ins and side pots.

A betting round ends when every seat still able to act has acted since the
last bet or raise and all have matched it (or are all-in); the hand ends when
one seat is left (it takes the pot without showing) or after the last round
(showdown).  Those are the standard rules every seed assumes (Billings1998 §2: "The
betting option rotates clockwise until each player that has not folded has
put the same amount of money into the pot for the current round, or until
there is only one player remaining").

The hot path keeps plain Python ints, lists and tuples; nothing here touches
numpy per action.  Subclasses provide the cards: ``_deal_round``,
``_first_actor``, ``_hole``, ``_final_cards``, ``_shown`` and (optionally)
``_extra``, and keep the public cards in ``_pub`` (board) and ``_ups`` (up cards).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

import numpy as np
from numpy.typing import ArrayLike

from holdem.checks import check_int  # noqa: F401 - the rules' own checks use it

from holdem.evaluate import _evaluate_one
from holdem.games.base import (
    CHECK_CALL,
    FOLD,
    Action,
    ActionKind,
    Event,
    IllegalActionError,
    Observation,
)

if TYPE_CHECKING:
    from typing_extensions import Self

    from holdem.games.base import Game

__all__ = ["FixedLimitState", "TableStakesMixin", "SizedState", "clean_deal", "clean_button", "clean_ranks", "check_int", "split_pot"]

_tnew = tuple.__new__
_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}
_FULL_DECK = frozenset(range(52))
_EMPTY_EXTRA: dict[str, Any] = {}
_RAISE_ACTIONS: dict[int, Action] = {}
_BET_RAISE = ActionKind.BET_RAISE
#: fixed-limit (facing a bet, raise-to total or 0) -> (legal actions, raise bounds)
_FIXED_DECISIONS: dict[tuple[bool, int], tuple[tuple[Action, ...], tuple[int, int] | None]] = {}
_FOLD_CALL = (FOLD, CHECK_CALL)
#: the check/call and fold events by [round][seat], shared (events are immutable)
_CALL_EVENTS = tuple(tuple(_tnew(Event, ("action", p, CHECK_CALL, (), r)) for p in range(10)) for r in range(4))
_FOLD_EVENTS = tuple(tuple(_tnew(Event, ("action", p, FOLD, (), r)) for p in range(10)) for r in range(4))
_CALL = (CHECK_CALL,)


def _raise_action(to: int) -> Action:
    """The (cached) ``Action(BET_RAISE, to)``."""
    action = _RAISE_ACTIONS.get(to)
    if action is None:
        action = _RAISE_ACTIONS[to] = _tnew(Action, (_BET_RAISE, to, ()))
    return action


# ---------------------------------------------------------------- validation


def clean_deal(deal: ArrayLike, owner: str) -> tuple[int, ...]:
    """The deal as a tuple of 52 Python ints; ``ValueError`` unless it is a permutation of ``range(52)``.

    >>> clean_deal(list(range(52)), "LimitHoldem")[:3]
    (0, 1, 2)
    >>> clean_deal([0] * 52, "LimitHoldem")
    Traceback (most recent call last):
    ...
    ValueError: The 'deal' parameter of LimitHoldem.new_hand must be a permutation of range(52); card 0 (2c) appears 52 times.
    """
    if isinstance(deal, np.ndarray):
        if deal.shape != (52,) or deal.dtype.kind not in "iu":
            raise ValueError(
                f"The 'deal' parameter of {owner}.new_hand must be an integer array of shape (52,); "
                f"got shape {deal.shape} and dtype {deal.dtype}."
            )
        cards = tuple(deal.tolist())
    else:
        try:
            cards = tuple(int(c) for c in deal)  # type: ignore[union-attr, arg-type]
        except (TypeError, ValueError):
            raise ValueError(
                f"The 'deal' parameter of {owner}.new_hand must be a permutation of range(52); got {deal!r}."
            ) from None
    if len(cards) == 52 and set(cards) == _FULL_DECK:
        return cards
    if len(cards) != 52:
        raise ValueError(
            f"The 'deal' parameter of {owner}.new_hand must be a permutation of range(52); got {len(cards)} cards."
        )
    bad = [c for c in cards if not 0 <= c < 52]
    if bad:
        raise ValueError(
            f"The 'deal' parameter of {owner}.new_hand must be a permutation of range(52); bad card code {bad[0]}."
        )
    from holdem.cards import format_cards

    dup = next(c for c in cards if cards.count(c) > 1)
    raise ValueError(
        f"The 'deal' parameter of {owner}.new_hand must be a permutation of range(52); "
        f"card {dup} ({format_cards(dup)}) appears {cards.count(dup)} times."
    )


def clean_button(button: int, n: int, owner: str) -> int:
    """``button`` as a Python int; ``ValueError`` unless it is a seat in ``[0, n)``."""
    check_int(f"{owner}.new_hand", "button", button, 0, n - 1)
    return int(button)


def clean_ranks(ranks: ArrayLike | None, n: int, owner: str) -> tuple[int, ...] | None:
    """Per-seat precomputed hand ranks (shape ``(n_players,)``) as a tuple, or ``None``."""
    if ranks is None:
        return None
    arr = np.asarray(ranks)
    if arr.shape != (n,) or arr.dtype.kind not in "iu":
        raise ValueError(
            f"The 'ranks' parameter of {owner}.new_hand must be an integer array of shape ({n},); got {ranks!r}."
        )
    return tuple(arr.tolist())


def split_pot(committed: Sequence[int], folded: Sequence[bool], ranks: Sequence[int], order: Sequence[int]) -> list[int]:
    """Chips each seat wins at a showdown, side pots included.

    ``committed[p]`` chips each seat put in, ``folded[p]``, ``ranks[p]`` (higher
    = stronger; read for live seats only), ``order`` the seats from the left of
    the button.  Each side pot (one per distinct live contribution level)
    goes to the best live hand among the seats that reached that level; a
    split pot is shared evenly and the odd chips all go to the winner nearest
    the button's left (the cardroom rule "odd chip to the first seat left of
    the button", and exactly what pokerkit does, so payoffs agree with it).
    An uncalled excess forms a pot of its own that only its owner can win,
    i.e. it returns to them.

    >>> split_pot([10, 10, 4], [False, False, False], [5, 7, 9], [1, 2, 0])
    [0, 12, 12]
    >>> split_pot([3, 3, 3], [False, False, False], [5, 5, 1], [0, 1, 2])
    [5, 4, 0]
    >>> split_pot([5, 5, 5, 5], [False, False, False, True], [9, 9, 9, 0], [0, 1, 2, 3])
    [8, 6, 6, 0]
    """
    n = len(committed)
    live = [p for p in order if not folded[p]]
    won = [0] * n
    levels = sorted({committed[p] for p in live})
    prev = 0
    for level in levels:
        amount = 0
        for c in committed:
            if c > prev:
                amount += (c if c < level else level) - prev
        eligible = [p for p in live if committed[p] >= level]
        best = max(ranks[p] for p in eligible)
        winners = [p for p in eligible if ranks[p] == best]
        share, odd = divmod(amount, len(winners))
        for p in winners:
            won[p] += share
        won[winners[0]] += odd
        prev = level
    return won


# ---------------------------------------------------------------- common state


class _State:
    """Fields and methods common to both betting families."""

    __slots__ = (
        "game",
        "n",
        "deal",
        "button",
        "round",
        "current_player",
        "is_terminal",
        "history",
        "_ranks",
        "_committed",
        "_bets",
        "_stacks",
        "_folded",
        "_n_live",
        "_to_act",
        "_high",
        "_pot",
        "_won",
        "_pub",
        "_ups",
        "_holes",
    )
    #: slots holding lists that clone() must copy
    _LIST_SLOTS: tuple[str, ...] = ("history", "_committed", "_bets", "_stacks", "_folded")
    _N_ROUNDS = 4
    #: every slot of the class and its bases (set by ``__init_subclass__``)
    _ALL_SLOTS: ClassVar[tuple[str, ...]]

    if TYPE_CHECKING:  # the slots' types, and what the subclasses provide
        game: Game
        n: int
        deal: tuple[int, ...]
        button: int
        round: int
        current_player: int
        is_terminal: bool
        history: list[Event]
        _ranks: tuple[int, ...] | None
        _committed: list[int]
        _bets: list[int]
        _stacks: list[int]
        _folded: list[bool]
        _n_live: int
        _to_act: int
        _high: int
        _pot: int
        _won: list[int] | None
        _pub: tuple[int, ...]
        _ups: tuple[tuple[int, ...], ...]
        _holes: tuple[tuple[int, ...], ...] | None
        _allin: list[bool]
        _n_active: int

        def _clone(self) -> Self: ...
        def _hole(self, player: int) -> tuple[int, ...]: ...
        def _final_cards(self, player: int) -> tuple[int, ...]: ...
        def _shown(self, player: int) -> tuple[int, ...]: ...
        def _deal_round(self, r: int) -> None: ...
        def _first_actor(self, r: int) -> int: ...
        def _to_call_of(self, player: int) -> int: ...
        def _legal_tuple(self) -> tuple[Action, ...]: ...
        def raise_bounds(self) -> tuple[int, int] | None: ...
        def verify_action(self, action: Action) -> Action: ...
        def _apply(self, action: Action) -> None: ...

    # -- construction helpers -------------------------------------------------

    def _init_common(self, game: Game, deal: tuple[int, ...], button: int, ranks: tuple[int, ...] | None) -> None:
        n = game.n_players
        self.game = game
        self.n = n
        self.deal = deal
        self.button = button
        self._ranks = ranks
        self.round = 0
        self.current_player = -1
        self.is_terminal = False
        self.history = []
        self._committed = [0] * n
        self._bets = [0] * n
        self._folded = [False] * n
        self._n_live = n
        self._high = 0
        self._pot = 0
        self._won = None
        self._pub = ()
        self._ups = ()
        self._holes = None

    def clone(self) -> Self:
        """An independent copy (the deal and game are shared: they are immutable)."""
        return self._clone()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in klass.__dict__.get("__slots__", ()):
                if name not in names:
                    names.append(name)
        cls._ALL_SLOTS = tuple(names)
        # clone() compiled once per class: plain attribute copies, lists sliced
        lines = ["def _clone(self):", "    o = _new(cls)"]
        for name in names:
            if name in cls._LIST_SLOTS:
                lines.append(f"    v = self.{name}")
                lines.append(f"    o.{name} = v if v is None else v[:]")
            else:
                lines.append(f"    o.{name} = self.{name}")
        lines.append("    return o")
        scope: dict[str, Any] = {"_new": object.__new__, "cls": cls}
        exec("\n".join(lines), scope)  # noqa: S102 - generated from the class's own slot names
        setattr(cls, "_clone", scope["_clone"])

    # -- seats -------------------------------------------------------------

    def _order(self) -> tuple[int, ...]:
        """All seats from the left of the button round to the button."""
        key = (self.n, self.button)
        order = _ORDERS.get(key)
        if order is None:
            n, b = key
            order = _ORDERS[key] = tuple((b + 1 + i) % n for i in range(n))
        return order

    def _position(self, seat: int) -> int:
        return (seat - self.button - 1) % self.n

    def _can_act(self, seat: int) -> bool:
        return not self._folded[seat]

    def _next_actor_any(self, seat: int) -> int:
        """The next seat after ``seat`` (clockwise) that has not folded."""
        folded = self._folded
        n = self.n
        for _ in range(n):
            seat += 1
            if seat == n:
                seat = 0
            if not folded[seat]:
                return seat
        return -1

    def _next_actor(self, seat: int) -> int:
        """The next seat after ``seat`` (clockwise) that can still act."""
        n = self.n
        for _ in range(n):
            seat += 1
            if seat == n:
                seat = 0
            if self._can_act(seat):
                return seat
        return -1

    def _put_in(self, p: int, d: int) -> None:
        """Move ``d`` chips of seat ``p``'s stack into the pot; a seat whose stack runs out is all-in.

        For the states whose stacks bind (no-limit, fixed limit at table stakes:
        they keep ``_allin`` and ``_n_active``).
        """
        self._committed[p] += d
        self._stacks[p] -= d
        self._bets[p] += d
        self._pot += d
        if not self._stacks[p]:
            self._allin[p] = True
            self._n_active -= 1  # type: ignore[misc]  # a slot of the states whose stacks bind

    # -- end of hand -------------------------------------------------------

    def _win_by_fold(self) -> None:
        winner = self._folded.index(False)
        won = [0] * self.n
        won[winner] = self._pot
        self._finish(won)

    def _finish(self, won: list[int]) -> None:
        self._won = won
        self.is_terminal = True
        self.current_player = -1

    def _showdown(self) -> None:
        order = self._order()
        folded = self._folded
        live = [p for p in order if not folded[p]]
        ranks: Sequence[int] | None = self._ranks
        if ranks is None:
            # a few hands: plain Python (holdem.evaluate's small-batch path, no numpy call per showdown)
            final_cards = self._final_cards
            ranks = computed = [0] * self.n
            for p in live:
                computed[p] = _evaluate_one(final_cards(p), None)
        append = self.history.append
        rnd = self.round
        shown = self._shown
        committed = self._committed
        high = self._high
        one_pot = True
        best = -1
        for p in live:
            append(_tnew(Event, ("showdown", p, None, shown(p), rnd)))
            if committed[p] != high:
                one_pot = False
            if ranks[p] > best:
                best = ranks[p]
        if one_pot:  # the common case: every live seat put in the same
            winners = [p for p in live if ranks[p] == best]
            won = [0] * self.n
            if len(winners) == 1:
                won[winners[0]] = self._pot
            else:
                share, odd = divmod(self._pot, len(winners))
                for p in winners:
                    won[p] = share
                won[winners[0]] += odd  # odd chips: the first winner left of the button
        else:
            won = split_pot(committed, folded, ranks, order)
        self._won = won
        self.is_terminal = True
        self.current_player = -1

    def _payoff_list(self) -> list[int]:
        """:attr:`payoffs` as a list of Python ints (the runner's fast path; the hand must be over)."""
        return [w - c for w, c in zip(cast("list[int]", self._won), self._committed)]

    @property
    def payoffs(self) -> np.ndarray:
        """Net chips won by each seat (int64, shape ``(n_players,)``, summing to 0); the hand must be over."""
        if self._won is None:
            raise ValueError(f"payoffs of a {self.game.name} hand in progress (seat {self.current_player} to act)")
        return np.array([w - c for w, c in zip(self._won, self._committed)], dtype=np.int64)

    @property
    def winnings(self) -> tuple[int, ...]:
        """Gross chips each seat took from the pot (the hand must be over)."""
        if self._won is None:
            raise ValueError(f"winnings of a {self.game.name} hand in progress")
        return tuple(self._won)

    # -- reading the state ---------------------------------------------------

    @property
    def pot(self) -> int:
        """All chips in the pot."""
        return self._pot

    @property
    def committed(self) -> tuple[int, ...]:
        """Chips each seat has put in during this hand."""
        return tuple(self._committed)

    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple(self._folded)

    def to_call(self, player: int | None = None) -> int:
        """Chips ``player`` (default: the seat to act) must add to call."""
        p = self.current_player if player is None else player
        return self._high - self._committed[p]

    def can_apply(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action``."""
        try:
            self.verify_action(action)
        except ValueError:
            return False
        return True

    def apply(self, action: Action) -> Action:
        """Verify ``action`` for the seat to act, then apply it; return the action as recorded.

        Raises :class:`~holdem.games.base.IllegalActionError` (a ``ValueError``)
        naming the action and the reason, and then the state is unchanged.
        """
        if not self.is_terminal:
            legal = self._legal_tuple()
            try:  # the common case: one of the listed legal actions (identity compares first)
                action = legal[legal.index(action)]
            except ValueError:
                action = self.verify_action(action)
        else:
            action = self.verify_action(action)
        self._apply(action)
        return action

    def _illegal(self, action: object, reason: str) -> IllegalActionError:
        return IllegalActionError(
            f"illegal action {action!s} ({action!r}) for seat {self.current_player} in {self.game.name} "
            f"round {self.round}: {reason}"
        )

    def _verify_fold_or_call(self, action: Action) -> Action:
        """The fold and check/call rules every betting game shares (folding only when facing a bet)."""
        if action.kind == ActionKind.FOLD:
            if self._high <= self._committed[self.current_player]:
                raise self._illegal(action, "nothing to call, so no fold (check instead; as in ACPC and pokerkit)")
            if action.amount or action.discard:
                raise self._illegal(action, "a fold carries no amount or cards")
            return FOLD
        if action.amount or action.discard:
            raise self._illegal(action, "a check or call carries no amount or cards")
        return CHECK_CALL

    def _check_shape(self, action: object) -> None:
        if self.is_terminal:
            raise IllegalActionError(f"illegal action {action!s}: the {self.game.name} hand is over")
        if not isinstance(action, Action):
            raise IllegalActionError(f"illegal action {action!r}: expected an Action")

    def _check_seat(self, player: object) -> None:
        n = self.n
        if not (isinstance(player, (int, np.integer)) and 0 <= player < n):
            raise ValueError(f"The 'player' parameter of observation must be a seat in [0, {n - 1}]; got {player!r}.")

    def _decision(self) -> tuple[tuple[Action, ...], tuple[int, int] | None]:
        """``(legal actions, raise bounds)`` of the seat to act: one call where the observation needs both."""
        return self._legal_tuple(), self.raise_bounds()

    def observation(self, player: int) -> Observation:
        """What seat ``player`` may see now (see :class:`~holdem.games.base.Observation`).

        A snapshot: every field is an immutable copy, so an agent may keep it
        while the hand goes on.
        """
        n = self.n
        if type(player) is not int or player < 0 or player >= n:
            self._check_seat(player)
        if player == self.current_player:
            legal, bounds = self._decision()
        else:
            legal = ()
            bounds = None
        return _tnew(
            Observation,
            (
                self.game.name,
                player,
                n,
                self.round,
                self._hole(player),
                self._pub,
                self._ups,
                tuple(self.history),
                self._pot,
                tuple(self._stacks),
                tuple(self._bets),
                self._to_call_of(player),
                self.button,
                tuple(self._folded),
                legal,
                self._extra(player),
                tuple(self._committed),
                bounds,
                self.game.stakes,
            ),
        )

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act (empty when the hand is over)."""
        return list(self._legal_tuple())

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips each seat has behind."""
        return tuple(self._stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each seat has put in during this betting round."""
        return tuple(self._bets)

    def _extra(self, player: int) -> dict[str, Any]:
        return _EMPTY_EXTRA

    def __repr__(self) -> str:
        who = "over" if self.is_terminal else f"seat {self.current_player} to act"
        return (
            f"<{type(self).__name__} round {self.round}, pot {self._pot}, {who}, "
            f"history {' '.join(_event_text(e) for e in self.history) or '-'}>"
        )


def _event_text(event: Event) -> str:
    if event.kind == "action":
        return f"{event.player}:{event.action!s}"
    if event.kind == "draw":
        assert event.action is not None  # a draw event records the discard
        return f"{event.player}:d{event.action.amount}"
    from holdem.cards import format_cards

    cards = format_cards(list(event.cards), sep="") if event.cards else ""
    return f"{event.kind}{'' if event.player < 0 else event.player}:{cards}"


# ---------------------------------------------------------------- fixed limit


class FixedLimitState(_State):
    """Fixed-limit betting without stacks (limit hold'em, five-card stud).

    Subclasses set ``_sizes`` (bet size per round) and ``_cap`` (bets allowed
    per round, ``max_raises + 1``) and start the first round.
    """

    __slots__ = ("_n_bets", "_cap", "_sizes", "_size")
    _LEGAL_CACHE: dict[tuple[bool, int], tuple[Action, ...]] = {}

    if TYPE_CHECKING:
        _n_bets: int
        _cap: int
        _sizes: tuple[int, ...]
        _size: int

    def _to_call_of(self, player: int) -> int:
        return self._high - self._committed[player]

    #: no all-ins in fixed limit: every seat still in can act
    _next_actor = _State._next_actor_any

    def _decision(self) -> tuple[tuple[Action, ...], tuple[int, int] | None]:
        """``(legal, raise_bounds)`` of the seat to act, both from one cached entry (see :meth:`_legal_tuple`)."""
        if self.is_terminal:
            return (), None
        high = self._high
        to = high + self._size if self._n_bets < self._cap else 0
        key = (high > self._committed[self.current_player], to)
        entry = _FIXED_DECISIONS.get(key)
        if entry is None:
            entry = _FIXED_DECISIONS[key] = (self._legal_tuple(), (to, to) if to else None)
        return entry

    def observation(self, player: int) -> Observation:
        """What seat ``player`` may see now (see :class:`~holdem.games.base.Observation`; an immutable snapshot)."""
        n = self.n
        if type(player) is not int or player < 0 or player >= n:
            self._check_seat(player)
        committed = self._committed
        high = self._high
        if player == self.current_player:
            to = high + self._size if self._n_bets < self._cap else 0
            key = (high > committed[player], to)
            entry = _FIXED_DECISIONS.get(key)
            if entry is None:
                entry = self._decision()
            legal, bounds = entry
        else:
            legal = ()
            bounds = None
        holes = self._holes
        return _tnew(
            Observation,
            (
                self.game.name,
                player,
                n,
                self.round,
                self._hole(player) if holes is None else holes[player],
                self._pub,
                self._ups,
                tuple(self.history),
                self._pot,
                tuple(self._stacks),
                tuple(self._bets),
                high - committed[player],
                self.button,
                tuple(self._folded),
                legal,
                _EMPTY_EXTRA,
                tuple(committed),
                bounds,
                self.game.stakes,
            ),
        )

    def apply(self, action: Action) -> Action:
        """Verify ``action`` for the seat to act, then apply it; return the action as recorded.

        Raises :class:`~holdem.games.base.IllegalActionError` (a ``ValueError``)
        naming the action and the reason, and then the state is unchanged.
        """
        if action is CHECK_CALL and not self.is_terminal:  # always legal in fixed limit
            self._apply(CHECK_CALL)
            return CHECK_CALL
        return _State.apply(self, action)

    def raise_bounds(self) -> tuple[int, int] | None:
        """``(to, to)`` for the one fixed raise-to total when a raise is legal, else ``None``."""
        if self.is_terminal or self._n_bets >= self._cap:
            return None
        to = self._high + self._size
        return (to, to)

    def _legal_tuple(self) -> tuple[Action, ...]:
        """Fold (only when facing a bet), check/call, and the fixed bet/raise unless the round is capped."""
        if self.is_terminal:
            return ()
        facing = self._high > self._committed[self.current_player]
        to = self._high + self._size if self._n_bets < self._cap else 0
        key = (facing, to)
        legal = self._LEGAL_CACHE.get(key)
        if legal is None:
            legal = ((FOLD,) if facing else ()) + (CHECK_CALL,) + ((_raise_action(to),) if to else ())
            self._LEGAL_CACHE[key] = legal
        return legal

    def verify_action(self, action: Action) -> Action:
        """Raise :class:`IllegalActionError` unless ``action`` is legal; return it as it will be recorded."""
        self._check_shape(action)
        kind = action.kind
        if kind in (ActionKind.FOLD, ActionKind.CHECK_CALL):
            return self._verify_fold_or_call(action)
        if kind == ActionKind.BET_RAISE:
            if self._n_bets >= self._cap:
                raise self._illegal(
                    action, f"the round is capped: {self._cap} bets (a bet and {self._cap - 1} raises) already made"
                )
            to = self._high + self._size
            if action.amount not in (0, to) or action.discard:
                raise self._illegal(action, f"the fixed-limit raise goes to {to} (amount 0 or {to})")
            return _raise_action(to)
        raise self._illegal(action, f"{self.game.name} has no {ActionKind(kind).name} action")

    def _apply(self, action: Action) -> None:
        """Apply a legal action, unchecked (the engine's fast path)."""
        p = self.current_player
        kind = action.kind
        committed = self._committed
        if kind == 1:  # check / call
            high = self._high
            d = high - committed[p]
            if d:
                committed[p] = high
                self._bets[p] += d
                self._stacks[p] -= d
                self._pot += d
            self._to_act -= 1
            self.history.append(_CALL_EVENTS[self.round][p])
        elif kind == 2:  # bet / raise
            high = self._high = self._high + self._size
            d = high - committed[p]
            self._pot += d
            self._bets[p] += d
            self._stacks[p] -= d
            committed[p] = high
            self._n_bets += 1
            self._to_act = self._n_live - 1
            self.history.append(_tnew(Event, ("action", p, _raise_action(high), (), self.round)))
        elif kind == 0:
            self._folded[p] = True
            self._n_live -= 1
            self._to_act -= 1
            self.history.append(_FOLD_EVENTS[self.round][p])
            if self._n_live == 1:
                self._win_by_fold()
                return
        else:
            raise self._illegal(action, f"{self.game.name} has no {ActionKind(kind).name} action")
        if self._to_act == 0:
            self._end_round()
            return
        folded = self._folded
        n = self.n
        q = p + 1
        if q == n:
            q = 0
        while folded[q]:
            q += 1
            if q == n:
                q = 0
        self.current_player = q

    def _end_round(self) -> None:
        r = self.round + 1
        if r == self._N_ROUNDS:
            self._showdown()
            return
        self.round = r
        self._bets = [0] * self.n
        self._n_bets = 0
        self._to_act = self._n_live
        self._size = self._sizes[r]
        self.current_player = self._start_round(r)

    def _start_round(self, r: int) -> int:
        """Deal round ``r``'s cards and return its first actor (stud does both in one pass)."""
        self._deal_round(r)
        return self._first_actor(r)


# ---------------------------------------------------------------- sized bets


class SizedState(_State):
    """Betting with chosen raise-to amounts, finite stacks, all-ins and side pots.

    Every seat starts the hand with the same stack (so a short all-in raise
    can never leave another seat able to re-raise over it: the all-in is the
    most anyone can have in).  Subclasses provide ``_min_increment()``,
    ``_max_increment`` (``None`` = up to the stack) and ``_max_orbits``
    (``None`` = no limit on how often the action passes round the table).
    """

    __slots__ = ("_allin", "_n_active", "_last_inc", "_acts", "_max_increment", "_max_orbits")
    _LIST_SLOTS = _State._LIST_SLOTS + ("_allin", "_acts")

    if TYPE_CHECKING:
        _last_inc: int
        _acts: list[int] | None
        _max_increment: int | None
        _max_orbits: Any  # an int where _acts is a list; None (no limit) where it is None

        def _min_increment(self) -> int: ...

    #: the round in which seats discard instead of betting (draw poker), -1 for none
    _DRAW_ROUND = -1

    def _can_act(self, seat: int) -> bool:
        return not (self._folded[seat] or self._allin[seat])

    def _next_actor(self, seat: int) -> int:
        """The next seat after ``seat`` (clockwise) that can still bet: neither folded nor all-in."""
        folded = self._folded
        allin = self._allin
        n = self.n
        for _ in range(n):
            seat += 1
            if seat == n:
                seat = 0
            if not (folded[seat] or allin[seat]):
                return seat
        return -1

    def apply(self, action: Action) -> Action:
        """Verify ``action`` for the seat to act, then apply it; return the action as recorded.

        Raises :class:`~holdem.games.base.IllegalActionError` (a ``ValueError``)
        naming the action and the reason, and then the state is unchanged.
        """
        if action is CHECK_CALL and not self.is_terminal and self.round != self._DRAW_ROUND:
            self._apply(CHECK_CALL)  # check/call is legal in every betting turn
            return CHECK_CALL
        return _State.apply(self, action)

    def _decision(self) -> tuple[tuple[Action, ...], tuple[int, int] | None]:
        if self.is_terminal:
            return (), None
        bounds = self.raise_bounds()
        return self._legal_from(bounds), bounds

    def _to_call_of(self, player: int) -> int:
        d = self._high - self._committed[player]
        s = self._stacks[player]
        return d if d < s else s

    def raise_bounds(self) -> tuple[int, int] | None:
        """``(min_to, max_to)``: the raise-to totals the seat to act may choose, or ``None`` if it may not raise.

        A seat may raise when it has more than the call behind, another seat
        could still answer (is neither folded nor all-in), and (draw) the
        action has not come round the table ``max_orbits - 1`` times.
        ``max_to`` is all-in (or the game's largest raise); ``min_to`` is the
        minimum raise, or all-in when that is less (all-in is always allowed).
        """
        if self.is_terminal or self._n_active < 2:
            return None
        p = self.current_player
        if self._acts is not None and self._acts[p] >= self._max_orbits - 1:
            return None
        high = self._high
        committed = self._committed[p]
        stack = self._stacks[p]
        if stack <= high - committed:
            return None
        max_to = committed + stack
        if self._max_increment is not None and high + self._max_increment < max_to:
            max_to = high + self._max_increment
        min_to = high + self._min_increment()
        if min_to > max_to:
            min_to = max_to
        return (min_to, max_to)

    def _legal_tuple(self) -> tuple[Action, ...]:
        """Fold (when facing a bet), check/call, and the smallest and largest raise (any total in between is legal too)."""
        if self.is_terminal:
            return ()
        return self._legal_from(self.raise_bounds())

    def _legal_from(self, bounds: tuple[int, int] | None) -> tuple[Action, ...]:
        facing = self._high > self._committed[self.current_player]
        if bounds is None:
            return _FOLD_CALL if facing else _CALL
        lo, hi = bounds
        legal = (FOLD, CHECK_CALL) if facing else (CHECK_CALL,)
        if hi != lo:
            return legal + (_raise_action(lo), _raise_action(hi))
        return legal + (_raise_action(lo),)

    def verify_action(self, action: Action) -> Action:
        """Raise :class:`IllegalActionError` unless ``action`` is legal; return it as it will be recorded."""
        self._check_shape(action)
        kind = action.kind
        if kind == ActionKind.DISCARD:
            return self._verify_discard(action)
        if self._in_draw():
            raise self._illegal(action, "it is the draw: discard (stand pat with no cards)")
        if kind in (ActionKind.FOLD, ActionKind.CHECK_CALL):
            return self._verify_fold_or_call(action)
        if kind == ActionKind.BET_RAISE:
            bounds = self.raise_bounds()
            if bounds is None:
                raise self._illegal(action, self._why_no_raise())
            amount = action.amount
            if not isinstance(amount, (int, np.integer)) or isinstance(amount, bool) or action.discard:
                raise self._illegal(action, "a raise carries an integer raise-to amount and no cards")
            lo, hi = bounds
            if not lo <= amount <= hi:
                raise self._illegal(
                    action,
                    f"the raise-to total must be in [{lo}, {hi}] (minimum raise to {lo}, "
                    f"{'all-in' if hi == self._committed[self.current_player] + self._stacks[self.current_player] else 'largest raise'} {hi})",
                )
            return _raise_action(int(amount))
        raise self._illegal(action, f"unknown action kind {kind!r}")

    def _why_no_raise(self) -> str:
        p = self.current_player
        if self._n_active < 2:
            return "every other seat is all-in or folded"
        if self._acts is not None and self._acts[p] >= self._max_orbits - 1:
            return f"the action has passed round the table {self._max_orbits - 1} times; only call or fold"
        return f"stack {self._stacks[p]} does not exceed the {self._high - self._committed[p]} to call"

    def _in_draw(self) -> bool:
        return False

    def _verify_discard(self, action: Action) -> Action:
        raise self._illegal(action, f"{self.game.name} has no draw")

    def _apply(self, action: Action) -> None:
        """Apply a legal action, unchecked (the engine's fast path)."""
        p = self.current_player
        kind = action.kind
        committed = self._committed
        stacks = self._stacks
        if kind == 1:
            d = self._high - committed[p]
            if d > stacks[p]:
                d = stacks[p]
            if d:
                self._put_in(p, d)
            self._to_act -= 1
            self.history.append(_CALL_EVENTS[self.round][p])
        elif kind == 2:
            to = action.amount
            d = to - committed[p]
            inc = to - self._high
            if inc > self._last_inc:
                self._last_inc = inc
            self._put_in(p, d)
            self._high = to
            self._to_act = self._n_active if self._allin[p] else self._n_active - 1  # an all-in raiser is not owed an answer
            self.history.append(_tnew(Event, ("action", p, _raise_action(to), (), self.round)))
        elif kind == 0:
            self._folded[p] = True
            self._n_live -= 1
            self._n_active -= 1
            self._to_act -= 1
            self.history.append(_FOLD_EVENTS[self.round][p])
            if self._n_live == 1:
                self._win_by_fold()
                return
        else:
            self._apply_discard(p, action)
            return
        if self._acts is not None:
            self._acts[p] += 1
        if self._to_act <= 0:
            self._end_round()
            return
        self.current_player = self._next_actor(p)

    def _apply_discard(self, p: int, action: Action) -> None:
        raise self._illegal(action, f"{self.game.name} has no draw")

    def _end_round(self) -> None:
        r = self.round + 1
        if r == self._N_ROUNDS:
            self._showdown()
            return
        self._start_round(r)

    def _start_round(self, r: int) -> None:
        self.round = r
        self._bets = [0] * self.n
        self._last_inc = 0
        self._to_act = self._n_active
        if self._acts is not None:
            self._acts = [0] * self.n
        self._deal_round(r)
        if self._n_active < 2:  # nobody left to bet against: run the cards out
            self._end_round()
            return
        self.current_player = self._first_actor(r)


# ---------------------------------------------------------------- fixed limit at table stakes


if TYPE_CHECKING:
    _StakesBase = FixedLimitState
else:
    _StakesBase = object


class TableStakesMixin(_StakesBase):  # the type checker reads it as the FixedLimitState it is mixed into
    """Fixed-limit betting where each seat's stack binds (a seat short of the bet or call goes all-in).

    Mixed in before a :class:`FixedLimitState` subclass that declares the
    slots ``_allin``, ``_n_active``, ``_acted`` and ``_n_full`` (and lists
    ``_allin``, ``_acted`` in ``_LIST_SLOTS``); without stacks the plain
    state runs unchanged.  The standard table-stakes rule of casino limit
    games:

    * a call with fewer chips than owed commits the whole stack (all-in);
    * the bet or raise goes to ``high + size``; a seat with less behind
      raises all-in to what it has (never less than a call: with no more
      than the call behind it may only call or fold);
    * an all-in raise for less than a full bet is no raise for the
      reopening rule: seats that already acted since the last full bet may
      only call or fold, and it does not count towards the cap of
      ``max_raises + 1`` bets;
    * all-in seats stop acting; no raise when no other seat could answer;
      when at most one seat can still act the remaining cards are dealt and
      the hand goes to showdown, where :func:`split_pot` forms the side pots.
    """

    if TYPE_CHECKING:  # slots the concrete state declares (so the checker sees no __slots__ here)
        _acted: list[int]
        _n_full: int
    else:
        __slots__ = ()

    def _init_stakes(self, stacks: Sequence[int]) -> None:
        """Replace the plain state's stacks by ``stacks`` (one per seat) after the antes are in."""
        committed = self._committed
        self._stacks = [s - c if s > c else 0 for s, c in zip(stacks, committed)]
        self._committed = committed = [c if c < s else s for s, c in zip(stacks, committed)]
        self._allin = [not s for s in self._stacks]
        self._n_active = self._allin.count(False)
        self._pot = sum(committed)
        self._high = max(committed)
        self._acted = [-1] * self.n
        self._n_full = 0
        self._to_act = self._n_active

    def _can_act(self, seat: int) -> bool:
        return not (self._folded[seat] or self._allin[seat])

    _next_actor = _State._next_actor  # the "can act" walk: all-in seats are skipped

    def _first_of(self, best: int) -> None:
        """Make the first seat from ``best`` on that can act the one to act, or run the cards out."""
        if self._n_active < 2:
            self._end_round()
        else:
            self.current_player = self._next_actor(best - 1 if best else self.n - 1)

    def _to_call_of(self, player: int) -> int:
        d = self._high - self._committed[player]
        s = self._stacks[player]
        return d if d < s else s

    def _raise_to(self) -> int:
        """The raise-to total of the seat to act, or 0 when it may not raise."""
        p = self.current_player
        if self._n_bets >= self._cap or self._n_active < 2 or self._acted[p] == self._n_full:
            return 0
        committed = self._committed[p]
        top = committed + self._stacks[p]
        if top <= self._high:
            return 0
        to = self._high + self._size
        return to if to < top else top

    def raise_bounds(self) -> tuple[int, int] | None:
        """``(to, to)`` for the one raise-to total (all-in when short) when a raise is legal, else ``None``."""
        if self.is_terminal:
            return None
        to = self._raise_to()
        return (to, to) if to else None

    def _legal_tuple(self) -> tuple[Action, ...]:
        if self.is_terminal:
            return ()
        facing = self._high > self._committed[self.current_player]
        to = self._raise_to()
        key = (facing, to)
        legal = self._LEGAL_CACHE.get(key)
        if legal is None:
            legal = ((FOLD,) if facing else ()) + (CHECK_CALL,) + ((_raise_action(to),) if to else ())
            self._LEGAL_CACHE[key] = legal
        return legal

    def _decision(self) -> tuple[tuple[Action, ...], tuple[int, int] | None]:
        if self.is_terminal:
            return (), None
        return self._legal_tuple(), self.raise_bounds()

    def _extra(self, player: int) -> dict[str, Any]:
        """``{"bet_size": size}``: the fixed bet, which a capped call or all-in raise no longer shows."""
        return {"bet_size": self._size}  # a fresh dict per observation, as draw's (snapshots stay independent)

    def observation(self, player: int) -> Observation:
        """What seat ``player`` may see now (see :class:`~holdem.games.base.Observation`; an immutable snapshot)."""
        return _State.observation(self, player)

    def verify_action(self, action: Action) -> Action:
        """Raise :class:`IllegalActionError` unless ``action`` is legal; return it as it will be recorded."""
        self._check_shape(action)
        kind = action.kind
        if kind in (ActionKind.FOLD, ActionKind.CHECK_CALL):
            return self._verify_fold_or_call(action)
        if kind == ActionKind.BET_RAISE:
            to = self._raise_to()
            if not to:
                p = self.current_player
                if self._n_bets >= self._cap:
                    why = f"the round is capped: {self._cap} bets (a bet and {self._cap - 1} raises) already made"
                elif self._n_active < 2:
                    why = "every other seat is all-in or folded"
                elif self._acted[p] == self._n_full:
                    why = "an all-in for less than a full bet does not reopen the betting"
                else:
                    why = f"stack {self._stacks[p]} does not exceed the {self._high - self._committed[p]} to call"
                raise self._illegal(action, why)
            if action.amount not in (0, to) or action.discard:
                raise self._illegal(action, f"the fixed-limit raise goes to {to} (amount 0 or {to})")
            return _raise_action(to)
        raise self._illegal(action, f"{self.game.name} has no {ActionKind(kind).name} action")

    def _apply(self, action: Action) -> None:
        """Apply a legal action, unchecked (the engine's fast path)."""
        p = self.current_player
        kind = action.kind
        committed = self._committed
        stacks = self._stacks
        if kind == 1:  # check / call, all-in when short
            d = self._high - committed[p]
            if d > stacks[p]:
                d = stacks[p]
            if d:
                self._put_in(p, d)
            self._to_act -= 1
            self.history.append(_CALL_EVENTS[self.round][p])
        elif kind == 2:  # bet / raise, all-in for less when short
            high = self._high
            to = self._raise_to()
            if to - high >= self._size:  # a full bet or raise: counts towards the cap, reopens the betting
                self._n_bets += 1
                self._n_full += 1
            d = to - committed[p]
            self._put_in(p, d)
            self._high = to
            self._to_act = self._n_active if self._allin[p] else self._n_active - 1  # an all-in raiser is not owed an answer
            self.history.append(_tnew(Event, ("action", p, _raise_action(to), (), self.round)))
        elif kind == 0:
            self._folded[p] = True
            self._n_live -= 1
            self._n_active -= 1
            self._to_act -= 1
            self.history.append(_FOLD_EVENTS[self.round][p])
            if self._n_live == 1:
                self._win_by_fold()
                return
        else:
            raise self._illegal(action, f"{self.game.name} has no {ActionKind(kind).name} action")
        self._acted[p] = self._n_full
        if self._to_act <= 0:
            self._end_round()
            return
        self.current_player = self._next_actor(p)

    def _end_round(self) -> None:
        r = self.round + 1
        if r == self._N_ROUNDS:
            self._showdown()
            return
        self.round = r
        self._bets = [0] * self.n
        self._n_bets = 0
        self._n_full = 0
        self._acted = [-1] * self.n
        self._to_act = self._n_active
        self._size = self._sizes[r]
        self._first_of(self._start_round(r))

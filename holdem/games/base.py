"""The one game API shared by every rule set: frozen value types and the state-machine protocol.

A hand is *a deal plus a sequence of actions* (ARCHITECTURE.md, "Games are state
machines with explicit chance"): the deal is a permutation of the 52 cards,
fixed before the first action, so a duplicate match can replay the same cards
with the seats permuted.  Cards come off the top of the permutation in the
order each rule set documents, always *by position relative to the button*
(position 0 is the seat left of the button); a folded seat's would-be cards
are simply never shown, which deals every seat the same cards as a live
dealer would in distribution and makes every seat's final hand a function
of the deal alone (what :meth:`Game.showdown_cards` vectorizes).

Every rule set provides

* a frozen *game* object (the rules and stakes: ``LimitHoldem``,
  ``NoLimitHoldem``, ``Stud5``, ``Draw5``) with ``name``, ``n_players``,
  ``unit`` (``"sb"`` small bets, ``"bb"`` big blinds, ``"units"`` betting
  units), ``unit_chips`` (chips per unit), ``starting_stack``,
  ``new_hand(deal, *, button=0, ranks=None)``, ``showdown_cards(deals, buttons)``
  and ``showdown_ranks(deals, buttons)``;
* a mutable state with ``legal_actions()``, ``verify_action(action)``
  (raises :class:`IllegalActionError`, a ``ValueError``), ``can_apply(action)``,
  ``apply(action)`` (verifies, then acts: an illegal action leaves the state
  untouched), ``_apply(action)`` (the unchecked fast path for the engine),
  ``current_player`` (-1 when the hand is over), ``is_terminal``, ``payoffs``,
  ``observation(player)``, ``raise_bounds()``, ``clone()`` and ``history``.

Amounts are integer chips.  A bet or raise is a *raise-to* amount in the ACPC
sense: ``Action(BET_RAISE, amount)`` means that after the action the player
has ``amount`` chips in the pot **in this hand** (blinds, antes and earlier
rounds included), exactly as ``r300`` in an ACPC ``STATE:`` line.  Fixed-limit
games know the amount themselves: there ``amount`` may be 0 ("the fixed
raise") or that exact total, and the history records the total.

:class:`Action`, :class:`Event` and :class:`Observation` are immutable named
tuples rather than frozen dataclasses: a hand creates dozens of them and a
named tuple is built five to ten times faster, which the engine's speed
targets need.  They compare, hash and print like frozen dataclasses, and
``_replace`` (``Observation.replace``) makes changed copies.

>>> Action(ActionKind.BET_RAISE, 300)
Action(kind=<ActionKind.BET_RAISE: 2>, amount=300, discard=())
>>> str(Action(ActionKind.BET_RAISE, 300)), str(FOLD), str(CHECK_CALL)
('r300', 'f', 'c')
"""

from __future__ import annotations

from enum import IntEnum
from types import MappingProxyType
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, Protocol, runtime_checkable

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "ActionKind",
    "Action",
    "FOLD",
    "CHECK_CALL",
    "STAND_PAT",
    "Event",
    "Observation",
    "Stakes",
    "IllegalActionError",
    "GameState",
    "Game",
]


class ActionKind(IntEnum):
    """What a player does.  ``CHECK_CALL`` is a check (pass) when nothing is owed."""

    FOLD = 0
    CHECK_CALL = 1
    BET_RAISE = 2
    DISCARD = 3  # five-card draw: replace the cards in ``Action.discard``


class Action(NamedTuple):
    """One player action.

    ``amount`` is used by ``BET_RAISE`` and is the total the player has put in
    the pot *in this hand* after the raise (the ACPC raise-to convention,
    ``r300``); fixed-limit games accept 0 for "the fixed raise".  ``discard``
    holds the card codes a draw player throws (``DISCARD``; ``()`` stands pat).
    In the *public* record of a draw (an ``Event`` of kind ``"draw"``) the
    cards are hidden and ``amount`` is how many were replaced.

    >>> Action(ActionKind.DISCARD, discard=(12, 40))
    Action(kind=<ActionKind.DISCARD: 3>, amount=0, discard=(12, 40))
    >>> str(Action(ActionKind.DISCARD, discard=(12, 40)))
    'd12,40'
    """

    kind: ActionKind
    amount: int = 0
    discard: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.kind == ActionKind.BET_RAISE:
            return f"r{self.amount}" if self.amount else "r"
        if self.kind == ActionKind.DISCARD:
            return "d" + ",".join(str(c) for c in self.discard)
        return "fc"[self.kind]


FOLD = Action(ActionKind.FOLD)
CHECK_CALL = Action(ActionKind.CHECK_CALL)
#: Draw: keep all five cards.
STAND_PAT = Action(ActionKind.DISCARD)


class Event(NamedTuple):
    """A public event of a hand, in the order it happened.

    ``kind`` is

    * ``"action"``: ``player`` did ``action`` in betting round ``round``
      (raises carry their raise-to total, calls and checks are ``CHECK_CALL``);
    * ``"deal"``: public cards ``cards`` were dealt for ``round``: the board
      (hold'em, ``player`` -1) or one seat's up card (stud, ``player`` = seat);
    * ``"draw"``: ``player`` replaced ``action.amount`` cards (five-card draw;
      which cards stays hidden);
    * ``"showdown"``: ``player`` shows its hidden cards ``cards`` (hold'em the
      two hole cards, stud the down card, draw the final five).

    Blinds and antes are not events: the rules post them (see each game).

    >>> Event("deal", -1, None, (0, 1, 2), 1)
    Event(kind='deal', player=-1, action=None, cards=(0, 1, 2), round=1)
    """

    kind: str
    player: int = -1
    action: Action | None = None
    cards: tuple[int, ...] = ()
    round: int = -1


_EMPTY: Mapping[str, Any] = MappingProxyType({})


class Stakes(NamedTuple):
    """The money rules of a game, the same for every hand of it: what an agent needs to know besides the cards.

    ``ante`` each seat's ante; ``blinds`` the small and big blind amounts
    (empty without blinds); ``bet_sizes`` the fixed bet of each betting round
    in fixed-limit games (empty when raises are sized: no-limit, draw);
    ``max_raises`` the raises allowed after the opening bet of a round
    (None: no cap); ``starting_stack`` the chips a seat starts a hand with
    (where stacks never bind: the most it can put in); ``unit_chips`` the
    chips of the unit results are counted in.

    >>> from holdem.games import LimitHoldem, Stud5
    >>> LimitHoldem().stakes.bet_sizes, Stud5().stakes.ante
    ((2, 2, 4, 4), 1)
    """

    ante: int = 0
    blinds: tuple[int, ...] = ()
    bet_sizes: tuple[int, ...] = ()
    max_raises: int | None = None
    starting_stack: int = 0
    unit_chips: int = 1


_NO_STAKES = Stakes()


class Observation(NamedTuple):
    """Exactly what one seat may see (ARCHITECTURE.md: agents see only their observation).

    ``hole`` are the seat's hidden cards; ``public`` the board (hold'em; empty
    elsewhere); ``up_cards`` every seat's face-up cards (stud; empty
    elsewhere); ``history`` the full public event list (a tuple of
    :class:`Event`); ``pot`` all chips in the pot; ``stacks`` the chips each
    seat has behind; ``bets`` the chips each seat put in during this betting
    round; ``committed`` the chips each seat put in during the whole hand;
    ``to_call`` the chips this seat must add to call; ``legal`` the legal
    actions and ``raise_bounds`` the ``(min_to, max_to)`` raise-to range when
    it is this seat's turn (``legal`` empty, ``raise_bounds`` ``None`` otherwise).
    ``extra`` holds game-specific items (draw: ``"drawn"``, cards each seat replaced;
    stud at table stakes: ``"bet_size"``, the round's fixed bet, which capped calls and raises no longer show).
    ``stakes`` are the game's :class:`Stakes` (blinds, antes, bet sizes), so no
    agent re-derives them; :attr:`bet_size` is this round's fixed bet.
    """

    game: str
    player: int
    n_players: int
    round: int
    hole: tuple[int, ...]
    public: tuple[int, ...]
    up_cards: tuple[tuple[int, ...], ...]
    history: tuple[Event, ...]
    pot: int
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    to_call: int
    button: int
    folded: tuple[bool, ...]
    legal: tuple[Action, ...] = ()
    extra: Mapping[str, Any] = _EMPTY
    committed: tuple[int, ...] = ()
    raise_bounds: tuple[int, int] | None = None
    stakes: Stakes = _NO_STAKES

    @property
    def bet_size(self) -> int | None:
        """The fixed bet of this betting round (fixed-limit games), None when raises are sized.

        >>> from holdem.games import LimitHoldem
        >>> LimitHoldem().new_hand(list(range(52))).observation(0).bet_size
        2
        """
        sizes = self.stakes.bet_sizes
        return sizes[self.round] if sizes else None

    def replace(self, **changes: Any) -> "Observation":
        """A copy with some fields changed."""
        return self._replace(**changes)

    def can(self, kind: ActionKind | str) -> bool:
        """Whether an action of ``kind`` is legal now (``kind``: an :class:`ActionKind` or a word, see :meth:`action`).

        Compare kinds, not actions: a legal raise carries its amount, so
        ``Action(ActionKind.BET_RAISE) in obs.legal`` is False in a game whose
        raises are sized; ``obs.can("raise")`` is the question to ask.

        >>> from holdem.games import LimitHoldem
        >>> obs = LimitHoldem().new_hand(list(range(52))).observation(0)
        >>> obs.can("raise"), obs.can("fold"), obs.can("discard")
        (True, True, False)
        """
        kind = _action_kind(kind)
        return any(a.kind == kind for a in self.legal)

    def action(self, kind: ActionKind | str, amount: int | None = None, *, cards: Iterable[int] = ()) -> Action:
        """The legal action of ``kind``, ready to return from ``act``.

        ``kind`` is an :class:`ActionKind` or one of the words ``"fold"``,
        ``"check"``, ``"call"`` (both ``CHECK_CALL``), ``"bet"``, ``"raise"``
        (both ``BET_RAISE``) and ``"discard"``.  A raise is the one listed in
        ``legal`` (the minimum raise-to in no-limit, the fixed raise in limit),
        or raise-to ``amount`` when given, which must lie in ``raise_bounds``.
        A discard throws ``cards`` (card codes from ``hole``).  An action that is
        not legal now raises ``ValueError`` naming it and the legal ones.

        >>> from holdem.games import NoLimitHoldem
        >>> obs = NoLimitHoldem().new_hand(list(range(52))).observation(0)
        >>> obs.action("call"), obs.action("raise", 500)
        (Action(kind=<ActionKind.CHECK_CALL: 1>, amount=0, discard=()), Action(kind=<ActionKind.BET_RAISE: 2>, amount=500, discard=()))
        >>> obs.action("raise", 5)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: raise-to 5 is not legal now: raises go to 200..20000 chips
        """
        kind = _action_kind(kind)
        listed = next((a for a in self.legal if a.kind == kind), None)
        if listed is None:
            raise ValueError(
                f"a {kind.name} is not legal now; legal: {', '.join(str(a) for a in self.legal) or 'nothing (not your turn)'}"
            )
        if kind == ActionKind.BET_RAISE and amount is not None:
            low, high = self.raise_bounds if self.raise_bounds is not None else (listed.amount, listed.amount)
            if listed.amount == 0 and self.raise_bounds is None:  # fixed-limit: the raise has one size
                return listed
            if not (isinstance(amount, (int, np.integer)) and low <= amount <= high):
                raise ValueError(f"raise-to {amount!r} is not legal now: raises go to {low}..{high} chips")
            return Action(ActionKind.BET_RAISE, int(amount))
        if kind == ActionKind.DISCARD:
            return Action(ActionKind.DISCARD, 0, tuple(int(c) for c in cards))
        return listed


_KIND_WORDS = {"fold": ActionKind.FOLD, "check": ActionKind.CHECK_CALL, "call": ActionKind.CHECK_CALL,
               "bet": ActionKind.BET_RAISE, "raise": ActionKind.BET_RAISE, "discard": ActionKind.DISCARD}


def _action_kind(kind: object) -> ActionKind:
    if isinstance(kind, ActionKind):
        return kind
    if isinstance(kind, str) and kind.lower() in _KIND_WORDS:
        return _KIND_WORDS[kind.lower()]
    raise ValueError(f"The 'kind' parameter must be an ActionKind or one of {', '.join(_KIND_WORDS)}; got {kind!r}.")


class IllegalActionError(ValueError):
    """An action the rules do not allow in this state (the message names the action and why)."""


@runtime_checkable
class GameState(Protocol):
    """The protocol every rule set's state follows (see the module docstring)."""

    current_player: int  # -1 when terminal
    is_terminal: bool
    history: list[Event]

    def legal_actions(self) -> list[Action]: ...

    def verify_action(self, action: Action) -> Action: ...

    def can_apply(self, action: Action) -> bool: ...

    def apply(self, action: Action) -> Action: ...

    def _apply(self, action: Action) -> None: ...

    def raise_bounds(self) -> tuple[int, int] | None: ...

    @property
    def payoffs(self) -> np.ndarray: ...

    def observation(self, player: int) -> Observation: ...

    def clone(self) -> "GameState": ...


class Game(Protocol):
    """The protocol of a rule set (frozen: rules and stakes only)."""

    @property
    def name(self) -> str: ...

    @property
    def n_players(self) -> int: ...

    @property
    def unit(self) -> str: ...

    @property
    def unit_chips(self) -> int: ...

    @property
    def starting_stack(self) -> int: ...

    @property
    def stakes(self) -> Stakes: ...

    def new_hand(self, deal: ArrayLike, *, button: int = 0, ranks: ArrayLike | None = None) -> GameState: ...

    def showdown_cards(self, deals: NDArray[np.integer[Any]], buttons: ArrayLike) -> NDArray[Any] | None: ...

    def showdown_ranks(self, deals: NDArray[np.integer[Any]], buttons: ArrayLike) -> NDArray[Any] | None: ...

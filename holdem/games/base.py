"""The one game API shared by every rule set: frozen value types and the state-machine protocol.

A hand is *a deal plus a sequence of actions* (DESIGN.md, "Games are state
machines with explicit chance"): the deal is a permutation of the 52 cards,
fixed before the first action, so a duplicate match can replay the same cards
with the seats permuted.  Cards come off the top of the permutation in the
order each rule set documents.

Every rule set provides

* a frozen *game* object (the rules and stakes: ``LimitHoldem``, ``NoLimitHoldem``,
  ``Stud5``, ``Draw5``) with ``new_hand(deal, *, button=0)`` returning a :class:`GameState`;
* a mutable :class:`GameState` with ``legal_actions()``, ``apply(action)`` (checked:
  raises :class:`IllegalActionError`, a ``ValueError``, and leaves the state
  untouched), ``_apply(action)`` (unchecked fast path for the engine),
  ``current_player``, ``is_terminal``, ``payoffs``, ``observation(player)`` and
  ``clone()``.

Amounts are integer chips.  Each game states its *unit* (``"sb"`` small bets,
``"bb"`` big blinds, ``"units"`` betting units) and how many chips make one
unit (``unit_chips``), so results convert exactly.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Protocol, runtime_checkable

import numpy as np

__all__ = [
    "ActionKind",
    "Action",
    "FOLD",
    "CHECK_CALL",
    "Event",
    "Observation",
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


@dataclass(frozen=True, slots=True)
class Action:
    """One player action.

    ``amount`` is used by ``BET_RAISE`` in no-limit games and means the total the
    player raises *to* this round (the ACPC "raise-to" convention); fixed-limit
    games ignore it (0).  ``discard`` holds the card codes a draw player throws.

    >>> Action(ActionKind.BET_RAISE, 300)
    Action(kind=<ActionKind.BET_RAISE: 2>, amount=300, discard=())
    """

    kind: ActionKind
    amount: int = 0
    discard: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.kind is ActionKind.BET_RAISE:
            return f"r{self.amount}" if self.amount else "r"
        if self.kind is ActionKind.DISCARD:
            return "d" + "".join(str(c) + "," for c in self.discard).rstrip(",")
        return "fc"[self.kind]


FOLD = Action(ActionKind.FOLD)
CHECK_CALL = Action(ActionKind.CHECK_CALL)


@dataclass(frozen=True, slots=True)
class Event:
    """A public event of a hand: an action, a card shown, a showdown.

    ``kind`` is ``"action"`` (with ``player`` and ``action``), ``"deal"`` (public
    cards: board or up cards, with ``player`` -1 for a board), ``"draw"`` (how many
    cards ``player`` replaced), ``"round"`` (a new betting round ``round``) or
    ``"showdown"`` (``player`` shows ``cards``).
    """

    kind: str
    player: int = -1
    action: Action | None = None
    cards: tuple[int, ...] = ()
    round: int = -1


@dataclass(frozen=True, slots=True)
class Observation:
    """Exactly what one seat may see (DESIGN.md: agents see only their observation).

    ``hole`` are the seat's hidden cards; ``public`` the board (hold'em) and
    ``up_cards`` every seat's face-up cards (stud; empty elsewhere); ``history``
    the full public event list; ``pot``, ``stacks``, ``to_call`` (chips this seat
    must add to call), ``legal`` the legal actions when it is this seat's turn.
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
    extra: dict = field(default_factory=dict)

    def replace(self, **changes) -> "Observation":
        return dataclasses.replace(self, **changes)


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state (names the action and the state)."""


@runtime_checkable
class GameState(Protocol):
    """The protocol every rule set's state follows (see the module docstring)."""

    current_player: int  # -1 when terminal
    is_terminal: bool

    def legal_actions(self) -> list[Action]: ...

    def apply(self, action: Action) -> None: ...

    def _apply(self, action: Action) -> None: ...

    @property
    def payoffs(self) -> np.ndarray: ...

    def observation(self, player: int) -> Observation: ...

    def clone(self) -> "GameState": ...


class Game(Protocol):
    """The protocol of a rule set (frozen: rules and stakes only)."""

    name: str
    n_players: int
    unit: str
    unit_chips: int

    def new_hand(self, deal: np.ndarray, *, button: int = 0) -> GameState: ...

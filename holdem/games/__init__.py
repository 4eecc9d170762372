"""Rule sets as state machines with explicit chance (see :mod:`holdem.games.base`)."""

from holdem.games.base import CHECK_CALL, FOLD, Action, ActionKind, Event, IllegalActionError, Observation

__all__ = ["Action", "ActionKind", "CHECK_CALL", "FOLD", "Event", "IllegalActionError", "Observation"]

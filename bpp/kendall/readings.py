"""The readings of Kendall2001 that its text leaves open, each selectable by name.

Three things decide how the evolving player fares and the paper settles none
of them.  Every reading here rests on a sentence of the paper (quoted in
:data:`QUOTES`); none contradicts it.

**Drawing** (``draw``) — "after a round of betting, [the players] are allowed
to trade two cards before a final round of betting" (§2).  Tables 1–4 and the
evolving player's algorithm say how to bet, never what to throw.

* ``standard``: every player trades up to two cards by the textbook rule of
  :func:`bpp.kendall.drawing.discards` ("allowed to trade two cards": at most two);
* ``pat``: nobody trades ("allowed", not required, and no rule of the paper
  ever asks for a card).

**A fixed player with nothing owed** (``idle``) — "Each playing style will
play to a specific set of rules using the value of their current hand and the
current value of the pot to decide whether to fold, call, or raise" (§3), rows
such as "Raise 5 if Pot <= 100 otherwise Call" (Tables 1–4).

* ``bet``: the row applies whatever is owed: a raise row bets its amount when
  nobody has bet (fold and call rows check);
* ``check``: fold, call and raise answer a bet: with nothing owed every row checks,
  so the fixed players never open the betting.

**Which hand's learning value moves** (``credit``) — "There is a learning value
… associated with each possible hand", "lv = learning value for the hand being
played", "If the evolving player wins a game … then the learning value is
incremented by 0.1 … If the player folds after raising or calling the learning
value will be decreased by 0.1" (§3).  The hand changes at the draw.

* ``both``: the values of every hand it bet on in the game (dealt and drawn);
* ``final``: the value of the hand it held at the end (the hand that won or lost);
* ``dealt``: the value of the hand it was dealt (the hand it chose to play).

A reading's name is ``draw-idle-credit``, e.g. ``standard-bet-both``.  Under
``pat`` the hand never changes, so the three ``credit`` readings play alike.
:data:`DEFAULT` is the one the toolkit uses unless told otherwise: the
comparison ``bpp reproduce --only kendall`` publishes (experiment
``kendall-readings``) found the most results reproduced (4 of its 10 checks)
by ``standard-check-both``, ``standard-check-final`` and the ``pat-bet-*`` and
``pat-check-*`` readings; among those the text supports trading cards best (it
calls its game "draw poker"), and every hand the player bet on (each value
"for the hand being played") over its last one.

>>> reading("pat-check-final")
Reading(draw='pat', idle='check', credit='final')
>>> reading("pat-fold-final")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: The 'reading' parameter must be one of standard-bet-both, standard-bet-final, ...; got 'pat-fold-final'.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

__all__ = ["Reading", "READINGS", "DEFAULT", "QUOTES", "reading"]

DRAWS = ("standard", "pat")
IDLES = ("bet", "check")
CREDITS = ("both", "final", "dealt")

#: The sentence each open point rests on (Kendall2001), and what each reading takes from it.
QUOTES = {
    "draw": ("§2: \"after a round of betting, are allowed to trade two cards before a final round of betting\"",
             {"standard": "trade up to two cards by the textbook rule", "pat": "allowed, not required: nobody trades"}),
    "idle": ("§3: \"play to a specific set of rules using the value of their current hand and the current value of "
             "the pot to decide whether to fold, call, or raise\"; rows \"Raise 5 if Pot <= 100 otherwise Call\"",
             {"bet": "a raise row bets its amount when nothing is owed", "check": "rows answer a bet: with nothing owed, check"}),
    "credit": ("§3: \"a learning value … associated with each possible hand\", \"lv = learning value for the hand being "
               "played\", \"If the evolving player wins a game … the learning value is incremented by 0.1\"",
               {"both": "every hand it bet on in the game (dealt and drawn)", "final": "the hand it held at the end",
                "dealt": "the hand it was dealt"}),
}


@dataclass(frozen=True)
class Reading:
    """One combination of the open points (module docstring)."""

    draw: str = "standard"
    idle: str = "bet"
    credit: str = "both"

    @property
    def name(self) -> str:
        return f"{self.draw}-{self.idle}-{self.credit}"


#: Every combination by name, in a fixed order.
READINGS = {r.name: r for r in (Reading(d, i, c) for d, i, c in product(DRAWS, IDLES, CREDITS))}
#: The reading used unless told otherwise.
DEFAULT = "standard-check-both"


def reading(value: Reading | str | None = None) -> Reading:
    """The :class:`Reading` named ``value`` (a name, a Reading, or None for :data:`DEFAULT`)."""
    if value is None:
        value = DEFAULT
    if isinstance(value, Reading):
        return value
    if value not in READINGS:
        raise ValueError(f"The 'reading' parameter must be one of {', '.join(READINGS)}; got {value!r}.")
    return READINGS[value]

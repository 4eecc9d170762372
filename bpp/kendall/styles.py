"""The four fixed playing styles of Kendall and Willdig as declarative tables (Kendall2001 §3, Tables 1-4).

"Each playing style will play to a specific set of rules using the value of
their current hand and the current value of the pot to decide whether to
fold, call, or raise" (Kendall2001 §3).  Each style is a :class:`StyleTable`:
for the first and the second betting round, rows "Hand From … Hand To →
Action" exactly as printed, each citing its table.  Actions are

* ``FOLD`` — with nothing to call the engine has no fold, so it checks;
* ``CALL`` — call, or check when nothing is owed;
* ``raise_(r, limit)`` — "Raise r if Pot <= limit otherwise Call": the seat
  raises by ``r`` units over the current bet while the pot (every chip in it,
  antes included) is at most ``limit``, else calls; when the rules allow no
  more raises (the third pass round the table) it calls.

The tables keep the paper's names; :func:`compile_style` turns them into one
action per hand value of :mod:`bpp.kendall.handvalues` and checks that the rows
of every round cover the values 0 … 99 without gap or overlap.

How the text was read (every reading is in :data:`NAME_READINGS` or a row's ``note``):

* **Tables 1 and 3, second round.**  The text copy prints these rounds as a
  growing list: its k-th line holds the "Hand From", "Hand To" and "Action"
  cells of rows 1 … k run together ("Pair 9's Three 7's | Pair 8's Three 6's
  | Fold Call"), the first line a stray "0 | | Action".  The last line holds
  all six rows; cell i of each column is row i.  Decoded, Table 1's second
  round is 0–Pair 8's Fold; Pair 9's–Three 6's Call; Three 7's–Three A's
  Raise 5 (pot ≤ 150); Straight 6 High–Straight A High Raise 10 (≤ 200);
  Flush 6 High–Full House A High Raise 15 (≤ 250); Four 2's–Four A's Raise 20
  (≤ 300).  Table 3's: 0–Pair A's Fold; 2 Pairs 3 High–Three 10's Call; Three
  J's–Three A's Raise 5 (≤ 150); Straight 6 High–Straight A High Raise 10
  (≤ 200); Flush 6 High–Full House A High Raise 15 (≤ 250); Four 2's–Four A's
  Raise 20 (≤ 300).
* **No row above "Four A's"** in those two rounds: straight and royal flushes
  are not listed.  They are read as the top row (the strongest action the
  round has), not given an invented "Raise 25 if Pot <= 350" row.
* **"0"** is the bottom of the ranking (a no-pair hand, 7 high).
* **"Straight" / "Straight 6 High"** as the first straight: the paper starts
  straights at 6 high; the engine (standard rules) also counts A-2-3-4-5, 5
  high, which is read into the same row (otherwise it would fall in no row).
* **"Flush 6 High"** is the lowest flush: a 6-high flush would be a straight
  flush, so the lowest flush is 7 high.
* **"Straight Flush 6 High"** (Table 4) is the lowest straight flush, 5 high,
  as for straights.
* **"Straight Flush A High"** followed by a "Royal Flush" row (Table 4) is the
  highest straight flush below the royal flush, K high.

>>> la = compile_style("loose-aggressive")
>>> from bpp.kendall.handvalues import value_of_name
>>> la.action(0, value_of_name("Three 7's")), la.action(1, value_of_name("Three 7's"))
(Rule(kind='raise', raise_by=15, pot_limit=200), Rule(kind='raise', raise_by=5, pot_limit=150))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import cast

from bpp.kendall.handvalues import N_VALUES, value_of_name

__all__ = [
    "call_row",
    "Rule",
    "Row",
    "StyleTable",
    "CompiledStyle",
    "FOLD",
    "CALL",
    "raise_",
    "STYLES",
    "STYLE_NAMES",
    "NAME_READINGS",
    "compile_style",
    "check_style",
]


@dataclass(frozen=True)
class Rule:
    """One action of a table: ``kind`` "fold", "call" or "raise"; a raise of ``raise_by`` units while the pot ≤ ``pot_limit``."""

    kind: str
    raise_by: int = 0
    pot_limit: int = 0

    def __str__(self) -> str:
        if self.kind == "raise":
            return f"Raise {self.raise_by} if Pot <= {self.pot_limit} otherwise Call"
        return self.kind.capitalize()


FOLD = Rule("fold")
CALL = Rule("call")


def raise_(raise_by: int, pot_limit: int) -> Rule:
    """"Raise ``raise_by`` if Pot <= ``pot_limit`` otherwise Call"."""
    return Rule("raise", raise_by, pot_limit)


@dataclass(frozen=True)
class Row:
    """A printed row: hands from ``low`` to ``high`` (the paper's names) take ``rule``; ``source`` cites it."""

    low: str
    high: str
    rule: Rule
    source: str
    note: str = ""


@dataclass(frozen=True)
class StyleTable:
    """A style's two rounds of rows (the paper's "1st Round Strategy" and "2nd Round Strategy")."""

    name: str
    table: str
    first: tuple[Row, ...]
    second: tuple[Row, ...]


#: How a name printed in the tables maps to a name of :data:`bpp.kendall.handvalues.VALUE_NAMES`, and why.
NAME_READINGS: dict[str, tuple[str, str]] = {
    "0": ("7 High", "the bottom of the ranking (no pair, 7 high is the weakest five-card hand)"),
    "Straight": ("Straight 5 High", "the lowest straight (A-2-3-4-5 counts, as in standard rules)"),
    "Straight 6 High": ("Straight 5 High", "the paper's lowest straight; the engine's lowest is A-2-3-4-5, read into the same row"),
    "Flush 6 High": ("Flush 7 High", "the lowest flush (a 6-high flush would be a straight flush)"),
    "Straight Flush 6 High": ("Straight Flush 5 High", "the lowest straight flush, as for straights"),
    "2 Pairs A High": ("2 Pairs Ace High", "Table 4's spelling of Table 1's '2 Pairs Ace High'"),
    "Straight Flush A High": ("Straight Flush K High", "the highest straight flush below the royal flush, which has its own row"),
}

_T1, _T2, _T3, _T4 = "Table 1", "Table 2", "Table 3", "Table 4"
_TOP = "the text lists no row above Four A's: straight and royal flushes are read into this top row"

#: The four fixed styles (Kendall2001 §3, Tables 1-4), rows as printed (Tables 1 and 3 round 2 decoded).
STYLES: dict[str, StyleTable] = {
    "loose-aggressive": StyleTable(
        "loose-aggressive",
        _T1,
        first=(
            Row("0", "Pair 8's", FOLD, f"{_T1}, 1st round"),
            Row("Pair 9's", "Pair K's", CALL, f"{_T1}, 1st round"),
            Row("Pair A's", "2 Pairs Ace High", raise_(5, 100), f"{_T1}, 1st round"),
            Row("Three 2's", "Three 4's", raise_(10, 150), f"{_T1}, 1st round"),
            Row("Three 5's", "Three J's", raise_(15, 200), f"{_T1}, 1st round"),
            Row("Three Q's", "Three A's", raise_(20, 250), f"{_T1}, 1st round"),
            Row("Straight", "Royal Flush", raise_(25, 300), f"{_T1}, 1st round"),
        ),
        second=(
            Row("0", "Pair 8's", FOLD, f"{_T1}, 2nd round (decoded)"),
            Row("Pair 9's", "Three 6's", CALL, f"{_T1}, 2nd round (decoded)"),
            Row("Three 7's", "Three A's", raise_(5, 150), f"{_T1}, 2nd round (decoded)"),
            Row("Straight 6 High", "Straight A High", raise_(10, 200), f"{_T1}, 2nd round (decoded)"),
            Row("Flush 6 High", "Full House A High", raise_(15, 250), f"{_T1}, 2nd round (decoded)"),
            Row("Four 2's", "Four A's", raise_(20, 300), f"{_T1}, 2nd round (decoded)", _TOP),
        ),
    ),
    "loose-passive": StyleTable(
        "loose-passive",
        _T2,
        first=(
            Row("0", "Pair 8's", FOLD, f"{_T2}, 1st round"),
            Row("Pair 9's", "Three J's", CALL, f"{_T2}, 1st round"),
            Row("Three Q's", "Flush A High", raise_(5, 100), f"{_T2}, 1st round"),
            Row("Full House 2 High", "Royal Flush", raise_(10, 150), f"{_T2}, 1st round"),
        ),
        second=(
            Row("0", "Pair 8's", FOLD, f"{_T2}, 2nd round"),
            Row("Pair 9's", "Three A's", CALL, f"{_T2}, 2nd round"),
            Row("Straight 6 High", "Straight A High", raise_(5, 100), f"{_T2}, 2nd round"),
            Row("Flush 6 High", "Four 5's", raise_(10, 150), f"{_T2}, 2nd round"),
            Row("Four 6's", "Royal Flush", raise_(15, 200), f"{_T2}, 2nd round"),
        ),
    ),
    "tight-aggressive": StyleTable(
        "tight-aggressive",
        _T3,
        first=(
            Row("0", "Pair A's", FOLD, f"{_T3}, 1st round"),
            Row("2 Pairs 3 High", "Three 4's", CALL, f"{_T3}, 1st round"),
            Row("Three 5's", "Three J's", raise_(5, 150), f"{_T3}, 1st round"),
            Row("Three Q's", "Three A's", raise_(15, 200), f"{_T3}, 1st round"),
            Row("Straight 6 High", "Royal Flush", raise_(25, 300), f"{_T3}, 1st round"),
        ),
        second=(
            Row("0", "Pair A's", FOLD, f"{_T3}, 2nd round (decoded)"),
            Row("2 Pairs 3 High", "Three 10's", CALL, f"{_T3}, 2nd round (decoded)"),
            Row("Three J's", "Three A's", raise_(5, 150), f"{_T3}, 2nd round (decoded)"),
            Row("Straight 6 High", "Straight A High", raise_(10, 200), f"{_T3}, 2nd round (decoded)"),
            Row("Flush 6 High", "Full House A High", raise_(15, 250), f"{_T3}, 2nd round (decoded)"),
            Row("Four 2's", "Four A's", raise_(20, 300), f"{_T3}, 2nd round (decoded)", _TOP),
        ),
    ),
    "tight-passive": StyleTable(
        "tight-passive",
        _T4,
        first=(
            Row("0", "Pair A's", FOLD, f"{_T4}, 1st round"),
            Row("2 Pairs 3 High", "Straight A High", CALL, f"{_T4}, 1st round"),
            Row("Flush 6 High", "Four 5's", raise_(5, 100), f"{_T4}, 1st round"),
            Row("Four 6's", "Straight Flush A High", raise_(10, 150), f"{_T4}, 1st round"),
            Row("Royal Flush", "Royal Flush", raise_(15, 200), f"{_T4}, 1st round"),
        ),
        second=(
            Row("0", "2 Pairs A High", FOLD, f"{_T4}, 2nd round"),
            Row("Three 2's", "Three A's", CALL, f"{_T4}, 2nd round"),
            Row("Straight 6 High", "Flush A High", raise_(5, 100), f"{_T4}, 2nd round"),
            Row("Full House 2 High", "Four A's", raise_(10, 150), f"{_T4}, 2nd round"),
            Row("Straight Flush 6 High", "Royal Flush", raise_(15, 250), f"{_T4}, 2nd round"),
        ),
    ),
}

#: Style names (the registered agents' names), in the paper's table order.
STYLE_NAMES = tuple(STYLES)


def _value(name: str) -> int:
    return value_of_name(NAME_READINGS.get(name, (name, ""))[0])


@dataclass(frozen=True)
class CompiledStyle:
    """A style as one rule per (round, hand value): ``rules[r][v]``, r = 0 first round, 1 second round.

    ``kinds``, ``raise_by`` and ``pot_limit`` hold the same as Python lists
    (0 fold, 1 call, 2 raise) for the players' hot path.
    """

    name: str
    rules: tuple[tuple[Rule, ...], tuple[Rule, ...]]
    kinds: tuple[list[int], ...]
    raise_by: tuple[list[int], ...]
    pot_limit: tuple[list[int], ...]

    def action(self, betting_round: int, value: int) -> Rule:
        """The rule for hand value ``value`` in betting round 0 (before the draw) or 1 (after)."""
        return self.rules[betting_round][value]


def _compile_round(rows: tuple[Row, ...], where: str) -> tuple[Rule, ...]:
    rules: list[Rule | None] = [None] * N_VALUES
    expected = 0
    for i, row in enumerate(rows):
        low, high = _value(row.low), _value(row.high)
        if i == len(rows) - 1 and row.note == _TOP:
            high = N_VALUES - 1
        if low != expected or high < low:
            raise ValueError(
                f"{where}: row {row.low!r}–{row.high!r} covers values {low}–{high}; the rows must run on from value {expected}"
            )
        for v in range(low, high + 1):
            rules[v] = row.rule
        expected = high + 1
    if expected != N_VALUES:
        raise ValueError(f"{where}: the rows end at value {expected - 1}, not at the royal flush ({N_VALUES - 1})")
    return tuple(cast("list[Rule]", rules))  # every value has its rule (checked above)


def check_style(table: StyleTable) -> CompiledStyle:
    """Compile ``table``: one rule per hand value in each round; a ``ValueError`` if rows leave a gap or overlap.

    >>> bad = StyleTable("x", "Table 9", STYLES["loose-passive"].first[:2], STYLES["loose-passive"].second)
    >>> check_style(bad)
    Traceback (most recent call last):
    ...
    ValueError: x (Table 9) round 1: the rows end at value 42, not at the royal flush (99)
    """
    rounds = (
        _compile_round(table.first, f"{table.name} ({table.table}) round 1"),
        _compile_round(table.second, f"{table.name} ({table.table}) round 2"),
    )
    code = {"fold": 0, "call": 1, "raise": 2}
    return CompiledStyle(
        table.name,
        rounds,
        tuple([code[r.kind] for r in rules] for rules in rounds),
        tuple([r.raise_by for r in rules] for rules in rounds),
        tuple([r.pot_limit for r in rules] for rules in rounds),
    )


@functools.cache
def compile_style(name: str) -> CompiledStyle:
    """The compiled table of style ``name`` (one of :data:`STYLE_NAMES`), built once.

    >>> compile_style("tight-passive").action(1, 99)
    Rule(kind='raise', raise_by=15, pot_limit=250)
    >>> compile_style("reckless")
    Traceback (most recent call last):
    ...
    ValueError: The 'style' parameter must be one of loose-aggressive, loose-passive, tight-aggressive, tight-passive; got 'reckless'.
    """
    if name not in STYLES:
        raise ValueError(f"The 'style' parameter must be one of {', '.join(STYLE_NAMES)}; got {name!r}.")
    return check_style(STYLES[name])


def call_row(name: str, betting_round: int = 0) -> int:
    """The lowest hand value (index of :data:`bpp.kendall.handvalues.VALUE_NAMES`) with which style ``name`` answers a bet
    in ``betting_round`` (0: before the draw, 1: after it): its first row that calls or raises.

    >>> from bpp.kendall.handvalues import VALUE_NAMES
    >>> VALUE_NAMES[call_row("tight-aggressive")], VALUE_NAMES[call_row("loose-aggressive")]
    ('2 Pairs 3 High', "Pair 9's")
    """
    kinds = compile_style(name).kinds[betting_round]
    return min(v for v in range(len(kinds)) if kinds[v] >= 1)

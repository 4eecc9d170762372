"""Hand values at the granularity of Kendall and Willdig's strategy tables (Kendall2001 §3, Tables 1-4).

The tables name hands by their category and the one rank that names them:
"Pair 9's", "2 Pairs Ace High", "Three J's", "Straight 6 High", "Flush 6 High",
"Full House 2 High", "Four 2's", "Straight Flush 6 High", "Royal Flush".  This
module numbers those names 0 … 99 in the order of the standard ranking, so a
table row "From X To Y" is the integer range ``[value(X), value(Y)]``:

=====  ===============================  =================================
value  name                             the rank that names it
=====  ===============================  =================================
0-7    ``7 High`` … ``A High``          high card: the top card (a no-pair
                                        hand's top card is at least a 7)
8-20   ``Pair 2's`` … ``Pair A's``      the pair
21-32  ``2 Pairs 3 High`` … ``A High``  the higher pair
33-45  ``Three 2's`` … ``Three A's``    the three
46-55  ``Straight 5 High`` … ``A``      the top card (A-2-3-4-5 is 5 high)
56-63  ``Flush 7 High`` … ``A High``    the top card
64-76  ``Full House 2 High`` … ``A``    the three ("Three 2's and a pair")
77-89  ``Four 2's`` … ``Four A's``      the four
90-98  ``Straight Flush 5 High`` … K    the top card
99     ``Royal Flush``                  (the ace-high straight flush)
=====  ===============================  =================================

Values are computed from the engine's evaluator: every one of its 7,462
classes (:func:`holdem.evaluate.evaluate`) maps to one value through a
7,463-entry table built once, so a batch of hands costs one evaluation and
one gather (:func:`hand_values`); :func:`hand_value` is the one-hand fast path
the players call.  The map is monotone (a stronger class never has a smaller
value), which a test checks on all 2,598,960 five-card hands against an
independent classifier.

>>> from holdem import parse_cards
>>> [value_name(v) for v in hand_values(parse_cards(["9s 9d 2c 5h Kd", "Ah Kh Qh Jh Th", "5c 4d 3h 2s Ad"]))]
["Pair 9's", 'Royal Flush', 'Straight 5 High']
>>> value_of_name("Three J's"), value_of_name("2 Pairs Ace High")
(42, 32)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import numpy as np

from holdem.cards import CardsLike
from holdem.evaluate import _evaluate_one, evaluate, hand_category

__all__ = [
    "N_VALUES",
    "VALUE_NAMES",
    "CATEGORY_OFFSETS",
    "hand_values",
    "hand_value",
    "value_name",
    "value_of_name",
    "value_table",
]

#: Names of ranks as the paper writes them ("Pair 10's", "Three J's").
RANK_WORDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

#: Per evaluator category (0 high card … 8 straight flush): first value and the lowest naming rank.
CATEGORY_OFFSETS = (0, 8, 21, 33, 46, 56, 64, 77, 90)
_LOWEST_RANK = (5, 0, 1, 0, 3, 5, 0, 0, 3)  # 7 high, pair 2's, 2 pairs 3 high, three 2's, 5-high straight, 7-high flush, …
_FORMATS = (
    "{} High",
    "Pair {}'s",
    "2 Pairs {} High",
    "Three {}'s",
    "Straight {} High",
    "Flush {} High",
    "Full House {} High",
    "Four {}'s",
    "Straight Flush {} High",
)


def _names() -> tuple[str, ...]:
    names = []
    for category, (offset, low, fmt) in enumerate(zip(CATEGORY_OFFSETS, _LOWEST_RANK, _FORMATS)):
        top = 11 if category == 8 else 12  # the ace-high straight flush is the royal flush
        for rank in range(low, top + 1):
            word = "Ace" if category == 2 and rank == 12 else RANK_WORDS[rank]
            names.append(fmt.format(word))
        assert len(names) == (CATEGORY_OFFSETS + (99,))[category + 1]
    return tuple(names) + ("Royal Flush",)


#: The 100 hand-value names, index = value (0 = "7 High" … 99 = "Royal Flush").
VALUE_NAMES: tuple[str, ...] = _names()
#: Number of hand values.
N_VALUES = len(VALUE_NAMES)
_INDEX = {name: i for i, name in enumerate(VALUE_NAMES)}


def value_name(value: int) -> str:
    """The paper-style name of hand value ``value`` (0 … 99).

    >>> value_name(0), value_name(99)
    ('7 High', 'Royal Flush')
    >>> value_name(100)
    Traceback (most recent call last):
    ...
    ValueError: The 'value' parameter of value_name must be an integer in [0, 99]; got 100.
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value < N_VALUES:
        raise ValueError(f"The 'value' parameter of value_name must be an integer in [0, {N_VALUES - 1}]; got {value!r}.")
    return VALUE_NAMES[int(value)]


def value_of_name(name: str) -> int:
    """The value of a name of :data:`VALUE_NAMES` ("Pair 9's" → 15).

    >>> value_of_name("Full House 2 High")
    64
    >>> value_of_name("Pair 1's")
    Traceback (most recent call last):
    ...
    ValueError: The 'name' parameter of value_of_name must be one of the 100 hand-value names ('7 High' … 'Royal Flush'); got "Pair 1's".
    """
    try:
        return _INDEX[name]
    except (KeyError, TypeError):
        raise ValueError(
            "The 'name' parameter of value_of_name must be one of the 100 hand-value names "
            f"('7 High' … 'Royal Flush'); got {name!r}."
        ) from None


def naming_values(cards: np.ndarray, categories: np.ndarray) -> np.ndarray:
    """Values of hands of 5 cards from their ranks, given each hand's evaluator category (int array (n, 5)).

    The rank that names a hand: the most frequent rank (pairs, threes, fours,
    full houses: the three), the higher pair (two pairs) or the top card
    (no pair, straights and flushes; the wheel's top card is the 5).
    """
    ranks = np.sort(np.asarray(cards, dtype=np.int64) >> 2, axis=1)
    counts = np.zeros((len(ranks), 13), dtype=np.int64)
    np.add.at(counts, (np.arange(len(ranks))[:, None], ranks), 1)
    # most frequent rank, the higher one on ties (two pairs: the higher pair; no pair: the top card)
    named = np.argmax(counts * 16 + np.arange(13), axis=1)
    wheel = (ranks[:, 4] == 12) & (ranks[:, 3] == 3)
    straight_like = np.isin(categories, (4, 8))
    named = np.where(straight_like & wheel, 3, named)
    cat = np.asarray(categories, dtype=np.int64)
    return np.asarray(CATEGORY_OFFSETS)[cat] + named - np.asarray(_LOWEST_RANK)[cat]


@functools.cache
def value_table() -> np.ndarray:
    """``table[c]`` = the hand value of evaluator class ``c`` (1 … 7,462); read-only int8, entry 0 unused.

    Built once from one representative hand per class (every rank multiset
    without a flush, every five-rank flush).

    >>> t = value_table()
    >>> t.shape, int(t[1]), int(t[7462])
    ((7463,), 0, 99)
    """
    rows: list[list[int]] = []
    for multiset in itertools.combinations_with_replacement(range(13), 5):
        if max(multiset.count(r) for r in multiset) <= 4:
            rows.append([4 * r + i % 4 for i, r in enumerate(multiset)])  # suits 0,1,2,3,0: never a flush
    for combo in itertools.combinations(range(13), 5):
        rows.append([4 * r for r in combo])  # all clubs
    hands = np.array(rows, dtype=np.int8)
    classes = evaluate(hands)
    table = np.full(7463, -1, dtype=np.int8)
    table[classes] = naming_values(hands, hand_category(classes))
    if (table[1:] < 0).any() or np.unique(classes).size != 7462:  # pragma: no cover - guards the construction
        raise AssertionError("the hand-value table does not cover the 7,462 classes")
    table[0] = 0
    table.flags.writeable = False
    return table


#: :func:`value_table` as a Python list (filled on first use: list indexing beats numpy scalar indexing).
_TABLE_LIST: list[int] = []


def hand_values(cards: CardsLike) -> np.ndarray:
    """Hand values (0 … 99) of a batch of 5-card hands, shape ``(...)`` from ``(..., 5)``; int8.

    Parameters
    ----------
    cards
        Card codes of shape ``(..., 5)`` (anything :func:`holdem.evaluate.evaluate` takes).

    Examples
    --------
    >>> from holdem import parse_cards
    >>> hand_values(parse_cards([["Qs", "Qd", "Qc", "2h", "2d"], ["7c", "5d", "4h", "3s", "2c"]])).tolist()
    [74, 0]
    >>> hand_values([[0, 1, 2, 3, 4, 5]])
    Traceback (most recent call last):
    ...
    ValueError: The 'cards' parameter of hand_values must have 5 cards per hand; got shape (1, 6).
    """
    arr = np.asarray(cards)
    if arr.dtype.kind not in "iu" or arr.ndim == 0 or arr.shape[-1] != 5:
        from holdem import parse_cards

        arr = parse_cards(cards, distinct=False)
        if arr.ndim == 0 or arr.shape[-1] != 5:
            raise ValueError(f"The 'cards' parameter of hand_values must have 5 cards per hand; got shape {arr.shape}.")
    return value_table()[evaluate(arr)]


def hand_value(hand: Sequence[int]) -> int:
    """The value of one hand of five card codes (plain Python, about 3 µs; trusts its input).

    >>> hand_value((51, 47, 43, 39, 35))     # As Ks Qs Js Ts
    99
    """
    if not _TABLE_LIST:
        _TABLE_LIST.extend(value_table().tolist())
    return _TABLE_LIST[_evaluate_one(hand, None)]

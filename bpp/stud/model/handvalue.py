"""Partial stud hands compared as the rule-based player of Figure 4 reads them (Korb1999 §3.2, §5.1).

:func:`hand_value` orders partial or full hands (pairs, two pairs, trips,
quads, then ranks high to low; straights and flushes only with five cards),
:func:`hand_type` gives the 17 hand types of §3.2 applied to the cards there
are, and :func:`hand_value_codes` does both for a batch as numbers (numpy).
Used by the automated opponents (:mod:`bpp.stud.opponents`), the §6.1
networks (:mod:`bpp.stud.model.upcards`) and the card-level BPP
(:mod:`bpp.stud.players.cardlevel`).

>>> from holdem.cards import parse_cards
>>> hand_value(parse_cards("Kd Ks 4c")) > hand_value(parse_cards("Ac Kd"))
True
"""

from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING

import numpy as np

from bpp.stud.model.handtypes import FINAL_TYPES

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["hand_value", "hand_type", "hand_value_codes", "down_card_codes", "showing_code", "HAND_TYPE_NAMES"]

#: The 17 hand types of §3.2, weakest first (:func:`hand_type` applies them to partial hands too).
HAND_TYPE_NAMES = FINAL_TYPES
# rank (0 = deuce … 12 = ace) -> the 5 subdivisions of busted hands and pairs: 2-9, T-J, Q, K, A
_SUBDIVISION = (0,) * 8 + (1, 1, 2, 3, 4)

_VALUES: dict[tuple[int, ...], tuple] = {}
_TYPES: dict[tuple[int, ...], int] = {}


def _clean(cards, owner: str) -> tuple[int, ...]:
    try:
        out = tuple(sorted(int(c) for c in cards))
    except (TypeError, ValueError):
        raise ValueError(f"The 'cards' parameter of {owner} must be 1-5 card codes; got {cards!r}.") from None
    if not 1 <= len(out) <= 5 or len(set(out)) != len(out) or not all(0 <= c < 52 for c in out):
        raise ValueError(f"The 'cards' parameter of {owner} must be 1-5 distinct card codes in [0, 52); got {cards!r}.")
    return out


def _value(cards: tuple[int, ...]) -> tuple:
    ranks = [c >> 2 for c in cards]
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = tuple(n for n, _ in groups)
    order = tuple(r for _, r in groups)
    category = {(4,): 7, (4, 1): 7, (3, 2): 6, (3,): 3, (3, 1): 3, (3, 1, 1): 3, (2, 2): 2, (2, 2, 1): 2}.get(shape)
    if category is None:
        category = 1 if shape[0] == 2 else 0
    if len(cards) == 5 and category == 0:
        flush = len({c & 3 for c in cards}) == 1
        top = order[0]
        if order == (12, 3, 2, 1, 0):
            top = 3  # the wheel A-2-3-4-5 is five-high
            straight = True
        else:
            straight = order[0] - order[4] == 4
        if straight or flush:
            category = 8 if straight and flush else (5 if flush else 4)
            if straight:
                order = (top,)
    return (category, order)


def hand_value(cards: Sequence[int]) -> tuple:
    """The strength of a partial or full stud hand as a sortable key ``(category, ranks)`` (higher = stronger).

    ``category``: 0 high card, 1 pair, 2 two pair, 3 trips, 4 straight,
    5 flush, 6 full house, 7 quads, 8 straight flush (straights and flushes
    need five cards; with fewer this is the standard stud "high on board"
    order, :func:`holdem.games.stud.showing_key`).  ``ranks`` are the ranks
    grouped by multiplicity, high to low, so hands of one category compare by
    their ranks and a longer hand wins an otherwise equal comparison.

    Parameters
    ----------
    cards : sequence of int
        1-5 distinct card codes (``rank * 4 + suit``).

    Examples
    --------
    >>> from holdem.cards import parse_cards
    >>> hand_value(parse_cards("Kd Ks 4c"))
    (1, (11, 2))
    >>> hand_value(parse_cards("5c 4d 3h 2s Ac")) > hand_value(parse_cards("Ac Ad Ah 3s"))
    True
    >>> hand_value([])
    Traceback (most recent call last):
    ...
    ValueError: The 'cards' parameter of hand_value must be 1-5 distinct card codes in [0, 52); got [].
    """
    key = _clean(cards, "hand_value")
    return _hand_value(key)


def _hand_value(key: tuple[int, ...]) -> tuple:
    value = _VALUES.get(key)
    if value is None:
        value = _VALUES[key] = _value(key)
    return value


def hand_value_codes(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`hand_value` and :func:`hand_type` of a batch of equal-length partial hands as numbers: ``(codes, types)``.

    ``cards``: int array ``(n, k)``, 1 <= k <= 5, distinct codes per row
    (unchecked).  ``codes`` (int64) order hands exactly as the tuples of
    :func:`hand_value` do: the category times 2**52 plus a bit mask holding
    each rank present at bit ``13 * (multiplicity - 1) + rank`` (a straight
    keeps only its top card, five-high for the wheel), so quads' ranks
    outrank trips', trips' outrank pairs', pairs' outrank singles', a higher
    rank outranks a lower one within a group, and an extra kicker wins an
    otherwise equal comparison.  ``types`` are the §3.2 types (int64).

    >>> from holdem.cards import parse_cards
    >>> codes, types = hand_value_codes(parse_cards([["Kd", "Ks", "4c"], ["Ac", "Ad", "Ah"]]))
    >>> bool(codes[0] < codes[1]), [HAND_TYPE_NAMES[t] for t in types]
    (True, ['pair_kings', 'trips'])
    """
    cards = np.asarray(cards, dtype=np.int64)
    ranks = cards >> 2
    counts = (ranks[:, :, None] == np.arange(13)).sum(axis=1)  # cards per rank (a one-hot sum: faster than add.at)
    top = counts.max(axis=1)
    n_pairs = (counts == 2).sum(axis=1)
    category = np.select(
        [top == 4, (top == 3) & (n_pairs == 1), top == 3, n_pairs == 2, top == 2], [7, 6, 3, 2, 1], default=0
    )
    present = counts > 0
    mask = (present << (13 * np.maximum(counts - 1, 0) + np.arange(13))).sum(axis=1)
    if cards.shape[1] == 5:
        busted = category == 0
        flush = (cards & 3 == (cards[:, :1] & 3)).all(axis=1)
        high = ranks.max(axis=1)
        wheel = busted & (mask == (1 << 12 | 0b1111))
        straight = busted & ((high - ranks.min(axis=1) == 4) | wheel)
        category = np.where(straight & flush, 8, np.where(flush & busted, 5, np.where(straight, 4, category)))
        mask = np.where(straight, 1 << np.where(wheel, 3, high), mask)
    codes = (category << 52) | mask
    highest = 63 - _leading_zeros(mask & 0x1FFF)  # the highest single (busted hands)
    pair_rank = 63 - _leading_zeros((mask >> 13) & 0x1FFF)
    subdivision = np.asarray(_SUBDIVISION)
    types = np.where(
        category == 0, subdivision[np.maximum(highest, 0)],
        np.where(category == 1, 5 + subdivision[np.maximum(pair_rank, 0)], 8 + category),
    )
    return codes, types


_POWERS = 5 ** np.arange(13, dtype=np.int64)
_RANK_OF = np.arange(52) >> 2
_CARD_KEY = [5 ** (c >> 2) for c in range(52)]  # a card's part of the key Σ 5^rank of _rank_table


@functools.lru_cache(maxsize=None)
def _rank_table() -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[int, tuple[int, int]]]:
    """``(keys, value codes, types, (code, type) of each key)`` of every multiset of 1-5 ranks (each at most four times), sorted by key.

    The key Σ 5^rank is the multiset's base-5 count vector, so it is unique
    across lengths; the values are :func:`hand_value_codes` of stand-in cards
    of those ranks with suits cycled (never five of a suit), which is the
    hand's value whenever no flush is possible.
    """
    parts = []
    for k in range(1, 6):
        ranks = np.array(
            [m for m in itertools.combinations_with_replacement(range(13), k) if max(m.count(r) for r in m) <= 4],
            dtype=np.int64,
        )
        codes, types = hand_value_codes(ranks * 4 + np.arange(k) % 4)
        parts.append((_POWERS[ranks].sum(axis=1), codes, types))
    keys, codes, types = (np.concatenate(column) for column in zip(*parts))
    order = np.argsort(keys)
    keys = keys[order]
    codes, types = codes[order], types[order]
    return keys, codes, types, dict(zip(keys.tolist(), zip(codes.tolist(), types.tolist())))


def showing_code(cards: Sequence[int]) -> tuple[int, int]:
    """:func:`hand_value_codes` of one hand of 1-5 distinct card codes (unchecked): ``(code, type)`` as ints.

    A dictionary lookup in the table of rank multisets unless the hand is a
    flush (then computed).

    >>> from holdem.cards import parse_cards
    >>> code, kind = showing_code(parse_cards("Kd Ks 4c"))
    >>> code == int(hand_value_codes(parse_cards([["Kd", "Ks", "4c"]]))[0][0]), HAND_TYPE_NAMES[kind]
    (True, 'pair_kings')
    """
    if len(cards) == 5 and len({c & 3 for c in cards}) == 1:  # a flush: its value is computed
        codes, types = hand_value_codes(np.asarray(cards, dtype=np.int64)[None])
        return int(codes[0]), int(types[0])
    return _rank_table()[3][sum(map(_CARD_KEY.__getitem__, cards))]


@functools.lru_cache(maxsize=4096)
def down_card_codes(up: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """:func:`hand_value_codes` of the down card ``h`` plus ``up`` (0-4 card codes), for every card ``h``: int64 ``(codes (52,), types (52,))``.

    The entries of cards among ``up`` are meaningless.  Unless ``up`` is four
    cards of one suit no flush is possible, so the 13 ranks are looked up in
    the table of rank multisets and spread over the suits; otherwise the 52
    hands are computed.  Kept for the last showings seen (read only).

    >>> from holdem.cards import parse_cards
    >>> codes, types = down_card_codes(tuple(parse_cards("Kd 4c")))
    >>> h = parse_cards("Ks")[0]
    >>> int(codes[h]) == int(hand_value_codes(parse_cards([["Ks", "Kd", "4c"]]))[0][0])
    True
    """
    if len(up) == 4 and len({c & 3 for c in up}) == 1:
        hands = np.empty((52, 5), dtype=np.int64)
        hands[:, 0] = np.arange(52)
        hands[:, 1:] = up
        codes, types = hand_value_codes(hands)
    else:
        keys, table_codes, table_types, _ = _rank_table()
        at = np.minimum(np.searchsorted(keys, sum(map(_CARD_KEY.__getitem__, up)) + _POWERS), keys.size - 1)  # a fifth of a rank: meaningless
        codes, types = table_codes[at][_RANK_OF], table_types[at][_RANK_OF]
    codes.flags.writeable = False
    types.flags.writeable = False
    return codes, types


def _leading_zeros(x: np.ndarray) -> np.ndarray:
    """Leading zero bits of non-negative int64 values below 2**13 (64 for zero)."""
    out = np.full(x.shape, 64, dtype=np.int64)
    nonzero = x > 0
    out[nonzero] = 63 - np.floor(np.log2(x[nonzero])).astype(np.int64)
    return out


def hand_type(cards: Sequence[int]) -> int:
    """The §3.2 hand type (index into :data:`HAND_TYPE_NAMES`) of a partial or full hand.

    Busted hands by their highest card (low = 9 or lower, medium = T or J,
    queen, king, ace), pairs likewise by the pair's rank; then two pair,
    trips, straight, flush, full house, quads, straight flush.

    Examples
    --------
    >>> from holdem.cards import parse_cards
    >>> [HAND_TYPE_NAMES[hand_type(parse_cards(h))] for h in ("9c 4d", "Jc 4d 2h", "Jc Jd", "As Ks Qs Js Ts")]
    ['busted_low', 'busted_medium', 'pair_medium', 'straight_flush']
    """
    return _hand_type(_clean(cards, "hand_type"))


def _hand_type(key: tuple[int, ...]) -> int:
    t = _TYPES.get(key)
    if t is None:
        category, order = _hand_value(key)
        if category == 0:
            t = _SUBDIVISION[order[0]]
        elif category == 1:
            t = 5 + _SUBDIVISION[order[0]]
        else:
            t = 8 + category
        _TYPES[key] = t
    return t

"""The standard drawing policy every Kendall–Willdig player uses (the paper gives none).

Kendall2001 §2 only says that after the first betting round the players
"are allowed to trade two cards"; Tables 1-4 say how to bet, not what to
throw.  All players here — the four fixed styles and the evolving player —
draw by the same textbook rule, so the comparison between them is about
betting alone:

1. **Made hands stand pat**: straight, flush, full house, four of a kind,
   straight flush (every card plays).
2. **Three of a kind**: keep the three, draw two.
3. **Two pairs**: keep both pairs, draw one.
4. **One pair**: keep the pair and its highest kicker, draw two (the
   two-card limit rules out the usual three-card draw).
5. **No pair**: with four cards of one suit draw one to the flush; else with
   four ranks inside one straight window (A-2-3-4-5 … T-J-Q-K-A; the highest
   window first) draw one to the straight; else keep the three highest
   cards and draw two.

Cards to throw are returned lowest rank first and cut to ``max_draw``.

>>> from holdem import parse_cards, format_cards
>>> def throw(text): return format_cards(discards(tuple(parse_cards(text).tolist())))
>>> throw("Qs Qd 7c 4h 2d"), throw("9h 8h 7h 2h Kc"), throw("9c 8d 7h 6s 2c"), throw("Ah Kd 9c 6s 3h")
('2d 4h', 'Kc', '2c', '3h 6s')
>>> throw("5c 5d 5h Ks Kd")
''

:func:`discard_bits` is the same policy for a batch of hands at once (the
positions to throw as 5-bit masks, as the batched engine takes a discard).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from bpp.kendall.handvalues import hand_value, hand_values

__all__ = ["discards", "discard_bits"]

#: Straight windows as rank sets, highest first (the wheel A-2-3-4-5 last).
_WINDOWS = tuple(frozenset(range(low, low + 5)) for low in range(8, -1, -1)) + (frozenset({12, 0, 1, 2, 3}),)
#: The same windows as a bool table (window, rank), for :func:`discard_bits`.
_WINDOW_TABLE = np.array([[r in w for r in range(13)] for w in _WINDOWS])


def discards(hand: tuple[int, ...], max_draw: int = 2, value: int | None = None) -> tuple[int, ...]:
    """The cards to throw from a five-card ``hand`` (card codes) under the standard policy (module docstring).

    ``value`` is the hand's value (:func:`bpp.kendall.handvalues.hand_value`)
    when the caller knows it already (the players do: they bet on it).
    Trusts its input (five distinct codes); returns at most ``max_draw`` cards.
    """
    if value is None:
        value = hand_value(hand)
    if value >= 46:  # a straight or better: every card plays
        return ()
    if value >= 8:  # a pair, two pairs or three of a kind: throw the unpaired cards, lowest first
        ranks = [c >> 2 for c in hand]
        throw = sorted(c for c, r in zip(hand, ranks) if ranks.count(r) == 1)
        if value < 21:
            throw = throw[:2]  # one pair: keep the best kicker
        return tuple(throw[:max_draw])
    suits = [c & 3 for c in hand]
    for s in set(suits):
        if suits.count(s) == 4:
            return tuple(c for c in hand if c & 3 != s)[:max_draw]
    distinct = {c >> 2 for c in hand}
    for window in _WINDOWS:
        if len(distinct & window) == 4:
            return tuple(c for c in hand if (c >> 2) not in window)[:max_draw]
    return tuple(sorted(hand)[:2][:max_draw])


def discard_bits(hands: ArrayLike, values: ArrayLike | None = None, max_draw: int = 2) -> np.ndarray:
    """:func:`discards` of every row of ``hands`` (int (k, 5) card codes) as 5-bit masks of hand positions, int64 (k,).

    Bit ``i`` set means ``hands[row, i]`` is thrown (the discard the batched
    engine takes, :class:`holdem.games.batched.Draw5Batch`); the cards are
    those :func:`discards` returns for the row, whatever their order in the
    row.  ``values`` are the rows' hand values when known.  Trusts its input.

    >>> from holdem import parse_cards
    >>> hands = parse_cards([["Qs", "Qd", "7c", "4h", "2d"], ["9h", "8h", "7h", "2h", "Kc"], ["Ah", "Kd", "9c", "6s", "3h"]])
    >>> [format(b, "05b") for b in discard_bits(hands).tolist()]   # bit 0 is the first card
    ['11000', '10000', '11000']
    """
    hands = np.asarray(hands, dtype=np.int64)
    k = len(hands)
    values = hand_values(hands) if values is None else np.asarray(values)
    if k == 0 or max_draw <= 0:
        return np.zeros(k, dtype=np.int64)
    ranks, suits = hands >> 2, hands & 3
    single = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2) == 1  # (k, 5) an unpaired card
    suited = (suits[:, :, None] == suits[:, None, :]).sum(axis=2)  # (k, 5) cards of the card's suit
    no_pair = values < 8
    flush4 = no_pair & (suited == 4).any(axis=1)
    inside = _WINDOW_TABLE[:, ranks]  # (windows, k, 5): the card's rank is in the window
    four = inside.sum(axis=2) == 4  # (windows, k): four distinct ranks of a no-pair hand in the window
    first = np.argmax(four, axis=0)  # the highest such window
    straight4 = no_pair & ~flush4 & four.any(axis=0)
    rows = np.arange(k)
    throw = np.where(no_pair[:, None], True, single)  # pairs, two pairs, trips: the unpaired cards; no pair: any
    throw = np.where(flush4[:, None], suited != 4, throw)
    throw = np.where(straight4[:, None], ~inside[first, rows], throw)
    throw &= (values < 46)[:, None]  # a straight or better stands pat
    order = np.argsort(np.where(throw, hands, 64), axis=1)[:, : min(2, max_draw, 5)]  # the lowest cards first
    chosen = throw[rows[:, None], order]
    return np.where(chosen, 1 << order, 0).sum(axis=1).astype(np.int64)

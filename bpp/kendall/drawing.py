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
"""

from __future__ import annotations

__all__ = ["discards"]

#: Straight windows as rank sets, highest first (the wheel A-2-3-4-5 last).
_WINDOWS = tuple(frozenset(range(low, low + 5)) for low in range(8, -1, -1)) + (frozenset({12, 0, 1, 2, 3}),)


def discards(hand: tuple[int, ...], max_draw: int = 2) -> tuple[int, ...]:
    """The cards to throw from a five-card ``hand`` (card codes) under the standard policy (module docstring).

    Trusts its input (five distinct codes); returns at most ``max_draw`` cards.
    """
    ranks = [c >> 2 for c in hand]
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 1:
        suits = [c & 3 for c in hand]
        distinct = set(ranks)
        top, low = max(ranks), min(ranks)
        if len(set(suits)) == 1 or top - low == 4 or distinct == {12, 0, 1, 2, 3}:
            return ()  # flush, straight or straight flush
        for s in set(suits):
            if suits.count(s) == 4:
                return tuple(c for c in hand if c & 3 != s)
        for window in _WINDOWS:
            if len(distinct & window) == 4:
                return tuple(c for c in hand if (c >> 2) not in window)
        throw = sorted(hand)[:2]
    elif shape[0] == 4 or shape == [3, 2]:
        return ()
    elif shape[0] == 3 or shape == [2, 2, 1]:
        throw = sorted(c for c in hand if counts[c >> 2] == 1)
    else:  # one pair: keep the pair and the best kicker
        throw = sorted(c for c in hand if counts[c >> 2] == 1)[:2]
    return tuple(throw[:max_draw])

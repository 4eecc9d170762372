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

from bpp.kendall.handvalues import hand_value

__all__ = ["discards"]

#: Straight windows as rank sets, highest first (the wheel A-2-3-4-5 last).
_WINDOWS = tuple(frozenset(range(low, low + 5)) for low in range(8, -1, -1)) + (frozenset({12, 0, 1, 2, 3}),)


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

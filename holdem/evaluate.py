"""Batch-first hand evaluation with precomputed rank lookup tables.

``evaluate(cards)`` takes card codes of shape ``(..., k)`` with k ∈ {5, 6, 7}
and returns the best five-card class of each hand, shape ``(...)``, as int16 in
1 … 7,462: higher is stronger, equal for equal hands (standard rules, A-2-3-4-5
is the lowest straight).  The tables and the method are described in
:mod:`holdem.tables`; evaluation is a handful of numpy gathers per batch, no
Python loop per hand.

Two speeds: :func:`evaluate` checks its input (codes in 0–51, no card
twice in a hand) and :func:`evaluate_unchecked` trusts it; the engine's hot paths
call the second.  Both also accept packed key sums through :func:`rank_of_keys`,
which lets exact enumeration add the keys of a hole pair and a board once and
evaluate millions of combinations with one gather.

>>> from holdem import parse_cards
>>> int(evaluate(parse_cards("As Ks Qs Js Ts")))
7462
>>> hand_category(evaluate(parse_cards(["As Ad Kc Kd 2h", "7h 5d 4c 3s 2h"])))
array([2, 0], dtype=int8)
>>> evaluate(parse_cards("As Ks", distinct=False))
Traceback (most recent call last):
...
ValueError: hands must have 5, 6 or 7 cards; got shape (2,)
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from holdem.cards import CardsLike, check_distinct, parse_cards
from holdem.tables import (
    CATEGORY_NAMES,
    CATEGORY_STARTS,
    FLUSH_BITS,
    HASH_SHIFT,
    SUIT_BIAS,
    SUIT_SHIFT,
    Tables,
    load_tables,
)

__all__ = [
    "evaluate",
    "evaluate_unchecked",
    "key_sums",
    "rank_of_keys",
    "hand_category",
    "category_name",
    "CATEGORY_NAMES",
]

_HASH_MASK = (1 << HASH_SHIFT) - 1


def evaluate(cards: CardsLike) -> np.ndarray:
    """Rank hands of 5, 6 or 7 cards: higher = stronger, equal for equal hands.

    Parameters
    ----------
    cards
        Card codes (or anything :func:`holdem.parse_cards` accepts) of shape
        ``(..., k)``, k ∈ {5, 6, 7}; no card twice in a hand.  Any integer
        dtype is accepted (numpy's default int64 is converted to int8 once, a
        few ms per million hands); int8 input is the fastest.

    Returns
    -------
    numpy.ndarray of int16, shape ``(...)``
        Classes 1 (7-5-4-3-2) … 7,462 (royal flush).

    Raises
    ------
    ValueError
        A bad code, a repeated card or a hand size other than 5, 6 or 7.

    Examples
    --------
    >>> from holdem import parse_cards
    >>> evaluate(parse_cards(["Ah Kh Qh Jh Th 2c 3d", "Ah Ad 2c 3d 4h 9s 8s"]))
    array([7462, 3970], dtype=int16)
    >>> evaluate([[0, 4, 8, 12, 12]])
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 5c in [[0, 4, 8, 12, 12]]
    """
    arr = parse_cards(cards, distinct=False)
    _check_size(arr)
    arr = np.ascontiguousarray(arr, dtype=np.int8)  # once: numpy's default int64 is converted here, not per step
    k = arr.shape[-1]
    flat = _flat_cards(arr)
    if flat.shape[0] <= SMALL_BATCH:
        return np.array([_evaluate_one(hand, cards) for hand in flat.tolist()], dtype=np.int16).reshape(arr.shape[:-1])
    tables = load_tables()
    for start in range(0, flat.shape[0], CHUNK):
        chunk = flat[start : start + CHUNK]
        bits = _sum_pairs(chunk, tables.pair_bits, tables.card_bits)
        repeated = np.flatnonzero(np.bitwise_count(bits) != k)
        if repeated.size:
            check_distinct(chunk[repeated[:1]].reshape(-1, k), source=cards)
    return evaluate_unchecked(arr)


#: Batches up to this many hands are evaluated in plain Python (lower overhead than numpy).
SMALL_BATCH = 8


def _evaluate_one(hand: Sequence[int], source: object) -> int:
    """One hand in plain Python (about 3 µs): the same tables, no numpy call."""
    if len(set(hand)) != len(hand):
        check_distinct(np.array(hand), source=source)
    lookup = _python_tables()
    total = 0
    for card in hand:
        total += lookup.card_keys[card]
    rank_sum = total >> SUIT_SHIFT
    rank = lookup.values[len(hand)][lookup.offsets[len(hand)][rank_sum >> HASH_SHIFT] + (rank_sum & _HASH_MASK)]
    flush_bits = (total + SUIT_BIAS) & FLUSH_BITS
    if flush_bits:
        suit = (flush_bits.bit_length() - 4) // 4
        mask = 0
        for card in hand:
            if card & 3 == suit:
                mask |= 1 << (card >> 2)
        rank = max(rank, lookup.flush[mask])
    return int(rank)


@functools.cache
def _python_tables() -> types.SimpleNamespace:
    """The tables as Python lists (list indexing beats numpy scalar indexing)."""
    tables = load_tables()
    return types.SimpleNamespace(
        card_keys=tables.card_keys.tolist(),
        offsets={k: v.tolist() for k, v in tables.offsets.items()},
        values={k: v.tolist() for k, v in tables.values.items()},
        flush=tables.flush.tolist(),
    )


def _check_size(arr: np.ndarray) -> None:
    if arr.ndim == 0 or arr.shape[-1] not in (5, 6, 7):
        raise ValueError(f"hands must have 5, 6 or 7 cards; got shape {arr.shape}")


#: Hands per chunk: the temporaries of one chunk stay in the L2 cache (about 2× faster than whole batches).
CHUNK = 16384


def _pair_view(flat: np.ndarray) -> np.ndarray:
    """The cards of an (n, k) int8 C-contiguous array read two at a time as little-endian uint16."""
    n, k = flat.shape
    return np.ndarray((n, k // 2), dtype="<u2", buffer=flat, strides=(k, 2))


def _sum_pairs(flat: np.ndarray, pair_table: np.ndarray, card_table: np.ndarray) -> np.ndarray:
    """Per-hand sums of a per-card quantity over an (n, k) int8 C-contiguous array: one gather per pair."""
    k = flat.shape[1]
    if k == 0:
        return np.zeros(flat.shape[0], dtype=np.int64)
    if k == 1:
        return np.take(card_table, flat[:, 0])
    pairs = _pair_view(flat)
    total = np.take(pair_table, pairs[:, 0])
    for j in range(1, k // 2):
        total += np.take(pair_table, pairs[:, j])
    if k % 2:
        total += np.take(card_table, flat[:, k - 1])
    return total


def _key_sums_2d(flat: np.ndarray, tables: Tables) -> np.ndarray:
    """Packed key sums of an (n, k) int8 C-contiguous array."""
    return _sum_pairs(flat, tables.pair_keys, tables.card_keys)


def _flat_cards(cards: CardsLike) -> np.ndarray:
    cards = np.asarray(cards)
    return np.ascontiguousarray(cards.reshape(-1, cards.shape[-1]), dtype=np.int8)


def key_sums(cards: np.ndarray) -> np.ndarray:
    """Packed key sum of each hand (the additive half of evaluation), int64 shape ``(...)``.

    Keys add: the key sum of a hand is the sum of the key sums of any split of
    it, so callers may add precomputed partial sums (a hole pair and a board).
    Trusts its input: int codes 0–51, any number of cards per hand.

    >>> from holdem import parse_cards
    >>> a, b = parse_cards("As Kd"), parse_cards("Qh Jc Tc")
    >>> int(key_sums(a) + key_sums(b)) == int(key_sums(np.concatenate([a, b])))
    True
    """
    cards = np.asarray(cards)
    return _key_sums_2d(_flat_cards(cards), load_tables()).reshape(cards.shape[:-1])


def _ranks_of_chunk(keys: np.ndarray, n_cards: int, suit_bits: Any, out: np.ndarray, tables: Tables) -> None:
    """Classes of one chunk of key sums into ``out``; overwrites ``keys`` (scratch).

    ``suit_bits(index)`` returns, for the hands at those chunk positions, the sum
    of :attr:`Tables.suit_bits` over their cards (each suit's ranks as a 13-bit
    field); it is called only for the few hands with a flush.
    """
    bucket = keys >> (SUIT_SHIFT + HASH_SHIFT)
    low = keys >> SUIT_SHIFT
    low &= _HASH_MASK
    index = np.take(tables.offsets[n_cards], bucket, mode="clip")
    index += low
    np.take(tables.values[n_cards], index, out=out, mode="clip")
    keys += SUIT_BIAS
    keys &= FLUSH_BITS
    flushes = np.flatnonzero(keys != 0)
    if flushes.size == 0:
        return
    if suit_bits is None:
        raise ValueError("flush hands need their cards: pass cards= to rank_of_keys")
    suit = np.log2(keys[flushes]).astype(np.int64) // 4  # the set bit is 3, 7, 11 or 15
    mask = (suit_bits(flushes) >> (13 * suit)) & 0x1FFF
    out[flushes] = np.maximum(out[flushes], tables.flush[mask])


def _suit_bits_of(cards: np.ndarray, tables: Tables, start: int = 0) -> Callable[[np.ndarray], np.ndarray]:
    """A ``suit_bits`` callable for a chunk of an (n, k) card array starting at row ``start``."""
    return lambda index: np.take(tables.suit_bits, cards[index + start]).sum(axis=1)


def rank_of_keys(keys: np.ndarray, n_cards: int, cards: CardsLike | None = None, *,
                 suit_bits: np.ndarray | Callable[[np.ndarray], np.ndarray] | None = None) -> np.ndarray:
    """Hand classes from packed key sums of ``n_cards``-card hands.

    Flush hands need more than the key sum: pass their ``cards`` (shape
    ``keys.shape + (n_cards,)``) or ``suit_bits``, an array like ``keys`` or a
    callable ``suit_bits(flat_index)`` giving the sums of
    :attr:`holdem.tables.Tables.suit_bits` over the hands' cards (sums add like the
    keys, so enumerators need not build card arrays at all).

    >>> from holdem import parse_cards
    >>> hand = parse_cards("9h 8h 7h 6h 5h 2c 2d")
    >>> int(rank_of_keys(key_sums(hand), 7, hand)) == int(evaluate(hand))
    True
    """
    if n_cards not in (5, 6, 7):
        raise ValueError(f"hands must have 5, 6 or 7 cards; got n_cards={n_cards}")
    tables = load_tables()
    keys = np.asarray(keys, dtype=np.int64)
    flat_keys = keys.reshape(-1)
    if cards is not None:
        cards = np.asarray(cards).reshape(-1, n_cards)
    elif suit_bits is not None and not callable(suit_bits):
        suit_bits = np.asarray(suit_bits).reshape(-1)
    out = np.empty(flat_keys.size, dtype=np.int16)
    for start in range(0, flat_keys.size, CHUNK):
        stop = start + CHUNK
        bits: Callable[..., np.ndarray] | None
        if cards is not None:
            bits = _suit_bits_of(cards, tables, start)
        elif callable(suit_bits):
            bits = lambda index, start=start: suit_bits(index + start)  # noqa: E731
        elif suit_bits is not None:
            bits = lambda index, start=start: suit_bits[index + start]  # noqa: E731
        else:
            bits = None
        _ranks_of_chunk(flat_keys[start:stop].copy(), n_cards, bits, out[start:stop], tables)
    return out.reshape(keys.shape)


def evaluate_unchecked(cards: np.ndarray) -> np.ndarray:
    """:func:`evaluate` without input checks (the engine's fast path).

    ``cards`` must be an integer array of codes 0–51, shape ``(..., k)`` with k in
    {5, 6, 7} and no repeated card in a hand; anything else gives a meaningless
    answer.  int8 C-contiguous input avoids a conversion.  Works chunk by chunk
    so that every temporary stays in cache.

    >>> evaluate_unchecked(np.array([[48, 49, 50, 51, 0]], dtype=np.int8))
    array([7441], dtype=int16)
    """
    cards = np.asarray(cards)
    n_cards = cards.shape[-1]
    if cards.size <= SMALL_BATCH * n_cards:  # a showdown or two: plain Python beats numpy's call overhead
        return np.array([_evaluate_one(hand, cards) for hand in cards.reshape(-1, n_cards).tolist()], dtype=np.int16).reshape(cards.shape[:-1])
    flat = _flat_cards(cards)
    tables = load_tables()
    out = np.empty(flat.shape[0], dtype=np.int16)
    for start in range(0, flat.shape[0], CHUNK):
        chunk = flat[start : start + CHUNK]
        bits = _suit_bits_of(chunk, tables)
        _ranks_of_chunk(_key_sums_2d(chunk, tables), n_cards, bits, out[start : start + CHUNK], tables)
    return out.reshape(cards.shape[:-1])


def hand_category(ranks: np.ndarray) -> np.ndarray:
    """Category of each class: 0 high card, 1 pair, … 8 straight flush (int8).

    >>> hand_category(np.array([1, 1278, 7462]))
    array([0, 1, 8], dtype=int8)
    >>> [category_name(c) for c in hand_category(np.array([5000, 7300]))]
    ['three of a kind', 'four of a kind']
    """
    ranks = np.asarray(ranks)
    if ranks.size and (ranks.min() < 1 or ranks.max() > 7462):
        raise ValueError(f"hand classes run from 1 to 7462; got {ranks.min()}..{ranks.max()}")
    return (np.searchsorted(CATEGORY_STARTS, ranks, side="right") - 1).astype(np.int8)


def category_name(category: int) -> str:
    """Name of a category number (0 … 8).

    >>> category_name(6)
    'full house'
    """
    if not 0 <= int(category) < len(CATEGORY_NAMES):
        raise ValueError(f"hand categories run from 0 to 8; got {category}")
    return CATEGORY_NAMES[int(category)]

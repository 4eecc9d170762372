"""BPP's hand types for five-card stud (Korb1999, Korb, Nicholson & Jitnah 1999, §3.2).

Final hand types
    The 17 types of §3.2, weakest to strongest (:data:`FINAL_TYPES`): the nine
    categories of Table 1 with busted hands and pairs each split five ways —
    busted-low (9-high or lower), busted-medium (T- or J-high), busted-queen,
    busted-king, busted-ace; pair-low (2s-9s), pair-medium (Ts-Js),
    pair-queens, pair-kings, pair-aces — then two pair, trips, straight,
    flush, full house, quads and straight flush.  Each type is an interval of
    the evaluator's classes (:mod:`holdem.evaluate`, higher = stronger), so a
    hand's type is one ``searchsorted`` of its class (no Python loop per hand).

Partial hand types (this module's choice; §3.1 only says "partial hand types (e.g., three cards to a flush)")
    A hand of ``n`` < 5 cards — BPP_Current / OPP_Current (2, 3, 4 cards in
    rounds 0-2) and OPP_Upcards (1-4 up cards in rounds 0-3) — gets a type
    from :func:`type_names` ``(n)``, in this order:

    * ``busted_low`` … ``busted_ace``: no pair, by highest card, with the
      final types' boundaries (≤ 9, T/J, Q, K, A);
    * for ``n`` ≥ 3 only, no-pair hands that can still become a straight or a
      flush take a draw type instead of their busted type: ``straight_draw``
      (``n`` distinct ranks inside one five-rank straight window, the wheel
      A-2-3-4-5 included, not all one suit), ``flush_draw`` (``n`` cards of one
      suit that fit no straight window) and ``straight_flush_draw`` (both);
      draws of two cards are not separated (nearly every two-card hand could
      still make something, and the high card says more about the final type);
    * ``pair_low`` … ``pair_aces``: exactly one pair, by the pair's rank;
    * ``two_pair`` (``n`` = 4), ``trips`` (``n`` ≥ 3), ``quads`` (``n`` = 4).

    So 1 card has 5 types, 2 cards 10, 3 cards 14, 4 cards 16, and 5 cards the
    17 final types; every type is reachable with its number of cards (tested).
    Types are stored as int8 indices into :func:`type_names`.

Examples
--------
>>> from holdem import parse_cards
>>> [FINAL_TYPES[t] for t in hand_types(parse_cards(["As Kd 9c 4h 2s", "Qs Qd 5c 4h 2s"]))]
['busted_ace', 'pair_queens']
>>> type_names(3)[hand_type_of(parse_cards("9h Th Jh"))]
'straight_flush_draw'
>>> type_names(4)[hand_type_of(parse_cards("2h 9h Th Kh"))]
'flush_draw'
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from holdem.cards import CardsLike, check_distinct, parse_cards
from holdem.evaluate import evaluate, evaluate_unchecked

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

    from holdem._typing import RngLike

__all__ = [
    "holding_types",
    "FINAL_TYPES",
    "N_FINAL_TYPES",
    "TABLE1_TYPES",
    "TABLE1_OF_FINAL",
    "PAPER_TABLE1",
    "N_HANDS",
    "type_names",
    "hand_types",
    "hand_type_of",
    "final_types_from_classes",
    "combinations_array",
    "all_hands",
    "colex_index",
    "type_table",
    "table1_exact_counts",
    "table1_sampled_counts",
    "table1_comparison",
]

_BUCKETS = ("low", "medium", "queen", "king", "ace")
_PAIRS = ("pair_low", "pair_medium", "pair_queens", "pair_kings", "pair_aces")
_BUSTED = tuple(f"busted_{b}" for b in _BUCKETS)
_DRAWS = ("straight_draw", "flush_draw", "straight_flush_draw")

#: The 17 final hand types of §3.2, weakest to strongest (state names of BPP_Final / OPP_Final).
FINAL_TYPES: tuple[str, ...] = _BUSTED + _PAIRS + (
    "two_pair",
    "trips",
    "straight",
    "flush",
    "full_house",
    "quads",
    "straight_flush",
)
N_FINAL_TYPES = len(FINAL_TYPES)

#: The nine categories of Table 1 (weakest to strongest), the original BPP's hand types (§3.2).
TABLE1_TYPES: tuple[str, ...] = (
    "busted",
    "pair",
    "two_pair",
    "triple",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
)

#: Table 1 category of each final type: ``TABLE1_OF_FINAL[final_type]``.
TABLE1_OF_FINAL = np.array([0] * 5 + [1] * 5 + [2, 3, 4, 5, 6, 7, 8], dtype=np.int8)

#: The probabilities printed in the paper's Table 1 (Korb1999 §2.1), keyed by :data:`TABLE1_TYPES`.
PAPER_TABLE1: dict[str, float] = {
    "busted": 0.5015629,
    "pair": 0.4225703,
    "two_pair": 0.0475431,
    "triple": 0.0211037,
    "straight": 0.0035492,
    "flush": 0.0019693,
    "full_house": 0.0014405,
    "four_of_a_kind": 0.0002476,
    "straight_flush": 0.0000134,
}

#: Five-card hands from one deck: C(52, 5).
N_HANDS = comb(52, 5)

#: Bucket of a rank (0 = deuce … 12 = ace): 0 low (≤ 9), 1 medium (T, J), 2 queen, 3 king, 4 ace.
_RANK_BUCKET = np.array([0] * 8 + [1, 1, 2, 3, 4], dtype=np.int8)

# Lowest hand of each final type after the first, written as cards; their classes bound the types.
_TYPE_FLOORS = (
    "Tc 5d 4h 3s 2c",  # busted_medium: T-5-4-3-2
    "Qc 5d 4h 3s 2c",
    "Kc 5d 4h 3s 2c",
    "Ac 6d 4h 3s 2c",  # busted_ace (A-5-4-3-2 is a straight)
    "2c 2d 5h 4s 3c",  # pair_low
    "Tc Td 4h 3s 2c",
    "Qc Qd 4h 3s 2c",
    "Kc Kd 4h 3s 2c",
    "Ac Ad 4h 3s 2c",
    "3c 3d 2h 2s 4c",  # two_pair
    "2c 2d 2h 4s 3c",  # trips
    "5c 4d 3h 2s Ac",  # straight (the wheel)
    "7c 5c 4c 3c 2c",  # flush
    "2c 2d 2h 3s 3c",  # full_house
    "2c 2d 2h 2s 3c",  # quads
    "5c 4c 3c 2c Ac",  # straight_flush
)


def type_names(n_cards: int) -> tuple[str, ...]:
    """State names of the hand type of a hand of ``n_cards`` cards, weakest first.

    ``type_names(5)`` is :data:`FINAL_TYPES`; fewer cards give the partial
    types described in the module docstring.

    Parameters
    ----------
    n_cards : int
        1, 2, 3, 4 or 5.

    Returns
    -------
    tuple of str

    Examples
    --------
    >>> type_names(2)
    ('busted_low', 'busted_medium', 'busted_queen', 'busted_king', 'busted_ace', 'pair_low', 'pair_medium', 'pair_queens', 'pair_kings', 'pair_aces')
    >>> len(type_names(3)), len(type_names(4)), len(type_names(5))
    (14, 16, 17)
    >>> type_names(6)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_cards' parameter of type_names must be 1, 2, 3, 4 or 5; got 6.
    """
    if isinstance(n_cards, bool) or not isinstance(n_cards, (int, np.integer)) or not 1 <= n_cards <= 5:
        raise ValueError(f"The 'n_cards' parameter of type_names must be 1, 2, 3, 4 or 5; got {n_cards!r}.")
    return _TYPE_NAMES[int(n_cards)]


_TYPE_NAMES = {
    1: _BUSTED,
    2: _BUSTED + _PAIRS,
    3: _BUSTED + _DRAWS + _PAIRS + ("trips",),
    4: _BUSTED + _DRAWS + _PAIRS + ("two_pair", "trips", "quads"),
    5: FINAL_TYPES,
}


@functools.cache
def _floors() -> np.ndarray:
    return evaluate(parse_cards(list(_TYPE_FLOORS))).astype(np.int16)


def final_types_from_classes(classes: ArrayLike) -> np.ndarray:
    """Final hand type (index into :data:`FINAL_TYPES`) of evaluator classes.

    Parameters
    ----------
    classes : array_like of int, shape (...)
        Classes 1 … 7,462 from :func:`holdem.evaluate.evaluate`.

    Returns
    -------
    numpy.ndarray of int8, shape (...)

    Examples
    --------
    >>> from holdem import parse_cards
    >>> from holdem.evaluate import evaluate
    >>> final_types_from_classes(evaluate(parse_cards(["9s 8d 6c 4h 2s", "Ts 8d 6c 4h 2s"])))
    array([0, 1], dtype=int8)
    >>> final_types_from_classes([0])
    Traceback (most recent call last):
    ...
    ValueError: The 'classes' parameter of final_types_from_classes must hold classes in 1..7462; got 0..0.
    """
    classes = np.asarray(classes)
    if classes.size and (classes.min() < 1 or classes.max() > 7462):
        raise ValueError(
            "The 'classes' parameter of final_types_from_classes must hold classes in 1..7462; "
            f"got {classes.min()}..{classes.max()}."
        )
    return np.searchsorted(_floors(), classes, side="right").astype(np.int8)


def _partial_types(cards: np.ndarray) -> np.ndarray:
    """Types of hands of 1-4 cards, an (N, n) integer array (unchecked)."""
    n = cards.shape[1]
    ranks = cards >> 2
    suits = cards & 3
    counts = (ranks[:, :, None] == np.arange(13, dtype=ranks.dtype)).sum(axis=1)  # (N, 13)
    most = counts.max(axis=1)
    n_pairs = (counts == 2).sum(axis=1)
    high = ranks.max(axis=1)
    out = _RANK_BUCKET[high].astype(np.int8)  # busted by high card: indices 0..4
    names = _TYPE_NAMES[n]
    index = {name: i for i, name in enumerate(names)}
    if n >= 3:
        low = ranks.min(axis=1)
        low_ace = np.where(ranks == 12, -1, ranks)
        straight = (most == 1) & ((high - low <= 4) | (low_ace.max(axis=1) - low_ace.min(axis=1) <= 4))
        flush = (suits == suits[:, :1]).all(axis=1)
        out[straight & ~flush] = index["straight_draw"]
        out[flush & ~straight] = index["flush_draw"]
        out[flush & straight] = index["straight_flush_draw"]
    if n >= 2:
        pair = (most == 2) & (n_pairs == 1)
        pair_rank = np.argmax(counts == 2, axis=1)
        out[pair] = index["pair_low"] + _RANK_BUCKET[pair_rank[pair]]
    if n == 4:
        out[n_pairs == 2] = index["two_pair"]
        out[most == 4] = index["quads"]
    if n >= 3:
        out[most == 3] = index["trips"]
    return out


def _hand_types_unchecked(cards: np.ndarray) -> np.ndarray:
    """:func:`hand_types` of an integer array (N, n), trusted."""
    n = cards.shape[1]
    if n == 5:
        return final_types_from_classes(evaluate_unchecked(cards))
    return _partial_types(cards)


def hand_types(cards: CardsLike) -> np.ndarray:
    """Hand type of each hand of 1-5 cards, vectorized.

    Parameters
    ----------
    cards : CardsLike, shape (..., n), 1 ≤ n ≤ 5
        Card codes or text (:func:`holdem.parse_cards`); no card twice in a hand.

    Returns
    -------
    numpy.ndarray of int8, shape (...)
        Indices into :func:`type_names` ``(n)`` (:data:`FINAL_TYPES` for n = 5).

    Raises
    ------
    ValueError
        A bad card, a repeated card, or a hand size outside 1..5.

    Examples
    --------
    >>> from holdem import parse_cards
    >>> names = type_names(4)
    >>> [names[t] for t in hand_types(parse_cards(["As Ad 2c 2d", "5c 6c 7c 8c", "Ac 2d 3h 5s", "Kh 9d 4c 2s"]))]
    ['two_pair', 'straight_flush_draw', 'straight_draw', 'busted_king']
    >>> hand_types(parse_cards(["Ah", "9d"])[:, None])
    array([4, 0], dtype=int8)
    >>> hand_types([[0, 0]])
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 2c in [[0, 0]]
    >>> hand_types(np.zeros((2, 6), dtype=int))
    Traceback (most recent call last):
    ...
    ValueError: The 'cards' parameter of hand_types must have 1 to 5 cards per hand; got shape (2, 6).
    """
    arr = parse_cards(cards, distinct=False)
    if arr.ndim == 0 or not 1 <= arr.shape[-1] <= 5:
        raise ValueError(
            f"The 'cards' parameter of hand_types must have 1 to 5 cards per hand; got shape {arr.shape}."
        )
    flat = np.ascontiguousarray(arr.reshape(-1, arr.shape[-1]), dtype=np.int8)
    if flat.shape[1] > 1:
        ordered = np.sort(flat, axis=1)
        bad = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if bad.size:
            check_distinct(flat[bad[:1]], source=cards)
    return _hand_types_unchecked(flat).reshape(arr.shape[:-1])


# ---------------------------------------------------------------- one hand, by table lookup

#: _BINOM[c][i] = C(c, i): the colex rank of a sorted hand c_0 < c_1 < … is Σ C(c_i, i + 1).
_BINOM = [[comb(c, i) for i in range(6)] for c in range(52)]


def holding_types(holdings: ArrayLike, up: Sequence[int]) -> np.ndarray:
    """The hand type of each down card of ``holdings`` (n, 1) with the same up cards ``up``: one vectorized lookup.

    What BPP_Current would be had the player held each down card (the batched
    policies Local Best Response asks for).

    >>> from holdem import parse_cards
    >>> names = type_names(3)
    >>> [names[t] for t in holding_types(parse_cards(["As", "2c"])[:, None], parse_cards("Ad 7h"))]
    ['pair_aces', 'busted_ace']
    """
    holdings = np.asarray(holdings)
    hands = np.empty((holdings.shape[0], 1 + len(up)), dtype=np.int64)
    hands[:, 0] = holdings[:, 0]
    hands[:, 1:] = up
    return hand_types(hands)


def combinations_array(n: int, k: int) -> np.ndarray:
    """All k-subsets of ``range(n)`` as rows, in ``itertools.combinations`` order (vectorized).

    Parameters
    ----------
    n, k : int
        ``0 ≤ k ≤ n``.

    Returns
    -------
    numpy.ndarray of int8 (n ≤ 127), shape (C(n, k), k)

    Examples
    --------
    >>> combinations_array(4, 2)
    array([[0, 1],
           [0, 2],
           [0, 3],
           [1, 2],
           [1, 3],
           [2, 3]], dtype=int8)
    >>> combinations_array(52, 5).shape
    (2598960, 5)
    """
    if not 0 <= k <= n <= 127:
        raise ValueError(f"The 'k' and 'n' parameters of combinations_array need 0 <= k <= n <= 127; got n={n}, k={k}.")
    if k == 0:
        return np.zeros((1, 0), dtype=np.int8)
    combos = np.arange(n, dtype=np.int8)[:, None]
    for _ in range(k - 1):
        last = combos[:, -1].astype(np.int64)
        counts = n - 1 - last
        rows = np.repeat(np.arange(combos.shape[0]), counts)
        offsets = np.arange(rows.size) - np.repeat(np.cumsum(counts) - counts, counts)
        new = (np.repeat(last + 1, counts) + offsets).astype(np.int8)
        combos = np.column_stack([combos[rows], new])
    return combos


@functools.cache
def all_hands() -> np.ndarray:
    """All 2,598,960 five-card hands (sorted card codes, int8, read-only), shape (2598960, 5).

    >>> all_hands()[:2]
    array([[0, 1, 2, 3, 4],
           [0, 1, 2, 3, 5]], dtype=int8)
    """
    hands = combinations_array(52, 5)
    hands.flags.writeable = False
    return hands


def colex_index(sorted_cards: np.ndarray) -> np.ndarray:
    """Colex rank of each row of ascending card codes, shape (N, k) → (N,) int64 (unchecked)."""
    table = np.array(_BINOM, dtype=np.int64)
    k = sorted_cards.shape[1]
    index = np.zeros(sorted_cards.shape[0], dtype=np.int64)
    for i in range(k):
        index += table[sorted_cards[:, i], i + 1]
    return index


@functools.cache
def type_table(n_cards: int) -> np.ndarray:
    """Type of every ``n_cards``-card hand indexed by its colex rank (int8, read-only)."""
    hands = all_hands() if n_cards == 5 else combinations_array(52, n_cards)
    table = np.empty(comb(52, n_cards), dtype=np.int8)
    table[colex_index(hands)] = _hand_types_unchecked(hands)
    table.flags.writeable = False
    return table


@functools.cache
def _type_bytes(n_cards: int) -> bytes:
    return type_table(n_cards).tobytes()


def hand_type_of(cards: Sequence[int]) -> int:
    """Type of one hand of 1-5 card codes by table lookup (about 1 µs; the match loop's path).

    Trusts its input (distinct codes 0-51); the first call for a hand size
    builds that size's table (0.1-0.5 s), later calls are lookups.

    Parameters
    ----------
    cards : sequence of int
        1 to 5 distinct card codes, any order.

    Returns
    -------
    int
        Index into :func:`type_names` ``(len(cards))``.

    Examples
    --------
    >>> from holdem import parse_cards
    >>> FINAL_TYPES[hand_type_of(parse_cards("Ks Kd 7c 7h 7s"))]
    'full_house'
    >>> hand_type_of([])
    Traceback (most recent call last):
    ...
    ValueError: The 'cards' parameter of hand_type_of must hold 1 to 5 cards; got [].
    """
    n = len(cards)
    if not 1 <= n <= 5:
        raise ValueError(f"The 'cards' parameter of hand_type_of must hold 1 to 5 cards; got {list(cards)!r}.")
    index = 0
    for i, c in enumerate(sorted(cards)):
        index += _BINOM[c][i + 1]
    return _type_bytes(n)[index]


# ---------------------------------------------------------------- Table 1


def table1_exact_counts() -> dict[str, int]:
    """Number of the 2,598,960 five-card hands in each Table 1 category (full enumeration).

    Returns
    -------
    dict
        :data:`TABLE1_TYPES` → count.

    Examples
    --------
    >>> counts = table1_exact_counts()
    >>> counts["straight_flush"], counts["four_of_a_kind"], sum(counts.values())
    (40, 624, 2598960)
    """
    counts = np.bincount(TABLE1_OF_FINAL[type_table(5)], minlength=len(TABLE1_TYPES))
    return dict(zip(TABLE1_TYPES, (int(c) for c in counts)))


def table1_sampled_counts(n_deals: int, *, rng: RngLike = None, batch: int = 1_000_000) -> dict[str, int]:
    """Table 1 categories of ``n_deals`` random five-card hands, counted (the paper's method, §3.3).

    Hands are drawn as ranks of uniform random five-card hands (each of the
    2,598,960 equally likely), ``batch`` at a time.

    Examples
    --------
    >>> sum(table1_sampled_counts(1000, rng=0).values())
    1000
    >>> table1_sampled_counts(-1)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_deals' parameter of table1_sampled_counts must be a positive integer; got -1.
    """
    if isinstance(n_deals, bool) or not isinstance(n_deals, (int, np.integer)) or n_deals < 1:
        raise ValueError(f"The 'n_deals' parameter of table1_sampled_counts must be a positive integer; got {n_deals!r}.")
    rng = np.random.default_rng(rng)
    table = TABLE1_OF_FINAL[type_table(5)]
    counts = np.zeros(len(TABLE1_TYPES), dtype=np.int64)
    for start in range(0, n_deals, batch):
        size = min(batch, n_deals - start)
        counts += np.bincount(table[rng.integers(0, N_HANDS, size)], minlength=len(TABLE1_TYPES))
    return dict(zip(TABLE1_TYPES, (int(c) for c in counts)))


#: Table 1 counts with one of the ten straight rank-windows not counted as a straight.  The two readings that
#: could explain the paper's straight figure -- "A-2-3-4-5 is no straight" (aces high only) and "A-K-Q-J-T is no
#: straight" (aces low only) -- give IDENTICAL counts in every category: either way 1,020 straights become
#: ace-high busted hands and 4 straight flushes become flushes (every window holds 4^5 - 4 = 1,020 straights and
#: 4 straight flushes, and both windows hold an ace).  Table 1 cannot tell the two readings apart
#: (tests/stud/test_stud_handtypes.py enumerates both).
_ONE_WINDOW_FEWER_SHIFT = {"busted": 1020, "straight": -1020, "flush": 4, "straight_flush": -4}

#: Why the paper's Table 1 differs from the exact probabilities, by category.
TABLE1_NOTES = {
    "busted": (
        "+2.4 standard errors (borderline): consistent with the straight's explanation - counting the "
        "1,020 straights of one ace-containing window (the wheel, or A-K-Q-J-T) as ace-high busted hands "
        "leaves sampling error (z = -0.04)"
    ),
    "pair": "sampling error (the paper's figures are frequencies in 10,000,000 deals, §3.3)",
    "two_pair": "sampling error",
    "triple": "sampling error",
    "straight": (
        "-19 standard errors, not sampling error: 0.0035492 ≈ 9,180/2,598,960 = 0.0035322 (z = +0.9), the "
        "straights of nine rank-windows instead of ten: the paper's evaluator counted either no A-2-3-4-5 "
        "straight (aces high only) or no A-K-Q-J-T straight (aces low only); the two readings give identical "
        "counts in every category, so Table 1 cannot say which"
    ),
    "flush": "sampling error (either reading adds the window's 4 straight flushes to the flushes, +0.2 standard errors)",
    "full_house": "sampling error",
    "four_of_a_kind": "sampling error (+1.5 standard errors)",
    "straight_flush": "sampling error (-1.6 standard errors; -0.4 with the 36 straight flushes of either nine-window reading)",
}


def table1_comparison(n_deals: int | None = None, *, rng: RngLike = None) -> list[dict]:
    """Table 1 of the paper beside the exact probabilities (and optionally a fresh sample).

    Parameters
    ----------
    n_deals : int, optional
        Also deal this many random hands (e.g. 10,000,000 as in §3.3) and report their frequencies.
    rng : numpy.random.Generator or seed, optional
        For the sample.

    Returns
    -------
    list of dict
        One row per Table 1 category with keys ``type``, ``count`` (exact,
        of 2,598,960), ``exact``, ``paper``, ``difference`` (paper − exact),
        ``z`` (difference in standard errors of a 10,000,000-deal sample),
        ``exact_ace_high`` and ``z_ace_high`` (the same when one ace-containing
        straight window is not a straight, as the paper's figures suggest:
        "no A-2-3-4-5" and "no A-K-Q-J-T" give identical counts in every
        category, so the one column serves both readings), ``sampled`` (or
        None) and ``note``.

    Examples
    --------
    >>> rows = table1_comparison()
    >>> rows[0]["type"], rows[0]["count"], round(rows[0]["exact"], 7), rows[0]["paper"]
    ('busted', 1302540, 0.5011774, 0.5015629)
    """
    counts = table1_exact_counts()
    sampled = (
        {name: c / n_deals for name, c in table1_sampled_counts(n_deals, rng=rng).items()} if n_deals else None
    )
    rows = []
    for name in TABLE1_TYPES:
        exact = counts[name] / N_HANDS
        paper = PAPER_TABLE1[name]
        se = (exact * (1 - exact) / 10_000_000) ** 0.5
        ace_high = (counts[name] + _ONE_WINDOW_FEWER_SHIFT.get(name, 0)) / N_HANDS
        se_ace_high = (ace_high * (1 - ace_high) / 10_000_000) ** 0.5
        rows.append(
            {
                "type": name,
                "count": counts[name],
                "exact": exact,
                "paper": paper,
                "difference": paper - exact,
                "z": (paper - exact) / se,
                "exact_ace_high": ace_high,
                "z_ace_high": (paper - ace_high) / se_ace_high,
                "sampled": None if sampled is None else sampled[name],
                "note": TABLE1_NOTES[name],
            }
        )
    return rows

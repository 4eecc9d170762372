"""Post-flop hand evaluation per opponent: HS, one-card Ppot/Npot and EHS (Loki Billings1998 §4.2–4.4; Poki Billings2002).

Component: the hand evaluator after the flop (Billings2002 §4 architecture figure; §5 "hand strength", "hand potential"; Billings1998 §4.2–4.4).

Loki and Poki evaluate their hand after the flop against every holding an
opponent may have, each weighted by that opponent's weight table (Billings1998 §4.3,
Billings2002 "weighting the enumerations"):

* hand strength ``HS`` (Billings1998 §4.2): weighted share of holdings we beat (ties
  count half); against ``n`` opponents Loki uses ``HS_n = HS ** n``, and with a
  table per opponent the product of the opponents' ``HS_i``;
* one-card hand potential ``Ppot`` and ``Npot`` (Billings1998 §4.2; Billings1998 §4.4 uses only
  the next card for betting);
* effective hand strength ``EHS = HS_n + (1 − HS_n) · Ppot`` (Billings1998 §4.4), and the
  per-opponent generalization of the Poki text (Billings2002 "effective hand strength":
  "a better generalization is to have a different HS and Ppot for each
  opponent": ``EHS_i = HS_i + (1 − HS_i) · Ppot_i``).

Everything heavy depends on the board only, so it is computed once per street
and shared by every player in the process (:func:`street_table`): the rank of
every one of the 1,326 holdings with the board (:attr:`StreetTable.ranks`) and
with each possible next card (:attr:`StreetTable.next_ranks`).  A decision then
costs a few vector comparisons: the per-opponent HS, Ppot and EHS against any
stack of weight tables take well under a millisecond
(``benchmarks/bench_loki.py``), against about 2 ms for
:func:`holdem.potential` with one card of look-ahead, which computes the same
numbers (the tests check they agree).

:meth:`StreetTable.holding_strength` also gives every holding's own strength
on this board against one uniformly random opponent (HS exactly, and EHS with
a *percentile* potential, see there): what the opponent models and the
simulation need to turn an opponent's holding into an action.

>>> ev = evaluate_hand("As Qc", "3h 4c Jh")
>>> round(float(ev.hs[0]), 3), round(float(ev.ppot[0]), 3), round(float(ev.npot[0]), 3)
(0.585, 0.108, 0.145)
>>> round(ev.ehs, 3)
0.63
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from holdem.cards import CardsLike, check_distinct, parse_cards
from holdem.evaluate import key_sums, rank_of_keys
from holdem.ranges import CARD_HOLDINGS, HOLDING_INDEX, HOLDINGS, N_HOLDINGS
from holdem.strength import pairwise_potential_tables
from holdem.tables import CATEGORY_STARTS, SUIT_SHIFT, load_tables

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import ArrayLike, NDArray

__all__ = ["StreetTable", "Evaluation", "AllEvaluation", "street_table", "evaluate_hand", "clean_weights"]

_CACHE: OrderedDict[tuple[int, ...], "StreetTable"] = OrderedDict()
_CACHE_SIZE = 64
_HOLDING_KEYS: np.ndarray | None = None
_HOLDING_BITS: np.ndarray | None = None
_HOLDING_CARD_MASK = np.zeros((N_HOLDINGS, 52), dtype=bool)
_HOLDING_CARD_MASK[np.arange(N_HOLDINGS), HOLDINGS[:, 0]] = True
_HOLDING_CARD_MASK[np.arange(N_HOLDINGS), HOLDINGS[:, 1]] = True
_HOLDING_CARD_MASK.flags.writeable = False
_CARD_USERS = np.ascontiguousarray(_HOLDING_CARD_MASK.T)  # (52, 1326): the holdings that use each card


def _holding_arrays() -> tuple[np.ndarray, np.ndarray]:
    global _HOLDING_KEYS, _HOLDING_BITS
    if _HOLDING_KEYS is None:
        tables = load_tables()
        _HOLDING_KEYS = key_sums(HOLDINGS)
        _HOLDING_BITS = tables.suit_bits[HOLDINGS].sum(axis=1)
    return _HOLDING_KEYS, _HOLDING_BITS  # type: ignore[return-value]  # set together


def _rank_pattern_index() -> np.ndarray:
    """(1326, 52) flat index into a 13 × 13 × 13 table of (first hole rank, second hole rank, next card rank);
    2197 (a zero entry) where the next card is one of the holding's."""
    r = HOLDINGS.astype(np.intp) >> 2
    idx = (r[:, 0] * 13 + r[:, 1])[:, None] * 13 + (np.arange(52) >> 2)[None, :]
    idx[_HOLDING_CARD_MASK] = 13**3
    return idx


_RANK_PATTERN = _rank_pattern_index()
_RANK_PATTERN_T = np.ascontiguousarray(_RANK_PATTERN.T)  # (52, 1326): card c's column as a contiguous row
_HOLDING_PATTERN = (HOLDINGS.astype(np.intp) >> 2) @ np.array([13, 1])  # (1326,): hole ranks as 13 · r0 + r1
_CARD_RANK = np.arange(52) >> 2
#: (2, 1326): each holding's first and second card
_HOLDING_CARDS = np.ascontiguousarray(HOLDINGS.T.astype(np.intp))
#: (2, 1326): the flat index 13 · pattern + rank, into a (169, 13) pattern table, of each holding's first and second card
_OWN_PATTERN_RANK = _HOLDING_PATTERN[None, :] * 13 + (_HOLDING_CARDS >> 2)
#: (52 · 51,): card c's row of CARD_HOLDINGS as indices c · 169 + pattern
_CARD_PATTERN_INDEX = (np.arange(52)[:, None] * 169 + _HOLDING_PATTERN[CARD_HOLDINGS]).ravel()
#: (2652,): the flat index c · 1326 + h of each (card, holding) pair where the card is in the holding
_OWN_CARD_PAIRS = np.flatnonzero(_HOLDING_CARD_MASK.T)
_SUIT_CARDS = [np.arange(s, 52, 4) for s in range(4)]
#: (169, 13): the cards of each rank in each hole-rank pattern 13 · r0 + r1; and each pattern's r0, r1
_PATTERN_X, _PATTERN_Y = np.divmod(np.arange(169), 13)
_PATTERN_RANK_COUNT = ((np.arange(13)[None, :] == _PATTERN_X[:, None]).astype(np.int16) + (np.arange(13)[None, :] == _PATTERN_Y[:, None]))


def _pattern_neighbours() -> np.ndarray:
    """(169, 25): for each hole-rank pattern p, the patterns q (r0 <= r1) that share a rank with p, padded with a
    pattern q (r0 <= r1) that shares none (its count of opponent holdings is the board-only one)."""
    up = np.flatnonzero(_PATTERN_X <= _PATTERN_Y)
    out = np.empty((169, 25), dtype=np.intp)
    for p in range(169):
        mine = (_PATTERN_X[p], _PATTERN_Y[p])
        shares = np.isin(_PATTERN_X[up], mine) | np.isin(_PATTERN_Y[up], mine)
        out[p, : shares.sum()] = up[shares]
        out[p, shares.sum() :] = up[~shares][0]
    return out


_NEIGHBOURS = _pattern_neighbours()
#: (169, 25): flat indices 13 · p + rank, into a (169, 13) table, of the neighbours' first and second rank
_NEIGHBOUR_X = np.arange(169)[:, None] * 13 + _PATTERN_X[_NEIGHBOURS]
_NEIGHBOUR_Y = np.arange(169)[:, None] * 13 + _PATTERN_Y[_NEIGHBOURS]
_NEIGHBOUR_PAIR = (_PATTERN_X == _PATTERN_Y)[_NEIGHBOURS].astype(np.int64)
_IS_PAIR = (_PATTERN_X == _PATTERN_Y).astype(np.int64)
_IS_DOWN = _PATTERN_X > _PATTERN_Y
_HOLE_KEYS: np.ndarray | None = None


def _pattern_hole_keys() -> np.ndarray:
    """(169,) the packed keys, suit counts removed, of two hole cards of ranks r0, r1 (pattern 13 · r0 + r1)."""
    global _HOLE_KEYS
    if _HOLE_KEYS is None:
        rank_part = load_tables().card_keys[: 52 : 4] >> SUIT_SHIFT << SUIT_SHIFT  # one card of each rank
        _HOLE_KEYS = (rank_part[:, None] + rank_part[None, :]).ravel()
    return _HOLE_KEYS
_ONES52 = np.ones(52, dtype=np.float32)
_ZEROS = np.zeros(N_HOLDINGS)
_NO_RANK = np.int16(np.iinfo(np.int16).max)  # above every hand rank
#: per suit, the holdings with 0, 1 and 2 cards of that suit
_BY_SUIT_COUNT = [[np.flatnonzero((HOLDINGS & 3 == s).sum(axis=1) == n) for n in range(3)] for s in range(4)]


_PATTERN_KEYS: np.ndarray | None = None
_FLUSH_PAIRS: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}


def _flush_pairs(suit: int, need: int) -> tuple[np.ndarray, np.ndarray]:
    """The (holding, next card) pairs that can hold five cards of ``suit`` when the board lacks ``need`` of them:
    holdings with ``need`` cards of the suit with every card, holdings with ``need − 1`` with the suit's cards
    (a next card in the holding left out); ``h`` and ``c`` in holding order, then card order."""
    got = _FLUSH_PAIRS.get((suit, need))
    if got is None:
        pairs = []
        for count in (0, 1, 2):
            cards = np.arange(52) if count >= need else _SUIT_CARDS[suit] if count + 1 >= need else None
            if cards is not None:
                holdings = _BY_SUIT_COUNT[suit][count]
                pairs.append((holdings[:, None] * 52 + cards[None, :]).ravel())
        h, c = np.divmod(np.concatenate(pairs), 52)
        keep = ~_HOLDING_CARD_MASK[h, c]
        got = _FLUSH_PAIRS[(suit, need)] = (h[keep], c[keep])
    return got


def _pattern_keys() -> np.ndarray:
    """(2197,) int64: the key sums, suit counts removed, of three cards of ranks (r0, r1, r2), flat by 169 · r0 + 13 · r1 + r2."""
    global _PATTERN_KEYS
    if _PATTERN_KEYS is None:
        rank_part = load_tables().card_keys[: 52 : 4] >> SUIT_SHIFT << SUIT_SHIFT  # one card of each rank
        r = np.arange(13)
        keys = rank_part[r, None, None] + rank_part[None, r, None] + rank_part[None, None, r]
        _PATTERN_KEYS = keys.ravel()
        _PATTERN_KEYS.flags.writeable = False
    return _PATTERN_KEYS


_PATTERN_MULTISETS: tuple[np.ndarray, np.ndarray] | None = None


def _pattern_multisets() -> tuple[np.ndarray, np.ndarray]:
    """The distinct keys of :func:`_pattern_keys` (the 455 rank multisets of three cards) and each pattern's place among them."""
    global _PATTERN_MULTISETS
    if _PATTERN_MULTISETS is None:
        unique, inverse = np.unique(_pattern_keys(), return_inverse=True)
        _PATTERN_MULTISETS = (unique, inverse.ravel())
    return _PATTERN_MULTISETS


def _holding_ranks(board: np.ndarray, bits: np.ndarray) -> np.ndarray:
    """(1326,) int16: every holding's rank with ``board`` (``bits``: the holdings' suit-bit sums with the board);
    garbage for holdings that use a board card.

    Without a flush the rank depends on the ranks of the cards only: the 169 hole-rank patterns are evaluated and
    gathered; holdings that can hold five cards of a suit (the board has three or more of it) rank as the larger
    of their pattern's rank and the suit's flush-table entry, as :func:`holdem.evaluate.rank_of_keys` ranks a hand.
    """
    tables = load_tables()
    ranks = _rank_patterns("hole", int(tables.card_keys.take(board).sum()), board.size + 2).take(_HOLDING_PATTERN)
    on_board = np.bincount(board & 3, minlength=4)
    for s in (on_board >= 3).nonzero()[0].tolist():
        need = 5 - int(on_board[s])
        hs = _BY_SUIT_COUNT[s][2] if need == 2 else np.concatenate(_BY_SUIT_COUNT[s][need:])
        suited = (bits.take(hs) >> (13 * s)) & 0x1FFF
        ranks[hs] = np.maximum(ranks.take(hs), tables.flush.take(suited))
    return ranks


_RANK_PATTERNS: OrderedDict[tuple[str, int, int], np.ndarray] = OrderedDict()
_RANK_PATTERNS_SIZE = 4096  # distinct boards by their ranks: 455 flops, 1,820 turns (at most 10 MB)


def _rank_patterns(kind: str, board_key: int, n_cards: int) -> np.ndarray:
    """The ranks of the rank patterns on a board, without a flush; they depend on the board's ranks alone, so they
    are kept per board rank multiset (the board's key sum with the suit counts removed), bounded LRU.

    ``kind="hole"``: (169,) by hole ranks 13 · r0 + r1 (:func:`_holding_ranks`); ``"next"``: (2198,) by
    169 · r0 + 13 · r1 + next rank, then a 0 (:func:`_next_ranks`).  ``board_key``: the board's packed key sum;
    ``n_cards``: the hand size evaluated.  Read-only.
    """
    base = board_key >> SUIT_SHIFT << SUIT_SHIFT
    key = (kind, n_cards, base)
    got = _RANK_PATTERNS.get(key)
    if got is not None:
        _RANK_PATTERNS.move_to_end(key)
        return got
    if kind == "hole":
        got = rank_of_keys(_pattern_hole_keys() + base, n_cards)  # no suit counts: never a flush
    else:
        unique, inverse = _pattern_multisets()  # (r0, r1, next rank) in any order is one hand: 455 evaluated
        got = np.zeros(13**3 + 1, dtype=np.int16)
        got[:-1] = rank_of_keys(unique + base, n_cards).take(inverse)
    got.flags.writeable = False
    _RANK_PATTERNS[key] = got
    if len(_RANK_PATTERNS) > _RANK_PATTERNS_SIZE:
        _RANK_PATTERNS.popitem(last=False)
    return got


class _PatternOrder(NamedTuple):
    """The 13 next ranks' 169 pattern entries of a board, ordered by rank (:func:`_pattern_order`)."""

    cum: np.ndarray  # (2198,) the entries' weights cumulated in (next rank, rank) order
    left: np.ndarray  # (2197,) by 169 · next rank + pattern: the entries of its row ranked below it
    right: np.ndarray  # (2197,) ranked at or below it
    below: np.ndarray  # (13, 169) their weight below it
    upto: np.ndarray  # (13, 169) their weight at or below it
    flush_place: np.ndarray  # (13,) the entries of each row ranked below every flush

    def percentiles(self, denom: int) -> np.ndarray:
        """(13, 169): each entry's percentile without flush pairs, ``(below + (upto − below − 1) / 2) / denom``, as
        ``(below + upto − 1) / 2 / denom`` (the halves of small integers are exact: the same floats)."""
        num = self.below + self.upto
        num -= 1
        return num / 2 / denom


_PATTERN_ORDERS: OrderedDict[tuple[int, int], _PatternOrder] = OrderedDict()
_PATTERN_ORDERS_SIZE = 2275  # every rank multiset of a flop (455) and a turn (1,820): ≤ 22 KB each, ≤ 50 MB in all
#: (52, 1): the flat offset of each card's row in a (52, 170) array
_CARD_PLACE = (np.arange(52) * 170)[:, None]
_MANY_FLUSH_PAIRS = 2500  # above: one packed sort of every entry is cheaper than the corrections
_ROW_OF_ENTRY = np.repeat(np.arange(13) * 169, 169)
_EYE13 = np.eye(13, dtype=np.int64)
_ROW_START = (np.arange(13 * 169) // 169 * 169).astype(np.int16)  # each entry's row's first place
_ROW_AND_ENTRY = (np.arange(13)[:, None] << 25) | np.arange(13 * 169).reshape(13, 169)  # next rank << 25 | entry
_UPPER = np.triu(np.ones((13, 13), dtype=np.int64))  # patterns (x, y) with x <= y: a holding's ranks in order


def _pattern_order(table: np.ndarray, board: np.ndarray) -> _PatternOrder:
    """Per next rank ``r``, the 169 pattern entries ``(x, y)`` of ``board`` ranked (``table``: :func:`_rank_patterns`
    ``"next"``), each weighted by its live holdings that do not hold a card of rank ``r``: ``b'_x · b'_y``
    (``b'_x (b'_x − 1) / 2`` for a pair, 0 for ``x > y``), ``b'`` the cards of each rank left once the board and
    that card are out.  It depends on the board's ranks alone, so it is kept per rank multiset (bounded LRU)."""
    counts = np.bincount(board >> 2, minlength=13)
    key = (board.size, int(counts @ _RANK_DIGITS))
    got = _PATTERN_ORDERS.get(key)
    if got is not None:
        _PATTERN_ORDERS.move_to_end(key)
        return got
    left_after = (4 - counts)[None, :] - _EYE13  # (13 next ranks, 13): b'
    weight = (left_after[:, :, None] * (left_after[:, None, :] - _EYE13) >> _EYE13) * _UPPER  # (13, x, y)
    value = table[:-1].reshape(169, 13).T.astype(np.int64)  # (13 next ranks, 169 patterns)
    packed = value << 12
    packed |= _ROW_AND_ENTRY  # next rank, rank, entry: one sort orders each row by rank
    packed = packed.ravel()
    packed.sort()
    order = packed & 0xFFF
    key_sorted = packed >> 12
    # int16: a row's weight is at most C(48, 2) = 1,128, all 13 rows' 14,664 (≈ 22 KB an entry)
    cum = np.zeros(13 * 169 + 1, dtype=np.int16)
    weight.ravel().take(order).cumsum(out=cum[1:])
    new = np.concatenate(([True], key_sorted[1:] != key_sorted[:-1]))
    starts = new.nonzero()[0]
    group = new.cumsum() - 1
    left = np.empty(13 * 169, dtype=np.int16)
    right = np.empty(13 * 169, dtype=np.int16)
    left[order] = starts.take(group)
    right[order] = np.concatenate((starts[1:], [13 * 169])).take(group)
    start = cum.take(_ROW_OF_ENTRY)
    below = cum.take(left)
    below -= start
    upto = cum.take(right)
    upto -= start
    left -= _ROW_START
    right -= _ROW_START
    got = _PatternOrder(cum, left, right, below.reshape(13, 169), upto.reshape(13, 169), (value < _FLUSH_START).sum(axis=1))
    _PATTERN_ORDERS[key] = got
    if len(_PATTERN_ORDERS) > _PATTERN_ORDERS_SIZE:
        _PATTERN_ORDERS.popitem(last=False)
    return got


_RANK_DIGITS = 5 ** np.arange(13, dtype=np.int64)  # a rank multiset's counts (0–4 each) as one integer
_FLUSH_START, _STRAIGHT_FLUSH_START = int(CATEGORY_STARTS[5]), int(CATEGORY_STARTS[8])  # the least flush, straight flush
#: each pattern's HS (StreetTable._pattern_hs) per (board size, rank multiset): 1.4 KB each
_HS_BY_PATTERN: OrderedDict[tuple[int, int], np.ndarray] = OrderedDict()
_HS_BY_PATTERN_SIZE = 4096


def _next_ranks(board: np.ndarray, keys: np.ndarray, bits: np.ndarray):
    """The rank of every holding with ``board`` and next card ``c`` (``keys``/``bits``: the holdings' packed key and
    suit-bit sums with the board), in one of two forms: ``(full, None)``, the (1326, 52) int16 table (0 where ``c``
    is in the holding, garbage where it is on the board), when the board has four cards of a suit; else
    ``(None, parts)``: ``parts = (table, h, c, r)``, the (2198,) int16 ranks of the 13 × 13 × 13 rank patterns
    (hole ranks, next rank) without a flush, flat, then a 0 (the entry of a next card in the holding,
    :data:`_RANK_PATTERN`), and the (holding, card) pairs ``h``, ``c`` that can make a flush, with their ranks ``r``.

    Without a flush the rank depends on the ranks of the cards only, so the 13 × 13 × 13 patterns of (hole ranks,
    next rank) are evaluated once and gathered; the (holding, card) pairs that can hold five cards of one suit —
    only in a suit the board has at least twice — are listed by the holding's count in that suit, and each ranks
    as the larger of its pattern's rank and its suit's flush-table entry, as :func:`holdem.evaluate.rank_of_keys`
    ranks a hand (every pair is evaluated in full when the board has four of a suit).  Equal to the evaluator on
    every pair (tests).
    """
    tables = load_tables()
    n_cards = board.size + 3
    on_board = np.bincount(board & 3, minlength=4)
    if on_board.max() >= 4:  # most pairs can make a flush: evaluate them all
        out = rank_of_keys(keys[:, None] + tables.card_keys[None, :52], n_cards, suit_bits=bits[:, None] + tables.suit_bits[None, :52])
        out[_HOLDING_CARD_MASK] = 0
        return out, None
    table = _rank_patterns("next", int(tables.card_keys.take(board).sum()), n_cards)
    on = np.zeros(52, dtype=bool)
    on[board] = True
    h, c, r = [], [], []
    for s in (on_board >= 2).nonzero()[0].tolist():
        hs, cs, at, card_bits = _board_flush_pairs(s, 5 - int(on_board[s]), board, on)
        # a pair's rank is its pattern's, or its flush's when it has five of the suit (the flush table holds 0 for
        # fewer, as rank_of_keys reads it)
        suited = ((bits.take(hs) + card_bits) >> (13 * s)) & 0x1FFF
        r.append(np.maximum(table.take(at), tables.flush.take(suited)))
        h.append(hs)
        c.append(cs)
    if not h:
        return None, (table, np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.int16))
    hs, cs, rs = (x[0] if len(x) == 1 else np.concatenate(x) for x in (h, c, r))
    return None, (table, hs, cs, rs)


#: _board_flush_pairs of two cards of a suit on the board, per (suit, those cards): 4 × 78 entries of ≤ 24 KB
_BOARD_FLUSH_PAIRS: dict[tuple[int, int], tuple[np.ndarray, ...]] = {}


def _board_flush_pairs(suit: int, need: int, board: np.ndarray, on: np.ndarray) -> tuple[np.ndarray, ...]:
    """:func:`_flush_pairs` of ``suit`` without the next cards on ``board`` (``on``: its 52 flags): the pairs' holdings,
    cards, pattern entries ``13 · pattern + rank of the card`` in :func:`_rank_patterns` ``"next"``, and the cards'
    suit bits.  They depend on the suit's cards on the board alone; kept when it holds two of them (about 1,000 pairs;
    with three there are about 10,000, and 286 boards of them per suit)."""
    key = (suit, sum(1 << (c >> 2) for c in board.tolist() if c & 3 == suit)) if need == 3 else None
    got = _BOARD_FLUSH_PAIRS.get(key) if key is not None else None
    if got is None:
        hs, cs = _flush_pairs(suit, need)
        keep = ~on[cs]
        hs, cs = hs[keep], cs[keep]
        got = (hs, cs, _HOLDING_PATTERN.take(hs) * 13 + (cs >> 2), load_tables().suit_bits.take(cs))
        for x in got:
            x.flags.writeable = False
        if key is not None:
            _BOARD_FLUSH_PAIRS[key] = got
    return got


_SCRATCH = threading.local()


def _scratch(name: str, shape: tuple[int, ...]) -> np.ndarray:
    """A float64 work array of this thread, reused between calls (a fresh 0.5 MB array costs its page faults each time)."""
    got = getattr(_SCRATCH, name, None)
    if got is None or got.shape != shape:
        got = np.empty(shape)
        setattr(_SCRATCH, name, got)
    return got


def _conflicts(cards) -> np.ndarray:
    """(1326,) bool: holdings that use one of ``cards``."""
    return np.logical_or.reduce(_CARD_USERS.take(cards, axis=0), axis=0)


@dataclass(frozen=True)
class Evaluation:
    """Our hand against each opponent's weight table (one entry per opponent in each array).

    ``hs``, ``ppot``, ``npot`` and ``ehs_each`` have shape ``(m,)`` for ``m``
    opponents.  ``hs_n`` is the product of the ``hs`` (Loki's ``HS_n``),
    ``ppot_all`` the Ppot against all the tables pooled (each normalized to
    sum 1), ``ehs`` Loki's ``HS_n + (1 − HS_n) · Ppot`` with that pooled Ppot,
    and ``ehs_product`` the product of the per-opponent ``EHS_i`` (Poki's
    generalization: win against each opponent independently).  On the river
    every potential is 0 and ``ehs`` equals ``hs_n``.
    """

    hs: np.ndarray
    ppot: np.ndarray
    npot: np.ndarray
    ehs_each: np.ndarray
    hs_n: float
    ppot_all: float
    ehs: float
    ehs_product: float


@dataclass(frozen=True)
class AllEvaluation:
    """:class:`Evaluation`'s scalars for every one of the 1,326 holdings at once (shape (1326,) each).

    ``hs_n``, ``ppot_all``, ``ehs`` and ``ehs_product`` hold, at index ``h``,
    what :meth:`StreetTable.evaluate` returns for our holding ``h`` against
    the same weight tables.  Holdings that use a board card hold 0;
    ``ehs_product`` is None unless asked for.
    """

    hs_n: np.ndarray
    ppot_all: np.ndarray
    ehs: np.ndarray
    ehs_product: np.ndarray | None


class StreetTable:
    """Every holding's rank on one board, and with each possible next card (built once per board).

    Parameters
    ----------
    board
        The 3, 4 or 5 board cards (anything :func:`holdem.parse_cards` reads).

    Attributes
    ----------
    board : numpy.ndarray of int8, shape (k,)
    ranks : numpy.ndarray of int16, shape (1326,)
        Rank (higher = stronger) of each holding with the board; 0 for holdings
        that use a board card.
    next_ranks : numpy.ndarray of int16, shape (1326, 52), or None
        Rank with the board plus card ``c``; 0 where ``c`` is on the board or in
        the holding.  None on the river.

    Examples
    --------
    >>> t = StreetTable("3h 4c Jh")
    >>> t.ranks.shape, t.next_ranks.shape
    ((1326,), (1326, 52))
    >>> StreetTable("3h 4c")
    Traceback (most recent call last):
    ...
    ValueError: The 'board' parameter of StreetTable must hold 3, 4 or 5 cards; got 2.
    """

    def __init__(self, board: CardsLike, *, _ranks: np.ndarray | None = None):
        codes = _codes(board)
        board = parse_cards(board) if codes is None else codes  # integer codes (the players' path) are not parsed
        if board.ndim != 1 or board.size not in (3, 4, 5):
            raise ValueError(f"The 'board' parameter of StreetTable must hold 3, 4 or 5 cards; got {board.size}.")
        self._build(board, _ranks)

    @classmethod
    def _of_codes(cls, board: np.ndarray, ranks: np.ndarray | None, hole: np.ndarray | None = None) -> "StreetTable":
        """The table of ``board``, distinct int8 card codes already checked (:func:`street_table`); ``ranks`` and
        ``hole``: the previous street's next-card column and its hole-pattern ranks with that card, when known."""
        table = cls.__new__(cls)
        table._build(board, ranks)
        table._hole_patterns = hole
        return table

    def _build(self, board: np.ndarray, _ranks: np.ndarray | None) -> None:
        self.board = board
        self._hole_patterns: np.ndarray | None = None  # (169,) the hole patterns' ranks (_rank_patterns "hole")
        self.board_conflict = _conflicts(board.tolist())
        k = board.size
        if _ranks is None or k < 5:
            tables = load_tables()
            hkeys, hbits = _holding_arrays()
            keys = hkeys + int(tables.card_keys.take(board).sum())  # keys add (holdem.evaluate.key_sums)
            bits = hbits + int(tables.suit_bits.take(board).sum())
        if _ranks is None:  # (street_table passes the previous street's next-card column: the same numbers)
            ranks = _holding_ranks(board, bits)
            ranks[self.board_conflict] = 0
        else:
            ranks = _ranks
        ranks.flags.writeable = False
        self.ranks = ranks
        self._next: np.ndarray | None = None  # next_ranks, gathered on first use
        self._parts: Any = None  # the rank patterns and flush pairs of the next card (_next_ranks)
        self._patterns: Any = None  # (169, 13) pattern ranks, flush pairs h and c; None on the river and 4-suit boards
        if k < 5:
            nxt, self._parts = _next_ranks(board, keys, bits)
            if nxt is None:
                table, h, c, _ = self._parts
                self._patterns = (table[:-1].reshape(169, 13), h, c)
            else:
                nxt[:, board] = 0
                nxt[self.board_conflict] = 0
                nxt.flags.writeable = False
                self._next = nxt
        self._strength: tuple[np.ndarray, np.ndarray] | None = None
        self._hs_by_pattern: np.ndarray | None = None  # (169,) every live holding's HS by its pattern (_pattern_hs)
        self._percentiles: Any = None  # the next-card percentiles (_pattern_percentiles) once holding_strength has them
        self._hole_cache: dict[int, tuple] = {}
        self._player_cache: dict[tuple[int, bool], np.ndarray] = {}  # player_ehs against random hands

    def __repr__(self) -> str:
        from holdem.cards import format_cards

        return f"StreetTable({format_cards(self.board)!r})"

    @property
    def _next_cards(self) -> np.ndarray:
        """The cards that can come next (off the board), in card order."""
        got = getattr(self, "_next_cards_cache", None)
        if got is None:
            on_board = np.zeros(52, dtype=bool)
            on_board[self.board] = True
            got = self._next_cards_cache = (~on_board).nonzero()[0]
        return got

    @property
    def next_ranks(self) -> np.ndarray | None:
        """(1326, 52) int16: every holding's rank with the board plus card ``c`` (see the class); None on the river.

        Gathered from the rank patterns on first use: Loki's own evaluation (:meth:`evaluate`) and the next
        street's ranks (:func:`street_table`) read the patterns and never need the whole table.
        """
        if self._next is None and self._parts is not None:
            table, h, c, r = self._parts
            nxt = table.take(_RANK_PATTERN)
            nxt[h, c] = r
            nxt[:, self.board] = 0
            nxt[self.board_conflict] = 0
            nxt.flags.writeable = False
            self._next = nxt
        return self._next

    def _next_column(self, card: int) -> np.ndarray:
        """``next_ranks[:, card]`` as a new array (the ranks of the board plus ``card``), without the whole table."""
        if self._next is not None or self._parts is None:
            return self.next_ranks[:, card].copy()  # type: ignore[index]  # not the river: the street_table caller
        table, h, c, r = self._parts
        col = table.take(_RANK_PATTERN_T[card])
        on = c == card
        col[h[on]] = r[on]
        col[self.board_conflict] = 0
        return col

    # -- our hand ------------------------------------------------------------------

    def _hole_counts(self, h0: int):
        """Per holding: now-state one-hot (1326, 3) and later counts (1326, 3) for our holding ``h0``."""
        got = self._hole_cache.get(h0)
        if got is not None:
            return got
        ours = self.ranks[h0]
        c0, c1 = HOLDINGS[h0]
        live = ~(self.board_conflict | _CARD_USERS[c0] | _CARD_USERS[c1])
        theirs = self.ranks
        below = live & (theirs < ours)
        above = live & (theirs > ours)
        tied = live & ~(below | above)
        now = np.zeros((N_HOLDINGS, 3))
        now[:, 0] = below
        now[:, 1] = tied
        now[:, 2] = above
        groups = [below.nonzero()[0], tied.nonzero()[0], above.nonzero()[0]]
        later = None
        if self._patterns is not None:
            later = self._pattern_later(h0, live)
        elif self.next_ranks is not None:
            # all 52 columns at once, row counts by a float32 product with ones (exact small integers, faster
            # than a boolean sum).  Their rank is 0 on a board card or one of their own cards: "ahead" takes
            # out their own cards where we have a rank; where we have none (the board, our cards) we count as
            # above every rank for "behind".  A live holding of theirs has a rank for the 50 − k cards off the
            # board that are not its own, less our two cards
            ours_next = self.next_ranks[h0]
            theirs_next = self.next_ranks
            ahead = (theirs_next < ours_next).astype(np.float32) @ _ONES52 - (ours_next[HOLDINGS] > 0).sum(axis=1)
            behind = (theirs_next > np.where(ours_next > 0, ours_next, _NO_RANK)).astype(np.float32) @ _ONES52
            n_valid = np.where(self.board_conflict, 0, 50 - self.board.size) - (theirs_next[:, HOLDINGS[h0]] > 0).sum(axis=1)
            later = np.stack([ahead, n_valid - ahead - behind, behind], axis=1).astype(np.float64)
            later[~live] = 0.0
        got = (now, later, live, groups, None if later is None else [later.take(g, axis=0) for g in groups])
        if len(self._hole_cache) > 16:
            self._hole_cache.clear()
        self._hole_cache[h0] = got
        return got

    def _pattern_later(self, h0: int, live: np.ndarray) -> np.ndarray:
        """``_hole_counts``' later counts (1326, 3) of our holding ``h0`` (next cards after which each live holding
        is ahead of, tied with, behind us), counted over rank patterns instead of all 1326 × 52 pairs.

        Off the flush pairs a holding's rank with next card ``c`` is its pattern's rank with the rank of ``c``, and
        so is ours unless ``c`` makes our flush: per pattern, the next ranks it trails and leads us after are
        counted once, each weighted by its cards that can come (off the board, not ours), plus our flush cards one
        by one.  Each holding takes its pattern's counts less its own two cards, and its flush pairs replace their
        pattern's comparison by their own.  The same integers as comparing every pair of :attr:`next_ranks` (tests).
        """
        table, fh, fc, fr = self._parts
        ours = table.take(_RANK_PATTERN[h0])  # (52,): our rank with each next card, 0 with one of ours
        mine = fh == h0
        ours[fc[mine]] = fr[mine]
        ours[self.board] = 0  # 0 (below every rank) where the card cannot come
        top = np.where(ours > 0, ours, _NO_RANK)  # and above every rank there
        patterns = table[:-1].reshape(169, 13)  # each pattern's rank with each next rank
        plain_rank = patterns[_HOLDING_PATTERN[h0]]  # (13,): ours without a flush
        plain = ours == plain_rank.take(_CARD_RANK)  # the cards that can come and do not change our flush
        count = plain.reshape(13, 4).sum(axis=1).astype(np.float32)  # per next rank, its plain cards
        ahead = (patterns < plain_rank).astype(np.float32) @ count  # (169,) per pattern
        behind = (patterns > plain_rank).astype(np.float32) @ count
        special = ((ours > 0) & ~plain).nonzero()[0]  # our flush cards, one by one
        if special.size:
            cols = patterns[:, special >> 2]
            ahead += (cols < ours[special]).sum(axis=1)
            behind += (cols > ours[special]).sum(axis=1)
        own, flush_pattern = self._pattern_ranks_of_pairs()
        below = own < ours.take(_HOLDING_CARDS)  # (2, 1326): after each holding's first / second card
        above = own > top.take(_HOLDING_CARDS)
        ahead = ahead.take(_HOLDING_PATTERN) - below[0] - below[1]
        behind = behind.take(_HOLDING_PATTERN) - above[0] - above[1]
        if fh.size:  # a live flush pair's own comparison replaces its pattern's
            # its rank is at least its pattern's (theirs ≤ fr), so the two differ only where ours lies between them:
            # one fewer ahead where theirs < ours ≤ fr, one more behind where theirs ≤ ours < fr (never where the
            # card cannot come: ours is 0 there, below every rank)
            o = ours.take(fc)
            ok = live.take(fh)
            ahead -= np.bincount(fh[ok & (flush_pattern < o) & (fr >= o)], minlength=N_HOLDINGS)
            behind += np.bincount(fh[ok & (flush_pattern <= o) & (fr > o)], minlength=N_HOLDINGS)
        ahead *= live
        behind *= live
        out = np.empty((N_HOLDINGS, 3))  # (small integers: exact in any float)
        out[:, 0] = ahead
        out[:, 1] = (48 - self.board.size) * live - ahead - behind
        out[:, 2] = behind
        return out

    def _pattern_ranks_of_pairs(self) -> tuple[np.ndarray, np.ndarray]:
        """Kept on the table: (2, 1326) int16, each holding's pattern rank with its own first / second card's rank;
        and each flush pair's pattern rank (what its flush replaces)."""
        got = getattr(self, "_pair_patterns", None)
        if got is None:
            table, fh, fc, _ = self._parts
            got = self._pair_patterns = (table.take(_OWN_PATTERN_RANK), table.take(_HOLDING_PATTERN.take(fh) * 13 + (fc >> 2)))
        return got

    def evaluate(self, hole: CardsLike, weights: ArrayLike | None = None) -> Evaluation:
        """Our hand against one weight table or a stack of them (one per opponent).

        Parameters
        ----------
        hole
            Our two hole cards.
        weights
            None (one uniformly random opponent), a (1326,) table, or an
            (m, 1326) stack; holdings that use a known card count 0.

        Returns
        -------
        Evaluation

        Examples
        --------
        >>> t = street_table("3h 4c Jh")
        >>> e = t.evaluate("As Qc", np.ones((5, 1326)))
        >>> round(e.hs_n, 3), round(e.ehs, 2)
        (0.069, 0.17)
        >>> t.evaluate("As 3h")
        Traceback (most recent call last):
        ...
        ValueError: The 'hole' parameter of StreetTable.evaluate must not use a board card; got [51, 6] on board [6, 8, 38].
        """
        h0 = self._holding_of(hole)
        w = clean_weights(weights)
        now, later, live, groups, later_by = self._hole_counts(h0)
        w = w * live
        counts = w @ now  # (m, 3) ahead, tied, behind
        rows = counts.tolist()
        m = len(rows)
        # the scalars in Python floats: the very operations (and order) of the array expressions they replace
        total = [a + t + b for a, t, b in rows]
        if min(total) <= 0:
            bad = next(i for i, x in enumerate(total) if x <= 0)
            raise ValueError(f"weight table {bad} gives no live holding once the known cards are removed")
        hs = [(a + t / 2) / x for (a, t, _), x in zip(rows, total)]
        hs_n = _product(hs)
        if later is None:
            ppot = npot = [0.0] * m
            ppot_all = 0.0
        else:
            # HP[i, now, later] = sum_h w[i, h] * now[h, now] * later[h, later]
            parts = [w.take(g, axis=1) @ lg for g, lg in zip(groups, later_by)]  # each (m, 3)
            if m == 1:
                tables = [[part[0].tolist() for part in parts]]
                inv = 1.0 / total[0]
                pooled = [[inv * x for x in row] for row in tables[0]]  # einsum's one term
            else:
                table = np.stack(parts, axis=1)
                tables = table.tolist()
                pooled = np.einsum("i,inl->nl", 1.0 / np.array(total), table).tolist()
            pots = [_pot_pair(hp) for hp in tables]
            ppot = [p for p, _ in pots]
            npot = [n for _, n in pots]
            ppot_all = _pot_pair(pooled)[0]
        ehs_each = [h + (1 - h) * p for h, p in zip(hs, ppot)]
        return Evaluation(
            hs=np.array(hs),
            ppot=np.array(ppot),
            npot=np.array(npot),
            ehs_each=np.array(ehs_each),
            hs_n=hs_n,
            ppot_all=ppot_all,
            ehs=hs_n + (1 - hs_n) * ppot_all,
            ehs_product=_product(ehs_each),
        )

    def evaluate_all(self, weights: ArrayLike | None = None, *, per_opponent: bool = True) -> AllEvaluation:
        """:meth:`evaluate` for every holding as ours at once, against the same weight tables.

        HS per opponent by :meth:`range_strength`; the pooled and per-opponent
        one-card HP tables of every holding (:func:`holdem.strength.pairwise_potential_tables`, by rank
        patterns): the exact Billings1998 §4.2 numbers, not the percentile
        estimate of :meth:`holding_strength`.  The tests check every holding
        against :meth:`evaluate`.

        Parameters
        ----------
        weights
            None, a (1326,) table or an (m, 1326) stack (one per opponent).
        per_opponent
            Also compute ``ehs_product`` (Poki's per-opponent EHS, one HP
            table per opponent); else it is None.

        Returns
        -------
        AllEvaluation

        Examples
        --------
        >>> from holdem.ranges import holding_index
        >>> from holdem.cards import parse_cards
        >>> t = street_table("3h 4c Jh")
        >>> h = holding_index(*parse_cards("As Qc"))
        >>> round(float(t.evaluate_all(np.ones((5, 1326))).ehs[h]), 2), round(t.evaluate(h, np.ones((5, 1326))).ehs, 2)
        (0.17, 0.17)
        """
        w = clean_weights(weights) * ~self.board_conflict
        live = ~self.board_conflict
        hs = self.range_strength(w)  # (m, 1326)
        hs_n = np.prod(hs, axis=0)
        if self.next_ranks is None:
            ehs_each = hs
            ppot_all = np.zeros(N_HOLDINGS)
        else:
            # (m, 1326): each table's live weight for each holding of ours (all of it less the 101 that share a card)
            totals = w.sum(axis=1, keepdims=True) - (self._shared()[1] @ w.T).T
            inv = np.divide(1.0, totals, out=np.zeros_like(totals), where=totals > 1e-12)
            tables = pairwise_potential_tables(self.board, self.ranks, self.next_ranks, w)  # (m, 1326, 3, 3)
            ppot_all = _pots(np.einsum("ih,ihnl->hnl", inv, tables))[0]
            if per_opponent:
                per = [_pots(inv[i][:, None, None] * tables[i])[0] for i in range(w.shape[0])]
                ehs_each = hs + (1 - hs) * np.array(per)
        ehs = hs_n + (1 - hs_n) * ppot_all
        product = np.prod(ehs_each, axis=0) if per_opponent else None
        for a in (hs_n, ppot_all, ehs, product):
            if a is not None:
                a[~live] = 0.0
        return AllEvaluation(hs_n, ppot_all, ehs, product)

    def _holding_of(self, hole) -> int:
        if isinstance(hole, (int, np.integer)) and not isinstance(hole, bool):
            h0 = int(hole)
            if not 0 <= h0 < N_HOLDINGS:
                raise ValueError(f"The 'hole' parameter of StreetTable.evaluate must be a holding index in [0, 1325]; got {h0}.")
        else:
            cards = parse_cards(hole)
            if cards.shape != (2,):
                raise ValueError(f"The 'hole' parameter of StreetTable.evaluate must be two cards; got {cards.size}.")
            check_distinct(cards, source=hole)
            h0 = int(HOLDING_INDEX[cards[0], cards[1]])
            if self.board_conflict[h0]:
                raise ValueError(
                    "The 'hole' parameter of StreetTable.evaluate must not use a board card; "
                    f"got {cards.tolist()} on board {self.board.tolist()}."
                )
        if self.board_conflict[h0]:
            raise ValueError(f"holding {h0} uses a board card of {self.board.tolist()}")
        return h0

    # -- every holding --------------------------------------------------------------

    def holding_strength(self) -> tuple[np.ndarray, np.ndarray]:
        """Every holding's HS and EHS against one uniformly random opponent on this board.

        HS is exact (the opponent's holdings that share a card with ours or the
        board are left out).  The potential is a cheap *percentile* estimate, not
        the exact pairwise Ppot of Billings1998 §4.2 (that would take 1326 × 1326 × 47
        comparisons per street): with ``HS_c`` the holding's percentile among the
        holdings after next card ``c``, ``Ppot ≈ mean_c max(0, HS_c − HS) / (1 − HS)``,
        the share of the ground behind it that the next card makes up on
        average.  EHS = HS + (1 − HS) · Ppot.  On the river EHS = HS.  Holdings
        that use a board card get 0.  Cached on the table.

        Returns
        -------
        hs, ehs : numpy.ndarray of float64, shape (1326,)

        Examples
        --------
        >>> hs, ehs = street_table("3h 4c Jh").holding_strength()
        >>> from holdem.ranges import holding_index
        >>> from holdem.cards import parse_cards
        >>> h = holding_index(*parse_cards("As Qc"))
        >>> round(float(hs[h]), 3), bool(ehs[h] >= hs[h])
        (0.585, True)
        """
        if self._strength is not None:
            return self._strength
        live = ~self.board_conflict
        got = _flop_strength(self) if self.board.size == 3 else None
        if got is None:
            hs = self._exact_hs(live)
            ehs = hs.copy() if self.board.size == 5 else self._percentile_ehs(hs, live)
        else:
            hs, percentiles = got
            ehs = self._percentile_ehs(hs, live, percentiles)
        hs.flags.writeable = False
        ehs.flags.writeable = False
        self._strength = (hs, ehs)
        return self._strength

    def _exact_hs(self, live: np.ndarray) -> np.ndarray:
        """Every holding's exact HS against one uniformly random opponent (0 for holdings that use a board card)."""
        if np.bincount(self.board & 3, minlength=4).max() + 2 < 5:  # no holding can make a flush
            return self._pattern_hs(live)
        ranks = self.ranks
        # exact HS: count against every live holding by rank, then take out (inclusion–exclusion over our
        # two cards) the live holdings that share one of them: for each card, the 51 holdings holding it
        # sorted by rank give, at our own place in that list, how many of them we beat and tie
        per_rank = np.bincount(ranks[live])  # live holdings per rank (a dead holding's 0 is no live rank)
        below = np.zeros(per_rank.size + 1, dtype=np.int64)
        per_rank.cumsum(out=below[1:])
        less = below.take(ranks)  # live holdings ranked below, at each rank
        equal = per_rank.take(ranks)
        lo, hi = _row_counts(ranks[CARD_HOLDINGS])  # (52, 51): dead holdings (rank 0) sort first
        dead = (~live)[CARD_HOLDINGS].sum(axis=1)  # per card, its holdings that use a board card
        lo, hi = lo.ravel()[_OWN_PLACE], hi.ravel()[_OWN_PLACE]  # (1326, 2): at our place in each card's list
        cards = HOLDINGS.astype(np.intp)
        less -= (lo - dead[cards]).sum(axis=1)
        equal -= (hi - lo).sum(axis=1)
        n_live = int(below[-1]) - (CARD_HOLDINGS.shape[1] - dead[cards]).sum(axis=1)
        equal += 1  # the holding itself: counted once, taken out twice (it holds both cards)
        n_live += 1
        hs = np.zeros(N_HOLDINGS)
        hs[live] = (less[live] + equal[live] / 2) / n_live[live]
        return hs

    def _pattern_hs(self, live: np.ndarray) -> np.ndarray:
        """:meth:`_exact_hs` on a board where no holding can make a flush, counted over the 169 rank patterns.

        Then a holding's rank is its pattern's (its hole ranks), and the opponent holdings of pattern ``q = (x, y)``
        that share no card with ours and the board number ``a_x · a_y`` (``a_r``: the cards of rank ``r`` left once
        the board and our two cards are out), ``a_x (a_x − 1) / 2`` for a pair.  Those counts differ from the
        board-only counts (``b_r`` for ``a_r``) only for the ≤ 25 patterns that share a rank with ours, so each
        pattern's ``2 · below + tied`` and total are the board-only ones (one sort of the 169 pattern ranks,
        cumulative sums) plus the corrections on those 25, and HS = ``(2 · below + tied) / (2 · total)``: the very
        integers of the pairwise count, and the float of ``(below + tied / 2) / total``.  Those depend on the board's
        ranks alone, so each pattern's HS is kept per rank multiset (bounded LRU).
        """
        counts = np.bincount(self.board >> 2, minlength=13)
        key = (self.board.size, int(counts @ _RANK_DIGITS))
        by_pattern = _HS_BY_PATTERN.get(key)
        if by_pattern is None:
            by_pattern = _HS_BY_PATTERN[key] = self._pattern_hs_of(4 - counts)
            if len(_HS_BY_PATTERN) > _HS_BY_PATTERN_SIZE:
                _HS_BY_PATTERN.popitem(last=False)
        else:
            _HS_BY_PATTERN.move_to_end(key)
        self._hs_by_pattern = by_pattern
        hs = by_pattern.take(_HOLDING_PATTERN)
        hs[~live] = 0.0
        return hs

    def _pattern_hs_of(self, b: np.ndarray) -> np.ndarray:
        """:meth:`_pattern_hs` per pattern (169,), read-only; ``b``: the cards of each rank left after the board."""
        rank = self._hole_patterns  # (169,): never a flush
        if rank is None:
            rank = _rank_patterns("hole", int(key_sums(self.board)), self.board.size + 2)
        base = b[_PATTERN_X] * (b[_PATTERN_Y] - _IS_PAIR) >> _IS_PAIR  # (169,): b_x · b_y, b_x (b_x − 1) / 2 for a pair
        base[_IS_DOWN] = 0  # a holding's ranks come as r0 <= r1
        order = rank.argsort()
        sorted_rank = rank[order]
        cum = np.concatenate(([0], base[order].cumsum()))
        twice = cum[sorted_rank.searchsorted(rank, side="left")] + cum[sorted_rank.searchsorted(rank, side="right")]
        left = (b[None, :] - _PATTERN_RANK_COUNT).ravel()  # (169 · 13,): the cards of each rank left after ours too
        delta = left[_NEIGHBOUR_X] * (left[_NEIGHBOUR_Y] - _NEIGHBOUR_PAIR) >> _NEIGHBOUR_PAIR
        delta -= base[_NEIGHBOURS]  # (169, 25): 0 on the padding
        total = cum[-1] + delta.sum(axis=1)
        # 2 · below + tied: the neighbour's weight times 2, 1 or 0 = 1 + sign(our rank − theirs)
        twice += (delta * np.sign(rank[:, None] - rank[_NEIGHBOURS])).sum(axis=1) + (total - cum[-1])
        by_pattern = twice / (2 * np.maximum(total, 1))  # (the maximum: patterns the board makes impossible)
        by_pattern.flags.writeable = False
        return by_pattern

    def strength_of(self, holding: int) -> float:
        """One holding's EHS of :meth:`holding_strength` (the same float), without the other 1,325 holdings' potential.

        What a player that thresholds only its own holding needs (:mod:`bpp.loki.opponents`): HS against the
        live holdings that share no card with it, and for each next card its percentile by two comparisons
        against that card's column of :attr:`next_ranks`, the gains summed in card order.

        >>> t = street_table("3h 4c Jh")
        >>> bool(t.strength_of(100) == t.holding_strength()[1][100])
        True
        """
        h = int(holding)
        if self._strength is not None:
            return float(self._strength[1][h])
        if self.board_conflict[h]:
            return 0.0
        ranks = self.ranks
        r = ranks[h]
        others = ~(self.board_conflict | _conflicts(HOLDINGS[h].tolist()))
        theirs = ranks[others]
        less = int(np.count_nonzero(theirs < r))
        equal = int(np.count_nonzero(theirs == r))
        hs = (less + equal / 2) / theirs.size
        if self.next_ranks is None:
            return hs
        cols = self._next_cards
        nxt = self.next_ranks[:, cols]
        ours = nxt[h]
        invalid = self._invalid_per_card(nxt)
        lo = (nxt < ours).sum(axis=0) - invalid  # the invalid entries (0) are below every valid rank
        hi = (nxt <= ours).sum(axis=0) - invalid
        pct = (lo + (hi - lo - 1) / 2) / np.maximum(N_HOLDINGS - invalid - 1, 1)
        terms = np.where(ours > 0, np.maximum(pct - hs, 0.0), 0.0)
        gain = float(np.add.accumulate(terms)[-1])  # in card order, as holding_strength sums
        behind = 1 - hs if hs < 1 else 1.0
        ppot = min(max(gain / (cols.size - 2) / behind, 0.0), 1.0)
        return hs + (1 - hs) * ppot

    def next_percentiles(self, cards: np.ndarray, holdings: np.ndarray) -> np.ndarray | None:
        """Each holding's HS percentile among all live holdings once the next card comes, read from :meth:`holding_strength`.

        The percentile of holding ``h`` on the board plus card ``c`` is ``(below + (tied − 1) / 2) / (n − 1)``
        over the ``n`` holdings that share no card with that board (``h`` among them): what
        :meth:`holding_strength` computes for every (next card, holding) pair to get the potential, and what the
        simulation needs for the next street of each trial (:func:`bpp.loki.simulator.sampling.simulate`).

        Parameters
        ----------
        cards : numpy.ndarray of int, shape (T,)
            The next card of each row (not on the board).
        holdings : numpy.ndarray of int, shape (T, n)
            Holding indices, sharing no card with the board or the row's card.

        Returns
        -------
        numpy.ndarray of float64, shape (T, n), or None
            None on the river and on boards with four cards of a suit (no pattern form: the caller counts).

        Examples
        --------
        >>> from holdem.cards import parse_cards
        >>> from holdem.ranges import holding_index
        >>> t = street_table("3h 4c Jh")
        >>> h = holding_index(*parse_cards("As Qc"))
        >>> p = t.next_percentiles(np.array([int(parse_cards("Qd")[0])]), np.array([[h]]))
        >>> p.shape, bool(0.9 < p[0, 0] < 1)
        ((1, 1), True)
        """
        if self.board.size == 5:
            return None
        self.holding_strength()
        if self._percentiles is None:
            return None
        table, fh, fc, fpct = self._percentiles
        cards = np.asarray(cards, dtype=np.intp)
        holdings = np.asarray(holdings, dtype=np.intp)
        out = table[cards[:, None], _HOLDING_PATTERN[holdings]]
        if fh.size:  # the (holding, card) pairs that can make a flush have their own entry
            key = fc.astype(np.int64) * N_HOLDINGS + fh
            order = np.argsort(key)
            key = key[order]
            want = cards[:, None] * N_HOLDINGS + holdings
            at = np.minimum(np.searchsorted(key, want), key.size - 1)
            hit = key[at] == want
            out[hit] = fpct[order[at[hit]]]
        return out

    def _invalid_per_card(self, nxt: np.ndarray) -> np.ndarray:
        """Per next card (the columns of ``nxt``): the holdings that cannot see it (rank 0); kept on the table."""
        got = getattr(self, "_invalid_cache", None)
        if got is None:
            got = self._invalid_cache = (nxt == 0).sum(axis=0)
        return got

    def _percentile_ehs(self, hs: np.ndarray, live: np.ndarray, percentiles=None) -> np.ndarray:
        """EHS from the percentile potential of :meth:`holding_strength`, all next cards at once.

        For next card ``c`` a holding's percentile is ``(lo + (hi − lo − 1) / 2) / (n − 1)`` among the ``n``
        holdings valid with ``c`` (``lo`` of them rank below it, ``hi`` at or below): every (card, holding)
        pair is counted by one sort of (card, rank, holding) keys, and the gains ``max(0, pct − HS)`` are
        summed per holding by one weighted ``bincount`` (in card order, as a loop over the cards would).
        """
        if self._patterns is not None:
            gain = self._pattern_gains(hs, live, percentiles)
        else:
            gain = self._sorted_gains(hs)
        behind = np.where(live & (hs < 1), 1 - hs, 1.0)
        ppot = gain  # clip(gain / (n − 2) / behind, 0, 1) in place (no NaN or −0: the same floats as np.clip)
        ppot /= self._next_cards.size - 2
        ppot /= behind
        np.maximum(ppot, 0.0, out=ppot)
        np.minimum(ppot, 1.0, out=ppot)
        ehs = 1 - hs
        ehs *= ppot
        ehs += hs  # hs + (1 − hs) · ppot
        ehs[~live] = 0.0
        return ehs

    def _pattern_gains(self, hs: np.ndarray, live: np.ndarray, percentiles=None) -> np.ndarray:
        """Per holding, the sum over next cards of ``max(0, pct − HS)``, counted over rank patterns.

        The percentiles come from :meth:`_pattern_percentiles` (the board's alone); each (card, holding) reads its
        pattern's entry, its flush entry or nothing (its own card, a board card), and the gains are summed in card
        order (adding 0 for the board's cards, which changes nothing): the very floats of :meth:`_sorted_gains`.
        Where every live holding's HS is its pattern's (no flush possible, :meth:`_pattern_hs`), ``max(0, pct − HS)``
        is taken on the 52 × 169 pattern entries before they are gathered: the same floats for every live holding.
        """
        got = self._pattern_percentiles(live) if percentiles is None else percentiles
        if got is None:
            return self._sorted_gains(hs)
        self._percentiles = got
        table, fh, fc, fpct = got
        per = _scratch("pairs", (52, N_HOLDINGS))
        by_pattern = self._hs_by_pattern
        if by_pattern is not None:  # every live holding has its pattern's HS: the gains by pattern, then gathered
            gain = table - by_pattern
            np.maximum(gain, 0.0, out=gain)
            np.take(gain, _HOLDING_PATTERN, axis=1, out=per, mode="wrap")
            per.ravel()[_OWN_CARD_PAIRS] = 0.0  # a holding gains nothing from its own cards
            per[fc, fh] = np.maximum(fpct - hs.take(fh), 0.0)
            return per.sum(axis=0)  # (holdings that use a board card get another sum: their EHS is 0)
        # (52, 1326): each (card, holding)'s pattern entry ("wrap": the indices are valid, and it does not buffer)
        np.take(table, _HOLDING_PATTERN, axis=1, out=per, mode="wrap")
        per.ravel()[_OWN_CARD_PAIRS] = -np.inf  # a holding gains nothing from its own cards
        per[fc, fh] = fpct
        per -= hs
        np.maximum(per, _ZEROS, out=per)  # (a row of zeros: numpy's maximum with a scalar is slower)
        return per.sum(axis=0)  # numpy adds the rows of an outer-axis sum one after another, in card order

    def _pattern_percentiles(self, live: np.ndarray):
        """The percentile of every (next card, holding) pair, by rank pattern; it depends on the board alone.

        Without a flush a holding's rank with next card ``c`` is its rank pattern's (hole ranks, rank of ``c``), and
        the live holdings of pattern ``(x, y)`` that do not hold ``c`` number ``b'_x · b'_y`` (``b'_x (b'_x − 1) / 2``
        for a pair; ``b'``: the cards of each rank left once the board and ``c`` are out), which depends on the rank
        of ``c`` only.  So the 13 next ranks' 169 pattern entries are counted once (:func:`_pattern_order`: each
        entry's weight below and at its rank), and each flush pair ``f`` of card ``c`` (its pattern's rank ``p_f``,
        its own ``v_f ≥ p_f``) moves one holding: the pattern entries of ``c`` ranked in ``(p_f, v_f]`` have one
        fewer below them, those in ``[p_f, v_f)`` one fewer at or below (counted over each card's rank order by
        cumulative sums); a flush pair's own entry counts the pattern weight below and at ``v_f``, less the pairs
        moved out of it, plus the card's flush pairs ranked below and at it.  The percentile is
        ``(lo + (size − 1) / 2) / (n − 1)`` over the ``n`` holdings valid with ``c``: the integers of one sort of
        every (card, rank) entry, so the same floats (:meth:`_packed_percentiles`, which boards with more than
        ``_MANY_FLUSH_PAIRS`` flush pairs still use: there the one sort is cheaper).  Returns the (52, 169) pattern
        entries (−inf on the board's cards) and the flush pairs' holdings, cards and percentiles.
        """
        _, fh, fc = self._patterns
        keep = live[fh]
        fh, fc = fh[keep], fc[keep]
        if fh.size > _MANY_FLUSH_PAIRS:  # three of a suit on the board: most cards have many flush pairs
            return self._packed_percentiles(live, fh, fc, keep)
        k = self.board.size
        order = _pattern_order(self._parts[0], self.board)
        denom = max((51 - k) * (50 - k) // 2 - 1, 1)  # every card off the board leaves C(51 − k, 2) valid holdings
        if not fh.size:
            table = order.percentiles(denom).take(_CARD_RANK, axis=0)
            table[self.board] = -np.inf
            return table, fh, fc, np.zeros(0)
        fval = self._parts[3][keep].astype(np.int64)  # the flush pairs' ranks (their next_ranks entries)
        rank_row = (fc >> 2) * 169
        at = rank_row + _HOLDING_PATTERN.take(fh)  # each pair's pattern entry in its rank's row
        below_start = order.left.take(at)  # the pattern's place in its row: entries ranked below it, at or below it
        upto_start = order.right.take(at)
        # the place of v_f in its row: a flush ranks above every straight and below every full house, a straight
        # flush above every pattern; a pair whose pattern beats its flush (a full house, quads) keeps its pattern's
        kept = fval == self._parts[0].take(_HOLDING_PATTERN.take(fh) * 13 + (fc >> 2))
        lt = np.where(fval >= _STRAIGHT_FLUSH_START, 169, order.flush_place.take(fc >> 2))
        le = np.where(kept, upto_start, lt)
        lt = np.where(kept, below_start, lt)
        per_card = np.bincount(fc, minlength=52)
        cards = per_card.nonzero()[0]  # the m cards with flush pairs: only their rows change
        m = cards.size
        slot = np.empty(52, dtype=np.intp)
        slot[cards] = np.arange(m)
        base = slot.take(fc) * 170
        size = m * 170
        # per card and place in its rank's order: the pairs whose pattern sits at or below it, whose v_f does
        moved_right = np.bincount(base + upto_start, minlength=size).reshape(m, 170).cumsum(axis=1)
        moved_left = np.bincount(base + below_start, minlength=size).reshape(m, 170).cumsum(axis=1)
        less = moved_right - np.bincount(base + le, minlength=size).reshape(m, 170).cumsum(axis=1)
        most = moved_left - np.bincount(base + lt, minlength=size).reshape(m, 170).cumsum(axis=1)
        rows = cards >> 2
        place = _CARD_PLACE[:m] + order.left.reshape(13, 169).take(rows, axis=0)  # (m, 169) flat into (m, 170)
        lo = order.below.take(rows, axis=0) - less.ravel().take(place)
        hi = order.upto.take(rows, axis=0) - most.ravel().take(place)
        table = order.percentiles(denom).take(_CARD_RANK, axis=0)
        table[cards] = (lo + (hi - lo - 1) / 2) / denom
        table[self.board] = -np.inf
        # the flush pairs' own entries: pattern weight below / at v_f, less the pairs moved out of it, plus the pairs
        # of the card ranked below / at v_f (one sort of (card, v_f) keys)
        n = fc.size
        packed = np.sort(((fc << 13 | fval) << 14) | np.arange(n))
        pair = packed & 0x3FFF
        card_key = packed >> 14
        new = np.concatenate(([True], card_key[1:] != card_key[:-1]))
        starts = new.nonzero()[0]
        group = new.cumsum() - 1
        card_start = np.concatenate(([0], per_card.cumsum()))
        among_lt = np.empty(n, dtype=np.int64)
        among_le = np.empty(n, dtype=np.int64)
        first = card_start.take(card_key >> 13)
        among_lt[pair] = starts.take(group) - first
        among_le[pair] = np.concatenate((starts[1:], [n])).take(group) - first
        row_cum = order.cum.take(rank_row)
        flo = order.cum.take(rank_row + lt) - row_cum - moved_right.ravel().take(base + lt) + among_lt
        fhi = order.cum.take(rank_row + le) - row_cum - moved_left.ravel().take(base + le - 1) + among_le
        return table, fh, fc, (flo + (fhi - flo - 1) / 2) / denom

    def _packed_percentiles(self, live: np.ndarray, fh: np.ndarray, fc: np.ndarray, keep: np.ndarray):
        """:meth:`_pattern_percentiles` by one sort of every (card, rank) entry: the 52 × 169 pattern entries, each
        weighted by its live holdings that do not hold the card and make no flush with it, and one entry per flush
        pair; cumulative weights give every entry's ``lo`` and ``size`` (boards with many flush pairs, where the
        per-pair corrections cost more than the sort)."""
        ranks_of = self._patterns[0]
        k = 52
        live_count = np.bincount(_HOLDING_PATTERN[live], minlength=169)
        holding_c = np.bincount(_CARD_PATTERN_INDEX, weights=live[CARD_HOLDINGS].ravel(), minlength=k * 169)
        flush_c = np.bincount(fc * 169 + _HOLDING_PATTERN[fh], minlength=k * 169)
        weight = np.concatenate([(live_count[None, :] - (holding_c + flush_c).reshape(k, 169)).ravel().astype(np.int64), np.ones(fh.size, dtype=np.int64)])
        weight[: k * 169].reshape(k, 169)[self.board] = 0  # no next card on the board
        flush_ranks = self._parts[3][keep]  # the flush pairs' ranks (their next_ranks entries, without gathering it)
        value = np.concatenate([ranks_of[:, np.arange(52) >> 2].T.ravel(), flush_ranks]).astype(np.int64)
        card = np.concatenate([np.repeat(np.arange(k), 169), fc])
        packed = np.sort((card << 13 | value) << 15 | np.arange(card.size))  # (card, rank, entry); < 8,788 + 8,736 entries
        order = packed & 0x7FFF
        key = packed >> 15
        weight = weight[order]
        cum = np.concatenate(([0], np.cumsum(weight)))  # weight before each sorted entry (integers: a float cumsum is 8× slower)
        first = np.flatnonzero(np.concatenate(([True], key[1:] != key[:-1])))
        group_card = key[first] >> 13
        card_start = np.concatenate(([0], np.cumsum(169 + np.bincount(fc, minlength=k))))  # entries sort by card
        lo = cum[first] - cum[card_start[group_card]]
        size = np.diff(np.append(cum[first], cum[-1]))
        n_valid = int(live.sum()) - live[CARD_HOLDINGS].sum(axis=1)  # the live holdings that do not hold the card
        pct = (lo + (size - 1) / 2) / np.maximum(n_valid - 1, 1)[group_card]
        entry = np.empty(order.size)
        entry[order] = np.repeat(pct, np.diff(np.append(first, key.size)))
        table = entry[: k * 169].reshape(k, 169)
        table[self.board] = -np.inf
        return table, fh, fc, entry[k * 169 :]

    def _sorted_gains(self, hs: np.ndarray) -> np.ndarray:
        """:meth:`_pattern_gains` for any next ranks: one sort of (card, rank, holding) keys over every pair."""
        cols = self._next_cards
        ranks = self.next_ranks
        assert ranks is not None  # a flop or turn table
        lo, size, rank, card, holding = _sorted_groups(ranks.T[cols])
        k = cols.size
        invalid = np.zeros(k, dtype=np.int64)
        invalid[card[rank == 0]] = size[rank == 0]
        lo = lo - invalid[card]  # valid holdings below: the invalid ones (rank 0) sort first
        pct = (lo + (size - 1) / 2) / np.maximum(N_HOLDINGS - invalid - 1, 1)[card]
        pct[rank == 0] = -np.inf  # a holding that uses c gains nothing from it
        gain = np.repeat(pct, size)
        gain -= hs[holding]
        np.maximum(gain, 0.0, out=gain)
        return np.bincount(holding, weights=gain, minlength=N_HOLDINGS)

    def holding_ppot(self) -> np.ndarray:
        """Every holding's one-card Ppot (the percentile estimate of :meth:`holding_strength`), shape (1326,).

        Recovered from ``EHS = HS + (1 − HS) · Ppot``; 0 on the river, for
        holdings already at HS = 1 and for holdings that use a board card.

        >>> t = street_table("3h 4c Jh")
        >>> hs, ehs = t.holding_strength()
        >>> bool(np.allclose(hs + (1 - hs) * t.holding_ppot(), ehs))
        True
        """
        hs, ehs = self.holding_strength()
        behind = 1.0 - hs
        return np.divide(ehs - hs, behind, out=np.zeros(N_HOLDINGS), where=behind > 0)

    def _shared(self):
        """Sparse (1326, 1326) matrices over the pairs (h, g) that share a card: h's score against g (1, ½, 0) and 1."""
        got = getattr(self, "_shared_cache", None)
        if got is None:
            from scipy.sparse import csr_matrix

            rows, cols = _share_pairs()
            r = self.ranks
            data = (r[cols] < r[rows]) + 0.5 * (r[cols] == r[rows])
            shape = (N_HOLDINGS, N_HOLDINGS)
            got = (csr_matrix((data, (rows, cols)), shape=shape), csr_matrix((np.ones(rows.size), (rows, cols)), shape=shape))
            self._shared_cache = got
        return got

    def range_strength(self, weights: ArrayLike) -> np.ndarray:
        """Every holding's HS against each weighted range: shape (m, 1326) for an (m, 1326) stack.

        ``HS_j(h)`` is the weighted share of the holdings of range ``j`` that
        ``h`` beats on this board (ties half), leaving out the holdings that
        share a card with ``h`` or the board (Billings1998 §4.2 counted for every
        holding at once, Billings1998 §4.3 weighted).  Counted by sorting the ranks
        once (cumulative weights) and taking out, by a sparse product, the 101
        holdings that share a card with ``h`` — not a 1326 × 1326 table.  A uniform range gives the HS of :meth:`holding_strength`.
        Holdings with no live opponent holding (and those using a board card)
        get 0.

        >>> t = street_table("3h 4c Jh")
        >>> bool(np.allclose(t.range_strength(np.ones(1326))[0], t.holding_strength()[0]))
        True
        """
        w = clean_weights(weights) * ~self.board_conflict
        ranks = self.ranks
        order = np.argsort(ranks, kind="stable")
        vals = ranks[order]
        lo = np.searchsorted(vals, ranks, side="left")
        hi = np.searchsorted(vals, ranks, side="right")
        cum = np.zeros((w.shape[0], N_HOLDINGS + 1))
        np.cumsum(w[:, order], axis=1, out=cum[:, 1:])
        score = (cum[:, lo] + cum[:, hi]) / 2  # beaten + half the tied, every holding counted
        total = cum[:, -1:]
        # take out the holdings that share a card with h (h itself among them): sparse products
        shared_score, shared = self._shared()
        score = score - (shared_score @ w.T).T
        total = total - (shared @ w.T).T
        out = np.divide(score, total, out=np.zeros_like(score), where=total > 1e-12)
        out[:, self.board_conflict] = 0.0
        return np.clip(out, 0.0, 1.0)

    def player_ehs(self, ranges: ArrayLike | None = None, *, n_opponents: int | None = None, potential: bool = True) -> np.ndarray:
        """Every holding's EHS as a player holding it sees it: ``HS_n + (1 − HS_n) · Ppot`` (Billings1998 §4.4), shape (1326,).

        ``HS_n`` is the product of the holding's HS against the ranges of the
        player's remaining opponents (``ranges``, an (m, 1326) stack, one per
        opponent still in the hand: Billings1998 §4.2 raises HS to the number of
        opponents, Billings1998 §4.3 weights each); with ``ranges=None`` every opponent
        holds a uniformly random hand and ``HS_n = HS ** n_opponents``.  Ppot is
        the one-card percentile estimate of :meth:`holding_ppot` (0 without
        ``potential``, the EHS = HS_n of player D).  This is the quantity a
        Loki player thresholds (bet at 0.5, Billings1998 §4.4), so it is the scale on
        which its opponents' thresholds μ live.

        >>> t = street_table("3h 4c Jh")
        >>> bool(np.allclose(t.player_ehs(n_opponents=1), t.holding_strength()[1]))
        True
        >>> bool(np.all(t.player_ehs(n_opponents=4) <= t.player_ehs(n_opponents=1) + 1e-12))
        True
        """
        if ranges is None:
            if n_opponents is None or n_opponents < 1:
                raise ValueError(f"The 'n_opponents' parameter of player_ehs must be a positive integer; got {n_opponents!r}.")
            key = (int(n_opponents), bool(potential))
            got = self._player_cache.get(key)
            if got is None:  # kept on the table: every re-weighting on this board with as many opponents reads it
                got = self._player_cache[key] = self._player_ehs(self.holding_strength()[0] ** key[0], potential)
                got.flags.writeable = False
            return got
        return self._player_ehs(np.prod(self.range_strength(ranges), axis=0), potential)

    def _player_ehs(self, hs_n: np.ndarray, potential: bool) -> np.ndarray:
        if not potential or self.board.size == 5:
            return hs_n
        ppot = self.holding_ppot()
        return hs_n + (1.0 - hs_n) * ppot


_SHARE = None
_PAIRS = None


def _share_pairs() -> tuple[np.ndarray, np.ndarray]:
    """(rows, cols): every ordered pair of holdings that share at least one card, (h, h) included."""
    global _PAIRS
    if _PAIRS is None:
        rows, cols = np.nonzero(_share_matrix())
        _PAIRS = (rows.astype(np.int32), cols.astype(np.int32))
    return _PAIRS


def _share_matrix() -> np.ndarray:
    """(1326, 1326) bool: holdings that share a card."""
    global _SHARE
    if _SHARE is None:
        m = _HOLDING_CARD_MASK.astype(np.uint8)
        _SHARE = (m @ m.T) > 0
        _SHARE.flags.writeable = False
    return _SHARE


def _sorted_groups(a: np.ndarray):
    """Each row of ``a`` sorted, as runs of equal values: one sort of packed (row, value, column) keys.

    ``a`` is a (k, n) integer array with 0 <= a < 8192, k < 128, n <= 2048.  Returns, per run, its start
    within its row (``lo``: the row's entries below the run's value), its ``size``, ``value`` and ``row``;
    and per entry in sorted order (row by row), its ``column``.
    """
    k, n = a.shape
    key = (np.arange(k, dtype=np.int32) << 24)[:, None] | (a.astype(np.int32) << 11)
    key |= np.arange(n, dtype=np.int32)
    key.sort(axis=1)
    key = key.ravel()
    head = key >> 11  # row and value
    starts = np.flatnonzero(np.concatenate(([True], head[1:] != head[:-1])))
    size = np.diff(np.append(starts, key.size))
    head = head[starts]
    return starts % n, size, head & 8191, head >> 13, key & 2047


def _row_counts(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per entry of the (k, n) array ``a``: how many entries of its row are below it (``lo``) and at or below it (``hi``).

    >>> lo, hi = _row_counts(np.array([[5, 1, 5, 3]]))
    >>> lo.tolist(), hi.tolist()
    ([[2, 0, 2, 1]], [[4, 1, 4, 2]])
    """
    k, n = a.shape
    lo_run, size, _, row, column = _sorted_groups(a)
    where = np.repeat(row * n, size) + column
    lo = np.empty(k * n, dtype=np.int64)
    hi = np.empty(k * n, dtype=np.int64)
    lo[where] = np.repeat(lo_run, size)
    hi[where] = np.repeat(lo_run + size, size)
    return lo.reshape(k, n), hi.reshape(k, n)


def _own_place() -> np.ndarray:
    """(1326, 2): the flat index, in the (52, 51) array :data:`holdem.ranges.CARD_HOLDINGS`, of each holding in its cards' rows."""
    rows = np.repeat(np.arange(52), CARD_HOLDINGS.shape[1])
    g = CARD_HOLDINGS.ravel().astype(np.intp)
    out = np.empty((N_HOLDINGS, 2), dtype=np.intp)
    out[g, (HOLDINGS[g, 1] == rows).astype(np.intp)] = np.arange(rows.size)
    out.flags.writeable = False
    return out


_OWN_PLACE = _own_place()


def _product(values: list[float]) -> float:
    """The product in order, as ``np.prod`` of the values multiplies them."""
    out = 1.0
    for v in values:
        out *= v
    return out


def _pot_pair(table: list[list[float]]) -> tuple[float, float]:
    """Ppot and Npot of one HP table (nested lists, rows now, columns later): :func:`_pots` for one table in Python
    floats, the same operations in the same order."""
    (aa, at, ab), (ta, tt, tb), (ba, bt, bb) = table
    total_a, total_t, total_b = aa + at + ab, ta + tt + tb, ba + bt + bb
    pden = total_b + total_t / 2
    nden = total_a + total_t / 2
    ppot = (ba + bt / 2 + ta / 2) / pden if pden > 0 else 0.0
    npot = (ab + at / 2 + tb / 2) / nden if nden > 0 else 0.0
    return ppot, npot


def _pots(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ppot and Npot of a stack (m, 3, 3) of HP tables (rows now, columns later: ahead, tied, behind)."""
    a, t, b = 0, 1, 2
    totals = table.sum(axis=2)
    pden = totals[:, b] + totals[:, t] / 2
    nden = totals[:, a] + totals[:, t] / 2
    pnum = table[:, b, a] + table[:, b, t] / 2 + table[:, t, a] / 2
    nnum = table[:, a, b] + table[:, a, t] / 2 + table[:, t, b] / 2
    with np.errstate(invalid="ignore", divide="ignore"):
        ppot = np.where(pden > 0, pnum / np.where(pden > 0, pden, 1), 0.0)
        npot = np.where(nden > 0, nnum / np.where(nden > 0, nden, 1), 0.0)
    return ppot, npot


def clean_weights(weights: ArrayLike | None) -> np.ndarray:
    """A weight table or stack as a float64 (m, 1326) array (None: one uniform table).

    >>> clean_weights(None).shape
    (1, 1326)
    >>> clean_weights(np.ones(5))
    Traceback (most recent call last):
    ...
    ValueError: The 'weights' parameter must be None, a (1326,) table or an (m, 1326) stack of finite non-negative weights; got shape (5,).
    """
    if weights is None:
        return np.ones((1, N_HOLDINGS))
    w = np.asarray(weights, dtype=np.float64)
    if w.ndim == 1:
        w = w[None, :]
    # min ≥ 0 fails on NaN (it propagates) and on negatives, max < inf on +inf
    if w.ndim != 2 or w.shape[1] != N_HOLDINGS or w.shape[0] == 0 or not (w.min() >= 0 and w.max() < np.inf):
        raise ValueError(
            "The 'weights' parameter must be None, a (1326,) table or an (m, 1326) stack of finite "
            f"non-negative weights; got shape {np.shape(weights)}."
        )
    return w


def _codes(board) -> np.ndarray | None:
    """``board`` as an int8 array if it already holds distinct integer card codes in [0, 51] (no parsing), else None.

    >>> _codes((48, 44, 40)).tolist(), _codes("As Kd Qh"), _codes((3, 3, 4))
    ([48, 44, 40], None, None)
    """
    if isinstance(board, np.ndarray) and board.ndim == 1 and board.dtype.kind in "iu":
        board = tuple(board.tolist())
    if isinstance(board, tuple) and all(type(c) is int for c in board):
        if len(board) and 0 <= min(board) and max(board) <= 51 and len(set(board)) == len(board):
            return np.array(board, dtype=np.int8)
    return None


def _suit_permutations() -> tuple[np.ndarray, ...]:
    """The 24 relabellings of the suits as maps of cards (24, 52) and holdings (24, 1326), and their inverses."""
    perms = np.array(list(itertools.permutations(range(4))))
    c = np.arange(52)
    card = (c >> 2 << 2)[None, :] + perms[:, c & 3]
    holding = HOLDING_INDEX[card[:, HOLDINGS[:, 0]], card[:, HOLDINGS[:, 1]]].astype(np.intp)
    out = (card, holding, np.argsort(card, axis=1), np.argsort(holding, axis=1))
    for a in out:
        a.flags.writeable = False
    return out


_PERM_CARD, _PERM_HOLDING, _PERM_CARD_INV, _PERM_HOLDING_INV = _suit_permutations()
#: flop strength kept per suit-isomorphic flop: every one of the 1,755 classes fits (≈ 26 KB each, ≤ 57 KB; 46 MB in all)
_FLOP_CACHE: OrderedDict[tuple[int, ...], tuple] = OrderedDict()
_FLOP_CACHE_SIZE = 1755
#: a flop's percentile ``(lo + (size − 1) / 2) / d`` is kept as the integer ``2 · lo + size − 1`` (d = C(48, 2) − 1)
_FLOP_DENOM = 48 * 47 // 2 - 1


def canonical_flop(board: Sequence[int] | NDArray[np.integer]) -> tuple[tuple[int, int, int], int]:
    """The suit-isomorphic class of a flop: its least sorted card tuple over the 24 suit relabellings, and the relabelling.

    Two flops that differ only by the names of the suits (``2c 7c Kd`` and ``2h 7h Ks``) have the same class, and
    every holding's HS, and every (next card, holding) percentile, on one are those of the relabelled holding on
    the other.  Returns ``(key, i)``: relabelling ``i`` maps card ``c`` of ``board`` to ``_PERM_CARD[i, c]`` of ``key``.

    >>> from holdem.cards import parse_cards
    >>> canonical_flop(parse_cards("2c 7c Kd"))[0] == canonical_flop(parse_cards("2h 7h Ks"))[0]
    True
    >>> canonical_flop(parse_cards("2c 7c Kd"))[0] == canonical_flop(parse_cards("2c 7d Kd"))[0]
    False
    """
    mapped = np.sort(_PERM_CARD[:, np.asarray(board, dtype=np.intp)], axis=1)
    i = int(np.argmin((mapped[:, 0] * 52 + mapped[:, 1]) * 52 + mapped[:, 2]))
    return tuple(mapped[i].tolist()), i


def _flop_strength(table: StreetTable):
    """A flop's exact HS and its percentile table (:meth:`StreetTable._pattern_percentiles`), through the flop cache.

    Both depend on the flop up to the names of the suits, so they are kept once per suit-isomorphic class
    (:func:`canonical_flop`, in the class's own card and holding order) and relabelled for this flop: the same
    integers counted, so the very same floats.  Built on a miss from ``table`` itself; None when the percentiles
    have no pattern form (never on a flop).
    """
    key, i = canonical_flop(table.board)
    live = ~table.board_conflict
    got = _FLOP_CACHE.get(key)
    if got is None:
        percentiles = table._pattern_percentiles(live)
        if percentiles is None:
            return None
        hs = table._exact_hs(live)
        pct, fh, fc, fpct = percentiles
        by_pattern = table._hs_by_pattern  # (the same under every relabelling of the suits)
        if by_pattern is None:
            canon_hs = np.empty(N_HOLDINGS)
            canon_hs[_PERM_HOLDING[i]] = hs
        num = np.rint(pct * (2 * _FLOP_DENOM))
        num[table.board] = 0  # (the board's rows are −inf)
        canon_num = np.empty((52, 169), dtype=np.int16)
        canon_num[_PERM_CARD[i]] = num
        _FLOP_CACHE[key] = (by_pattern if by_pattern is not None else canon_hs, canon_num, _PERM_HOLDING[i, fh].astype(np.int16),
                            _PERM_CARD[i, fc].astype(np.int8), np.rint(fpct * (2 * _FLOP_DENOM)).astype(np.int16))
        if len(_FLOP_CACHE) > _FLOP_CACHE_SIZE:
            _FLOP_CACHE.popitem(last=False)
        return hs, percentiles
    _FLOP_CACHE.move_to_end(key)
    strength, canon_num, fh, fc, fnum = got
    if strength.size == 169:  # HS by pattern (no flush possible)
        table._hs_by_pattern = strength
        hs = strength.take(_HOLDING_PATTERN)
        hs[~live] = 0.0
    else:
        hs = strength.take(_PERM_HOLDING[i])
    pct = canon_num.take(_PERM_CARD[i], axis=0) / 2 / _FLOP_DENOM  # the very quotient the percentiles were
    pct[table.board] = -np.inf
    return hs, (pct, _PERM_HOLDING_INV[i, fh], _PERM_CARD_INV[i, fc], fnum / 2 / _FLOP_DENOM)


def street_table(board: CardsLike) -> StreetTable:
    """The (cached) :class:`StreetTable` of ``board``: built once, shared by every player in the process.

    The players pass integer card codes (a tuple or an int array), which are
    never parsed; text goes through :func:`holdem.parse_cards`.

    >>> street_table("3h 4c Jh") is street_table("Jh 3h 4c") is street_table((38, 6, 8))
    True
    """
    cards = _codes(board)
    if cards is None:
        cards = parse_cards(board)
    given = cards.tolist()
    key = tuple(sorted(given))
    table = _CACHE.get(key)
    if table is None:
        ranks = hole = None
        for c in given[::-1] if len(given) > 3 else ():  # the last card given is usually the new one
            parent = _CACHE.get(tuple(x for x in key if x != c))
            if parent is not None:  # this board's ranks are the previous street's next-card column
                ranks = parent._next_column(c)
                if parent._patterns is not None:  # and its hole patterns' ranks the next-rank column of c's rank
                    hole = parent._patterns[0][:, c >> 2]
                break
        table = StreetTable._of_codes(np.array(key, dtype=np.int8), ranks, hole)  # in card order, whichever order came first
        _CACHE[key] = table
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return table


def evaluate_hand(hole: CardsLike, board: CardsLike, weights: ArrayLike | None = None) -> Evaluation:
    """HS, one-card Ppot/Npot and EHS of ``hole`` on ``board`` against each weight table (Billings1998 §4.2–4.4).

    Parameters
    ----------
    hole, board
        Our two hole cards and the 3, 4 or 5 board cards.
    weights
        None (one uniformly random opponent), one (1326,) weight table or an
        (m, 1326) stack, one table per active opponent.

    Returns
    -------
    Evaluation

    Examples
    --------
    The worked example of Billings1998 §4.4 (five random opponents, one-card Ppot
    0.108).  The text says EHS is 0.15; its own formula with its own figures
    gives 0.069 + 0.931 × 0.108 = 0.17:

    >>> e = evaluate_hand("As Qc", "3h 4c Jh", np.ones((5, 1326)))
    >>> round(e.ehs, 2), round(e.ppot_all, 3)
    (0.17, 0.108)
    """
    return street_table(board).evaluate(hole, weights)

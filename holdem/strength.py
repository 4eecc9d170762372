"""Exact hand strength and hand potential by enumeration (Loki and Poki).

The definitions are those of Billings, Papp, Schaeffer and Szafron, "Poker as
a Testbed for Machine Intelligence Research" (1998, Billings1998 §4.2) and of the
Poki paper (Billings2002, "hand strength", "hand potential", "effective hand
strength"):

* **Hand strength** HS: enumerate every holding the opponent may have (each
  weighted by the opponent's weight table, zero where it conflicts with known
  cards), count how often we are ahead, tied and behind on the current board,
  and ``HS = (ahead + tied/2) / (ahead + tied + behind)``.  Against ``n``
  opponents ``HS_n = HS ** n``.
* **Hand potential**: for every holding and every way the remaining board cards
  can come (990 turn-river pairs on the flop; 45 or 44 single cards with one
  card of look-ahead), tabulate the 3×3 table HP[now][later] of ahead/tied/behind
  now against ahead/tied/behind at the end, weighted by the holding's weight.
  With B, T, A, S for behind, tied, ahead and row sum (Billings1998 §4.2):
  ``Ppot = (HP[B,A] + HP[B,T]/2 + HP[T,A]/2) / (HP[B,S] + HP[T,S]/2)`` and
  ``Npot = (HP[A,B] + HP[A,T]/2 + HP[T,B]/2) / (HP[A,S] + HP[T,S]/2)``.
* **Effective hand strength** ``EHS = HS_n + (1 - HS_n) * Ppot`` (Billings1998 §4.2, Billings2002).

Everything is one broadcast over holdings × boards: the packed keys of
:mod:`holdem.evaluate` are added for the opponent's holding, the board and the
cards to come, and every final hand is ranked in one gather.

>>> hs = hand_strength("As Qc", "3h 4c Jh")
>>> (hs.ahead, hs.tied, hs.behind), round(hs.hs, 3)
((628.0, 9.0, 444.0), 0.585)
>>> p = potential("As Qc", "3h 4c Jh")
>>> round(p.ppot, 3), round(p.npot, 3)
(0.208, 0.274)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from holdem.cards import CardsLike, check_distinct, parse_cards
from holdem.evaluate import CHUNK, _ranks_of_chunk, key_sums, rank_of_keys
from holdem.tables import load_tables
from holdem.ranges import HOLDINGS, N_HOLDINGS, as_weights

__all__ = ["HandStrength", "Potential", "hand_strength", "potential", "effective_hand_strength", "holdings_equity",
           "pairwise_potential_tables"]

AHEAD, TIED, BEHIND = 0, 1, 2
_NO_CARDS = np.zeros((1, 0), dtype=np.int8)
_HOLDING_KEYS = None


def _holding_keys() -> np.ndarray:
    global _HOLDING_KEYS
    if _HOLDING_KEYS is None:
        _HOLDING_KEYS = key_sums(HOLDINGS)
        _HOLDING_KEYS.flags.writeable = False
    return _HOLDING_KEYS


@dataclass(frozen=True)
class HandStrength:
    """Weighted counts of opponent holdings we beat, tie and lose to, and HS.

    ``ahead`` is the (weighted) number of holdings our hand beats now.  With a
    stack of weight tables (one per opponent) every field is an array with one
    entry per opponent and ``hs_n`` is the product of the opponents' HS (the
    per-opponent generalization of Poki, Billings2002 "effective hand strength").
    """

    ahead: float | np.ndarray
    tied: float | np.ndarray
    behind: float | np.ndarray
    hs: float | np.ndarray
    hs_n: float


@dataclass(frozen=True)
class Potential:
    """The hand potential table and what it gives (Billings1998 §4.2 Table 2).

    ``table[i, j]`` is the weighted count of (holding, cards to come) with us in
    state ``i`` now and ``j`` at the end; rows and columns are ahead, tied,
    behind (:data:`AHEAD`, :data:`TIED`, :data:`BEHIND`).
    """

    table: np.ndarray
    ppot: float
    npot: float
    hs: float
    lookahead: int

    @property
    def totals(self) -> np.ndarray:
        """Row sums HP[·, S]."""
        totals: np.ndarray = self.table.sum(axis=1)
        return totals


def _clean(hole: CardsLike, board: CardsLike, boards_allowed: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    hole = parse_cards(hole)
    board = parse_cards(board)
    if hole.shape != (2,):
        raise ValueError(f"hole must be two cards; got {hole.size}")
    if board.ndim != 1 or board.size not in boards_allowed:
        raise ValueError(f"board must have {' or '.join(map(str, boards_allowed))} cards; got {board.size}")
    check_distinct(np.concatenate([hole, board]), source=f"hole {hole.tolist()} and board {board.tolist()}")
    return hole, board


def _single_table(weights: Any) -> bool:
    """Whether ``weights`` is one table (None, a range string, 1,326 weights or a 13x13 grid), not a stack."""
    return weights is None or isinstance(weights, str) or np.ndim(weights) == 1 or np.shape(weights) == (13, 13)


def _weights(weights: Any, dead: np.ndarray) -> np.ndarray:
    """(m, 1326) weights, dead holdings zeroed; m = 1 for a single table."""
    if _single_table(weights):
        return as_weights(weights, dead_cards=dead)[None, :]
    return np.stack([as_weights(w, dead_cards=dead) for w in weights])


def _tally(ours: Any, board: np.ndarray, holdings: np.ndarray, extra: np.ndarray) -> np.ndarray:
    """Per live holding, how many card sets to come leave us ahead, tied, behind: (n, 3) int64.

    ``extra`` (m, L) are the card sets to come (L = 0: one empty set, the board as it
    is) and ``ours`` our rank with each.  The opponent's packed keys are the
    holding's plus the board's plus the set's; blocks of holdings are ranked and
    compared while they are in cache.  Sets that use one of the holding's cards do
    not count: their rank is overwritten with ours (neither ahead nor behind) and
    the valid count, C(remaining − 2, L), replaces the tie count.
    """
    tables = load_tables()
    n_extra, lookahead = extra.shape
    base = _holding_keys()[holdings] + key_sums(board)
    extra_keys = key_sums(extra) if lookahead else np.zeros(1, dtype=np.int64)
    base_bits = tables.suit_bits[HOLDINGS[holdings]].sum(axis=1) + tables.suit_bits[board].sum()
    extra_bits = tables.suit_bits[extra].sum(axis=1)
    n_cards = 2 + board.size + lookahead
    ours = np.broadcast_to(np.asarray(ours, dtype=np.int16), (n_extra,))
    if lookahead:
        # every remaining card lies in the same number of sets: list them per card
        order = np.argsort(extra.ravel(), kind="stable")
        cards_present = np.unique(extra)
        containing = np.zeros((52, order.size // cards_present.size), dtype=np.intp)
        containing[cards_present] = (order // lookahead).reshape(cards_present.size, -1)
        n_valid = n_extra - 2 * containing.shape[1] + (lookahead == 2)
    else:
        n_valid = 1
    counts = np.empty((holdings.size, 3), dtype=np.int64)
    rows = max(1, CHUNK // n_extra)
    for first in range(0, holdings.size, rows):
        block = holdings[first : first + rows]
        keys = (base[first : first + rows, None] + extra_keys[None, :]).reshape(-1)

        def suit_bits(index: np.ndarray, first: int = first) -> np.ndarray:
            h, e = np.divmod(index, n_extra)
            bits: np.ndarray = base_bits[first + h] + extra_bits[e]
            return bits

        theirs = np.empty(keys.size, dtype=np.int16)
        _ranks_of_chunk(keys, n_cards, suit_bits, theirs, tables)
        theirs = theirs.reshape(block.size, n_extra)
        if lookahead:
            bad = np.concatenate([containing[HOLDINGS[block, 0]], containing[HOLDINGS[block, 1]]], axis=1)
            theirs[np.arange(block.size)[:, None], bad] = ours[bad]
        ahead = (theirs < ours).sum(axis=1)
        behind = (theirs > ours).sum(axis=1)
        counts[first : first + rows, AHEAD] = ahead
        counts[first : first + rows, TIED] = n_valid - ahead - behind
        counts[first : first + rows, BEHIND] = behind
    return counts


@functools.lru_cache(maxsize=64)
def _street_table(board_bytes: bytes, lookahead: int) -> tuple[np.ndarray, np.ndarray]:
    """Every holding's rank on this board with each card to come (``lookahead`` 0 or 1), cached per board.

    Returns ``(extra, table)``: the (m, lookahead) card sets to come (every card off
    the board) and the (1326, m) int16 ranks, 0 where the holding uses a board
    card or the card to come.  Our own hole cards do not enter, so one table
    serves every decision on the street (about 1.5 ms to build on the flop).
    """
    board = np.frombuffer(board_bytes, dtype=np.int8)
    alive = np.ones(52, dtype=bool)
    alive[board] = False
    extra = np.flatnonzero(alive).astype(np.int8)[:, None] if lookahead else _NO_CARDS
    keys = _holding_keys()[:, None] + key_sums(board) + (key_sums(extra)[None, :] if lookahead else 0)
    bits = load_tables().suit_bits
    hold_bits = bits[HOLDINGS].sum(axis=1)[:, None] + bits[board].sum() + (bits[extra[:, 0]][None, :] if lookahead else 0)
    table = rank_of_keys(keys, 2 + board.size + lookahead, suit_bits=hold_bits)
    dead = ~alive
    table[dead[HOLDINGS].any(axis=1)] = 0
    if lookahead:
        table[(HOLDINGS[:, :, None] == extra[None, None, :, 0]).any(axis=1)] = 0
    table.flags.writeable = False
    extra.flags.writeable = False
    return extra, table


def _street_tally(ours: Any, board: np.ndarray, hole: np.ndarray, live: np.ndarray, lookahead: int) -> tuple[np.ndarray, np.ndarray]:
    """Ahead/tied/behind counts per live holding from the cached street table; also the card sets used."""
    extra, table = _street_table(board.tobytes(), lookahead)
    if lookahead:
        cols = np.flatnonzero((extra[:, 0] != hole[0]) & (extra[:, 0] != hole[1]))
        extra, theirs = extra[cols], table[np.ix_(live, cols)]
        n_valid = cols.size - 2  # the holding's own two cards are among the cards to come
    else:
        theirs, n_valid = table[live], 1
    ours = np.asarray(ours, dtype=np.int16)
    ahead = ((theirs < ours) & (theirs > 0)).sum(axis=-1)
    behind = (theirs > ours).sum(axis=-1)
    return np.stack([ahead, n_valid - ahead - behind, behind], axis=-1).reshape(live.size, 3), extra


def hand_strength(hole: CardsLike, board: CardsLike, weights: Any = None, opponents: int = 1) -> HandStrength:
    """Exact (weighted) hand strength against one opponent's possible holdings (Billings1998 §4.2).

    Parameters
    ----------
    hole
        Our two hole cards.
    board
        The 3, 4 or 5 board cards.
    weights
        The opponent's weight table: ``None`` (every holding equally likely), a
        range string, a (1326,) vector, or a stack (m, 1326) of m opponents'
        tables.  Holdings that use a known card get weight 0.
    opponents
        ``n`` in ``HS_n = HS ** n`` (for a single table; a stack multiplies).

    Returns
    -------
    HandStrength

    Examples
    --------
    The worked example of Billings1998 §4.2 (A♠Q♣ on a 3♥4♣J♥ flop):

    >>> hs = hand_strength("As Qc", "3h 4c Jh", opponents=5)
    >>> round(hs.hs, 3), round(hs.hs_n, 2)
    (0.585, 0.07)
    >>> hand_strength("As Qc", "3h 4c")
    Traceback (most recent call last):
    ...
    ValueError: board must have 3 or 4 or 5 cards; got 2
    """
    hole, board = _clean(hole, board, (3, 4, 5))
    if int(opponents) != opponents or opponents < 1:
        raise ValueError(f"opponents must be a positive integer; got {opponents!r}")
    dead = np.concatenate([hole, board])
    w = _weights(weights, dead)
    live = np.flatnonzero(w.any(axis=0))
    ours = rank_of_keys(key_sums(dead), dead.size, dead)
    counts = w[:, live] @ _street_tally(ours, board, hole, live, 0)[0]  # (m, 3)
    total = counts.sum(axis=1)
    if np.any(total <= 0):
        raise ValueError("the weight table gives no live holding (all weights zero after removing known cards)")
    hs = (counts[:, AHEAD] + counts[:, TIED] / 2) / total
    if _single_table(weights):  # one table, however given: plain floats
        ahead, tied, behind = (float(x) for x in counts[0])
        return HandStrength(ahead, tied, behind, float(hs[0]), float(hs[0] ** opponents))
    return HandStrength(counts[:, AHEAD], counts[:, TIED], counts[:, BEHIND], hs, float(np.prod(hs)))


_EXTRA_CACHE: dict[tuple[int, tuple[int, ...]], np.ndarray] = {}


def potential(hole: CardsLike, board: CardsLike, weights: Any = None, lookahead: int = 2) -> Potential:
    """Exact hand potential: the HP table, Ppot and Npot (Billings1998 §4.2, Table 2; Billings2002 "hand potential").

    Parameters
    ----------
    hole, board
        Our two hole cards and the 3 (flop) or 4 (turn) board cards.
    weights
        The opponent's weight table, as for :func:`hand_strength`; each holding's
        row of the table counts with its weight.
    lookahead
        2 (flop only): every turn-river pair, the full two-card potential; 1: the
        next card only (what Loki's betting strategy uses, Billings1998 §4.4).

    Examples
    --------
    Table 2 of Billings1998 and the one-card figures of its text:

    >>> p = potential("As Qc", "3h 4c Jh")
    >>> p.table.astype(int).tolist()
    [[449005, 3211, 169504], [0, 8370, 540], [91981, 1036, 346543]]
    >>> one = potential("As Qc", "3h 4c Jh", lookahead=1)
    >>> round(one.ppot, 3), round(one.npot, 3)
    (0.108, 0.145)
    >>> potential("As Qc", "3h 4c Jh 2c", lookahead=2)
    Traceback (most recent call last):
    ...
    ValueError: lookahead must be 1 with a 4-card board (cards to come: 1); got 2
    """
    hole, board = _clean(hole, board, (3, 4))
    if lookahead not in (1, 2) or lookahead > 5 - board.size:
        raise ValueError(
            f"lookahead must be {' or '.join(str(x) for x in range(1, 6 - board.size))} with a "
            f"{board.size}-card board (cards to come: {5 - board.size}); got {lookahead}"
        )
    dead = np.concatenate([hole, board])
    w = _weights(weights, dead)[0]
    live = np.flatnonzero(w)
    if live.size == 0:
        raise ValueError("the weight table gives no live holding (all weights zero after removing known cards)")
    ours_now = rank_of_keys(key_sums(dead), dead.size, dead)
    now = _street_tally(ours_now, board, hole, live, 0)[0].argmax(axis=1)  # each holding: ahead, tied or behind now
    if lookahead == 1:
        extra = _street_table(board.tobytes(), 1)[0]
        extra = extra[(extra[:, 0] != hole[0]) & (extra[:, 0] != hole[1])]
    else:
        alive = np.ones(52, dtype=bool)
        alive[dead] = False
        extra = np.array(list(combinations(np.flatnonzero(alive).tolist(), lookahead)), dtype=np.int8)
    our_final_cards = np.concatenate([np.broadcast_to(dead, (extra.shape[0], dead.size)), extra], axis=1)
    ours_later = rank_of_keys(key_sums(our_final_cards), our_final_cards.shape[1], our_final_cards)
    if lookahead == 1:
        later = _street_tally(ours_later, board, hole, live, 1)[0]
    else:  # the two-card table is too large to cache per board: rank it block by block
        later = _tally(ours_later, board, live, extra)
    later = later * w[live, None]  # (n_live, 3)

    table = np.zeros((3, 3))
    np.add.at(table, now, later)
    return _potential_result(table, lookahead)


def _potential_result(table: np.ndarray, lookahead: int) -> Potential:
    totals = table.sum(axis=1)
    a, t, b = AHEAD, TIED, BEHIND
    ppot_den = totals[b] + totals[t] / 2
    npot_den = totals[a] + totals[t] / 2
    ppot = (table[b, a] + table[b, t] / 2 + table[t, a] / 2) / ppot_den if ppot_den else 0.0
    npot = (table[a, b] + table[a, t] / 2 + table[t, b] / 2) / npot_den if npot_den else 0.0
    hs = (totals[a] + totals[t] / 2) / totals.sum()
    return Potential(table, float(ppot), float(npot), float(hs), lookahead)


def effective_hand_strength(hole: CardsLike, board: CardsLike, weights: Any = None, opponents: int = 1,
                            lookahead: int = 1) -> float:
    """EHS = HS_n + (1 − HS_n) · Ppot (Billings1998 §4.2; Poki, Billings2002).

    Only positive potential counts (Billings1998 explains why Npot is left out).  On the
    river there is no potential and EHS = HS_n.  ``lookahead`` defaults to one
    card, as Loki's betting uses it (Billings1998 §4.4).

    >>> round(effective_hand_strength("As Qc", "3h 4c Jh", lookahead=2), 3)
    0.672
    >>> round(effective_hand_strength("As Qc", "3h 4c Jh", opponents=5, lookahead=2), 2)
    0.26
    """
    hs_n = hand_strength(hole, board, weights, opponents).hs_n
    if parse_cards(board).size == 5:
        return hs_n
    ppot = potential(hole, board, weights, lookahead=lookahead).ppot
    return hs_n + (1 - hs_n) * ppot


@functools.lru_cache(maxsize=8)
def _index_sets(n: int, k: int) -> np.ndarray:
    """Every k-subset of ``range(n)`` as an (C(n, k), k) intp array (combinations order)."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.intp)
    return np.array(list(combinations(range(n), k)), dtype=np.intp).reshape(-1, k)


def holdings_equity(hole: CardsLike, board: CardsLike) -> np.ndarray:
    """Our showdown equity against each of the 1,326 opponent holdings, every board completion enumerated.

    For each holding that does not use one of our cards or a board card, the
    share of the pot we win (1 a win, 1/2 a tie) averaged over every way the
    remaining ``5 - len(board)`` board cards can come from the cards neither
    hand uses: C(45, 2) = 990 turn-river pairs on the flop, 44 rivers on the
    turn, the board itself on the river.  Holdings that conflict get 0.  The
    equity against a weighted range is ``weights @ e / weights.sum()`` (the
    win probability of Local Best Response's WpRollout, Lisy2017 §3, Figure 1),
    so one call serves every range on the street.

    Everything is one broadcast over holdings × completions (1,081 × 1,081 on
    the flop): the packed keys of the holding, the board and the completion
    are added and ranked in one gather; completions that use one of the
    holding's cards are overwritten with our rank (no win, no loss) and the
    valid count replaces the tie count.

    Parameters
    ----------
    hole : two cards
    board : 3, 4 or 5 cards

    Returns
    -------
    numpy.ndarray, shape (1326,), float64

    >>> e = holdings_equity("As Ad", "Ac 2d 7h 9s Kc")
    >>> from holdem.ranges import holding_index
    >>> float(e[holding_index(parse_cards("Kd Ks"))]), float(e[holding_index(parse_cards("Ah 3c"))])
    (1.0, 1.0)
    >>> round(float(holdings_equity("As Qc", "3h 4c Jh").sum() / 1081), 3)  # vs a random hand: HS(1-Npot)+(1-HS)Ppot
    0.511
    >>> holdings_equity("As Qc", "3h 4c")
    Traceback (most recent call last):
    ...
    ValueError: board must have 3 or 4 or 5 cards; got 2
    """
    hole, board = _clean(hole, board, (3, 4, 5))
    tables = load_tables()
    dead = np.concatenate([hole, board])
    alive = np.ones(52, dtype=bool)
    alive[dead] = False
    rest = np.flatnonzero(alive)
    n_to_come = 5 - board.size
    sets = _index_sets(rest.size, n_to_come)  # positions in ``rest``
    extra = rest[sets]
    board_keys = key_sums(board) + (key_sums(extra) if n_to_come else 0)
    board_bits = tables.suit_bits[board].sum() + (tables.suit_bits[extra].sum(axis=1) if n_to_come else 0)
    board_keys = np.broadcast_to(board_keys, (extra.shape[0],))
    board_bits = np.broadcast_to(board_bits, (extra.shape[0],))
    ours = rank_of_keys(key_sums(hole) + board_keys, 7, suit_bits=tables.suit_bits[hole].sum() + board_bits)
    live = np.flatnonzero(alive[HOLDINGS].all(axis=1))
    keys = _holding_keys()[live, None] + board_keys[None, :]
    bits = tables.suit_bits[HOLDINGS[live]].sum(axis=1)[:, None] + board_bits[None, :]
    theirs = rank_of_keys(keys, 7, suit_bits=bits)
    if n_to_come:
        # completions that use one of the holding's cards: rank them as ours (neither ahead nor behind)
        position = np.full(52, -1, dtype=np.intp)
        position[rest] = np.arange(rest.size)
        order = np.argsort(sets.ravel(), kind="stable")
        containing = (order // n_to_come).reshape(rest.size, -1)  # completions holding each remaining card
        pos = position[HOLDINGS[live]]
        bad = np.concatenate([containing[pos[:, 0]], containing[pos[:, 1]]], axis=1)
        theirs[np.arange(live.size)[:, None], bad] = ours[bad]
        n_valid = _index_sets(rest.size - 2, n_to_come).shape[0]
    else:
        n_valid = 1
    net = np.sign(ours[None, :] - theirs)  # int16: +1 we win, 0 tie (or not a valid completion), -1 we lose
    out = np.zeros(N_HOLDINGS)
    out[live] = 0.5 + net.sum(axis=1, dtype=np.int64) / (2.0 * n_valid)
    return out


# --- every holding's one-card HP table against weighted ranges (the exact pairwise potential) ------------------

_PAIR_RANKS = HOLDINGS.astype(np.intp) >> 2
#: (1326,) the rank pattern 13 · r0 + r1 of each holding (r0 ≤ r1: the lower card code first)
_PATTERN = _PAIR_RANKS @ np.array([13, 1])
#: (169, 13) how many cards of each rank a pattern holds
_PATTERN_RANK_COUNT = np.zeros((169, 13), dtype=np.int64)
np.add.at(_PATTERN_RANK_COUNT, (np.arange(169), np.arange(169) // 13), 1)
np.add.at(_PATTERN_RANK_COUNT, (np.arange(169), np.arange(169) % 13), 1)

#: (169, 169, 13) int8: cards of each rank the two patterns hold together
_PATTERN_PAIR_COUNT = (_PATTERN_RANK_COUNT[:, None, :] + _PATTERN_RANK_COUNT[None, :, :]).astype(np.int8)
#: (13, 13): the pattern of a holding with ranks (r, k)
_RANK_PATTERN = np.minimum.outer(np.arange(13), np.arange(13)) * 13 + np.maximum.outer(np.arange(13), np.arange(13))


def _card_other_rank() -> tuple[np.ndarray, np.ndarray]:
    """For each card c and each of its 51 holdings (``CARD_HOLDINGS[c]``, flattened): c · 13 + the rank of the other card."""
    from holdem.ranges import CARD_HOLDINGS

    holdings = CARD_HOLDINGS.astype(np.intp)
    cards = HOLDINGS[holdings].astype(np.intp)  # (52, 51, 2)
    other = np.where(cards[:, :, 0] == np.arange(52)[:, None], cards[:, :, 1], cards[:, :, 0])
    return (np.arange(52)[:, None] * 13 + (other >> 2)).ravel(), holdings.ravel()


_CARD_OTHER_RANK, _CARD_HOLDINGS_FLAT = _card_other_rank()


@functools.cache
def _neighbours() -> np.ndarray:
    """(1326, 101) int: the holdings that share a card with each holding, itself included."""
    from holdem.ranges import CARD_HOLDINGS

    first = CARD_HOLDINGS[HOLDINGS[:, 0]].astype(np.intp)  # (1326, 51), holds h itself
    second = CARD_HOLDINGS[HOLDINGS[:, 1]].astype(np.intp)
    second = second[second != np.arange(N_HOLDINGS)[:, None]].reshape(N_HOLDINGS, 50)
    out = np.concatenate([first, second], axis=1)
    out.flags.writeable = False
    return out


def _flush_holdings(board: np.ndarray) -> np.ndarray:
    """(1326,) bool: holdings that can hold five cards of one suit with the board now or after one more card.

    A suit the board holds ``b ≥ 2`` times needs ``5 − b`` more; a holding with at least ``4 − b`` of them
    can get there with one card (``b = 4``: every holding).  Every other holding's rank now and after any
    next card depends only on the ranks of its cards: its rank pattern.
    """
    on_board = np.bincount(board & 3, minlength=4)
    suit_count = (HOLDINGS[:, :, None] & 3) == np.arange(4)  # (1326, 2, 4)
    per_suit = suit_count.sum(axis=1)  # (1326, 4)
    out: np.ndarray = ((on_board >= 2) & (per_suit >= 4 - on_board)).any(axis=1)
    return out


@functools.cache
def _conflict_matrix() -> np.ndarray:
    from holdem.ranges import conflict_matrix

    return conflict_matrix()


def _pattern_counts(rank_next: np.ndarray, patterns: np.ndarray, cards: np.ndarray, next_cols: np.ndarray) -> np.ndarray:
    """(r, c, 3) int16: :func:`_direct_counts` for rows that rank by their pattern (``rank_next[pattern, rank of c]``).

    ``patterns`` (r,) and ``cards`` (r, 2) of the row holdings; ``next_cols`` (c, 52) as in :func:`_direct_counts`.
    """
    used, where = np.unique(patterns, return_inverse=True)
    by_card = rank_next[used][:, np.arange(52) >> 2]  # (u, 52): each used pattern's rank with each card
    per_pattern = _direct_counts(by_card, next_cols, rows_valid=False)  # (u, c, 3): every card the column allows
    out = per_pattern[where]
    # the row's own two cards are no next card: take out what they added
    valid = next_cols[:, cards] > 0  # (c, r, 2)
    diff = np.sign(by_card[where[:, None], cards][None] - next_cols[:, cards])  # (c, r, 2): +1 the row ahead
    for j, sign in ((0, 1), (1, 0), (2, -1)):
        out[:, :, j] -= ((diff == sign) & valid).sum(axis=2, dtype=np.int16).T
    return out


def _direct_counts(next_rows: np.ndarray, next_cols: np.ndarray, rows_valid: bool = True) -> np.ndarray:
    """(r, c, 3) int16: next cards after which row holding h is ahead of, tied with, behind column holding g.

    ``next_rows``/``next_cols``: (r, 52) and (c, 52) ranks with each next card, 0 where the card is on the
    board or in the holding; a card counts when both ranks are positive (``rows_valid=False``: when the column's is).
    """
    out = np.zeros((next_rows.shape[0], next_cols.shape[0], 3), dtype=np.int16)
    if out.size == 0:
        return out
    valid_cols = next_cols > 0
    step = max(1, 4_000_000 // (52 * next_cols.shape[0]))
    for lo in range(0, next_rows.shape[0], step):
        ours = next_rows[lo : lo + step, None, :]
        both = (ours > 0) & valid_cols[None] if rows_valid else np.broadcast_to(valid_cols[None], (ours.shape[0],) + valid_cols.shape)
        out[lo : lo + step, :, 0] = (both & (next_cols[None] < ours)).sum(axis=2, dtype=np.int16)
        out[lo : lo + step, :, 2] = (both & (next_cols[None] > ours)).sum(axis=2, dtype=np.int16)
        out[lo : lo + step, :, 1] = both.sum(axis=2, dtype=np.int16) - out[lo : lo + step, :, 0] - out[lo : lo + step, :, 2]
    return out


def _weighted_tables(w: np.ndarray, ranks_rows: np.ndarray, ranks_cols: np.ndarray, counts: np.ndarray,
                     ok: np.ndarray) -> np.ndarray:
    """(m, r, 3, 3): sum over the columns g of ``w[:, g]`` · [now state of (h, g)] · ``counts[h, g]`` where ``ok``."""
    state = 1 - np.sign(ranks_rows[:, None] - ranks_cols[None, :])  # (r, c): 0 ahead, 1 tied, 2 behind
    now = ((state[:, :, None] == np.arange(3)) & ok[:, :, None]).transpose(0, 2, 1)  # (r, 3, c)
    later = counts.astype(np.float64)
    return np.stack([np.matmul(now * wi, later) for wi in w])


def pairwise_potential_tables(board: np.ndarray, ranks: np.ndarray, next_ranks: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Every holding's one-card hand-potential table against weighted opponent holdings (Billings1998 §4.2).

    ``HP[i, h, now, later]`` = Σ over the opponent's holdings ``g`` that share no card with ``h`` or the
    board of ``weights[i, g]`` times the number of next cards (off the board, ``h`` and ``g``) after which
    ``h`` is ``later`` (0 ahead, 1 tied, 2 behind) against ``g``, for ``g`` that ``h`` is ``now`` against
    with the board as it is: Billings1998's HP table for our holding ``h`` with a one-card look-ahead,
    not yet divided by the weight of the opponent's holdings.

    Computed by rank patterns instead of the 1,326 × 1,326 × 47 pairwise comparisons: a holding that
    cannot make a flush with the board and one more card ranks, now and after each next card, by the ranks
    of its two cards only (169 patterns), and two such holdings' look-ahead counts depend only on their
    patterns (for each rank, the cards of that rank left off the board and both holdings).  So the
    pattern-by-pattern table, weighted by each pattern's total weight, gives every such holding's sum; the
    holdings that share a card with it (at most 101) are taken out again, and the pairs with a flush holding
    (:func:`_flush_holdings`) are counted card by card.  Equal to the definition on every board (tests).

    Parameters
    ----------
    board : numpy.ndarray of int, shape (3,) or (4,)
        The board cards.
    ranks : numpy.ndarray of int, shape (1326,)
        Each holding's rank with the board (higher is stronger; holdings that use a board card are ignored).
    next_ranks : numpy.ndarray of int, shape (1326, 52)
        Each holding's rank with the board and next card ``c``; 0 where ``c`` is on the board or in the
        holding (and in the rows of holdings that use a board card).
    weights : numpy.ndarray of float64, shape (m, 1326)
        One weight table per opponent.

    Returns
    -------
    numpy.ndarray of float64, shape (m, 1326, 3, 3)
        Zero in the rows of holdings that use a board card.

    Examples
    --------
    Our As Qc on 3h 4c Jh against one uniform opponent: 1,081 holdings times 45 next cards in all, and the
    Ppot of Billings1998 §4.2 from the table:

    >>> from holdem.cards import parse_cards
    >>> from holdem.ranges import holding_index
    >>> board, tables = parse_cards("3h 4c Jh"), load_tables()
    >>> free = ~np.isin(HOLDINGS, board).any(axis=1)
    >>> keys = key_sums(HOLDINGS) + int(key_sums(board))
    >>> bits = tables.suit_bits[HOLDINGS].sum(axis=1) + int(tables.suit_bits[board].sum())
    >>> ranks = np.where(free, rank_of_keys(keys, 5, suit_bits=bits), 0)
    >>> nxt = rank_of_keys(keys[:, None] + tables.card_keys[:52], 6, suit_bits=bits[:, None] + tables.suit_bits[:52])
    >>> nxt[~free] = 0
    >>> nxt[:, board] = 0
    >>> nxt[np.arange(1326)[:, None], HOLDINGS] = 0
    >>> hp = pairwise_potential_tables(board, ranks, nxt, np.ones((1, 1326)))[0, holding_index(*parse_cards("As Qc"))]
    >>> int(hp.sum())
    48645
    >>> round(float((hp[2, 0] + hp[2, 1] / 2 + hp[1, 0] / 2) / (hp[2].sum() + hp[1].sum() / 2)), 3)
    0.108
    """
    board = np.asarray(board, dtype=np.intp)
    w = np.asarray(weights, dtype=np.float64)
    m = w.shape[0]
    live = ~np.isin(HOLDINGS, board).any(axis=1)
    w = w * live
    ranks = np.asarray(ranks).astype(np.int64)
    flush = _flush_holdings(board) & live
    plain = live & ~flush
    out = np.zeros((m, N_HOLDINGS, 3, 3))
    P = np.flatnonzero(plain)
    F = np.flatnonzero(flush)
    if P.size:
        # the pattern tables: rank now and with one more card of each rank, read off any plain holding
        pat = _PATTERN[P]
        rank_now = np.zeros(169, dtype=np.int64)
        rank_now[pat] = ranks[P]
        rank_next = np.zeros((169, 13), dtype=np.int64)
        rank_next[pat] = next_ranks[P].reshape(P.size, 13, 4).max(axis=2)  # equal on every valid card of a rank
        left = 4 - np.bincount(board >> 2, minlength=13)  # cards of each rank off the board
        cards = left.astype(np.int8) - _PATTERN_PAIR_COUNT  # (q, p, k): next cards of rank k with both patterns out
        beats = rank_next[:, None, :] > rank_next[None, :, :]  # q ahead of p after a card of rank k
        ahead = np.einsum("qpk,qpk->qp", cards, beats.view(np.int8), dtype=np.int64)
        # behind is ahead seen from p; the counts of a pair add up to every card off the board less the four held
        later = np.stack([ahead, left.sum() - 4 - ahead - ahead.T, ahead.T], axis=2)  # (q, p, 3)
        state = 1 - np.sign(rank_now[:, None] - rank_now[None, :])  # (q, p): 0 ahead, 1 tied, 2 behind
        by_state = np.zeros((169, 169, 3, 3))
        by_state[np.arange(169)[:, None], np.arange(169)[None, :], state] = later
        table = by_state.reshape(169, 169, 9)
        w_plain = w * plain
        by_pattern = np.zeros((m, 169))
        for i in range(m):
            by_pattern[i] = np.bincount(pat, weights=w_plain[i, P], minlength=169)
        summed = np.einsum("ip,qpx->iqx", by_pattern, table)  # (m, 169, 9)
        # take out the plain holdings that share a card with ours (their patterns were counted in full): by each
        # of our cards, the weight of the holdings with it by the rank of their other card, whose pattern is
        # (our card's rank, that rank); our own holding is in both lists, so it is added back once
        by_other = np.zeros((m, 52, 13))
        for i in range(m):
            by_other[i] = np.bincount(_CARD_OTHER_RANK, weights=w_plain[i, _CARD_HOLDINGS_FLAT], minlength=52 * 13).reshape(52, 13)
        q = _PATTERN[P]
        cards_p = HOLDINGS[P].astype(np.intp)
        rows = table.reshape(169 * 169, 9)
        shared = -w_plain[:, P, None] * rows[q * 169 + q][None]
        for j in (0, 1):
            c = cards_p[:, j]
            with_rank = rows[q[:, None] * 169 + _RANK_PATTERN[c >> 2]]  # (|P|, 13, 9): table row of pattern (rank of c, k)
            shared += np.einsum("ihk,hkx->ihx", by_other[:, c], with_rank)
        out[:, P] = (summed[:, q] - shared).reshape(m, P.size, 3, 3)
    if F.size:
        conflict = _conflict_matrix()
        flush_next = next_ranks[F]
        if P.size:
            # plain holdings against flush holdings, counted per pattern: a plain holding's rank with card c is its
            # pattern's, so compare each pattern's ranks with the flush holdings' card by card, then take out the
            # two cards of the plain holding itself (no next card); the flush holdings against the plain ones are
            # the same counts, ahead and behind swapped
            counts = _pattern_counts(rank_next, _PATTERN[P], HOLDINGS[P].astype(np.intp), flush_next)  # (|P|, |F|, 3)
            ok = ~conflict[np.ix_(P, F)]
            out[:, P] += _weighted_tables(w[:, F], ranks[P], ranks[F], counts, ok)
            out[:, F] += _weighted_tables(w[:, P], ranks[F], ranks[P], counts[:, :, ::-1].transpose(1, 0, 2), ok.T)
        counts = _direct_counts(flush_next, flush_next)
        out[:, F] += _weighted_tables(w[:, F], ranks[F], ranks[F], counts, ~conflict[np.ix_(F, F)])
    return out

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

__all__ = ["HandStrength", "Potential", "hand_strength", "potential", "effective_hand_strength", "holdings_equity"]

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

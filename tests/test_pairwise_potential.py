"""Every holding's one-card HP table by rank patterns (``holdem.strength.pairwise_potential_tables``).

Checked against the pairwise computation written from the definition of Billings1998 §4.2 (every holding ranked
by the evaluator now and with each next card, every ordered pair of holdings compared card by card), on random
boards and on boards chosen for the flush and pair cases, and against :func:`holdem.strength.potential` (one card
of look-ahead) for single holdings.
"""

import numpy as np
import pytest

from holdem.cards import parse_cards
from holdem.evaluate import evaluate_unchecked
from holdem.ranges import HOLDINGS, N_HOLDINGS, conflict_matrix
from holdem.strength import _flush_holdings, pairwise_potential_tables, potential


def _ranks_by_evaluator(board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(1326,) ranks with the board and (1326, 52) with each next card, 0 where a card repeats: one evaluation each."""
    free = ~np.isin(HOLDINGS, board).any(axis=1)
    hands = np.concatenate([HOLDINGS, np.broadcast_to(board, (N_HOLDINGS, board.size))], axis=1).astype(np.int8)
    ranks = np.where(free, evaluate_unchecked(hands), 0)
    cards = np.broadcast_to(np.arange(52, dtype=np.int8)[None, :, None], (N_HOLDINGS, 52, 1))
    seven = np.concatenate([np.broadcast_to(hands[:, None, :], (N_HOLDINGS, 52, hands.shape[1])), cards], axis=2)
    repeated = (seven[:, :, :-1] == seven[:, :, -1:]).any(axis=2) | ~free[:, None]
    nxt = np.where(repeated, 0, evaluate_unchecked(np.where(repeated[:, :, None], np.arange(seven.shape[2]), seven).astype(np.int8)))
    return ranks, nxt


def _pairwise_reference(board: np.ndarray, ranks: np.ndarray, nxt: np.ndarray, w: np.ndarray) -> np.ndarray:
    """The definition: HP[i, h, now, later] = Σ_g w[i, g] [now(h, g)] #{c off board, h, g: later(h, g, c)} (slow)."""
    free = ~np.isin(HOLDINGS, board).any(axis=1)
    ok = ~conflict_matrix() & free[:, None] & free[None, :]
    used = np.zeros((N_HOLDINGS, 52), dtype=bool)
    used[np.arange(N_HOLDINGS)[:, None], HOLDINGS] = True
    used[:, board] = True
    now = 1 - np.sign(ranks[:, None].astype(np.int64) - ranks[None, :])  # (h, g): 0 ahead, 1 tied, 2 behind
    nxt = nxt.astype(np.int16)
    out = np.zeros((w.shape[0], N_HOLDINGS, 3, 3))
    for lo in range(0, N_HOLDINGS, 64):
        h = np.arange(lo, min(lo + 64, N_HOLDINGS))
        card_ok = ~used[h][:, None, :] & ~used[None, :, :]  # (k, 1326, 52): c off the board, h and g
        ours, theirs = nxt[h][:, None, :], nxt[None, :, :]
        counts = np.stack([(card_ok & (theirs < ours)).sum(axis=2), (card_ok & (theirs == ours)).sum(axis=2),
                           (card_ok & (theirs > ours)).sum(axis=2)], axis=2)  # (k, 1326, 3)
        state = (now[h][:, :, None] == np.arange(3)) & ok[h][:, :, None]  # (k, 1326, 3)
        out[:, h] = np.einsum("ig,kgn,kgl->iknl", w, state.astype(float), counts.astype(float))
    return out


BOARDS = [
    "3h 4c Jh",      # two-tone flop (the Loki example)
    "2c 7d Ks",      # rainbow
    "5s 9s Qs",      # monotone flop: every holding with a spade is a flush holding
    "8d 8h 8c",      # trips
    "Tc Td 4h",      # paired, two-tone
    "Ks 9d 2c 7h",   # rainbow turn
    "Ah Kh 7h 2c",   # three of a suit on the turn
    "Ah Kh 7c 2c",   # two suits twice
    "4d 7d 9d Jd",   # four of a suit: every holding
    "Qc Qd Qh 5s",   # trips on the turn
    "6c 6d 9h 9s",   # two pairs on the board
    "2h 3h 4h 5s",   # straight and flush draws together
]


def _random_boards(n: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [rng.choice(52, size=k, replace=False).astype(np.int8) for k in rng.choice([3, 4], size=n)]


FAST = {"3h 4c Jh", "5s 9s Qs", "Ah Kh 7h 2c", "4d 7d 9d Jd", "6c 6d 9h 9s"}  # the rest: marked slow (about 3 s a board)


@pytest.mark.parametrize("board", [pytest.param(parse_cards(b), marks=() if b in FAST else pytest.mark.slow, id=b) for b in BOARDS]
                         + [pytest.param(b, marks=pytest.mark.slow, id=str(b.tolist())) for b in _random_boards(6, 7)])
def test_pattern_tables_equal_the_pairwise_definition(board):
    ranks, nxt = _ranks_by_evaluator(board)
    rng = np.random.default_rng(int(board.sum()))
    w = rng.random((2, N_HOLDINGS))
    w[1, rng.random(N_HOLDINGS) < 0.5] = 0.0  # a sparse second table
    got = pairwise_potential_tables(board, ranks, nxt, w)
    want = _pairwise_reference(board, ranks, nxt, w)
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-9)
    ones = pairwise_potential_tables(board, ranks, nxt, np.ones((1, N_HOLDINGS)))[0]  # counts: exact integers
    assert np.array_equal(ones, _pairwise_reference(board, ranks, nxt, np.ones((1, N_HOLDINGS)))[0])


@pytest.mark.parametrize("board", ["3h 4c Jh", "5s 9s Qs", "Ah Kh 7h 2c", "6c 6d 9h 9s"])
def test_pattern_tables_equal_potential_for_single_holdings(board):
    """Against the one-holding oracle :func:`holdem.strength.potential` (lookahead 1), flush holdings included."""
    b = parse_cards(board)
    ranks, nxt = _ranks_by_evaluator(b)
    w = np.random.default_rng(3).random(N_HOLDINGS)
    got = pairwise_potential_tables(b, ranks, nxt, w[None])[0]
    flush = _flush_holdings(b)
    free = np.flatnonzero(~np.isin(HOLDINGS, b).any(axis=1))
    for h in np.concatenate([free[::97], free[flush[free]][:4]]):
        want = potential(HOLDINGS[h], b, w, lookahead=1).table
        np.testing.assert_allclose(got[h], want, rtol=1e-12)


def test_flush_holdings_are_the_ones_a_suit_can_reach():
    assert not _flush_holdings(parse_cards("2c 7d Ks")).any()
    two_tone = _flush_holdings(parse_cards("3h 4c Jh"))
    assert set(np.flatnonzero(two_tone)) == set(np.flatnonzero(((HOLDINGS & 3) == 2).all(axis=1)))
    assert _flush_holdings(parse_cards("4d 7d 9d Jd")).all()

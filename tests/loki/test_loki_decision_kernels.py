"""Loki's per-decision evaluation (our holding against the weight tables) against references written from the definitions."""

import numpy as np
import pytest

from bpp.loki.evaluator.postflop import StreetTable, _pots, street_table
from holdem.cards import parse_cards
from holdem.evaluate import evaluate
from holdem.ranges import HOLDING_INDEX, HOLDINGS, N_HOLDINGS

BOARDS = ["3h 4c Jh", "2h 7h Kh", "2s 7s Kd 9s", "Ah Kh 5c 5d", "9c 8c 7d 6d", "Qs Qd Qh", "2c 3d 4h"]


def _later_reference(board: np.ndarray, h0: int) -> np.ndarray:
    """Per opponent holding: the next cards after which it is ahead of, tied with, behind our holding ``h0``
    (Billings1998 §4.2's one-card look-ahead), every 7-card hand ranked by the evaluator; 0 for holdings that
    share a card with ours or the board."""
    ours = HOLDINGS[h0]
    used = np.zeros(52, bool)
    used[board] = True
    used[ours] = True
    live = ~used[HOLDINGS].any(axis=1)
    out = np.zeros((N_HOLDINGS, 3))
    for c in np.flatnonzero(~used):
        ok = live & (HOLDINGS != c).all(axis=1)
        rest = np.broadcast_to(np.append(board, c), (ok.sum(), board.size + 1))
        theirs = evaluate(np.concatenate([HOLDINGS[ok], rest], axis=1))
        mine = int(evaluate(np.concatenate([ours, board, [c]])[None])[0])
        out[ok, 0] += theirs < mine
        out[ok, 1] += theirs == mine
        out[ok, 2] += theirs > mine
    return out


@pytest.mark.parametrize("board", BOARDS)
def test_pattern_look_ahead_counts_equal_the_evaluator(board):
    """The later counts of our holding counted over rank patterns plus flush pairs: every (holding, card) evaluated."""
    b = parse_cards(board)
    rng = np.random.default_rng(len(board))
    t = StreetTable(b)
    live = np.flatnonzero(~t.board_conflict)
    suited = [h for h in live if HOLDINGS[h, 0] % 4 == HOLDINGS[h, 1] % 4 == b[0] % 4][:1]  # our own flush draw
    for h0 in list(rng.choice(live, 2)) + suited:
        later = t._hole_counts(int(h0))[1]
        assert np.array_equal(later, _later_reference(b, int(h0)))


def test_next_column_is_the_gathered_column():
    """The next street's ranks read from the patterns equal the column of the gathered next-rank table."""
    for board in BOARDS:
        b = parse_cards(board)
        if b.size == 5:
            continue
        lazy, full = StreetTable(b), StreetTable(b)
        for c in range(52):
            if c not in b.tolist():
                assert np.array_equal(lazy._next_column(c), full.next_ranks[:, c])
        assert lazy._next is None or lazy._patterns is None  # the whole table was never gathered (unless four of a suit)


def test_evaluate_scalars_equal_the_array_expressions():
    """HS, Ppot and EHS of :meth:`StreetTable.evaluate` (Python floats) against the same formulas on arrays."""
    rng = np.random.default_rng(2)
    for k in (3, 4, 5, 3):
        b = rng.permutation(52)[:k].astype(np.int8)
        t = street_table(b)
        h0 = int(rng.choice(np.flatnonzero(~t.board_conflict)))
        for m in (1, 3):
            w = rng.random((m, N_HOLDINGS))
            e = t.evaluate(h0, w)
            now, later, live = t._hole_counts(h0)[:3]
            w = w * live
            counts = w @ now
            total = counts.sum(axis=1)
            hs = (counts[:, 0] + counts[:, 1] / 2) / total
            assert np.array_equal(e.hs, hs) and e.hs_n == np.prod(hs)
            if later is None:
                assert e.ppot_all == 0.0 and e.ehs == e.hs_n
                continue
            table = np.einsum("ih,hn,hl->inl", w, now, later)
            ppot, npot = _pots(table)
            np.testing.assert_allclose(e.ppot, ppot, rtol=1e-12)
            np.testing.assert_allclose(e.npot, npot, rtol=1e-12)
            pooled = (table / total[:, None, None]).sum(axis=0)
            np.testing.assert_allclose(e.ppot_all, _pots(pooled[None])[0][0], rtol=1e-12)
            np.testing.assert_allclose(e.ehs_product, np.prod(hs + (1 - hs) * ppot), rtol=1e-12)


def test_worked_example_of_billings1998():
    """Billings1998 §4.4: As Qc on 3h 4c Jh against five random opponents, one-card Ppot 0.108."""
    e = street_table("3h 4c Jh").evaluate(int(HOLDING_INDEX[parse_cards("As")[0], parse_cards("Qc")[0]]), np.ones((5, N_HOLDINGS)))
    assert round(e.ppot_all, 3) == 0.108 and round(e.hs_n, 3) == 0.069


@pytest.mark.parametrize("board", BOARDS + ["2h 7h Kh 9h", "2h 7h Kh 9h Ah", "2h 7h Kh 9c 3d", "5c 6c 7c 8c 9c"])
def test_holding_ranks_equal_the_evaluator(board):
    """Every holding's rank on a board built without a previous street (rank patterns plus flush holdings)."""
    b = parse_cards(board)
    t = StreetTable(b)
    used = np.zeros(52, bool)
    used[b] = True
    live = ~used[HOLDINGS].any(axis=1)
    expected = np.zeros(N_HOLDINGS, np.int64)
    expected[live] = evaluate(np.concatenate([HOLDINGS[live], np.broadcast_to(b, (live.sum(), b.size))], axis=1))
    assert np.array_equal(t.ranks, expected)

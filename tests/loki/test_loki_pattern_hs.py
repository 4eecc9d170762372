"""``StreetTable._pattern_hs`` (HS over rank patterns on flush-free boards: board-only counts plus the corrections of
the patterns sharing a rank with ours) against the full (169, 169) weighted comparison and the pairwise count."""

import numpy as np
import pytest

from bpp.loki.evaluator.postflop import StreetTable
from holdem.evaluate import evaluate
from holdem.ranges import HOLDINGS, N_HOLDINGS


def _reference_hs(board: np.ndarray) -> np.ndarray:
    """Every holding's HS against each live holding sharing no card with it, from an (ours, theirs) matrix of
    the evaluator's ranks."""
    hands = np.concatenate([HOLDINGS, np.broadcast_to(board, (N_HOLDINGS, len(board)))], axis=1)
    on_board = np.isin(HOLDINGS, board).any(axis=1)
    rank = np.full(N_HOLDINGS, -1, np.int64)
    rank[~on_board] = evaluate(hands[~on_board])
    overlap = (HOLDINGS[:, :, None, None] == HOLDINGS[None, None, :, :]).any(axis=(1, 3))  # (1326, 1326)
    theirs = ~overlap & ~on_board[None, :]
    below = (theirs & (rank[None, :] < rank[:, None])).sum(axis=1)
    tied = (theirs & (rank[None, :] == rank[:, None])).sum(axis=1)
    return np.where(on_board, 0.0, (below + tied / 2) / np.maximum(theirs.sum(axis=1), 1))


def _weighted_pattern_hs(board: np.ndarray) -> np.ndarray:
    """HS over rank patterns by the full (169, 169) weighted comparison (the form ``_pattern_hs`` had before it
    counted only the patterns sharing a rank with ours): weight of (ours, theirs) = a_x · a_y, a_x (a_x − 1) / 2 for a pair."""
    x, y = np.divmod(np.arange(169), 13)
    rank = np.zeros(169, np.int64)
    for p in range(169):  # no flush on these boards: the suits are immaterial, pick ones off the board
        cards = [c for c in range(52) if c not in set(board.tolist())]
        a = next((c for c in cards if c >> 2 == x[p]), None)
        b = next((c for c in cards if c >> 2 == y[p] and c != a), None)
        rank[p] = 0 if a is None or b is None else int(evaluate(np.array([a, b, *board.tolist()])))
    count = np.bincount(np.asarray(board) >> 2, minlength=13)
    mine = (np.arange(13)[None, :] == x[:, None]).astype(int) + (np.arange(13)[None, :] == y[:, None])
    left = 4 - count[None, :] - mine  # (169, 13)
    weight = left[:, x] * left[:, y]
    weight[:, x == y] = left * (left - 1) // 2
    weight[:, x > y] = 0
    less = (weight * (rank[None, :] < rank[:, None])).sum(axis=1)
    equal = (weight * (rank[None, :] == rank[:, None])).sum(axis=1)
    n_live = weight.sum(axis=1)
    used = np.zeros(52, bool)
    used[board] = True
    live = ~used[HOLDINGS].any(axis=1)
    p = (HOLDINGS[live] >> 2) @ np.array([13, 1])
    hs = np.zeros(N_HOLDINGS)
    hs[live] = (less[p] + equal[p] / 2) / n_live[p]
    return hs


def _flush_free_boards() -> list[np.ndarray]:
    from holdem.cards import parse_cards

    rng = np.random.default_rng(25)
    boards = [parse_cards(b) for b in ("5d 5c 5h 5s", "Ac Ad Kh Ks Kd", "2c 2d 2h 9s 9c", "5s 5c 9s 9c", "Ac Kd Qh", "Ac Ad Ah Kc Qd")]
    while len(boards) < 36:
        n = 3 + len(boards) % 3
        b = rng.permutation(52)[:n]
        if np.bincount(b & 3, minlength=4).max() <= 2:
            boards.append(b.astype(np.int8))
    return boards


@pytest.mark.parametrize("board", _flush_free_boards(), ids=lambda b: "-".join(map(str, b.tolist())))
def test_pattern_hs_equals_the_full_pattern_comparison(board):
    """HS on flush-free flops, turns and rivers (paired, trips, quads, full house): base counts plus the corrections
    of the patterns sharing a rank with ours give the very floats of the (169, 169) weighted comparison."""
    t = StreetTable(board)
    live = ~t.board_conflict
    got = t._pattern_hs(live)
    assert got.tobytes() == _weighted_pattern_hs(np.asarray(board)).tobytes()
    assert got.tobytes() == t._exact_hs(live).tobytes()


@pytest.mark.parametrize("board", ["2h 7h Kd Qc", "2h 7h Kh 9c 3d", "2h 7h Kh 9h", "Ac Ad Kh Ks", "2c 7d Ks 9h Jd"])
def test_exact_hs_equals_the_pairwise_count_bytewise(board):
    """Flush boards (the sort path) and flush-free ones (the pattern path): the same floats as the pairwise count."""
    from holdem.cards import parse_cards

    board = parse_cards(board)
    t = StreetTable(board)
    assert t._exact_hs(~t.board_conflict).tobytes() == _reference_hs(np.asarray(board)).tobytes()

"""The scalar fast paths of Poki's per-decision bookkeeping against the definitions they replace (issue 25 §2)."""

import itertools

import numpy as np
import pytest

from bpp.loki.evaluator.postflop import StreetTable
from bpp.loki.state import board_texture, board_textures


def _texture_by_definition(board):
    """The four board inputs read off their definitions, card by card (ranks 0 = deuce … 12 = ace)."""
    ranks = [c // 4 for c in board]
    suits = [c % 4 for c in board]
    flush = max(suits.count(s) for s in range(4)) >= 3
    paired = len(set(ranks)) < len(ranks)
    spans = set(ranks) | ({-1} if 12 in ranks else set())  # the ace also plays low
    straight = any(sum(lo <= x <= lo + 4 for x in spans) >= 3 for lo in range(-1, 9))
    return (float(flush), float(paired), float(straight), sum(x >= 8 for x in ranks) / 5)


def test_board_texture_of_one_board_equals_the_batched_form_on_every_flop():
    flops = np.array(list(itertools.combinations(range(52), 3)))
    got = [board_texture(tuple(b)) for b in flops.tolist()]
    assert got == [tuple(row) for row in board_textures(flops).tolist()]
    assert all(type(v) is float for v in got[0])


def test_board_texture_of_one_board_follows_the_definition_on_turns_and_rivers():
    rng = np.random.default_rng(25)
    boards = [rng.permutation(52)[:k].tolist() for k in (4, 5) for _ in range(1500)]
    boards += [[48, 0, 4, 9], [48, 44, 40, 36, 32], [0, 1, 2, 3, 4], [3, 7, 11, 51, 47]]  # wheel, broadway, quads, 5 of a suit
    assert [board_texture(b) for b in boards] == [_texture_by_definition(b) for b in boards]
    assert board_texture(np.array(boards[0], dtype=np.int8)) == _texture_by_definition(boards[0])


def _boards_of_every_kind(seed: int) -> list[np.ndarray]:
    """Random flops and turns, and boards with two and three cards of one suit, paired and trips boards."""
    rng = np.random.default_rng(seed)
    boards = [rng.permutation(52)[:k] for k in (3, 4) for _ in range(12)]
    for k in (3, 4):
        for m in (2, 3):
            suited = rng.permutation(np.arange(2, 52, 4))[:m]
            others = rng.permutation(np.setdiff1d(np.arange(52), np.arange(2, 52, 4)))[: k - m]
            boards.append(np.concatenate([suited, others]))
    boards += [np.array([0, 1, 20]), np.array([0, 1, 2, 40]), np.array([50, 46, 42, 3]), np.array([8, 12, 16, 21])]
    return [np.sort(b).astype(np.int8) for b in boards]


@pytest.mark.parametrize("seed", [1, 2])
def test_pattern_percentiles_by_corrections_equal_the_packed_sort_bytewise(seed, monkeypatch):
    """The next-card percentiles from the 13 next ranks' pattern entries plus one correction per flush pair equal,
    byte for byte, the packed sort of every (card, rank) entry (the form the next-card percentiles were defined by
    and that flush-heavy boards still use), for rainbow boards (no flush pair), two-tone, two-pair-of-suits and
    three-flush boards, a straight-flush draw and paired boards."""
    from bpp.loki.evaluator import postflop

    monkeypatch.setattr(postflop, "_MANY_FLUSH_PAIRS", 10**6)  # the corrections on three-flush boards too
    for board in _boards_of_every_kind(seed):
        table = StreetTable(board)
        live = ~table.board_conflict
        keep = live[table._patterns[1]]
        fh, fc = table._patterns[1][keep], table._patterns[2][keep]
        postflop._PATTERN_ORDERS.clear()
        got = [table._pattern_percentiles(live) for _ in range(2)]  # the rank order computed, then read from its cache
        want = table._packed_percentiles(live, fh, fc, keep)
        for g in got:
            assert all(np.asarray(a).tobytes() == np.asarray(b).tobytes() for a, b in zip(g, want)), board.tolist()


def test_network_prediction_of_one_row_is_the_forward_pass_before_and_after_each_fit():
    """A row's prediction is kept until the next fit: each call equals the network's forward pass with the weights
    of that moment (the kept row is read-only), also right after a fit changed them."""
    from bpp.loki.modeler.predictors import N_FEATURES, NeuralPredictor, _forward, _no_fold_when_free

    net = NeuralPredictor(2, batch=32, warmup=32, rng=3)
    rng = np.random.default_rng(3)
    x = (rng.random((96, N_FEATURES)) < 0.4).astype(float)
    for block in range(3):  # each block of 32 records is one fit
        net.update(1, x[block * 32 : block * 32 + 32], rng.integers(0, 3, 32))
        for row in x[:8]:
            got = net.predict(1, row)
            if net.seen_[1] >= net.warmup:
                want = _no_fold_when_free(_forward(row[None, :], *net._weights[1]), row[None, :])
                assert got.tobytes() == want.tobytes() and not got.flags.writeable
            assert net.predict(1, row).tobytes() == got.tobytes()

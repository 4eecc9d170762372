"""The scalar fast paths of Poki's per-decision bookkeeping against the definitions they replace."""

import itertools

import numpy as np
import pytest

from bpp.loki.evaluator.postflop import StreetTable
from bpp.loki.state import board_texture, board_textures
from loki_definitions import texture_by_definition


def test_board_texture_of_one_board_equals_the_batched_form_on_every_flop():
    flops = np.array(list(itertools.combinations(range(52), 3)))
    got = [board_texture(tuple(b)) for b in flops.tolist()]
    assert got == [tuple(row) for row in board_textures(flops).tolist()]
    assert all(type(v) is float for v in got[0])


def test_board_texture_of_one_board_follows_the_definition_on_turns_and_rivers():
    rng = np.random.default_rng(25)
    boards = [rng.permutation(52)[:k].tolist() for k in (4, 5) for _ in range(1500)]
    boards += [[48, 0, 4, 9], [48, 44, 40, 36, 32], [0, 1, 2, 3, 4], [3, 7, 11, 51, 47]]  # wheel, broadway, quads, 5 of a suit
    assert [board_texture(b) for b in boards] == [texture_by_definition(b) for b in boards]
    assert board_texture(np.array(boards[0], dtype=np.int8)) == texture_by_definition(boards[0])


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


def test_frequency_prediction_of_one_row_is_the_batched_rows_entry():
    """One row's context read off the row in Python gives the entry of the batched prediction (argmax: the first
    largest, also on rows that are not one-hot), before and after the model learns."""
    from bpp.loki.modeler.predictors import N_FEATURES, FrequencyPredictor

    f = FrequencyPredictor(3)
    rng = np.random.default_rng(4)
    x = (rng.random((300, N_FEATURES)) < 0.3).astype(float)
    x[:20, :7] = 0.0
    x[20:30, :7] = 1.0
    for seen in (0, 200):
        if seen:
            f.update(1, x[:seen], rng.integers(0, 3, seen))
        for opponent in (1, 2):
            batch = f.predict(opponent, x)
            rows = [f.predict(opponent, row) for row in x]
            assert all(r.shape == (1, 3) and r.tobytes() == batch[i : i + 1].tobytes() for i, r in enumerate(rows))


def _features_by_definition(tracker, player):
    """The 19 inputs written out one by one (booleans as 0/1), the seats after ``player`` counted one by one."""
    from bpp.loki.state import CALL, RAISE, first_to_act

    r = tracker.round
    to_call = tracker.high - tracker.committed[player]
    bets = min(-(-to_call // tracker.sizes[r]), 2)
    n = tracker.n
    first = first_to_act(n, tracker.button, r)
    mine = (player - first) % n
    behind = sum(1 for i in range(mine + 1, n) if not tracker.folded[(first + i) % n])
    last, raised = tracker.last_action[player], tracker.raised_round[player]
    return np.array([r == 0, r == 1, r == 2, r == 3, bets == 0, bets == 1, bets == 2, min(tracker.bet_level, 4) / 4.0,
                     (tracker.n_live - 1) / 9.0, behind / max(tracker.n_live - 1, 1),
                     to_call / (tracker.pot + to_call) if to_call > 0 else 0.0,
                     min(tracker.pot / (2.0 * tracker.sizes[0]) / 20.0, 1.0), last == RAISE, last == CALL,
                     raised is not None and raised < r, *texture_by_definition(list(tracker.board))], dtype=np.float64)


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_context_features_follow_their_definition_in_random_hands(seats):
    """Every decision of random action sequences (folds, raises, later rounds): the tracker's 19 inputs equal the
    definition's, byte for byte."""
    from bpp.loki.state import HandTracker, context_features
    from holdem.games.base import Action, ActionKind, Event

    rng = np.random.default_rng(seats)
    checked = 0
    for hand in range(40):
        t = HandTracker(seats, hand % seats, features=True)
        board = [int(c) for c in rng.permutation(52)[:5]]
        for r in range(4):
            if r:
                t.step(Event("deal", -1, None, tuple(board[:(0, 3, 4, 5)[r]][len(t.board):]), r))
            for _ in range(rng.integers(1, 2 * seats)):
                live = [p for p in range(seats) if not t.folded[p]]
                if len(live) < 2:
                    break
                p = int(rng.choice(live))
                want = _features_by_definition(t, p)
                assert context_features(t, p).tobytes() == want.tobytes()
                checked += 1
                kind = ActionKind(int(rng.choice([0, 1, 1, 2, 2])))
                t.step(Event("action", p, Action(kind), (), r))
    assert checked > 100

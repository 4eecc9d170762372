"""The simulator plays all of a decision's trials in one pass (:func:`bpp.loki.simulator.sampling.simulate`).

Before, the trials ran in passes of 250.  The second pass's random numbers start where the first pass's betting
stopped drawing (one uniform per acting trial per step, plus the re-draws of clashing holdings), a position known only
once the first pass has been played to the end, so one pass cannot give the trials the numbers they had: the same
seed gives other EVs.  The trials are independent and identically distributed either way (the range sample of
``range_relative`` is still a block of 250), so the estimates have the same law.  Checked here, paired over real
decision states: for each state, many seeds in passes of 250 (a time budget never reached) and many in one pass; the
EVs' means and spreads and the chosen actions agree.  The bit-for-bit check of passes of 250 against the matches of
before is in ``test_loki_players.py``.
"""

import copy

import numpy as np
import pytest
from scipy import stats

import bpp.loki.simulator.sampling as sampling
from holdem.games import LimitHoldem
from holdem.match import play_match


def _decision_states(monkeypatch, agents, deals, seed, per_round=4):
    """The first ``per_round`` simulated decisions of each post-flop round in a short match: (tracker, keyword
    arguments without the rng), copied."""
    real = sampling.simulate
    states = {1: [], 2: [], 3: []}

    def grab(tracker, **kw):
        if len(states[tracker.round]) < per_round:
            states[tracker.round].append(copy.deepcopy((tracker, {k: v for k, v in kw.items() if k != "rng"})))
        return real(tracker, **kw)

    with monkeypatch.context() as m:
        m.setattr(sampling, "simulate", grab)
        play_match(LimitHoldem(n_players=len(agents)), agents, deals, rng=seed)
    return [s for r in (1, 2, 3) for s in states[r]]


def _estimates(states, seeds, **extra):
    """(states, seeds, 2) call and raise EVs, and (states, seeds) chosen actions."""
    ev = np.zeros((len(states), len(seeds), 2))
    best = np.zeros((len(states), len(seeds)), dtype=np.intp)
    for i, (tracker, kw) in enumerate(states):
        for j, s in enumerate(seeds):
            r = sampling.simulate(tracker, **{**kw, **extra}, rng=s)
            ev[i, j] = r.ev[1:]
            best[i, j] = r.best
    return ev, best


def _agreement(old_ev, old_best, new_ev, new_best):
    """p-values: the EVs' means (Welch t per state and EV, combined as Σ t² against χ²), their spreads (Levene per
    state and EV, p-values combined by Fisher), the chosen actions (χ² on the pooled 2 × 3 table)."""
    t2, fisher, k = 0.0, 0.0, 0
    for i in range(old_ev.shape[0]):
        for c in range(2):
            a, b = old_ev[i, :, c], new_ev[i, :, c]
            if np.ptp(a) == 0 and np.ptp(b) == 0:  # a forced line: every trial ends the same
                assert a[0] == b[0]
                continue
            t2 += stats.ttest_ind(a, b, equal_var=False).statistic ** 2
            fisher += -2 * np.log(stats.levene(a, b).pvalue)
            k += 1
    table = np.array([np.bincount(old_best.ravel(), minlength=3), np.bincount(new_best.ravel(), minlength=3)])
    table = table[:, table.sum(axis=0) > 0]
    p_actions = stats.chi2_contingency(table).pvalue if table.shape[1] > 1 else 1.0
    return stats.chi2.sf(t2, k), stats.chi2.sf(fisher, 2 * k), p_actions


@pytest.mark.parametrize("agents, seed", [(["poki-sim", "call"], 3), (["poki-sim-meta", "maniac", "rock"], 5)])
def test_one_pass_and_passes_of_250_agree_in_distribution(monkeypatch, agents, seed):
    states = _decision_states(monkeypatch, agents, 30, seed)
    assert {s[0].round for s in states} == {1, 2, 3}
    seeds = range(20)
    old = _estimates(states, [1000 + s for s in seeds], time_budget=1e9)  # passes of 250, never stopped by the clock
    new = _estimates(states, [2000 + s for s in seeds])
    p_mean, p_spread, p_actions = _agreement(*old, *new)
    assert min(p_mean, p_spread, p_actions) > 1e-3, (p_mean, p_spread, p_actions)


@pytest.mark.parametrize("change, which", [({"trials": 125}, 1), ({"range_relative": False}, 0)])
def test_the_agreement_check_sees_a_different_law(monkeypatch, change, which):
    """The same check fails when one side plays a quarter of the trials (the spread) or compares strengths on the
    scale of all holdings (the means): it can tell laws apart."""
    states = _decision_states(monkeypatch, ["poki-sim", "call"], 30, 3)
    seeds = range(20)
    old = _estimates(states, [1000 + s for s in seeds], time_budget=1e9)
    new = _estimates(states, [2000 + s for s in seeds], **change)
    p = _agreement(*old, *new)
    assert p[which] < 1e-3, p


def test_range_percentiles_count_within_each_block_and_column():
    """Each value's (below + up to) / 2 among its own block's rows of its column, counted directly; ties included."""
    rng = np.random.default_rng(3)
    for _ in range(30):
        T, m = int(rng.integers(1, 400)), int(rng.integers(1, 5))
        values = np.round(rng.random((T, m)), int(rng.integers(1, 4)))  # rounded: many ties
        block = np.sort(rng.integers(0, 3, T))
        got = sampling._range_percentiles(values, block)
        for t in range(T):
            same = block == block[t]
            col = values[same]
            want = ((col < values[t]).sum(axis=0) + (col <= values[t]).sum(axis=0)) / (2.0 * same.sum())
            assert got[t].tobytes() == want.tobytes()


@pytest.mark.parametrize("k", [0, 1, 2])
def test_the_board_draw_takes_the_smallest_keys_smallest_first(k):
    """The rest of the board: each row's k smallest keys, in increasing order (the next street's card first), as a
    stable sort orders them; seen cards (key 2.0) never."""
    rng = np.random.default_rng(k)
    keys = rng.random((600, 52))
    keys[:, rng.choice(52, 9, replace=False)] = 2.0
    want = np.argsort(keys, axis=1, kind="stable")[:, :k]
    assert np.array_equal(sampling._smallest_keys(keys.copy(), k), want)

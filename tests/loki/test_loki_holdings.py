"""Batched policies for Local Best Response: every holding's action distribution at once.

``holdings_action_probabilities(observation, holdings)`` must equal the per-holding
``action_probabilities(observation._replace(hole=...))`` (the vectorized result equals the
looped one), and :meth:`StreetTable.evaluate_all` must equal :meth:`StreetTable.evaluate`.
"""

import itertools

import numpy as np
import pytest

from bpp.loki.agents import LokiAgent, PokiAgent, loki_d
from bpp.loki.selector.betting import LokiRules, decide_many, legal_columns
from bpp.loki.evaluator.postflop import street_table
from holdem.games import LimitHoldem
from holdem.ranges import HOLDINGS


@pytest.mark.parametrize("board", ["3h 4c Jh", "Ks 9d 2c 7h", "Ks 9d 2c 7h 7c"])
def test_evaluate_all_equals_evaluate_for_every_holding(board):
    rng = np.random.default_rng(1)
    t = street_table(board)
    w = rng.random((3, 1326))
    every = t.evaluate_all(w)
    for h in np.flatnonzero(~t.board_conflict)[::9]:
        one = t.evaluate(int(h), w)
        got = (every.hs_n[h], every.ppot_all[h], every.ehs[h], every.ehs_product[h])
        assert got == pytest.approx((one.hs_n, one.ppot_all, one.ehs, one.ehs_product), abs=1e-6)
    assert np.all(every.ehs[t.board_conflict] == 0)
    assert t.evaluate_all(w, per_opponent=False).ehs_product is None


def test_decide_many_equals_decide_on_a_grid():
    for rules in (LokiRules(), LokiRules(use_potential=False), LokiRules(showdown_odds=True)):
        ehs = np.linspace(0, 1, 41)
        for ppot, odds, b, level, up, river in itertools.product(
            (0.0, 0.15), (0.1, 0.3), (0, 1, 2), (0, 1, 2, 3), (True, False), (True, False)
        ):
            want = [rules.decide(ehs=float(e), ppot=ppot, pot_odds=odds, bets_to_call=b, bet_level=level,
                                 can_raise=up, river=river) for e in ehs]
            got = decide_many(rules, ehs=ehs, ppot=ppot, pot_odds=odds, bets_to_call=b, bet_level=level,
                              can_raise=up, river=river)
            assert got.tolist() == want


def _decision_points(make, n_players, seed, rounds=(0, 1, 2, 3)):
    """Play hands with ``make()`` in every seat; yield (agent, observation) where seat 0 acts in one of ``rounds``."""
    rng = np.random.default_rng(seed)
    game = LimitHoldem(n_players=n_players)
    agents = [make(i) for i in range(n_players)]
    for _ in range(6):
        state = game.new_hand(rng.permutation(52), button=int(rng.integers(n_players)))
        for seat, a in enumerate(agents):
            a.new_hand(seat)
        told = 0
        while not state.is_terminal:
            while told < len(state.history):
                for a in agents:
                    a.observe(state.history[told])
                told += 1
            p = state.current_player
            obs = state.observation(p)
            if p == 0 and obs.round in rounds:
                yield agents[0], obs
            state.apply(agents[p].act(obs))


@pytest.mark.parametrize(
    "make, n_players",
    [
        (lambda i: LokiAgent(rng=i), 4),
        (lambda i: LokiAgent(rng=i, reweighting="all", showdown_odds=True), 3),
        (lambda i: loki_d(rng=i), 2),
        (lambda i: PokiAgent(rng=i), 3),
        (lambda i: PokiAgent(rng=i), 2),
    ],
    ids=["loki-4", "loki-reweight-showdown-3", "loki-d-heads-up", "poki-3", "poki-heads-up"],
)
def test_batched_holdings_equal_per_holding_action_probabilities(make, n_players):
    checked = set()
    for agent, obs in _decision_points(make, n_players, seed=n_players):
        if obs.round in checked:
            continue
        checked.add(obs.round)
        live = [h for h in HOLDINGS if not set(h.tolist()) & set(obs.public)][::23]
        holdings = np.array(live)
        batched = agent.holdings_action_probabilities(obs, holdings)
        assert batched.shape == (len(live), len(obs.legal))
        assert np.allclose(batched.sum(axis=1), 1) and (batched >= -1e-12).all()
        for row, hole in zip(batched, live):
            one = agent.action_probabilities(obs._replace(hole=tuple(int(c) for c in hole)))
            assert row == pytest.approx([one[a] for a in obs.legal], abs=1e-6)
    assert {0, 1} <= checked


def test_legal_columns_maps_fold_to_check_when_free():
    state = LimitHoldem(2).new_hand(np.arange(52), button=0)
    state.apply(state.observation(0).legal[1])  # the button calls: the big blind may check
    obs = state.observation(1)
    cols = legal_columns(np.array([0.5, 0.2, 0.3]), obs)
    names = [a.kind.name for a in obs.legal]
    assert cols.sum() == pytest.approx(1)
    assert cols[names.index("CHECK_CALL")] == pytest.approx(0.7)

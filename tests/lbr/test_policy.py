"""LBR measures what it says: agents without a stated policy are refused; --policy-samples estimates it."""

from __future__ import annotations

import numpy as np
import pytest

from bpp import registry
from bpp.cli import main
from bpp.lbr.policy import SampledPolicy, check_policy_rows, states_policy
from bpp.lbr.run import run_lbr
from holdem.agents import Agent
from holdem.games import LimitHoldem, NoLimitHoldem
from holdem.games.base import CHECK_CALL
from holdem.ranges import HOLDINGS


class CoinFlip(Agent):
    """Raises the minimum or calls, 50/50, and says nothing of its policy (a new user's first agent)."""

    def act(self, observation):
        if observation.can("raise") and self.rng.random() < 0.5:
            return observation.action("raise", observation.raise_bounds[0])
        return CHECK_CALL


class StatedCoinFlip(CoinFlip):
    def action_probabilities(self, observation):
        if not observation.can("raise"):
            return {CHECK_CALL: 1.0}
        return {CHECK_CALL: 0.5, observation.action("raise", observation.raise_bounds[0]): 0.5}


class Lopsided(StatedCoinFlip):
    """States a policy that sums to 0.9."""

    def action_probabilities(self, observation):
        return {CHECK_CALL: 0.9}


@pytest.fixture(autouse=True)
def _agents():
    registry.register_agent("test-coinflip", CoinFlip, games=("nolimit-holdem",), overwrite=True)
    registry.register_agent("test-coinflip-stated", StatedCoinFlip, games=("nolimit-holdem",), overwrite=True)
    registry.register_agent("test-lopsided", Lopsided, games=("nolimit-holdem",), overwrite=True)


def test_states_policy():
    assert not states_policy(CoinFlip())
    assert states_policy(StatedCoinFlip())
    assert all(states_policy(registry.make_agent(n, rng=0)) for n in ("call", "raise", "fold", "random", "call-raise", "loki"))


def test_refused_without_policy_in_one_line(capsys):
    with pytest.raises(ValueError, match="does not state its policy.*--policy-samples N"):
        run_lbr("test-coinflip", n_deals=2)
    code = main(["lbr", "--opponent", "test-coinflip", "--hands", "2", "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err and "agent 'test-coinflip' does not state its policy" in err


def test_policy_samples_runs_the_act_only_agent():
    r = run_lbr("test-coinflip", betting="fc", n_deals=4, rng=2, policy_samples=8)
    assert r.opponent == "test-coinflip~8" and np.isfinite(r.value.mean)
    with pytest.raises(ValueError, match="'policy_samples' parameter of run_lbr must be a positive integer"):
        run_lbr("test-coinflip", n_deals=2, policy_samples=0)


def test_bad_policy_is_named(capsys):
    with pytest.raises(ValueError, match=r"the policy of 'Lopsided' does not sum to one: row 0 is \[0.9, 0.0, 0.0\] \(sum 0.9\)"):
        run_lbr("test-lopsided", betting="fc", n_deals=2)
    assert main(["lbr", "--opponent", "test-lopsided", "--betting", "fc", "--hands", "2", "--no-progress"]) == 2
    assert "does not sum to one" in capsys.readouterr().err


def test_check_policy_rows_rejects_negative_and_shape():
    obs = LimitHoldem().new_hand(np.arange(52)).observation(0)
    with pytest.raises(ValueError, match="negative or non-finite probability: row 1"):
        check_policy_rows([[0, 1, 0], [1.5, -0.5, 0]], obs, "x")
    with pytest.raises(ValueError, match=r"has shape \(1, 2\); expected \(n_holdings, 3\)"):
        check_policy_rows([[0.5, 0.5]], obs, "x")


def test_sampled_estimate_matches_the_stated_policy_within_binomial_error():
    """Loki's exact batched policy vs the frequencies of 400 act calls per holding, at a pre-flop decision."""
    game = LimitHoldem()
    state = game.new_hand(np.random.default_rng(5).permutation(52))
    loki = registry.make_agent("loki", rng=0)
    loki.new_hand(0)
    for e in state.history:
        loki.observe(e)
    obs = state.observation(0)
    holdings = HOLDINGS[::53]  # 26 holdings of every kind
    exact = loki.holdings_action_probabilities(obs, holdings)
    n = 400
    est = SampledPolicy(loki, n, rng=1).holdings_action_probabilities(obs, holdings)
    sigma = np.sqrt(np.maximum(exact * (1 - exact), 1 / n) / n)
    assert np.all(np.abs(est - exact) <= 5 * sigma), np.abs(est - exact).max()
    assert np.allclose(est.sum(axis=1), 1)


def test_sampling_leaves_the_agents_random_stream_alone():
    obs = NoLimitHoldem().new_hand(np.arange(52)).observation(0)
    plain, wrapped = CoinFlip(rng=3), CoinFlip(rng=3)
    est = SampledPolicy(wrapped, 50, rng=9)
    seq_plain, seq_wrapped = [], []
    for _ in range(20):
        seq_plain.append(plain.act(obs))
        est.holdings_action_probabilities(obs, HOLDINGS[:5])
        seq_wrapped.append(est.act(obs))
    assert seq_plain == seq_wrapped


def test_the_estimate_never_zeroes_a_legal_action():
    """One pseudo-sample spread over the legal actions: an action the samples missed keeps 1/(k (N + 1))."""
    obs = NoLimitHoldem().new_hand(np.arange(52)).observation(0)
    row = SampledPolicy(CoinFlip(rng=0), 3, rng=0).holdings_action_probabilities(obs, HOLDINGS[:1])[0]
    k = len(obs.legal)
    assert np.all(row >= 1 / (k * 4) - 1e-12) and np.isclose(row.sum(), 1)

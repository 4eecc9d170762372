"""The holdings_action_probabilities protocol (the policy for every holding LBR needs, Lisy2017 §3)."""

import numpy as np
import pytest

from holdem.agents import AlwaysCall, AlwaysRaise, UniformRandom
from holdem.games import LimitHoldem, NoLimitHoldem
from holdem.ranges import HOLDINGS


@pytest.mark.parametrize("game", [LimitHoldem(), NoLimitHoldem()])
@pytest.mark.parametrize("agent", [AlwaysCall(), AlwaysRaise(), UniformRandom(rng=0)])
def test_default_loop_equals_action_probabilities_per_holding(game, agent):
    obs = game.new_hand(np.arange(52)).observation(0)
    holdings = HOLDINGS[[100, 700, 1325]]
    probs = agent.holdings_action_probabilities(obs, holdings)
    assert probs.shape == (3, len(obs.legal))
    np.testing.assert_allclose(probs.sum(axis=1), 1.0)
    for row, hole in zip(probs, holdings.tolist()):
        single = agent.action_probabilities(obs._replace(hole=tuple(hole)))
        for action, p in single.items():
            if action in obs.legal:
                assert row[obs.legal.index(action)] == pytest.approx(p)


def test_sized_raise_spread_counts_for_the_nearest_legal_raise():
    obs = NoLimitHoldem().new_hand(np.arange(52)).observation(0)  # legal: f, c, r200, r20000
    probs = UniformRandom(rng=0).holdings_action_probabilities(obs, HOLDINGS[:1])
    np.testing.assert_allclose(probs, [[1 / 3, 1 / 3, 1 / 3, 0.0]])

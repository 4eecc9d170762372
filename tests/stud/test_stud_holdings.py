"""holdings_action_probabilities of the stud agents (the LBR protocol: every down card at once)."""

import numpy as np
import pytest


import bpp.registry


def _unseen(obs):
    seen = {c for up in obs.up_cards for c in up}
    return np.array([[c] for c in range(52) if c not in seen])


@pytest.mark.parametrize("name", ["bpp", "bpp-up", "bpp-dbn", "rules"])
def test_batched_rows_equal_the_policy_with_each_down_card(name, random_states):
    agent = bpp.registry.agent_factory(name)(rng=1)
    for state in random_states():
        obs = state.observation(state.current_player)
        holdings = _unseen(obs)
        got = agent.holdings_action_probabilities(obs, holdings)
        assert got.shape == (len(holdings), len(obs.legal))
        for row, (h,) in zip(got, holdings):
            probs = agent.action_probabilities(obs._replace(hole=(int(h),)))
            assert row == pytest.approx([probs[a] for a in obs.legal], abs=1e-12)


@pytest.mark.parametrize("name", ["prob", "bpp-card", "rules-reader"])
def test_sampled_agents_answer_every_down_card_without_disturbing_their_play(name, random_states):
    factory = bpp.registry.agent_factory(name)
    asked, quiet = factory(rng=3), factory(rng=3)
    for obs in [state.observation(state.current_player) for state in random_states(3)]:
        probs = asked.holdings_action_probabilities(obs, _unseen(obs)[:6])
        assert probs.shape == (6, len(obs.legal)) and np.allclose(probs.sum(axis=1), 1.0)
        assert asked.act(obs) == quiet.act(obs)  # the play stream is untouched


def test_bad_holdings_raise(random_states):
    agent = bpp.registry.agent_factory("bpp")(rng=0)
    obs = next(random_states()).observation(1)
    with pytest.raises(ValueError, match="must be an int array \\(n, 1\\) of down cards; got shape \\(2,\\)"):
        agent.holdings_action_probabilities(obs, np.array([1, 2]))
    with pytest.raises(ValueError, match="must be unseen card codes"):
        agent.holdings_action_probabilities(obs, np.array([[obs.up_cards[0][0]]]))

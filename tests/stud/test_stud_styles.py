"""The stud opponents of bpp.stud.opponents.styles: registered, legal-only, and playing their documented rules."""

import pytest

import bpp.registry
from bpp.stud.opponents.styles import Bluffer, LooseCaller, SlowPlayer


@pytest.mark.parametrize("name", ["bluffer", "slowplay", "loose"])
def test_registered_for_stud_and_legal_only(name, random_observations):
    assert name in bpp.registry.list_agents("stud5") and name not in bpp.registry.list_agents("limit-holdem")
    agent = bpp.registry.agent_factory(name)(rng=1)
    for obs in random_observations(40, 0):
        probs = agent.action_probabilities(obs)
        assert set(probs) == set(obs.legal) and sum(probs.values()) == pytest.approx(1.0)
        assert agent.act(obs) in obs.legal


def _policy_after(agent, obs):
    """(fold, call, bet) of the agent at obs, read off its probabilities, with its P(win)."""
    probs = agent.action_probabilities(obs)
    out = [0.0, 0.0, 0.0]
    for a, q in probs.items():
        out[int(a.kind)] += q
    return agent.win_probability(obs), tuple(out)


def test_each_style_plays_its_rules(random_observations):
    bluffer, slow, loose = Bluffer(rng=0), SlowPlayer(rng=0), LooseCaller(rng=0)
    seen = {"bluff": 0, "slow": 0, "loose_fold": 0}
    for obs in random_observations(120, 0):
        owed, can_raise = obs.to_call > 0, obs.raise_bounds is not None
        p, (f, c, b) = _policy_after(bluffer, obs)
        if p < 0.5 and can_raise:
            assert b == pytest.approx(0.4) and f == pytest.approx(0.3 if owed else 0.0)
            seen["bluff"] += 1
        p, (f, c, b) = _policy_after(slow, obs)
        if p >= 0.65 and obs.round < 3:
            assert c == 1.0  # strong hands only check or call before the last round
            seen["slow"] += 1
        p, (f, c, b) = _policy_after(loose, obs)
        if owed and p < 0.8:
            assert (f, c) == ((0.0, 1.0) if p >= 0.5 * obs.to_call / (obs.pot + obs.to_call) else (1.0, 0.0))
            seen["loose_fold"] += f == 1.0
    assert min(seen.values()) > 0


def test_styles_check_their_arguments():
    with pytest.raises(ValueError, match="'n_samples' parameter of Bluffer must be an integer >= 1; got 0"):
        Bluffer(n_samples=0)

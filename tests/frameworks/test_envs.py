"""bpp.envs under PettingZoo's and Gymnasium's own checkers; masked random play reproduces play_match."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from bpp.envs import ActionCoder, VsAgentsEnv, aec_env  # noqa: E402
from holdem.agents import Agent  # noqa: E402
from holdem.cards import parse_cards  # noqa: E402
from holdem.games import GAMES  # noqa: E402
from holdem.match import play_match  # noqa: E402

CASES = [
    ("limit-holdem", {}, None), ("limit-holdem", {"n_players": 4}, None),
    ("nolimit-holdem", {}, "fcpa"), ("nolimit-holdem", {}, "fchpa"),
    ("stud5", {}, None), ("stud5", {"n_players": 3}, None),
    ("draw5", {}, None), ("draw5", {"n_players": 2}, "fcpa"),
]


@pytest.mark.parametrize("game, options, actions", CASES)
def test_pettingzoo_api_and_seed(game, options, actions):
    api_test(aec_env(game, actions=actions, **options), num_cycles=200)
    seed_test(lambda: aec_env(game, actions=actions, **options), num_cycles=50)


@pytest.mark.parametrize("game, opponents", [("stud5", ["rules"]), ("limit-holdem", ["loki"]),
                                              ("nolimit-holdem", ["call-raise"]), ("draw5", ["random"] * 4)])
def test_gymnasium_check_env(game, opponents):
    # check_env samples actions from the whole space (once before a reset): illegal="call" plays those outside
    # the mask as check/call; the default refuses them (test_action_outside_the_mask_is_named)
    env = VsAgentsEnv(game, opponents=opponents, illegal="call")
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs) and info["action_mask"].any()


def test_action_outside_the_mask_is_named():
    env = aec_env("limit-holdem")
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"action 7 is outside the action mask \[1, 1, 1\] of seat 0"):
        env.step(7)
    gym = VsAgentsEnv("stud5", opponents=["rules"])
    gym.reset(seed=0)
    with pytest.raises(ValueError, match="action -1 is outside the action mask"):
        gym.step(-1)


def test_duplicate_seating_replays_the_deal():
    env = VsAgentsEnv("limit-holdem", opponents=["call"], duplicate=True)
    env.reset(seed=4)
    first = env._driver.state.observation(0).hole, env.learner_seat
    done = False
    while not done:
        _, _, done, _, info = env.step(1)
    env.reset()
    assert env.learner_seat == 1 - first[1]
    assert env._driver.state.observation(first[1]).hole == first[0]


class MaskedRandom(Agent):
    """Uniform over the env's action mask, for play_match (the same choice the env test makes with its rng)."""

    def __init__(self, coder, *, rng=None):
        super().__init__(rng=rng)
        self.coder = coder

    def act(self, observation):
        legal = np.flatnonzero(self.coder.mask(observation))
        return self.coder.action(observation, int(legal[int(self.rng.integers(legal.size))]))


@pytest.mark.parametrize("game, options, actions", CASES[::2])
def test_masked_random_play_reproduces_play_match(tmp_path, game, options, actions):
    """The same deals and buttons, the same random stream per agent: the env's rewards equal play_match's payoffs."""
    g = GAMES[game](**options)
    coder = ActionCoder(g, actions)
    n = g.n_players
    log = tmp_path / "m.jsonl"
    play_match(g, [MaskedRandom(coder, rng=100 + i) for i in range(n)], 60, rng=3, log=log)
    hands = [h for h in map(json.loads, log.read_text().splitlines()) if h["type"] == "hand"]
    env = aec_env(game, actions=actions, **options)
    rngs = [np.random.default_rng(100 + i) for i in range(n)]
    for h in hands:
        env.reset(options={"deal": parse_cards(h["cards"]), "button": h["button"]})
        agent_at = h["seats"]  # seat -> agent
        for name in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            rng = rngs[agent_at[int(name.split("_")[1])]]
            env.step(int(legal[int(rng.integers(legal.size))]))
        assert [env._cumulative_rewards.get(a, None) for a in env.possible_agents] == [None] * n  # all agents done
        assert (np.array(h["payoffs"]) / g.unit_chips).tolist() == [r for r in _final_rewards(env)]


def _final_rewards(env):
    return [float(x) for x in env._driver.state.payoffs / env.game.unit_chips]

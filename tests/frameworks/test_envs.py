"""bpp.envs under PettingZoo's and Gymnasium's own checkers; masked random play reproduces play_match."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from bpp.envs import ActionCoder, Encoder, VsAgentsEnv, _Deals, aec_env  # noqa: E402
from holdem.checks import seed_sequence  # noqa: E402
from holdem.games.base import Action, ActionKind  # noqa: E402
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


def _play_masked_random(env, rngs, agent_at):
    """Play the AEC env's hand to its end: each seat uniform over its mask, with the stream of the agent at the seat."""
    for name in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        rng = rngs[agent_at[int(name.split("_")[1])]]
        env.step(int(legal[int(rng.integers(legal.size))]))


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
        _play_masked_random(env, rngs, h["seats"])
        assert [env._cumulative_rewards.get(a, None) for a in env.possible_agents] == [None] * n  # all agents done
        assert (np.array(h["payoffs"]) / g.unit_chips).tolist() == [r for r in _final_rewards(env)]


@pytest.mark.parametrize("game, options, actions", CASES)
def test_reset_seed_deals_play_match_hands(tmp_path, game, options, actions):
    """``reset(seed=s)`` deals ``play_match(..., rng=s)``'s hands: masked random play gives its payoffs hand by hand.

    The env's own deals are blocks of ``block_deals`` with showdown ranks
    evaluated for every button; the trusted new-hand path and the
    mask-checked actions applied unchecked are exercised on the way.  Across
    blocks: the env's dealer with a match's block size deals its hands.
    """
    g = GAMES[game](**options)
    coder = ActionCoder(g, actions)
    n = g.n_players
    log = tmp_path / "m.jsonl"
    play_match(g, [MaskedRandom(coder, rng=100 + i) for i in range(n)], 60, rng=5, block_size=25, log=log)
    hands = [h for h in map(json.loads, log.read_text().splitlines()) if h["type"] == "hand"]
    dealer = _Deals(g, seed_sequence(5), 25)
    assert [parse_cards(h["cards"]).tolist() for h in hands] == [list(dealer.deal()[1]) for _ in hands]
    play_match(g, [MaskedRandom(coder, rng=100 + i) for i in range(n)], 60, rng=5, log=tmp_path / "one.jsonl")
    hands = [h for h in map(json.loads, (tmp_path / "one.jsonl").read_text().splitlines()) if h["type"] == "hand"]
    env = aec_env(game, actions=actions, **options)
    rngs = [np.random.default_rng(100 + i) for i in range(n)]
    for k, h in enumerate(hands):
        env.reset(seed=5 if k == 0 else None)
        assert env._driver.state.button == h["button"]
        _play_masked_random(env, rngs, h["seats"])
        assert (np.array(h["payoffs"]) / g.unit_chips).tolist() == _final_rewards(env)


def _final_rewards(env):
    return [float(x) for x in env._driver.state.payoffs / env.game.unit_chips]


def _reference_encode(obs, starting_stack):
    """The observation vector of the module docstring's table, written out from scratch (no state kept)."""
    n, me = obs.n_players, obs.player
    stack = float(starting_stack)
    rel = [(me + k) % n for k in range(n)]  # relative seat k -> absolute seat
    cards = np.zeros(52 + 52 + n * 52)
    cards[list(obs.hole)] = 1
    cards[[52 + c for c in obs.public]] = 1
    for s, up in enumerate(obs.up_cards):
        cards[[104 + ((s - me) % n) * 52 + c for c in up]] = 1
    rnd = np.eye(5)[min(obs.round, 4)]
    committed = obs.committed or (0,) * n
    numbers = [obs.pot / (n * stack), obs.to_call / stack] + [obs.stacks[s] / stack for s in rel] \
        + [committed[s] / stack for s in rel]
    button = np.eye(n)[(obs.button - me) % n]
    folded = [float(obs.folded[s]) for s in rel]
    hist = np.zeros((5, n, 2))
    for ev in obs.history:
        if ev.kind == "action" and ev.action.kind in (ActionKind.BET_RAISE, ActionKind.CHECK_CALL):
            hist[min(ev.round, 4), (ev.player - me) % n, int(ev.action.kind == ActionKind.CHECK_CALL)] += 1 / 8
    drawn = (obs.extra or {}).get("drawn") or (0,) * n
    drawn = [max(drawn[s], 0) / 5 for s in rel]
    v = np.concatenate([cards, rnd, numbers, button, folded, hist.ravel(), drawn])
    return np.minimum(v, 1.0)


def _random_action(obs, rng):
    """A uniformly random legal action; a raise to any legal total (sized games: anywhere in the bounds)."""
    a = obs.legal[int(rng.integers(len(obs.legal)))]
    if a.kind == ActionKind.BET_RAISE and obs.raise_bounds[0] < obs.raise_bounds[1]:
        return Action(ActionKind.BET_RAISE, int(rng.integers(obs.raise_bounds[0], obs.raise_bounds[1] + 1)))
    return a


@pytest.mark.parametrize("game, options", [(g, o) for g, o, _ in CASES])
def test_incremental_encoder_equals_the_table(game, options):
    # the envs' Encoder updates one vector per seat through the hand, writing only what new events change; every
    # observation of every seat, at random moments of 300 random hands (the same seat twice with no event between,
    # too), equals the vector written out from the table (draw: the hole cards change; no-limit: any raise size)
    g = GAMES[game](**options)
    rng = np.random.default_rng(5)
    encoders = [Encoder(g.n_players, g.starting_stack) for _ in range(g.n_players)]
    checked = 0
    for _ in range(300):
        state = g.new_hand(rng.permutation(52), button=int(rng.integers(g.n_players)))
        for enc in encoders:
            enc.reset()
        while True:
            for seat in rng.integers(g.n_players, size=int(rng.integers(1, g.n_players + 2))):
                obs = state.observation(int(seat))
                np.testing.assert_array_equal(encoders[seat](obs), _reference_encode(obs, g.starting_stack).astype(np.float32))
                checked += 1
            if state.is_terminal:
                break
            state.apply(_random_action(state.observation(state.current_player), rng))
    assert checked >= 600  # at least the first decision and the end of each hand


def _reference_mask(obs, coder):
    """The action mask from the module docstring's rules, written out (no cache)."""
    m = np.zeros(coder.n, dtype=np.int8)
    kinds = {a.kind for a in obs.legal}
    m[0], m[1] = ActionKind.FOLD in kinds, ActionKind.CHECK_CALL in kinds
    m[2 : coder.n_bet] = ActionKind.BET_RAISE in kinds
    for a in obs.legal:
        if a.kind == ActionKind.DISCARD:
            m[coder.n_bet + sum(1 << obs.hole.index(c) for c in a.discard)] = 1
    return m


@pytest.mark.parametrize("game, options, actions", CASES)
def test_env_observations_and_masks_equal_the_tables(game, options, actions):
    # what both envs return while they play (incremental vectors, masks shared per legal set) equals the
    # from-scratch vector and mask of the bpp observation of that moment; every unmasked index is an action the
    # engine's checked apply accepts (the envs apply it unchecked)
    g = GAMES[game](**options)
    env = aec_env(game, actions=actions, **options)
    coder, rng = env.coder, np.random.default_rng(8)
    for k in range(60):
        env.reset(seed=2 if k == 0 else None)
        for name in env.agent_iter():
            out, _, term, trunc, _ = env.last()
            obs = env._driver.state.observation(int(name.split("_")[1]))
            np.testing.assert_array_equal(out["observation"], _reference_encode(obs, g.starting_stack).astype(np.float32))
            np.testing.assert_array_equal(out["action_mask"], _reference_mask(obs, coder))
            assert not out["action_mask"].flags.writeable
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(out["action_mask"])
            for i in legal:
                env._driver.state.clone().apply(coder.action(obs, int(i)))
            env.step(int(rng.choice(legal)))
    gym = VsAgentsEnv(game, opponents=["random"] * (g.n_players - 1), actions=actions, **options)
    for k in range(60):
        vector, info = gym.reset(seed=2 if k == 0 else None)
        done = False
        while True:
            obs = gym.bpp_observation
            np.testing.assert_array_equal(vector, _reference_encode(obs, g.starting_stack).astype(np.float32))
            np.testing.assert_array_equal(info["action_mask"], _reference_mask(obs, coder))
            if done:
                break
            vector, _, done, _, info = gym.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))


@pytest.mark.parametrize("game, options", [("limit-holdem", {"n_players": 4}), ("stud5", {"n_players": 3})])
def test_dead_steps_as_pettingzoo_takes_them(game, options):
    # the env's own _was_dead_step (a hand ends for every agent at once) leaves what AECEnv's own leaves, step by step
    from pettingzoo import AECEnv

    ours, theirs = aec_env(game, **options), aec_env(game, **options)
    theirs._was_dead_step = lambda action: AECEnv._was_dead_step(theirs, action)
    rng = np.random.default_rng(2)
    for k in range(30):
        for env in (ours, theirs):
            env.reset(seed=4 if k == 0 else None)
        for name in ours.agent_iter():
            assert name == theirs.agent_selection
            obs, _, term, trunc, _ = ours.last()
            action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            for env in (ours, theirs):
                env.step(action)
            assert (ours.agents, ours.agent_selection, ours.rewards, ours._cumulative_rewards, ours.terminations,
                    ours.truncations, ours.infos) == (theirs.agents, theirs.agent_selection, theirs.rewards,
                                                      theirs._cumulative_rewards, theirs.terminations,
                                                      theirs.truncations, theirs.infos)
        assert ours.agents == [] and ours.agent_selection == theirs.agent_selection

"""BatchVsAgentsEnv: the vector env on the batched engine against the scalar hands and play_match."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import (  # noqa: E402
    check_reset_seed_determinism,
    check_returned_data_not_reused,
    data_equivalence,
)

from holdem.agents import AlwaysCall, AlwaysFold, AlwaysRaise, HandStreams, hand_uniforms  # noqa: E402
from holdem.games import make_game  # noqa: E402
from holdem.match import play_match  # noqa: E402
from holdem.match.agents import resolve_agent  # noqa: E402
from holdem.match.runner import block_deals  # noqa: E402

from bpp.envs import ActionCoder, encode  # noqa: E402
from bpp.kendall.players import StylePlayer  # noqa: E402
from bpp.kendall.styles import STYLE_NAMES  # noqa: E402
from bpp.vector_env import BatchVsAgentsEnv  # noqa: E402

SCALAR = {"call": AlwaysCall, "raise": AlwaysRaise, "fold": AlwaysFold,
          **{name: (lambda name=name: StylePlayer(name)) for name in STYLE_NAMES}}


class _ScalarHands:
    """The match's hands on the scalar engine, deterministic opponents acting through ``act``."""

    def __init__(self, game, seed, block_size, opponents):
        self.game, self.seed, self.block_size = game, seed, block_size
        self.opponents = [SCALAR[o]() for o in opponents]
        self._deals = {}

    def new(self, hand):
        b, j = divmod(hand, self.block_size)
        if b not in self._deals:
            seq = np.random.SeedSequence(self.seed, spawn_key=(b,))
            self._deals[b] = block_deals(seq, self.block_size, self.game.n_players, self.game.deal_cards)[0]
        state = self.game.new_hand(self._deals[b][j], button=hand % self.game.n_players)
        self.advance(state)
        return state

    def advance(self, state):
        while not state.is_terminal and state.current_player != 0:
            p = state.current_player
            state.apply(self.opponents[p - 1].act(state.observation(p)))


@pytest.mark.parametrize("name, options, opponents, actions", [
    ("limit-holdem", {}, ["call"], None),
    ("limit-holdem", {"n_players": 3}, ["fold", "raise"], None),
    ("limit-holdem", {"n_players": 3}, ["fold", "fold"], None),
    ("limit-holdem", {"n_players": 4}, ["raise", "call", "fold"], None),
    ("nolimit-holdem", {}, ["raise"], "fchpa"),
    ("nolimit-holdem", {}, ["call"], "fcr"),
    ("stud5", {}, ["raise"], None),
    ("stud5", {"n_players": 3}, ["fold", "call"], None),
    ("stud5", {"stacks": 9}, ["raise"], None),
    ("stud5", {"n_players": 3, "stacks": (12, 5, 30)}, ["raise", "call"], "fcpa"),
    ("draw5", {"n_players": 2}, ["raise"], None),
    ("draw5", {"n_players": 3, "stack": 30}, ["loose-aggressive", "tight-passive"], None),
    ("draw5", {"n_players": 4, "max_draw": 3, "stack": 40}, ["raise", "loose-passive", "call"], "fchpa"),
])
def test_observations_masks_and_rewards_are_the_scalar_hands(name, options, opponents, actions):
    game = make_game(name, **options)
    env = BatchVsAgentsEnv(game, opponents, num_envs=5, block_size=4, actions=actions)
    coder = ActionCoder(game, actions)
    scalar = _ScalarHands(game, 11, 4, opponents)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=11)
    tables = {}  # table -> (hand, scalar state)
    seen = set()
    skipped = info["skipped_reward"].sum()
    n_ended = 0
    for _ in range(40):
        acts = np.empty(5, dtype=np.int64)
        for i in range(5):
            hand = int(info["hand"][i])
            if tables.get(i, (None,))[0] != hand:
                tables[i] = (hand, scalar.new(hand))
                seen.add(hand)
            state = tables[i][1]
            assert state.current_player == 0
            view = state.observation(0)
            np.testing.assert_array_equal(obs[i], encode(view, game.starting_stack))
            np.testing.assert_array_equal(info["action_mask"][i], coder.mask(view))
            acts[i] = rng.choice(np.flatnonzero(info["action_mask"][i]))
            state.apply(coder.action(view, int(acts[i])))
            scalar.advance(state)
        obs, reward, terminated, truncated, info = env.step(acts)
        assert not truncated.any()
        skipped += info["skipped_reward"].sum()
        for i in range(5):
            hand, state = tables[i]
            assert bool(terminated[i]) == state.is_terminal
            if terminated[i]:
                n_ended += 1
                assert info["ended_hand"][i] == hand
                assert reward[i] == state.payoffs[0] / game.unit_chips
            else:
                assert reward[i] == 0 and info["hand"][i] == hand
    assert n_ended > 10
    seen.update(info["hand"].tolist())  # the hands the tables hold now (any skipped before them counted already)
    # hands that ended before the learner acted were dealt in order too: their results are the skipped rewards
    never = [h for h in range(max(seen)) if h not in seen]
    expected = sum(scalar.new(h).payoffs[0] / game.unit_chips for h in never)
    assert skipped == pytest.approx(expected)
    if opponents == ["fold", "fold"]:
        assert never  # both fold to the blinds: the hands where the learner is the big blind end before it acts


@pytest.mark.parametrize("name, agents", [
    ("limit-holdem", ["random", "call"]),
    ("stud5", ["rules", "rules"]),
    ("limit-holdem", ["random", "random"]),
])
def test_a_learner_playing_an_agent_wins_what_play_match_reports(name, agents):
    """The learner's choices made by the match's agent 0 (its block's stream): the match's hands, hand by hand."""
    game = make_game(name)
    block_size, n_hands = 8, 40
    env = BatchVsAgentsEnv(game, agents[1:], num_envs=6, block_size=block_size)
    learner = resolve_agent(agents[0])
    made = {}

    def agent_for(block):
        if block not in made:
            streams = block_deals(np.random.SeedSequence(5, spawn_key=(block,)), 1, 2)[1]
            made[block] = learner.make(np.random.default_rng(streams[0]))
        return made[block]

    obs, info = env.reset(seed=5)
    results = {}
    skipped = info["skipped_reward"].sum()
    while len(results) < n_hands:
        acts = np.empty(6, dtype=np.int64)
        for block, tables, view in env.learner_observations():
            answer = agent_for(block).act_batch(view)
            acts[tables] = answer[0] if isinstance(answer, tuple) else answer  # (kinds, raise-to totals): fixed limit
        obs, reward, terminated, truncated, info = env.step(acts)
        skipped += info["skipped_reward"].sum()
        for i in np.flatnonzero(terminated):
            results[int(info["ended_hand"][i])] = reward[i]
    match = play_match(game, agents, n_hands, rng=5, block_size=block_size)
    chips = match.winnings[:, 0]
    played = sorted(h for h in results if h < n_hands)
    assert [results[h] for h in played] == pytest.approx(chips[played].tolist())
    if agents[1] == "random":  # random folds as the small blind sometimes: those hands are skipped, not episodes
        assert len(played) < n_hands


def test_an_illegal_action_names_the_table_and_changes_no_table():
    env = BatchVsAgentsEnv("limit-holdem", ["call"], num_envs=4)
    obs, info = env.reset(seed=3)
    mask = info["action_mask"]
    bad = int(np.flatnonzero(mask[:, 0] == 0)[0])  # a table that owes nothing: fold is not legal
    acts = np.ones(4, dtype=np.int64)
    acts[bad] = 0
    with pytest.raises(ValueError, match=f"action 0 of table {bad} is outside its action mask"):
        env.step(acts)
    after = env.step(np.ones(4, dtype=np.int64))
    fresh = BatchVsAgentsEnv("limit-holdem", ["call"], num_envs=4)
    fresh.reset(seed=3)
    again = fresh.step(np.ones(4, dtype=np.int64))
    for x, y in zip(after[:4], again[:4]):
        np.testing.assert_array_equal(x, y)
    with pytest.raises(ValueError, match=r"one integer action per table, shape \(4,\)"):
        env.step(np.ones(3, dtype=np.int64))
    with pytest.raises(ValueError, match="learner .seat 0. and one more seat need more chips than the ante"):
        BatchVsAgentsEnv("stud5", ["call"], stacks=(1, 20))  # all-in at the ante: it would never decide
    with pytest.raises(ValueError, match="decide whole batches"):
        BatchVsAgentsEnv("stud5", ["rules-reader"], num_envs=2).reset(seed=0)
    with pytest.raises(ValueError, match="do not learn across hands; bpp do not"):  # it would learn from no hand
        BatchVsAgentsEnv("stud5", ["bpp"], num_envs=2).reset(seed=0)


def test_gymnasium_checks():
    env = BatchVsAgentsEnv("stud5", ["rules"], num_envs=1, illegal="call")
    check_reset_seed_determinism(env)
    check_returned_data_not_reused(env)
    env = BatchVsAgentsEnv("nolimit-holdem", ["random-sizes"], num_envs=7, illegal="call")
    env.action_space.seed(0)
    obs, info = env.reset(seed=4)
    for _ in range(30):
        assert obs in env.observation_space
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
        assert reward.shape == terminated.shape == truncated.shape == (7,)


class _MaskedRandom(HandStreams):
    """Uniform over the env's masked actions, from its per-hand stream: one hand by hand (act) or a table's row."""

    def __init__(self, coder, *, rng=None):
        super().__init__(rng=rng)
        self.coder = coder

    def act(self, observation):
        legal = np.flatnonzero(self.coder.mask(observation))
        return self.coder.action(observation, int(legal[int(self.uniform(observation) * len(legal))]))


@pytest.mark.parametrize("name, options, opponents, actions", [
    ("draw5", {"n_players": 2}, ["random"], None),
    ("draw5", {"n_players": 3, "stack": 25}, ["loose-aggressive", "random"], "fcpa"),
    ("draw5", {"n_players": 4, "max_draw": 3}, ["tight-passive", "call", "loose-passive"], None),
    ("stud5", {"stacks": 11}, ["rules"], None),
    ("stud5", {"n_players": 3, "stacks": (15, 8, 40)}, ["random", "rules"], "fcpa"),
    ("limit-holdem", {"n_players": 3}, ["random", "call"], None),
])
def test_masked_random_play_reproduces_play_match(name, options, opponents, actions):
    """A learner picking uniformly among the masked actions wins, hand for hand, what play_match reports for the
    same choices made hand by hand on the scalar engine (the same deals, opponents and per-hand random streams)."""
    game = make_game(name, **options)
    coder = ActionCoder(game, actions)
    block_size, n_hands, num_envs = 8, 48, 5
    env = BatchVsAgentsEnv(game, opponents, num_envs=num_envs, block_size=block_size, actions=actions)
    keys = {}

    def key_of(block):  # the learner's stream key in that block, as play_match makes agent 0
        if block not in keys:
            streams = block_deals(np.random.SeedSequence(3, spawn_key=(block,)), 1, game.n_players)[1]
            keys[block] = _MaskedRandom(coder, rng=np.random.default_rng(streams[0]))._stream_key
        return keys[block]

    obs, info = env.reset(seed=3)
    results = {}
    discards = 0
    while len(results) < n_hands:
        acts = np.empty(num_envs, dtype=np.int64)
        for block, tables, view in env.learner_observations():
            mask = info["action_mask"][tables]
            u = hand_uniforms(key_of(block), view.hand, view.n_actions)
            pick = (u * mask.sum(axis=1)).astype(np.int64)  # the pick-th legal index, as act
            acts[tables] = np.argmax(np.cumsum(mask, axis=1) == (pick + 1)[:, None], axis=1)
        discards += int((acts >= coder.n_bet).sum())
        obs, reward, terminated, truncated, info = env.step(acts)
        for i in np.flatnonzero(terminated):
            results[int(info["ended_hand"][i])] = reward[i]
    match = play_match(game, [lambda rng: _MaskedRandom(coder, rng=rng)] + opponents, n_hands, rng=3,
                       block_size=block_size)
    chips = match.winnings[:, 0]
    played = sorted(h for h in results if h < n_hands)
    assert len(played) > n_hands // 2
    assert [results[h] for h in played] == pytest.approx(chips[played].tolist())
    assert (name != "draw5") or discards > 10


@pytest.mark.parametrize("name, options, opponents", [
    ("draw5", {"n_players": 3}, ["random", "loose-aggressive"]),
    ("stud5", {"n_players": 2, "stacks": 10}, ["rules"]),
])
def test_gymnasium_checks_draw_and_stud_at_stakes(name, options, opponents):
    """Gymnasium's checks (written for single envs: run on one table, as in test_gymnasium_checks), then spaces."""
    env = BatchVsAgentsEnv(name, opponents, num_envs=1, illegal="call", **options)
    check_reset_seed_determinism(env)
    check_returned_data_not_reused(env)
    # check_step_determinism asserts a Python bool truncation (single envs): the same check for the vector form
    env, twin = (BatchVsAgentsEnv(name, opponents, num_envs=3, illegal="call", **options) for _ in range(2))
    env.action_space.seed(1)
    obs, info = env.reset(seed=2)
    again = twin.reset(seed=2)
    assert data_equivalence((obs, info), again, exact=True)
    for _ in range(40):
        assert obs in env.observation_space
        assert info["action_mask"].shape == (3, env.single_action_space.n)
        actions = env.action_space.sample()
        step = env.step(actions)
        assert data_equivalence(step, twin.step(actions.copy()), exact=True)
        obs, reward, terminated, truncated, info = step
        assert reward.shape == terminated.shape == truncated.shape == (3,)

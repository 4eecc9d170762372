"""Environment stepping vs ``play_match``: the same agents on the same deals, hands per second of each.

Target: stepping ``bpp.envs`` costs at most 1.25x ``play_match``.
The environment side builds the observation vector and mask at every
decision of the learner's seat (VsAgentsEnv) or of every seat (the AEC env) and
maps the agent's bpp action to its index and back; the agents and their random
streams are the same as in the match, and the environments, reset with the
match's seed, deal the match's hands (block by block, with their showdown
ranks, as the match), so the hands are the same (checked: equal total chips).

Each figure is the best of ``--repeat`` runs, timed in this process's CPU
time (``time.process_time``: a shared machine's load does not count).  The
bpp agents playing through an env are told the hand's events as the driver
tells them (hooks that do nothing are skipped, as :class:`holdem.play.HandDriver`
skips them).

``--breakdown`` explains the difference for the agents that cost nothing
(random-call, rules-call) by a ladder of loops on the same hands, each adding
one piece of the environments' work to the one before (CPU microseconds per
hand, and the decisions and encodings per hand).  Three rows are floors, not
rungs: the same observation vectors encoded with nothing else in the loop,
and each framework's API alone, a trivial env (its observation and mask made
once, copied per call) stepped as many times per hand as the real one:

    .venv/bin/python benchmarks/bench_envs.py [--hands N] [--repeat R] [--breakdown]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bpp import registry
from bpp.envs import ActionCoder, Encoder, VsAgentsEnv, _Deals, aec_env, observation_size
from holdem.checks import seed_sequence
from holdem.games import GAMES
from holdem.match import play_match
from holdem.play import HandDriver, _hook

CASES = [("limit-holdem", ("random", "call")), ("limit-holdem", ("loki", "call")), ("stud5", ("rules", "call"))]
SEED = 1


def time_match(game, names, hands):
    agents = [registry.make_agent(n, rng=10 + i) for i, n in enumerate(names)]
    t = time.process_time()
    r = play_match(game, agents, hands, rng=SEED)
    return time.process_time() - t, float(r.winnings[:, 0].sum()) * game.unit_chips


def time_gym(game, names, hands):
    learner = registry.make_agent(names[0], rng=10)
    env = VsAgentsEnv(game, opponents=[registry.make_agent(names[1], rng=11)], seat=0)
    index = env.coder.index
    act, observe, new_hand = learner.act, _hook(learner, "observe"), _hook(learner, "new_hand")
    total = 0.0
    t = time.process_time()
    for k in range(hands):  # reset(seed=SEED) deals play_match(..., rng=SEED)'s hands from there on
        total += env.reset(seed=SEED if k == 0 else None)[1]["skipped_reward"]  # the opponents call: none skipped
        if new_hand is not None:
            new_hand(0)
        seen, done = 0, False
        while True:  # the learner is a bpp agent: it is told the hand's events as the match would tell it
            obs = env.bpp_observation
            if observe is not None:
                for event in obs.history[seen:]:
                    observe(event)
                seen = len(obs.history)
            if done:
                break
            _, reward, done, _, _ = env.step(index(obs, act(obs)))
        total += reward
    return time.process_time() - t, total


def time_aec(game, names, hands):
    agents = [registry.make_agent(n, rng=10 + i) for i, n in enumerate(names)]
    env = aec_env(game)
    coder = env.coder
    agent_of = dict(zip(env.possible_agents, agents))
    observers = [h for h in (_hook(a, "observe") for a in agents) if h is not None]
    starters = [(seat, h) for seat, h in ((s, _hook(a, "new_hand")) for s, a in enumerate(agents)) if h is not None]
    t = time.process_time()
    total = 0.0
    for k in range(hands):
        env.reset(seed=SEED if k == 0 else None)
        for seat, start in starters:
            start(seat)
        seen = 0
        for name in env.agent_iter():
            _, reward, term, trunc, _ = env.last()
            if observers:  # bpp agents are told the hand's events as the match tells them
                history = env._driver.state.history
                for event in history[seen:]:
                    for observe in observers:
                        observe(event)
                seen = len(history)
            if term or trunc:
                if name == "player_0":
                    total += reward
                env.step(None)
                continue
            obs = env.bpp_observation
            env.step(coder.index(obs, agent_of[name].act(obs)))
    return time.process_time() - t, total


def time_ladder(game, names, hands, level, outside, lengths=None, encoder=Encoder):
    """The driver with the seats ``outside`` played from outside, doing the env's work up to ``level``.

    1: the HandDriver's start/step (mask-checked actions applied unchecked), the envs' block deals;
    2: + the action mask, the agent's action to its index and back (ActionCoder);
    3: + the observation vector (Encoder) of every outside seat at its decisions and at the end.
    Returns (CPU seconds, seat 0's chips, decisions from outside, encodings); ``lengths`` (a list) gets the
    decisions from outside of each hand; ``encoder`` is the Encoder class.
    """
    agents = [registry.make_agent(n, rng=10 + i) for i, n in enumerate(names)]
    n = game.n_players
    deals = _Deals(game, seed_sequence(SEED))  # the envs' own dealer, as reset(seed=SEED) makes it
    driver = HandDriver([None if s in outside else a for s, a in enumerate(agents)])
    coder = ActionCoder(game)
    encoders = [encoder(n, game.starting_stack) for _ in range(n)]
    observers = [h for h in (_hook(agents[s], "observe") for s in outside) if h is not None]
    starters = [(s, h) for s, h in ((s, _hook(agents[s], "new_hand")) for s in outside) if h is not None]
    total, decisions, encodings = 0.0, 0, 0
    t = time.process_time()
    for k in range(hands):
        before = decisions
        p = driver.start(deals.start(deals.deal()[0], k % n))
        for s, start in starters:
            start(s)
        if level >= 3:
            for s in outside:
                encoders[s].reset()
        seen = 0
        while True:
            if observers:
                history = driver.state.history
                for event in history[seen:]:
                    for observe in observers:
                        observe(event)
                seen = len(history)
            if p is None:
                break
            obs = driver.state.observation(p)
            decisions += 1
            if level >= 3:
                encoders[p](obs)
                encodings += 1
            action = agents[p].act(obs)
            if level >= 2:
                action = coder.action(obs, coder.index(obs, action), coder.mask(obs))
            p = driver.step(action, checked=False)
        if level >= 3:
            for s in outside:
                encoders[s](driver.state.observation(s))
                encodings += 1
        total += driver.state._payoff_list()[0]
        if lengths is not None:
            lengths.append(decisions - before)
    return time.process_time() - t, total, decisions, encodings


def time_vectors_alone(game, names, hands, outside):
    """The observation vectors alone: :class:`bpp.envs.Encoder` on the observations the ladder's third rung encodes
    (recorded first), with nothing else in the loop.  Returns CPU seconds."""
    calls: list = []  # (seat, observation), or (seat, None) for a reset

    class Recording(Encoder):
        __slots__ = ("seat",)

        def reset(self):
            if hasattr(self, "seat"):
                calls.append((self.seat, None))
            super().reset()

        def __call__(self, obs):
            self.seat = obs.player
            calls.append((obs.player, obs))
            return super().__call__(obs)

    time_ladder(game, names, hands, 3, outside, encoder=Recording)
    n = game.n_players
    encoders = [Encoder(n, game.starting_stack) for _ in range(n)]
    t = time.process_time()
    for seat, obs in calls:
        if obs is None:
            encoders[seat].reset()
        else:
            encoders[seat](obs)
    return time.process_time() - t


def time_trivial_gym(n_obs, n_actions, lengths):
    """The Gymnasium API alone: an env with no game (its observation and mask made once, a fresh copy of each
    returned, as ``check_env`` requires) whose episodes last ``lengths`` steps, stepped as :func:`time_gym` steps."""
    import gymnasium

    class Trivial(gymnasium.Env):
        metadata = {"render_modes": []}

        def __init__(self):
            self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (n_obs,), dtype=np.float32)
            self.action_space = gymnasium.spaces.Discrete(n_actions)
            self._v, self._m = np.zeros(n_obs, np.float32), np.ones(n_actions, np.int8)
            self._lengths, self._left = iter(lengths), 0

        def reset(self, *, seed=None, options=None):
            if seed is not None:
                super().reset(seed=seed)
            self._left = next(self._lengths)
            return self._v.copy(), {"action_mask": self._m.copy(), "seat": 0, "skipped_reward": 0.0}

        def step(self, action):
            self._left -= 1
            done = self._left == 0
            return self._v.copy(), 1.0 if done else 0.0, done, False, {"action_mask": self._m.copy(), "seat": 0}

    env = Trivial()
    t = time.process_time()
    for k in range(len(lengths)):
        env.reset(seed=SEED if k == 0 else None)
        done = False
        while not done:
            _, reward, done, _, _ = env.step(1)
    return time.process_time() - t


def time_trivial_aec(n, n_obs, n_actions, lengths):
    """The PettingZoo AEC API alone: an env with no game (its observation and mask made once, a fresh copy of the
    observation per ``observe``), seats acting in turn, every agent done after ``lengths`` decisions (AECEnv's own
    ``_was_dead_step``), stepped as :func:`time_aec` steps."""
    import gymnasium
    from pettingzoo import AECEnv

    class Trivial(AECEnv):
        metadata = {"name": "trivial_v0", "render_modes": [], "is_parallelizable": False}

        def __init__(self):
            super().__init__()
            self.possible_agents = [f"player_{i}" for i in range(n)]
            space = gymnasium.spaces.Box(0.0, 1.0, (n_obs,), dtype=np.float32)
            self.observation_spaces = dict.fromkeys(self.possible_agents, space)
            self.action_spaces = dict.fromkeys(self.possible_agents, gymnasium.spaces.Discrete(n_actions))
            self._v, self._m = np.zeros(n_obs, np.float32), np.ones(n_actions, np.int8)
            self._lengths, self._left, self._i = iter(lengths), 0, 0

        def reset(self, seed=None, options=None):
            agents = self.possible_agents
            self.agents = list(agents)
            self.rewards = dict.fromkeys(agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(agents, 0.0)
            self.terminations = dict.fromkeys(agents, False)
            self.truncations = dict.fromkeys(agents, False)
            self.infos = {a: {} for a in agents}
            self._left, self._i = next(self._lengths), 0
            self.agent_selection = agents[0]

        def observe(self, agent):
            return {"observation": self._v.copy(), "action_mask": self._m}

        def step(self, action):
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            self._left -= 1
            self._i = (self._i + 1) % n
            self.agent_selection = self.possible_agents[self._i]
            if self._left == 0:
                self.rewards = dict.fromkeys(self.possible_agents, 1.0)
                self.terminations = dict.fromkeys(self.agents, True)
                self._accumulate_rewards()

    env = Trivial()
    t = time.process_time()
    total = 0.0
    for k in range(len(lengths)):
        env.reset(seed=SEED if k == 0 else None)
        for name in env.agent_iter():
            _, reward, term, trunc, _ = env.last()
            if term or trunc:
                if name == "player_0":
                    total += reward
                env.step(None)
                continue
            env.step(1)
    return time.process_time() - t


def breakdown(game, names, hands, repeat):
    n = hands
    tm, chips = min(time_match(game, names, n) for _ in range(repeat))
    rows = [("play_match", tm, None)]
    n_obs, n_actions = observation_size(game.n_players), ActionCoder(game).n
    for outside, who in (((0,), "the learner's seat"), (tuple(range(game.n_players)), "every seat")):
        lengths: list[int] = []
        time_ladder(game, names, n, 1, outside, lengths)
        for level, what in ((1, f"HandDriver, {who} from outside (start/step)"), (2, "  + mask, index <-> action"),
                            (3, "  + observation vector at each decision and the end")):
            best = min((time_ladder(game, names, n, level, outside) for _ in range(repeat)), key=lambda r: r[0])
            assert np.isclose(best[1], chips), "the ladder played other hands"
            rows.append((what, best[0], best[2:]))
        rows.append(("    the same vectors alone (no game in the loop)",
                     min(time_vectors_alone(game, names, n, outside) for _ in range(repeat)), "api"))
        if len(outside) == 1:
            rows.append(("VsAgentsEnv (reset/step/info)", min(time_gym(game, names, n) for _ in range(repeat))[0], None))
            rows.append(("  the Gymnasium API alone (a trivial env, same steps)",
                         min(time_trivial_gym(n_obs, n_actions, lengths) for _ in range(repeat)), "api"))
        else:
            rows.append(("AEC env (agent_iter/last/observe/step)", min(time_aec(game, names, n) for _ in range(repeat))[0], None))
            rows.append(("  the PettingZoo API alone (a trivial env, same turns)",
                         min(time_trivial_aec(game.n_players, n_obs, n_actions, lengths) for _ in range(repeat)), "api"))
    print(f"\n{game.name}, {'-'.join(names)}: CPU us per hand, same {n} hands")
    prev = tm
    for what, t, counts in rows:
        extra = f"  ({counts[0] / n:.2f} decisions, {counts[1] / n:.2f} encodings per hand)" if counts and counts != "api" and counts[1] else ""
        if counts == "api":
            print(f"  {what:<54} {t / n * 1e6:7.1f}")
            continue
        step = t - (prev if not what.startswith("HandDriver") else tm)
        print(f"  {what:<54} {t / n * 1e6:7.1f}  {step / n * 1e6:+6.1f}{extra}")
        prev = t


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=3000)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--breakdown", action="store_true", help="also the ladder of the env's costs for the cheap agents")
    args = p.parse_args(argv)
    print(f"{'game':<14} {'agents':<14} {'play_match':>12} {'VsAgentsEnv':>12} {'ratio':>6} {'AEC env':>10} {'ratio':>6}")
    for name, names in CASES:
        game = GAMES[name]()
        n = args.hands if names[0] != "loki" else args.hands // 5
        tm, chips = min(time_match(game, names, n) for _ in range(args.repeat))
        tg, gym_total = min(time_gym(game, names, n) for _ in range(args.repeat))
        ta, aec_total = min(time_aec(game, names, n) for _ in range(args.repeat))
        same = ["gym" if np.isclose(gym_total * game.unit_chips, chips) else "GYM DIFFERS",
                "aec" if np.isclose(aec_total * game.unit_chips, chips) else "AEC DIFFERS"]
        print(f"{name:<14} {'-'.join(names):<14} {n / tm:10,.0f}/s {n / tg:10,.0f}/s {tg / tm:5.2f}x {n / ta:8,.0f}/s "
              f"{ta / tm:5.2f}x  same hands: {', '.join(same)}")
    if args.breakdown:
        for name, names in CASES:
            if names[0] != "loki":
                breakdown(GAMES[name](), names, args.hands, args.repeat)


if __name__ == "__main__":
    main()

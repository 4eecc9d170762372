"""Environment stepping vs ``play_match``: the same agents on the same deals, hands per second of each.

Target: stepping ``bpp.envs`` costs at most 1.25x ``play_match``.
The environment side builds the observation vector and mask at every
decision of the learner's seat (VsAgentsEnv) or of every seat (the AEC env) and
maps the agent's bpp action to its index and back; the agents and their random
streams are the same as in the match, and the environments deal their own
hands from the match's seed and block size (``bpp.envs._Deals``: the same
block draws and showdown ranks as the match), so the hands are the same
(checked: equal total chips).

Each figure is the best of ``--repeat`` runs, timed in this process's CPU
time (``time.process_time``: a shared machine's load does not count).  The
bpp agents playing through an env are told the hand's events as the driver
tells them (hooks that do nothing are skipped, as :class:`holdem.play.HandDriver`
skips them).

    .venv/bin/python benchmarks/bench_envs.py [--hands N] [--repeat R]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bpp import registry
from bpp.envs import VsAgentsEnv, _Deals, aec_env
from holdem.checks import seed_sequence
from holdem.games import GAMES
from holdem.match import play_match
from holdem.match.runner import DEFAULT_BLOCK_SIZE
from holdem.play import _hook

CASES = [("limit-holdem", ("random", "call")), ("limit-holdem", ("loki", "call")), ("stud5", ("rules", "call"))]
SEED = 1


def _match_deals(env, game):
    """Let ``env`` deal the hands of ``play_match(..., rng=SEED)`` from its next reset on (block by block, as the match)."""
    env._deals = _Deals(game, seed_sequence(SEED), DEFAULT_BLOCK_SIZE)
    env._hands = 0


def time_match(game, names, hands):
    agents = [registry.make_agent(n, rng=10 + i) for i, n in enumerate(names)]
    t = time.process_time()
    r = play_match(game, agents, hands, rng=SEED)
    return time.process_time() - t, float(r.winnings[:, 0].sum()) * game.unit_chips


def time_gym(game, names, hands):
    learner = registry.make_agent(names[0], rng=10)
    env = VsAgentsEnv(game, opponents=[registry.make_agent(names[1], rng=11)], seat=0)
    env.reset()  # makes the env's opponents and deals; then the match's deals
    _match_deals(env, game)
    index = env.coder.index
    act, observe, new_hand = learner.act, _hook(learner, "observe"), _hook(learner, "new_hand")
    total = 0.0
    t = time.process_time()
    for _ in range(hands):
        total += env.reset()[1]["skipped_reward"]  # the opponents call: no hand ends before the learner acts
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
    env.reset()
    _match_deals(env, game)
    coder = env.coder
    observers = [h for h in (_hook(a, "observe") for a in agents) if h is not None]
    starters = [(seat, h) for seat, h in ((s, _hook(a, "new_hand")) for s, a in enumerate(agents)) if h is not None]
    t = time.process_time()
    total = 0.0
    for _ in range(hands):
        env.reset()
        for seat, start in starters:
            start(seat)
        seen = 0
        for name in env.agent_iter():
            _, _, term, trunc, _ = env.last()
            history = env._driver.state.history
            for event in history[seen:]:  # bpp agents are told the hand's events as the match tells them
                for observe in observers:
                    observe(event)
            seen = len(history)
            if term or trunc:
                env.step(None)
                continue
            seat = int(name.split("_")[1])
            obs = env._decision()[0]
            env.step(coder.index(obs, agents[seat].act(obs)))
        total += float(env._driver.state.payoffs[0])
    return time.process_time() - t, total


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=3000)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)
    print(f"{'game':<14} {'agents':<14} {'play_match':>12} {'VsAgentsEnv':>12} {'ratio':>6} {'AEC env':>10} {'ratio':>6}")
    for name, names in CASES:
        game = GAMES[name]()
        n = args.hands if names[0] != "loki" else args.hands // 5
        tm, chips = min(time_match(game, names, n) for _ in range(args.repeat))
        tg, gym_total = min(time_gym(game, names, n) for _ in range(args.repeat))
        ta, aec_total = min(time_aec(game, names, n) for _ in range(args.repeat))
        same = ["gym" if np.isclose(gym_total * game.unit_chips, chips) else "GYM DIFFERS",
                "aec" if np.isclose(aec_total, chips) else "AEC DIFFERS"]
        print(f"{name:<14} {'-'.join(names):<14} {n / tm:10,.0f}/s {n / tg:10,.0f}/s {tg / tm:5.2f}x {n / ta:8,.0f}/s "
              f"{ta / tm:5.2f}x  same hands: {', '.join(same)}")


if __name__ == "__main__":
    main()

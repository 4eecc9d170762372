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
hand, and the decisions and encodings per hand):

    .venv/bin/python benchmarks/bench_envs.py [--hands N] [--repeat R] [--breakdown]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bpp import registry
from bpp.envs import ActionCoder, Encoder, VsAgentsEnv, _Deals, aec_env
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
            obs = env.bpp_observation
            env.step(coder.index(obs, agents[seat].act(obs)))
        total += float(env._driver.state.payoffs[0])
    return time.process_time() - t, total


def time_ladder(game, names, hands, level, outside):
    """The driver with the seats ``outside`` played from outside, doing the env's work up to ``level``.

    1: the HandDriver's start/step (mask-checked actions applied unchecked), the envs' block deals;
    2: + the action mask, the agent's action to its index and back (ActionCoder);
    3: + the observation vector (Encoder) of every outside seat at its decisions and at the end.
    Returns (CPU seconds, seat 0's chips, decisions from outside, encodings).
    """
    agents = [registry.make_agent(n, rng=10 + i) for i, n in enumerate(names)]
    n = game.n_players
    deals = _Deals(game, seed_sequence(SEED))  # the envs' own dealer, as reset(seed=SEED) makes it
    driver = HandDriver([None if s in outside else a for s, a in enumerate(agents)])
    coder = ActionCoder(game)
    encoders = [Encoder(n, game.starting_stack) for _ in range(n)]
    observers = [h for h in (_hook(agents[s], "observe") for s in outside) if h is not None]
    starters = [(s, h) for s, h in ((s, _hook(agents[s], "new_hand")) for s in outside) if h is not None]
    total, decisions, encodings = 0.0, 0, 0
    t = time.process_time()
    for k in range(hands):
        p = driver.start(deals.start(deals.deal()[0], k % n))
        for s, start in starters:
            start(s)
        if level >= 3:
            for s in outside:
                encoders[s].reset()
        seen = 0
        while True:
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
        total += float(driver.state.payoffs[0])
    return time.process_time() - t, total, decisions, encodings


def breakdown(game, names, hands, repeat):
    n = hands
    tm, chips = min(time_match(game, names, n) for _ in range(repeat))
    rows = [("play_match", tm, None)]
    for outside, who in (((0,), "the learner's seat"), (tuple(range(game.n_players)), "every seat")):
        for level, what in ((1, f"HandDriver, {who} from outside (start/step)"), (2, "  + mask, index <-> action"),
                            (3, "  + observation vector at each decision and the end")):
            best = min((time_ladder(game, names, n, level, outside) for _ in range(repeat)), key=lambda r: r[0])
            assert np.isclose(best[1], chips), "the ladder played other hands"
            rows.append((what, best[0], best[2:]))
        env = ("VsAgentsEnv (reset/step/info)", min(time_gym(game, names, n) for _ in range(repeat))[0], None) if \
            len(outside) == 1 else ("AEC env (agent_iter/last/observe/step)", min(time_aec(game, names, n) for _ in range(repeat))[0], None)
        rows.append(env)
    print(f"\n{game.name}, {'-'.join(names)}: CPU us per hand, same {n} hands")
    prev = tm
    for what, t, counts in rows:
        extra = f"  ({counts[0] / n:.2f} decisions, {counts[1] / n:.2f} encodings per hand)" if counts and counts[1] else ""
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
                "aec" if np.isclose(aec_total, chips) else "AEC DIFFERS"]
        print(f"{name:<14} {'-'.join(names):<14} {n / tm:10,.0f}/s {n / tg:10,.0f}/s {tg / tm:5.2f}x {n / ta:8,.0f}/s "
              f"{ta / tm:5.2f}x  same hands: {', '.join(same)}")
    if args.breakdown:
        for name, names in CASES:
            if names[0] != "loki":
                breakdown(GAMES[name](), names, args.hands, args.repeat)


if __name__ == "__main__":
    main()

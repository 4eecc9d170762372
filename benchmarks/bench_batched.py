"""Batched engine speed: ``play_match`` beside OpenSpiel and pokerkit, measured in the same run.

Usage: ``python benchmarks/bench_batched.py [--hands N] [--block-size B] [--repeat R]``

Heads-up limit hold'em, two always-call agents:

* ``bpp play_match`` — the public runner, which plays every block on the
  batched engine (:mod:`holdem.games.batched`) because both agents have
  ``act_batch``; deals, showdown ranks, betting and payoffs included.  The
  batch is the block, so ``--block-size`` sets it (results depend on the
  block size through the random streams, not on the path).
* ``bpp play_match, scalar path`` — the same match with agents that lack
  ``act_batch`` (the hand-by-hand state machine), for the ratio.
* ``engine only`` — :func:`holdem.games.batched.play_batch` on deals and
  ranks made beforehand (what the batched rules themselves cost).
* OpenSpiel's ``universal_poker`` (C++, driven from Python: chance outcomes
  sampled, then always action 1 = call) with the same blinds, bet sizes and
  cap, and pokerkit's ``FixedLimitTexasHoldem``, when installed.

Heads-up no-limit hold'em, ``random-sizes`` (uniform over every legal
action, each raise-to total its own action) against ``call``: batched and
scalar ``play_match`` beside OpenSpiel's ``universal_poker`` no-limit game
(``bettingAbstraction=fullgame``: a uniformly random legal action there is
the same policy) with the same blinds and 200-big-blind stacks.

Heads-up five-card stud, ``rules`` against ``rules`` (Korb1999 §5.1's
rule-based player): batched beside the scalar path (neither OpenSpiel nor
pokerkit plays five-card stud, so the scalar path is the anchor).  The same
at table stakes, three seats with stacks of 10, 20 and 40 chips (all-ins and
side pots), batched beside the scalar path.

Five-seat five-card draw, ``random`` in every seat (uniform over the legal
bets and discards): batched beside the scalar path (no anchor plays it).
The same table with Kendall2001's four fixed styles (Tables 1-4; the mixed
table plus a second loose-aggressive seat), which decide whole batches
(``StylePlayer.act_batch``): batched beside the scalar path.

The Gymnasium environments: learner decisions per second of
:class:`bpp.vector_env.BatchVsAgentsEnv` (4,096 tables) beside
:class:`bpp.envs.VsAgentsEnv` (one table), heads-up limit against ``call``.

Heads-up five-card stud, ``bpp`` against ``rules``: one match from a fresh
``bpp``, which learns M_A|C after every showdown; batched (speculative
batches checked against the learning, :func:`holdem.match.batched.batch_learner`)
beside the scalar path.  The rate grows with the match (the learning settles,
so longer batches stand).

Targets (one core): limit >= 1,000,000 hands/s and >= 50x OpenSpiel;
no-limit random-sizes vs call >= 200,000 hands/s; stud rules vs rules >= 300,000;
bpp vs rules >= 100,000.  Also prints
the peak memory of one 100,000-hand batch (``tracemalloc``; target < 1 GB).
Rates are hands per CPU-second of this process (one core), so a loaded machine slows
them less than the wall clock would; the load average is printed, and the ratios are
the robust figures.
"""

from __future__ import annotations

import argparse
import os
import time
import tracemalloc

import numpy as np

from holdem.agents import AlwaysCall
from holdem.games import LimitHoldem
from holdem.games.batched import new_batch
from holdem.match.batched import play_batch
from holdem.match import play_match


class ScalarCall(AlwaysCall):
    """Always-call without ``act_batch``: the match runs hand by hand."""

    act_batch = None


def best_rate(fn, hands: int, repeat: int) -> float:
    """Hands per second of the process's CPU time (``time.process_time``), best of ``repeat``.

    CPU time, not wall time: on a machine shared with other jobs the wall clock
    counts the time the scheduler gives to others, the CPU time only ours; every
    line (ours and the anchors) is measured the same way.
    """
    best = 0.0
    for k in range(repeat):
        t = time.process_time()
        fn(k)
        best = max(best, hands / max(time.process_time() - t, 1e-9))
    return best


def ours(hands: int, block_size: int, repeat: int) -> float:
    game = LimitHoldem()
    play_match(game, ["call", "call"], 2_000, rng=0, block_size=block_size)  # warm-up: tables loaded
    return best_rate(lambda k: play_match(game, ["call", "call"], hands, rng=k, block_size=block_size), hands, repeat)


def ours_scalar(hands: int, repeat: int) -> float:
    game = LimitHoldem()
    return best_rate(lambda k: play_match(game, [ScalarCall, ScalarCall], hands, rng=k), hands, repeat)


def nolimit(hands: int, block_size: int, repeat: int, *, scalar: bool) -> float:
    from bpp.lbr.chumps import RandomEverySize

    from holdem.games import NoLimitHoldem

    class ScalarSizes(RandomEverySize):
        act_batch = None

    agents = [ScalarSizes, ScalarCall] if scalar else ["random-sizes", "call"]
    game = NoLimitHoldem()
    play_match(game, agents, 1_000, rng=0, block_size=block_size)
    return best_rate(lambda k: play_match(game, agents, hands, rng=k, block_size=block_size), hands, repeat)


def stud_rules(hands: int, block_size: int, repeat: int, *, scalar: bool, stacks: tuple[int, ...] | None = None) -> float:
    """``rules`` in every seat of five-card stud (heads-up, or one seat per stack at table stakes)."""
    from bpp.stud.opponents.paper import RuleBasedPlayer

    from holdem.games import Stud5

    class ScalarRules(RuleBasedPlayer):
        act_batch = None

    n = 2 if stacks is None else len(stacks)
    agents = [ScalarRules] * n if scalar else ["rules"] * n
    game = Stud5(n_players=n, stacks=stacks)
    play_match(game, agents, 1_000, rng=0, block_size=block_size)
    return best_rate(lambda k: play_match(game, agents, hands, rng=k, block_size=block_size), hands, repeat)


def draw_random(hands: int, block_size: int, repeat: int, *, scalar: bool) -> float:
    """Five-seat five-card draw (Kendall2001's table), ``random`` in every seat (uniform bets and discards)."""
    from holdem.agents import UniformRandom
    from holdem.games import Draw5

    class ScalarRandom(UniformRandom):
        act_batch = None

    agents = [ScalarRandom] * 5 if scalar else ["random"] * 5
    game = Draw5()
    play_match(game, agents, 500, rng=0, block_size=block_size)
    return best_rate(lambda k: play_match(game, agents, hands, rng=k, block_size=block_size), hands, repeat)


def draw_styles(hands: int, block_size: int, repeat: int, *, scalar: bool) -> float:
    """Five-seat five-card draw, Kendall2001's four fixed styles and a second loose-aggressive seat."""
    import functools

    from bpp.kendall.players import StylePlayer
    from bpp.kendall.styles import STYLE_NAMES
    from holdem.games import Draw5

    class ScalarStyle(StylePlayer):
        act_batch = None  # type: ignore[assignment]

    styles = list(STYLE_NAMES) + ["loose-aggressive"]
    agents = [functools.partial(ScalarStyle, s) for s in styles] if scalar else styles
    game = Draw5()
    play_match(game, agents, 500, rng=0, block_size=block_size)
    return best_rate(lambda k: play_match(game, agents, hands, rng=k, block_size=block_size), hands, repeat)


def bpp_rules(hands: int, block_size: int, repeat: int, *, scalar: bool = False, agent: str = "bpp") -> tuple[float, bool]:
    """``agent`` (the paper's BPP, Korb1999, or a §6 variant, learning after every showdown) against ``rules`` in
    stud, one match of ``hands`` hands from a fresh player, and whether it ran batched (``scalar``: every block
    hand by hand)."""
    from unittest import mock

    import bpp.registry as registry
    import holdem.match.batched as batched_path
    from holdem.games import Stud5
    from holdem.match.batched import plays_batched

    agents = [agent, "rules"]
    game = Stud5()
    batched = not scalar and plays_batched([registry.make_agent(a, rng=0) for a in agents])
    with mock.patch.object(batched_path, "play_block_batched", lambda *a, **k: None) if scalar else mock.MagicMock():
        play_match(game, agents, 200, rng=0, block_size=block_size)
        rate = best_rate(lambda k: play_match(game, agents, hands, rng=k, block_size=block_size), hands, repeat)
    return rate, batched


def vector_env(steps: int, num_envs: int, repeat: int, game: str = "limit-holdem", opponents: tuple[str, ...] = ("call",),
               **options) -> tuple[float, float]:
    """Learner decisions per CPU-second: ``BatchVsAgentsEnv`` (``num_envs`` tables) and ``VsAgentsEnv`` (one table).

    ``game`` against ``opponents`` (heads-up limit hold'em against ``call`` by default), a uniformly random
    legal action every step.
    """
    from bpp.envs import VsAgentsEnv
    from bpp.vector_env import BatchVsAgentsEnv

    rng = np.random.default_rng(0)
    env = BatchVsAgentsEnv(game, list(opponents), num_envs=num_envs, **options)

    def run_vector(k):
        obs, info = env.reset(seed=k)
        for _ in range(steps):
            mask = info["action_mask"]
            obs, reward, terminated, truncated, info = env.step((rng.random(mask.shape) * mask).argmax(axis=1))

    single = VsAgentsEnv(game, opponents=list(opponents), **options)
    n_single = max(steps * 10, 1_000)

    def run_single(k):
        obs, info = single.reset(seed=k)
        for _ in range(n_single):
            mask = info["action_mask"]
            obs, reward, terminated, truncated, info = single.step(int((rng.random(mask.shape) * mask).argmax()))
            if terminated:
                obs, info = single.reset()

    return best_rate(run_vector, steps * num_envs, repeat), best_rate(run_single, n_single, repeat)


def openspiel_nolimit(hands: int, repeat: int) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("universal_poker", {
        "betting": "nolimit", "numPlayers": 2, "numRounds": 4, "blind": "100 50", "firstPlayer": "2 1 1 1",
        "numSuits": 4, "numRanks": 13, "numHoleCards": 2, "numBoardCards": "0 3 1 1",
        "stack": "20000 20000", "bettingAbstraction": "fullgame"})
    rng = np.random.default_rng(0)

    def run(_):
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                elif state.current_player() == 0:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.integers(len(legal)))])
                else:
                    state.apply_action(1)
            state.returns()

    return best_rate(run, hands, repeat)


def engine_only(hands: int, repeat: int) -> float:
    game = LimitHoldem()
    rng = np.random.default_rng(0)
    deals = np.tile(np.arange(52, dtype=np.int64), (hands, 1))
    rng.permuted(deals, axis=1, out=deals)
    deals = deals.astype(np.int8)
    buttons = np.arange(hands) % 2
    ranks = game.showdown_ranks(deals, buttons)
    seats = np.tile([0, 1], (hands, 1))
    agents = [AlwaysCall(), AlwaysCall()]
    return best_rate(lambda k: play_batch(new_batch(game, deals, buttons, ranks), agents, seats), hands, repeat)


def openspiel(hands: int, repeat: int) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("universal_poker", {
        "betting": "limit", "numPlayers": 2, "numRounds": 4, "blind": "2 1", "firstPlayer": "2 1 1 1",
        "numSuits": 4, "numRanks": 13, "numHoleCards": 2, "numBoardCards": "0 3 1 1",
        "raiseSize": "2 2 4 4", "maxRaises": "4 4 4 4", "stack": "1000 1000"})
    rng = np.random.default_rng(0)

    def run(_):
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                else:
                    state.apply_action(1)
            state.returns()

    return best_rate(run, hands, repeat)


def pokerkit(hands: int, repeat: int) -> float | None:
    try:
        from bench_games import bench_pokerkit
    except ImportError:  # run from elsewhere than benchmarks/
        return None
    if bench_pokerkit(1) is None:  # not installed
        return None
    return best_rate(lambda k: bench_pokerkit(hands), hands, repeat)


def batch_memory(hands: int = 100_000) -> float:
    """Peak MB allocated while dealing, ranking and playing one batch of ``hands`` heads-up hands."""
    game = LimitHoldem()
    tracemalloc.start()
    play_match(game, ["raise", "call"], hands, rng=0, block_size=hands)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6


#: The §6 variants that decide batches (bpp.stud_variants' ``batches``) besides ``bpp``.
VARIANTS = ("bpp-up", "bpp-linked", "bpp-actions", "bpp-bluff", "bpp-dbn", "bpp-showing")


def bpp_section(a: argparse.Namespace) -> None:
    """Print ``bpp`` (and with ``--variants`` the batching §6 variants) vs ``rules``: batched beside the scalar path."""
    n_bpp = max(a.hands // 4, 20_000)
    for agent in ("bpp",) + (VARIANTS if a.variants else ()):
        br, br_batched = bpp_rules(n_bpp, a.block_size, a.repeat, agent=agent)
        br_scalar, _ = bpp_rules(max(a.hands // 400, 2_000), a.block_size, a.repeat, scalar=True, agent=agent)
        path = "batched" if br_batched else "hand by hand, no act_batch"
        print(f"heads-up five-card stud, {agent} (learning) vs rules, a {n_bpp:,}-hand match from a fresh {agent} "
              f"(hands/s, best of {a.repeat}):")
        print(f"  {'bpp play_match (' + path + ')':44s} {br:12,.0f}   {'target 100,000' if agent == 'bpp' else ''}")
        print(f"  {'bpp play_match, scalar path':44s} {br_scalar:12,.0f}   batched/scalar {br / br_scalar:6.1f}x")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--block-size", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", choices=("all", "bpp"), default="all",
                    help="bpp: only the bpp vs rules match (and --variants)")
    ap.add_argument("--variants", action="store_true", help=f"also {', '.join(VARIANTS)} vs rules")
    a = ap.parse_args(argv)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if a.only == "bpp":
        bpp_section(a)
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return
    rate = ours(a.hands, a.block_size, a.repeat)
    scalar = ours_scalar(max(a.hands // 50, 2_000), a.repeat)
    engine = engine_only(a.block_size, a.repeat)
    spiel = openspiel(max(a.hands // 200, 1_000), a.repeat)
    kit = pokerkit(max(a.hands // 5_000, 100), a.repeat)
    print(f"heads-up limit hold'em, always-call vs always-call (hands/s, best of {a.repeat}):")
    print(f"  {'bpp play_match (batched, block ' + format(a.block_size, ',') + ')':44s} {rate:12,.0f}   target 1,000,000")
    print(f"  {'bpp play_match, scalar path':44s} {scalar:12,.0f}   batched/scalar {rate / scalar:6.1f}x")
    print(f"  {'bpp batched engine only (deals given)':44s} {engine:12,.0f}")
    if spiel:
        print(f"  {'OpenSpiel universal_poker':44s} {spiel:12,.0f}   batched/OpenSpiel {rate / spiel:6.1f}x (target 50x)")
    if kit:
        print(f"  {'pokerkit':44s} {kit:12,.0f}   batched/pokerkit {rate / kit:6.0f}x")
    nl = nolimit(a.hands, a.block_size, a.repeat, scalar=False)
    nl_scalar = nolimit(max(a.hands // 100, 2_000), 500, a.repeat, scalar=True)
    nl_spiel = openspiel_nolimit(max(a.hands // 1_000, 300), a.repeat)
    print(f"heads-up no-limit hold'em, random-sizes vs call (hands/s, best of {a.repeat}):")
    print(f"  {'bpp play_match (batched, block ' + format(a.block_size, ',') + ')':44s} {nl:12,.0f}   target 200,000")
    print(f"  {'bpp play_match, scalar path':44s} {nl_scalar:12,.0f}   batched/scalar {nl / nl_scalar:6.1f}x")
    if nl_spiel:
        print(f"  {'OpenSpiel universal_poker (fullgame)':44s} {nl_spiel:12,.0f}   batched/OpenSpiel {nl / nl_spiel:6.0f}x")
    st = stud_rules(a.hands, a.block_size, a.repeat, scalar=False)
    st_scalar = stud_rules(max(a.hands // 100, 2_000), 500, a.repeat, scalar=True)
    print(f"heads-up five-card stud, rules vs rules (hands/s, best of {a.repeat}):")
    print(f"  {'bpp play_match (batched, block ' + format(a.block_size, ',') + ')':44s} {st:12,.0f}   target 300,000")
    print(f"  {'bpp play_match, scalar path':44s} {st_scalar:12,.0f}   batched/scalar {st / st_scalar:6.1f}x")
    stakes = (10, 20, 40)
    sk = stud_rules(a.hands, a.block_size, a.repeat, scalar=False, stacks=stakes)
    sk_scalar = stud_rules(max(a.hands // 100, 2_000), 500, a.repeat, scalar=True, stacks=stakes)
    print(f"three-seat five-card stud at table stakes {stakes}, rules x3 (hands/s, best of {a.repeat}):")
    print(f"  {'bpp play_match (batched, block ' + format(a.block_size, ',') + ')':44s} {sk:12,.0f}")
    print(f"  {'bpp play_match, scalar path':44s} {sk_scalar:12,.0f}   batched/scalar {sk / sk_scalar:6.1f}x")
    dr = draw_random(max(a.hands // 4, 2_000), a.block_size, a.repeat, scalar=False)
    dr_scalar = draw_random(max(a.hands // 400, 1_000), 500, a.repeat, scalar=True)
    print(f"five-seat five-card draw, random x5 (hands/s, best of {a.repeat}):")
    print(f"  {'bpp play_match (batched, block ' + format(a.block_size, ',') + ')':44s} {dr:12,.0f}")
    print(f"  {'bpp play_match, scalar path':44s} {dr_scalar:12,.0f}   batched/scalar {dr / dr_scalar:6.1f}x")
    ds = draw_styles(max(a.hands // 4, 2_000), a.block_size, a.repeat, scalar=False)
    ds_scalar = draw_styles(max(a.hands // 400, 1_000), 500, a.repeat, scalar=True)
    print(f"five-seat five-card draw, Kendall's fixed styles (LA, LP, TA, TP, LA) (hands/s, best of {a.repeat}):")
    print(f"  {'bpp play_match (batched, block ' + format(a.block_size, ',') + ')':44s} {ds:12,.0f}")
    print(f"  {'bpp play_match, scalar path':44s} {ds_scalar:12,.0f}   batched/scalar {ds / ds_scalar:6.1f}x")
    bpp_section(a)
    vec, one = vector_env(200, 4_096, a.repeat)
    print(f"Gymnasium env, heads-up limit vs call, random legal actions (learner decisions/s, best of {a.repeat}):")
    print(f"  {'bpp.vector_env.BatchVsAgentsEnv (4,096 tables)':44s} {vec:12,.0f}   vs VsAgentsEnv {vec / one:6.1f}x")
    print(f"  {'bpp.envs.VsAgentsEnv (one table)':44s} {one:12,.0f}")
    styles = ("loose-aggressive", "loose-passive", "tight-aggressive", "tight-passive")
    vec, one = vector_env(100, 4_096, a.repeat, "draw5", styles)
    print(f"Gymnasium env, five-seat draw vs Kendall's fixed styles, random legal actions and discards "
          f"(learner decisions/s, best of {a.repeat}):")
    print(f"  {'bpp.vector_env.BatchVsAgentsEnv (4,096 tables)':44s} {vec:12,.0f}   vs VsAgentsEnv {vec / one:6.1f}x")
    print(f"  {'bpp.envs.VsAgentsEnv (one table)':44s} {one:12,.0f}")
    print(f"peak memory of one 100,000-hand batch (raise vs call): {batch_memory():,.0f} MB (target < 1,000 MB)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

"""Hands per second of every classic agent heads-up against ``call`` (issue 25 §2), one core.

Run: ``taskset -c 0 python benchmarks/bench_agents.py [--hands N] [--only NAME ...]``.
Prints, per agent, hands per CPU second of ``play_match`` heads-up against ``call`` beside
the anchor measured in the same run (``call`` against ``call``: the engine and
runner alone, the ceiling of any agent), and the target.  Then a ten-seat table
of ``poki`` and LBR's deals/s against ``poki``.
"""

from __future__ import annotations

import argparse
import time

from holdem.games import make_game
from holdem.match import play_match

LOKI = ["loki-reweight", "loki-showdown", "loki-reweight-showdown", "loki-b", "loki-c", "loki-d", "loki-e"]
POKI = ["poki", "poki-nn", "poki-meta"]
STYLES = ["maniac", "calling-station", "rock", "tag"]
SIM = ["poki-sim", "poki-sim-meta", "poki-sim-nn"]
STUD = ["prob", "rules-reader", "bpp-card", "bpp-bluff"]
TARGETS = {"loki": 2000, **{n: 1000 for n in LOKI + POKI + STYLES}, **{n: 200 for n in SIM}, **{n: 3000 for n in STUD}}


def rate(game, agents, hands: int, seconds: float) -> float:
    """hands per CPU second of ``play_match`` (best of repeats within ``seconds``, after a warm-up).

    CPU time of this process, not wall time: on a shared machine the wall clock also counts the time other
    processes hold the core.
    """
    play_match(game, agents, max(2, hands // 10), rng=0)
    best, spent, k = 0.0, 0.0, 1
    while True:
        t = time.process_time()
        r = play_match(game, agents, hands, rng=k)
        dt = time.process_time() - t
        best, spent, k = max(best, r.n_hands / dt), spent + dt, k + 1
        if spent >= seconds or k > 3:
            return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=1000, help="hands per timed match (simulation players: a tenth)")
    ap.add_argument("--seconds", type=float, default=5.0, help="stop repeating an agent's match after this long")
    ap.add_argument("--only", nargs="*", help="only these agents (and 'table', 'lbr')")
    a = ap.parse_args()
    want = set(a.only or []) or None
    holdem, stud = make_game("limit-holdem", 2), make_game("stud5", 2)
    anchor = {g: rate(g, ["call", "call"], 20 * a.hands, a.seconds) for g in (holdem, stud)}
    print(f"{'agent':24} {'hands/s':>10} {'target':>8}   anchor: call vs call {anchor[holdem]:,.0f} (hold'em), "
          f"{anchor[stud]:,.0f} (stud)")
    for name, target in TARGETS.items():
        if want and name not in want:
            continue
        game = stud if name in STUD else holdem
        hands = a.hands // 10 if name in SIM else a.hands
        r = rate(game, [name, "call"], hands, a.seconds)
        print(f"{name:24} {r:10,.0f} {target:8,}   {'ok' if r >= target else 'BELOW'}")
    if not want or "table" in want:
        r = rate(make_game("limit-holdem", 10), ["poki"] * 10, a.hands // 10, a.seconds)
        print(f"{'poki x 10 seats':24} {r:10,.0f} {100:8,}   {'ok' if r >= 100 else 'BELOW'}")
    if not want or "lbr" in want:
        from bpp.lbr.run import run_lbr

        run_lbr("poki", game="limit-holdem", betting="fc", n_deals=2, seed=99)  # warm caches
        deals = max(2, a.hands // 50)
        t = time.process_time()
        run_lbr("poki", game="limit-holdem", betting="fc", n_deals=deals, seed=1, block_size=deals)
        r = deals / (time.process_time() - t)
        print(f"{'LBR fc vs poki (deals/s)':24} {r:10,.1f} {10:8,}   {'ok' if r >= 10 else 'BELOW'}")


if __name__ == "__main__":
    main()

"""BPP's networks (Korb1999 §3): CPT build time, compiled query µs vs pgmpy VariableElimination µs.

Usage: ``python benchmarks/bench_stud.py [--hands N] [--queries Q]``

* CPT build: the exact enumeration of all four rounds (``bpp build stud-nets``),
  and the paper's method, ``N`` sampled heads-up deals (default 10,000,000, §3.3).
* Query: P(BPP_Win) and the posteriors over OPP_Current / OPP_Final for one
  evidence combination (BPP_Current, OPP_Upcards, OPP_Action) — the compiled
  table lookup (``CompiledStudNet.query`` checked, ``p_win`` unchecked) versus a
  reused ``pgmpy.inference.VariableElimination`` answering P(BPP_Win) alone.
* Recompile: ``with_action_cpt`` after a learning update (between hands).
* Type lookup: ``hand_type_of`` of one hand (the match loop's classifier).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bpp.stud.model import handtypes as ht
from bpp.stud.model import compiled_stud, estimate


def per_call_us(fn, n: int) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        fn(n)
        best = min(best, (time.perf_counter() - start) / n * 1e6)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000_000, help="sampled deals for the paper's method (0 skips)")
    parser.add_argument("--queries", type=int, default=200_000, help="compiled queries timed")
    args = parser.parse_args()

    start = time.perf_counter()
    cpts = estimate.estimate_all_cpts()
    print(f"CPTs, exact enumeration (4 rounds):         {time.perf_counter() - start:8.2f} s")
    if args.hands:
        start = time.perf_counter()
        estimate.estimate_all_cpts(method="sample", n_hands=args.hands, rng=0)
        print(f"CPTs, {args.hands:,} sampled deals:        {time.perf_counter() - start:8.2f} s")

    nets = [compiled_stud.CompiledStudNet.from_cpts(c) for c in cpts]
    rng = np.random.default_rng(0)
    for net in nets:
        nb, nu = len(net.current_states), len(net.upcard_states)
        b = rng.integers(0, nb, 1024).tolist()
        u = rng.integers(0, nu, 1024).tolist()
        a = rng.integers(0, 3, 1024).tolist()
        names = [None, "passive", "aggressive"]

        def run_query(n, net=net, b=b, u=u, a=a):
            q = net.query
            for i in range(n):
                j = i & 1023
                q(b[j], u[j], names[a[j]])

        def run_p_win(n, net=net, b=b, u=u, a=a):
            p = net.p_win
            for i in range(n):
                j = i & 1023
                p(b[j], u[j], a[j])

        action = rng.dirichlet([1, 1], size=nb).T

        def run_recompile(n, net=net, action=action):
            for _ in range(n):
                net.with_action_cpt(action)

        print(
            f"round {net.betting_round}: query {per_call_us(run_query, args.queries):6.2f} µs, "
            f"p_win {per_call_us(run_p_win, args.queries):6.2f} µs, "
            f"recompile {per_call_us(run_recompile, 200):7.1f} µs"
        )

    from pgmpy.inference import VariableElimination

    from pgmpy import config

    config.set_show_progress(False)
    for net in (nets[0], nets[3]):
        ve = VariableElimination(net.to_network())
        evidence = {"BPP_Current": net.current_states[-1], "OPP_Upcards": net.upcard_states[0], "OPP_Action": "aggressive"}

        def run_ve(n, ve=ve, evidence=evidence):
            for _ in range(n):
                ve.query(["BPP_Win"], evidence=evidence, show_progress=False)

        print(f"round {net.betting_round}: pgmpy VariableElimination P(BPP_Win) {per_call_us(run_ve, 100):9.1f} µs")

    hands = [rng.choice(52, 5, replace=False).tolist() for _ in range(1024)]
    ht.hand_type_of(hands[0])

    def run_type(n):
        f = ht.hand_type_of
        for i in range(n):
            f(hands[i & 1023])

    print(f"hand_type_of (5 cards): {per_call_us(run_type, 100_000):6.2f} µs")


if __name__ == "__main__":
    main()

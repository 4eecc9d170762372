"""Speed-up of the parallel layer (issue 14): one process, two local worker processes, a two-worker Dask LocalCluster.

Two compute-bound jobs with the same seed on each back end (the numbers are
checked identical): a heads-up duplicate match of ``poki`` against
``poki-sim`` (limit hold'em, blocks of 25 deals) and a ten-player pre-flop
roll-out (:func:`bpp.loki.preflop.rollout`).  Prints wall time and speed-up
against one process; the LocalCluster's start-up is timed apart.  The anchor
is the ideal: 2.0x on two free cores.

    .venv/bin/python benchmarks/bench_parallel.py [--deals 200] [--games 200000]
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np


def _match(deals, **kw):
    from holdem.games import LimitHoldem
    from holdem.match import play_match

    return play_match(LimitHoldem(), ["poki", "poki-sim"], deals, rng=7, duplicate=True, block_size=25, **kw).winnings


def _rollout(games, **kw):
    from bpp.loki.preflop import rollout

    return rollout(10, games, rng=3, **kw).rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--games", type=int, default=200_000)
    args = parser.parse_args()
    import bpp.registry  # noqa: F401
    from distributed import LocalCluster

    jobs = {
        f"poki vs poki-sim, {args.deals} duplicate deals": (
            lambda **kw: _match(args.deals, **kw), {"workers": 2}),
        f"ten-player roll-out, {args.games:,} games a class": (
            lambda **kw: _rollout(args.games, **kw), {"n_jobs": 2}),
    }
    _match(4)  # warm caches in this process
    t = time.perf_counter()
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None)
    print(f"LocalCluster start-up (2 worker processes): {time.perf_counter() - t:.1f} s  (cores: {os.cpu_count()})")
    try:
        for name, (job, two) in jobs.items():
            times, results = {}, {}
            for label, kw in (("1 process", {}), ("2 local workers", two), ("LocalCluster, 2 workers", {"scheduler": cluster.scheduler_address})):
                if "scheduler" in kw and "n_jobs" in two:
                    os.environ["BPP_SCHEDULER"] = kw.pop("scheduler")
                t = time.perf_counter()
                results[label] = job(**kw)
                times[label] = time.perf_counter() - t
                os.environ.pop("BPP_SCHEDULER", None)
            same = all(np.array_equal(results["1 process"], r) for r in results.values())
            print(f"{name}: identical results: {same}")
            for label, sec in times.items():
                print(f"  {label:26s} {sec:7.2f} s   speed-up {times['1 process'] / sec:4.2f}x   (ideal {2.0 if label != '1 process' else 1.0:.1f}x)")
    finally:
        cluster.close()


if __name__ == "__main__":
    main()

"""Speed-up of the parallel layer: one process, two local worker processes, a two-worker Dask LocalCluster.

Two compute-bound jobs with the same seed on each back end (the numbers are
checked identical): a heads-up duplicate match of ``loki`` against
``loki-b`` (limit hold'em, blocks of 25 deals; neither learns across hands, so
blocks are independent) and a ten-player pre-flop
roll-out (:func:`bpp.loki.evaluator.preflop.rollout`).  Prints wall time and speed-up
against one process; the LocalCluster's start-up is timed apart and its workers are warmed
first (a real cluster's workers stay up between jobs; local workers are
started by every job, and that cost is counted).  The anchor
is the ideal: 2.0x on two free cores.  On a machine shared with other jobs the
wall-clock speed-up says little, so it also prints the CPU seconds all
processes spent (this one, the local workers, the Dask workers): their ratio
to the one-process run is the work the parallel path adds, and
``cpu(1 process) / (cpu / 2)`` is the speed-up two free cores would give at best.

    .venv/bin/python benchmarks/bench_parallel.py [--deals 200] [--games 200000]
"""

from __future__ import annotations

import argparse
import os
import resource
import time

import numpy as np


def _match(deals, **kw):
    from holdem.games import LimitHoldem
    from holdem.match import play_match

    return play_match(LimitHoldem(), ["loki", "loki-b"], deals, rng=7, duplicate=True, block_size=25, **kw).winnings


def _rollout(games, **kw):
    from bpp.loki.evaluator.preflop import rollout

    return rollout(10, games, rng=3, **kw).rates


def _cpu(client) -> float:
    """CPU seconds so far of this process, its finished child processes and the Dask workers."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers = sum(client.run(time.process_time).values())
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime + workers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--games", type=int, default=200_000)
    args = parser.parse_args()
    from distributed import LocalCluster

    jobs = {
        f"loki vs loki-b, {args.deals} duplicate deals": (
            lambda **kw: _match(args.deals, **kw), {"workers": 2}),
        f"ten-player roll-out, {args.games:,} games a class": (
            lambda **kw: _rollout(args.games, **kw), {"n_jobs": 2}),
    }
    _match(4)  # warm caches in this process
    t = time.perf_counter()
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None)
    print(f"LocalCluster start-up (2 worker processes): {time.perf_counter() - t:.1f} s  (cores: {os.cpu_count()}, "
          f"load average {os.getloadavg()[0]:.1f})")
    from holdem.match.cluster import connect

    client = connect(cluster.scheduler_address)
    try:
        # warm the Dask workers (imports, lookup tables): a real cluster's workers stay up between jobs
        _match(4, scheduler=cluster.scheduler_address)
        os.environ["BPP_SCHEDULER"] = cluster.scheduler_address
        _rollout(2_000)
        os.environ.pop("BPP_SCHEDULER")
        for name, (job, two) in jobs.items():
            times, results = {}, {}
            cpus = {}
            for label, kw in (("1 process", {}), ("2 local workers", two), ("LocalCluster, 2 workers", {"scheduler": cluster.scheduler_address})):
                if "scheduler" in kw and "n_jobs" in two:
                    os.environ["BPP_SCHEDULER"] = kw.pop("scheduler")
                cpu0 = _cpu(client)
                t = time.perf_counter()
                results[label] = job(**kw)
                times[label] = time.perf_counter() - t
                cpus[label] = _cpu(client) - cpu0
                os.environ.pop("BPP_SCHEDULER", None)
            same = all(np.array_equal(results["1 process"], r) for r in results.values())
            print(f"{name}: identical results: {same}")
            base = cpus["1 process"]
            for label, sec in times.items():
                free = 1.0 if label == "1 process" else base / (cpus[label] / 2)
                print(f"  {label:26s} {sec:7.2f} s wall, {cpus[label]:7.2f} CPU s ({cpus[label] / base:4.2f}x the work)   "
                      f"speed-up {times['1 process'] / sec:4.2f}x here, {free:4.2f}x on two free cores (ideal 2.0x)")
    finally:
        cluster.close()


if __name__ == "__main__":
    main()

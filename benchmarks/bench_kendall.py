"""Speed of the Kendall–Willdig players (Kendall2001 §3): five-player draw with the fixed styles, and training.

Usage: ``python benchmarks/bench_kendall.py [--hands N]``

1. Five-card draw, five seats: the four fixed styles (Tables 1-4) plus a
   second loose-aggressive player, through :func:`bpp.kendall.training.play_table`
   (fresh deal per hand, the state machine, the tables' decisions, the
   standard drawing policy) — target ≥ 5,000 hands/s on one core.  Beside it
   the engine alone with always-call players, measured as
   ``benchmarks/bench_games.py`` does (the anchor, about 7,600 hands/s on
   the reference machine), and the same through ``play_table``.
2. The mixed table with the evolving player learning (what training runs).
3. A whole 5,000-epoch training session (``train("mixed", 5000)``) —
   target ≤ 5 s.

Best of three runs after a warm-up (least disturbed by other load).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_games import bench as bench_engine  # noqa: E402

from bpp.kendall.players import EvolvingPlayer, StylePlayer  # noqa: E402
from bpp.kendall.training import play_table, table_players, train  # noqa: E402
from holdem.agents import AlwaysCall  # noqa: E402
from holdem.games import Draw5  # noqa: E402


def rate(make_players, n_hands: int) -> float:
    play_table(make_players(), 200, rng=0)  # warm-up
    best = float("inf")
    for seed in range(3):
        players = make_players()
        start = time.perf_counter()
        play_table(players, n_hands, rng=seed + 1)
        best = min(best, time.perf_counter() - start)
    return n_hands / best


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args(argv)
    n = args.hands
    styles = ("loose-aggressive", "loose-passive", "tight-aggressive", "tight-passive", "loose-aggressive")
    engine = max(bench_engine(Draw5(), n // 4, np.random.default_rng(s)) for s in range(3))
    print(f"{'case':58s} {'hands/s':>9s} {'target':>8s}")
    print(f"{'engine alone, always-call (bench_games.py)':58s} {engine:9,.0f} {'anchor':>8s}")
    print(f"{'always-call through play_table':58s} {rate(lambda: [AlwaysCall() for _ in range(5)], n):9,.0f}")
    print(f"{'four fixed styles (+ a 2nd loose-aggressive)':58s} {rate(lambda: [StylePlayer(s) for s in styles], n):9,.0f} {'>= 5,000':>8s}")
    print(f"{'mixed table + evolving player (learning)':58s} {rate(lambda: [EvolvingPlayer()] + table_players('mixed'), n):9,.0f}")
    train("mixed", 500, rng=0)
    best = min(_timed(lambda s=s: train("mixed", 5000, rng=s)) for s in range(3))
    print(f"{'5,000-epoch training at the mixed table (seconds)':58s} {best:9.2f} {'<= 5 s':>8s}")


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()

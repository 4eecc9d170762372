"""Speed of the pre-flop roll-out and of weight-table re-weighting.

Run: ``.venv/bin/python benchmarks/bench_loki_preflop.py [--games N] [--jobs J]``.
Prints one line per measurement: what, our figure, the target.

* The roll-out: a ten-player roll-out of ``--games`` games a class (default
  20,000), timed and extrapolated to Loki's 1,000,000 games a class
  (Billings1998 §4.1; target ≤ 15 minutes on both cores).
* Re-weighting a table after one action (target ≤ 1 ms on one core), and what a
  street costs before it (every holding's strength on the board, which the
  triples need; target ≤ 100 ms).
* The pgmpy posterior of the same update, for scale.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from _timing import best_time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games a class for the timed roll-out")
    parser.add_argument("--jobs", type=int, default=-1, help="worker processes (default every core)")
    args = parser.parse_args()

    from bpp.loki.inspection import PostflopModel, holding_strengths
    from bpp.loki.evaluator.preflop import preflop_triples, rollout
    from bpp.loki.modeler.weightnet import WeightNetwork
    from bpp.loki.modeler.weights import CALL, RAISE, WeightTable

    start = time.perf_counter()
    table = rollout(10, args.games, rng=0, n_jobs=args.jobs)
    seconds = time.perf_counter() - start
    deals = table.games.sum() / 10
    print(f"roll-out, 10 players, {args.games:,} games/class: {seconds:.1f} s "
          f"({deals / seconds:,.0f} deals/s, {table.games.sum() / seconds:,.0f} class-games/s)")
    print(f"  extrapolated to 1,000,000 games/class: {seconds * 1_000_000 / args.games / 60:.1f} min   target <= 15 min")

    board = "Qs Jh 4c 7d"
    t_street = best_time(lambda: holding_strengths(board, "Ad Jc"), 5)
    print(f"per street: every holding's strength on the board: {t_street * 1e3:.1f} ms   target <= 100 ms")
    model = PostflopModel()
    hs = holding_strengths(board, "Ad Jc")
    t_triples = best_time(lambda: model.triples(hs, 1), 200)
    print(f"per action: the 1,326 triples of a context: {t_triples * 1e3:.3f} ms")
    pt = model.triples(hs, 1)
    weights = WeightTable(dead_cards="Ad Jc Qs Jh 4c 7d")
    t_update = best_time(lambda: weights.reweight_action(pt, CALL), 2000)
    print(f"per action: re-weight a table (checked WeightTable.reweight_action): {t_update * 1e6:.1f} us   target <= 1 ms")
    t_pre = best_time(lambda: preflop_triples(n_players=10, players_behind=5, bet_level=1), 200)
    print(f"pre-flop: the 1,326 triples of a context: {t_pre * 1e3:.3f} ms")
    net = WeightNetwork(weights).observe(pt, RAISE).observe(pt, CALL)
    t_compiled = best_time(net.posterior, 200)
    model_pg = net.to_pgmpy()
    t_pgmpy = best_time(lambda: net.pgmpy_posterior(model_pg), 3)
    print(f"posterior after two actions: compiled {t_compiled * 1e6:.0f} us, pgmpy VariableElimination {t_pgmpy * 1e3:.0f} ms")


if __name__ == "__main__":
    main()

"""Local Best Response speed (Lisy2017 §3): WpRollout on the flop, hands per second, workers.

Usage: ``python benchmarks/bench_lbr.py [--deals N]``

* WpRollout on the flop against a full weighted range: the equity vector of
  our hand against every holding over every turn-river pair (1,081 holdings ×
  990 valid completions = 1,070,190 evaluations, ``holdem.strength.holdings_equity``)
  and its dot product with a random weighted range.  Target ≤ 30 ms.
* LBR fcpa 1-4 against always-call on one core (hands per second; each deal
  is two hands).  Target ≥ 20 hands/s; the paper's cluster needed about half an
  hour per 1,000 fc hands against a real bot (§4).
* The same with ``--workers 2`` (target ≥ 1.7× one worker; on a shared
  machine this measures the cores that are free).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from _timing import best_time
from holdem.strength import holdings_equity
from holdem.ranges import holdings_mask

from bpp.lbr.equity import preflop_equity
from bpp.lbr.run import run_lbr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="duplicate deals for the hands/s figures")
    args = parser.parse_args()

    hole, board = np.array([51, 46]), np.array([0, 17, 30])
    weights = np.random.default_rng(0).random(1326) * holdings_mask(np.r_[hole, board])

    def rollout():
        e = holdings_equity(hole, board)
        return float(weights @ e / weights.sum())

    t = best_time(rollout, repeat=20)
    print(f"WpRollout flop, full weighted range (1,070,190 evaluations): {t * 1e3:.1f} ms  (target <= 30 ms)")
    preflop_equity()  # load once, outside the timings
    run_lbr("call", betting="fcpa", rounds="1-4", n_deals=20, rng=99)  # warm caches
    rates = {}
    for workers in (1, 2):
        start = time.perf_counter()
        run_lbr("call", betting="fcpa", rounds="1-4", n_deals=args.deals, rng=1, workers=workers, block_size=25)
        rates[workers] = 2 * args.deals / (time.perf_counter() - start)
        print(f"LBR fcpa 1-4 vs always-call, workers={workers}: {rates[workers]:.1f} hands/s"
              + ("  (target >= 20 hands/s on one core)" if workers == 1 else ""))
    print(f"--workers 2 speed-up: {rates[2] / rates[1]:.2f}x  (target >= 1.7x)")
    print("paper (Lisy2017 §4): ~1,000 fc hands per half hour per core against a real bot (~0.56 hands/s)")


if __name__ == "__main__":
    main()

"""LBR with an agent's exact policy vs the policy estimated from N calls of ``act`` (``--policy-samples N``).

The same deals (same seed) are played against the opponent with its stated
policy and with :class:`bpp.lbr.policy.SampledPolicy` at each N; the opponent's
real actions are the same in every run (the estimate restores the agent's
generator), so the paired per-deal difference of LBR's "both" estimate
isolates the effect of the estimate. One JSON line per run, in the game's unit
(limit hold'em: small bets), with 95 % CIs and the wall time:

    .venv/bin/python benchmarks/bench_policy_samples.py loki --game limit-holdem --deals 100 --samples 16 64 256

``--log-dir DIR`` keeps one LBR hand log per run (``exact.jsonl``, ``n16.jsonl``, ...):
a rerun with the same or a larger ``--deals`` reuses the blocks already logged
and plays only the new ones, so a long comparison can grow deal block by deal
block (``--block-size``; the deals depend on it, not on ``--deals``).
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

from bpp.lbr.run import run_lbr
from holdem.match.stats import summarize


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("opponent")
    p.add_argument("--game", default="limit-holdem")
    p.add_argument("--betting", default="fcpa")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--samples", type=int, nargs="+", default=[16, 64, 256])
    p.add_argument("--block-size", type=int, default=None, help="deals per block (default: all deals in one block)")
    p.add_argument("--log-dir", default=None, help="keep (and resume from) one hand log per run in this folder")
    args = p.parse_args(argv)
    if args.log_dir is not None:
        os.makedirs(args.log_dir, exist_ok=True)
    exact = None
    for n in [None, *args.samples]:
        start = time.perf_counter()
        r = run_lbr(args.opponent, game=args.game, betting=args.betting, n_deals=args.deals, rng=args.seed,
                    policy_samples=n, block_size=args.block_size or args.deals,
                    log=None if args.log_dir is None else os.path.join(args.log_dir, f"{'exact' if n is None else f'n{n}'}.jsonl"))
        per_deal = r.imaginary.mean(axis=1) / r.unit_chips
        row = {"opponent": args.opponent, "game": args.game, "policy_samples": n, "deals": args.deals,
               "seed": args.seed, "unit": r.unit, "lbr": round(r.value.mean, 4),
               "ci95": [round(float(x), 4) for x in r.value.ci95], "sec": round(time.perf_counter() - start, 1)}
        if exact is None:
            exact = per_deal
        else:
            d = summarize(per_deal - exact)
            row |= {"paired_diff": round(d.mean, 4), "diff_ci95": [round(float(x), 4) for x in d.ci95],
                    "mean_abs_diff": round(float(np.abs(per_deal - exact).mean()), 4)}
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()

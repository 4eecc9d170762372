"""Hands/s of every BPP variant against the rule-based player (``play_match``, learning on, one core, CPU time).

    .venv/bin/python benchmarks/bench_stud_variants.py [--hands N] [--repeat R]

Prints, per variant, the best hands/s of ``R`` matches of ``N`` hands against
``rules`` (Korb1999 Figure 4) and the chips the variant won (the same seed
gives the same chips on any machine: a check that two versions of the code
play alike).
"""

from __future__ import annotations

import argparse
import time

from holdem.games import Stud5
from holdem.match import play_match

VARIANTS = ("bpp", "bpp-up", "bpp-linked", "bpp-actions", "bpp-bluff", "bpp-showing")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    print(f"{'agent':12} {'hands/s':>9} {'chips':>10}")
    for name in VARIANTS:
        best, chips = 0.0, None
        for _ in range(a.repeat):
            t = time.process_time()
            r = play_match(Stud5(), [name, "rules"], a.hands, rng=1)
            best = max(best, a.hands / (time.process_time() - t))
            chips = float(r.winnings.sum(axis=0)[0])
        print(f"{name:12} {best:9.0f} {chips:10.1f}")


if __name__ == "__main__":
    main()

"""Why player A of Loki's Figure 1 (Billings1998 §5) wins less than the paper's ≈ +0.08 sb/hand: measured, not tuned.

Figure 1 is a zero-sum ten-player duplicate tournament (two copies of each
version A–E), so A can only win what the others lose.  This script puts the
numbers on three candidate causes:

1. *Noise*: every seed of ``figures/loki_figure1_runs.jsonl`` (4,000 duplicate
   deals, 40,000 hands) and the three seeds pooled, with 95 % CIs.
2. *The field*: how far the weakened versions fall behind (the spread A − E and
   A's share of it), and — replaying a seed's tournament (same seed, same
   deals, today's code) — from whom A's winnings come: per hand, each loser's loss is shared among the hand's
   winners in proportion to what they won, which splits every version's
   result into net transfers from each other version (they add up to its
   result), each with a 95 % CI over deals.
3. *The two specification choices* on which the Loki papers differ (Loki-1's
   showdown-odds river call, Billings1998b's post-flop re-weighting): the recorded control runs with A
   replaced by ``loki-showdown``, ``loki-reweight`` and
   ``loki-reweight-showdown`` (B–E unchanged).

Run: ``nice -n 10 .venv/bin/python figures/loki_figure1_gap.py --seeds 13``.
The replay and the report are :func:`bpp.reproduce.loki_figure1.figure1_transfers`
and :func:`bpp.reproduce.loki_figure1.gap_report`; the registered experiment
``loki-figure1-gap`` runs the same steps (three seeds at paper scale) for
``bpp reproduce``.
Each replayed seed is appended to ``figures/loki_figure1_gap_runs.jsonl``
(a seed already there is read, not replayed); the report is
``figures/loki_figure1_gap.md``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bpp.reproduce.loki_figure1 import figure1_transfers, gap_report
from holdem.files import read_jsonl
from bpp.reproduce.script import cached_cell, run_script

HERE = Path(__file__).parent


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seeds", type=int, nargs="*", default=[13], help="seeds whose tournament is replayed")
    parser.add_argument("--figure-runs", type=Path, default=HERE / "loki_figure1_runs.jsonl")
    parser.add_argument("--runs", type=Path, default=HERE / "loki_figure1_gap_runs.jsonl")
    parser.add_argument("--out", type=Path, default=HERE / "loki_figure1_gap.md")
    args = parser.parse_args(argv)
    for seed in args.seeds:
        cached_cell(args.runs, {"seed": seed, "deals": args.deals},
                    lambda seed=seed: figure1_transfers(args.deals, seed, progress=True),
                    probe=lambda seed=seed: figure1_transfers(3, seed))  # the code's version: the same seed on 3 deals
    lines = gap_report(read_jsonl(args.figure_runs, fields=("seed", "deals")),
                       read_jsonl(args.runs, fields=("seed", "deals")), args.deals)
    args.out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

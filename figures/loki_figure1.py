"""Loki's Figure 1 (001 §5): bankrolls of versions A–E in ten-player duplicate self-play.

Run: ``.venv/bin/python figures/loki_figure1.py --deals 3000 --workers 2`` (each
deal is replayed ten times: 30,000 hands).  Writes ``figures/loki_figure1.png``
and prints each version's sb/hand ± 95 % CI.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from bpp.loki.experiments import figure1_tournament, plot_figure1  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("loki_figure1.png"))
    args = parser.parse_args(argv)
    result = figure1_tournament(args.deals, rng=args.seed, workers=args.workers, progress=True)
    print(result.table())
    fig, ax = plt.subplots(figsize=(8, 4.5))
    plot_figure1(result, ax=ax)
    fig.tight_layout()
    fig.savefig(args.out, dpi=120)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

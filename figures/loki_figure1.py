"""Loki's Figure 1 (Billings1998 §5): bankrolls of versions A–E in ten-player duplicate self-play, on several seeds.

Run: ``nice -n 10 .venv/bin/python figures/loki_figure1.py --deals 4000 --seeds 11 13 17``
(each deal is replayed ten times: 40,000 hands per seed; two copies of each
version; the step :func:`bpp.reproduce.loki_figure1.figure1_seed`).  Every finished seed is appended as one JSON line to
``figures/loki_figure1_runs.jsonl`` (a seed already there with the same deals
and versions is read, not re-run, so an interrupted run resumes); the figure
``figures/loki_figure1.png`` shows the bankroll of every version on every seed
(left) and each seed's sb/hand ± 95 % CI beside the paper's values (right).
``--versions`` replaces A–E (e.g. ``loki-reweight,loki-b,loki-c,loki-d,loki-e``
for the AAAI-98 re-weighting as player A).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from bpp.loki.experiments import FIGURE1_VERSIONS, PAPER_FIGURE1  # noqa: E402
from bpp.reproduce.loki_figure1 import figure1_seed  # noqa: E402
from holdem.files import read_jsonl  # noqa: E402
from bpp.reproduce.script import cached_cell, run_script  # noqa: E402

HERE = Path(__file__).parent
LABELS = {"loki": "A", "loki-reweight": "A (re-weight)", "loki-showdown": "A (showdown odds)",
          "loki-reweight-showdown": "A (re-weight + showdown)", "loki-b": "B",
          "loki-c": "C", "loki-d": "D", "loki-e": "E"}


def run_seed(seed: int, deals: int, versions: list[str], path: Path) -> dict:
    """One seed (:func:`bpp.reproduce.loki_figure1.figure1_seed`), or its line in ``path`` (one line per finished seed)."""
    return cached_cell(path, {"seed": seed, "deals": deals, "versions": versions},
                       lambda: figure1_seed(versions, deals, seed, progress=True),
                       probe=lambda: figure1_seed(versions, 3, seed))  # the code's version: the same seed on 3 deals


def plot(runs: list[dict], versions: list[str], out: Path) -> None:
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8), gridspec_kw={"width_ratios": [3, 2]})
    colors = {v: f"C{i}" for i, v in enumerate(versions)}
    styles = ["-", "--", ":", "-."]
    for k, run in enumerate(runs):
        for v in versions:
            bank = np.asarray(run["bankroll"][v])
            hands = np.arange(1, bank.size + 1) * run["bankroll_step"]
            label = f"{LABELS.get(v, v)} ({v})" if k == 0 else None
            left.plot(hands, bank, color=colors[v], ls=styles[k % len(styles)], lw=1.2, label=label)
        left.plot([], [], color="0.3", ls=styles[k % len(styles)], label=f"seed {run['seed']}")
    left.axhline(0, color="0.6", lw=0.8)
    left.set_xlabel("hands played")
    left.set_ylabel("bankroll per copy (small bets)")
    left.set_title("Loki versions A–E, ten-player duplicate self-play (Billings1998 Figure 1)", fontsize=10)
    left.legend(fontsize=7, ncol=2)
    width = 0.8 / max(len(runs), 1)
    for k, run in enumerate(runs):
        for i, v in enumerate(versions):
            r = run["results"][v]
            x = i - 0.4 + width * (k + 0.5)
            right.errorbar(x, r["mean"], yerr=[[r["mean"] - r["ci95"][0]], [r["ci95"][1] - r["mean"]]],
                           fmt="o", color=colors[v], ms=4, capsize=2)
    for i, v in enumerate(versions):
        if v in PAPER_FIGURE1 or (v == versions[0] and "loki" in PAPER_FIGURE1):
            right.plot(i, PAPER_FIGURE1.get(v, PAPER_FIGURE1["loki"]), marker="*", color="k", ms=10, ls="none",
                       label="paper (≈)" if i == 0 else None)
    right.axhline(0, color="0.6", lw=0.8)
    right.set_xticks(range(len(versions)), [LABELS.get(v, v) for v in versions])
    right.set_ylabel("small bets per hand (95 % CI)")
    seeds = ", ".join(str(r["seed"]) for r in runs)
    right.set_title(f"each seed ({seeds}), {runs[0]['deals']:,} duplicate deals each" if runs else "", fontsize=10)
    right.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seeds", type=int, nargs="+", default=[11, 13, 17])
    parser.add_argument("--versions", default=",".join(FIGURE1_VERSIONS))
    parser.add_argument("--runs", type=Path, default=HERE / "loki_figure1_runs.jsonl")
    parser.add_argument("--out", type=Path, default=HERE / "loki_figure1.png")
    parser.add_argument("--plot-only", action="store_true", help="draw from the recorded runs, play nothing")
    args = parser.parse_args(argv)
    versions = args.versions.split(",")
    if args.plot_only:
        runs = [r for r in read_jsonl(args.runs, fields=("seed", "deals"))
                if r["seed"] in args.seeds and r["deals"] == args.deals and r["versions"] == versions]
    else:
        runs = [run_seed(seed, args.deals, versions, args.runs) for seed in args.seeds]
    for run in runs:
        order = sorted(versions, key=lambda v: -run["results"][v]["mean"])
        cells = "  ".join(f"{LABELS.get(v, v)} {run['results'][v]['mean']:+.3f}" for v in versions)
        print(f"seed {run['seed']}: {cells}   order {' > '.join(LABELS.get(v, v) for v in order)}")
    if runs:
        plot(runs, versions, args.out)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

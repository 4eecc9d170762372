"""Does §6.3's dynamic network model the rounds better?  P(win) of ``bpp-dbn`` against ``bpp`` on the same decisions (Korb1999 §6.3).

Run: ``python figures/stud_dbn.py [--deals 5000]``.  Writes ``figures/stud_dbn.md``.

``bpp-dbn`` plays (the paper's sampled curves) against each stud opponent
over duplicate deals, the seeds of ``figures/stud_variants.py``; a ``bpp``
instance watches the same hands from the same seat without acting
(:func:`bpp.stud.experiments.calibration.decision_records` with
``shadows=("bpp",)``), learning M_A|C from the same showdowns, so at every
decision both networks' P(win) are known for the very same evidence.  Each is
scored against the deal's true outcome (1, ½ or 0: BPP's five cards against
the opponent's):

* the Brier score ``mean (P(win) − outcome)²`` per round, lower is better,
  and the paired difference DBN − per-round network with a 95 % CI whose
  variance is taken over deals (the decisions of one deal are not
  independent);
* calibration in the large (mean predicted − mean true) per round;
* the calibration table (:func:`bpp.stud.experiments.calibration.calibration_table`)
  of both networks on the cells where the per-round network was most biased
  (the opponent aggressive while BPP shows the higher board);
* paired winnings: ``bpp`` and ``bpp-dbn`` each play the same deals (the
  same seed gives the same deal stream), sampled and argmax, and the mean of
  the per-deal difference DBN − bpp ± 95 % CI (a tighter test than comparing
  two cells' CIs).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from tqdm import tqdm

from bpp.stud.experiments.calibration import calibration_table, decision_records
from bpp.reproduce.stud_cells import OPPONENTS, SEEDS  # the opponents and seeds of the variants table
from bpp.reproduce.script import run_script


def brier_rows(rec: dict, *, mine: str = "p_win", other: str = "p_win_bpp") -> list[dict]:
    """Per round: decisions, both Brier scores, their paired difference ± 95 % CI (deal-clustered), calibration in the large."""
    rows = []
    y = rec["true_win"]
    for r in range(4):
        cell = rec["round"] == r
        n = int(cell.sum())
        if n < 2:
            continue
        a, b = (rec[mine][cell] - y[cell]) ** 2, (rec[other][cell] - y[cell]) ** 2
        deals = rec["deal"][cell]
        _, inverse = np.unique(deals, return_inverse=True)
        per_deal = np.bincount(inverse, weights=a - b)
        half = 1.96 * np.sqrt(per_deal.size * per_deal.var(ddof=1)) / n
        rows.append({
            "round": r + 1, "n": n, "brier_dbn": float(a.mean()), "brier_bpp": float(b.mean()),
            "diff": float((a - b).mean()), "ci95": float(half),
            "bias_dbn": float(rec[mine][cell].mean() - y[cell].mean()), "bias_bpp": float(rec[other][cell].mean() - y[cell].mean()),
            "moved": float(np.abs(rec[mine][cell] - rec[other][cell]).mean()),
        })
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000, help="duplicate deals per opponent (default 5000)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stud_dbn.md"))
    args = parser.parse_args(argv)
    out = [
        "# `bpp-dbn` (Korb1999 §6.3) against the per-round networks of `bpp`: P(win) on the same decisions\n",
        f"Written by `python figures/stud_dbn.py --deals {args.deals}`: `bpp-dbn` plays (sampled curves) {args.deals:,} "
        f"duplicate deals against each opponent (seeds {SEEDS}); a `bpp` instance watches from the same seat and learns "
        "from the same showdowns. Brier score = mean (P(win) − outcome)², outcome 1 / ½ / 0; lower is better. "
        "Δ = DBN − bpp, 95% CI over deals. Bias = mean predicted − mean outcome. The last column: how far the DBN's "
        "P(win) moves from the per-round network's at the same decision.\n",
        "| opponent | round | decisions | Brier DBN | Brier bpp | Δ ± 95% CI | bias DBN | bias bpp | mean abs(P_DBN − P_bpp) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    cells = ["\n## The cells where the per-round network was most biased: opponent aggressive, BPP showing higher\n",
             "| opponent | round | decisions | DBN predicted | bpp predicted | true ± 95% CI |", "|---|---|---|---|---|---|"]
    total = []
    for opponent in tqdm(OPPONENTS, desc="opponents"):
        rec = decision_records("bpp-dbn", opponent, n_deals=args.deals, rng=SEEDS[opponent], shadows=("bpp",))
        for row in brier_rows(rec):
            out.append(
                f"| {opponent} | {row['round']} | {row['n']} | {row['brier_dbn']:.4f} | {row['brier_bpp']:.4f} | "
                f"{row['diff']:+.4f} ± {row['ci95']:.4f} | {row['bias_dbn']:+.3f} | {row['bias_bpp']:+.3f} | {row['moved']:.3f} |"
            )
        total.append(rec)
        theirs = dict(rec, p_win=rec["p_win_bpp"])
        for mine, other in zip(calibration_table(rec), calibration_table(theirs)):
            if mine["opp_action"] == "aggressive" and mine["showing"] == "bpp_higher" and mine["n"] >= 30:
                cells.append(f"| {opponent} | {mine['round']} | {mine['n']} | {mine['predicted']:.3f} | {other['predicted']:.3f} | "
                             f"{mine['true']:.3f} ± {mine['ci95']:.3f} |")
        print(out[-1], flush=True)
    # all opponents pooled (deals renumbered so that clustering stays per deal)
    pooled = {k: np.concatenate([r[k] for r in total]) for k in ("round", "true_win", "p_win", "p_win_bpp")}
    pooled["deal"] = np.concatenate([r["deal"] + i * args.deals for i, r in enumerate(total)])
    for row in brier_rows(pooled):
        out.append(
            f"| **all** | {row['round']} | {row['n']} | {row['brier_dbn']:.4f} | {row['brier_bpp']:.4f} | "
            f"{row['diff']:+.4f} ± {row['ci95']:.4f} | {row['bias_dbn']:+.3f} | {row['bias_bpp']:+.3f} | {row['moved']:.3f} |"
        )
    paired = ["\n## Paired winnings on the same deals: DBN − bpp, units per hand\n",
              "| opponent | play | bpp-dbn | bpp | DBN − bpp ± 95% CI (t) |", "|---|---|---|---|---|"]
    for opponent, rec in zip(OPPONENTS, total):
        for play in ("sample", "argmax"):
            mine = rec["winnings"] if play == "sample" else decision_records(
                "bpp-dbn", opponent, n_deals=args.deals, rng=SEEDS[opponent], play=play)["winnings"]
            theirs = decision_records("bpp", opponent, n_deals=args.deals, rng=SEEDS[opponent], play=play)["winnings"]
            diff = mine - theirs
            se = diff.std(ddof=1) / np.sqrt(diff.size)
            paired.append(f"| {opponent} | {play} | {mine.mean():+.3f} | {theirs.mean():+.3f} | "
                          f"{diff.mean():+.3f} ± {1.96 * se:.3f} (t {diff.mean() / se:.1f}) |")
            print(paired[-1], flush=True)
    args.out.write_text("\n".join(out + cells + paired) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

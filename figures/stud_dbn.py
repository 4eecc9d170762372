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

The steps are those of the registered ``bpp-dbn`` experiment
(:func:`bpp.reproduce.stud_calibration.dbn_run`, one per opponent);
``--from-run OUT`` reads them from a paper-scale ``bpp reproduce --out OUT`` run.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bpp.reproduce.script import run_script, step_results
from bpp.reproduce.stud_calibration import brier_rows, dbn_steps
from bpp.reproduce.stud_cells import OPPONENTS, SEEDS  # the opponents and seeds of the variants table


def _brier_line(who: str, row: dict) -> str:
    return (f"| {who} | {row['round']} | {row['n']} | {row['brier_dbn']:.4f} | {row['brier_bpp']:.4f} | "
            f"{row['diff']:+.4f} ± {row['ci95']:.4f} | {row['bias_dbn']:+.3f} | {row['bias_bpp']:+.3f} | {row['moved']:.3f} |")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000, help="duplicate deals per opponent (default 5000)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stud_dbn.md"))
    parser.add_argument("--from-run", type=Path, metavar="OUT", help="read the steps from this bpp reproduce run (bpp-dbn)")
    args = parser.parse_args(argv)
    runs = step_results("bpp-dbn", dbn_steps(args.deals), from_run=args.from_run, progress=True)
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
    for opponent in OPPONENTS:
        run = runs[opponent]
        out += [_brier_line(opponent, row) for row in brier_rows([run])]
        for mine, other in zip(run["calibration"]["dbn"], run["calibration"]["bpp"]):
            if mine["opp_action"] == "aggressive" and mine["showing"] == "bpp_higher" and mine["n"] >= 30:
                cells.append(f"| {opponent} | {mine['round']} | {mine['n']} | {mine['predicted']:.3f} | {other['predicted']:.3f} | "
                             f"{mine['true']:.3f} ± {mine['ci95']:.3f} |")
    out += [_brier_line("**all**", row) for row in brier_rows([runs[o] for o in OPPONENTS])]  # pooled, clustered per deal
    paired = ["\n## Paired winnings on the same deals: DBN − bpp, units per hand\n",
              "| opponent | play | bpp-dbn | bpp | DBN − bpp ± 95% CI (t) |", "|---|---|---|---|---|"]
    for opponent in OPPONENTS:
        for play in ("sample", "argmax"):
            p = runs[opponent]["paired"][play]
            paired.append(f"| {opponent} | {play} | {p['dbn']:+.3f} | {p['bpp']:+.3f} | "
                          f"{p['diff']:+.3f} ± {1.96 * p['se']:.3f} (t {p['diff'] / p['se']:.1f}) |")
    args.out.write_text("\n".join(out + cells + paired) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

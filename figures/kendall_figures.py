"""Kendall2001 Figures 4, 5 and 6, and the five-seed spread of the learning curves.

Run: ``python figures/kendall_figures.py`` (about 30 s), or
``python figures/kendall_figures.py --from-run OUT`` to draw the learning
curves from the ``kendall-training`` steps of a paper-scale
``bpp reproduce --out OUT`` run (the defaults here are that scale's steps;
Figure 6's one session is played here).  The sessions are the registered
steps :func:`bpp.reproduce.kendall.training` (one per table and seed) and
:func:`bpp.reproduce.kendall.figure6`.  Writes

* ``kendall_figure4.png`` — the learning curve against a loose-aggressive
  table (the evolving player's bankroll per epoch, 5,000 epochs, seed 1),
  with the epochs the paper names (losing until 350, learning "almost
  complete" by 1300) marked;
* ``kendall_figure5.png`` — the same against a tight-aggressive table (the
  paper: losing until 650, level until 2650, back in the black by 3600);
* ``kendall_spread.png`` — beyond the paper: the curves of five seeds at
  each of the two tables and at the mixed table, the mean bold and the range
  shaded, to show whether one curve is typical;
* ``kendall_figure6.png`` — the mixed table of Figure 6: a player trained
  for 5,000 epochs at the mixed table (seed 1) then plays 1,000 hands, its
  values frozen, against one player of each style; every seat's bankroll.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from types import SimpleNamespace

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from bpp.kendall.plots import plot_learning_curves, plot_table_bankrolls  # noqa: E402
from bpp.plots import save_figure  # noqa: E402
from bpp.reproduce.kendall import TRAINING_TABLES, training_steps  # noqa: E402
from bpp.reproduce.registry import Step  # noqa: E402
from bpp.reproduce.script import run_script, step_results  # noqa: E402

HERE = Path(__file__).resolve().parent
#: Epochs the paper's text names for its Figures 4 and 5 (Kendall2001 §3).
PAPER_MARKS = {"loose-aggressive": (350, 1300), "tight-aggressive": (650, 2650, 3600)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=5000)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--from-run", type=Path, metavar="OUT", help="read the training sessions from this bpp reproduce run")
    args = parser.parse_args(argv)
    steps = training_steps(args.epochs, args.seeds)
    results = step_results("kendall-training", steps, from_run=args.from_run)
    sessions = {t: [SimpleNamespace(curve=np.array(results[f"{t} {s}"]["curve"]), table_name=t, seed=s)
                    for s in range(1, args.seeds + 1)] for t in TRAINING_TABLES}
    for number, table in ((4, "loose-aggressive"), (5, "tight-aggressive")):
        fig, ax = plt.subplots(figsize=(7.5, 4))
        plot_learning_curves(sessions[table][0], ax=ax, label=f"evolving player at a {table} table (seed 1)")
        for i, epoch in enumerate(PAPER_MARKS[table]):
            ax.axvline(epoch, color="0.5", lw=0.8, ls=":", label="epochs the paper's text names" if i == 0 else None)
        ax.legend(frameon=False, fontsize="small")
        ax.set_title(f"Figure {number}: learning curve against {table.replace('-', ' ')} players")
        save_figure(fig, HERE / f"kendall_figure{number}.png", dpi=120)
        curve = sessions[table][0].curve
        print(f"Figure {number} ({table}, seed 1): lowest {curve.min():,} at epoch {curve.argmin() + 1}, "
              f"bankroll at 1000/2000/3000/4000/5000: {[int(curve[e - 1]) for e in (1000, 2000, 3000, 4000, args.epochs)]}")
    fig, axes = plt.subplots(1, 3, figsize=(15, 4), sharey=True)
    for ax, (table, runs) in zip(axes, sessions.items()):
        plot_learning_curves(runs, ax=ax, spread=True, label=f"mean of {len(runs)} seeds")
        ax.set_title(f"{table} table")
        lows = [int(r.curve.argmin()) + 1 for r in runs]
        finals = [int(r.curve[-1]) for r in runs]
        print(f"spread at {table}: lowest point at epochs {lows}; final bankrolls {finals}")
    save_figure(fig, HERE / "kendall_spread.png", dpi=110)
    six = Step("figure 6", "bpp.reproduce.kendall:figure6",
               {"table": "mixed", "epochs": args.epochs, "hands": 1000, "train_rng": 1, "rng": 2001})
    record = SimpleNamespace(bankrolls=np.array(step_results("kendall-training", [six])["figure 6"]["bankrolls"]))
    fig, ax = plt.subplots(figsize=(7.5, 4))
    plot_table_bankrolls(record, ["evolving (trained)", "loose-aggressive", "loose-passive", "tight-aggressive", "tight-passive"], ax=ax,
                         title="Figure 6: a table of each type of player (1,000 hands after training)")
    save_figure(fig, HERE / "kendall_figure6.png", dpi=120)
    print("Figure 6 final bankrolls:", record.bankrolls[-1].tolist())
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

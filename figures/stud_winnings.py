"""BPP's Figure 3 (Korb1999 §5.2): cumulative winnings against the probabilistic and rule-based players.

Run: ``.venv/bin/python figures/stud_winnings.py [--deals 5000]`` (about
3 min).  Writes ``figures/stud_winnings.png``: one BPP per opponent plays the
whole run, learning its opponent model as in the paper (fixed seeds,
:data:`bpp.stud.experiments.SEEDS`), and its cumulative winnings in betting
units are drawn with the mean ± 95 % CI per hand in the legend — the paper's
network (``bpp``, faint) and the card-level network of
:mod:`bpp.stud.players.cardlevel` (``bpp-card``, bold) on the same deals.  Unlike
the paper, every deal is played from both seats (duplicate), which removes
most of the luck of the cards: with single hands 2,000 games leave a 95 %
interval of about ±0.2 units/hand, wider than the effects drawn.

Each match is the registered step :func:`bpp.reproduce.stud.significance`
(the cells of ``bpp-significance`` and ``bpp-variants``); ``--from-run OUT``
reads them from a ``bpp reproduce --out OUT`` run that played them
(``bpp-variants`` at paper scale plays ``bpp`` on 5,000 deals).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from types import SimpleNamespace

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from bpp.plots import save_figure  # noqa: E402
from bpp.reproduce.registry import Step  # noqa: E402
from bpp.reproduce.script import run_script, step_results  # noqa: E402
from bpp.stud.experiments import SEEDS, plot_cumulative_winnings  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000, help="duplicate deals against each opponent (default 5000)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stud_winnings.png"))
    parser.add_argument("--from-run", type=Path, metavar="OUT", help="read the matches from this bpp reproduce run")
    args = parser.parse_args(argv)
    steps = [Step(f"{player} vs {opponent}", "bpp.reproduce.stud:significance",
                  {"opponent": opponent, "n_hands": args.deals, "rng": SEEDS[opponent], "player": player, "duplicate": True,
                   "play": "sample"})
             for player in ("bpp", "bpp-card") for opponent in ("prob", "rules")]
    results = {}
    for name, r in step_results("bpp-variants", steps, from_run=args.from_run).items():
        results[name] = SimpleNamespace(players=[SimpleNamespace(bankroll=np.asarray(r["bankroll"]), mean=r["mean"],
                                                                 ci95=tuple(r["ci95"]))])
        print(f"{name}: {r['mean']:+.3f} units/hand, 95% CI [{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}], "
              f"t = {r['t']:.2f}, p = {r['p']:.2g}")
    fig, ax = plt.subplots(figsize=(8, 4.5))
    lines = plot_cumulative_winnings(results, ax=ax)
    for line, partner in zip(lines[2:], lines[:2]):  # one colour per opponent; the paper's network faint
        line.set_color(partner.get_color())
        line.set_linewidth(1.8)
        partner.set_alpha(0.45)
        partner.set_linewidth(1.0)
    ax.legend(frameon=False, fontsize="small", title="match")
    ax.set_xlabel("hands (every deal played from both seats)")
    save_figure(fig, args.out, dpi=120)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

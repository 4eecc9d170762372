"""BPP's Figure 3 (seed 002 §5.2): cumulative winnings against the probabilistic and rule-based players.

Run: ``.venv/bin/python figures/stud_winnings.py [--hands 2000]``.  Writes
``figures/stud_winnings.png``: one BPP per opponent plays the whole run,
learning its opponent model as in the paper (fixed seeds,
:data:`bpp.stud.experiments.SEEDS`), and its cumulative winnings in betting
units are drawn with the mean ± 95 % CI per hand in the legend — the paper's
network (``bpp``, solid) and the card-level network of
:mod:`bpp.stud.cardlevel` (``bpp-card``, dashed) on the same deals.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from bpp.stud.experiments import cumulative_winnings, plot_cumulative_winnings  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="games against each opponent (default 2000)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stud_winnings.png"))
    args = parser.parse_args(argv)
    results = {}
    for player in ("bpp", "bpp-card"):
        for opponent in ("prob", "rules"):
            result, _ = cumulative_winnings(opponent, n_hands=args.hands, player=player)
            results[f"{player} vs {opponent}"] = result
            bpp = result.players[0]
            print(
                f"{player} vs {opponent}: {bpp.mean:+.3f} units/hand, 95% CI [{bpp.ci95[0]:+.3f}, {bpp.ci95[1]:+.3f}], "
                f"t = {bpp.t:.2f}, p = {bpp.p:.2g}"
            )
    fig, ax = plt.subplots(figsize=(8, 4.5))
    lines = plot_cumulative_winnings(results, ax=ax)
    for line in lines[2:]:
        line.set_linestyle("--")
    for line, partner in zip(lines[2:], lines[:2]):
        line.set_color(partner.get_color())
    ax.legend(frameon=False, fontsize="small", title="match")
    fig.tight_layout()
    fig.savefig(args.out, dpi=120)
    plt.close(fig)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""BPP's Figure 2 (Korb1999 §4.1): the betting curves of the fitted parameters.

Run: ``.venv/bin/python figures/stud_curves.py``.  Writes ``figures/stud_curves.png``:
left, the final round's unnormalized fold, call and bet curves of eq. (8)-(10)
against d = P(win) - θ, as in Figure 2; right, the normalized probabilities of
all four rounds.  The parameters are ``bpp/models/stud/curves.json``, found by the
stochastic search of ``python -m bpp.stud.experiments.search`` against the rule-based player.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from bpp.plots import save_figure  # noqa: E402
from bpp.stud.decision.curves import CURVES_PATH, load_params, plot_betting_curves  # noqa: E402
from bpp.reproduce.script import run_script  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--params", type=Path, default=CURVES_PATH, help="curve parameters (JSON)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stud_curves.png"))
    args = parser.parse_args(argv)
    params = load_params(args.params)
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    plot_betting_curves(params, ax=left, rounds=(3,))
    left.set_title("Final round betting curves (Figure 2): eq. (8)-(10), unnormalized", fontsize=10)
    plot_betting_curves(params, ax=right, rounds=(0, 1, 2, 3), normalized=True)
    right.set_title("Normalized, all rounds (solid = round 3 … dash-dot = round 0)", fontsize=10)
    right.legend(frameon=False, fontsize=6, ncol=2)
    save_figure(fig, args.out, dpi=120)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

"""BPP's Figure 1 (seed 002 §3.1): the Bayesian network structure used in each betting round.

Run: ``.venv/bin/python figures/stud_network.py``.  Writes ``figures/stud_network.png``:
the seven nodes and six arcs of Figure 1, observed nodes (BPP_Current,
OPP_Upcards, OPP_Action) shaded, each labelled with its number of states in
rounds 0/1/2/3 (after 2, 3, 4 and 5 cards).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from bpp.plots import save_figure  # noqa: E402
from bpp.stud.model.networks import draw_network  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stud_network.png"))
    args = parser.parse_args(argv)
    fig, ax = plt.subplots(figsize=(6.4, 5.4))
    draw_network(ax=ax)
    ax.set_title("Bayesian Poker network (Korb et al. 1999, Figure 1)\nstates in rounds 0/1/2/3; shaded = observed", fontsize=9)
    save_figure(fig, args.out, dpi=120)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

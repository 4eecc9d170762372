"""BPP's Figure 1 (Korb1999 §3.1): the Bayesian network structure used in each betting round, and every §6 variant's.

Run: ``.venv/bin/python figures/stud_network.py``.  Writes ``figures/stud_network.png``:
the seven nodes and six arcs of Figure 1, observed nodes (BPP_Current,
OPP_Upcards, OPP_Action) shaded, each labelled with its number of states in
rounds 0/1/2/3 (after 2, 3, 4 and 5 cards).  With ``--variant NAME`` (a name of
:data:`bpp.stud_variants.STUD_VARIANTS`: ``up``, ``linked``, ``actions``, ``bluff`` …) it
draws that variant's networks instead, the nodes and arcs Figure 1 lacks in red,
into ``figures/stud_network_<variant>.png`` (``dbn``: ``bpp-dbn``'s four time slices, the
arcs between slices in red).  ``--variant multi`` draws ``bpp-multi``'s network for a
``--seats`` table (default 3; Korb1999 §6.2): one opponent sub-network per live opponent
and the OPP_Top chain into BPP_Win.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from bpp.plots import save_figure  # noqa: E402
from bpp.stud.model.dbn import draw_dbn  # noqa: E402
from bpp.stud.model.drawing import draw_network  # noqa: E402
from bpp.stud.model.multi import draw_multi_network  # noqa: E402
from bpp.stud.players.variants import VARIANTS  # noqa: E402
from bpp.stud_variants import STUD_VARIANTS  # noqa: E402
from bpp.reproduce.script import run_script  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=tuple(STUD_VARIANTS) + ("multi",), default="paper")
    parser.add_argument("--seats", type=int, default=3, help="table size drawn by --variant multi (default 3)")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.out is None:
        name = "stud_network.png" if args.variant == "paper" else f"stud_network_{args.variant}.png"
        args.out = Path(__file__).with_name(name)
    if args.variant == "multi":
        fig, ax = plt.subplots(figsize=(2.6 * args.seats, 6.0))
        draw_multi_network(ax=ax, n_seats=args.seats)
        ax.set_title(
            f"bpp-multi: one opponent sub-network per seat, {args.seats} seats (Korb et al. 1999, §6.2)\n"
            "states in round 0; shaded = observed, orange = deterministic (best type, count)", fontsize=9,
        )
        save_figure(fig, args.out, dpi=120)
        print(f"wrote {args.out}")
        return 0
    variant = VARIANTS[args.variant]
    if STUD_VARIANTS[args.variant].drawing == "dbn":  # four time slices (Korb1999 §6.3), not one round's network: red = the arcs between slices
        fig, ax = plt.subplots(figsize=(11.0, 6.0))
        draw_dbn(ax=ax)
        ax.set_title(f"{variant.title}\nstates per slice t; shaded = observed; red = arcs between slices", fontsize=9)
        save_figure(fig, args.out, dpi=120)
        print(f"wrote {args.out}")
        return 0
    fig, ax = plt.subplots(figsize=(6.4, 5.4) if len(variant.layout) < 2 else (6.4, 6.4))
    draw_network(ax=ax, networks=variant.networks(), layout=variant.layout, observed=variant.observed)
    ax.set_title(f"{variant.title}\nstates in rounds 0/1/2/3; shaded = observed; red = not in Figure 1", fontsize=9)
    save_figure(fig, args.out, dpi=120)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

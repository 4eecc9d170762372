"""BPP's Figure 1 (Korb1999 §3.1): the Bayesian network structure used in each betting round.

Run: ``.venv/bin/python figures/stud_network.py``.  Writes ``figures/stud_network.png``:
the seven nodes and six arcs of Figure 1, observed nodes (BPP_Current,
OPP_Upcards, OPP_Action) shaded, each labelled with its number of states in
rounds 0/1/2/3 (after 2, 3, 4 and 5 cards).  With ``--variant linked`` / ``actions`` it draws
a §6 variant instead (``bpp-linked``: the arc BPP_Final → OPP_Final in red; ``bpp-actions``:
OPP_Action with 4 states; ``dbn``: ``bpp-dbn``'s four time slices, §6.3) into
``figures/stud_network_<variant>.png``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from bpp.plots import save_figure  # noqa: E402
from bpp.stud.model.dbn import draw_dbn  # noqa: E402
from bpp.stud.model.networks import NETWORK_VARIANTS, draw_network  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=tuple(NETWORK_VARIANTS) + ("dbn",), default="paper")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.out is None:
        name = "stud_network.png" if args.variant == "paper" else f"stud_network_{args.variant}.png"
        args.out = Path(__file__).with_name(name)
    if args.variant == "dbn":  # bpp-dbn (Korb1999 §6.3): four time slices, not a variant of one round's network
        fig, ax = plt.subplots(figsize=(11.0, 6.0))
        draw_dbn(ax=ax)
        ax.set_title("bpp-dbn: the four rounds as time slices of one network (Korb et al. 1999, §6.3)\n"
                     "states per slice t; shaded = observed; red = arcs between slices", fontsize=9)
        save_figure(fig, args.out, dpi=120)
        print(f"wrote {args.out}")
        return 0
    fig, ax = plt.subplots(figsize=(6.4, 5.4))
    draw_network(ax=ax, variant=args.variant)
    title = {
        "paper": "Bayesian Poker network (Korb et al. 1999, Figure 1)",
        "linked": "bpp-linked: Figure 1 + BPP_Final → OPP_Final (Korb et al. 1999, §6.1)",
        "actions": "bpp-actions: OPP_Action = pass/call/bet/raise (Korb et al. 1999, §6.1)",
    }[args.variant]
    ax.set_title(f"{title}\nstates in rounds 0/1/2/3; shaded = observed", fontsize=9)
    save_figure(fig, args.out, dpi=120)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

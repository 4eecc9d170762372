"""BPP's Figure 1 (Korb1999 §3.1): the Bayesian network structure used in each betting round.

Run: ``.venv/bin/python figures/stud_network.py``.  Writes ``figures/stud_network.png``:
the seven nodes and six arcs of Figure 1, observed nodes (BPP_Current,
OPP_Upcards, OPP_Action) shaded, each labelled with its number of states in
rounds 0/1/2/3 (after 2, 3, 4 and 5 cards).  With ``--variant linked`` / ``actions`` / ``showing`` it draws
a §6 variant instead (``bpp-linked``: the arc BPP_Final → OPP_Final in red; ``bpp-actions``:
OPP_Action with 4 states; ``bpp-showing``: BPP_Upcards and BPP_Strength, whose state picks the
curves) into ``figures/stud_network_<variant>.png``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from bpp.plots import save_figure  # noqa: E402
from bpp.stud.model.networks import NETWORK_VARIANTS, draw_network  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=tuple(NETWORK_VARIANTS), default="paper")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.out is None:
        name = "stud_network.png" if args.variant == "paper" else f"stud_network_{args.variant}.png"
        args.out = Path(__file__).with_name(name)
    fig, ax = plt.subplots(figsize=(7.4, 6.4) if args.variant == "showing" else (6.4, 5.4))
    draw_network(ax=ax, variant=args.variant)
    title = {
        "paper": "Bayesian Poker network (Korb et al. 1999, Figure 1)",
        "linked": "bpp-linked: Figure 1 + BPP_Final → OPP_Final (Korb et al. 1999, §6.1)",
        "actions": "bpp-actions: OPP_Action = pass/call/bet/raise (Korb et al. 1999, §6.1)",
        "showing": "bpp-showing: + BPP_Upcards and BPP_Strength (hidden/showing) (Korb et al. 1999, §6.1)",
    }[args.variant]
    ax.set_title(f"{title}\nstates in rounds 0/1/2/3; shaded = observed", fontsize=9)
    save_figure(fig, args.out, dpi=120)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""How much BPP's network leaves on the table against the rule-based player (Korb1999 §3-§5).

Run: ``.venv/bin/python figures/stud_gap.py [--deals 5000]`` (about 3 min).  Writes
``figures/stud_gap.png``: on the same duplicate deals against ``rules``
(seed 2002), the cumulative winnings of the paper's BPP (Figure 1's network),
``bpp-up`` (the §6.1 link from BPP's up cards to OPP_Action), ``bpp-card``
(the card-level, all-rounds network of :mod:`bpp.stud.players.cardlevel`, learned)
and ``rules-reader`` — the same θ, curves and bluff fed by the exact
posterior over the rule-based player's down card (:mod:`bpp.stud.players.reference`),
and the paper's network again, playing the most probable action of the same
curves (``play="argmax"``).  Between the two ``bpp`` lines (same network)
lies what sampling the curves costs; between ``bpp`` and ``bpp-card`` (both
sampled) what the network's P(win) bias after Figure 4's bets costs
(:mod:`bpp.stud.players.paper`).
The BPPs learn throughout the run; the legend gives mean ± 95 % CI.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from bpp.plots import save_figure  # noqa: E402
from bpp.stud.experiments import plot_cumulative_winnings, significance  # noqa: E402
from holdem.games import Stud5  # noqa: E402
from holdem.match import play_match  # noqa: E402
from bpp.reproduce.script import run_script  # noqa: E402

SEED = 2002


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000, help="duplicate deals (each played from both seats; default 5000)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stud_gap.png"))
    args = parser.parse_args(argv)
    results = {
        "bpp (Figure 1 network)": significance("rules", n_hands=args.deals, rng=SEED, duplicate=True).match,
        "bpp, argmax (same network, deterministic play)": significance(
            "rules", n_hands=args.deals, rng=SEED, duplicate=True, play="argmax"
        ).match,
        "bpp-up (§6.1 link)": significance("rules", n_hands=args.deals, rng=SEED, duplicate=True, upcards_link=True).match,
        "bpp-card (§6.1/§6.3 card-level network)": significance(
            "rules", n_hands=args.deals, rng=SEED, duplicate=True, player="bpp-card"
        ).match,
        "rules-reader (exact inference)": play_match(Stud5(), ["rules-reader", "rules"], args.deals, rng=SEED, duplicate=True, progress=True),
    }
    for name, result in results.items():
        p = result.players[0]
        print(f"{name}: {p.mean:+.3f} units/hand, 95% CI [{p.ci95[0]:+.3f}, {p.ci95[1]:+.3f}], t = {p.t:.2f}, p = {p.p:.2g}")
    fig, ax = plt.subplots(figsize=(8, 4.5))
    plot_cumulative_winnings(results, ax=ax)
    ax.set_title("Against the rule-based player, same deals: networks, play, exact inference")
    ax.set_xlabel("hands (every deal played from both seats)")
    ax.set_ylabel("cumulative winnings (betting units)")
    ax.legend(frameon=False, fontsize="small", title=f"player (vs rules, seed {SEED})")
    save_figure(fig, args.out, dpi=120)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

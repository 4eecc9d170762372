"""BPP's §6 variants against every stud opponent on duplicate deals (issue 12 §3; Korb1999 §6.1).

Run: ``python figures/stud_variants.py [--deals 5000]``.  Writes
``figures/stud_variants.md``: ``bpp-linked`` (the arc BPP_Final → OPP_Final)
``bpp-actions`` (OPP_Action = pass / call / bet / raise) and ``bpp-bluff`` (an
OPP_Bluff node learned from showdowns), each as the paper
plays (sampling the curves) and with ``play="argmax"``, against ``rules``,
``prob``, ``bluffer``, ``slowplay`` and ``loose``; one learning instance per
cell, ``--deals`` duplicate deals, the seeds of ``figures/stud_opponents.py``
(so its ``bpp`` rows are the paper's network on the same deals); mean ± 95 %
CI in betting units per hand and the two-tailed t
(:func:`bpp.stud.experiments.significance`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tqdm import tqdm

import bpp.registry  # noqa: F401 - agent names
from bpp.stud.experiments import significance

PLAYERS = tuple((p, play) for play in ("sample", "argmax") for p in ("bpp-linked", "bpp-actions", "bpp-bluff"))
OPPONENTS = ("rules", "prob", "bluffer", "slowplay", "loose")
#: One seed per opponent: those of figures/stud_opponents.py (same deals as its bpp rows).
SEEDS = {"rules": 2002, "prob": 1999, "bluffer": 1201, "slowplay": 1202, "loose": 1203}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000, help="duplicate deals per cell (default 5000)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stud_variants.md"))
    args = parser.parse_args(argv)
    lines = [
        "# BPP's §6 variants against every stud opponent (issue 12 §3)\n",
        f"Written by `python figures/stud_variants.py --deals {args.deals}`: {args.deals:,} duplicate deals per cell "
        f"({2 * args.deals:,} hands), one learning instance per cell, seeds {SEEDS} (those of "
        "`figures/stud_opponents.md`, whose `bpp` rows are the paper's network on the same deals); "
        "the variant's mean winnings ± 95% CI in betting units per hand (t).\n",
        "| player | " + " | ".join(f"vs {o}" for o in OPPONENTS) + " |",
        "|---|" + "---|" * len(OPPONENTS),
    ]
    for player, play in tqdm(PLAYERS, desc="players"):
        row = f"| `{player}`" + ("" if play == "sample" else ", argmax") + " |"
        for opponent in OPPONENTS:
            r = significance(opponent, n_hands=args.deals, seed=SEEDS[opponent], duplicate=True, player=player, play=play)
            half = (r.ci95[1] - r.ci95[0]) / 2
            row += f" {r.mean:+.3f} ± {half:.3f} (t {r.t:.1f}) |"
            print(player, play, opponent, f"{r.mean:+.3f} ± {half:.3f} (t {r.t:.1f})", flush=True)
        lines.append(row)
        args.out.write_text("\n".join(lines) + "\n")  # row by row, so a long run shows what it has
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

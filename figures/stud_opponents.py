"""Which BPP generalises: every BPP variant against every stud opponent on duplicate deals (Korb1999 §5.2, §6.1).

Run: ``python figures/stud_opponents.py [--deals 5000]`` (about 30 min on one
core).  Writes ``figures/stud_opponents.md``: for each BPP — ``bpp`` (the
paper's network, Figure 1), ``bpp-up`` (§6.1's BPP Upcards link),
``bpp-card`` (the card-level, all-rounds network) — and each opponent —
``rules`` and ``prob`` (§5.1) and the three opponents of
:mod:`bpp.stud.opponents.styles` whose betting is not built like Figure 4's
(``bluffer``, ``slowplay``, ``loose``) — one learning BPP instance plays
``--deals`` duplicate deals (both seats), as the paper plays (sampling
the curves) and with ``play="argmax"``, one fixed seed per cell
(:data:`SEEDS`); mean ± 95 % CI in betting units per hand and the
two-tailed t-test (:func:`bpp.stud.experiments.significance`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tqdm import tqdm

import bpp.registry  # noqa: F401 - agent names
from bpp.stud.experiments import significance

#: (player, play): each BPP as the paper plays (sampling the curves) and playing their most probable action.
PLAYERS = tuple((p, play) for play in ("sample", "argmax") for p in ("bpp", "bpp-up", "bpp-card"))
OPPONENTS = ("rules", "prob", "bluffer", "slowplay", "loose")
#: One seed per cell (player, opponent): the opponent's seed of §5.2 for rules and prob, fixed others for the rest.
SEEDS = {"rules": 2002, "prob": 1999, "bluffer": 1201, "slowplay": 1202, "loose": 1203}


def write_table(players, title: str, intro: str, out: Path, deals: int) -> None:
    """Play every (player, play) of ``players`` against every opponent and write the markdown table, row by row."""
    lines = [f"# {title}\n", intro + "\n", "| player | " + " | ".join(f"vs {o}" for o in OPPONENTS) + " |",
             "|---|" + "---|" * len(OPPONENTS)]
    for player, play in tqdm(players, desc="players"):
        row = f"| `{player}`" + ("" if play == "sample" else ", argmax") + " |"
        for opponent in OPPONENTS:
            r = significance(opponent, n_hands=deals, seed=SEEDS[opponent], duplicate=True, player=player, play=play)
            half = (r.ci95[1] - r.ci95[0]) / 2
            row += f" {r.mean:+.3f} ± {half:.3f} (t {r.t:.1f}) |"
            print(player, play, opponent, f"{r.mean:+.3f} ± {half:.3f} (t {r.t:.1f})", flush=True)
        lines.append(row)
        out.write_text("\n".join(lines) + "\n")  # row by row, so a long run shows what it has
    print(f"wrote {out}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000, help="duplicate deals per cell (default 5000)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stud_opponents.md"))
    args = parser.parse_args(argv)
    write_table(
        PLAYERS, "Every BPP against every stud opponent",
        f"Written by `python figures/stud_opponents.py --deals {args.deals}`: {args.deals:,} duplicate deals per cell "
        f"({2 * args.deals:,} hands), one learning instance per cell, seeds {SEEDS}; "
        "BPP's mean winnings ± 95% CI in betting units per hand (t).",
        args.out, args.deals)
    return 0

if __name__ == "__main__":
    raise SystemExit(main())

"""BPP's §6 variants against every stud opponent on duplicate deals (Korb1999 §6.1).

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

from stud_opponents import SEEDS, write_table  # the same opponents, seeds and table (this folder is on sys.path)

PLAYERS = tuple((p, play) for play in ("sample", "argmax") for p in ("bpp-linked", "bpp-actions", "bpp-bluff"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000, help="duplicate deals per cell (default 5000)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stud_variants.md"))
    args = parser.parse_args(argv)
    write_table(
        PLAYERS, "BPP's §6 variants against every stud opponent",
        f"Written by `python figures/stud_variants.py --deals {args.deals}`: {args.deals:,} duplicate deals per cell "
        f"({2 * args.deals:,} hands), one learning instance per cell, seeds {SEEDS} (those of "
        "`figures/stud_opponents.md`, whose `bpp` rows are the paper's network on the same deals); "
        "the variant's mean winnings ± 95% CI in betting units per hand (t).",
        args.out, args.deals)
    return 0

if __name__ == "__main__":
    raise SystemExit(main())

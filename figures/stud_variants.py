"""Every BPP variant of Korb1999 §6 against `bpp`, the §5.1 opponents and the new ones, on duplicate deals.

Run: ``python figures/stud_variants.py [--deals 5000] [--players NAME ...]``.
Writes ``figures/stud_variants.md``: each variant of :data:`PLAYERS` — the
paper's network ``bpp`` as the baseline row, then the §6 ideas — as the paper
plays (sampling the curves) and with ``play="argmax"``, against the paper's
network itself (``bpp``, one learning instance on the other seat), ``rules``
and ``prob`` (§5.1) and ``bluffer``, ``slowplay`` and ``loose``
(:mod:`bpp.stud.opponents.styles`); one learning instance per cell,
``--deals`` duplicate deals, one fixed seed per opponent (those of
``figures/stud_opponents.py``); mean ± 95 % CI in betting units per hand and
the two-tailed t (:func:`bpp.stud.experiments.significance`).

Every finished cell is appended to ``figures/stud_variants_runs/<player>.jsonl``
(append-only): a re-run reads the cells already played, an interrupted run
resumes, ``--players`` plays only the rows named (the table shows the
others as far as their runs files go), and ``--again`` plays rows again after
a change to the player (the last line of a cell counts).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from stud_opponents import OPPONENTS, SEEDS, write_table  # the same seeds and table (this folder is on sys.path)

#: Korb1999 §6 variants, the paper's network first (see each agent's docstring for its §6 idea).
VARIANTS = ("bpp", "bpp-up", "bpp-card", "bpp-linked", "bpp-actions", "bpp-bluff", "bpp-dbn", "bpp-showing")
PLAYERS = tuple((p, play) for play in ("sample", "argmax") for p in VARIANTS)
COLUMNS = ("bpp",) + OPPONENTS


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000, help="duplicate deals per cell (default 5000)")
    parser.add_argument("--players", nargs="+", choices=VARIANTS, help="play only these rows (default: all)")
    parser.add_argument("--again", nargs="+", choices=VARIANTS, default=(),
                        help="play these rows again after a change to the player (the old cells stay in the runs file)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stud_variants.md"))
    args = parser.parse_args(argv)
    write_table(
        PLAYERS, "BPP's §6 variants against the paper's network and every stud opponent",
        f"Written by `python figures/stud_variants.py --deals {args.deals}`: {args.deals:,} duplicate deals per cell "
        f"({2 * args.deals:,} hands), one learning instance per cell, seeds {SEEDS}; the variant's mean winnings "
        "± 95% CI in betting units per hand (t). Cells are kept in `figures/stud_variants_runs/`.",
        args.out, args.deals, opponents=COLUMNS, runs_dir=Path(__file__).with_name("stud_variants_runs"),
        play_only=set(args.players) | set(args.again) if args.players else None, again=set(args.again))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

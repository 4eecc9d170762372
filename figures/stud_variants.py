"""Every BPP variant of Korb1999 §6 against `bpp`, the §5.1 opponents and the new ones, on duplicate deals.

Run: ``python figures/stud_variants.py [--deals 5000] [--players NAME ...]``.
Writes ``figures/stud_variants.md``: each variant of :data:`PLAYERS` — the
paper's network ``bpp`` as the baseline row, then the §6 ideas — as the paper
plays (sampling the curves) and with ``play="argmax"``, against the paper's
network itself (``bpp``, one learning instance on the other seat), ``rules``
and ``prob`` (§5.1) and ``bluffer``, ``slowplay`` and ``loose``
(:mod:`bpp.stud.opponents.styles`); one learning instance per cell,
``--deals`` duplicate deals, one fixed seed per opponent (:data:`SEEDS`; those of §5.2 for
``rules`` and ``prob``); mean ± 95 % CI in betting units per hand and
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

from tqdm import tqdm

from bpp.reproduce.script import finished_cells, run_script
from bpp.reproduce.stud_cells import COLUMNS, PLAYERS, SEEDS, VARIANTS, cell_result


def write_table(players, title: str, intro: str, out: Path, deals: int, *, opponents, runs_dir: Path,
                play_only=None, again=()) -> None:
    """Write the markdown table of every (player, play) of ``players`` against every opponent.

    Cells come from ``runs_dir/<player>.jsonl`` (:func:`cell_result`); rows of
    ``play_only`` (a set of player names; None: all) are played when missing,
    the others are shown as far as they were played ("not run" otherwise);
    rows of ``again`` are played again (:func:`cell_result`).
    """
    lines = [f"# {title}\n", intro + "\n", "| player | " + " | ".join(f"vs {o}" for o in opponents) + " |",
             "|---|" + "---|" * len(opponents)]
    for player, play in tqdm(players, desc="players"):
        row = f"| `{player}`" + ("" if play == "sample" else ", argmax") + " |"
        runs = runs_dir / f"{player}.jsonl"
        for opponent in opponents:
            if play_only is None or player in play_only:
                cell = cell_result(player, play, opponent, deals, runs, again=player in again)
            else:
                cell = (finished_cells(runs, {"play": play, "opponent": opponent, "seed": SEEDS[opponent], "deals": deals})
                        or [None])[-1]
            if cell is None:
                row += " not run |"
                continue
            half = (cell["ci95"][1] - cell["ci95"][0]) / 2
            row += f" {cell['mean']:+.3f} ± {half:.3f} (t {cell['t']:.1f}) |"
        lines.append(row)
        out.write_text("\n".join(lines) + "\n")  # row by row, so a long run shows what it has
    print(f"wrote {out}")


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
    raise SystemExit(run_script(main))

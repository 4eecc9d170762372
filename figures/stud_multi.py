"""BPP at a multi-seat stud table (Korb1999 §6.2): ``bpp-multi`` against the table-as-one-opponent baseline, and P(win)'s calibration.

Run: ``nice -n 10 python figures/stud_multi.py [--deals 2000] [--seats 3 5] [--plays sample argmax]``.
Writes ``figures/stud_multi.md`` from ``figures/stud_multi_runs.jsonl`` (one
line per finished cell, appended; a cell already there is not replayed, so an
interrupted run resumes, and several runs, e.g. one per ``--seats``, can share
the file) and ``figures/stud_multi_calibration.jsonl`` (one line per table
size and model; ``--calibration-deals 0`` skips the calibration).

A thin call into the registered experiment ``bpp-multi``
(:mod:`bpp.reproduce.stud_multi`, which describes the winnings cells, the
calibration and the interrelation; its paper scale is this script's
defaults): the cells' seats, plays, opponents and sizes are this script's
options; ``--calibration-deals`` (default 1,000 per table size) and
``--interrelation-situations`` (default 300 per round and number of
opponents; ``figures/stud_multi_interrelation.jsonl``) size the other two.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
from tqdm import tqdm

from holdem.files import read_jsonl
from holdem.match.stats import summarize

from bpp.reproduce.script import cached_cell, run_script
from bpp.reproduce.stud_cells import PROBE_DEALS
from bpp.reproduce.stud_cells import OPPONENTS  # the opponents of the variants table
from bpp.reproduce.stud_multi import (CALIBRATION_COLUMNS, PLAYERS, calibration_run, calibration_table, decision_table,
                                      interrelation_run, interrelation_table, play_cell)

HERE = Path(__file__).resolve().parent


def _cell_key(seats, opponent, player, play, deals):
    return (int(seats), opponent, player, play, int(deals))


def read_runs(path: Path) -> dict:
    """Finished cells of the runs file, by (seats, opponent, player, play, deals)."""
    runs = {}
    for r in read_jsonl(path, fields=("seats", "opponent", "player", "play", "deals")):  # a damaged line is one ValueError naming the file and the line
        runs[_cell_key(r["seats"], r["opponent"], r["player"], r["play"], r["deals"])] = r
    return runs


def read_calibration(path: Path, deals: int) -> dict:
    """Calibration rows already computed for ``deals`` deals with every column of :data:`CALIBRATION_COLUMNS`, by table size (the last line wins)."""
    out = {}
    for r in read_jsonl(path, fields=("deals", "seats", "rows")):
        if r["deals"] == deals and tuple(r.get("columns", ())) == CALIBRATION_COLUMNS:
            out[r["seats"]] = [tuple(x) for x in r["rows"]]
    return out


def write_markdown(runs: dict, out: Path, args, calib: dict) -> None:
    done = [k for k in runs if k[4] == args.deals]
    all_seats = sorted(set(args.seats) | {k[0] for k in done})
    all_plays = [p for p in ("sample", "argmax") if p in args.plays or any(k[3] == p for k in done)]
    lines = [
        "# BPP at a multi-seat stud table (Korb1999 §6.2)\n",
        f"Written by `python figures/stud_multi.py --deals {args.deals} --seats {' '.join(map(str, all_seats))} "
        f"--plays {' '.join(all_plays)} --calibration-deals {args.calibration_deals}` "
        "(see the script's docstring): BPP against n − 1 copies of each opponent, every deal played in all n seat rotations; "
        "mean ± 95% CI in betting units per hand (t), and the paired difference `bpp-multi − bpp-strongest` on the same deals.\n",
    ]
    for seats in all_seats:
        for play in all_plays:
            lines += [f"## {seats} seats, play = {play}\n", "| player | " + " | ".join(f"vs {o}" for o in OPPONENTS) + " |",
                      "|---|" + "---|" * len(OPPONENTS)]
            cells = {p: [runs.get(_cell_key(seats, o, p, play, args.deals)) for o in OPPONENTS] for p in PLAYERS}
            for p in PLAYERS:
                row = f"| `{p}` |"
                for r in cells[p]:
                    row += " |" if r is None else f" {r['mean']:+.3f} ± {r['ci95'][1] - r['mean']:.3f} (t {r['t']:.1f}) |"
                lines.append(row)
            row = "| difference |"
            for a, b in zip(cells["bpp-multi"], cells["bpp-strongest"]):
                if a is None or b is None:
                    row += " |"
                    continue
                d = summarize((np.array(a["deal_half_units"]) - np.array(b["deal_half_units"])) / (2.0 * seats))
                row += f" {d.mean:+.3f} ± {d.ci95[1] - d.mean:.3f} (t {d.t:.1f}) |"
            lines += [row, ""]
    if calib:
        lines += ["## Calibration of P(win) against the dealt-out truth\n",
                  f"BPP in seat 0 against `rules`, {args.calibration_deals:,} deals per table size, sampled play; "
                  "truth = BPP's share of the pot had every live hand been dealt out.\n"]
        for seats, rows in sorted(calib.items()):
            lines += [f"### {seats} seats\n"] + calibration_table(rows) + [""]
            lines += [f"Facing a bet, {seats} seats:\n"] + decision_table(rows) + [""]
    inter = read_interrelation(args.interrelation, args.interrelation_situations)
    if inter:
        lines += ["## P(win)'s error from the network's reading of the table, by round and number of opponents\n",
                  f"{args.interrelation_situations} random visible situations a cell (nobody folded, no actions), "
                  f"{inter[0]['samples']:,} joint completions each; see the script's docstring.\n"]
        lines += interrelation_table(inter) + [""]
    out.write_text("\n".join(lines) + "\n")


def read_interrelation(path: Path, situations: int) -> list:
    """The interrelation rows for ``situations`` situations a cell (the last line wins), or []."""
    rows = []
    for r in read_jsonl(path, fields=("situations", "rows")):
        if r["situations"] == situations:
            rows = r["rows"]
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deals per cell (default 2000)")
    parser.add_argument("--seats", type=int, nargs="+", default=[3, 5])
    parser.add_argument("--plays", nargs="+", default=["sample", "argmax"], choices=["sample", "argmax"])
    parser.add_argument("--players", nargs="+", default=list(PLAYERS), choices=list(PLAYERS))
    parser.add_argument("--opponents", nargs="+", default=list(OPPONENTS), choices=list(OPPONENTS),
                        help="opponents to play, in this order (default all; the table always shows all)")
    parser.add_argument("--calibration-deals", type=int, default=1000)
    parser.add_argument("--interrelation-situations", type=int, default=300)
    parser.add_argument("--interrelation", type=Path, default=HERE / "stud_multi_interrelation.jsonl")
    parser.add_argument("--report", action="store_true", help="only write the markdown from the runs and calibration files")
    parser.add_argument("--runs", type=Path, default=HERE / "stud_multi_runs.jsonl")
    parser.add_argument("--calibration", type=Path, default=HERE / "stud_multi_calibration.jsonl")
    parser.add_argument("--out", type=Path, default=HERE / "stud_multi.md")
    args = parser.parse_args(argv)
    if args.deals < 2 or any(not 2 <= s <= 8 for s in args.seats):
        raise ValueError(f"--deals must be >= 2 and --seats in [2, 8]; got {args.deals}, {args.seats}")
    runs = read_runs(args.runs)
    calib = read_calibration(args.calibration, args.calibration_deals)
    if args.interrelation_situations > 0 and not args.report and not read_interrelation(args.interrelation, args.interrelation_situations):
        line = interrelation_run(args.interrelation_situations)
        with args.interrelation.open("a") as f:
            f.write(json.dumps(line) + "\n")
    if args.report:
        write_markdown(runs, args.out, args, calib)
        print(f"wrote {args.out}")
        return 0
    for seats in args.seats:
        if args.calibration_deals > 0 and seats not in calib:
            line = calibration_run(seats, args.calibration_deals)
            calib[seats] = line["rows"]
            with args.calibration.open("a") as f:
                f.write(json.dumps(line) + "\n")
    write_markdown(runs, args.out, args, calib)
    todo = [(s, o, p, play) for play in args.plays for s in args.seats for o in args.opponents for p in args.players
            if _cell_key(s, o, p, play, args.deals) not in runs]
    for seats, opponent, player, play in tqdm(todo, desc="cells"):
        # read again first: another run sharing the file may have played the cell meanwhile
        key = {"seats": seats, "opponent": opponent, "player": player, "play": play, "deals": args.deals}
        r = cached_cell(args.runs, key, lambda: play_cell(seats, opponent, player, play, args.deals),
                        probe=lambda: play_cell(seats, opponent, player, play, PROBE_DEALS))
        runs[_cell_key(seats, opponent, player, play, args.deals)] = r
        print(seats, opponent, player, play, f"{r['mean']:+.3f} ± {r['ci95'][1] - r['mean']:.3f} (t {r['t']:.1f})", flush=True)
        write_markdown(runs, args.out, args, calib)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

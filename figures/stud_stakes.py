"""BPP against ``rules`` and ``prob`` heads-up at table stakes (Korb1999 §6.2): winnings at deep and short stacks.

Run: ``nice -n 10 python figures/stud_stakes.py [--deals 2000] [--stacks none 40 20 10 6] [--opponents rules prob]``.
Each cell is a duplicate match of ``bpp`` (one learning instance) against
one opponent in ``Stud5(stacks=S)`` (``none``: no stacks, the paper's game),
``--deals`` deals each replayed in both seatings, the same seed in every
cell (so every cell plays the same deals).  Appends one line per finished
cell to ``figures/stud_stakes_runs.jsonl`` (a cell already there is not
replayed: an interrupted run resumes) and writes ``figures/stud_stakes.md``:
BPP's mean ± 95 % CI in betting units (one bet, 2 chips) per hand.  With the
default ante 1 and bet 2 a seat puts in at most 33 chips, so 40 never binds.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bpp.reproduce.script import cached_cell, run_script
from bpp.reproduce.stud_cells import PROBE_DEALS
from bpp.reproduce.stud_stakes import SEED, STACKS, stakes_cell

HERE = Path(__file__).resolve().parent
RUNS = HERE / "stud_stakes_runs.jsonl"


def _stacks(text: str):
    return None if text == "none" else int(text)


def run_cell(opponent: str, stacks, deals: int) -> dict:
    """One cell (the registered experiment ``bpp-stakes``'s step), read from :data:`RUNS` or played and appended."""
    return cached_cell(RUNS, {"opponent": opponent, "stacks": stacks, "deals": deals},
                       lambda: stakes_cell(opponent, stacks, deals, rng=SEED),
                       probe=lambda: stakes_cell(opponent, stacks, PROBE_DEALS, rng=SEED))


def write_table(rows) -> str:
    lines = [
        "# BPP vs rules and prob at table stakes (heads-up five-card stud, Korb1999 §6.2)",
        "",
        "Made by `nice -n 10 python figures/stud_stakes.py`; BPP's winnings in betting units per hand, "
        "mean ± 95 % CI over duplicate deals (both seatings per deal), ante 1, bet 2 chips.",
        "",
        "| opponent | stacks (chips) | deals | hands | BPP units/hand | 95 % CI |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        lo, hi = row["ci95"]
        stacks = "none (paper)" if row["stacks"] is None else str(row["stacks"])
        lines.append(f"| {row['opponent']} | {stacks} | {row['deals']} | {row['hands']} | {row['mean']:+.3f} | [{lo:+.3f}, {hi:+.3f}] |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--stacks", type=_stacks, nargs="+", default=list(STACKS))
    parser.add_argument("--opponents", nargs="+", default=["rules", "prob"])
    args = parser.parse_args(argv)
    rows = [run_cell(o, s, args.deals) for o in args.opponents for s in args.stacks]
    (HERE / "stud_stakes.md").write_text(write_table(rows))
    print(write_table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

"""How much BPP's network leaves on the table against the rule-based player (Korb1999 §3-§5).

Run: ``.venv/bin/python figures/stud_gap.py [--deals 5000]`` (about 3 min).  Writes
``figures/stud_gap.png``: on the same duplicate deals against ``rules``
(seed 2002), the cumulative winnings of the paper's BPP, the same network
playing the most probable action of its curves, ``bpp-up``, ``bpp-card`` and
``rules-reader``; the legend gives mean ± 95 % CI.  A thin call into the
registered experiment ``bpp-gap`` (:mod:`bpp.reproduce.stud_gap`, which
describes the players and what lies between them): each player is one step,
kept in ``figures/stud_gap_runs.jsonl`` (a re-run draws it without replaying;
``--again`` replays).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bpp.reproduce.script import cached_cell, run_script
from bpp.reproduce.stud_cells import PROBE_DEALS
from bpp.reproduce.stud_gap import PLAYERS, SEED, gap_figure, gap_run

RUNS = Path(__file__).with_name("stud_gap_runs.jsonl")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000, help="duplicate deals (each played from both seats; default 5000)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stud_gap.png"))
    parser.add_argument("--again", action="store_true", help="replay even if the runs file holds the players")
    args = parser.parse_args(argv)
    results = {name: cached_cell(RUNS, {"player": name, "deals": args.deals, "seed": SEED},
                                 lambda name=name: gap_run(name, args.deals, rng=SEED, progress=True), again=args.again,
                                 probe=lambda name=name: gap_run(name, PROBE_DEALS, rng=SEED))
               for name in PLAYERS}
    for name, r in results.items():
        print(f"{PLAYERS[name]}: {r['mean']:+.3f} units/hand, 95% CI [{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}], "
              f"t = {r['t']:.2f}, p = {r['p']:.2g}")
    gap_figure(results, args.out)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

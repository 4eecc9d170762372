"""Card-level BPP speed (target: ``bpp-card`` >= 2,000 hands/s against ``rules`` on one core).

    python benchmarks/bench_stud_card.py [--hands N]

Prints µs per call of the two per-round computations of
:class:`bpp.stud.players.cardlevel.CardBPP` — P(win | down card) for every unseen
card (:func:`bpp.stud.players.reference._win_given_holes`, by round: round 1
read from the suit-class table, round 2 exact from the rank table plus the
flushes, rounds 3-4 enumerated) and OPP_Rel of every unseen card
(:func:`bpp.stud.players.cardlevel.relations`, a table of rank multisets
unless a flush is possible) — then the best of three
``play_match`` runs of ``bpp-card`` against ``rules`` (learning on, runner
and engine included) in hands/s, beside the target and the anchor, the
paper's ``bpp`` in the same run, and the load average.  Run it on a quiet
machine (``taskset -c 0``); on a loaded one every figure scales down.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from _timing import best_time
from bpp.stud.players.cardlevel import relations
from bpp.stud.players.reference import _win_given_holes, unseen_cards
from holdem.games import Stud5
from holdem.match import play_match

TARGET = 2000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=1000)
    a = ap.parse_args()
    deck = np.random.default_rng(0).permutation(52)
    rng = np.random.default_rng(1)
    for r in range(4):
        mine = tuple(int(c) for c in deck[: r + 2])
        up = tuple(int(c) for c in deck[10 : 11 + r])
        holes = unseen_cards(mine, up)
        t = best_time(lambda: _win_given_holes(mine, up, holes, 200, rng), repeat=50)
        t_rel = best_time(lambda: relations(holes, up, deck[20 : 21 + r]), repeat=50)
        print(f"round {r + 1}: P(win | h) for {holes.size} cards {t * 1e6:7.0f} µs   OPP_Rel {t_rel * 1e6:5.0f} µs")
    game = Stud5()
    best = {"bpp-card": 0.0, "bpp": 0.0}
    for k in range(3):  # interleaved, so both see the same load
        for name in best:
            start = time.perf_counter()
            result = play_match(game, [name, "rules"], a.hands, rng=k)
            best[name] = max(best[name], result.n_hands / (time.perf_counter() - start))
    print(f"bpp-card vs rules {best['bpp-card']:10,.0f} hands/s   target >= {TARGET:,}")
    print(f"bpp      vs rules {best['bpp']:10,.0f} hands/s   (the anchor: the paper's network, a table lookup per decision)")
    print(f"load average {os.getloadavg()[0]:.2f} (1 min) on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()

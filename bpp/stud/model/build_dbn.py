"""``bpp build stud-dbn``: BPP's §6.3 four-slice dynamic network (Korb1999 §6.3), by default into the cache.

Every dealt table (P(Current_0), the transitions M_{C_{t+1}|C_t}, the up-card
tables) is counted from ``--deals`` random heads-up deals (default 10,000,000,
§3.3: "estimated by dealing out 10,000,000 hands").  Writes ``stud_dbn.bif``,
``stud_dbn.xmlbif``, ``stud_dbn_cpts.npz`` and ``build_info.json``; only
``--replace-shipped`` writes over the shipped ``bpp/models/stud/dbn``.
"""

from __future__ import annotations

import argparse
import sys
import time

from holdem.tables import add_build_output, build_destination, positive_int

from bpp.stud_variants import STUD_VARIANTS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp build stud-dbn``."""
    from holdem.tables import seed

    parser.add_argument("--deals", "--hands", dest="hands", type=positive_int, default=10_000_000, metavar="N",
                        help="deals counted for the dealt tables (default 10,000,000, as §3.3; --hands is an alias)")
    parser.add_argument("--seed", type=seed, default=0, help="seed of the deals (default 0)")
    add_build_output(parser, f"bpp/models/{STUD_VARIANTS['dbn'].models}", folder=True)


def run(args: argparse.Namespace) -> int:
    """Deal, count, build and save the network; print one line per file written."""
    from bpp.stud.model import dbn

    out = build_destination(args, dbn.DBN_DIR, folder=True, name="stud-dbn")
    start = time.perf_counter()
    cpts = dbn.estimate_dbn_cpts(args.hands, rng=args.seed, progress=True)
    seconds = time.perf_counter() - start
    info = {
        "n_hands": args.hands,
        "seed": args.seed,
        "seconds": round(seconds, 3),
        "pseudo_count": "Jeffreys 1/2 in every cell of every dealt table",
        "paper": "Korb, Nicholson & Jitnah, Bayesian Poker, UAI 1999, section 6.3 (dynamic Bayesian network)",
    }
    for path in dbn.save_dbn(cpts, out, info=info):
        print(path)
    print(f"the DBN's tables from {args.hands:,} deals in {seconds:.1f} s", file=sys.stderr)
    return 0

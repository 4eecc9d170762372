"""``bpp build stud-linked``: the networks with the arc BPP_Final → OPP_Final (Korb1999 §6), by default into the cache.

P(OPP_Final | BPP_Final) is counted from ``--deals`` random heads-up deals
(default 10,000,000, §3.3: "estimated by dealing out 10,000,000 hands"), the other CPTs are the exact ones of
``bpp/models/stud``.  Writes ``stud_linked_round{0..3}.bif``,
``opp_final_given_bpp_final.npz`` and ``build_info.json``; only
``--replace-shipped`` writes over the shipped ``bpp/models/stud/linked``.
"""

from __future__ import annotations

import argparse
import sys
import time

from holdem.tables import add_build_output, build_destination, positive_int

from bpp.stud_variants import STUD_VARIANTS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp build stud-linked``."""
    from holdem.tables import seed

    parser.add_argument("--deals", "--hands", dest="hands", type=positive_int, default=10_000_000, metavar="N",
                        help="deals counted for P(OPP_Final | BPP_Final) (default 10,000,000, as §3.3; --hands is an alias)")
    parser.add_argument("--seed", type=seed, default=0, help="seed of the deals (default 0)")
    add_build_output(parser, f"bpp/models/{STUD_VARIANTS['linked'].models}", folder=True)


def run(args: argparse.Namespace) -> int:
    """Estimate the table, build and save the four linked networks; print one line per file written."""
    from bpp.stud.model import linked
    from bpp.stud.model.estimate import estimate_all_cpts

    out = build_destination(args, linked.LINKED_DIR, folder=True, name="stud-linked")
    start = time.perf_counter()
    q = linked.estimate_opp_given_bpp(args.hands, rng=args.seed, progress=True)
    seconds = time.perf_counter() - start
    info = {
        "n_hands": args.hands,
        "seed": args.seed,
        "seconds": round(seconds, 3),
        "other_cpts": "exact (bpp build stud-nets)",
        "paper": "Korb, Nicholson & Jitnah, Bayesian Poker, UAI 1999, section 6 (arc BPP_Final -> OPP_Final)",
    }
    for path in linked.save_linked(q, estimate_all_cpts(), out, info=info):
        print(path)
    print(f"P(OPP_Final | BPP_Final) from {args.hands:,} deals in {seconds:.1f} s", file=sys.stderr)
    return 0

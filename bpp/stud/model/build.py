"""``bpp build stud-nets``: BPP's four networks (Korb1999 §3), by default into the cache.

The build writes under the user cache (``~/.cache/bpp/stud``), or ``--out DIR``;
only ``--replace-shipped`` writes over the shipped ``bpp/models/stud/`` that play
loads, so a small trial build never spoils them.

By default the CPTs are computed exactly by enumeration (about 3 s); with
``--deals N`` they are counted from N random heads-up deals as the paper did
("estimated by dealing out 10,000,000 hands", §3.3), with a progress bar.
Writes ``stud_round{0..3}.bif``, ``.xmlbif``, ``stud_cpts.npz`` and
``build_info.json``.  Top-level imports stay light (``bpp --help`` imports this).
"""

from __future__ import annotations

import argparse
import sys
import time

from holdem.tables import add_build_output, build_destination, positive_int

from bpp.stud_variants import STUD_VARIANTS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp build stud-nets``."""
    from holdem.tables import seed

    parser.add_argument(
        "--deals", "--hands",
        dest="hands",
        type=positive_int,
        default=None,
        metavar="N",
        help="estimate the CPTs from N random deals as the paper did (default: exact enumeration; --hands is an alias)",
    )
    parser.add_argument("--seed", type=seed, default=0, help="seed of the deals with --deals (default 0)")
    add_build_output(parser, f"bpp/models/{STUD_VARIANTS['paper'].models}", folder=True)


def run(args: argparse.Namespace) -> int:
    """Build, check and save the networks; print one line per file written."""
    from bpp.stud.model import networks
    from bpp.stud.model.estimate import estimate_all_cpts

    out = build_destination(args, networks.MODELS_DIR, folder=True, name="stud")
    hands = getattr(args, "hands", None)
    method = "exact" if hands is None else "sample"
    start = time.perf_counter()
    cpts = estimate_all_cpts(
        method=method, n_hands=hands or 10_000_000, rng=getattr(args, "seed", 0), progress=True
    )
    estimate_s = time.perf_counter() - start
    models = [networks.build_network(c) for c in cpts]
    for model, c in zip(models, cpts):
        model.check_model()
        networks.validate_cpts(c, "the built networks", betting_round=c.betting_round)
    info = {
        "method": method,
        "n_hands": hands,
        "seed": getattr(args, "seed", 0) if hands is not None else None,
        "cpt_seconds": round(estimate_s, 3),
        "paper": "Korb, Nicholson & Jitnah, Bayesian Poker, UAI 1999, section 3.3",
    }
    if hands is not None:
        info["equal_type_deals"] = cpts[0].info.get("equal_type_deals")
    written = networks.save_networks(models, out, info=info)
    for path in written:
        print(path)
    print(f"CPTs ({method}) in {estimate_s:.1f} s", file=sys.stderr)
    return 0

"""``bpp build stud-showing``: the networks with BPP's showing-strength nodes (Korb1999 §6.1), by default into the cache.

Figure 1 plus BPP_Upcards (parallel to OPP_Upcards, the same M_U|C) and
BPP_Strength (hidden / showing), from the exact CPTs of ``models/stud``
(:mod:`bpp.stud.model.showing`).  Writes ``stud_showing_round{0..3}.bif``,
``.xmlbif`` and ``build_info.json``; only ``--replace-shipped`` writes over
the shipped ``models/stud/showing``.
"""

from __future__ import annotations

import argparse

from bpp.commands import add_build_output, build_destination


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp build stud-showing``."""
    add_build_output(parser, "models/stud/showing", folder=True)


def run(args) -> int:
    """Build and save the four showing networks; print one line per file written."""
    from bpp.stud.model import showing
    from bpp.stud.model.networks import estimate_all_cpts

    out = build_destination(args, showing.SHOWING_DIR, folder=True, name="stud-showing")
    info = {
        "other_cpts": "exact (bpp build stud-nets); BPP_Upcards uses M_U|C, BPP_Strength is deterministic",
        "paper": "Korb, Nicholson & Jitnah, Bayesian Poker, UAI 1999, section 6.1 (a node for BPP parallel to OPP Upcards)",
    }
    for path in showing.save_showing(estimate_all_cpts(), out, info=info):
        print(path)
    return 0

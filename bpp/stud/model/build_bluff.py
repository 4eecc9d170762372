"""``bpp build stud-bluff``: the four networks with §6.1's OPP_Bluff node (Korb1999 §6.1), by default into the cache.

OPP_Bluff's table P(bluff | OPP_Current, BPP_Current) and OPP_Action's
P(action | OPP_Current, honest) are learned per opponent from showdowns during
play, so the saved networks carry the priors a new ``bpp-bluff`` starts from
(:data:`bpp.stud.model.bluff.PRIOR_BLUFF` = 5 %, BPP's own bluff rate of §4.2,
and ½ / ½); Figure 1's other tables are the shipped exact ones of ``models/stud``.
Writes ``stud_bluff_round{0..3}.bif`` / ``.xmlbif`` and ``build_info.json``; only
``--replace-shipped`` writes over the shipped ``models/stud/bluff``.
"""

from __future__ import annotations

import argparse

from bpp.commands import add_build_output, build_destination


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp build stud-bluff``."""
    add_build_output(parser, "models/stud/bluff", folder=True)


def run(args) -> int:
    """Build and save the four bluff networks; print one line per file written."""
    from bpp.stud.model import bluff

    out = build_destination(args, bluff.BLUFF_DIR, folder=True, name="stud-bluff")
    info = {
        "prior_bluff": bluff.PRIOR_BLUFF,
        "honest_action": "1/2 passive, 1/2 aggressive (section 5.2)",
        "learned": "OPP_Bluff and OPP_Action | honest are learned per opponent from showdowns; these are their priors",
        "other_cpts": "the shipped exact tables of models/stud (bpp build stud-nets)",
        "paper": "Korb, Nicholson & Jitnah, Bayesian Poker, UAI 1999, section 6.1 (add bluffing to the opponent model)",
    }
    for path in bluff.save_bluff_networks(out_dir=out, info=info):
        print(path)
    return 0

"""``bpp build stud-actions``: the four networks with §6.1's refined OPP_Action (Korb1999 §6.1), by default into the cache.

OPP_Action's table P(pass / call / bet / raise | OPP_Current) is learned per
opponent from showdowns during play, so the saved networks carry the prior a
new ``bpp-actions`` starts from (¼ each, the uninformative start of §5.2);
Figure 1's other tables are the shipped exact ones of ``models/stud``.  Writes
``stud_actions_round{0..3}.bif`` / ``.xmlbif`` and ``build_info.json``; only
``--replace-shipped`` writes over the shipped ``models/stud/actions``.
"""

from __future__ import annotations

import argparse

from bpp.commands import add_build_output, build_destination


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp build stud-actions``."""
    add_build_output(parser, "models/stud/actions", folder=True)


def run(args) -> int:
    """Build and save the four refined networks; print one line per file written."""
    from bpp.stud.model import actions

    out = build_destination(args, actions.ACTIONS_DIR, folder=True, name="stud-actions")
    info = {
        "opp_action": "pass / call / bet / raise, 1/4 each: the prior a new bpp-actions learns from (section 5.2)",
        "learned": "OPP_Action | OPP_Current is learned per opponent from showdowns; this is its prior",
        "other_cpts": "the shipped exact tables of models/stud (bpp build stud-nets)",
        "paper": "Korb, Nicholson & Jitnah, Bayesian Poker, UAI 1999, section 6.1 (refine action nodes)",
    }
    for path in actions.save_actions_networks(out_dir=out, info=info):
        print(path)
    return 0

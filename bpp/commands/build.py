"""``bpp build TARGET``: (re)build a persisted network or table.

It goes into the cache or ``--out``; into ``bpp/models/`` only with ``--replace-shipped``.
"""

import argparse

from bpp.commands._targets import add_target_subcommands

#: Build targets: name -> (module with add_arguments/run, help).
TARGETS = {
    "stud-nets": ("bpp.stud.model.build", "BPP's four five-card stud networks (BIF and XMLBIF) from dealt or enumerated hands"),
    "stud-linked": ("bpp.stud.model.build_linked", "BPP's stud networks with the arc BPP_Final -> OPP_Final (Korb1999 section 6)"),
    "stud-actions": ("bpp.stud.model.build_priors:ACTIONS", "BPP's stud networks with the pass/call/bet/raise OPP_Action, at its prior (Korb1999 section 6.1)"),
    "stud-bluff": ("bpp.stud.model.build_priors:BLUFF", "BPP's stud networks with the OPP_Bluff node, at its priors (Korb1999 section 6.1)"),
    # BPP's §6.3 dynamic network
    "stud-dbn": ("bpp.stud.model.build_dbn", "BPP's four-slice dynamic Bayesian network (Korb1999 section 6.3)"),
    "stud-showing": ("bpp.stud.model.build_priors:SHOWING", "BPP's stud networks with BPP_Upcards and BPP_Strength (Korb1999 section 6.1)"),
    # BPP at a multi-seat table (Korb1999 §6.2)
    "stud-multi": ("bpp.stud.model.build_multi", "BPP's multi-seat stud networks, one opponent sub-network per seat (Korb1999 section 6.2)"),
    "preflop": ("bpp.loki.evaluator.preflop", "pre-flop income rates by (iterated) roll-out simulation"),
    # Local Best Response (Lisy2017 §3): WpRollout's pre-flop hand-versus-hand table
    "preflop-equity": ("bpp.lbr.build", "LBR's 1,326 x 1,326 pre-flop equity table (sampled boards, suit-pooled)"),
}


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    help_text = "build a network or table (into the cache or --out; bpp/models/ only with --replace-shipped)"
    add_target_subcommands(subparsers, "build", help_text, TARGETS)

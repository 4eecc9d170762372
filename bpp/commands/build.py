"""``bpp build TARGET``: (re)build a persisted network or table.

It goes into the cache or ``--out``; into ``bpp/models/`` only with ``--replace-shipped``.
"""

import argparse

from bpp.commands._targets import add_target_subcommands
from bpp.stud_variants import STUD_VARIANTS

#: Build targets: name -> (module with add_arguments/run, help).
TARGETS = {
    # Figure 1 and its §6 variants, declared once in bpp.stud_variants
    **{v.target: (v.builder, v.target_help) for v in STUD_VARIANTS.values() if v.target and v.builder and v.target_help},
    # BPP at a multi-seat table (Korb1999 §6.2)
    "stud-multi": ("bpp.stud.model.build_multi", "BPP's multi-seat stud networks, one opponent sub-network per seat (Korb1999 section 6.2)"),
    "preflop": ("bpp.loki.evaluator.preflop", "pre-flop income rates by (iterated) roll-out simulation"),
    # Local Best Response (Lisy2017 §3): WpRollout's pre-flop hand-versus-hand table
    "preflop-equity": ("bpp.lbr.build", "LBR's 1,326 x 1,326 pre-flop equity table (sampled boards, suit-pooled)"),
}


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    help_text = "build a network or table (into the cache or --out; bpp/models/ only with --replace-shipped)"
    add_target_subcommands(subparsers, "build", help_text, TARGETS)

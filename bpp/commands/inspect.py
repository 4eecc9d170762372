"""``bpp inspect GAME``: draw how an agent's beliefs move through one hand."""

import argparse

from bpp.commands._targets import add_target_subcommands

#: Inspect targets: game name -> (module with add_arguments/run, help).
TARGETS = {
    "stud5": ("bpp.stud.experiments.inspection", "BPP's belief trace of one stud hand: OPP_Current, OPP_Final, P(BPP_Win) (bpp-card: P(OPP_Down))"),
    "limit-holdem": ("bpp.loki.inspection", "a Poki weight table as a 13x13 grid after each street of one hand"),
    "nolimit-holdem": ("bpp.lbr.logged", "LBR's range of the opponent after each action of a logged hand, explained by a named policy agent"),
}


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    add_target_subcommands(subparsers, "inspect", "draw an agent's belief updates through one hand", TARGETS)

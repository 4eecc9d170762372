"""``bpp explore GAME``: write one hand's belief explorer as a self-contained HTML page."""

import argparse

from bpp.commands._targets import add_target_subcommands

#: Explore targets: game name -> (module with add_arguments/run, help).
TARGETS = {
    "stud5": ("bpp.explore.logged:STUD", "BPP's network with a posterior in every node, stepped through one stud hand; what-if evidence"),
    "limit-holdem": ("bpp.explore.logged:HOLDEM", "Poki's weight table of every opponent, re-weighted after each action of one hand"),
}


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    add_target_subcommands(subparsers, "explore", "write an interactive page of an agent's beliefs through one hand", TARGETS)

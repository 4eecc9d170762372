"""``bpp build preflop-equity``: LBR's 1,326 × 1,326 pre-flop equity table (Lisy2017 §3, WpRollout pre-flop).

Estimated from ``--boards N`` random boards pooled over the 24 suit
permutations (see :mod:`bpp.lbr.equity`); writes ``bpp/models/lbr/preflop_equity.npz``
only with ``--replace-shipped``; by default it writes to the cache or ``--out``
(:func:`holdem.tables.build_destination`, never over an existing file).
Top-level imports stay light (``bpp --help`` imports this).
"""

from __future__ import annotations

import argparse
import sys

from holdem.tables import add_build_output, build_destination, positive_int


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp build preflop-equity``."""
    from holdem.tables import seed

    parser.add_argument("--boards", type=positive_int, default=None, metavar="N", help="random boards (default 12000)")
    parser.add_argument("--seed", type=seed, default=0, help="seed of the boards (default 0)")
    add_build_output(parser, "bpp/models/lbr/preflop_equity.npz", folder=False)


def run(args: argparse.Namespace) -> int:
    """Build the table, save it, print where and its sampling error."""
    from bpp.lbr import equity

    out = build_destination(args, equity.PREFLOP_FILE, folder=False, name="lbr/preflop_equity.npz")  # before the build
    table, _, info = equity.build_preflop_equity(args.boards or equity.DEFAULT_BOARDS, rng=args.seed, progress=True)
    info["seed"] = args.seed
    path = equity.save_preflop_equity(table, info, out)
    print(path)
    print(
        f"{info['n_boards']} boards in {info['seconds']} s; standard error per entry if the suit-pooled samples were independent "
        f"max {info['max_stderr']:.4f}, mean {info['mean_stderr']:.4f}",
        file=sys.stderr,
    )
    return 0

"""``bpp build stud-multi``: BPP's multi-seat networks (Korb1999 §6.2), by default into the cache.

Built from the saved pieces of ``bpp/models/stud`` (prior, M_C|F, M_U|C of
``stud_cpts.npz``; M_A|C ½ / ½, learned per seat in play) by
:func:`bpp.stud.model.multi.build_multi_network`.  Writes
``stud_multi{n}_round{0..3}.bif`` / ``.xmlbif`` for each ``--seats`` table size
and ``build_info.json``; only ``--replace-shipped`` writes over the shipped
``bpp/models/stud/multi``.
"""

from __future__ import annotations

import argparse

from holdem.tables import add_build_output, build_destination


def _seats(text: str) -> tuple[int, ...]:
    try:
        seats = tuple(int(s) for s in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated table sizes in [2, 8]; got {text!r}") from None
    if not seats or not all(2 <= s <= 8 for s in seats):
        raise argparse.ArgumentTypeError(f"expected comma-separated table sizes in [2, 8]; got {text!r}")
    return seats


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp build stud-multi``."""
    from bpp.stud.model.multi import SAVED_SEATS

    parser.add_argument("--seats", type=_seats, default=SAVED_SEATS, metavar="N,N",
                        help=f"table sizes to write (default {','.join(map(str, SAVED_SEATS))}; larger ones are built in memory)")
    add_build_output(parser, "bpp/models/stud/multi", folder=True)


def run(args: argparse.Namespace) -> int:
    """Build and save the networks; print one line per file written."""
    from bpp.stud.model import multi
    from bpp.stud.model.networks import load_cpts

    out = build_destination(args, multi.MULTI_DIR, folder=True, name="stud-multi")
    for path in multi.save_multi_networks(load_cpts(), out, seats=args.seats):
        print(path)
    return 0

"""``bpp stats``: player statistics (VPIP, PFR, AF, WTSD, W$SD, winnings) from hand histories.

::

    bpp stats match.jsonl
    bpp stats hands.phhs acpc.log --json
    bpp stats hands/*.phh --figure styles.png

Files are PHH (``.phh``, ``.phhs``), ACPC dealer logs (``STATE:`` lines), bpp
match logs or site logs pokerkit parses (:func:`holdem.histories.read_hands`);
every hand is replayed through bpp's engine first.  Each hand that cannot be
read is one ``warning:`` line on stderr (the first 20) naming the file, the hand and the
field; the others are counted.  Exit status 2 only when no hand could be read.
``--json`` prints ``{"players": [{"name", "game", "unit", "hands", "vpip",
"pfr", "af", "wtsd", "wsd", "winnings", "ci95", "total", ...}], "problems":
[...]}`` (rates as fractions, ``null`` where undefined).  Definitions:
:mod:`holdem.histories.stats`.
"""

from __future__ import annotations

import argparse
import json
import sys

from bpp.commands import plain_help

__all__ = ["register", "run"]

#: Problem lines printed on stderr (the rest are counted; ``--json`` lists them all).
_SHOWN = 20


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser("stats", help="player statistics (VPIP, PFR, AF, WTSD, W$SD) from hand histories",
                              description=plain_help(__doc__))
    p.add_argument("files", nargs="+", metavar="FILE", help="PHH, ACPC, bpp or site hand-history files")
    p.add_argument("--json", action="store_true", help="print strict JSON")
    p.add_argument("--figure", metavar="PNG", default=None, help="draw the players on the VPIP-PFR plane")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from holdem.histories import player_stats, read_hands

    hands = read_hands(args.files)
    for line in hands.problems[:_SHOWN]:
        print(f"warning: {line}", file=sys.stderr)
    if len(hands.problems) > _SHOWN:
        print(f"warning: ... and {len(hands.problems) - _SHOWN} more hands left out (all in --json's \"problems\")",
              file=sys.stderr)
    if not len(hands):
        print(f"error: no hand could be read from {', '.join(args.files)}", file=sys.stderr)
        return 2
    stats = player_stats(hands)
    if args.json:
        out = stats.to_dict() | {"problems": hands.problems}
        print(json.dumps(out, allow_nan=False))
    else:
        print(stats.table())
    if args.figure:
        from holdem.files import check_output_path

        path = check_output_path(args.figure, "figure")
        import matplotlib

        matplotlib.use("Agg")
        from bpp.plots import plot_vpip_pfr, save_figure

        save_figure(plot_vpip_pfr(stats)[0].axes, path)
    return 0

"""``bpp reproduce``: the papers' published numbers beside bpp's, with 95 % CIs and verdicts, in DIR/report.html.

Examples::

    bpp reproduce                                   # quick scale, every paper, into reproduce-out/
    bpp reproduce --scale paper --workers 2         # the papers' sample sizes (states the expected time first)
    bpp reproduce --only loki bpp --out results/    # some papers
    bpp reproduce --scheduler tcp://10.0.0.5:8786   # on a Dask cluster (or set BPP_SCHEDULER)
    bpp reproduce --scale paper --render-only       # the report again from the logs, nothing run

Each experiment logs to DIR/logs/KEY.jsonl as it goes; re-running resumes an
interrupted experiment and reuses finished ones (``--force`` runs them again,
keeping the old runs in the log).  An earlier report is moved to DIR/history/.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bpp.commands import plain_help, positive_int


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``reproduce`` subcommand."""
    from bpp.reproduce.registry import papers

    p = subparsers.add_parser("reproduce", help="every paper's results beside bpp's, in one report",
                              description=plain_help(__doc__, examples=True),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scale", choices=("quick", "paper"), default="quick",
                   help="quick (≤ 10 min on two cores) or paper (the papers' sample sizes); default quick")
    p.add_argument("--only", nargs="+", metavar="PAPER", help="papers to run (default all): " + ", ".join(papers()))
    p.add_argument("--out", type=Path, default=Path("reproduce-out"), help="output folder (default reproduce-out)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=positive_int, default=1, help="local worker processes (default 1)")
    where.add_argument("--scheduler", metavar="ADDRESS", default=None,
                       help="Dask scheduler address (default $BPP_SCHEDULER); instead of --workers")
    p.add_argument("--force", action="store_true", help="run finished experiments again (old runs stay in the logs)")
    p.add_argument("--render-only", action="store_true",
                   help="run nothing: write the report and figures from the finished runs in DIR/logs")
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the experiments and write the report; return 0."""
    from bpp.reproduce import reproduce
    from holdem.match.cluster import scheduler_address

    scheduler = scheduler_address(args.scheduler)
    md, page = reproduce(args.out, scale=args.scale, only=args.only, workers=args.workers, scheduler=scheduler,
                         force=args.force, render_only=args.render_only, command=" ".join(["bpp", *sys.argv[1:]]) if sys.argv[1:2] == ["reproduce"]
                         else "bpp reproduce", progress=not args.no_progress,
                         say=lambda text: print(text, file=sys.stderr))
    print(f"wrote {page} and {md}")
    return 0

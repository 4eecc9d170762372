"""``bpp lbr``: Local Best Response against an agent (Lisy2017 §3-4): a lower bound on its exploitability.

::

    bpp lbr --opponent call --betting fcpa --rounds 3-4 --deals 2000 --seed 1
    bpp lbr --opponent random --betting 56 --rounds 1-4 --deals 500 --workers 2 --log lbr.jsonl --json
    bpp lbr --game limit-holdem --opponent loki --betting fcpa --rounds 1-4 --deals 200
    bpp lbr --game stud5 --opponent rules --deals 200

``--deals N`` deals are each played from both seats (2N hands).  The table
gives LBR's winnings per hand as mean ± 95 % CI for four estimators (plain,
duplicate, imaginary observations, both: the headline value) in big blinds
and milli-big-blinds (no-limit) or small bets (limit).  ``--log FILE`` streams
every hand to a JSON-lines log and resumes an interrupted run from it.
"""

from __future__ import annotations

import argparse
import json
import sys

from bpp.commands import plain_help, positive_int

__all__ = ["register", "run"]


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``lbr`` subcommand."""
    from bpp.commands import seed
    from bpp.lbr.run import LBR_GAMES

    p = subparsers.add_parser(
        "lbr", help="Local Best Response: a lower bound on an agent's exploitability",
        description=plain_help(__doc__, examples=True), formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--opponent", required=True,
                   help="the agent: a name (call, call-raise, random, loki, rules, ...) or a module:Class path; it "
                   "must state its policy (action_probabilities)")
    p.add_argument("--game", default="nolimit-holdem", choices=LBR_GAMES,
                   help=f"one of {', '.join(LBR_GAMES)} (default nolimit-holdem)")
    p.add_argument("--betting", default="fcpa", help="fc, fcpa or 56 (default fcpa)")
    p.add_argument("--rounds", default="1-4", help="rounds LBR plays: 1-4, 3-4, 4 ... (default 1-4)")
    p.add_argument("--deals", "--hands", dest="deals", type=positive_int, default=1000, metavar="N",
                   help="deals, each played from both seats (default 1000; --hands is an alias)")
    p.add_argument("--seed", type=seed, default=0, help="seed (default 0)")
    p.add_argument("--workers", type=positive_int, default=1, help="local worker processes (default 1)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,  # the Dask backend, as bpp match
                   help="Dask scheduler that plays the blocks (default $BPP_SCHEDULER; holdem.match.cluster)")
    p.add_argument("--block-size", type=positive_int, default=50, help="deals per block (default 50)")
    p.add_argument("--log", metavar="FILE", default=None, help="JSON-lines hand log; resumes an interrupted run")
    p.add_argument("--policy-samples", type=positive_int, default=None, metavar="N",
                   help="estimate the opponent's policy from N calls of act per holding (an estimate; for agents "
                        "that do not state their policy)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run LBR as ``args`` say; print the table or JSON; return 0."""
    from bpp.lbr.run import run_lbr

    if args.deals < 2:
        raise ValueError(f"--deals must be at least 2 (a confidence interval needs two deals); got {args.deals}")
    if args.scheduler is not None:  # an unreachable scheduler fails before the run starts
        from holdem.match.cluster import connect, scheduler_address

        address = scheduler_address(args.scheduler)
        if address is not None:  # None inside a Dask worker: the run stays local
            connect(address)
    result = run_lbr(
        args.opponent, game=args.game, betting=args.betting, rounds=args.rounds, n_deals=args.deals, rng=args.seed,
        workers=args.workers, block_size=args.block_size, log=args.log, progress=not args.no_progress,
        policy_samples=args.policy_samples, scheduler=args.scheduler,
    )
    print(json.dumps(result.to_dict()) if args.json else result.table())
    sys.stdout.flush()
    return 0

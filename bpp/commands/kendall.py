"""``bpp kendall``: train and evaluate Kendall and Willdig's evolving player (Kendall2001 §3).

::

    bpp kendall train --table loose-aggressive --epochs 5000 --seed 1 --out la.json
    bpp kendall train --table mixed --epochs 5000 --seed 1 --out mixed.json
    bpp kendall evaluate --values mixed.json --deals 1000 --runs 5 [--json]

``train`` seats a new evolving player (learning values all 10) with four
players of one style (or one of each: ``mixed``), plays ``--epochs`` hands
(an epoch is one hand, as in the paper) and writes one JSON file: the
learned values, the Table 5 snapshot (hands played and won at epochs 25 …
3000) and the learning curve (its bankroll after every epoch).  It never
overwrites a file.  ``evaluate`` plays the trained values (learning frozen)
against each single-style table and the mixed table, ``--runs`` runs of
``--deals`` deals (one hand each), and prints Table 6: units held by each player
(start 10,000) with a 95 % confidence interval over the runs, and hands
played / won.
"""

from __future__ import annotations

import argparse
import json
import sys

from bpp.commands import count, plain_help, positive_int, seed

#: The most epochs ``train`` takes: its learning curve holds one bankroll per epoch (80 MB at this bound).
MAX_EPOCHS = 10_000_000

__all__ = ["register", "run_train", "run_evaluate"]


def _at_least_two(text: str) -> int:
    """``--runs``: the 95 % CI over runs needs two of them."""
    import argparse

    value = positive_int(text)
    if value < 2:
        raise argparse.ArgumentTypeError(f"the 95% CI over runs needs at least 2 runs, got {text!r}")
    return value


def _reading(text: str) -> str:
    import argparse

    from bpp.kendall.readings import READINGS

    if text not in READINGS:
        raise argparse.ArgumentTypeError(f"expected one of {', '.join(READINGS)}; got {text!r}")
    return text


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add ``bpp kendall train`` and ``bpp kendall evaluate``."""
    parser = subparsers.add_parser(
        "kendall",
        help="train and evaluate Kendall and Willdig's evolving five-card draw player (Tables 5-6)",
        description=plain_help(__doc__, examples=True), formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="kendall_command", metavar="ACTION", parser_class=type(parser))
    train_help = "train an evolving player at one table; write values, Table 5 and the curve"
    train = sub.add_parser("train", help=train_help, description=(
        f"{train_help[0].upper()}{train_help[1:]}. A new evolving player (learning values all 10) plays --epochs hands "
        "(an epoch is one hand, as in Kendall2001) with four players of one style, or one of each (mixed); the JSON "
        "file holds the learned values, the Table 5 snapshot and the learning curve. It never overwrites a file."))
    train.add_argument("--table", required=True, metavar="STYLE", help="loose-aggressive, loose-passive, tight-aggressive, tight-passive or mixed")
    train.add_argument("--epochs", type=count(MAX_EPOCHS), default=5000, help=f"hands to train for (default 5000, at most {MAX_EPOCHS:,})")
    train.add_argument("--seed", type=seed, default=1, help="seed of the deals (default 1)")
    train.add_argument("--out", required=True, metavar="FILE", help="JSON file to write (must not exist)")
    train.add_argument("--decrease-on", choices=("loss", "fold"), default="loss",
                       help="when a learning value drops: after a lost hand (default) or only after a fold (the literal text)")
    train.add_argument("--reading", type=_reading, default=None, metavar="NAME",
                       help="how the paper's open points are read (bpp.kendall.readings; default its DEFAULT)")
    train.add_argument("--no-progress", action="store_true", help="no progress bar")
    train.set_defaults(func=run_train)
    evaluate_help = "Table 6: the trained player against each table, mean ± 95%% CI over runs"
    evaluate = sub.add_parser("evaluate", help=evaluate_help, description=(
        "Table 6 (Kendall2001 §3): the trained values (learning frozen) against each single-style table and the mixed "
        "table, --runs runs of --deals deals each; units held by each player (start 10,000) as mean ± 95% CI over the "
        "runs, and hands played / won."))
    evaluate.add_argument("--values", required=True, metavar="FILE", help="values file written by train (JSON) or a hand,value CSV")
    evaluate.add_argument("--deals", "--hands", dest="deals", type=positive_int, default=1000, metavar="N",
                          help="deals per run, one hand each (default 1000; --hands is an alias)")
    evaluate.add_argument("--runs", type=_at_least_two, default=5, help="runs per table, at least 2 for the 95%% CI (default 5)")
    evaluate.add_argument("--seed", type=seed, default=1, help="seed of the deals (default 1)")
    evaluate.add_argument("--reading", type=_reading, default=None, metavar="NAME",
                          help="how the paper's open points are read (bpp.kendall.readings; default its DEFAULT)")
    evaluate.add_argument("--json", action="store_true", help="print the results as JSON")
    evaluate.add_argument("--no-progress", action="store_true", help="no progress bar")
    evaluate.set_defaults(func=run_evaluate)

    def usage(args: argparse.Namespace) -> int:  # `bpp kendall` alone: the help, exit 2
        parser.print_help()
        return 2

    parser.set_defaults(func=usage)


def run_train(args: argparse.Namespace) -> int:
    """``bpp kendall train``: train, then write the results file (refuses to overwrite)."""
    from bpp.kendall.players import EvolvingPlayer
    from bpp.kendall.training import check_table, train
    from holdem.files import fresh_output_path
    from holdem.match.log import signed

    check_table(args.table)
    out = fresh_output_path(args.out, "results", "--out")
    player = EvolvingPlayer(decrease_on=args.decrease_on, reading=args.reading)
    progress = not args.no_progress and sys.stderr.isatty()
    result = train(args.table, args.epochs, rng=args.seed, player=player, progress=progress, reading=args.reading)
    with open(out, "w" if out.exists() else "x") as f:  # "x": fails rather than overwrite a file created meanwhile
        f.write(json.dumps(signed(result.to_dict())) + "\n")
    print(result.table())
    print(f"wrote {out}")
    return 0


def run_evaluate(args: argparse.Namespace) -> int:
    """``bpp kendall evaluate``: Table 6 for the values in ``--values``."""
    from bpp.kendall.players import load_values
    from bpp.kendall.training import evaluate

    values = load_values(args.values)
    progress = not args.no_progress and sys.stderr.isatty()
    table6 = evaluate(values, args.deals, args.runs, rng=args.seed, progress=progress, reading=args.reading)
    if args.json:
        print(json.dumps(table6.to_dict(), allow_nan=False))
    else:
        print(table6.table())
    return 0

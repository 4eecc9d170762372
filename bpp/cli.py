"""The ``bpp`` command.

Each subcommand lives in its own module under :mod:`bpp.commands` exposing
``register(subparsers)``, which adds its parser and sets ``func`` (called with
the parsed arguments; returns an exit code).  Errors a user can make (a
``ValueError`` raised anywhere below, a bad argument) print one line and exit 2,
never a traceback.

>>> main(["--version"])  # doctest: +SKIP
bpp 0.1.0
"""

from __future__ import annotations

import argparse
import importlib
import sys

from bpp import __version__

#: Modules of :mod:`bpp.commands` that add a subcommand (order = order in ``--help``).
COMMANDS = ("demo", "match", "build", "inspect", "reproduce")  # reproduce: issue 14


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line and exit status 2."""

    def error(self, message: str) -> None:  # noqa: D102 - argparse hook
        raise SystemExit(_fail(f"{self.prog}: {message}"))


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser (every registered subcommand)."""
    parser = _Parser(prog="bpp", description="Probabilistic poker AI: agents of five classic papers.")
    parser.add_argument("--version", action="version", version=f"bpp {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"bpp.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"bpp.commands.{name}":
                raise
            continue
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``bpp`` command; returns the exit status (0 ok, 2 bad input)."""
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)
    if rest:
        if not hasattr(args, "rest"):  # only target subcommands read the rest of the line themselves
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
        args.rest = rest
    if getattr(args, "func", None) is None:
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return _fail("interrupted (results logged so far are kept)")
    except (ValueError, FileNotFoundError) as exc:
        return _fail(str(exc))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""Subcommands of the ``bpp`` command, one module each (see :mod:`bpp.cli`).

The options every table build shares live with the tables (:mod:`holdem.tables`),
so the program packages' build modules need not import the command layer.
"""

from holdem.tables import add_build_output, build_destination, positive_int

<<<<<<< HEAD
#: The upper bound of every count an option takes (deals, hands, workers, epochs ...) unless it names a smaller one:
#: far beyond any run that finishes, and refused above it in one line instead of running for ever or out of memory.
MAX_COUNT = 10**9
#: Seeds are non-negative integers below 2**63 (numpy's SeedSequence takes them; larger ones are not seeds anyone types).
MAX_SEED = 2**63 - 1


def count(maximum: int = MAX_COUNT, minimum: int = 1):
    """argparse ``type`` of a count in ``minimum`` … ``maximum``, else a one-line usage error naming the bound.

    >>> count(100)("7")
    7
    >>> count(100)("101")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be an integer from 1 to 100; got '101'
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(f"must be an integer from {minimum:,} to {maximum:,}; got {text!r}")
        return value

    parse.__name__ = "count"
    return parse


def positive_int(text: str) -> int:
    """argparse ``type`` of a count: a positive integer up to :data:`MAX_COUNT`, else a one-line usage error.

    >>> positive_int("3")
    3
    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a positive integer; got '0'
    >>> positive_int("99999999999999999999999")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a positive integer of at most 1,000,000,000; got '99999999999999999999999'
    """
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer; got {text!r}")
    if value > MAX_COUNT:
        raise argparse.ArgumentTypeError(f"must be a positive integer of at most {MAX_COUNT:,}; got {text!r}")
    return value


def seed(text: str) -> int:
    """argparse ``type`` of ``--seed``: an integer from 0 to :data:`MAX_SEED`, else a one-line usage error.

    >>> seed("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a non-negative integer seed, got '-1'
    """
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer seed, got {text!r}")
    return value


def add_build_output(parser: argparse.ArgumentParser, shipped: str, *, folder: bool) -> None:
    """The two options every ``bpp build`` target has: ``--out`` and ``--replace-shipped``."""
    from holdem.tables import cache_dir  # the one cache (where LBR and the evaluator also look)

    kind = "folder" if folder else "file"
    parser.add_argument("--out", default=None, metavar="DIR" if folder else "FILE",
                        help=f"output {kind} (default: under {cache_dir()}; the shipped {shipped} is left alone)")
    parser.add_argument("--replace-shipped", action="store_true",
                        help=f"write over the shipped {shipped} that play uses (in the installed package)")


def build_destination(args, shipped, *, folder: bool, name: str | None = None):
    """Where a build writes, checked before the build starts (see :func:`add_build_output`).

    ``--out`` if given, the shipped place with ``--replace-shipped``, else the
    cache (``name``: the file or folder name there).  A build never replaces
    the shipped models by default: a small trial build cannot spoil them; nor
    an earlier build (:func:`holdem.files.fresh_output_path`: an existing file
    is refused, a folder that holds one gets the new build in ``run-2``, ...).
    Only ``--replace-shipped`` writes over something: the models git tracks.

    >>> import argparse, tempfile
    >>> args = argparse.Namespace(out=None, replace_shipped=True)
    >>> build_destination(args, tempfile.gettempdir(), folder=True) == __import__("pathlib").Path(tempfile.gettempdir())
    True
    """
    from pathlib import Path

    from holdem.files import check_output_path, fresh_output_path
    from holdem.tables import cache_dir

    out = getattr(args, "out", None)
    if out is not None and getattr(args, "replace_shipped", False):
        raise ValueError("--out and --replace-shipped cannot be given together")
    if out is not None:
        target = Path(out)
    elif getattr(args, "replace_shipped", False):
        return check_output_path(Path(shipped), "build output", folder=folder)
    else:
        target = cache_dir() / (name or Path(shipped).name)
        target.parent.mkdir(parents=True, exist_ok=True)  # the cache is ours to create
    return fresh_output_path(target, "build output", "--out", folder=folder)
=======
__all__ = ["add_build_output", "build_destination", "positive_int"]
>>>>>>> main

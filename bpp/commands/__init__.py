"""Subcommands of the ``bpp`` command, one module each (see :mod:`bpp.cli`)."""

import argparse


def positive_int(text: str) -> int:
    """argparse ``type`` of a count: a positive integer, else a one-line usage error.

    >>> positive_int("3")
    3
    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a positive integer; got '0'
    """
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer; got {text!r}")
    return value

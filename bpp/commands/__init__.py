"""Subcommands of the ``bpp`` command, one module each (see :mod:`bpp.cli`).

The options every table build shares live with the tables (:mod:`holdem.tables`),
so the program packages' build modules need not import the command layer.
"""

from holdem.tables import add_build_output, build_destination, positive_int

__all__ = ["add_build_output", "build_destination", "positive_int"]

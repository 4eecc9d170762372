"""Subcommands of the ``bpp`` command, one module each (see :mod:`bpp.cli`)."""

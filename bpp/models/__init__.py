"""The networks and tables bpp ships, and the one function that finds them.

Everything a program reads at run time sits in this package's folders —
``stud/`` (Korb1999's networks, their CPTs and the betting curves),
``loki/`` (Billings1998's pre-flop income-rate tables), ``lbr/`` (the
pre-flop equity table of Lisy2017's LBR) — so an installed wheel or sdist
reads the same files as a checkout.  Each is rebuilt by a ``bpp build``
target, which writes here only with ``--replace-shipped``.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

__all__ = ["shipped_path"]


def shipped_path(*parts: str) -> Path:
    """The path of a file or folder bpp ships, found with :mod:`importlib.resources`.

    Parameters
    ----------
    *parts : str
        Path components below this package, e.g. ``"stud", "curves.json"``.

    Returns
    -------
    pathlib.Path
        Where the installed package (editable, wheel or sdist) holds it; the
        file need not exist yet (``bpp build ... --replace-shipped`` writes there).

    Raises
    ------
    ValueError
        If bpp is imported from somewhere that is not a folder on disk (a zip
        archive): the models are read and rebuilt as files.

    Examples
    --------
    >>> shipped_path("stud", "curves.json").name
    'curves.json'
    >>> shipped_path("loki").is_dir()
    True
    """
    root = files(__name__)
    if not isinstance(root, Path):
        raise ValueError(f"bpp's shipped models must be files on disk; bpp is imported from {root}")
    return root.joinpath(*parts)

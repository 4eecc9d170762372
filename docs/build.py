"""Build the documentation site: ``python docs/build.py [OUTDIR]`` (``make docs``; default ``docs/_build/html``).

Offline and strict: Sphinx runs with ``-W --keep-going`` (any warning fails the
build, after reporting them all).  Without the ``docs`` extra installed this
prints one line naming what is missing and exits with status 2.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
NEEDED = {"sphinx": "sphinx", "myst_nb": "myst-nb", "furo": "furo"}


def missing() -> list[str]:
    """The distributions of the ``docs`` extra whose modules cannot be imported."""
    return [dist for module, dist in NEEDED.items() if importlib.util.find_spec(module) is None]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    lack = missing()
    if lack:
        print(f"bpp docs: the docs extra is not installed (no {', '.join(lack)}); run pip install -e '.[docs]'",
              file=sys.stderr)
        return 2
    out = args[0] if args else str(DOCS / "_build" / "html")
    from sphinx.cmd.build import build_main

    return build_main(["-W", "--keep-going", "-q", "-b", "html", "-d", str(Path(out).parent / "doctrees"),
                       str(DOCS), out, *args[1:]])


if __name__ == "__main__":
    sys.exit(main())

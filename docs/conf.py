"""Sphinx configuration of bpp's documentation site (``make docs`` → ``docs/_build/html``).

Offline by design: no intersphinx, no notebook execution (the notebooks keep
their stored outputs; the test suite executes them), nothing fetched.  The
API pages are automodule pages written by :mod:`_results` for every public module, and
the results pages from the committed tables and figures under ``figures/``
(:mod:`docs._results`, run at build time).
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS))

import bpp  # noqa: E402

project = "bpp"
author = "the bpp authors"
copyright = "the bpp authors, MIT licence"
release = getattr(bpp, "__version__", "")

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "myst_nb",
    "_results",
]

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**.ipynb_checkpoints", "_templates"]
templates_path = ["_templates"]

# numpydoc docstrings through napoleon
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
napoleon_use_ivar = True  # an "Attributes" section is a field list, not a second description of each attribute
# each object on the page of the module that defines it (a package's re-exports link there)
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_mock_imports: list[str] = []

# notebooks: stored outputs only (tests/docs execute them)
nb_execution_mode = "off"
nb_merge_streams = True
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
suppress_warnings = [
    "myst.header",          # the papers' tables and the research log start at level-3 headings
    "ref.python",           # a name defined in two modules (``more than one target``)
    "autodoc.import_object",
]

html_theme = "furo"
html_title = "bpp — probabilistic poker AI"
html_static_path: list[str] = []
html_show_sourcelink = False

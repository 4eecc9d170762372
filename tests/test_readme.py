"""The README is the entry page: short, and it points nowhere outside the repository.

Its code examples run in ``tests/docs/test_docs_examples.py`` with every documentation page's.
"""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_links_only_inside_the_repository():
    text = README.read_text()
    root = README.parent
    assert "../" not in text and "shared/" not in text
    for target in re.findall(r"\]\(([^)#]+)\)", text):
        if not target.startswith("http"):
            assert (root / target).exists(), target
    assert "ARCHITECTURE.md" in text and "REFERENCES.md" in text


def test_the_readme_is_an_entry_page():
    text = README.read_text()
    assert len(text.splitlines()) <= 200
    for heading in ("## Install", "## Two commands", "## A quick tour", "## Documentation"):
        assert heading in text

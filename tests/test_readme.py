"""The README is the manual: its agent example runs as written, and it points nowhere outside the repository."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_writing_your_own_agent_example_runs_as_written():
    text = README.read_text()
    section = text.split("## Writing your own agent", 1)[1].split("\n## ", 1)[0]
    section = section.split("```pycon\n", 1)[1].split("```", 1)[0]
    test = doctest.DocTestParser().get_doctest(section, {}, "README: Writing your own agent", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 5


def test_the_readme_links_only_inside_the_repository():
    text = README.read_text()
    root = README.parent
    assert "../" not in text and "shared/" not in text
    for target in re.findall(r"\]\(([^)#]+)\)", text):
        if not target.startswith("http"):
            assert (root / target).exists(), target
    assert "ARCHITECTURE.md" in text and "REFERENCES.md" in text

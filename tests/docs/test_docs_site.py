"""The documentation site builds offline without a warning and holds the pages the README points to."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def test_the_site_builds_with_every_section(site):
    for page in ("index.html", "getting-started.html", "architecture.html", "benchmarks.html", "results/index.html",
                 "results/bpp.html", "results/loki.html", "results/kendall.html", "results/lbr.html",
                 "howto/write-an-agent.html", "api/index.html", "api/generated/holdem.evaluate.html",
                 "api/generated/bpp.stud.html", "tutorials/bpp.html", "tutorials/loki.html", "tutorials/kendall.html",
                 "tutorials/lbr.html"):
        assert (site / page).is_file(), page
    index = (site / "index.html").read_text()
    for link in ("getting-started.html", "tutorials/index.html", "howto/index.html", "results/index.html",
                 "api/index.html", "architecture.html"):
        assert f'href="{link}' in index, link


def test_every_public_module_has_an_api_page(site):
    import pkgutil

    import bpp
    import holdem

    for package in (holdem, bpp):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if any(part.startswith("_") for part in info.name.split(".")):
                continue
            assert (site / "api" / "generated" / f"{info.name}.html").is_file(), info.name


def test_the_api_page_of_evaluate_shows_its_docstring(site):
    text = (site / "api" / "generated" / "holdem.evaluate.html").read_text()
    assert 'id="holdem.evaluate.evaluate"' in text
    assert "hand_category" in text


def test_the_search_index_knows_hand_strength(site):
    text = (site / "searchindex.js").read_text()
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    assert "hand_strength" in json.dumps(index["objects"])


def test_nothing_on_the_site_is_fetched_from_elsewhere(site):
    for html in site.rglob("*.html"):
        text = html.read_text()
        for src in re.findall(r'<(?:script|img|link)[^>]+(?:src|href)="(https?:[^"]+)"', text):
            raise AssertionError(f"{html.relative_to(site)} loads {src}")


def test_a_build_without_the_docs_extra_says_so_in_one_line():
    # ``python -S``: no site-packages, so neither Sphinx nor the theme can be imported
    run = subprocess.run([sys.executable, "-S", str(DOCS / "build.py")], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "docs extra" in lines[0] and "sphinx" in lines[0] and "Traceback" not in run.stderr
    assert run.stdout == ""

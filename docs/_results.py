"""Sphinx extension: the results pages generated from what the repository has committed.

At build time (``config-inited``, before Sphinx looks for pages) it writes

* ``results/tables/<name>.md`` — one page per committed results table
  ``figures/<name>.md`` (written by the script ``figures/<name>.py``), included
  as it is, so the pages never restate a number by hand;
* ``results/tables/figures.md`` — every committed figure ``figures/*.png``;
* ``results/tables/report.md`` — the ``bpp reproduce`` report committed in
  ``figures/reproduce/`` (``report.md`` and its figures), when there is one, and
  ``results/tables/report-paper.md`` — the paper-scale report committed in
  ``figures/reproduce-paper/`` (the experiments run at the papers' sizes so far);
* ``api/generated/<module>.rst`` — one API page per public module of
  ``holdem`` and ``bpp`` (:func:`write_api_pages`).

and registers the directive ``bpp-experiments`` (optional argument: a paper
key of :data:`bpp.reproduce.PAPERS`) that lists the registered reproduction
experiments with their sources and expected times.  Nothing is computed or
fetched: the build stays offline and takes seconds.
"""

from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
FIGURES = ROOT / "figures"
OUT = DOCS / "results" / "tables"

#: Titles of the tables whose file starts without a heading.
TITLES = {
    "lbr_exploitability": "LBR against the toolkit's agents (beyond Lisy2017)",
    "lbr_table2": "Lisy2017 Table 2: LBR against the chumps",
    "poki_nn_accuracy": "Poki's opponent predictors: cross-validated accuracy",
    "poki_opponents": "Poki's opponent models at mixed tables",
    "stud_table1": "Korb1999 Table 1: the nine hand categories",
}


def _write(path: Path, text: str) -> None:
    """Write ``text`` unless the file already holds it (so an unchanged page is not rebuilt)."""
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _title(md: Path) -> tuple[str, bool]:
    first = md.read_text(encoding="utf-8").lstrip().splitlines()[0] if md.stat().st_size else ""
    if first.startswith("# "):
        return first[2:].strip(), True
    return TITLES.get(md.stem, md.stem.replace("_", " ")), False


def write_pages(app=None, config=None) -> list[Path]:
    """Write the generated results pages (see the module docstring); returns their paths."""
    OUT.mkdir(parents=True, exist_ok=True)
    written = []
    for md in sorted(FIGURES.glob("*.md")):
        title, has_heading = _title(md)
        script = FIGURES / f"{md.stem}.py"
        made_by = (f"Written by `python figures/{script.name}`; committed as `figures/{md.name}`."
                   if script.exists() else f"Committed as `figures/{md.name}`.")
        head = "" if has_heading else f"# {title}\n\n"
        body = f"{head}```{{include}} ../../../figures/{md.name}\n```\n\n---\n\n{made_by}\n"
        if has_heading:  # the provenance goes under the included title
            body = f"```{{include}} ../../../figures/{md.name}\n```\n\n---\n\n{made_by}\n"
        path = OUT / f"{md.stem}.md"
        _write(path, body)
        written.append(path)
    images = [f"# Every committed figure\n\nEach is drawn by the script of the same name in `figures/`.\n"]
    for png in sorted(FIGURES.glob("*.png")):
        script = FIGURES / f"{png.stem}.py"
        by = f" (`python figures/{script.name}`)" if script.exists() else ""
        images += [f"## {png.stem}\n", f"`figures/{png.name}`{by}\n", f"![{png.stem}](../../../figures/{png.name})\n"]
    _write(OUT / "figures.md", "\n".join(images))
    written.append(OUT / "figures.md")
    for folder, page in (("reproduce", "report"), ("reproduce-paper", "report-paper")):
        report = FIGURES / folder / "report.md"
        if report.exists():
            text = report.read_text(encoding="utf-8")
            text = re.sub(r"!\[([^\]]*)\]\((figures/[^)]+)\)", rf"![\1](../../../figures/{folder}/\2)", text)
            _write(OUT / f"{page}.md", text)
            written.append(OUT / f"{page}.md")
    index = ("# The committed tables and figures\n\nOne page per results table in `figures/`, included as the script "
             "that measures it wrote it.\n\n```{toctree}\n:glob:\n:maxdepth: 1\n\n*\n```\n")
    _write(OUT / "index.md", index)
    written.append(OUT / "index.md")
    # pages of tables that are no longer committed go too
    for old in OUT.glob("*.md"):
        if old not in written:
            old.unlink()
    return written


API = DOCS / "api" / "generated"


def public_modules() -> list[str]:
    """Every public module of ``holdem`` and ``bpp`` (no part of its dotted name starts with ``_``)."""
    import importlib
    import pkgutil

    names = []
    for top in ("holdem", "bpp"):
        package = importlib.import_module(top)
        names.append(top)
        names += [m.name for m in pkgutil.walk_packages(package.__path__, top + ".")
                  if not any(part.startswith("_") for part in m.name.split("."))]
    return names


def write_api_pages(app=None, config=None) -> list[Path]:
    """One ``api/generated/<module>.rst`` per public module: its docstring and the members it defines.

    Written here rather than by autosummary because a package attribute may
    shadow a module of the same name (``holdem.evaluate`` is both the module
    and the function the package exports): each page names the module itself.
    """
    API.mkdir(parents=True, exist_ok=True)
    written = []
    for name in public_modules():
        path = API / f"{name}.rst"
        _write(path, f"{name}\n{'=' * len(name)}\n\n.. automodule:: {name}\n")
        written.append(path)
    for old in API.iterdir():
        if old not in written:
            old.unlink()
    return written


class Experiments(SphinxDirective):
    """``bpp-experiments [paper]``: the reproduction experiments registered for ``paper`` (default: all)."""

    optional_arguments = 1

    def run(self):
        from bpp.reproduce import experiments

        only = [self.arguments[0]] if self.arguments else None
        lines = []
        for e in experiments(only):
            beyond = " — beyond the paper" if e.beyond else ""
            lines += [f"- **{e.title}** (`{e.key}`{beyond}): {e.source}; about {e.expected['quick']:.0f} s at "
                      f"quick scale, {e.expected['paper']:.0f} s at paper scale on two cores "
                      f"(`bpp reproduce --only {e.paper}`)."]
        node = nodes.container()
        self.state.nested_parse(StringList(lines, source="bpp.reproduce registry"), self.content_offset, node)
        return node.children


class Benchmarks(SphinxDirective):
    """``bpp-benchmarks``: every ``benchmarks/bench_*.py`` with the first paragraph of its docstring."""

    def run(self):
        import ast

        lines = []
        for script in sorted((ROOT / "benchmarks").glob("bench_*.py")):
            doc = ast.get_docstring(ast.parse(script.read_text(encoding="utf-8"))) or ""
            first = " ".join(doc.split("\n\n", 1)[0].split())
            lines.append(f"- `python benchmarks/{script.name}`: {first}")
        node = nodes.container()
        self.state.nested_parse(StringList(lines, source="benchmarks/"), self.content_offset, node)
        return node.children


class Agents(SphinxDirective):
    """``bpp-agents``: a table of the agents by game, from the agent registry (what ``bpp match --help`` lists)."""

    def run(self):
        from bpp.registry import agent_games, list_agents
        from holdem.games import GAMES

        every = [n for n in list_agents() if agent_games(n) is None]
        lines = ["| game | agents |", "|---|---|", f"| every game | {', '.join(f'`{n}`' for n in every)} |"]
        for game in GAMES:
            own = [n for n in list_agents(game) if n not in every]
            lines.append(f"| `{game}` | {', '.join(f'`{n}`' for n in own)} |")
        node = nodes.container()
        self.state.nested_parse(StringList(lines, source="bpp.registry"), self.content_offset, node)
        return node.children


def setup(app):
    app.connect("config-inited", write_pages)
    app.connect("config-inited", write_api_pages)
    app.add_directive("bpp-experiments", Experiments)
    app.add_directive("bpp-benchmarks", Benchmarks)
    app.add_directive("bpp-agents", Agents)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

"""Every code example of the README and the documentation pages runs as written.

* ``pycon`` blocks run as doctests, a page's blocks in order in one namespace;
* every ``bpp …`` line of a shell block is accepted by the command's own
  argument parser (running them would take minutes to hours: the commands
  themselves are tested in ``tests/test_cli*.py``), every ``python figures/…`` /
  ``python benchmarks/…`` script exists, and every ``make`` target is in the Makefile.
"""

from __future__ import annotations

import doctest
import re
import shlex

import pytest

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

GENERATED = ("_build", "api/generated", "results/tables")
PAGES = [ROOT / "README.md"] + sorted(p for p in DOCS.rglob("*.md") if not any(g in p.relative_to(DOCS).as_posix()
                                                                                 for g in GENERATED))
FENCE = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```", re.S | re.M)


def _blocks(page, languages):
    return [body for lang, body in FENCE.findall(page.read_text(encoding="utf-8")) if lang in languages]


def _id(page):
    return page.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("page", [p for p in PAGES if _blocks(p, ("pycon",))], ids=_id)
def test_the_python_examples_run(page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = "\n".join(_blocks(page, ("pycon",)))
    test = doctest.DocTestParser().get_doctest(text, {"__name__": "__docs__"}, _id(page), str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.tries > 0 and runner.failures == 0


def _command_lines():
    for page in PAGES:
        for body in _blocks(page, ("sh", "bash", "console", "shell")):
            for line in body.replace("\\\n", " ").splitlines():
                line = line.split(" #", 1)[0].strip().removeprefix("$ ")
                if line:
                    yield page, line


COMMANDS = list(_command_lines())


def test_the_pages_show_commands():
    assert sum(line.startswith("bpp ") for _, line in COMMANDS) >= 20


@pytest.mark.parametrize("page,line", [c for c in COMMANDS if c[1].startswith("bpp ")],
                         ids=[f"{_id(p)}: {line[:60]}" for p, line in COMMANDS if line.startswith("bpp ")])
def test_every_bpp_command_shown_is_accepted_by_its_parser(page, line):
    from bpp.cli import build_parser

    words = _words(line)[1:]
    try:
        args, rest = build_parser().parse_known_args(words)
        if rest or hasattr(args, "rest"):  # `bpp build|inspect|explore TARGET …`: the target's own parser reads the rest
            assert hasattr(args, "rest"), f"unrecognized arguments: {rest}"
            _target_parser(args.command, args.target).parse_args(rest)
    except SystemExit as exc:
        raise AssertionError(f"{_id(page)}: `{line}` is refused by bpp's parser") from exc
    assert args.command


SHELL = {">", ">>", "<", "|", "&", "&&", "||", ";", "2>", "2>&1"}


def _words(line):
    """The command's own words: up to a redirection, pipe or ``&``; an option shown as optional (``[--json]``)
    dropped; a placeholder in capitals (``--port P1``, ``--out DIR``) standing for a value given as ``1``."""
    words = []
    for w in shlex.split(line):
        if w in SHELL or w.startswith((">", "2>")):
            break
        if w.startswith("[") and w.endswith("]"):
            continue
        words.append("1" if re.fullmatch(r"[A-Z][A-Z0-9_]*", w) else w)
    return words


def _target_parser(command, target):
    import argparse
    import importlib

    module_path = importlib.import_module(f"bpp.commands.{command}").TARGETS[target][0]
    module_name, _, attribute = module_path.partition(":")
    module = importlib.import_module(module_name)
    parser = argparse.ArgumentParser(prog=f"bpp {command} {target}", exit_on_error=False)
    (getattr(module, attribute) if attribute else module).add_arguments(parser)
    return parser


def test_every_script_and_make_target_shown_exists():
    makefile = (ROOT / "Makefile").read_text()
    for page, line in COMMANDS:
        words = _words(line)
        for w in words:
            if re.match(r"(figures|benchmarks)/\w+\.py$", w):
                assert (ROOT / w).is_file(), f"{_id(page)}: {w}"
        if words[0] == "make":
            for target in words[1:]:
                assert re.search(rf"^{re.escape(target)}:", makefile, re.M), f"{_id(page)}: make {target}"

"""The shape of the code (ARCHITECTURE.md): imports run one way, and no module imports another in a circle.

Every ``import`` of every module counts, also those inside functions (a
deferred import hides a circle from Python, not from the reader).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = ("bpp.loki", "bpp.stud", "bpp.kendall", "bpp.lbr")
#: Layers above the programs: no program (and nothing in holdem) imports them.
ABOVE = ("bpp.cli", "bpp.commands", "bpp.reproduce", "bpp.explore")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for top in ("holdem", "bpp") for p in (ROOT / top).rglob("*.py")}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules ``name`` imports anywhere in its body (``from pkg import mod`` counts mod)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        out.update(t for t in targets if t in known and t != name)
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _under(module: str, prefixes) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def test_holdem_imports_nothing_from_bpp():
    bad = sorted((m, t) for m, ts in _graph().items() if _under(m, ("holdem",)) for t in ts if _under(t, ("bpp",)))
    assert bad == []


def test_programs_import_no_other_program_and_nothing_above():
    bad = []
    for m, ts in _graph().items():
        own = [p for p in PROGRAMS if _under(m, (p,))]
        if not own:
            continue
        for t in ts:
            if _under(t, ABOVE) or (_under(t, PROGRAMS) and not _under(t, own)):
                bad.append((m, t))
    assert sorted(bad) == []


def test_only_the_command_layer_imports_the_cli():
    bad = sorted((m, t) for m, ts in _graph().items() if not _under(m, ("bpp.cli", "bpp.commands"))
                 for t in ts if _under(t, ("bpp.cli", "bpp.commands")))
    assert bad == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    import sys

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


#: Circles known and owned elsewhere, each with its reason; the list may only shrink.
KNOWN_CIRCLES: list[list[str]] = []


def test_no_import_circles():
    graph = _graph()
    # a package's __init__ re-exporting its own submodules is not a circle of meaning: drop those edges
    graph = {m: {t for t in ts if not t.startswith(m + ".")} for m, ts in graph.items()}
    assert [c for c in _cycles(graph) if c not in KNOWN_CIRCLES] == []


def test_the_checker_sees_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]

"""bpp.stud's layers import one way: model <- decision <- opponents <- players <- experiments, no circles."""

import ast
from pathlib import Path

import bpp.stud

ROOT = Path(bpp.stud.__file__).parent
LAYERS = {"model": 0, "decision": 1, "opponents": 2, "players": 3, "experiments": 4}


def _imports():
    """(importing module, imported bpp.stud module) for every import in bpp/stud, function-level ones included."""
    out = []
    for path in ROOT.rglob("*.py"):
        rel = path.relative_to(ROOT).with_suffix("")
        name = "bpp.stud." + ".".join(rel.parts) if rel.name != "__init__" else "bpp.stud." + ".".join(rel.parts[:-1])
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bpp.stud"):
                out.append((name.rstrip("."), node.module))
                out.extend((name.rstrip("."), f"{node.module}.{a.name}") for a in node.names)
    return out


def _layer(module: str):
    parts = module.split(".")
    return LAYERS.get(parts[2]) if len(parts) > 2 else None


def test_every_layer_imports_only_the_layers_below_it():
    for importer, imported in _imports():
        a, b = _layer(importer), _layer(imported)
        if a is None or b is None or a == b:
            continue
        # players sit above opponents: the reference reader inverts Figure 4's own code
        assert b < a, f"{importer} imports {imported}"


def test_no_import_circle_between_modules():
    modules = {p for p in ROOT.rglob("*.py")}
    graph: dict[str, set] = {}
    known = {".".join(("bpp.stud",) + p.relative_to(ROOT).with_suffix("").parts) for p in modules}
    for importer, imported in _imports():
        if imported in known and imported != importer and not imported.endswith("__init__"):
            graph.setdefault(importer, set()).add(imported)
    state: dict[str, int] = {}

    def visit(node, path):
        state[node] = 1
        for nxt in graph.get(node, ()):
            if state.get(nxt) == 1:
                raise AssertionError("import circle: " + " -> ".join(path + [nxt]))
            if nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for node in list(graph):
        if node not in state:
            visit(node, [node])


def test_package_level_exports_still_work():
    from bpp.stud import FINAL_TYPES, CompiledStudNet, hand_types, load_compiled  # noqa: F401
    from bpp.stud.opponents import Bluffer, ProbabilisticPlayer, RuleBasedPlayer  # noqa: F401
    from bpp.stud.experiments import significance  # noqa: F401

    assert set(bpp.stud.__all__) >= {"FINAL_TYPES", "CompiledStudNet", "load_compiled"}

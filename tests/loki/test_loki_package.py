"""bpp.loki's components import one way, like Billings2002's architecture figure.

The figure draws Poki as components around the public game state: the hand evaluator, the action selector (betting
rule base and probability triples), the opponent modeler, the simulator.  Each module of the package belongs to one
component; a component imports only the components below it, and no modules import each other in a circle.
"""

import ast
from pathlib import Path

import bpp.loki

ROOT = Path(bpp.loki.__file__).parent
#: component of each top-level module or subpackage, lowest first (the opponent modeler sits above the action selector:
#: Poki models an opponent with its own betting formula, Billings2002 "opponent modeling")
COMPONENTS = {
    "state": 0,  # the public game state of one hand: seats, board, pot, actions, the hand's integer arrays
    "evaluator": 1,  # the hand evaluator: pre-flop income rates, post-flop HS / potential / EHS
    "selector": 2,  # the action selector: probability triples, betting rules, formula strategy
    "modeler": 3,  # the opponent modeler: weight tables, generic / specific models, predictors
    "simulator": 4,  # the simulator
    "agents": 5, "opponents": 5,  # the players: compositions of the components
    "inspection": 6, "experiments": 6, "plots": 6,  # tools around the players
}
#: imports that still run against the layering today (importer, imported module)
KNOWN: set = set()


def _imports():
    """(importing module, imported bpp.loki module) for every import in bpp/loki, function-level ones included."""
    out = []
    for path in ROOT.rglob("*.py"):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        name = ".".join(("bpp.loki",) + parts)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bpp.loki"):
                out.append((name, node.module))
    return out


def _component(module: str):
    parts = module.split(".")
    return COMPONENTS.get(parts[2]) if len(parts) > 2 else None


def test_every_module_has_a_component():
    modules = {p.stem for p in ROOT.glob("*.py")} - {"__init__"}
    modules |= {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert modules <= set(COMPONENTS), sorted(modules - set(COMPONENTS))


def test_every_component_is_a_subpackage_with_the_figures_name():
    for name in ("evaluator", "selector", "modeler", "simulator"):
        assert (ROOT / name / "__init__.py").exists(), name
        assert "Billings2002 §4 figure" in (ROOT / name / "__init__.py").read_text(), name


def test_every_component_imports_only_the_components_below_it():
    wrong = set()
    for importer, imported in _imports():
        a, b = _component(importer), _component(imported)
        if a is not None and b is not None and b > a:
            wrong.add((importer, imported))
    assert wrong == KNOWN


def test_no_import_circle_between_modules():
    graph: dict[str, set] = {}
    for importer, imported in _imports():
        if imported != importer and imported != "bpp.loki":
            graph.setdefault(importer, set()).add(imported)
    state: dict[str, int] = {}

    def visit(node, path):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                raise AssertionError("import circle: " + " -> ".join(path + [nxt]))
            if nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])


def test_package_level_exports_still_work():
    from bpp.loki import CALL, FOLD, RAISE, WeightTable, load_income_rates, preflop_triples  # noqa: F401
    from bpp.loki.evaluator.postflop import street_table  # noqa: F401
    from bpp.loki.inspection import trace_hand  # noqa: F401
    import bpp.loki.experiments  # noqa: F401

    assert set(bpp.loki.__all__) >= {"WeightTable", "CALL", "FOLD", "RAISE", "load_income_rates"}


#: Poki's options over Loki's (Billings2002): the modeler learns per opponent and re-weights after every action,
#: checks included; the selector is the formula strategy; the evaluator multiplies the per-opponent EHS.
POKI = dict(strategy="formula", specific=True, combine="product", reweighting="all", reweight_checks=True)
#: every registered variant as the options it changes against ``loki`` (player A)
OPTIONS: dict[str, dict] = {
    "loki": {},
    "loki-reweight": dict(reweighting="all"),
    "loki-showdown": dict(showdown_odds=True),
    "loki-reweight-showdown": dict(reweighting="all", showdown_odds=True),
    "loki-b": dict(weighting=False),
    "loki-c": dict(preflop="simple"),
    "loki-d": dict(potential=False),
    "loki-e": dict(weighting=False, potential=False, preflop="simple"),
    "poki": POKI,
    "poki-nn": {**POKI, "predictor": "network"},
    "poki-meta": {**POKI, "predictor": "meta"},
    "poki-sim": {**POKI, "strategy": "simulation"},
    "poki-sim-meta": {**POKI, "strategy": "simulation", "predictor": "meta"},
    "poki-sim-nn": {**POKI, "strategy": "simulation", "predictor": "network"},
}


def test_every_variant_is_loki_with_the_components_its_table_changes():
    from bpp.loki.agents import VARIANTS, LokiAgent
    from bpp.registry import list_agents, make_agent

    base = LokiAgent(rng=0)
    assert set(VARIANTS) == set(OPTIONS)
    assert set(VARIANTS) <= set(list_agents("limit-holdem"))
    for name, options in OPTIONS.items():
        agent = make_agent(name, rng=0)
        assert agent.name == name
        for option in ("strategy", "weighting", "potential", "preflop", "reweighting", "reweight_checks",
                       "showdown_odds", "specific", "predictor", "combine"):
            assert getattr(agent, option) == options.get(option, getattr(base, option)), (name, option)


def test_every_variant_is_a_composition_of_component_objects():
    """Billings2002 §4's components, one object each: B and E hold the uniform modeler, poki-sim a simulator."""
    from bpp.loki.agents import VARIANTS, LokiAgent, Player
    from bpp.loki.evaluator.hand import HandEvaluator
    from bpp.loki.modeler.modelers import LokiModeler, PokiModeler, UniformModeler
    from bpp.loki.selector.selectors import FormulaSelector, RuleSelector
    from bpp.loki.simulator.sampling import Simulator

    for name, factory in VARIANTS.items():
        agent = factory(rng=0)
        assert isinstance(agent, Player) and isinstance(agent.evaluator, HandEvaluator), name
        modeler = {"loki-b": UniformModeler, "loki-e": UniformModeler}.get(
            name, PokiModeler if name.startswith("poki") else LokiModeler)
        assert type(agent.modeler) is modeler, name
        assert type(agent.selector) is (FormulaSelector if name.startswith("poki") else RuleSelector), name
        assert isinstance(agent.simulator, Simulator) == name.startswith("poki-sim"), name
        # the same composition as LokiAgent's options give: same components, same settings
        same = LokiAgent(rng=0, **OPTIONS[name])
        assert repr(agent).split("(", 1)[1] == repr(same).split("(", 1)[1], name

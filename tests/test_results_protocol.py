"""Every result object a command prints offers ``.table()`` (text) and ``.to_dict()`` (JSON) under those names.

The classes are found by reading the source of ``bpp`` and ``holdem`` (no import): any class with a ``table`` or
``to_dict`` method taking no required argument is a result and must have both, unless it is listed below as a part
of a result or a stored file.
"""

from __future__ import annotations

import ast
import importlib
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Classes with one of the two methods that are not results a command prints, and why.
NOT_RESULTS = {
    "bpp.commands.demo.Claim": "one line of the demo's report (Claim.line), which prints the claims itself",
    "bpp.loki.modeler.weightnet.WeightNetwork": "table() is the weight table the network computes, not text",
    "bpp.stud.decision.curves.CurveParams": "a stored model file (to_dict is what bpp build writes)",
    "bpp.stud.decision.curves.CurveSet": "a stored model file (to_dict is what bpp build writes)",
    "holdem.histories.stats.PlayerStats": "one row of StatsResult",
    "bpp.kendall.styles.StyleTable": "a fixed player's style; its field table names the table it sits at",
    "holdem.strength.Potential": "the arrays of hand potential (its field table is Billings1998's 3x3 count table); "
                                 "no command prints it as a result",
    "holdem.match.stats.AgentResult": "one row of MatchResult",
}

#: The results each command prints (``bpp match``, ``lbr``, ``kendall train/evaluate``, ``stats``, ``inspect``,
#: ``acpc dealer``) and the figure scripts' Loki tournament: found by the scan, listed so none drops out unseen.
PRINTED = {
    "holdem.match.stats.MatchResult",
    "bpp.lbr.run.LBRResult",
    "bpp.lbr.logged.RangeTrace",
    "bpp.kendall.training.TrainingResult",
    "bpp.kendall.training.Table6",
    "holdem.histories.stats.StatsResult",
    "holdem.histories.read.Hands",
    "bpp.loki.inspection.LoggedBeliefs",
    "bpp.stud.experiments.inspection.BeliefTrace",
    "bpp.acpc.dealer.DealerResult",
    "bpp.loki.experiments.TournamentResult",
}


def _classes() -> dict[str, tuple[set[str], set[str]]]:
    """``module.Class`` -> (method names, class-level annotated field names) of every class defining either method."""
    found = {}
    for package in ("bpp", "holdem"):
        for path in sorted((ROOT / package).rglob("*.py")):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            for node in ast.walk(ast.parse(path.read_text())):
                if not isinstance(node, ast.ClassDef):
                    continue
                # a result's table() and to_dict() take no required argument (a table(node, state) is a lookup)
                methods = {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                           and len(n.args.args) - len(n.args.defaults) <= 1}
                fields = {n.target.id for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
                if methods & {"table", "to_dict"} or fields & {"table", "to_dict"}:
                    found[f"{module}.{node.name}"] = (methods, fields)
    return found


def test_every_result_has_table_and_to_dict():
    classes = _classes()
    results = {name for name in classes if name not in NOT_RESULTS}
    assert PRINTED <= results, f"printed results not found by the scan: {sorted(PRINTED - results)}"
    missing = {name: sorted({"table", "to_dict"} - methods) for name, (methods, _) in classes.items()
               if name in results and not {"table", "to_dict"} <= methods}
    assert not missing, f"results without .table()/.to_dict(): {missing}"
    shadowing = sorted(name for name, (_, fields) in classes.items() if name in results and fields & {"table", "to_dict"})
    assert not shadowing, f"a field named table/to_dict hides the method: {shadowing}"
    assert not set(NOT_RESULTS) - set(classes), "a NOT_RESULTS entry no longer exists"


@pytest.mark.parametrize("name", sorted(PRINTED))
def test_printed_results_have_both_methods_at_run_time(name):
    module, _, cls = name.rpartition(".")
    klass = getattr(importlib.import_module(module), cls)
    assert callable(getattr(klass, "table", None)) and callable(getattr(klass, "to_dict", None))


def test_training_result_table_and_to_dict():
    from bpp.kendall.training import train

    result = train("tight-aggressive", 120, rng=3)
    lines = result.table().splitlines()
    assert lines[0].startswith("trained 120 epochs at the tight-aggressive table (seed 3): bankroll ")
    assert f"{int(result.curve[-1]):,}" in lines[0]
    rows = result.table5()
    assert len(lines) == 2 + len(rows) and rows, lines
    for line, row in zip(lines[2:], rows):
        assert [float(x) for x in line.split()] == [row["epoch"], row["played"], row["won"], row["pct_played"],
                                                     row["pct_won"]]
    data = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert data["table"] == result.table_name == "tight-aggressive" and data["epochs"] == 120

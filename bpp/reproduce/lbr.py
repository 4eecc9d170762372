"""Local Best Response's results (Lisy2017 §4): Table 2, LBR against the chumps, and the best response to always-call.

Each cell of Table 2 is one call of :func:`bpp.lbr.run.run_lbr` (duplicate
deals with imaginary observations, the estimator the paper reports); its
blocks go through the parallel layer (``workers`` or the Dask scheduler).
The exact best response to always-call is
:func:`bpp.lbr.exact.always_call_best_response`.

>>> from bpp.reproduce.registry import get_experiment
>>> len(get_experiment("lbr-table2").steps("quick"))
13
>>> [s.name for s in get_experiment("lbr-exploitability").steps("quick")][:2]
['limit-holdem call', 'limit-holdem raise']
"""

from __future__ import annotations

import os

from bpp.reproduce.registry import Experiment, Row, Step, register, verdict

CELLS = tuple((b, r, o) for b, r in (("fc", "1-4"), ("fc", "3-4"), ("fcpa", "1-4"), ("fcpa", "3-4"))
              for o in ("call", "call-raise", "random"))


def cell(betting: str, rounds: str, opponent: str, n_deals: int, rng: int, workers: int = 1,
         progress: bool = False, log: str | os.PathLike[str] | None = None) -> dict:
    """One cell of Table 2: LBR (``betting``, acting in ``rounds``) against ``opponent``, BB/hand ± 95 % CI."""
    from bpp.lbr.run import run_lbr

    return run_lbr(opponent, betting=betting, rounds=rounds, n_deals=n_deals, rng=rng, workers=workers,
                   progress=progress, log=log).to_dict()


def best_response_to_call(n_boards: int, rng: int) -> dict:
    """The exact best response to always-call (BB/hand and its standard error)."""
    from bpp.lbr.exact import always_call_best_response

    value, se = always_call_best_response(n_boards, rng=rng)
    return {"value": value, "se": se, "n_boards": n_boards}


def _why(betting, opponent) -> str:
    if opponent == "random":
        return ("the paper's \"random\" is read as uniform over fold / call / raise; read as uniform over every legal "
                "action with each raise size its own action (agent random-sizes) the cells match (figures/lbr_table2.md "
                "measures both readings)")
    if opponent == "call-raise":
        return ("the paper does not give the call-raise chump's raise size, and the cell moves strongly with it: "
                "pot-limited raises (the agent call-raise-pot) move it far (figures/lbr_table2.md measures both)")
    return "LBR's choices among equal-valued actions and the sampled pre-flop equity table are ours"


def _report(results, figures):
    from bpp.lbr.run import PAPER_TABLE2

    rows = []
    for betting, rounds, opponent in CELLS:
        r = results[f"{betting} {rounds} {opponent}"]["estimators"]["both"]
        paper, paper_half = PAPER_TABLE2[(betting, rounds)][opponent]
        v = verdict(paper, r["mean"], r["ci95"])
        if v == "differs" and paper_half is not None:  # the paper's own interval overlapping ours is no difference
            lo, hi = paper - paper_half, paper + paper_half
            v = "within CI" if lo <= r["ci95"][1] and r["ci95"][0] <= hi else v
        rows.append(Row(f"LBR {betting}, rounds {rounds}, vs {opponent} (BB/hand)",
                        "0" if paper_half is None else f"{paper:.1f} ± {paper_half:.1f}",
                        f"{r['mean']:+.2f}", f"[{r['ci95'][0]:+.2f}, {r['ci95'][1]:+.2f}]", v,
                        "" if v != "differs" else _why(betting, opponent)))
    br = results["always-call"]
    half = 1.96 * br["se"]
    ok = abs(br["value"] - 50) <= 2
    rows.append(Row("exact best response to always-call (BB/hand)", "≈ 50", f"{br['value']:.2f}",
                    f"[{br['value'] - half:.2f}, {br['value'] + half:.2f}]", "within CI" if ok else "differs",
                    "" if ok else "the paper gives only \"approximately\""))
    n = results[f"{CELLS[0][0]} {CELLS[0][1]} {CELLS[0][2]}"]["deals"]
    return rows, [], (f"{n:,} duplicate deals per cell (2 hands each), imaginary observations, heads-up no-limit "
                      "hold'em with 200-big-blind stacks; 'within CI' when the paper's value or its own interval "
                      "meets ours.")


register(Experiment(
    "lbr-table2", "lbr", "Table 2: LBR against the chumps, and the best response to always-call", "Lisy2017 §4, Table 2",
    lambda scale: [Step(f"{b} {r} {o}", "bpp.reproduce.lbr:cell",
                        {"betting": b, "rounds": r, "opponent": o, "n_deals": 200 if scale == "quick" else 1500,
                         "rng": 1}, inside=True) for b, r, o in CELLS]
    + [Step("always-call", "bpp.reproduce.lbr:best_response_to_call",
            {"n_boards": 500 if scale == "quick" else 5000, "rng": 1})],
    _report, {"quick": 90, "paper": 600}))


#: Beyond the paper: (game, agent) → duplicate deals at paper scale (what each agent's speed allows, as
#: figures/lbr_exploitability.py); quick scale plays the fast agents only, 40 deals each.
EXPLOITABILITY = {
    ("limit-holdem", "call"): 1000, ("limit-holdem", "raise"): 200, ("limit-holdem", "random"): 200,
    ("limit-holdem", "loki"): 40, ("limit-holdem", "poki"): 120,
    ("stud5", "call"): 100, ("stud5", "random"): 100, ("stud5", "prob"): 100, ("stud5", "rules"): 100,
    ("stud5", "bpp"): 100, ("stud5", "bpp-card"): 40,
}
_SLOW = {"loki", "poki", "bpp-card"}


def exploitability(game: str, opponent: str, n_deals: int, rng: int, workers: int = 1, progress: bool = False,
                   log: str | os.PathLike[str] | None = None, block_size: int = 50) -> dict:
    """A lower bound on ``opponent``'s exploitability: LBR (fcpa, every round) against it in ``game``
    (``figures/lbr_exploitability.py`` renders the paper-scale table from these)."""
    from bpp.lbr.run import run_lbr

    return run_lbr(opponent, game=game, betting="fcpa", rounds="1-4", n_deals=n_deals, rng=rng, workers=workers,
                   progress=progress, log=log, block_size=block_size).to_dict()


def _report_exploitability(results, figures):
    rows = []
    for key, r in results.items():
        e = r["estimators"]["both"]
        unit = {"sb": "sb/hand", "units": "units/hand"}.get(r["unit"], r["unit"] + "/hand")
        rows.append(Row(f"LBR vs {key} ({unit})", "— (beyond the paper)", f"{e['mean']:+.3f}",
                        f"[{e['ci95'][0]:+.3f}, {e['ci95'][1]:+.3f}]", "—", f"{r['deals']:,} duplicate deals"))
    return rows, [], ("Local Best Response (fcpa, acting in every round) against the toolkit's fixed-limit agents: "
                      "what it wins is a lower bound on each agent's exploitability.")


register(Experiment(
    "lbr-exploitability", "lbr", "Beyond the paper: how exploitable the limit hold'em and stud agents are",
    "Lisy2017 §3 applied to the toolkit's agents",
    lambda scale: [Step(f"{game} {name}", "bpp.reproduce.lbr:exploitability",
                        {"game": game, "opponent": name, "n_deals": 40 if scale == "quick" else deals, "rng": 1},
                        inside=True)
                   for (game, name), deals in EXPLOITABILITY.items() if scale == "paper" or name not in _SLOW],
    _report_exploitability, {"quick": 60, "paper": 900}, beyond=True))

"""Why the paper's BPP loses, §6.3's dynamic network on the same decisions, and curves kept to §4.1's shapes
(Korb1999 §3.4, §4.1, §5.2, §6.3): the steps of ``figures/stud_calibration.py``, ``stud_dbn.py`` and ``stud_shape.py``.

Three registered experiments, beyond the paper (verdict "—"):

* ``bpp-calibration`` — :func:`calibration_run`: every decision of the
  paper's BPP against ``rules`` (:func:`bpp.stud.experiments.calibration.decision_records`),
  sampled and ``play="argmax"``: the calibration table of P(win) and the
  folds facing a bet although d = P(win) − θ > 0;
* ``bpp-dbn`` — :func:`dbn_run` per opponent: ``bpp-dbn`` plays while a
  ``bpp`` watches from the same seat, so both networks' P(win) are scored
  against the deal's true outcome on the very same decisions (Brier score
  per round, its paired difference with a 95 % CI over deals,
  calibration in the large), plus the paired winnings of the two players on
  the same deals; :func:`brier_rows` pools opponents from the sums;
* ``bpp-shape`` — :func:`shape_cell`: ``bpp``, ``bpp-up`` and ``bpp-card``
  with the curves of the constrained search
  (``bpp/models/stud/curves_paper_shape.json``) against ``rules`` and ``prob``.

Every step returns a JSON-able dict; the scripts render the same results
(or read them from a ``bpp reproduce`` run with ``--from-run``).

>>> r = dbn_run("rules", n_deals=3, rng=1)
>>> sorted(r["paired"]), len(r["rounds"])
(['argmax', 'sample'], 4)
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from bpp.reproduce.registry import Experiment, Row, Step, register
from bpp.reproduce.stud_cells import OPPONENTS, SEEDS

__all__ = ["calibration_run", "dbn_run", "brier_rows", "shape_cell", "SHAPE_PLAYERS", "SHAPE_SEEDS"]

#: The players and opponents (with their §5.2 seeds) of ``bpp-shape``.
SHAPE_PLAYERS = ("bpp", "bpp-up", "bpp-card")
SHAPE_SEEDS = {"rules": 2002, "prob": 1999}


def calibration_run(player: str, opponent: str, n_deals: int, rng: int, play: str) -> dict:
    """The calibration table of ``player``'s P(win) against ``opponent`` and its folds facing a bet with d > 0.

    ``table``: :func:`bpp.stud.experiments.calibration.calibration_table`; ``faced``: decisions facing a bet with
    d > 0, ``folded``: the share of them folded; ``winnings_mean`` ± ``winnings_half`` (95 %, normal): units per deal.
    """
    from bpp.stud.experiments.calibration import calibration_table, decision_records

    rec = decision_records(player, opponent, n_deals=n_deals, rng=rng, play=play)
    faced = rec["facing"].astype(bool) & (rec["d"] > 0)
    w = rec["winnings"]
    return {"player": player, "opponent": opponent, "deals": n_deals, "seed": rng, "play": play,
            "table": calibration_table(rec), "faced": int(faced.sum()), "folded": float((rec["action"][faced] == 0).mean()),
            "winnings_mean": float(w.mean()), "winnings_half": float(1.96 * w.std(ddof=1) / np.sqrt(w.size))}


def _round_sums(rec: dict, mine: str, other: str) -> list[dict]:
    """Per round: decisions, the sums of both Brier terms, predictions and outcomes, and the per-deal Δ sums."""
    out = []
    y = rec["true_win"]
    for r in range(4):
        cell = rec["round"] == r
        a, b = (rec[mine][cell] - y[cell]) ** 2, (rec[other][cell] - y[cell]) ** 2
        _, inverse = np.unique(rec["deal"][cell], return_inverse=True)
        out.append({"round": r + 1, "n": int(cell.sum()), "brier_dbn": float(a.sum()), "brier_bpp": float(b.sum()),
                    "p_dbn": float(rec[mine][cell].sum()), "p_bpp": float(rec[other][cell].sum()), "true": float(y[cell].sum()),
                    "moved": float(np.abs(rec[mine][cell] - rec[other][cell]).sum()),
                    "per_deal": np.bincount(inverse, weights=a - b).tolist()})
    return out


def brier_rows(runs: list[dict]) -> list[dict]:
    """Per round with at least two decisions, pooled over ``runs`` (:func:`dbn_run` results): decisions, both Brier
    scores, their paired difference DBN − bpp ± 95 % CI (the variance taken over deals: the decisions of one deal
    are not independent), calibration in the large (mean predicted − mean outcome) and the mean ``|P_DBN − P_bpp|``.

    >>> rows = brier_rows([dbn_run("rules", n_deals=3, rng=1)])
    >>> sorted(rows[0])[:3]
    ['bias_bpp', 'bias_dbn', 'brier_bpp']
    """
    rows = []
    for r in range(4):
        sums = [run["rounds"][r] for run in runs]
        n = sum(s["n"] for s in sums)
        if n < 2:
            continue
        per_deal = np.concatenate([np.asarray(s["per_deal"], dtype=float) for s in sums])
        total = {k: sum(s[k] for s in sums) for k in ("brier_dbn", "brier_bpp", "p_dbn", "p_bpp", "true", "moved")}
        rows.append({
            "round": r + 1, "n": n, "brier_dbn": total["brier_dbn"] / n, "brier_bpp": total["brier_bpp"] / n,
            "diff": float(per_deal.sum()) / n, "ci95": float(1.96 * np.sqrt(per_deal.size * per_deal.var(ddof=1)) / n),
            "bias_dbn": total["p_dbn"] / n - total["true"] / n, "bias_bpp": total["p_bpp"] / n - total["true"] / n,
            "moved": total["moved"] / n,
        })
    return rows


def dbn_run(opponent: str, n_deals: int, rng: int) -> dict:
    """``bpp-dbn`` against ``opponent`` with a ``bpp`` watching from its seat; the two players' paired winnings.

    ``rounds``: :func:`_round_sums` (what :func:`brier_rows` pools); ``calibration``: the calibration tables of
    both networks on the same decisions (``dbn``, ``bpp``); ``paired[play]``: each player's mean winnings on the
    same deals (one learning instance each, sampled or argmax) and the per-deal difference's mean and standard error.
    """
    from bpp.stud.experiments.calibration import calibration_table, decision_records

    rec = decision_records("bpp-dbn", opponent, n_deals=n_deals, rng=rng, shadows=("bpp",))
    paired = {}
    for play in ("sample", "argmax"):
        mine = rec["winnings"] if play == "sample" else decision_records(
            "bpp-dbn", opponent, n_deals=n_deals, rng=rng, play=play)["winnings"]
        theirs = decision_records("bpp", opponent, n_deals=n_deals, rng=rng, play=play)["winnings"]
        diff = mine - theirs
        paired[play] = {"dbn": float(mine.mean()), "bpp": float(theirs.mean()), "diff": float(diff.mean()),
                        "se": float(diff.std(ddof=1) / np.sqrt(diff.size))}
    return {"opponent": opponent, "deals": n_deals, "seed": rng, "rounds": _round_sums(rec, "p_win", "p_win_bpp"),
            "calibration": {"dbn": calibration_table(rec), "bpp": calibration_table(dict(rec, p_win=rec["p_win_bpp"]))},
            "paired": paired}


def shape_cell(player: str, play: str, opponent: str, n_deals: int, rng: int, params: str) -> dict:
    """One learning ``player`` with the curves ``params`` against ``opponent`` on duplicate deals (§5.2's test).

    ``params``: a curves file; a bare file name is one of the shipped curves
    (beside ``bpp/models/stud/curves.json``).  Mean ± 95 % CI in units per hand and t.
    """
    from bpp.stud.decision.curves import CURVES_PATH, CurveParams
    from bpp.stud.experiments import significance

    path = Path(params) if Path(params).name != params else CURVES_PATH.with_name(params)
    r = significance(opponent, n_hands=n_deals, rng=rng, duplicate=True, player=player, play=play,
                     params=CurveParams.load(path))
    return {"player": player, "play": play, "opponent": opponent, "deals": n_deals, "seed": rng, "params": params,
            "mean": r.mean, "ci95": list(r.ci95), "t": r.t}


def calibration_steps(deals: int) -> list[Step]:
    """The steps of ``bpp-calibration``: the paper's BPP against ``rules`` (seed 2002), sampled and argmax."""
    return [Step(play, "bpp.reproduce.stud_calibration:calibration_run",
                 {"player": "bpp", "opponent": "rules", "n_deals": deals, "rng": SEEDS["rules"], "play": play})
            for play in ("sample", "argmax")]


def dbn_steps(deals: int) -> list[Step]:
    """The steps of ``bpp-dbn``: one per opponent of the variants table, at its seed."""
    return [Step(opp, "bpp.reproduce.stud_calibration:dbn_run", {"opponent": opp, "n_deals": deals, "rng": SEEDS[opp]})
            for opp in OPPONENTS]


def shape_steps(deals: int, params: str = "curves_paper_shape.json") -> list[Step]:
    """The steps of ``bpp-shape``: :data:`SHAPE_PLAYERS` × (sample, argmax) × :data:`SHAPE_SEEDS`."""
    return [Step(f"{player} {play} {opp}", "bpp.reproduce.stud_calibration:shape_cell",
                 {"player": player, "play": play, "opponent": opp, "n_deals": deals, "rng": seed, "params": params})
            for player in SHAPE_PLAYERS for play in ("sample", "argmax") for opp, seed in SHAPE_SEEDS.items()]


def _ci(mean: float, half: float) -> str:
    return f"[{mean - half:+.3f}, {mean + half:+.3f}]"


def _report_calibration(results, figures):
    rows = []
    for play, r in results.items():
        worst = max((c for c in r["table"] if c["n"] >= 30), key=lambda c: c["predicted"] - c["true"], default=None)
        rows.append(Row(f"bpp vs rules, {play}: winnings (units/hand, both seatings of each deal)", "—", f"{r['winnings_mean']:+.3f}",
                        _ci(r["winnings_mean"], r["winnings_half"]), "—", f"{r['deals']:,} duplicate deals"))
        rows.append(Row(f"bpp vs rules, {play}: folded facing a bet with d = P(win) − θ > 0", "—", f"{r['folded']:.1%}",
                        "—", "—", f"of {r['faced']:,} such decisions"))
        if worst is not None:
            rows.append(Row(f"bpp vs rules, {play}: most over-estimated cell (round {worst['round']}, opponent "
                            f"{worst['opp_action']}, {worst['showing']})", "—", f"predicted {worst['predicted']:.3f}",
                            f"true {worst['true']:.3f} ± {worst['ci95']:.3f}", "—", f"{worst['n']:,} decisions"))
    return rows, [], ("The paper's BPP against `rules` (seed 2002): every decision's P(win) beside the deal's true "
                      "outcome, sampling the curves (§4.1) against playing their most probable action; "
                      "figures/stud_calibration.md has the whole calibration table.")


def _report_dbn(results, figures):
    rows = [Row(f"all opponents, round {b['round']}: Brier DBN − bpp", "—", f"{b['diff']:+.4f}",
                f"[{b['diff'] - b['ci95']:+.4f}, {b['diff'] + b['ci95']:+.4f}]", "—",
                f"{b['n']:,} decisions; Brier DBN {b['brier_dbn']:.4f}, bpp {b['brier_bpp']:.4f}")
            for b in brier_rows(list(results.values()))]
    for opp, r in results.items():
        for play, p in r["paired"].items():
            rows.append(Row(f"vs {opp}, {play}: winnings bpp-dbn − bpp (units/hand, paired by deal)", "—", f"{p['diff']:+.3f}",
                            _ci(p["diff"], 1.96 * p["se"]), "—", f"bpp-dbn {p['dbn']:+.3f}, bpp {p['bpp']:+.3f}"))
    r0 = next(iter(results.values()))
    return rows, [], (f"`bpp-dbn` (§6.3) plays {r0['deals']:,} duplicate deals against each opponent while a `bpp` "
                      "watches from the same seat: both networks' P(win) on the same decisions, scored against the "
                      "deal's outcome; then both play the same deals. figures/stud_dbn.md has the per-opponent rows.")


def _report_shape(results, figures):
    rows = [Row(f"{r['player']}, {r['play']}, shaped curves, vs {r['opponent']} (units/hand)", "—", f"{r['mean']:+.3f}",
                f"[{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}]", "—", f"t = {r['t']:.2f}")
            for r in results.values()]
    r0 = next(iter(results.values()))
    return rows, [], (f"The curves of the constrained search (`{r0['params']}`, every f in [0, 1], §4.1's shapes), "
                      f"{r0['deals']:,} duplicate deals per cell; figures/stud_shape.md has the search's own numbers.")


register(Experiment(
    "bpp-calibration", "bpp", "Beyond the paper: why BPP loses to rules — P(win) calibration and sampled play",
    "Korb1999 §3.4, §4.1, §5.2", lambda scale: calibration_steps(1000 if scale == "quick" else 5000),
    _report_calibration, {"quick": 10, "paper": 60}, beyond=True))
register(Experiment(
    "bpp-dbn", "bpp", "Beyond the paper: §6.3's dynamic network against the per-round networks, same decisions",
    "Korb1999 §6.3", lambda scale: dbn_steps(100 if scale == "quick" else 5000),
    _report_dbn, {"quick": 15, "paper": 900}, beyond=True))
register(Experiment(
    "bpp-shape", "bpp", "Beyond the paper: BPP with curves that keep §4.1's shapes",
    "Korb1999 §4.1, §5.2", lambda scale: shape_steps(500 if scale == "quick" else 5000),
    _report_shape, {"quick": 25, "paper": 400}, beyond=True))

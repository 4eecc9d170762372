"""Loki's results (Billings1998): the worked example of §4.2–4.4, Table 2, the pre-flop income rates of §4.1, Figure 1 of §5.

Every step calls the program's own function (:mod:`holdem.strength`,
:mod:`bpp.loki.evaluator.postflop`, :mod:`bpp.loki.selector.triples`, :mod:`bpp.loki.evaluator.preflop`,
:mod:`bpp.loki.experiments`) and keeps the numbers the report needs.

>>> worked_example()["hs"]
0.5851063829787234
"""

from __future__ import annotations

import math
import os

import numpy as np

from bpp.reproduce.registry import Experiment, Row, Step, register, verdict

HOLE, FLOP = "As Qc", "3h 4c Jh"


def worked_example() -> dict:
    """Billings1998 §4.2–4.4's example numbers for A♠-Q♣ on 3♥-4♣-J♥."""
    from bpp.loki.evaluator.postflop import evaluate_hand
    from bpp.loki.selector.triples import pot_odds
    from holdem.strength import hand_strength, potential

    hs = hand_strength(HOLE, FLOP, opponents=5)
    two = potential(HOLE, FLOP)
    one = potential(HOLE, FLOP, lookahead=1)
    ehs = evaluate_hand(HOLE, FLOP, np.ones((5, 1326)))
    return {"ahead": hs.ahead, "tied": hs.tied, "behind": hs.behind, "hs": hs.hs, "hs5": hs.hs_n,
            "ppot2": two.ppot, "npot2": two.npot, "ppot1": one.ppot, "npot1": one.npot, "ehs5": float(ehs.ehs),
            "pot_odds": pot_odds(20, 175)}


def table2() -> dict:
    """Billings1998 Table 2: the two-card potential table of A♠-Q♣ / 3♥-4♣-J♥ (rows: now ahead, tied, behind)."""
    from holdem.strength import potential

    return {"table": potential(HOLE, FLOP).table.astype(int).tolist()}


def income_rates(n_games: int, rng: int, workers: int = 1, progress: bool = False) -> dict:
    """Billings1998 §4.1: the ten-player roll-out of the 169 classes (``n_games`` a suited class) and its ranking."""
    from bpp.loki.evaluator.preflop import SKLANSKY_GROUPS, rollout, sklansky_group
    from holdem.ranges import CLASS_NAMES

    table = rollout(10, n_games, rng=rng, n_jobs=workers, progress=progress)
    groups = np.array([sklansky_group(n) for n in CLASS_NAMES])
    rank = np.argsort(np.argsort(-table.rates))
    rho = float(np.corrcoef(rank, np.argsort(np.argsort(groups)))[0, 1])
    return {"ranking": list(table.ranking()), "rates": np.round(table.rates, 2).tolist(),
            "stderr": np.round(table.stderr, 2).tolist(), "games_min": int(table.games.min()), "rho": rho,
            "group_means": [float(np.mean([table.rate(n) for n in SKLANSKY_GROUPS[g]])) for g in range(1, 9)]}


def figure1(n_deals: int, rng: int, workers: int = 1, progress: bool = False,
            log: str | os.PathLike[str] | None = None) -> dict:
    """Billings1998 Figure 1: versions A–E in ten-player duplicate self-play (:func:`bpp.loki.experiments.figure1_tournament`)."""
    from bpp.loki.experiments import figure1_tournament

    r = figure1_tournament(n_deals, rng=rng, workers=workers, progress=progress, log=log)
    return {"n_hands": r.match.n_hands, "n_deals": r.match.n_deals, "seed": rng,
            "versions": [{"name": v.name, "mean": v.mean, "ci95": list(v.ci95), "n": v.n_deals,
                          "bankroll": np.round(v.bankroll, 2).tolist()} for v in r.versions]}


def _fmt_ci(ci) -> str:
    return f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"


def _report_worked(results, figures):
    r = results["example"]
    why_ehs = ("the text's 0.15 is not what its own EHS formula gives with its own figures: "
               "HS5 + (1 − HS5) × Ppot = 0.069 + 0.931 × 0.108 = 0.17 (Billings1998 §4.3)")
    rows = [
        Row("hands better / equal / worse (of 1,081)", "444 / 9 / 628",
            f"{r['behind']:.0f} / {r['tied']:.0f} / {r['ahead']:.0f}", "exact enumeration",
            "exact" if (r["behind"], r["tied"], r["ahead"]) == (444, 9, 628) else "differs"),
        Row("hand strength HS", "0.585", f"{r['hs']:.4f}", "exact enumeration", verdict(0.585, r["hs"])),
        Row("HS against five opponents (HS⁵)", "0.069", f"{r['hs5']:.4f}", "exact", verdict(0.069, r["hs5"])),
        Row("Ppot, two cards to come", "0.208", f"{r['ppot2']:.4f}", "exact", verdict(0.208, r["ppot2"])),
        Row("Npot, two cards to come", "0.274", f"{r['npot2']:.4f}", "exact", verdict(0.274, r["npot2"])),
        Row("Ppot, one card to come", "0.108", f"{r['ppot1']:.4f}", "exact", verdict(0.108, r["ppot1"])),
        Row("Npot, one card to come", "0.145", f"{r['npot1']:.4f}", "exact", verdict(0.145, r["npot1"])),
        Row("EHS against five opponents", "0.15", f"{r['ehs5']:.4f}", "exact", verdict(0.15, r["ehs5"]),
            why_ehs if verdict(0.15, r["ehs5"]) == "differs" else ""),
        Row("pot odds, $20 to call into $175", "0.103", f"{r['pot_odds']:.4f}", "exact", verdict(0.103, r["pot_odds"])),
    ]
    return rows, [], ""


_PAPER_TABLE2 = [[449005, 3211, 169504], [0, 8370, 540], [91981, 1036, 346543]]


def _report_table2(results, figures):
    t = results["table2"]["table"]
    names = ("ahead", "tied", "behind")
    rows = []
    for i, now in enumerate(names):
        for j, later in enumerate(names):
            rows.append(Row(f"now {now} → after 7 cards {later}", f"{_PAPER_TABLE2[i][j]:,}", f"{t[i][j]:,}",
                            "exact enumeration", "exact" if t[i][j] == _PAPER_TABLE2[i][j] else "differs"))
    total = sum(map(sum, t))
    rows.append(Row("sum (1,081 × 990)", "1,070,190", f"{total:,}", "exact", "exact" if total == 1_070_190 else "differs"))
    return rows, [], ""


def _fisher_ci(rho: float, n: int) -> tuple:
    z, half = math.atanh(rho), 1.96 / math.sqrt(n - 3)
    return math.tanh(z - half), math.tanh(z + half)


def _report_income(results, figures):
    r = results["rollout"]
    ci = _fisher_ci(r["rho"], 169)
    strong = ci[0] >= 0.7
    rows = [
        Row("highest income rate", "AA", r["ranking"][0], "—", "exact" if r["ranking"][0] == "AA" else "differs",
            "" if r["ranking"][0] == "AA" else "sampling noise at this number of games"),
        Row("lowest income rate", "72o", r["ranking"][-1], "—", "exact" if r["ranking"][-1] == "72o" else "differs",
            "" if r["ranking"][-1] == "72o" else "the lowest classes lie within a few milli-bets of each other; "
            "at quick scale their order is noise"),
        Row("correlation with the Sklansky groups (rank correlation)", "\"strong\" (no figure)", f"ρ = {r['rho']:.3f}",
            f"[{ci[0]:.3f}, {ci[1]:.3f}]", "within CI" if strong else "differs",
            "" if strong else "read as ρ ≥ 0.7; the 95 % interval reaches below it"),
    ]
    text = (f"Ten-player roll-out, at least {r['games_min']:,} games a class (paper: 1,000,000). "
            f"Top ten: {', '.join(r['ranking'][:10])}. Sklansky group means (milli-bets): "
            + ", ".join(f"{m:+.0f}" for m in r["group_means"]) + ".")
    return rows, [], text


def _open_why(by: dict) -> str:
    """Why Figure 1 differs, from this run's results: the order found and A's level against the paper's."""
    order = " > ".join(sorted(by, key=lambda k: -by[k]["mean"]))
    return (f"order here {order}, A at {by['loki']['mean']:+.3f} sb/hand against the paper's +0.08; the cause of A's "
            "lower level is not found (Billings1998 gives each version one sentence, so the builds are our reading): "
            "figures/loki_figure1.py plays more seeds, figures/loki_figure1_gap.md measures noise, the field and the "
            "specification choices (re-weighting after post-flop actions too, loki-reweight, is one)")


def _report_figure1(results, figures):
    from types import SimpleNamespace

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from bpp.loki.experiments import plot_figure1
    from bpp.plots import save_figure

    r = results["figure1"]
    by = {v["name"]: v for v in r["versions"]}
    versions = tuple(SimpleNamespace(name=v["name"], mean=v["mean"], bankroll=np.array(v["bankroll"])) for v in r["versions"])
    fig, ax = plt.subplots(figsize=(8, 4.5))
    plot_figure1(SimpleNamespace(versions=versions), ax=ax)
    path = figures / "loki_figure1.png"
    save_figure(fig, path, dpi=110)
    a, e = by["loki"], by["loki-e"]
    order = sorted(by, key=lambda k: -by[k]["mean"])
    best_worst = order[0] == "loki" and order[-1] == "loki-e"
    noise = "the 95 % interval is wide at this number of deals" if r["n_deals"] < 1000 else ""
    rows = [
        Row("A (full Loki), sb/hand", "+0.08", f"{a['mean']:+.3f}", _fmt_ci(a["ci95"]), verdict(0.08, a["mean"], a["ci95"]),
            "" if verdict(0.08, a["mean"], a["ci95"]) != "differs" else noise or _open_why(by)),
        Row("E (basic), sb/hand", "−0.11", f"{e['mean']:+.3f}", _fmt_ci(e["ci95"]), verdict(-0.11, e["mean"], e["ci95"]),
            "" if verdict(-0.11, e["mean"], e["ci95"]) != "differs" else noise or _open_why(by)),
        Row("A best and E worst", "A > B, C, D > E", " > ".join(order), "point estimates",
            "within CI" if best_worst else "differs", "" if best_worst else noise or _open_why(by)),
    ]
    return rows, [path], f"{r['n_deals']:,} duplicate deals ({r['n_hands']:,} hands), seed {r['seed']}."


register(Experiment(
    "loki-worked-example", "loki", "Worked example: HS, potential, EHS, pot odds", "Billings1998 §4.2–4.4",
    lambda scale: [Step("example", "bpp.reproduce.loki:worked_example")], _report_worked, {"quick": 5, "paper": 5}))
register(Experiment(
    "loki-table2", "loki", "Table 2: the potential table of A♠-Q♣ / 3♥-4♣-J♥", "Billings1998 §4.2, Table 2",
    lambda scale: [Step("table2", "bpp.reproduce.loki:table2")], _report_table2, {"quick": 5, "paper": 5}))
register(Experiment(
    "loki-income-rates", "loki", "Pre-flop income rates of the 169 classes, ten players", "Billings1998 §4.1",
    lambda scale: [Step("rollout", "bpp.reproduce.loki:income_rates",
                        {"n_games": 30_000 if scale == "quick" else 1_000_000, "rng": 1}, inside=True)],
    _report_income, {"quick": 20, "paper": 240}))
register(Experiment(
    "loki-figure1", "loki", "Figure 1: versions A–E in ten-player duplicate self-play", "Billings1998 §5, Figure 1",
    lambda scale: [Step("figure1", "bpp.reproduce.loki:figure1",
                        {"n_deals": 300 if scale == "quick" else 3000, "rng": 2026}, inside=True)],
    _report_figure1, {"quick": 60, "paper": 600}))

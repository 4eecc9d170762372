"""Which reading of Kendall2001 reproduces which of its results (:mod:`bpp.kendall.readings`).

For every combination of the open points (drawing, a fixed player with
nothing owed, which hand's value learns) one step replays the paper's whole
protocol on several training seeds: train 5,000 epochs at each single-style
table and the mixed table (Table 5, Figures 4–5), then play the trained
values frozen for ``runs`` runs of 1,000 hands at the table it trained at
(Table 6, Figure 6).  The report checks each result of the paper
(:data:`CHECKS`) for each reading and publishes the table.  Each step is one
task of the parallel layer (the learners are never cut into blocks).

>>> from bpp.reproduce.registry import get_experiment
>>> steps = get_experiment("kendall-readings").steps("quick")
>>> len(steps), steps[0].name
(12, 'standard-bet-both')
"""

from __future__ import annotations

from typing import Any

import numpy as np

from bpp.kendall.readings import READINGS
from bpp.reproduce.registry import Experiment, Row, Step, register

TABLES = ("loose-aggressive", "tight-passive", "loose-passive", "tight-aggressive", "mixed")

#: The paper's results the comparison checks: key → what the paper says.
CHECKS = {
    "T5 start": "Table 5: % won by epoch 25 is 20.0 (in our 95 % CI)",
    "T5 end": "Table 5: by epoch 3,000, 55.5 % played and 33.6 % won (both in our CIs)",
    "F4": "Figure 4 (loose-aggressive): ends above its 10,000 start",
    "F5": "Figure 5 (tight-aggressive): back in the black (≥ 10,000) by epoch 3,600",
    "T6 LA": "Table 6 loose-aggressive: the evolving player ahead of every fixed player",
    "T6 TP": "Table 6 tight-passive: the evolving player ahead of every fixed player",
    "T6 LP": "Table 6 loose-passive: the evolving player ahead of every fixed player",
    "T6 TA": "Table 6 tight-aggressive: the evolving player ahead of every fixed player",
    "F6": "Figure 6 (mixed table): the evolving player beats all the others",
    "F6 loose": "Figure 6: the loose players do worse than the tight players",
}


def reading_run(reading: str, seeds: list, epochs: int = 5000, hands: int = 1000, runs: int = 5) -> dict:
    """The paper's protocol under ``reading`` for each training seed: compact per-table results.

    Per seed and table: the learning curve's final value, its lowest point and
    epoch, the bankroll at epoch 3,600, Table 5's rows, and the frozen runs'
    final bankrolls per seat (``runs`` × 5).
    """
    from bpp.kendall.training import evaluate, train

    out: dict[str, Any] = {"reading": reading, "seeds": list(seeds), "epochs": epochs, "hands": hands, "runs": runs, "sessions": []}
    for seed in seeds:
        session = {}
        for table in TABLES:
            t = train(table, epochs, rng=seed, reading=reading)
            e = evaluate(t.player, hands=hands, runs=runs, tables=(table,), rng=seed, reading=reading)
            curve = t.curve
            session[table] = {"final": int(curve[-1]), "lowest": int(curve.min()), "lowest_epoch": int(np.argmin(curve)) + 1,
                              "at_3600": int(curve[3599]) if curve.size >= 3600 else None, "table5": t.table5(),
                              "bankroll": e.bankroll[table].astype(int).tolist()}
        out["sessions"].append(session)
    return out


def _ci(samples):
    from holdem.match.stats import summarize

    s = summarize(samples)
    return s.mean, s.ci95


def evaluate_reading(r: dict) -> dict:
    """``{check: (holds, our value as text)}`` for one reading's results (see :data:`CHECKS`)."""
    S = r["sessions"]
    out = {}

    def table5(i, key):
        return [s["loose-aggressive"]["table5"][i][key] for s in S]

    m, ci = _ci(table5(0, "pct_won"))
    out["T5 start"] = (ci[0] <= 20.0 <= ci[1], f"{m:.1f} [{ci[0]:.1f}, {ci[1]:.1f}]")
    mp, cp = _ci(table5(-1, "pct_played"))
    mw, cw = _ci(table5(-1, "pct_won"))
    out["T5 end"] = (cp[0] <= 55.5 <= cp[1] and cw[0] <= 33.6 <= cw[1],
                     f"{mp:.1f} [{cp[0]:.1f}, {cp[1]:.1f}] played, {mw:.1f} [{cw[0]:.1f}, {cw[1]:.1f}] won")
    m, ci = _ci([s["loose-aggressive"]["final"] for s in S])
    out["F4"] = (ci[0] > 10_000, f"{m:,.0f} [{ci[0]:,.0f}, {ci[1]:,.0f}]")
    m, ci = _ci([s["tight-aggressive"]["at_3600"] for s in S])
    out["F5"] = (ci[0] >= 10_000, f"{m:,.0f} [{ci[0]:,.0f}, {ci[1]:,.0f}] at 3,600")
    for key, table in (("T6 LA", "loose-aggressive"), ("T6 TP", "tight-passive"), ("T6 LP", "loose-passive"),
                       ("T6 TA", "tight-aggressive"), ("F6", "mixed")):
        banks = [np.array(s[table]["bankroll"]) for s in S]
        margin = [float((b[:, 0] - b[:, 1:].max(axis=1)).mean()) for b in banks]
        units = [float(b[:, 0].mean()) for b in banks]
        m, ci = _ci(margin)
        out[key] = (ci[0] > 0, f"{np.mean(units):,.0f} units, margin {m:+,.0f} [{ci[0]:+,.0f}, {ci[1]:+,.0f}]")
    mixed = np.mean([np.array(s["mixed"]["bankroll"]).mean(axis=0) for s in S], axis=0)  # evolving, LA, LP, TA, TP
    loose_last = max(mixed[1], mixed[2]) < min(mixed[3], mixed[4])
    out["F6 loose"] = (bool(loose_last), "LA {:,.0f}, LP {:,.0f} < TA {:,.0f}, TP {:,.0f}".format(*mixed[1:])
                       if loose_last else "LA {:,.0f}, LP {:,.0f}, TA {:,.0f}, TP {:,.0f}".format(*mixed[1:]))
    return out


def _report(results, figures):
    from bpp.kendall.readings import DEFAULT

    evaluated = {name: evaluate_reading(results[name]) for name in READINGS if name in results}
    rows = []
    counts = {name: sum(v[0] for v in ev.values()) for name, ev in evaluated.items()}
    for key, claim in CHECKS.items():
        holds = [name for name, ev in evaluated.items() if ev[key][0]]
        d = evaluated.get(DEFAULT)
        rows.append(Row(f"{claim}: readings that reproduce it", "yes",
                        f"{len(holds)} of {len(evaluated)}" + (f" (default {DEFAULT}: {d[key][1]})" if d else ""),
                        "95 % CI over training seeds", "within CI" if d and d[key][0] else "differs",
                        ", ".join(holds) if holds else "no reading"))
    best = max(counts.values())
    lines = ["| reading | " + " | ".join(CHECKS) + " | reproduced |", "|---" * (len(CHECKS) + 2) + "|"]
    for name, ev in evaluated.items():
        lines.append(f"| {name}{' (default)' if name == DEFAULT else ''} | "
                     + " | ".join(("✓ " if ev[k][0] else "✗ ") + ev[k][1] for k in CHECKS) + f" | {counts[name]} |")
    r0 = next(iter(results.values()))
    text = (f"Each reading: {len(r0['seeds'])} training seeds; per seed, {r0['epochs']:,} epochs at each table, then "
            f"{r0['runs']} runs of {r0['hands']:,} hands with the values frozen; CIs over the seeds. Most reproduced: "
            f"{best} of {len(CHECKS)} ({', '.join(n for n, c in counts.items() if c == best)}).\n\n" + "\n".join(lines))
    return rows, [], text


register(Experiment(
    "kendall-readings", "kendall", "The readings of the open points: which reproduces which result",
    "Kendall2001 §2–3, Tables 5–6, Figures 4–6",
    lambda scale: [Step(name, "bpp.reproduce.kendall_readings:reading_run",
                        {"reading": name, "seeds": [1, 2] if scale == "quick" else [1, 2, 3, 4, 5],
                         "runs": 2 if scale == "quick" else 5})
                   for name in READINGS],
    _report, {"quick": 80, "paper": 300}))

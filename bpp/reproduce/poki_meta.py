"""Poki's meta model (Billings2002 §5): the meta choice of predictors against each single approach.

Billings2002: a simulation player that "maintains different methods of
opponent modeling (statistical frequencies, rule-based, neural-net predictor)
and uses whichever has been most successful for each opponent in the past …
outperforms any single approach".  The paper plays it in two settings: the
introductory IRC games (a mixed human field; ours: the four fixed styles of
:mod:`bpp.loki.opponents` with a second maniac) and the web applet, whose
"computer players are intentionally weaker versions of Poki" (ours: Loki's
versions A–E of Billings1998 Figure 1).

Each step is one candidate at one table and seed, in a six-seat duplicate
match with one deal per block (the field's random streams are then per deal,
so the candidates' per-deal results pair; see ``figures/poki_opponents.py``).
For a meta candidate the step also keeps each predictor's hit rate (its most
likely action was the one taken) and mean log-loss on every opponent action,
scored before it learns the record — the quality of the action predictions
that drive the simulated opponents.

>>> from bpp.reproduce.registry import get_experiment
>>> len(get_experiment("poki-meta").steps("paper"))  # 4 candidates × 2 tables × 3 seeds (quick: one seed)
24
"""

from __future__ import annotations

import numpy as np

from bpp.reproduce.registry import Experiment, Row, Step, register

CANDIDATES = ("poki", "poki-meta", "poki-sim", "poki-sim-meta")
FIELDS = {
    "styles": ("maniac", "calling-station", "rock", "tag", "maniac"),
    "weaker versions": ("loki", "loki-b", "loki-c", "loki-d", "loki-e"),
}
SEEDS = (1, 2, 3)
#: meta player → the single approach it is compared with (the same betting strategy)
PAIRS = {"poki-meta": "poki", "poki-sim-meta": "poki-sim"}


def meta_run(candidate: str, field: str, n_deals: int, rng: int) -> dict:
    """``candidate`` at the six-seat ``field`` table, ``n_deals`` duplicate deals; per-deal sb/hand and predictor scores."""
    from bpp.loki.modeler.predictors import PREDICTORS, MetaPredictor
    from bpp.registry import match_agents
    from holdem.games import LimitHoldem
    from holdem.match import play_match
    from holdem.match.stats import summarize

    names = [candidate, *FIELDS[field]]
    agents = match_agents(names, rng=rng)
    res = play_match(LimitHoldem(n_players=6), agents, n_deals, rng=rng, duplicate=True, block_size=1)
    sample = res.winnings[:, 0].reshape(-1, 6).mean(axis=1)
    s = summarize(sample)
    out = {"candidate": candidate, "field": field, "n_deals": n_deals, "seed": rng, "hands": int(res.n_hands),
           "mean": s.mean, "ci95": list(s.ci95), "sample": sample.round(6).tolist()}
    agent = agents[0] if isinstance(agents[0], str) else agents[0].instance
    p = getattr(agent, "predictor_", None)
    if isinstance(p, MetaPredictor):
        n = p.n_scored_[1:6].sum()
        out["predictors"] = list(PREDICTORS)
        out["records"] = int(n)
        out["hit_rate"] = (p.hits_[1:6].sum(axis=0) / max(n, 1)).round(4).tolist()
        out["log_loss"] = (-p.scores_[1:6].sum(axis=0) / max(n, 1)).round(4).tolist()
        out["choice"] = [p.choice(k) for k in range(1, 6)]
    return out


def _report(results, figures):
    from holdem.match.stats import summarize

    rows, lines = [], ["| table | seed | candidate | sb/hand | 95 % CI | meta − single (paired) | hit rate f / r / n | "
                       "log-loss f / r / n | chosen |", "|---|---|---|---|---|---|---|---|---|"]
    seeds = sorted({r["seed"] for r in results.values()})
    for field in FIELDS:
        for meta, single in PAIRS.items():
            diffs = []
            for seed in seeds:
                m, s = results.get(f"{meta} {field} {seed}"), results.get(f"{single} {field} {seed}")
                if m is None or s is None:
                    continue
                d = np.asarray(m["sample"]) - np.asarray(s["sample"])
                diffs.append(d)
                ds = summarize(d)
                for r, extra in ((s, "—"), (m, f"{ds.mean:+.3f} [{ds.ci95[0]:+.3f}, {ds.ci95[1]:+.3f}]")):
                    pred = ("| " + " / ".join(f"{x:.2f}" for x in r["hit_rate"]) + " | "
                            + " / ".join(f"{x:.2f}" for x in r["log_loss"]) + " | " + ", ".join(r["choice"]) + " |"
                            if "hit_rate" in r else "| – | – | – |")
                    lines.append(f"| {field} | {seed} | {r['candidate']} | {r['mean']:+.3f} | "
                                 f"[{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}] | {extra} " + pred)
            if not diffs:
                continue
            same = all(set(results[f"{meta} {field} {seed}"]["choice"]) == {"frequency"}
                       for seed in seeds if f"{meta} {field} {seed}" in results)
            pooled = summarize(np.concatenate(diffs))
            per_seed = [float(d.mean()) for d in diffs]
            better = pooled.ci95[0] > 0
            rows.append(Row(f"{meta} − {single}, {field} table (sb/hand, {len(diffs)} seeds pooled)",
                            "> 0 (\"outperforms any single approach\")", f"{pooled.mean:+.3f} (seeds: "
                            + ", ".join(f"{x:+.3f}" for x in per_seed) + ")",
                            f"[{pooled.ci95[0]:+.3f}, {pooled.ci95[1]:+.3f}]", "within CI" if better else "differs",
                            "" if better else
                            ("the meta choice ended on the frequencies (the best predictor here) for every opponent, so "
                             "it plays almost as the single approach" if same else
                             "not significant at this sample" if pooled.ci95[1] > 0 else
                             "the single approach wins significantly")))
    r0 = next(iter(results.values()))
    text = (f"Six-seat duplicate limit hold'em, {r0['n_deals']:,} deals × 6 seatings per candidate, table and seed; "
            "one deal per block so the candidates' per-deal results pair. Hit rate and log-loss: each predictor "
            "(frequency / rules / network) on every opponent action the meta candidate saw, scored before learning it.\n\n"
            + "\n".join(lines))
    return rows, [], text


register(Experiment(
    "poki-meta", "poki", "The meta choice of opponent models against each single approach, two tables, three seeds",
    "Billings2002 §5",
    lambda scale: [Step(f"{c} {field} {seed}", "bpp.reproduce.poki_meta:meta_run",
                        {"candidate": c, "field": field, "n_deals": 10 if scale == "quick" else 100, "rng": seed})
                   for field in FIELDS for seed in (SEEDS[:1] if scale == "quick" else SEEDS) for c in CANDIDATES],
    _report, {"quick": 40, "paper": 1500}))

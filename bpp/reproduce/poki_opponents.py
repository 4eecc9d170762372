"""Poki's opponent models at a six-seat table of mixed styles (Billings2002 §5, the meta player's experiment).

Each candidate (``poki`` frequencies, ``poki-nn``, ``poki-meta``, ``poki-sim``,
``poki-sim-nn``, ``poki-sim-meta``, ``loki``) sits at a six-seat limit
hold'em table with a maniac, a calling station, a rock, a tight-aggressive
player and a second maniac (:mod:`bpp.loki.opponents`), in a duplicate match
(each deal replayed six times, the seats rotated); a learning candidate is
one instance for the whole match.  Billings2002 reports that the meta player
"outperforms any single approach".  :mod:`bpp.reproduce.poki_meta` plays the
four main candidates on two tables and three seeds; this experiment plays all
seven on the table of styles and keeps, per opponent, the mechanism the paper
claims: each predictor's running hit rate (its most likely action was the one
taken, scored before it learns the record) per window of records, and which
predictor the meta choice used.

The comparison is paired: every candidate plays the same deals against the
same field with the same random streams, so "meta minus a single approach" is
a difference per deal with its own 95 % CI.  With ``block_size=1`` (the
default) every deal is its own block of the match runner: the field is made
afresh per deal from that deal's streams, so where two candidates act alike
the deal plays out identically and a difference in one deal does not shift
the fixed players' random draws in all later deals (with the runner's default
of 500 deals per block it does, and the paired CI is about twice as wide).

The simulation candidates run with the simulator's default strength scale
(``Simulator(range_relative=True)``: a simulated opponent acts on the scale of
its current range, :mod:`bpp.loki.simulator.sampling`); it is recorded in each
result.  ``figures/poki_opponents.py`` renders ``figures/poki_opponents.md``
from the same step function (:func:`opponents_run`, :func:`table`).

>>> from bpp.reproduce.registry import get_experiment
>>> [s.name for s in get_experiment("poki-opponents").steps("quick")][:3]
['poki', 'poki-nn', 'poki-meta']
"""

from __future__ import annotations

import numpy as np

from bpp.loki.modeler.predictors import PREDICTORS, MetaPredictor
from bpp.loki.simulator.sampling import Simulator
from bpp.reproduce.registry import Experiment, Row, Step, register

#: The candidates, in the table's order.
CANDIDATES = ("poki", "poki-nn", "poki-meta", "poki-sim", "poki-sim-nn", "poki-sim-meta", "loki")
#: The five opponents (seats 1–5).
FIELD = ("maniac", "calling-station", "rock", "tag", "maniac")
#: each meta player against the single approaches (paired by deal)
PAIRS = {
    "poki-meta": ("poki", "poki-nn", "poki-sim", "poki-sim-nn", "loki"),
    "poki-sim-meta": ("poki-sim", "poki-sim-nn", "poki", "poki-nn", "loki"),
}


#: the simulated opponents' strength scale (``Simulator(range_relative=...)``) of the simulation candidates; lines
#: written before it was recorded used the scale over all holdings (False), as do the candidates without a simulator
RANGE_RELATIVE = Simulator().range_relative


def range_relative_of(candidate: str) -> bool:
    """The simulated opponents' strength scale ``candidate`` plays with (False: no simulator)."""
    return RANGE_RELATIVE if candidate.startswith("poki-sim") else False


class _Recorder:
    """Wraps :meth:`MetaPredictor.update` to keep, per record, the opponent, the choice in use and each predictor's hit."""

    def __init__(self):
        self.rows: list[tuple] = []  # (opponent, choice index, hit per predictor)

    def __enter__(self):
        self._update = MetaPredictor.update
        recorder = self

        def update(predictor, opponent, x, actions):
            before = predictor.hits_[opponent].copy()
            n_before = int(predictor.n_scored_[opponent])
            choice = PREDICTORS.index(predictor.choice(opponent))
            out = recorder._update(predictor, opponent, x, actions)
            k = int(predictor.n_scored_[opponent]) - n_before
            # one row per call: the hits of the call's k records per predictor
            recorder.rows.append((int(opponent), choice, k, *(predictor.hits_[opponent] - before).tolist()))
            return out

        MetaPredictor.update = update
        return self

    def __exit__(self, *exc):
        MetaPredictor.update = self._update

    def windows(self, window: int) -> dict:
        """Per opponent: for each window of ``window`` records, the hit rates per predictor and the choice's shares."""
        out = {}
        rows = np.array(self.rows, dtype=np.float64).reshape(-1, 3 + len(PREDICTORS))
        for k in range(1, len(FIELD) + 1):
            mine = rows[rows[:, 0] == k]
            seen = np.cumsum(mine[:, 2])
            group = ((seen - mine[:, 2]) // window).astype(int)  # the window the call's first record falls in
            wins = []
            for g in range(group.max() + 1 if group.size else 0):
                at = mine[group == g]
                n = at[:, 2].sum()
                hits = (at[:, 3:].sum(axis=0) / max(n, 1)).round(3).tolist()
                shares = [float(at[at[:, 1] == j, 2].sum() / max(n, 1)) for j in range(len(PREDICTORS))]
                wins.append({"records": int(n), "hit_rate": hits, "choice_share": [round(s, 3) for s in shares]})
            out[f"+{k} {FIELD[k - 1]}"] = wins
        return out


def opponents_run(candidate: str, n_deals: int, rng: int, block_size: int = 1, window: int = 2000,
                  progress: bool = False) -> dict:
    """``candidate`` against :data:`FIELD`, ``n_deals`` six-seat duplicate deals; its per-deal sb/hand and, for a meta
    player, each predictor's record per opponent (at the end and per window of ``window`` records).

    The result's keys: ``candidate, deals, seed, block_size, range_relative, hands, mean, ci95, field, sample``
    (and ``choice, hit_rate, log_loss, running, window`` for a meta player): the lines of
    ``figures/poki_opponents_runs.jsonl``.
    """
    from bpp.registry import match_agents
    from holdem.games import LimitHoldem
    from holdem.match import play_match
    from holdem.match.stats import summarize

    names = [candidate, *FIELD]
    agents = match_agents(names, rng=rng)
    with _Recorder() as recorder:
        res = play_match(LimitHoldem(n_players=6), agents, n_deals, rng=rng, duplicate=True, progress=progress,
                         block_size=block_size)
    sample = res.winnings[:, 0].reshape(-1, 6).mean(axis=1)
    s = summarize(sample)
    out = {"candidate": candidate, "deals": n_deals, "seed": rng, "block_size": block_size,
           "range_relative": range_relative_of(candidate), "hands": int(res.n_hands),
           "mean": s.mean, "ci95": list(s.ci95), "field": list(FIELD), "sample": sample.round(6).tolist()}
    agent = agents[0] if isinstance(agents[0], str) else agents[0].instance
    p = getattr(agent, "predictor_", None)
    if isinstance(p, MetaPredictor):
        out["choice"] = {f"+{k} {FIELD[k - 1]}": p.choice(k) for k in range(1, 6)}
        out["hit_rate"] = {f"+{k} {FIELD[k - 1]}": (p.hits_[k] / max(p.n_scored_[k], 1)).round(3).tolist() for k in range(1, 6)}
        out["log_loss"] = {f"+{k} {FIELD[k - 1]}": (-p.scores_[k] / max(p.n_scored_[k], 1)).round(3).tolist() for k in range(1, 6)}
        out["running"] = recorder.windows(window)
        out["window"] = window
    return out


def table(rows: list[dict], deals: int, seed: int, block_size: int) -> list[str]:
    """The markdown report: every candidate, each meta player minus each single approach, the predictors' record."""
    from holdem.match.stats import summarize

    lines = [
        f"Six-seat duplicate limit hold'em, field {', '.join(FIELD)}; {deals} deals × 6 seatings = {6 * deals} hands "
        f"per candidate, seed {seed}, {block_size} deal(s) per block; the simulation candidates' opponents act on the scale "
        f"of {'their current range' if RANGE_RELATIVE else 'all holdings'} (range_relative={RANGE_RELATIVE}).",
        "",
        "| candidate | sb/hand | 95 % CI |",
        "| --- | ---: | --- |",
    ]
    by = {r["candidate"]: r for r in rows}
    for r in rows:
        lines.append(f"| {r['candidate']} | {r['mean']:+.3f} | [{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}] |")
    diffs = []
    for meta, singles in PAIRS.items():
        for single in singles:
            if meta in by and single in by:
                d = summarize(np.asarray(by[meta]["sample"]) - np.asarray(by[single]["sample"]))
                same = float(np.mean(np.isclose(by[meta]["sample"], by[single]["sample"])))
                diffs.append(f"| {meta} − {single} | {d.mean:+.3f} | [{d.ci95[0]:+.3f}, {d.ci95[1]:+.3f}] | {same:.2f} |")
    if diffs:
        lines += ["", "Paired by deal (the same deals, field and random streams), each meta player minus each single "
                  "approach; the last column is the share of deals both played to the same result:", "",
                  "| difference | sb/hand | 95 % CI | same result |", "| --- | ---: | --- | ---: |", *diffs]
    for r in rows:
        if "choice" not in r:
            continue
        lines += ["", f"{r['candidate']}: per opponent, the predictor chosen at the end, and over the match each "
                  "predictor's hit rate and mean log-loss (frequency / rules / network):", ""]
        for k in r["choice"]:
            hit = " / ".join(f"{x:.2f}" for x in r["hit_rate"][k])
            loss = " / ".join(f"{x:.2f}" for x in r["log_loss"][k]) if "log_loss" in r else "—"
            lines.append(f"- {k}: {r['choice'][k]}; hit rate {hit}; log-loss {loss}")
        if "running" in r:
            lines += ["", f"{r['candidate']}: running hit rates per window of {r['window']} records (frequency / rules / "
                      "network) and the share of the window's records predicted by the network:", "",
                      "| opponent | " + " | ".join(f"window {i + 1}" for i in range(max(len(w) for w in r["running"].values())))
                      + " |", "| --- |" + " --- |" * max(len(w) for w in r["running"].values())]
            for k, wins in r["running"].items():
                cells = [" / ".join(f"{x:.2f}" for x in w["hit_rate"]) + f" (net {w['choice_share'][2]:.2f})" for w in wins]
                lines.append(f"| {k} | " + " | ".join(cells) + " |")
    return lines


def _report(results, figures):
    from holdem.match.stats import summarize

    by = {r["candidate"]: r for r in results.values()}
    rows = []
    for meta, singles in PAIRS.items():
        for single in singles:
            if meta not in by or single not in by:
                continue
            d = summarize(np.asarray(by[meta]["sample"]) - np.asarray(by[single]["sample"]))
            better = d.ci95[0] > 0
            rows.append(Row(f"{meta} − {single}, six-seat table of styles (sb/hand, paired by deal)",
                            "> 0 (\"outperforms any single approach\")", f"{d.mean:+.3f}",
                            f"[{d.ci95[0]:+.3f}, {d.ci95[1]:+.3f}]", "within CI" if better else "differs",
                            "" if better else "not significant at this sample" if d.ci95[1] >= 0 else
                            "the single approach wins significantly: see the predictors' record below"))
    r0 = next(iter(results.values()))
    return rows, [], "\n".join(table(list(results.values()), r0["deals"], r0["seed"], r0["block_size"]))


register(Experiment(
    "poki-opponents", "poki", "Seven opponent-model candidates at one table of styles, with the predictors' record",
    "Billings2002 §5",
    lambda scale: [Step(c, "bpp.reproduce.poki_opponents:opponents_run",
                        {"candidate": c, "n_deals": 10 if scale == "quick" else 1000, "rng": 5})
                   for c in CANDIDATES],
    _report, {"quick": 60, "paper": 7200}))

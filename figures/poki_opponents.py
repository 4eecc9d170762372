"""Poki's opponent models at six-seat tables of mixed styles (Billings2002, the meta player's experiment).

Each candidate (``poki`` frequencies, ``poki-nn``, ``poki-meta``, ``poki-sim``,
``poki-sim-nn``, ``poki-sim-meta``, ``loki``) sits at a six-seat limit
hold'em table with a maniac, a calling station, a rock, a tight-aggressive
player and a second maniac (:mod:`bpp.loki.opponents`), in a duplicate match
(each deal replayed six times, the seats rotated); a learning candidate is
one instance for the whole match.  Billings2002 reports that the meta player
"outperforms any single approach".

The comparison is paired: every candidate plays the same deals against the
same field with the same random streams, so "meta minus a single approach" is
a difference per deal with its own 95 % CI.  With ``--block-size 1`` (the
default) every deal is its own block of the match runner: the field is made
afresh per deal from that deal's streams, so where two candidates act alike
the deal plays out identically and a difference in one deal does not shift
the fixed players' random draws in all later deals (with the runner's
default of 500 deals per block it does, and the paired CI is about twice as
wide: 0.32 against 0.16 sb/hand at 200 deals, poki-meta − poki).

For the meta players the script also records the mechanism the paper
claims: per opponent (by style), each predictor's running hit rate (its most
likely action was the one taken, scored before it learns the record) in
windows of ``--window`` records, and which predictor the meta choice used.

The simulation candidates run with the simulator's default strength scale
(``Simulator(range_relative=True)``: a simulated opponent acts on the scale of
its current range, :mod:`bpp.loki.simulator.sampling`); it is recorded in each
runs line and is part of the key (lines without it used the scale over all
holdings).

Run: ``nice -n 10 .venv/bin/python figures/poki_opponents.py --deals 1000 --seed 5``.
Every finished candidate is appended as a JSON line to
``figures/poki_opponents_runs.jsonl`` with its per-deal sample (re-runs read
it; the key is candidate, deals, seed and block size), and the table
``figures/poki_opponents.md`` is written from it.
"""

from __future__ import annotations

import argparse
import fcntl
import json
from pathlib import Path

import numpy as np

from bpp.loki.modeler.predictors import PREDICTORS, MetaPredictor
from bpp.loki.simulator.sampling import Simulator
from bpp.registry import match_agents
from holdem.files import read_jsonl
from holdem.games import LimitHoldem
from holdem.match import play_match
from holdem.match.stats import summarize
from bpp.reproduce.script import run_script

HERE = Path(__file__).parent
CANDIDATES = ("poki", "poki-nn", "poki-meta", "poki-sim", "poki-sim-nn", "poki-sim-meta", "loki")
FIELD = ("maniac", "calling-station", "rock", "tag", "maniac")
#: each meta player against the single approaches (paired by deal)
PAIRS = {
    "poki-meta": ("poki", "poki-nn", "poki-sim", "poki-sim-nn", "loki"),
    "poki-sim-meta": ("poki-sim", "poki-sim-nn", "poki", "poki-nn", "loki"),
}
OLD_BLOCK_SIZE = 500  # lines written before the block size was recorded used the runner's default


#: the simulated opponents' strength scale (``Simulator(range_relative=...)``) of the simulation candidates; lines
#: written before it was recorded used the scale over all holdings (False), as do the candidates without a simulator
RANGE_RELATIVE = Simulator().range_relative


def _scale(candidate: str) -> bool:
    return RANGE_RELATIVE if candidate.startswith("poki-sim") else False


def _key(r: dict) -> tuple:
    return r["candidate"], r["deals"], r["seed"], r.get("block_size", OLD_BLOCK_SIZE), r.get("range_relative", False)


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


def run(candidate: str, deals: int, seed: int, block_size: int, path: Path, window: int = 2000) -> dict:
    for r in read_jsonl(path, fields=("candidate", "deals", "seed")):  # a damaged line is one ValueError naming the file and the line
        if _key(r) == (candidate, deals, seed, block_size, _scale(candidate)) and "sample" in r:
            return r
    names = [candidate, *FIELD]
    agents = match_agents(names, rng=seed)
    with _Recorder() as recorder:
        res = play_match(LimitHoldem(n_players=6), agents, deals, rng=seed, duplicate=True, progress=True,
                         block_size=block_size)
    sample = res.winnings[:, 0].reshape(-1, 6).mean(axis=1)
    s = summarize(sample)
    out = {"candidate": candidate, "deals": deals, "seed": seed, "block_size": block_size,
           "range_relative": _scale(candidate), "hands": int(res.n_hands),
           "mean": s.mean, "ci95": list(s.ci95), "field": list(FIELD), "sample": sample.round(6).tolist()}
    agent = agents[0] if isinstance(agents[0], str) else agents[0].instance
    p = getattr(agent, "predictor_", None)
    if isinstance(p, MetaPredictor):
        out["choice"] = {f"+{k} {FIELD[k - 1]}": p.choice(k) for k in range(1, 6)}
        out["hit_rate"] = {f"+{k} {FIELD[k - 1]}": (p.hits_[k] / max(p.n_scored_[k], 1)).round(3).tolist() for k in range(1, 6)}
        out["log_loss"] = {f"+{k} {FIELD[k - 1]}": (-p.scores_[k] / max(p.n_scored_[k], 1)).round(3).tolist() for k in range(1, 6)}
        out["running"] = recorder.windows(window)
        out["window"] = window
    with path.open("a") as f:  # several processes may append to the same runs file
        fcntl.flock(f, fcntl.LOCK_EX)
        f.write(json.dumps(out) + "\n")
        fcntl.flock(f, fcntl.LOCK_UN)
    return out


def table(rows: list[dict], deals: int, seed: int, block_size: int) -> list[str]:
    """The markdown report: every candidate, each meta player minus each single approach, the predictors' record."""
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--block-size", type=int, default=1)
    parser.add_argument("--window", type=int, default=2000, help="records per window of the running hit rates")
    parser.add_argument("--candidates", default=",".join(CANDIDATES))
    parser.add_argument("--runs", type=Path, default=HERE / "poki_opponents_runs.jsonl")
    parser.add_argument("--out", type=Path, default=HERE / "poki_opponents.md")
    parser.add_argument("--no-table", action="store_true", help="only play (another process writes the table)")
    args = parser.parse_args(argv)
    rows = [run(c, args.deals, args.seed, args.block_size, args.runs, args.window) for c in args.candidates.split(",")]
    if args.no_table:
        return 0
    lines = table(rows, args.deals, args.seed, args.block_size)
    args.out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

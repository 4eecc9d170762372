"""Poki's opponent models at six-seat tables of mixed styles (Billings2002, the meta player's experiment).

Each candidate (``poki`` frequencies, ``poki-nn``, ``poki-meta``, ``loki``,
``poki-sim``, ``poki-sim-meta``) sits at a six-seat limit hold'em table with a maniac, a calling
station, a rock, a tight-aggressive player and a second maniac
(:mod:`bpp.loki.opponents`), in a duplicate match (each deal replayed six
times, the seats rotated); a learning candidate is one instance for the
whole match.  The candidate's result is small bets per hand ± 95 % CI over
deals.  Billings2002 reports that the meta player "outperforms any single
approach".

Run: ``nice -n 10 .venv/bin/python figures/poki_opponents.py --deals 400 --seed 5``.
Every finished candidate is appended as a JSON line to
``figures/poki_opponents_runs.jsonl`` with its per-deal sample (re-runs read
it), and the table ``figures/poki_opponents.md`` is written from it, with
each candidate's difference from ``poki`` paired by deal.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

import bpp.registry  # noqa: F401
from bpp.registry import match_agents
from holdem.games import LimitHoldem
from holdem.match import play_match
from holdem.match.stats import summarize

HERE = Path(__file__).parent
CANDIDATES = ("poki", "poki-nn", "poki-meta", "loki", "poki-sim", "poki-sim-meta")
FIELD = ("maniac", "calling-station", "rock", "tag", "maniac")


def run(candidate: str, deals: int, seed: int, path: Path) -> dict:
    for line in path.read_text().splitlines() if path.exists() else []:
        r = json.loads(line)
        if (r["candidate"], r["deals"], r["seed"]) == (candidate, deals, seed) and "sample" in r:
            return r
    names = [candidate, *FIELD]
    agents = match_agents(names, seed=seed)
    res = play_match(LimitHoldem(n_players=6), agents, deals, rng=seed, duplicate=True, progress=True)
    sample = res.winnings[:, 0].reshape(-1, 6).mean(axis=1)
    s = summarize(sample)
    out = {"candidate": candidate, "deals": deals, "seed": seed, "hands": int(res.n_hands),
           "mean": s.mean, "ci95": list(s.ci95), "field": list(FIELD), "sample": sample.round(6).tolist()}
    agent = agents[0] if isinstance(agents[0], str) else agents[0].instance
    meta = getattr(getattr(agent, "predictor_", None), "n_scored_", None)
    if meta is not None:
        p = agent.predictor_
        out["choice"] = {f"+{k} {FIELD[k - 1]}": p.choice(k) for k in range(1, 6)}
        out["hit_rate"] = {f"+{k} {FIELD[k - 1]}": (p.hits_[k] / max(p.n_scored_[k], 1)).round(3).tolist() for k in range(1, 6)}
    with path.open("a") as f:
        f.write(json.dumps(out) + "\n")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--candidates", default=",".join(CANDIDATES))
    parser.add_argument("--runs", type=Path, default=HERE / "poki_opponents_runs.jsonl")
    parser.add_argument("--out", type=Path, default=HERE / "poki_opponents.md")
    args = parser.parse_args(argv)
    rows = [run(c, args.deals, args.seed, args.runs) for c in args.candidates.split(",")]
    lines = [
        f"Six-seat duplicate limit hold'em, field {', '.join(FIELD)}; {args.deals} deals × 6 seatings, seed {args.seed}.",
        "",
        "| candidate | sb/hand | 95 % CI |",
        "| --- | ---: | --- |",
    ]
    for r in rows:
        lines.append(f"| {r['candidate']} | {r['mean']:+.3f} | [{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}] |")
    base = next((r for r in rows if r["candidate"] == "poki"), None)
    if base is not None:
        lines += ["", "Paired by deal (the same deals and field in every match), each candidate minus `poki`:", "",
                  "| candidate | difference sb/hand | 95 % CI |", "| --- | ---: | --- |"]
        for r in rows:
            if r is base:
                continue
            d = summarize(np.asarray(r["sample"]) - np.asarray(base["sample"]))
            lines.append(f"| {r['candidate']} − poki | {d.mean:+.3f} | [{d.ci95[0]:+.3f}, {d.ci95[1]:+.3f}] |")
    for r in rows:
        if "choice" in r:
            lines += ["", f"{r['candidate']}: predictor chosen per opponent (hit rates frequency / rules / network):", ""]
            lines += [f"- {k}: {r['choice'][k]} ({' / '.join(f'{x:.2f}' for x in r['hit_rate'][k])})" for k in r["choice"]]
    args.out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

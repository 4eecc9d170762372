"""Match speed: hands per second of ``play_match`` with the trivial agents, runner included.

Targets (one core): heads-up limit hold'em >= 20,000 hands/s,
ten-player limit >= 3,000, heads-up five-card stud >= 20,000, five-player
draw >= 5,000, and ``workers=2`` >= 1.7x one worker.  For scale: pokerkit plays
about 340 heads-up limit hold'em hands/s with always-call players.

    .venv/bin/python benchmarks/bench_match.py [--hands N] [--agents call|random|mixed] [--log]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from holdem.games import make_game
from holdem.match import play_match

CASES = [
    ("limit-holdem", 2, 20_000),
    ("limit-holdem", 10, 3_000),
    ("stud5", 2, 20_000),
    ("draw5", 5, 5_000),
    ("nolimit-holdem", 2, None),
]


def agents_for(kind: str, n: int) -> list[str]:
    if kind == "mixed":
        return (["call", "raise", "random"] * n)[:n]
    return [kind] * n


def rate(game, agents, hands, *, workers=1, log=None, repeat=3) -> float:
    play_match(game, agents, min(hands, 2000), rng=0, workers=1)  # warm up tables and caches
    best = 0.0
    for k in range(repeat):
        if log is not None and log.exists():
            log.unlink()
        t = time.perf_counter()
        r = play_match(game, agents, hands, rng=k, workers=workers, log=log)
        best = max(best, r.n_hands / (time.perf_counter() - t))
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--agents", default="call", choices=["call", "random", "mixed"])
    ap.add_argument("--log", action="store_true", help="also stream a JSON-lines hand log")
    ap.add_argument("--scaling-hands", type=int, default=200_000)
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    print(f"{'game':16} {'players':>7} {'hands/s':>10} {'target':>8}  agents={a.agents} log={a.log}")
    for name, n, target in CASES:
        game = make_game(name, n)
        log = tmp / f"{name}-{n}.jsonl" if a.log else None
        r = rate(game, agents_for(a.agents, n), a.hands, log=log)
        verdict = "" if target is None else ("ok" if r >= target else "BELOW")
        print(f"{name:16} {n:7d} {r:10,.0f} {target or '':>8}  {verdict}")
    game = make_game("limit-holdem", 2)
    agents = agents_for(a.agents, 2)
    one = rate(game, agents, a.scaling_hands, workers=1, repeat=1)
    two = rate(game, agents, a.scaling_hands, workers=2, repeat=1)
    print(f"workers=2 on heads-up limit, {a.scaling_hands:,} hands: {one:,.0f} -> {two:,.0f} hands/s = {two / one:.2f}x")


if __name__ == "__main__":
    main()

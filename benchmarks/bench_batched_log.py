"""Logged matches: hands/s of ``play_match(..., log=FILE)`` on the batched engine beside the hand-by-hand path.

Usage: ``python benchmarks/bench_batched_log.py [--hands N] [--block-size B] [--repeat R] [--only NAME]``

A logged match (``play_match(..., log=path)``, ``bpp match --log``, every
``bpp reproduce`` experiment) writes one JSON line per hand.  It plays on the
batched engine when every agent can (:mod:`holdem.match.batched`: the batch
records each action as arrays, :func:`holdem.match.runner.hand_lines` writes
the lines); the anchor, measured in the same run, is the same logged match
played hand by hand (``holdem.match.batched.play_block_batched`` answering
``None``, which is how every logged match was played before), which writes
byte for byte the same file (checked here on every line printed).  The
unlogged batched match is printed too, for what the log costs.

Rates are hands per CPU-second of this process (``time.process_time``, best
of ``--repeat``; file writes included), a fresh log file for every run.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import holdem.match.batched as batched_path
from holdem.games import Draw5, LimitHoldem, NoLimitHoldem, Stud5
from holdem.match import play_match

CASES = {
    "limit-hu call/call": (LimitHoldem(), ["call", "call"]),
    "limit-hu random/raise": (LimitHoldem(), ["random", "raise"]),
    "limit-6 random x6": (LimitHoldem(n_players=6), ["random"] * 6),
    "nolimit random-sizes/call": (NoLimitHoldem(), ["random-sizes", "call"]),
    "stud rules/rules": (Stud5(), ["rules", "rules"]),
    "stud-stakes(10,20,40) rules x3": (Stud5(n_players=3, stacks=(10, 20, 40)), ["rules"] * 3),
    "draw-5 random x5": (Draw5(), ["random"] * 5),
    "stud bpp/rules": (Stud5(), ["bpp", "rules"]),
}


def rate(game, agents, hands: int, block_size: int, repeat: int, folder: Path, *, log: bool, batched: bool) -> tuple[float, bytes]:
    """Best hands per CPU-second of ``repeat`` matches, and the last log's bytes (empty unlogged)."""
    original = batched_path.play_block_batched
    best, data = 0.0, b""
    for k in range(repeat):
        path = folder / f"{os.getpid()}-{time.monotonic_ns()}.jsonl"
        if not batched:
            batched_path.play_block_batched = lambda *a: None
        try:
            t = time.process_time()
            play_match(game, agents, hands, rng=1, block_size=block_size, log=path if log else None)
            best = max(best, hands / max(time.process_time() - t, 1e-9))
        finally:
            batched_path.play_block_batched = original
        if log:
            data = path.read_bytes()
            path.unlink()
    return best, data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--block-size", type=int, default=5_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default=None, help="run the cases whose name contains this text")
    args = parser.parse_args()
    print(f"hands {args.hands:,}, block size {args.block_size:,}, best of {args.repeat}; "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'match':34s} {'logged, batched':>16s} {'logged, hand by hand':>21s} {'ratio':>7s} {'unlogged, batched':>18s} "
          f"{'bytes/hand':>10s}  same log")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, (game, agents) in CASES.items():
            if args.only and args.only not in name:
                continue
            play_match(game, agents, 500, rng=0, block_size=250)  # warm-up: tables loaded
            fast, a = rate(game, agents, args.hands, args.block_size, args.repeat, folder, log=True, batched=True)
            slow, b = rate(game, agents, args.hands, args.block_size, 1, folder, log=True, batched=False)
            plain, _ = rate(game, agents, args.hands, args.block_size, args.repeat, folder, log=False, batched=True)
            print(f"{name:34s} {fast:16,.0f} {slow:21,.0f} {fast / slow:6.1f}x {plain:18,.0f} "
                  f"{len(a) / args.hands / (len(agents) if False else 1):10,.0f}  {a == b}")


if __name__ == "__main__":
    main()

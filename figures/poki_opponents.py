"""Poki's opponent models at six-seat tables of mixed styles (Billings2002, the meta player's experiment).

A thin call into the registered experiment ``poki-opponents``
(:mod:`bpp.reproduce.poki_opponents`, where the candidates, the field, the
pairing by deal and the predictors' record are described): each candidate is
one step, :func:`bpp.reproduce.poki_opponents.opponents_run`.

Run: ``nice -n 10 .venv/bin/python figures/poki_opponents.py --deals 1000 --seed 5``.
Every finished candidate is appended as a JSON line to
``figures/poki_opponents_runs.jsonl`` with its per-deal sample (re-runs read
it; the key is candidate, deals, seed, block size and the simulated
opponents' strength scale), and the table ``figures/poki_opponents.md`` is
written from it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bpp.reproduce.poki_opponents import CANDIDATES, range_relative_of, opponents_run, table
from bpp.reproduce.script import cached_cell, code_version, run_script
from holdem.files import read_jsonl

HERE = Path(__file__).parent
#: lines written before the block size was recorded used the runner's default
OLD_BLOCK_SIZE = 500


def _key(r: dict) -> tuple:
    """A runs line's cell; lines written before ``block_size`` / ``range_relative`` were recorded get their old values."""
    return r["candidate"], r["deals"], r["seed"], r.get("block_size", OLD_BLOCK_SIZE), r.get("range_relative", False)


def run(candidate: str, deals: int, seed: int, block_size: int, path: Path, window: int = 2000) -> dict:
    """The candidate's line of ``path`` (the first of its cell with a sample, played by code of today's version), or
    played and appended (:func:`~bpp.reproduce.script.cached_cell`; the version: the same cell on 3 deals)."""
    key = {"candidate": candidate, "deals": deals, "seed": seed, "block_size": block_size,
           "range_relative": range_relative_of(candidate)}
    probe = lambda: opponents_run(candidate, 3, seed, block_size, window)  # noqa: E731
    version = code_version(probe())
    for r in read_jsonl(path, fields=("candidate", "deals", "seed")):  # a damaged line is one ValueError naming the file and the line
        if _key(r) == tuple(key.values()) and "sample" in r and r.get("code") == version:
            return r
    return cached_cell(path, key, lambda: opponents_run(candidate, deals, seed, block_size, window, progress=True),
                       again=True, probe=probe)


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

"""Load-time cost of checking the tables read from disk: each table loaded with and without its check.

The checks: the evaluator's cached tables against ``TABLE_DIGEST``, the shipped
stud P(win) tables (``win_round1.npz``, ``win_round2.npz``) against their
digests.  Each load is timed from a cold start of that loader (its in-memory
copy cleared), best of ``--repeat``, and beside it the check alone (the
content digest of the arrays read).
Compare the total with ``bpp demo``'s wall time (``time bpp demo``).

    .venv/bin/python benchmarks/bench_load_checks.py [--repeat 7]
"""

from __future__ import annotations

import argparse
from unittest import mock

from _timing import best_time  # each load clears its loader's in-memory copy first, so the warm-up call is harmless


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    from bpp.stud.players import reference
    from holdem import files, tables

    tables.load_tables()  # the cache file exists

    def eval_tables():
        tables._TABLES = None
        tables.load_tables()

    def round1():
        reference._ROUND1 = None
        reference._round1_table()

    def round2():
        reference._ROUND2 = None
        reference._round2_table()

    seen: list = []
    real = files.check_digest

    def recording(arrays, expected, source):
        seen.append(arrays)
        return real(arrays, expected, source)

    total_load = total_check = 0.0
    print(f"{'table':<28s} {'load, checked':>14s} {'the check alone':>16s}")
    for name, fn in (("eval-tables-v2.npz (cache)", eval_tables), ("win_round1.npz (shipped)", round1),
                     ("win_round2.npz (shipped)", round2)):
        load = best_time(fn, args.repeat)
        seen.clear()
        with mock.patch.object(files, "check_digest", recording):
            fn()
        arrays = seen[0]
        check = best_time(lambda: files.content_digest(arrays), args.repeat)
        total_load += load
        total_check += check
        print(f"{name:<28s} {load * 1e3:11.1f} ms {check * 1e3:13.2f} ms")
    print(f"{'all three':<28s} {total_load * 1e3:11.1f} ms {total_check * 1e3:13.2f} ms")


if __name__ == "__main__":
    main()

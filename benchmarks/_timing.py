"""Shared timing helper of the benchmark scripts (run them as ``python benchmarks/bench_*.py``)."""

from __future__ import annotations

import time


def best_time(fn, repeat: int = 20) -> float:
    """Best wall time in seconds of ``repeat`` calls of ``fn`` after one warm-up call."""
    fn()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best

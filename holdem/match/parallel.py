"""Play a match's blocks wherever :func:`holdem.match.cluster.iter_map` runs tasks, results in block order.

Blocks are independent (each has its own ``SeedSequence`` child and makes its
own agents), so they can run anywhere: :func:`iter_blocks` hands them to the
one parallel layer — this process, ``workers`` local processes (*spawn*; a
script calling ``play_match(..., workers=N)`` needs the usual
``if __name__ == "__main__":`` guard) or a Dask scheduler — and yields them in
block order, so the log is written in order and the result equals a
one-process run.  At most ``2 × workers`` blocks are in flight, which bounds
memory on long matches; an agent factory that cannot be pickled (a lambda, a
local function) is reported as a ``ValueError`` before any process starts.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from holdem.match.cluster import ParallelNote, iter_map, scheduler_address

__all__ = ["iter_blocks"]


def iter_blocks(plan: Any, tasks: Iterable[Any], *, play: Callable[..., Any], workers: int = 1,
                scheduler: str | None = None) -> Iterator[Any]:
    """Play ``tasks`` (``(block, seed_sequence)`` pairs, in order; any iterable, consumed lazily) and yield their
    results in that order.

    ``workers=1`` and no scheduler plays in this process (agent instances stay
    the same objects); the caller caps ``workers`` at the number of blocks.
    ``play(plan, block, seed)`` plays one block and returns its result (a
    module-level function, so that workers can import it: the match runner's
    :func:`~holdem.match.runner.play_block`, Local Best Response's own).  A match whose agents include instances (learning agents that
    keep one state for the whole match) cannot be split: sent to a scheduler,
    it is played here, in order, and a :class:`~holdem.match.cluster.ParallelNote` says so.
    """
    learners = [s.name for s in getattr(plan, "agents", ()) if getattr(s, "instance", None) is not None]
    if learners and scheduler_address(scheduler) is not None:
        warnings.warn(
            f"agents {', '.join(learners)} learn across hands: this match is one task, played in order in this "
            "process; run independent matches (seeds, opponents) as separate tasks of holdem.match.cluster.iter_map",
            ParallelNote,
            stacklevel=3,
        )
        for block, seed in tasks:
            yield play(plan, block, seed)
        return
    yield from iter_map(play, ((plan, block, seed) for block, seed in tasks), workers=workers, scheduler=scheduler)

"""Play a match's blocks in local worker processes, results in block order.

Blocks are independent (each has its own ``SeedSequence`` child and makes its
own agents), so they can run anywhere; :func:`iter_blocks` runs them in
``workers`` processes of a ``concurrent.futures.ProcessPoolExecutor`` started
with the *spawn* method (safe on every platform and with threads; a script
calling ``play_match(..., workers=N)`` needs the usual
``if __name__ == "__main__":`` guard) and yields them in block order, so the log
is written in order and the result equals a one-process run.

At most ``2 * workers`` blocks are in flight, which bounds memory on long
matches.  The match plan (game, agent factories) is pickled once per block;
an agent factory that cannot be pickled (a lambda, a local function) is
reported as a ``ValueError`` before any process starts.
"""

from __future__ import annotations

import multiprocessing
import pickle
from collections import deque
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

from holdem.match.runner import BlockResult, MatchPlan, play_block

__all__ = ["iter_blocks"]


def iter_blocks(plan: MatchPlan, tasks, *, workers: int = 1, play=play_block) -> Iterator[BlockResult]:
    """Play ``tasks`` (``(block, seed_sequence)`` pairs, in order; any iterable, consumed lazily) and yield their
    results in that order.

    ``workers=1`` plays in this process (agent instances stay the same objects);
    the caller caps ``workers`` at the number of blocks.  ``play(plan, block,
    seed)`` plays one block (default :func:`play_block`; other runners such as
    Local Best Response pass their own module-level function).
    """
    if workers <= 1:
        for block, seed in tasks:
            yield play(plan, block, seed)
        return
    try:
        pickle.dumps(plan)
    except Exception as exc:  # noqa: BLE001 - any pickling failure means the same thing here
        raise ValueError(
            f"the match cannot be sent to worker processes ({exc}); define agent factories at module "
            "level, or play with workers=1"
        ) from None
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        pending: deque = deque()
        it = iter(tasks)
        for block, seed in it:
            pending.append(pool.submit(play, plan, block, seed))
            if len(pending) >= 2 * workers:
                break
        try:
            while pending:
                result = pending.popleft().result()
                nxt = next(it, None)
                if nxt is not None:
                    pending.append(pool.submit(play, plan, *nxt))
                yield result
        finally:
            for f in pending:
                f.cancel()

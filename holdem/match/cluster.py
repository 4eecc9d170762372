"""One parallel layer: independent seeded tasks in this process, in local worker processes or on a Dask cluster.

Every long job of the toolkit is cut into independent tasks that carry their
own seed (a match's blocks, a roll-out's blocks of deals, a reproduction's
independent matches), so *where* a task runs cannot change its result.
:func:`iter_map` runs ``func(*task)`` for each task and yields the results in
task order:

* ``scheduler`` given (an address such as ``"tcp://10.0.0.5:8786"``), or the
  environment variable ``BPP_SCHEDULER`` set: the tasks go to that
  `Dask <https://distributed.dask.org>`_ scheduler (``dask.distributed``),
  which hands them to its workers;
* otherwise ``workers > 1``: local processes (``concurrent.futures``, *spawn*
  start method; scripts need the ``if __name__ == "__main__":`` guard);
* otherwise in this process.

The same tasks therefore give the same results on 1 worker, ``W`` workers or a
cluster.  At most ``2 × workers`` tasks (``2 ×`` the cluster's threads) are in
flight, which bounds memory on long runs.  A worker that dies mid-run loses the
tasks it held; the Dask scheduler gives them to another worker (a task is
re-run up to ``distributed.scheduler.allowed-failures`` times, and a task that
raises is retried ``retries`` times), and since each task is a pure function
of its seed, the totals do not change.

Learning agents that must see hands in order (one agent instance for a whole
match) cannot be cut into blocks: such a match is *one* task.  The match runner
says so (a :class:`ParallelNote` warning) rather than silently serialising, and
callers that run several independent learning matches (one per seed or per
opponent) send each match to :func:`iter_map` as one task.

>>> list(iter_map(pow, [(2, 3), (3, 2)]))
[8, 9]
>>> scheduler_address(" ")
Traceback (most recent call last):
...
ValueError: The 'scheduler' parameter must be a Dask scheduler address such as tcp://host:8786; got ' '.
"""

from __future__ import annotations

import itertools
import os
import pickle
import signal
import sys
import threading
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar, overload

_T = TypeVar("_T")

__all__ = ["SCHEDULER_ENV", "ParallelNote", "scheduler_address", "connect", "disconnect", "iter_map"]

#: Environment variable naming the Dask scheduler every parallel job uses when no address is passed.
SCHEDULER_ENV = "BPP_SCHEDULER"

_CLIENTS: dict[object, Any] = {}  # address (or id of a LocalCluster) -> distributed.Client


class ParallelNote(UserWarning):
    """What the parallel layer did instead of what was asked (e.g. a learning match played as one task)."""


def _in_dask_worker() -> bool:
    """Whether this code runs inside a Dask worker (then tasks run in place: no nested submission)."""
    if "distributed" not in sys.modules:
        return False
    from distributed import get_worker

    try:
        get_worker()
    except ValueError:
        return False
    return True


@overload
def scheduler_address(scheduler: str) -> str: ...
@overload
def scheduler_address(scheduler: None = None) -> str | None: ...
def scheduler_address(scheduler: str | None = None) -> str | None:
    """The Dask scheduler to use: ``scheduler``, else ``$BPP_SCHEDULER``, else None (local).

    Inside a Dask worker it is always None, so a task never submits tasks of its own.

    >>> scheduler_address(None) is None or SCHEDULER_ENV in os.environ
    True
    """
    if scheduler is None:
        scheduler = os.environ.get(SCHEDULER_ENV) or None
        if scheduler is None:
            return None
    if not isinstance(scheduler, str) or not scheduler.strip() or any(c.isspace() for c in scheduler.strip()):
        raise ValueError(
            f"The 'scheduler' parameter must be a Dask scheduler address such as tcp://host:8786; got {scheduler!r}."
        )
    if _in_dask_worker():
        return None
    address = scheduler.strip()
    return address if "://" in address else f"tcp://{address}"


def connect(address: str, *, timeout: float = 5.0) -> Any:
    """A ``distributed.Client`` connected to ``address`` (one per address and process, reused).

    An address nobody answers at is a ``ValueError`` naming it.  A
    ``distributed.LocalCluster`` object may be passed instead of an address.
    """
    key = address if isinstance(address, str) else id(address)
    client = _CLIENTS.get(key)
    if client is not None and client.status == "running":
        return client
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - dask is an optional extra
        raise ValueError(
            "running on a Dask scheduler needs dask.distributed: pip install 'bpp[cluster]'"
        ) from None
    if isinstance(address, str):
        _check_address(address)
    try:
        client = Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as exc:
        raise ValueError(
            f"cannot reach the Dask scheduler at {address} ({type(exc).__name__}); start one with "
            "`dask scheduler` and workers with `dask worker ADDRESS`, or drop --scheduler / BPP_SCHEDULER"
        ) from None
    _CLIENTS[key] = client
    return client


def _check_address(address: str) -> None:
    """One ``ValueError`` naming ``address`` unless Dask can parse it (checked before a ``Client`` exists:
    a client that fails half-built stalls 10 s at exit and prints a traceback)."""
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import backends

    try:
        scheme, location = parse_address(address)
        if scheme not in backends:
            raise ValueError(f"unknown address scheme {scheme!r} (known: {', '.join(sorted(backends))})")
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except ValueError as exc:
        raise ValueError(f"{address!r} is not a Dask scheduler address such as tcp://host:8786: {exc}") from None


def disconnect() -> None:
    """Close the clients :func:`connect` opened in this process."""
    while _CLIENTS:
        _, client = _CLIENTS.popitem()
        client.close()


def _check_picklable(obj: object, what: str) -> None:
    try:
        pickle.dumps(obj)
    except Exception as exc:  # noqa: BLE001 - any pickling failure means the same thing here
        raise ValueError(
            f"{what} cannot be sent to worker processes ({exc}); define agent factories and task "
            "functions at module level, or run with one worker"
        ) from None


def iter_map(
    func: Callable[..., _T],
    tasks: Iterable[tuple[Any, ...]],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    retries: int = 2,
) -> Iterator[_T]:
    """Yield ``func(*task)`` for every task, in task order, wherever the tasks run (see the module docstring).

    Parameters
    ----------
    func
        A module-level function (it is pickled to the workers).
    tasks
        Argument tuples, one per task; any iterable, consumed lazily (at most
        ``2 × workers`` tasks are taken ahead of the results).
    workers
        Local processes when no scheduler is set (1: this process).
    scheduler
        A Dask scheduler address; default ``$BPP_SCHEDULER``.  Takes precedence over ``workers``.
    retries
        How often Dask retries a task that raised (a lost worker's tasks are re-run anyway).

    Examples
    --------
    >>> list(iter_map(divmod, [(7, 2), (9, 4)], workers=1))
    [(3, 1), (2, 1)]
    """
    address = scheduler_address(scheduler)
    it = iter(tasks)
    ahead = list(itertools.islice(it, 2))  # one task alone is not worth starting processes for
    if address is None and (workers <= 1 or len(ahead) <= 1):
        for task in itertools.chain(ahead, it):
            yield func(*task)
        return
    if not ahead:
        return
    _check_picklable((func, ahead[0]), "the work")
    it = itertools.chain(ahead, it)
    if address is not None:
        client = connect(address)
        threads = max(1, sum(client.nthreads().values()))
        submit_remote = lambda task: client.submit(func, *task, pure=False, retries=retries)  # noqa: E731
        yield from _ordered(submit_remote, it, 2 * threads)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_ignore_interrupt)

    def submit(task: tuple[Any, ...]) -> Any:
        # a worker is started inside submit: with SIGINT ignored meanwhile it is born ignoring it (an ignored
        # signal stays ignored across exec), so a Ctrl-C during its start-up cannot kill it with a traceback
        if threading.current_thread() is not threading.main_thread():
            return pool.submit(func, *task)
        old = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            return pool.submit(func, *task)
        finally:
            signal.signal(signal.SIGINT, old)

    try:
        yield from _ordered(submit, it, 2 * workers)
    except BaseException:  # an interrupt (or the caller stopping early): no new task starts; running ones end at exit
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _ignore_interrupt() -> None:
    """Worker processes ignore Ctrl-C: the terminal's interrupt reaches the whole process group, and only the
    parent answers it (one ``error:`` line; no new task starts).  No worker prints a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _ordered(submit: Callable[[tuple[Any, ...]], Any], tasks: Iterable[tuple[Any, ...]], window: int) -> Iterator[Any]:
    """Submit ``tasks`` keeping at most ``window`` in flight; yield their results in order."""
    pending: deque[Any] = deque()  # futures (concurrent.futures or distributed), oldest first
    it = iter(tasks)
    try:
        for task in it:
            pending.append(submit(task))
            if len(pending) >= window:
                break
        while pending:
            result = pending.popleft().result()
            nxt = next(it, None)
            if nxt is not None:
                pending.append(submit(nxt))
            yield result
    finally:
        for f in pending:
            f.cancel()

"""``bpp reproduce``: every paper's published numbers beside bpp's, in one report.

The experiments are a registry (:mod:`bpp.reproduce.registry`): one small
module per paper — :mod:`bpp.reproduce.loki` (Billings1998),
:mod:`bpp.reproduce.poki` (Billings2002), :mod:`bpp.reproduce.stud`
(Korb1999), :mod:`bpp.reproduce.kendall` (Kendall2001), :mod:`bpp.reproduce.lbr`
(Lisy2017) — registers its tables, figures and headline numbers, each as steps
that call the program's own experiment functions with fixed seeds.
:func:`reproduce` runs them (:mod:`bpp.reproduce.run`: logged as they go,
resumed after an interruption, never re-run unless ``force``), through the
parallel layer of :mod:`holdem.match.cluster` (local processes or a Dask
scheduler), and writes ``report.md`` and ``report.html`` with the figures
(:mod:`bpp.reproduce.report`).  ``render_only=True`` (``bpp reproduce
--render-only``) computes nothing: it writes the report and its figures from
the finished runs in the logs (:func:`bpp.reproduce.run.finished_run`), so a
paper-scale run can be re-rendered after a change to a report or figure.

>>> [e.key for e in experiments(["poki"])]
['poki-formula-vs-simulation', 'poki-meta', 'poki-network', 'poki-opponents', 'poki-continuations']
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from pathlib import Path

from bpp.reproduce.registry import PAPERS, SCALES, Experiment, Row, Step, experiments, get_experiment, papers, register
from bpp.reproduce.run import ExperimentRun, check_out_dir, finished_run, run_experiment, versions

__all__ = ["reproduce", "report_for", "expected_seconds", "experiments", "get_experiment", "papers", "register", "Experiment",
           "Step", "Row", "ExperimentRun", "run_experiment", "finished_run", "PAPERS", "SCALES"]


def expected_seconds(chosen: Iterable[Experiment], scale: str, out: str | os.PathLike[str] | None = None) -> float:
    """Expected wall time on two cores of the experiments in ``chosen`` not yet finished in ``out`` (seconds)."""
    from bpp.reproduce.run import read_runs

    total = 0.0
    for e in chosen:
        if out is not None:
            runs = read_runs(Path(out) / "logs" / f"{e.key}.jsonl")
            if any(r["header"].get("scale") == scale and r["done"] for r in runs.values()):
                continue
        total += e.expected[scale]
    return total


def reproduce(
    out: str | os.PathLike[str],
    *,
    scale: str = "quick",
    only: Collection[str] | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    force: bool = False,
    render_only: bool = False,
    command: str = "",
    progress: bool = False,
    say: Callable[[str], object] = print,
) -> tuple[Path, Path]:
    """Run the experiments of the papers in ``only`` (default all) at ``scale`` and write the report into ``out``.

    Bad input (an unknown paper or scale, an output folder that cannot be
    written, a scheduler nobody answers at) is a ``ValueError`` raised before
    anything is computed.  ``render_only``: run nothing, report the last
    finished run of each experiment at ``scale`` from its log (a ``ValueError``
    naming the first experiment that has none).  Returns the paths of
    ``report.md`` and ``report.html``.
    """
    if scale not in SCALES:
        raise ValueError(f"The 'scale' parameter must be one of {', '.join(SCALES)}; got {scale!r}.")
    chosen = experiments(only)
    out = check_out_dir(out)
    if render_only:
        if force:
            raise ValueError("--render-only runs nothing, so it cannot be combined with --force")
        t0 = time.time()
        runs = [finished_run(exp, scale, out) for exp in chosen]
        say(f"{len(runs)} experiments at {scale} scale rendered from the logs in {out}; nothing run")
        return report_for(runs, out, scale=scale, command=command, wall=time.time() - t0)
    if scheduler is not None:
        from holdem.match.cluster import connect, scheduler_address

        connect(scheduler_address(scheduler))
    t0 = time.time()
    say(f"{len(chosen)} experiments at {scale} scale into {out}; expected time on two cores about "
        f"{expected_seconds(chosen, scale, None if force else out) / 60:.1f} min")
    runs = []
    for i, exp in enumerate(chosen, 1):
        start = time.time()
        say(f"[{i}/{len(chosen)}] {exp.key}: {exp.title} (about {exp.expected[scale]:.0f} s at {scale} scale) …")
        run = run_experiment(exp, scale, out, workers=workers, scheduler=scheduler, force=force, command=command,
                             progress=progress)
        state = "reused from its log" if run.reused else f"{time.time() - start:.1f} s"
        say(f"[{i}/{len(chosen)}] {exp.key}: {state}")
        runs.append(run)
    return report_for(runs, out, scale=scale, command=command, wall=time.time() - t0)


def report_for(runs: Sequence[ExperimentRun], out: str | os.PathLike[str], *, scale: str, command: str,
               wall: float) -> tuple[Path, Path]:
    """Write the report of finished ``runs`` (see :func:`bpp.reproduce.report.write_report`)."""
    from bpp.reproduce.report import write_report

    return write_report(runs, out, scale=scale, command=command, versions=versions(), wall=wall)

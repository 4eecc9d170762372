"""Run an experiment: log every step as it finishes, resume from the log, never re-run a finished experiment unasked.

The log of experiment ``key`` is ``OUT/logs/key.jsonl``, append-only JSON lines:

* ``{"type": "run", "run": n, "scale": …, "started": …, "versions": …, "command": …}`` opens run ``n``;
* ``{"type": "step", "run": n, "name": …, "target": …, "kwargs": …, "result": …, "seconds": …}`` per finished step;
* ``{"type": "done", "run": n, "seconds": …}`` closes it.

Every line ends with ``"sha256"``: the :func:`holdem.match.log.checksum` of the
line as written without that key, so an edited result, header or step is
refused when the log is read (one ``ValueError`` naming the file, the line and
the experiment), like an appended garbage line or a binary file.

Re-running an experiment at the same scale reuses its last finished run (nothing
is computed); an interrupted run is resumed: its logged steps are read back and
only the missing ones run.  ``force=True`` opens a new run after the old ones,
which stay in the log.  A last line cut short by an interruption is ignored;
when a run resumes after one, it ends that line and writes
``{"type": "cut"}`` after it (the log stays append-only), and the reader
accepts a line it cannot read only when such a ``cut`` line follows it.

A step that splits its own work into blocks (a match, an LBR run: its function
takes ``log``) also logs its blocks, to ``OUT/logs/key/run<n>-<step>.jsonl``
(:mod:`holdem.match.log`), so an interrupted step resumes from its last whole
block instead of starting again.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import json
import os
import platform
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bpp.reproduce.registry import SCALES, Experiment, call

__all__ = ["ExperimentRun", "run_experiment", "finished_run", "read_runs", "versions", "check_out_dir"]


@dataclass
class ExperimentRun:
    """A finished run of an experiment: its steps (``name``, ``result``, ``seconds``, ``target``, ``kwargs``)."""

    experiment: Experiment
    scale: str
    run: int
    steps: list
    seconds: float
    started: str
    reused: bool
    log: Path

    def results(self) -> dict:
        return {s["name"]: s["result"] for s in self.steps}


def versions() -> dict:
    """Versions of Python, bpp and the libraries the numbers depend on."""
    import numpy
    import scipy

    import bpp

    out = {"python": platform.python_version(), "bpp": bpp.__version__, "numpy": numpy.__version__,
           "scipy": scipy.__version__}
    for name in ("pgmpy", "distributed"):
        with contextlib.suppress(ImportError):
            out[name] = __import__(name).__version__
    return out


def check_out_dir(out: str | os.PathLike[str]) -> Path:
    """Create ``out`` (and ``out/logs``) and check it is writable; a ``ValueError`` naming it otherwise."""
    out = Path(out)
    try:
        (out / "logs").mkdir(parents=True, exist_ok=True)
        probe = out / "logs" / f".probe-{os.getpid()}"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise ValueError(f"the output folder {str(out)!r} is not writable ({exc.strerror or exc})") from None
    return out


def read_runs(path: Path) -> dict:
    """``{run: {"header": …, "steps": {name: line}, "done": line or None}}`` from a log (missing file: empty).

    Raises one ``ValueError`` naming the file, the line and the experiment for
    anything that is not a line this module wrote (see the module docstring).
    """
    from holdem.match.log import checksum

    path = Path(path)
    runs: dict = {}
    if not path.exists():
        return runs
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot read the log {str(path)!r} of experiment {path.stem!r}: {exc.strerror or exc}") from None
    unread = None  # (line number, why) of a line that only a following "cut" line excuses
    for number, raw in enumerate(data.split(b"\n")[:-1], start=1):  # the part after the last newline: a cut tail
        try:
            line = json.loads(raw)
        except (ValueError, RecursionError):
            line = None
        why = None
        if not isinstance(line, dict):
            why = "not a JSON object"
        elif line.get("sha256") != checksum(json.dumps({k: v for k, v in line.items() if k != "sha256"},
                                                       separators=(",", ":")).encode()):
            why = "it does not match its checksum"
        elif line.get("type") == "cut":
            unread = None  # the line before was cut short by an interruption
            continue
        if unread is not None:
            break
        why = why or _check_line(line, runs)
        if why is not None:
            unread = (number, why)
            continue
        n = line["run"]
        if line["type"] == "run":
            runs[n] = {"header": line, "steps": {}, "done": None}
        elif line["type"] == "step":
            runs[n]["steps"][line["name"]] = line
        else:
            runs[n]["done"] = line
    if unread is not None:
        raise ValueError(f"{str(path)!r}: line {unread[0]}: {unread[1]}; the log of experiment {path.stem!r} was damaged "
                         "or edited (keep a copy, use another --out)")
    return runs


def _check_line(line: dict, runs: dict) -> str | None:
    """What is wrong with a checksummed line of an experiment log (None: nothing)."""
    kind, n = line.get("type"), line.get("run")
    if kind not in ("run", "step", "done") or not isinstance(n, int) or isinstance(n, bool):
        return "not a run, step or done line"
    if kind == "run":
        return f"run {n} opened twice" if n in runs else None
    if n not in runs:
        return f"a {kind} line of run {n}, which no line opened"
    if kind == "step" and not isinstance(line.get("name"), str):
        return "a step line without a name"
    if kind == "done" and not isinstance(line.get("seconds"), (int, float)):
        return "a done line without its seconds"
    return None


@contextlib.contextmanager
def _scheduler_env(scheduler):
    """``$BPP_SCHEDULER`` set to ``scheduler`` for steps that parallelise themselves (restored afterwards)."""
    from holdem.match.cluster import SCHEDULER_ENV

    old = os.environ.get(SCHEDULER_ENV)
    if scheduler:
        os.environ[SCHEDULER_ENV] = scheduler
    try:
        yield
    finally:
        if scheduler:
            if old is None:
                os.environ.pop(SCHEDULER_ENV, None)
            else:
                os.environ[SCHEDULER_ENV] = old


def _write(f, line: dict) -> None:
    """Append ``line`` with its checksum (see the module docstring), flushed to disk."""
    from holdem.match.log import checksum

    text = json.dumps(line, separators=(",", ":"))
    f.write(json.dumps(line | {"sha256": checksum(text.encode())}, separators=(",", ":")) + "\n")
    f.flush()
    os.fsync(f.fileno())


def run_experiment(
    experiment: Experiment,
    scale: str,
    out: str | os.PathLike[str],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    force: bool = False,
    command: str = "",
    progress: bool = False,
) -> ExperimentRun:
    """Run (or resume, or reuse) ``experiment`` at ``scale``, logging to ``out/logs/<key>.jsonl``.

    Steps run as independent tasks of :func:`holdem.match.cluster.iter_map`
    (``workers`` local processes or the Dask ``scheduler``) except those marked
    ``inside``, which run here with ``workers``, the scheduler and ``progress``
    and split their own work into blocks.
    """
    from holdem.match.cluster import iter_map

    if scale not in SCALES:
        raise ValueError(f"The 'scale' parameter must be one of {', '.join(SCALES)}; got {scale!r}.")
    out = check_out_dir(out)
    log = out / "logs" / f"{experiment.key}.jsonl"
    runs = read_runs(log)
    mine = [n for n, r in runs.items() if r["header"].get("scale") == scale]
    last = runs[mine[-1]] if mine else None
    steps = experiment.steps(scale)
    if last is not None and last["done"] is not None and not force:
        return _finished(experiment, scale, last, steps, reused=True, log=log)
    t0 = time.time()
    with open(log, "a", encoding="utf-8") as f:
        if log.stat().st_size and not log.read_bytes().endswith(b"\n"):
            f.write("\n")  # end the line an interruption cut short (it stays, unread), never rewrite it
            _write(f, {"type": "cut"})
        if last is None or force or last["done"] is not None:
            n = max(runs, default=0) + 1
            header = {"type": "run", "run": n, "key": experiment.key, "scale": scale,
                      "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "versions": versions(),
                      "command": command, "workers": workers, "scheduler": scheduler}
            _write(f, header)
            last = {"header": header, "steps": {}, "done": None}
        n = last["header"]["run"]
        todo = [s for s in steps if s.name not in last["steps"]]
        earlier = sum(line["seconds"] for line in last["steps"].values())  # steps of an interrupted run, reused
        bar = None
        if progress and todo:
            from tqdm import tqdm

            bar = tqdm(total=len(todo), desc=experiment.key, unit="step", leave=False)

        def record(step, result, seconds):
            line = {"type": "step", "run": n, "name": step.name, "target": step.target, "kwargs": step.kwargs,
                    "result": result, "seconds": round(seconds, 3)}
            _write(f, line)
            last["steps"][step.name] = line
            if bar is not None:
                bar.update(1)

        try:
            outside = [s for s in todo if not s.inside]
            for step, result in zip(outside, iter_map(_timed, [(s.target, s.kwargs) for s in outside],
                                                      workers=workers, scheduler=scheduler)):
                record(step, result[0], result[1])
            with _scheduler_env(scheduler):
                for step in (s for s in todo if s.inside):
                    started = time.time()
                    kwargs = dict(step.kwargs, workers=workers, progress=progress)
                    if _takes_log(step.target):  # its blocks go to a match log: an interrupted step resumes by block
                        kwargs["log"] = _step_log(log, n, step.name)
                    record(step, call(step.target, kwargs), time.time() - started)
        finally:
            if bar is not None:
                bar.close()
        done = {"type": "done", "run": n, "seconds": round(time.time() - t0 + earlier, 3)}
        _write(f, done)
        last["done"] = done
    return _finished(experiment, scale, last, steps, reused=False, log=log)


def finished_run(experiment: Experiment, scale: str, out: str | os.PathLike[str]) -> ExperimentRun:
    """The last finished run of ``experiment`` at ``scale`` in ``out/logs``, read from its checked log; nothing runs.

    What ``bpp reproduce --render-only`` reports from, and what a figure
    script given ``--from-run OUT`` renders from.  A missing or unfinished run
    is a ``ValueError`` naming the experiment, the scale and the command that runs it.
    """
    if scale not in SCALES:
        raise ValueError(f"The 'scale' parameter must be one of {', '.join(SCALES)}; got {scale!r}.")
    log = Path(out) / "logs" / f"{experiment.key}.jsonl"
    done = [r for r in read_runs(log).values() if r["header"].get("scale") == scale and r["done"] is not None]
    if not done:
        raise ValueError(f"{str(log)!r} holds no finished {scale}-scale run of experiment {experiment.key!r} "
                         f"(run `bpp reproduce --scale {scale} --only {experiment.paper} --out {out}` first)")
    return _finished(experiment, scale, done[-1], experiment.steps(scale), reused=True, log=log)


def _takes_log(target: str) -> bool:
    """Whether the step's function takes a match ``log`` (and so can resume an interrupted step block by block)."""
    module, func = target.split(":")
    return "log" in inspect.signature(getattr(importlib.import_module(module), func)).parameters


def _step_log(log: Path, run: int, step: str) -> Path:
    """The match log of one step of one run: ``logs/<experiment>/run<n>-<step>.jsonl`` beside the experiment's log."""
    folder = log.with_suffix("")
    folder.mkdir(exist_ok=True)
    return folder / f"run{run}-{re.sub(r'[^A-Za-z0-9.-]+', '_', step)}.jsonl"


def _timed(target, kwargs):
    """``call(target, kwargs)`` and its wall time (run on a worker)."""
    t = time.time()
    return call(target, kwargs), time.time() - t


def _finished(experiment, scale, run, steps, *, reused, log) -> ExperimentRun:
    lines = [run["steps"][s.name] for s in steps if s.name in run["steps"]]
    return ExperimentRun(experiment, scale, run["header"]["run"], lines, run["done"]["seconds"],
                         run["header"]["started"], reused, log)


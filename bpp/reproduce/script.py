"""What every script of ``figures/`` shares: the one way to run it and the one way to keep its finished cells.

A figure script is a thin layer over the experiment functions of the programs
and of :mod:`bpp.reproduce`: it names the cells of its table or figure, plays
the ones not yet played, and renders the rest from its runs file.  Two things
were written once per script and live here instead:

* :func:`run_script` — the script's ``__main__``: a ``ValueError`` (a damaged
  runs file, a bad option, a bad value anywhere below) is one line
  ``error: …`` on stderr and exit status 2, never a traceback, as in the
  ``bpp`` command;
* :func:`cached_cell` — a cell of a table read from the script's append-only
  runs file (one JSON object a line, checked by :func:`holdem.files.read_jsonl`)
  or played and appended, so an interrupted run resumes and a re-run renders
  what was played; a cell records the version of the code that played it (a
  miniature of the cell run again, ``probe``) and is played again when the
  code now computes differently;
* :func:`step_results` — the results of a figure's steps (the same
  :class:`~bpp.reproduce.registry.Step` s a registered experiment runs):
  computed here, or, with ``from_run=OUT``, read from the checked log of a
  ``bpp reproduce --out OUT`` run that ran those very steps (a paper-scale
  run re-renders the figures without re-running an experiment).

>>> import tempfile, pathlib
>>> runs = pathlib.Path(tempfile.mkdtemp()) / "r.jsonl"
>>> played = []
>>> def play():
...     played.append(1)
...     return {"mean": 0.5}
>>> cached_cell(runs, {"seed": 1, "deals": 10}, play), cached_cell(runs, {"seed": 1, "deals": 10}, play), len(played)
({'seed': 1, 'deals': 10, 'mean': 0.5}, {'seed': 1, 'deals': 10, 'mean': 0.5}, 1)
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from holdem.files import read_jsonl

if TYPE_CHECKING:
    from bpp.reproduce.registry import Step

__all__ = ["cached_cell", "code_version", "finished_cells", "run_script", "step_results"]


def run_script(main: Callable[..., int | None], argv: Sequence[str] | None = None) -> int:
    """Run a figure script's ``main(argv)``; a ``ValueError`` is one line ``error: …`` and exit status 2.

    Use as ``if __name__ == "__main__": raise SystemExit(run_script(main))``.

    >>> def main(argv=None):
    ...     raise ValueError("'runs.jsonl' line 3: not a JSON object")
    >>> run_script(main)  # doctest: +SKIP
    error: 'runs.jsonl' line 3: not a JSON object
    2
    """
    try:
        return int((main() if argv is None else main(argv)) or 0)
    except ValueError as exc:
        print(f"error: {str(exc).replace(chr(10), ' ')}", file=sys.stderr)
        return 2


def finished_cells(runs: str | os.PathLike[str], key: dict[str, Any], needs: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Every line of ``runs`` for the cell ``key`` (its fields equal) that holds ``needs`` too, oldest first."""
    lines = read_jsonl(runs, fields=tuple(key))
    return [r for r in lines if all(r[k] == v for k, v in key.items()) and all(k in r for k in needs)]


def code_version(result: Any) -> str:
    """The code version a probe's ``result`` stands for: 16 hex digits of the SHA-256 of its JSON text.

    Floats count to 12 significant digits (the same numbers summed in another
    order differ in the last bits; the project's contract is the same results,
    not the same rounding).

    >>> code_version({"mean": 0.1 + 0.2}) == code_version({"mean": 0.3}) != code_version({"mean": 0.31})
    True
    """
    def canonical(value: Any) -> Any:
        if isinstance(value, float):
            return float(f"{value:.12g}")
        if isinstance(value, dict):
            return {str(k): canonical(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [canonical(v) for v in value]
        return value

    return hashlib.sha256(json.dumps(canonical(result), sort_keys=True).encode()).hexdigest()[:16]


def cached_cell(runs: str | os.PathLike[str], key: dict[str, Any], play: Callable[[], dict[str, Any]], *,
                again: bool = False, needs: Sequence[str] = (),
                probe: Callable[[], Any] | None = None) -> dict[str, Any]:
    """The cell ``key`` of a table: its last line in ``runs``, or ``{**key, **play()}`` appended to it.

    Parameters
    ----------
    runs : path
        The append-only runs file (one JSON object a line; created with its folder).
    key : dict
        The fields that name the cell (its seed, deals, players …; JSON values).
    play : callable
        Computes the cell's result (a JSON-able dict) when it is not in ``runs``.
    again : bool
        Play the cell even if it is there (after a change to the code it
        measures) and append the new line; the old one stays, the last counts.
    needs : sequence of str
        Fields a line must hold to count as finished (an older format lacks them).
    probe : callable, optional
        A miniature of the cell: the same computation on a few deals, run
        every time the cell is asked for.  :func:`code_version` of its result
        is the version of the code, written into the cell's line as
        ``"code"``; a line counts only for the same version.  So a cell
        played by code that computes differently now (an agent, a random
        stream, the experiment changed) is stale: it is reported on stderr
        and played again, its line appended (the old one stays; switching
        back to the old code finds it again).  A line written before cells
        had versions is stale too.  Code that computes the same (a faster
        path with the same results) keeps its cells.

    Several processes may append to one runs file: each line is written under
    an exclusive lock, whole.
    """
    version = None if probe is None else code_version(probe())
    if not again:
        done = finished_cells(runs, key, needs)
        current = [c for c in done if version is None or c.get("code") == version]
        if current:
            return current[-1]
        if done:
            print(f"stale cell {json.dumps(key)} in {os.fspath(runs)}: "
                  + (f"played by code of version {done[-1]['code']}, now {version}" if "code" in done[-1] else
                     f"played before cells recorded their code version (now {version})")
                  + "; playing it again", file=sys.stderr)
    cell = {**key, **play(), **({} if version is None else {"code": version})}
    path = Path(runs)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as f:
        try:
            import fcntl

            fcntl.flock(f, fcntl.LOCK_EX)
        except ImportError:  # pragma: no cover - not POSIX: one writer at a time is the caller's care
            pass
        f.write(json.dumps(cell) + "\n")
    return cell


def step_results(key: str, steps: Sequence[Step], *, from_run: str | os.PathLike[str] | None = None,
                 progress: bool = False) -> dict[str, Any]:
    """``{step name: result}`` of ``steps`` of the registered experiment ``key``: run here, or read from a run's log.

    Parameters
    ----------
    key : str
        The registered experiment the steps belong to (its log is ``OUT/logs/<key>.jsonl``).
    steps : sequence of Step
        What the figure needs (targets and keyword arguments).
    from_run : path, optional
        The ``--out`` folder of a ``bpp reproduce`` run: the results are read
        from the last finished run (any scale) whose logged steps include every
        one of ``steps`` with the same target and keyword arguments; nothing is
        computed.  None of them: a ``ValueError`` naming the log and the first
        missing step.
    progress : bool
        A progress bar over the steps run here.

    >>> from bpp.reproduce.registry import Step
    >>> step_results("loki-table2", [Step("table2", "bpp.reproduce.loki:table2")])["table2"]["table"][1]
    [0, 8370, 540]
    """
    from bpp.reproduce.registry import call
    from bpp.reproduce.run import read_runs

    if from_run is None:
        from tqdm import tqdm

        return {s.name: call(s.target, s.kwargs) for s in tqdm(steps, desc=key, unit="step", disable=not progress)}
    log = Path(from_run) / "logs" / f"{key}.jsonl"
    wanted = [(s.target, json.dumps(s.kwargs, sort_keys=True)) for s in steps]
    logged: dict = {}
    for run in reversed([r for r in read_runs(log).values() if r["done"] is not None]):
        logged = {(line["target"], json.dumps(line["kwargs"], sort_keys=True)): line["result"]
                  for line in run["steps"].values()}
        if all(w in logged for w in wanted):
            return {s.name: logged[w] for s, w in zip(steps, wanted)}
    t, k = next((w for w in wanted if w not in logged), wanted[0] if wanted else ("?", "{}"))
    raise ValueError(f"no finished run in {str(log)!r} ran every step this figure needs (missing: {t} {k}); run "
                     f"`bpp reproduce` into {str(from_run)!r} at the scale of these options, or drop --from-run")

"""One rule for every file the toolkit writes: checked before any work starts.

:func:`check_output_path` is called by everything that writes (a match log, a
model build, a figure, the demo's folder) *before* the work, so a run never
ends with its result lost to a path that could not be written.  The rule:

* the parent folder must exist (nothing creates folders silently, except the
  one folder a command is told to fill, like ``bpp demo --out``);
* a file output must not be a folder, nor an existing special file (``/dev/full``,
  a pipe): outputs are regular files;
* the path must really be writable: a new file is created and removed again
  (which also catches read-only file systems such as ``/sys`` even for root),
  an existing one is opened for appending without changing it.

Every failure is one ``ValueError`` line naming the path and the reason.

A result is never overwritten either (:func:`fresh_output_path`, the rule every
``bpp`` command follows): a result *file* that already exists is refused with
one line naming it and the option that chooses another path; a *folder* of
results that already holds something gets the new run in its first free
numbered sub-folder (``run-2``, ``run-3``, ...), and the command says where.
Match logs are the one output a re-run extends (see :mod:`holdem.match.log`).

Reading has its rule too: every model loader checks what it read
(:func:`check_distributions`, :func:`load_npz`) and fails with one
``ValueError`` line naming the file.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> check_output_path(folder / "m.jsonl", "log").name
'm.jsonl'
>>> check_output_path(folder, "log")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: cannot write the log to '...': it is a folder
>>> check_output_path(folder / "no" / "m.jsonl", "log")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: cannot write the log to '.../no/m.jsonl': the folder '.../no' does not exist
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["check_output_path", "fresh_output_path", "check_distributions", "load_npz", "content_digest", "check_digest",
           "read_jsonl"]


def check_output_path(path: str | os.PathLike[str], what: str, *, folder: bool = False) -> Path:
    """Check that ``path`` can be written (see the module docstring); return it as a ``Path``.

    ``what`` names the output in the message (``"log"``, ``"figure"``);
    ``folder=True`` checks a folder to be filled instead (created if missing, its
    parent must exist).  Nothing is left behind: an existing file is not changed.
    """
    try:
        p = Path(path)
    except TypeError:
        raise ValueError(f"cannot write the {what} to {path!r}: not a path") from None

    def fail(reason: str) -> ValueError:
        return ValueError(f"cannot write the {what} to {str(p)!r}: {reason}")

    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise fail(f"the folder {str(parent)!r} does not exist" if not parent.exists() else f"{str(parent)!r} is not a folder")
    try:
        mode = p.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise fail(exc.strerror or str(exc)) from None
    if folder:
        if mode is not None and not stat.S_ISDIR(mode):
            raise fail("it exists and is not a folder")
        probe = p / ".bpp-write-check"
        try:
            p.mkdir(exist_ok=True)
            probe.touch(exist_ok=False)
            probe.unlink()
        except OSError as exc:
            raise fail(exc.strerror or str(exc)) from None
        return p
    if mode is not None and stat.S_ISDIR(mode):
        raise fail("it is a folder")
    if mode is not None and not stat.S_ISREG(mode):
        raise fail("it is not a regular file (a device or a pipe)")
    try:
        if mode is None:
            fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            os.close(fd)
            p.unlink()
        else:
            with p.open("ab"):
                pass
    except OSError as exc:
        raise fail(exc.strerror or str(exc)) from None
    return p


def fresh_output_path(path: str | os.PathLike[str], what: str, option: str, *, folder: bool = False) -> Path:
    """Where a run writes its result ``path`` without overwriting anything (the rule above).

    A file that exists → one ``ValueError`` naming it and ``option`` (the flag
    that picks another path).  A folder (``folder=True``) that is missing or
    empty is used as it is; one that holds anything → its first free
    sub-folder ``run-2``, ``run-3``, ... is created and returned.  Everything
    :func:`check_output_path` checks is checked too, before any work starts.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> fresh_output_path(folder / "out", "demo results", "--out", folder=True).name
    'out'
    >>> _ = (folder / "out" / "results.txt").write_text("first run")
    >>> fresh_output_path(folder / "out", "demo results", "--out", folder=True).name
    'run-2'
    >>> fresh_output_path(folder / "out" / "results.txt", "figure", "--out")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: '.../results.txt' already exists and results are never overwritten; choose another path with --out
    """
    p = check_output_path(path, what, folder=folder)
    if not folder:
        if p.exists() and p.stat().st_size > 0:
            raise ValueError(f"{str(p)!r} already exists and results are never overwritten; choose another path with {option}")
        return p
    if not any(p.iterdir()):
        return p
    n = 2
    while (p / f"run-{n}").exists():
        n += 1
    run = p / f"run-{n}"
    run.mkdir()
    return run


def check_distributions(values: Any, source: object, what: str, *, axis: int = 0, atol: float = 1e-6) -> np.ndarray:
    """``values`` as a float array whose slices along ``axis`` are probability distributions.

    Every model loader calls this on what it read, so a damaged or badly built
    file fails at load time with one line naming it (``source``) — never later
    as a NaN belief in play.

    >>> check_distributions([[0.5, 1.0], [0.5, 0.0]], "m.bif", "P(A | B)").sum(axis=0)
    array([1., 1.])
    >>> check_distributions([0.5, float("nan")], "m.bif", "P(A)")
    Traceback (most recent call last):
    ...
    ValueError: 'm.bif': P(A) has values that are not finite numbers in [0, 1] (e.g. nan)
    >>> check_distributions([0.5, 0.4], "m.bif", "P(A)")
    Traceback (most recent call last):
    ...
    ValueError: 'm.bif': P(A) does not sum to 1 (a sum of 0.9)
    """
    try:
        array = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{str(source)!r}: {what} is not an array of numbers") from None
    bad = ~np.isfinite(array) | (array < 0) | (array > 1 + atol)
    if bad.any():
        raise ValueError(f"{str(source)!r}: {what} has values that are not finite numbers in [0, 1] (e.g. {float(array[bad].flat[0])!r})")
    if array.ndim == 0 or array.shape[axis] == 0:
        raise ValueError(f"{str(source)!r}: {what} is empty")
    sums = array.sum(axis=axis)
    off = np.abs(sums - 1) > atol
    if off.any():
        raise ValueError(f"{str(source)!r}: {what} does not sum to 1 (a sum of {float(np.asarray(sums)[off].flat[0]):.6g})")
    return array


def load_npz(path: str | os.PathLike[str], shapes: dict[str, tuple[int, ...] | str | None]) -> dict[str, Any]:
    """The arrays ``shapes`` names from an ``.npz`` file, checked for presence and shape.

    A shape of ``"json"`` names a text array holding a JSON object instead
    (a build's ``info``): it is returned parsed, as a dict.  Any failure (a
    missing, truncated or foreign file, a missing array, a wrong shape, a
    non-numeric array, text that is not a JSON object) is one ``ValueError``
    naming the file.

    >>> import tempfile, pathlib
    >>> bad = pathlib.Path(tempfile.mkdtemp()) / "t.npz"
    >>> _ = bad.write_bytes(b"PK\\x03\\x04 truncated")
    >>> load_npz(bad, {"a": (2,)})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: '...t.npz' cannot be read as an .npz archive of numpy arrays (...)
    """
    import zipfile

    name = repr(str(path))
    if not Path(path).is_file():
        raise ValueError(f"{name} is missing (or not a file)")
    out = {}
    try:
        with np.load(path, allow_pickle=False) as data:
            for key, shape in shapes.items():
                if key not in data.files:
                    raise ValueError(f"{name} has no array {key!r}")
                array = data[key]
                if shape == "json":
                    out[key] = _json_object(array, name, key)
                    continue
                if array.dtype.kind not in "biuf" or (shape is not None and array.shape != tuple(shape)):
                    raise ValueError(f"{name}: array {key!r} has shape {array.shape} and dtype {array.dtype}; expected {shape} numbers")
                out[key] = array
    except ValueError as exc:
        if str(exc).startswith(name):
            raise
        raise ValueError(f"{name} cannot be read as an .npz archive of numpy arrays ({exc})") from None
    except (OSError, EOFError, zipfile.BadZipFile, KeyError) as exc:
        raise ValueError(f"{name} cannot be read as an .npz archive of numpy arrays ({type(exc).__name__}: {exc})") from None
    return out


def _json_object(array: np.ndarray, name: str, key: str) -> dict[str, Any]:
    """The JSON object stored as the text array ``key`` of the ``.npz`` file ``name`` (see :func:`load_npz`)."""
    import json

    try:
        value = json.loads(str(array[()])) if array.dtype.kind == "U" and array.shape == () else None
    except ValueError:
        value = None
    if not isinstance(value, dict):
        raise ValueError(f"{name}: array {key!r} is not a JSON object as text")
    return value


def content_digest(arrays: Mapping[str, Any]) -> str:
    """SHA-256 of a table's content: every array's name, dtype, shape and bytes, in name order.

    What a table file carries to be checked when loaded (the rule of the module
    docstring): a cached or shipped table's expected digest is recorded in the
    code that reads it, so any change to the file — a cut-short array, a zeroed
    one, a single edited value — is caught before use.  About a millisecond per
    megabyte.

    >>> content_digest({"a": np.arange(3, dtype=np.int16)})[:12]
    '1e8e40beb7ba'
    """
    import hashlib

    h = hashlib.sha256()
    for name in sorted(arrays):
        a = np.asarray(arrays[name])
        h.update(f"{name}:{a.dtype.str}:{a.shape};".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def check_digest(arrays: Mapping[str, Any], expected: str, source: str | os.PathLike[str]) -> None:
    """Raise one ``ValueError`` naming ``source`` unless the arrays' :func:`content_digest` is ``expected``.

    >>> check_digest({"a": np.zeros(2)}, "0" * 64, "t.npz")
    Traceback (most recent call last):
    ...
    ValueError: 't.npz' is not the table it should be: its content digest differs from the one recorded for it
    """
    if content_digest(arrays) != expected:
        raise ValueError(f"{str(source)!r} is not the table it should be: its content digest differs from the one recorded for it")


def read_jsonl(path: str | os.PathLike[str], fields: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The JSON objects of a run file, one a line (blank lines skipped; an absent file has none).

    The reader of the ``figures/*_runs.jsonl`` files.  A line that is not one
    JSON object (cut short, edited into garbage, nested too deep, holding
    ``NaN``) and a file that is not UTF-8 text are one ``ValueError`` naming
    the file and the line, never a traceback and never a skipped line.  Every
    object must hold the top-level ``fields`` its reader looks up; a line
    without one is the same one-line ``ValueError``.

    >>> import tempfile, pathlib
    >>> runs = pathlib.Path(tempfile.mkdtemp()) / "r.jsonl"
    >>> _ = runs.write_text('{"seed": 1}\\n\\n{"seed": 2\\n')
    >>> read_jsonl(runs)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: '...r.jsonl' line 3: not a JSON object (Expecting ',' delimiter: line 1 column 11 (char 10))
    >>> _ = runs.write_text('{"seed": 1}\\n{"deals": 2}\\n')
    >>> read_jsonl(runs, fields=("seed",))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: '...r.jsonl' line 2: no field 'seed' (a damaged or foreign runs file)
    """
    import json

    def _no_constant(name: str) -> None:
        raise ValueError(f"{name} is not a number in strict JSON")

    name = repr(str(path))
    path = Path(path)
    if not path.exists():
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{name} cannot be read as a runs file ({type(exc).__name__}: {exc})") from None
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line, parse_constant=_no_constant)
        except RecursionError:
            raise ValueError(f"{name} line {number}: not a JSON object (nested too deep)") from None
        except ValueError as exc:
            raise ValueError(f"{name} line {number}: not a JSON object ({exc})") from None
        if not isinstance(value, dict):
            raise ValueError(f"{name} line {number}: not a JSON object (a {type(value).__name__})")
        missing = next((f for f in fields if f not in value), None)
        if missing is not None:
            raise ValueError(f"{name} line {number}: no field {missing!r} (a damaged or foreign runs file)")
        out.append(value)
    return out

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
from pathlib import Path

__all__ = ["check_output_path"]


def check_output_path(path, what: str, *, folder: bool = False) -> Path:
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

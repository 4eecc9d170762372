"""The ``bpp`` command.

Each subcommand lives in its own module under :mod:`bpp.commands` exposing
``register(subparsers)``, which adds its parser and sets ``func`` (called with
the parsed arguments; returns an exit code).  Never a traceback:

* errors a user can make (a ``ValueError`` raised anywhere below, a bad
  argument, a missing file) print one line ``error: …`` and exit 2;
* anything unexpected prints one line, exits 1 and says to rerun with
  ``--debug`` (which shows the traceback);
* a closed pipe (``bpp match … | head -1``) ends quietly;
* an interrupt (Ctrl-C) prints one line of its own, saying the log is kept
  only when a match log holds complete blocks; a second Ctrl-C while it is
  answered is ignored, and worker processes ignore it (the parent stops them);
* warnings print as one line ``warning: …``.

>>> main(["--version"])  # doctest: +SKIP
bpp 0.1.0
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import NoReturn

from bpp import __version__

#: Modules of :mod:`bpp.commands` that add a subcommand (order = order in ``--help``).
COMMANDS = (
    "demo", "match", "build", "inspect", "kendall",
    # the belief explorer and playing against an agent
    "explore", "play",
    "lbr",  # Local Best Response (Lisy2017)
    # every paper's results beside bpp's
    "reproduce",
    "stats",  # player statistics from hand histories (holdem.histories)
    "acpc",  # the ACPC protocol: a client for any agent, a loopback dealer
)


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line and exit status 2."""

    def error(self, message: str) -> NoReturn:  # noqa: D102 - argparse hook
        raise SystemExit(_fail(f"{self.prog}: {message}"))


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser (every registered subcommand)."""
    parser = _Parser(prog="bpp", description="Probabilistic poker AI: agents of five classic papers.")
    parser.add_argument("--version", action="version", version=f"bpp {__version__}")
    parser.add_argument("--debug", action="store_true", help="show the traceback of an unexpected failure")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"bpp.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"bpp.commands.{name}":
                raise
            continue
        module.register(subparsers)
    return parser


def _interrupted(args) -> int:
    """The interrupt message: "kept" only when the match log holds complete blocks."""
    log = getattr(args, "log", None)
    kept = ""
    if log:
        try:
            from holdem.match.log import read_log

            blocks = read_log(log).blocks
        except (OSError, ValueError):
            blocks = []
        if blocks:
            hands = sum(deals for _, deals, _ in blocks)
            kept = f"; the {hands:,} deals logged in {log} are kept (run the same command again to resume)"
    if sys.stderr.isatty():
        sys.stderr.write("\n")  # below the progress bar, on a line of its own
    return _fail("interrupted" + kept)


def _warning_line(message, category, filename, lineno, file=None, line=None) -> None:
    print(f"warning: {message}", file=sys.stderr if file is None else file)


#: The methods by which bpp asks an agent or an OpenSpiel policy/bot something during play.
_PLAY_METHODS = frozenset({"act", "act_batch", "observe", "new_hand", "end_hand", "reset", "action_probabilities",
                           "holdings_action_probabilities", "step", "step_with_policy"})


def _plugin_failure(exc: Exception, args: argparse.Namespace) -> str | None:
    """The one line for ``exc`` raised by a plug-in's code while it played, or None when bpp's own code raised it.

    Below the innermost frame of :mod:`holdem` or :mod:`bpp` in the traceback, the first method called on an object
    of another package (the user's agent or OpenSpiel policy, a class of ``__main__`` included) blames that object;
    it must be one of bpp's questions to an agent (:data:`_PLAY_METHODS`) or a method defined outside the standard
    library and the installed packages. If the innermost frame is bpp's, or bpp called a library (numpy, pgmpy, …)
    itself, the failure is bpp's: a bug. A failure in a worker process (``--workers``) comes with the worker's
    traceback as text only: there the frame's file decides, not its object. The agent is named as on the command
    line when one ``MODULE:NAME`` there comes from the object's module (the file's name), else ``module:Class``.
    """
    import os
    import re
    import sysconfig
    import traceback

    import bpp
    import holdem

    ours = tuple(os.path.dirname(m.__file__ or "") + os.sep for m in (holdem, bpp))
    libraries = tuple({sysconfig.get_paths()[key] + os.sep for key in ("stdlib", "platstdlib", "purelib", "platlib")})
    remote = getattr(exc.__cause__, "tb", None)  # concurrent.futures' _RemoteTraceback: the worker's, as text
    # (file, function, the class of its self: None for no self, NoneType for a worker's frame, its self unknown)
    frames: list[tuple[str, str, type | None]] = (
        [(path, func, type(None)) for path, func in re.findall(r'File "(.+?)", line \d+, in (\S+)', remote)]
        if isinstance(remote, str) else
        [(frame.f_code.co_filename, frame.f_code.co_name,
          type(frame.f_locals["self"]) if "self" in frame.f_locals else None)
         for frame, _ in traceback.walk_tb(exc.__traceback__)])
    inner = max((i for i, (path, _, _) in enumerate(frames) if path.startswith(ours)), default=None)
    if inner is None:
        return None
    for path, func, cls in frames[inner + 1:]:
        module = os.path.splitext(os.path.basename(path))[0] if cls is type(None) else getattr(cls, "__module__", "")
        if cls is None or path.startswith(ours) or module.split(".")[0] in ("holdem", "bpp"):
            continue
        if func in _PLAY_METHODS or not path.startswith(libraries):
            break
    else:
        return None
    from holdem.match.agents import _plugin_error

    given = [part for value in vars(args).values() if isinstance(value, str) for part in value.split(",")]
    named = {part for part in given if ":" in part
             and (module == part.split(":")[-2] or module.startswith(part.split(":")[-2] + "."))}
    name = named.pop() if len(named) == 1 else f"{module}:{func if cls is type(None) else cls.__qualname__}"
    return str(_plugin_error(name, exc, playing=True))


def main(argv: list[str] | None = None) -> int:
    """Run the ``bpp`` command; returns the exit status (0 ok, 2 bad input, 1 an unexpected failure)."""
    import signal
    import warnings

    try:
        parser = build_parser()
        args, rest = parser.parse_known_args(argv)
    except KeyboardInterrupt:  # Ctrl-C while the commands are imported: nothing ran yet
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        return _fail("interrupted")
    if rest:
        if not hasattr(args, "rest"):  # only target subcommands read the rest of the line themselves
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
        args.rest = rest
    if getattr(args, "func", None) is None:
        parser.print_usage(sys.stderr)
        return _fail("choose a command (bpp --help describes them)")
    show_warning = warnings.showwarning
    warnings.showwarning = _warning_line
    # an agent named by its path (--agents mymodule:MyAgent) is found in the working directory too, last
    import os

    here = os.getcwd()
    added = here not in sys.path and "" not in sys.path
    if added:
        sys.path.append(here)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        # from now on Ctrl-C is ignored: a second one while this one is answered, or while worker processes finish
        # their running task at exit, changes nothing (the command is ending anyway)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        return _interrupted(args)
    except BrokenPipeError:
        # the reader went away (``| head``): silence the final flush of stdout too
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as exc:  # noqa: BLE001 - the promise: never a traceback unless asked for
        if args.debug:
            raise
        # the user's own agent failing while it played is the user's to fix: one line, exit 2, as bad input is
        if (line := _plugin_failure(exc, args)) is not None:
            return _fail(line)
        if isinstance(exc, (ValueError, FileNotFoundError)):
            return _fail(str(exc).replace("\n", " "))
        _fail(f"unexpected {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''} "
              "(a bug; rerun with --debug for the traceback and report it)")
        return 1
    finally:
        warnings.showwarning = show_warning
        if added and here in sys.path:
            sys.path.remove(here)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

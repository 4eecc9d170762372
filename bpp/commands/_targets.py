"""Subcommands whose targets live in agent packages (``bpp build X``, ``bpp inspect GAME``).

A target is a module exposing ``add_arguments(parser)`` and ``run(args) -> int``;
it is named by dotted path and imported only when its target is used, so that
``bpp --help`` stays fast and one package's missing piece never breaks another.
"""

from __future__ import annotations

import importlib


def add_target_subcommands(subparsers, command: str, help_text: str, targets: dict[str, tuple[str, str]]) -> None:
    """Add ``bpp COMMAND TARGET ...`` with one sub-parser per target.

    ``targets`` maps a target name to ``(module path, one-line help)``.
    """
    parser = subparsers.add_parser(command, help=help_text, description=help_text)
    sub = parser.add_subparsers(dest="target", metavar="TARGET", parser_class=type(parser))
    for name, (module_path, target_help) in targets.items():
        target_parser = sub.add_parser(name, help=target_help, description=target_help)
        target_parser.set_defaults(func=_runner(module_path, target_parser))


def _runner(module_path: str, parser):
    state: dict = {}

    def run(args) -> int:
        module = state.get("module") or importlib.import_module(module_path)
        return int(module.run(args) or 0)

    try:
        module = importlib.import_module(module_path)
    except ModuleNotFoundError as exc:  # the target's package has not landed: say so when it is used
        if not module_path.startswith(str(exc.name)):
            raise
        missing = str(exc.name)

        def unavailable(args) -> int:
            raise ValueError(f"this target is not available: module {missing} is missing")

        return unavailable
    state["module"] = module
    module.add_arguments(parser)
    return run

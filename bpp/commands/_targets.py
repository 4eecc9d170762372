"""Subcommands whose targets live in agent packages (``bpp build X``, ``bpp inspect GAME``).

A target is a module exposing ``add_arguments(parser)`` and ``run(args) -> int``
(``"package.module"``), or an object with both in a module (``"package.module:NAME"``).
It is imported only when its target is run — so ``bpp --help`` stays fast and a
heavy or broken agent package never breaks another command — and its own
parser then reads the rest of the command line (``bpp build stud-nets --help``
shows the target's options).
"""

from __future__ import annotations

import importlib


def add_target_subcommands(subparsers, command: str, help_text: str, targets: dict[str, tuple[str, str]]) -> None:
    """Add ``bpp COMMAND TARGET [options]``; ``targets`` maps a name to ``(module path[:NAME], one-line help)``."""
    parser = subparsers.add_parser(command, help=help_text, description=help_text)
    sub = parser.add_subparsers(dest="target", metavar="TARGET", parser_class=type(parser))
    for name, (module_path, target_help) in targets.items():
        target_parser = sub.add_parser(name, help=target_help, description=target_help, add_help=False)
        # the target's own parser reads the rest of the line (bpp.cli passes it on as ``args.rest``)
        run = _runner(command, name, module_path, target_help, type(parser))
        target_parser.set_defaults(func=run, rest=[])


def _runner(command: str, name: str, module_path: str, description: str, parser_class):
    prog = f"bpp {command} {name}"

    def run(args) -> int:
        module_name, _, attribute = module_path.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and module_name.startswith(exc.name):
                raise ValueError(f"{prog} is not available in this version (module {exc.name} is missing)") from None
            raise
        if attribute:
            module = getattr(module, attribute)
        parser = parser_class(prog=prog, description=description)
        module.add_arguments(parser)
        target_args = parser.parse_args(args.rest)
        if command == "inspect" and getattr(target_args, "hands", None) is None:  # the game's agents must play it
            # (with --hands, --player names a player of the file)
            from bpp.registry import check_agents_play

            check_agents_play([getattr(target_args, k) for k in ("player", "opponent") if getattr(target_args, k, None)], name)
        if command in ("inspect", "explore") and getattr(target_args, "out", None):  # a new, writable file (builds: their own)
            from holdem.files import fresh_output_path

            fresh_output_path(target_args.out, "figure" if command == "inspect" else "page", "--out")
        return int(module.run(target_args) or 0)

    return run

"""``bpp play GAME --against AGENT``: play heads-up against an agent on a local page and watch its beliefs."""

import argparse

from bpp.explore.play import AGENTS


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    from bpp.commands import count, seed

    help_text = "play heads-up against an agent in the browser (127.0.0.1 only) and watch its beliefs"
    parser = subparsers.add_parser("play", help=help_text, description=help_text)
    sub = parser.add_subparsers(dest="game", metavar="GAME", parser_class=type(parser))
    for game, agents in AGENTS.items():
        g = sub.add_parser(game, help=f"{game} against {' or '.join(agents)}", description=f"{game} against {' or '.join(agents)}")
        g.add_argument("--against", choices=agents, default=agents[0], help=f"the agent (default {agents[0]})")
        g.add_argument("--port", type=count(65535, minimum=0), default=8765, help="port on 127.0.0.1 (default 8765; 0 = any free port)")
        g.add_argument("--seed", type=seed, default=0, help="deals and the agent's randomness (default 0)")
        g.set_defaults(func=_run)


def _run(args) -> int:
    from bpp.explore.play import serve

    return serve(args.game, args.against, port=args.port, rng=args.seed)

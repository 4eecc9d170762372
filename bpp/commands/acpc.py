"""``bpp acpc``: play a bpp agent over the ACPC protocol, or deal a match to two ACPC clients.

::

    bpp acpc dealer limit.game --deals 1000 --seed 1 --log match.log     # prints "ports: P1 P2" first
    bpp acpc play poki --port P1 --gamedef limit.game --seed 3
    bpp acpc play loki --port P2 --gamedef limit.game --seed 4

``play`` connects to a dealer (``--host``, default 127.0.0.1) and plays AGENT
(a registered name) until the dealer closes.  ``dealer`` listens on two ports
of 127.0.0.1 (``--host`` for another address, only when asked), prints
``ports: P1 P2`` as its first line, deals ``--deals`` hands reproducibly from
``--seed`` and writes the ACPC log (``STATE:`` lines, ``#`` header) to
``--log`` and bpp's own match log beside it (suffix ``.jsonl``).  A client that
times out (``--timeout`` seconds per answer), answers garbage or an illegal
action forfeits the hand; one that disconnects forfeits the rest of the match
(:mod:`bpp.acpc.dealer`).  ``gamedef`` writes the ACPC game definition of a bpp
game.  A gamedef bpp does not play is refused naming the value.
"""

from __future__ import annotations

import argparse
import json
import sys

from bpp.commands import plain_help, positive_int

__all__ = ["register"]


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser("acpc", help="the ACPC protocol: play an agent against a dealer, or deal a match",
                              description=plain_help(__doc__, examples=True),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="acpc_command", metavar="{play,dealer,gamedef}", required=True)
    play = sub.add_parser("play", help="play AGENT over the ACPC protocol",
                          description="Play AGENT (an agent name or a module:Class path) over the ACPC protocol: connect to a dealer and answer its MATCHSTATE messages until it closes.")
    play.add_argument("agent", metavar="AGENT", help="an agent name or a module:Class path (limit or no-limit hold'em)")
    play.add_argument("--host", default="127.0.0.1", help="the dealer's address (default 127.0.0.1)")
    play.add_argument("--port", type=positive_int, required=True, help="the dealer's port for this player")
    play.add_argument("--gamedef", required=True, metavar="FILE", help="the ACPC game definition")
    play.add_argument("--seed", type=int, default=None, help="the agent's seed")
    play.add_argument("--timeout", type=float, default=600.0, help="seconds to wait for the dealer (default 600)")
    play.set_defaults(func=_play)
    deal = sub.add_parser("dealer", help="deal a match to two ACPC clients on loopback ports",
                          description="Deal a match to two ACPC clients: listen on two ports, print them, deal --deals hands reproducibly from --seed and write the ACPC log.")
    deal.add_argument("gamedef", metavar="GAMEDEF", help="the ACPC game definition")
    deal.add_argument("--deals", "--hands", dest="hands", type=positive_int, required=True, metavar="N",
                      help="deals to deal, one hand each (--hands is an alias)")
    deal.add_argument("--seed", type=int, required=True, help="seed of the deals (a bpp match's)")
    deal.add_argument("--log", required=True, metavar="FILE", help="the ACPC log (bpp's log goes beside it, .jsonl)")
    deal.add_argument("--names", default="p1,p2", help="the two players' names (default p1,p2)")
    deal.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1, loopback only)")
    deal.add_argument("--ports", default="0,0", help="the two ports (default 0,0: free ports, printed)")
    deal.add_argument("--timeout", type=float, default=10.0, help="seconds a client has to answer (default 10)")
    deal.add_argument("--accept-timeout", type=float, default=60.0, help="seconds to wait for the clients (default 60)")
    deal.add_argument("--json", action="store_true", help="print the result as JSON (after the ports line)")
    deal.set_defaults(func=_dealer)
    gd = sub.add_parser("gamedef", help="print the ACPC game definition of a bpp game",
                        description="Print the ACPC game definition (gamedef) of a bpp game.")
    gd.add_argument("game", choices=["limit-holdem", "nolimit-holdem"])
    gd.set_defaults(func=_gamedef)


def _play(args) -> int:
    import bpp.registry
    from bpp.acpc import play_acpc, read_gamedef

    game = read_gamedef(args.gamedef)
    bpp.registry.check_agents_play([args.agent], game.name)
    agent = bpp.registry.make_agent(args.agent, rng=args.seed)
    try:
        hands = play_acpc(agent, game, host=args.host, port=args.port, timeout=args.timeout)
    except OSError as exc:
        raise ValueError(f"the dealer at {args.host}:{args.port}: {exc.strerror or exc}") from None
    print(f"{args.agent}: {hands} hands played", file=sys.stderr)
    return 0


def _dealer(args) -> int:
    from bpp.acpc import read_gamedef, run_dealer

    game = read_gamedef(args.gamedef)
    names = [n.strip() for n in args.names.split(",")]
    if len(names) != 2 or not all(names) or len(set(names)) != 2:
        raise ValueError(f"--names needs two different names; got {args.names!r}")
    try:
        ports = tuple(int(p) for p in args.ports.split(","))
    except ValueError:
        ports = ()
    if len(ports) != 2 or not all(0 <= p < 65536 for p in ports):
        raise ValueError(f"--ports needs two port numbers (0: a free one); got {args.ports!r}")
    try:
        result = run_dealer(game, args.hands, args.seed, args.log, names=names, host=args.host, ports=ports,
                            timeout=args.timeout, accept_timeout=args.accept_timeout,
                            gamedef_name=str(args.gamedef))
    except OSError as exc:
        raise ValueError(f"cannot listen on {args.host}: {exc.strerror or exc}") from None
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.table())
    return 0


def _gamedef(args) -> int:
    from bpp.acpc import gamedef_text
    from holdem.games import GAMES

    print(gamedef_text(GAMES[args.game]()), end="")
    return 0

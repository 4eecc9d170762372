"""``bpp match``: play a match between registered agents and print the results.

::

    bpp match limit-holdem --agents call,raise --deals 10000 --seed 1
    bpp match stud5 --agents random,call --deals 5000 --seed 3 --duplicate --workers 2 --json
    bpp match draw5 --agents call,raise,random,fold,call --deals 2000 --log draw.jsonl

The number of agents is the number of players.  The table gives mean ± 95 %
confidence interval per agent in the game's unit (small bets, big blinds or
betting units per hand); ``--json`` prints ``{"game", "unit", "hands",
"deals", "players": [{"name", "mean", "ci95": [lo, hi], "total", ...}]}``
("deals": shuffled decks, ``--deals``; "hands": hands played, deals × seatings
in a duplicate match).  A progress bar runs on stderr.  ``--log FILE`` streams
every hand to a JSON-lines log: a rerun reads its answer from the log, extends
it, or resumes an interrupted match (same game, agents, seed and block size).

Agents that learn across hands (``bpp``; ``poki`` and ``poki-sim`` with their
specific opponent models) are kept as one instance for the whole match, as in
the papers' experiments: such matches need ``--workers 1``.  Their ``--log``
is extended or resumed too: the learners are first told the logged hands as
they played them, so they go on from the state the log left them in.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, cast

import numpy as np

from bpp.commands import positive_int, seed
from holdem.games import GAMES, make_game

__all__ = ["load_model", "register", "run"]


def _stacks(text: str):
    try:
        values = [int(v) for v in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer or comma-separated integers, got {text!r}") from None
    return values[0] if len(values) == 1 else tuple(values)


HELP = """Play a match between registered agents and print mean and 95% confidence interval per agent
in the game's unit (small bets, big blinds or betting units per hand). The number of agents is the
number of players. Examples:

  bpp match limit-holdem --agents poki,loki --deals 2000 --seed 1 --duplicate
  bpp match stud5 --agents bpp,rules --deals 5000 --seed 1 --duplicate --json
  bpp match draw5 --agents call,raise,random,fold,call --deals 2000 --log draw.jsonl

A deal is one shuffled deck; a duplicate match plays each deal once per seating. --log keeps every
hand in a JSON-lines file: rerunning reads the answer from it, extends it, or resumes it. Agents that
learn across hands keep one state for the whole match, so they need --workers 1; extending or
resuming their --log first replays the logged hands into them. --model AGENT=PATH starts a learner from saved state (e.g. learned
from hand histories by holdem.histories.replay), --save-model AGENT=PATH saves it after the match."""


def agents_by_game() -> str:
    """The ``bpp match --help`` epilog: the agents of each game (bpp's and installed plug-ins'), in plain text."""
    from holdem.match.agents import ENTRY_POINT_GROUP, broken_entry_points, list_agents

    every = set(list_agents())
    for game in GAMES:
        every &= set(list_agents(game))
    lines = [f"agents that play every game: {', '.join(sorted(every))}", "agents by game:"]
    for game in GAMES:
        own = [a for a in list_agents(game) if a not in every]
        lines.append(f"  {game:<15} {', '.join(own) if own else '(only the agents of every game so far)'}")
    lines.append(f"Your own agent: --agents mymodule:MyAgent (a class or factory f(*, rng) on the Python path), or "
                 f"installed under a name through the {ENTRY_POINT_GROUP!r} entry-point group.")
    lines += [f"not loaded: {reason}" for reason in broken_entry_points()]
    return "\n".join(lines)


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``match`` subcommand."""
    p = subparsers.add_parser(
        "match",
        help="play a match between agents and report mean ± 95%% CI per agent",
        description=HELP,
        epilog=agents_by_game(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", metavar="GAME", choices=list(GAMES), help="one of: " + ", ".join(GAMES))
    p.add_argument("--agents", required=True,
                   help="comma-separated agent names or module:Class paths, one per seat (e.g. call,raise)")
    p.add_argument("--deals", "--hands", dest="deals", type=positive_int, default=1000, metavar="N",
                   help="deals to play (default 1000); a deal is one shuffled deck, a hand one deal played by one "
                   "seating: a duplicate match plays each deal once per seating (--hands is an alias of --deals)")
    p.add_argument("--seed", type=seed, default=None, help="seed of the match (default: fresh, printed)")
    p.add_argument("--duplicate", action="store_true", help="replay every deal once per seating (Billings1998 §5)")
    p.add_argument("--workers", type=positive_int, default=1, help="local worker processes (default 1)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,  # the Dask backend
                   help="Dask scheduler that plays the blocks (default $BPP_SCHEDULER; holdem.match.cluster)")
    p.add_argument("--block-size", type=positive_int, default=None, help="deals per block (default 500)")
    p.add_argument("--log", metavar="FILE", default=None, help="JSON-lines hand log (never shortened): a rerun reads, extends or resumes it")
    p.add_argument("--stacks", type=_stacks, default=None, metavar="N[,N...]",  # stud table stakes (Korb1999 §6.2)
                   help="stud5 only: table stakes, chips per seat at the start of each hand (one N for every seat, "
                   "or one per seat); default: no stacks")
    p.add_argument("--model", action="append", default=[], metavar="AGENT=PATH",
                   help="start learning agent AGENT (poki, bpp, evolving, ...) from the state saved in PATH "
                   "(by --save-model or the agent's save(); e.g. learned from logs with holdem.histories.replay)")
    p.add_argument("--save-model", action="append", default=[], metavar="AGENT=PATH",
                   help="save learning agent AGENT's state to PATH after the match (plain files, never pickles)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def _pairs(values, option: str, learners: dict) -> list:
    """``AGENT=PATH`` pairs naming learning agents of this match (``ValueError`` naming a bad one)."""
    out = []
    for text in values:
        name, sep, path = text.partition("=")
        if not sep or not path:
            raise ValueError(f"{option} takes AGENT=PATH; got {text!r}")
        if name not in learners:
            raise ValueError(f"{option} {text!r}: {name!r} is not a learning agent of this match "
                             f"(learners here: {', '.join(learners) or 'none'})")
        out.append((learners[name], path))
    return out


def load_model(agent: Any, path: str | os.PathLike[str]) -> Any:
    """Load ``agent``'s learned state from ``path``: its ``load(path)`` method, or a ``load`` classmethod
    whose new player's learned attributes (names ending in ``_``) are copied over.

    ``agent`` is any agent (typed ``Any``: whether it has a ``load`` is looked up at run time); returns what its
    ``load`` method returns, or ``agent`` itself after the classmethod's copy."""
    import inspect

    method = inspect.getattr_static(type(agent), "load", None)
    if method is None:
        raise ValueError(f"agent {type(agent).__name__} has no saved state to load")
    if isinstance(method, classmethod):  # e.g. EvolvingPlayer.load(path) -> a new player
        loaded = type(agent).load(path)
        for key, value in vars(loaded).items():
            if key.endswith("_") and not key.startswith("_"):
                setattr(agent, key, value)
        return agent
    return agent.load(path)


def run(args: argparse.Namespace) -> int:
    """Play the match ``args`` describe; print the table or JSON; return 0."""
    import bpp.registry
    from holdem.match import DEFAULT_BLOCK_SIZE, play_match

    names = [a.strip() for a in args.agents.split(",")]
    if len(names) < 2 or not all(names):
        raise ValueError(f"--agents needs at least two comma-separated names; got {args.agents!r}")
    if args.deals < 2:
        raise ValueError(f"--deals must be at least 2 (a confidence interval needs two); got {args.deals}")
    bpp.registry.check_agents_play(names, args.game)  # unknown names, wrong games fail before anything starts
    stacks = getattr(args, "stacks", None)
    if stacks is not None and args.game != "stud5":
        raise ValueError(f"--stacks is for stud5 only (table stakes, Korb1999 §6.2); got game {args.game!r}")
    game = make_game(args.game, len(names), **({} if stacks is None else {"stacks": stacks}))
    seed = args.seed if args.seed is not None else int(cast(int, np.random.SeedSequence().entropy) % 2**63)
    if args.scheduler is not None:  # an unreachable scheduler fails before the match starts
        from holdem.match.cluster import connect, scheduler_address

        connect(scheduler_address(args.scheduler))
    agents = names
    if args.model or args.save_model:
        from bpp.registry import match_agents

        agents = match_agents(names, rng=seed, workers=args.workers)
        learners = {n: a.instance for n, a in zip(names, agents) if not isinstance(a, str)}
        for agent, path in _pairs(args.model, "--model", learners):
            load_model(agent, path)
        saves = _pairs(args.save_model, "--save-model", learners)
    result = play_match(  # learning agents keep one state for the match (holdem.match.runner.keep_learners)
        game,
        agents,
        args.deals,
        rng=seed,
        duplicate=args.duplicate,
        workers=args.workers,
        block_size=args.block_size or DEFAULT_BLOCK_SIZE,
        log=args.log,
        progress=not args.no_progress,
        scheduler=args.scheduler,
    )
    if args.model or args.save_model:
        for agent, path in saves:
            agent.save(path)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.table())
    sys.stdout.flush()
    return 0

"""``bpp match``: play a match between registered agents and print the results.

::

    bpp match limit-holdem --agents call,raise --hands 10000 --seed 1
    bpp match stud5 --agents random,call --hands 5000 --seed 3 --duplicate --workers 2 --json
    bpp match draw5 --agents call,raise,random,fold,call --hands 2000 --log draw.jsonl

The number of agents is the number of players.  The table gives mean ± 95 %
confidence interval per agent in the game's unit (small bets, big blinds or
betting units per hand); ``--json`` prints ``{"game", "unit", "hands",
"players": [{"name", "mean", "ci95": [lo, hi], "total", ...}]}``.  A progress
bar runs on stderr.  ``--log FILE`` streams every hand to a JSON-lines log and
resumes an interrupted match from it (same game, agents, seed and block size).

Agents that learn across hands (``bpp``; ``poki`` and ``poki-sim`` with their
specific opponent models) are kept as one instance for the whole match, as in
the papers' experiments: such matches need ``--workers 1`` and cannot use
``--log`` (the learned state is not in the log).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys

import numpy as np

from bpp.commands import positive_int

__all__ = ["GAMES", "make_game", "register", "run"]

#: Game names of the command → (class name in holdem.games, description); holdem.games.GAMES maps them.
GAMES = {
    "limit-holdem": ("LimitHoldem", "fixed-limit Texas hold'em, 2-10 players (small bets)"),
    "nolimit-holdem": ("NoLimitHoldem", "heads-up no-limit Texas hold'em, ACPC stakes (big blinds)"),
    "stud5": ("Stud5", "five-card stud, 2-8 players (betting units)"),
    "draw5": ("Draw5", "five-card draw, 2-5+ players (betting units)"),
}


def make_game(name: str, n_players: int):
    """The rule set ``name`` (a key of :data:`GAMES`) for ``n_players`` seats.

    >>> make_game("poker", 2)
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'poker'; choose one of limit-holdem, nolimit-holdem, stud5, draw5
    """
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}")
    cls = importlib.import_module("holdem.games").GAMES[name]
    try:
        return cls(n_players=n_players)
    except TypeError:  # a rule set with a fixed number of seats (heads-up no-limit)
        game = cls()
        if game.n_players != n_players:
            raise ValueError(f"{name} is played by {game.n_players} players; got {n_players} agents") from None
        return game


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer seed, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer seed, got {text!r}")
    return value


def register(subparsers) -> None:
    """Add the ``match`` subcommand."""
    p = subparsers.add_parser(
        "match",
        help="play a match between agents and report mean ± 95%% CI per agent",
        description=__doc__.split("::")[0].strip(),
    )
    p.add_argument("game", metavar="GAME", choices=list(GAMES), help="one of: " + ", ".join(GAMES))
    p.add_argument("--agents", required=True, help="comma-separated agent names, one per seat (e.g. call,raise)")
    p.add_argument("--hands", type=positive_int, default=1000, help="deals to play (default 1000)")
    p.add_argument("--seed", type=_seed, default=None, help="seed of the match (default: fresh, printed)")
    p.add_argument("--duplicate", action="store_true", help="replay every deal once per seating (seed 001 §5)")
    p.add_argument("--workers", type=positive_int, default=1, help="local worker processes (default 1)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,  # issue 14: the Dask backend
                   help="Dask scheduler that plays the blocks (default $BPP_SCHEDULER; holdem.match.cluster)")
    p.add_argument("--block-size", type=positive_int, default=None, help="deals per block (default 500)")
    p.add_argument("--log", metavar="FILE", default=None, help="JSON-lines hand log; resumes an interrupted match")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args) -> int:
    """Play the match ``args`` describe; print the table or JSON; return 0."""
    import bpp.registry  # noqa: F401 - installs the agent registry as holdem.match's resolver
    from holdem.match import DEFAULT_BLOCK_SIZE, play_match

    names = [a.strip() for a in args.agents.split(",")]
    if len(names) < 2 or not all(names):
        raise ValueError(f"--agents needs at least two comma-separated names; got {args.agents!r}")
    if args.hands < 2:
        raise ValueError(f"--hands must be at least 2 (a confidence interval needs two hands); got {args.hands}")
    for name in names:
        bpp.registry.agent_factory(name)  # unknown names fail before anything starts
    game = make_game(args.game, len(names))
    seed = args.seed if args.seed is not None else int(np.random.SeedSequence().entropy % 2**63)
    agents = bpp.registry.match_agents(names, seed=seed, workers=args.workers)
    if args.scheduler is not None:  # issue 14: an unreachable scheduler fails before the match starts
        from holdem.match.cluster import connect, scheduler_address

        connect(scheduler_address(args.scheduler))
    if args.log and not all(isinstance(a, str) for a in agents):
        raise ValueError("--log cannot resume agents that learn across hands (their learned state is not logged); drop --log")
    result = play_match(
        game,
        agents,
        args.hands,
        rng=seed,
        duplicate=args.duplicate,
        workers=args.workers,
        block_size=args.block_size or DEFAULT_BLOCK_SIZE,
        log=args.log,
        progress=not args.no_progress,
        scheduler=args.scheduler,
    )
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.table())
    sys.stdout.flush()
    return 0

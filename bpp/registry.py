"""Agents by name: the registry behind ``bpp match --agents`` and ``play_match(game, ["call", ...])``.

A factory is any callable ``factory(*, rng) -> agent`` (an agent class whose
constructor takes ``rng`` is one), or the text ``"module:attribute"`` naming
one, imported on first use so that heavy agents (pgmpy networks) cost nothing
until asked for.  Importing this module installs the registry as the agent
resolver of :mod:`holdem.match`, so names work there too.

The trivial agents of :mod:`holdem.agents` are registered as ``call``,
``raise``, ``fold`` and ``random``; later issues add ``bpp``, ``loki``,
``poki`` … here.

>>> "call" in list_agents()
True
>>> make_agent("nobody", rng=0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown agent 'nobody'; known agents: ...
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import Any

import numpy as np

from holdem.match.agents import BUILTIN_AGENTS, AgentSpec, check_agent_games, set_agent_resolver

__all__ = ["register_agent", "make_agent", "list_agents", "agent_factory", "agent_games", "check_agents_play", "match_agents"]

_NAME = re.compile(r"^[a-z][a-z0-9_\-]*$")
_registry: dict[str, Callable[..., Any] | str] = {}
_games: dict[str, tuple[str, ...] | None] = {}


def register_agent(
    name: str, factory: Callable[..., Any] | str, *, games: tuple[str, ...] | None = None, overwrite: bool = False
) -> None:
    """Register ``factory`` (a callable ``f(*, rng)`` or ``"module:attribute"``) as agent ``name``.

    ``games`` names the games the agent plays (keys of ``bpp match``'s games:
    ``"limit-holdem"``, ``"nolimit-holdem"``, ``"stud5"``, ``"draw5"``); None
    means every game (the trivial agents).

    >>> register_agent("Bad Name", "holdem.agents:AlwaysCall")
    Traceback (most recent call last):
    ...
    ValueError: The 'name' parameter of register_agent must be lower-case letters, digits, '-' or '_' starting with a letter; got 'Bad Name'.
    """
    if not isinstance(name, str) or not _NAME.match(name):
        raise ValueError(
            "The 'name' parameter of register_agent must be lower-case letters, digits, '-' or '_' "
            f"starting with a letter; got {name!r}."
        )
    if isinstance(factory, str):
        if factory.count(":") != 1:
            raise ValueError(f"The 'factory' parameter of register_agent must be 'module:attribute'; got {factory!r}.")
    elif not callable(factory):
        raise ValueError(f"The 'factory' parameter of register_agent must be callable; got {factory!r}.")
    if name in _registry and not overwrite:
        raise ValueError(f"agent {name!r} is already registered (pass overwrite=True to replace it)")
    _registry[name] = factory
    _games[name] = None if games is None else tuple(games)


def list_agents(game: str | None = None) -> list[str]:
    """Registered agent names, sorted; with ``game``, only the agents that play it.

    >>> "bpp" in list_agents("stud5"), "bpp" in list_agents("limit-holdem")
    (True, False)
    """
    return sorted(n for n in _registry if game is None or _games[n] is None or game in _games[n])


def agent_games(name: str) -> tuple[str, ...] | None:
    """The games agent ``name`` plays (None: every game).

    >>> agent_games("loki")
    ('limit-holdem',)
    """
    factory = agent_factory(name)  # unknown names fail here with the usual message
    return _games[name] if name in _games else getattr(factory, "games", None)


def check_agents_play(names, game: str) -> None:
    """Refuse, in one line naming the agents that do play ``game``, a name that does not play it.

    >>> check_agents_play(["bpp", "rules"], "stud5")
    >>> check_agents_play(["poki", "call"], "draw5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: agent 'poki' does not play draw5 (it plays limit-holdem); agents that play draw5: call, ...
    """
    check_agent_games(game, [AgentSpec(n, games=agent_games(n)) for n in names])


def agent_factory(name: str) -> Callable[..., Any]:
    """The factory registered as ``name`` (imported if it was registered as text)."""
    if isinstance(name, str) and name.startswith("openspiel:"):  # an OpenSpiel policy, openspiel:MODULE:FACTORY
        from bpp.openspiel import openspiel_factory

        return openspiel_factory(name)
    try:
        factory = _registry[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(list_agents())}") from None
    if isinstance(factory, str):
        module, attribute = factory.split(":")
        factory = getattr(importlib.import_module(module), attribute)
        _registry[name] = factory
    return factory


def make_agent(name: str, *, rng=None):
    """A new agent ``name`` with its own random stream (``rng``: None, a seed or a Generator)."""
    return agent_factory(name)(rng=np.random.default_rng(rng))


def match_agents(names, *, seed: int, workers: int = 1) -> list:
    """What :func:`holdem.match.play_match` does with registry names, made explicit (it is rarely needed).

    ``play_match(game, names, …, rng=seed)`` itself keeps every agent that
    learns across hands as one instance for the whole match
    (:func:`holdem.match.runner.keep_learners`); this returns those instances
    (wrapped in an :class:`~holdem.match.AgentSpec` keeping the name) and the
    other names unchanged, for a caller that wants to look at the learners
    after the match.  Passing the result to ``play_match`` with ``rng=seed``
    gives the same numbers as passing the names.

    >>> match_agents(["call", "random"], seed=1)
    ['call', 'random']
    >>> [a if isinstance(a, str) else type(a.instance).__name__ for a in match_agents(["bpp", "rules"], seed=1)]
    ['BPPPlayer', 'rules']
    """
    from holdem.match.agents import resolve_agent
    from holdem.match.runner import keep_learners

    specs = keep_learners(tuple(resolve_agent(n) for n in names), np.random.SeedSequence(seed))
    out = [name if spec.instance is None else spec for name, spec in zip(names, specs)]
    learners = [n for n, a in zip(names, out) if not isinstance(a, str)]
    if learners and workers != 1:
        raise ValueError(
            f"agents {', '.join(sorted(set(learners)))} learn across hands and keep one state for the whole match; "
            f"they need workers=1 (got {workers})"
        )
    return out


for _name, _attr in BUILTIN_AGENTS.items():
    register_agent(_name, f"holdem.agents:{_attr}")
set_agent_resolver(agent_factory, games=agent_games, players=list_agents)
# five-card stud, Korb1999 (Korb, Nicholson & Jitnah 1999): BPP and its two automated opponents (§5.1)
_STUD = ("stud5",)
register_agent("bpp", "bpp.stud.players.paper:BPPPlayer", games=_STUD)
register_agent("bpp-up", "bpp.stud.players.upcards:bpp_up", games=_STUD)  # §6.1: OPP_Action also conditioned on BPP's up cards
register_agent("prob", "bpp.stud.opponents.paper:ProbabilisticPlayer", games=_STUD)
register_agent("rules", "bpp.stud.opponents.paper:RuleBasedPlayer", games=_STUD)
register_agent("rules-reader", "bpp.stud.players.reference:RulesReader", games=_STUD)  # exact inference over the rules player's down card
register_agent("bpp-card", "bpp.stud.players.cardlevel:CardBPP", games=_STUD)  # §6.1/§6.3: the opponent's down card as a node
# stud opponents whose betting is not built like Figure 4's (bpp.stud.opponents.styles)
register_agent("bluffer", "bpp.stud.opponents.styles:Bluffer", games=_STUD)  # bets 40 % of its weak hands
register_agent("slowplay", "bpp.stud.opponents.styles:SlowPlayer", games=_STUD)  # checks strong hands until the last round
register_agent("loose", "bpp.stud.opponents.styles:LooseCaller", games=_STUD)  # calls at half the pot odds, never bluffs
# the rest of Korb1999 §6, one idea per variant
register_agent("bpp-linked", "bpp.stud.players.linked:LinkedBPP", games=_STUD)  # §6: arc BPP_Final -> OPP_Final (one deck)
register_agent("bpp-actions", "bpp.stud.players.actions:ActionsBPP", games=_STUD)  # §6.1: OPP_Action = pass/call/bet/raise, own open/facing curves
register_agent("bpp-bluff", "bpp.stud.players.bluff:BluffBPP", games=_STUD)  # §6.1: OPP_Bluff node learned from showdowns
register_agent("bpp-dbn", "bpp.stud.players.dbn:DBNBPP", games=_STUD)  # §6.3: one four-slice dynamic network, belief carried across rounds
# i12split: §6.1's split playing curves (bpp-actions also has BPP's own pass/bet and fold/call/raise curves)
register_agent("bpp-showing", "bpp.stud.players.showing:ShowingBPP", games=_STUD)  # §6.1: curves split on BPP's strength showing / hidden
# --- Korb1999 §6.2: BPP at a multi-seat table (bpp.stud.players.multi)
register_agent("bpp-multi", "bpp.stud.players.multi:MultiBPPPlayer", games=_STUD)  # one opponent sub-network and M_A|C per seat
register_agent("bpp-strongest", "bpp.stud.players.multi:strongest_showing", games=_STUD)  # baseline: the table as its strongest showing
# --- end §6.2
# limit hold'em, Billings1998 and Billings2002 (Loki and Poki): player A-E of Billings1998 Figure 1, Poki formula and simulation
for _name, _factory in {
    "loki": "bpp.loki.agents:LokiAgent",
    "loki-reweight": "bpp.loki.agents:loki_reweight",  # A re-weighting after every action (Billings1998b)
    "loki-showdown": "bpp.loki.agents:loki_showdown",  # A with Loki-1's river call on showdown odds
    "loki-reweight-showdown": "bpp.loki.agents:loki_reweight_showdown",  # both
    "loki-b": "bpp.loki.agents:loki_b",
    "loki-c": "bpp.loki.agents:loki_c",
    "loki-d": "bpp.loki.agents:loki_d",
    "loki-e": "bpp.loki.agents:loki_e",
    "poki": "bpp.loki.agents:PokiAgent",
    "poki-sim": "bpp.loki.agents:PokiSimAgent",
    "poki-nn": "bpp.loki.agents:poki_nn",  # Billings2002: the neural-network action predictor
    "poki-meta": "bpp.loki.agents:poki_meta",  # Billings2002: the best predictor so far, per opponent
    "poki-sim-meta": "bpp.loki.agents:poki_sim_meta",  # the simulation player with the meta choice
    "poki-sim-nn": "bpp.loki.agents:poki_sim_nn",  # the simulation player, opponents predicted by the network
    # hold'em styles for opponent-modelling experiments (Kendall2001's four styles translated)
    "maniac": "bpp.loki.opponents:maniac",
    "calling-station": "bpp.loki.opponents:calling_station",
    "rock": "bpp.loki.opponents:rock",
    "tag": "bpp.loki.opponents:tight_aggressive",
}.items():
    register_agent(_name, _factory, games=("limit-holdem",))
# five-card draw, Kendall2001 §3 (Kendall & Willdig): the four fixed styles of Tables 1-4 and the evolving player
_DRAW = ("draw5",)
for _name in ("loose-aggressive", "loose-passive", "tight-aggressive", "tight-passive"):
    register_agent(_name, f"bpp.kendall.players:{_name.replace('-', '_')}", games=_DRAW)
register_agent("evolving", "bpp.kendall.players:EvolvingPlayer", games=_DRAW)  # learns across hands, values from 10
# Local Best Response, Lisy2017 §4 Table 2: the chump that calls half the time and raises a random amount otherwise
register_agent("call-raise", "bpp.lbr.chumps:CallRaise", games=("nolimit-holdem",))
register_agent("call-raise-pot", "bpp.lbr.chumps:CallRaisePot", games=("nolimit-holdem",))  # raises up to pot size
register_agent("random-pot", "bpp.lbr.chumps:RandomPot", games=("nolimit-holdem",))  # random, raises up to pot size
register_agent("random-sizes", "bpp.lbr.chumps:RandomEverySize", games=("nolimit-holdem",))  # every raise size an action

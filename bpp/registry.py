"""bpp's agents by name: the catalogue behind ``bpp match --agents`` and ``play_match(game, ["bpp", ...])``.

:data:`AGENTS` maps each name to an :class:`~holdem.match.agents.AgentEntry`
(``"module:attribute"`` of a class or factory ``f(*, rng)``, imported on first
use so that heavy agents cost nothing until asked for, and the games it plays).
bpp's distribution declares it in the ``bpp.agents`` entry-point group
(pyproject.toml), which is where :mod:`holdem.match` finds names: importing
this module changes nothing, and no import is needed for names to work.
Other installed distributions add agents through the same group; a plug-in
that is not installed is named by its path, ``"module:Class"``.

>>> "call" in list_agents() and "bpp" in list_agents("stud5")
True
>>> make_agent("nobody", rng=0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown agent 'nobody'; tried the registered names, ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from holdem._typing import RngLike
from holdem.match.agents import AgentEntry, AgentSpec, agent_entry, check_agent_games, list_agents, register_agent

from bpp.stud_variants import STUD_VARIANTS

__all__ = ["AGENTS", "register_agent", "make_agent", "list_agents", "agent_factory", "agent_games", "check_agents_play",
           "match_agents"]


def agent_games(name: str) -> tuple[str, ...] | None:
    """The games agent ``name`` plays (None: every game).

    >>> agent_games("loki")
    ('limit-holdem',)
    """
    return agent_entry(name).games


def check_agents_play(names: Iterable[str], game: str) -> None:
    """Refuse, in one line naming the agents that do play ``game``, a name that does not play it.

    >>> check_agents_play(["bpp", "rules"], "stud5")
    >>> check_agents_play(["poki", "call"], "draw5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: agent 'poki' does not play draw5 (it plays limit-holdem); agents that play draw5: call, ...
    """
    check_agent_games(game, [AgentSpec(n, games=agent_games(n)) for n in names])


def agent_factory(name: str) -> Callable[..., Any]:
    """The factory ``f(*, rng)`` of agent ``name`` (a name or ``"module:Class"``; see :func:`holdem.match.agents.agent_entry`).

    >>> agent_factory("rules").__name__
    'RuleBasedPlayer'
    """
    factory = agent_entry(name).factory
    assert not isinstance(factory, str)  # agent_entry imports it
    return factory


def make_agent(name: str, *, rng: RngLike = None) -> Any:
    """A new agent ``name`` with its own random stream (``rng``: None, a seed or a Generator), made as a match makes it
    (:meth:`holdem.match.AgentSpec.make`: a plug-in that fails is one ValueError naming it)."""
    from holdem.match.agents import resolve_agent

    return resolve_agent(name).make(np.random.default_rng(rng))


def match_agents(names: Sequence[Any], *, rng: RngLike, workers: int = 1) -> list[Any]:
    """What :func:`holdem.match.play_match` does with registry names, made explicit (it is rarely needed).

    ``play_match(game, names, …, rng=rng)`` itself keeps every agent that
    learns across hands as one instance for the whole match
    (:func:`holdem.match.runner.keep_learners`); this returns those instances
    (wrapped in an :class:`~holdem.match.AgentSpec` keeping the name) and the
    other names unchanged, for a caller that wants to look at the learners
    after the match.  Passing the result to ``play_match`` with the same
    ``rng`` (a seed or a ``SeedSequence``: a ``Generator`` is drawn from on
    each use) gives the same numbers as passing the names.  ``names`` may hold
    anything ``play_match`` takes as an agent (a registry name, a factory, an
    ``AgentSpec``).

    >>> match_agents(["call", "random"], rng=1)
    ['call', 'random']
    >>> [a if isinstance(a, str) else type(a.instance).__name__ for a in match_agents(["bpp", "rules"], rng=1)]
    ['BPPPlayer', 'rules']
    """
    from holdem.checks import seed_sequence
    from holdem.match.agents import resolve_agent
    from holdem.match.runner import keep_learners

    specs = keep_learners(tuple(resolve_agent(n) for n in names), seed_sequence(rng, "match_agents"))
    out = [name if spec.instance is None else spec for name, spec in zip(names, specs)]
    learners = [n for n, a in zip(names, out) if not isinstance(a, str)]
    if learners and workers != 1:
        raise ValueError(
            f"agents {', '.join(sorted(set(learners)))} learn across hands and keep one state for the whole match; "
            f"they need workers=1 (got {workers})"
        )
    return out


#: Every agent of bpp by name (the ``bpp.agents`` entry point ``bpp-poker`` of pyproject.toml points here).
AGENTS: dict[str, AgentEntry] = {}
# five-card stud, Korb1999 (Korb, Nicholson & Jitnah 1999): BPP and its two automated opponents (§5.1)
_STUD = ("stud5",)
# Figure 1 and its §6 network variants: one line each in bpp.stud_variants (strings, so this stays light)
AGENTS.update({_v.agent: AgentEntry(_v.player, _STUD) for _v in STUD_VARIANTS.values()})
AGENTS["prob"] = AgentEntry("bpp.stud.opponents.paper:ProbabilisticPlayer", _STUD)
AGENTS["rules"] = AgentEntry("bpp.stud.opponents.paper:RuleBasedPlayer", _STUD)
AGENTS["rules-reader"] = AgentEntry("bpp.stud.players.reference:RulesReader", _STUD)  # exact inference over the rules player's down card
AGENTS["bpp-card"] = AgentEntry("bpp.stud.players.cardlevel:CardBPP", _STUD)  # §6.1/§6.3: the opponent's down card as a node
# stud opponents whose betting is not built like Figure 4's (bpp.stud.opponents.styles)
AGENTS["bluffer"] = AgentEntry("bpp.stud.opponents.styles:Bluffer", _STUD)  # bets 40 % of its weak hands
AGENTS["slowplay"] = AgentEntry("bpp.stud.opponents.styles:SlowPlayer", _STUD)  # checks strong hands until the last round
AGENTS["loose"] = AgentEntry("bpp.stud.opponents.styles:LooseCaller", _STUD)  # calls at half the pot odds, never bluffs
# --- Korb1999 §6.2: BPP at a multi-seat table (bpp.stud.players.multi)
AGENTS["bpp-multi"] = AgentEntry("bpp.stud.players.multi:MultiBPPPlayer", _STUD)  # one opponent sub-network and M_A|C per seat
AGENTS["bpp-strongest"] = AgentEntry("bpp.stud.players.multi:strongest_showing", _STUD)  # baseline: the table as its strongest showing
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
    AGENTS[_name] = AgentEntry(_factory, ("limit-holdem",))
# five-card draw, Kendall2001 §3 (Kendall & Willdig): the four fixed styles of Tables 1-4 and the evolving player
_DRAW = ("draw5",)
for _name in ("loose-aggressive", "loose-passive", "tight-aggressive", "tight-passive"):
    AGENTS[_name] = AgentEntry(f"bpp.kendall.players:{_name.replace('-', '_')}", _DRAW)
AGENTS["evolving"] = AgentEntry("bpp.kendall.players:EvolvingPlayer", _DRAW)  # learns across hands, values from 10
# Local Best Response, Lisy2017 §4 Table 2: the chump that calls half the time and raises a random amount otherwise
AGENTS["call-raise"] = AgentEntry("bpp.lbr.chumps:CallRaise", ("nolimit-holdem",))
AGENTS["call-raise-pot"] = AgentEntry("bpp.lbr.chumps:CallRaisePot", ("nolimit-holdem",))  # raises up to pot size
AGENTS["random-pot"] = AgentEntry("bpp.lbr.chumps:RandomPot", ("nolimit-holdem",))  # random, raises up to pot size
AGENTS["random-sizes"] = AgentEntry("bpp.lbr.chumps:RandomEverySize", ("nolimit-holdem",))  # every raise size an action
# a family of names: "openspiel:MODULE:FACTORY" is the OpenSpiel policy FACTORY() of MODULE, played through the bridge
# (bpp.openspiel.openspiel_factory(name) makes its factory; the games it plays are its policy's game)
AGENTS["openspiel:"] = AgentEntry("bpp.openspiel:openspiel_factory")

"""How a match turns its ``agents`` argument into agents: names, factories, instances.

An entry of ``agents`` may be

* a **name** (``"call"``): looked up by the agent resolver.  The engine itself
  knows the trivial agents of :mod:`holdem.agents` (``call``, ``raise``,
  ``fold``, ``random``); :mod:`bpp.registry` installs its registry as the
  resolver when imported (``holdem`` never imports ``bpp``: imports run one way),
  so every agent registered there (``bpp``, ``loki``, ``poki`` …) works by name;
* a **factory**: any callable ``factory(rng=generator) -> agent`` (an agent
  class taking ``rng`` in its constructor is one; a class whose constructor
  takes no arguments is accepted too);
* an **agent instance** (an object with ``act``).

Names and factories make a *fresh agent for every block* from that block's own
random stream, so blocks are independent: the result depends on the seed only,
not on the number of worker processes, and a resumed match replays exactly.
An instance is the same object for the whole match (learning agents keep what
they learn from block to block); that needs ``workers=1``, and the result is
reproducible only if the agent seeds itself.

>>> resolve_agent(42)
Traceback (most recent call last):
...
ValueError: The 'agents' parameter of play_match takes names, factories or agents; got 42.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["AgentSpec", "resolve_agent", "set_agent_resolver", "check_agent_games", "BUILTIN_AGENTS"]

#: The trivial agents of :mod:`holdem.agents`, by the names the registry gives them.
BUILTIN_AGENTS = {"call": "AlwaysCall", "raise": "AlwaysRaise", "fold": "AlwaysFold", "random": "UniformRandom"}

_resolver: Callable[[str], Callable[..., Any]] | None = None
_games_of: Callable[[str], tuple[str, ...] | None] | None = None
_players_of: Callable[[str], list[str]] | None = None


def set_agent_resolver(
    resolver: Callable[[str], Callable[..., Any]] | None,
    *,
    games: Callable[[str], tuple[str, ...] | None] | None = None,
    players: Callable[[str], list[str]] | None = None,
) -> None:
    """Install the function that maps an agent name to its factory (``bpp.registry`` does).

    ``games(name)`` gives the games a named agent plays (None: every game) and
    ``players(game)`` the names that play a game; with them a match refuses an
    agent in a game it does not play (:func:`check_agent_games`).
    """
    global _resolver, _games_of, _players_of
    _resolver, _games_of, _players_of = resolver, games, players


def check_agent_games(game_name: str, specs) -> None:
    """Refuse, in one line, agents that do not play ``game_name`` (their ``games`` does not name it).

    >>> check_agent_games("stud5", [AgentSpec("loki", games=("limit-holdem",))])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: agent 'loki' does not play stud5 (it plays limit-holdem)...
    """
    for spec in specs:
        if spec.games is not None and game_name not in spec.games:
            known = _players_of(game_name) if _players_of is not None else None
            raise ValueError(
                f"agent {spec.name!r} does not play {game_name} (it plays {', '.join(spec.games)})"
                + (f"; agents that play {game_name}: {', '.join(known)}" if known else "")
            )


def _builtin(name: str):
    if name not in BUILTIN_AGENTS:
        raise ValueError(
            f"unknown agent {name!r}; the engine knows {', '.join(sorted(BUILTIN_AGENTS))} "
            "(import bpp.registry for the agents of bpp)"
        )
    return getattr(importlib.import_module("holdem.agents"), BUILTIN_AGENTS[name])


@dataclass(frozen=True)
class AgentSpec:
    """A resolved entry of ``agents``: its display name and either a factory or an instance."""

    name: str
    factory: Callable[..., Any] | None = None
    instance: Any = None
    #: The games the agent plays (None: any game), from the registry or the class's ``games`` attribute.
    games: tuple[str, ...] | None = None

    def make(self, rng):
        """The agent for one block (the instance itself, or a fresh one from the factory)."""
        if self.instance is not None:
            return self.instance
        agent = self.factory(rng=rng)
        if not callable(getattr(agent, "act", None)):
            raise ValueError(f"agent {self.name!r}: its factory returned {type(agent).__name__} {agent!r:.40}, not an agent "
                             "(an object with act(observation))")
        return agent


def _without_rng(cls, rng):
    """Make an agent whose constructor takes no ``rng`` (module level, so worker processes can run it)."""
    return cls()


def _rng_factory(factory, name: str):
    """``factory`` as a callable ``f(rng=...)``: a class whose constructor takes no arguments is accepted as is.

    >>> class Plain:
    ...     def act(self, observation): ...
    >>> type(_rng_factory(Plain, "Plain")(rng=None)).__name__
    'Plain'
    >>> class Needs:
    ...     def __init__(self, size): ...
    >>> _rng_factory(Needs, "Needs")
    Traceback (most recent call last):
    ...
    ValueError: agent 'Needs' cannot be made by the match: its constructor must take no arguments or rng=...; it takes (size)
    """
    import functools
    import inspect

    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):  # builtins without a signature: trust them
        return factory
    if "rng" in params or any(p.kind == p.VAR_KEYWORD for p in params.values()):
        return factory
    required = [p.name for p in params.values() if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if required:
        raise ValueError(
            f"agent {name!r} cannot be made by the match: its constructor must take no arguments or rng=...; "
            f"it takes ({', '.join(required)})"
        )
    return functools.partial(_without_rng, factory)


def resolve_agent(spec) -> AgentSpec:
    """Turn one entry of ``agents`` into an :class:`AgentSpec` (see the module docstring)."""
    if isinstance(spec, AgentSpec):
        return spec
    if isinstance(spec, str):
        factory = _resolver(spec) if _resolver is not None else _builtin(spec)
        return AgentSpec(spec, factory=factory, games=_games_of(spec) if _games_of is not None else None)
    games = getattr(spec, "games", None)
    games = tuple(games) if isinstance(games, (tuple, list)) else None
    if isinstance(spec, type) and not callable(getattr(spec, "act", None)):
        raise ValueError(f"The 'agents' parameter of play_match takes names, factories or agents; got the class "
                         f"{spec.__name__!r}, which has no act method.")
    if isinstance(spec, type) or (callable(spec) and not hasattr(spec, "act")):
        name = getattr(spec, "name", None)
        if not isinstance(name, str):
            name = getattr(spec, "__name__", None) or type(spec).__name__
        return AgentSpec(name, factory=_rng_factory(spec, name), games=games)
    if hasattr(spec, "act"):
        name = getattr(spec, "name", None)
        return AgentSpec(name if isinstance(name, str) else type(spec).__name__, instance=spec, games=games)
    raise ValueError(f"The 'agents' parameter of play_match takes names, factories or agents; got {spec!r}.")

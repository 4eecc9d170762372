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

from holdem.match.agents import BUILTIN_AGENTS, set_agent_resolver

__all__ = ["register_agent", "make_agent", "list_agents", "agent_factory"]

_NAME = re.compile(r"^[a-z][a-z0-9_\-]*$")
_registry: dict[str, Callable[..., Any] | str] = {}


def register_agent(name: str, factory: Callable[..., Any] | str, *, overwrite: bool = False) -> None:
    """Register ``factory`` (a callable ``f(*, rng)`` or ``"module:attribute"``) as agent ``name``.

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


def list_agents() -> list[str]:
    """Registered agent names, sorted."""
    return sorted(_registry)


def agent_factory(name: str) -> Callable[..., Any]:
    """The factory registered as ``name`` (imported if it was registered as text)."""
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


for _name, _attr in BUILTIN_AGENTS.items():
    register_agent(_name, f"holdem.agents:{_attr}")
set_agent_resolver(agent_factory)
# five-card stud, seed 002 (Korb, Nicholson & Jitnah 1999): BPP and its two automated opponents (§5.1)
register_agent("bpp", "bpp.stud.player:BPPPlayer")
register_agent("prob", "bpp.stud.opponents:ProbabilisticPlayer")
register_agent("rules", "bpp.stud.opponents:RuleBasedPlayer")
# limit hold'em, seeds 001 and 000 (Loki and Poki): player A-E of 001 Figure 1, Poki formula and simulation
for _name, _factory in {
    "loki": "bpp.loki.agents:LokiAgent",
    "loki-b": "bpp.loki.agents:loki_b",
    "loki-c": "bpp.loki.agents:loki_c",
    "loki-d": "bpp.loki.agents:loki_d",
    "loki-e": "bpp.loki.agents:loki_e",
    "poki": "bpp.loki.agents:PokiAgent",
    "poki-sim": "bpp.loki.agents:PokiSimAgent",
}.items():
    register_agent(_name, _factory)

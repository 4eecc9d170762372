"""How a match turns its ``agents`` argument into agents: names, factories, instances.

An entry of ``agents`` may be

* a **name** (``"call"``, ``"bpp"``): looked up in one place, :func:`agent_entry`, which tries
  in turn the names registered in this process (:func:`register_agent`), the trivial agents of
  :mod:`holdem.agents` (``call``, ``raise``, ``fold``, ``random``) and the agents installed
  distributions declare in the ``bpp.agents`` entry-point group (:data:`ENTRY_POINT_GROUP`;
  bpp's own come that way, so they need no import: ``holdem`` never imports ``bpp``);
* a **path** ``"module:attribute"`` naming an agent class or factory, imported on use (a
  plug-in that is not installed as a distribution: ``bpp match … --agents mymodule:MyAgent``);
* a **family name** ``"prefix:rest"`` whose prefix a catalogue declares (a key ending in
  ``:``, see :func:`agent_entry`): bpp's ``openspiel:MODULE:FACTORY`` names an OpenSpiel
  policy played through bpp's bridge;
* a **factory**: any callable ``factory(rng=generator) -> agent`` (an agent
  class taking ``rng`` in its constructor is one; a class whose constructor
  takes no arguments is accepted too);
* an **agent instance** (an object with ``act``).

An entry point of the group names one agent (its name is the agent's name, its
object an agent class or factory; the games it plays are that object's
``games``, see :class:`holdem.play.Capabilities`) or a catalogue: a mapping from
agent names to :class:`AgentEntry` (bpp's ``bpp.registry:AGENTS``)::

    [project.entry-points."bpp.agents"]
    pair-raiser = "myagents:PairRaiser"

A catalogue key that ends in ``:`` declares a *family* of names: its entry's
``factory`` is a resolver ``resolver(name) -> factory`` (or ``"module:function"``
naming one) that every name starting with that prefix goes to
(:func:`register_agent` takes such a prefix too).

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
>>> agent_entry("holdem.agents:AlwaysCall").factory.__name__
'AlwaysCall'
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any, NamedTuple

__all__ = [
    "AgentEntry",
    "AgentSpec",
    "BUILTIN_AGENTS",
    "ENTRY_POINT_GROUP",
    "agent_entry",
    "check_agent_games",
    "list_agents",
    "register_agent",
    "resolve_agent",
]

#: The trivial agents of :mod:`holdem.agents`, by the names the registry gives them.
BUILTIN_AGENTS = {"call": "AlwaysCall", "raise": "AlwaysRaise", "fold": "AlwaysFold", "random": "UniformRandom"}
#: The entry-point group through which installed distributions name their agents.
ENTRY_POINT_GROUP = "bpp.agents"

_NAME = re.compile(r"^[a-z][a-z0-9_\-]*$")


class AgentEntry(NamedTuple):
    """One named agent: how to make it and the games it plays.

    ``factory`` is a callable ``factory(*, rng) -> agent`` (an agent class taking
    ``rng`` is one) or the text ``"module:attribute"`` naming one, imported on
    first use so that heavy agents cost nothing until asked for.  ``games``
    names the games it plays (``holdem.games.GAMES`` names); None: every game.
    """

    factory: Callable[..., Any] | str
    games: tuple[str, ...] | None = None


_registered: dict[str, AgentEntry] = {}


def register_agent(
    name: str, factory: Callable[..., Any] | str, *, games: Iterable[str] | None = None, overwrite: bool = False
) -> None:
    """Name an agent for this process (installed packages use the ``bpp.agents`` entry points instead).

    Parameters
    ----------
    name : str
        Lower-case letters, digits, ``-`` or ``_``, starting with a letter; ending in ``:``, a
        family prefix (every name ``prefix:rest`` is then made by ``factory(name)``).
    factory : callable or str
        ``factory(*, rng) -> agent`` (an agent class), or ``"module:attribute"`` naming one;
        for a family prefix, the resolver ``factory(name) -> agent factory``.
    games : iterable of str, optional
        The games it plays (``"limit-holdem"``, ``"nolimit-holdem"``, ``"stud5"``, ``"draw5"``);
        None: every game.
    overwrite : bool
        Replace an agent registered under ``name`` before.

    Examples
    --------
    >>> register_agent("Bad Name", "holdem.agents:AlwaysCall")
    Traceback (most recent call last):
    ...
    ValueError: The 'name' parameter of register_agent must be lower-case letters, digits, '-' or '_' starting with a letter; got 'Bad Name'.
    """
    if not isinstance(name, str) or not _NAME.match(name.removesuffix(":")):
        raise ValueError(
            "The 'name' parameter of register_agent must be lower-case letters, digits, '-' or '_' "
            f"starting with a letter; got {name!r}."
        )
    if isinstance(factory, str):
        if factory.count(":") != 1:
            raise ValueError(f"The 'factory' parameter of register_agent must be 'module:attribute'; got {factory!r}.")
    elif not callable(factory):
        raise ValueError(f"The 'factory' parameter of register_agent must be callable; got {factory!r}.")
    if name in _registered and not overwrite:
        raise ValueError(f"agent {name!r} is already registered (pass overwrite=True to replace it)")
    _registered[name] = AgentEntry(factory, None if games is None else tuple(games))


def _import_path(path: str, what: str) -> Any:
    """The object ``"module:attribute"`` names; a failure is one ValueError naming ``what`` and the cause."""
    module_name, _, attribute = path.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"{what}: {path!r} is not 'module:attribute'")
    try:
        module = importlib.import_module(module_name)
    except Exception as err:  # the plug-in's own failure, reported in one line
        raise ValueError(f"{what}: cannot import {module_name!r} ({type(err).__name__}: {err})") from None
    obj: Any = module
    for part in attribute.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise ValueError(f"{what}: module {module_name!r} has no attribute {attribute!r}") from None
    return obj


def _games_of(obj: Any) -> tuple[str, ...] | None:
    games = getattr(obj, "games", None)
    return tuple(games) if isinstance(games, (tuple, list)) else None


def _entry_of(value: Any, what: str) -> AgentEntry:
    """A catalogue value or a plug-in object as an :class:`AgentEntry`."""
    if isinstance(value, AgentEntry):
        return value
    if isinstance(value, str):
        return AgentEntry(value)
    if callable(value):
        return AgentEntry(value, _games_of(value))
    raise ValueError(f"{what}: not an agent class, factory or AgentEntry; got {value!r}")


class _Installed(NamedTuple):
    agents: dict[str, list[tuple[str, AgentEntry]]]  # name (or "prefix:") -> [(where, entry)], more than one is ambiguous
    failed: dict[str, str]  # entry point -> the one-line reason it did not load


_installed_cache: dict[tuple[str, ...], _Installed] = {}


def _describe(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    return f"{ENTRY_POINT_GROUP} entry point {ep.name!r} ({ep.value}" + (f", from {dist.name})" if dist else ")")


def _installed() -> _Installed:
    """Every agent the installed distributions declare (loaded once per ``sys.path``)."""
    key = tuple(sys.path)
    if key in _installed_cache:
        return _installed_cache[key]
    found = _Installed({}, {})
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        where = _describe(ep)
        try:
            obj = ep.load()
            if isinstance(obj, Mapping):
                pairs = [(str(name), _entry_of(value, f"{where}, agent {name!r}")) for name, value in obj.items()]
            else:
                pairs = [(ep.name, _entry_of(obj, where))]
        except Exception as err:  # a broken plug-in must not hide the others: reported when it matters
            found.failed[ep.name] = f"{where} failed to load: {type(err).__name__}: {err}"
            continue
        for name, entry in pairs:
            found.agents.setdefault(name, []).append((where, entry))
    _installed_cache[key] = found
    return found


def agent_entry(name: str) -> AgentEntry:
    """The agent ``name`` names, its factory imported: a registered, built-in or installed name, or a path.

    Parameters
    ----------
    name : str
        An agent name (see :func:`list_agents`) or ``"module:attribute"``.

    Returns
    -------
    AgentEntry
        With ``factory`` a callable ``factory(*, rng)``.

    Raises
    ------
    ValueError
        One line: the name resolves to nothing (saying what was tried), a path
        or an entry point fails to import (saying why), or two installed
        distributions declare the name.

    Examples
    --------
    >>> agent_entry("call").factory.__name__, agent_entry("call").games
    ('AlwaysCall', None)
    >>> agent_entry("nobody")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown agent 'nobody'; tried the registered names, the built-in agents (...), ...
    """
    if not isinstance(name, str):
        raise ValueError(f"an agent name must be text; got {name!r}")
    if ":" in name:
        family = _family(name.partition(":")[0] + ":")
        if family is None:
            obj = _import_path(name, f"agent {name!r}")
            return _entry_of(obj, f"agent {name!r}")
        resolve = family.factory
        if isinstance(resolve, str):
            resolve = _import_path(resolve, f"agent {name!r}")
        return _entry_of(resolve(name), f"agent {name!r}")
    if name in _registered:
        entry = _registered[name]
    elif name in BUILTIN_AGENTS:
        entry = AgentEntry(getattr(importlib.import_module("holdem.agents"), BUILTIN_AGENTS[name]))
    else:
        installed = _installed()
        if name in installed.failed and name not in installed.agents:
            raise ValueError(installed.failed[name])
        if name not in installed.agents:
            groups = installed.failed.values()
            raise ValueError(
                f"unknown agent {name!r}; tried the registered names, the built-in agents "
                f"({', '.join(sorted(BUILTIN_AGENTS))}), the {ENTRY_POINT_GROUP!r} entry points "
                + (f"({len(installed.agents)} agents)" if installed.agents else
                   "(none installed: is bpp-poker installed? pip install -e .)")
                + "".join(f"; {reason}" for reason in groups)
                + f"; known agents: {', '.join(list_agents())}; a plug-in is named 'module:Class'"
            )
        (where, entry), *others = installed.agents[name]
        if others:
            raise ValueError(f"agent {name!r} is declared twice: by the {where} and the {others[0][0]}")
    if isinstance(entry.factory, str):
        entry = AgentEntry(_import_path(entry.factory, f"agent {name!r}"), entry.games)
    return entry


def _family(prefix: str) -> AgentEntry | None:
    """The entry declaring the family of names ``prefix`` (registered first, then installed), or None."""
    if prefix in _registered:
        return _registered[prefix]
    found = _installed().agents.get(prefix) if _NAME.match(prefix[:-1]) else None
    if not found:
        return None
    (where, entry), *others = found
    if others:
        raise ValueError(f"agent prefix {prefix!r} is declared twice: by the {where} and the {others[0][0]}")
    return entry


def list_agents(game: str | None = None) -> list[str]:
    """Every agent name, sorted; with ``game``, only the agents that play it.

    The registered names, the built-in agents and those of the ``bpp.agents``
    entry points (an entry point that fails to load is left out; naming its
    agent reports why).

    >>> "call" in list_agents("draw5")
    True
    """
    entries = {name: AgentEntry("", None) for name in BUILTIN_AGENTS}
    entries |= {name: found[0][1] for name, found in _installed().agents.items()}
    entries |= _registered
    return sorted(n for n, e in entries.items()
                  if not n.endswith(":") and (game is None or e.games is None or game in e.games))


def broken_entry_points() -> list[str]:
    """One line per ``bpp.agents`` entry point that failed to load (for listings)."""
    return sorted(_installed().failed.values())


def check_agent_games(game_name: str, specs: Iterable[AgentSpec]) -> None:
    """Refuse, in one line, agents that do not play ``game_name`` (their ``games`` does not name it).

    >>> check_agent_games("stud5", [AgentSpec("loki", games=("limit-holdem",))])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: agent 'loki' does not play stud5 (it plays limit-holdem); agents that play stud5: ...
    """
    for spec in specs:
        if spec.games is not None and game_name not in spec.games:
            raise ValueError(
                f"agent {spec.name!r} does not play {game_name} (it plays {', '.join(spec.games)}); "
                f"agents that play {game_name}: {', '.join(list_agents(game_name))}"
            )


@dataclass(frozen=True)
class AgentSpec:
    """A resolved entry of ``agents``: its display name and either a factory or an instance."""

    name: str
    factory: Callable[..., Any] | None = None
    instance: Any = None
    #: The games the agent plays (None: any game), from the registry or the class's ``games`` attribute.
    games: tuple[str, ...] | None = None

    def make(self, rng: Any) -> Any:
        """The agent for one block (the instance itself, or a fresh one from the factory).

        A plug-in's factory (not :data:`LIBRARY_PACKAGES` code) that raises is
        refused as a ValueError naming the agent, its cause chained.
        """
        if self.instance is not None:
            return self.instance
        assert self.factory is not None, "an AgentSpec holds a factory or an instance"
        try:
            agent = self.factory(rng=rng)
        except Exception as err:
            if _library_code(self.factory):
                raise  # a ValueError names the bad value already; anything else is a bug of the library
            raise _plugin_error(self.name, err) from err
        if not callable(getattr(agent, "act", None)):
            raise ValueError(f"agent {self.name!r}: its factory returned {type(agent).__name__} {agent!r:.40}, not an agent "
                             "(an object with act(observation))")
        return agent


#: The packages of this distribution.  A factory of theirs that raises anything but a ValueError when a match
#: makes an agent is a bug of the library; any other factory (a plug-in: ``module:Class``, another
#: distribution's entry point, a callable passed in) failing is the plug-in's failure, refused in one line.
LIBRARY_PACKAGES = ("holdem", "bpp")


def _library_code(factory: Callable[..., Any]) -> bool:
    """Whether ``factory`` (a class or function; a no-``rng`` class wrapped by :func:`_rng_factory`) is this library's."""
    import functools

    while isinstance(factory, functools.partial):
        factory = factory.args[0] if factory.func is _without_rng and factory.args else factory.func
    module = getattr(factory, "__module__", None) or type(factory).__module__
    return str(module).partition(".")[0] in LIBRARY_PACKAGES


def _plugin_error(name: str, err: Exception, *, playing: bool = False) -> ValueError:
    """The one-line error of agent ``name`` whose plug-in code raised ``err`` while the agent was made (chain it).

    With ``playing=True``, while it played (its ``act``, ``observe``, ``action_probabilities``, …): a
    ``ValueError`` of its own is then named too, as any other exception (it says nothing about the agent's settings).

    >>> str(_plugin_error("mine:make", RuntimeError("no model file\\nin ./models")))
    "agent 'mine:make' could not be made: its code raised RuntimeError: no model file"
    >>> str(_plugin_error("mine:make", ValueError("size must be positive")))
    "agent 'mine:make' could not be made: size must be positive"
    >>> str(_plugin_error("mine:Agent", ValueError("bad table"), playing=True))
    "agent 'mine:Agent' failed while playing: its code raised ValueError: bad table"
    """
    cause = str(err) if isinstance(err, ValueError) and not playing else \
        f"its code raised {type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}"
    return ValueError(f"agent {name!r} {'failed while playing' if playing else 'could not be made'}: {cause}")


def _without_rng(cls: Callable[[], Any], rng: Any) -> Any:
    """Make an agent whose constructor takes no ``rng`` (module level, so worker processes can run it)."""
    return cls()


def _rng_factory(factory: Callable[..., Any], name: str) -> Callable[..., Any]:
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


def resolve_agent(spec: Any) -> AgentSpec:
    """Turn one entry of ``agents`` into an :class:`AgentSpec` (see the module docstring)."""
    if isinstance(spec, AgentSpec):
        return spec
    if isinstance(spec, str):
        entry = agent_entry(spec)
        assert not isinstance(entry.factory, str)  # agent_entry imports it
        return AgentSpec(spec, factory=_rng_factory(entry.factory, spec), games=entry.games)
    games = _games_of(spec)
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

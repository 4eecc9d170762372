"""The one hand driver and the agent protocol.

Every hand in bpp is played by :class:`HandDriver`: the match runner, Local
Best Response, Kendall's training tables, the experiments, the explorer, the
play page, the environments and the ACPC client.  The driver

1. tells every seated agent ``new_hand(seat)``,
2. tells every agent (and ``on_event``) each public :class:`~holdem.games.base.Event`
   of ``state.history`` as it happens — the deal, every action, every card
   dealt face up, every card shown at showdown — before anyone acts on it,
3. tells ``on_turn(seat)`` that a seat is to act, asks the agent of the seat
   to act ``act(observation)``, calls ``on_decision(seat, observation, action)``
   and applies the action,
4. when the hand is over, tells every agent ``end_hand()``.

A seat whose agent is ``None`` is played *from outside* (inverted control: a
human on the play page, the environment's caller, the ACPC server, LBR's own
seat): the driver stops with :attr:`HandDriver.pending` set to that seat and
resumes when :meth:`HandDriver.step` is given its action.  :func:`play_hand`
is the simple loop for hands where every seat has an agent.

What an agent is, and what it may declare about itself, is stated here once:
:class:`AgentProtocol` (the methods) and :class:`Capabilities` (the declared
capabilities, read by :func:`capabilities`).  :class:`holdem.agents.Agent` is
the base class that implements the protocol with no-op hooks.

>>> import numpy as np
>>> from holdem.agents import AlwaysCall, AlwaysRaise
>>> from holdem.games import LimitHoldem
>>> state = play_hand(LimitHoldem().new_hand(np.arange(52), ranks=[1, 2]), [AlwaysRaise(), AlwaysCall()])
>>> state.payoffs
array([-14,  14])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

from holdem.games.base import Action, Event, GameState, Observation

_F = TypeVar("_F", bound=Callable[..., Any])
_S = TypeVar("_S", bound=GameState)

__all__ = ["AgentProtocol", "Capabilities", "capabilities", "HandDriver", "play_hand", "noop_hook", "default_policy"]


@runtime_checkable
class AgentProtocol(Protocol):
    """What the hand driver asks of an agent: only :meth:`act`; the rest is optional.

    Optional methods, called when present (the no-op hooks of
    :class:`holdem.agents.Agent`, marked with :func:`noop_hook`, are skipped):

    ``new_hand(seat)``
        A new hand starts with this agent in ``seat``.
    ``observe(event)``
        Every public event of the hand, in order, before the agent acts on it.
    ``end_hand()``
        The hand is over and every event of it has been observed (learning
        agents settle what they learned from it here).
    ``action_probabilities(observation) -> {Action: p}``
        The agent's policy at a decision (its *stated policy*: declare
        ``states_policy = True``; Local Best Response needs it).
    ``holdings_action_probabilities(observation, holdings) -> (n_holdings, n_legal)``
        That policy for every candidate private holding at once (Lisy2017 §3).
    ``reset()``
        Forget everything learned.

    What an agent declares about itself is :class:`Capabilities`.

    >>> from holdem.agents import AlwaysCall
    >>> isinstance(AlwaysCall(), AgentProtocol), isinstance(object(), AgentProtocol)
    (True, False)
    """

    def act(self, observation: Observation) -> Action: ...


@dataclass(frozen=True)
class Capabilities:
    """Everything an agent may declare about itself, in one place, with the defaults of an undeclared agent.

    An agent declares a capability as a class attribute (or a property, when it
    depends on the instance's parameters) of the same name; :func:`capabilities`
    reads them.  Nothing else in bpp looks for ad-hoc attributes on agents.

    Attributes
    ----------
    games : tuple of str or None
        The games the agent plays (``holdem.games.GAMES`` names); None: every game.
        The registry's ``register_agent(..., games=...)`` states the same for named agents.
    learns_across_hands : bool
        The agent learns from hand to hand (BPP's M_A|C, Korb1999 §5.2; Poki's
        opponent models, Billings2002 §5; Kendall2001's evolving player), so a
        match keeps one instance for the whole match.
    trusted_actions : bool
        The agent promises to answer only legal actions, so the driver may use
        the engine's unchecked fast path.  Not inherited: a subclass (which may
        change ``act``) must promise it again in its own class body.
    states_policy : bool
        ``action_probabilities`` (and ``holdings_action_probabilities``) state
        the agent's real policy, the distribution its ``act`` samples from.
        Local Best Response and the framework bridges refuse agents without it.
        Undeclared, it is true when the agent overrides either method of the
        base class (whose one-hot of a sampled action is no policy).
    policy_ignores_cards : bool
        The stated policy does not depend on the agent's private cards, so
        ``holdings_action_probabilities`` asks once and repeats the row.
    multi_seat : bool
        The agent plays tables of more than two seats (True unless declared:
        most of Korb1999's BPP players are heads-up only and say so).

    act_batch : bool
        The agent has ``act_batch(batch_observation)``: it answers the action
        kinds (0 fold, 1 check/call, 2 bet/raise) of every row of a
        :class:`~holdem.games.batched.BatchObservation` at once, exactly what
        ``act`` answers for each row.  A match plays on the batched engine
        (:mod:`holdem.match.batched`) when every agent has it and none needs
        ``observe``, ``new_hand`` or ``end_hand``.  Read from the method itself
        (a class may set ``act_batch = None`` to withdraw an inherited one).

    >>> from holdem.agents import AlwaysCall
    >>> capabilities(AlwaysCall())
    Capabilities(games=None, learns_across_hands=False, trusted_actions=True, states_policy=True, policy_ignores_cards=True, multi_seat=True, act_batch=True)
    """

    games: tuple[str, ...] | None = None
    learns_across_hands: bool = False
    trusted_actions: bool = False
    states_policy: bool = False
    policy_ignores_cards: bool = False
    multi_seat: bool = True
    act_batch: bool = False


_FIELDS = tuple(f.name for f in fields(Capabilities))


def capabilities(agent: object) -> Capabilities:
    """The :class:`Capabilities` ``agent`` declares (defaults for what it does not).

    >>> capabilities(object()).trusted_actions
    False
    >>> from holdem.agents import Agent
    >>> class Coin(Agent):
    ...     def action_probabilities(self, observation):
    ...         return {a: 1 / len(observation.legal) for a in observation.legal}
    >>> capabilities(Agent()).states_policy, capabilities(Coin()).states_policy
    (False, True)
    """
    values = {name: getattr(agent, name, getattr(Capabilities, name)) for name in _FIELDS}
    values["trusted_actions"] = bool(type(agent).__dict__.get("trusted_actions", False))
    declared = getattr(agent, "states_policy", None)
    if not isinstance(declared, bool):
        cls = type(agent)
        declared = any(getattr(cls, hook, None) is not None and not getattr(getattr(cls, hook), "default_policy", False)
                       for hook in ("action_probabilities", "holdings_action_probabilities"))
    values["states_policy"] = declared
    values["act_batch"] = _acts_in_batches(type(agent)) and callable(getattr(agent, "act_batch", None))
    games = values["games"]
    values["games"] = None if games is None else tuple(games)
    return Capabilities(**values)


def default_policy(func: _F) -> _F:
    """Mark a base class's policy method as no stated policy (:attr:`Capabilities.states_policy` infers from it)."""
    setattr(func, "default_policy", True)
    return func


def _acts_in_batches(cls: type) -> bool:
    """Whether ``act_batch`` is defined no higher up the class tree than ``act`` (a subclass that changes
    ``act`` does not inherit its base's batched decisions)."""
    def owner(name: str) -> type | None:
        return next((k for k in cls.__mro__ if name in k.__dict__), None)

    act_owner, batch_owner = owner("act"), owner("act_batch")
    return batch_owner is not None and (act_owner is None or issubclass(batch_owner, act_owner))


def noop_hook(func: _F) -> _F:
    """Mark a base class's hook as doing nothing, so the driver does not call it (one call fewer per event)."""
    setattr(func, "noop_hook", True)
    return func


def _hook(agent: object, name: str) -> Callable[..., Any] | None:
    """The agent's ``name`` method, or None when it is absent or a :func:`noop_hook`."""
    method: Callable[..., Any] | None = getattr(agent, name, None)
    if method is None or getattr(getattr(type(agent), name, None), "noop_hook", False):
        return None
    return method


class HandDriver:
    """Plays hands between agents seated at a table; seats without an agent are played from outside.

    Make one driver per seating (the hooks are looked up once) and play any
    number of hands with it: :meth:`play` for hands every seat plays itself,
    :meth:`start` and :meth:`step` when some seat's actions come from outside.

    Parameters
    ----------
    agents : sequence
        One entry per seat: an agent (anything with ``act``, see
        :class:`AgentProtocol`) or ``None`` for a seat played from outside.
        One agent may sit in several seats.
    on_event : callable, optional
        ``on_event(event)``, told every public event after the agents.
    on_turn : callable, optional
        ``on_turn(seat)``, told when a seat is to act, after every event so far
        has been told and before the seat's agent is asked (or, for a seat
        played from outside, before the driver stops for it).
    on_decision : callable, optional
        ``on_decision(seat, observation, action)``, told every decision (an
        agent's or one from outside) before it is applied.
    record : bool
        Keep ``(seat, action as applied)`` of every action in :attr:`actions`
        (actions are then always checked).

    Attributes
    ----------
    state : GameState or None
        The hand being played (the last one after it ends).
    pending : int or None
        The seat whose action is awaited from outside (None: none is awaited).
    actions : list or None
        The recorded actions of the hand (with ``record=True``).

    Examples
    --------
    Play the small blind from outside against an agent:

    >>> import numpy as np
    >>> from holdem.agents import AlwaysCall
    >>> from holdem.games import FOLD, LimitHoldem
    >>> driver = HandDriver([None, AlwaysCall()], record=True)
    >>> driver.start(LimitHoldem().new_hand(np.arange(52)))
    0
    >>> driver.observation().to_call
    1
    >>> driver.step(FOLD)
    >>> driver.pending is None, driver.state.payoffs.tolist(), [(s, str(a)) for s, a in driver.actions]
    (True, [-1, 1], [(0, 'f')])
    """

    def __init__(self, agents: Sequence[AgentProtocol | None], *, on_event: Callable[[Event], None] | None = None,
                 on_decision: Callable[[int, Observation, Action], object] | None = None,
                 on_turn: Callable[[int], None] | None = None, record: bool = False) -> None:
        self.agents = tuple(agents)
        self.on_event = on_event
        self.on_turn = on_turn
        self.on_decision = on_decision
        self.record = bool(record)
        self._acts = [None if a is None else a.act for a in self.agents]
        unique = list({id(a): a for a in self.agents if a is not None}.values())
        self._observers: list[Callable[..., Any]] = [h for h in (_hook(a, "observe") for a in unique) if h is not None]
        if on_event is not None:
            self._observers.append(on_event)
        self._starters = [(seat, h) for seat, h in ((s, _hook(a, "new_hand")) for s, a in enumerate(self.agents)) if h is not None]
        self._enders = [h for h in (_hook(a, "end_hand") for a in unique) if h is not None]
        self._outside = any(a is None for a in self.agents)
        self._trusted = all(a is None or capabilities(a).trusted_actions for a in self.agents)
        self._simple = not (self._observers or self._enders or on_decision is not None or on_turn is not None
                            or self._outside or self.record)
        self.state: GameState | None = None
        self.pending: int | None = None
        self.actions: list[tuple[int, Action]] | None = None
        self._run: Iterator[int | None] = iter(())

    def __repr__(self) -> str:
        return f"HandDriver({list(self.agents)!r})"

    def start(self, state: GameState) -> int | None:
        """Begin the hand ``state`` (fresh from ``game.new_hand``) and play it until a seat from outside is to act.

        Returns :attr:`pending`: that seat, or None when the hand is over.
        """
        self.state = state
        self.pending = None
        self.actions = [] if self.record else None
        for seat, start in self._starters:
            start(seat)
        run = self._run = self._hand(state)
        return next(run)

    def play(self, state: _S) -> _S:
        """Play the hand ``state`` to its end (every seat needs an agent) and return the final state."""
        if self._simple:  # nothing to tell and nobody outside: the shortest loop
            self.state = state
            for seat, start in self._starters:
                start(seat)
            apply = state._apply if self._trusted else state.apply
            acts = cast("list[Callable[[Observation], Action]]", self._acts)  # _simple: every seat has an agent
            observation = state.observation
            while not state.is_terminal:
                p = state.current_player
                apply(acts[p](observation(p)))
            return state
        if self.start(state) is not None:
            raise ValueError(f"HandDriver.play: seat {self.pending} has no agent; play it with start() and step()")
        return state

    def observation(self) -> Observation:
        """The observation of the seat awaited from outside (:attr:`pending`)."""
        if self.pending is None:
            raise ValueError("HandDriver.observation: no seat is awaited from outside")
        return cast(GameState, self.state).observation(self.pending)

    def step(self, action: Action, *, checked: bool = True) -> int | None:
        """Apply ``action`` for the seat awaited from outside, then play on; returns :attr:`pending`.

        The engine checks ``action`` (an illegal one raises and changes nothing)
        unless ``checked=False``: then the caller has made it one of the legal
        actions of the seat's observation (as ``bpp.envs`` does against its action
        mask) and it is applied unchecked, as trusted agents' actions are.
        """
        p = self.pending
        if p is None:
            raise ValueError(f"HandDriver.step: no seat is awaited from outside (got {action!r})")
        state = cast(GameState, self.state)  # a seat is awaited: a hand is in play
        if self.on_decision is not None:
            self.on_decision(p, state.observation(p), action)
        if checked or self.actions is not None:
            applied = state.apply(action)
            if self.actions is not None:
                self.actions.append((p, applied))
        else:
            state._apply(action)
        self.pending = None  # until the hand stops again (an agent that raises on the way leaves no seat awaited)
        return next(self._run)

    def _hand(self, state: GameState) -> Iterator[int | None]:
        """The hand's loop, a generator: it yields each seat played from outside when it is to act (:meth:`step`
        applies that seat's action and resumes it, with no set-up repeated) and None when the hand is over."""
        observers = self._observers
        acts = self._acts
        decide = self.on_decision
        turn = self.on_turn
        taken = self.actions
        apply = state._apply if self._trusted and taken is None else state.apply
        history = state.history  # the engine appends to this one list during a hand
        told = 0
        while True:
            if observers:
                while told < len(history):
                    event = history[told]
                    for tell in observers:
                        tell(event)
                    told += 1
            if state.is_terminal:
                for end in self._enders:
                    end()
                yield None
                return
            p = state.current_player
            if turn is not None:
                turn(p)
            act = acts[p]
            if act is None:
                self.pending = p
                yield p  # step() applies the seat's action, then resumes here
                continue
            obs = state.observation(p)
            action = act(obs)
            if decide is not None:
                decide(p, obs, action)
            if taken is not None:
                taken.append((p, state.apply(action)))
            else:
                apply(action)


def play_hand(state: _S, agents: Sequence[AgentProtocol | None], *,
              on_event: Callable[[Event], None] | None = None,
              on_decision: Callable[[int, Observation, Action], object] | None = None) -> _S:
    """Play the hand ``state`` between ``agents`` (one per seat) to its end; return the final state.

    The one-hand form of :class:`HandDriver` (which see for the order of the
    hooks); make a :class:`HandDriver` once when playing many hands.

    >>> import numpy as np
    >>> from holdem.agents import AlwaysCall
    >>> from holdem.games import Stud5
    >>> events = []
    >>> final = play_hand(Stud5().new_hand(np.arange(52)), [AlwaysCall(), AlwaysCall()], on_event=events.append)
    >>> final.is_terminal, events[-1].kind
    (True, 'showdown')
    """
    return HandDriver(agents, on_event=on_event, on_decision=on_decision).play(state)

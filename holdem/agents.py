"""The agent interface and the trivial agents (always-call, always-raise, always-fold, uniform-random).

An agent sees only its :class:`~holdem.games.base.Observation` and answers
with an :class:`~holdem.games.base.Action` (ARCHITECTURE.md).  The protocol —
the methods the hand driver calls and the capabilities an agent declares — is
stated once in :mod:`holdem.play` (:class:`~holdem.play.AgentProtocol`,
:class:`~holdem.play.Capabilities`); :class:`Agent` is its base class, whose
hooks do nothing.

Agents take ``rng`` (a ``numpy.random.Generator``, a seed or ``None``) in
their constructor and use nothing else for randomness.  The trivial agents
play all four games: in a draw they stand pat, except :class:`UniformRandom`,
which picks a discard uniformly among the legal ones.

>>> import numpy as np
>>> from holdem.games import LimitHoldem
>>> state = LimitHoldem().new_hand(np.arange(52), ranks=[1, 2])
>>> agents = [AlwaysRaise(), AlwaysCall()]
>>> while not state.is_terminal:
...     _ = state.apply(agents[state.current_player].act(state.observation(state.current_player)))
>>> state.payoffs
array([-14,  14])
"""

from __future__ import annotations

import numpy as np

from holdem.play import noop_hook
from holdem.games.base import CHECK_CALL, FOLD, STAND_PAT, Action, ActionKind, Event, Observation

__all__ = ["Agent", "AlwaysCall", "AlwaysRaise", "AlwaysFold", "UniformRandom"]

_BET_RAISE = ActionKind.BET_RAISE
_DISCARD = ActionKind.DISCARD


class Agent:
    """Base class of agents: override :meth:`act`; the hooks default to doing nothing.

    Capabilities (:class:`holdem.play.Capabilities`: ``games``,
    ``learns_across_hands``, ``trusted_actions``, ``states_policy``,
    ``policy_ignores_cards``, ``multi_seat``) are declared as class attributes
    of a subclass; undeclared ones take the defaults stated there.

    Parameters
    ----------
    rng : numpy.random.Generator, int or None
        The agent's only source of randomness (``numpy.random.default_rng(rng)``).

    >>> Agent().act(None)
    Traceback (most recent call last):
    ...
    NotImplementedError: Agent.act
    """

    name = "agent"

    def __init__(self, *, rng=None):
        try:
            self.rng = np.random.default_rng(rng)
        except (TypeError, ValueError):
            raise ValueError(f"The 'rng' parameter of {type(self).__name__} must be None, a non-negative integer seed or "
                             f"a numpy Generator; got {rng!r}.") from None

    def act(self, observation: Observation) -> Action:
        """The action for the seat the observation belongs to (it is that seat's turn)."""
        raise NotImplementedError(f"{type(self).__name__}.act")

    @noop_hook
    def observe(self, event: Event) -> None:
        """Told every public event of the hand, in order (actions, up cards, board, showdown cards)."""

    @noop_hook
    def new_hand(self, seat: int) -> None:
        """Told a new hand starts with this agent in ``seat``."""

    @noop_hook
    def end_hand(self) -> None:
        """Told the hand is over, after its last event."""

    def reset(self) -> None:
        """Forget everything learned (the trivial agents learn nothing)."""

    def action_probabilities(self, observation: Observation) -> dict[Action, float]:
        """The agent's policy at this observation: legal action → probability (sums to 1).

        This default (its action with probability 1) is a policy only for a
        deterministic agent; an agent whose policy it states declares
        ``states_policy = True`` (:class:`holdem.play.Capabilities`).
        """
        action = self.act(observation)
        return {action: 1.0}

    def holdings_action_probabilities(self, observation: Observation, holdings) -> np.ndarray:
        """The policy had this seat held each of ``holdings``: shape (n_holdings, len(observation.legal)).

        The protocol Local Best Response uses to update its range over the
        opponent's private cards by Bayes' rule (Lisy2017 §3): row ``i`` is the
        agent's action distribution at ``observation`` with its private cards
        replaced by ``holdings[i]`` (hold'em: two hole cards; stud: the down
        card), columns in ``observation.legal`` order, rows summing to 1.

        This default loops :meth:`action_probabilities` over the holdings on
        ``observation._replace(hole=...)``; agents whose evaluation batches
        over holdings override it.  Dictionary entries that are not in
        ``legal`` (a sized raise, or ``Action(BET_RAISE, 0)`` standing for "a
        raise of some size") count for the legal raise nearest in amount.

        Parameters
        ----------
        observation : Observation
            An observation of the agent's seat when it is to act.
        holdings : int array, shape (n_holdings, k)
            Candidate private cards (k = 2 hold'em, k = 1 stud's down card).

        Examples
        --------
        >>> from holdem.games import LimitHoldem
        >>> obs = LimitHoldem().new_hand(np.arange(52)).observation(0)
        >>> AlwaysCall().holdings_action_probabilities(obs, [[8, 9], [50, 51]])
        array([[0., 1., 0.],
               [0., 1., 0.]])
        >>> AlwaysCall().holdings_action_probabilities(obs, [8, 9])
        Traceback (most recent call last):
        ...
        ValueError: The 'holdings' parameter of holdings_action_probabilities must be an integer array of shape (n_holdings, k); got shape (2,).
        """
        holdings = np.asarray(holdings)
        if holdings.ndim != 2 or (holdings.size and holdings.dtype.kind not in "iu"):
            raise ValueError(
                "The 'holdings' parameter of holdings_action_probabilities must be an integer array of shape "
                f"(n_holdings, k); got shape {holdings.shape}."
            )
        legal = observation.legal
        column = {a: j for j, a in enumerate(legal)}
        raises = [(j, a.amount) for j, a in enumerate(legal) if a.kind == _BET_RAISE]
        out = np.zeros((holdings.shape[0], len(legal)))
        if getattr(self, "policy_ignores_cards", False) and holdings.shape[0] > 1:
            out[:1] = self.holdings_action_probabilities(observation, holdings[:1])
            out[1:] = out[0]
            return out
        for i, hole in enumerate(holdings.tolist()):
            for action, p in self.action_probabilities(observation._replace(hole=tuple(hole))).items():
                j = column.get(action)
                if j is None:
                    if action.kind != _BET_RAISE or not raises:
                        raise ValueError(f"{type(self).__name__}.action_probabilities gave {action}, not legal in {legal}")
                    j = min(raises, key=lambda r: abs(r[1] - action.amount))[0]
                out[i, j] += p
        return out

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class AlwaysCall(Agent):
    """Checks or calls every time (stands pat in a draw).

    >>> AlwaysCall().act(None)
    Action(kind=<ActionKind.CHECK_CALL: 1>, amount=0, discard=())
    """

    name = "call"
    policy_ignores_cards = True
    trusted_actions = True
    states_policy = True

    def act(self, observation):
        if observation is not None:
            legal = observation.legal
            if legal and legal[0].kind == _DISCARD:  # the draw
                return STAND_PAT
        return CHECK_CALL

    def act_batch(self, observation):
        """Check/call in every row of a :class:`~holdem.games.batched.BatchObservation`."""
        return np.ones(len(observation), dtype=np.int8)


class AlwaysRaise(Agent):
    """Bets or raises whenever allowed — the smallest legal raise — else calls (stands pat in a draw)."""

    name = "raise"
    policy_ignores_cards = True
    trusted_actions = True
    states_policy = True

    def act(self, observation):
        legal = observation.legal
        if legal and legal[0].kind == _DISCARD:
            return STAND_PAT
        for action in legal:
            if action.kind == _BET_RAISE:
                return action
        return CHECK_CALL

    def act_batch(self, observation):
        """Bet/raise (2) in the rows where a raise is legal, else check/call (1)."""
        return np.where(observation.legal[:, 2], 2, 1).astype(np.int8)


class AlwaysFold(Agent):
    """Folds whenever facing a bet, else checks (stands pat in a draw)."""

    name = "fold"
    policy_ignores_cards = True
    trusted_actions = True
    states_policy = True

    def act(self, observation):
        legal = observation.legal
        if legal and legal[0].kind == _DISCARD:
            return STAND_PAT
        return FOLD if observation.to_call > 0 else CHECK_CALL

    def act_batch(self, observation):
        """Fold (0) in the rows facing a bet, else check (1)."""
        return np.where(observation.to_call > 0, 0, 1).astype(np.int8)


class UniformRandom(Agent):
    """Picks uniformly among the legal actions.

    In a draw that is uniform over the legal discards.  When raises are sized
    (no-limit, draw) it first picks among fold / call / raise uniformly (the
    kinds that are legal) and then a raise-to total uniformly in
    ``raise_bounds``, so that a raise is as likely as a call.

    >>> import numpy as np
    >>> from holdem.games import NoLimitHoldem
    >>> state = NoLimitHoldem().new_hand(np.arange(52))
    >>> agent = UniformRandom(rng=1)
    >>> probs = agent.action_probabilities(state.observation(0))
    >>> sorted(str(a) for a in probs), round(sum(probs.values()), 9)
    (['c', 'f', 'r'], 1.0)
    """

    name = "random"
    policy_ignores_cards = True
    trusted_actions = True
    states_policy = True

    def _choices(self, observation) -> list[Action]:
        legal = observation.legal
        if not legal:
            raise ValueError(f"UniformRandom.act: seat {observation.player} has no legal action (not its turn)")
        if observation.raise_bounds is not None and legal[0].kind != _DISCARD:
            lo, hi = observation.raise_bounds
            if lo != hi:  # sized raises: one raise "kind", amount drawn later
                return [a for a in legal if a.kind != _BET_RAISE] + [Action(_BET_RAISE, 0)]
        return list(legal)

    def act(self, observation):
        choices = self._choices(observation)
        action = choices[int(self.rng.integers(len(choices)))]
        if action.kind == _BET_RAISE and action.amount == 0 and observation.raise_bounds is not None:
            lo, hi = observation.raise_bounds
            return Action(_BET_RAISE, int(self.rng.integers(lo, hi + 1)))
        return action

    def action_probabilities(self, observation):
        """Uniform over the legal actions; for sized raises the raise kind's share is spread over ``raise_bounds``.

        The spread is returned as one entry ``Action(BET_RAISE, 0)`` ("a raise
        to a total uniform in ``observation.raise_bounds``") so the dict stays small.
        """
        choices = self._choices(observation)
        p = 1.0 / len(choices)
        return {a: p for a in choices}

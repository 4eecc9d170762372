"""The opponent's policy as LBR needs it: who states one, checks on what is stated, and an estimate from ``act`` alone.

Local Best Response is defined on the opponent's *policy* (Lisy2017 §3: "LBR
assumes access to the opponent's strategy"): its range over her private cards
is updated by Bayes' rule with her probability of each action for every
holding.  An agent that only implements ``act`` has no policy to give: the
base class's default ``action_probabilities`` returns a one-hot of one sampled
action, so a stochastic agent's range update would run on random masks and
print a number that measures nothing.  Hence

* :func:`states_policy` says whether an agent states its policy (it declares
  ``states_policy = True`` or overrides ``action_probabilities`` /
  ``holdings_action_probabilities``); :func:`require_policy` refuses the others
  with one line that says what to add;
* :class:`SampledPolicy` (``bpp lbr --policy-samples N``) is the opt-in
  alternative: it *estimates* each holding's policy by the frequencies of N
  calls of ``act`` on copies of the observation with that holding swapped in.
  The estimate has sampling error of order ``1/sqrt(N)`` per action and is
  smoothed by one pseudo-sample (an action never sampled keeps probability
  ``1/(k (N + 1))`` for ``k`` legal actions), so the result is an estimate of
  LBR's value, not the exact LBR;
* :func:`check_policy_rows` checks every batch of probabilities LBR receives
  (rows sum to one, no negative mass, one column per legal action) and raises
  a ``ValueError`` naming the bad value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from holdem.agents import Agent, action_columns, check_holdings
from holdem.play import capabilities

if TYPE_CHECKING:
    from numpy.typing import ArrayLike
    from holdem._typing import RngLike
    from holdem.games.base import Action, Observation

__all__ = ["states_policy", "require_policy", "check_policy_rows", "SampledPolicy"]

#: Largest deviation of a policy row's sum from one that is taken for rounding.
SUM_TOLERANCE = 1e-6


def states_policy(agent: object) -> bool:
    """Whether ``agent`` states its policy (what LBR needs), rather than only sampling an action with ``act``.

    An agent states it when it declares ``states_policy = True`` (the
    deterministic trivial agents, whose one action is their policy) or
    overrides ``action_probabilities`` or ``holdings_action_probabilities`` of
    :class:`holdem.agents.Agent`.  ``states_policy = False`` declares the opposite.

    >>> from holdem.agents import AlwaysCall, UniformRandom
    >>> class CoinFlip(Agent):
    ...     def act(self, observation):
    ...         return observation.legal[int(self.rng.integers(len(observation.legal)))]
    >>> states_policy(AlwaysCall()), states_policy(UniformRandom()), states_policy(CoinFlip())
    (True, True, False)
    """
    return capabilities(agent).states_policy


def require_policy(agent: object, name: str) -> None:
    """Raise a one-line ``ValueError`` when ``agent`` (registered as ``name``) does not state its policy.

    >>> class ActOnly(Agent):
    ...     def act(self, observation):
    ...         return observation.legal[0]
    >>> require_policy(ActOnly(), "mine")
    Traceback (most recent call last):
    ...
    ValueError: agent 'mine' does not state its policy, and LBR is defined on the opponent's policy (Lisy2017 §3): give it action_probabilities(observation) (and holdings_action_probabilities to batch over holdings), or estimate the policy from act with --policy-samples N (run_lbr(policy_samples=N)).
    """
    if not states_policy(agent):
        raise ValueError(
            f"agent {name!r} does not state its policy, and LBR is defined on the opponent's policy (Lisy2017 §3): "
            "give it action_probabilities(observation) (and holdings_action_probabilities to batch over holdings), "
            "or estimate the policy from act with --policy-samples N (run_lbr(policy_samples=N))."
        )


def check_policy_rows(probs: ArrayLike, observation: Observation, who: object) -> np.ndarray:
    """``probs`` as a float (n, len(legal)) array, checked: finite, non-negative, each row summing to one.

    A column per legal action of ``observation`` is the contract of
    ``holdings_action_probabilities``; mass on an action outside ``legal``
    cannot be expressed in it (the agents' own mapping refuses it).

    >>> from holdem.games import LimitHoldem
    >>> obs = LimitHoldem().new_hand(np.arange(52)).observation(0)
    >>> check_policy_rows([[0.2, 0.3, 0.5]], obs, "x")
    array([[0.2, 0.3, 0.5]])
    >>> check_policy_rows([[0.2, 0.3, 0.4]], obs, "x")
    Traceback (most recent call last):
    ...
    ValueError: the policy of 'x' does not sum to one: row 0 is [0.2, 0.3, 0.4] (sum 0.9) over legal actions ['f', 'c', 'r4'].
    """
    p = np.asarray(probs, dtype=np.float64)
    legal = observation.legal
    names = [str(a) for a in legal]
    if p.ndim != 2 or p.shape[1] != len(legal):
        raise ValueError(f"the policy of {who!r} has shape {p.shape}; expected (n_holdings, {len(legal)}) for legal actions {names}.")
    bad = ~np.isfinite(p).all(axis=1) | (p < 0).any(axis=1)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"the policy of {who!r} has a negative or non-finite probability: row {i} is {p[i].tolist()} over legal actions {names}.")
    sums = p.sum(axis=1)
    off = np.abs(sums - 1.0) > SUM_TOLERANCE
    if off.any():
        i = int(np.flatnonzero(off)[0])
        raise ValueError(f"the policy of {who!r} does not sum to one: row {i} is {p[i].tolist()} (sum {sums[i]:.6g}) over legal actions {names}.")
    return p


class SampledPolicy:
    """An agent whose policy is *estimated* from ``samples`` calls of its ``act`` per holding (``--policy-samples``).

    Plays with the wrapped agent's own ``act`` and random stream (so the hand
    goes exactly as without the wrapper); the estimate draws from its own
    ``rng``: the state of the agent's generator is set from it while sampling
    and put back afterwards.  ``holdings_action_probabilities(observation, holdings)``
    is the frequency of each legal action over ``samples`` calls of ``act`` on
    ``observation`` with the private cards replaced by each holding (a sized
    raise counts for the legal raise nearest in amount), with one
    pseudo-sample spread evenly over the legal actions: ``(count + 1/k) /
    (samples + 1)`` for ``k`` legal actions, so that an action the samples
    missed keeps a small probability and the range never empties on it.  An
    agent declaring ``policy_ignores_cards`` is sampled once for all
    holdings.  An estimate, not the policy: see the module docstring.

    Parameters
    ----------
    agent : Agent
        Any agent with ``act``; it must not change what it has learned in
        ``act`` (learning belongs in ``observe``).
    samples : int
        Calls of ``act`` per holding (positive).
    rng : numpy.random.Generator, int or None
        The estimate's random stream.

    >>> from holdem.agents import UniformRandom
    >>> from holdem.games import LimitHoldem
    >>> obs = LimitHoldem().new_hand(np.arange(52)).observation(0)
    >>> est = SampledPolicy(UniformRandom(rng=0), 4000, rng=1)
    >>> np.round(est.holdings_action_probabilities(obs, [[8, 9]]), 1)
    array([[0.3, 0.3, 0.3]])
    """

    def __init__(self, agent: Any, samples: int, *, rng: RngLike = None) -> None:
        if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)) or samples < 1:
            raise ValueError(f"The 'samples' parameter of SampledPolicy must be a positive integer; got {samples!r}.")
        self.agent = agent
        self.samples = int(samples)
        self.rng = np.random.default_rng(rng)
        self.name = f"{getattr(agent, 'name', type(agent).__name__)}~{self.samples}"
        self.games = getattr(agent, "games", None)

    def __getattr__(self, attr):  # new_hand, observe, reset, games ... of the wrapped agent
        return getattr(self.__dict__["agent"], attr)

    def act(self, observation: Observation) -> Action:
        return self.agent.act(observation)

    def action_probabilities(self, observation: Observation) -> dict[Action, float]:
        row = self.holdings_action_probabilities(observation, [observation.hole])[0]
        return {a: float(p) for a, p in zip(observation.legal, row) if p > 0}

    def holdings_action_probabilities(self, observation: Observation, holdings: ArrayLike) -> np.ndarray:
        """Estimated policy rows: float, shape ``(n_holdings, len(observation.legal))``; ``holdings`` an int array of
        shape ``(n_holdings, k)``, k the private cards (checked by ``check_holdings``)."""
        holdings = check_holdings(holdings)
        legal = observation.legal
        column_of = action_columns(legal)
        n = holdings.shape[0]
        ask = holdings[:1] if getattr(self.agent, "policy_ignores_cards", False) and n > 1 else holdings
        counts = np.zeros((ask.shape[0], len(legal)))
        gen = getattr(self.agent, "rng", None)
        bits = gen.bit_generator if isinstance(gen, np.random.Generator) else None
        saved = bits.state if bits is not None else None
        if bits is not None:  # in place, so parts of the agent sharing its generator draw from the estimate's stream too
            bits.state = type(bits)(int(self.rng.integers(2**63))).state
        streams = getattr(self.agent, "stream_state", None)  # agents on per-hand streams (holdem.agents.HandStreams)
        saved_streams = streams() if streams is not None else None
        if saved_streams is not None:
            self.agent.set_stream_state((int(self.rng.integers(2**63)), None, 0))
        try:
            for i, hole in enumerate(ask.tolist()):
                obs = observation._replace(hole=tuple(hole))
                for _ in range(self.samples):
                    action = self.agent.act(obs)
                    j = column_of(action)
                    if j is None:
                        raise ValueError(f"{type(self.agent).__name__}.act gave {action}, not legal in {[str(a) for a in legal]}")
                    counts[i, j] += 1
        finally:
            if bits is not None and saved is not None:
                bits.state = saved
            if saved_streams is not None:
                self.agent.set_stream_state(saved_streams)
        probs = (counts + 1.0 / len(legal)) / (self.samples + 1)  # one pseudo-sample spread over the legal actions
        return np.broadcast_to(probs, (n, len(legal))).copy() if ask.shape[0] != n else probs

    def __repr__(self) -> str:
        return f"SampledPolicy({self.agent!r}, {self.samples})"

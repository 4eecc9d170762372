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
>>> from holdem.play import play_hand
>>> state = play_hand(LimitHoldem().new_hand(np.arange(52), ranks=[1, 2]), [AlwaysRaise(), AlwaysCall()])
>>> state.payoffs
array([-14,  14])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from holdem._typing import RngLike

from holdem.play import default_policy, noop_hook
from holdem.games.base import CHECK_CALL, FOLD, STAND_PAT, Action, ActionKind, Event, Observation

if TYPE_CHECKING:
    from holdem.games.batched import BatchObservation

__all__ = ["Agent", "action_columns", "check_holdings", "AlwaysCall", "AlwaysRaise", "AlwaysFold", "UniformRandom", "HandStreams", "hand_uniform", "hand_uniforms"]

_BET_RAISE = ActionKind.BET_RAISE
_DISCARD = ActionKind.DISCARD


def check_holdings(holdings: object) -> NDArray[Any]:
    """``holdings`` as an integer array of shape ``(n_holdings, k)``, or one ``ValueError`` naming its shape.

    >>> check_holdings([[8, 9], [50, 51]]).shape
    (2, 2)
    """
    array = np.asarray(holdings)
    if array.ndim != 2 or (array.size and array.dtype.kind not in "iu"):
        raise ValueError(
            "The 'holdings' parameter of holdings_action_probabilities must be an integer array of shape "
            f"(n_holdings, k); got shape {array.shape}."
        )
    return array


def action_columns(legal: tuple[Action, ...] | list[Action]) -> Callable[[Action], int | None]:
    """The column of an action in a policy row over ``legal`` (a raise of another size: the nearest raise); None if not legal.

    >>> from holdem.games import LimitHoldem
    >>> legal = LimitHoldem().new_hand(np.arange(52)).observation(0).legal
    >>> of = action_columns(legal)
    >>> [of(a) for a in legal], of(Action(ActionKind.BET_RAISE, 999)), of(17)
    ([0, 1, 2], 2, None)
    """
    column = {a: j for j, a in enumerate(legal)}
    raises = [(j, a.amount) for j, a in enumerate(legal) if a.kind == _BET_RAISE]

    def of(action: Action) -> int | None:
        if not isinstance(action, Action):  # an agent's bad return value: the callers name it in a ValueError
            return None
        j = column.get(action)
        if j is None and action.kind == _BET_RAISE and raises:
            j = min(raises, key=lambda r: abs(r[1] - action.amount))[0]
        return j

    return of


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

    def __init__(self, *, rng: RngLike = None) -> None:
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

    @default_policy
    def action_probabilities(self, observation: Observation) -> dict[Action, float]:
        """The agent's policy at this observation: legal action → probability (sums to 1).

        This default (its action with probability 1) is a policy only for a
        deterministic agent; an agent whose policy it states declares
        ``states_policy = True`` (:class:`holdem.play.Capabilities`).
        """
        action = self.act(observation)
        return {action: 1.0}

    @default_policy
    def holdings_action_probabilities(self, observation: Observation, holdings: ArrayLike) -> NDArray[np.float64]:
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
        holdings = check_holdings(holdings)
        legal = observation.legal
        column_of = action_columns(legal)
        out = np.zeros((holdings.shape[0], len(legal)))
        if getattr(self, "policy_ignores_cards", False) and holdings.shape[0] > 1:
            out[:1] = self.holdings_action_probabilities(observation, holdings[:1])
            out[1:] = out[0]
            return out
        for i, hole in enumerate(holdings.tolist()):
            for action, p in self.action_probabilities(observation._replace(hole=tuple(hole))).items():
                j = column_of(action)
                if j is None:
                    raise ValueError(f"{type(self).__name__}.action_probabilities gave {action}, not legal in {legal}")
                out[i, j] += p
        return out

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _stand_pat(observation: BatchObservation, kinds: NDArray[np.int8]) -> NDArray[np.int8]:
    """``kinds`` with a discard of no cards (kind 3, mask 0) in the rows of a batch that are in the draw."""
    if observation.has_draw:
        kinds[observation.legal[:, 3]] = 3
    return kinds


class AlwaysCall(Agent):
    """Checks or calls every time (stands pat in a draw).

    >>> AlwaysCall().act(None)
    Action(kind=<ActionKind.CHECK_CALL: 1>, amount=0, discard=())
    """

    name = "call"
    policy_ignores_cards = True
    trusted_actions = True
    states_policy = True

    def act(self, observation: Observation | None) -> Action:
        if observation is not None:
            legal = observation.legal
            if legal and legal[0].kind == _DISCARD:  # the draw
                return STAND_PAT
        return CHECK_CALL

    def act_batch(self, observation: BatchObservation) -> NDArray[np.int8]:
        """Check/call in every row of a :class:`~holdem.games.batched.BatchObservation` (stand pat in a draw)."""
        return _stand_pat(observation, np.ones(len(observation), dtype=np.int8))


class AlwaysRaise(Agent):
    """Bets or raises whenever allowed — the smallest legal raise — else calls (stands pat in a draw)."""

    name = "raise"
    policy_ignores_cards = True
    trusted_actions = True
    states_policy = True

    def act(self, observation: Observation) -> Action:
        legal = observation.legal
        if legal and legal[0].kind == _DISCARD:
            return STAND_PAT
        for action in legal:
            if action.kind == _BET_RAISE:
                return action
        return CHECK_CALL

    def act_batch(self, observation: BatchObservation) -> NDArray[np.int8]:
        """Bet/raise (2) in the rows where a raise is legal, else check/call (1)."""
        return _stand_pat(observation, np.where(observation.legal[:, 2], 2, 1).astype(np.int8))


class AlwaysFold(Agent):
    """Folds whenever facing a bet, else checks (stands pat in a draw)."""

    name = "fold"
    policy_ignores_cards = True
    trusted_actions = True
    states_policy = True

    def act(self, observation: Observation) -> Action:
        legal = observation.legal
        if legal and legal[0].kind == _DISCARD:
            return STAND_PAT
        return FOLD if observation.to_call > 0 else CHECK_CALL

    def act_batch(self, observation: BatchObservation) -> NDArray[np.int8]:
        """Fold (0) in the rows facing a bet, else check (1)."""
        return _stand_pat(observation, np.where(observation.to_call > 0, 0, 1).astype(np.int8))


_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_HAND_STEP = 0xD1B54A32D192ED03
_DRAW_STEP = 0x8CB92BA72F3D8DD7


def _mix64(z: int) -> int:
    """SplitMix64's finalizer on a Python int (Steele, Lea & Flood 2014): 64 well-mixed bits."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def hand_uniform(key: int, hand: int, step: int, draw: int = 0) -> float:
    """A uniform float in [0, 1) fixed by ``(key, hand, step, draw)``: an agent's per-hand random stream.

    ``key`` is the agent's (drawn once from its ``rng``), ``hand`` the hand's
    index in the block, ``step`` the number of actions taken so far in the hand
    and ``draw`` which draw of that decision.  The same number comes out of
    :func:`hand_uniforms` for a whole batch, so an agent's random choices do
    not depend on the order in which hands are played: the scalar and the
    batched engine give the same results.

    >>> hand_uniform(7, 0, 0) == float(hand_uniforms(7, np.array([0]), np.array([0]))[0])
    True
    """
    z = _mix64((key + hand * _HAND_STEP + step * _GOLDEN + draw * _DRAW_STEP) & _MASK64)
    return (z >> 11) * 2.0**-53


def hand_uniforms(key: int, hands: NDArray[np.integer[Any]], steps: NDArray[np.integer[Any]],
                  draw: int | NDArray[np.integer[Any]] = 0) -> NDArray[np.float64]:
    """:func:`hand_uniform` for arrays of hands, steps and draws, broadcast together (float64, the same values bit for bit).

    >>> hand_uniform(7, 3, 1, 5) == float(hand_uniforms(7, np.array([3]), np.array([1]), np.arange(8))[5])
    True
    """
    return (hand_bits(key, hands, steps, draw) >> np.uint64(11)).astype(np.float64) * 2.0**-53


def hand_bits(key: int, hands: NDArray[np.integer[Any]], steps: NDArray[np.integer[Any]],
              draw: int | NDArray[np.integer[Any]] = 0) -> NDArray[np.uint64]:
    """The 64 mixed bits behind :func:`hand_uniforms` (uint64), for callers that split them into smaller numbers."""
    with np.errstate(over="ignore"):
        draws = np.uint64((draw * _DRAW_STEP) & _MASK64) if isinstance(draw, int) else \
            np.asarray(draw).astype(np.uint64) * np.uint64(_DRAW_STEP)
        z = (np.uint64(key & _MASK64) + hands.astype(np.uint64) * np.uint64(_HAND_STEP)
             + steps.astype(np.uint64) * np.uint64(_GOLDEN) + draws)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        out: NDArray[np.uint64] = z ^ (z >> np.uint64(31))  # uint64 arithmetic stays uint64
        return out


class HandStreams(Agent):
    """Base of agents whose random numbers come from per-hand streams (:func:`hand_uniform`).

    The key is drawn once from ``rng``; ``new_hand`` counts the hands (the
    match makes a fresh agent per block, so the count is the hand's index in
    the block, ``BatchObservation.hand``); the step is the number of actions
    (and draws) taken so far in the hand.  :meth:`uniform` and
    :meth:`uniforms` give the same numbers for one observation or a batch.
    """

    def __init__(self, *, rng: RngLike = None) -> None:
        super().__init__(rng=rng)
        self._stream_key = int(self.rng.integers(0, 2**63))
        self._hand = -1
        self._hand_base = 0  # hands before the block a batch's hand indices count from (agents kept across blocks)
        self._last: tuple[int, int] | None = None  # (hand, step) of the last decision
        self._repeat = 0  # how often that decision was asked again

    def new_hand(self, seat: int) -> None:
        """Count the hand (its index picks this agent's random stream for it)."""
        self._hand += 1

    def uniform(self, observation: Observation, draw: int = 0) -> float:
        """This decision's ``draw``-th uniform number in [0, 1) (draw 0 starts a decision).

        Asked again for a decision it already made (same hand, same step: a
        policy estimated by sampling ``act``), the agent draws fresh numbers,
        as an agent drawing from one generator would; in play every decision
        is asked once, so the numbers are those of :meth:`uniforms`.
        """
        step = sum(1 for e in observation.history if e.kind == "action" or e.kind == "draw")
        hand = max(self._hand, 0)
        if draw == 0:
            if self._last == (hand, step):
                self._repeat += 1
            else:
                self._last, self._repeat = (hand, step), 0
        return hand_uniform(self._stream_key, hand, step, draw + 16 * self._repeat)

    def stream_state(self) -> tuple[int, tuple[int, int] | None, int]:
        """What :meth:`uniform` draws from (to save and put back around sampling, as a generator's state)."""
        return self._stream_key, self._last, self._repeat

    def set_stream_state(self, state: tuple[int, tuple[int, int] | None, int]) -> None:
        """Restore :meth:`stream_state`; ``(key, None, 0)`` starts a fresh stream keyed by ``key``."""
        self._stream_key, self._last, self._repeat = state

    def uniforms(self, observation: BatchObservation, draw: int = 0) -> NDArray[np.float64]:
        """:meth:`uniform` for every row of a :class:`~holdem.games.batched.BatchObservation`."""
        return hand_uniforms(self._stream_key, observation.hand + self._hand_base, observation.n_actions, draw)


class UniformRandom(HandStreams):
    """Picks uniformly among the legal actions.

    In a draw that is uniform over the legal discards.  When raises are sized
    (no-limit, draw) it first picks among fold / call / raise uniformly (the
    kinds that are legal) and then a raise-to total uniformly in
    ``raise_bounds``, so that a raise is as likely as a call.

    Its random numbers come from a per-hand stream (:func:`hand_uniform`,
    keyed by a number drawn once from ``rng``, the hand's index among the
    hands this agent was told of by ``new_hand``, and the number of actions
    taken so far in the hand), so that deciding a whole batch of hands at once
    (:meth:`act_batch`) gives exactly the choices of deciding them one by one.

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

    def _choices(self, observation: Observation) -> list[Action]:
        legal = observation.legal
        if not legal:
            raise ValueError(f"UniformRandom.act: seat {observation.player} has no legal action (not its turn)")
        if observation.raise_bounds is not None and legal[0].kind != _DISCARD:
            lo, hi = observation.raise_bounds
            if lo != hi:  # sized raises: one raise "kind", amount drawn later
                return [a for a in legal if a.kind != _BET_RAISE] + [Action(_BET_RAISE, 0)]
        return list(legal)

    def act(self, observation: Observation) -> Action:
        choices = self._choices(observation)
        action = choices[int(self.uniform(observation) * len(choices))]
        if action.kind == _BET_RAISE and action.amount == 0 and observation.raise_bounds is not None:
            lo, hi = observation.raise_bounds
            return Action(_BET_RAISE, lo + int(self.uniform(observation, 1) * (hi - lo + 1)))
        return action

    def act_batch(self, observation: BatchObservation) -> tuple[NDArray[np.int8], NDArray[np.int64]]:
        """``(kinds, raise-to amounts)`` :meth:`act` picks in every row of a :class:`~holdem.games.batched.BatchObservation`."""
        legal = observation.legal
        pick = (self.uniforms(observation) * legal.sum(axis=1)).astype(np.int64)  # the pick-th legal kind
        kinds = np.argmax(legal & (np.cumsum(legal, axis=1) == (pick + 1)[:, None]), axis=1).astype(np.int8)
        lo, hi = observation.raise_bounds
        amounts = lo + (self.uniforms(observation, 1) * (hi - lo + 1)).astype(np.int64)
        amounts = np.where(kinds == 2, amounts, 0)
        if observation.has_draw:  # the draw: the pick-th legal discard, as act's list of them
            from holdem.games.batched import discard_masks

            masks = discard_masks(observation.game.max_draw)
            drawing = legal[:, 3]
            amounts[drawing] = masks[(self.uniforms(observation)[drawing] * len(masks)).astype(np.int64)]
        return kinds, amounts

    def action_probabilities(self, observation: Observation) -> dict[Action, float]:
        """Uniform over the legal actions; for sized raises the raise kind's share is spread over ``raise_bounds``.

        The spread is returned as one entry ``Action(BET_RAISE, 0)`` ("a raise
        to a total uniform in ``observation.raise_bounds``") so the dict stays small.
        """
        choices = self._choices(observation)
        p = 1.0 / len(choices)
        return {a: p for a in choices}

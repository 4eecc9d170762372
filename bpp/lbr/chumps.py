"""The chump strategies of Lisy2017 §4 (Table 2) that the toolkit did not have yet.

``call`` (always call) and ``random`` ("a random legal action": fold, call and
raise equally likely among the legal kinds, a raise-to total uniform over the
legal range) are :class:`holdem.agents.AlwaysCall` and
:class:`holdem.agents.UniformRandom`.  This module adds ``call-raise``:
"calling with 50% of actions and playing a random raise otherwise" (§4).

The paper does not say how the random raise is sized.  We draw the raise-to
total uniformly over the integers of ``raise_bounds`` (from the minimum raise
to all-in), the same sizing ``random`` uses; when no raise is legal (facing an
all-in) it calls.  It never folds.

Because the size is the one thing the paper leaves open and it moves Table 2
(a uniform raise-to total averages half the stack, so these chumps shove
early), ``call-raise-pot`` and ``random-pot`` are the same chumps with the
raise-to total uniform between the minimum raise and a pot-sized raise
(clipped to all-in): :func:`pot_sized_bounds`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from holdem.agents import Agent, HandStreams, UniformRandom
from holdem.games.base import CHECK_CALL, Action, ActionKind

if TYPE_CHECKING:
    from holdem.games.base import Observation
    from holdem.games.batched import BatchObservation

__all__ = ["CallRaise", "CallRaisePot", "RandomPot", "RandomEverySize", "pot_sized_bounds", "pot_sized_bounds_batch"]

_RAISE = ActionKind.BET_RAISE


def pot_sized_bounds(observation: Observation) -> tuple[int, int]:
    """``(min raise-to, pot-sized raise-to)`` clipped to the legal range: the pot-limit sizes.

    >>> import numpy as np
    >>> from holdem.games import NoLimitHoldem
    >>> pot_sized_bounds(NoLimitHoldem().new_hand(np.arange(52)).observation(0))  # 50 in, 50 to call, pot 150
    (200, 300)
    """
    lo, hi = observation.raise_bounds  # type: ignore[misc]  # called where a raise is legal
    me = observation.player
    pot_raise = observation.committed[me] + observation.to_call + observation.pot + observation.to_call
    return lo, max(lo, min(hi, pot_raise))


def pot_sized_bounds_batch(observation: BatchObservation, lo: np.ndarray, hi: np.ndarray
                           ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`pot_sized_bounds` for every row of a :class:`~holdem.games.batched.BatchObservation` (``lo``, ``hi``:
    its ``raise_bounds``, integer arrays of shape ``(n_rows,)``; the result is two such arrays)."""
    me = observation.committed[np.arange(len(observation)), observation.player]
    to_call = observation.to_call
    pot_raise = me + to_call + observation.pot + to_call
    return lo, np.maximum(lo, np.minimum(hi, pot_raise))


class CallRaise(HandStreams):
    """Calls half the time and raises a uniformly random legal amount otherwise (Lisy2017 §4, Table 2).

    >>> import numpy as np
    >>> from holdem.games import NoLimitHoldem
    >>> obs = NoLimitHoldem().new_hand(np.arange(52)).observation(0)
    >>> probs = CallRaise(rng=0).action_probabilities(obs)
    >>> {str(a): p for a, p in probs.items()}
    {'c': 0.5, 'r': 0.5}
    >>> CallRaise(rng=0).holdings_action_probabilities(obs, [[0, 1], [2, 3]]).tolist()  # columns f, c, r200, r20000
    [[0.0, 0.5, 0.5, 0.0], [0.0, 0.5, 0.5, 0.0]]
    """

    name = "call-raise"
    policy_ignores_cards = True

    def _raise_bounds(self, observation):
        if any(a.kind == _RAISE for a in observation.legal):
            return observation.raise_bounds
        return None

    def _sizes(self, observation):
        return observation.raise_bounds

    def _sizes_batch(self, observation, lo, hi):
        return lo, hi

    def act(self, observation: Observation) -> Action:
        bounds = self._raise_bounds(observation)
        if bounds is None or self.uniform(observation) < 0.5:
            return CHECK_CALL
        lo, hi = self._sizes(observation)
        return Action(_RAISE, lo + int(self.uniform(observation, 1) * (hi - lo + 1)))

    def act_batch(self, observation: BatchObservation) -> tuple[np.ndarray, np.ndarray]:
        """``(kinds, raise-to amounts)`` :meth:`act` picks in every row of a :class:`~holdem.games.batched.BatchObservation`."""
        lo, hi = self._sizes_batch(observation, *observation.raise_bounds)
        raising = observation.legal[:, 2] & (self.uniforms(observation) >= 0.5)
        amounts = lo + (self.uniforms(observation, 1) * (hi - lo + 1)).astype(np.int64)
        return np.where(raising, 2, 1).astype(np.int8), np.where(raising, amounts, 0)

    def action_probabilities(self, observation: Observation) -> dict[Action, float]:
        """Call 1/2 and "a raise to a total uniform in ``raise_bounds``" 1/2 (``Action(BET_RAISE, 0)``); call 1 when no raise is legal."""
        if self._raise_bounds(observation) is None:
            return {CHECK_CALL: 1.0}
        return {CHECK_CALL: 0.5, Action(_RAISE, 0): 0.5}


class CallRaisePot(CallRaise):
    """``call-raise`` with the raise-to total uniform between the min-raise and a pot-sized raise."""

    name = "call-raise-pot"

    def _sizes(self, observation):
        return pot_sized_bounds(observation)

    def _sizes_batch(self, observation, lo, hi):
        return pot_sized_bounds_batch(observation, lo, hi)


class RandomPot(UniformRandom):
    """``random`` with the raise-to total uniform between the min-raise and a pot-sized raise."""

    name = "random-pot"

    def act(self, observation: Observation) -> Action:
        action = super().act(observation)
        if action.kind == _RAISE and observation.raise_bounds is not None and observation.raise_bounds[0] != observation.raise_bounds[1]:
            lo, hi = pot_sized_bounds(observation)
            return Action(_RAISE, lo + int(self.uniform(observation, 2) * (hi - lo + 1)))
        return action

    def act_batch(self, observation: BatchObservation) -> tuple[np.ndarray, np.ndarray]:
        """``(kinds, raise-to amounts)`` :meth:`act` picks in every row of a :class:`~holdem.games.batched.BatchObservation`."""
        kinds, amounts = super().act_batch(observation)
        lo, hi = observation.raise_bounds
        pot_lo, pot_hi = pot_sized_bounds_batch(observation, lo, hi)
        sized = (kinds == 2) & (lo != hi)
        pot_amounts = pot_lo + (self.uniforms(observation, 2) * (pot_hi - pot_lo + 1)).astype(np.int64)
        return kinds, np.where(sized, pot_amounts, amounts)


class RandomEverySize(HandStreams):
    """``random-sizes``: uniform over every legal action, each raise-to total counted as its own action.

    Another reading of Lisy2017's "random legal action" (§4): with every chip
    amount a separate action a raise is almost certain whenever one is legal
    (from 200 to 20,000 there are 19,801 sizes), and fold and call get 1/2 each
    only when facing an all-in — the situation the paper singles out.

    >>> import numpy as np
    >>> from holdem.games import NoLimitHoldem
    >>> probs = RandomEverySize(rng=0).action_probabilities(NoLimitHoldem().new_hand(np.arange(52)).observation(0))
    >>> {str(a): round(p, 6) for a, p in probs.items()}
    {'f': 5e-05, 'c': 5e-05, 'r': 0.999899}
    """

    name = "random-sizes"
    policy_ignores_cards = True

    def _counts(self, observation):
        simple = [a for a in observation.legal if a.kind != _RAISE]
        if not any(a.kind == _RAISE for a in observation.legal):
            return simple, 0
        lo, hi = observation.raise_bounds
        return simple, hi - lo + 1

    def act(self, observation: Observation) -> Action:
        simple, n_sizes = self._counts(observation)
        k = int(self.uniform(observation) * (len(simple) + n_sizes))
        if k < len(simple):
            return simple[k]
        return Action(_RAISE, observation.raise_bounds[0] + k - len(simple))  # type: ignore[index]  # k counts sizes

    def act_batch(self, observation: BatchObservation) -> tuple[np.ndarray, np.ndarray]:
        """``(kinds, raise-to amounts)`` :meth:`act` picks in every row of a :class:`~holdem.games.batched.BatchObservation`."""
        legal = observation.legal
        lo, hi = observation.raise_bounds
        n_simple = legal[:, 0].astype(np.int64) + legal[:, 1]
        n_sizes = np.where(legal[:, 2], hi - lo + 1, 0)
        k = (self.uniforms(observation) * (n_simple + n_sizes)).astype(np.int64)
        # the k-th simple action in fold, call order (fold only when legal), else the raise to lo + k - n_simple
        kinds = np.where(k >= n_simple, 2, np.where(legal[:, 0] & (k == 0), 0, 1)).astype(np.int8)
        return kinds, np.where(kinds == 2, lo + k - n_simple, 0)

    def action_probabilities(self, observation: Observation) -> dict[Action, float]:
        simple, n_sizes = self._counts(observation)
        p = 1.0 / (len(simple) + n_sizes)
        out = {a: p for a in simple}
        if n_sizes:
            out[Action(_RAISE, 0)] = n_sizes * p
        return out

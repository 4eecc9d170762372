"""Hold'em opponents of clearly different styles, for opponent-modelling experiments (Billings2002 §"opponent modeling").

Component: players of fixed styles built from the state and the action selector (Billings2002 §6 experiments).

Billings2002 argues opponent modelling matters most against players who
differ from a "reasonable" generic opponent.  These four fixed players are
Kendall2001's loose/tight × passive/aggressive styles (its Tables 1–4 for
five-card draw) translated to limit hold'em: each continues (checks/calls)
above a strength threshold and bets/raises above a higher one, with linear
ramps of half-width ``sigma`` around both (a mixed strategy, the triples of
:func:`bpp.loki.selector.triples.threshold_triples`).  Strength is the holding's
income-rate percentile before the flop (:func:`bpp.loki.modeler.opponent_model.preflop_strength`)
and its EHS against one random hand after it
(:meth:`bpp.loki.evaluator.postflop.StreetTable.holding_strength`); the thresholds
(:data:`STYLES`) are chosen to give the styles, not taken from a paper:

===================  ================  ============================================
name                 Kendall2001       pre-flop call / raise, post-flop call / raise
===================  ================  ============================================
``maniac``           loose aggressive  0.15 / 0.50, 0.20 / 0.45
``calling-station``  loose passive     0.20 / 0.97, 0.15 / 0.95
``rock``             tight passive     0.85 / 0.95, 0.70 / 0.90
``tag``              tight aggressive  0.72 / 0.85, 0.55 / 0.75
===================  ================  ============================================

>>> import numpy as np
>>> from holdem.games import LimitHoldem
>>> from holdem.match import play_match
>>> r = play_match(LimitHoldem(n_players=4), [maniac(), calling_station(), rock(), tight_aggressive()], 20, rng=0)
>>> r.n_hands
20
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from bpp.loki.selector.betting import Context, betting_context, legal_columns, to_action
from bpp.loki.modeler.opponent_model import holding_strengths
from bpp.loki.selector.triples import draw_action, threshold_triples
from holdem.agents import Agent
from holdem.ranges import HOLDING_INDEX

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

    from holdem._typing import RngLike
    from holdem.games.base import Action, Observation

__all__ = ["STYLES", "StyleAgent", "maniac", "calling_station", "rock", "tight_aggressive"]

#: style → ((pre-flop call, pre-flop raise), (post-flop call, post-flop raise)) strength thresholds
STYLES = {
    "maniac": ((0.15, 0.50), (0.20, 0.45)),
    "calling-station": ((0.20, 0.97), (0.15, 0.95)),
    "rock": ((0.85, 0.95), (0.70, 0.90)),
    "tag": ((0.72, 0.85), (0.55, 0.75)),
}


class StyleAgent(Agent):
    """A fixed limit hold'em player of one style (:data:`STYLES`).

    Parameters
    ----------
    style : str
        A key of :data:`STYLES`.
    sigma : float
        Half-width of the ramps around the thresholds.
    rng : numpy.random.Generator, int or None

    Examples
    --------
    >>> StyleAgent("nit")
    Traceback (most recent call last):
    ...
    ValueError: The 'style' parameter of StyleAgent must be one of ['maniac', 'calling-station', 'rock', 'tag']; got 'nit'.
    """

    def __init__(self, style: str, *, sigma: float = 0.05, rng: RngLike = None):
        super().__init__(rng=rng)
        if style not in STYLES:
            raise ValueError(f"The 'style' parameter of StyleAgent must be one of {list(STYLES)}; got {style!r}.")
        if not sigma > 0:
            raise ValueError(f"The 'sigma' parameter of StyleAgent must be positive; got {sigma!r}.")
        self.style = style
        self.name = style
        self.sigma = float(sigma)

    def _triples(self, observation, holdings_index) -> tuple[np.ndarray, Context]:
        ctx = betting_context(observation)
        strength = holding_strengths(observation.public, observation.n_players, holdings_index)
        mu_call, mu_raise = STYLES[self.style][0 if ctx.round == 0 else 1]
        return threshold_triples(strength, mu_call, mu_raise, sigma=self.sigma,
                                 can_check=ctx.bets_to_call == 0, can_raise=ctx.can_raise), ctx

    def act(self, observation: Observation) -> Action:
        h = int(HOLDING_INDEX[observation.hole[0], observation.hole[1]])
        triple, ctx = self._triples(observation, h)
        return to_action(draw_action(triple, self.rng.random(), ctx.to_call > 0, ctx.can_raise), observation)

    def action_probabilities(self, observation: Observation) -> dict:
        h = int(HOLDING_INDEX[observation.hole[0], observation.hole[1]])
        row = legal_columns(self._triples(observation, h)[0], observation)
        return {a: float(p) for a, p in zip(observation.legal, row)}

    def holdings_action_probabilities(self, observation: Observation, holdings: ArrayLike) -> np.ndarray:
        """Every holding's distribution over ``observation.legal`` (batched: one strength lookup).

        ``holdings`` is an int array of card codes, shape (n, 2); the result is float64, shape (n, len(observation.legal)).
        """
        holdings = np.asarray(holdings)
        return legal_columns(self._triples(observation, HOLDING_INDEX[holdings[:, 0], holdings[:, 1]])[0], observation)

    def __repr__(self) -> str:
        return f"StyleAgent({self.style!r})"


def maniac(*, rng: RngLike = None) -> StyleAgent:
    """Loose-aggressive: plays most hands and bets or raises with anything decent."""
    return StyleAgent("maniac", rng=rng)


def calling_station(*, rng: RngLike = None) -> StyleAgent:
    """Loose-passive: calls with almost anything, raises only the nuts."""
    return StyleAgent("calling-station", rng=rng)


def rock(*, rng: RngLike = None) -> StyleAgent:
    """Tight-passive: plays few hands and rarely raises."""
    return StyleAgent("rock", rng=rng)


def tight_aggressive(*, rng: RngLike = None) -> StyleAgent:
    """Tight-aggressive: plays few hands and bets or raises them."""
    return StyleAgent("tag", rng=rng)

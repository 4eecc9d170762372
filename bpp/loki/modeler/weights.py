"""Opponent weight tables: one weight per holding, re-weighted after each action.

Component: the opponent modeler — the weight tables (Billings2002 §4 architecture figure; §6 "updating weight table").

Poki keeps, for each opponent, "a weight table" with "an entry for every
possible two-card hand" (Billings2002, "Weighting the enumeration").  When a hand
begins every entry is 1; holdings that use a known card (our hole cards, the
board) get 0; after each action of that opponent every entry is multiplied by
the probability that the opponent would have taken that action holding those
cards — the entry of the action in the holding's probability triple
``PT = (f, c, r)`` (Billings2002, Figure "updating weight table")::

    for each entry w of WT:  w ← w · PT[action]

In Bayesian terms the old table is the prior over the opponent's cards and
the new one the posterior (Billings2002; :mod:`bpp.loki.modeler.weightnet` builds that network
explicitly).  Loki's earlier re-weighting function (Billings et al., AAAI-98,
Billings1998b) multiplies instead by a factor linear in the holding's
effective hand strength, ``(EHS − μ + σ) / (2σ)`` clipped to ``[0.01, 1]``:
:func:`linear_reweighting`.

Actions index the triples as :class:`holdem.games.base.ActionKind` does:
``FOLD = 0``, ``CALL = 1`` (check or call), ``RAISE = 2`` (bet or raise).

Weights are relative: only their ratios matter (Billings2002: "in practice the weights
are in the range zero to one … only the relative sizes of the weights
affect the calculations").  :class:`WeightTable` is immutable: every update
returns a new table, so a hand's progression of tables is kept for free.

Examples
--------
>>> import numpy as np
>>> from bpp.loki.modeler.weights import WeightTable, RAISE, ramp_triples
>>> table = WeightTable(dead_cards="As Kd 7c 8h 2s")     # our cards and the flop
>>> table.total                                          # C(47, 2) live holdings
1081.0
>>> strength = np.linspace(0, 1, 1326)                   # a made-up strength per holding
>>> after = table.reweight_action(ramp_triples(strength, call_threshold=0.3, raise_threshold=0.6), RAISE)
>>> bool(after.total < table.total), bool(after.weights[0] == 0.0)
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from bpp.loki.state import ACTION_NAMES, CALL, FOLD, RAISE  # the triple columns, defined with the game state
from holdem.cards import CardsLike, parse_cards
from holdem.ranges import N_HOLDINGS, holdings_mask, weights_to_grid

if TYPE_CHECKING:
    from bpp.loki.evaluator.preflop import IncomeRates

__all__ = [
    "ACTION_NAMES",
    "CALL",
    "FOLD",
    "RAISE",
    "WeightTable",
    "linear_reweighting",
    "ramp_triples",
    "reweight",
]


def _check_action(action) -> int:
    if isinstance(action, str) and action in ACTION_NAMES:
        return ACTION_NAMES.index(action)
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool) and 0 <= action <= 2:
        return int(action)
    raise ValueError(
        f"The 'action' parameter must be 0 (fold), 1 (call), 2 (raise) or one of {ACTION_NAMES}; got {action!r}."
    )


def _check_vector(values, name: str) -> np.ndarray:
    arr = np.asarray(values, dtype=np.float64)
    if arr.shape != (N_HOLDINGS,):
        raise ValueError(f"The '{name}' parameter must have shape (1326,); got shape {arr.shape}.")
    if not np.all(np.isfinite(arr)) or np.any(arr < 0):
        bad = arr[~(np.isfinite(arr) & (arr >= 0))][0]
        raise ValueError(f"The '{name}' parameter must hold finite non-negative values; got {bad!r}.")
    return arr


def reweight(weights: np.ndarray, likelihood: np.ndarray, *, floor: float = 0.0, out: np.ndarray | None = None) -> np.ndarray:
    """The fast update ``w · max(likelihood, floor)`` on raw (1326,) arrays (no checks).

    The in-play path of :meth:`WeightTable.reweight`: a few microseconds.

    Parameters
    ----------
    weights, likelihood : numpy.ndarray, shape (1326,)
        The prior weights and, per holding, the probability of the observed action.
    floor : float
        Smallest factor kept (Loki keeps 1% for possible bluffs); 0 for Poki's rule.
    out : numpy.ndarray, optional
        Where to write (may be ``weights`` itself).

    Examples
    --------
    >>> reweight(np.ones(1326), np.full(1326, 0.5))[:3]
    array([0.5, 0.5, 0.5])
    >>> reweight(np.ones(1326), np.zeros(1326), floor=0.01)[0]
    np.float64(0.01)
    """
    factor = np.maximum(likelihood, floor) if floor > 0 else likelihood
    return np.multiply(weights, factor, out=out)


def linear_reweighting(ehs: ArrayLike, mu: float, sigma: float, *, floor: float = 0.01) -> np.ndarray:
    """Loki's re-weighting factor: ``(EHS − μ + σ) / (2σ)`` clipped to ``[floor, 1]``.

    From Billings, Papp, Schaeffer and Szafron, "Opponent Modeling in Poker"
    (AAAI-98; reference 5 of Billings1998, cited by Billings2002): ``μ`` is the effective hand
    strength the opponent typically needs for the observed action in its
    context, ``σ`` the spread; hands well below the threshold keep ``floor``
    of their weight (the opponent may be bluffing), hands above it all of it.

    Parameters
    ----------
    ehs : array_like of float
        Effective hand strength of each holding (any shape; usually (1326,)).
    mu, sigma : float
        Threshold and spread; ``sigma > 0``.
    floor : float
        Least factor, in [0, 1].

    Returns
    -------
    numpy.ndarray of float64, the shape of ``ehs``

    Examples
    --------
    >>> linear_reweighting([0.0, 0.5, 0.6, 0.7, 1.0], mu=0.6, sigma=0.1)
    array([0.01, 0.01, 0.5 , 1.  , 1.  ])
    >>> linear_reweighting([0.5], mu=0.6, sigma=0.0)
    Traceback (most recent call last):
    ...
    ValueError: The 'sigma' parameter of linear_reweighting must be a finite positive number; got 0.0.
    """
    if not 0 < sigma < np.inf:
        raise ValueError(f"The 'sigma' parameter of linear_reweighting must be a finite positive number; got {sigma!r}.")
    if not -np.inf < mu < np.inf:
        raise ValueError(f"The 'mu' parameter of linear_reweighting must be a finite number; got {mu!r}.")
    if not 0.0 <= floor <= 1.0:
        raise ValueError(f"The 'floor' parameter of linear_reweighting must be in [0, 1]; got {floor!r}.")
    ehs = np.asarray(ehs, dtype=np.float64)
    if ehs.ndim == 0:
        return np.clip((ehs - mu + sigma) / (2.0 * sigma), floor, 1.0)
    out = (ehs - mu + sigma) / (2.0 * sigma)
    np.maximum(out, floor, out=out)  # np.clip's values, without its overhead
    return np.minimum(out, 1.0, out=out)


def ramp_triples(
    strength: ArrayLike,
    *,
    call_threshold: float,
    raise_threshold: float,
    spread: float = 0.1,
    bets_to_call: int = 1,
) -> np.ndarray:
    """Probability triples from a strength per holding and two thresholds, with linear ramps.

    A simple, generic triple generator (the shape of Loki's re-weighting
    function, applied twice): the probability of continuing (call or raise)
    rises linearly from 0 at ``call_threshold − spread`` to 1 at
    ``call_threshold + spread``, the probability of raising likewise around
    ``raise_threshold``.  With nothing to call (``bets_to_call == 0``) folding
    is never chosen (checking is free, Billings2002 "Terminology"), so its mass goes
    to check.  The betting modules build richer triples (pot odds, opponent
    models); this one drives the examples and the weight-table figures.

    Parameters
    ----------
    strength : array_like of float
        EHS (or any strength in [0, 1], or income rates with thresholds in the
        same unit), shape ``(...)``.
    call_threshold, raise_threshold : float
        Strength at which a hand continues / raises half of the time.
    spread : float
        Half-width of each ramp, ``> 0``.
    bets_to_call : int
        0 when the player may check.

    Returns
    -------
    numpy.ndarray of float64, shape ``(..., 3)``
        (fold, call, raise) probabilities summing to 1.

    Examples
    --------
    >>> ramp_triples([0.1, 0.55, 0.9], call_threshold=0.4, raise_threshold=0.7)
    array([[1., 0., 0.],
           [0., 1., 0.],
           [0., 0., 1.]])
    >>> ramp_triples([0.1], call_threshold=0.4, raise_threshold=0.7, bets_to_call=0)
    array([[0., 1., 0.]])
    >>> ramp_triples([0.1], call_threshold=0.4, raise_threshold=0.7, spread=0)
    Traceback (most recent call last):
    ...
    ValueError: The 'spread' parameter of ramp_triples must be positive; got 0.
    """
    if not spread > 0:
        raise ValueError(f"The 'spread' parameter of ramp_triples must be positive; got {spread!r}.")
    if bets_to_call < 0:
        raise ValueError(f"The 'bets_to_call' parameter of ramp_triples must be >= 0; got {bets_to_call!r}.")
    s = np.asarray(strength, dtype=np.float64)
    go = np.clip((s - call_threshold + spread) / (2.0 * spread), 0.0, 1.0)
    up = np.clip((s - raise_threshold + spread) / (2.0 * spread), 0.0, 1.0)
    if bets_to_call == 0:
        go = np.ones_like(s)
    up = np.minimum(up, go)
    return np.stack([1.0 - go, go - up, up], axis=-1)


class WeightTable:
    """One opponent's weights over the 1,326 holdings (Billings2002 "Weighting the enumeration").

    Immutable: :meth:`remove_cards` and the ``reweight…`` methods return new
    tables.  The weights are relative (only ratios matter); holdings that
    conflict with known cards have weight 0.

    Parameters
    ----------
    weights : array_like, shape (1326,), optional
        Initial weights (finite, non-negative); ``None`` gives every holding 1
        (Billings2002: "when a new hand begins, each entry is initialized to weight one").
    dead_cards : str or array_like of int, optional
        Known cards (ours, the board): holdings using them get weight 0.

    Attributes
    ----------
    weights : numpy.ndarray of float64, shape (1326,), read-only
        One weight per holding, in :data:`holdem.ranges.HOLDINGS` order.
    live : numpy.ndarray of bool, shape (1326,), read-only
        Holdings that share no card with the known cards (a zero weight from
        re-weighting keeps a holding live; a known card does not).

    Examples
    --------
    >>> t = WeightTable(dead_cards="Ah Ad")
    >>> t.total, round(float(t.probabilities.sum()), 12)
    (1225.0, 1.0)
    >>> t.grid().shape
    (13, 13)
    >>> WeightTable(np.ones(169))
    Traceback (most recent call last):
    ...
    ValueError: The 'weights' parameter must have shape (1326,); got shape (169,).
    """

    __slots__ = ("weights", "live")
    weights: np.ndarray
    live: np.ndarray

    def __init__(self, weights: ArrayLike | None = None, *, dead_cards: CardsLike | None = None) -> None:
        w = np.ones(N_HOLDINGS) if weights is None else _check_vector(weights, "weights").copy()
        if dead_cards is not None and len(parse_cards(dead_cards, distinct=False)):
            live = holdings_mask(dead_cards)
            w[~live] = 0.0
        else:
            live = _ALL_LIVE
        w.flags.writeable = False
        object.__setattr__(self, "weights", w)
        object.__setattr__(self, "live", live if live is _ALL_LIVE else _read_only(live))

    def __setattr__(self, name, value):
        raise AttributeError("WeightTable is immutable: its methods return new tables")

    @classmethod
    def _trusted(cls, w: np.ndarray, live: np.ndarray) -> "WeightTable":
        table = object.__new__(cls)
        w.flags.writeable = False
        object.__setattr__(table, "weights", w)
        object.__setattr__(table, "live", live)
        return table

    @classmethod
    def from_income_rates(
        cls,
        rates: IncomeRates | ArrayLike | None = None,
        *,
        threshold: float = 0.0,
        spread: float = 200.0,
        floor: float = 0.01,
        dead_cards: CardsLike | None = None,
    ) -> "WeightTable":
        """Loki's common pre-flop weights: a ramp over the income rates (Billings1998 §4.3).

        "Currently the common weights are based on the simulations of the 169
        different starting hand types" (Billings1998 §4.3): a holding whose class
        earns ``threshold`` milli-bets gets weight 0.5, the weight rising
        linearly to 1 at ``threshold + spread`` and falling to ``floor`` at
        ``threshold − spread`` (:func:`linear_reweighting` over income rates).

        Parameters
        ----------
        rates : IncomeRates, array_like of shape (169,) or (1326,), optional
            Income rates in milli-bets; default the committed ten-player table
            (:func:`bpp.loki.evaluator.preflop.load_income_rates`).
        threshold, spread : float
            Milli-bets.
        floor : float
            Least weight.
        dead_cards : optional
            Known cards.

        Examples
        --------
        >>> rates = np.zeros(169); rates[0] = 1000.0; rates[168] = -1000.0   # AA, 22
        >>> t = WeightTable.from_income_rates(rates)
        >>> float(t.weights[-1]), float(t.weights[0]), float(t.weights[1])    # AhAs, 2c2d, 2c2h
        (1.0, 0.01, 0.01)
        """
        from bpp.loki.evaluator.preflop import IncomeRates, load_income_rates

        if rates is None:
            rates = load_income_rates(10)
        per_holding = rates.holding_rates() if isinstance(rates, IncomeRates) else _rates_per_holding(rates)
        for name, value in (("threshold", threshold), ("spread", spread)):
            if not isinstance(value, (int, float, np.integer, np.floating)) or not np.isfinite(value):
                raise ValueError(f"The '{name}' parameter of WeightTable.from_income_rates must be a finite number "
                                 f"(milli-bets); got {value!r}.")
        return cls(linear_reweighting(per_holding, threshold, spread, floor=floor), dead_cards=dead_cards)

    # --- views --------------------------------------------------------------------------------

    @property
    def total(self) -> float:
        """Sum of the weights."""
        return float(self.weights.sum())

    @property
    def probabilities(self) -> np.ndarray:
        """The weights normalised to sum to 1: the posterior over holdings.

        Raises ValueError when every weight is 0.
        """
        total = self.weights.sum()
        if not total > 0:
            raise ValueError("the weight table has no weight left (every holding has weight 0)")
        return self.weights / total

    def grid(self, *, normalize: bool = True) -> np.ndarray:
        """Mean weight per class over its live holdings, on the 13×13 grid (ranks A…2; suited above the diagonal).

        Holdings that use a known card are left out of their class's mean (a
        class with none live shows 0).  With ``normalize`` (default) the
        largest class mean is 1, the scale of the paper's figure (darker =
        relatively heavier).

        Examples
        --------
        >>> g = WeightTable(dead_cards="As").grid()
        >>> float(g[0, 0]), float(g[12, 12])             # AA keeps 3 live combos of weight 1
        (1.0, 1.0)
        """
        sums = weights_to_grid(self.weights)
        counts = weights_to_grid(self.live.astype(np.float64))
        grid = np.divide(sums, counts, out=np.zeros_like(sums), where=counts > 0)
        top = grid.max()
        return grid / top if normalize and top > 0 else grid

    def __array__(self, dtype=None, copy=None):
        return self.weights if dtype is None else self.weights.astype(dtype)

    def __repr__(self) -> str:
        live = int(np.count_nonzero(self.weights))
        return f"WeightTable(total={self.total:.4g}, live={live})"

    # --- updates ------------------------------------------------------------------------------

    def remove_cards(self, cards: CardsLike) -> "WeightTable":
        """A table with weight 0 for every holding that uses one of ``cards`` (a new board card).

        Examples
        --------
        >>> WeightTable().remove_cards("2c").total
        1275.0
        """
        mask = holdings_mask(cards)
        w = self.weights * mask
        return WeightTable._trusted(w, _read_only(self.live & mask))

    def reweight(self, likelihood: ArrayLike, *, floor: float = 0.0) -> "WeightTable":
        """Bayes' rule, unnormalised: ``w ← w · max(likelihood, floor)``.

        Parameters
        ----------
        likelihood : array_like, shape (1326,)
            P(observed action | holding) for every holding.
        floor : float
            Least factor (Loki's 0.01 for bluffs); 0 keeps Poki's rule exactly.

        Examples
        --------
        >>> WeightTable().reweight(np.full(1326, 0.25)).total
        331.5
        >>> WeightTable().reweight(np.full(1326, -1.0))
        Traceback (most recent call last):
        ...
        ValueError: The 'likelihood' parameter must hold finite non-negative values; got np.float64(-1.0).
        """
        lik = _check_vector(likelihood, "likelihood")
        return WeightTable._trusted(reweight(self.weights, lik, floor=floor), self.live)

    def reweight_action(self, triples: ArrayLike, action: int | str, *, floor: float = 0.0) -> "WeightTable":
        """Poki's update after an observed action: ``w ← w · PT[action]`` (Billings2002 Figure "updating weight table").

        Parameters
        ----------
        triples : array_like, shape (1326, 3)
            The (fold, call, raise) triple the opponent's model gives each holding
            in the context of the action.
        action : int or str
            ``FOLD``/``CALL``/``RAISE`` (0/1/2) or ``"fold"``/``"call"``/``"raise"``.
        floor : float
            Least factor.

        Examples
        --------
        >>> pt = np.tile([0.0, 0.7, 0.3], (1326, 1))
        >>> WeightTable().reweight_action(pt, "raise").weights[:2]
        array([0.3, 0.3])
        >>> WeightTable().reweight_action(pt, "check")
        Traceback (most recent call last):
        ...
        ValueError: The 'action' parameter must be 0 (fold), 1 (call), 2 (raise) or one of ('fold', 'call', 'raise'); got 'check'.
        """
        a = _check_action(action)
        triples = np.asarray(triples, dtype=np.float64)
        if triples.shape != (N_HOLDINGS, 3):
            raise ValueError(f"The 'triples' parameter must have shape (1326, 3); got shape {triples.shape}.")
        return self.reweight(triples[:, a], floor=floor)

    def reweight_linear(self, ehs: ArrayLike, mu: float, sigma: float, *, floor: float = 0.01) -> "WeightTable":
        """Loki's update: multiply by :func:`linear_reweighting` of each holding's EHS.

        Examples
        --------
        >>> ehs = np.linspace(0, 1, 1326)
        >>> t = WeightTable().reweight_linear(ehs, mu=0.5, sigma=0.1)
        >>> float(t.weights[0]), float(t.weights[-1])
        (0.01, 1.0)
        """
        factor = linear_reweighting(_check_vector(ehs, "ehs"), mu, sigma, floor=floor)
        return WeightTable._trusted(self.weights * factor, self.live)


def _read_only(arr: np.ndarray) -> np.ndarray:
    arr.flags.writeable = False
    return arr


_ALL_LIVE = _read_only(np.ones(N_HOLDINGS, dtype=bool))


def _rates_per_holding(rates) -> np.ndarray:
    from holdem.ranges import CLASS_OF_HOLDING

    arr = np.asarray(rates, dtype=np.float64)
    if arr.shape == (169,):
        return arr[CLASS_OF_HOLDING]
    if arr.shape == (N_HOLDINGS,):
        return arr
    raise ValueError(f"The 'rates' parameter must have shape (169,) or (1326,); got shape {arr.shape}.")


"""Opponent modelling: the generic (GOM) and specific (SOM) opponent models of Poki (Billings2002 "opponent modeling").

Component: the opponent modeler — the generic and specific models (Billings2002 §4 architecture figure; §6).

Poki predicts an opponent's action as a probability triple.  The *generic*
model (GOM) assumes every opponent plays "a particular reasonable manner": a
fixed table of thresholds.  The *specific* model (SOM) learns from the
opponent's own history: "the basic system distinguishes twelve contexts —
betting round (pre-flop, flop, turn, river) × betting level (zero, one, two or
more bets to call)"; in each, "historical frequencies determine the opponent's
normal requirements (average effective hand strength) for the observed action.
The threshold is input to the formula betting strategy, which generates a
mixed strategy of rational actions" (Billings2002).

Here a context's action frequencies become thresholds on a strength in
[0, 1] (EHS against one random hand after the flop, the income-rate
percentile before it, :func:`holding_strengths`): an opponent who raised a
share ``f_r`` of the time and continued (called or raised) a share ``f_c`` is
taken to raise with the strongest ``f_r`` of its holdings and continue with
the strongest ``f_c``, so ``μ_raise = 1 − f_r`` and ``μ_call = 1 − f_c`` (the
strength being a percentile).  The frequencies are smoothed towards the GOM's
(``prior`` pseudo-observations), so a new opponent starts at the GOM.  The
thresholds generate the opponent's triples with the ramps of
:func:`bpp.loki.selector.triples.threshold_triples`, which re-weight its table (Billings2002
"updating weight table") and drive it in the simulations.

Opponents are tracked by their seat *relative to ours* (``(seat − our seat)
mod n``): that is what identifies an opponent in an ordinary match and in the
cyclic rotations of :mod:`holdem.match.duplicate`.

>>> som = OpponentModel(n_players=3)
>>> for _ in range(40):
...     _ = som.observe(1, round=1, bets_to_call=1, action=RAISE)   # a maniac on the flop
>>> mu_call, mu_raise = som.thresholds(1, round=1, bets_to_call=1)
>>> bool(mu_raise < GOM_RAISE[1, 1])
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from holdem.checks import check_int

from bpp.loki.state import (  # noqa: F401  (the seat rules and the tracker, re-exported where they used to live)
    ActionRecord,
    HandTracker,
    blind_seats,
    button_from_first_actor,
    first_to_act,
)
from bpp.loki.selector.triples import CALL, FOLD, RAISE, threshold_triples

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import ArrayLike, NDArray

    from bpp.loki.selector.betting import LokiRules

__all__ = [
    "GOM_CALL",
    "GOM_RAISE",
    "GOM_SIGMA",
    "OpponentModel",
    "HandTracker",
    "ActionRecord",
    "blind_seats",
    "first_to_act",
    "button_from_first_actor",
    "holding_strengths",
    "preflop_strength",
    "loki_thresholds",
]

#: Generic model: EHS (strength percentile) at which a "reasonable" opponent continues, by round × bets to call 0, 1, 2+.
GOM_CALL = np.array(
    [
        [0.0, 0.65, 0.8],  # pre-flop: play about a third of the hands, fewer against a raise
        [0.0, 0.5, 0.7],
        [0.0, 0.55, 0.75],
        [0.0, 0.55, 0.75],
    ]
)
#: Generic model: strength at which it bets or raises.
GOM_RAISE = np.array(
    [
        [0.85, 0.9, 0.95],
        [0.6, 0.8, 0.9],
        [0.65, 0.82, 0.92],
        [0.65, 0.85, 0.93],
    ]
)
GOM_CALL.flags.writeable = False
GOM_RAISE.flags.writeable = False


def _gom_frequencies() -> np.ndarray:
    """The generic model's (fold, call, raise) frequencies by round × bets to call, (4, 3, 3): the thresholds'
    complements (the strongest ``1 − GOM_RAISE`` raise, the next ``GOM_RAISE − GOM_CALL`` call)."""
    f_raise = 1.0 - GOM_RAISE
    f_continue = 1.0 - GOM_CALL
    prior = np.stack([1.0 - f_continue, f_continue - f_raise, f_raise], axis=-1)  # (4, 3, 3)
    prior[:, 0, FOLD] = 0.0  # nobody folds when checking is free
    prior[:, 0] /= prior[:, 0].sum(axis=-1, keepdims=True)
    prior.flags.writeable = False
    return prior


_GOM_FREQUENCIES = _gom_frequencies()  # (computed once: frequencies() runs after every opponent's update)
#: Half-width σ of the ramps of modelled opponents, one value for every round.  The sources differ: Papp's
#: Loki thesis (1998) used σ = 330 milli-bets on the income-rate scale before the flop and Peña's (1999)
#: σ = 0.2 on the EHS scale after it.  Our pre-flop strength is an income-rate *percentile*, not milli-bets,
#: so 330 mb has no direct counterpart; 0.1 is a choice (not calibrated by play) that keeps the ramp
#: narrower than Peña's, between the 0.05 of Poki's own formula (:class:`bpp.loki.selector.triples.FormulaParams`)
#: and 0.2.  A deviation: in Billings2002 the opponent's thresholds are "input to the formula betting strategy, which
#: generates a mixed strategy" — the same routine as Poki's own betting, with its pot-odds calls and position
#: terms — while here they make the plain two-ramp triples of :func:`bpp.loki.selector.triples.threshold_triples`.
GOM_SIGMA = 0.1


def loki_thresholds(rules: LokiRules | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The generic model of an opponent that bets as Loki does: (μ_call, μ_raise), each (4, 3) (round × bets to call 0, 1, 2+).

    After the flop the thresholds are Loki's own (Billings1998 §4.4,
    :class:`bpp.loki.selector.betting.LokiRules`) on the scale Loki thresholds, the
    EHS of the holding *as its holder sees it* — HS against every remaining
    opponent times Ppot (:meth:`bpp.loki.evaluator.postflop.StreetTable.player_ehs`):
    a Loki player bets with nothing to call at EHS ≥ ``make1`` (0.5), calls
    one bet at ``make1`` and two or more at ``make2``, raises one bet at
    ``make2`` and two at ``make4``.  (Calls on pot odds, Ppot > pot odds, come
    below these thresholds; the ramp's spread and the 1 % floor keep them.)
    Before the flop the rows are the GOM's (income-rate percentiles,
    :data:`GOM_CALL`, :data:`GOM_RAISE`): the pre-flop rules of
    :mod:`bpp.loki.evaluator.preflop` threshold income rates, not EHS.

    >>> mu_call, mu_raise = loki_thresholds()
    >>> mu_raise[1].tolist(), mu_call[2].tolist()
    ([0.5, 0.85, 0.95], [0.0, 0.5, 0.85])
    """
    if rules is None:
        from bpp.loki.selector.betting import LokiRules

        rules = LokiRules()
    mu_call = np.array(GOM_CALL, dtype=np.float64)
    mu_raise = np.array(GOM_RAISE, dtype=np.float64)
    mu_call[1:] = (0.0, rules.make1, rules.make2)
    mu_raise[1:] = (rules.make1, rules.make2, rules.make4)
    mu_call.flags.writeable = False
    mu_raise.flags.writeable = False
    return mu_call, mu_raise


def checked_counts(counts: np.ndarray, n_players: int, name: str, key: str = "counts_") -> np.ndarray:
    """``counts`` read from the file ``name`` as :attr:`OpponentModel.counts_`, checked before use.

    The shape must be ``(n_players, 4, 3, 3)`` and every count a finite number
    ≥ 0; anything else is one ``ValueError`` naming the file and the array.

    >>> checked_counts(np.full((2, 4, 3, 3), np.nan), 2, "'m.npz'")
    Traceback (most recent call last):
    ...
    ValueError: 'm.npz': array 'counts_' holds counts that are not finite numbers >= 0
    """
    if counts.shape != (n_players, 4, 3, 3):
        raise ValueError(f"{name}: array {key!r} has shape {counts.shape}; expected {(n_players, 4, 3, 3)}")
    if not (np.isfinite(counts).all() and (counts >= 0).all()):
        raise ValueError(f"{name}: array {key!r} holds counts that are not finite numbers >= 0")
    return counts.astype(np.float64)


class OpponentModel:
    """Action frequencies of each opponent in the twelve contexts, turned into thresholds (Billings2002 SOM).

    Parameters
    ----------
    n_players : int
        Seats at the table (opponents are indexed by relative seat ``1 … n − 1``).
    prior : float
        Pseudo-observations of the GOM's frequencies in every context; ``inf``
        (or ``specific=False``) gives the pure generic model.
    specific : bool
        Learn (SOM) or not (GOM).
    sigma : float
        Ramp half-width of the triples.

    Attributes
    ----------
    counts_ : numpy.ndarray of float64, shape (n_players, 4, 3, 3)
        Observed actions per relative seat, round, bets to call (0, 1, 2+) and action.

    Examples
    --------
    >>> gom = OpponentModel(n_players=2, specific=False)
    >>> [round(float(x), 2) for x in gom.thresholds(1, round=1, bets_to_call=0)]
    [0.0, 0.6]
    >>> OpponentModel(n_players=1)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_players' parameter of OpponentModel must be an integer in [2, 10]; got 1.
    """

    def __init__(self, n_players: int, *, prior: float = 10.0, specific: bool = True, sigma: float = GOM_SIGMA):
        self.n_players = check_int("OpponentModel", "n_players", n_players, 2, 10)
        if not prior > 0:
            raise ValueError(f"The 'prior' parameter of OpponentModel must be positive; got {prior!r}.")
        if not sigma > 0:
            raise ValueError(f"The 'sigma' parameter of OpponentModel must be positive; got {sigma!r}.")
        self.prior = float(prior)
        self.specific = bool(specific)
        self.sigma = float(sigma)
        self.counts_ = np.zeros((self.n_players, 4, 3, 3))
        self._cache: tuple[np.ndarray, np.ndarray] | None = None

    def observe(self, opponent: int, *, round: int, bets_to_call: int, action: int) -> "OpponentModel":
        """Count one action of relative seat ``opponent`` in context (``round``, ``bets_to_call``)."""
        opponent = check_int("OpponentModel.observe", "opponent", opponent, 0, self.n_players - 1)
        r = check_int("OpponentModel.observe", "round", round, 0, 3)
        b = min(check_int("OpponentModel.observe", "bets_to_call", bets_to_call, 0), 2)
        a = check_int("OpponentModel.observe", "action", action, 0, 2)
        if self.specific:
            self.counts_[opponent, r, b, a] += 1.0
            self._cache = None
        return self

    def observe_many(self, records: ArrayLike) -> "OpponentModel":
        """Count many actions at once: ``records`` an int array of shape (k, 4) of (relative seat, round, bets to call, action)."""
        rec = np.asarray(records, dtype=np.intp).reshape(-1, 4)
        if rec.size == 0 or not self.specific:
            return self
        if rec.min() < 0 or rec[:, 0].max() >= self.n_players or rec[:, 1].max() > 3 or rec[:, 3].max() > 2:
            raise ValueError(f"The 'records' parameter of OpponentModel.observe_many holds a bad row; got {rec.tolist()!r}.")
        np.add.at(self.counts_, (rec[:, 0], rec[:, 1], np.minimum(rec[:, 2], 2), rec[:, 3]), 1.0)
        self._cache = None
        return self

    def frequencies(self) -> np.ndarray:
        """Smoothed (fold, call, raise) frequencies, shape (n_players, 4, 3, 3)."""
        if not self.specific or not np.isfinite(self.prior):
            return np.broadcast_to(_GOM_FREQUENCIES, self.counts_.shape).copy()
        c = self.counts_ + self.prior * _GOM_FREQUENCIES
        return c / c.sum(axis=-1, keepdims=True)

    def threshold_table(self) -> tuple[np.ndarray, np.ndarray]:
        """(μ_call, μ_raise), each of shape (n_players, 4, 3): relative seat × round × bets to call."""
        if self._cache is None:
            f = self.frequencies()
            mu_raise = 1.0 - f[..., RAISE]
            mu_call = 1.0 - f[..., RAISE] - f[..., CALL]
            mu_call[:, :, 0] = 0.0
            self._cache = (mu_call, mu_raise)
        return self._cache

    def thresholds(self, opponent: int, *, round: int, bets_to_call: int) -> tuple[float, float]:
        """(μ_call, μ_raise) of relative seat ``opponent`` in one context."""
        mu_call, mu_raise = self.threshold_table()
        b = min(int(bets_to_call), 2)
        return float(mu_call[opponent, round, b]), float(mu_raise[opponent, round, b])

    def triples(self, opponent: int, strength: ArrayLike, *, round: int, bets_to_call: int, can_raise: bool = True) -> np.ndarray:
        """The opponent's triples for holdings of the given ``strength`` (any shape) in one context.

        >>> OpponentModel(2, specific=False).triples(1, [0.1, 0.7, 0.99], round=1, bets_to_call=1).round(2).tolist()
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
        """
        mu_call, mu_raise = self.thresholds(opponent, round=round, bets_to_call=bets_to_call)
        return threshold_triples(
            strength, mu_call, mu_raise, sigma=self.sigma, can_check=bets_to_call == 0, can_raise=can_raise
        )


def preflop_strength(n_players: int = 10) -> np.ndarray:
    """Every holding's pre-flop strength: its income-rate percentile (0 worst … 1 best), shape (1326,).

    From the income rates of :mod:`bpp.loki.evaluator.preflop` for ``n_players`` (cached).

    >>> s = preflop_strength(10)
    >>> from holdem.ranges import holding_index
    >>> s[holding_index("AsAh")] > 0.99 > s[holding_index("7c2d")]
    np.True_
    """
    key = int(n_players)
    got = _PREFLOP.get(key)
    if got is None:
        from bpp.loki.evaluator.preflop import load_income_rates
        from holdem.ranges import CLASS_OF_HOLDING

        rates = load_income_rates(key).rates[CLASS_OF_HOLDING]
        order = np.argsort(rates, kind="stable")
        pct = np.empty(rates.size)
        pct[order] = (np.arange(rates.size) + 0.5) / rates.size
        # equal rates (the same class) share their mean percentile
        sums = np.bincount(CLASS_OF_HOLDING, pct)
        counts = np.bincount(CLASS_OF_HOLDING)
        got = (sums / counts)[CLASS_OF_HOLDING]
        got.flags.writeable = False
        _PREFLOP[key] = got
    return got


_PREFLOP: dict[int, np.ndarray] = {}


def holding_strengths(board: Sequence[int] | NDArray[np.integer], n_players: int = 10,
                      holdings: int | Sequence[int] | NDArray[np.integer] | None = None) -> NDArray[np.float64] | float:
    """The strength of every holding that the models threshold: income-rate percentile pre-flop, else EHS vs one random hand.

    ``holdings`` (holding indices) selects some; one integer index gives that holding's strength as a float,
    computed after the flop without the other holdings' potential (:meth:`StreetTable.strength_of
    <bpp.loki.evaluator.postflop.StreetTable.strength_of>`, the same number).

    >>> holding_strengths((), 10).shape
    (1326,)
    >>> bool(holding_strengths((6, 8, 38), 2, 100) == holding_strengths((6, 8, 38), 2)[100])
    True
    """
    if len(board) == 0:
        strength = preflop_strength(n_players)
        return strength if holdings is None else strength[holdings]
    from bpp.loki.evaluator.postflop import street_table

    table = street_table(board)
    if isinstance(holdings, (int, np.integer)):
        return table.strength_of(int(holdings))
    strength = table.holding_strength()[1]
    return strength if holdings is None else strength[holdings]

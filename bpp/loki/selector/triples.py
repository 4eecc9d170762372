"""Probability triples and the formula betting strategy of Poki (Billings2002 "probability triples", "basic betting strategy").

Component: the action selector — probability triples and the formula strategy (Billings2002 §4 architecture figure; §5).

A *probability triple* ``PT = (f, c, r)`` is a probability distribution over
the three limit actions fold, check/call and bet/raise in one context (Billings2002).
Poki uses the same abstraction three times: its own (formula) betting picks
an action by drawing from its triple; the opponent modeller multiplies an
opponent's weight table by the triple entry of the action it saw
(:mod:`bpp.loki.modeler.weights`); the simulation lets every player act by its
triple (:mod:`bpp.loki.simulator.sampling`).  Columns are :data:`FOLD`, :data:`CALL`,
:data:`RAISE` (0, 1, 2, as :class:`holdem.games.base.ActionKind`).

The triple-generation routine of Poki "consists of ad hoc rules and formulas
that use EHS, the opponent model, game conditions and probability estimates"
whose "precise details … are of limited scientific interest" (Billings2002).  Ours,
:func:`formula_triple`, is that kind of routine made explicit: thresholds on
EHS by betting level (Loki's 0.5 to bet, Billings1998 §4.4, and the Make-1/2/4 levels of
:mod:`bpp.loki.evaluator.preflop` after the flop), moved by position, turned into
probabilities by linear ramps (the shape of Loki's re-weighting function),
plus calls justified by pot odds — on Ppot before the river (Billings1998 §4.4) and on
showdown odds (HS) on the river.

What Billings2002 describes and this routine does not build in: deliberate
*bluffing* and *semi-bluffing* (betting weak hands, or drawing hands on
their potential, to win the pot at once), *check-raising* and
*slow-playing* (checking or calling a strong hand to raise later or to keep
opponents in).  Why not: the paper names them in an expert human's
annotated sample hand and in its glossary, and says that Poki's triple
routine is "ad hoc rules and formulas" whose "precise details … are of
limited scientific interest"; it gives no rule, context or frequency for
any of them.  Building them would mean inventing four rules and four
frequencies, and every Poki result of this package (the predictor and
meta-player tables, LBR's exploitability rows) would then measure our
invention rather than the paper.  What the paper does specify is that the
*simulation* strategy finds such plays by itself when a trial line that
checks and then raises has the higher value; here a simulation trial
chooses fold / call / raise now and plays later actions by the triples, so
a check-raise is never planned (a documented limit of
:mod:`bpp.loki.simulator`).  The ramps make weak hands bet occasionally
near the thresholds, which is unpredictability, not a bluff.

>>> formula_triple(0.9, bets_to_call=0).round(2).tolist()
[0.0, 0.0, 1.0]
>>> formula_triple(0.1, pot_odds=0.2, bets_to_call=1).round(2).tolist()
[1.0, 0.0, 0.0]
>>> formula_triple(0.1, ppot=0.3, pot_odds=0.2, bets_to_call=1).round(2).tolist()
[0.0, 1.0, 0.0]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from bpp.loki.state import CALL, FOLD, RAISE

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import ArrayLike, NDArray


__all__ = [
    "FOLD",
    "CALL",
    "RAISE",
    "ramp",
    "threshold_triples",
    "pot_odds",
    "FormulaParams",
    "formula_triple",
    "sample_action",
    "draw_action",
]


def ramp(x: ArrayLike, mu: float | NDArray[np.float64], sigma: float | NDArray[np.float64]) -> np.ndarray:
    """``clip((x − μ + σ) / (2σ), 0, 1)``: 0 well below the threshold μ, 1 well above (broadcasts).

    >>> ramp([0.3, 0.5, 0.7], 0.5, 0.1).tolist()
    [0.0, 0.5, 1.0]
    """
    x = np.asarray(x, dtype=np.float64)
    return np.clip((x - mu + sigma) / (2.0 * sigma), 0.0, 1.0)


def threshold_triples(strength: Any, mu_call: Any, mu_raise: Any, *, sigma: Any = 0.1, can_check: Any = False,
                      can_raise: Any = True) -> np.ndarray:
    """Triples from a strength and two thresholds: continue above ``mu_call``, raise above ``mu_raise``.

    The probability of continuing (call or raise) is ``ramp(strength, mu_call,
    sigma)``, of raising ``ramp(strength, mu_raise, sigma)`` (capped by the
    first).  Where the player may check (``can_check``) folding is never
    chosen and its mass goes to check (Billings2002: checking is free); without
    ``can_raise`` (the round is capped) the raise mass goes to call.  All
    arguments broadcast, so one call builds the triples of every holding, or
    of every player of every simulated trial.

    Parameters
    ----------
    strength : array_like of float
        EHS (or any strength in [0, 1]).
    mu_call, mu_raise, sigma : array_like of float
        Thresholds and ramp half-width (``sigma > 0``).
    can_check, can_raise : bool or array_like of bool

    Returns
    -------
    numpy.ndarray of float64, shape ``broadcast shape + (3,)``

    Examples
    --------
    >>> threshold_triples([0.2, 0.6, 0.95], 0.5, 0.9, sigma=0.05).round(6).tolist()
    [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    >>> threshold_triples(0.2, 0.5, 0.9, can_check=True).tolist()
    [0.0, 1.0, 0.0]
    >>> threshold_triples(0.5, 0.5, 0.9, sigma=0)
    Traceback (most recent call last):
    ...
    ValueError: The 'sigma' parameter of threshold_triples must be positive; got 0.
    """
    if all(type(a) in (float, int, bool, np.float64, np.bool_) for a in (strength, mu_call, mu_raise, sigma, can_check, can_raise)):
        # one player's decision: the same float64 operations in plain Python (numpy's per-call overhead is most
        # of a scalar decision)
        if not sigma > 0:
            raise ValueError(f"The 'sigma' parameter of threshold_triples must be positive; got {sigma!r}.")
        go = 1.0 if can_check else min(max((strength - mu_call + sigma) / (2.0 * sigma), 0.0), 1.0)
        up = min(min(max((strength - mu_raise + sigma) / (2.0 * sigma), 0.0), 1.0), go) if can_raise else 0.0
        return np.array([1.0 - go, go - up, up])
    if np.any(np.asarray(sigma) <= 0):
        raise ValueError(f"The 'sigma' parameter of threshold_triples must be positive; got {sigma!r}.")
    go = ramp(strength, mu_call, sigma)
    up = ramp(strength, mu_raise, sigma)
    go, up, can_check, can_raise = np.broadcast_arrays(go, up, can_check, can_raise)
    go = np.where(can_check, 1.0, go)
    up = np.where(can_raise, np.minimum(up, go), 0.0)
    return np.stack([1.0 - go, go - up, up], axis=-1)


def pot_odds(to_call: ArrayLike, pot: float | NDArray[np.float64]) -> float | np.ndarray:
    """``bets_to_us / (bets_in_pot + bets_to_us)`` (Billings1998 §4.4); 0 when nothing is owed.

    >>> round(pot_odds(20, 175), 3)     # the worked example of Billings1998 §4.4
    0.103
    >>> pot_odds(-1, 10)
    Traceback (most recent call last):
    ...
    ValueError: The 'to_call' parameter of pot_odds must be >= 0; got -1.
    """
    if np.any(np.asarray(to_call) < 0):
        raise ValueError(f"The 'to_call' parameter of pot_odds must be >= 0; got {to_call!r}.")
    if np.any(np.asarray(pot) < 0):
        raise ValueError(f"The 'pot' parameter of pot_odds must be >= 0; got {pot!r}.")
    to_call = np.asarray(to_call, dtype=np.float64)
    total = to_call + pot
    out = np.where(total > 0, to_call / np.where(total > 0, total, 1.0), 0.0)
    return float(out) if out.ndim == 0 else out


@dataclass(frozen=True)
class FormulaParams:
    """Thresholds of the formula betting strategy, indexed by bets to call 0, 1, 2+.

    ``call[b]`` is the EHS at which a hand facing ``b`` bets continues half the
    time; ``raise_[b]`` the EHS at which it bets/raises half the time.  The
    defaults follow Loki: bet with EHS above 0.5 when no one has bet (Billings1998 §4.4),
    raise (make two bets) above 0.85, re-raise above 0.95; call one bet with a
    Make-1 hand, two or more with a Make-2 hand.  ``position`` is added to the
    raise thresholds times the share of opponents still to act after us (a bet
    from early position needs a better hand); ``sigma`` is the half-width of the
    ramps (mixed strategies near the thresholds, Billings2002 "unpredictability");
    ``odds_sigma`` that of the pot-odds call ramp.

    >>> FormulaParams(sigma=-1)
    Traceback (most recent call last):
    ...
    ValueError: The 'sigma' parameter of FormulaParams must be positive; got -1.
    """

    call: tuple[float, float, float] = (0.0, 0.5, 0.85)
    raise_: tuple[float, float, float] = (0.5, 0.85, 0.95)
    position: float = 0.05
    sigma: float = 0.05
    odds_sigma: float = 0.02
    showdown_odds: bool = True

    def __post_init__(self):
        for name in ("sigma", "odds_sigma"):
            if not getattr(self, name) > 0:
                raise ValueError(f"The '{name}' parameter of FormulaParams must be positive; got {getattr(self, name)!r}.")
        for name in ("call", "raise_"):
            if len(getattr(self, name)) != 3:
                raise ValueError(f"The '{name}' parameter of FormulaParams must hold 3 thresholds; got {getattr(self, name)!r}.")


_DEFAULT = FormulaParams()


def formula_triple(
    ehs: ArrayLike,
    *,
    ppot: ArrayLike = 0.0,
    pot_odds: float = 0.0,
    bets_to_call: int = 0,
    behind: float = 0.0,
    river: bool = False,
    can_raise: bool = True,
    params: FormulaParams = _DEFAULT,
) -> np.ndarray:
    """Poki's formula betting strategy: (EHS, Ppot, pot odds, betting level, position) → (fold, call, raise).

    Parameters
    ----------
    ehs : float or array_like
        Effective hand strength against the active opponents.
    ppot : float or array_like
        One-card positive potential (0 on the river).
    pot_odds : float
        :func:`pot_odds` of the call.
    bets_to_call : int
        Bets owed (0: may check); 2 and more count as 2.
    behind : float
        Share of the active opponents still to act after us in this round (0 last … 1 first).
    river : bool
        On the river the call may also be justified by showdown odds: EHS (= HS_n) above the pot odds.
    can_raise : bool
        False when the round is capped.
    params : FormulaParams

    Returns
    -------
    numpy.ndarray of float64, shape ``np.shape(ehs) + (3,)``

    Examples
    --------
    >>> formula_triple(0.52, bets_to_call=0).round(2).tolist()          # a mixed strategy near 0.5
    [0.0, 0.3, 0.7]
    >>> formula_triple(0.52, bets_to_call=0, behind=1.0).round(2).tolist()
    [0.0, 0.8, 0.2]
    >>> formula_triple(0.5, bets_to_call=-1)
    Traceback (most recent call last):
    ...
    ValueError: The 'bets_to_call' parameter of formula_triple must be a non-negative integer; got -1.
    """
    if not isinstance(bets_to_call, (int, np.integer)) or bets_to_call < 0:
        raise ValueError(
            f"The 'bets_to_call' parameter of formula_triple must be a non-negative integer; got {bets_to_call!r}."
        )
    b = min(int(bets_to_call), 2)
    p = params
    mu_raise = p.raise_[b] + p.position * behind
    if isinstance(ehs, float) and isinstance(ppot, float):
        return np.array(_formula_scalar(ehs, ppot, float(pot_odds), b, mu_raise, river, can_raise, p))
    triple = threshold_triples(ehs, p.call[b], mu_raise, sigma=p.sigma, can_check=b == 0, can_raise=can_raise)
    if b > 0:
        odds = ramp(ppot, pot_odds, p.odds_sigma)
        if river and p.showdown_odds:
            odds = np.maximum(odds, ramp(ehs, pot_odds, p.odds_sigma))
        go = np.maximum(1.0 - triple[..., FOLD], odds)
        triple = triple.copy()
        triple[..., CALL] = go - triple[..., RAISE]
        triple[..., FOLD] = 1.0 - go
    return triple


def _clip01(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def _formula_scalar(ehs, ppot, odds, b, mu_raise, river, can_raise, p) -> tuple[float, float, float]:
    """:func:`formula_triple` for one hand in plain Python (the per-decision fast path)."""
    s2 = 2.0 * p.sigma
    go = 1.0 if b == 0 else _clip01((ehs - p.call[b] + p.sigma) / s2)
    up = min(_clip01((ehs - mu_raise + p.sigma) / s2), go) if can_raise else 0.0
    if b > 0:
        o2 = 2.0 * p.odds_sigma
        odds_go = _clip01((ppot - odds + p.odds_sigma) / o2)
        if river and p.showdown_odds:
            odds_go = max(odds_go, _clip01((ehs - odds + p.odds_sigma) / o2))
        go = max(go, odds_go)
    return (1.0 - go, go - up, up)


def draw_action(triple: Sequence[float] | NDArray[np.float64], u: float, can_fold: bool, can_raise: bool) -> int:
    """:func:`sample_action` without checks, given the uniform draw ``u`` (the fast path); ``triple`` is float (3,)."""
    if u < triple[0]:
        action = FOLD
    elif u < triple[0] + triple[1]:
        action = CALL
    else:
        action = RAISE
    if (action == FOLD and not can_fold) or (action == RAISE and not can_raise):
        return CALL
    return action


def sample_action(triple: ArrayLike, rng: np.random.Generator, *, can_fold: bool = True, can_raise: bool = True) -> int:
    """Draw an action index from a triple; a fold where checking is free becomes a check, a capped raise a call.

    >>> sample_action([0.0, 0.0, 1.0], np.random.default_rng(0))
    2
    >>> sample_action([1.0, 0.0, 0.0], np.random.default_rng(0), can_fold=False)
    1
    >>> sample_action([0.5, 0.6, 0.0], np.random.default_rng(0))
    Traceback (most recent call last):
    ...
    ValueError: The 'triple' parameter of sample_action must be 3 non-negative probabilities summing to 1; got [0.5, 0.6, 0.0].
    """
    t = np.asarray(triple, dtype=np.float64)
    if t.shape != (3,) or np.any(t < -1e-9) or abs(t.sum() - 1.0) > 1e-6:
        raise ValueError(
            "The 'triple' parameter of sample_action must be 3 non-negative probabilities summing to 1; "
            f"got {list(np.asarray(triple).tolist())}."
        )
    u = rng.random()
    if u < t[FOLD]:
        action = FOLD
    elif u < t[FOLD] + t[CALL]:
        action = CALL
    else:
        action = RAISE
    if action == FOLD and not can_fold:
        return CALL
    if action == RAISE and not can_raise:
        return CALL
    return action

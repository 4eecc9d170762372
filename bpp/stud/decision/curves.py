"""Pot odds, the calling threshold and BPP's betting curves (Korb, Nicholson & Jitnah 1999, §2.2, §4).

Pot odds and the calling threshold (§2.2)
    With ``c`` the current pot, ``k`` the expected cost to the showdown for the
    player deciding, ``n`` the players in the hand and ``u`` the betting unit
    (all in betting units):

    * Zadeh's pot odds, eq. (1)-(2): ``k / (c + (n - 1) k)``
      (:func:`pot_odds_zadeh`), and the threshold of eq. (3)-(4)
      ``θ_Z = odds / (1 + odds) = k / (c + n k)`` (:func:`threshold_from_pot_odds`,
      :func:`threshold_zadeh`);
    * the "middle of the table" correction, eq. (5):
      ``k / (c + (n - 1) k - (n - 1) u / 2)`` (:func:`pot_odds_corrected`);
    * the two-player calling odds, eq. (6): ``k / (c + k - u)``
      (:func:`pot_odds_two_player`) and the calling threshold, eq. (7):
      ``θ = k / (c + 2k - u)`` (:func:`calling_threshold`; the paper writes it
      with ``u = 1``).

How ``k`` is estimated (:func:`expected_cost`)
    The paper leaves ``k`` as "an estimate of the expected cost to a showdown"
    (§4.1).  Here ``k`` = what the player owes now (``to_call``) — or, when
    nothing is owed, ``bets_per_round`` (the bet it may still have to call in
    this round) — plus ``bets_per_round`` units for every betting round still
    to come after this one.  ``bets_per_round`` (:data:`BETS_PER_ROUND`) is the mean number of
    bets each seat puts into a later round in hands that reach it, measured in
    BPP-vs-rule-based play (see :mod:`bpp.stud.experiments`); the playing
    curves absorb the remaining error, as §4.1 says they do ("the optimization
    process will compensate for the estimation error by displacing the playing
    curves").  When nothing is owed the same formula is used with ``u = 0``
    (eq. 7's ``u`` is the bet being called), which is Zadeh's eq. (4) for two
    players.

Betting curves (§4.1)
    With ``d`` = P(win) - θ and one parameter ``f`` per curve and round (12 in
    all, :class:`CurveParams`):

    * bet/raise, eq. (8): ``1 / (1 + exp(-8 (d - f_b)))``;
    * fold, eq. (9): ``1 / (1 + exp(8 (d + f_f)))``;
    * call, eq. (10): ``exp(-20 (d + f_c)^2) / 2``.

    The three values are normalized to probabilities and sampled
    (:func:`curve_probabilities`, :func:`action_distribution`).  Facing no bet,
    "fold" is a pass, as is "call" (Figure 4's FOLD/PASS, CALL/PASS); when the
    raise cap is reached a raise becomes a call.  In the last round the player
    over-represents (bets or raises) with probability :data:`BLUFF_PROBABILITY`
    = 5 % whatever the curves say (§4.2), decided afresh at every decision of
    that round so that the policy stays a function of what the player sees.

>>> round(calling_threshold(1.0, 5.0), 4)       # eq. (7): call 1 into a pot of 5 in the last round
0.1667
>>> p = action_distribution(0.7, 0.2, 3, DEFAULT_PARAMS, to_call=1, can_raise=True)
>>> [round(x, 3) for x in p], round(sum(p), 12)
([0.008, 0.003, 0.988], 1.0)
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from bpp.models import shipped_path

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

__all__ = [
    "pot_odds_zadeh",
    "threshold_from_pot_odds",
    "threshold_zadeh",
    "pot_odds_corrected",
    "pot_odds_two_player",
    "calling_threshold",
    "expected_cost",
    "BETS_PER_ROUND",
    "BLUFF_PROBABILITY",
    "N_ROUNDS",
    "CurveParams",
    "CurveSet",
    "DEFAULT_PARAMS",
    "CURVES_PATH",
    "load_params",
    "load_curves",
    "curve_values",
    "curve_probabilities",
    "action_distribution",
    "plot_betting_curves",
]

#: Betting rounds of five-card stud (after the 2nd, 3rd, 4th and 5th card; §3.1).
N_ROUNDS = 4
#: Probability of an outright bluff (bet/raise) at a decision of the last round (§4.2).
BLUFF_PROBABILITY = 0.05
#: Bets each seat is expected to put into every later betting round (the ``k`` estimate, see the module docstring).
BETS_PER_ROUND = 1.0
#: Where :func:`load_params` finds the parameters found by the search of :mod:`bpp.stud.experiments.search`.
CURVES_PATH = shipped_path("stud", "curves.json")


def _number(owner: str, name: str, value, *, low: float | None = None) -> float:
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"The {name!r} parameter of {owner} must be a number; got {value!r}.") from None
    if not math.isfinite(x) or (low is not None and x < low):
        bound = f" >= {low}" if low is not None else ""
        raise ValueError(f"The {name!r} parameter of {owner} must be a finite number{bound}; got {value!r}.")
    return x


def _positive_denominator(owner: str, denominator: float, **values) -> float:
    if denominator <= 0.0:
        shown = ", ".join(f"{k}={v!r}" for k, v in values.items())
        raise ValueError(f"{owner}: the denominator is {denominator!r} <= 0 for {shown}; the pot is too small.")
    return denominator


# ---------------------------------------------------------------- pot odds (§2.2)


def pot_odds_zadeh(k: float, c: float, n: int = 2) -> float:
    """Zadeh's pot odds, eq. (1)-(2) of §2.2: ``k / (c + (n - 1) k)``.

    Parameters
    ----------
    k : float
        Expected cost of reaching the showdown (betting units, ``>= 0``).
    c : float
        Current size of the pot (betting units, ``>= 0``).
    n : int
        Players still in the hand (``n - 1`` opponents), ``>= 2``.

    Returns
    -------
    float

    Examples
    --------
    >>> pot_odds_zadeh(2.0, 6.0)
    0.25
    >>> pot_odds_zadeh(-1.0, 6.0)
    Traceback (most recent call last):
    ...
    ValueError: The 'k' parameter of pot_odds_zadeh must be a finite number >= 0.0; got -1.0.
    """
    k = _number("pot_odds_zadeh", "k", k, low=0.0)
    c = _number("pot_odds_zadeh", "c", c, low=0.0)
    n = _players("pot_odds_zadeh", n)
    return k / _positive_denominator("pot_odds_zadeh", c + (n - 1) * k, k=k, c=c, n=n)


def _players(owner: str, n) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 2:
        raise ValueError(f"The 'n' parameter of {owner} must be an integer >= 2; got {n!r}.")
    return int(n)


def threshold_from_pot_odds(odds: float) -> float:
    """The calling threshold from pot odds, eq. (3): ``θ = odds / (1 + odds)``.

    Examples
    --------
    >>> threshold_from_pot_odds(0.25)
    0.2
    >>> threshold_from_pot_odds(-2)
    Traceback (most recent call last):
    ...
    ValueError: The 'odds' parameter of threshold_from_pot_odds must be a finite number >= 0.0; got -2.
    """
    odds = _number("threshold_from_pot_odds", "odds", odds, low=0.0)
    return odds / (1.0 + odds)


def threshold_zadeh(k: float, c: float, n: int = 2) -> float:
    """Zadeh's calling threshold, eq. (4): ``θ_Z = k / (c + n k)`` (eq. (2) through eq. (3)).

    Examples
    --------
    >>> threshold_zadeh(2.0, 6.0) == threshold_from_pot_odds(pot_odds_zadeh(2.0, 6.0))
    True
    """
    k = _number("threshold_zadeh", "k", k, low=0.0)
    c = _number("threshold_zadeh", "c", c, low=0.0)
    n = _players("threshold_zadeh", n)
    return k / _positive_denominator("threshold_zadeh", c + n * k, k=k, c=c, n=n)


def pot_odds_corrected(k: float, c: float, n: int = 2, u: float = 1.0) -> float:
    """Pot odds for a player in the middle of the table, eq. (5): ``k / (c + (n-1) k - (n-1) u / 2)``.

    With ``u = 1`` and ``n = 2`` the denominator is ``c + k - 1/2`` (§2.2).

    Examples
    --------
    >>> pot_odds_corrected(2.0, 6.0)          # 2 / (6 + 2 - 0.5)
    0.26666666666666666
    """
    k = _number("pot_odds_corrected", "k", k, low=0.0)
    c = _number("pot_odds_corrected", "c", c, low=0.0)
    u = _number("pot_odds_corrected", "u", u, low=0.0)
    n = _players("pot_odds_corrected", n)
    den = c + (n - 1) * k - (n - 1) * u / 2.0
    return k / _positive_denominator("pot_odds_corrected", den, k=k, c=c, n=n, u=u)


def pot_odds_two_player(k: float, c: float, u: float = 1.0) -> float:
    """Heads-up pot odds for calling a bet of ``u``, eq. (6): ``k / (c + k - u)``.

    The caller pays ``k`` to reach the showdown and the bettor one bet ``u``
    less, so the final pot minus the caller's share is ``c + k - u``.

    Examples
    --------
    >>> pot_odds_two_player(1.0, 5.0)         # last round: call one bet into a pot of 5
    0.2
    >>> pot_odds_two_player(0.0, 0.0)
    Traceback (most recent call last):
    ...
    ValueError: pot_odds_two_player: the denominator is -1.0 <= 0 for k=0.0, c=0.0, u=1.0; the pot is too small.
    """
    k = _number("pot_odds_two_player", "k", k, low=0.0)
    c = _number("pot_odds_two_player", "c", c, low=0.0)
    u = _number("pot_odds_two_player", "u", u, low=0.0)
    return k / _positive_denominator("pot_odds_two_player", c + k - u, k=k, c=c, u=u)


def calling_threshold(k: float, c: float, u: float = 1.0) -> float:
    """BPP's calling threshold, eq. (7): ``θ = k / (c + 2k - u)`` (eq. (6) through eq. (3)).

    The probability of winning at which calling and folding have the same
    expected value.  ``u`` is the bet being called (the paper's ``u = 1``);
    ``u = 0`` (nothing owed) gives Zadeh's eq. (4) for two players.

    Parameters
    ----------
    k : float
        Expected cost to the showdown (units, ``>= 0``; see :func:`expected_cost`).
    c : float
        Current pot (units, ``>= 0``).
    u : float
        The bet being called (units, ``>= 0``).

    Returns
    -------
    float
        θ in [0, 1].

    Examples
    --------
    >>> calling_threshold(1.0, 5.0)           # EV of calling: 5 p - (1 - p) = 0 at p = 1/6
    0.16666666666666666
    >>> round(threshold_from_pot_odds(pot_odds_two_player(1.0, 5.0)), 12)   # eq. (6) through eq. (3)
    0.166666666667
    >>> calling_threshold(0.0, 2.0, u=0.0)
    0.0
    >>> calling_threshold(1.0, float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: The 'c' parameter of calling_threshold must be a finite number >= 0.0; got nan.
    """
    k = _number("calling_threshold", "k", k, low=0.0)
    c = _number("calling_threshold", "c", c, low=0.0)
    u = _number("calling_threshold", "u", u, low=0.0)
    if k == 0.0:
        return 0.0
    return k / _positive_denominator("calling_threshold", c + 2.0 * k - u, k=k, c=c, u=u)


def expected_cost(to_call: float, round: int, *, bets_per_round: float = BETS_PER_ROUND) -> float:
    """The estimate of ``k``, the cost of reaching the showdown (module docstring).

    ``k = max(to_call, bets_per_round) + bets_per_round × (rounds after this one)``:
    what is owed now — or, when nothing is, the bets this round may still
    cost — plus the expected bets of every later round.

    Parameters
    ----------
    to_call : float
        What the player owes now, in units.
    round : int
        The betting round, 0 (two cards each) … 3 (five cards each).
    bets_per_round : float
        Expected bets per seat in every later round.

    Examples
    --------
    >>> expected_cost(1.0, 3), expected_cost(1.0, 0), expected_cost(0.0, 2, bets_per_round=0.5)
    (1.0, 4.0, 1.0)
    >>> expected_cost(1.0, 4)
    Traceback (most recent call last):
    ...
    ValueError: The 'round' parameter of expected_cost must be an integer in [0, 3]; got 4.
    """
    if isinstance(round, bool) or not isinstance(round, (int, np.integer)) or not 0 <= round < N_ROUNDS:
        raise ValueError(f"The 'round' parameter of expected_cost must be an integer in [0, 3]; got {round!r}.")
    to_call = _number("expected_cost", "to_call", to_call, low=0.0)
    bets_per_round = _number("expected_cost", "bets_per_round", bets_per_round, low=0.0)
    return max(to_call, bets_per_round) + bets_per_round * (N_ROUNDS - 1 - int(round))


# ---------------------------------------------------------------- the twelve parameters


def _save_json(path, data: dict) -> Path:
    """Write ``data`` as indented JSON at ``path`` (its folder made if needed); return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n")
    return path


@dataclass(frozen=True)
class CurveParams:
    """The 12 ``f`` parameters of the betting curves (§4.1): one per curve (bet, fold, call) and round.

    Parameters
    ----------
    bet, fold, call : tuple of 4 floats
        ``f_b``, ``f_f`` and ``f_c`` of eq. (8), (9) and (10) for rounds 0-3.

    Examples
    --------
    >>> p = CurveParams.from_array(np.zeros((3, 4)))
    >>> p.as_array().shape, p.round(3)
    ((3, 4), (0.0, 0.0, 0.0))
    >>> CurveParams(bet=(0.1, 0.2), fold=(0,) * 4, call=(0,) * 4)
    Traceback (most recent call last):
    ...
    ValueError: The 'bet' parameter of CurveParams must be 4 finite numbers (rounds 0-3); got (0.1, 0.2).
    """

    bet: tuple[float, ...]
    fold: tuple[float, ...]
    call: tuple[float, ...]

    def __post_init__(self):
        for name in ("bet", "fold", "call"):
            value = getattr(self, name)
            try:
                arr = np.asarray(value, dtype=np.float64)
            except (TypeError, ValueError):
                arr = None
            if arr is None or arr.shape != (N_ROUNDS,) or not np.all(np.isfinite(arr)):
                raise ValueError(
                    f"The {name!r} parameter of CurveParams must be 4 finite numbers (rounds 0-3); got {value!r}."
                )
            object.__setattr__(self, name, tuple(float(x) for x in arr))

    def round(self, r: int) -> tuple[float, float, float]:
        """``(f_b, f_f, f_c)`` of round ``r``."""
        return (self.bet[r], self.fold[r], self.call[r])

    def as_array(self) -> np.ndarray:
        """The parameters as a (3, 4) float64 array: rows bet, fold, call; columns rounds 0-3."""
        return np.array([self.bet, self.fold, self.call], dtype=np.float64)

    @classmethod
    def from_array(cls, array: ArrayLike) -> "CurveParams":
        """From a (3, 4) array (rows bet, fold, call) or 12 numbers in that order."""
        arr = np.asarray(array, dtype=np.float64)
        if arr.size != 3 * N_ROUNDS:
            raise ValueError(f"The 'array' parameter of CurveParams.from_array must hold 12 numbers; got shape {arr.shape}.")
        arr = arr.reshape(3, N_ROUNDS)
        return cls(tuple(arr[0]), tuple(arr[1]), tuple(arr[2]))

    def to_dict(self) -> dict:
        return {"bet": list(self.bet), "fold": list(self.fold), "call": list(self.call)}

    def save(self, path: str | os.PathLike[str], **metadata: Any) -> Path:
        """Write the parameters (and any ``metadata``: seed, score …) as JSON; return the path."""
        return _save_json(path, {**self.to_dict(), **metadata})

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "CurveParams":
        """Read parameters written by :meth:`save` (extra keys are ignored)."""
        name = repr(str(path))
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise ValueError(f"{name} cannot be read as curve parameters (JSON): {exc}") from None
        values: list[Any] = [data.get(k) if isinstance(data, dict) else None for k in ("bet", "fold", "call")]
        for key, v in zip(("bet", "fold", "call"), values):
            ok = isinstance(v, list) and len(v) == N_ROUNDS and all(
                isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in v
            )
            if not ok:
                raise ValueError(f"{name}: curve parameters need '{key}' as {N_ROUNDS} finite numbers; got {v!r}")
        return cls(*(tuple(float(x) for x in v) for v in values))


@dataclass(frozen=True)
class CurveSet:
    """Several sets of the 12 curve parameters, one per playing situation (Korb1999 §6.1's split curves).

    §6.1 proposes two ways of dividing BPP's playing curves: separate curves
    for pass vs call and bet vs raise ("they should be separated and given
    independent playing curves"), and one set of curves "when the hand type is
    already fixed by one's upcards" and another "when the hand type is
    hidden".  A :class:`CurveSet` names the situations (``contexts``) and
    holds one :class:`CurveParams` for each; the player that uses it says
    which situation a decision is in
    (:meth:`bpp.stud.decision.player.CurvePlayer.curve_context`).

    Parameters
    ----------
    contexts : tuple of str
        The situations' names, e.g. ``("open", "facing")``.
    params : tuple of CurveParams
        One per context, same order.

    Examples
    --------
    >>> s = CurveSet.uniform(("open", "facing"), DEFAULT_PARAMS)
    >>> s["facing"] == DEFAULT_PARAMS, s.as_array().shape
    (True, (2, 3, 4))
    >>> CurveSet(("open",), (DEFAULT_PARAMS, DEFAULT_PARAMS))
    Traceback (most recent call last):
    ...
    ValueError: The 'params' parameter of CurveSet must hold one CurveParams per context (1); got 2.
    """

    contexts: tuple[str, ...]
    params: tuple[CurveParams, ...]

    def __post_init__(self):
        contexts = tuple(self.contexts) if isinstance(self.contexts, (tuple, list)) else None
        if not contexts or not all(isinstance(c, str) and c for c in contexts) or len(set(contexts)) != len(contexts):
            raise ValueError(f"The 'contexts' parameter of CurveSet must be distinct non-empty names; got {self.contexts!r}.")
        params = tuple(self.params) if isinstance(self.params, (tuple, list)) else (self.params,)
        if len(params) != len(contexts) or not all(isinstance(p, CurveParams) for p in params):
            raise ValueError(
                f"The 'params' parameter of CurveSet must hold one CurveParams per context ({len(contexts)}); got {len(params)}."
            )
        object.__setattr__(self, "contexts", contexts)
        object.__setattr__(self, "params", params)

    @classmethod
    def uniform(cls, contexts: Sequence[str], params: CurveParams) -> "CurveSet":
        """The same ``params`` in every context (the merged curves: the split's starting point)."""
        return cls(tuple(contexts), (params,) * len(tuple(contexts)))

    def __getitem__(self, context: str) -> CurveParams:
        if context not in self.contexts:
            raise ValueError(f"The 'context' of CurveSet must be one of {', '.join(self.contexts)}; got {context!r}.")
        return self.params[self.contexts.index(context)]

    def as_array(self) -> np.ndarray:
        """Shape (n_contexts, 3, 4): per context, rows bet, fold, call; columns rounds 0-3."""
        return np.stack([p.as_array() for p in self.params])

    @classmethod
    def from_array(cls, contexts: Sequence[str], array: ArrayLike) -> "CurveSet":
        """From ``len(contexts) × 12`` numbers (float array, any shape of that size) in :meth:`as_array`'s order."""
        contexts = tuple(contexts)
        arr = np.asarray(array, dtype=np.float64)
        if arr.size != 3 * N_ROUNDS * len(contexts):
            raise ValueError(
                f"The 'array' parameter of CurveSet.from_array must hold {12 * len(contexts)} numbers; got shape {arr.shape}."
            )
        return cls(contexts, tuple(CurveParams.from_array(a) for a in arr.reshape(len(contexts), 3 * N_ROUNDS)))

    def to_dict(self) -> dict:
        return {"contexts": {c: p.to_dict() for c, p in zip(self.contexts, self.params)}}

    def save(self, path: str | os.PathLike[str], **metadata: Any) -> Path:
        """Write the sets (and any ``metadata``) as JSON: ``{"contexts": {name: {bet, fold, call}}, ...}``; return the path."""
        return _save_json(path, {**self.to_dict(), **metadata})

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "CurveSet":
        """Read a file written by :meth:`save` (extra keys are ignored).

        >>> import tempfile, pathlib
        >>> f = pathlib.Path(tempfile.mkdtemp()) / "split.json"
        >>> CurveSet.load(CurveSet.uniform(("a", "b"), DEFAULT_PARAMS).save(f)).contexts
        ('a', 'b')
        """
        name = repr(str(path))
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise ValueError(f"{name} cannot be read as a curve set (JSON): {exc}") from None
        contexts = data.get("contexts") if isinstance(data, dict) else None
        if not isinstance(contexts, dict) or not contexts:
            raise ValueError(f"{name}: a curve set needs 'contexts' as a mapping of names to curve parameters")
        params = []
        for c, values in contexts.items():
            try:
                params.append(CurveParams(*(tuple(values[k]) for k in ("bet", "fold", "call"))))
            except (TypeError, KeyError, ValueError) as exc:
                raise ValueError(f"{name}: context {c!r} is not a set of curve parameters: {exc}") from None
        return cls(tuple(contexts), tuple(params))


#: Hand-set starting point of the search (§4.1): fold below θ, call around it, bet clearly above it.
DEFAULT_PARAMS = CurveParams(bet=(0.2,) * 4, fold=(0.1,) * 4, call=(0.0,) * 4)


def load_params(path: str | os.PathLike[str] | None = None) -> CurveParams:
    """The fitted parameters of ``bpp/models/stud/curves.json`` (or ``path``); :data:`DEFAULT_PARAMS` when absent.

    Examples
    --------
    >>> isinstance(load_params(), CurveParams)
    True
    """
    path = CURVES_PATH if path is None else Path(path)
    if path.exists():
        return CurveParams.load(path)
    if path != CURVES_PATH:
        raise ValueError(f"The 'path' parameter of load_params must name an existing file; got {str(path)!r}.")
    return DEFAULT_PARAMS


def load_curves(path: str | os.PathLike[str]) -> CurveParams | CurveSet:
    """A curves file as it is: a :class:`CurveSet` when it has ``"contexts"`` (split curves), else :class:`CurveParams`.

    >>> load_curves(CURVES_PATH) == load_params()
    True
    """
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, TypeError, UnicodeDecodeError, ValueError):
        data = None  # CurveParams.load / load_params name the problem
    return CurveSet.load(path) if isinstance(data, dict) and "contexts" in data else load_params(path)


# ---------------------------------------------------------------- curves (eq. 8-10)


def curve_values(d: ArrayLike, f_bet: float, f_fold: float, f_call: float) -> np.ndarray:
    """The unnormalized curves of eq. (8), (9), (10) at ``d`` = P(win) - θ.

    Parameters
    ----------
    d : array_like
        Differences, any shape.
    f_bet, f_fold, f_call : float
        The round's parameters.

    Returns
    -------
    numpy.ndarray of float64, shape ``d.shape + (3,)``
        ``(fold, call, bet)`` values.

    Examples
    --------
    >>> curve_values(0.0, 0.0, 0.0, 0.0)
    array([0.5, 0.5, 0.5])
    >>> curve_values([-1.0, 1.0], 0.2, 0.1, 0.0).round(3)
    array([[0.999, 0.   , 0.   ],
           [0.   , 0.   , 0.998]])
    """
    d = np.asarray(d, dtype=np.float64)
    bet = 1.0 / (1.0 + np.exp(-8.0 * (d - f_bet)))
    fold = 1.0 / (1.0 + np.exp(8.0 * (d + f_fold)))
    call = np.exp(-20.0 * (d + f_call) ** 2) / 2.0
    return np.stack([fold, call, bet], axis=-1)


def curve_probabilities(d: ArrayLike, params: CurveParams, round: int) -> np.ndarray:
    """The normalized curves: probabilities of ``(fold, call, bet)`` at ``d`` in round ``round`` (§4.1).

    Examples
    --------
    >>> curve_probabilities([-0.5, 0.0, 0.5], DEFAULT_PARAMS, 3).round(3)
    array([[0.993, 0.003, 0.004],
           [0.317, 0.511, 0.172],
           [0.009, 0.004, 0.988]])
    """
    if isinstance(round, bool) or not isinstance(round, (int, np.integer)) or not 0 <= round < N_ROUNDS:
        raise ValueError(f"The 'round' parameter of curve_probabilities must be an integer in [0, 3]; got {round!r}.")
    v = curve_values(d, *params.round(int(round)))
    return v / v.sum(axis=-1, keepdims=True)


_exp = math.exp


def _curves(d: float, fb: float, ff: float, fc: float) -> tuple[float, float, float]:
    """Scalar fast path of :func:`curve_probabilities` (plain floats; the players' hot loop)."""
    x = 8.0 * (d - fb)
    bet = 1.0 / (1.0 + _exp(-x)) if x > -700.0 else 0.0
    y = 8.0 * (d + ff)
    fold = 1.0 / (1.0 + _exp(y)) if y < 700.0 else 0.0
    z = d + fc
    call = 0.5 * _exp(-20.0 * z * z)
    s = fold + call + bet
    return fold / s, call / s, bet / s


def action_distribution(
    p_win: float,
    theta: float,
    round: int,
    params: CurveParams,
    *,
    to_call: float,
    can_raise: bool,
    bluff: float = BLUFF_PROBABILITY,
) -> tuple[float, float, float]:
    """Probabilities of (fold, check/call, bet/raise) for a decision, legal moves and the bluff applied.

    ``d = p_win - theta`` goes through the round's normalized curves; with
    nothing owed the fold share becomes a pass (check); when the raise cap is
    reached the bet share becomes a call; in round 3 a bluff of probability
    ``bluff`` bets or raises (§4.2).

    Parameters
    ----------
    p_win, theta : float
        Probability of winning and the calling threshold.
    round : int
        Betting round 0-3.
    params : CurveParams
    to_call : float
        What the player owes (any unit; only ``> 0`` matters).
    can_raise : bool
        Whether a bet or raise is legal.
    bluff : float
        Probability of an outright bet/raise in the last round.

    Returns
    -------
    tuple of 3 floats
        Summing to 1; ``fold`` is 0 when nothing is owed.

    Examples
    --------
    >>> action_distribution(0.1, 0.3, 3, DEFAULT_PARAMS, to_call=0, can_raise=True)[0]
    0.0
    >>> [round(x, 3) for x in action_distribution(0.9, 0.3, 2, DEFAULT_PARAMS, to_call=2, can_raise=False)]
    [0.004, 0.996, 0.0]
    """
    if isinstance(round, bool) or not isinstance(round, (int, np.integer)) or not 0 <= round < N_ROUNDS:
        raise ValueError(f"The 'round' parameter of action_distribution must be an integer in [0, 3]; got {round!r}.")
    if not 0.0 <= bluff <= 1.0:
        raise ValueError(f"The 'bluff' parameter of action_distribution must be a probability in [0, 1]; got {bluff!r}.")
    return _distribution(float(p_win) - float(theta), params.round(int(round)), int(round), bluff, to_call, can_raise)


def _distribution(d: float, round_params, r: int, bluff: float, owed: float, can_raise: bool):
    """Unchecked fast path of :func:`action_distribution` (the players' hot loop)."""
    fold, call, bet = _curves(d, *round_params)
    if r == N_ROUNDS - 1 and bluff:
        keep = 1.0 - bluff
        fold, call, bet = fold * keep, call * keep, bet * keep + bluff
    if owed <= 0:
        call += fold
        fold = 0.0
    if not can_raise:
        call += bet
        bet = 0.0
    return fold, call, bet


# ---------------------------------------------------------------- Figure 2


def plot_betting_curves(
    params: CurveParams,
    ax: Any = None,
    *,
    rounds: Sequence[int] = (3,),
    normalized: bool = False,
    d: ArrayLike | None = None,
) -> list[Any]:
    """Draw the betting curves of ``params`` against ``d`` = P(win) - θ (Figure 2 of §4.1).

    Parameters
    ----------
    params : CurveParams
        The 12 parameters (e.g. :func:`load_params`).
    ax : matplotlib.axes.Axes, optional
        Where to draw (a new figure when None).
    rounds : sequence of int
        Rounds to draw; Figure 2 shows the final round, ``(3,)``.  Several
        rounds are told apart by line style.
    normalized : bool
        Draw the normalized probabilities rather than the raw curves of
        eq. (8)-(10) (Figure 2 shows the raw ones).
    d : array_like, optional
        Horizontal grid (default 401 points in [-1, 1]).

    Returns
    -------
    list of matplotlib.lines.Line2D
        Three lines (fold, call, bet) per round.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> lines = plot_betting_curves(DEFAULT_PARAMS, rounds=(0, 3))
    >>> [line.get_label() for line in lines][:3]
    ['fold (round 3)', 'call (round 3)', 'bet (round 3)']
    >>> plot_betting_curves(DEFAULT_PARAMS, rounds=(5,))
    Traceback (most recent call last):
    ...
    ValueError: The 'rounds' parameter of plot_betting_curves must hold rounds in [0, 3]; got (5,).
    """
    if not isinstance(params, CurveParams):
        raise ValueError(f"The 'params' parameter of plot_betting_curves must be a CurveParams; got {params!r}.")
    rounds = tuple(rounds)
    if not rounds or not all(isinstance(r, (int, np.integer)) and 0 <= r < N_ROUNDS for r in rounds):
        raise ValueError(f"The 'rounds' parameter of plot_betting_curves must hold rounds in [0, 3]; got {rounds!r}.")
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(6, 4))
    grid = np.linspace(-1.0, 1.0, 401) if d is None else np.asarray(d, dtype=np.float64)
    colors = {"fold": "tab:red", "call": "tab:blue", "bet": "tab:green"}
    styles = ["-", "--", ":", "-."]
    lines = []
    for i, r in enumerate(sorted(rounds, reverse=True)):
        values = curve_probabilities(grid, params, int(r)) if normalized else curve_values(grid, *params.round(int(r)))
        for j, name in enumerate(("fold", "call", "bet")):
            (line,) = ax.plot(
                grid, values[:, j], color=colors[name], ls=styles[i % 4], lw=1.6, label=f"{name} (round {r})"
            )
            lines.append(line)
    ax.axvline(0.0, color="0.6", lw=0.8, zorder=0)
    ax.set_xlabel("P(win) − θ")
    ax.set_ylabel("probability" if normalized else "unnormalized probability")
    ax.set_ylim(-0.02, 1.02)
    ax.legend(frameon=False, fontsize="small")
    return lines

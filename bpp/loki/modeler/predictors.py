"""Poki's action predictors: the neural network, the frequency and rule-based models, and the meta choice (Billings2002 §"opponent modeling").

Component: the opponent modeler — the action predictors (Billings2002 §6 "neural networks for opponent modeling").

Billings2002 ("Neural networks for opponent modeling") predicts an
opponent's next action with "a standard feed-forward neural net … trained on
contextual data collected from online games": "a set of nineteen inputs
corresponding to properties of the game context, such as the number of
active players, texture of the board, opponent's position", and "the output
layer consists of three nodes corresponding to the fold, call and raise
probabilities"; "given a set of inputs, the network produces a probability
distribution of the opponent's action in that context by normalizing the
values of the output nodes".  Its last experiment keeps "different methods of
opponent modeling (statistical frequencies, the rule-based method of Poki and
the real-time neural network predictor)" and "uses whichever has been the
most successful for each opponent in the past".

The nineteen inputs (:data:`FEATURES`, built by :func:`context_features`
from the public action history, all in [0, 1]):

====  ==========================  ===========================================
 #    name                        value
====  ==========================  ===========================================
 0    round_preflop               1 before the flop
 1    round_flop                  1 on the flop
 2    round_turn                  1 on the turn
 3    round_river                 1 on the river
 4    to_call_0                   1 if no bet to call
 5    to_call_1                   1 if one bet to call
 6    to_call_2plus               1 if two or more bets to call
 7    bet_level                   bets made this round / 4
 8    active_players              (players still in − 1) / 9
 9    position                    share of the other active players still to act after it this round
10    pot_odds                    to_call / (pot + to_call)
11    pot_size                    pot in big bets / 20, capped at 1
12    last_action_raise           its previous action this hand was a bet or raise
13    last_action_call            its previous action this hand was a check or call
14    raised_earlier_round        it bet or raised in an earlier round of this hand
15    board_flush_possible        three or more board cards of one suit
16    board_paired                a pair (or more) on the board
17    board_straight_possible     three board ranks within a span of five
18    board_high_cards            board cards ten or higher / 5
====  ==========================  ===========================================

Input 12 is the one Billings2002's figure shows strongly connected ("the
connections from input node number twelve (true if the opponent's last action
was a raise) are strong").

Every predictor answers :meth:`predict` → an (n, 3) array of (fold, call,
raise) probabilities for feature rows of one opponent (relative seat); a
context with no bet to call cannot fold (fold mass goes to call).  They learn
with :meth:`update` (feature rows and the actions seen).

>>> net = NeuralPredictor(n_players=3, rng=0)
>>> x = np.zeros((4, N_FEATURES)); x[:, 5] = 1.0
>>> _ = net.update(1, x, np.array([2, 2, 2, 2]))
>>> net.predict(1, x).shape
(4, 3)
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np

from bpp.loki.modeler.opponent_model import OpponentModel, checked_counts
from bpp.loki.state import CALL, FOLD, FEATURES, N_FEATURES, RAISE, board_texture, context_features  # noqa: F401
from holdem.files import load_npz

if TYPE_CHECKING:
    from numpy.typing import ArrayLike


__all__ = [
    "FEATURES",
    "N_FEATURES",
    "context_features",
    "FrequencyPredictor",
    "RulePredictor",
    "NeuralPredictor",
    "MetaPredictor",
    "PREDICTORS",
]

#: names of the predictors a meta predictor chooses from, in order
PREDICTORS = ("frequency", "rules", "network")

#: Any of the action predictors: each has ``predict(opponent, x) -> (k, 3)`` and ``update(opponent, x, actions)``.
Predictor: TypeAlias = "FrequencyPredictor | NeuralPredictor | MetaPredictor"


def _no_fold_when_free(p: np.ndarray, x: np.ndarray) -> np.ndarray:
    free = x[:, 4] > 0.5
    if free.any():
        p = p.copy()
        p[free, CALL] += p[free, FOLD]
        p[free, FOLD] = 0.0
    return p


def _context_index(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(round, bets to call 0/1/2+) of feature rows: the twelve contexts of the frequency model."""
    return np.argmax(x[:, 0:4], axis=1), np.argmax(x[:, 4:7], axis=1)


class FrequencyPredictor:
    """Billings2002's statistical model: smoothed action frequencies in twelve contexts (round × bets to call).

    Wraps :class:`bpp.loki.modeler.opponent_model.OpponentModel` (``specific=False``: the
    generic model's fixed frequencies, the "rule-based" predictor).

    >>> f = FrequencyPredictor(3)
    >>> x = np.zeros((1, N_FEATURES)); x[0, [1, 5]] = 1
    >>> _ = f.update(2, np.repeat(x, 50, 0), np.full(50, RAISE))
    >>> bool(f.predict(2, x)[0, RAISE] > 0.7)
    True
    """

    def __init__(self, n_players: int, *, specific: bool = True, prior: float = 10.0):
        self.model = OpponentModel(n_players, specific=specific, prior=prior)
        self._freq: np.ndarray | None = None

    def predict(self, opponent: int, x: ArrayLike) -> np.ndarray:
        """P(fold, call, raise) of ``opponent`` (relative seat) for feature rows ``x``: float (k, 19) → float64 (k, 3)."""
        x = np.atleast_2d(np.asarray(x, dtype=np.float64))
        if self._freq is None:
            self._freq = self.model.frequencies()
            self._freq.flags.writeable = False
        if x.shape[0] == 1:  # one decision in play: its context read off the row (argmax: the first largest)
            row = x[0].tolist()
            r, b = row[0:4], row[4:7]
            return self._freq[opponent, r.index(max(r)), b.index(max(b))][None, :]
        r, b = _context_index(x)
        return self._freq[opponent, r, b]

    def context_only(self, opponent: int) -> bool:
        """Whether ``opponent``'s prediction depends on the round and bets to call only (always, here)."""
        return True

    def update(self, opponent: int, x: ArrayLike, actions: ArrayLike) -> "FrequencyPredictor":
        """Learn ``opponent``'s ``actions`` (int (k,): 0 fold, 1 call, 2 raise) taken at feature rows ``x`` (float (k, 19)); returns self."""
        x = np.atleast_2d(np.asarray(x, dtype=np.float64))
        r, b = _context_index(x)
        a = np.asarray(actions, dtype=np.intp)
        self.model.observe_many(np.stack([np.full(a.size, opponent), r, b, a], axis=1))
        self._freq = None
        return self


class RulePredictor(FrequencyPredictor):
    """Poki's rule-based prediction: the generic opponent model's frequencies in the twelve contexts (it never learns)."""

    def __init__(self, n_players: int):
        super().__init__(n_players, specific=False)

    def update(self, opponent: int, x: ArrayLike, actions: ArrayLike) -> "RulePredictor":
        """Learns nothing (the generic model's frequencies are fixed), so the frequencies stay as computed; returns self."""
        return self


class NeuralPredictor:
    """Billings2002's neural-network action predictor: 19 inputs, one hidden layer, 3 softmax outputs, one network per opponent.

    Each opponent's network is a scikit-learn :class:`~sklearn.neural_network.MLPClassifier`
    trained online by ``partial_fit`` (Adam); the actions of an opponent are
    buffered and fitted every ``batch`` records (one ``partial_fit`` costs
    milliseconds, a hand gives each opponent one to four records).  Until
    an opponent has ``warmup`` records the prediction is the generic model's
    (:class:`RulePredictor`).  Prediction runs the fitted weights
    (``coefs_``, ``intercepts_``) through numpy directly — the same numbers as
    ``predict_proba`` (the tests check), without its input validation.

    Parameters
    ----------
    n_players : int
    hidden : int
        Hidden units (logistic).
    batch : int
        Records buffered per opponent before one ``partial_fit``.
    epochs : int
        Passes over each batch (one ``partial_fit`` call on the batch
        repeated ``epochs`` times, in Adam steps of 32 records).  Each call
        costs about 2 ms, mostly scikit-learn's input checks, so records are
        fitted 128 at a time (``benchmarks/bench_loki_nn.py``).
    warmup : int
        Records an opponent needs before its network predicts.
    learning_rate : float
    rng : int or None
        Seed of the network's initial weights (scikit-learn takes an integer).
    """

    def __init__(self, n_players: int, *, hidden: int = 8, batch: int = 256, epochs: int = 3, warmup: int = 256,
                 learning_rate: float = 0.03, rng: int | None = None):
        for name, v in (("hidden", hidden), ("batch", batch), ("epochs", epochs)):
            if not isinstance(v, (int, np.integer)) or v < 1:
                raise ValueError(f"The '{name}' parameter of NeuralPredictor must be a positive integer; got {v!r}.")
        self.n_players = int(n_players)
        self.hidden = int(hidden)
        self.batch = int(batch)
        self.epochs = int(epochs)
        self.warmup = int(warmup)
        self.learning_rate = float(learning_rate)
        self.rng = rng
        self.nets_: dict[int, object] = {}
        self.seen_ = np.zeros(self.n_players, dtype=np.int64)
        self._buffer: dict[int, list] = {}
        self._rules = RulePredictor(self.n_players)
        self._weights: dict[int, tuple] = {}
        self._memo: dict[tuple[int, bytes], np.ndarray] = {}  # one row's prediction by (opponent, row), until the next fit

    def _net(self, opponent: int):
        net = self.nets_.get(opponent)
        if net is None:
            from sklearn.neural_network import MLPClassifier

            seed = None if self.rng is None else (int(self.rng) * 101 + opponent) % 2**32
            net = self.nets_[opponent] = MLPClassifier(
                hidden_layer_sizes=(self.hidden,), activation="logistic", solver="adam",
                learning_rate_init=self.learning_rate, alpha=1e-4, batch_size=128, random_state=seed,
            )
        return net

    def update(self, opponent: int, x: ArrayLike, actions: ArrayLike) -> "NeuralPredictor":
        """Learn ``opponent``'s ``actions`` (int (k,): 0 fold, 1 call, 2 raise) taken at feature rows ``x`` (float (k, 19)); returns self."""
        x = np.atleast_2d(np.asarray(x, dtype=np.float64))
        a = np.asarray(actions, dtype=np.intp)
        buf = self._buffer.setdefault(opponent, [])
        buf.extend(zip(x, a))
        self.seen_[opponent] += a.size
        if len(buf) >= self.batch:
            self.fit_batch(opponent)
        return self

    def fit_batch(self, opponent: int) -> "NeuralPredictor":
        """Fit the buffered records of one opponent now."""
        buf = self._buffer.get(opponent)
        if not buf:
            return self
        xs = np.array([b[0] for b in buf])
        ys = np.array([b[1] for b in buf])
        net = self._net(opponent)
        from sklearn import config_context

        # one call for all epochs (scikit-learn validates each call: that, not the arithmetic, is the cost)
        net.batch_size = min(128, xs.shape[0])
        with config_context(assume_finite=True, skip_parameter_validation=True):
            net.partial_fit(np.tile(xs, (self.epochs, 1)), np.tile(ys, self.epochs), classes=_CLASSES)
        self._weights[opponent] = (net.coefs_[0], net.intercepts_[0], net.coefs_[1], net.intercepts_[1])
        self._memo.clear()
        buf.clear()
        return self

    def predict(self, opponent: int, x: ArrayLike) -> np.ndarray:
        """P(fold, call, raise) of ``opponent`` (relative seat) for feature rows ``x``: float (k, 19) → float64 (k, 3)."""
        x = np.atleast_2d(np.asarray(x, dtype=np.float64))
        w = self._weights.get(opponent)
        if w is None or self.seen_[opponent] < self.warmup:
            return self._rules.predict(opponent, x)
        if x.shape[0] != 1:
            return _no_fold_when_free(_forward(x, *w), x)
        # one row (a decision in play): contexts recur, so its prediction is kept (read-only) until the next fit
        key = (opponent, x.tobytes())
        got = self._memo.get(key)
        if got is None:
            if len(self._memo) >= 4096:
                self._memo.clear()
            got = self._memo[key] = _no_fold_when_free(_forward(x, *w), x)
            got.flags.writeable = False
        return got

    def context_only(self, opponent: int) -> bool:
        """Whether ``opponent``'s prediction depends on the round and bets to call only (before its network predicts)."""
        return bool(self._weights.get(opponent) is None or self.seen_[opponent] < self.warmup)

    def activations(self, opponent: int, x: ArrayLike) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(inputs (19,), hidden activations (hidden,), output probabilities (3,)), float64, of one feature row ``x`` (19,) (for the network figure)."""
        x = np.asarray(x, dtype=np.float64).reshape(1, -1)
        w1, b1, w2, b2 = self._weights[opponent]
        h = 1.0 / (1.0 + np.exp(-(x @ w1 + b1)))
        return x[0], h[0], _forward(x, *self._weights[opponent])[0]

    # -- plain files --------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the learned weights (npz): every opponent's layers and its count of records."""
        path = Path(path)
        arrays: dict[str, Any] = {"seen_": self.seen_}
        for k, (w1, b1, w2, b2) in self._weights.items():
            arrays.update({f"w1_{k}": w1, f"b1_{k}": b1, f"w2_{k}": w2, f"b2_{k}": b2})
        np.savez(path, **arrays)
        return path

    def load(self, path: str | os.PathLike[str]) -> "NeuralPredictor":
        """Read weights written by :meth:`save` (prediction resumes exactly; Adam's moments restart on the next fit)."""
        import zipfile

        name_ = repr(str(path))
        try:
            with np.load(Path(path), allow_pickle=False) as f:
                arrays = {name: f[name] for name in f.files}
        except (OSError, EOFError, ValueError, zipfile.BadZipFile) as exc:
            raise ValueError(f"{name_} cannot be read as the network's weights ({type(exc).__name__}: {exc})") from None
        h = self.hidden
        shapes = {"w1": (N_FEATURES, h), "b1": (h,), "w2": (h, 3), "b2": (3,)}
        for name, a in arrays.items():
            kind, _, k = name.partition("_")
            if name != "seen_" and (kind not in shapes or not k.isdigit() or a.shape != shapes[kind]):
                raise ValueError(f"{name_}: array {name!r} of shape {a.shape} is not one of the network's weights")
            if a.dtype.kind not in "biuf" or not np.isfinite(a).all():
                raise ValueError(f"{name_}: array {name!r} does not hold finite numbers")
        if "seen_" not in arrays:
            raise ValueError(f"{name_} has no array 'seen_'")
        self.seen_ = arrays["seen_"].copy()
        for name in arrays:
            if name.startswith("w1_"):
                k = int(name[3:])
                if any(f"{p}_{k}" not in arrays for p in ("b1", "w2", "b2")):
                    raise ValueError(f"{name_}: the weights of opponent {k} are incomplete")
                self._weights[k] = tuple(arrays[f"{p}_{k}"].copy() for p in ("w1", "b1", "w2", "b2"))
                self._memo.clear()
                net = self._net(k)
                net.batch_size = 1
                net.partial_fit(np.zeros((1, N_FEATURES)), [CALL], classes=[FOLD, CALL, RAISE])
                net.coefs_ = [self._weights[k][0].copy(), self._weights[k][2].copy()]
                net.intercepts_ = [self._weights[k][1].copy(), self._weights[k][3].copy()]
        return self


_CLASSES = np.array([FOLD, CALL, RAISE])


def _forward(x, w1, b1, w2, b2) -> np.ndarray:
    h = 1.0 / (1.0 + np.exp(-(x @ w1 + b1)))
    z = h @ w2 + b2
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


class MetaPredictor:
    """Billings2002's meta choice: per opponent, the predictor that has predicted that opponent best so far.

    Every record is first predicted by each predictor (before any of them
    learns from it) and scored by its log-likelihood (floor 1e-3); the
    prediction for an opponent comes from the predictor with the highest mean
    score on that opponent (the frequency model until it has ``min_records``).

    >>> m = MetaPredictor(3, rng=0)
    >>> m.choice(1)
    'frequency'
    """

    def __init__(self, n_players: int, *, min_records: int = 20, rng: int | None = None, network: NeuralPredictor | None = None):
        self.n_players = int(n_players)
        self.min_records = int(min_records)
        self.predictors: dict[str, Any] = {
            "frequency": FrequencyPredictor(self.n_players),
            "rules": RulePredictor(self.n_players),
            "network": network or NeuralPredictor(self.n_players, rng=rng),
        }
        self.scores_ = np.zeros((self.n_players, len(PREDICTORS)))
        self.hits_ = np.zeros((self.n_players, len(PREDICTORS)))
        self.n_scored_ = np.zeros(self.n_players, dtype=np.int64)

    def choice(self, opponent: int) -> str:
        """The name of the predictor in use for ``opponent``."""
        if self.n_scored_[opponent] < self.min_records:
            return "frequency"
        return PREDICTORS[int(np.argmax(self.scores_[opponent]))]

    def predict(self, opponent: int, x: ArrayLike) -> np.ndarray:
        """P(fold, call, raise) of ``opponent`` (relative seat) for feature rows ``x``: float (k, 19) → float64 (k, 3)."""
        return self.predictors[self.choice(opponent)].predict(opponent, x)

    def context_only(self, opponent: int) -> bool:
        """Whether ``opponent``'s prediction depends on the round and bets to call only (that of the predictor in use)."""
        return self.predictors[self.choice(opponent)].context_only(opponent)

    def update(self, opponent: int, x: ArrayLike, actions: ArrayLike) -> "MetaPredictor":
        """Learn ``opponent``'s ``actions`` (int (k,): 0 fold, 1 call, 2 raise) taken at feature rows ``x`` (float (k, 19)); returns self."""
        x = np.atleast_2d(np.asarray(x, dtype=np.float64))
        a = np.asarray(actions, dtype=np.intp)
        # the three predictions (3, k, 3), scored at once: each row's sum is the sum of that predictor's k scores
        preds = np.stack([self.predictors[name].predict(opponent, x) for name in PREDICTORS])
        self.scores_[opponent] += np.log(np.maximum(preds[:, np.arange(a.size), a], 1e-3)).sum(axis=1)
        self.hits_[opponent] += (preds.argmax(axis=2) == a).sum(axis=1)
        self.n_scored_[opponent] += a.size
        for p in self.predictors.values():
            p.update(opponent, x, a)
        return self


    # -- plain files --------------------------------------------------------------

    def save(self, directory: str | os.PathLike[str]) -> Path:
        """Write ``meta.npz`` (scores, hits, counts of records, the frequency model's counts) and ``network.npz``."""
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        np.savez(directory / "meta.npz", scores_=self.scores_, hits_=self.hits_, n_scored_=self.n_scored_,
                 counts_=self.predictors["frequency"].model.counts_)
        self.predictors["network"].save(directory / "network.npz")
        return directory

    def load(self, directory: str | os.PathLike[str]) -> "MetaPredictor":
        """Read what :meth:`save` wrote."""
        directory = Path(directory)
        path = directory / "meta.npz"
        name = repr(str(path))
        n, k = self.n_players, len(PREDICTORS)
        f = load_npz(path, {"scores_": (n, k), "hits_": (n, k), "n_scored_": (n,), "counts_": None})
        scores, hits, n_scored = f["scores_"], f["hits_"], f["n_scored_"]
        # scores are sums of log-probabilities (≤ 0); hits count records, at most the records scored
        if not (np.isfinite(scores).all() and (scores <= 0).all()):
            raise ValueError(f"{name}: array 'scores_' holds scores that are not finite numbers <= 0")
        if n_scored.dtype.kind not in "iu" or (n_scored < 0).any():
            raise ValueError(f"{name}: array 'n_scored_' holds counts that are not integers >= 0")
        if not (np.isfinite(hits).all() and (hits >= 0).all() and (hits <= n_scored[:, None]).all()):
            raise ValueError(f"{name}: array 'hits_' holds counts outside [0, n_scored_]")
        counts = checked_counts(f["counts_"], n, name)
        self.scores_, self.hits_, self.n_scored_ = scores.astype(np.float64), hits.astype(np.float64), n_scored.astype(np.int64)
        self.predictors["frequency"].model.counts_ = counts
        self.predictors["frequency"]._freq = None
        self.predictors["network"].load(directory / "network.npz")
        return self


def predictor_thresholds(p: np.ndarray, bets_to_call: int) -> tuple[float, float]:
    """(μ_call, μ_raise) on the strength percentile scale from a (fold, call, raise) prediction.

    As :meth:`bpp.loki.modeler.opponent_model.OpponentModel.threshold_table` turns
    frequencies into thresholds: the opponent raises with its strongest
    ``p_raise`` and continues with its strongest ``p_call + p_raise``.

    >>> predictor_thresholds(np.array([0.5, 0.3, 0.2]), 1)
    (0.5, 0.8)
    """
    mu_raise = 1.0 - float(p[RAISE])
    mu_call = 0.0 if bets_to_call == 0 else 1.0 - float(p[RAISE]) - float(p[CALL])
    return round(mu_call, 12), round(mu_raise, 12)

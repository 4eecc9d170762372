"""The opponent modeler as one component object: the weight tables a player keeps, and how actions re-weight them.

Component: the opponent modeler (Billings2002 §4 architecture figure; §6 "opponent modeling", "updating weight
table", "neural networks for opponent modeling"; Billings1998 §4.3; Billings1998b).

A player holds one modeler.  Within a hand it re-weights every opponent's table in the hand's state
(:class:`bpp.loki.state.HandState`) for the actions it has not applied yet (lazily, when the player next acts) and
hands the tables of the opponents still in to the hand evaluator; across hands it keeps the learned state
(``model_``, the twelve-context frequencies; ``predictor_``, the network or the meta choice) and saves it as plain
files.

* :class:`UniformModeler` — no weighting: every opponent holding equally likely (players B and E of Billings1998 §5);
* :class:`LokiModeler` — Loki's re-weighting (Billings1998 §4.3; Billings1998b): each call or raise multiplies the
  table by Loki's linear function (floor 0.01) of each holding's EHS *as the acting opponent sees it*, against the
  thresholds Loki itself bets by; ``reweighting="preflop"`` (Billings1998 §4.3's Lokibot: pre-flop actions only) or
  ``"all"``;
* :class:`PokiModeler` — Poki's re-weighting (Billings2002 §6): every action, checks included, multiplies the table
  by its entry in the modelled triple (EHS against one random hand, the opponent's thresholds from the frequencies,
  the network or the meta choice), every action compounding.

>>> import numpy as np
>>> from bpp.loki.state import HandState, HandTracker
>>> m = UniformModeler()
>>> m.start(3, np.random.default_rng(0))
>>> hand = HandState(HandTracker(3, 0), seat=0)
>>> m.opponent_weights(hand, [1, 2]).shape
(2, 1326)
>>> PokiModeler(predictor="oracle")
Traceback (most recent call last):
...
ValueError: The 'predictor' parameter of PokiModeler must be 'frequency', 'network' or 'meta'; got 'oracle'.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from bpp.loki.modeler.opponent_model import OpponentModel, checked_counts, loki_thresholds, preflop_strength
from bpp.loki.modeler.weights import linear_reweighting, reweight
from bpp.loki.selector.betting import LokiRules
from bpp.loki.state import CALL, FOLD, RAISE
from holdem.files import load_npz
from holdem.ranges import N_HOLDINGS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from bpp.loki.evaluator.hand import HandEvaluator
    from bpp.loki.state import HandState, HandTracker
    from holdem._typing import RngLike

__all__ = ["Modeler", "UniformModeler", "LokiModeler", "PokiModeler"]


class Modeler:
    """The base of every opponent modeler: the opponent model and predictor learned across hands, saved as plain files.

    Subclasses say how actions re-weight the hand's tables (:meth:`update`).
    """

    weighting = True
    view: str | None = None

    def __init__(self, *, reweighting: str = "preflop", reweight_checks: bool = False, specific: bool = False,
                 predictor: str = "frequency"):
        owner = type(self).__name__
        if reweighting not in ("preflop", "all"):
            raise ValueError(f"The 'reweighting' parameter of {owner} must be 'preflop' or 'all'; got {reweighting!r}.")
        if predictor not in ("frequency", "network", "meta"):
            raise ValueError(
                f"The 'predictor' parameter of {owner} must be 'frequency', 'network' or 'meta'; got {predictor!r}."
            )
        self.reweighting = reweighting
        self.reweight_checks = bool(reweight_checks)
        self.specific = bool(specific)
        self.predictor = predictor
        self.model_: OpponentModel | None = None
        self.predictor_: Any = None  # the predictor of the opponents' next actions (predictors.PREDICTORS)
        self.n_players_: int | None = None

    @property
    def learns_across_hands(self) -> bool:
        """True with a specific opponent model (SOM): the match keeps one player for all hands."""
        return self.specific

    def start(self, n_players: int, rng: RngLike) -> None:
        """Make the opponent model (and predictor) for ``n_players`` seats unless this table size already has one.

        Draws the predictor's seed from ``rng`` (the player's generator) whenever it makes them.
        """
        if self.model_ is None or self.n_players_ != n_players:
            self.n_players_ = n_players
            self.model_ = OpponentModel(n_players, specific=self.specific)
            self.predictor_ = self._new_predictor(n_players, rng)

    def _new_predictor(self, n: int, rng):
        from bpp.loki.modeler.predictors import MetaPredictor, NeuralPredictor

        seed = int(rng.integers(2**31))
        if self.predictor == "network":
            return NeuralPredictor(n, rng=seed)
        if self.predictor == "meta":
            return MetaPredictor(n, rng=seed)
        return None

    def update(self, hand: HandState, evaluator: HandEvaluator) -> None:
        """Re-weight the tables in ``hand`` for the actions of ``hand.tracker.records`` not yet applied."""
        raise NotImplementedError

    def opponent_weights(self, hand: HandState, opponents: Sequence[int]) -> np.ndarray:
        """The (len(opponents), 1326) weight tables of seats ``opponents`` for the hand evaluator."""
        return hand.weights[opponents]

    def finish(self, tracker: HandTracker, me: int) -> None:
        """Learn from the hand just over: count the opponents' actions in the specific model, train the predictor."""
        if not self.specific or self.model_ is None:
            return
        n = tracker.n
        rows = [((r[0] - me) % n, r[1], r[2], r[3]) for r in tracker.records if r[0] != me]
        if rows:
            self.model_.observe_many(rows)
        if self.predictor_ is not None:
            feats = tracker.features
            assert feats is not None  # the tracker records features when there is a predictor
            for rel in {row[0] for row in rows}:
                k = [i for i, r in enumerate(tracker.records) if (r[0] - me) % n == rel]
                self.predictor_.update(rel, np.array([feats[i] for i in k]), [tracker.records[i][3] for i in k])

    def save(self, directory: str | os.PathLike[str], owner: str = "the modeler") -> Path:
        """Write ``opponent_model.npz`` (the specific model's counts) and the predictor's files in ``directory``."""
        if self.model_ is None:
            raise ValueError(f"{owner}.save needs an agent that has played (no learned state yet).")
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        np.savez(directory / "opponent_model.npz", counts_=self.model_.counts_, n_players=self.n_players_)  # type: ignore[arg-type]
        if self.predictor == "network":
            self.predictor_.save(directory / "network.npz")
        elif self.predictor == "meta":
            self.predictor_.save(directory)
        return directory

    def load(self, directory: str | os.PathLike[str], rng: RngLike) -> None:
        """Read what :meth:`save` wrote (the predictor's seed drawn from ``rng``, as :meth:`start` does)."""
        directory = Path(directory)
        path = directory / "opponent_model.npz"
        f = load_npz(path, {"counts_": None, "n_players": ()})
        n = f["n_players"]
        if n.dtype.kind not in "iu" or not 2 <= int(n) <= 10:
            raise ValueError(f"{str(path)!r}: array 'n_players' is {n[()]!r}; expected an integer in [2, 10]")
        n = int(n)
        counts = checked_counts(f["counts_"], n, repr(str(path)))
        self.n_players_ = n
        self.model_ = OpponentModel(n, specific=self.specific)
        self.model_.counts_ = counts
        self.predictor_ = self._new_predictor(n, rng)
        if self.predictor == "network":
            self.predictor_.load(directory / "network.npz")
        elif self.predictor == "meta":
            self.predictor_.load(directory)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(reweighting={self.reweighting!r}, reweight_checks={self.reweight_checks}, "
                f"specific={self.specific}, predictor={self.predictor!r})")


class UniformModeler(Modeler):
    """No weighting: every opponent holding equally likely, whatever the opponent did (players B and E, Billings1998 §5)."""

    weighting = False

    def update(self, hand: HandState, evaluator: HandEvaluator) -> None:
        hand.done = len(hand.tracker.records)

    def opponent_weights(self, hand: HandState, opponents: Sequence[int]) -> np.ndarray:
        return np.ones((len(opponents), N_HOLDINGS))


_PREFLOP_FACTORS: dict[tuple[int, float, float], np.ndarray] = {}


def _preflop_factor(n: int, mu: float, sigma: float) -> np.ndarray:
    """Loki's linear re-weighting factor of every holding for a pre-flop action at threshold ``mu`` (kept, read-only):
    it depends on the table size and the threshold only (:func:`preflop_strength`)."""
    key = (n, mu, sigma)
    got = _PREFLOP_FACTORS.get(key)
    if got is None:
        if len(_PREFLOP_FACTORS) > 4096:  # thresholds come from a small table; a bound all the same
            _PREFLOP_FACTORS.clear()
        got = _PREFLOP_FACTORS[key] = linear_reweighting(preflop_strength(n), mu, sigma, floor=0.01)
        got.flags.writeable = False
    return got


class LokiModeler(Modeler):
    """Loki's re-weighting on each holding's EHS as the acting opponent sees it (Billings1998 §4.3; Billings1998b).

    Parameters
    ----------
    reweighting : {"preflop", "all"}
        Which actions re-weight: the pre-flop ones only (Billings1998 §4.3's Lokibot: "the common weights are based on
        the simulations of the 169 different starting hand types") or every call and raise (Billings1998b).
    ranges : {"uniform", "tables"}
        Whom the acting opponent is taken to play against: each remaining opponent a random hand (``HS_n = HS ** n``,
        Billings1998 §4.2) or our weight tables of them.
    rules : LokiRules, optional
        The rules whose thresholds a Loki opponent is assumed to bet by (:func:`loki_thresholds`).
    reweight_checks, specific, predictor
        As :class:`PokiModeler` (a check re-weights nothing here; the predictor only learns).
    """

    view = "player"

    def __init__(self, *, reweighting: str = "preflop", ranges: str = "uniform", rules: LokiRules | None = None,
                 reweight_checks: bool = False, specific: bool = False, predictor: str = "frequency"):
        super().__init__(reweighting=reweighting, reweight_checks=reweight_checks, specific=specific,
                         predictor=predictor)
        if ranges not in ("uniform", "tables"):
            raise ValueError(f"The 'ranges' parameter of LokiModeler must be 'uniform' or 'tables'; got {ranges!r}.")
        self.ranges = ranges
        self.thresholds = loki_thresholds(rules)

    def update(self, hand: HandState, evaluator: HandEvaluator) -> None:
        """Loki's re-weighting, one action at a time in order.

        A fold takes the player out (its table is no longer a range anyone plays against); a check, which any hand
        may make, re-weights nothing (Loki had no "negative re-weighting", Peña 1999 §3); a call or a bet/raise of
        player ``p`` in context (round, bets to call) has the threshold μ of
        :func:`bpp.loki.modeler.opponent_model.loki_thresholds` and multiplies ``p``'s table by
        ``(EHS − μ + σ) / (2σ)`` clipped to [0.01, 1] (Billings1998b), EHS being every holding's
        :meth:`~bpp.loki.evaluator.postflop.StreetTable.player_ehs` against ``p``'s remaining opponents.  Within a
        round only the most demanding action counts, applied to the table as the round began, so a call after a bet
        in the same round does not re-weight twice.
        """
        t = hand.tracker
        records = t.records
        n = t.n
        mu_call, mu_raise = self.thresholds
        sigma = self.model_.sigma  # type: ignore[union-attr]  # the model exists once a hand started
        folded = hand.folded_at
        potential = evaluator.potential
        for rec in records[hand.done :]:
            p = rec.player
            if rec.action == FOLD:
                folded[p] = True
                continue
            if rec.round > 0 and self.reweighting == "preflop":
                continue  # Billings1998 §4.3: the common weights come from the pre-flop only
            b = min(rec.bets_to_call, 2)
            if rec.action == CALL and b == 0:
                continue
            r = rec.round
            mu = float(mu_raise[r, b] if rec.action == RAISE else mu_call[r, b])
            if rec.action == CALL and r > 0 and potential:
                # Loki also calls when Ppot > pot odds (Billings1998 §4.4), and EHS >= Ppot: the least EHS a call shows is the pot odds
                mu = min(mu, rec.to_call / (rec.pot + rec.to_call))
            base = hand.round_base.get(p)
            if base is None or base[0] != r:
                base = (r, hand.weights[p].copy(), -np.inf)
            if mu <= base[2]:
                continue
            hand.round_base[p] = (r, base[1], mu)
            if r == 0:
                factor = _preflop_factor(n, mu, sigma)
            else:
                others = [q for q in range(n) if q != p and not folded[q]]
                table = evaluator.street(hand, hand.board_at(r))
                if self.ranges == "uniform":
                    strength = table.player_ehs(n_opponents=len(others), potential=potential)
                else:
                    strength = table.player_ehs(hand.weights[others], potential=potential)
                factor = linear_reweighting(strength, mu, sigma, floor=0.01)
            np.multiply(base[1], factor, out=hand.weights[p])
        hand.done = len(records)


class PokiModeler(Modeler):
    """Poki's re-weighting by the modelled triple of each action (Billings2002 §6 "updating weight table").

    Parameters
    ----------
    reweighting : {"preflop", "all"}
        Which actions re-weight (Poki: ``"all"``).
    reweight_checks : bool
        A check re-weights too, by the modelled chance of *not* betting, ``1 − ramp(strength, μ_raise)``
        (Billings2002: every observed action, checks included, multiplies the table by its triple entry).
    specific : bool
        Learn a specific model of each opponent (SOM) or use the generic one (GOM) (Billings2002 §6).
    predictor : {"frequency", "network", "meta"}
        What predicts an opponent's action: the twelve-context frequencies of the opponent model, the neural
        network (:class:`bpp.loki.modeler.predictors.NeuralPredictor`, 19 context inputs) or the meta choice
        (:class:`bpp.loki.modeler.predictors.MetaPredictor`); the prediction becomes thresholds
        (:func:`bpp.loki.modeler.predictors.predictor_thresholds`).
    likelihood : {"triple", "linear"}
        The factor an action multiplies the table by: its entry in the two-ramp triple (Poki) or Loki's linear
        function of the strength (what a rules player re-weighting on one random hand's scale uses).
    """

    view = "uniform"

    def __init__(self, *, reweighting: str = "all", reweight_checks: bool = True, specific: bool = True,
                 predictor: str = "frequency", likelihood: str = "triple"):
        super().__init__(reweighting=reweighting, reweight_checks=reweight_checks, specific=specific,
                         predictor=predictor)
        if likelihood not in ("triple", "linear"):
            raise ValueError(f"The 'likelihood' parameter of PokiModeler must be 'triple' or 'linear'; got {likelihood!r}.")
        self.likelihood = likelihood

    def update(self, hand: HandState, evaluator: HandEvaluator) -> None:
        """Multiply each opponent's table by the modelled likelihood of each action not yet applied."""
        t = hand.tracker
        records = t.records
        n = t.n
        me = hand.seat
        for k, rec in enumerate(records[hand.done :], start=hand.done):
            p = rec.player
            if p == me or t.folded[p] or rec.action == FOLD:
                continue
            if rec.round > 0 and self.reweighting == "preflop":
                continue
            b = min(rec.bets_to_call, 2)
            if rec.action == CALL and b == 0 and not self.reweight_checks:
                continue  # Loki: a check re-weights nothing (no "negative re-weighting", Peña 1999 §3)
            if rec.round == 0:
                strength = preflop_strength(n)
            else:
                strength = evaluator.street(hand, hand.board_at(rec.round)).holding_strength()[1]
            rel = (p - me) % n
            if self.predictor_ is None:
                mu_call, mu_raise = self.model_.thresholds(rel, round=rec.round, bets_to_call=b)  # type: ignore[union-attr]
            else:
                from bpp.loki.modeler.predictors import predictor_thresholds

                assert t.features is not None  # the tracker records features when there is a predictor
                mu_call, mu_raise = predictor_thresholds(self.predictor_.predict(rel, t.features[k])[0], b)
            sigma = self.model_.sigma  # type: ignore[union-attr]
            if self.likelihood == "linear":
                mu = mu_raise if rec.action == RAISE else mu_call
                factor = linear_reweighting(strength, mu, sigma, floor=0.01)
                reweight(hand.weights[p], factor, floor=0.01, out=hand.weights[p])
            else:  # the triple's entry for the action (threshold_triples, one column)
                up = np.clip((strength - mu_raise + sigma) / (2 * sigma), 0.0, 1.0)
                if rec.action == RAISE:
                    factor = up
                else:
                    go = np.clip((strength - mu_call + sigma) / (2 * sigma), 0.0, 1.0) if b else 1.0
                    factor = np.maximum(go - up, 0.0)
                reweight(hand.weights[p], factor, floor=0.01, out=hand.weights[p])
        hand.done = len(records)

    def __repr__(self) -> str:
        return super().__repr__()[:-1] + f", likelihood={self.likelihood!r})"

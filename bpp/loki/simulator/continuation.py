"""How likely the simulator's opponents make a real continuation: its opponent model scored on what really happened.

Component: the simulator (Billings2002 §5 "selective sampling"), measured.

In a trial of :func:`bpp.loki.simulator.sampling.simulate` each opponent's
hidden holding is drawn from its weight table at the real decision, and every
later action of that opponent is played by its model (the opponent model's
table, or a predictor such as the network or the meta choice): its strength
in the round (EHS against one random hand in the decision's round, the HS
percentile on later boards, on the scale of its range with
``range_relative``) against the thresholds the model gives for that context,
through the ramp of width ``sigma``.  An opponent's *first* simulated action
is then distributed as its predictor's prediction; its *later* ones are not,
because the trial's holding already made the earlier ones (Billings2002
leaves this to the simulation: "a hand is assigned to each opponent, based on
the probabilities maintained in their weight table").

:func:`continuation_probabilities` asks, for the real continuation of a
decision (every action after ours to the end of the hand, on the real board),
what probability this simulation model gives each real opponent action given
the real actions before it: the trials' holdings are weighted by how likely
they made the real actions so far (sequential importance sampling), so
``P(a_k | a_1 … a_{k-1}) = Σ_t w_t p_t(a_k) / Σ_t w_t`` with
``w_t = Π_{j<k} p_t(a_j)`` — the simulation's own probability of the real
continuation, action by action.  Our own later actions carry no weight (they
do not depend on the opponents' cards).

>>> import numpy as np
>>> from holdem.games.base import Event, Action, ActionKind
>>> from bpp.loki.modeler.opponent_model import OpponentModel
>>> from bpp.loki.state import HandTracker
>>> t = HandTracker(n_players=2, button=0, features=True)
>>> for e in [Event("action", 0, Action(ActionKind.CHECK_CALL), (), 0), Event("action", 1, Action(ActionKind.CHECK_CALL), (), 0),
...           Event("deal", -1, None, (48, 44, 40), 1)]:
...     _ = t.step(e)
>>> k = len(t.records)
>>> after = HandTracker(n_players=2, button=0, features=True)
>>> for e in [Event("action", 0, Action(ActionKind.CHECK_CALL), (), 0), Event("action", 1, Action(ActionKind.CHECK_CALL), (), 0),
...           Event("deal", -1, None, (48, 44, 40), 1), Event("action", 1, Action(ActionKind.BET_RAISE), (), 1),
...           Event("action", 0, Action(ActionKind.CHECK_CALL), (), 1)]:
...     _ = after.step(e)
>>> c = continuation_probabilities(t, after.records[k:], after.features[k:], me=1, hole=[0, 1], weights=np.ones((2, 1326)),
...                                model=OpponentModel(2), board=after.board, trials=400, rng=0)
>>> c.index.tolist(), c.probabilities.shape, bool(np.isclose(c.probabilities.sum(), 1.0))
([1], (1, 3), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from bpp.loki.evaluator.postflop import street_table
from bpp.loki.modeler.opponent_model import OpponentModel
from bpp.loki.selector.triples import CALL, RAISE
from bpp.loki.simulator.sampling import _percentiles, _range_percentiles, _sample_holdings
from holdem.ranges import HOLDINGS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import ArrayLike, NDArray

    from bpp.loki.modeler.predictors import Predictor
    from bpp.loki.state import ActionRecord, HandTracker
    from holdem._typing import RngLike
    from holdem.cards import CardsLike

__all__ = ["Continuation", "continuation_probabilities"]

_BOARD_SIZE = (0, 3, 4, 5)


def _board_percentiles(board: tuple) -> np.ndarray:
    """Every holding's HS percentile on ``board`` (as the trials of a later street compute it), cached per board."""
    got = _PERCENTILES.get(board)
    if got is None:
        if len(_PERCENTILES) > 256:
            _PERCENTILES.clear()
        b = np.asarray(board, dtype=np.int8)[None, :]
        got = _PERCENTILES[board] = _percentiles(b, np.arange(len(HOLDINGS))[None, :])[0]
    return got


_PERCENTILES: dict[tuple, np.ndarray] = {}


@dataclass(frozen=True)
class Continuation:
    """The simulation's probabilities of a real continuation's opponent actions.

    Attributes
    ----------
    index : numpy.ndarray of int
        Positions (in the ``records`` given) of the opponents' actions.
    probabilities : numpy.ndarray, shape (len(index), 3)
        The simulation's (fold, call, raise) for each of them, given the real actions before it.
    nth : numpy.ndarray of int
        How many actions that opponent had already made in the continuation (0: its first).
    trials : int
        Trials (sampled holdings) used.
    reset : int
        Actions after which no trial could explain the real ones (the weights restarted uniform).
    """

    index: np.ndarray
    probabilities: np.ndarray
    nth: np.ndarray
    trials: int
    reset: int

    def chosen(self, records: Sequence[ActionRecord]) -> np.ndarray:
        """The probability given to each real action (``records`` as passed to :func:`continuation_probabilities`)."""
        actions = np.array([records[i][3] for i in self.index], dtype=np.intp)
        return self.probabilities[np.arange(actions.size), actions]


def continuation_probabilities(
    tracker: HandTracker,
    records: Sequence[ActionRecord],
    features: Sequence[ArrayLike],
    *,
    me: int,
    hole: CardsLike,
    weights: ArrayLike,
    model: OpponentModel,
    board: Sequence[int] | NDArray[np.integer],
    predictor: Predictor | None = None,
    trials: int = 500,
    max_raises: int = 3,
    range_relative: bool = True,
    rng: RngLike = None,
) -> Continuation:
    """The simulation's probability of each real opponent action after our decision, given the real ones before it.

    Parameters
    ----------
    tracker : bpp.loki.state.HandTracker
        The hand at our decision (post-flop, seat ``me`` to act), as :func:`~bpp.loki.simulator.sampling.simulate`
        takes it.
    records : sequence of ActionRecord
        The real actions from our decision to the end of the hand (``records[0]`` is ours).
    features : sequence of array
        Their 19 context inputs (:func:`bpp.loki.state.context_features`; needed with a ``predictor``).
    me : int
    hole : array_like of int
        Our hole cards.
    weights : array_like, shape (n_players, 1326)
        Each seat's weight table at the decision.
    model : OpponentModel
        Thresholds by relative seat when there is no ``predictor``; its ``sigma`` is the ramp's width.
    board : sequence of int
        The hand's real board (every card dealt; at least ``tracker.board``).
    predictor : object with ``predict(opponent, x) -> (k, 3)``, optional
        As :func:`~bpp.loki.simulator.sampling.simulate` takes it.
    trials : int
        Holdings sampled per opponent.
    max_raises : int
    range_relative : bool
        As in :func:`~bpp.loki.simulator.sampling.simulate`.
    rng : numpy.random.Generator, int or None

    Returns
    -------
    Continuation

    Raises
    ------
    ValueError
        ``trials`` below 1, a pre-flop tracker, ``records[0]`` not ours, or a board shorter than the tracker's.
    """
    if not isinstance(trials, (int, np.integer)) or isinstance(trials, bool) or trials < 1:
        raise ValueError(f"The 'trials' parameter of continuation_probabilities must be a positive integer; got {trials!r}.")
    if tracker.round == 0:
        raise ValueError("continuation_probabilities scores post-flop decisions; the tracker is in round 0 (pre-flop)")
    if not records or records[0][0] != me:
        raise ValueError(f"The 'records' parameter of continuation_probabilities must start with seat {me}'s action; "
                         f"got {list(records[:1])!r}.")
    board = tuple(int(c) for c in board)
    if board[: len(tracker.board)] != tuple(tracker.board):
        raise ValueError(f"The 'board' parameter of continuation_probabilities must extend the tracker's board "
                         f"{tuple(tracker.board)!r}; got {board!r}.")
    rng = np.random.default_rng(rng)
    n, rc = tracker.n, tracker.round
    hole = np.asarray(hole, dtype=np.int8)
    opponents = [s for s in range(n) if s != me and not tracker.folded[s]]
    column = {s: j for j, s in enumerate(opponents)}
    dead = 0
    for c in (*hole.tolist(), *board):
        dead |= 1 << int(c)
    held, ok = _sample_holdings(weights, opponents, dead, trials, rng)
    held = held[ok]
    T = held.shape[0]
    rounds = sorted({int(r[1]) for r in records[1:]} | {rc})
    strength = {}
    for r in rounds:
        if r == rc:
            s = street_table(tuple(tracker.board)).holding_strength()[1][held]
        else:
            s = _board_percentiles(board[: _BOARD_SIZE[r]])[held]
        strength[r] = _range_percentiles(s) if range_relative and opponents else s
    mu_c_rel, mu_r_rel = model.threshold_table()
    cap = max_raises + 1
    w = np.ones(T)
    index: list[int] = []
    probs: list[np.ndarray] = []
    nth: list[int] = []
    seen: dict = {}
    reset = 0
    for i in range(1, len(records)):
        p, r, bets, action, to_call, _, level = (int(v) for v in records[i])
        if p == me:
            continue
        rel = (p - me) % n
        b = min(bets, 2)
        if predictor is not None:
            pred = np.asarray(predictor.predict(rel, np.asarray(features[i])[None, :]), dtype=np.float64)[0]
            mr = 1.0 - pred[RAISE]
            mc = 0.0 if b == 0 else 1.0 - pred[RAISE] - pred[CALL]
        else:
            mc, mr = mu_c_rel[rel, r, b], mu_r_rel[rel, r, b]
        s = strength[r][:, column[p]]
        sg = model.sigma
        go = np.ones(T) if to_call == 0 else np.clip((s - mc + sg) / (2 * sg), 0.0, 1.0)
        up = np.minimum(np.clip((s - mr + sg) / (2 * sg), 0.0, 1.0), go) if level < cap else np.zeros(T)
        pt = np.stack([1.0 - go, go - up, up], axis=1)  # (T, 3): fold, call, raise per trial
        if w.sum() <= 0:
            w = np.ones(T)
            reset += 1
        probs.append(w @ pt / w.sum())
        index.append(i)
        nth.append(seen.get(p, 0))
        seen[p] = seen.get(p, 0) + 1
        w = w * pt[:, action]
        if w.sum() > 0:
            w = w / w.sum()
    return Continuation(np.asarray(index, dtype=np.intp), np.asarray(probs).reshape(-1, 3),
                        np.asarray(nth, dtype=np.intp), int(T), reset)


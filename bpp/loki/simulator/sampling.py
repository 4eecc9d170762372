"""Selective-sampling simulation betting (Billings2002 "selective sampling simulation betting strategy").

Component: the simulator (Billings2002 §4 architecture figure; §5 "selective sampling", §8).

"Each time Poki faces a decision, it invokes the Simulator to get an estimate
of the expected value (EV) of each betting action … A single trial consists of
playing out the hand from the current state of the game through to the end.
Each trial is played out twice — once to consider the consequences of a
check/call and once to consider a bet/raise.  In each trial a hand is assigned
to each opponent, based on the probabilities maintained in their weight
table … Probability triples are used to determine the actions of Poki and its
opponents … The average over all trials in which Poki checks or calls is the
call EV, and the average for the matching trials where Poki bets or raises is
the raise EV.  The fold EV can be calculated without simulation, since there
is no future profit or loss … [Poki] simply choose[s] the action with the
greatest expectation.  If two actions have the same expectation, we opt for
the most aggressive action (prefer a raise, then a call, then a fold)" (Billings2002).

The trials are vectorized: every trial (both branches at once) is a row of
numpy arrays (chips committed, folds, bet level, who acts), and each betting
step acts for every row together.  Strengths of the simulated players:

* in the current round, each opponent's holding has its EHS against one
  random hand on the real board (:meth:`bpp.loki.evaluator.postflop.StreetTable.holding_strength`)
  and we have our real EHS;
* on the simulated later streets, every player's strength is its HS
  percentile on the trial's board (the share of the 1,326 holdings it beats,
  computed for all trials in one ranking call); ours is raised to the power of
  the number of active opponents (``HS_n``).  Potential on simulated streets is
  left out — that is the simulation's job (Billings2002: "the fraction of trials where
  our hand improves").

Opponents act by the thresholds of their model (:mod:`bpp.loki.modeler.opponent_model`),
Poki by its formula thresholds (:class:`bpp.loki.selector.triples.FormulaParams`).
With a ``predictor`` (the network of ``poki-sim-nn``, the meta choice of
``poki-sim-meta``, :mod:`bpp.loki.modeler.predictors`) every simulated opponent
decision is predicted instead: the 19 context inputs of that decision are
built for every trial row at once from the trial's own state (its bets,
pot, folds, previous actions and board), the opponent's predictor turns
them into (fold, call, raise), and those become the thresholds of the ramp
the opponent acts by (:func:`bpp.loki.modeler.predictors.predictor_thresholds`): the
predictor the meta choice picked for an opponent is the one that plays it
in the trials, as in Billings2002's last experiment ("maintains three
different methods of opponent modeling … uses whichever has been the most
successful for each opponent in the past").

Where this differs from Billings2002:

* Billings2002 stops simulating early when "the expected value of one action is
  clearly better" (the *obvious move* cut-off).  Here all ``trials`` run as
  one vectorized batch, so a cut-off would only save time, not change the
  decision; ``time_budget`` is the only early stop.  Not built.
* Without a ``predictor`` (``poki-sim``) the simulated opponents act by the
  twelve-context threshold table of the opponent model.
* ``range_relative`` (default True): the thresholds (of the table and of a
  predictor alike) are on the percentile scale over all 1,326 holdings
  ("raises with its strongest p_raise of all hands").  A simulated opponent's
  holding is already drawn from its weight table, narrowed by its earlier
  actions; comparing such a holding with all-holdings thresholds counts the
  history twice (once in the range, once in the thresholds, and again in a
  predictor whose inputs include the history): a narrowed, strong range
  raises and continues far more often than predicted.  With
  ``range_relative`` each opponent's strength in a round is replaced by its
  percentile among that seat's sampled strengths in that round in the trial's
  block of 250 trials (the 250 draws are a sample of its current range; ties
  share their mid-rank),
  so over its range it acts with the predicted frequencies.  Not conditioned
  further on the trial's own simulated actions (the range is the one at the
  real decision).  False: the scale over all holdings, as before.

EVs are in chips and count only the chips still to be put in (what is in the
pot is sunk): the fold EV is 0.

All of a decision's trials (up to 1,000) are played in one pass: one draw of
every trial's holdings and board, one ranking call per street, one betting
loop whose steps act for every trial.  The trials are independent and
identically distributed, so the estimate has the law it had when they were
played 250 at a time (the range sample above is still per block of 250); only
which random numbers fall to which trial differs (``time_budget`` keeps
passes of 250, to read the clock between them).

>>> import numpy as np
>>> from bpp.loki.modeler.opponent_model import HandTracker, OpponentModel
>>> from holdem.cards import parse_cards
>>> t = HandTracker(n_players=2, button=0)
>>> from holdem.games.base import Event, Action, ActionKind
>>> for e in [Event("action", 0, Action(ActionKind.CHECK_CALL), (), 0), Event("action", 1, Action(ActionKind.CHECK_CALL), (), 0),
...           Event("deal", -1, None, tuple(parse_cards("Ah Kd 7c").tolist()), 1)]:
...     _ = t.step(e)
>>> res = simulate(t, me=1, hole=parse_cards("As Ac"), weights=np.ones((2, 1326)), our_strength=0.95,
...                model=OpponentModel(2), trials=200, rng=1)
>>> res.trials, res.best != 0, bool(min(res.ev[1:]) > 0)     # top set: never fold, both lines win
(200, True, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from bpp.loki.evaluator.postflop import _HOLDING_PATTERN, _holding_arrays, street_table
from bpp.loki.modeler.opponent_model import OpponentModel
from bpp.loki.selector.triples import CALL, FOLD, RAISE, FormulaParams
from bpp.loki.state import N_FEATURES, board_texture, board_textures
from holdem.evaluate import evaluate_unchecked, key_sums, rank_of_keys
from holdem.ranges import CARD_HOLDINGS, HOLDINGS, N_HOLDINGS
from holdem.tables import SUIT_SHIFT, load_tables

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

    from bpp.loki.modeler.predictors import Predictor
    from bpp.loki.state import HandState, HandTracker
    from holdem._typing import RngLike
    from holdem.cards import CardsLike

__all__ = ["SimulationResult", "Simulator", "simulate"]

_HMASK = (np.uint64(1) << HOLDINGS[:, 0].astype(np.uint64)) | (np.uint64(1) << HOLDINGS[:, 1].astype(np.uint64))


@dataclass(frozen=True)
class SimulationResult:
    """EVs (chips) of fold, check/call and bet/raise, the trials played and the chosen action index."""

    ev: tuple[float, float, float]
    trials: int
    best: int
    seconds: float
    #: simulated actions (fold, call, raise) counted per seat over every trial and both branches, shape (n, 3);
    #: our own forced first action is not counted
    actions: np.ndarray | None = None


#: (4, 1326): each holding's number of cards of each suit
_HOLDING_SUIT_COUNT = np.stack([(HOLDINGS & 3 == s).sum(axis=1) for s in range(4)]).astype(np.int8)
#: the holdings that can make a flush in suit s when m cards of it are needed: (4, k_m) at index m ≤ 2 (as many per suit)
_FLUSH_CANDIDATES = [np.stack([np.flatnonzero(_HOLDING_SUIT_COUNT[s] >= m) for s in range(4)]) for m in range(3)]
_FLUSH_CANDIDATE_ROWS: list = []


def _flush_candidate_rows() -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per cards needed m: the candidates' (rank pattern, card mask, suit bits), each (4, k_m), gathered once (a row
    per suit is a contiguous copy; a (rows, k_m) gather from the 1,326 holdings is not)."""
    if not _FLUSH_CANDIDATE_ROWS:
        _, hbits = _holding_arrays()
        _FLUSH_CANDIDATE_ROWS.extend((_HOLDING_PATTERN[c], _HMASK[c], hbits[c]) for c in _FLUSH_CANDIDATES)
    return _FLUSH_CANDIDATE_ROWS
_NO_RANK = 2**15 - 1  # above every hand rank (int16, at most 7,462)
_R13 = np.arange(13)
#: trials played in one pass at most (all of a decision's trials, unless more or a time budget)
_PASS = 1000
#: trials per block: the range sample of ``range_relative``, and a pass under a time budget
_BLOCK = 250
_LOWER = np.tril_indices(13, -1)


def _percentiles(boards: np.ndarray, holdings: np.ndarray) -> np.ndarray:
    """HS percentile of each (trial, player) holding among all holdings on the trial's board.

    ``boards`` (T, k) int8, ``holdings`` (T, n) holding indices → (T, n) float in [0, 1]: (live holdings ranked
    below + half the other live holdings ranked equal) / (live holdings − 1), live = sharing no card with the board.

    Counted over rank patterns: without five cards of one suit a hand's rank depends on its cards' ranks only, so
    the 169 hole-rank patterns of each set of board ranks are evaluated once, weighted by their live holdings (from
    the board's count of each rank) and sorted with cumulative weights, and a player's counts are two searchsorted
    positions; the holdings that can hold five of a suit (the board has ``m`` ≥ 3 of it and the holding
    at least ``5 − m``; at most one such suit on five cards or fewer) leave their pattern and count by their own
    rank, the larger of the pattern's and the flush table's (sorted per row, one ``searchsorted`` for every row and
    player).  Equal to the count over every holding (tests).
    """
    tables = load_tables()
    T, k = boards.shape
    n = holdings.shape[1]
    rows = np.arange(T)
    bkeys = key_sums(boards)
    rank_part = tables.card_keys[:52:4] >> SUIT_SHIFT << SUIT_SHIFT  # one card of each rank, no suit counts
    pattern_keys = (rank_part[:, None] + rank_part[None, :]).ravel()  # hole-rank pattern 13 · r0 + r1: never a flush
    # boards that share their ranks share their patterns' ranks (trials from one board: at most 91 rank sets)
    ranks_only, first, which = np.unique(bkeys >> SUIT_SHIFT << SUIT_SHIFT, return_index=True, return_inverse=True)
    which = which.ravel()
    U = ranks_only.size
    sets = np.arange(U)
    pattern_rank = rank_of_keys(ranks_only[:, None] + pattern_keys[None, :], 2 + k)  # (U, 169)
    # live holdings per pattern: (4 − b0)(4 − b1) for two ranks, (4 − b)(3 − b)/2 for a pair (b: the board's count)
    free = 4 - np.bincount((sets[:, None] * 13 + (boards[first] >> 2)).ravel(), minlength=U * 13).reshape(U, 13)
    weight = free[:, :, None] * free[:, None, :]
    weight[:, _R13, _R13] = free * (free - 1) // 2
    weight[:, _LOWER[0], _LOWER[1]] = 0  # a holding's ranks come as r0 ≤ r1
    # each rank set's patterns sorted by rank (rank · 256 + pattern, sorted as one int64) with their cumulative live
    # holdings; the sets laid end to end, _NO_RANK + 1 apart, so one searchsorted counts below / up to every player
    packed = np.sort(pattern_rank.astype(np.int64) << 8 | np.arange(169), axis=1)
    offset = sets[:, None] * (_NO_RANK + 1)
    sorted_rank = ((packed >> 8) + offset).ravel()
    cum = np.zeros((U, 170), dtype=np.int64)
    np.cumsum(weight.reshape(-1)[(packed & 255) + sets[:, None] * 169], axis=1, out=cum[:, 1:])
    cum = cum.ravel()
    suit_count = np.bincount((rows[:, None] * 4 + (boards & 3)).ravel(), minlength=T * 4).reshape(T, 4)
    board_mask = np.bitwise_or.reduce(np.uint64(1) << boards.astype(np.uint64), axis=1)
    mine = pattern_rank.ravel().take(which[:, None] * 169 + _HOLDING_PATTERN[holdings])  # (T, n); flat: fast
    top = suit_count.max(axis=1)
    flush_rows = np.flatnonzero(top >= 3)
    if flush_rows.size:
        _, hbits = _holding_arrays()
        bbits = tables.suit_bits[boards[flush_rows]].sum(axis=1)
        suit = suit_count[flush_rows].argmax(axis=1)
        need = 5 - top[flush_rows]
        # the players' own holdings that can make the flush: the larger of their pattern's rank and the flush
        # table's entry for the row's suit, as rank_of_keys ranks the hand (that suit's cards as a 13-bit rank mask)
        hh = holdings[flush_rows]
        suited = ((hbits[hh] + bbits[:, None]) >> (13 * suit)[:, None]) & 0x1FFF
        own = _HOLDING_SUIT_COUNT.ravel().take(suit[:, None] * N_HOLDINGS + hh) >= need[:, None]
        mine[flush_rows] = np.where(own, np.maximum(mine[flush_rows], tables.flush[suited]), mine[flush_rows])
    key = mine + offset[which]
    step = which[:, None]  # a position among the sets' sorted ranks (169 each) → among their counts (170 each)
    less = cum[np.searchsorted(sorted_rank, key, side="left") + step]
    equal = cum[np.searchsorted(sorted_rank, key, side="right") + step] - less - 1
    if flush_rows.size:
        # the live holdings that can make the flush were counted above by their pattern's rank: count them again by
        # their own rank, minus their pattern's.  Rows are grouped by the cards of the suit needed, whose candidate
        # holdings are one fixed list per suit (as many in each); each row's ranks are sorted and the rows laid end
        # to end, _NO_RANK + 1 apart, so one searchsorted counts every player's below / up-to for every row.
        for m in np.flatnonzero(np.bincount(need)).tolist():  # the values of need, in order
            at = need == m
            t = flush_rows[at]
            cand_pattern, cand_mask, cand_bits = (a[suit[at]] for a in _flush_candidate_rows()[m])  # (rows, k_m)
            dead = (cand_mask & board_mask[t][:, None]) != 0
            pattern = pattern_rank.ravel().take((which[t] * 169)[:, None] + cand_pattern)
            suited = ((cand_bits + bbits[at][:, None]) >> (13 * suit[at])[:, None]) & 0x1FFF
            exact = np.maximum(pattern, tables.flush[suited])
            pattern[dead] = _NO_RANK  # a dead holding is neither below nor equal
            exact[dead] = _NO_RANK
            apart = np.arange(t.size, dtype=np.int64)[:, None] * (_NO_RANK + 1)
            at_rank = (mine[t] + apart).ravel()
            row_start = np.arange(t.size)[:, None] * cand_pattern.shape[1]
            for sign, ranks in ((1, exact), (-1, pattern)):
                flat = (np.sort(ranks, axis=1) + apart).ravel()
                lo = np.searchsorted(flat, at_rank, side="left").reshape(t.size, n)
                hi = np.searchsorted(flat, at_rank, side="right").reshape(t.size, n)
                less[t] += sign * (lo - row_start)
                equal[t] += sign * (hi - lo)
    n_dead = k * 51 - k * (k - 1) // 2
    return (less + equal / 2) / (N_HOLDINGS - n_dead - 1)


def _smallest_keys(keys: np.ndarray, k: int) -> np.ndarray:
    """Columns (T, k) of each row's k smallest keys, smallest first (one ``argmin`` per card; overwrites them).

    The order of the drawn cards matters (the next one is the next street's), so it is fixed: smallest first, as
    ``np.argpartition(keys, k)[:, :k]`` gives it for k ≤ 2 (numpy's selection sorts the first ``kth + 1`` when
    ``kth < 3``), at a fraction of its cost.

    >>> _smallest_keys(np.array([[0.5, 0.1, 2.0, 0.3]]), 2)
    array([[1, 3]])
    """
    out = np.empty((keys.shape[0], k), dtype=np.intp)
    row_start = np.arange(0, keys.size, keys.shape[1])
    for j in range(k):
        out[:, j] = keys.argmin(axis=1)
        keys.reshape(-1)[row_start + out[:, j]] = np.inf
    return out


def _sample_holdings(weights, seats, dead_mask: int, T: int, rng) -> tuple[np.ndarray, np.ndarray]:
    """Holdings (T, len(seats)) drawn from each seat's weight table without card clashes; and a row-ok mask."""
    out = np.zeros((T, len(seats)), dtype=np.intp)
    used = np.full(T, np.uint64(dead_mask))
    ok = np.ones(T, dtype=bool)
    live = (_HMASK & np.uint64(dead_mask)) == 0
    for j, s in enumerate(seats):
        w = np.asarray(weights[s], dtype=np.float64) * live
        if w.sum() <= 0:
            w = live.astype(np.float64)
        cdf = np.cumsum(w)
        cdf /= cdf[-1]
        pick = np.searchsorted(cdf, rng.random(T), side="right").clip(0, N_HOLDINGS - 1)
        for _ in range(20):
            clash = (_HMASK[pick] & used) != 0
            if not clash.any():
                break
            pick[clash] = np.searchsorted(cdf, rng.random(int(clash.sum())), side="right").clip(0, N_HOLDINGS - 1)
        clash = (_HMASK[pick] & used) != 0
        ok &= ~clash
        out[:, j] = pick
        used |= _HMASK[pick]
    return out, ok


def simulate(
    tracker: HandTracker,
    *,
    me: int,
    hole: CardsLike,
    weights: ArrayLike,
    our_strength: float,
    model: OpponentModel,
    trials: int = 500,
    time_budget: float | None = None,
    params: FormulaParams = FormulaParams(),
    max_raises: int = 3,
    predictor: Predictor | None = None,
    range_relative: bool = True,
    rng: RngLike = None,
) -> SimulationResult:
    """Estimate the EV of fold, check/call and bet/raise by selective-sampling simulation (Billings2002).

    Parameters
    ----------
    tracker : bpp.loki.modeler.opponent_model.HandTracker
        The hand so far (post-flop; seat ``me`` to act).
    me : int
        Our seat.
    hole : array_like of int
        Our two hole cards.
    weights : array_like, shape (n_players, 1326)
        Each seat's weight table (our own row is ignored).
    our_strength : float
        Our EHS now (drives our own later actions in the current round).
    model : OpponentModel
        Thresholds of each opponent by relative seat (GOM or SOM).
    trials : int
        Trials (each played out twice).
    time_budget : float, optional
        Seconds: play the trials in passes of 250 and stop after the pass that passes it; at least one pass runs.
        None: every trial in one pass (of at most 1,000).
    params : FormulaParams
        Our own thresholds in the trials.
    max_raises : int
        Raises per round after the bet (the game's cap).
    predictor : object with ``predict(opponent, x) -> (k, 3)``, optional
        Predicts each simulated opponent decision from its 19 context inputs
        (``opponent`` the relative seat, :mod:`bpp.loki.modeler.predictors`); its
        (fold, call, raise) sets that decision's thresholds.  None: the
        ``model``'s twelve-context table.
    range_relative : bool
        Compare each simulated opponent's strength with its thresholds on the scale of its current range
        (its percentile among its sampled holdings) instead of all 1,326 holdings (module docstring).
    rng : numpy.random.Generator, int or None

    Returns
    -------
    SimulationResult

    Raises
    ------
    ValueError
        ``trials`` below 1, a pre-flop tracker, or ``me`` not in the hand.
    """
    if not isinstance(trials, (int, np.integer)) or trials < 1:
        raise ValueError(f"The 'trials' parameter of simulate must be a positive integer; got {trials!r}.")
    if time_budget is not None and not time_budget > 0:
        raise ValueError(f"The 'time_budget' parameter of simulate must be positive or None; got {time_budget!r}.")
    if tracker.round == 0:
        raise ValueError("simulate plays out post-flop decisions; the tracker is in round 0 (pre-flop)")
    if not 0 <= me < tracker.n or tracker.folded[me]:
        raise ValueError(f"The 'me' parameter of simulate must be a seat still in the hand; got {me!r}.")
    if not isinstance(range_relative, (bool, np.bool_)):
        raise ValueError(f"The 'range_relative' parameter of simulate must be True or False; got {range_relative!r}.")
    rng = np.random.default_rng(rng)
    start = time.perf_counter()
    hole = np.asarray(hole, dtype=np.int8)
    sums = np.zeros(3)
    counts = np.zeros((tracker.n, 3), dtype=np.int64)
    done_trials = 0
    batch = _BLOCK if time_budget is not None else _PASS
    while done_trials < trials:
        T = min(batch, trials - done_trials)
        s_call, s_raise, n_ok = _batch(
            tracker, me, hole, weights, our_strength, model, T, params, max_raises, rng, predictor, counts,
            range_relative,
        )
        sums[CALL] += s_call
        sums[RAISE] += s_raise
        done_trials += n_ok
        if n_ok == 0:
            break
        if time_budget is not None and time.perf_counter() - start > time_budget:
            break
    n = max(done_trials, 1)
    ev = (0.0, sums[CALL] / n, sums[RAISE] / n)
    can_fold = tracker.high > tracker.committed[me]
    can_raise = tracker.bet_level < max_raises + 1
    best = FOLD if can_fold else CALL
    for a in (CALL, RAISE):
        if a == RAISE and not can_raise:
            continue
        if ev[a] >= ev[best]:
            best = a
    return SimulationResult(ev, int(done_trials), int(best), time.perf_counter() - start, counts)


class Simulator:
    """The simulator as one component object: a player's decisions after the flop by selective sampling (Billings2002 §5).

    Parameters
    ----------
    trials : int
        Trials per decision (each played out twice).
    time_budget : float, optional
        Seconds per decision (trials in passes of 250, stop after the pass that passes it).
    formula : FormulaParams, optional
        Our own thresholds when the trials play out our later actions.
    range_relative : bool
        Simulated opponents compare their strength with their thresholds on the scale of their current range
        (:func:`simulate`); False: on the scale of all 1,326 holdings.

    >>> Simulator(trials=0)
    Traceback (most recent call last):
    ...
    ValueError: The 'trials' parameter of Simulator must be a positive integer; got 0.
    """

    def __init__(self, *, trials: int = 500, time_budget: float | None = None, formula: FormulaParams | None = None,
                 range_relative: bool = True):
        if not isinstance(range_relative, (bool, np.bool_)):
            raise ValueError(f"The 'range_relative' parameter of Simulator must be True or False; got {range_relative!r}.")
        if not isinstance(trials, (int, np.integer)) or isinstance(trials, bool) or trials < 1:
            raise ValueError(f"The 'trials' parameter of Simulator must be a positive integer; got {trials!r}.")
        self.trials = int(trials)
        self.time_budget = time_budget
        self.formula = formula if formula is not None else FormulaParams()
        self.range_relative = bool(range_relative)

    def decide(self, hand: HandState, *, hole: CardsLike, our_strength: float, model: OpponentModel,
               predictor: Predictor | None = None, rng: RngLike) -> int:
        """The action (``FOLD``, ``CALL`` or ``RAISE``) of the best simulated EV for seat ``hand.seat``.

        ``model`` and ``predictor`` are the opponent modeler's (``model_``, ``predictor_``): with a predictor the
        simulated opponents act by it (:func:`simulate`).
        """
        return simulate(
            hand.tracker, me=hand.seat, hole=hole, weights=hand.weights, our_strength=our_strength, model=model,
            trials=self.trials, time_budget=self.time_budget, params=self.formula, predictor=predictor,
            range_relative=self.range_relative, rng=rng,
        ).best

    def __repr__(self) -> str:
        return (f"Simulator(trials={self.trials}, time_budget={self.time_budget!r}, "
                f"range_relative={self.range_relative})")


def _predicted_thresholds(predictor, me, n, p, idx, r, b, owe, level, sizes, committed, n_live, folded, last, raised,
                          base, order):
    """(μ_call, μ_raise) of the opponents' simulated decisions (rows ``idx``, seats ``p``) from ``predictor``.

    Builds the 19 inputs of :func:`bpp.loki.state.context_features` for every row (``base``: the round's
    :class:`_RoundInputs`, its round and board texture; ``b``, ``owe``, ``level``: the rows' bets to call,
    chips to call and bet level), predicts each seat's rows with that seat's predictor and turns the (fold, call,
    raise) into thresholds as :func:`bpp.loki.modeler.predictors.predictor_thresholds` does.
    """
    k = idx.size
    first = int(p[0])
    if (p == first).all():  # one seat to predict (always heads-up): its rows as they are
        parts = [(first, slice(None))]
    else:
        parts = [(int(seat), p == seat) for seat in np.unique(p)]
    x = _predictor_inputs(n, p, idx, r, b, owe, level, sizes, committed, n_live, folded, last, raised, base, order)
    mu_call = np.zeros(k)
    mu_raise = np.zeros(k)
    for seat, at in parts:
        pred = np.asarray(predictor.predict((seat - me) % n, x[at]), dtype=np.float64)
        mu_raise[at] = 1.0 - pred[:, RAISE]
        mu_call[at] = np.where(b[at] == 0, 0.0, 1.0 - pred[:, RAISE] - pred[:, CALL])
    return mu_call, mu_raise


def _context_thresholds(predictor, opponent: int, r: int) -> tuple[np.ndarray, np.ndarray]:
    """(μ_call, μ_raise), each (3,), of ``opponent`` (relative seat) in round ``r`` at 0, 1, 2+ bets to call, from a
    predictor that depends on the context only: the values :func:`_predicted_thresholds` gives every such row."""
    contexts = np.zeros((3, N_FEATURES))
    contexts[:, r] = 1.0
    contexts[_R3, 4 + _R3] = 1.0
    pred = np.asarray(predictor.predict(opponent, contexts), dtype=np.float64)
    return np.where(_R3 == 0, 0.0, 1.0 - pred[:, RAISE] - pred[:, CALL]), 1.0 - pred[:, RAISE]


_R3 = np.arange(3)


class _RoundInputs:
    """The inputs every decision of a round shares, (B, 19): the round and the board's texture (the real board's in
    the decision's round, each trial's later), built when first asked for (predictors of the context only never
    ask)."""

    def __init__(self, B, r, board, boards):
        self.B, self.r, self.board, self.boards = B, r, board, boards
        self._rows = None

    def rows(self) -> np.ndarray:
        if self._rows is None:
            rows = self._rows = np.zeros((self.B, N_FEATURES))
            rows[:, self.r] = 1.0
            rows[:, 15:] = (np.array(board_texture(tuple(int(c) for c in self.board)))[None, :]
                            if self.board is not None else np.tile(board_textures(self.boards), (2, 1)))
        return self._rows


def _predictor_inputs(n, p, idx, r, b, owe, level, sizes, committed, n_live, folded, last, raised, base, order):
    """The 19 inputs of every row's decision (:func:`_predicted_thresholds`), (k, 19)."""
    k = idx.size
    x = base.rows()[idx]
    x[np.arange(k), 4 + b] = 1.0
    x[:, 7] = np.minimum(level, 4) / 4.0
    live = n_live[idx]
    x[:, 8] = (live - 1) / 9.0
    mine = (p - order[0]) % n
    # seat by seat (a short axis is reduced faster as columns): players still in who act after this one, the pot
    behind = np.zeros(k, dtype=np.int64)
    for j in range(1, n):
        behind += (j > mine) & ~folded[idx, order[j]]
    x[:, 9] = behind / np.maximum(live - 1, 1)
    pot = _row_sum(committed[idx])
    x[:, 10] = np.where(owe > 0, owe / (pot + owe), 0.0)
    x[:, 11] = np.minimum(pot / (2.0 * sizes[0]) / 20.0, 1.0)
    prev = last[idx, p]
    x[:, 12] = prev == RAISE
    x[:, 13] = prev == CALL
    x[:, 14] = raised[idx, p] < r
    return x


def _row_sum(a: np.ndarray) -> np.ndarray:
    """Each row's sum of a (rows, n) array with few columns, column by column (integers: the same sums)."""
    out = a[:, 0].astype(np.int64)
    for j in range(1, a.shape[1]):
        out += a[:, j]
    return out


def _ramp(s, mu_call, mu_raise, sigma):
    """P(continue) and P(raise) before capping, by the ramp of width ``2 sigma`` around each threshold (broadcast).

    The probability triple of a strength ``s`` against thresholds (Billings2002 "probability triples"): 0 below
    ``μ − σ``, 1 above ``μ + σ``, linear between.
    """
    go = np.minimum(np.maximum((s - mu_call + sigma) / (2 * sigma), 0.0), 1.0)  # clip, without its Python wrapper
    up = np.minimum(np.maximum((s - mu_raise + sigma) / (2 * sigma), 0.0), 1.0)
    return go, up


def _range_percentiles(strength: np.ndarray, block: np.ndarray | None = None) -> np.ndarray:
    """Each row's percentile among the rows of its column and block (ties share their mid-rank): (T, m) → (T, m) in
    (0, 1); ``block`` (T,) non-decreasing block numbers (None: one block).

    Counted at once for every column and block: the values' dense ranks (one ``np.unique``), the count of each
    (block, column, rank) and their running sums give below + up to.

    >>> _range_percentiles(np.array([[0.9], [0.2], [0.9], [0.5]])).ravel().tolist()
    [0.75, 0.125, 0.75, 0.375]
    >>> _range_percentiles(np.array([[0.9], [0.2], [0.9], [0.5]]), np.array([0, 0, 1, 1])).ravel().tolist()
    [0.75, 0.25, 0.75, 0.25]
    """
    T, m = strength.shape
    block = np.zeros(T, dtype=np.intp) if block is None else block
    _, rank = np.unique(strength, return_inverse=True)  # ties share a rank
    U = int(rank.max()) + 1
    key = rank.reshape(T, m) + (block[:, None] * m + np.arange(m)) * U
    count = np.bincount(key.ravel(), minlength=(int(block[-1]) + 1) * m * U)
    upto = np.cumsum(count.reshape(-1, U), axis=1).ravel()  # values up to each rank, per (block, column)
    size = np.bincount(block)[block][:, None]
    return (2 * upto[key] - count[key]) / (2.0 * size)  # (below + up to) / 2, below = up to − equal


def _batch(tracker, me, hole, weights, our_strength, model, T, params, max_raises, rng, predictor=None, counts=None,
           range_relative=False):
    n = tracker.n
    rc = tracker.round
    board = np.asarray(tracker.board, dtype=np.int8)
    opponents = [s for s in range(n) if s != me and not tracker.folded[s]]
    dead = 0
    for c in list(hole) + list(board):
        dead |= 1 << int(c)
    held, ok = _sample_holdings(weights, opponents, dead, T, rng)
    block = np.flatnonzero(ok) // _BLOCK  # each kept trial's block of the range sample
    T_ok = int(ok.sum())
    if T_ok == 0:
        return 0.0, 0.0, 0
    held = held[ok]
    T = T_ok
    holdings = np.zeros((T, n), dtype=np.intp)
    from holdem.ranges import HOLDING_INDEX

    # folded seats take our holding: it shares no card with the board, so their (unused) 7-card hands stay valid
    holdings[:, :] = HOLDING_INDEX[hole[0], hole[1]]
    holdings[:, opponents] = held
    # the rest of the board
    k_need = 5 - board.size
    keys = rng.random((T, 52))  # each trial's unseen cards in random order: the smallest keys come next
    keys[:, hole] = 2.0  # seen: never drawn
    keys[:, board] = 2.0
    flat_keys = keys.reshape(-1)
    for j in range(len(opponents)):
        flat_keys[np.arange(0, 52 * T, 52)[:, None] + HOLDINGS[held[:, j]]] = 2.0
    extra = _smallest_keys(keys, k_need).astype(np.int8)
    full = np.concatenate([np.broadcast_to(board, (T, board.size)), extra], axis=1)

    # strengths (T, n, 4)
    strength = np.zeros((T, n, 4))
    table = street_table(board)
    cur_strength = table.holding_strength()[1]
    strength[:, :, rc] = cur_strength[holdings]
    strength[:, me, rc] = our_strength
    n_opp = max(len(opponents), 1)
    for r in range(rc + 1, 4):
        # the next street's percentiles are the current table's (next card, holding) entries; later ones counted
        pct = table.next_percentiles(full[:, 2 + rc], holdings) if r == rc + 1 else None
        if pct is None:
            pct = _percentiles(np.ascontiguousarray(full[:, : 2 + r]), holdings)
        strength[:, :, r] = pct
        strength[:, me, r] = pct[:, me] ** n_opp
    if range_relative and opponents:
        # the opponents' strengths on the scale of their current range: percentile among the sampled holdings of
        # the trial's block (every street's column at once: each column is ranked on its own)
        cols = strength[:, opponents, rc:]
        strength[:, opponents, rc:] = _range_percentiles(cols.reshape(T, -1), block).reshape(cols.shape)
    # final ranks
    cards7 = np.concatenate([HOLDINGS[holdings], np.broadcast_to(full[:, None, :], (T, n, 5))], axis=2)
    final = evaluate_unchecked(np.ascontiguousarray(cards7, dtype=np.int8)).astype(np.int32)

    # thresholds per seat (n, 4, 3)
    mu_c_rel, mu_r_rel = model.threshold_table()
    rel = [(s - me) % n for s in range(n)]
    mu_c = mu_c_rel[rel].copy()
    mu_r = mu_r_rel[rel].copy()
    mu_c[me] = np.asarray(params.call)[None, :]
    mu_r[me] = np.asarray(params.raise_)[None, :]
    sig = np.full(n, model.sigma)
    sig[me] = params.sigma

    # both branches: rows 0..T-1 call, T..2T-1 raise
    B = 2 * T
    fin = np.concatenate([final, final])
    committed = np.broadcast_to(np.asarray(tracker.committed, dtype=np.int64), (B, n)).copy()
    committed_flat = committed.reshape(-1)
    folded = np.broadcast_to(np.asarray(tracker.folded, dtype=bool), (B, n)).copy()
    folded_flat = folded.reshape(-1)
    high = np.full(B, tracker.high, dtype=np.int64)
    level = np.full(B, tracker.bet_level, dtype=np.int64)
    to_act = np.full(B, tracker.to_act, dtype=np.int64)
    n_live = np.full(B, tracker.n_live, dtype=np.int64)
    cur = np.full(B, me, dtype=np.int64)
    cap = max_raises + 1
    sizes = tracker.sizes
    rows = np.arange(B)
    seats = np.arange(n)
    base_committed = committed[:, me].copy()
    forced = np.concatenate([np.full(T, CALL), np.full(T, RAISE)])
    first = True
    decided = []  # seat · 3 + action of every simulated decision after our forced first one
    order = (tracker.button + 1 + seats) % n  # post-flop acting order
    if predictor is not None:
        context_only = getattr(predictor, "context_only", None)
        st = np.tile(strength, (2, 1, 1))
        # each seat's previous action and first raising round, as the tracker keeps them (-1 / 4: none)
        last = np.tile(np.array([-1 if a is None else a for a in tracker.last_action]), (B, 1))
        raised = np.tile(np.array([4 if x is None else x for x in tracker.raised_round]), (B, 1))
    for r in range(rc, 4):
        size = sizes[r]
        if r > rc:
            # new round: everyone still in acts again from the left of the button
            level[:] = 0
            to_act[:] = n_live
            cur = np.full(B, order[-1])  # the first still in, in acting order
            for s in order[-2::-1]:
                cur = np.where(folded[:, s], cur, s)
        if predictor is not None:
            base = _RoundInputs(B, r, board if r == rc else None, full[:, : 2 + r])
            # an opponent whose predictor depends on the context only (the frequency and rule models, a network
            # before it predicts: ``context_only``) has one threshold per bets to call in the round: into the
            # tables; the others are predicted row by row
            per_row = np.zeros(n, dtype=bool)
            for seat in opponents:
                rel = (seat - me) % n
                if context_only is not None and context_only(rel):
                    mu_c[seat, r], mu_r[seat, r] = _context_thresholds(predictor, rel, r)
                else:
                    per_row[seat] = True
        # the ramp of every (seat, bets to call, row) of the round at once, flat at (seat · 3 + bets) · B + row:
        # 1 − P(continue) and 1 − P(raise) (a check always continues; P(raise) ≤ P(continue)), each float as the
        # one decision's arithmetic gives it; seat by seat, so that the rows are the inner axis
        no_go = np.empty((n, 3, 2, T))
        no_up = np.empty((n, 3, 2, T))
        for seat in range(n):
            go, up = _ramp(strength[None, :, seat, r], mu_c[seat, r, :, None], mu_r[seat, r, :, None], sig[seat])
            go[0] = 1.0
            no_go[seat, :, 0] = no_go[seat, :, 1] = 1.0 - go
            no_up[seat, :, 0] = no_up[seat, :, 1] = 1.0 - np.minimum(up, go)
        no_go = no_go.reshape(-1)
        no_up = no_up.reshape(-1)
        # the rows still to act in the round, their state kept compact (rows in order: the same uniforms go to the
        # same rows) and shrunk as rows finish; the tables the predictor and the showdown read (committed, folded,
        # n_live, last, raised) are kept current, high when a row finishes (level, to_act and cur are set anew by
        # the next round)
        idx = np.flatnonzero((to_act > 0) & (n_live > 1))
        p, high_idx, level_idx, to_act_idx, live_idx = cur[idx], high[idx], level[idx], to_act[idx], n_live[idx]
        for _ in range(n * (cap + 2)):
            if not idx.size:
                break
            cell = idx * n + p  # flat in (B, n)
            paid = committed_flat[cell]
            owe = high_idx - paid
            b = (owe > 0).astype(np.intp) + (owe > size)  # bets to call, 2 for two or more
            p3 = p * 3
            at = (p3 + b) * B + idx
            fold_below = no_go[at]
            call_below = np.where(level_idx < cap, no_up[at], 1.0)  # capped: no raise
            o = None  # the rows predicted row by row (heads-up: every row of a step or none)
            if predictor is not None:
                o = per_row[p]
                o = slice(None) if o.all() else o if o.any() else None
            if o is not None:
                po, io = p[o], idx[o]
                mc, mr = _predicted_thresholds(
                    predictor, me, n, po, io, r, b[o], owe[o], level_idx[o], sizes, committed, n_live,
                    folded, last, raised, base, order,
                )
                go_o, up_o = _ramp(st[io, po, r], mc, mr, sig[po])
                go_o = np.where(owe[o] == 0, 1.0, go_o)
                fold_below[o] = 1.0 - go_o
                call_below[o] = np.where(level_idx[o] < cap, 1.0 - np.minimum(up_o, go_o), 1.0)
            u = rng.random(idx.size)
            if first:
                act = forced[idx]
                act = np.where((act == RAISE) & (level_idx >= cap), CALL, act)
                first = False
            else:
                act = (u >= fold_below).astype(np.intp) + (u >= call_below)  # FOLD below, CALL, RAISE from
                decided.append(p3 + act)
            # fold: out of the hand; call: match the high bet; raise: one more bet, everyone else acts again
            f = act == FOLD
            q = act == RAISE
            if predictor is not None:
                last[idx, p] = act
                iq, pq = idx[q], p[q]
                raised[iq, pq] = np.minimum(raised[iq, pq], r)
            if f.any():
                folded_flat[cell[f]] = True
                n_live[idx[f]] -= 1
                live_idx = live_idx - f
            high_idx = high_idx + size * q
            committed_flat[cell] = np.where(f, paid, high_idx)
            level_idx = level_idx + q
            to_act_idx = np.where(q, live_idx, to_act_idx) - 1
            # next seat still in (a row that goes on has one besides this seat: at most n − 2 folded seats to skip)
            nxt = (p + 1) % n
            for _ in range(n - 2):
                skip = folded[idx, nxt]
                if not skip.any():
                    break
                nxt = np.where(skip, (nxt + 1) % n, nxt)
            p = nxt
            going = (to_act_idx > 0) & (live_idx > 1)
            if not going.all():
                stop = ~going
                high[idx[stop]] = high_idx[stop]
                idx, p, high_idx, level_idx, to_act_idx, live_idx = (
                    a[going] for a in (idx, p, high_idx, level_idx, to_act_idx, live_idx))
        high[idx] = high_idx
    if counts is not None and decided:
        counts += np.bincount(np.concatenate(decided), minlength=3 * n).reshape(n, 3)
    # showdown / fold wins
    pot = _row_sum(committed)
    score = np.where(folded, -1, fin)
    best = score[:, 0]
    for s in range(1, n):
        best = np.maximum(best, score[:, s])
    winners = score == best[:, None]
    share = pot / _row_sum(winners)
    won = np.where(winners[:, me], share, 0.0)
    # EV relative to folding now: what we win minus what we still put in
    gain = won - (committed[:, me] - base_committed)
    return float(gain[:T].sum()), float(gain[T:].sum()), T

"""BPP's decision rule, shared by every curve-driven player (Korb1999 §2.2, §4): θ of eq. (7), the betting curves, the bluff.

Every decision of a :class:`CurvePlayer` is §2.2 + §4:

1. a probability of winning ``p`` (supplied by the subclass: BPP's network,
   §3.4; the probabilistic opponent's sampled completions, §5.1; the
   card-level BPP's posterior over the opponent's down card, §6.1);
2. the calling threshold ``θ = k / (c + 2k - u)`` of eq. (7), with ``c`` the
   pot and ``u`` the bet owed in betting units and ``k`` estimated by
   :func:`bpp.stud.decision.curves.expected_cost`;
3. the round's three betting curves, eq. (8)-(10), at ``d = p - θ``,
   normalized and sampled (or, with ``play="argmax"``, their most probable
   action), plus the 5 % bluff of the last round (§4.2), mapped onto the
   legal moves (:func:`bpp.stud.decision.curves.action_distribution`).

§6.1's split curves: a subclass that names playing situations in
:attr:`CurvePlayer.curve_contexts` (e.g. ``("open", "facing")``) plays a
:class:`~bpp.stud.decision.curves.CurveSet`, one set of the 12 parameters per
situation, and says in :meth:`CurvePlayer.curve_context` which situation a
decision is in; given plain :class:`~bpp.stud.decision.curves.CurveParams` it
uses them in every situation (the merged curves of §4.1).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from holdem.agents import HandStreams, hand_uniforms
from holdem.games.base import CHECK_CALL, FOLD, Action, Observation

from bpp.stud.decision.curves import (
    BETS_PER_ROUND,
    BLUFF_PROBABILITY,
    N_ROUNDS,
    CurveParams,
    CurveSet,
    _curves,
    _distribution,
    curve_probabilities,
    load_curves,
    load_params,
)

if TYPE_CHECKING:
    from numpy.typing import ArrayLike
    from holdem._typing import RngLike

__all__ = ["CurvePlayer", "PLAY_MODES", "decision_inputs", "multiway_theta", "stakes_inputs"]

#: How a :class:`CurvePlayer` turns the curves' (fold, call, bet) distribution into an action.
PLAY_MODES = ("sample", "argmax")


def _argmax(probs: tuple[float, float, float]) -> tuple[float, float, float]:
    """The most probable of (fold, call, bet) as a one-hot triple; ties go to call, then bet, then fold."""
    fold, call, bet = probs
    if call >= bet and call >= fold:
        return 0.0, 1.0, 0.0
    if bet >= fold:
        return 0.0, 0.0, 1.0
    return 1.0, 0.0, 0.0


def _check_holdings(observation: Observation, holdings, owner: str) -> np.ndarray:
    """``holdings`` as an int array (n, 1) of down cards the seat to act could hold (not among the cards it sees up)."""
    arr = np.asarray(holdings)
    if arr.ndim != 2 or arr.shape[1] != 1 or arr.shape[0] < 1 or not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"The 'holdings' parameter of {owner}.holdings_action_probabilities must be an int array (n, 1) of down cards; got shape {arr.shape}.")
    seen = {c for up in observation.up_cards for c in up}
    bad = [int(h) for h in arr[:, 0] if not 0 <= h < 52 or int(h) in seen]
    if bad:
        raise ValueError(f"The 'holdings' parameter of {owner}.holdings_action_probabilities must be unseen card codes; got {bad[:5]}.")
    return arr.astype(np.int64)


def decision_inputs(observation: Observation, *, bets_per_round: float = BETS_PER_ROUND) -> tuple[float, float, float, bool]:
    """``(c, u, k, can_raise)`` of a stud decision, in betting units (§2.2).

    ``c`` the pot, ``u`` the bet owed now, ``k`` the expected cost to the
    showdown (:func:`bpp.stud.decision.curves.expected_cost`).  The betting unit is read
    off the observation (the fixed raise size, or what is owed when the cap
    is reached).

    Examples
    --------
    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))
    >>> decision_inputs(state.observation(state.current_player))     # pot of two antes = 1 unit
    (1.0, 0.0, 4.0, True)
    >>> decision_inputs(state.observation(1 - state.current_player))
    Traceback (most recent call last):
    ...
    ValueError: The 'observation' parameter of decision_inputs must be seat 0's turn (it has no legal actions).
    """
    legal = observation.legal
    if not legal:
        raise ValueError(
            f"The 'observation' parameter of decision_inputs must be seat {observation.player}'s turn "
            "(it has no legal actions)."
        )
    bounds = observation.raise_bounds
    to_call = observation.to_call
    unit: float | None = observation.bet_size  # the round's fixed bet, from the game's stakes
    if not unit:
        raise ValueError(f"The 'observation' parameter of decision_inputs is not a fixed-limit decision: {observation!r}.")
    unit = float(unit)
    u = to_call / unit
    k = (u if u > bets_per_round else bets_per_round) + bets_per_round * (N_ROUNDS - 1 - observation.round)
    if observation.extra:  # table stakes (Korb1999 §6.2): stacks may cap calls and raises
        c, k = stakes_inputs(observation, unit, k)
        return c, u, k, bounds is not None
    return observation.pot / unit, u, k, bounds is not None


def stakes_inputs(observation: Observation, unit: float, k: float) -> tuple[float, float]:
    """``(c, k)`` at table stakes (``Stud5(stacks=...)``, Korb1999 §6.2): the pot the seat can win and the capped cost.

    With stacks a seat can put in at most its stack ``S`` more, and an
    opponent can match at most its own ``committed + stack``: the expected
    cost ``k`` is capped at ``min(S, max_o(committed_o + stack_o) - committed)``
    (chips beyond what any live opponent can call come back to it), and the
    pot ``c`` is the part it is eligible for, ``Σ_s min(committed_s, T)``
    with ``T = committed + S`` its most (the main pot, plus the side pots it
    can reach; an opponent's uncalled excess is not in it).  ``u``, the bet
    owed now, is already capped (``observation.to_call``).  With stacks too
    deep to bind both are unchanged (``c`` = the pot).  In units of ``unit`` chips.

    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5(stacks=(30, 4)).new_hand(np.arange(52))
    >>> obs = state.observation(state.current_player)    # seat 1 (3 behind) acts first; pot 2, no bet yet
    >>> stakes_inputs(obs, 2.0, 4.0)                      # k capped at its 3 chips = 1.5 units
    (1.0, 1.5)
    """
    me = observation.player
    committed = observation.committed
    stacks = observation.stacks
    folded = observation.folded
    top = committed[me] + stacks[me]
    reach = max(committed[s] + stacks[s] for s in range(observation.n_players) if s != me and not folded[s])
    cap = (min(top, reach) - committed[me]) / unit
    pot = 0
    for s in range(observation.n_players):
        pot += committed[s] if committed[s] < top else top
    return pot / unit, (k if k < cap else cap)


def multiway_theta(observation: Observation, k: float, unit: float) -> float:
    """The calling threshold θ with ``n - 1`` live opponents: Korb1999 eqs (1)-(7) written for ``n`` players.

    Korb1999 §2.2 derives θ for ``n`` players with Zadeh's pot odds
    ``k / (f - k)`` (eq. 1), ``f`` the final pot, and ``θ = odds / (1 + odds)``
    (eq. 3), so ``θ = k / f``.  Eq. (2) takes ``f = c + n k`` (every player
    pays ``k`` more), eq. (5) corrects it for a caller "midway between the
    first bettor and the last person called upon", ``f - k = c + (n-1) k -
    (n-1) u / 2``, and eq. (6)-(7) give the heads-up caller's exact
    ``f - k = c + k - u``.  At a table the positions are observed, so no
    midway guess is needed: the decision maker pays ``k`` (the ``u`` owed
    now included), a live opponent who has already put in the current high
    bet pays the same future bets ``k - u``, and one who still owes ``o_i``
    pays ``k - u + o_i``::

        θ = k / (c + k + Σ_i (k - u + o_i))

    over the live opponents ``i``.  Heads-up the opponent never owes
    (``o = 0``), giving eq. (7) ``θ = k / (c + 2k - u)``; with ``o_i`` = ``u / 2``
    on average it is eq. (5).  As in the paper (footnote 1) it assumes every
    live player stays to the showdown.  ``c``, ``u``, ``o_i`` and ``k`` are in
    betting units (``unit`` chips).

    Examples
    --------
    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5(n_players=3).new_hand(np.arange(52))
    >>> obs = state.observation(state.current_player)       # nobody owes: θ = k / (c + 3k) (eq. 4)
    >>> c, u, k, _ = decision_inputs(obs)
    >>> multiway_theta(obs, k, 2.0) == k / (c + 3 * k)
    True
    """
    if k <= 0.0:
        return 0.0
    me = observation.player
    committed = observation.committed
    folded = observation.folded
    high = committed[me] + observation.to_call
    u = observation.to_call / unit
    total = observation.pot / unit + k
    for s in range(observation.n_players):
        if s != me and not folded[s]:
            total += k - u + (high - committed[s]) / unit
    return k / total


class CurvePlayer(HandStreams):
    """Base of the players that turn a winning probability into play through θ and the betting curves.

    Subclasses provide :meth:`win_probability`.  See the module docstring.

    Parameters
    ----------
    params : CurveParams, CurveSet, str, path or None
        The 12 curve parameters; None loads ``bpp/models/stud/curves.json``
        (:func:`bpp.stud.decision.curves.load_params`) — or, for a subclass
        with :attr:`curve_contexts`, its :attr:`default_curves` file when it
        exists — and a path loads that file (a :class:`CurveSet` file when it
        has ``"contexts"``).  A :class:`CurveSet` needs a subclass whose
        :attr:`curve_contexts` are its contexts.
    bluff : float
        Probability of an outright bet/raise at a last-round decision (§4.2).
    bets_per_round : float
        The ``k`` estimate's bets per later round.
    play : {"sample", "argmax"}
        ``"sample"`` (the paper, §4.1: "BPP's action is then chosen by
        sampling from these curves", normalized, plus the bluff) or
        ``"argmax"``: play the most probable action of that same distribution
        every time (ties go to check/call, then bet/raise), so the curves'
        shape decides and their tails do not.  The measurement of why
        the paper's network loses; see :mod:`bpp.stud.experiments.calibration`.
    rng : numpy.random.Generator, int or None
        The only source of randomness.  The sampled action's uniform number
        comes from the agent's per-hand stream (:class:`holdem.agents.HandStreams`:
        a key drawn once from ``rng``, the hand's index, the actions so far), so
        deciding a whole batch of hands at once gives the same actions as
        deciding them one by one.
    """

    name = "curves"
    #: Whether the player reads a table of more than two seats (θ by :func:`multiway_theta`); heads-up players refuse one.
    multi_seat = False
    #: The playing situations with their own curves (§6.1's split curves); None: one set for every decision.
    curve_contexts: tuple[str, ...] | None = None
    #: The searched :class:`CurveSet` a subclass with :attr:`curve_contexts` plays by default (when the file exists).
    default_curves: Path | None = None
    #: act() answers only legal moves (fold only when owing, a raise only when legal), so matches skip the check.
    trusted_actions = True

    def __init__(
        self, *, params: Any = None, bluff: float = BLUFF_PROBABILITY, bets_per_round: float = BETS_PER_ROUND,
        play: str = "sample", rng: RngLike = None
    ) -> None:
        super().__init__(rng=rng)
        if play not in PLAY_MODES:
            raise ValueError(f"The 'play' parameter of {type(self).__name__} must be one of {', '.join(PLAY_MODES)}; got {play!r}.")
        self.play = play
        params = self._load_curves(params)
        if not (isinstance(bluff, (int, float)) and 0.0 <= bluff <= 1.0):
            raise ValueError(f"The 'bluff' parameter of {type(self).__name__} must be a probability in [0, 1]; got {bluff!r}.")
        if not (isinstance(bets_per_round, (int, float)) and bets_per_round >= 0):
            raise ValueError(
                f"The 'bets_per_round' parameter of {type(self).__name__} must be a number >= 0; got {bets_per_round!r}."
            )
        self.params = params
        self.bluff = float(bluff)
        self.bets_per_round = float(bets_per_round)
        sets = params.params if isinstance(params, CurveSet) else (params,)
        self._curve_rounds = [[p.round(r) for r in range(N_ROUNDS)] for p in sets]
        self._split = isinstance(params, CurveSet)
        # per context, (bet, fold, call) rows by round, for batches
        self._curve_array = np.array([np.array(rounds).T for rounds in self._curve_rounds])

    def _load_curves(self, params):
        """``params`` as the player plays them: CurveParams, or a CurveSet over :attr:`curve_contexts`."""
        owner = type(self).__name__
        contexts = self.curve_contexts
        if params is None and contexts and self.default_curves is not None and Path(self.default_curves).exists():
            params = self.default_curves
        if params is not None and not isinstance(params, (CurveParams, CurveSet)):
            params = load_curves(params)
        if params is None:
            params = load_params()
        if contexts is None:
            if isinstance(params, CurveSet):
                raise ValueError(f"The 'params' parameter of {owner} must be CurveParams ({owner} has no split curves); got a CurveSet.")
            return params
        if isinstance(params, CurveParams):
            return CurveSet.uniform(contexts, params)
        if params.contexts != tuple(contexts):
            raise ValueError(f"The 'params' parameter of {owner} must be a CurveSet over {contexts}; got one over {params.contexts}.")
        return params

    def curve_context(self, observation: Observation) -> int:
        """Index into :attr:`curve_contexts` of the situation of this decision (asked only when playing a CurveSet)."""
        return 0

    def curve_params(self, observation: Observation) -> CurveParams:
        """The 12 curve parameters this decision is played with (the situation's set when the curves are split)."""
        return self.params.params[self.curve_context(observation)] if self._split else self.params

    def holdings_curve_contexts(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """:meth:`curve_context` had the seat to act held each down card of ``holdings`` (int (n, 1)): int64 (n,); subclasses batch it."""
        return np.array([self.curve_context(observation._replace(hole=(int(h[0]),))) for h in holdings], dtype=np.int64)

    # -- to override ---------------------------------------------------------

    def win_probability(self, observation: Observation) -> float:
        """P(win) for the seat to act (ties count half)."""
        raise NotImplementedError(f"{type(self).__name__}.win_probability")

    # -- the decision --------------------------------------------------------

    def _theta(self, observation: Observation, c: float, u: float, k: float) -> float:
        """θ of eq. (7) heads-up, :func:`multiway_theta` at a larger table."""
        if observation.n_players == 2:
            return k / (c + 2.0 * k - u) if k > 0.0 else 0.0
        return multiway_theta(observation, k, observation.bet_size)  # type: ignore[arg-type]  # fixed limit: a size

    def _check_seats(self, observation: Observation) -> None:
        if observation.n_players != 2 and not self.multi_seat:
            raise ValueError(
                f"{type(self).__name__} plays heads-up five-card stud only (§2.2); got {observation.n_players} players."
            )

    def decision(self, observation: Observation) -> dict:
        """Everything behind one decision: ``p_win``, ``theta``, ``c``, ``k``, ``u``, ``d``, ``probabilities`` (fold, call, bet) and the curves' ``context``."""
        self._check_seats(observation)
        c, u, k, can_raise = decision_inputs(observation, bets_per_round=self.bets_per_round)
        p = float(self.win_probability(observation))
        theta = self._theta(observation, c, u, k)
        ctx = self.curve_context(observation) if self._split else 0
        probs = _distribution(p - theta, self._curve_rounds[ctx][observation.round], observation.round, self.bluff, u, can_raise)
        if self.play == "argmax":
            probs = _argmax(probs)
        context = self.curve_contexts[ctx] if self._split else None  # type: ignore[index]  # _split: contexts set
        return {"p_win": p, "theta": theta, "c": c, "k": k, "u": u, "d": p - theta, "probabilities": probs, "context": context}

    def _probabilities(self, observation: Observation) -> tuple[float, float, float]:
        legal = observation.legal
        if not legal:
            raise ValueError(f"{type(self).__name__}.act: seat {observation.player} has no legal action (not its turn)")
        bounds = observation.raise_bounds
        to_call = observation.to_call
        unit: Any = observation.bet_size  # fixed limit: the round's bet (an int)
        r = observation.round
        if observation.extra:  # table stakes (Korb1999 §6.2): the general path
            self._check_seats(observation)
            c, u, k, _ = decision_inputs(observation, bets_per_round=self.bets_per_round)
            theta = self._theta(observation, c, u, k)
        else:
            u = to_call / unit
            b = self.bets_per_round
            k = (u if u > b else b) + b * (N_ROUNDS - 1 - r)
            if observation.n_players != 2:
                self._check_seats(observation)
                theta = multiway_theta(observation, k, unit)
            else:
                theta = k / (observation.pot / unit + 2.0 * k - u) if k > 0.0 else 0.0
        p = self.win_probability(observation)
        rounds = self._curve_rounds[self.curve_context(observation)] if self._split else self._curve_rounds[0]
        probs = _distribution(p - theta, rounds[r], r, self.bluff, u, bounds is not None)
        return _argmax(probs) if self.play == "argmax" else probs

    def action_probabilities(self, observation: Observation) -> dict[Action, float]:
        """The policy at ``observation``: each legal action → probability (fold, check/call, bet/raise)."""
        fold, call, bet = self._probabilities(observation)
        out = {}
        for action in observation.legal:
            kind = action.kind
            out[action] = fold if kind == 0 else (call if kind == 1 else bet)
        return out

    def holdings_win_probabilities(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """P(win) had the seat to act held each down card of ``holdings`` (shape (n, 1)); subclasses batch it.

        This default asks :meth:`win_probability` once per holding.
        """
        return np.array([self.win_probability(observation._replace(hole=(int(h[0]),))) for h in holdings])

    def _side_rng(self) -> np.random.Generator:
        """A generator spawned from the agent's own (``Generator.spawn`` leaves the play stream untouched)."""
        if getattr(self, "_side", None) is None:
            self._side = self.rng.spawn(1)[0]
        return self._side

    def holdings_action_probabilities(self, observation: Observation, holdings: ArrayLike) -> np.ndarray:
        """The action distribution had the seat to act held each down card: shape (n, len(observation.legal)).

        The LBR protocol (Lisy2017 §4): ``holdings`` is an int array (n, 1)
        of down cards (stud's one private card); rows sum to 1 and columns
        follow ``observation.legal``.  θ, the curves, the bluff and
        ``play`` are applied to every row at once (numpy along the batch);
        P(win) per holding comes from :meth:`holdings_win_probabilities`.

        >>> import numpy as np
        >>> from holdem.games import Stud5
        >>> from bpp.stud.players.paper import BPPPlayer
        >>> obs = Stud5().new_hand(np.arange(52)).observation(1)
        >>> BPPPlayer(rng=0).holdings_action_probabilities(obs, np.array([[51], [5]])).sum(axis=1).round(12).tolist()
        [1.0, 1.0]
        """
        holdings = _check_holdings(observation, holdings, type(self).__name__)
        c, u, k, can_raise = decision_inputs(observation, bets_per_round=self.bets_per_round)
        theta = self._theta(observation, c, u, k)
        p = np.asarray(self.holdings_win_probabilities(observation, holdings), dtype=np.float64)
        r = observation.round
        if self._split:
            ctx = np.asarray(self.holdings_curve_contexts(observation, holdings))
            each = np.stack([curve_probabilities(p - theta, q, r) for q in self.params.params])  # (n_contexts, n, 3)
            probs = each[ctx, np.arange(p.size)]
        else:
            probs = curve_probabilities(p - theta, self.params, r)
        if r == N_ROUNDS - 1 and self.bluff:
            probs = probs * (1.0 - self.bluff)
            probs[:, 2] += self.bluff
        if u <= 0:
            probs[:, 1] += probs[:, 0]
            probs[:, 0] = 0.0
        if not can_raise:
            probs[:, 1] += probs[:, 2]
            probs[:, 2] = 0.0
        if self.play == "argmax":
            best = np.where(
                (probs[:, 1] >= probs[:, 2]) & (probs[:, 1] >= probs[:, 0]), 1, np.where(probs[:, 2] >= probs[:, 0], 2, 0)
            )
            probs = np.eye(3)[best]
        return probs[:, [int(a.kind) for a in observation.legal]]

    # -- the decision for a batch of hands (holdem.games.batched) ------------

    def _batch_theta(self, observation: Any) -> tuple[np.ndarray, np.ndarray]:
        """``(u, θ)`` arrays of a heads-up stud :class:`~holdem.games.batched.StudBatchObservation`, as :meth:`_probabilities`.

        The same floating-point operations in the same order as the one-hand
        path, so every value is the same to the last bit.
        """
        if observation.n_players != 2:
            raise ValueError(f"{type(self).__name__}.act_batch plays heads-up five-card stud only; "
                             f"got {observation.n_players} players.")
        unit = observation.bet_size
        u = observation.to_call / unit
        b = self.bets_per_round
        k = np.where(u > b, u, b) + b * (N_ROUNDS - 1 - observation.round)
        if observation.game.stacks is None:
            c = observation.pot / unit
        else:  # table stakes, heads-up (stakes_inputs): the pot it can win and the capped cost
            rows = np.arange(len(observation))
            me = observation.player
            committed = observation.committed
            stacks = observation.stacks
            mine = committed[rows, me]
            top = mine + stacks[rows, me]
            reach = committed[rows, 1 - me] + stacks[rows, 1 - me]
            cap = (np.minimum(top, reach) - mine) / unit
            c = np.where(committed < top[:, None], committed, top[:, None]).sum(axis=1) / unit
            k = np.where(k < cap, k, cap)
        with np.errstate(invalid="ignore", divide="ignore"):
            theta = np.where(k > 0.0, k / (c + 2.0 * k - u), 0.0)
        return u, theta

    def _batch_probabilities(self, d: np.ndarray, rounds: np.ndarray, u: np.ndarray, can_raise: np.ndarray,
                             rows: np.ndarray | None = None, ctx: np.ndarray | None = None
                             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(fold, call, bet) arrays of :func:`~bpp.stud.decision.curves._distribution` at ``d`` = P(win) - θ per row.

        The curves by ``numpy.exp``, or, in ``rows``, by :func:`~bpp.stud.decision.curves._curves` itself
        (``math.exp``), so those rows' values are the one-hand path's to the last bit.  ``ctx``: each row's
        :meth:`curve_context` (split curves; None: the one set).
        """
        c = 0 if ctx is None else ctx
        with np.errstate(over="ignore"):
            fold = 1.0 / (1.0 + np.exp(8.0 * (d + self._curve_array[c, 1, rounds])))
            bet = 1.0 / (1.0 + np.exp(-(8.0 * (d - self._curve_array[c, 0, rounds]))))
        z = d + self._curve_array[c, 2, rounds]
        call = 0.5 * np.exp(-20.0 * z * z)
        total = fold + call + bet
        fold, call, bet = fold / total, call / total, bet / total
        if rows is not None and len(rows):
            sets = np.zeros(len(rows), dtype=np.intp) if ctx is None else ctx[rows]
            exact = np.array([_curves(v, *self._curve_rounds[k][r])
                              for v, r, k in zip(d[rows].tolist(), rounds[rows].tolist(), sets.tolist())])
            fold[rows], call[rows], bet[rows] = exact.reshape(-1, 3).T
        if self.bluff:
            last = rounds == N_ROUNDS - 1
            keep = 1.0 - self.bluff
            fold = np.where(last, fold * keep, fold)
            call = np.where(last, call * keep, call)
            bet = np.where(last, bet * keep + self.bluff, bet)
        owes = u > 0
        call = np.where(owes, call, call + fold)
        fold = np.where(owes, fold, 0.0)
        call = np.where(can_raise, call, call + bet)
        bet = np.where(can_raise, bet, 0.0)
        return fold, call, bet

    def _batch_decide(self, d: np.ndarray, rounds: np.ndarray, u: np.ndarray, can_raise: np.ndarray,
                      x: np.ndarray | None, exact: bool = True, ctx: np.ndarray | None = None
                      ) -> tuple[np.ndarray, np.ndarray]:
        """The kinds :meth:`act` plays at ``d`` = P(win) - θ with the uniform numbers ``x`` (None: ``play="argmax"``),
        and which rows are within rounding (1e-9) of another action.

        ``exact``: the near rows' curves computed again exactly as the one-hand
        path (``math.exp``; numpy's ``exp`` may differ in the last bit), so every
        kind is the one-hand path's.  ``ctx``: each row's :meth:`curve_context` (split curves; None: the one set).
        """
        fold, call, bet = self._batch_probabilities(d, rounds, u, can_raise, ctx=ctx)
        near = self._near(fold, call, bet, x)
        if exact and near.any():
            rows = np.flatnonzero(near)
            fold, call, bet = self._batch_probabilities(d, rounds, u, can_raise, rows, ctx)
        return self._batch_kinds(fold, call, bet, x, can_raise), near

    def _near(self, fold: np.ndarray, call: np.ndarray, bet: np.ndarray, x: np.ndarray | None) -> np.ndarray:
        """Rows where a change of the probabilities by rounding could change the action."""
        if self.play == "argmax":
            return np.minimum(np.minimum(abs(call - bet), abs(call - fold)), abs(bet - fold)) < 1e-9
        return np.minimum(abs(x - fold), abs(x - fold - call)) < 1e-9

    def _batch_kinds(self, fold: np.ndarray, call: np.ndarray, bet: np.ndarray, x: np.ndarray | None,
                     can_raise: np.ndarray) -> np.ndarray:
        """The kinds :meth:`act` plays from (fold, call, bet) and the uniform numbers ``x`` (None: ``play="argmax"``)."""
        if self.play == "argmax":  # _argmax: ties to call, then bet
            kinds = np.where((call >= bet) & (call >= fold), 1, np.where(bet >= fold, 2, 0))
        else:
            kinds = np.where(x < fold, 0, np.where((x < fold + call) | (bet <= 0.0), 1, 2))
        return np.where((kinds == 2) & ~can_raise, 1, kinds).astype(np.int8)  # legal[-1]: a call when no raise

    def _batch_uniforms(self, observation: Any) -> np.ndarray | None:
        """This decision's uniform number per row (None with ``play="argmax"``, which draws none), as :meth:`act`."""
        if self.play == "argmax":
            return None
        return hand_uniforms(self._stream_key, observation.hand + self._hand_base, observation.n_actions)

    def act(self, observation: Observation) -> Action:
        """Sample the action of :meth:`action_probabilities` (with ``play="argmax"``: take it)."""
        fold, call, bet = self._probabilities(observation)
        if self.play == "argmax":  # one-hot: no draw (the stream stays the sampled player's for everything else)
            return FOLD if fold == 1.0 else (CHECK_CALL if call == 1.0 else observation.legal[-1])
        x = self.uniform(observation)  # this hand's stream (HandStreams): the batched choices are the same
        if x < fold:
            return FOLD
        if x < fold + call or bet <= 0.0:
            return CHECK_CALL
        return observation.legal[-1]

    def __repr__(self) -> str:
        play = "" if self.play == "sample" else f", play={self.play!r}"
        return f"{type(self).__name__}(params={self.params!r}, bluff={self.bluff}{play})"

"""Local Best Response (Lisy2017 §3, Figure 1): one hand of LBR against an opponent whose policy it can query.

LBR keeps the opponent's range (:class:`bpp.lbr.opponent_range.OpponentRange`) and at
each of its decisions in the chosen rounds plays :func:`local_best_response`:

1. ``wp ← WpRollout(range)``: the probability of winning at showdown, every
   remaining board card dealt (ties count one half) — ``range @ e`` with the
   street's equity vector ``e`` (:mod:`bpp.lbr.equity`);
2. ``U[call] = wp · pot − (1 − wp) · asked`` ("the chips currently in the pot
   in case LBR wins, and the negative of the money LBR has to add ... if it
   loses"); ``pot`` is every chip in the pot, ``asked`` LBR's amount to call;
3. for each bet ``a`` of the betting set (``a`` = the chips LBR adds beyond
   the call): ``fp`` = the range's probability that she folds right after it
   (her policy queried for every holding at the state after the bet),
   ``range'`` = the range times her probability of not folding,
   ``wp' = WpRollout(range')`` and
   ``U[a] = fp · pot + (1 − fp) · (wp' · (pot + a) − (1 − wp') · (asked + a))``;
4. fold has utility 0; LBR takes the action of highest utility (ties: call
   before any bet, any bet before fold).

Afterwards the heuristic assumes check/call to the end, which is what the
utilities price; the hand itself goes on with LBR deciding afresh at its next
turn.  Outside the chosen rounds LBR checks or calls.

Betting sets (:data:`BETTING`):

* ``fc``: fold, call;
* ``fcpa``: fold, call, pot (a raise of the pot after calling: raise-to =
  LBR's chips in + asked + (pot + asked)), all-in;
* ``56``: fold, call, all-in, min-bet and 52 pot fractions (56 actions; the
  paper's text says "55 pot fractions" in §4 and does not list them): the
  fractions are :data:`FRACTIONS_56`, 52 points geometric from 0.1 to 20 pots.
  "If a pot fraction is not applicable, min-bet or all in is evaluated
  instead": a size under the minimum raise becomes the minimum raise, one at
  or over the stack becomes all-in (duplicates dropped).

In fixed-limit games every set but ``fc`` means fold, call and the one legal
raise.

Beyond the paper the same machinery plays fixed-limit hold'em (the same
1,326 holdings and equity vectors) and five-card stud (:class:`StudCards`: the
opponent's private information is her down card, 52 states; WpRollout deals
both players' remaining up cards).
"""

from __future__ import annotations

from collections.abc import Sequence

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from holdem.games.base import CHECK_CALL, FOLD, Action, ActionKind
from holdem.strength import holdings_equity
from holdem.evaluate import evaluate, evaluate_unchecked
from holdem.ranges import HOLDINGS, holding_index
from holdem.play import HandDriver

from bpp.lbr.equity import preflop_equity
from bpp.lbr.policy import check_policy_rows
from bpp.lbr.opponent_range import OpponentRange, kind_of, kind_probabilities

if TYPE_CHECKING:
    from numpy.typing import ArrayLike
    from holdem.games.base import Game, Observation

__all__ = [
    "BETTING",
    "FRACTIONS_56",
    "LBRConfig",
    "parse_rounds",
    "bet_candidates",
    "local_best_response",
    "play_lbr_hand",
    "HandOutcome",
]

_RAISE = ActionKind.BET_RAISE
#: 52 pot fractions of the ``56`` set: geometric from 0.1 to 20 pots (with min-bet, all-in, fold, call: 56 actions).
FRACTIONS_56 = tuple(float(f) for f in np.round(np.geomspace(0.1, 20.0, 52), 4))
#: Betting set name → pot fractions LBR considers (besides fold and call); ``all_in``/``min_bet`` added below.
BETTING = {"fc": (), "fcpa": (1.0,), "56": FRACTIONS_56}
_EXTRA = {"fc": (False, False), "fcpa": (True, False), "56": (True, True)}  # (all-in, min-bet)


def parse_rounds(text: str) -> frozenset[int]:
    """The betting rounds LBR plays in, from ``"1-4"``, ``"3-4"``, ``"4"`` (rounds 1 = pre-flop … 4 = river) → 0-based.

    >>> sorted(parse_rounds("3-4")), sorted(parse_rounds("4"))
    ([2, 3], [3])
    >>> parse_rounds("0-4")
    Traceback (most recent call last):
    ...
    ValueError: The 'rounds' parameter of LBR must be a round 1-4 or a range like 3-4 of rounds 1-4; got '0-4'.
    """
    m = re.fullmatch(r"\s*([1-4])\s*(?:-\s*([1-4])\s*)?", str(text))
    if not m or (m.group(2) and int(m.group(2)) < int(m.group(1))):
        raise ValueError(f"The 'rounds' parameter of LBR must be a round 1-4 or a range like 3-4 of rounds 1-4; got {text!r}.")
    lo = int(m.group(1))
    hi = int(m.group(2) or lo)
    return frozenset(range(lo - 1, hi))


@dataclass(frozen=True)
class LBRConfig:
    """What LBR may do: ``betting`` (a key of :data:`BETTING`) and ``rounds`` (text, see :func:`parse_rounds`).

    >>> LBRConfig("fcpa", "1-4").label
    'fcpa 1-4'
    >>> LBRConfig("pot", "1-4")
    Traceback (most recent call last):
    ...
    ValueError: The 'betting' parameter of LBR must be one of fc, fcpa, 56; got 'pot'.
    """

    betting: str = "fcpa"
    rounds: str = "1-4"

    def __post_init__(self):
        if self.betting not in BETTING:
            raise ValueError(f"The 'betting' parameter of LBR must be one of {', '.join(BETTING)}; got {self.betting!r}.")
        parse_rounds(self.rounds)

    @property
    def round_set(self) -> frozenset[int]:
        return parse_rounds(self.rounds)

    @property
    def label(self) -> str:
        return f"{self.betting} {self.rounds}"


def bet_candidates(observation: Observation, betting: str) -> list[Action]:
    """The bets and raises LBR weighs at ``observation`` (raise-to totals, sorted, no duplicates).

    >>> import numpy as np
    >>> from holdem.games import NoLimitHoldem
    >>> obs = NoLimitHoldem().new_hand(np.arange(52)).observation(0)  # button: 50 in, 50 to call, pot 150
    >>> [str(a) for a in bet_candidates(obs, "fcpa")]  # pot raise: 50 + 50 + (150 + 50)
    ['r300', 'r20000']
    >>> len(bet_candidates(obs, "56")), [str(a) for a in bet_candidates(obs, "fc")]  # fractions under a min-raise merge
    (38, [])
    """
    legal_raises = [a for a in observation.legal if a.kind == _RAISE]
    if not legal_raises or betting == "fc":
        return []
    bounds = observation.raise_bounds
    if bounds is None or bounds[0] == bounds[1]:  # fixed limit: the one raise
        return legal_raises[:1]
    lo, hi = bounds
    me = observation.player
    base = observation.committed[me] + observation.to_call
    call_pot = observation.pot + observation.to_call
    amounts = set()
    for f in BETTING[betting]:
        amounts.add(int(min(max(round(base + f * call_pot), lo), hi)))
    all_in, min_bet = _EXTRA[betting]
    if all_in:
        amounts.add(hi)
    if min_bet:
        amounts.add(lo)
    return [Action(_RAISE, a) for a in sorted(amounts)]


class StreetEquity:
    """The equity vector of LBR's hole cards on the current board, computed once per street (hold'em)."""

    def __init__(self, hole: Sequence[int]) -> None:
        self.hole = tuple(int(c) for c in hole)
        self._board: tuple | None = None
        self._e: np.ndarray | None = None

    def __call__(self, board) -> np.ndarray:
        board = tuple(int(c) for c in board)
        if board != self._board:
            if board:
                self._e = holdings_equity(np.array(self.hole), np.array(board))
            else:
                self._e = preflop_equity()[holding_index(self.hole[0], self.hole[1])]
            self._board = board
        return cast(np.ndarray, self._e)  # set for this board above


class HoldemCards:
    """Hold'em for LBR: the opponent's 1,326 holdings, WpRollout's equity vector, showdown values."""

    holdings = HOLDINGS

    def __init__(self, observation: Observation, rng: np.random.Generator | None = None) -> None:
        self._street = StreetEquity(observation.hole)

    def equity(self, observation: Observation) -> np.ndarray:
        return self._street(observation.public)

    @staticmethod
    def final_cards(observation: Observation, holdings: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """LBR's final cards (k,) and every holding's (n, k) at a showdown."""
        board = np.array(observation.public)
        ours = np.concatenate([np.array(observation.hole), board])
        theirs = np.concatenate([holdings, np.broadcast_to(board, (holdings.shape[0], board.size))], axis=1)
        return ours, theirs


#: Sampled completions per WpRollout in stud when more than one up card each is still to come.
STUD_SAMPLES = 3000


class StudCards:
    """Five-card stud for LBR: the opponent's private information is her down card (52 states).

    WpRollout deals both players' remaining up cards: exactly when at most one
    each is to come (every ordered pair of the unseen cards), otherwise from
    :data:`STUD_SAMPLES` random deals of the unseen cards shared by every
    candidate down card (a deal that uses the candidate is skipped for it).
    """

    holdings = np.arange(52, dtype=np.intp)[:, None]

    def __init__(self, observation: Observation, rng: np.random.Generator | None = None) -> None:
        self.rng = np.random.default_rng(rng)
        self._key: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self._e: np.ndarray | None = None

    def equity(self, observation: Observation) -> np.ndarray:
        me = observation.player
        mine = np.array(observation.hole + observation.up_cards[me])
        opp_up = np.array(observation.up_cards[1 - me])
        key = (tuple(mine), tuple(opp_up))
        if key == self._key:
            return cast(np.ndarray, self._e)  # computed for this key
        n_more = 5 - mine.size
        known = np.zeros(52, dtype=bool)
        known[mine] = True
        known[opp_up] = True
        rest = np.flatnonzero(~known)
        e = np.zeros(52)
        if n_more == 0:
            our_rank = int(evaluate_unchecked(mine[None])[0])
            theirs = evaluate_unchecked(np.concatenate([rest[:, None], np.broadcast_to(opp_up, (rest.size, opp_up.size))], axis=1))
            e[rest] = 0.5 + np.sign(our_rank - theirs.astype(np.int64)) / 2
        elif n_more == 1:
            ours = evaluate_unchecked(np.concatenate([np.broadcast_to(mine, (rest.size, mine.size)), rest[:, None]], axis=1))
            d, b = np.meshgrid(rest, rest, indexing="ij")
            theirs = evaluate_unchecked(np.concatenate([d[..., None], np.broadcast_to(opp_up, d.shape + (opp_up.size,)),
                                              b[..., None]], axis=-1)).astype(np.int64)  # [d, b]
            sign = np.sign(ours[None, :, None].astype(np.int64) - theirs[:, None, :])  # [d, a, b]
            idx = np.arange(rest.size)
            valid = (idx[None, :, None] != idx[None, None, :]) & (idx[:, None, None] != idx[None, :, None]) \
                & (idx[:, None, None] != idx[None, None, :])
            e[rest] = 0.5 + (sign * valid).sum(axis=(1, 2)) / (2.0 * valid.sum(axis=(1, 2)))
        else:
            order = np.argsort(self.rng.random((STUD_SAMPLES, rest.size)), axis=1)[:, : 2 * n_more]
            draws = rest[order]  # (m, 2 n_more): ours then hers
            ours = evaluate_unchecked(np.concatenate([np.broadcast_to(mine, (STUD_SAMPLES, mine.size)), draws[:, :n_more]], axis=1))
            opp = np.concatenate([np.broadcast_to(opp_up, (STUD_SAMPLES, opp_up.size)), draws[:, n_more:]], axis=1)
            cards = np.concatenate([np.broadcast_to(rest[:, None, None], (rest.size, STUD_SAMPLES, 1)),
                                    np.broadcast_to(opp, (rest.size,) + opp.shape)], axis=2)
            theirs = evaluate_unchecked(cards).astype(np.int64)  # [d, m]
            valid = ~(draws[None, :, :] == rest[:, None, None]).any(axis=2)
            sign = np.sign(ours[None, :].astype(np.int64) - theirs)
            e[rest] = 0.5 + (sign * valid).sum(axis=1) / (2.0 * valid.sum(axis=1))
        self._key, self._e = key, e
        return e

    @staticmethod
    def final_cards(observation: Observation, holdings: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Our cards (int, shape ``(k,)``) and each holding's with the opponent's up cards (int, shape
        ``(n_holdings, holdings.shape[1] + n_up)``); ``holdings`` is an int array of shape ``(n_holdings, h)``."""
        me = observation.player
        ours = np.array(observation.hole + observation.up_cards[me])
        opp_up = np.array(observation.up_cards[1 - me])
        theirs = np.concatenate([holdings, np.broadcast_to(opp_up, (holdings.shape[0], opp_up.size))], axis=1)
        return ours, theirs


#: Game name → its card adapter.
CARDS: dict[str, Any] = {"nolimit-holdem": HoldemCards, "limit-holdem": HoldemCards, "stud5": StudCards}


def _who(agent) -> str:
    """The agent's name for messages (its class when it does not set ``name`` itself but inherits one)."""
    own = "name" in getattr(agent, "__dict__", {}) or "name" in vars(type(agent))
    return str(agent.name) if own else type(agent).__name__


def _policy_by_kind(agent, observation, rng_range: OpponentRange):
    """Her policy by kind for every holding: (n, n_kinds) (live holdings asked, the others uniform) and the kinds."""
    live = np.flatnonzero(rng_range.weights > 0)
    probs = check_policy_rows(agent.holdings_action_probabilities(observation, rng_range.holdings[live]), observation,
                              _who(agent))
    by_kind, kinds = kind_probabilities(probs, observation.legal)
    full = np.full((rng_range.holdings.shape[0], len(kinds)), 1.0 / len(kinds))
    full[live] = by_kind
    return full, kinds


def local_best_response(state: Any, lbr_seat: int, opponent: Any, opp_range: OpponentRange, equity: np.ndarray,
                        betting: str) -> tuple[Action, dict[Action, float]]:
    """Figure 1 of Lisy2017: LBR's action at ``state`` and the utility of every action it weighed.

    ``equity`` is the (n,) vector of LBR's showdown equity against each
    holding (so WpRollout(range) = range @ equity for a normalized range).
    Returns ``(action, {action: utility})``.
    """
    obs = state.observation(lbr_seat)
    w = opp_range.weights
    wp = float(w @ equity)
    pot, asked = obs.pot, obs.to_call
    utilities = {CHECK_CALL: wp * pot - (1 - wp) * asked}
    opp = 1 - lbr_seat
    for bet in bet_candidates(obs, betting):
        after = state.clone()
        after.apply(bet)
        fold = np.zeros_like(w)
        if not after.is_terminal and after.current_player == opp:
            o_obs = after.observation(opp)
            if FOLD in o_obs.legal:
                live = np.flatnonzero(w > 0)
                probs = check_policy_rows(opponent.holdings_action_probabilities(o_obs, opp_range.holdings[live]), o_obs,
                                          _who(opponent))
                fold[live] = probs[:, o_obs.legal.index(FOLD)]
        fp = float(w @ fold)
        rest = w * (1 - fold)
        total = rest.sum()
        wp_rest = float(rest @ equity / total) if total > 0 else 0.0
        a = bet.amount - obs.committed[lbr_seat] - asked
        utilities[bet] = fp * pot + (1 - fp) * (wp_rest * (pot + a) - (1 - wp_rest) * (asked + a))
    if FOLD in obs.legal:
        utilities[FOLD] = 0.0
    best = max(utilities, key=utilities.__getitem__)  # dict order: call, bets (ascending), fold: ties go to the first
    return best, utilities


@dataclass(frozen=True)
class HandOutcome:
    """One hand of LBR: ``chips`` LBR won, ``imaginary`` the range-weighted value of the observed line, ``actions``.

    With ``record_range``: ``opponent_range`` (the final :class:`OpponentRange`)
    and ``range_trace``, ``(number of observations, weights)`` after each opponent action.
    """

    chips: int
    imaginary: float
    actions: tuple[tuple[int, str], ...]
    opponent_range: OpponentRange | None = None
    range_trace: tuple = ()


def _showdown_values(state, lbr_seat, opp_range: OpponentRange, cards_adapter) -> np.ndarray:
    """LBR's chips won against each holding at this showdown (the line of play fixed)."""
    obs = state.observation(lbr_seat)
    ours, cards = cards_adapter.final_cards(obs, opp_range.holdings)
    ours = int(evaluate(ours[None])[0])
    h = opp_range.holdings
    ok = opp_range.weights > 0
    theirs = np.zeros(h.shape[0], dtype=np.int64)
    theirs[ok] = evaluate(cards[ok])
    c_me, c_opp = obs.committed[lbr_seat], obs.committed[1 - lbr_seat]
    return np.where(ours > theirs, c_opp, np.where(ours < theirs, -c_me, (c_opp - c_me) / 2))


def play_lbr_hand(game: Game, deal: ArrayLike, lbr_seat: int, opponent: Any, config: LBRConfig, *,
                  record_range: bool = False, rng: np.random.Generator | None = None) -> HandOutcome:
    """Play one hand of LBR (seat ``lbr_seat``, the button being seat 0) against ``opponent``.

    The opponent acts with her own ``act`` (sampling her policy with her
    actual cards, Lisy2017 §3); after each of her actions LBR's range takes
    one Bayes step from ``holdings_action_probabilities`` for every holding
    still possible, and after each deal the holdings that use a dealt card
    drop out.  ``imaginary`` is the paper's "imaginary observation": the
    outcome of the observed line averaged over the final range (at a
    showdown, LBR's win or loss against every holding she could hold; after
    a fold, the fold's result).  With ``record_range`` the outcome keeps the
    range after each action (for the pgmpy check).  ``rng`` feeds sampled
    WpRollouts (stud before its last two rounds); hold'em uses none.

    >>> import numpy as np
    >>> from holdem.agents import AlwaysCall
    >>> from holdem.games import NoLimitHoldem
    >>> out = play_lbr_hand(NoLimitHoldem(), np.random.default_rng(3).permutation(52), 0, AlwaysCall(), LBRConfig("fc", "1-4"))
    >>> out.chips, [a for _, a in out.actions]
    (100, ['c', 'c', 'c', 'c', 'c', 'c', 'c', 'c'])
    """
    opp_seat = 1 - lbr_seat
    state = game.new_hand(deal, button=0)
    first = state.observation(lbr_seat)
    cards = CARDS[game.name](first, rng)
    opp_range = OpponentRange(cards.holdings, own_cards=first.hole)
    rounds = config.round_set
    actions = []
    checks = []

    def on_event(event):
        if event.kind == "deal":
            opp_range.observe_cards(event.cards)

    def on_decision(player, obs, action):
        actions.append((player, str(action)))
        if player == opp_seat:
            kind_probs, kinds = _policy_by_kind(opponent, obs, opp_range)
            opp_range.observe_action(kind_probs, kinds, kind_of(action))
            if record_range:
                checks.append((len(opp_range.evidence), opp_range.weights.copy()))

    # LBR's own seat is played from outside the driver: its decision needs the whole state.
    driver = HandDriver([opponent if s == opp_seat else None for s in range(2)], on_event=on_event, on_decision=on_decision)
    pending = driver.start(state)
    while pending is not None:
        obs = state.observation(lbr_seat)
        if obs.round in rounds and (FOLD in obs.legal or bet_candidates(obs, config.betting)):
            action, _ = local_best_response(state, lbr_seat, opponent, opp_range, cards.equity(obs), config.betting)
        else:  # outside LBR's rounds, or check is its only choice (no bet in its set, nothing to call)
            action = CHECK_CALL
        pending = driver.step(action)
    chips = int(state.payoffs[lbr_seat])
    if any(e.kind == "showdown" for e in state.history):
        imaginary = float(opp_range.weights @ _showdown_values(state, lbr_seat, opp_range, cards))
    else:
        imaginary = float(chips)
    return HandOutcome(chips, imaginary, tuple(actions), opp_range if record_range else None, tuple(checks))

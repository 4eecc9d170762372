"""BPP's two automated opponents (Korb, Nicholson & Jitnah 1999, §5.1): the probabilistic player and the rule-based player.

:class:`ProbabilisticPlayer` ("prob")
    "estimates its winning probability for its current hand by taking a
    large sample of possible continuations of its own hand and its
    opponent's hand" from the known cards alone (§2.2, §5.1), then plays
    exactly as BPP does: θ, the betting curves and the bluff
    (:class:`bpp.stud.decision.player.CurvePlayer`).  The completions are drawn
    without replacement from the unseen cards in one vectorized call and
    ranked with :func:`holdem.evaluate.evaluate_unchecked`; in the last round
    (one unknown card, the opponent's down card) the probability is exact.

:class:`RuleBasedPlayer` ("rules")
    Figure 4, with the rule-based system as "OPP" and its opponent as "BPP".
    Hands are compared as partial poker hands (:func:`hand_value`: pairs,
    two pairs, trips, quads, then ranks high to low; straights and flushes
    only with five cards) and by hand type (:func:`hand_type`: the 17 types
    of §3.2 applied to the cards there are)::

        if their showing > my showing:
            if my hand > their showing:
                if type(my hand) > type(their showing): bet/raise 90 %, check/call 10 %
                else:                                   bet/raise 80 %, check/call 20 %
            else:                                       fold/pass 85 %, check/call 15 %
        else:
            if facing a bet:
                if type(my hand) > type(their showing): raise 85 %, call 15 %
                else:                                   call 85 %, fold 15 %
            else:                                       bet

    "Fold/pass" is a pass when nothing is owed; a raise past the cap is a call.

At a table of more than two seats (Korb1999 §6.2) ``prob`` estimates P(win)
against every live opponent (:func:`table_win_probability`) and uses θ for
``n`` players (:func:`bpp.stud.decision.player.multiway_theta`), and
``rules`` reads "their showing" as the strongest live opponent's.  Heads-up
both are unchanged.

>>> import numpy as np
>>> from holdem.games import Stud5
>>> from holdem.match import play_match
>>> r = play_match(Stud5(), [RuleBasedPlayer, ProbabilisticPlayer], 20, rng=2)
>>> r.names, r.n_hands
(['rules', 'prob'], 20)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import numpy as np

from holdem.agents import Agent, HandStreams, hand_bits
from holdem.evaluate import evaluate_unchecked
from holdem.games.base import CHECK_CALL, FOLD, Action, ActionKind, Observation

from bpp.stud.decision.player import CurvePlayer
from bpp.stud.model.handvalue import _hand_type, _hand_value, down_card_codes, hand_value_codes, showing_code

if TYPE_CHECKING:
    from numpy.typing import ArrayLike
    from holdem._typing import RngLike
    from holdem.cards import CardsLike
    from holdem.games.batched import StudBatchObservation

__all__ = [
    "sample_win_probability",
    "figure4_policy",
    "figure4_policy_cards",
    "ProbabilisticPlayer",
    "RuleBasedPlayer",
]

_BET_RAISE = ActionKind.BET_RAISE

# ---------------------------------------------------------------- probabilistic player


def sample_win_probability(my_cards: CardsLike, opp_up: CardsLike, *, n_samples: int = 1000, rng: RngLike = None) -> float:
    """P(win) of ``my_cards`` against an opponent showing ``opp_up``, from the known cards alone (§2.2, §5.1).

    Completes both hands to five cards with cards drawn without replacement
    from the unseen ones (``n_samples`` completions, all drawn in one call)
    and compares them with :func:`holdem.evaluate.evaluate_unchecked`; ties
    count half.  When only one card is unknown (the opponent's down card in
    the last round) every possibility is enumerated and the answer is exact.

    Parameters
    ----------
    my_cards : sequence of int
        The player's cards (down card and up cards), 2-5 of them.
    opp_up : sequence of int
        The opponent's up cards, ``len(my_cards) - 1`` of them.
    n_samples : int
        Completions to sample (ignored when exact).
    rng : numpy.random.Generator, int or None

    Returns
    -------
    float

    Examples
    --------
    >>> from holdem.cards import parse_cards
    >>> sample_win_probability(parse_cards("As Ah Ad Ac Ks"), parse_cards("2c 7d 9h Jc"))   # exact, last round
    1.0
    >>> p = sample_win_probability(parse_cards("As Ah"), parse_cards("7d"), n_samples=4000, rng=1)
    >>> 0.92 < p < 0.95
    True
    >>> sample_win_probability(parse_cards("As Ah"), parse_cards("7d 8d"))
    Traceback (most recent call last):
    ...
    ValueError: sample_win_probability: the opponent shows 2 up cards but the player holds 2 cards; expected 1.
    """
    mine = np.asarray(my_cards, dtype=np.int64).ravel()
    theirs = np.asarray(opp_up, dtype=np.int64).ravel()
    if not 2 <= mine.size <= 5:
        raise ValueError(f"The 'my_cards' parameter of sample_win_probability must hold 2-5 cards; got {my_cards!r}.")
    if theirs.size != mine.size - 1:
        raise ValueError(
            f"sample_win_probability: the opponent shows {theirs.size} up cards but the player holds "
            f"{mine.size} cards; expected {mine.size - 1}."
        )
    known = np.concatenate([mine, theirs])
    if known.min() < 0 or known.max() > 51 or np.unique(known).size != known.size:
        raise ValueError(f"sample_win_probability: the known cards must be distinct codes in [0, 52); got {known.tolist()}.")
    if isinstance(n_samples, bool) or not isinstance(n_samples, (int, np.integer)) or n_samples < 1:
        raise ValueError(f"The 'n_samples' parameter of sample_win_probability must be an integer >= 1; got {n_samples!r}.")
    return _win_probability(tuple(mine.tolist()), tuple(theirs.tolist()), int(n_samples), np.random.default_rng(rng))


_ALL = np.arange(52, dtype=np.int8)


def _deal_rows(pool: np.ndarray, m: int, n_samples: int, rng: np.random.Generator) -> np.ndarray:
    """``n_samples`` deals of ``m`` distinct cards of ``pool`` each, in the first ``m`` columns of the rows returned.

    A partial Fisher-Yates shuffle of the pool, all rows at once (one draw
    call, a loop over the ``m`` ≤ 8 positions only).
    """
    rows = np.broadcast_to(pool, (n_samples, pool.size)).copy()
    picks = rng.integers(np.arange(m), pool.size, size=(n_samples, m))
    index = np.arange(n_samples)
    for j in range(m):
        chosen = rows[index, picks[:, j]]
        rows[index, picks[:, j]] = rows[:, j]
        rows[:, j] = chosen
    return rows


def _win_probability(mine: tuple, theirs: tuple, n_samples: int, rng: np.random.Generator) -> float:
    unseen = np.ones(52, dtype=bool)
    unseen[list(mine)] = False
    unseen[list(theirs)] = False
    pool = _ALL[unseen]
    n_mine = 5 - len(mine)
    n_theirs = 5 - len(theirs)
    if n_mine == 0 and n_theirs == 1:  # last round: the opponent's down card is all that is unknown
        mine_rank = evaluate_unchecked(np.array(mine, dtype=np.int8)[None])[0]
        hands = np.empty((pool.size, 5), dtype=np.int8)
        hands[:, :4] = theirs
        hands[:, 4] = pool
        r = evaluate_unchecked(hands)
        return float(((mine_rank > r).sum() + 0.5 * (mine_rank == r).sum()) / pool.size)
    rows = _deal_rows(pool, n_mine + n_theirs, n_samples, rng)
    hands = np.empty((2, n_samples, 5), dtype=np.int8)
    hands[0, :, : len(mine)] = mine
    hands[0, :, len(mine) :] = rows[:, :n_mine]
    hands[1, :, : len(theirs)] = theirs
    hands[1, :, len(theirs) :] = rows[:, n_mine : n_mine + n_theirs]
    r = evaluate_unchecked(hands)
    return float(((r[0] > r[1]).sum() + 0.5 * (r[0] == r[1]).sum()) / n_samples)


def _win_probabilities(mine: np.ndarray, theirs: np.ndarray, u: np.ndarray | None) -> np.ndarray:
    """Heads-up P(win) per row from the known cards alone: ``mine`` (k, a) and ``theirs`` (k, a - 1) card codes.

    ``u`` (k, n_samples, 5 - a + 6 - a) uniform numbers in [0, 1) choose the
    completions (a partial Fisher-Yates shuffle of each row's unseen cards,
    ascending: position ``j`` swaps with ``j + floor(u_j * (size - j))``); with
    five cards of mine (``u`` None) the opponent's down card is enumerated and
    the answer exact.  One row or many give the same value per row.
    """
    k, a = mine.shape
    known = np.concatenate([mine, theirs], axis=1)
    unseen = np.ones((k, 52), dtype=bool)
    unseen[np.arange(k)[:, None], known] = False
    pool = np.nonzero(unseen)[1].reshape(k, -1).astype(np.int8)  # each row's unseen cards, ascending
    size = pool.shape[1]
    if u is None:  # last round: every down card the opponent can hold
        mine_rank = evaluate_unchecked(mine.astype(np.int8))
        hands = np.empty((k, size, 5), dtype=np.int8)
        hands[:, :, :4] = theirs[:, None, :]
        hands[:, :, 4] = pool
        r = evaluate_unchecked(hands.reshape(-1, 5)).reshape(k, size)
        return ((mine_rank[:, None] > r).sum(axis=1) + 0.5 * (mine_rank[:, None] == r).sum(axis=1)) / size
    n, m = u.shape[1], u.shape[2]
    rows = np.repeat(pool, n, axis=0)  # (k * n, size)
    flat = rows.reshape(-1)
    # picks[j] = the flat index position j swaps with: the float j + u * (size - j) truncated, as one contiguous
    # row per position (in-place arithmetic, no temporaries of k * n * m beyond the one float array).
    steps = u.reshape(k * n, m).T * (size - np.arange(m))[:, None]
    steps += np.arange(m)[:, None]
    picks = np.empty((m, k * n), dtype=np.intp)
    np.copyto(picks, steps, casting="unsafe")
    picks += np.arange(0, k * n * size, size)
    for j in range(m):
        at = picks[j]
        chosen = flat[at]
        flat[at] = rows[:, j]
        rows[:, j] = chosen
    n_mine = 5 - a
    hands = np.empty((2, k * n, 5), dtype=np.int8)
    hands[0, :, :a] = np.repeat(mine, n, axis=0)
    hands[0, :, a:] = rows[:, :n_mine]
    hands[1, :, : a - 1] = np.repeat(theirs, n, axis=0)
    hands[1, :, a - 1 :] = rows[:, n_mine:m]
    ranks = evaluate_unchecked(hands.reshape(-1, 5)).reshape(2, k, n)
    return ((ranks[0] > ranks[1]).sum(axis=1) + 0.5 * (ranks[0] == ranks[1]).sum(axis=1)) / n


def _live_opponents(observation: Observation) -> list[int]:
    """The seats still in the hand other than the one to act."""
    me = observation.player
    return [s for s in range(observation.n_players) if s != me and not observation.folded[s]]


def _table_win_probability(mine: tuple, theirs: tuple, n_samples: int, rng: np.random.Generator) -> float:
    """P(win) against several live opponents (``theirs``: a tuple of up-card tuples), ties split (Korb1999 §6.2).

    BPP's share of the pot at a showdown of every hand, from ``n_samples``
    completions drawn without replacement from the unseen cards (the deck is
    shared, so the opponents' hands are dealt jointly).  One opponent:
    :func:`_win_probability` (exact in the last round).

    >>> from holdem.cards import parse_cards
    >>> rng = np.random.default_rng(0)
    >>> t = lambda text: tuple(parse_cards(text).tolist())
    >>> _table_win_probability(t("As Ah Ad Ac Ks"), (t("2c 7d 9h Jc"), t("3c 4d 5h 8c")), 200, rng)
    1.0
    """
    if len(theirs) == 1:
        return _win_probability(mine, theirs[0], n_samples, rng)
    unseen = np.ones(52, dtype=bool)
    unseen[list(mine)] = False
    for up in theirs:
        unseen[list(up)] = False
    pool = _ALL[unseen]
    needs = [5 - len(mine)] + [5 - len(up) for up in theirs]
    rows = _deal_rows(pool, sum(needs), n_samples, rng)
    hands = np.empty((len(theirs) + 1, n_samples, 5), dtype=np.int8)
    start = 0
    for i, known in enumerate((mine,) + tuple(theirs)):
        hands[i, :, : len(known)] = known
        hands[i, :, len(known) :] = rows[:, start : start + needs[i]]
        start += needs[i]
    r = evaluate_unchecked(hands)
    best = r[1:].max(axis=0)
    ties = (r[1:] == r[0]).sum(axis=0)
    return float(np.where(r[0] >= best, 1.0 / (1 + ties), 0.0).mean())


def table_win_probability(observation: Observation, n_samples: int, rng: np.random.Generator, cache: dict) -> float:
    """P(win) of the seat to act against every live opponent, from the known cards alone (§5.1's estimate, §6.2's table).

    Heads-up it is :func:`_win_probability` on the same stream as before;
    ``cache`` (a dict the caller keeps) holds the last answer per set of known cards.
    """
    me = observation.player
    up = observation.up_cards
    key = (observation.hole + up[me], tuple(up[s] for s in _live_opponents(observation)))
    value = cache.get(key)
    if value is None:
        cache.clear()
        value = cache[key] = _table_win_probability(key[0], key[1], n_samples, rng)
    return value


class ProbabilisticPlayer(CurvePlayer):
    """The probabilistic opponent of §5.1: P(win) from the known cards alone, then BPP's θ, curves and bluff.

    Parameters
    ----------
    n_samples : int
        Completions sampled per estimate (the last round is exact).
    params, bluff, bets_per_round, rng
        As :class:`bpp.stud.decision.player.CurvePlayer` (the fitted curves by default,
        as the paper's "same algorithm to complete its play as does BPP").

    Examples
    --------
    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))
    >>> player = ProbabilisticPlayer(rng=0)
    >>> probs = player.action_probabilities(state.observation(state.current_player))
    >>> sorted(str(a) for a in probs), round(sum(probs.values()), 12)
    (['c', 'r3'], 1.0)
    >>> ProbabilisticPlayer(n_samples=0)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_samples' parameter of ProbabilisticPlayer must be an integer >= 1; got 0.
    """

    name = "prob"
    trusted_actions = True  # CurvePlayer.act
    #: At a larger table P(win) is against every live opponent and θ is eqs. (1)-(7) for n players (Korb1999 §6.2).
    multi_seat = True

    def __init__(self, *, n_samples: int = 1000, params: Any = None, bluff: float = 0.05,
                 bets_per_round: float | None = None, rng: RngLike = None) -> None:
        if isinstance(n_samples, bool) or not isinstance(n_samples, (int, np.integer)) or n_samples < 1:
            raise ValueError(f"The 'n_samples' parameter of ProbabilisticPlayer must be an integer >= 1; got {n_samples!r}.")
        kwargs: dict[str, Any] = {} if bets_per_round is None else {"bets_per_round": bets_per_round}
        super().__init__(params=params, bluff=bluff, rng=rng, **kwargs)
        self.n_samples = int(n_samples)
        self._sample_key = int(self.rng.integers(0, 2**63))  # the completions' per-hand streams
        self._cache_key: tuple | None = None
        self._cache_value = 0.0
        self._table_cache: dict = {}

    def _completion_uniforms(self, hands: np.ndarray, rounds: np.ndarray) -> np.ndarray | None:
        """The uniform numbers of each row's completions, (k, n_samples, cards to deal): a stream per hand and
        round (:func:`holdem.agents.hand_uniforms`), so one hand or a batch samples the same; None in the last round."""
        r = int(rounds[0])
        if r == 3:
            return None
        m = 7 - 2 * r
        size = self.n_samples * m
        bits = hand_bits(self._sample_key, hands[:, None], rounds[:, None], np.arange((size + 1) // 2))
        halves = np.stack([bits >> np.uint64(32), bits & np.uint64(0xFFFFFFFF)], axis=2).reshape(len(hands), -1)
        return (halves[:, :size] * 2.0**-32).reshape(len(hands), self.n_samples, m)  # two 32-bit numbers a hash

    def win_probability(self, observation: Observation) -> float:
        """The sampled P(win) of the seat to act (heads-up: from this hand's and round's stream of completions)."""
        if observation.n_players != 2:
            return table_win_probability(observation, self.n_samples, self.rng, self._table_cache)
        me = observation.player
        mine = observation.hole + observation.up_cards[me]
        theirs = observation.up_cards[1 - me]
        hand = max(self._hand, 0)
        key = (hand, mine, theirs)
        if key != self._cache_key:
            u = self._completion_uniforms(np.array([hand]), np.array([observation.round]))
            self._cache_value = float(_win_probabilities(np.array([mine]), np.array([theirs]), u)[0])
            self._cache_key = key
        return self._cache_value

    def plays_batches_of(self, game: Any) -> bool:
        """:meth:`act_batch` plays heads-up (at a larger table P(win) is sampled hand by hand)."""
        return game.n_players == 2

    #: Rows per sampling pass of :meth:`act_batch` (n_samples completions each).
    _BATCH_ROWS = 128

    def act_batch(self, observation: Any) -> np.ndarray:
        """The kinds :meth:`act` picks in every row of a heads-up stud batch: the same completions per hand and
        round, then θ, the curves and the draw as :class:`~bpp.stud.decision.player.CurvePlayer`."""
        n = len(observation)
        me = observation.player
        ups = observation.up_cards
        hole = observation.hole
        rounds = observation.round
        hands = observation.hand + self._hand_base
        p = np.empty(n)
        for r in np.unique(rounds).tolist():
            sel = np.flatnonzero(rounds == r)
            mine = np.concatenate([hole[sel], ups[sel, me[sel], : r + 1]], axis=1)
            theirs = ups[sel, 1 - me[sel], : r + 1]
            for start in range(0, len(sel), self._BATCH_ROWS):
                part = slice(start, start + self._BATCH_ROWS)
                u = self._completion_uniforms(hands[sel[part]], rounds[sel[part]])
                p[sel[part]] = _win_probabilities(mine[part], theirs[part], u)
        u_owed, theta = self._batch_theta(observation)
        can_raise = observation.legal[:, 2]
        kinds, _ = self._batch_decide(p - theta, rounds, u_owed, can_raise, self._batch_uniforms(observation))
        return kinds

    def holdings_win_probabilities(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """The sampled P(win), float (n,), for each down card of ``holdings`` (int (n, 1)), on a spawned stream (play is not disturbed)."""
        me = observation.player
        up, theirs = observation.up_cards[me], observation.up_cards[1 - me]
        rng = self._side_rng()
        return np.array([_win_probability((int(h[0]),) + up, theirs, self.n_samples, rng) for h in holdings])


# ---------------------------------------------------------------- rule-based player


def figure4_policy(hole: tuple[int, ...], my_up: tuple[int, ...], their_up: tuple[int, ...], facing_bet: bool
                   ) -> tuple[float, float, float]:
    """Figure 4's (fold, check/call, bet/raise) probabilities, before the legal-move mapping (unchecked).

    ``hole`` and ``my_up`` are the rule-based player's down and up cards,
    ``their_up`` its opponent's up cards (tuples of card codes),
    ``facing_bet`` whether it owes chips.  :class:`RuleBasedPlayer` plays it;
    :class:`bpp.stud.players.reference.RulesReader` inverts it.

    >>> from holdem.cards import parse_cards
    >>> figure4_policy(tuple(parse_cards("Ah")), tuple(parse_cards("7c")), tuple(parse_cards("Kd")), True)
    (0.0, 0.1, 0.9)
    >>> figure4_policy(tuple(parse_cards("Ah")), tuple(parse_cards("7c")), tuple(parse_cards("Ad")), True)
    (0.0, 0.2, 0.8)
    >>> figure4_policy(tuple(parse_cards("2h")), tuple(parse_cards("7c")), tuple(parse_cards("Kd")), True)
    (0.85, 0.15, 0.0)
    """
    their_key = tuple(sorted(their_up))
    their_value = _hand_value(their_key)
    behind = their_value > _hand_value(tuple(sorted(my_up)))
    if not (behind or facing_bet):
        return _figure4_rule(False, False, False, False)  # the own hand is not looked at
    mine = tuple(sorted(hole + my_up))
    return _figure4_rule(behind, _hand_value(mine) > their_value, _hand_type(mine) > _hand_type(their_key), facing_bet)


def _figure4_rule(behind: bool, ahead: bool, better: bool, facing_bet: bool) -> tuple[float, float, float]:
    """Figure 4's (fold, check/call, bet/raise) from its four tests: the opponent shows more (``behind``), the
    rule-based player's hand beats that showing (``ahead``), its type is higher (``better``), it owes chips."""
    if behind:
        if ahead:
            return (0.0, 0.1, 0.9) if better else (0.0, 0.2, 0.8)
        return 0.85, 0.15, 0.0
    if facing_bet:
        return (0.0, 0.15, 0.85) if better else (0.15, 0.85, 0.0)
    return 0.0, 0.0, 1.0


@functools.lru_cache(maxsize=None)
def _rank_value_table(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`hand_value_codes` of every sequence of ``n_cards`` <= 4 ranks, indexed by the ranks as base-13 digits.

    Below five cards there is no straight or flush, so a hand's value and type
    are functions of its ranks; each position gets its own suit, so no card repeats.
    """
    ranks = np.indices((13,) * n_cards).reshape(n_cards, -1).T
    return hand_value_codes(ranks * 4 + np.arange(n_cards))


def _value_codes(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`hand_value_codes` of ``cards`` (n, k): a table lookup for k <= 4 (ranks only), computed for five cards."""
    k = cards.shape[1]
    if k > 4:
        return hand_value_codes(cards)
    at = (np.asarray(cards, dtype=np.intp) >> 2) @ (13 ** np.arange(k - 1, -1, -1))
    codes, types = _rank_value_table(k)
    return codes[at], types[at]


def figure4_policy_batch(holes: np.ndarray, my_ups: np.ndarray, their_ups: np.ndarray, facing_bet: np.ndarray
                         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`figure4_policy` for a batch of rows of one round: ``(fold, call, bet)`` float arrays (n,).

    ``holes`` (n, 1), ``my_ups`` and ``their_ups`` (n, k) card codes,
    ``facing_bet`` (n,) bool.  :func:`~bpp.stud.model.handvalue.hand_value_codes`
    orders hands exactly as the tuples of ``hand_value`` do, so every row gets
    :func:`figure4_policy`'s answer.

    >>> from holdem.cards import parse_cards
    >>> f, c, b = figure4_policy_batch(np.array([[50], [0]]), np.array([[20], [20]]), np.array([[44], [44]]),
    ...                                np.array([True, True]))
    >>> [(float(x), float(y), float(z)) for x, y, z in zip(f, c, b)]
    [(0.0, 0.1, 0.9), (0.85, 0.15, 0.0)]
    """
    their_value, their_type = _value_codes(their_ups)
    my_up_value, _ = _value_codes(my_ups)
    mine_value, mine_type = _value_codes(np.concatenate([holes, my_ups], axis=1))
    behind = their_value > my_up_value
    better = mine_type > their_type
    fold = np.where(behind, np.where(mine_value > their_value, 0.0, 0.85), np.where(facing_bet & ~better, 0.15, 0.0))
    bet = np.where(
        behind,
        np.where(mine_value > their_value, np.where(better, 0.9, 0.8), 0.0),
        np.where(facing_bet, np.where(better, 0.85, 0.0), 1.0),
    )
    call = np.where(
        behind,
        np.where(mine_value > their_value, np.where(better, 0.1, 0.2), 0.15),
        np.where(facing_bet, np.where(better, 0.15, 0.85), 0.0),
    )
    return fold, call, bet


#: :func:`_figure4_rule` as a table: ``[behind, facing_bet, outcome (fold, call, bet), class]``, class = 2 ahead + better.
FIGURE4_BY_CLASS = np.array(
    [[[_figure4_rule(bool(b), bool(c >> 1), bool(c & 1), bool(f)) for c in range(4)] for f in (0, 1)] for b in (0, 1)]
).transpose(0, 1, 3, 2)
FIGURE4_BY_CLASS.flags.writeable = False


def figure4_policy_cards(my_up: tuple[int, ...], their_up: tuple[int, ...]) -> tuple[bool, np.ndarray]:
    """:func:`figure4_policy` for every down card of the rule-based player at once: ``(behind, class of each card)``.

    With ``my_up`` showing against ``their_up`` (as many cards), Figure 4's
    (fold, call, bet) for down card ``h`` is ``FIGURE4_BY_CLASS[behind,
    facing_bet, :, classes[h]]``; ``classes`` (int (52,)) is 2 × (the hand
    beats ``their_up``) + (its type is higher).  The showings are valued once
    and the 52 hands by one table lookup
    (:func:`~bpp.stud.model.handvalue.down_card_codes`), so a round costs one
    call however many decisions it holds.  Entries of cards that are showing
    are meaningless.

    >>> behind, classes = figure4_policy_cards((20,), (44,))
    >>> [tuple(FIGURE4_BY_CLASS[int(behind), 1, :, classes[h]].tolist()) for h in (50, 0)]
    [(0.0, 0.1, 0.9), (0.85, 0.15, 0.0)]
    """
    mine_value, mine_type = down_card_codes(tuple(my_up))
    their_value, their_type = showing_code(their_up)
    classes = (mine_value > their_value) * 2 + (mine_type > their_type)
    return their_value > showing_code(my_up)[0], classes


class RuleBasedPlayer(HandStreams):
    """The rule-based opponent of Figure 4 (§5.1); see the module docstring for the rules.

    Parameters
    ----------
    rng : numpy.random.Generator, int or None
        Draws the mixed actions (90/10, 80/20, 85/15).

    Examples
    --------
    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))      # seat 1 shows 2h, seat 0 shows 2s (higher suit, same rank)
    >>> {str(a): p for a, p in RuleBasedPlayer().action_probabilities(state.observation(1)).items()}
    {'c': 0.0, 'r3': 1.0}
    """

    name = "rules"
    #: act() maps Figure 4 onto the legal moves only, so matches skip the check.
    trusted_actions = True

    def _policy(self, observation: Observation) -> tuple[float, float, float]:
        """(fold, check/call, bet/raise) probabilities of Figure 4, before legal-move mapping."""
        me = observation.player
        if observation.n_players != 2:  # a table: "their showing" is the strongest live opponent's (Korb1999 §6.2)
            up = observation.up_cards
            theirs = max((up[s] for s in _live_opponents(observation)), key=lambda cards: _hand_value(tuple(sorted(cards))))
            return figure4_policy(observation.hole, up[me], theirs, observation.to_call > 0)
        return figure4_policy(observation.hole, observation.up_cards[me], observation.up_cards[1 - me], observation.to_call > 0)

    def _probabilities(self, observation: Observation) -> tuple[float, float, float]:
        if not observation.legal:
            raise ValueError(f"RuleBasedPlayer.act: seat {observation.player} has no legal action (not its turn)")
        fold, call, bet = self._policy(observation)
        if observation.to_call <= 0:
            call += fold
            fold = 0.0
        if observation.raise_bounds is None:
            call += bet
            bet = 0.0
        return fold, call, bet

    def action_probabilities(self, observation: Observation) -> dict[Action, float]:
        """Figure 4's mixed policy over the legal actions."""
        fold, call, bet = self._probabilities(observation)
        return {a: (fold if a.kind == 0 else (call if a.kind == 1 else bet)) for a in observation.legal}

    def holdings_action_probabilities(self, observation: Observation, holdings: ArrayLike) -> np.ndarray:
        """Figure 4's policy had the rule-based player held each down card of ``holdings`` (n, 1): (n, len(legal)).

        >>> import numpy as np
        >>> from holdem.games import Stud5
        >>> obs = Stud5().new_hand(np.arange(52)).observation(1)
        >>> RuleBasedPlayer().holdings_action_probabilities(obs, np.array([[51], [5]])).tolist()
        [[0.0, 1.0], [0.0, 1.0]]
        """
        from bpp.stud.decision.player import _check_holdings

        holdings = _check_holdings(observation, holdings, "RuleBasedPlayer")
        rows = np.array([self._probabilities(observation._replace(hole=(int(h[0]),))) for h in holdings])
        return rows[:, [int(a.kind) for a in observation.legal]]

    def act(self, observation: Observation) -> Action:
        fold, call, bet = self._probabilities(observation)
        if bet == 1.0:
            return observation.legal[-1]
        if call == 1.0:
            return CHECK_CALL
        x = self.uniform(observation)  # this hand's stream (HandStreams): the batched choices are the same
        if x < fold:
            return FOLD
        if x < fold + call or bet <= 0.0:
            return CHECK_CALL
        return observation.legal[-1]

    def act_batch(self, observation: StudBatchObservation) -> np.ndarray:
        """The kinds :meth:`act` picks in every row of a stud :class:`~holdem.games.batched.StudBatchObservation`."""
        n = len(observation)
        rounds = observation.round
        players = observation.player
        ups = observation.up_cards  # (n, seats, 4)
        holes = observation.hole
        rows = np.arange(n)
        mine_all = ups[rows, players]
        if observation.n_players == 2:
            theirs_all = ups[rows, 1 - players]
        fold = np.empty(n)
        call = np.empty(n)
        bet = np.empty(n)
        to_call = observation.to_call
        for r in np.unique(rounds).tolist():  # one vectorized pass per betting round (equal card counts)
            sel = np.flatnonzero(rounds == r)
            mine = mine_all[sel, : r + 1]
            if observation.n_players == 2:
                theirs = theirs_all[sel, : r + 1]
            else:  # a table: the strongest showing among the live opponents (Korb1999 §6.2)
                folded = observation.folded[sel]
                codes = np.stack([_value_codes(ups[sel, s, : r + 1])[0] for s in range(observation.n_players)], 1)
                codes = np.where(folded | (np.arange(observation.n_players) == players[sel, None]), -1, codes)
                theirs = ups[sel, np.argmax(codes, axis=1), : r + 1]
            fold[sel], call[sel], bet[sel] = figure4_policy_batch(holes[sel], mine, theirs, to_call[sel] > 0)
        legal = observation.legal
        call = np.where(to_call <= 0, call + fold, call)
        fold = np.where(to_call <= 0, 0.0, fold)
        call = np.where(legal[:, 2], call, call + bet)
        bet = np.where(legal[:, 2], bet, 0.0)
        x = self.uniforms(observation)
        kinds = np.where(x < fold, 0, np.where((x < fold + call) | (bet <= 0.0), 1, 2))
        kinds = np.where(bet == 1.0, 2, np.where(call == 1.0, 1, kinds))
        return kinds.astype(np.int8)

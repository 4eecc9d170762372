"""BPP's two automated opponents (Korb, Nicholson & Jitnah 1999, §5.1): the probabilistic player and the rule-based player.

:class:`ProbabilisticPlayer` ("prob")
    "estimates its winning probability for its current hand by taking a
    large sample of possible continuations of its own hand and its
    opponent's hand" from the known cards alone (§2.2, §5.1), then plays
    exactly as BPP does: θ, the betting curves and the bluff
    (:class:`bpp.stud.player.CurvePlayer`).  The completions are drawn
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

>>> import numpy as np
>>> from holdem.games import Stud5
>>> from holdem.match import play_match
>>> r = play_match(Stud5(), [RuleBasedPlayer, ProbabilisticPlayer], 20, rng=2)
>>> r.names, r.n_hands
(['rules', 'prob'], 20)
"""

from __future__ import annotations

import numpy as np

from holdem.agents import Agent
from holdem.evaluate import evaluate_unchecked
from holdem.games.base import CHECK_CALL, FOLD, Action, ActionKind, Observation

from bpp.stud.handtypes import FINAL_TYPES
from bpp.stud.player import CurvePlayer

__all__ = [
    "hand_value",
    "hand_type",
    "hand_value_codes",
    "HAND_TYPE_NAMES",
    "sample_win_probability",
    "figure4_policy",
    "ProbabilisticPlayer",
    "RuleBasedPlayer",
]

_BET_RAISE = ActionKind.BET_RAISE

#: The 17 hand types of §3.2, weakest first (:func:`hand_type` applies them to partial hands too).
HAND_TYPE_NAMES = FINAL_TYPES
# rank (0 = deuce … 12 = ace) -> the 5 subdivisions of busted hands and pairs: 2-9, T-J, Q, K, A
_SUBDIVISION = (0,) * 8 + (1, 1, 2, 3, 4)

_VALUES: dict[tuple[int, ...], tuple] = {}
_TYPES: dict[tuple[int, ...], int] = {}


def _clean(cards, owner: str) -> tuple[int, ...]:
    try:
        out = tuple(sorted(int(c) for c in cards))
    except (TypeError, ValueError):
        raise ValueError(f"The 'cards' parameter of {owner} must be 1-5 card codes; got {cards!r}.") from None
    if not 1 <= len(out) <= 5 or len(set(out)) != len(out) or not all(0 <= c < 52 for c in out):
        raise ValueError(f"The 'cards' parameter of {owner} must be 1-5 distinct card codes in [0, 52); got {cards!r}.")
    return out


def _value(cards: tuple[int, ...]) -> tuple:
    ranks = [c >> 2 for c in cards]
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = tuple(n for n, _ in groups)
    order = tuple(r for _, r in groups)
    category = {(4,): 7, (4, 1): 7, (3, 2): 6, (3,): 3, (3, 1): 3, (3, 1, 1): 3, (2, 2): 2, (2, 2, 1): 2}.get(shape)
    if category is None:
        category = 1 if shape[0] == 2 else 0
    if len(cards) == 5 and category == 0:
        flush = len({c & 3 for c in cards}) == 1
        top = order[0]
        if order == (12, 3, 2, 1, 0):
            top = 3  # the wheel A-2-3-4-5 is five-high
            straight = True
        else:
            straight = order[0] - order[4] == 4
        if straight or flush:
            category = 8 if straight and flush else (5 if flush else 4)
            if straight:
                order = (top,)
    return (category, order)


def hand_value(cards) -> tuple:
    """The strength of a partial or full stud hand as a sortable key ``(category, ranks)`` (higher = stronger).

    ``category``: 0 high card, 1 pair, 2 two pair, 3 trips, 4 straight,
    5 flush, 6 full house, 7 quads, 8 straight flush (straights and flushes
    need five cards; with fewer this is the standard stud "high on board"
    order, :func:`holdem.games.stud.showing_key`).  ``ranks`` are the ranks
    grouped by multiplicity, high to low, so hands of one category compare by
    their ranks and a longer hand wins an otherwise equal comparison.

    Parameters
    ----------
    cards : sequence of int
        1-5 distinct card codes (``rank * 4 + suit``).

    Examples
    --------
    >>> from holdem.cards import parse_cards
    >>> hand_value(parse_cards("Kd Ks 4c"))
    (1, (11, 2))
    >>> hand_value(parse_cards("5c 4d 3h 2s Ac")) > hand_value(parse_cards("Ac Ad Ah 3s"))
    True
    >>> hand_value([])
    Traceback (most recent call last):
    ...
    ValueError: The 'cards' parameter of hand_value must be 1-5 distinct card codes in [0, 52); got [].
    """
    key = _clean(cards, "hand_value")
    return _hand_value(key)


def _hand_value(key: tuple[int, ...]) -> tuple:
    value = _VALUES.get(key)
    if value is None:
        value = _VALUES[key] = _value(key)
    return value


def hand_value_codes(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`hand_value` and :func:`hand_type` of a batch of equal-length partial hands as numbers: ``(codes, types)``.

    ``cards``: int array ``(n, k)``, 1 <= k <= 5, distinct codes per row
    (unchecked).  ``codes`` (int64) order hands exactly as the tuples of
    :func:`hand_value` do: the category times 2**52 plus a bit mask holding
    each rank present at bit ``13 * (multiplicity - 1) + rank`` (a straight
    keeps only its top card, five-high for the wheel), so quads' ranks
    outrank trips', trips' outrank pairs', pairs' outrank singles', a higher
    rank outranks a lower one within a group, and an extra kicker wins an
    otherwise equal comparison.  ``types`` are the §3.2 types (int64).

    >>> from holdem.cards import parse_cards
    >>> codes, types = hand_value_codes(parse_cards([["Kd", "Ks", "4c"], ["Ac", "Ad", "Ah"]]))
    >>> bool(codes[0] < codes[1]), [HAND_TYPE_NAMES[t] for t in types]
    (True, ['pair_kings', 'trips'])
    """
    cards = np.asarray(cards, dtype=np.int64)
    ranks = cards >> 2
    counts = np.zeros((cards.shape[0], 13), dtype=np.int64)
    np.add.at(counts, (np.arange(cards.shape[0])[:, None], ranks), 1)
    top = counts.max(axis=1)
    n_pairs = (counts == 2).sum(axis=1)
    category = np.select(
        [top == 4, (top == 3) & (n_pairs == 1), top == 3, n_pairs == 2, top == 2], [7, 6, 3, 2, 1], default=0
    )
    present = counts > 0
    mask = (present << (13 * np.maximum(counts - 1, 0) + np.arange(13))).sum(axis=1)
    if cards.shape[1] == 5:
        busted = category == 0
        flush = (cards & 3 == (cards[:, :1] & 3)).all(axis=1)
        high = ranks.max(axis=1)
        wheel = busted & (mask == (1 << 12 | 0b1111))
        straight = busted & ((high - ranks.min(axis=1) == 4) | wheel)
        category = np.where(straight & flush, 8, np.where(flush & busted, 5, np.where(straight, 4, category)))
        mask = np.where(straight, 1 << np.where(wheel, 3, high), mask)
    codes = (category << 52) | mask
    highest = 63 - _leading_zeros(mask & 0x1FFF)  # the highest single (busted hands)
    pair_rank = 63 - _leading_zeros((mask >> 13) & 0x1FFF)
    subdivision = np.asarray(_SUBDIVISION)
    types = np.where(
        category == 0, subdivision[np.maximum(highest, 0)],
        np.where(category == 1, 5 + subdivision[np.maximum(pair_rank, 0)], 8 + category),
    )
    return codes, types


def _leading_zeros(x: np.ndarray) -> np.ndarray:
    """Leading zero bits of non-negative int64 values below 2**13 (64 for zero)."""
    out = np.full(x.shape, 64, dtype=np.int64)
    nonzero = x > 0
    out[nonzero] = 63 - np.floor(np.log2(x[nonzero])).astype(np.int64)
    return out


def hand_type(cards) -> int:
    """The §3.2 hand type (index into :data:`HAND_TYPE_NAMES`) of a partial or full hand.

    Busted hands by their highest card (low = 9 or lower, medium = T or J,
    queen, king, ace), pairs likewise by the pair's rank; then two pair,
    trips, straight, flush, full house, quads, straight flush.

    Examples
    --------
    >>> from holdem.cards import parse_cards
    >>> [HAND_TYPE_NAMES[hand_type(parse_cards(h))] for h in ("9c 4d", "Jc 4d 2h", "Jc Jd", "As Ks Qs Js Ts")]
    ['busted_low', 'busted_medium', 'pair_medium', 'straight_flush']
    """
    return _hand_type(_clean(cards, "hand_type"))


def _hand_type(key: tuple[int, ...]) -> int:
    t = _TYPES.get(key)
    if t is None:
        category, order = _hand_value(key)
        if category == 0:
            t = _SUBDIVISION[order[0]]
        elif category == 1:
            t = 5 + _SUBDIVISION[order[0]]
        else:
            t = 8 + category
        _TYPES[key] = t
    return t


# ---------------------------------------------------------------- probabilistic player


def sample_win_probability(my_cards, opp_up, *, n_samples: int = 1000, rng=None) -> float:
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
    m = n_mine + n_theirs
    u = pool.size
    # a partial Fisher-Yates shuffle of the pool, row by row, for the first m positions (one draw call)
    rows = np.broadcast_to(pool, (n_samples, u)).copy()
    picks = rng.integers(np.arange(m), u, size=(n_samples, m))
    index = np.arange(n_samples)
    for j in range(m):
        chosen = rows[index, picks[:, j]]
        rows[index, picks[:, j]] = rows[:, j]
        rows[:, j] = chosen
    hands = np.empty((2, n_samples, 5), dtype=np.int8)
    hands[0, :, : len(mine)] = mine
    hands[0, :, len(mine) :] = rows[:, :n_mine]
    hands[1, :, : len(theirs)] = theirs
    hands[1, :, len(theirs) :] = rows[:, n_mine:m]
    r = evaluate_unchecked(hands)
    return float(((r[0] > r[1]).sum() + 0.5 * (r[0] == r[1]).sum()) / n_samples)


class ProbabilisticPlayer(CurvePlayer):
    """The probabilistic opponent of §5.1: P(win) from the known cards alone, then BPP's θ, curves and bluff.

    Parameters
    ----------
    n_samples : int
        Completions sampled per estimate (the last round is exact).
    params, bluff, bets_per_round, rng
        As :class:`bpp.stud.player.CurvePlayer` (the fitted curves by default,
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

    def __init__(self, *, n_samples: int = 1000, params=None, bluff: float = 0.05, bets_per_round=None, rng=None):
        if isinstance(n_samples, bool) or not isinstance(n_samples, (int, np.integer)) or n_samples < 1:
            raise ValueError(f"The 'n_samples' parameter of ProbabilisticPlayer must be an integer >= 1; got {n_samples!r}.")
        kwargs = {} if bets_per_round is None else {"bets_per_round": bets_per_round}
        super().__init__(params=params, bluff=bluff, rng=rng, **kwargs)
        self.n_samples = int(n_samples)
        self._cache_key = None
        self._cache_value = 0.0

    def win_probability(self, observation: Observation) -> float:
        """The sampled P(win) of the seat to act (cached while its known cards stay the same)."""
        me = observation.player
        mine = observation.hole + observation.up_cards[me]
        theirs = observation.up_cards[1 - me]
        key = (mine, theirs)
        if key != self._cache_key:
            self._cache_value = _win_probability(mine, theirs, self.n_samples, self.rng)
            self._cache_key = key
        return self._cache_value

    def holdings_win_probabilities(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """The sampled P(win) for each down card of ``holdings``, on a spawned stream (play is not disturbed)."""
        me = observation.player
        up, theirs = observation.up_cards[me], observation.up_cards[1 - me]
        rng = self._side_rng()
        return np.array([_win_probability((int(h[0]),) + up, theirs, self.n_samples, rng) for h in holdings])


# ---------------------------------------------------------------- rule-based player


def figure4_policy(hole, my_up, their_up, facing_bet: bool) -> tuple[float, float, float]:
    """Figure 4's (fold, check/call, bet/raise) probabilities, before the legal-move mapping (unchecked).

    ``hole`` and ``my_up`` are the rule-based player's down and up cards,
    ``their_up`` its opponent's up cards (tuples of card codes),
    ``facing_bet`` whether it owes chips.  :class:`RuleBasedPlayer` plays it;
    :class:`bpp.stud.reference.RulesReader` inverts it.

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
    if their_value > _hand_value(tuple(sorted(my_up))):
        mine = tuple(sorted(hole + my_up))
        if _hand_value(mine) > their_value:
            if _hand_type(mine) > _hand_type(their_key):
                return 0.0, 0.1, 0.9
            return 0.0, 0.2, 0.8
        return 0.85, 0.15, 0.0
    if facing_bet:
        mine = tuple(sorted(hole + my_up))
        if _hand_type(mine) > _hand_type(their_key):
            return 0.0, 0.15, 0.85
        return 0.15, 0.85, 0.0
    return 0.0, 0.0, 1.0


class RuleBasedPlayer(Agent):
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

    def __init__(self, *, rng=None):
        super().__init__(rng=rng)
        self._uniforms: list[float] = []

    def _policy(self, observation: Observation) -> tuple[float, float, float]:
        """(fold, check/call, bet/raise) probabilities of Figure 4, before legal-move mapping."""
        if observation.n_players != 2:
            raise ValueError(f"RuleBasedPlayer plays heads-up five-card stud only; got {observation.n_players} players.")
        me = observation.player
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

    def holdings_action_probabilities(self, observation: Observation, holdings) -> np.ndarray:
        """Figure 4's policy had the rule-based player held each down card of ``holdings`` (n, 1): (n, len(legal)).

        >>> import numpy as np
        >>> from holdem.games import Stud5
        >>> obs = Stud5().new_hand(np.arange(52)).observation(1)
        >>> RuleBasedPlayer().holdings_action_probabilities(obs, np.array([[51], [5]])).tolist()
        [[0.0, 1.0], [0.0, 1.0]]
        """
        from bpp.stud.player import _check_holdings

        holdings = _check_holdings(observation, holdings, "RuleBasedPlayer")
        rows = np.array([self._probabilities(observation._replace(hole=(int(h[0]),))) for h in holdings])
        return rows[:, [int(a.kind) for a in observation.legal]]

    def act(self, observation: Observation) -> Action:
        fold, call, bet = self._probabilities(observation)
        if bet == 1.0:
            return observation.legal[-1]
        if call == 1.0:
            return CHECK_CALL
        uniforms = self._uniforms
        if not uniforms:
            uniforms.extend(self.rng.random(1024).tolist())
        x = uniforms.pop()
        if x < fold:
            return FOLD
        if x < fold + call or bet <= 0.0:
            return CHECK_CALL
        return observation.legal[-1]

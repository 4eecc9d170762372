"""A reference for BPP against the rule-based player: exact Bayesian inference over the hidden card (Korb et al. 1999, §3-§5).

BPP (:class:`bpp.stud.players.paper.BPPPlayer`) estimates P(win) through the
network of Figure 1: hand *types*, one action node per round, and an action
model learned from showdowns.  How much of its result against Figure 4's
rule-based player is lost to that approximation?  :class:`RulesReader`
answers by removing every approximation of the inference while keeping
everything else of BPP — θ of eq. (7), the fitted betting curves of eq.
(8)-(10) and the 5 % bluff (:class:`~bpp.stud.decision.player.CurvePlayer`):

* it knows the opponent's policy exactly (:func:`bpp.stud.opponents.paper.figure4_policy`,
  the rule-based player's own code), as a perfectly learned opponent model would;
* its belief is over the opponent's actual down card (every unseen card),
  not over hand types: the prior is uniform over the unseen cards and each
  of the opponent's actions this hand multiplies it by Figure 4's
  probability of that action for that down card, given the up cards, the
  bet faced and the raise cap at the time (Bayes' rule, §3.4's "belief
  updating" done exactly);
* P(win) = Σ_h P(h | evidence) P(win | h), where P(win | h) is the share of
  the completions of both hands won (ties half), as the probabilistic player
  of §5.1 computes it: enumerated exactly in the last two rounds, read from a
  table by suit class in the first (1,000 completions a candidate,
  ``models/stud/win_round1.npz``), sampled (``n_samples``) in the second.

It uses only what a player sees (public history and its own cards), so it
is an ordinary agent (registered as ``rules-reader``); it is meant for
Figure 4's player only.

Measured against ``rules`` (duplicate, mean ± 95 % CI in units/hand)::

    bpp match stud5 --agents rules-reader,rules --hands 10000 --seed 2002 --duplicate
    rules-reader  +0.121 ± 0.046, t = 5.17, p = 2e-7
    bpp (paper network, same curves)  -0.080 ± 0.066 on 5,000 deals of seed 2002

so BPP's decision rule (θ, sampled curves, bluff) does beat Figure 4's
player when P(win) is inferred exactly.  That is half of why
:class:`~bpp.stud.players.paper.BPPPlayer` loses (its P(win) is biased after
Figure 4's bets when BPP shows the higher board); the other half is the
sampling of the curves, which costs more (the paper's network playing their
most probable action wins: see :mod:`bpp.stud.players.paper`).

>>> import numpy as np
>>> from holdem.games import Stud5
>>> from holdem.match import play_match
>>> from bpp.stud.opponents import RuleBasedPlayer
>>> r = play_match(Stud5(), [RulesReader(rng=0), RuleBasedPlayer], 10, rng=1)
>>> r.names
['rules-reader', 'rules']
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np

from holdem.evaluate import evaluate_unchecked, rank_of_keys
from holdem.tables import load_tables
from holdem.games.base import ActionKind, Observation

from bpp.stud.decision.curves import BETS_PER_ROUND, BLUFF_PROBABILITY
from bpp.stud.opponents import figure4_policy
from bpp.stud.decision.player import CurvePlayer

__all__ = ["DownCardPlayer", "RulesReader", "opponent_decisions", "hole_posterior", "unseen_cards"]

_FOLD, _CALL, _BET = int(ActionKind.FOLD), int(ActionKind.CHECK_CALL), int(ActionKind.BET_RAISE)


def opponent_decisions(observation: Observation, *, max_bets: int = 4) -> list[tuple]:
    """The opponent's decisions this hand, from the public history: ``(round, facing_bet, can_raise, action kind)``.

    Heads-up limit betting: the opponent faced a bet when the round's last
    action before its own was a bet or raise; it could raise while fewer than
    ``max_bets`` bets were made in the round (Stud5: a bet and three raises).

    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))
    >>> _ = state.apply(state.legal_actions()[-1])      # seat 1 bets
    >>> opponent_decisions(state.observation(0))
    [(0, False, True, 2)]
    """
    return _decisions(observation.history, 1 - observation.player, max_bets)


def _decisions(history, opp: int, max_bets: int) -> list[tuple]:
    """:func:`opponent_decisions` of seat ``opp`` from a list of public events."""
    out = []
    r = -1
    bets = 0
    facing = {0: False, 1: False}
    for event in history:
        if event.kind != "action":
            continue
        if event.round != r:
            r, bets, facing = event.round, 0, {0: False, 1: False}
        kind = int(event.action.kind)
        if event.player == opp:
            out.append((r, facing[opp], bets < max_bets, kind))
        if kind == _BET:
            bets += 1
            facing = {event.player: False, 1 - event.player: True}
        else:
            facing[event.player] = False
    return out


def unseen_cards(*known) -> np.ndarray:
    """The card codes in none of the ``known`` groups, ascending: the candidates for the opponent's down card.

    >>> unseen_cards((0, 1), (51,)).size, int(unseen_cards((0, 1), (51,))[0])
    (49, 2)
    """
    mask = np.ones(52, dtype=bool)
    for group in known:
        mask[list(group)] = False
    return np.flatnonzero(mask).astype(np.int64)


def _action_probability(hole, my_up, their_up, facing: bool, can_raise: bool, kind: int) -> float:
    fold, call, bet = figure4_policy(hole, my_up, their_up, facing)
    if not facing:
        call += fold
        fold = 0.0
    if not can_raise:
        call += bet
        bet = 0.0
    return fold if kind == _FOLD else (call if kind == _CALL else bet)


def hole_posterior(observation: Observation, *, max_bets: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """P(the opponent's down card | everything public) under Figure 4's policy: ``(cards, probabilities)``.

    The candidates are the cards the player has not seen; the prior is
    uniform over them, and every decision of :func:`opponent_decisions`
    multiplies it by Figure 4's probability of the action taken (with the up
    cards each side showed in that round).  If no candidate explains the
    actions (an opponent that is not Figure 4's player), the prior is kept.

    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))
    >>> cards, p = hole_posterior(state.observation(state.current_player))
    >>> len(cards), round(float(p.sum()), 12)
    (49, 1.0)
    """
    me = observation.player
    mine_up = observation.up_cards[me]
    theirs_up = observation.up_cards[1 - me]
    cards = unseen_cards(observation.hole, mine_up, theirs_up)
    weights = np.ones(cards.size)
    for r, facing, can_raise, kind in opponent_decisions(observation, max_bets=max_bets):
        opp_up, own_up = theirs_up[: r + 1], mine_up[: r + 1]  # Figure 4 from the opponent's seat
        weights *= [_action_probability((int(h),), opp_up, own_up, facing, can_raise, kind) for h in cards]
    total = weights.sum()
    if total <= 0.0:
        weights = np.ones(cards.size)
        total = float(cards.size)
    return cards, weights / total


def _win_given_holes(mine: tuple, theirs_up: tuple, holes: np.ndarray, n_samples: int, rng) -> np.ndarray:
    """P(win | the opponent's down card is h) for every ``h`` of ``holes``.

    Exact with five cards each (the showdown) and with one card to come for
    each side (:func:`_win_one_to_come`, every completion enumerated); in the
    first round (two cards against one up card) read from the table of
    :func:`build_round1_table` (1,000 completions a candidate, whatever
    ``n_samples``); only in the second round the share of ``n_samples``
    completions won, sampled from ``rng`` (:func:`_win_sampled`; also in the
    first round when the table file is absent).
    """
    k = holes.size
    n_mine = 5 - len(mine)
    n_theirs = 4 - len(theirs_up)
    if n_mine == 0 and n_theirs == 0:
        hands = np.empty((k + 1, 5), dtype=np.int8)
        hands[0] = mine
        hands[1:, 0] = holes
        hands[1:, 1:] = theirs_up
        r = evaluate_unchecked(hands)
        return (r[0] > r[1:]) + 0.5 * (r[0] == r[1:])
    if n_mine == 1 and n_theirs == 1:
        return _win_one_to_come(mine, theirs_up, holes)
    if len(mine) == 2 and len(theirs_up) == 1:
        table = _round1_table()
        if table is not None:
            return _win_round1(table, mine, theirs_up, holes)
    return _win_sampled(mine, theirs_up, holes, n_samples, rng)


#: The round-1 table of P(win | h): ``models/stud/win_round1.npz`` (:func:`build_round1_table`).
ROUND1_PATH = Path(__file__).resolve().parents[3] / "models" / "stud" / "win_round1.npz"
_SUIT_PERMUTATIONS = tuple(itertools.permutations(range(4)))
_ROUND1 = None


def _round1_class(mine: tuple, theirs_up: tuple) -> tuple[tuple, tuple]:
    """The suit-isomorphism class of a round-1 deal (BPP's two cards, the opponent's up card): ``(key, suit map)``.

    Renaming suits changes no hand's value, so P(win | h) of a deal is the
    class representative's P(win | σ(h)), σ the suit map taking the deal to
    its representative (the smallest ``(low, high, up)`` over the 24 maps).
    """
    (m1, m2), (u,) = mine, theirs_up
    best = None
    for perm in _SUIT_PERMUTATIONS:
        a, b, c = (m1 & ~3) | perm[m1 & 3], (m2 & ~3) | perm[m2 & 3], (u & ~3) | perm[u & 3]
        key = (a, b, c) if a < b else (b, a, c)
        if best is None or key < best:
            best, chosen = key, perm
    return best, chosen


def _round1_classes() -> list[tuple]:
    """Every round-1 class key, ascending (5,083 of them)."""
    keys = set()
    for m1, m2 in itertools.combinations(range(52), 2):
        for u in range(52):
            if u != m1 and u != m2:
                keys.add(_round1_class((m1, m2), (u,))[0])
    return sorted(keys)


def build_round1_table(n_samples: int = 1000, seed: int = 12, path=None) -> Path:
    """Tabulate round-1 P(win | h) for every suit class by :func:`_win_sampled` and save it (``ROUND1_PATH``).

    Each class gets its own stream (``SeedSequence(seed).spawn``) and
    ``n_samples`` completions per candidate, five times the 200 a player
    samples per hand, so the table's error is √5 smaller (and smaller again
    where :func:`_round1_row` averages over the deal's symmetries); the
    counts of half-wins are stored exactly (uint16, with the number of
    symmetries summed).  ``python -m bpp.stud.players.reference``
    rebuilds the shipped file.
    """
    keys = _round1_classes()
    streams = np.random.SeedSequence(seed).spawn(len(keys))
    halves = np.zeros((len(keys), 52), dtype=np.uint16)
    group = np.zeros(len(keys), dtype=np.uint8)
    for i, key in enumerate(keys):
        halves[i], group[i] = _round1_row(key, n_samples, streams[i])
    path = Path(path) if path is not None else ROUND1_PATH
    np.savez_compressed(
        path, keys=np.array(keys, dtype=np.int8), halves=halves, group=group, n_samples=n_samples, seed=seed
    )
    return path


def _round1_row(key: tuple, n_samples: int, stream) -> tuple[np.ndarray, int]:
    """One class's row: twice the sampled wins for every unseen card h, summed over the class's symmetries; and their number.

    A suit map σ that leaves the deal as it is (a suit none of the three
    cards holds, or the two suits of a pair) leaves P(win | h) = P(win | σ(h))
    exactly, so the row is averaged over those maps: the table is exactly
    suit-symmetric (one answer whichever representative map is used) and its
    error smaller still.
    """
    a, b, c = key
    holes = unseen_cards((a, b), (c,))
    row = np.zeros(52, dtype=np.int64)
    row[holes] = np.rint(_win_sampled((a, b), (c,), holes, n_samples, np.random.default_rng(stream)) * 2 * n_samples)
    cards = np.arange(52)
    total = np.zeros(52, dtype=np.int64)
    group = 0
    for perm in _SUIT_PERMUTATIONS:
        moved = tuple(int((x & ~3) | perm[x & 3]) for x in key)
        if {moved[0], moved[1]} == {a, b} and moved[2] == c:
            total += row[(cards & ~3) | np.asarray(perm)[cards & 3]]
            group += 1
    return total.astype(np.uint16), group


def _round1_table():
    """The loaded round-1 table ``(index by key, P(win) rows)``, or None when the file is absent."""
    global _ROUND1
    if _ROUND1 is None:
        try:
            with np.load(ROUND1_PATH, allow_pickle=False) as data:
                keys, halves, group, n = data["keys"].astype(np.int64), data["halves"], data["group"], int(data["n_samples"])
        except (OSError, KeyError, ValueError):  # absent or unreadable: round 1 is sampled
            _ROUND1 = False
        else:
            _ROUND1 = ({tuple(k): i for i, k in enumerate(keys.tolist())}, halves / (2.0 * n * group[:, None]))
    return _ROUND1 or None


def _win_round1(table, mine: tuple, theirs_up: tuple, holes: np.ndarray) -> np.ndarray:
    """Round-1 P(win | h) for every ``h`` of ``holes``, read from the table row of the deal's suit class."""
    index, rows = table
    key, perm = _round1_class(tuple(int(c) for c in mine), (int(theirs_up[0]),))
    mapped = (holes & ~3) | np.asarray(perm)[holes & 3]
    return rows[index[key]][mapped]


def _win_one_to_come(mine: tuple, theirs_up: tuple, holes: np.ndarray) -> np.ndarray:
    """Exact P(win | h) with one card to come for each side (BPP holds four cards, the opponent three up cards and h).

    Over the unseen pool U (every candidate h is in it), BPP's last card a and
    the opponent's b are an ordered pair of distinct cards of U without h, all
    equally likely.  With M[a] BPP's hand value given a and T[h, b] the
    opponent's, P(win | h) = Σ_{b ≠ h} (#{a ∉ {h, b} : M[a] > T[h, b]} + ½
    #{a ∉ {h, b} : M[a] = T[h, b]}) / ((|U| − 1)(|U| − 2)); the counts over
    all of U come from M sorted (searchsorted), then a = h and a = b are taken
    out.  Values by packed key sums (:func:`holdem.evaluate.rank_of_keys`).
    """
    tables = load_tables()
    unseen = np.ones(52, dtype=bool)
    unseen[list(mine) + list(theirs_up)] = False
    pool = np.flatnonzero(unseen)
    n = pool.size
    keys, bits = tables.card_keys[pool], tables.suit_bits[pool]
    own = rank_of_keys(keys + tables.card_keys[list(mine)].sum(), 5, suit_bits=bits + tables.suit_bits[list(mine)].sum())
    at = np.searchsorted(pool, holes)  # each candidate's position in the pool
    their_keys = keys[at][:, None] + keys[None, :] + tables.card_keys[list(theirs_up)].sum()
    their_bits = bits[at][:, None] + bits[None, :] + tables.suit_bits[list(theirs_up)].sum()
    theirs = rank_of_keys(their_keys, 5, suit_bits=their_bits)  # (candidates, b in pool)
    ordered = np.sort(own)
    below = np.searchsorted(ordered, theirs, side="left")  # #{a : M[a] < T}
    not_above = np.searchsorted(ordered, theirs, side="right")  # #{a : M[a] <= T}
    score = (n - not_above) + 0.5 * (not_above - below)  # wins + ½ ties over every a of the pool
    for drop in (own[at][:, None], own[None, :]):  # take out a = h and a = b
        score = score - ((drop > theirs) + 0.5 * (drop == theirs))
    score[np.arange(holes.size), at] = 0.0  # b = h is not a completion
    return score.sum(axis=1) / ((n - 1) * (n - 2))


def _win_sampled(mine: tuple, theirs_up: tuple, holes: np.ndarray, n_samples: int, rng) -> np.ndarray:
    """P(win | h) for every ``h`` of ``holes`` as the share of ``n_samples`` random completions of both hands won (ties ½)."""
    n_mine = 5 - len(mine)
    n_theirs = 4 - len(theirs_up)
    m = n_mine + n_theirs
    unseen = np.ones(52, dtype=bool)
    unseen[list(mine) + list(theirs_up)] = False
    pool = np.flatnonzero(unseen).astype(np.int8)
    size = pool.size
    # One set of samples serves every candidate (common random numbers): the first m + 1 cards of a random
    # permutation of the pool (a partial Fisher-Yates shuffle, one draw call); for candidate h, drop h from them
    # if it is there, else drop the last.  Removing h from a uniform permutation of the pool leaves a uniform
    # permutation of the pool without h, so each candidate gets n_samples uniform completions: the first
    # n_mine cards left complete BPP's hand, the next n_theirs the opponent's up cards.
    rows = np.broadcast_to(pool, (n_samples, size)).copy().ravel()
    picks = rng.integers(np.arange(m + 1), size, size=(n_samples, m + 1))
    base = np.arange(n_samples) * size
    for j in range(m + 1):  # the swaps on the flattened rows (cheaper than 2-D fancy indexing)
        at = base + picks[:, j]
        chosen = rows[at]
        rows[at] = rows[base + j]
        rows[base + j] = chosen
    head = rows.reshape(n_samples, size)[:, : m + 1].astype(np.intp)
    where = np.full((n_samples, 52), m, dtype=np.intp)  # each card's position in the head (m: absent)
    where.ravel()[(np.arange(n_samples) * 52)[:, None] + head] = np.arange(m + 1)
    drop = where[:, holes].T  # (k, samples): the position to leave out
    # Evaluation by packed key sums (keys and suit bits add, holdem.evaluate): prefix sums over the head give
    # each side's completion for every dropped position d, a few columns per sample; each (candidate, sample)
    # then gathers its column instead of building a hand.
    tables = load_tables()
    flat = (np.arange(n_samples) * (m + 1))[None, :] + drop
    own = _side(tables, head, mine, n_mine, m, 0)  # BPP: the first n_mine cards left
    theirs_up_only = _side(tables, head, theirs_up, n_theirs, m, n_mine)  # the opponent: the next n_theirs
    ours = rank_of_keys(own[0], 5, suit_bits=own[1]).ravel()[flat]
    their_key = theirs_up_only[0].ravel()[flat] + tables.card_keys[holes][:, None]
    their_bits = theirs_up_only[1].ravel()[flat] + tables.suit_bits[holes][:, None]
    theirs = rank_of_keys(their_key, 5, suit_bits=their_bits)
    return ((ours > theirs).sum(axis=1) + 0.5 * (ours == theirs).sum(axis=1)) / n_samples


def _side(tables, head: np.ndarray, known: tuple, n: int, m: int, start: int) -> tuple[np.ndarray, np.ndarray]:
    """Key and suit-bit sums of ``known`` plus one side's completion, for every dropped head position: (samples, m + 1) each.

    With position d left out of the head, the cards after it move up one; the side takes the ``n`` cards
    from position ``start`` of what is left: head[start:start + n] when d >= start + n, head[start + 1:start + n + 1]
    when d < start, else head[start:start + n + 1] without head[d].
    """
    out = []
    for per_card in (tables.card_keys, tables.suit_bits):
        prefix = np.zeros((head.shape[0], m + 2), dtype=np.int64)
        np.cumsum(per_card[head], axis=1, out=prefix[:, 1:])
        base = per_card[list(known)].sum()
        cols = np.empty((head.shape[0], m + 1), dtype=np.int64)
        cols[:, :start] = (prefix[:, start + n + 1] - prefix[:, start + 1])[:, None]
        cols[:, start + n :] = (prefix[:, start + n] - prefix[:, start])[:, None]
        d = np.arange(start, start + n)
        cols[:, start : start + n] = (prefix[:, start + n + 1] - prefix[:, start])[:, None] - (prefix[:, d + 1] - prefix[:, d])
        out.append(cols + base)
    return out[0], out[1]


class DownCardPlayer(CurvePlayer):
    """BPP's decision rule on a posterior over the opponent's down card: P(win) = Σ_h P(h | evidence) P(win | h).

    Subclasses provide :meth:`posterior` (:class:`RulesReader`: Figure 4
    known; :class:`bpp.stud.players.cardlevel.CardBPP`: a learned network).  P(win | h)
    (:func:`_win_given_holes`) is exact in the last two rounds, tabulated in
    the first and the share of ``n_samples`` completions won in the second,
    computed once per deal of cards and cached.

    Parameters
    ----------
    n_samples : int
        Completions per candidate down card for P(win | h) in the second round
        (the one round still sampled per hand).
    max_bets : int
        Bets per round (a bet and three raises in Stud5).
    params, bluff, bets_per_round, play, rng
        As :class:`~bpp.stud.decision.player.CurvePlayer` (BPP's fitted curves by default).
    """

    trusted_actions = True  # CurvePlayer.act

    def __init__(
        self,
        *,
        n_samples: int = 200,
        max_bets: int = 4,
        params=None,
        bluff: float = BLUFF_PROBABILITY,
        bets_per_round: float = BETS_PER_ROUND,
        play: str = "sample",
        rng=None,
    ):
        for label, value in (("n_samples", n_samples), ("max_bets", max_bets)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
                raise ValueError(f"The {label!r} parameter of {type(self).__name__} must be an integer >= 1; got {value!r}.")
        super().__init__(params=params, bluff=bluff, bets_per_round=bets_per_round, play=play, rng=rng)
        self.n_samples = int(n_samples)
        self.max_bets = int(max_bets)
        self._win_key = None
        self._win = None

    def posterior(self, observation: Observation) -> tuple[np.ndarray, np.ndarray]:
        """``(cards, P(down card | evidence))`` over the cards the seat to act has not seen."""
        raise NotImplementedError(f"{type(self).__name__}.posterior")

    def belief(self, observation: Observation) -> tuple[np.ndarray, np.ndarray, float]:
        """``(cards, P(down card | evidence), P(win | evidence))`` for the seat to act."""
        self._check_seats(observation)
        me = observation.player
        mine = observation.hole + observation.up_cards[me]
        theirs_up = observation.up_cards[1 - me]
        cards, posterior = self.posterior(observation)
        key = (mine, theirs_up)
        if key != self._win_key:  # P(win | h) changes only when cards are dealt
            self._win = _win_given_holes(mine, theirs_up, cards, self.n_samples, self.rng)
            self._win_key = key
        return cards, posterior, float(posterior @ self._win)

    def win_probability(self, observation: Observation) -> float:
        """Σ_h P(h | evidence) P(win | h) for the seat to act."""
        return self.belief(observation)[2]

    def holdings_win_probabilities(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """Σ_h' P(h' | evidence) P(win | h', own down card h) for each ``h`` of ``holdings`` (a spawned stream; the cache is kept)."""
        self._check_seats(observation)
        me = observation.player
        up, theirs_up = observation.up_cards[me], observation.up_cards[1 - me]
        rng = self._side_rng()
        kept = getattr(self, "_hole", None)
        out = np.empty(holdings.shape[0])
        try:
            for i, h in enumerate(holdings[:, 0].tolist()):
                cards, posterior = self.posterior(observation._replace(hole=(h,)))
                out[i] = posterior @ _win_given_holes((h,) + up, theirs_up, cards, self.n_samples, rng)
        finally:
            if hasattr(self, "_hole"):
                self._hole = kept
        return out


class RulesReader(DownCardPlayer):
    """BPP's decision rule fed by the exact posterior over the rule-based player's down card (see the module docstring).

    Parameters are those of :class:`DownCardPlayer`.

    Examples
    --------
    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))
    >>> reader = RulesReader(rng=0)
    >>> 0.0 <= reader.win_probability(state.observation(state.current_player)) <= 1.0
    True
    >>> RulesReader(n_samples=0)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_samples' parameter of RulesReader must be an integer >= 1; got 0.
    """

    name = "rules-reader"
    trusted_actions = True  # CurvePlayer.act

    def posterior(self, observation: Observation) -> tuple[np.ndarray, np.ndarray]:
        """:func:`hole_posterior`: Figure 4's policy is known."""
        return hole_posterior(observation, max_bets=self.max_bets)


if __name__ == "__main__":
    print(build_round1_table())

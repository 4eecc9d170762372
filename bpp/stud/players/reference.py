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
  of §5.1 computes it: enumerated exactly in the last two rounds, exact in
  the second (a table of every rank combination, ``bpp/models/stud/win_round2.npz``,
  plus the flushes counted apart), read from a table by suit class in
  the first (1,000 completions a candidate, ``bpp/models/stud/win_round1.npz``).

It uses only what a player sees (public history and its own cards), so it
is an ordinary agent (registered as ``rules-reader``); it is meant for
Figure 4's player only.

Measured against ``rules`` by
``bpp match stud5 --agents rules-reader,rules --deals 10000 --seed 2002 --duplicate``
(mean ± 95 % CI in units/hand; the same command with ``bpp`` in its seat gives
the paper's network on the same deals): it wins where that network loses, so BPP's decision rule (θ, sampled curves, bluff) does beat Figure 4's
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

import functools
import itertools
import os
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from holdem.evaluate import evaluate_unchecked, rank_of_keys
from holdem.tables import load_tables
from holdem.games.base import ActionKind, Observation

from bpp.stud.decision.curves import BETS_PER_ROUND, BLUFF_PROBABILITY
from bpp.stud.opponents.paper import FIGURE4_BY_CLASS, figure4_policy_cards
from bpp.stud.decision.player import CurvePlayer
from bpp.models import shipped_path

if TYPE_CHECKING:
    from collections.abc import Iterable

    from bpp.stud.decision.curves import CurveParams, CurveSet
    from holdem._typing import RngLike

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
    return _DecisionReader().read(history, opp, max_bets)


class _DecisionReader:
    """:func:`_decisions` kept through a hand: a history that extends the last one read is read from where that one ended."""

    def __init__(self) -> None:
        self._seen: tuple = ()
        self._who: tuple | None = None
        self._state: tuple = (-1, 0, False, False)  # round, bets this round, whether seat 0 / seat 1 faces a bet
        self._out: list[tuple] = []

    def read(self, history, opp: int, max_bets: int) -> list[tuple]:
        """The decisions of seat ``opp`` in ``history`` (a new list)."""
        done = len(self._seen)
        if (opp, max_bets) != self._who or len(history) < done or tuple(history[:done]) != self._seen:
            self._who, self._state, self._out, done = (opp, max_bets), (-1, 0, False, False), [], 0
        r, bets, facing0, facing1 = self._state
        out = self._out
        for event in history[done:]:
            if event.kind != "action":
                continue
            if event.round != r:
                r, bets, facing0, facing1 = event.round, 0, False, False
            kind = int(event.action.kind)
            player = event.player
            if player == opp:
                out.append((r, facing1 if opp else facing0, bets < max_bets, kind))
            if kind == _BET:
                bets += 1
                facing0, facing1 = player == 1, player == 0
            elif player:
                facing1 = False
            else:
                facing0 = False
        self._seen = tuple(history)
        self._state = (r, bets, facing0, facing1)
        return list(out)


def unseen_cards(*known: Iterable[int]) -> np.ndarray:
    """The card codes in none of the ``known`` groups, ascending: the candidates for the opponent's down card.

    >>> unseen_cards((0, 1), (51,)).size, int(unseen_cards((0, 1), (51,))[0])
    (49, 2)
    """
    mask = np.ones(52, dtype=bool)
    mask[[c for group in known for c in group]] = False
    return _CARDS[mask]


_CARDS = np.arange(52, dtype=np.int64)


def _observed_by_class(policy: np.ndarray) -> np.ndarray:
    """Figure 4's probability of each observed action by card class, float ``[facing, can_raise, kind, class]`` (2, 2, 3, 4),
    from its policy ``[facing, outcome, class]`` (one half of ``FIGURE4_BY_CLASS``).

    The legal-move mapping: unfaced, a fold becomes a check; at the cap, a
    raise becomes a call (the same float additions as card by card).
    """
    fold, call, bet = policy.transpose(1, 0, 2)  # each [facing, class]
    out = np.zeros((2, 2, 3, 4))
    for facing in (0, 1):
        f, c, b = fold[facing], call[facing], bet[facing]
        if not facing:
            c = c + f
            f = np.zeros(4)
        out[facing, 1, _FOLD], out[facing, 1, _CALL], out[facing, 1, _BET] = f, c, b
        out[facing, 0, _FOLD], out[facing, 0, _CALL] = f, c + b  # at the cap: bet stays 0
    out.flags.writeable = False
    return out


#: :func:`_observed_by_class` when the rule-based player shows more (0) and when it is behind (1).
_OBSERVED_BY_CLASS = (_observed_by_class(FIGURE4_BY_CLASS[0]), _observed_by_class(FIGURE4_BY_CLASS[1]))


@functools.lru_cache(maxsize=64)
def _figure4_factors(opp_up: tuple, own_up: tuple) -> tuple[np.ndarray, np.ndarray]:
    """Figure 4's probability of each observed action by card class (:func:`_observed_by_class`) and the class of
    every down card (int (52,)): :func:`~bpp.stud.opponents.paper.figure4_policy_cards` once a round.

    The rule-based player shows ``opp_up``, its opponent ``own_up``.  Kept
    for the last rounds seen (read only).
    """
    behind, classes = figure4_policy_cards(opp_up, own_up)
    return _OBSERVED_BY_CLASS[int(behind)], classes


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
    cards = unseen_cards(observation.hole, observation.up_cards[me], observation.up_cards[1 - me])
    weights = np.ones(52)
    _multiply_decisions(weights, observation, opponent_decisions(observation, max_bets=max_bets))
    return _normalized(cards, weights[cards])


def _multiply_decisions(weights: np.ndarray, observation: Observation, decisions) -> None:
    """Multiply ``weights`` (float (52,), by card code) by Figure 4's probability of each of ``decisions`` (entries of
    cards the player has seen are meaningless)."""
    me = observation.player
    mine_up, theirs_up = observation.up_cards[me], observation.up_cards[1 - me]
    for r, facing, can_raise, kind in decisions:
        factors, classes = _figure4_factors(theirs_up[: r + 1], mine_up[: r + 1])  # Figure 4 from the opponent's seat
        weights *= factors[int(facing), int(can_raise), kind][classes]


def _normalized(cards: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(cards, weights / their sum)``; the uniform prior when no candidate explains the actions."""
    total = weights.sum()
    if total <= 0.0:
        weights = np.ones(cards.size)
        total = float(cards.size)
    return cards, weights / total


def _win_given_holes(mine: tuple, theirs_up: tuple, holes: np.ndarray, n_samples: int, rng, kept: dict | None = None
                     ) -> np.ndarray:
    """P(win | the opponent's down card is h) for every ``h`` of ``holes``.

    Exact with five cards each (the showdown) and with one card to come for
    each side (:func:`_win_one_to_come`, every completion enumerated); exact
    with two to come for each side, the second round (:func:`_win_round2`:
    the rank table of :func:`build_round2_table` plus the flushes, or
    :func:`_win_two_to_come_cards` when the table file is absent); in the
    first round (two cards against one up card) read from the table of
    :func:`build_round1_table` (1,000 completions a candidate).  Only when
    that table file is absent is the first round sampled: the share of
    ``n_samples`` completions won, drawn from ``rng`` (:func:`_win_sampled`).
    ``kept`` (a dict the caller keeps through a hand) holds round 3's values
    by rank, so that the showdown after it is read from them
    (:func:`_win_showdown_by_rank`).
    """
    k = holes.size
    n_mine = 5 - len(mine)
    n_theirs = 4 - len(theirs_up)
    if n_mine == 0 and n_theirs == 0:
        by_rank = None if kept is None else kept.get("round3")
        if by_rank is not None and by_rank[0] == mine[:4] and by_rank[1] == theirs_up[:3]:
            return _win_showdown_by_rank(by_rank, mine, theirs_up, holes)
        hands = np.empty((k + 1, 5), dtype=np.int8)
        hands[0] = mine
        hands[1:, 0] = holes
        hands[1:, 1:] = theirs_up
        r = evaluate_unchecked(hands)
        return (r[0] > r[1:]) + 0.5 * (r[0] == r[1:])
    if n_mine == 1 and n_theirs == 1:
        return _win_one_to_come(mine, theirs_up, holes, kept)
    if len(mine) == 2 and len(theirs_up) == 1:
        table = _round1_table()
        if table is not None:
            return _win_round1(table, mine, theirs_up, holes)
    if n_mine == 2 and n_theirs == 2:
        table = _round2_table()
        return _win_two_to_come_cards(mine, theirs_up, holes) if table is None else _win_round2(table, mine, theirs_up, holes)
    return _win_sampled(mine, theirs_up, holes, n_samples, rng)


#: The round-1 table of P(win | h): ``bpp/models/stud/win_round1.npz`` (:func:`build_round1_table`).
ROUND1_PATH = shipped_path("stud", "win_round1.npz")
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
    assert best is not None  # set by the first of the 24 suit maps
    return best, chosen


def _round1_classes() -> list[tuple]:
    """Every round-1 class key, ascending (5,083 of them)."""
    keys = set()
    for m1, m2 in itertools.combinations(range(52), 2):
        for u in range(52):
            if u != m1 and u != m2:
                keys.add(_round1_class((m1, m2), (u,))[0])
    return sorted(keys)


def build_round1_table(n_samples: int = 1000, seed: int = 12, path: str | os.PathLike[str] | None = None) -> Path:
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


#: :func:`holdem.files.content_digest` of the shipped round-1 table: the file is refused unless it matches
#: (a rebuild with other settings records its new digest here; a test checks the two agree).
ROUND1_DIGEST = "32071b56c79e5622d194157681632e1d5403f3c7c390188e497ff895b99f580d"
#: ... and of the shipped round-2 table.
ROUND2_DIGEST = "7dbe96bf114e745a6e7f94f2835ae16560302093f2744c31f36be20fe7a123ab"


def _read_shipped_table(path, shapes: dict, digest: str) -> dict | None:
    """The arrays of a shipped P(win) table, checked (shapes, then the content digest); None when the file is absent.

    An absent file means the slower exact or sampled computation is used (a
    checkout without the tables); a file that is there but damaged — random
    bytes, another table, an edited count — is refused with one ``ValueError``
    naming it, never silently replaced by that fallback.
    """
    from holdem.files import check_digest, load_npz

    if not Path(path).exists():
        return None
    arrays = load_npz(path, shapes)
    check_digest(arrays, digest, path)
    return arrays


def _round1_table():
    """The loaded round-1 table ``(index by key, P(win) rows)``, or None when the file is absent (see :func:`_read_shipped_table`)."""
    global _ROUND1
    if _ROUND1 is None:
        data = _read_shipped_table(ROUND1_PATH, {"keys": None, "halves": None, "group": None, "n_samples": (), "seed": ()},
                                   ROUND1_DIGEST)
        if data is None:  # absent: round 1 is sampled
            _ROUND1 = False
        else:
            keys, group, n = data["keys"].astype(np.int64), data["group"], int(data["n_samples"])
            _ROUND1 = ({tuple(k): i for i, k in enumerate(keys.tolist())}, data["halves"] / (2.0 * n * group[:, None]))
    return _ROUND1 or None


def _win_round1(table, mine: tuple, theirs_up: tuple, holes: np.ndarray) -> np.ndarray:
    """Round-1 P(win | h) for every ``h`` of ``holes``, read from the table row of the deal's suit class."""
    index, rows = table
    key, perm = _round1_class(tuple(int(c) for c in mine), (int(theirs_up[0]),))
    mapped = (holes & ~3) | np.asarray(perm)[holes & 3]
    return rows[index[key]][mapped]


def _win_one_to_come(mine: tuple, theirs_up: tuple, holes: np.ndarray, kept: dict | None = None) -> np.ndarray:
    """Exact P(win | h) with one card to come for each side (BPP holds four cards, the opponent three up cards and h).

    By rank (:func:`_win_one_to_come_ranks`) when neither side can make a
    flush, else card by card (:func:`_win_one_to_come_cards`).
    """
    tables = load_tables()
    unseen = np.ones(52, dtype=bool)
    unseen[list(mine) + list(theirs_up)] = False
    pool = np.flatnonzero(unseen)
    if len({c & 3 for c in mine}) > 1 and len({c & 3 for c in theirs_up}) > 1:  # no flush for either: ranks decide
        return _win_one_to_come_ranks(tables, mine, theirs_up, pool, holes, kept)
    return _win_one_to_come_cards(tables, mine, theirs_up, pool, holes)


def _win_showdown_by_rank(by_rank: tuple, mine: tuple, theirs_up: tuple, holes: np.ndarray) -> np.ndarray:
    """The showdown's P(win | h) from round 3's values by rank (:func:`_win_one_to_come_ranks`, kept for this hand).

    Round 3 was counted by rank because neither side could make a flush, so
    none can at the showdown: BPP's value is M[rank of its fifth card], the
    opponent's with h is T[rank of h, rank of its fourth up card] (the
    values :func:`holdem.evaluate.evaluate_unchecked` gives the cards).
    """
    _, _, own, theirs = by_rank
    ours = own[mine[4] >> 2]
    values = theirs[holes >> 2, theirs_up[3] >> 2]
    return (ours > values) + 0.5 * (ours == values)


def _win_one_to_come_cards(tables, mine: tuple, theirs_up: tuple, pool: np.ndarray, holes: np.ndarray) -> np.ndarray:
    """:func:`_win_one_to_come` card by card (``pool``: the unseen cards, ascending).

    Over the unseen pool U (every candidate h is in it), BPP's last card a and
    the opponent's b are an ordered pair of distinct cards of U without h, all
    equally likely.  With M[a] BPP's hand value given a and T{h, b} the
    opponent's (the same for b and h swapped), P(win | h) = Σ_{b ≠ h} (#{a ∉
    {h, b} : M[a] > T{h, b}} + ½ #{a ∉ {h, b} : M[a] = T{h, b}}) / ((|U| − 1)(|U| − 2)).
    The count of each pair {h, b} of U is taken once, over all of U from M
    sorted (searchsorted), then a = h and a = b are taken out; each card's
    sum is over the pairs holding it.  Values by packed key sums
    (:func:`holdem.evaluate.rank_of_keys`); the counts are kept doubled, in
    integers, so the sums are exact.
    """
    n = pool.size
    keys, bits = tables.card_keys[pool], tables.suit_bits[pool]
    own = rank_of_keys(keys + tables.card_keys[list(mine)].sum(), 5, suit_bits=bits + tables.suit_bits[list(mine)].sum())
    pairs, _, _ = _subsets(n)
    i, j = pairs[:, 0], pairs[:, 1]
    theirs = rank_of_keys(keys[i] + keys[j] + tables.card_keys[list(theirs_up)].sum(), 5,
                          suit_bits=bits[i] + bits[j] + tables.suit_bits[list(theirs_up)].sum())
    ordered = np.sort(own)
    # twice (wins + ½ ties) over every a of U, less a = h and a = b: 2 w = sign(M - T) + 1
    twice = 2 * n - np.searchsorted(ordered, theirs, side="left") - np.searchsorted(ordered, theirs, side="right")
    twice -= np.sign(own[i] - theirs) + np.sign(own[j] - theirs) + 2
    wins = np.bincount(i, twice, n) + np.bincount(j, twice, n)
    return wins[np.searchsorted(pool, holes)] / (2 * (n - 1) * (n - 2))


_RANKS = np.arange(13)
_EYE13 = np.eye(13, dtype=np.int64)


def _win_one_to_come_ranks(tables, mine: tuple, theirs_up: tuple, pool: np.ndarray, holes: np.ndarray,
                           kept: dict | None = None) -> np.ndarray:
    """:func:`_win_one_to_come` when neither side can make a flush (BPP's four cards, the opponent's three up cards
    each of two suits or more): every hand value is its ranks', so the pairs are counted by rank.

    With c[q] the unseen cards of rank q, M[q] BPP's value with a card of rank q
    and T[r, s] the opponent's with ranks r (h) and s (b), twice the wins of
    a candidate of rank r are Σ_s (c[s] − [s = r]) Σ_q (c[q] − [q = r] − [q = s])
    (sign(M[q] − T[r, s]) + 1): the same integers as the count over cards.
    Stand-in cards of suits 0 and 1 carry the ranks (at most four of a suit:
    no flush); a value with five cards of a rank is never weighted.
    """
    n = pool.size
    count = np.bincount(pool >> 2, minlength=13)
    stand_in = tables.card_keys[_RANKS * 4]
    keys = np.empty(13 + 169, dtype=np.int64)  # M[q], then T[r, s]: one evaluator call
    keys[:13] = stand_in + tables.card_keys[list(mine)].sum()
    keys[13:] = (stand_in[:, None] + tables.card_keys[_RANKS * 4 + 1][None, :]).ravel() + tables.card_keys[list(theirs_up)].sum()
    values = rank_of_keys(keys, 5)
    own, theirs = values[:13], values[13:].reshape(13, 13)
    if kept is not None:  # the showdown's values are among these (_win_showdown_by_rank)
        kept["round3"] = (tuple(mine), tuple(theirs_up), own, theirs)
    twice = np.sign(own[:, None, None] - theirs[None, :, :]) + 1  # (q, r, s)
    left = count[:, None, None] - _EYE13[:, :, None] - _EYE13[:, None, :]  # the cards of rank q other than h and b
    wins = ((count[None, :] - _EYE13) * (left * twice).sum(axis=0)).sum(axis=1)
    return wins[holes >> 2] / (2 * (n - 1) * (n - 2))


def _subsets(n: int) -> tuple:
    """``(pairs (P, 2), triples (T, 3), pair index of each triple's three sub-pairs (T, 3))`` of ``range(n)``, ascending.

    Column-major: the computations read them a column at a time.
    """
    cached = _SUBSETS.get(n)
    if cached is None:
        pairs = np.asfortranarray(np.array(list(itertools.combinations(range(n), 2)), dtype=np.intp).reshape(-1, 2))
        triples = np.asfortranarray(np.array(list(itertools.combinations(range(n), 3)), dtype=np.intp).reshape(-1, 3))
        index = np.zeros((n, n), dtype=np.intp)
        index[pairs[:, 0], pairs[:, 1]] = np.arange(len(pairs))
        sub = np.asfortranarray(np.stack([index[triples[:, 0], triples[:, 1]], index[triples[:, 0], triples[:, 2]], index[triples[:, 1], triples[:, 2]]], axis=1))
        cached = _SUBSETS[n] = (pairs, triples, sub)
    return cached


_SUBSETS: dict = {}


def _disjoint_scores(own: np.ndarray, pairs: np.ndarray, n: int, triples: np.ndarray, sub: np.ndarray, theirs: np.ndarray) -> np.ndarray:
    """Σ over the pairs a of the pool disjoint from triple t of w(own[a], theirs[t]), w = 1 above, ½ equal, for every t.

    ``own[a]`` is BPP's hand value with pair ``a`` of the pool (``pairs``, indices
    into a pool of ``n`` cards); ``theirs[t]`` the opponent's with triple ``t``.
    By inclusion-exclusion over the pairs that meet t: all pairs, minus the
    pairs holding each card s of t, plus the three pairs inside t (counted twice).
    The counts come from cumulative histograms of the values (all pairs, and
    per card the pairs holding it), so the cost is linear in the pairs and triples.
    """
    present = np.zeros(max(int(own.max()), int(theirs.max())) + 2, dtype=np.intp)
    present[own] = 1
    below = np.zeros(present.size + 1, dtype=np.intp)
    np.cumsum(present, out=below[1:])  # below[v] = #distinct values of BPP's hands < v
    k = int(below[-1])
    lo, hi = below[theirs], below[theirs + 1]  # distinct values < T, <= T
    dense = below[own]
    every = np.zeros(k + 1, dtype=np.int64)
    np.cumsum(np.bincount(dense, minlength=k), out=every[1:])  # every[j] = #{pairs : dense < j}
    score = pairs.shape[0] - 0.5 * (every[lo] + every[hi])  # #{own > T} + ½ #{own = T} over all pairs
    per_card = np.zeros((n, k + 1), dtype=np.int64)
    np.cumsum(np.bincount(np.concatenate([pairs[:, 0], pairs[:, 1]]) * k + np.concatenate([dense, dense]), minlength=n * k).reshape(n, k),
              axis=1, out=per_card[:, 1:])
    flat = per_card.ravel()
    score -= 3 * (n - 1)
    for j in range(3):  # column by column: cheaper than 2-D gathers
        start = triples[:, j] * (k + 1)
        score += 0.5 * (flat[start + lo] + flat[start + hi])
        inside = own[sub[:, j]]
        score += (inside > theirs) + 0.5 * (inside == theirs)
    return score


def _win_two_to_come_cards(mine: tuple, theirs_up: tuple, holes: np.ndarray) -> np.ndarray:
    """Exact P(win | h) with two cards to come for each side (round 2), every completion of both hands counted.

    Over the pool U of unseen cards, the opponent's completion with h is a
    triple t = {h, b1, b2} of U and BPP's a pair a of U − t, every (t, a)
    equally likely; P(win | h) = Σ_{t ∋ h} C(t) / (C(|U|-1, 2) C(|U|-3, 2)),
    C(t) = Σ_{a ⊂ U − t} w(M[a], T[t]) (:func:`_disjoint_scores`).  One
    evaluation per pair and per triple of U (1,081 and 16,215), values by packed key sums.
    """
    tables = load_tables()
    unseen = np.ones(52, dtype=bool)
    unseen[list(mine) + list(theirs_up)] = False
    pool = np.flatnonzero(unseen)
    n = pool.size
    pairs, triples, sub = _subsets(n)
    keys, bits = tables.card_keys[pool], tables.suit_bits[pool]
    a, b = pairs.T
    own = rank_of_keys(keys[a] + keys[b] + tables.card_keys[list(mine)].sum(), 5,
                       suit_bits=bits[a] + bits[b] + tables.suit_bits[list(mine)].sum())
    a, b, c = triples.T
    theirs = rank_of_keys(keys[a] + keys[b] + keys[c] + tables.card_keys[list(theirs_up)].sum(), 5,
                          suit_bits=bits[a] + bits[b] + bits[c] + tables.suit_bits[list(theirs_up)].sum())
    score = _disjoint_scores(own, pairs, n, triples, sub, theirs)
    wins = np.bincount(a, score, n) + np.bincount(b, score, n) + np.bincount(c, score, n)
    return wins[np.searchsorted(pool, holes)] / ((n - 1) * (n - 2) * (n - 3) * (n - 4) / 4)


#: The round-2 table of P(win | h) by ranks: ``bpp/models/stud/win_round2.npz`` (:func:`build_round2_table`).
ROUND2_PATH = shipped_path("stud", "win_round2.npz")
_ROUND2 = None
_STAND_IN_SUITS = np.array([0, 1, 0, 1, 0])
_PAIR_RANKS = np.array([(q, r) for q in range(13) for r in range(q, 13)]).T  # (2, 91): every pair of ranks, low first


def _round2_keys() -> list[tuple]:
    """Every round-2 rank key: BPP's three ranks and the opponent's two up ranks, each sorted, no rank more than four times."""
    out = []
    for mine in itertools.combinations_with_replacement(range(13), 3):
        for up in itertools.combinations_with_replacement(range(13), 2):
            if max((mine + up).count(r) for r in set(mine + up)) <= 4:
                out.append(mine + up)
    return out


def _round2_code(ranks) -> int:
    b1, b2, b3, q1, q2 = ranks
    return (((b1 * 13 + b2) * 13 + b3) * 13 + q1) * 13 + q2


def _round2_deal(ranks: tuple) -> tuple[tuple, tuple]:
    """Cards with these ranks where neither side can make a flush: BPP's three not all of one suit, the two up cards of two suits."""
    for suits in itertools.product(range(4), repeat=5):
        cards = [r * 4 + s for r, s in zip(ranks, suits)]
        if len(set(cards)) == 5 and len(set(suits[:3])) > 1 and suits[3] != suits[4]:
            return tuple(cards[:3]), tuple(cards[3:])
    raise AssertionError(ranks)  # pragma: no cover - every key has such cards


def build_round2_table(path: str | os.PathLike[str] | None = None, *, progress: bool = False) -> Path:
    """Tabulate round-2 P(win | h) exactly for every rank key where no flush is possible, and save it (``ROUND2_PATH``).

    With BPP's three cards not of one suit and the opponent's two up cards of
    two suits, neither side can end with a flush, so every hand value, and
    P(win | h), depends on the ranks alone: one row of 13 values (h's rank) per
    key of :func:`_round2_keys`, each the exact enumeration of
    :func:`_win_two_to_come_cards` on a deal with those ranks, stored as twice
    the number of completions won (uint32, exact).  ``python -m
    bpp.stud.players.reference round2`` rebuilds the shipped file.
    """
    from tqdm import tqdm

    keys = _round2_keys()
    halves = np.zeros((len(keys), 13), dtype=np.uint32)
    total = 46 * 45 * 44 * 43 // 4  # C(46, 2) C(44, 2) completions per candidate
    for i, ranks in enumerate(tqdm(keys, desc="round-2 table", disable=not progress, mininterval=2.0)):
        mine, up = _round2_deal(ranks)
        holes = unseen_cards(mine, up)
        won = np.rint(_win_two_to_come_cards(mine, up, holes) * 2 * total).astype(np.int64)
        for rank in range(13):
            row = won[holes >> 2 == rank]
            if row.size:
                assert (row == row[0]).all()  # suits do not matter without flushes
                halves[i, rank] = row[0]
    path = Path(path) if path is not None else ROUND2_PATH
    np.savez_compressed(path, keys=np.array(keys, dtype=np.int8), halves=halves, total=total)
    return path


def _round2_table():
    """The loaded round-2 table ``(row of each rank code, P(win | h rank) rows, their doubled counts)``, or None when the file is absent (see :func:`_read_shipped_table`)."""
    global _ROUND2
    if _ROUND2 is None:
        data = _read_shipped_table(ROUND2_PATH, {"keys": None, "halves": None, "total": ()}, ROUND2_DIGEST)
        if data is None:  # absent: round 2 is enumerated card by card
            _ROUND2 = False
        else:
            keys = data["keys"].astype(np.int64)
            index = np.full(13**5, -1, dtype=np.int64)
            index[[_round2_code(k) for k in keys.tolist()]] = np.arange(len(keys))
            _ROUND2 = (index, data["halves"] / (2.0 * int(data["total"])), data["halves"].astype(np.int64))
    return _ROUND2 or None


def _win_round2(table, mine: tuple, theirs_up: tuple, holes: np.ndarray) -> np.ndarray:
    """Exact round-2 P(win | h): the rank table's row, plus the opponent's flushes when its up cards share a suit.

    When BPP's three cards share a suit (BPP may make a flush) the flushes are
    counted by :func:`_win_round2_bpp_flush`, or, when the opponent's up cards
    share a suit too, every completion is enumerated (:func:`_win_two_to_come_cards`).  Otherwise BPP's hand value
    is its ranks' and so is the opponent's except for the triples t = {h, b1,
    b2} all of the up cards' suit σ (at most C(11, 3) of them): for those,
    C(t) with the flush value replaces C(t) with the ranks' value, BPP's
    pairs a of U − t counted by their two ranks.
    """
    index, rows, halves = table
    ranks = sorted(c >> 2 for c in mine) + sorted(c >> 2 for c in theirs_up)
    if len({c & 3 for c in mine}) == 1:
        if theirs_up[0] & 3 == theirs_up[1] & 3:  # both sides may make a flush: every completion counted
            return _win_two_to_come_cards(mine, theirs_up, holes)
        return _win_round2_bpp_flush(halves[index[_round2_code(ranks)]], mine, theirs_up, holes)
    p = rows[index[_round2_code(ranks)]][holes >> 2]
    suit = theirs_up[0] & 3
    if theirs_up[1] & 3 != suit:
        return p
    tables = load_tables()
    unseen = np.ones(52, dtype=bool)
    unseen[list(mine) + list(theirs_up)] = False
    pool = np.flatnonzero(unseen)
    n = pool.size
    suited = np.flatnonzero(pool & 3 == suit)  # pool positions of σ cards
    if suited.size < 3:
        return p
    flush = suited[_subsets(suited.size)[1]]  # the σ triples, as pool positions
    cards = np.concatenate([pool[flush], np.broadcast_to(np.asarray(theirs_up), (len(flush), 2))], axis=1)
    f = len(flush)
    keys = np.empty(2 * f + 91, dtype=np.int64)  # one evaluator call: t's flush values, t's ranks' values, BPP's M[q1, q2]
    bits = np.zeros(keys.size, dtype=np.int64)
    keys[:f], bits[:f] = tables.card_keys[cards].sum(axis=1), tables.suit_bits[cards].sum(axis=1)
    keys[f : 2 * f] = tables.card_keys[(cards >> 2 << 2) | _STAND_IN_SUITS].sum(axis=1)
    keys[2 * f :] = tables.card_keys[_PAIR_RANKS[0] * 4] + tables.card_keys[_PAIR_RANKS[1] * 4 + 1] + tables.card_keys[list(mine)].sum()
    values = rank_of_keys(keys, 5, suit_bits=bits)
    as_flush, as_ranks, own = values[:f], values[f : 2 * f], values[2 * f :]
    # C(t) with each value, BPP's pairs a of U - t counted by their ranks (q1 <= q2; BPP cannot make a flush):
    # gain(t) = Σ (pairs of U - t with those ranks) (w(M[q1, q2], flush value) - w(M[q1, q2], ranks' value)), 2 w = sign + 1
    left = np.tile(np.bincount(pool >> 2, minlength=13), (len(flush), 1))  # the unseen cards of each rank, less t's
    each = np.arange(len(flush))
    for j in range(3):  # t's three cards are of one suit, so of three ranks
        left[each, pool[flush[:, j]] >> 2] -= 1
    low, high = left[:, _PAIR_RANKS[0]], left[:, _PAIR_RANKS[1]]
    n_pairs = np.where(_PAIR_RANKS[0] == _PAIR_RANKS[1], low * (low - 1) // 2, low * high)  # (F, 91)
    gain = (n_pairs * (np.sign(own - as_flush[:, None]) - np.sign(own - as_ranks[:, None]))).sum(axis=1) / 2
    extra = np.bincount(flush.ravel(), weights=np.repeat(gain, 3), minlength=n) / ((n - 1) * (n - 2) * (n - 3) * (n - 4) / 4)
    return p + extra[np.searchsorted(pool, holes)]


def _win_round2_bpp_flush(halves: np.ndarray, mine: tuple, theirs_up: tuple, holes: np.ndarray) -> np.ndarray:
    """Exact round-2 P(win | h) when BPP's three cards share a suit σ and the opponent's two up cards do not.

    ``halves``: the rank table's doubled counts of the deal's ranks (by the
    rank of h).  The opponent's value is its ranks' (T); BPP's too (M_r) but
    for the pairs a of σ cards, a flush (M_f).  So twice the wins of h are the
    table's count plus, over the σ pairs a not holding h and the pairs {b1,
    b2} of U − h − a, sign(M_f[a] − T) − sign(M_r[a] − T).  The pairs {b1, b2}
    are counted by their ranks s1 <= s2 (U's cards of each rank less h's and
    a's), so the correction G[a, rank of h] is a sum over 91 rank pairs; a σ
    candidate h leaves out the pairs a holding its rank.  The same integers as
    :func:`_win_two_to_come_cards` counts card by card.
    """
    tables = load_tables()
    suit = mine[0] & 3
    unseen = np.ones(52, dtype=bool)
    unseen[list(mine) + list(theirs_up)] = False
    pool = np.flatnonzero(unseen)
    n = pool.size
    sigma = pool[pool & 3 == suit] >> 2  # the ranks of the unseen σ cards
    i, j = np.triu_indices(sigma.size, 1)
    q1, q2 = sigma[i], sigma[j]  # the σ pairs a, by ranks
    k = q1.size
    # one evaluator call: M_f[a], M_r[a] (stand-in suits: no flush), T[r, (s1, s2)] (stand-ins of three suits: no flush)
    s1, s2 = _PAIR_RANKS
    keys = np.empty(2 * k + 13 * 91, dtype=np.int64)
    bits = np.zeros(keys.size, dtype=np.int64)
    keys[:k] = tables.card_keys[q1 * 4 + suit] + tables.card_keys[q2 * 4 + suit] + tables.card_keys[list(mine)].sum()
    bits[:k] = tables.suit_bits[q1 * 4 + suit] + tables.suit_bits[q2 * 4 + suit] + tables.suit_bits[list(mine)].sum()
    plain = tables.card_keys[np.array([c >> 2 for c in mine]) * 4 + _STAND_IN_SUITS[:3]].sum()
    keys[k : 2 * k] = plain + tables.card_keys[q1 * 4 + 1] + tables.card_keys[q2 * 4]
    keys[2 * k :] = (tables.card_keys[_RANKS * 4][:, None] + (tables.card_keys[s1 * 4 + 1] + tables.card_keys[s2 * 4 + 2])[None, :]).ravel()
    keys[2 * k :] += tables.card_keys[list(theirs_up)].sum()
    values = rank_of_keys(keys, 5, suit_bits=bits)
    as_flush, as_ranks = values[:k, None, None], values[k : 2 * k, None, None]
    ranks_h = np.unique(holes >> 2)
    theirs = values[2 * k :].reshape(13, 91)[ranks_h][None]  # (1, R, 91)
    left = np.broadcast_to(np.bincount(pool >> 2, minlength=13), (k, ranks_h.size, 13)).copy()  # U's cards by rank, less h's and a's
    left[:, np.arange(ranks_h.size), ranks_h] -= 1
    left[np.arange(k), :, q1] -= 1
    left[np.arange(k), :, q2] -= 1
    left = left.astype(np.int16)
    low, high = left[:, :, s1], left[:, :, s2]
    n_pairs = np.where(s1 == s2, low * (low - 1) // 2, low * high)  # (k, R, 91)
    g = (n_pairs * (np.sign(as_flush - theirs) - np.sign(as_ranks - theirs))).sum(axis=2)  # (k, R)
    apart = (q1[:, None] != ranks_h[None, :]) & (q2[:, None] != ranks_h[None, :])  # a does not hold the σ card of h's rank
    at = np.searchsorted(ranks_h, holes >> 2)
    extra = np.where(holes & 3 == suit, (g * apart).sum(axis=0)[at], g.sum(axis=0)[at])
    return (halves[holes >> 2] + extra) / (2 * ((n - 1) * (n - 2) * (n - 3) * (n - 4) // 4))


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
    (:func:`_win_given_holes`) is exact in the last three rounds and tabulated in
    the first, computed once per deal of cards and cached.

    Parameters
    ----------
    n_samples : int
        Completions per candidate down card for P(win | h) in the first round
        when its table file is absent (no round is sampled otherwise).
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
        params: CurveParams | CurveSet | None = None,
        bluff: float = BLUFF_PROBABILITY,
        bets_per_round: float = BETS_PER_ROUND,
        play: str = "sample",
        rng: RngLike = None,
    ) -> None:
        for label, value in (("n_samples", n_samples), ("max_bets", max_bets)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
                raise ValueError(f"The {label!r} parameter of {type(self).__name__} must be an integer >= 1; got {value!r}.")
        super().__init__(params=params, bluff=bluff, bets_per_round=bets_per_round, play=play, rng=rng)
        self.n_samples = int(n_samples)
        self.max_bets = int(max_bets)
        self._win_key: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self._win: np.ndarray | None = None
        self._unseen: tuple = (None, None)
        self._reader = _DecisionReader()
        self._win_kept: dict = {}  # round 3's values by rank, for the showdown (checked against the cards)

    def _candidates(self, observation: Observation) -> np.ndarray:
        """The cards the seat to act has not seen (:func:`unseen_cards`; kept until cards are dealt, read only)."""
        me = observation.player
        seen = (observation.hole, observation.up_cards[me], observation.up_cards[1 - me])
        if seen != self._unseen[0]:
            cards = unseen_cards(*seen)
            cards.flags.writeable = False
            self._unseen = (seen, cards)
        return self._unseen[1]

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
            self._win = _win_given_holes(mine, theirs_up, cards, self.n_samples, self.rng, self._win_kept)
            self._win_key = key
        return cards, posterior, float(posterior @ self._win)

    def win_probability(self, observation: Observation) -> float:
        """Σ_h P(h | evidence) P(win | h) for the seat to act."""
        return self.belief(observation)[2]

    def holdings_win_probabilities(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """Σ_h' P(h' | evidence) P(win | h', own down card h), float (n,), for each ``h`` of ``holdings`` (int (n, 1))
        (a spawned stream; the cache is kept)."""
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
        """:func:`hole_posterior`: Figure 4's policy is known.

        The unnormalised product is kept from the previous call and only the
        opponent's new decisions are multiplied in when the previous call saw
        the same seat and down card, a prefix of these up cards and a prefix
        of these decisions (the same factors in the same order, so the same
        numbers as :func:`hole_posterior`); otherwise it starts again.
        """
        me = observation.player
        mine_up, theirs_up = observation.up_cards[me], observation.up_cards[1 - me]
        cards = self._candidates(observation)
        decisions = self._reader.read(observation.history, 1 - me, self.max_bets)  # opponent_decisions
        kept = getattr(self, "_kept_posterior", None)
        if (kept is not None and kept[0] == (me, observation.hole) and mine_up[: len(kept[1])] == kept[1]
                and theirs_up[: len(kept[2])] == kept[2] and decisions[: len(kept[3])] == kept[3]):
            weights, done = kept[4], len(kept[3])
        else:
            weights, done = np.ones(52), 0
        _multiply_decisions(weights, observation, decisions[done:])
        self._kept_posterior = ((me, observation.hole), mine_up, theirs_up, decisions, weights)
        return _normalized(cards, weights[cards])


if __name__ == "__main__":
    import sys

    print(build_round2_table(progress=True) if sys.argv[1:] == ["round2"] else build_round1_table())

"""BPP with the opponent's hand refined to its down card, one network per hand over every round (Korb et al. 1999, §6.1, §6.3).

The paper's network (Figure 1, :mod:`bpp.stud.model.figure1`) reasons about hand
*types* and sees only the current round's action.  Its future-work section
names three refinements, and this player makes all three:

* "Further refinement of hand types … it is not clear how far to go" (§6.1):
  all the way.  In stud the only hidden card of the opponent is its down card,
  so OPP_Current is refined to the node **OPP_Down**, whose states are the
  cards BPP has not seen (uniform prior); OPP_Current of every round is then
  a deterministic function of OPP_Down and the up cards.
* "make *OPP Action* a child node of a new *BPP Upcards* node, so that what
  the opponent observes of BPP's hand would jointly condition his or her
  behaviour" (§6.1): each action of the opponent is a child of **OPP_Rel**,
  how the opponent's current hand stands against BPP's up cards —
  ``behind`` (it does not beat them), ``ahead`` (it beats them with a hand of
  the same type) or ``ahead_type`` (a higher hand type, §3.2's types), the
  comparison of :func:`bpp.stud.model.handvalue.hand_value` — and of the observed
  context: who shows more (``bpp_higher`` / ``opp_higher_or_even``) and
  whether the opponent faces a bet (``open`` / ``facing_bet``).
* "a dynamic Bayesian network … to model more effectively the interrelation
  between rounds" (§6.3): every decision of the opponent in the hand is an
  OPP_Action node (not only the last round's), all hanging off the one
  OPP_Down, so the evidence of earlier rounds is kept::

      OPP_Down ──► OPP_Rel_1 ──► OPP_Action_1 ◄── (showing, facing)_1
          │    ──► OPP_Rel_2 ──► OPP_Action_2 ◄── (showing, facing)_2
          │          …
          └──────► BPP_Win

  The refined action node has three states, ``fold`` / ``call`` / ``bet``
  (§6.1 "Refine action nodes"): a fold is not possible when nothing is owed
  (it is then a pass, so P(pass) = P(fold) + P(call)) and a bet is not
  possible at the raise cap (P(call) + P(bet)).

P(BPP_Win | OPP_Down = h) is the share of the completions of both hands won
(ties half), as the probabilistic player of §5.1 computes it — exact from
the second round on (enumerated, or a table by ranks plus the flushes in the
second), tabulated by suit class in the first round
(:func:`bpp.stud.players.reference._win_given_holes`);
P(win) = Σ_h P(h | evidence)
P(win | h), then θ, the betting curves and the bluff of BPP
(:class:`~bpp.stud.decision.player.CurvePlayer`).

Learning (§3.3, §5.2), M_A|Rel,S,F per opponent: a hand that reaches a
showdown reveals the down card, so each of the opponent's decisions counts
once for its OPP_Rel state, as in the paper ("these counts are made only
for such hands", §3.3).  Showdowns never show the opponent's folds, so this
learns P(action | the hand reached a showdown); ``learn_folds=True`` also
counts the hands that end in a fold, each decision split over the OPP_Rel
states by the posterior over OPP_Down given everything the opponent did in
that hand (one step of expectation-maximisation).  Whether that
helps is measured as below (``learn_folds=True``); the paper's rule stays the default.  Decisions at the
raise cap are not counted (a call there may be a bet).  The pseudo-count prior starts every
context at "aggressive as likely as conservative" (§5.2): ½ bet, ½ split
between fold and call.  The tables are refitted between hands, never inside
one.

:meth:`CardBPP.network` builds the hand's network as a pgmpy
``DiscreteBayesianNetwork``; the tests check :meth:`CardBPP.belief` against
pgmpy's ``VariableElimination`` on it, and check that with Figure 4 as the
CPT (Figure 4 depends on the down card only through OPP_Rel and the
observed context, so it is one of this model's CPTs) the posterior is the
exact one of :mod:`bpp.stud.players.reference`.

Measured with :func:`bpp.stud.experiments.significance` (one learning
instance for the whole match, BPP's fitted curves, sampled play, duplicate
deals; mean ± 95 % CI in betting units per hand, two-tailed one-sample t-test
as §5.2), each cell
``significance(OPPONENT, n_hands=10000, rng=SEED, duplicate=True, player="bpp-card", **OPTIONS)``
with ``OPTIONS`` empty (learning from showdowns), ``learn_folds=True`` (EM) or
``learn=False`` (frozen at the prior); ``figures/stud_variants.md`` has
``bpp-card`` beside ``bpp`` against every opponent, and
``bpp reproduce``'s ``bpp-variants`` rows give it against the paper's t.
The §5.2 learning test is ``learning_test(OPPONENT, player="bpp-card")``.

>>> import numpy as np
>>> from holdem.games import Stud5
>>> from holdem.match import play_match
>>> from bpp.stud.opponents import RuleBasedPlayer
>>> player = CardBPP(rng=0)
>>> r = play_match(Stud5(), [player, RuleBasedPlayer], 20, rng=1)
>>> player.model_.n_hands_ > 0
True
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from holdem.games.base import ActionKind, Observation

from bpp.stud.decision.curves import BETS_PER_ROUND, BLUFF_PROBABILITY
from bpp.stud.model.handvalue import down_card_codes, showing_code
from bpp.stud.players.reference import DownCardPlayer, unseen_cards

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import ArrayLike
    from pgmpy.models import DiscreteBayesianNetwork

    from bpp.stud.decision.curves import CurveParams, CurveSet
    from holdem._typing import RngLike
    from holdem.games.base import Event

__all__ = ["CardBPP", "OpponentActionModel", "REL_STATES", "SHOWING_STATES", "FACING_STATES", "OUTCOMES", "relations"]

#: States of OPP_Rel: the opponent's current hand against BPP's up cards.
REL_STATES = ("behind", "ahead", "ahead_type")
#: The observed "who shows more" context of an opponent decision (Figure 4's first test, from the opponent's seat).
SHOWING_STATES = ("bpp_higher", "opp_higher_or_even")
#: Whether the opponent owed chips at the decision.
FACING_STATES = ("open", "facing_bet")
#: States of the refined OPP_Action (§6.1): fold (a pass when nothing is owed), check/call, bet/raise.
OUTCOMES = ("fold", "call", "bet")

_FOLD, _CALL, _BET = int(ActionKind.FOLD), int(ActionKind.CHECK_CALL), int(ActionKind.BET_RAISE)


def relations(candidates: ArrayLike, opp_up: Sequence[int], bpp_up: Sequence[int]) -> np.ndarray:
    """OPP_Rel (index into :data:`REL_STATES`), intp (n,), for each candidate down card (int, n of them) of the opponent.

    ``behind`` when the opponent's hand (candidate + ``opp_up``) does not beat
    ``bpp_up`` as a partial poker hand, ``ahead_type`` when its §3.2 hand
    type is higher than that of ``bpp_up``, ``ahead`` otherwise: the
    comparison of :func:`bpp.stud.model.handvalue.hand_value_codes`, read for
    every down card at once from :func:`~bpp.stud.model.handvalue.down_card_codes`.

    >>> from holdem.cards import parse_cards
    >>> [REL_STATES[i] for i in relations(parse_cards("2c Kc Ah"), parse_cards("7d"), parse_cards("Kd"))]
    ['behind', 'ahead', 'ahead_type']
    """
    candidates = np.asarray(candidates, dtype=np.int64).ravel()
    return _relations_by_value(tuple(sorted(int(c) for c in opp_up)), *showing_code(bpp_up))[candidates]


@functools.lru_cache(maxsize=4096)
def _relations_by_value(opp_up: tuple, value: int, kind: int) -> np.ndarray:
    """:func:`relations` of every card (intp (52,), by card code) against BPP's showing of value code ``value`` and type
    ``kind`` (entries of cards showing are meaningless; kept for the last ones seen, read only)."""
    codes, types = down_card_codes(opp_up)
    out = np.where(codes <= value, 0, np.where(types > kind, 2, 1)).astype(np.intp)
    out.flags.writeable = False
    return out


def _merged_entries() -> np.ndarray:
    """For each entry of :meth:`OpponentActionModel.likelihood`, the two CPT entries it adds (index 36: a 0, 37: a 1).

    With nothing owed a fold is a pass (call = call + fold, fold = 0); at the
    cap a bet is a call (call + bet, bet = 0); with nothing owed at the cap
    the pass is certain.
    """
    cpt = np.arange(36).reshape(2, 2, 3, 3)  # [showing, facing, outcome, rel]
    first = np.full((2, 2, 2, 3, 3), 36)  # [showing, facing, can_raise, kind, rel]
    second = np.full((2, 2, 2, 3, 3), 36)
    first[:, 1, 1], first[:, 0, 1, 2] = cpt[:, 1], cpt[:, 0, 2]  # facing, a raise allowed: the CPT; open: bets as they are
    first[:, 0, 1, 1], second[:, 0, 1, 1] = cpt[:, 0, 1], cpt[:, 0, 0]  # open: a pass is a call or a fold
    first[:, 1, 0, 0] = cpt[:, 1, 0]  # facing, at the cap: folds as they are ...
    first[:, 1, 0, 1], second[:, 1, 0, 1] = cpt[:, 1, 1], cpt[:, 1, 2]  # ... a call is a call or a bet
    first[:, 0, 0, 1] = 37  # open, at the cap: a pass
    return np.stack([first, second])


_MERGED = _merged_entries()


class OpponentActionModel:
    """Counts and CPT of OPP_Action | OPP_Rel, showing, facing (see the module docstring).

    Parameters
    ----------
    prior_strength : float
        Pseudo-observations per (showing, facing, OPP_Rel) cell: half on
        bet, half split between fold and call (all on pass when not facing a bet).

    Attributes
    ----------
    counts_ : ndarray, shape (2, 2, 3, 3)
        ``[showing, facing, outcome, rel]`` counts, fractional for hands
        that ended in a fold.
    n_hands_ : int
        Hands learned from.
    n_showdowns_ : int
        Of those, the hands that reached a showdown (whole counts).

    Examples
    --------
    >>> m = OpponentActionModel()
    >>> m.cpt()[1, 1, :, 0].tolist()        # opponent shows more, faces a bet, is behind: the prior
    [0.25, 0.25, 0.5]
    >>> float(m.likelihood()[1, 0, 1, 1, 0])   # ... not facing, raise allowed: P(pass | behind)
    0.5
    >>> OpponentActionModel(prior_strength=0)
    Traceback (most recent call last):
    ...
    ValueError: The 'prior_strength' parameter of OpponentActionModel must be a number > 0; got 0.
    """

    def __init__(self, *, prior_strength: float = 2.0):
        if isinstance(prior_strength, bool) or not isinstance(prior_strength, (int, float)) or not prior_strength > 0:
            raise ValueError(f"The 'prior_strength' parameter of OpponentActionModel must be a number > 0; got {prior_strength!r}.")
        self.prior_strength = float(prior_strength)
        prior = np.empty((2, 2, 3, 3))
        prior[:, 0] = np.array([0.0, 0.5, 0.5])[:, None]  # open: a pass (call slot) or a bet
        prior[:, 1] = np.array([0.25, 0.25, 0.5])[:, None]
        self._prior = prior * self.prior_strength
        self.reset()

    def reset(self) -> "OpponentActionModel":
        """Forget every count."""
        self.counts_ = np.zeros((2, 2, 3, 3))
        self.n_hands_ = 0
        self.n_showdowns_ = 0
        self._likelihood: np.ndarray | None = None
        return self

    def cpt(self) -> np.ndarray:
        """P(outcome | showing, facing, rel), shape (2, 2, 3, 3), summing to 1 over the outcome axis."""
        total = self.counts_ + self._prior
        return total / total.sum(axis=2, keepdims=True)

    def likelihood(self) -> np.ndarray:
        """P(observed action kind | rel) for every context: ``[showing, facing, can_raise, kind, rel]``.

        The legal-move merges of the module docstring: with nothing owed a
        fold is a pass (kind call); at the cap a bet is a call.
        """
        if self._likelihood is None:
            flat = np.append(self.cpt().ravel(), (0.0, 1.0))  # the CPT, then a 0 and a 1
            self._likelihood = flat[_MERGED[0]] + flat[_MERGED[1]]
        return self._likelihood

    def add(self, showing: int, facing: int, kind: int, responsibility: float | np.ndarray, rel: int | None = None) -> None:
        """Count one decision, ``responsibility`` the (possibly fractional) weight of each OPP_Rel state (float (3,)),
        or, given its OPP_Rel state ``rel``, the weight of that state alone."""
        if not facing and kind == _FOLD:
            kind = _CALL
        if rel is None:
            self.counts_[showing, facing, kind] += responsibility
        else:
            self.counts_[showing, facing, kind, rel] += responsibility
        self._likelihood = None

    def __repr__(self) -> str:
        return f"OpponentActionModel(prior_strength={self.prior_strength}, n_hands_={self.n_hands_}, n_showdowns_={self.n_showdowns_})"


class CardBPP(DownCardPlayer):
    """BPP with the card-level, all-rounds opponent network of the module docstring (registered ``bpp-card``).

    Parameters
    ----------
    learn : bool
        Learn the action CPT per opponent (§3.3, §5.2; see the module docstring).
    learn_folds : bool
        Also learn from hands that end in a fold, weighted by the posterior;
        False (the default) counts showdowns only, as the paper does.
    prior_strength : float
        Pseudo-counts of :class:`OpponentActionModel`.
    n_samples, max_bets, params, bluff, bets_per_round, play, rng
        As :class:`~bpp.stud.players.reference.DownCardPlayer` (BPP's fitted curves by default).

    Attributes
    ----------
    model_ : OpponentActionModel

    Examples
    --------
    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))
    >>> player = CardBPP(rng=0)
    >>> cards, posterior, p_win = player.belief(state.observation(state.current_player))
    >>> len(cards), round(float(posterior.sum()), 12), 0.0 <= p_win <= 1.0
    (49, 1.0, True)
    >>> CardBPP(n_samples=0)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_samples' parameter of CardBPP must be an integer >= 1; got 0.
    """

    name = "bpp-card"
    trusted_actions = True  # CurvePlayer.act

    def __init__(
        self,
        *,
        learn: bool = True,
        learn_folds: bool = False,
        prior_strength: float = 2.0,
        n_samples: int = 200,
        max_bets: int = 4,
        params: CurveParams | CurveSet | None = None,
        bluff: float = BLUFF_PROBABILITY,
        bets_per_round: float = BETS_PER_ROUND,
        play: str = "sample",
        rng: RngLike = None,
    ) -> None:
        super().__init__(
            n_samples=n_samples, max_bets=max_bets, params=params, bluff=bluff, bets_per_round=bets_per_round, play=play, rng=rng
        )
        self.learn = bool(learn)
        self.learn_folds = bool(learn_folds)
        self.model_ = OpponentActionModel(prior_strength=prior_strength)
        self._rel_cache: dict = {}
        self._counted: tuple = ([], None, None)
        self._seat: int | None = None
        self._hole = None
        self._events: list = []
        self._opp_hole: int | None = None

    @property
    def learns_across_hands(self) -> bool:
        """True when the action CPT is learned (the match keeps one instance for all hands)."""
        return self.learn

    # -- the network ---------------------------------------------------------

    def _relations(self, opp_up: tuple, bpp_up: tuple) -> tuple[np.ndarray, int]:
        """OPP_Rel of every card not showing (a 52-array by card code) and the showing state, once per round and hand."""
        ups = (opp_up, bpp_up)
        cached = self._rel_cache.get(ups)
        if cached is None:
            value, kind = showing_code(bpp_up)
            showing = 0 if value > showing_code(opp_up)[0] else 1  # SHOWING_STATES: BPP's up cards beat the opponent's
            cached = self._rel_cache[ups] = (_relations_by_value(tuple(sorted(opp_up)), value, kind), showing)
        return cached

    def _evidence(self, history, opp: int, cards: np.ndarray, opp_up: tuple, bpp_up: tuple) -> list[tuple]:
        """One ``(showing, facing, can_raise, kind, rel vector)`` per opponent decision in ``history``."""
        out = []
        for r, facing, can_raise, kind in self._reader.read(history, opp, self.max_bets):  # _decisions
            rel, showing = self._relations(opp_up[: r + 1], bpp_up[: r + 1])
            out.append((showing, int(facing), int(can_raise), kind, rel[cards]))
        return out

    def _posterior(self, evidence, n: int) -> np.ndarray:
        """P(OPP_Down | evidence) over ``n`` candidates: the uniform prior times each decision's likelihood."""
        lik = self.model_.likelihood()
        weights = np.ones(n)
        for s, f, c, kind, rel in evidence:
            weights *= lik[s, f, c, kind][rel]
        total = weights.sum()
        return weights / total if total > 0.0 else np.full(n, 1.0 / n)

    def _likelihoods(self, history, opp: int, opp_up: tuple, bpp_up: tuple) -> np.ndarray:
        """Π over the opponent's decisions in ``history`` of P(its action | OPP_Rel = rel(h), context), for every card h (52).

        Kept through the hand: a later call multiplies in only the decisions
        not yet counted, in the same order (so the products are those of
        :meth:`_posterior`); another history or a refitted CPT starts again.
        """
        decisions = self._reader.read(history, opp, self.max_bets)  # _decisions
        key = (opp, opp_up[:1], bpp_up[:1], self.model_.likelihood())  # the seat and hand, and the CPT
        done, weights, used = self._counted
        if used is None or used[:3] != key[:3] or used[3] is not key[3] or decisions[: len(done)] != done:
            done, weights = [], np.ones(52)
        lik = key[3]
        for r, facing, can_raise, kind in decisions[len(done):]:
            rel, showing = self._relations(opp_up[: r + 1], bpp_up[: r + 1])
            weights *= lik[showing, int(facing), int(can_raise), kind][rel]
        self._counted = (decisions, weights, key)
        return weights

    def posterior(self, observation: Observation) -> tuple[np.ndarray, np.ndarray]:
        """``(cards, P(OPP_Down | every action of the opponent this hand))`` over the cards not seen."""
        me = observation.player
        self._hole = observation.hole
        mine_up, theirs_up = observation.up_cards[me], observation.up_cards[1 - me]
        cards = self._candidates(observation)
        weights = self._likelihoods(observation.history, 1 - me, theirs_up, mine_up)[cards]
        total = weights.sum()
        return cards, weights / total if total > 0.0 else np.full(cards.size, 1.0 / cards.size)

    def network(self, observation: Observation) -> tuple[DiscreteBayesianNetwork, dict[str, str]]:
        """The hand's network as a pgmpy ``DiscreteBayesianNetwork`` and its evidence: ``(model, evidence)``.

        Nodes ``OPP_Down``, ``OPP_Rel_i`` and ``OPP_Action_i`` per opponent
        decision ``i`` (its CPT the learned column for that decision's
        showing / facing / raise-cap context) and ``BPP_Win``.
        """
        from pgmpy.factors.discrete import TabularCPD
        from pgmpy.models import DiscreteBayesianNetwork

        from bpp.stud.model.figure1 import WIN_STATES
        from bpp.stud.model.networks import _quiet_pgmpy

        _quiet_pgmpy()
        cards, _, _ = self.belief(observation)
        assert self._win is not None  # set by self.belief
        me = observation.player
        evidence_rows = self._evidence(
            observation.history, 1 - me, cards, observation.up_cards[1 - me], observation.up_cards[me]
        )
        down = [f"c{int(c)}" for c in cards]
        model = DiscreteBayesianNetwork([("OPP_Down", "BPP_Win")])
        cpds = [
            TabularCPD("OPP_Down", cards.size, np.full((cards.size, 1), 1.0 / cards.size), state_names={"OPP_Down": down}),
            TabularCPD(
                "BPP_Win", 2, np.vstack([1.0 - self._win, self._win]), evidence=["OPP_Down"], evidence_card=[cards.size],
                state_names={"BPP_Win": list(WIN_STATES), "OPP_Down": down},
            ),
        ]
        lik = self.model_.likelihood()
        evidence = {}
        for i, (s, f, c, kind, rel) in enumerate(evidence_rows):
            rel_node, action_node = f"OPP_Rel_{i}", f"OPP_Action_{i}"
            model.add_edges_from([("OPP_Down", rel_node), (rel_node, action_node)])
            onehot = np.zeros((3, cards.size))
            onehot[rel, np.arange(cards.size)] = 1.0
            cpds.append(
                TabularCPD(rel_node, 3, onehot, evidence=["OPP_Down"], evidence_card=[cards.size],
                           state_names={rel_node: list(REL_STATES), "OPP_Down": down})
            )
            cpds.append(  # the legal-move merges make each likelihood table a CPD over the observed kinds
                TabularCPD(action_node, 3, lik[s, f, c], evidence=[rel_node], evidence_card=[3],
                           state_names={action_node: list(OUTCOMES), rel_node: list(REL_STATES)})
            )
            evidence[action_node] = OUTCOMES[kind]
        model.add_cpds(*cpds)
        model.check_model()
        return model, evidence

    # -- learning ------------------------------------------------------------

    def new_hand(self, seat: int) -> None:
        super().new_hand(seat)  # count the hand: its index picks the per-hand random stream
        if self.learn and self._events and self._hole is not None and (self.learn_folds or self._opp_hole is not None):
            self._learn()
        self._seat = seat
        self._hole = None
        self._events = []
        self._opp_hole = None
        self._rel_cache = {}
        self._counted = ([], None, None)
        self._win_key = None

    def observe(self, event: Event) -> None:
        if self._seat is None:
            return
        self._events.append(event)
        if event.kind == "showdown" and event.player == 1 - self._seat:
            self._opp_hole = event.cards[0]

    def _learn(self) -> None:
        """Add the finished hand's decisions to the counts (hard at a showdown, posterior-weighted otherwise)."""
        assert self._seat is not None  # events are recorded only once seated
        assert self._hole is not None  # new_hand learns only from a hand whose down card it saw
        me, opp = self._seat, 1 - self._seat
        ups: dict[int, list[int]] = {0: [], 1: []}
        for event in self._events:
            if event.kind == "deal" and event.player >= 0:
                ups[event.player].extend(event.cards)
        mine_up, theirs_up = tuple(ups[me]), tuple(ups[opp])
        if self._opp_hole is not None:  # a showdown: the down card is known, each decision counts whole for its OPP_Rel
            decisions = self._reader.read(self._events, opp, self.max_bets)  # _decisions
            if not decisions:
                return
            for r, facing, can_raise, kind in decisions:
                if can_raise:
                    rel, showing = self._relations(theirs_up[: r + 1], mine_up[: r + 1])
                    self.model_.add(showing, int(facing), kind, 1.0, rel=int(rel[self._opp_hole]))
        else:
            cards = unseen_cards(self._hole, mine_up, theirs_up)
            evidence = self._evidence(self._events, opp, cards, theirs_up, mine_up)
            if not evidence:
                return
            posterior = self._posterior(evidence, cards.size)
            for s, f, c, kind, rel in evidence:
                if c:
                    self.model_.add(s, f, kind, np.bincount(rel, weights=posterior, minlength=3))
        self.model_.n_hands_ += 1
        self.model_.n_showdowns_ += self._opp_hole is not None


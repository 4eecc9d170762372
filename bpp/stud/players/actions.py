"""BPP with §6.1's refined action nodes (Korb1999 §6.1), registered ``bpp-actions``.

§6.1, "Refine action nodes": "Currently BPP merges the actions CALL and
PASS, and again BET and RAISE. [...] it is unlikely that given the same
winning probability and pot odds each dual is as good a choice as the other.
Therefore, they should be separated and given independent playing curves."
Both halves are this variant:

* the opponent's side — OPP_Action has the four states pass / call / bet /
  raise of :mod:`bpp.stud.model.actions` instead of the merged passive /
  aggressive, with the 4 × n_current M_A|C learned from showdowns;
* BPP's own side — separate playing curves for the two situations the
  merged curves served at once: ``"open"`` (nothing owed: the choice is pass
  vs bet, eq. (8)'s curve for the bet, eq. (9) + (10)'s for the pass) and
  ``"facing"`` (a bet owed: fold vs call vs raise, eq. (9), (10), (8)), each
  with its own 12 parameters (:class:`~bpp.stud.decision.curves.CurveSet`),
  searched together against ``rules`` with §4.1's shapes kept
  (``bpp/models/stud/curves_actions.json``, see its ``search`` and
  ``validation`` keys).

Why one variant and not two: §6.1 names the two halves in one sentence as
one refinement (the merged pass/call and bet/raise), and the split curves
only have a meaning beside a network that tells the duals apart; the
merged-curve form stays reachable (``params=load_params()`` plays the
shipped curves in both situations), which is how the curves' share of the
difference to ``bpp`` is measured.

What the split curves win against their merged start and against ``bpp`` is
measured by the curve search's validation (the ``validation`` key of the
curves file) and ``python figures/stud_variants.py`` (``figures/stud_variants.md``),
and reported in the documentation's results page for Korb1999.

>>> player = ActionsBPP(rng=0)
>>> player.win_tables_.tables[0].shape
(10, 5, 5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from holdem.games.base import Observation

from bpp.stud.players.paper import BPPPlayer
from bpp.models import shipped_path

if TYPE_CHECKING:
    from typing import Any

    from bpp.stud.model.actions import ActionsModel
    from bpp.stud.model.figure1 import StudCPTs
    from holdem.games.base import Event

__all__ = ["ActionsBPP"]


class ActionsBPP(BPPPlayer):
    """:class:`~bpp.stud.players.paper.BPPPlayer` with OPP_Action ∈ {pass, call, bet, raise} (§6.1).

    Parameters as :class:`BPPPlayer` (``upcards_link`` must stay off: one §6 idea per variant).

    Attributes
    ----------
    model_ : :class:`bpp.stud.model.actions.ActionsModel`
    win_tables_ : :class:`bpp.stud.model.compiled.WinTables`

    >>> ActionsBPP(upcards_link="showing")
    Traceback (most recent call last):
    ...
    ValueError: The 'upcards_link' parameter of ActionsBPP must be False (bpp-actions refines only OPP_Action); got 'showing'.
    """

    name = "bpp-actions"
    single_idea = "refines only OPP_Action"
    #: BPP's own pass/bet and fold/call/raise curves (§6.1): nothing owed, or a bet to call.
    curve_contexts = ("open", "facing")
    default_curves = shipped_path("stud", "curves_actions.json")

    def __init__(self, **kwargs: Any):
        from bpp.stud.model.actions import round_action_state

        super().__init__(**kwargs)
        self._state_of = round_action_state
        self._events: list = []

    def network(self, cpts: StudCPTs) -> tuple[dict, dict]:
        """Figure 1 with OPP_Action ∈ {pass, call, bet, raise} (:func:`bpp.stud.model.actions.actions_factors`)."""
        from bpp.stud.model.actions import actions_factors

        return actions_factors(cpts)

    def learner(self) -> ActionsModel:
        """:class:`bpp.stud.model.actions.ActionsModel`: the 4 × n_current M_A|C counted from showdowns."""
        from bpp.stud.model.actions import ActionsModel

        return ActionsModel(prior_strength=self.prior_strength)

    def curve_context(self, observation: Observation) -> int:
        """0 (``"open"``: nothing owed, pass or bet) or 1 (``"facing"``: fold, call or raise)."""
        return 1 if observation.to_call > 0 else 0

    def holdings_curve_contexts(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """The situation does not depend on the down card: the same context for every row of ``holdings`` (int (n, 1)), int64 (n,)."""
        return np.full(holdings.shape[0], self.curve_context(observation), dtype=np.int64)

    def _batch_evidence(self, observation: Any) -> tuple[np.ndarray, ...]:
        """BPP_Current, OPP_Upcards and the refined OPP_Action of every row of a heads-up batch.

        The opponent's strongest action in the round (:func:`bpp.stud.model.actions.round_action_state`): owing,
        BPP faces its bet (the round's only bet) or its raise; owing nothing, it passed or has not acted (both
        seats still to act, no bet).
        """
        from bpp.stud.model.actions import UNOBSERVED

        current, upcards, _, _ = self._batch_types(observation)
        n_bets = observation.n_bets
        state = np.where(observation.to_call > 0, np.where(n_bets >= 2, 3, 2),
                         np.where((n_bets == 0) & (observation.to_act == 2), UNOBSERVED, 0))
        return current, upcards, state

    def _batch_contexts(self, observation: Any, evidence: tuple[np.ndarray, ...]) -> np.ndarray:
        """:meth:`curve_context` of every row: 1 (facing) when BPP owes chips, else 0 (open)."""
        return (observation.to_call > 0).astype(np.intp)

    def _showdown_children(self, record: Any, at: np.ndarray, theirs: np.ndarray, cards: np.ndarray) -> np.ndarray:
        """The opponent's refined action state per showdown and round (-1: did not act), as
        :func:`~bpp.stud.model.actions.round_action_state` reads it: its strongest of pass, call, bet, raise."""
        key = record.hand * 4 + record.round
        order = np.argsort(key, kind="stable")  # each hand's round's actions together, in their order
        bet = record.kind[order] == 2
        before = np.cumsum(bet) - bet  # bets and raises before each action, in this order
        first = np.r_[True, key[order][1:] != key[order][:-1]]
        made = np.empty(len(order), dtype=bool)
        made[order] = before - before[first][np.cumsum(first) - 1] > 0  # a bet already made in its round
        kind = record.kind
        state = np.where(kind == 2, np.where(made, 3, 2), np.where(kind == 1, np.where(made, 1, 0), -1))
        out = np.full((len(cards), 4), -1)
        np.maximum.at(out, (at[theirs], record.round[theirs]), state[theirs])
        return out

    def _action(self, observation: Observation) -> int:
        return self._state_of(observation.history, 1 - observation.player, observation.round)

    def win_probability(self, observation: Observation) -> float:
        """P(BPP_Win | BPP_Current, OPP_Upcards, refined OPP_Action) (a table lookup)."""
        me = observation.player
        up = observation.up_cards
        return self._tables[observation.round].item(
            self._type_of(observation.hole + up[me]), self._type_of(up[1 - me]), self._action(observation)
        )

    def holdings_win_probabilities(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """P(BPP_Win | evidence), float (n,), had BPP held each down card of ``holdings`` (int (n, 1))."""
        from bpp.stud.model.handtypes import holding_types

        me = observation.player
        up = observation.up_cards
        current = holding_types(holdings, up[me])
        return self._tables[observation.round][current, self._type_of(up[1 - me]), self._action(observation)]

    def evidence(self, observation: Observation) -> dict:
        """State names of BPP_Current, OPP_Upcards and the refined OPP_Action (None: not yet acted)."""
        from bpp.stud.model.actions import ACTION_STATES, UNOBSERVED

        self._check_seats(observation)
        me = observation.player
        net = self._base_nets[observation.round]
        a = self._action(observation)
        return {
            "BPP_Current": net.current_states[self._type_of(observation.hole + observation.up_cards[me])],
            "OPP_Upcards": net.upcard_states[self._type_of(observation.up_cards[1 - me])],
            "OPP_Action": None if a == UNOBSERVED else ACTION_STATES[a],
        }

    def new_hand(self, seat: int) -> None:
        super().new_hand(seat)
        self._events = []

    def observe(self, event: Event) -> None:
        seat = self._seat
        if seat is None or event.player < 0 or (event.player == seat and event.kind != "action"):
            return
        if event.kind == "action":
            self._events.append(event)
        elif event.kind == "deal":
            self._opp_up.extend(event.cards)
        elif event.kind == "showdown" and self.learn and len(self._opp_up) == 4:
            opp = 1 - seat
            states = [self._state_of(self._events, opp, r) for r in range(4)]
            self.model_.update(tuple(event.cards) + tuple(self._opp_up), states)
            self._pending += 1

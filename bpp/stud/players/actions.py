"""BPP with §6.1's refined action node (Korb1999 §6.1), registered ``bpp-actions``.

The paper's player (:class:`bpp.stud.players.paper.BPPPlayer`: same evidence
otherwise, same curves) whose OPP_Action has the four states pass / call /
bet / raise of :mod:`bpp.stud.model.actions` instead of the merged
passive / aggressive, with the 4 × n_current M_A|C learned from showdowns.
§6.1's second half — separate *playing curves* for BPP's own pass vs call and
bet vs raise — is not part of this variant: it needs a curve search per new
curve, and BPP keeps the shipped curves.

>>> player = ActionsBPP(rng=0)
>>> player.win_tables_.tables[0].shape
(10, 5, 5)
"""

from __future__ import annotations

import numpy as np

from holdem.games.base import Observation

from bpp.stud.players.paper import BPPPlayer

__all__ = ["ActionsBPP"]


class ActionsBPP(BPPPlayer):
    """:class:`~bpp.stud.players.paper.BPPPlayer` with OPP_Action ∈ {pass, call, bet, raise} (§6.1).

    Parameters as :class:`BPPPlayer` (``upcards_link`` must stay off: one §6 idea per variant).

    Attributes
    ----------
    model_ : :class:`bpp.stud.model.actions.ActionsModel`
    win_tables_ : :class:`bpp.stud.model.actions.ActionsWinTables`

    >>> ActionsBPP(upcards_link="showing")
    Traceback (most recent call last):
    ...
    ValueError: The 'upcards_link' parameter of ActionsBPP must be False (bpp-actions refines only OPP_Action); got 'showing'.
    """

    name = "bpp-actions"

    def __init__(self, **kwargs):
        link = kwargs.get("upcards_link", False)
        if link:
            raise ValueError(
                f"The 'upcards_link' parameter of ActionsBPP must be False (bpp-actions refines only OPP_Action); got {link!r}."
            )
        super().__init__(**kwargs)
        from bpp.stud.model.actions import ActionsModel, ActionsWinTables, round_action_state

        self.model_ = ActionsModel(prior_strength=self.prior_strength)
        self.win_tables_ = ActionsWinTables(self._base_nets)
        self._tables = self.win_tables_.tables
        self._state_of = round_action_state
        self._events: list = []

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
        """P(BPP_Win | evidence) had BPP held each down card."""
        from bpp.stud.model.handtypes import hand_types

        me = observation.player
        up = observation.up_cards
        hands = np.empty((holdings.shape[0], 1 + len(up[me])), dtype=np.int64)
        hands[:, 0] = holdings[:, 0]
        hands[:, 1:] = up[me]
        return self._tables[observation.round][hand_types(hands), self._type_of(up[1 - me]), self._action(observation)]

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

    def compiled_networks(self) -> tuple:
        """The four :class:`~bpp.stud.model.actions.CompiledActionsNet` with the learned M_A|C."""
        if self._compiled is None:
            from bpp.stud.model.actions import CompiledActionsNet

            self._compiled = tuple(
                CompiledActionsNet(net.cpts, m) for net, m in zip(self._base_nets, self.model_.action_cpts())
            )
        return self._compiled

    def new_hand(self, seat: int) -> None:
        super().new_hand(seat)
        self._events = []

    def observe(self, event) -> None:
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

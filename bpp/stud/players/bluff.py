"""BPP with §6.1's opponent bluffing node (Korb1999 §6.1), registered ``bpp-bluff``.

The paper's player (:class:`bpp.stud.players.paper.BPPPlayer`: same
evidence, same curves, same passive/aggressive OPP_Action) whose opponent model
has the node OPP_Bluff of :mod:`bpp.stud.model.bluff` between OPP_Current /
BPP_Current and OPP_Action.  P(bluff | OPP_Current, BPP_Current) and
P(action | OPP_Current, honest) are learned from showdowns: a round counts as a
bluff when the opponent bet or raised in it and showed a hand with no pair.

>>> player = BluffBPP(rng=0)
>>> player.win_tables_.tables[3].shape
(17, 16, 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from holdem.games.base import ActionKind, Observation

from bpp.stud.players.paper import BPPPlayer

if TYPE_CHECKING:
    from bpp.stud.model.bluff import BluffModel
    from bpp.stud.model.figure1 import StudCPTs
    from holdem.games.base import Action, Event

__all__ = ["BluffBPP"]


class BluffBPP(BPPPlayer):
    """:class:`~bpp.stud.players.paper.BPPPlayer` with an OPP_Bluff node learned from showdowns (§6.1).

    Parameters as :class:`BPPPlayer` (``upcards_link`` must stay off: one §6 idea per variant).

    Attributes
    ----------
    model_ : :class:`bpp.stud.model.bluff.BluffModel`
    win_tables_ : :class:`bpp.stud.model.compiled.WinTables`

    >>> BluffBPP(upcards_link=True)
    Traceback (most recent call last):
    ...
    ValueError: The 'upcards_link' parameter of BluffBPP must be False (bpp-bluff adds only OPP_Bluff); got True.
    """

    name = "bpp-bluff"
    single_idea = "adds only OPP_Bluff"

    learned = ("OPP_Bluff", "OPP_Action")
    beliefs = ("BPP_Win", "OPP_Current", "OPP_Final", "BPP_Final", "OPP_Bluff")

    def network(self, cpts: StudCPTs) -> tuple[dict, dict]:
        """Figure 1 plus OPP_Bluff (:func:`bpp.stud.model.bluff.bluff_factors`), at the priors."""
        from bpp.stud.model.bluff import bluff_factors

        return bluff_factors(cpts)

    def learner(self) -> BluffModel:
        """:class:`bpp.stud.model.bluff.BluffModel`: β and H counted from showdowns."""
        from bpp.stud.model.bluff import BluffModel

        return BluffModel(prior_strength=self.prior_strength)

    def learned_tables(self) -> list:
        """The learned (β, H) of every round as OPP_Bluff's and OPP_Action's tables."""
        from bpp.stud.model.bluff import bluff_tables

        return [bluff_tables(beta, h) for beta, h in self.model_.action_cpts()]

    def p_bluff(self, observation: Observation) -> float:
        """P(OPP_Bluff = bluff | BPP_Current, OPP_Upcards, OPP_Action) for ``observation``."""
        return float(self.compiled_networks()[observation.round].query(self.evidence(observation))["OPP_Bluff"][1])

    def new_hand(self, seat: int) -> None:
        super().new_hand(seat)
        self._my_down: tuple = ()

    def act(self, observation: Observation) -> Action:
        self._my_down = tuple(observation.hole)  # BPP_Current at showdown needs BPP's own down card
        return super().act(observation)

    def observe(self, event: Event) -> None:
        seat = self._seat
        if seat is None or event.player < 0:
            return
        if event.player == seat:
            if event.kind == "deal":
                self._my_up.extend(event.cards)
            return
        kind = event.kind
        if kind == "action":
            r = event.round
            assert event.action is not None  # an "action" event carries its action
            self._aggressive[r] = self._aggressive[r] is True or event.action.kind == ActionKind.BET_RAISE
        elif kind == "deal":
            self._opp_up.extend(event.cards)
        elif kind == "showdown" and self.learn and len(self._opp_up) == 4 and len(self._my_up) == 4 and self._my_down:
            self.model_.update(tuple(event.cards) + tuple(self._opp_up), self._my_down + tuple(self._my_up), self._aggressive)
            self._pending += 1

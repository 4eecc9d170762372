"""BPP with §6.1's showing-strength node and split curves (Korb1999 §6.1), registered ``bpp-showing``.

§6.1: "when one's strong cards are showing on the table, there is no reason
to bet coyly [...] when one's strongest card is hidden, aggressive betting
can drive opponents out of the game prematurely. [...] divide the playing
curves [...] so that one set applies when the hand type is already fixed by
one's upcards (i.e., the strong cards are showing) and the other when the
hand type is hidden.  By optimizing these separately, the optimal behaviour
described above should be discovered."

The paper's player (:class:`bpp.stud.players.paper.BPPPlayer`: same
evidence, learning and P(win)) on the network of
:mod:`bpp.stud.model.showing` — Figure 1 plus BPP_Upcards, parallel to
OPP_Upcards, and BPP_Strength (``hidden`` / ``showing``) — whose observed
BPP_Strength picks one of two sets of the 12 curve parameters
(:class:`~bpp.stud.decision.curves.CurveSet` over ``("hidden", "showing")``),
searched together against ``rules`` with §4.1's shapes kept
(``bpp/models/stud/curves_showing.json``, see its ``search`` and ``validation``
keys).  P(win) is the paper network's (BPP_Strength is d-separated from
BPP_Win given BPP_Current), so any difference to ``bpp`` is the curves'.

Measured in the search's ``validation`` (the curves file: the split curves
against the merged shaped curves they started from, paired, on fresh
duplicate deals against ``rules``), in ``figures/stud_variants.md`` (against
every opponent, sampled and argmax) and in ``figures/stud_shape.md`` (the
shaped curves alone).  What the split can learn is §6.1's expectation: with
the strength showing, BPP bets more when ahead; the shape constraint it keeps
may cost more than the split gains, which those tables show.

>>> from holdem.cards import parse_cards
>>> from holdem.games.base import Observation
>>> player = ShowingBPP(rng=0)
>>> player.curve_contexts
('hidden', 'showing')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from holdem.games.base import Observation

from bpp.stud.players.paper import BPPPlayer, opponent_action
from bpp.models import shipped_path

if TYPE_CHECKING:
    from typing import Any

    from bpp.stud.model.figure1 import StudCPTs

__all__ = ["ShowingBPP"]


class ShowingBPP(BPPPlayer):
    """:class:`~bpp.stud.players.paper.BPPPlayer` whose curves split on BPP_Strength: hand type hidden or showing (§6.1).

    Parameters as :class:`BPPPlayer` (``upcards_link`` must stay off: one §6 idea per variant); ``params`` is a
    :class:`~bpp.stud.decision.curves.CurveSet` over :attr:`curve_contexts` (default: ``bpp/models/stud/curves_showing.json``)
    or plain curve parameters used in both situations.

    >>> ShowingBPP(upcards_link=True)
    Traceback (most recent call last):
    ...
    ValueError: The 'upcards_link' parameter of ShowingBPP must be False (bpp-showing adds only BPP's showing strength); got True.
    """

    name = "bpp-showing"
    single_idea = "adds only BPP's showing strength"
    #: BPP_Strength's states: the curves for a hand type the down card makes, and for one the up cards fix.
    curve_contexts = ("hidden", "showing")
    default_curves = shipped_path("stud", "curves_showing.json")

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        from bpp.stud.model.showing import type_shown

        self._shown = [type_shown(r) for r in range(4)]

    def curve_context(self, observation: Observation) -> int:
        """BPP_Strength: 1 (``showing``) when BPP's up cards alone have its hand's type, else 0 (``hidden``)."""
        up = observation.up_cards[observation.player]
        type_of = self._type_of
        return int(self._shown[observation.round][type_of(observation.hole + up), type_of(up)])

    def holdings_curve_contexts(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """BPP_Strength, int (n,), had BPP held each down card of ``holdings`` (int (n, 1)) (one vectorized hand-type lookup)."""
        from bpp.stud.model.handtypes import holding_types

        up = observation.up_cards[observation.player]
        return self._shown[observation.round][holding_types(holdings, up), self._type_of(up)].astype(np.int64)

    def _batch_contexts(self, observation: Any, evidence: tuple[np.ndarray, ...]) -> np.ndarray:
        """:meth:`curve_context` of every row of a batch (``evidence[0]``: BPP_Current per row)."""
        from bpp.stud.players.batched import _types

        rounds = observation.round
        rows = np.arange(len(observation))
        ups = observation.up_cards[rows, observation.player]
        out = np.empty(len(rows), dtype=np.intp)
        for r in np.unique(rounds).tolist():
            sel = np.flatnonzero(rounds == r)
            out[sel] = self._shown[r][evidence[0][sel], _types(ups[sel], r + 1)]
        return out

    def evidence(self, observation: Observation) -> dict:
        """The paper's evidence plus BPP_Upcards and BPP_Strength (state names)."""
        from bpp.stud.model.showing import STRENGTH_NODE, STRENGTH_STATES, UPCARDS_NODE

        out = super().evidence(observation)
        up = observation.up_cards[observation.player]
        out[UPCARDS_NODE] = self._base_nets[observation.round].upcard_states[self._type_of(up)]
        out[STRENGTH_NODE] = STRENGTH_STATES[self.curve_context(observation)]
        return out

    def belief_network(self, cpts: StudCPTs) -> tuple[dict, dict]:
        """Figure 1 + BPP_Upcards + BPP_Strength (:func:`bpp.stud.model.showing.showing_factors`); P(win) is the
        paper network's (BPP_Strength is d-separated from BPP_Win given BPP_Current), so play uses Figure 1."""
        from bpp.stud.model.showing import showing_factors

        return showing_factors(cpts)

    def belief_observed(self) -> tuple:
        from bpp.stud.model.showing import UPCARDS_NODE

        return ("BPP_Current", UPCARDS_NODE, "OPP_Upcards", "OPP_Action")

    def win_probability(self, observation: Observation) -> float:
        """P(BPP_Win | evidence): the paper network's table (BPP_Upcards, BPP_Strength d-separated; tested)."""
        me = observation.player
        up = observation.up_cards
        type_of = self._type_of
        return self._tables[observation.round].item(type_of(observation.hole + up[me]), type_of(up[1 - me]), opponent_action(observation))

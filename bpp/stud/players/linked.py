"""BPP with the arc BPP_Final → OPP_Final (Korb1999 §6), registered ``bpp-linked``.

The paper's player (:class:`bpp.stud.players.paper.BPPPlayer`: same evidence,
same M_A|C learned from showdowns, same curves) whose four networks carry the
one §6 change of :mod:`bpp.stud.model.linked`: both final hands come from one
deck, so OPP_Final is conditioned on BPP_Final.

>>> player = LinkedBPP(rng=0)
>>> player.win_tables_.tables[3].shape
(17, 16, 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from bpp.stud.players.paper import BPPPlayer

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

    from bpp.stud.model.figure1 import StudCPTs

__all__ = ["LinkedBPP"]


class LinkedBPP(BPPPlayer):
    """:class:`~bpp.stud.players.paper.BPPPlayer` on the networks with BPP_Final → OPP_Final (§6).

    Parameters
    ----------
    opp_given_bpp : array_like (17, 17), optional
        P(OPP_Final | BPP_Final); default the saved table (:func:`bpp.stud.model.linked.load_opp_given_bpp`).
    **kwargs
        As :class:`BPPPlayer` (``upcards_link`` must stay off: one §6 idea per variant).

    >>> LinkedBPP(upcards_link=True)
    Traceback (most recent call last):
    ...
    ValueError: The 'upcards_link' parameter of LinkedBPP must be False (bpp-linked adds only the BPP_Final -> OPP_Final arc); got True.
    """

    name = "bpp-linked"
    single_idea = "adds only the BPP_Final -> OPP_Final arc"

    def __init__(self, *, opp_given_bpp: ArrayLike | None = None, **kwargs: Any):
        from bpp.stud.model.linked import load_opp_given_bpp

        self.opp_given_bpp = load_opp_given_bpp() if opp_given_bpp is None else opp_given_bpp
        super().__init__(**kwargs)

    def network_key(self) -> tuple:
        return (np.asarray(self.opp_given_bpp, dtype=np.float64).tobytes(),)

    def network(self, cpts: StudCPTs) -> tuple[dict, dict]:
        """Figure 1 with OPP_Final conditioned on BPP_Final (:func:`bpp.stud.model.linked.linked_factors`)."""
        from bpp.stud.model.linked import linked_factors

        return linked_factors(cpts, self.opp_given_bpp)


"""BPP with §6.1's BPP Upcards link (Korb1999 §6.1), registered ``bpp-up``.

The paper's player (:class:`bpp.stud.players.paper.BPPPlayer`) whose
OPP_Action is also conditioned on what the opponent sees of BPP's hand: the
network of :mod:`bpp.stud.model.upcards`, its M_A|C,S learned from showdowns.

>>> bpp_up(rng=0).upcards_link
'showing'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bpp.stud.players.paper import BPPPlayer

if TYPE_CHECKING:
    from typing import Any

    from holdem._typing import RngLike

__all__ = ["bpp_up"]


def bpp_up(*, rng: RngLike = None, **kwargs: Any) -> BPPPlayer:
    """The registry's ``bpp-up``: :class:`~bpp.stud.players.paper.BPPPlayer` with ``upcards_link=True`` (§6.1)."""
    kwargs.setdefault("upcards_link", True)
    return BPPPlayer(rng=rng, **kwargs)

"""Every BPP built on Figure 1's network, by name: what the network figure and the belief explorer show (Korb1999 §3.1, §6).

One table, :data:`VARIANTS`, name → :class:`Variant`.  A variant is a
registered ``stud5`` agent that plays from one pgmpy network per betting round,
as :class:`bpp.stud.players.paper.BPPPlayer` does.  The figure
(``python figures/stud_network.py --variant NAME``) and the explorer
(``bpp explore stud5 --player AGENT``) need three things from that agent, and
every ``BPPPlayer`` subclass already has them:

* ``compiled_networks()`` → one object per round with ``to_network()``, the
  round's pgmpy ``DiscreteBayesianNetwork`` with the CPTs the agent has learned
  so far (its prior CPTs before any hand): a
  :class:`~bpp.stud.model.compiled.CompiledNetwork` of the variant's
  ``belief_network`` for every network-per-round BPP;
* ``evidence(observation)`` → node name → observed state name (None when not
  observed);
* ``belief(observation)`` → the round's posterior, with ``p_win``,
  ``opp_current`` and ``opp_final``.

Adding a variant is one line of :data:`bpp.stud_variants.STUD_VARIANTS` (which the
registry and ``bpp build`` read too): its agent, a title citing the paper, and
where its new nodes sit (figure units as :data:`~bpp.stud.model.drawing.FIGURE1_LAYOUT`,
explorer pixels as :data:`FIGURE1_PIXELS`).  Nodes and arcs that Figure 1 does
not have are drawn in red.

>>> v = VARIANTS["bluff"]
>>> v.agent, sorted(v.pixels)
('bpp-bluff', ['OPP_Action', 'OPP_Bluff', 'OPP_Upcards'])
>>> [sorted(m.get_parents("OPP_Action")) for m in v.networks()][0]
['OPP_Bluff', 'OPP_Current']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from bpp.stud.model import dbn as _dbn
from bpp.stud_variants import STUD_VARIANTS

if TYPE_CHECKING:
    from bpp.stud.players.paper import BPPPlayer
    from holdem._typing import RngLike

__all__ = ["FIGURE1_PIXELS", "Variant", "VARIANTS", "variant_of_agent"]

#: Where the explorer draws Figure 1's nodes, in pixels (BPP_Win on top, the finals, the current types, the evidence below).
FIGURE1_PIXELS = MappingProxyType({
    "BPP_Win": (305, 0),
    "OPP_Final": (120, 74),
    "BPP_Final": (490, 74),
    "OPP_Current": (120, 366),
    "BPP_Current": (490, 366),
    "OPP_Action": (0, 660),
    "OPP_Upcards": (245, 660),
})


@dataclass(frozen=True)
class Variant:
    """How the network figure and the explorer show one BPP of Figure 1's family.

    Parameters
    ----------
    agent : str
        The registered ``stud5`` agent (a :class:`~bpp.stud.players.paper.BPPPlayer`
        or anything with its ``compiled_networks``, ``evidence`` and ``belief``).
    title : str
        One line naming the change to Figure 1, with the paper's section.
    layout : mapping
        Figure position of each node not in Figure 1 (or moved), in the units of
        :data:`bpp.stud.model.drawing.FIGURE1_LAYOUT`.
    pixels : mapping
        Explorer position of each node not in Figure 1 (or moved), in pixels as :data:`FIGURE1_PIXELS`.
    observed : tuple of str
        Nodes the variant observes besides Figure 1's BPP_Current, OPP_Upcards and OPP_Action (shaded in the figure).
    """

    agent: str
    title: str
    layout: dict = field(default_factory=dict)
    pixels: dict = field(default_factory=dict)
    observed: tuple = ()

    def make(self, rng: RngLike = None) -> Any:
        """A new instance of the variant's agent (``rng``: None, a seed or a Generator)."""
        from bpp.registry import make_agent

        return make_agent(self.agent, rng=rng)

    def networks(self, agent: BPPPlayer | None = None) -> list:
        """The four per-round pgmpy networks of ``agent`` (default: a new one, so the prior CPTs)."""
        agent = self.make(0) if agent is None else agent
        return [net.to_network() for net in agent.compiled_networks()]


def _variant(spec) -> Variant:
    if spec.drawing == "dbn":  # not one round's network but the four rounds as slices of one (every round's evidence on its slice)
        return Variant(spec.agent, spec.title, _dbn.DBN_LAYOUT, _dbn.DBN_PIXELS, _dbn.DBN_OBSERVED)
    return Variant(spec.agent, spec.title, dict(spec.layout), dict(spec.pixels), spec.observed)


#: name → how the figure and the explorer show it, from :data:`bpp.stud_variants.STUD_VARIANTS` (one line per variant there).
VARIANTS = MappingProxyType({name: _variant(spec) for name, spec in STUD_VARIANTS.items()})


def variant_of_agent(agent: str) -> Variant:
    """The :class:`Variant` whose agent is ``agent``.

    >>> variant_of_agent("bpp-linked").title[:10]
    'bpp-linked'
    >>> variant_of_agent("rules")
    Traceback (most recent call last):
    ...
    ValueError: The 'agent' parameter of variant_of_agent must be one of ('bpp', 'bpp-up', 'bpp-linked', 'bpp-actions', 'bpp-bluff', 'bpp-dbn', 'bpp-showing'); got 'rules'.
    """
    for v in VARIANTS.values():
        if v.agent == agent:
            return v
    names = tuple(v.agent for v in VARIANTS.values())
    raise ValueError(f"The 'agent' parameter of variant_of_agent must be one of {names}; got {agent!r}.")

"""BPP's network variants (Korb1999 §3.1, §6), one line each: the one place every reader of the variants reads.

Strings and numbers only, so that :mod:`bpp.registry` and ``bpp --help`` read it
without importing :mod:`bpp.stud` (its ``__init__`` loads numpy and pgmpy).
Each :class:`VariantSpec` declares a variant once; from :data:`STUD_VARIANTS`

* :mod:`bpp.registry` registers ``agent`` → ``player`` (a ``stud5`` agent);
* ``bpp build`` (:mod:`bpp.commands.build`) offers ``target`` → ``builder``, ``target_help``;
* :mod:`bpp.stud.players.variants` builds the figure/explorer table
  (``title``, ``layout``, ``pixels``, ``observed``), read by
  ``figures/stud_network.py --variant NAME`` and ``bpp explore stud5 --player AGENT``;
* ``factors`` names the variant's factor function (its network as tables,
  ``f(cpts, **tables) -> (factors, states)``): play compiles it, and the one
  pgmpy builder (:func:`bpp.stud.model.networks.build_network`) builds every
  variant's network from it, for ``bpp build``, the figure and the tests;
* ``models`` names the shipped folder (the one place: the model modules read
  :attr:`VariantSpec.models_path`) and ``stem`` its files' names.

Adding a §6 variant is one line of :data:`STUD_VARIANTS` (and its player class).

>>> s = STUD_VARIANTS["bluff"]
>>> s.agent, s.target, s.models, s.factors
('bpp-bluff', 'stud-bluff', 'stud/bluff', 'bpp.stud.model.bluff:bluff_factors')
>>> s.models_path.parts[-3:]
('models', 'stud', 'bluff')
>>> [s.agent for s in STUD_VARIANTS.values() if s.target is None]
['bpp-up']
>>> [s.agent for s in STUD_VARIANTS.values() if s.batches]
['bpp', 'bpp-up', 'bpp-linked', 'bpp-actions', 'bpp-bluff', 'bpp-dbn', 'bpp-showing']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["STUD_VARIANTS", "VariantSpec"]


@dataclass(frozen=True)
class VariantSpec:
    """One BPP of Figure 1's family, declared once.

    Parameters
    ----------
    agent : str
        The registered ``stud5`` agent name.
    player : str
        ``"module:attribute"`` of its class or factory ``f(*, rng)`` (imported on first use).
    note : str
        What the variant changes, with the paper's section (the registry's line).
    title : str
        The network figure's and explorer's one-line title.
    target, builder, target_help : str or None
        ``bpp build`` target name, its module (``"module[:NAME]"`` with ``add_arguments`` and ``run``) and help line;
        None when the variant has no files of its own (``bpp-up`` builds on ``stud-nets``' networks).
    models : str or None
        The shipped folder under ``bpp/models`` the builder writes with ``--replace-shipped``.
    factors : str or None
        ``"module:function"`` of the network as tables, ``function(cpts, **tables) -> (factors, states)``
        (:mod:`bpp.stud.model.compiled`); the pgmpy network is built from it.
    stem : str or None
        The saved networks' file names: ``{stem}_round{r}.bif`` (``{stem}.bif`` for the one-network DBN).
    layout, pixels : mapping
        Figure position (units of :data:`bpp.stud.model.drawing.FIGURE1_LAYOUT`) and explorer position (pixels) of
        each node not in Figure 1 (or moved); ``drawing="dbn"`` takes both from :mod:`bpp.stud.model.dbn`.
    observed : tuple of str
        Nodes observed besides Figure 1's BPP_Current, OPP_Upcards and OPP_Action (shaded in the figure).
    drawing : str
        ``"rounds"`` (one network per betting round) or ``"dbn"`` (the four rounds as slices of one network, §6.3).
    batches : bool
        Whether the player decides whole batches of hands exactly as hand by hand, learning included (its
        ``act_batch``: ``play_match`` then plays it on the batched engine, :mod:`holdem.match.batched`).
    """

    agent: str
    player: str
    note: str
    title: str
    target: str | None = None
    builder: str | None = None
    target_help: str | None = None
    models: str | None = None
    layout: dict = field(default_factory=dict)
    pixels: dict = field(default_factory=dict)
    observed: tuple = ()
    drawing: str = "rounds"
    factors: str | None = None
    stem: str | None = None
    batches: bool = False

    @property
    def file_stem(self) -> str:
        """:attr:`stem`, for a variant that writes networks; a ValueError names the variant otherwise."""
        if self.stem is None:
            raise ValueError(f"The stud variant {self.agent!r} writes no networks: it has no file stem.")
        return self.stem

    @property
    def build_target(self) -> str:
        """:attr:`target`, for a variant ``bpp build`` makes; a ValueError names the variant otherwise."""
        if self.target is None:
            raise ValueError(f"The stud variant {self.agent!r} has no build target.")
        return self.target

    @property
    def models_path(self) -> Path:
        """The shipped folder (:func:`bpp.models.shipped_path` of :attr:`models`); a ValueError names a variant without one."""
        from bpp.models import shipped_path

        if self.models is None:
            raise ValueError(f"The stud variant {self.agent!r} ships no networks: it has no models folder.")
        return shipped_path(*self.models.split("/"))


#: figure name (``--variant``) → the variant's spec; one entry per variant, in the order every list shows them.
STUD_VARIANTS = MappingProxyType({
    "paper": VariantSpec(
        "bpp", "bpp.stud.players.paper:BPPPlayer", "Korb1999 §3: Figure 1's network per round",
        "BPP's network (Korb1999 Figure 1)",
        "stud-nets", "bpp.stud.model.build:NETS",
        "BPP's four five-card stud networks (BIF and XMLBIF) from dealt or enumerated hands", "stud", factors="bpp.stud.model.figure1:figure1_factors", stem="stud",
        batches=True),
    "up": VariantSpec(
        "bpp-up", "bpp.stud.players.upcards:bpp_up", "§6.1: OPP_Action also conditioned on BPP's up cards",
        "bpp-up: Figure 1 + BPP_Showing → OPP_Action (Korb1999 §6.1)",
        layout={"BPP_Showing": (-1.0, 1.0)}, pixels={"BPP_Showing": (0, 770)}, observed=("BPP_Showing",), factors="bpp.stud.model.upcards:upcards_factors", batches=True),
    "linked": VariantSpec(
        "bpp-linked", "bpp.stud.players.linked:LinkedBPP", "§6: arc BPP_Final -> OPP_Final (one deck)",
        "bpp-linked: Figure 1 + BPP_Final → OPP_Final (Korb1999 §6.1)",
        "stud-linked", "bpp.stud.model.build:LINKED",
        "BPP's stud networks with the arc BPP_Final -> OPP_Final (Korb1999 section 6)", "stud/linked",
        factors="bpp.stud.model.linked:linked_factors", stem="stud_linked", batches=True),
    "actions": VariantSpec(
        "bpp-actions", "bpp.stud.players.actions:ActionsBPP",
        "§6.1: OPP_Action = pass/call/bet/raise, own open/facing curves",
        "bpp-actions: OPP_Action = pass/call/bet/raise (Korb1999 §6.1)",
        "stud-actions", "bpp.stud.model.build:ACTIONS",
        "BPP's stud networks with the pass/call/bet/raise OPP_Action, at its prior (Korb1999 section 6.1)",
        "stud/actions", factors="bpp.stud.model.actions:actions_factors", stem="stud_actions", batches=True),
    "bluff": VariantSpec(
        "bpp-bluff", "bpp.stud.players.bluff:BluffBPP", "§6.1: OPP_Bluff node learned from showdowns",
        "bpp-bluff: Figure 1 + OPP_Bluff between OPP/BPP_Current and OPP_Action (Korb1999 §6.1)",
        "stud-bluff", "bpp.stud.model.build:BLUFF",
        "BPP's stud networks with the OPP_Bluff node, at its priors (Korb1999 section 6.1)", "stud/bluff",
        layout={"OPP_Upcards": (-0.5, 0.0), "OPP_Bluff": (0.5, 0.0), "OPP_Action": (0.0, -1.0)},
        pixels={"OPP_Upcards": (0, 660), "OPP_Bluff": (490, 660), "OPP_Action": (245, 800)},
        factors="bpp.stud.model.bluff:bluff_factors", stem="stud_bluff", batches=True),
    "dbn": VariantSpec(
        "bpp-dbn", "bpp.stud.players.dbn:DBNBPP", "§6.3: one four-slice dynamic network, belief carried across rounds",
        "bpp-dbn: the four rounds as time slices of one dynamic network (Korb1999 §6.3)",
        "stud-dbn", "bpp.stud.model.build:DBN",
        "BPP's four-slice dynamic Bayesian network (Korb1999 section 6.3)", "stud/dbn", drawing="dbn",
        factors="bpp.stud.model.dbn:dbn_factors", stem="stud_dbn", batches=True),
    "showing": VariantSpec(
        "bpp-showing", "bpp.stud.players.showing:ShowingBPP", "§6.1: curves split on BPP's strength showing / hidden",
        "bpp-showing: Figure 1 + BPP_Upcards and BPP_Strength (Korb1999 §6.1)",
        "stud-showing", "bpp.stud.model.build:SHOWING",
        "BPP's stud networks with BPP_Upcards and BPP_Strength (Korb1999 section 6.1)", "stud/showing",
        layout={"BPP_Upcards": (1.6, 0.0), "BPP_Strength": (1.0, -1.0)},
        pixels={"BPP_Upcards": (490, 660), "BPP_Strength": (735, 800)}, observed=("BPP_Upcards", "BPP_Strength"),
        factors="bpp.stud.model.showing:showing_factors", stem="stud_showing", batches=True),
})

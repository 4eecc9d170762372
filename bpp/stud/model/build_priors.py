"""``bpp build stud-actions | stud-bluff | stud-showing``: the §6.1 networks that need no dealing (Korb1999 §6.1).

Each is Figure 1's exact tables (those of ``bpp/models/stud``, ``bpp build
stud-nets``) plus the variant's nodes; a table the player learns per opponent
from showdowns is saved at the prior a new player starts from.  By default the
networks go to the cache (or ``--out DIR``); only ``--replace-shipped`` writes
over the shipped ``bpp/models/stud/<variant>``.

* ``stud-actions``: OPP_Action with pass / call / bet / raise, ¼ each (§5.2's
  uninformative start) — :mod:`bpp.stud.model.actions`;
* ``stud-bluff``: OPP_Bluff between OPP/BPP_Current and OPP_Action, P(bluff)
  = 5 % (BPP's own bluff rate, §4.2) and the honest actions ½ / ½ —
  :mod:`bpp.stud.model.bluff`;
* ``stud-showing``: BPP_Upcards (the same M_U|C as OPP_Upcards) and
  BPP_Strength (hidden / showing, deterministic) — :mod:`bpp.stud.model.showing`.

>>> [t.name for t in (ACTIONS, BLUFF, SHOWING)]
['stud-actions', 'stud-bluff', 'stud-showing']
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from holdem.tables import add_build_output, build_destination

from bpp.stud_variants import STUD_VARIANTS

_PAPER = "Korb, Nicholson & Jitnah, Bayesian Poker, UAI 1999, section 6.1"


@dataclass(frozen=True)
class PriorBuild:
    """One build target: the four networks of ``variant`` (:func:`bpp.stud.model.networks.save_variant`) at their priors."""

    variant: str
    info: dict

    @property
    def name(self) -> str:
        return STUD_VARIANTS[self.variant].build_target

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Options of ``bpp build <name>``."""
        add_build_output(parser, f"bpp/models/{STUD_VARIANTS[self.variant].models}", folder=True)

    def run(self, args: argparse.Namespace) -> int:
        """Build and save the four networks; print one line per file written."""
        from bpp.stud.model.networks import save_variant

        out = build_destination(args, STUD_VARIANTS[self.variant].models_path, folder=True, name=self.name)
        for path in save_variant(self.variant, out_dir=out, info={**self.info, "paper": f"{_PAPER} ({self.info['paper']})"}):
            print(path)
        return 0


ACTIONS = PriorBuild("actions", {
    "opp_action": "pass / call / bet / raise, 1/4 each: the prior a new bpp-actions learns from (section 5.2)",
    "learned": "OPP_Action | OPP_Current is learned per opponent from showdowns; this is its prior",
    "other_cpts": "the shipped exact tables of bpp/models/stud (bpp build stud-nets)",
    "paper": "refine action nodes"})
BLUFF = PriorBuild("bluff", {
    "honest_action": "1/2 passive, 1/2 aggressive (section 5.2)",
    "prior_bluff": 0.05,
    "learned": "OPP_Bluff and OPP_Action | honest are learned per opponent from showdowns; these are their priors",
    "other_cpts": "the shipped exact tables of bpp/models/stud (bpp build stud-nets)",
    "paper": "add bluffing to the opponent model"})
SHOWING = PriorBuild("showing", {
    "other_cpts": "exact (bpp build stud-nets); BPP_Upcards uses M_U|C, BPP_Strength is deterministic",
    "paper": "a node for BPP parallel to OPP Upcards"})

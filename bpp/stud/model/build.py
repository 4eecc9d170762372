"""``bpp build stud-*``: BPP's networks (Korb1999 §3, §6), one target per variant of :data:`bpp.stud_variants.STUD_VARIANTS`.

Every target writes under the user cache (``~/.cache/bpp/<target>``), or
``--out DIR``; only ``--replace-shipped`` writes over the variant's shipped
folder (the spec's ``models``) that play loads, so a small trial build never
spoils it.  Each network is built by the one pgmpy builder,
:func:`bpp.stud.model.networks.build_network`, from the variant's factor function.

* ``stud-nets`` (:data:`NETS`, §3): Figure 1's four networks.  The CPTs are
  computed exactly by enumeration (about 3 s), or with ``--deals N`` counted
  from N random heads-up deals as the paper did ("estimated by dealing out
  10,000,000 hands", §3.3).  Writes ``stud_round{0..3}.bif``, ``.xmlbif``,
  ``stud_cpts.npz`` and ``build_info.json``.
* ``stud-linked`` (:data:`LINKED`, §6): the arc BPP_Final → OPP_Final;
  P(OPP_Final | BPP_Final) is counted from ``--deals`` deals (default
  10,000,000, §3.3), the other CPTs are the exact ones.  Writes
  ``stud_linked_round{0..3}.bif``, ``opp_final_given_bpp_final.npz`` and
  ``build_info.json``.
* ``stud-dbn`` (:data:`DBN`, §6.3): the four-slice dynamic network; every
  dealt table (P(Current_0), the transitions M_{C_{t+1}|C_t}, the up-card
  tables) is counted from ``--deals`` deals (default 10,000,000).  Writes
  ``stud_dbn.bif``, ``stud_dbn.xmlbif``, ``stud_dbn_cpts.npz`` and ``build_info.json``.
* ``stud-actions``, ``stud-bluff``, ``stud-showing`` (:data:`ACTIONS`,
  :data:`BLUFF`, :data:`SHOWING`, §6.1): Figure 1's exact tables (those of
  ``bpp/models/stud``) plus the variant's nodes, no dealing; a table the
  player learns per opponent from showdowns is saved at the prior a new
  player starts from — OPP_Action pass / call / bet / raise ¼ each (§5.2's
  uninformative start); OPP_Bluff with P(bluff) = 5 % (BPP's own bluff rate,
  §4.2) and the honest actions ½ / ½; BPP_Upcards (the same M_U|C as
  OPP_Upcards) and BPP_Strength (hidden / showing, deterministic).

Top-level imports stay light (``bpp build --help`` reads this module's targets).

>>> [t.name for t in (NETS, LINKED, DBN, ACTIONS, BLUFF, SHOWING)]
['stud-nets', 'stud-linked', 'stud-dbn', 'stud-actions', 'stud-bluff', 'stud-showing']
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from holdem.tables import add_build_output, build_destination, positive_int

from bpp.stud_variants import STUD_VARIANTS

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

_PAPER = "Korb, Nicholson & Jitnah, Bayesian Poker, UAI 1999"
_DEALS = "(default 10,000,000, as §3.3; --hands is an alias)"


@dataclass(frozen=True)
class StudBuild:
    """``bpp build <target>`` of one variant: its options, then ``_<variant>(args, out)`` writes the files.

    ``hands_help`` / ``seed_help`` are the help of ``--deals`` (alias ``--hands``) / ``--seed`` (None: the build
    deals nothing); ``hands`` is its default (None: exact enumeration); ``info`` goes to ``build_info.json``.
    """

    variant: str
    info: dict
    hands_help: str | None = None
    seed_help: str = "seed of the deals (default 0)"
    hands: int | None = 10_000_000

    @property
    def name(self) -> str:
        return STUD_VARIANTS[self.variant].build_target

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Options of ``bpp build <name>``."""
        from holdem.tables import seed

        if self.hands_help is not None:
            parser.add_argument("--deals", "--hands", dest="hands", type=positive_int, default=self.hands, metavar="N",
                                help=self.hands_help)
            parser.add_argument("--seed", type=seed, default=0, help=self.seed_help)
        add_build_output(parser, f"bpp/models/{STUD_VARIANTS[self.variant].models}", folder=True)

    def run(self, args: argparse.Namespace) -> int:
        """Build, check and save the networks; print one line per file written."""
        spec = STUD_VARIANTS[self.variant]
        out = build_destination(args, spec.models_path, folder=True, name="stud" if self.variant == "paper" else self.name)
        info = {**self.info, "paper": f"{_PAPER}, {self.info['paper']}"}
        for path in getattr(self, f"_{self.variant}", self._prior)(args, out, info):
            print(path)
        return 0

    def _paper(self, args: argparse.Namespace, out: Path, info: dict) -> list:
        from bpp.stud.model import networks
        from bpp.stud.model.estimate import estimate_all_cpts

        method = "exact" if args.hands is None else "sample"
        start = time.perf_counter()
        cpts = estimate_all_cpts(method=method, n_hands=args.hands or 10_000_000, rng=args.seed, progress=True)
        seconds = time.perf_counter() - start
        models = [networks.build_network(c) for c in cpts]
        for model, c in zip(models, cpts):
            model.check_model()
            networks.validate_cpts(c, "the built networks", betting_round=c.betting_round)
        info = {"method": method, "n_hands": args.hands, "seed": args.seed if args.hands is not None else None,
                "cpt_seconds": round(seconds, 3), **info}
        if args.hands is not None:
            info["equal_type_deals"] = cpts[0].info.get("equal_type_deals")
        written = networks.save_networks(models, out, info=info)
        print(f"CPTs ({method}) in {seconds:.1f} s", file=sys.stderr)
        return written

    def _linked(self, args: argparse.Namespace, out: Path, info: dict) -> list:
        from bpp.stud.model import linked
        from bpp.stud.model.estimate import estimate_all_cpts

        return _dealt(args, info, linked.estimate_opp_given_bpp, "P(OPP_Final | BPP_Final)",
                      lambda q, info: linked.save_linked(q, estimate_all_cpts(), out, info=info))

    def _dbn(self, args: argparse.Namespace, out: Path, info: dict) -> list:
        from bpp.stud.model import dbn

        return _dealt(args, info, dbn.estimate_dbn_cpts, "the DBN's tables", lambda cpts, info: dbn.save_dbn(cpts, out, info=info))

    def _prior(self, args: argparse.Namespace, out: Path, info: dict) -> list:
        from bpp.stud.model.networks import save_variant

        return save_variant(self.variant, out_dir=out, info=info)


def _dealt(args: argparse.Namespace, info: dict, estimate: Callable, what: str, save: Callable) -> list:
    """Count the tables from ``--hands`` deals (``estimate``), then ``save(tables, info)`` with the deals and time."""
    start = time.perf_counter()
    tables = estimate(args.hands, rng=args.seed, progress=True)
    seconds = time.perf_counter() - start
    written = save(tables, {"n_hands": args.hands, "seed": args.seed, "seconds": round(seconds, 3), **info})
    print(f"{what} from {args.hands:,} deals in {seconds:.1f} s", file=sys.stderr)
    return written


_EXACT = "the shipped exact tables of bpp/models/stud (bpp build stud-nets)"

NETS = StudBuild("paper", {"paper": "section 3.3"},
                 "estimate the CPTs from N random deals as the paper did (default: exact enumeration; --hands is an alias)",
                 "seed of the deals with --deals (default 0)", hands=None)
LINKED = StudBuild("linked", {"other_cpts": "exact (bpp build stud-nets)", "paper": "section 6 (arc BPP_Final -> OPP_Final)"},
                   f"deals counted for P(OPP_Final | BPP_Final) {_DEALS}")
DBN = StudBuild("dbn", {"pseudo_count": "Jeffreys 1/2 in every cell of every dealt table",
                        "paper": "section 6.3 (dynamic Bayesian network)"},
                f"deals counted for the dealt tables {_DEALS}")
ACTIONS = StudBuild("actions", {
    "opp_action": "pass / call / bet / raise, 1/4 each: the prior a new bpp-actions learns from (section 5.2)",
    "learned": "OPP_Action | OPP_Current is learned per opponent from showdowns; this is its prior",
    "other_cpts": _EXACT, "paper": "section 6.1 (refine action nodes)"})
BLUFF = StudBuild("bluff", {
    "honest_action": "1/2 passive, 1/2 aggressive (section 5.2)", "prior_bluff": 0.05,
    "learned": "OPP_Bluff and OPP_Action | honest are learned per opponent from showdowns; these are their priors",
    "other_cpts": _EXACT, "paper": "section 6.1 (add bluffing to the opponent model)"})
SHOWING = StudBuild("showing", {
    "other_cpts": "exact (bpp build stud-nets); BPP_Upcards uses M_U|C, BPP_Strength is deterministic",
    "paper": "section 6.1 (a node for BPP parallel to OPP Upcards)"})

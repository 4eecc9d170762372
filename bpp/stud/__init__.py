"""The Bayesian Poker Program for five-card stud (seed 002: Korb, Nicholson & Jitnah, "Bayesian Poker", UAI 1999).

Hand types (§3.2) are in :mod:`bpp.stud.handtypes`; the four per-round pgmpy
networks of Figure 1, their CPTs (§3.3), BIF/XMLBIF persistence and the
compiled numpy form used in the match loop are in :mod:`bpp.stud.networks`.

The players (registered for ``bpp match stud5``): the paper's BPP
(:mod:`bpp.stud.player`, ``bpp``), its §6.1 BPP-upcards extension
(:mod:`bpp.stud.upcards`, ``bpp-up``), the card-level, all-rounds BPP of
§6.1/§6.3 (:mod:`bpp.stud.cardlevel`, ``bpp-card``: the one that beats both
automated opponents significantly), the probabilistic and rule-based
opponents of §5.1 (:mod:`bpp.stud.opponents`, ``prob`` and ``rules``) and the
exact-inference reference (:mod:`bpp.stud.reference`, ``rules-reader``).
Experiments of §5.2 are in :mod:`bpp.stud.experiments`, the curve search of
§4.1 in :mod:`bpp.stud.search`, belief traces in :mod:`bpp.stud.inspect`.
"""

from bpp.stud.handtypes import (
    FINAL_TYPES,
    N_FINAL_TYPES,
    PAPER_TABLE1,
    TABLE1_TYPES,
    final_types_from_classes,
    hand_type_of,
    hand_types,
    table1_comparison,
    type_names,
)
from bpp.stud.networks import (
    ACTIONS,
    EDGES,
    N_ROUNDS,
    NODES,
    WIN_STATES,
    CompiledStudNet,
    StudBelief,
    StudCPTs,
    build_network,
    build_networks,
    compile_network,
    current_type_names,
    default_action_cpt,
    estimate_all_cpts,
    estimate_cpts,
    load_compiled,
    load_cpts,
    load_networks,
    network_cpts,
    save_networks,
    upcard_type_names,
)

__all__ = [
    # hand types (§3.2)
    "FINAL_TYPES",
    "N_FINAL_TYPES",
    "PAPER_TABLE1",
    "TABLE1_TYPES",
    "final_types_from_classes",
    "hand_type_of",
    "hand_types",
    "table1_comparison",
    "type_names",
    # networks (§3.1, §3.3, §3.4)
    "ACTIONS",
    "EDGES",
    "N_ROUNDS",
    "NODES",
    "WIN_STATES",
    "CompiledStudNet",
    "StudBelief",
    "StudCPTs",
    "build_network",
    "build_networks",
    "compile_network",
    "current_type_names",
    "default_action_cpt",
    "estimate_all_cpts",
    "estimate_cpts",
    "load_compiled",
    "load_cpts",
    "load_networks",
    "network_cpts",
    "save_networks",
    "upcard_type_names",
]

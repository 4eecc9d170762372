"""The Bayesian Poker Program for five-card stud (Korb1999: Korb, Nicholson & Jitnah, "Bayesian Poker", UAI 1999).

The package follows the paper, in layers that import one way (each only
from the layers before it; ``tests/stud/test_stud_package.py`` checks it):

:mod:`bpp.stud.model` (§3)
    Hand types (§3.2, Table 1), partial-hand values as Figure 4 reads them,
    the four per-round pgmpy networks of Figure 1 with their CPTs (§3.3),
    BIF/XMLBIF files and compiled numpy forms, learning from showdowns, and
    §6.1's BPP Upcards network.
:mod:`bpp.stud.decision` (§2.2, §4)
    Pot odds and θ, the betting curves of eq. (8)-(10), the bluff, and
    :class:`~bpp.stud.decision.player.CurvePlayer`, the base of every player
    that turns P(win) into play (sampled, as the paper, or ``play="argmax"``).
:mod:`bpp.stud.opponents` (§5.1)
    ``prob`` and ``rules``, and opponents with other betting structures
    (``bluffer``, ``slowplay``, ``loose``).
:mod:`bpp.stud.players` (§3-§6)
    ``bpp`` (the paper's network), ``bpp-up`` (+ §6.1's link), ``bpp-card``
    (§6.1/§6.3's card-level, all-rounds network), ``rules-reader``
    (exact inference with Figure 4 known) and the other §6 variants
    (``bpp-actions``, ``bpp-showing`` with §6.1's split curves, …) and ``bpp-multi`` (§6.2: a
    multi-seat table, one opponent sub-network per seat), each a small module.
:mod:`bpp.stud.experiments` (§4.1, §5.2)
    Significance and learning tests, Figure 3, the curve search, the
    calibration study of why the paper's network loses, belief traces.

The names below (hand types and networks) are importable from ``bpp.stud`` itself.
"""

from bpp.stud.model.handtypes import (
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
from bpp.stud.model.compiled_stud import CompiledStudNet, StudBelief, compile_network, load_compiled
from bpp.stud.model.estimate import estimate_all_cpts, estimate_cpts
from bpp.stud.model.figure1 import (
    ACTIONS,
    EDGES,
    N_ROUNDS,
    NODES,
    WIN_STATES,
    StudCPTs,
    current_type_names,
    default_action_cpt,
    upcard_type_names,
)
from bpp.stud.model.networks import build_network, build_networks, load_cpts, load_networks, network_cpts, save_networks

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

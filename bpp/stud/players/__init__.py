"""The BPP players (Korb1999 §3-§6), each a small module on the shared decision rule.

:mod:`~bpp.stud.players.paper` (``bpp``: Figure 1's network, §3-§5),
:mod:`~bpp.stud.players.upcards` (``bpp-up``: + §6.1's BPP Upcards link),
:mod:`~bpp.stud.players.showing` (``bpp-showing``: §6.1's curves split on
whether BPP's strength is showing),
:mod:`~bpp.stud.players.reference` (the down-card base and ``rules-reader``:
exact inference with Figure 4 known) and
:mod:`~bpp.stud.players.cardlevel` (``bpp-card``: §6.1's card-level
refinement and §6.3's all-rounds evidence) and
:mod:`~bpp.stud.players.multi` (``bpp-multi``: §6.2's multi-seat table, one
opponent sub-network per seat; ``bpp-strongest``, its baseline).  They import
:mod:`bpp.stud.model` and :mod:`bpp.stud.decision`; only the reference
reader imports an opponent (it inverts Figure 4 by design).
"""

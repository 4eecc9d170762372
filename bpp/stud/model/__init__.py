"""BPP's networks and their compiled forms (Korb1999 §3): hand types, Figure 1's networks, learning, the §6.1 network.

:mod:`~bpp.stud.model.handtypes` (§3.2 hand types, Table 1),
:mod:`~bpp.stud.model.handvalue` (partial hands compared as Figure 4 reads
them), :mod:`~bpp.stud.model.networks` (the four per-round pgmpy networks of
Figure 1, their CPTs of §3.3, BIF/XMLBIF files and the compiled numpy form),
:mod:`~bpp.stud.model.learning` (M_A|C counted from showdowns, §3.3 / §5.2),
:mod:`~bpp.stud.model.upcards` (§6.1's BPP Upcards link),
:mod:`~bpp.stud.model.multi` (§6.2's multi-seat networks, one opponent
sub-network per seat),
:mod:`~bpp.stud.model.showing` (§6.1's node for BPP parallel to OPP_Upcards
and BPP_Strength, hidden / showing) and
:mod:`~bpp.stud.model.build` (rebuilding ``bpp/models/stud/``).  Nothing here
imports a player.
"""

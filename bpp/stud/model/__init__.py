"""BPP's networks and their compiled forms (Korb1999 §3): hand types, Figure 1's networks, learning, the §6.1 network.

:mod:`~bpp.stud.model.handtypes` (§3.2 hand types, Table 1),
:mod:`~bpp.stud.model.handvalue` (partial hands compared as Figure 4 reads
them), Figure 1 by job: :mod:`~bpp.stud.model.figure1` (its nodes, states and
CPT type, §3.3), :mod:`~bpp.stud.model.estimate` (the CPTs counted from the deal),
:mod:`~bpp.stud.model.networks` (the four per-round pgmpy networks, BIF/XMLBIF and
``.npz`` files), :mod:`~bpp.stud.model.compiled_stud` (the compiled numpy form),
:mod:`~bpp.stud.model.drawing` (the figure); :mod:`~bpp.stud.model.compiled`
(any network compiled to tables: every §6 variant's inference),
:mod:`~bpp.stud.model.learning` (M_A|C counted from showdowns, §3.3 / §5.2),
:mod:`~bpp.stud.model.upcards` (§6.1's BPP Upcards link),
:mod:`~bpp.stud.model.multi` (§6.2's multi-seat networks, one opponent
sub-network per seat),
:mod:`~bpp.stud.model.showing` (§6.1's node for BPP parallel to OPP_Upcards
and BPP_Strength, hidden / showing) and
:mod:`~bpp.stud.model.build` (rebuilding ``bpp/models/stud/``).  Nothing here
imports a player.
"""

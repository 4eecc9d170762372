"""BPP's decision rule (Korb1999 §2.2, §4): pot odds and θ, the betting curves and their search space, the bluff.

:mod:`~bpp.stud.decision.curves` (eq. (1)-(10), the fitted parameters) and
:mod:`~bpp.stud.decision.player` (:class:`~bpp.stud.decision.player.CurvePlayer`,
the base of every player that turns P(win) into play).  Imports only
:mod:`bpp.stud.model` (nothing) and :mod:`holdem`.
"""

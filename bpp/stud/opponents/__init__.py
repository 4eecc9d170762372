"""BPP's automated opponents (Korb1999 §5.1) and opponents with other betting structures.

:mod:`~bpp.stud.opponents.paper`: the probabilistic player (``prob``) and
Figure 4's rule-based player (``rules``); :mod:`~bpp.stud.opponents.styles`:
``bluffer``, ``slowplay`` and ``loose``.  They import
:mod:`bpp.stud.decision` and :mod:`bpp.stud.model`, never a BPP player.
"""

from bpp.stud.opponents.paper import ProbabilisticPlayer, RuleBasedPlayer, figure4_policy, sample_win_probability
from bpp.stud.opponents.styles import Bluffer, LooseCaller, SlowPlayer

__all__ = [
    "ProbabilisticPlayer",
    "RuleBasedPlayer",
    "figure4_policy",
    "sample_win_probability",
    "Bluffer",
    "SlowPlayer",
    "LooseCaller",
]

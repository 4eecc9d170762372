"""The Kendall–Willdig adaptive player for five-card draw (Kendall2001: Kendall & Willdig, "An Investigation of an Adaptive Poker Player", 2001).

* :mod:`bpp.kendall.handvalues` — hand values at the granularity of the
  paper's tables ("Pair 9's", "Three J's", "Flush 6 High" …), 100 classes
  computed from the engine's evaluator, vectorized;
* :mod:`bpp.kendall.styles` — the four fixed styles as declarative tables
  (Tables 1-4), one row per printed row, and how the text was read;
* :mod:`bpp.kendall.drawing` — the standard drawing policy every player uses;
* :mod:`bpp.kendall.players` — :class:`StylePlayer` (registered as
  ``loose-aggressive``, ``loose-passive``, ``tight-aggressive``,
  ``tight-passive``) and the evolving player :class:`EvolvingPlayer`
  (``evolving``) with its decision rule and ±0.1 learning (§3);
* :mod:`bpp.kendall.training` — training (Table 5, Figures 4-5) and evaluation
  (Table 6, Figure 6); ``bpp kendall train`` / ``bpp kendall evaluate``;
* :mod:`bpp.kendall.plots` — the learning curves and bankrolls.
"""

from bpp.kendall.drawing import discards
from bpp.kendall.handvalues import N_VALUES, VALUE_NAMES, hand_value, hand_values, value_name, value_of_name
from bpp.kendall.players import EvolvingPlayer, StylePlayer, check_values, decide, load_values, raise_weight
from bpp.kendall.styles import STYLE_NAMES, STYLES, compile_style
from bpp.kendall.training import PAPER_TABLE5, PAPER_TABLE6, TABLES, evaluate, play_table, train

__all__ = [
    "N_VALUES",
    "VALUE_NAMES",
    "hand_value",
    "hand_values",
    "value_name",
    "value_of_name",
    "STYLE_NAMES",
    "STYLES",
    "compile_style",
    "discards",
    "StylePlayer",
    "EvolvingPlayer",
    "decide",
    "raise_weight",
    "check_values",
    "load_values",
    "TABLES",
    "PAPER_TABLE5",
    "PAPER_TABLE6",
    "train",
    "evaluate",
    "play_table",
]

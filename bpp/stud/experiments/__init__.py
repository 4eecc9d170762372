"""The experiments on top of the players (Korb1999 §4.1, §5.2).

:mod:`~bpp.stud.experiments.match` (§5.2's significance and learning tests,
Figure 3), :mod:`~bpp.stud.experiments.search` (the §4.1 curve search),
:mod:`~bpp.stud.experiments.calibration` (why the paper's network loses:
P(win) calibration, sampled against deterministic play) and
:mod:`~bpp.stud.experiments.inspection` (belief traces).
"""

from bpp.stud.experiments.match import (
    SEEDS,
    ExperimentResult,
    LearningResult,
    cumulative_winnings,
    learning_test,
    plot_cumulative_winnings,
    significance,
)

__all__ = [
    "ExperimentResult",
    "LearningResult",
    "significance",
    "learning_test",
    "cumulative_winnings",
    "plot_cumulative_winnings",
    "SEEDS",
]

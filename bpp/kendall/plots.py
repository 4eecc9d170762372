"""Plots of the Kendall–Willdig experiments: learning curves (Figures 4-5) and a table's bankrolls (Figure 6).

Every helper takes an optional ``ax`` and returns the artists it drew; none calls ``plt.show()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from bpp.kendall.training import STARTING_BANKROLL
from bpp.plots import axes_or_new

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D

    from bpp.kendall.training import TableRecord, TrainingResult

__all__ = ["plot_learning_curves", "plot_table_bankrolls"]


def plot_learning_curves(results: TrainingResult | Sequence[TrainingResult], ax: Axes | None = None, *,
                         label: str | None = None, color: Any = None, spread: bool = False) -> list[Any]:
    """The evolving player's bankroll per epoch for one or more training sessions (Kendall2001 Figures 4-5).

    Parameters
    ----------
    results : TrainingResult or sequence of them
        Sessions at the same table (different seeds).
    spread : bool
        Draw every session faint, their mean bold and the range shaded (the
        five-seed spread); else one line per session.

    Returns
    -------
    list of matplotlib artists

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from bpp.kendall.training import train
    >>> len(plot_learning_curves(train("mixed", 50, rng=1)))
    1
    """
    ax = axes_or_new(ax)
    sessions: list[Any] = list(results) if isinstance(results, (list, tuple)) else [results]
    curves = np.array([r.curve for r in sessions])
    epochs = np.arange(1, curves.shape[1] + 1)
    artists: list[Any] = []
    if spread and len(curves) > 1:
        for c in curves:
            (line,) = ax.plot(epochs, c, lw=0.7, alpha=0.35, color=color)
            color = line.get_color()
            artists.append(line)
        artists.append(ax.fill_between(epochs, curves.min(axis=0), curves.max(axis=0), color=color, alpha=0.12, lw=0))
        (mean,) = ax.plot(epochs, curves.mean(axis=0), lw=2.0, color=color, label=label or f"mean of {len(curves)} seeds")
        artists.append(mean)
    else:
        for r, c in zip(sessions, curves):
            (line,) = ax.plot(epochs, c, lw=1.4, color=color, label=label or f"{r.table_name}, seed {r.seed}")
            artists.append(line)
    ax.axhline(STARTING_BANKROLL, color="0.6", lw=0.8, zorder=0)
    ax.set_xlabel("epoch (hand)")
    ax.set_ylabel("evolving player's bankroll (units)")
    ax.grid(alpha=0.25)
    ax.legend(frameon=False, fontsize="small")
    return artists


def plot_table_bankrolls(record: TableRecord, names: Sequence[str], ax: Axes | None = None, *,
                         title: str | None = None) -> list[Line2D]:
    """Every seat's bankroll per hand of one table (Kendall2001 Figure 6); ``record`` a :class:`TableRecord`.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from bpp.kendall.training import play_table, table_players
    >>> from bpp.kendall.players import EvolvingPlayer
    >>> rec = play_table([EvolvingPlayer()] + table_players("mixed"), 30, rng=1)
    >>> len(plot_table_bankrolls(rec, ["evolving", "la", "lp", "ta", "tp"]))
    5
    """
    ax = axes_or_new(ax)
    bankrolls = record.bankrolls
    hands = np.arange(1, len(bankrolls) + 1)
    lines = []
    for seat, name in enumerate(names):
        (line,) = ax.plot(hands, bankrolls[:, seat], lw=2.0 if seat == 0 else 1.2, label=f"{seat + 1} {name}: {bankrolls[-1, seat]:,}")
        lines.append(line)
    ax.axhline(STARTING_BANKROLL, color="0.6", lw=0.8, zorder=0)
    ax.set_xlabel("hand")
    ax.set_ylabel("bankroll (units)")
    if title:
        ax.set_title(title)
    ax.grid(alpha=0.25)
    ax.legend(frameon=False, fontsize="small")
    return lines

"""Plots of LBR's results: lower bounds on exploitability with their 95% CIs beside the paper's (Lisy2017 Table 2).

Every helper takes an optional ``ax`` and returns the artists it drew; none calls ``plt.show()``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from bpp.plots import axes_or_new

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from bpp.lbr.run import LBRResult

__all__ = ["plot_exploitability"]


def plot_exploitability(results: Iterable[LBRResult], ax: Axes | None = None, *, paper: dict[str, float] | None = None
                        ) -> list[Any]:
    """One bar per LBR run (its duplicate + imaginary-observation estimate, 95% CI whiskers).

    Parameters
    ----------
    results : sequence of :class:`bpp.lbr.LBRResult`
        Runs to draw, one bar each, labelled by opponent and betting set.
    paper : dict, optional
        ``{opponent: value}`` published values drawn as black diamonds over the bars.

    Returns
    -------
    list of matplotlib artists (the bars, then the paper's markers if any)

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from bpp.lbr import run_lbr
    >>> artists = plot_exploitability([run_lbr("call", betting="fc", n_deals=2, rng=1)], paper={"call": 0.0})
    >>> len(artists)
    2
    """
    ax = axes_or_new(ax)
    results = list(results)
    x = np.arange(len(results))
    means = np.array([r.value.mean for r in results])
    low = means - np.array([r.value.ci95[0] for r in results])
    high = np.array([r.value.ci95[1] for r in results]) - means
    bars = ax.bar(x, means, yerr=[low, high], capsize=5, color="#4C72B0", alpha=0.85, label="bpp (95% CI)")
    artists: list[Any] = [bars]
    if paper:
        px = [i for i, r in enumerate(results) if r.opponent in paper]
        if px:
            (marks,) = ax.plot(px, [paper[results[i].opponent] for i in px], "D", color="black", ms=7,
                               label="Lisý & Bowling 2017, Table 2")
            artists.append(marks)
    ax.set_xticks(x, [f"{r.opponent}\n{r.config.label}" for r in results])
    unit = {"bb": "big blinds", "sb": "small bets", "units": "betting units"}.get(results[0].unit, results[0].unit)
    ax.set_ylabel(f"LBR's winnings ({unit} per hand)")
    ax.set_title("Local Best Response: lower bounds on exploitability")
    ax.axhline(0, color="0.6", lw=0.8, zorder=0)
    ax.grid(axis="y", alpha=0.25)
    ax.legend(frameon=False, fontsize="small")
    return artists

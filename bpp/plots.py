"""Plot helpers shared by the agents, experiments and the CLI.

Every helper takes an optional ``ax`` and returns the artists it drew; none
calls ``plt.show()`` (ARCHITECTURE.md).  Agent-specific plots (betting curves, weight
grids, belief traces) live with their agents and follow the same rules.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D

    from holdem.histories.stats import StatsResult
    from holdem.match.stats import MatchResult

__all__ = ["axes_or_new", "plot_bankrolls", "plot_vpip_pfr", "save_figure"]


def axes_or_new(ax: Axes | None = None, *, figsize: tuple[float, float] = (7, 4)) -> Axes:
    """``ax`` itself, or the axes of a new figure of ``figsize`` inches when ``ax`` is None (every plot helper's start).

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> axes_or_new().figure.get_size_inches().tolist()
    [7.0, 4.0]
    """
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=figsize)
    return ax


def plot_bankrolls(result: MatchResult, ax: Axes | None = None, *, title: str | None = None) -> list[Line2D]:
    """Cumulative winnings of every agent of a match, in the game's unit (Figure 3 of Korb1999, Figure 1 of Billings1998).

    Parameters
    ----------
    result
        A :class:`holdem.match.MatchResult`.
    ax
        Axes to draw on (a new figure if None).

    Returns
    -------
    list of matplotlib.lines.Line2D
        One line per agent.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from holdem.games import Stud5
    >>> from holdem.match import play_match
    >>> lines = plot_bankrolls(play_match(Stud5(), ["random", "call"], 50, rng=1))
    >>> len(lines)
    2
    """
    ax = axes_or_new(ax)
    lines = []
    for player in result.players:
        hands = np.arange(1, player.bankroll.size + 1)
        label = f"{player.name}: {player.mean:+.3f} ± {(player.ci95[1] - player.ci95[0]) / 2:.3f} {result.unit}/hand"
        (line,) = ax.plot(hands, player.bankroll, lw=1.4, label=label)
        lines.append(line)
    ax.axhline(0, color="0.6", lw=0.8, zorder=0)
    ax.set_xlabel("hands played")
    ax.set_ylabel(f"cumulative winnings ({result.unit})")
    kind = "duplicate " if result.duplicate else ""
    ax.set_title(title or f"{result.game}: {result.n_hands:,} {kind}hands, seed {result.seed}")
    ax.legend(frameon=False, fontsize="small")
    ax.grid(alpha=0.25)
    return lines


def plot_vpip_pfr(stats: StatsResult, ax: Axes | None = None, *, title: str | None = None) -> list[Any]:
    """Players on the VPIP–PFR plane, the tracker picture of style (loose right, aggressive up).

    Parameters
    ----------
    stats
        A :class:`holdem.histories.StatsResult` (``player_stats(hands)``).
    ax
        Axes to draw on (a new figure if None).

    Returns
    -------
    list
        The scatter artist and the name labels.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from holdem.histories.stats import PlayerStats, StatsResult
    >>> p = PlayerStats("ann", "limit-holdem", "sb", 10, 0.3, 0.2, 2.0, 0.3, 0.5, 0.1, (0.0, 0.2), 1.0, 3, 5)
    >>> len(plot_vpip_pfr(StatsResult((p,))))
    2
    """
    ax = axes_or_new(ax, figsize=(5, 5))
    players = stats.players
    vpip = np.array([100 * p.vpip for p in players])
    pfr = np.array([100 * p.pfr for p in players])
    size = 20 + 180 * np.sqrt(np.array([p.hands for p in players]) / max(1, max((p.hands for p in players), default=1)))
    artists: list[Any] = [ax.scatter(vpip, pfr, s=size, alpha=0.7)]
    for p, x, y in zip(players, vpip, pfr):
        artists.append(ax.annotate(p.name, (x, y), xytext=(4, 4), textcoords="offset points", fontsize=8))
    ax.plot([0, 100], [0, 100], color="0.7", lw=0.8, ls="--")  # PFR <= VPIP always
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xlabel("VPIP (% of hands)")
    ax.set_ylabel("PFR (% of hands)")
    ax.set_title(title or "players by VPIP and PFR (marker area: hands)")
    return artists


def save_figure(ax: Any, path: str | os.PathLike[str], *, dpi: int = 150) -> None:
    """Save the figure holding ``ax`` (an Axes or the Figure itself) to ``path`` (PNG) and close it."""
    import matplotlib.pyplot as plt

    fig = getattr(ax, "figure", None) or ax
    fig.tight_layout()
    fig.savefig(path, dpi=dpi)
    plt.close(fig)

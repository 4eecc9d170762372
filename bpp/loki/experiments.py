"""Experiments of 001 §5 and 000: the Figure 1 tournament of Loki's versions A–E, Poki formula vs simulation vs Loki.

:func:`figure1_tournament` plays 001's self-play experiment: "a ten-player
game, where each deal is replayed ten times, shuffling the seating arrangement
each time so that every participant has the opportunity to play each set of
hole cards once", five versions with two seats each.  Each version's result
pools its two seats: per deal, the mean over the ten replays of the two seats'
mean winnings (the paired duplicate sample of :mod:`holdem.match.stats`), so
its 95 % CI is a t-interval over deals.

:func:`versions_match` plays any line-up of agents the same way (Poki formula
vs simulation vs Loki).

>>> res = figure1_tournament(4, rng=1)
>>> [v.name for v in res.versions]
['loki', 'loki-b', 'loki-c', 'loki-d', 'loki-e']
>>> abs(sum(v.mean for v in res.versions)) < 1e-9      # zero-sum: the versions' means cancel
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from holdem.match.stats import summarize

__all__ = ["VersionResult", "TournamentResult", "versions_match", "figure1_tournament", "FIGURE1_VERSIONS"]

#: Loki's versions A–E of 001 Figure 1 by registry name.
FIGURE1_VERSIONS = ("loki", "loki-b", "loki-c", "loki-d", "loki-e")
#: What 001 §5 reports (sb/hand) where it gives a number.
PAPER_FIGURE1 = {"loki": 0.08, "loki-e": -0.11}


@dataclass(frozen=True)
class VersionResult:
    """One version's result pooled over its seats: mean sb/hand, 95 % CI, deals, and its bankroll per hand played."""

    name: str
    mean: float
    ci95: tuple[float, float]
    n_deals: int
    bankroll: np.ndarray


@dataclass(frozen=True)
class TournamentResult:
    """The versions' results and the underlying :class:`holdem.match.MatchResult`."""

    versions: tuple[VersionResult, ...]
    match: object

    def table(self) -> str:
        """Plain-text table: version, sb/hand ± 95 % CI."""
        lines = [f"{self.match.n_hands} hands ({self.match.n_deals} duplicate deals), sb/hand, seed {self.match.seed}"]
        for v in self.versions:
            half = (v.ci95[1] - v.ci95[0]) / 2
            lines.append(f"{v.name:10s} {v.mean:+.4f} ± {half:.4f}  [{v.ci95[0]:+.4f}, {v.ci95[1]:+.4f}]")
        return "\n".join(lines)


def versions_match(
    agents,
    n_deals: int,
    *,
    n_players: int | None = None,
    rng=None,
    workers: int = 1,
    duplicate: bool = True,
    progress: bool = False,
) -> TournamentResult:
    """Play a duplicate limit hold'em match and pool the results of seats that run the same agent name.

    Parameters
    ----------
    agents : sequence of str
        Registry names, one per seat (repeat a name for several seats).
    n_deals : int
        Deals; each is replayed once per seat in a duplicate match.
    n_players : int, optional
        Defaults to ``len(agents)``.
    rng, workers, duplicate, progress
        As for :func:`holdem.match.play_match`.

    Examples
    --------
    >>> versions_match(["poki"], 10)
    Traceback (most recent call last):
    ...
    ValueError: The 'agents' parameter of versions_match must name 2 to 10 seats; got 1.
    """
    import bpp.registry  # noqa: F401 - installs the agent names
    from holdem.games import LimitHoldem
    from holdem.match import play_match

    agents = list(agents)
    if not 2 <= len(agents) <= 10:
        raise ValueError(f"The 'agents' parameter of versions_match must name 2 to 10 seats; got {len(agents)}.")
    n = n_players or len(agents)
    result = play_match(LimitHoldem(n_players=n), agents, n_deals, rng=rng, duplicate=duplicate, workers=workers, progress=progress)
    n_replays = n if duplicate else 1
    out = []
    for name in dict.fromkeys(agents):
        cols = [i for i, a in enumerate(agents) if a == name]
        w = result.winnings[:, cols].mean(axis=1)
        sample = w.reshape(-1, n_replays).mean(axis=1)
        s = summarize(sample)
        bank = np.cumsum(w)
        bank.flags.writeable = False
        out.append(VersionResult(name, s.mean, s.ci95, s.n, bank))
    return TournamentResult(tuple(out), result)


def figure1_tournament(n_deals: int, *, rng=None, workers: int = 1, progress: bool = False) -> TournamentResult:
    """001 Figure 1: ten-player duplicate self-play of versions A–E, two seats each.

    Seats alternate ``A B C D E A B C D E`` so every version has a copy on each side of every other.
    """
    return versions_match(list(FIGURE1_VERSIONS) * 2, n_deals, rng=rng, workers=workers, progress=progress)


def plot_figure1(result: TournamentResult, ax=None):
    """Bankrolls (sb, per copy of each version) against hands played, as 001 Figure 1; returns the lines.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> len(plot_figure1(figure1_tournament(2, rng=0)))
    5
    """
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7, 4))
    labels = {"loki": "A (loki)", "loki-b": "B (no weighting)", "loki-c": "C (simple pre-flop)",
              "loki-d": "D (no potential)", "loki-e": "E (basic)"}
    lines = []
    for v in result.versions:
        hands = np.arange(1, v.bankroll.size + 1)
        (line,) = ax.plot(hands, v.bankroll, label=f"{labels.get(v.name, v.name)}: {v.mean:+.3f} sb/hand")
        lines.append(line)
    ax.axhline(0, color="0.6", lw=0.8)
    ax.set_xlabel("hands played")
    ax.set_ylabel("bankroll per copy (small bets)")
    ax.set_title("Loki versions A–E, ten-player duplicate self-play (001 Figure 1)")
    ax.legend(fontsize=8)
    return lines

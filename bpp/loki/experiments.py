"""Experiments of Billings1998 §5 and Billings2002: the Figure 1 tournament of Loki's versions A–E, Poki formula vs simulation vs Loki.

Component: a tool around the players: the tournaments (Billings1998 §5 Figure 1; Billings2002 §7).

:func:`figure1_tournament` plays Billings1998's self-play experiment: "a ten-player
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

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from bpp.plots import axes_or_new
from holdem.match.stats import MatchResult, summarize

if TYPE_CHECKING:
    from collections.abc import Sequence

    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D
    from numpy.typing import ArrayLike

    from holdem._typing import RngLike

__all__ = [
    "VersionResult",
    "TournamentResult",
    "versions_match",
    "figure1_tournament",
    "FIGURE1_VERSIONS",
    "action_records",
    "cross_validate_predictors",
]

#: Loki's versions A–E of Billings1998 Figure 1 by registry name.
FIGURE1_VERSIONS = ("loki", "loki-b", "loki-c", "loki-d", "loki-e")
#: What Billings1998 §5 reports (sb/hand) where it gives a number.
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
    match: MatchResult

    def to_dict(self) -> dict:
        """JSON-ready values: each version's sb/hand and 95 % CI, and the match's own :meth:`~holdem.match.MatchResult.to_dict`."""
        return {
            "versions": [{"name": v.name, "mean": v.mean, "ci95": list(v.ci95), "n_deals": v.n_deals}
                         for v in self.versions],
            "match": self.match.to_dict(),
        }

    def table(self) -> str:
        """Plain-text table: version, sb/hand ± 95 % CI."""
        lines = [f"{self.match.n_hands} hands ({self.match.n_deals} duplicate deals), sb/hand, seed {self.match.seed}"]
        for v in self.versions:
            half = (v.ci95[1] - v.ci95[0]) / 2
            lines.append(f"{v.name:10s} {v.mean:+.4f} ± {half:.4f}  [{v.ci95[0]:+.4f}, {v.ci95[1]:+.4f}]")
        return "\n".join(lines)


def versions_match(
    agents: Sequence[str],
    n_deals: int,
    *,
    n_players: int | None = None,
    rng: RngLike = None,
    workers: int = 1,
    duplicate: bool = True,
    progress: bool = False,
    log: str | os.PathLike[str] | None = None,
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
    rng, workers, duplicate, progress, log
        As for :func:`holdem.match.play_match` (``log``: the match's append-only
        log; an interrupted match resumes from its last whole block).

    Examples
    --------
    >>> versions_match(["poki"], 10)
    Traceback (most recent call last):
    ...
    ValueError: The 'agents' parameter of versions_match must name 2 to 10 seats; got 1.
    """
    from holdem.games import LimitHoldem
    from holdem.match import play_match

    agents = list(agents)
    if not 2 <= len(agents) <= 10:
        raise ValueError(f"The 'agents' parameter of versions_match must name 2 to 10 seats; got {len(agents)}.")
    n = n_players or len(agents)
    result = play_match(LimitHoldem(n_players=n), agents, n_deals, rng=rng, duplicate=duplicate, workers=workers, progress=progress,
                        log=log)
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


def figure1_tournament(n_deals: int, *, rng: RngLike = None, workers: int = 1, progress: bool = False, log: str | os.PathLike[str] | None = None) -> TournamentResult:
    """Billings1998 Figure 1: ten-player duplicate self-play of versions A–E, two seats each.

    Seats alternate ``A B C D E A B C D E`` so every version has a copy on each side of every other.
    """
    return versions_match(list(FIGURE1_VERSIONS) * 2, n_deals, rng=rng, workers=workers, progress=progress, log=log)


def plot_figure1(result: TournamentResult, ax: Axes | None = None) -> list[Line2D]:
    """Bankrolls (sb, per copy of each version) against hands played, as Billings1998 Figure 1; returns the lines.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> len(plot_figure1(figure1_tournament(2, rng=0)))
    5
    """
    ax = axes_or_new(ax)
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
    ax.set_title("Loki versions A–E, ten-player duplicate self-play (Billings1998 Figure 1)")
    ax.legend(fontsize=8)
    return lines


def action_records(agents: Sequence[Any], n_hands: int, *, n_players: int | None = None, rng: RngLike = None) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """Every action of every seat in ``n_hands`` hands of limit hold'em, with its 19 network inputs.

    ``agents`` are registry names or instances (one per seat; seats keep
    their places, the button moves each hand).  Returns ``{seat: (X, y)}``,
    X float64 (k, 19) (:func:`bpp.loki.modeler.predictors.context_features`), y the
    actions (0 fold, 1 check/call, 2 bet/raise), in the order played.

    >>> recs = action_records(["maniac", "rock"], 5, rng=0)
    >>> sorted(recs), recs[0][0].shape[1]
    ([0, 1], 19)
    """
    from bpp.loki.modeler.opponent_model import HandTracker
    from bpp.registry import make_agent
    from holdem.games import LimitHoldem
    from holdem.play import HandDriver

    rng = np.random.default_rng(rng)
    n = n_players or len(agents)
    seeds = np.random.SeedSequence(int(rng.integers(2**63))).spawn(n)
    players = [make_agent(a, rng=s) if isinstance(a, str) else a for a, s in zip(agents, seeds)]
    game = LimitHoldem(n_players=n)
    xs: dict[int, list] = {p: [] for p in range(n)}
    ys: dict[int, list] = {p: [] for p in range(n)}
    tracker = None

    def record(event):
        rec = tracker.step(event)
        if rec is not None:
            xs[rec.player].append(tracker.features[-1])
            ys[rec.player].append(rec.action)

    driver = HandDriver(players, on_event=record)
    for hand in range(n_hands):
        state = game.new_hand(rng.permutation(52), button=hand % n)
        tracker = HandTracker(n, state.button, features=True, stakes=game.stakes)
        driver.play(state)
    return {p: (np.array(xs[p]).reshape(-1, 19), np.array(ys[p], dtype=np.intp)) for p in range(n)}


def cross_validate_predictors(X: ArrayLike, y: ArrayLike, *, folds: int = 5, chunk: int = 10, rng: int = 0) -> dict[str, dict]:
    """K-fold cross-validated accuracy and log-loss of the network and the frequency model on one opponent's actions.

    Each fold's predictors learn the other folds' records online, in order,
    ``chunk`` records at a time (as in play), then predict the held-out
    fold.  Returns ``{"network"|"frequency": {"accuracy": (mean, sd),
    "log_loss": (mean, sd)}}`` over the folds.

    >>> X = np.zeros((50, 19)); X[:, [1, 5]] = 1; y = np.array([1, 2] * 25)
    >>> r = cross_validate_predictors(X, y, folds=2)
    >>> round(r["frequency"]["accuracy"][0], 1)
    0.5
    """
    from bpp.loki.modeler.predictors import FrequencyPredictor, NeuralPredictor

    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.intp)
    if X.shape[0] < folds or X.shape[0] != y.shape[0]:
        raise ValueError(f"cross_validate_predictors needs at least {folds} records with one action each; got X {X.shape}, y {y.shape}.")
    parts = np.array_split(np.arange(X.shape[0]), folds)
    scores: dict[str, list] = {"network": [], "frequency": []}
    for k, test in enumerate(parts):
        train = np.concatenate([p for j, p in enumerate(parts) if j != k])
        models: dict[str, Any] = {"network": NeuralPredictor(2, rng=rng + k, warmup=0), "frequency": FrequencyPredictor(2)}
        for lo in range(0, train.size, chunk):
            idx = train[lo : lo + chunk]
            for m in models.values():
                m.update(1, X[idx], y[idx])
        models["network"].fit_batch(1)
        for name, m in models.items():
            p = m.predict(1, X[test])
            scores[name].append(
                ((p.argmax(axis=1) == y[test]).mean(), -np.log(np.maximum(p[np.arange(test.size), y[test]], 1e-3)).mean())
            )
    out = {}
    for name, rows in scores.items():
        s = np.array(rows)
        out[name] = {"accuracy": (float(s[:, 0].mean()), float(s[:, 0].std())),
                     "log_loss": (float(s[:, 1].mean()), float(s[:, 1].std()))}
    return out

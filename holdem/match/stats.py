"""Match statistics: mean ± t-based 95 % confidence interval, a one-sample t-test, results.

A match's sample for one agent is its winnings per hand, in the game's unit
(small bets, big blinds, betting units).  In a duplicate match the hands of one
deal are *paired* (the same cards went round every seat), so the sample is the
per-deal mean over the replays: summing the replays cancels the luck of the
deal, which is the point of a duplicate match (Billings1998 §5), and treating the
replays as independent hands would overstate the variance of a good player and
understate it for the correlation it hides.

The confidence interval is the Student-t interval
``mean ± t_{0.975, n-1} · s / √n`` (``scipy.stats.t``) and ``t``/``p`` are the
two-sided one-sample t-test of a zero mean (``scipy.stats.ttest_1samp``), the
test the seed papers used (Korb1999 §6).

>>> import numpy as np
>>> s = summarize(np.array([1.0, -1.0, 2.0, 0.0]))
>>> round(s.mean, 3), round(s.std, 3), [round(x, 3) for x in s.ci95]
(0.5, 1.291, [-1.554, 2.554])
>>> summarize(np.array([1.0]))
Traceback (most recent call last):
...
ValueError: The 'samples' parameter of summarize must hold at least 2 values; got 1.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

__all__ = ["Summary", "summarize", "AgentResult", "MatchResult"]


@dataclass(frozen=True, slots=True)
class Summary:
    """Mean, sample standard deviation (ddof=1), 95 % CI and the t-test of a zero mean."""

    n: int
    mean: float
    std: float
    ci95: tuple[float, float]
    t: float
    p: float


def summarize(samples: ArrayLike, *, confidence: float = 0.95) -> Summary:
    """Summarize a 1-d sample: mean, std (ddof=1), t-based CI, two-sided t-test of mean 0.

    A sample with no spread (every value equal) has the degenerate interval
    ``(mean, mean)``; its test gives ``p = 1`` for a zero mean and ``p = 0``
    otherwise (``t`` is 0 or ±inf), where scipy would warn and return NaN.

    >>> summarize(np.array([2.0, 2.0, 2.0]))
    Summary(n=3, mean=2.0, std=0.0, ci95=(2.0, 2.0), t=inf, p=0.0)
    >>> summarize([1.0, float("nan"), 3.0])
    Traceback (most recent call last):
    ...
    ValueError: The 'samples' parameter of summarize must hold finite numbers; got nan at index 1.
    """
    try:
        x = np.asarray(samples, dtype=np.float64).ravel()
    except (TypeError, ValueError):
        raise ValueError(f"The 'samples' parameter of summarize must be numbers; got {samples!r}.") from None
    n = x.size
    if n < 2:
        raise ValueError(f"The 'samples' parameter of summarize must hold at least 2 values; got {n}.")
    bad = np.flatnonzero(~np.isfinite(x))
    if bad.size:
        raise ValueError(
            f"The 'samples' parameter of summarize must hold finite numbers; got {x[bad[0]]} at index {int(bad[0])}."
        )
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"The 'confidence' parameter of summarize must be in (0, 1); got {confidence!r}.")
    mean = float(x.mean())
    std = float(x.std(ddof=1))
    if std == 0.0 or not math.isfinite(std):
        t = 0.0 if mean == 0.0 else math.copysign(math.inf, mean)
        return Summary(n, mean, 0.0, (mean, mean), t, 1.0 if mean == 0.0 else 0.0)
    from scipy import stats as _st  # deferred: scipy.stats takes a second to import (worker start-up)

    sem = std / math.sqrt(n)
    half = float(_st.t.ppf(0.5 + confidence / 2.0, n - 1)) * sem
    test = _st.ttest_1samp(x, 0.0)
    return Summary(n, mean, std, (mean - half, mean + half), float(test.statistic), float(test.pvalue))


def _num(x: float) -> float | None:
    """A JSON-safe float: NaN and ±inf (not JSON) become None."""
    if x is None or not math.isfinite(x):
        return None
    return float(x)


@dataclass(frozen=True)
class AgentResult:
    """One agent's result in a match, in the game's unit.

    ``mean``/``std``/``ci95``/``t``/``p`` are per hand.  In a duplicate match
    they come from the paired sample (per deal, the mean over its replays, see
    the module docstring), so ``n`` counts deals; ``total`` and ``bankroll``
    always count every hand played.  ``bankroll`` is the cumulative winnings
    after each hand played, in units (float64, read-only), in playing order.
    """

    name: str
    total: float
    mean: float
    std: float
    ci95: tuple[float, float]
    t: float
    p: float
    n: int
    bankroll: np.ndarray = field(repr=False, compare=False)

    def to_dict(self, *, bankroll: bool = False) -> dict[str, Any]:
        out = {
            "name": self.name,
            "mean": _num(self.mean),
            "ci95": [_num(self.ci95[0]), _num(self.ci95[1])],
            "total": _num(self.total),
            "std": _num(self.std),
            "t": _num(self.t),
            "p": _num(self.p),
            "n": self.n,
        }
        if bankroll:
            out["bankroll"] = self.bankroll.tolist()
        return out


@dataclass(frozen=True)
class MatchResult:
    """The result of :func:`holdem.match.play_match` (frozen).

    ``players`` follows the order the agents were given in.  ``winnings`` is the
    (n_hands, n_agents) float64 array of each agent's winnings per hand played,
    in units (read-only); ``seed`` the root entropy the match ran from, which
    reproduces it.
    """

    game: str
    unit: str
    unit_chips: int
    n_hands: int
    n_deals: int
    duplicate: bool
    seed: int
    block_size: int
    players: tuple[AgentResult, ...]
    winnings: np.ndarray = field(repr=False, compare=False)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def to_dict(self, *, bankroll: bool = False) -> dict[str, Any]:
        """A JSON-ready dict: ``{"game", "unit", "hands", "players": [{"name", "mean", "ci95", "total", ...}]}``."""
        return {
            "game": self.game,
            "unit": self.unit,
            "hands": self.n_hands,
            "deals": self.n_deals,
            "duplicate": self.duplicate,
            "seed": self.seed,
            "block_size": self.block_size,
            "players": [p.to_dict(bankroll=bankroll) for p in self.players],
        }

    def to_json(self, *, bankroll: bool = False, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(bankroll=bankroll), indent=indent)

    def table(self) -> str:
        """A plain-text results table: mean ± 95 % CI per agent in the game's unit."""
        kind = "duplicate " if self.duplicate else ""
        head = f"{self.game}: {self.n_hands} hands ({kind}{self.n_deals} deals), {self.unit}/hand, seed {self.seed}"
        rows = [("#", "agent", f"mean {self.unit}/hand", "95% CI", f"total {self.unit}", "p")]
        for i, p in enumerate(self.players):
            rows.append(
                (
                    str(i),
                    p.name,
                    f"{p.mean:+.4f}",
                    f"[{p.ci95[0]:+.4f}, {p.ci95[1]:+.4f}]",
                    f"{p.total:+.2f}",
                    "nan" if not math.isfinite(p.p) else f"{p.p:.3g}",
                )
            )
        widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
        lines = [head]
        for j, r in enumerate(rows):
            lines.append("  ".join(c.rjust(w) if k != 1 else c.ljust(w) for k, (c, w) in enumerate(zip(r, widths))))
            if j == 0:
                lines.append("  ".join("-" * w for w in widths))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def agent_results(names: Sequence[str], winnings: np.ndarray, n_replays: int, *, duplicate: bool) -> tuple[AgentResult, ...]:
    """Per-agent results from the (n_hands, n_agents) winnings in units.

    In a duplicate match the rows come deal by deal, ``n_replays`` rows per deal.
    """
    out = []
    for i, name in enumerate(names):
        w = winnings[:, i]
        sample = w.reshape(-1, n_replays).mean(axis=1) if duplicate else w
        s = summarize(sample)
        bank = np.cumsum(w)
        bank.flags.writeable = False
        out.append(AgentResult(str(name), float(bank[-1]), s.mean, s.std, s.ci95, s.t, s.p, s.n, bank))
    return tuple(out)

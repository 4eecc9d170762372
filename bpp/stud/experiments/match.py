"""The experiments of §5.2 (Korb, Nicholson & Jitnah 1999): significance against each opponent, learning, Figure 3.

Significance (§5.2, "Significance Results")
    "two-tailed significance tests of the null hypothesis that BPP's true
    expected winnings are zero against each opponent": :func:`significance`
    plays ONE :class:`~bpp.stud.players.paper.BPPPlayer` instance against ``rules``
    or ``prob`` for the whole match (``workers=1``), so M_A|C is "learned
    individually per opponent" across the run, as in §5.2, and reports BPP's
    mean winnings ± 95 % CI in betting units per hand with the one-sample
    t-test (:func:`holdem.match.stats.summarize`).  ``bpp match stud5
    --agents bpp,OPP`` also keeps one learning instance for the match
    (:func:`bpp.registry.match_agents`), seeded differently.  ``player``
    picks the BPP: ``"bpp"`` (the paper's network), ``"bpp-up"`` (§6.1's
    BPP Upcards link, :mod:`bpp.stud.model.upcards`) or ``"bpp-card"`` (the
    card-level, all-rounds network of :mod:`bpp.stud.players.cardlevel`).

Learning (§5.2, "Learning")
    "a difference of means significance test for each opponent comparing
    early performance (the first 200 games) with late performance (the last
    200 games)": :func:`learning_test` lets one BPP instance play the whole
    match (so M_A|C keeps learning) and compares the first and last ``window``
    hands with Welch's two-sample t-test (``scipy.stats.ttest_ind``).

Figure 3
    :func:`cumulative_winnings` runs one learning BPP per opponent and
    :func:`plot_cumulative_winnings` draws its cumulative winnings
    (``figures/stud_winnings.py``).

>>> r = significance("rules", n_hands=20, rng=1)
>>> r.opponent, r.n_hands
('rules', 20)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from holdem.checks import recorded_seed, seed_sequence

from bpp.plots import axes_or_new
from holdem.match.stats import MatchResult

if TYPE_CHECKING:
    from typing import Any

    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D

    from holdem._typing import RngLike

__all__ = [
    "ExperimentResult",
    "LearningResult",
    "significance",
    "learning_test",
    "cumulative_winnings",
    "plot_cumulative_winnings",
    "SEEDS",
]

#: Fixed seeds of the reported experiments (opponent -> seed).
SEEDS = {"rules": 2002, "prob": 1999}
_OPPONENTS = ("rules", "prob")


def _check_opponent(opponent, owner: str):
    if isinstance(opponent, str):
        import bpp.registry

        bpp.registry.agent_factory(opponent)  # unknown names fail here
        return opponent
    if callable(opponent):
        return opponent
    raise ValueError(f"The 'opponent' parameter of {owner} must be an agent name or factory; got {opponent!r}.")


def _check_hands(n_hands, owner: str, low: int = 2) -> int:
    if isinstance(n_hands, bool) or not isinstance(n_hands, (int, np.integer)) or n_hands < low:
        raise ValueError(f"The 'n_hands' parameter of {owner} must be an integer >= {low}; got {n_hands!r}.")
    return int(n_hands)


@dataclass(frozen=True)
class ExperimentResult:
    """BPP's result against one opponent (betting units per hand).

    Attributes
    ----------
    opponent : str
    n_hands : int
    seed : int
    mean, ci95, t, p : float, (float, float), float, float
        BPP's mean winnings per hand, its 95 % CI and the two-tailed one-sample t-test of a zero mean.
    match : holdem.match.MatchResult
        The full match (BPP is agent 0).
    duplicate : bool
        Whether every deal was played from both seats (``n_hands`` is then the number of deals).
    agent : BPPPlayer, CardBPP or None
        The BPP instance that played the whole match (its learned ``model_``).
    player : str
        Its registry name.
    """

    opponent: str
    n_hands: int
    seed: int
    mean: float
    ci95: tuple
    t: float
    p: float
    match: MatchResult
    duplicate: bool = False
    agent: object = None
    player: str = "bpp"

    def line(self) -> str:
        """One line: ``bpp vs rules: +0.512 ± 0.078 units/hand (95% CI), t = 12.9, p = 1e-37, 5000 hands, seed 2002``."""
        half = (self.ci95[1] - self.ci95[0]) / 2
        return (
            f"{self.player} vs {self.opponent}: {self.mean:+.3f} ± {half:.3f} units/hand (95% CI), "
            f"t = {self.t:.2f}, p = {self.p:.2g}, "
            + (f"{self.n_hands} duplicate deals ({2 * self.n_hands} hands)" if self.duplicate else f"{self.n_hands} hands")
            + f", seed {self.seed}"
        )


def _root(rng, opponent, owner: str) -> np.random.SeedSequence:
    """The root ``SeedSequence`` of an experiment: ``rng``'s, or (None) the fixed seed :data:`SEEDS` of ``opponent``."""
    if rng is None:
        rng = SEEDS.get(opponent, 0) if isinstance(opponent, str) else 0
    return seed_sequence(rng, owner)


def _bpp_agent(root, player: str = "bpp", **kwargs):
    """The BPP instance of an experiment: its stream derived from the match's root ``SeedSequence`` (so the result
    depends on the seed alone)."""
    from bpp.registry import agent_factory, list_agents

    bpps = [name for name in list_agents("stud5") if name.startswith("bpp")]
    if player not in bpps:
        raise ValueError(f"The 'player' parameter must be one of {', '.join(bpps)}; got {player!r}.")

    return agent_factory(player)(rng=np.random.default_rng(seed_sequence(root).spawn(1)[0]), **kwargs)


def significance(
    opponent: str = "rules",
    *,
    n_hands: int = 5000,
    rng: RngLike = None,
    duplicate: bool = False,
    player: str = "bpp",
    **bpp_kwargs: Any,
) -> ExperimentResult:
    """BPP against ``opponent``: one learning BPP instance for the whole match (§5.2).

    Parameters
    ----------
    opponent : str
        ``"rules"`` or ``"prob"`` (any registered name works).
    n_hands : int
        Hands (default 5,000).
    rng : optional
        A seed, a ``SeedSequence`` or a ``Generator`` (:func:`holdem.checks.seed_sequence`);
        default (None): the fixed seed of the reported experiment, :data:`SEEDS` ``[opponent]``.
    duplicate : bool
        Play every deal from both seats (``n_hands`` deals, ``2 n_hands``
        hands; the statistics use the per-deal mean).  The paper did not.
    player : str
        One of ``"bpp"``, ``"bpp-up"``, ``"bpp-card"`` (see the module docstring) or the §6
        variants ``"bpp-linked"``, ``"bpp-actions"``, ``"bpp-bluff"``, ``"bpp-showing"``.
    **bpp_kwargs
        Passed to the player's class (``learn``, ``params`` …).

    Returns
    -------
    ExperimentResult

    Examples
    --------
    >>> significance("nobody")
    Traceback (most recent call last):
    ...
    ValueError: unknown agent 'nobody'; tried the registered names, ...
    """
    from holdem.games import Stud5
    from holdem.match import play_match

    opponent = _check_opponent(opponent, "significance")
    n_hands = _check_hands(n_hands, "significance")
    root = _root(rng, opponent, "significance")
    agent = _bpp_agent(root, player, **bpp_kwargs)
    result = play_match(Stud5(), [agent, opponent], n_hands, rng=root, duplicate=duplicate)
    p = result.players[0]
    return ExperimentResult(
        str(opponent), n_hands, recorded_seed(root), p.mean, tuple(p.ci95), p.t, p.p, result, bool(duplicate), agent, player
    )


@dataclass(frozen=True)
class LearningResult:
    """The §5.2 learning test: early (first ``window`` hands) against late (last ``window``) performance.

    ``t`` and ``p`` are Welch's two-sample t-test of late minus early mean
    winnings (positive ``t``: BPP did better late).  ``winnings`` are BPP's
    per-hand winnings over the whole run, ``n_showdowns`` the showdowns it learned from.
    """

    opponent: str
    n_hands: int
    window: int
    seed: int
    early_mean: float
    late_mean: float
    t: float
    p: float
    n_showdowns: int
    winnings: np.ndarray

    def line(self) -> str:
        return (
            f"learning vs {self.opponent}: first {self.window} hands {self.early_mean:+.3f}, last {self.window} "
            f"{self.late_mean:+.3f} units/hand, t = {self.t:.2f}, p = {self.p:.2g} ({self.n_hands} hands, "
            f"{self.n_showdowns} showdowns learned, seed {self.seed})"
        )


def cumulative_winnings(
    opponent: str = "rules",
    *,
    n_hands: int = 2000,
    rng: RngLike = None,
    learn: bool = True,
    player: str = "bpp",
    **bpp_kwargs: Any,
) -> tuple[MatchResult, Any]:
    """One BPP instance (learning throughout, as in Figure 3) against ``opponent``: the match and the agent.

    ``player`` is ``"bpp"``, ``"bpp-up"`` or ``"bpp-card"``; ``bpp_kwargs`` go
    to its class (e.g. ``upcards_link=True`` for :class:`~bpp.stud.players.paper.BPPPlayer`);
    ``rng`` as :func:`significance`'s.

    Returns
    -------
    (holdem.match.MatchResult, BPPPlayer)

    Examples
    --------
    >>> result, agent = cumulative_winnings("rules", n_hands=20, rng=3)
    >>> result.players[0].bankroll.shape
    (20,)
    """
    from holdem.games import Stud5
    from holdem.match import play_match

    opponent = _check_opponent(opponent, "cumulative_winnings")
    n_hands = _check_hands(n_hands, "cumulative_winnings")
    root = _root(rng, opponent, "cumulative_winnings")
    agent = _bpp_agent(root, player, learn=learn, **bpp_kwargs)
    result = play_match(Stud5(), [agent, opponent], n_hands, rng=root)
    return result, agent


def learning_test(
    opponent: str = "prob", *, n_hands: int = 2000, window: int = 200, rng: RngLike = None, **bpp_kwargs: Any
) -> LearningResult:
    """The §5.2 learning test: does BPP do better in its last ``window`` hands than in its first?

    Parameters
    ----------
    opponent : str
    n_hands : int
        Length of the run (at least ``2 * window``).
    window : int
        Hands compared at each end (the paper: 200 games).
    rng : optional
        As :func:`significance`'s.
    **bpp_kwargs
        ``player`` and the player's arguments, as :func:`cumulative_winnings`.

    Examples
    --------
    >>> r = learning_test("rules", n_hands=40, window=20, rng=5)
    >>> r.window, r.winnings.shape
    (20, (40,))
    >>> learning_test("rules", n_hands=30, window=20)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_hands' parameter of learning_test must be an integer >= 40; got 30.
    """
    if isinstance(window, bool) or not isinstance(window, (int, np.integer)) or window < 2:
        raise ValueError(f"The 'window' parameter of learning_test must be an integer >= 2; got {window!r}.")
    n_hands = _check_hands(n_hands, "learning_test", 2 * int(window))
    root = _root(rng, opponent, "learning_test")
    result, agent = cumulative_winnings(opponent, n_hands=n_hands, rng=root, **bpp_kwargs)
    w = result.winnings[:, 0]
    early, late = w[:window], w[-window:]
    from scipy import stats

    test = stats.ttest_ind(late, early, equal_var=False)
    t = float(test.statistic) if np.isfinite(test.statistic) else 0.0
    p = float(test.pvalue) if np.isfinite(test.pvalue) else 1.0
    return LearningResult(
        str(opponent), n_hands, int(window), recorded_seed(root), float(early.mean()), float(late.mean()), t, p,
        agent.model_.n_showdowns_, np.array(w),
    )


def plot_cumulative_winnings(results: dict[str, Any], ax: Axes | None = None) -> list[Line2D]:
    """Figure 3: BPP's cumulative winnings (betting units) against each opponent.

    Parameters
    ----------
    results : dict
        Opponent name → :class:`holdem.match.MatchResult` with BPP as agent 0
        (e.g. from :func:`cumulative_winnings`).
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    list of matplotlib.lines.Line2D

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> result, _ = cumulative_winnings("rules", n_hands=20, rng=3)
    >>> [line.get_label().split(":")[0] for line in plot_cumulative_winnings({"rules": result})]
    ['rules']
    >>> plot_cumulative_winnings({})
    Traceback (most recent call last):
    ...
    ValueError: The 'results' parameter of plot_cumulative_winnings must map opponent names to match results; got {}.
    """
    if not isinstance(results, dict) or not results:
        raise ValueError(
            f"The 'results' parameter of plot_cumulative_winnings must map opponent names to match results; got {results!r}."
        )
    ax = axes_or_new(ax)
    lines = []
    for name, result in results.items():
        bpp = result.players[0]
        hands = np.arange(1, bpp.bankroll.size + 1)
        half = (bpp.ci95[1] - bpp.ci95[0]) / 2
        (line,) = ax.plot(hands, bpp.bankroll, lw=1.4, label=f"{name}: {bpp.mean:+.3f} ± {half:.3f} units/hand")
        lines.append(line)
    ax.axhline(0.0, color="0.6", lw=0.8, zorder=0)
    ax.set_xlabel("games")
    ax.set_ylabel("BPP's cumulative winnings (betting units)")
    ax.set_title("Bayesian Poker Program's cumulative performance (Figure 3)")
    ax.legend(frameon=False, fontsize="small", title="opponent")
    ax.grid(alpha=0.25)
    return lines

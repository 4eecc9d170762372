"""Pre-flop: income rates by roll-out simulation, and the pre-flop betting rules on them.

Component: the hand evaluator, before the flop (Billings2002 §4 architecture figure; §5 "pre-flop betting strategy"; Billings1998 §4.1).

Income rates (Billings1998 §4.1; Billings2002 "Pre-flop betting strategy")
    "For each one of the 169 possible hand types, a simulation of 1,000,000
    poker games was done against nine random opponents.  This produced a
    statistical measure of the approximate *income rate* for each starting
    hand" (Billings1998 §4.1).  In Poki's roll-out "all players call the first bet
    (i.e. the big blind), and all remaining cards are dealt out with no
    further betting" (Billings2002).  The **income rate** is the expected net win of
    the hand per game played, in small bets, times 1,000: **milli-bets** (Billings2002:
    "values are shown in milli-bets, so a hand with an income rate of +1000
    wins on average one small bet each time it is played").  Every player in
    a roll-out puts in one small bet; the winner takes the pot, ties split it,
    so a hand's net per game is ``pot share − 1`` small bet.

How the games are dealt
    Games are ordinary random deals of ``n_players`` hands and a board;
    every seat's result is credited to its starting-hand class.  This is the
    same estimator as dealing each class against ``n − 1`` random hands (the
    other hands and the board are uniform given the seat's cards) and costs a
    tenth of it, but the number of games per class is random: ``n_games``
    is the *expected number of games of a suited class* (4 combos, the
    rarest); pairs (6 combos) get 1.5 times as many, offsuit classes (12
    combos) three times as many.  :attr:`IncomeRates.games`
    reports the count of each class.  All showdowns of a batch of deals are
    evaluated in one :func:`holdem.evaluate.evaluate_unchecked` call.  Blocks
    of deals draw from streams spawned from one ``SeedSequence`` and are
    summed in block order, so a result depends on the seed alone, not on the
    number of worker processes.

Iterated roll-out (Billings2002)
    "The previous results govern the betting decision for each player": a
    player whose hand had a negative income rate in the previous round folds
    it before calling the big blind, which "drastically reduces the number of
    active players" and gives "a more realistic distribution of opponents'
    probable hands".  "A diminishing noise factor was added to each income
    rate, analogous to the cooling factor in simulated annealing", giving
    negative hands "a chance to recover as the prevailing context changes";
    the process "eventually reaches an equilibrium, defining a set of hands
    that can be played profitably against the blinds and the other unknown
    hands".  Model used here: two of the ``n − 1`` opponents are the blinds
    and always see the showdown (with random hands); every other opponent
    plays only a hand of the current playing set; the hand being rated is
    always played.

Betting rules
    :func:`preflop_triples` turns a table into (fold, call, raise)
    probabilities for every holding, by Poki's pre-flop expert system of
    *betting levels* (Make0: fold unless free, Make1: call one bet, Make2:
    raise to two bets then call anything, Make4: raise to the cap) with
    thresholds that rise with the number of players still to act (position)
    and scale with the number of players (Billings1998 §4.1: "the number of players in
    the game, the position at the table").  :func:`simple_preflop_triples`
    is Loki's ablation player C (Billings1998 §5, Figure 1): "a simplistic pre-flop
    hand selection method", a fixed set of playable and raising hands with
    no regard for position or player count.

Examples
--------
>>> from bpp.loki.evaluator.preflop import load_income_rates
>>> table = load_income_rates(10)
>>> table.ranking()[0], table.ranking()[-1]
('AA', '72o')
"""

from __future__ import annotations

import csv
import io
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from holdem.ranges import CLASS_NAMES, CLASS_OF_HOLDING, HOLDING_INDEX, N_CLASSES, N_HOLDINGS, class_index, holding_index
from bpp.models import shipped_path

if TYPE_CHECKING:
    import argparse

    from numpy.typing import ArrayLike

    from holdem._typing import RngLike
    from holdem.cards import CardsLike

__all__ = [
    "SKLANSKY_GROUPS",
    "IncomeRates",
    "PreflopThresholds",
    "compare_sklansky",
    "iterated_rollout",
    "load_income_rates",
    "model_path",
    "preflop_levels",
    "preflop_triple",
    "preflop_triples",
    "rollout",
    "simple_preflop_triples",
    "sklansky_group",
    "add_arguments",
    "run",
]

#: Where the committed tables live: ``bpp/models/loki/`` (:func:`bpp.models.shipped_path`).
MODEL_DIR = shipped_path("loki")

#: Deals per block: the unit of work of one random stream (fixed, so results do not depend on workers).
BLOCK_DEALS = 16384

# --- Sklansky -------------------------------------------------------------------------------

#: Sklansky and Malmuth's starting-hand groups 1-8 (*Hold'em Poker for Advanced Players*,
#: the [SM94] of Billings1998 and the classification Billings2002 compares its roll-outs with).  Hands in no
#: group are "group 9" here (not to be played).
SKLANSKY_GROUPS: dict[int, tuple[str, ...]] = {
    1: ("AA", "KK", "QQ", "JJ", "AKs"),
    2: ("TT", "AQs", "AJs", "KQs", "AKo"),
    3: ("99", "JTs", "QJs", "KJs", "ATs", "AQo"),
    4: ("T9s", "KQo", "88", "QTs", "98s", "J9s", "AJo", "KTs"),
    5: ("77", "87s", "Q9s", "T8s", "KJo", "QJo", "JTo", "76s", "97s", "65s")
    + tuple(f"A{r}s" for r in "98765432"),
    6: ("66", "ATo", "55", "86s", "KTo", "QTo", "54s", "K9s", "J8s", "75s"),
    7: ("44", "J9o", "64s", "T9o", "53s", "33", "98o", "43s", "22", "T7s", "Q8s")
    + tuple(f"K{r}s" for r in "8765432"),
    8: ("87o", "A9o", "Q9o", "76o", "42s", "32s", "96s", "85s", "J8o", "J7s", "65o", "54o", "74s", "K9o", "T8o"),
}
_SKLANSKY = {name: group for group, names in SKLANSKY_GROUPS.items() for name in names}


def sklansky_group(hand: str | int) -> int:
    """Sklansky's group (1 best … 8) of a class name or index; 9 for an unranked hand.

    Examples
    --------
    >>> sklansky_group("AKs"), sklansky_group("A5s"), sklansky_group("72o")
    (1, 5, 9)
    >>> sklansky_group("A5")
    Traceback (most recent call last):
    ...
    ValueError: bad class name 'A5': expected a pair such as 'QQ' or two ranks and s/o such as 'AKs', 'T9o'
    """
    k = hand if isinstance(hand, (int, np.integer)) else class_index(hand)
    return _SKLANSKY.get(CLASS_NAMES[int(k)], 9)


# --- the table --------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class IncomeRates:
    """Income rates of the 169 starting-hand classes for one number of players.

    Attributes
    ----------
    rates : numpy.ndarray of float64, shape (169,)
        Milli-bets per game played (net small bets × 1000), class grid order
        (:data:`holdem.ranges.CLASS_NAMES`).
    stderr : numpy.ndarray of float64, shape (169,)
        Standard error of each rate, milli-bets.
    games : numpy.ndarray of int64, shape (169,)
        Games credited to each class.
    n_players : int
        Players dealt in.
    iterated : bool
        From :func:`iterated_rollout` (else a plain :func:`rollout`).
    played : numpy.ndarray of bool, shape (169,)
        The classes the other (non-blind) players played in the final round
        (all True for a plain roll-out).
    iterations : int
        Rounds of simulation (1 for a plain roll-out).
    seed : int or None
        The seed the table was built with, when known.
    """

    rates: np.ndarray
    stderr: np.ndarray
    games: np.ndarray
    n_players: int
    iterated: bool = False
    played: np.ndarray = field(default_factory=lambda: np.ones(N_CLASSES, dtype=bool))
    iterations: int = 1
    seed: int | None = None

    def rate(self, hand: str | int) -> float:
        """Income rate of a class (``"AKs"``, an index) or a holding (``"AsKs"``), milli-bets.

        Examples
        --------
        >>> t = load_income_rates(10)
        >>> t.rate("AA") == t.rate("AsAh") > t.rate("KK")
        True
        """
        if isinstance(hand, str) and len(hand.replace(" ", "")) == 4:
            return float(self.rates[CLASS_OF_HOLDING[holding_index(hand)]])
        k = hand if isinstance(hand, (int, np.integer)) else class_index(hand)
        return float(self.rates[int(k)])

    def holding_rates(self) -> np.ndarray:
        """(1326,) float64: each holding's class rate."""
        return self.rates[CLASS_OF_HOLDING]

    def ranking(self) -> tuple[str, ...]:
        """Class names from the highest income rate to the lowest."""
        return tuple(CLASS_NAMES[k] for k in np.argsort(-self.rates, kind="stable"))

    def profitable(self) -> tuple[str, ...]:
        """Classes with a positive income rate, best first."""
        return tuple(name for name in self.ranking() if self.rate(name) > 0)

    def format_table(self, columns: int = 4) -> str:
        """The table as text, best first, ``columns`` (class, rate) pairs per line."""
        order = self.ranking()
        rows = math.ceil(len(order) / columns)
        lines = []
        for r in range(rows):
            cells = [order[r + c * rows] for c in range(columns) if r + c * rows < len(order)]
            lines.append("  ".join(f"{name:>4} {self.rate(name):+7.0f}" for name in cells))
        return "\n".join(lines)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the table as CSV (``class,rate,stderr,games,played``; metadata on ``#`` lines)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.StringIO()
        buffer.write(
            f"# bpp.loki.evaluator.preflop income rates (milli-bets per game played)\n"
            f"# n_players={self.n_players} iterated={int(self.iterated)} iterations={self.iterations} "
            f"seed={self.seed} games_total={int(self.games.sum())}\n"
        )
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["class", "rate", "stderr", "games", "played"])
        for k, name in enumerate(CLASS_NAMES):
            writer.writerow([name, f"{self.rates[k]:.2f}", f"{self.stderr[k]:.2f}", int(self.games[k]), int(self.played[k])])
        path.write_text(buffer.getvalue())
        return path

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "IncomeRates":
        """Read a table written by :meth:`save`; anything else is one ``ValueError`` naming the file.

        >>> import tempfile, pathlib
        >>> bad = pathlib.Path(tempfile.mkdtemp()) / "t.csv"
        >>> _ = bad.write_text("class,rate\\nAA,nan\\n")
        >>> IncomeRates.load(bad)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: '...t.csv' is not an income-rate table: its classes are not the 169 in grid order
        """
        path = Path(path)
        name = repr(str(path))
        try:
            text = path.read_text().splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"{name} cannot be read as an income-rate table ({exc})") from None
        meta: dict[str, str] = {}
        for line in text:
            if line.startswith("#") and "=" in line:
                meta.update({key: value for key, value in (item.split("=", 1) for item in line[1:].split() if "=" in item)})
        rows = list(csv.DictReader(line for line in text if not line.startswith("#")))
        if [row.get("class") for row in rows] != list(CLASS_NAMES):
            raise ValueError(f"{name} is not an income-rate table: its classes are not the 169 in grid order")
        try:
            seed = meta.get("seed", "None")
            table = cls(
                rates=np.array([float(r["rate"]) for r in rows]),
                stderr=np.array([float(r["stderr"]) for r in rows]),
                games=np.array([int(r["games"]) for r in rows], dtype=np.int64),
                n_players=int(meta["n_players"]),
                iterated=bool(int(meta.get("iterated", 0))),
                played=np.array([bool(int(r["played"])) for r in rows]),
                iterations=int(meta.get("iterations", 1)),
                seed=None if seed == "None" else int(seed),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{name} is not an income-rate table: a value is missing or not a number ({exc})") from None
        if not (np.isfinite(table.rates).all() and np.isfinite(table.stderr).all() and (table.games >= 0).all()):
            raise ValueError(f"{name}: its rates, standard errors and game counts must be finite, counts >= 0")
        if not 2 <= table.n_players <= 10:
            raise ValueError(f"{name}: n_players={table.n_players} is not in [2, 10]")
        return table


def model_path(n_players: int, *, iterated: bool = False, directory: str | os.PathLike[str] | None = None) -> Path:
    """Path of the committed table: ``bpp/models/loki/preflop_{n}p[_iterated].csv``.

    Examples
    --------
    >>> model_path(10, iterated=True).name
    'preflop_10p_iterated.csv'
    """
    _check_players(n_players, "model_path")
    base = Path(directory) if directory is not None else MODEL_DIR
    return base / f"preflop_{n_players}p{'_iterated' if iterated else ''}.csv"


_LOADED: dict[tuple, IncomeRates] = {}


def load_income_rates(n_players: int = 10, *, iterated: bool = False, directory: str | os.PathLike[str] | None = None) -> IncomeRates:
    """The committed income-rate table for ``n_players`` (cached).

    Falls back to the nearest player count that has a table.

    Examples
    --------
    >>> load_income_rates(10).n_players
    10
    >>> load_income_rates(11)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_players' parameter of load_income_rates must be an integer in [2, 10]; got 11.
    """
    _check_players(n_players, "load_income_rates")
    key = (n_players, iterated, str(directory))
    if key not in _LOADED:
        candidates = sorted(range(2, 11), key=lambda n: (abs(n - n_players), -n))
        for n in candidates:
            path = model_path(n, iterated=iterated, directory=directory)
            if path.exists():
                _LOADED[key] = IncomeRates.load(path)
                break
        else:
            raise ValueError(
                f"no income-rate table under {model_path(n_players, directory=directory).parent}; "
                "build one with `bpp build preflop`"
            )
    return _LOADED[key]


def _check_players(n_players, where: str, low: int = 2) -> None:
    if not isinstance(n_players, (int, np.integer)) or isinstance(n_players, bool) or not low <= n_players <= 10:
        raise ValueError(f"The 'n_players' parameter of {where} must be an integer in [{low}, 10]; got {n_players!r}.")


# --- roll-out simulation ----------------------------------------------------------------------


def _deals_for(n_games: int, n_seats: int) -> int:
    """Deals giving a suited class ``n_games`` games on average when ``n_seats`` seats are credited."""
    return math.ceil(n_games * N_HOLDINGS / (4 * n_seats))


def _deal_block(rng: np.random.Generator, n_deals: int, n_players: int) -> tuple[np.ndarray, np.ndarray]:
    """Deal ``n_deals`` games: each seat's class (deals, players) and final hand rank (deals, players)."""
    from holdem.evaluate import evaluate_unchecked

    n_cards = 2 * n_players + 5
    # A random prefix of a permutation per deal: argpartition of uniform keys is a uniform draw.
    keys = rng.random((n_deals, 52), dtype=np.float32)
    cards = np.argpartition(keys, n_cards, axis=1)[:, :n_cards].astype(np.int8)
    holes = cards[:, : 2 * n_players].reshape(n_deals, n_players, 2)
    hands = np.empty((n_deals, n_players, 7), dtype=np.int8)
    hands[:, :, :2] = holes
    hands[:, :, 2:] = cards[:, None, 2 * n_players :]
    ranks = evaluate_unchecked(hands)  # every showdown of the block in one call
    classes = CLASS_OF_HOLDING[HOLDING_INDEX[holes[:, :, 0], holes[:, :, 1]]]
    return classes, ranks


def _nets(classes: np.ndarray, ranks: np.ndarray, played) -> tuple[np.ndarray, np.ndarray]:
    """Net small bets of each credited seat, and its class: both (deals, credited seats).

    ``played`` None: everyone plays, every seat is credited.  Else seats 0 and 1
    are the blinds and always play, seat ``i >= 2`` is rated as if it played
    while the other non-blind seats play the classes where ``played`` is true.
    """
    n_players = ranks.shape[1]
    ranks = ranks.astype(np.int32)
    if played is None:
        top = ranks.max(axis=1, keepdims=True)
        winners = ranks == top
        share = n_players / winners.sum(axis=1, keepdims=True)
        return np.where(winners, share, 0.0) - 1.0, classes
    active = played[classes]
    active[:, :2] = True
    nets = np.empty((ranks.shape[0], n_players - 2))
    for i in range(2, n_players):
        others = active.copy()
        others[:, i] = False
        r_other = np.where(others, ranks, -1)
        top = r_other.max(axis=1)
        ties = (r_other == top[:, None]).sum(axis=1)
        k = others.sum(axis=1) + 1  # players in the showdown, the rated seat included
        mine = ranks[:, i]
        nets[:, i - 2] = np.where(mine > top, k - 1.0, np.where(mine == top, k / (ties + 1.0) - 1.0, -1.0))
    return nets, classes[:, 2:]


def _block(args) -> np.ndarray:
    """One block of deals: per-class sums of (1, net, net²), shape (3, 169)."""
    seed, n_deals, n_players, played = args
    classes, ranks = _deal_block(np.random.default_rng(seed), n_deals, n_players)
    net, cls = _nets(classes, ranks, played)
    cls = cls.ravel()
    net = net.ravel()
    return np.stack(
        [
            np.bincount(cls, minlength=N_CLASSES).astype(np.float64),
            np.bincount(cls, weights=net, minlength=N_CLASSES),
            np.bincount(cls, weights=net * net, minlength=N_CLASSES),
        ]
    )


def _simulate(n_players, n_deals, played, seed_seq, n_jobs, progress, desc) -> np.ndarray:
    blocks = [BLOCK_DEALS] * (n_deals // BLOCK_DEALS) + ([n_deals % BLOCK_DEALS] if n_deals % BLOCK_DEALS else [])
    seeds = seed_seq.spawn(len(blocks))
    tasks = [(s, b, n_players, played) for s, b in zip(seeds, blocks)]
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=n_deals, desc=desc, unit="deal", unit_scale=True, leave=False)
    results: list[Any] = [None] * len(tasks)  # each block's (3, N_CLASSES) counts, in block order
    from holdem.match.cluster import iter_map  # local processes, or the Dask scheduler of $BPP_SCHEDULER

    for j, out in enumerate(iter_map(_block, [(task,) for task in tasks], workers=n_jobs)):
        results[j] = out
        if bar is not None:
            bar.update(tasks[j][1])
    if bar is not None:
        bar.close()
    total = np.zeros((3, N_CLASSES))
    for out in results:  # in block order: independent of the number of workers
        total += out
    return total


def _rates_from(total, n_players, *, iterated, played, iterations, seed) -> IncomeRates:
    count, s1, s2 = total
    safe = np.maximum(count, 1)
    mean = s1 / safe
    var = np.maximum(s2 / safe - mean**2, 0.0)
    stderr = np.sqrt(var / np.maximum(count - 1, 1))
    return IncomeRates(
        rates=1000.0 * mean,
        stderr=1000.0 * stderr,
        games=count.astype(np.int64),
        n_players=int(n_players),
        iterated=iterated,
        played=np.ones(N_CLASSES, dtype=bool) if played is None else np.asarray(played, dtype=bool).copy(),
        iterations=iterations,
        seed=seed,
    )


def _seed_sequence(rng):
    if isinstance(rng, np.random.SeedSequence):
        return rng, None
    if isinstance(rng, np.random.Generator):
        return np.random.SeedSequence(rng.integers(2**63)), None
    if rng is None or (isinstance(rng, (int, np.integer)) and not isinstance(rng, bool) and rng >= 0):
        seq = np.random.SeedSequence(rng)
        return seq, (int(rng) if rng is not None else None)
    raise ValueError(f"The 'rng' parameter must be None, a non-negative int, a SeedSequence or a Generator; got {rng!r}.")


def _check_games(n_games, where, name: str = "n_games") -> None:
    if not isinstance(n_games, (int, np.integer)) or isinstance(n_games, bool) or n_games < 1:
        raise ValueError(f"The '{name}' parameter of {where} must be a positive integer; got {n_games!r}.")


def _check_jobs(n_jobs, where) -> int:
    if n_jobs is None or n_jobs == -1:
        import os

        return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if not isinstance(n_jobs, (int, np.integer)) or isinstance(n_jobs, bool) or n_jobs < 1:
        raise ValueError(f"The 'n_jobs' parameter of {where} must be a positive integer or -1; got {n_jobs!r}.")
    return int(n_jobs)


def rollout(
    n_players: int = 10,
    n_games: int = 10_000,
    *,
    rng: RngLike = None,
    n_jobs: int = 1,
    progress: bool = False,
) -> IncomeRates:
    """Income rates by roll-out simulation: everyone calls the big blind and sees the showdown.

    Poki's roll-out (Billings2002 "Pre-flop betting strategy"; Billings1998 §4.1): games of
    ``n_players`` random hands dealt to the river with no betting after the
    big blind; each class's income rate is its mean net win per game in
    milli-bets.

    Parameters
    ----------
    n_players : int
        Players, 2-10 (Loki: ten, i.e. nine opponents).
    n_games : int
        Expected games of a suited class (the rarest); pairs get 1.5 times and
        offsuit classes three times as many (see the module notes).  Loki: 1,000,000.
    rng : None, int, SeedSequence or Generator
        The seed; blocks of deals draw from streams spawned from it.
    n_jobs : int
        Worker processes (-1: every core).  The result does not depend on it.
    progress : bool
        Show a tqdm progress bar.

    Returns
    -------
    IncomeRates

    Examples
    --------
    >>> t = rollout(3, 300, rng=1)
    >>> t.rates.shape, t.n_players, bool(t.rate("AA") > t.rate("72o"))
    ((169,), 3, True)
    >>> rollout(1, 300)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_players' parameter of rollout must be an integer in [2, 10]; got 1.
    """
    _check_players(n_players, "rollout")
    _check_games(n_games, "rollout")
    n_jobs = _check_jobs(n_jobs, "rollout")
    seq, seed = _seed_sequence(rng)
    n_deals = _deals_for(n_games, n_players)
    total = _simulate(n_players, n_deals, None, seq, n_jobs, progress, f"roll-out {n_players}p")
    return _rates_from(total, n_players, iterated=False, played=None, iterations=1, seed=seed)


def iterated_rollout(
    n_players: int = 10,
    n_games: int = 10_000,
    *,
    noise: float = 200.0,
    cooling: float = 0.7,
    max_iterations: int = 20,
    final_games: int | None = None,
    initial: IncomeRates | ArrayLike | None = None,
    rng: RngLike = None,
    n_jobs: int = 1,
    progress: bool = False,
) -> IncomeRates:
    """Poki's iterated roll-out: players fold hands that lost in the previous round (Billings2002).

    Round ``t`` plays ``n_games`` games (per pair class) in which the two
    blinds always play and every other opponent plays only hands in the
    playing set; the next set is the classes whose income rate plus noise
    ``noise · cooling**t · N(0, 1)`` (milli-bets; the "diminishing noise factor"
    of Billings2002) is positive.  It stops when the set has not changed for two rounds
    after the noise fell below 1 milli-bet, or after ``max_iterations``; then a
    final round of ``final_games`` (default ``n_games``) rates every class
    against the final set.

    Parameters
    ----------
    n_players : int
        Players, 3-10.
    n_games : int
        Expected games of a suited class in each round.
    noise, cooling : float
        Initial noise (milli-bets) and its decay per round, ``0 <= cooling < 1``.
    max_iterations : int
        Most rounds before the final one.
    final_games : int, optional
        Games (of a suited class) of the final round.
    initial : IncomeRates or array_like of shape (169,), optional
        Rates that set the first playing set; default a plain roll-out of
        ``n_games``.
    rng, n_jobs, progress
        As for :func:`rollout`.

    Returns
    -------
    IncomeRates
        ``iterated=True``; ``played`` is the equilibrium playing set and
        ``iterations`` the number of rounds.

    Examples
    --------
    >>> t = iterated_rollout(4, 300, max_iterations=2, rng=1)
    >>> t.iterated, t.iterations <= 4, bool(t.played[0])          # AA is always played
    (True, True, True)
    >>> iterated_rollout(4, 300, cooling=1.0)
    Traceback (most recent call last):
    ...
    ValueError: The 'cooling' parameter of iterated_rollout must be in [0, 1); got 1.0.
    """
    _check_players(n_players, "iterated_rollout", low=3)
    _check_games(n_games, "iterated_rollout")
    if not 0.0 <= cooling < 1.0:
        raise ValueError(f"The 'cooling' parameter of iterated_rollout must be in [0, 1); got {cooling!r}.")
    if not 0 <= noise < math.inf:
        raise ValueError(f"The 'noise' parameter of iterated_rollout must be a finite number >= 0; got {noise!r}.")
    if final_games is not None:
        _check_games(final_games, "iterated_rollout", name="final_games")
    if not isinstance(max_iterations, (int, np.integer)) or max_iterations < 1:
        raise ValueError(f"The 'max_iterations' parameter of iterated_rollout must be a positive integer; got {max_iterations!r}.")
    n_jobs = _check_jobs(n_jobs, "iterated_rollout")
    seq, seed = _seed_sequence(rng)
    streams = seq.spawn(max_iterations + 3)
    noise_rng = np.random.default_rng(streams[-1])
    n_seats = n_players - 2
    n_deals = _deals_for(n_games, n_seats)
    if initial is None:
        rates = rollout(n_players, n_games, rng=streams[-2], n_jobs=n_jobs, progress=progress).rates
    else:
        rates = initial.rates if isinstance(initial, IncomeRates) else np.asarray(initial, dtype=np.float64)
        if rates.shape != (N_CLASSES,):
            raise ValueError(f"The 'initial' parameter of iterated_rollout must have 169 rates; got shape {rates.shape}.")
    played = rates > 0
    stable = 0
    iterations = 1
    for t in range(max_iterations):
        level = noise * cooling**t
        total = _simulate(n_players, n_deals, played, streams[t], n_jobs, progress, f"iteration {t + 1}")
        rates = _rates_from(total, n_players, iterated=True, played=played, iterations=t + 1, seed=seed).rates
        new = rates + level * noise_rng.standard_normal(N_CLASSES) > 0
        new[0] = True  # AA: someone always plays (keeps the set non-empty in tiny runs)
        iterations += 1
        stable = stable + 1 if (np.array_equal(new, played) and level < 1.0) else 0
        played = new
        if stable >= 2:
            break
    final = _deals_for(final_games or n_games, n_seats)
    total = _simulate(n_players, final, played, streams[max_iterations], n_jobs, progress, "final")
    return _rates_from(total, n_players, iterated=True, played=played, iterations=iterations, seed=seed)


def compare_sklansky(rates: IncomeRates) -> str:
    """A text table of the income rates of each Sklansky group (Billings2002 Table "income rates versus Sklansky").

    Examples
    --------
    >>> print(compare_sklansky(load_income_rates(10)).splitlines()[0])
    group  hands   mean IR    min IR    max IR  members (best first)
    """
    lines = [f"{'group':>5}  {'hands':>5}  {'mean IR':>8}  {'min IR':>8}  {'max IR':>8}  members (best first)"]
    order = {name: r for r, name in enumerate(rates.ranking())}
    for group in range(1, 10):
        names = [n for n in CLASS_NAMES if sklansky_group(n) == group]
        names.sort(key=order.__getitem__)
        values = np.array([rates.rate(n) for n in names])
        members = " ".join(f"{n}({rates.rate(n):+.0f})" for n in names) if group < 9 else "(the rest)"
        lines.append(
            f"{group if group < 9 else '-':>5}  {len(names):>5}  {values.mean():>+8.0f}  {values.min():>+8.0f}  "
            f"{values.max():>+8.0f}  {members}"
        )
    return "\n".join(lines)


# --- pre-flop betting rules -------------------------------------------------------------------


@dataclass(frozen=True)
class PreflopThresholds:
    """Income-rate thresholds (milli-bets, for a ten-player table) of Poki's pre-flop betting levels.

    A hand is **Make1** (call one bet) when its income rate is at least
    ``make1 + per_player_behind · players_behind``, **Make2** (raise to two
    bets, then call anything) from ``make2``, **Make4** (raise to the cap) from
    ``make4``; below Make1 it is **Make0** (fold unless checking is free).
    Tables for fewer players have smaller rates: thresholds scale with
    ``n_players / 10``.  ``spread`` is the half-width of the linear ramp that
    turns each threshold into a probability (Loki's re-weighting shape), so
    borderline hands mix their actions (Billings2002 "unpredictability").

    Derivation: the papers name the levels (Billings2002 "pre-flop betting
    strategy") but give no numbers.  These were set by hand on the plain
    ten-player roll-out table so that, on the button, Make1 keeps 32 % of
    the holdings, Make2 8.7 % and Make4 1.2 % (AA, KK and part of QQ's
    ramp), each extra player behind raising Make1 by 25 mb (tighter in early
    position, Billings1998 §4.1).  With fewer players the scale ``n / 10`` keeps
    45 % / 32 % / 10 % heads-up and 34 % / 17 % / 2.9 % at six seats.  They
    were not tuned by tournament play (a calibration left undone).
    """

    make1: float = 100.0
    make2: float = 500.0
    make4: float = 1200.0
    per_player_behind: float = 25.0
    spread: float = 50.0

    def __post_init__(self):
        if not self.spread > 0:
            raise ValueError(f"The 'spread' parameter of PreflopThresholds must be positive; got {self.spread!r}.")


def _ramp(x: np.ndarray, threshold: float, spread: float) -> np.ndarray:
    return np.clip((x - threshold + spread) / (2.0 * spread), 0.0, 1.0)


def _class_rates(rates, n_players: int) -> np.ndarray:
    if rates is None:
        return load_income_rates(n_players).rates
    if isinstance(rates, IncomeRates):
        return rates.rates
    arr = np.asarray(rates, dtype=np.float64)
    if arr.shape != (N_CLASSES,):
        raise ValueError(f"The 'rates' parameter must be IncomeRates or 169 rates; got shape {arr.shape}.")
    return arr


def preflop_levels(
    rates: IncomeRates | ArrayLike | None = None,
    *,
    n_players: int = 10,
    players_behind: int = 0,
    thresholds: PreflopThresholds | None = None,
) -> np.ndarray:
    """P(betting level ≥ 1, ≥ 2, ≥ 4) of every class: shape (169, 3), float64.

    Parameters
    ----------
    rates : IncomeRates or array_like of shape (169,), optional
        Default: the committed plain roll-out table for ``n_players``.
    n_players : int
        Players still in the hand (the table to read and the threshold scale).
    players_behind : int
        Players yet to act after this one in the round (0 on the button or
        in the big blind); each one raises the Make1 threshold.
    thresholds : PreflopThresholds, optional

    Examples
    --------
    >>> levels = preflop_levels(n_players=10, players_behind=7)
    >>> levels[0], levels[-1]         # AA raises to the cap, 22 folds in early position
    (array([1., 1., 1.]), array([0., 0., 0.]))
    """
    _check_players(n_players, "preflop_levels")
    if not isinstance(players_behind, (int, np.integer)) or not 0 <= players_behind < n_players:
        raise ValueError(
            f"The 'players_behind' parameter of preflop_levels must be an integer in [0, {n_players - 1}]; "
            f"got {players_behind!r}."
        )
    th = thresholds or PreflopThresholds()
    r = _class_rates(rates, n_players)
    scale = n_players / 10.0
    spread = th.spread * scale
    make1 = _ramp(r, (th.make1 + th.per_player_behind * players_behind) * scale, spread)
    make2 = np.minimum(_ramp(r, th.make2 * scale, spread), make1)
    make4 = np.minimum(_ramp(r, th.make4 * scale, spread), make2)
    return np.stack([make1, make2, make4], axis=1)


def _triples_from_levels(levels: np.ndarray, bet_level: int, can_check: bool, can_raise: bool) -> np.ndarray:
    if not isinstance(bet_level, (int, np.integer)) or bet_level < 0:
        raise ValueError(f"The 'bet_level' parameter must be a non-negative integer; got {bet_level!r}.")
    make1, make2, make4 = levels[:, 0], levels[:, 1], levels[:, 2]
    go = make1 if bet_level <= 1 else make2
    if bet_level < 2:
        up = make2
    elif bet_level < 4:
        up = make4
    else:
        up = np.zeros_like(make1)
    if not can_raise:
        up = np.zeros_like(make1)
    if can_check:
        go = np.ones_like(make1)
    up = np.minimum(up, go)
    triples = np.stack([1.0 - go, go - up, up], axis=1)
    return triples[CLASS_OF_HOLDING]


def preflop_triples(
    rates: IncomeRates | ArrayLike | None = None,
    *,
    n_players: int = 10,
    players_behind: int = 0,
    bet_level: int = 1,
    can_check: bool = False,
    can_raise: bool = True,
    thresholds: PreflopThresholds | None = None,
) -> np.ndarray:
    """(fold, call, raise) probabilities of every holding under Poki's pre-flop rules.

    Betting levels (:func:`preflop_levels`) act on the number of bets in the
    round so far, ``bet_level`` (1 = just the big blind, 2 = one raise…):
    Make1 continues while ``bet_level <= 1``; Make2 and Make4 continue at any
    level; Make2 raises below two bets, Make4 below four (the cap).  With
    ``can_check`` (the big blind, unraised) folding is never chosen.

    Parameters
    ----------
    rates, n_players, players_behind, thresholds
        As for :func:`preflop_levels`.
    bet_level : int
        Bets in the pre-flop round so far (the big blind counts as one).
    can_check : bool
        Nothing to call (the big blind's option).
    can_raise : bool
        False once the raise cap is reached.

    Returns
    -------
    numpy.ndarray of float64, shape (1326, 3)
        One triple per holding, :data:`holdem.ranges.HOLDINGS` order; used by
        the pre-flop betting of the agents and, with an opponent's thresholds,
        to re-weight that opponent's table after its pre-flop action.

    Examples
    --------
    >>> pt = preflop_triples(n_players=10, players_behind=7, bet_level=1)
    >>> pt.shape, pt[-1].tolist()                  # AhAs raises
    ((1326, 3), [0.0, 0.0, 1.0])
    >>> preflop_triples(n_players=10, bet_level=-1)
    Traceback (most recent call last):
    ...
    ValueError: The 'bet_level' parameter must be a non-negative integer; got -1.
    """
    levels = preflop_levels(rates, n_players=n_players, players_behind=players_behind, thresholds=thresholds)
    return _triples_from_levels(levels, bet_level, can_check, can_raise)


def preflop_triple(hole: CardsLike, **kwargs: Any) -> np.ndarray:
    """The (fold, call, raise) triple of one holding (text ``"AsKs"`` or two codes); keywords as :func:`preflop_triples`.

    Examples
    --------
    >>> preflop_triple("7c 2d", n_players=10, players_behind=5).tolist()
    [1.0, 0.0, 0.0]
    >>> preflop_triple("7c 2d", n_players=10, can_check=True).tolist()
    [0.0, 1.0, 0.0]
    """
    return preflop_triples(**kwargs)[holding_index(hole)]


def simple_preflop_triples(
    rates: IncomeRates | ArrayLike | None = None,
    *,
    bet_level: int = 1,
    can_check: bool = False,
    can_raise: bool = True,
    play_fraction: float = 0.35,
    raise_fraction: float = 0.08,
) -> np.ndarray:
    """Loki's ablation player C: "a simplistic pre-flop hand selection method" (Billings1998 §5, Figure 1).

    The same hands are played in every seat and at every table size: the best
    ``play_fraction`` of the 1,326 holdings by the ten-player income rates
    call any bet, the best ``raise_fraction`` raise (to the cap); the rest
    fold (or check when free).  No position, no player count — what player
    A's :func:`preflop_triples` adds.

    Parameters
    ----------
    rates : IncomeRates or array_like of shape (169,), optional
        Default the committed ten-player roll-out table.
    bet_level, can_check, can_raise
        As for :func:`preflop_triples`.
    play_fraction, raise_fraction : float
        Shares of the holdings played and raised, ``0 <= raise <= play <= 1``.

    Returns
    -------
    numpy.ndarray of float64, shape (1326, 3)

    Examples
    --------
    >>> pt = simple_preflop_triples()
    >>> round(float((pt[:, 0] == 0).mean()), 2)              # holdings played
    0.35
    >>> simple_preflop_triples(play_fraction=0.1, raise_fraction=0.2)
    Traceback (most recent call last):
    ...
    ValueError: simple_preflop_triples needs 0 <= raise_fraction <= play_fraction <= 1; got raise_fraction=0.2, play_fraction=0.1.
    """
    if not 0.0 <= raise_fraction <= play_fraction <= 1.0:
        raise ValueError(
            "simple_preflop_triples needs 0 <= raise_fraction <= play_fraction <= 1; "
            f"got raise_fraction={raise_fraction!r}, play_fraction={play_fraction!r}."
        )
    r = _class_rates(rates, 10)[CLASS_OF_HOLDING]
    order = np.argsort(-r, kind="stable")
    rank = np.empty(N_HOLDINGS, dtype=np.int64)
    rank[order] = np.arange(N_HOLDINGS)
    play = (rank < round(play_fraction * N_HOLDINGS)).astype(np.float64)
    up = (rank < round(raise_fraction * N_HOLDINGS)).astype(np.float64)
    if bet_level < 0:
        raise ValueError(f"The 'bet_level' parameter must be a non-negative integer; got {bet_level!r}.")
    if not can_raise or bet_level >= 4:
        up = np.zeros(N_HOLDINGS)
    go = np.ones(N_HOLDINGS) if can_check else play
    up = np.minimum(up, go)
    return np.stack([1.0 - go, go - up, up], axis=1)


# --- bpp build preflop --------------------------------------------------------------------------


def _noise(text: str) -> float:
    """argparse ``type`` of ``--noise``: a finite number >= 0."""
    import argparse

    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < math.inf:
        raise argparse.ArgumentTypeError(f"must be a finite number >= 0 (milli-bets); got {text!r}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp build preflop``."""
    from holdem.tables import positive_int, seed

    parser.add_argument("--players", type=int, default=10, help="players dealt in (2-10; default 10)")
    parser.add_argument("--games", type=positive_int, default=100_000, help="expected games of each suited class (pairs get 1.5x, offsuit 3x; default 100000)")
    parser.add_argument("--iterated", action="store_true", help="Poki's iterated roll-out (players fold losing hands)")
    parser.add_argument("--final-games", type=positive_int, default=None, help="games of the final iterated round (default --games)")
    parser.add_argument("--max-iterations", type=positive_int, default=None, help="most iterated rounds (default 20)")
    parser.add_argument("--noise", type=_noise, default=None, help="initial noise of the iterated roll-out, milli-bets (default 200)")
    parser.add_argument("--seed", type=seed, default=0, help="random seed (default 0)")
    parser.add_argument("--jobs", type=int, default=-1, help="worker processes (default: every core)")
    from holdem.tables import add_build_output

    add_build_output(parser, "bpp/models/loki/preflop_{N}p[_iterated].csv", folder=False)
    parser.add_argument("--quiet", action="store_true", help="no progress bar, no table")


def run(args: argparse.Namespace) -> int:
    """Build the table, write it, print the top and bottom and the Sklansky comparison."""
    from holdem.tables import build_destination

    if not args.iterated:
        for option, given in (("--final-games", args.final_games), ("--max-iterations", args.max_iterations),
                              ("--noise", args.noise)):
            if given is not None:
                raise ValueError(f"{option} applies to the iterated roll-out only; add --iterated or leave it out")
    shipped = model_path(args.players, iterated=args.iterated)
    out = build_destination(args, shipped, folder=False, name=f"loki/{shipped.name}")
    start = time.perf_counter()
    if args.iterated:
        table = iterated_rollout(
            args.players,
            args.games,
            noise=200.0 if args.noise is None else args.noise,
            max_iterations=20 if args.max_iterations is None else args.max_iterations,
            final_games=args.final_games,
            rng=args.seed,
            n_jobs=args.jobs,
            progress=not args.quiet,
        )
    else:
        table = rollout(args.players, args.games, rng=args.seed, n_jobs=args.jobs, progress=not args.quiet)
    seconds = time.perf_counter() - start
    path = table.save(out)
    print(f"wrote {path}: {args.players} players, {int(table.games.sum()):,} class-games, {seconds:.1f} s")
    if not args.quiet:
        print(table.format_table())
        print()
        print(compare_sklansky(table))
        if args.iterated:
            print(f"\nprofitable ({len(table.profitable())}): {' '.join(table.profitable())}")
    return 0

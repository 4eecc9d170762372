"""Training and evaluating the evolving player: Tables 5 and 6 and Figures 4-6 of Kendall2001 §3.

The experiment as the paper sets it up: "All our tests have five players
seated at the table.  Player 1 … will always be the evolving player.
Players 2 thru 5 will be the non-evolving players as defined in tables 1
thru 4.  Each player will have 10,000 units allocated to them … The deal and
betting will move clockwise around the table" (Kendall2001 §3).  Here

* the game is :class:`holdem.games.Draw5` (ante 1, two betting rounds that
  pass the table at most three times, a draw of up to two cards); seat 0 is
  the evolving player, seats 1-4 the fixed styles; the button moves one
  seat after every hand;
* a **table** is one style four times (``"loose-aggressive"`` …) or
  ``"mixed"``, one player of each style (Figure 6);
* an **epoch is one hand**: the paper counts "epochs (hands played)"
  (Table 5 reports 25 hands played in the first 25 epochs);
* the bankroll starts at 10,000 units and is the running sum of the hands'
  results (the engine gives every seat a fresh 10,000-unit stack each hand;
  no pot comes near that, so the two agree while a bankroll stays above the
  largest pot, which the results record as ``min_bankroll``);
* a hand is **played** by a seat that put chips in voluntarily (called a bet
  or raised; the ante and checks do not count) and **won** by a seat that
  took the pot or a share of it in a hand it played.  With nothing to call
  the fixed styles check instead of folding, so "played" by this count is
  what the paper's Table 6 reports for the tight players (about 10 % of
  hands), not "still in at the end".

:func:`play_table` is the hand loop (the state machine of the match runner,
:func:`holdem.match.play_match`, with the per-seat counts of hands played and
won that Tables 5 and 6 report, which the match runner does not keep);
:func:`train` plays the training session, :func:`evaluate` the Table 6
matches.

>>> result = train("loose-aggressive", 200, rng=1)
>>> result.table5()[0]                              # epoch 25: the untrained player plays every hand
{'epoch': 25, 'played': 25, 'won': 9, 'pct_played': 100.0, 'pct_won': 36.0}
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from bpp.kendall.players import VALUES_FORMAT, EvolvingPlayer, StylePlayer
from bpp.kendall.styles import STYLE_NAMES
from bpp.kendall.readings import Reading
from holdem._typing import RngLike
from holdem.games import Draw5
from holdem.play import HandDriver

__all__ = [
    "TABLES",
    "TABLE5_EPOCHS",
    "PAPER_TABLE5",
    "PAPER_TABLE6",
    "STARTING_BANKROLL",
    "TableRecord",
    "TrainingResult",
    "Table6",
    "check_table",
    "table_players",
    "play_table",
    "train",
    "evaluate",
]

#: Tables a player can be trained or evaluated at: one per style, and the mixed table of Figure 6.
TABLES = STYLE_NAMES + ("mixed",)
#: "Each player will have 10,000 units allocated to them" (Kendall2001 §3).
STARTING_BANKROLL = 10_000
#: Epochs at which Table 5 reports hands played and won.
TABLE5_EPOCHS = (25, 50, 75, 100, 200, 300, 400, 500, 1000, 1500, 2000, 2500, 3000)
#: Kendall2001 Table 5: hands played and won by the evolving player during training.
PAPER_TABLE5 = {
    "played": (25, 50, 75, 100, 195, 257, 324, 393, 647, 925, 1187, 1421, 1664),
    "won": (5, 12, 19, 28, 60, 81, 102, 123, 216, 312, 409, 484, 560),
    "pct_played": (100, 100, 100, 100, 97.5, 85.6, 81.0, 78.6, 64.7, 61.6, 59.3, 56.8, 55.5),
    "pct_won": (20.0, 24.0, 25.3, 28.0, 30.7, 31.5, 31.5, 31.3, 33.3, 33.7, 34.5, 34.0, 33.6),
}
#: Kendall2001 Table 6: units held after 1,000 hands (mean of five runs) and hands played/won, players 1-5
#: (player 1 the evolving player), by table.
PAPER_TABLE6 = {
    "loose-aggressive": ((13342, 507, 153), (9696, 362, 196), (8602, 386, 198), (8879, 343, 160), (9496, 341, 169)),
    "tight-passive": ((11123, 355, 196), (9536, 122, 83), (9459, 119, 80), (9420, 98, 64), (9706, 108, 68)),
    "loose-passive": ((15632, 500, 157), (8520, 376, 200), (8724, 373, 194), (8189, 342, 161), (8935, 345, 135)),
    "tight-aggressive": ((10816, 446, 167), (9527, 212, 147), (9730, 216, 115), (9837, 184, 122), (10079, 197, 129)),
}


def check_table(table: str) -> str:
    """``table`` if it names a table of :data:`TABLES`, else a ``ValueError``.

    >>> check_table("wild")
    Traceback (most recent call last):
    ...
    ValueError: The 'table' parameter must be one of loose-aggressive, loose-passive, tight-aggressive, tight-passive, mixed; got 'wild'.
    """
    if table not in TABLES:
        raise ValueError(f"The 'table' parameter must be one of {', '.join(TABLES)}; got {table!r}.")
    return table


def _check_count(name: str, value, owner: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ValueError(f"The '{name}' parameter of {owner} must be a positive integer; got {value!r}.")
    return int(value)


def table_players(table: str, reading: Reading | str | None = None) -> list[StylePlayer]:
    """The four fixed players of ``table`` (seats 1-4): one style four times, or one of each style ("mixed").

    ``reading``: how they read the paper's open points (:mod:`bpp.kendall.readings`).

    >>> [p.style for p in table_players("mixed")]
    ['loose-aggressive', 'loose-passive', 'tight-aggressive', 'tight-passive']
    """
    styles = STYLE_NAMES if check_table(table) == "mixed" else (table,) * 4
    return [StylePlayer(s, reading=reading) for s in styles]


@dataclass(frozen=True)
class TableRecord:
    """Per hand and seat: ``payoffs`` (units, int64), ``played`` and ``won`` (bool), all shape (n_hands, 5)."""

    payoffs: np.ndarray
    played: np.ndarray
    won: np.ndarray

    @property
    def bankrolls(self) -> np.ndarray:
        """Each seat's bankroll after each hand, from :data:`STARTING_BANKROLL` (n_hands, 5)."""
        return STARTING_BANKROLL + np.cumsum(self.payoffs, axis=0)


def play_table(players: Sequence[Any], n_hands: int, *, rng: RngLike = None, progress: bool = False,
               desc: str = "hands") -> TableRecord:
    """Play ``n_hands`` hands of five-card draw between ``players`` (seat i = players[i]); the button moves each hand.

    Deals are drawn from ``rng`` (a seed or Generator) in blocks of whole
    permutations; every agent is told ``new_hand(seat)`` and every public
    event (``observe``) if it has those methods, exactly as in the match
    runner, and an :class:`EvolvingPlayer` applies its learning step after
    each hand.

    >>> rec = play_table([StylePlayer("loose-passive") for _ in range(5)], 50, rng=3)
    >>> rec.payoffs.shape, int(rec.payoffs.sum())
    ((50, 5), 0)
    """
    n_hands = _check_count("n_hands", n_hands, "play_table")
    players = list(players)
    game = Draw5(n_players=len(players))
    n = game.n_players
    rng = np.random.default_rng(rng)
    driver = HandDriver(players)
    ante = game.ante
    payoffs = np.zeros((n_hands, n), dtype=np.int64)
    played = np.zeros((n_hands, n), dtype=bool)
    won = np.zeros((n_hands, n), dtype=bool)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=n_hands, unit="hand", desc=desc, leave=False)
    block = 1000
    for start in range(0, n_hands, block):
        size = min(block, n_hands - start)
        deals = np.tile(np.arange(52, dtype=np.int8), (size, 1))
        rng.permuted(deals, axis=1, out=deals)
        for j, deal in enumerate(deals):
            hand = start + j
            state = driver.play(game.new_hand(deal, button=hand % n))
            payoffs[hand] = state.payoffs
            committed = state.committed
            took = state.winnings
            for s in range(n):
                if committed[s] > ante:
                    played[hand, s] = True
                    won[hand, s] = took[s] > 0
        if bar is not None:
            bar.update(size)
    if bar is not None:
        bar.close()
    return TableRecord(payoffs, played, won)


@dataclass(frozen=True)
class TrainingResult:
    """A training session: the player, the table it trained at, and the evolving player's record per epoch (seat 0).

    Attributes
    ----------
    player : EvolvingPlayer
        The trained player (its values after the last epoch).
    table_name : str
        The table of :data:`TABLES` it trained at.
    epochs : int
        Hands played.
    seed : int or None
        The seed of the deals (``None`` when a Generator was given).
    record : TableRecord
        Every seat's payoffs, hands played and won per epoch.
    """

    player: EvolvingPlayer
    table_name: str
    epochs: int
    seed: object
    record: TableRecord = field(repr=False)

    @property
    def curve(self) -> np.ndarray:
        """The evolving player's bankroll after each epoch (the learning curve of Figures 4 and 5)."""
        return self.record.bankrolls[:, 0]

    def table5(self, epochs: Iterable[int] = TABLE5_EPOCHS) -> list[dict[str, Any]]:
        """Hands played and won by the evolving player up to each epoch of Table 5 (those within the session).

        As in the paper, % played is of the epochs and % won is of the hands played (Table 5: 560 / 1664 = 33.6 %).
        """
        played = np.cumsum(self.record.played[:, 0])
        won = np.cumsum(self.record.won[:, 0])
        rows = []
        for e in epochs:
            if e > self.epochs:
                break
            p, w = int(played[e - 1]), int(won[e - 1])
            rows.append({"epoch": e, "played": p, "won": w, "pct_played": round(100 * p / e, 1), "pct_won": round(100 * w / p, 1) if p else 0.0})
        return rows

    def table(self) -> str:
        """Plain text: the final bankroll and Table 5 (hands played and won up to each epoch), as ``bpp kendall train``
        prints them.

        Examples
        --------
        >>> print(train("tight-aggressive", 100, rng=1).table().splitlines()[1])
         epoch  played   won  % played  % won
        """
        lines = [f"trained {self.epochs:,} epochs at the {self.table_name} table (seed {self.seed}): "
                 f"bankroll {int(self.curve[-1]):,} (start 10,000)",
                 f"{'epoch':>6s} {'played':>7s} {'won':>5s} {'% played':>9s} {'% won':>6s}"]
        for row in self.table5():
            lines.append(f"{row['epoch']:6d} {row['played']:7d} {row['won']:5d} {row['pct_played']:9.1f} "
                         f"{row['pct_won']:6.1f}")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        """Everything ``bpp kendall train`` writes: settings, values, Table 5, the learning curve."""
        return {
            "format": VALUES_FORMAT,
            "version": 1,
            "table": self.table_name,
            "epochs": self.epochs,
            "seed": self.seed,
            "decrease_on": self.player.decrease_on,
            "reading": self.player.reading.name,
            "final_bankroll": int(self.curve[-1]),
            "min_bankroll": int(self.curve.min()),
            "table5": self.table5(),
            "values": self.player.values_dict(),
            "curve": self.curve.tolist(),
        }


def train(table: str, epochs: int = 5000, *, rng: RngLike = None, player: EvolvingPlayer | None = None,
          progress: bool = False, reading: Reading | str | None = None) -> TrainingResult:
    """Train an evolving player for ``epochs`` hands at ``table`` (Kendall2001 §3, Table 5, Figures 4-5).

    Parameters
    ----------
    table : str
        One of :data:`TABLES`.
    epochs : int
        Hands to play (the paper trains for 5,000).
    rng
        Seed or Generator of the deals.
    player
        The player to train (default: a new :class:`EvolvingPlayer`, values at 10).
    reading
        How the paper's open points are read (:mod:`bpp.kendall.readings`; default
        :data:`~bpp.kendall.readings.DEFAULT`): the fixed players' and a new player's.

    Examples
    --------
    >>> train("tight-aggressive", 0)
    Traceback (most recent call last):
    ...
    ValueError: The 'epochs' parameter of train must be a positive integer; got 0.
    """
    check_table(table)
    epochs = _check_count("epochs", epochs, "train")
    player = EvolvingPlayer(reading=reading) if player is None else player
    record = play_table([player] + table_players(table, reading), epochs, rng=rng, progress=progress, desc=f"training at {table}")
    seed = rng if isinstance(rng, (int, np.integer)) or rng is None else None
    return TrainingResult(player, table, epochs, None if seed is None else int(seed), record)


def _ci95(samples: np.ndarray) -> tuple[float, float]:
    """Mean ± the Student-t 95 % half-width over the runs (NaN half-width for one run)."""
    from scipy import stats

    n = len(samples)
    mean = float(np.mean(samples))
    if n < 2:
        return mean, math.nan
    return mean, float(stats.t.ppf(0.975, n - 1) * np.std(samples, ddof=1) / math.sqrt(n))


@dataclass(frozen=True)
class Table6:
    """Table 6: by table, each seat's bankroll after ``hands`` hands and hands played/won, mean ± 95 % CI over ``runs``.

    ``bankroll[table]``, ``played[table]``, ``won[table]``: arrays (runs, 5).
    """

    hands: int
    runs: int
    seed: int
    bankroll: dict
    played: dict
    won: dict

    def rows(self) -> list[dict]:
        """One dict per table and seat: means and 95 % half-widths."""
        out = []
        for table in self.bankroll:
            names = ["evolving"] + [p.style for p in table_players(table)]
            for seat in range(5):
                b, bh = _ci95(self.bankroll[table][:, seat])
                p, ph = _ci95(self.played[table][:, seat])
                w, wh = _ci95(self.won[table][:, seat])
                out.append(
                    {"table": table, "player": seat + 1, "name": names[seat], "units": b, "units_ci95": bh, "played": p,
                     "played_ci95": ph, "won": w, "won_ci95": wh}
                )
        return out

    def to_dict(self) -> dict:
        return {"hands": self.hands, "runs": self.runs, "seed": self.seed, "rows": self.rows()}

    def table(self) -> str:
        """The table as text: units held after the hands (mean ± 95 % CI) and hands played / won, per table."""
        lines = [f"Table 6 (Kendall2001 §3): units held after {self.hands:,} hands (start {STARTING_BANKROLL:,}), "
                 f"mean ± 95% CI over {self.runs} runs; hands played / won"]
        current = None
        for row in self.rows():
            if row["table"] != current:
                current = row["table"]
                lines.append(f"\n{current} table")
            half = "" if math.isnan(row["units_ci95"]) else f" ± {row['units_ci95']:5.0f}"
            lines.append(
                f"  {row['player']} {row['name']:<17s} {row['units']:8.0f}{half}   {row['played']:6.1f} / {row['won']:5.1f}"
            )
        return "\n".join(lines)


def evaluate(values: Any, hands: int = 1000, runs: int = 5, *,
             tables: Sequence[str] = ("loose-aggressive", "tight-passive", "loose-passive", "tight-aggressive", "mixed"),
             rng: RngLike = None, progress: bool = False, reading: Reading | str | None = None) -> Table6:
    """Play the trained player (learning frozen) at each table: Table 6 and the mixed table of Figure 6.

    ``reading``: how every player reads the paper's open points (:mod:`bpp.kendall.readings`).

    ``values``: 100 learning values (or an :class:`EvolvingPlayer`).  Each run
    of each table has its own deal stream from ``SeedSequence(seed).spawn``.

    >>> t6 = evaluate([10.0] * 100, hands=20, runs=2, tables=("mixed",), rng=1)
    >>> t6.bankroll["mixed"].shape
    (2, 5)
    >>> evaluate([10.0] * 100, hands=0)
    Traceback (most recent call last):
    ...
    ValueError: The 'hands' parameter of evaluate must be a positive integer; got 0.
    """
    hands = _check_count("hands", hands, "evaluate")
    runs = _check_count("runs", runs, "evaluate")
    for t in tables:
        check_table(t)
    values = values.values_ if isinstance(values, EvolvingPlayer) else values
    player = EvolvingPlayer(values=values, learn=False, reading=reading)
    seed = int(np.random.default_rng(rng).integers(2**63)) if not isinstance(rng, (int, np.integer)) else int(rng)
    streams = np.random.SeedSequence(seed).spawn(len(tables) * runs)
    bankroll, played, won = {}, {}, {}
    for ti, table in enumerate(tables):
        records = [
            play_table([player] + table_players(table, reading), hands, rng=np.random.default_rng(streams[ti * runs + r]), progress=progress,
                       desc=f"{table} run {r + 1}")
            for r in range(runs)
        ]
        bankroll[table] = np.array([rec.bankrolls[-1] for rec in records])
        played[table] = np.array([rec.played.sum(axis=0) for rec in records])
        won[table] = np.array([rec.won.sum(axis=0) for rec in records])
    return Table6(hands, runs, seed, bankroll, played, won)

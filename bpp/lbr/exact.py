"""The exact best response to always-call in heads-up no-limit (Lisy2017 §4), the yardstick of Table 2's first column.

"A best response ... against this strategy is to wait until all cards are
dealt and go all-in if the probability of winning is higher than 0.5"
(§4).  Against a player who only checks and calls, information only grows,
so checking to the river and then choosing between checking down and
all-in is optimal; pre-flop the best response completes the small blind
(folding loses 50 chips, calling is worth at least what checking down is).
With ``e`` the river equity of its two cards against the 990 holdings she
may hold (uniform: her cards carry no information), the best response
wins ``(2e − 1) · stack`` chips when ``e > 1/2`` and ``(2e − 1) · big_blind``
otherwise, so its value per hand is

    ``V = E[(2e − 1) · (stack if e > 1/2 else big_blind)]``,

an expectation over the seven cards it sees.  We compute ``e`` exactly for
every holding on each board (all 1,326 holdings ranked at once, every pair
compared) and average over ``n_boards`` uniformly random boards, reporting
the standard error over boards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from holdem.evaluate import key_sums, rank_of_keys
from holdem.ranges import HOLDINGS, conflict_matrix
from holdem.tables import load_tables

if TYPE_CHECKING:
    from holdem._typing import RngLike

__all__ = ["always_call_best_response"]


def always_call_best_response(n_boards: int = 2000, *, stack: int = 20_000, big_blind: int = 100, rng: RngLike = None,
                              progress: bool = False) -> tuple[float, float]:
    """Value of the best response to always-call in big blinds per hand: ``(mean, standard error)``.

    >>> mean, se = always_call_best_response(50, rng=0)
    >>> 45 < mean < 55 and se < 3
    True
    """
    rng = np.random.default_rng(rng)
    tables = load_tables()
    hold_keys = key_sums(HOLDINGS)
    hold_bits = tables.suit_bits[HOLDINGS].sum(axis=1)
    ok = ~conflict_matrix()
    per_board = np.empty(n_boards)
    boards = np.argsort(rng.random((n_boards, 52)), axis=1)[:, :5]
    it = boards
    if progress:
        from tqdm.auto import tqdm

        it = tqdm(boards, desc="best response to always-call", unit="board")
    for k, board in enumerate(it):
        ranks = rank_of_keys(hold_keys + key_sums(board), 7, suit_bits=hold_bits + tables.suit_bits[board].sum())
        idx = np.flatnonzero(~np.isin(HOLDINGS, board).any(axis=1))
        r = ranks[idx]
        valid = ok[np.ix_(idx, idx)]
        net = (np.sign(r[:, None] - r[None, :]) * valid).sum(axis=1)
        e = 0.5 + net / (2.0 * valid.sum(axis=1))
        per_board[k] = np.mean((2 * e - 1) * np.where(e > 0.5, stack, big_blind)) / big_blind
    return float(per_board.mean()), float(per_board.std(ddof=1) / np.sqrt(n_boards))

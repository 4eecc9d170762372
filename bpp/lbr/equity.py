"""Showdown equity for Local Best Response's WpRollout (Lisy2017 §3, Figure 1).

WpRollout is "the mean probability of winning with hand against the
opponent's range", every remaining board card dealt.  Its cost is carried by
a per-holding equity vector ``e`` (our pot share against each of the 1,326
opponent holdings, every completion enumerated): against any range ``w``,
``WpRollout = w @ e / w.sum()``, so one vector per street serves the call, every
bet size and every "range if she does not fold".

* Flop, turn, river: :func:`holdem.strength.holdings_equity` (exact; one
  broadcast over holdings × completions).
* Pre-flop: a 1,326 × 1,326 hand-versus-hand table (:func:`preflop_equity`),
  built once by ``bpp build preflop-equity`` (:func:`build_preflop_equity`).
  Exact enumeration (C(48, 5) = 1,712,304 boards for each of ~812,000 pairs)
  is out of reach, so the table is estimated: ``n_boards`` uniformly random
  five-card boards are ranked for all 1,326 holdings at once and every pair
  of holdings that avoids the board scores one sample; the estimate is then
  averaged over the 24 suit permutations (suit isomorphism: ``E[σa, σb] =
  E[a, b]``), which also makes it exactly antisymmetric (``E[a, b] + E[b, a] = 1``).
  The shipped table's file carries its build in ``info`` (boards, seed, build
  seconds, and the standard error independent samples would have: an
  underestimate, because the 24 suit relabellings of one board share its
  ranks).  The test suite compares it with exact enumeration of all C(48, 5)
  boards (AsAh-KdKc).

>>> table = preflop_equity()
>>> from holdem.ranges import holding_index
>>> aa, kk = holding_index("As Ah"), holding_index("Kd Kc")
>>> 0.80 < float(table[aa, kk]) < 0.82, float(table[aa, kk] + table[kk, aa])
(True, 1.0)
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import functools
import itertools
import json
import time
from pathlib import Path

import numpy as np

from holdem.evaluate import key_sums, rank_of_keys
from holdem.ranges import HOLDINGS, N_HOLDINGS, conflict_matrix, holding_index
from holdem.tables import cache_dir, load_tables
from bpp.models import shipped_path

if TYPE_CHECKING:
    from holdem._typing import RngLike

__all__ = ["build_preflop_equity", "preflop_equity", "save_preflop_equity", "PREFLOP_FILE", "DEFAULT_BOARDS"]

#: The committed table (uint16, equity × 65535; conflicting pairs 0).
PREFLOP_FILE = shipped_path("lbr", "preflop_equity.npz")
DEFAULT_BOARDS = 12_000
_SCALE = 65535


def suit_permutations() -> np.ndarray:
    """(24, 1326) intp: the holding each holding becomes under each permutation of the four suits.

    >>> perms = suit_permutations()
    >>> perms.shape, bool((np.sort(perms, axis=1) == np.arange(1326)).all())
    ((24, 1326), True)
    """
    out = []
    for order in itertools.permutations(range(4)):
        sigma = np.array(order)
        cards = (HOLDINGS >> 2) * 4 + sigma[HOLDINGS & 3]
        out.append(np.asarray(holding_index(cards[:, 0].astype(np.intp), cards[:, 1].astype(np.intp))).astype(np.intp))
    return np.array(out)


def build_preflop_equity(n_boards: int = DEFAULT_BOARDS, *, rng: RngLike = None, progress: bool = False
                         ) -> tuple[np.ndarray, np.ndarray, dict[str, Any]]:
    """Estimate the 1,326 × 1,326 pre-flop equity table from ``n_boards`` random boards (see the module docstring).

    Returns ``(table, stderr, info)``: float64 ``table[a, b]`` = the equity of
    holding ``a`` against ``b`` (0 where they share a card), the standard error
    of each entry and a dict with ``n_boards``, ``seconds``, ``max_stderr``,
    ``mean_stderr``.

    >>> build_preflop_equity(0)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_boards' parameter of build_preflop_equity must be a positive integer; got 0.
    """
    if not isinstance(n_boards, (int, np.integer)) or isinstance(n_boards, bool) or n_boards < 1:
        raise ValueError(f"The 'n_boards' parameter of build_preflop_equity must be a positive integer; got {n_boards!r}.")
    rng = np.random.default_rng(rng)
    start = time.perf_counter()
    tables = load_tables()
    hold_keys = key_sums(HOLDINGS)
    hold_bits = tables.suit_bits[HOLDINGS].sum(axis=1)
    pair_ok = ~conflict_matrix()
    net = np.zeros((N_HOLDINGS, N_HOLDINGS), dtype=np.int32)  # Σ sign(rank a − rank b)
    square = np.zeros((N_HOLDINGS, N_HOLDINGS), dtype=np.int32)  # Σ sign² (wins + losses)
    count = np.zeros((N_HOLDINGS, N_HOLDINGS), dtype=np.int32)
    boards = np.argsort(rng.random((n_boards, 52)), axis=1)[:, :5]
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=n_boards, desc="pre-flop equity", unit="board")
    for board in boards:
        ranks = rank_of_keys(hold_keys + key_sums(board), 7, suit_bits=hold_bits + tables.suit_bits[board].sum())
        live = ~np.isin(HOLDINGS, board).any(axis=1)
        idx = np.flatnonzero(live)
        sign = np.sign(ranks[idx, None] - ranks[None, idx]).astype(np.int8)
        sub = np.ix_(idx, idx)
        net[sub] += sign
        square[sub] += sign * sign
        count[sub] += 1
        if bar is not None:
            bar.update()
    if bar is not None:
        bar.close()
    # pool over the 24 suit permutations: entry (a, b) gathers the samples of every (σa, σb)
    perms = suit_permutations()
    net_p = np.zeros((N_HOLDINGS, N_HOLDINGS))
    sq_p = np.zeros_like(net_p)
    n_p = np.zeros_like(net_p)
    for p in perms:
        sub = np.ix_(p, p)
        net_p += net[sub]
        sq_p += square[sub]
        n_p += count[sub]
    n_p = np.where(pair_ok, n_p, 0)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_sign = np.where(n_p > 0, net_p / n_p, 0.0)
        var_sign = np.where(n_p > 1, (sq_p / n_p - mean_sign**2) * n_p / (n_p - 1), 0.0)
        stderr = np.where(n_p > 0, 0.5 * np.sqrt(var_sign / np.maximum(n_p, 1)), 0.0)
    # pooling over permutations makes the sign estimate exactly antisymmetric already (sign(b, a) = −sign(a, b))
    table = np.where(pair_ok, 0.5 + mean_sign / 2, 0.0)
    seconds = time.perf_counter() - start
    info = {
        "n_boards": int(n_boards),
        "seconds": round(seconds, 1),
        "max_stderr": float(stderr[pair_ok].max()),  # as if the pooled samples were independent: an underestimate
        "mean_stderr": float(stderr[pair_ok].mean()),
        "method": "uniform random boards, every non-conflicting pair scored per board, pooled over the 24 suit permutations",
    }
    return table, stderr, info


def save_preflop_equity(table: np.ndarray, info: dict[str, Any], path: str | os.PathLike[str] | None = None) -> Path:
    """Write the table as uint16 (equity × 65535) with its ``info`` JSON; returns the path.

    ``table`` is the float equity table of shape ``(1326, 1326)`` (values in [0, 1]), as :func:`_load` reads it back.
    """
    path = Path(path) if path is not None else cache_dir() / "lbr" / "preflop_equity.npz"
    path.parent.mkdir(parents=True, exist_ok=True)
    q = np.round(np.asarray(table) * _SCALE).astype(np.uint16)
    np.savez_compressed(path, equity=q, info=np.array(json.dumps(info)))
    return path


def _load(path: Path) -> tuple[np.ndarray, dict]:
    """The table and ``info`` saved at ``path``, checked (:func:`holdem.files.load_npz`); else one ``ValueError``.

    The check: a (1326, 1326) array of integers in [0, 65535], 0 for every
    pair of holdings that share a card, and ``E[a, b] + E[b, a] = 1`` within
    the rounding of two entries for every other pair.
    """
    from holdem.files import load_npz

    arrays = load_npz(path, {"equity": (N_HOLDINGS, N_HOLDINGS), "info": "json"})
    q, info = arrays["equity"], arrays["info"]
    conflict = conflict_matrix()
    if q.dtype.kind not in "iu" or q.min() < 0 or q.max() > _SCALE:
        raise ValueError(f"{str(path)!r}: the equities must be integers in [0, {_SCALE}] (equity × {_SCALE}); "
                         f"got {q.dtype} in [{q.min()}, {q.max()}]")
    q = q.astype(np.int64)
    if q[conflict].any() or (np.abs(q + q.T - _SCALE)[~conflict] > 1).any():
        raise ValueError(f"{str(path)!r}: the equities are not those of a pre-flop table (a pair sharing a card has "
                         "an equity, or E[a, b] + E[b, a] is not 1); the file was damaged or edited")
    table = q.astype(np.float64) / _SCALE
    # restore exact antisymmetry lost to rounding
    upper = np.triu(np.ones((N_HOLDINGS, N_HOLDINGS), dtype=bool), 1) & ~conflict
    table.T[upper] = 1.0 - table[upper]
    table.flags.writeable = False
    return table, info


@functools.lru_cache(maxsize=1)
def _loaded() -> tuple[np.ndarray, dict]:
    for path in (PREFLOP_FILE, cache_dir() / "lbr" / "preflop_equity.npz"):
        if path.exists():
            return _load(path)
    table, _, info = build_preflop_equity(rng=0, progress=True)
    _load_path = save_preflop_equity(table, info)
    return _load(_load_path)


def preflop_equity() -> np.ndarray:
    """The (1326, 1326) pre-flop equity table, read-only (the committed file, else the cache, else built now)."""
    return _loaded()[0]


def preflop_equity_info() -> dict:
    """How the loaded table was built (``n_boards``, ``seconds``, ``max_stderr`` …)."""
    return dict(_loaded()[1])

"""The conditional probability tables of Figure 1 computed from the deal (Korb1999 §3.3).

``estimate_all_cpts(method="exact")`` enumerates every five-card hand and its
subsets; ``estimate_cpts(method="sample", n_hands=N)`` instead deals ``N``
heads-up hands as the paper did ("estimated by dealing out 10,000,000 hands",
§3.3), vectorized, and counts every table from them.  The tables' layout is
:class:`bpp.stud.model.figure1.StudCPTs`.
"""

from __future__ import annotations

import functools
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from bpp.stud.model import handtypes as ht
from bpp.stud.model.figure1 import N_ROUNDS, StudCPTs, _check_round, _freeze, default_action_cpt

if TYPE_CHECKING:
    from holdem._typing import RngLike

__all__ = ["estimate_cpts", "estimate_all_cpts"]

_METHODS = ("exact", "sample")


def _normalize_columns(counts: np.ndarray) -> np.ndarray:
    """Columns of counts → probabilities; an empty column becomes uniform (only with sampling)."""
    counts = counts.astype(np.float64)
    totals = counts.sum(axis=0, keepdims=True)
    out = np.where(totals > 0, counts / np.where(totals > 0, totals, 1), 1.0 / counts.shape[0])
    return out


def _deterministic_win(equal: np.ndarray) -> np.ndarray:
    """P(win | BPP_Final = i, OPP_Final = j): 1 if i > j, 0 if i < j, ``equal[i]`` on the diagonal."""
    n = ht.N_FINAL_TYPES
    i, j = np.indices((n, n))
    win = (i > j).astype(np.float64)
    win[np.diag_indices(n)] = equal
    return win


@functools.cache
def _all_finals() -> np.ndarray:
    """Final type of every hand of :func:`bpp.stud.model.handtypes.all_hands` (intp, read-only)."""
    finals = ht.type_table(5)[ht.colex_index(ht.all_hands())].astype(np.intp)
    finals.flags.writeable = False
    return finals


def _exact_tables(betting_round: int):
    """Exact prior, M_C|F and M_U|C of a round by full enumeration."""
    k = betting_round + 2
    hands = ht.all_hands()
    finals = _all_finals()
    prior = np.bincount(finals, minlength=ht.N_FINAL_TYPES) / ht.N_HANDS
    n_current = len(ht.type_names(k))
    if k == 5:
        current_given_final = np.eye(ht.N_FINAL_TYPES)
    else:
        table_k = ht.type_table(k)
        binom = np.array([[comb(c, i) for i in range(6)] for c in range(52)], dtype=np.int64)
        joint = np.zeros(n_current * ht.N_FINAL_TYPES, dtype=np.int64)
        for positions in ht.combinations_array(5, k):
            index = np.zeros(hands.shape[0], dtype=np.int64)
            for i, p in enumerate(positions):
                index += binom[hands[:, p], i + 1]
            joint += np.bincount(table_k[index].astype(np.intp) * ht.N_FINAL_TYPES + finals, minlength=joint.size)
        current_given_final = _normalize_columns(joint.reshape(n_current, ht.N_FINAL_TYPES))
    # M_U|C: every k-card hand, every choice of down card
    sets = hands if k == 5 else ht.combinations_array(52, k)
    current = finals if k == 5 else ht.type_table(k)[ht.colex_index(sets)].astype(np.intp)
    table_up = ht.type_table(k - 1)
    n_up = len(ht.type_names(k - 1))
    joint = np.zeros(n_up * n_current, dtype=np.int64)
    for down in range(k):
        up = np.delete(sets, down, axis=1)
        joint += np.bincount(table_up[ht.colex_index(up)].astype(np.intp) * n_current + current, minlength=joint.size)
    upcards_given_current = _normalize_columns(joint.reshape(n_up, n_current))
    return prior, current_given_final, upcards_given_current


def _deal_batch(rng: np.random.Generator, size: int) -> np.ndarray:
    """The first ten cards of ``size`` shuffled decks (a partial Fisher-Yates shuffle), int8 (size, 10)."""
    deck = np.tile(np.arange(52, dtype=np.int8), (size, 1))
    rows = np.arange(size)
    for i in range(10):
        j = i + rng.integers(0, 52 - i, size)
        a = deck[rows, i].copy()
        deck[rows, i] = deck[rows, j]
        deck[rows, j] = a
    return deck[:, :10]


def _sample_counts(n_hands: int, rng, progress: bool, batch: int = 500_000):
    """Counts of every table in every round from ``n_hands`` heads-up deals (Stud5's deal order)."""
    rng = np.random.default_rng(rng)
    nf = ht.N_FINAL_TYPES
    names = {k: len(ht.type_names(k)) for k in range(1, 6)}
    prior = np.zeros(nf, dtype=np.int64)
    cf = {r: np.zeros((names[r + 2], nf), dtype=np.int64) for r in range(N_ROUNDS)}
    uc = {r: np.zeros((names[r + 1], names[r + 2]), dtype=np.int64) for r in range(N_ROUNDS)}
    wins = np.zeros(nf)
    equal = np.zeros(nf, dtype=np.int64)
    bar = _progress(n_hands, progress, "dealing stud hands")
    for start in range(0, n_hands, batch):
        size = min(batch, n_hands - start)
        deals = _deal_batch(rng, size)
        # heads-up Stud5: seat i gets deal[i] down and deal[2 * (j + 1) + i] as its j-th up card
        players = [deals[:, [i, 2 + i, 4 + i, 6 + i, 8 + i]] for i in (0, 1)]
        classes = [ht.evaluate_unchecked(np.ascontiguousarray(p)) for p in players]
        finals = [ht.final_types_from_classes(c).astype(np.intp) for c in classes]
        for p, f in zip(players, finals):
            prior += np.bincount(f, minlength=nf)
            for r in range(N_ROUNDS):
                k = r + 2
                cur = ht.type_table(k)[ht.colex_index(np.sort(p[:, :k], axis=1))].astype(np.intp)
                up = ht.type_table(k - 1)[ht.colex_index(np.sort(p[:, 1:k], axis=1))].astype(np.intp)
                cf[r] += np.bincount(cur * nf + f, minlength=cf[r].size).reshape(cf[r].shape)
                uc[r] += np.bincount(up * names[k] + cur, minlength=uc[r].size).reshape(uc[r].shape)
        same = finals[0] == finals[1]
        share = np.where(classes[0] > classes[1], 1.0, np.where(classes[0] == classes[1], 0.5, 0.0))
        equal += np.bincount(finals[0][same], minlength=nf)
        wins += np.bincount(finals[0][same], weights=share[same], minlength=nf)
        bar.update(size)
    bar.close()
    return prior, cf, uc, wins, equal


class _NoBar:
    def update(self, n):
        pass

    def close(self):
        pass


def _progress(total: int, show: bool, desc: str, unit: str = "hand"):
    if not show:
        return _NoBar()
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, unit_scale=unit == "hand", leave=False)


def estimate_all_cpts(*, method: str = "exact", n_hands: int = 10_000_000, rng: RngLike = None, progress: bool = False) -> tuple[StudCPTs, ...]:
    """The CPTs of all four rounds (§3.3).

    Parameters
    ----------
    method : {"exact", "sample"}
        ``"exact"`` (default): priors, M_C|F and M_U|C by full enumeration of
        the 2,598,960 five-card hands and their subsets, P(BPP_Win) = ½ for
        equal types by symmetry (about 2 s).  ``"sample"``: everything counted
        from ``n_hands`` random heads-up deals, as the paper did (§3.3).
        States never dealt get a documented prior rather than 0/0: the final-type
        prior adds the Jeffreys pseudo-count ½ to every type (so no type, and no
        evidence, is impossible for lack of samples: P(win) is always defined;
        at 10,000,000 deals the change is below 3e-8), and a column of M_C|F or
        M_U|C whose parent state was never dealt is uniform.
    n_hands : int
        Deals for ``method="sample"`` (default 10,000,000, the paper's number).
    rng : numpy.random.Generator or seed, optional
        For ``method="sample"``.
    progress : bool
        Show a tqdm bar on stderr (deals, or rounds when enumerating).

    Returns
    -------
    tuple of 4 StudCPTs
        Rounds 0-3, with M_A|C at its default (:func:`default_action_cpt`).

    Examples
    --------
    >>> cpts = estimate_all_cpts(method="sample", n_hands=2000, rng=0)
    >>> [c.current_given_final.shape for c in cpts]
    [(10, 17), (14, 17), (16, 17), (17, 17)]
    >>> estimate_all_cpts(method="guess")
    Traceback (most recent call last):
    ...
    ValueError: The 'method' parameter of estimate_all_cpts must be 'exact' or 'sample'; got 'guess'.
    """
    if method not in _METHODS:
        raise ValueError(f"The 'method' parameter of estimate_all_cpts must be 'exact' or 'sample'; got {method!r}.")
    if method == "sample" and (isinstance(n_hands, bool) or not isinstance(n_hands, (int, np.integer)) or n_hands < 1):
        raise ValueError(f"The 'n_hands' parameter of estimate_all_cpts must be a positive integer; got {n_hands!r}.")
    if method == "exact":
        out = []
        bar = _progress(N_ROUNDS, progress, "enumerating rounds", unit="round")
        for r in range(N_ROUNDS):
            prior, cf, uc = _exact_tables(r)
            win = _deterministic_win(np.full(ht.N_FINAL_TYPES, 0.5))
            out.append(StudCPTs(r, prior, cf, uc, win, default_action_cpt(r), "exact", None))
            bar.update(1)
        bar.close()
        return tuple(_freeze(c) for c in out)
    prior, cf, uc, wins, equal = _sample_counts(int(n_hands), rng, progress)
    equal_share = np.where(equal > 0, wins / np.maximum(equal, 1), 0.5)
    win = _deterministic_win(equal_share)
    info = {"equal_type_deals": equal.tolist()}
    return tuple(
        _freeze(
            StudCPTs(
                r,
                (prior + 0.5) / (prior.sum() + 0.5 * prior.size),  # Jeffreys prior: no final type impossible
                _normalize_columns(cf[r]),
                _normalize_columns(uc[r]),
                win,
                default_action_cpt(r),
                "sample",
                int(n_hands),
                info,
            )
        )
        for r in range(N_ROUNDS)
    )


def estimate_cpts(betting_round: int, *, method: str = "exact", n_hands: int = 10_000_000, rng: RngLike = None) -> StudCPTs:
    """The CPTs of one round; see :func:`estimate_all_cpts` (the sampled method deals for all rounds at once).

    >>> c = estimate_cpts(1)
    >>> c.upcards_given_current.shape, round(float(c.prior_final.sum()), 12)
    ((10, 14), 1.0)
    """
    r = _check_round(betting_round, "estimate_cpts")
    if method == "exact":
        prior, cf, uc = _exact_tables(r)
        win = _deterministic_win(np.full(ht.N_FINAL_TYPES, 0.5))
        return _freeze(StudCPTs(r, prior, cf, uc, win, default_action_cpt(r), "exact", None))
    return estimate_all_cpts(method=method, n_hands=n_hands, rng=rng)[r]

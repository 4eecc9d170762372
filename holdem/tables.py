"""Rank lookup tables for hand evaluation, built once with numpy and cached on disk.

How a hand of k ∈ {5, 6, 7} cards becomes a rank (see :mod:`holdem.evaluate`):

1. Every card has a *packed key* ``RANK_KEYS[rank] << 16 | 1 << 4*suit``.  Keys
   add up: the sum over a hand holds, in its top bits, the sum of the rank keys
   and, in four 4-bit fields, how many cards of each suit it has.
2. The rank keys ``0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349,
   636345, 1479181`` are the greedy smallest keys whose sums are distinct for
   every multiset of up to seven ranks with at most four of a rank (found by
   :func:`search_rank_keys`; the same keys as Kenneth Shackleton's SKPokerEval).
   So the rank-key sum names the hand's ranks exactly; a *displacement hash*
   (``offsets[sum >> SHIFT] + (sum & MASK)``) maps the ≤ 7.8 M possible sums onto
   a dense table of the best non-flush class for each rank multiset.
3. Adding ``0x3333`` to the suit fields makes bit 3 of a field set exactly when
   that suit has five or more cards: the hand has a flush.  Flush hands (about 3%
   of random seven-card hands) take the ranks of their flush suit as a 13-bit mask
   into an 8,192-entry flush table.

Classes are numbered 1 … 7,462 from 7-5-4-3-2 offsuit up to the royal flush
(higher = stronger, equal for equal hands); 0 is never a hand.  Everything is
built from first principles here: the class order follows the standard hand
ranking (high card < pair < two pair < trips < straight < flush < full house <
quads < straight flush; A-2-3-4-5 is the lowest straight).

>>> tables = load_tables()
>>> int(tables.flush[0b1111100000000])  # A K Q J T of one suit
7462
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from holdem.files import check_output_path, fresh_output_path

__all__ = [
    "TABLE_VERSION",
    "RANK_KEYS",
    "N_CLASSES",
    "CATEGORY_NAMES",
    "CATEGORY_STARTS",
    "Tables",
    "load_tables",
    "build_tables",
    "search_rank_keys",
    "cache_dir",
    "TABLE_DIGEST",
    "MAX_COUNT",
    "count",
    "positive_int",
    "seed",
    "add_build_output",
    "build_destination",
]

#: Bump when the layout or content of the tables changes (it keys the disk cache).
TABLE_VERSION = 2
#: Rank keys, deuce … ace (see the module docstring).
RANK_KEYS = np.array(
    [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181], dtype=np.int64
)
#: Distinct five-card hand classes.
N_CLASSES = 7462
#: Category names, index = category (0 = high card … 8 = straight flush).
CATEGORY_NAMES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
#: Number of classes per category (the standard 1,277 high-card … 10 straight-flush classes).
CATEGORY_SIZES = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)
#: First class number of each category; ``searchsorted`` on it gives the category.
CATEGORY_STARTS = np.cumsum((1,) + CATEGORY_SIZES[:-1]).astype(np.int16)

SUIT_SHIFT = 16  # packed key: rank-key sum above bit 16, suit counts in bits 0-15
SUIT_BIAS = 0x3333  # +3 per suit field: bit 3 of a field is set iff that suit has >= 5 cards
FLUSH_BITS = 0x8888
HASH_SHIFT = 12  # displacement hash bucket = rank-key sum >> HASH_SHIFT
_STRAIGHTS = [0b1_0000_0000_1111] + [0b11111 << low for low in range(9)]  # wheel first, then 6-high … A-high


@dataclass(frozen=True)
class Tables:
    """The read-only arrays evaluation needs.

    ``pair_keys[a | b << 8]`` is the packed key sum of cards ``a`` and ``b`` (a
    card code ``52`` stands for "no card"); ``card_keys[c]`` the packed key of one
    card; ``offsets[k]`` and ``values[k]`` the displacement hash and non-flush
    classes for k-card hands (k = 5, 6, 7); ``flush[mask]`` the best flush or
    straight flush class of a 13-bit rank mask (0 if fewer than five bits).
    """

    card_keys: np.ndarray
    pair_keys: np.ndarray
    pair_bits: np.ndarray
    card_bits: np.ndarray
    suit_bits: np.ndarray
    offsets: dict[int, np.ndarray]
    values: dict[int, np.ndarray]
    flush: np.ndarray

    def nbytes(self) -> int:
        """Memory used by all tables, in bytes."""
        return sum(a.nbytes for a in self.arrays())

    def arrays(self) -> list[np.ndarray]:
        """Every table array."""
        return [self.card_keys, self.pair_keys, self.pair_bits, self.card_bits, self.suit_bits, self.flush, *self.offsets.values(), *self.values.values()]


def _class_sort_key(category: int, ranks: tuple[int, ...]) -> int:
    key = category
    for rank in ranks + (0,) * (5 - len(ranks)):
        key = key * 13 + rank
    return key


def _five_card_classes() -> tuple[dict[tuple[int, ...], int], dict[int, int]]:
    """Class numbers of every five-card rank multiset (non-flush) and flush rank mask.

    Returns ``(nonflush, flush)``: ``nonflush[sorted ranks tuple] = class`` for
    the 6,175 multisets with at most four of a rank, ``flush[mask] = class`` for
    the 1,287 five-bit masks.  Classes are 1 … 7,462 ordered by the standard
    ranking with kickers compared in order.
    """
    entries: list[tuple[int, str, Any]] = []  # (sort key, kind, ident: the multiset or the mask)
    straight_high = {mask: (3 if i == 0 else i + 3) for i, mask in enumerate(_STRAIGHTS)}
    for multiset in itertools.combinations_with_replacement(range(13), 5):
        counts = np.bincount(multiset, minlength=13)
        if counts.max() > 4:
            continue
        # ranks ordered by (count, rank), both descending: the tie-break order of the rules
        groups = sorted(((int(counts[r]), r) for r in set(multiset)), reverse=True)
        shape = tuple(count for count, _ in groups)
        order = tuple(rank for _, rank in groups)
        mask = sum(1 << r for r in set(multiset))
        if shape == (1, 1, 1, 1, 1):
            category, order = (4, (straight_high[mask],)) if mask in straight_high else (0, order)
        else:
            category = {(2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6, (4, 1): 7}[shape]
        entries.append((_class_sort_key(category, order), "n", multiset))
    for combo in itertools.combinations(range(13), 5):
        mask = sum(1 << r for r in combo)
        if mask in straight_high:
            entries.append((_class_sort_key(8, (straight_high[mask],)), "f", mask))
        else:
            entries.append((_class_sort_key(5, tuple(sorted(combo, reverse=True))), "f", mask))
    entries.sort()
    nonflush: dict[tuple[int, ...], int] = {}
    flush: dict[int, int] = {}
    value = 0
    previous = None
    for sort_key, kind, ident in entries:
        if sort_key != previous:
            value += 1
            previous = sort_key
        (nonflush if kind == "n" else flush)[ident] = value
    if value != N_CLASSES:  # pragma: no cover - guards the construction itself
        raise AssertionError(f"built {value} classes, expected {N_CLASSES}")
    return nonflush, flush


def _rank_multisets(k: int) -> np.ndarray:
    """All sorted k-multisets of the 13 ranks with at most four of a rank, shape (n, k)."""
    multisets: np.ndarray = np.array(list(itertools.combinations_with_replacement(range(13), k)), dtype=np.int64)
    counts = np.stack([(multisets == r).sum(axis=1) for r in range(13)], axis=1)
    kept: np.ndarray = multisets[counts.max(axis=1) <= 4]
    return kept


def _displacement_hash(keys: np.ndarray, values: np.ndarray, shift: int) -> tuple[np.ndarray, np.ndarray]:
    """Offsets and a dense table so that ``table[offsets[k >> shift] + (k & mask)] == value``.

    Buckets are placed largest first at the smallest offset where none of their
    slots is taken (the standard first-fit displacement construction).
    """
    mask = (1 << shift) - 1
    buckets = keys >> shift
    n_buckets = int(buckets.max()) + 1
    order = np.argsort(-np.bincount(buckets, minlength=n_buckets), kind="stable")
    window = 4096
    size = len(keys) * 4 + 2 * (1 << shift) + window
    taken = np.zeros(size, dtype=bool)
    table = np.zeros(size, dtype=np.int16)
    offsets = np.zeros(n_buckets, dtype=np.int64)
    by_bucket = np.argsort(buckets, kind="stable")
    starts = np.searchsorted(buckets[by_bucket], np.arange(n_buckets + 1))
    for bucket in order:
        members = by_bucket[starts[bucket] : starts[bucket + 1]]
        if members.size == 0:
            break
        low = keys[members] & mask
        start = 0
        while True:
            clash = np.zeros(window, dtype=bool)
            for slot in low:
                clash |= taken[start + slot : start + slot + window]
            free = np.flatnonzero(~clash)
            if free.size:
                offset = start + int(free[0])
                break
            start += window
        taken[offset + low] = True
        table[offset + low] = values[members]
        offsets[bucket] = offset
    used = int(np.flatnonzero(taken).max()) + 1
    return offsets, table[:used].copy()


def build_tables() -> Tables:
    """Build every evaluation table from first principles (about a second).

    >>> t = build_tables()
    >>> sorted(t.values)
    [5, 6, 7]
    """
    nonflush5, flush5 = _five_card_classes()
    five_sums = np.array([RANK_KEYS[list(m)].sum() for m in nonflush5], dtype=np.int64)
    five_values = np.array(list(nonflush5.values()), dtype=np.int16)
    order = np.argsort(five_sums)
    five_sums, five_values = five_sums[order], five_values[order]

    offsets, values = {}, {}
    for k in (5, 6, 7):
        multisets = _rank_multisets(k)
        best = np.zeros(len(multisets), dtype=np.int16)
        for subset in itertools.combinations(range(k), 5):
            sums = RANK_KEYS[multisets[:, subset]].sum(axis=1)
            best = np.maximum(best, five_values[np.searchsorted(five_sums, sums)])
        key_sums = RANK_KEYS[multisets].sum(axis=1)
        if np.unique(key_sums).size != key_sums.size:  # pragma: no cover - RANK_KEYS guarantee
            raise AssertionError(f"rank keys collide for {k}-card multisets")
        offsets[k], values[k] = _displacement_hash(key_sums, best, HASH_SHIFT)

    flush = np.zeros(1 << 13, dtype=np.int16)
    masks = np.arange(1 << 13)
    n_bits = np.array([bin(m).count("1") for m in masks])
    for mask in masks[n_bits >= 5]:
        straights = [flush5[s] for s in _STRAIGHTS if mask & s == s]
        if straights:
            flush[mask] = max(straights)
            continue
        top, m = 0, int(mask)
        for _ in range(5):
            high = 1 << (m.bit_length() - 1)
            top |= high
            m ^= high
        flush[mask] = flush5[top]

    codes = np.arange(53)
    card_keys = np.where(codes < 52, (RANK_KEYS[np.minimum(codes, 51) >> 2] << SUIT_SHIFT) | (1 << 4 * (codes & 3)), 0)
    card_keys = card_keys.astype(np.int64)
    card_bits = np.where(codes < 52, np.left_shift(1, np.minimum(codes, 51)), 0).astype(np.int64)
    suit_bits = np.where(codes < 52, np.left_shift(1, 13 * (codes & 3) + (np.minimum(codes, 51) >> 2)), 0)
    pair_bits = _pair_table(card_bits)
    return Tables(card_keys, _pair_table(card_keys), pair_bits, card_bits, suit_bits.astype(np.int64), offsets, values, flush)


def _pair_table(per_card: np.ndarray) -> np.ndarray:
    """``table[a | b << 8] = per_card[a] + per_card[b]``: two int8 cards read as one little-endian uint16."""
    wide = np.zeros((53, 256), dtype=np.int64)
    wide[:, :53] = per_card[:, None] + per_card[None, :]
    return wide.reshape(-1)


def cache_dir() -> Path:
    """The toolkit's one cache folder: tables built on first use, and builds not told where to write.

    ``$BPP_CACHE`` (or its older name ``$BPP_CACHE_DIR``), else ``$XDG_CACHE_HOME/bpp``, else ``~/.cache/bpp``.
    """
    named = os.environ.get("BPP_CACHE") or os.environ.get("BPP_CACHE_DIR")
    return Path(named) if named else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "bpp"


_TABLES: Tables | None = None

#: :func:`holdem.files.content_digest` of the tables :func:`build_tables` makes (checked by a test that builds them):
#: the cache file must match it.  Changes with :data:`TABLE_VERSION`.
TABLE_DIGEST = "eb7ba9cea6963e6b98ba7fed38336b12c9f655d252ed7b032e56272a360fb0ff"


def _named_arrays(tables: Tables) -> dict[str, Any]:
    """The tables by their names in the cache file."""
    arrays = {name: getattr(tables, name) for name in ("card_keys", "pair_keys", "pair_bits", "card_bits", "suit_bits", "flush")}
    arrays |= {f"offsets{k}": v for k, v in tables.offsets.items()}
    return arrays | {f"values{k}": v for k, v in tables.values.items()}


def _read_cache(path: Path) -> Tables:
    """The tables in the cache file ``path``, checked against :data:`TABLE_DIGEST`; one ``ValueError`` line otherwise."""
    import zipfile

    from holdem.files import check_digest

    try:
        with np.load(path, allow_pickle=False) as data:
            names: tuple[str, ...] = ("card_keys", "pair_keys", "pair_bits", "card_bits", "suit_bits", "flush")
            names += tuple(f"{kind}{k}" for kind in ("offsets", "values") for k in (5, 6, 7))
            arrays = {name: data[name] for name in names}
    except (OSError, EOFError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        raise ValueError(f"{str(path)!r} cannot be read ({type(exc).__name__}: {exc})") from None
    check_digest(arrays, TABLE_DIGEST, path)
    return Tables(arrays["card_keys"], arrays["pair_keys"], arrays["pair_bits"], arrays["card_bits"], arrays["suit_bits"],
                  {k: arrays[f"offsets{k}"] for k in (5, 6, 7)}, {k: arrays[f"values{k}"] for k in (5, 6, 7)},
                  arrays["flush"])


def _write_cache(tables: Tables, path: Path) -> None:
    """Save the tables to ``path`` through a temporary file (removed whatever happens); a failure is one line on stderr."""
    tmp = path.with_name(f"{path.stem}.{os.getpid()}.tmp.npz")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(tmp, **_named_arrays(tables))
        os.replace(tmp, path)
    except OSError as exc:
        print(f"bpp: the evaluation tables are kept in memory only: cannot write {str(path)!r} ({exc.strerror or exc})",
              file=sys.stderr)
    finally:
        tmp.unlink(missing_ok=True)


def load_tables() -> Tables:
    """The evaluation tables: built on first use, cached on disk, checked when read, shared read-only.

    The cache file is ``cache_dir()/eval-tables-v{TABLE_VERSION}.npz``.  A missing
    file is built and written; a file that cannot be read or whose content
    digest is not :data:`TABLE_DIGEST` (cut short, zeroed, edited) is rebuilt
    with one line on stderr saying so; a cache that cannot be written (a
    read-only home, a folder in the file's place) leaves the tables in memory
    with one line saying so and no temporary file behind.  Every array is
    marked read-only.

    >>> load_tables() is load_tables()
    True
    """
    global _TABLES
    if _TABLES is not None:
        return _TABLES
    path = cache_dir() / f"eval-tables-v{TABLE_VERSION}.npz"
    try:
        tables = _read_cache(path) if path.is_file() else None  # a folder in its place: built, and not written
    except ValueError as exc:
        print(f"bpp: rebuilding the cached evaluation tables: {exc}", file=sys.stderr)
        tables = None
    if tables is None:
        tables = build_tables()
        _write_cache(tables, path)
    for array in tables.arrays():
        array.flags.writeable = False
    _TABLES = tables
    return tables


def search_rank_keys(max_cards: int = 7, *, n_ranks: int = 13, size: int = 1 << 24) -> list[int]:
    """Find the greedy smallest rank keys with distinct sums (how :data:`RANK_KEYS` was made).

    Keys are chosen deuce first; each is the smallest integer larger than the
    previous one such that, for every n ≤ ``max_cards``, all n-multisets of the
    ranks so far (at most four of a rank) still have distinct key sums.  A new key
    k clashes exactly when ``(a - b) * k`` is a difference ``x - y`` of an
    a-multiset sum x and a b-multiset sum y (0 < a - b ≤ 4); all such differences
    are found at once as a cross-correlation of the sums' indicator vectors (FFT).
    About five minutes for the full seven-card search; the result equals
    :data:`RANK_KEYS` (checked by a slow test).

    ``size`` bounds the sums considered; a ``ValueError`` says when it is too small.

    >>> search_rank_keys(7, n_ranks=6, size=1 << 13)
    [0, 1, 5, 22, 98, 453]
    """
    sums = [np.zeros(size, dtype=bool) for _ in range(max_cards + 1)]
    sums[0][0] = True
    keys: list[int] = []
    candidates = np.arange(size, dtype=np.int64)
    for _ in range(n_ranks):
        bad = np.zeros(size, dtype=bool)
        if keys:
            bad[: keys[-1] + 1] = True
        spectra = [np.fft.rfft(s.astype(float)) if s.any() else None for s in sums]
        for a in range(1, max_cards + 1):
            for b in range(max(0, a - 4), a):
                spectrum_a, spectrum_b = spectra[a], spectra[b]
                if spectrum_a is None or spectrum_b is None:
                    continue
                differences = np.fft.irfft(spectrum_a * np.conj(spectrum_b), n=size) > 0.5
                step = a - b
                reach = candidates[: (size - 1) // step + 1]
                bad[: reach.size] |= differences[step * reach]
        free = np.flatnonzero(~bad)
        if free.size == 0 or max_cards * int(free[0]) >= size:
            raise ValueError(f"size={size} is too small for {n_ranks} rank keys; try a larger power of two")
        key = int(free[0])
        keys.append(key)
        sums = [
            np.logical_or.reduce([np.roll(sums[n - c], c * key) for c in range(min(4, n) + 1)])
            for n in range(max_cards + 1)
        ]
    return keys


# -- the options every table build shares (``bpp build ...``; the build modules of each program use them)


#: The upper bound of every count an option takes (deals, hands, workers, epochs ...) unless it names a smaller one:
#: far beyond any run that finishes, and refused above it in one line instead of running for ever or out of memory.
MAX_COUNT = 10**9
#: Seeds are non-negative integers below 2**63 (numpy's SeedSequence takes them; larger ones are not seeds anyone types).
MAX_SEED = 2**63 - 1


def count(maximum: int = MAX_COUNT, minimum: int = 1) -> Callable[[str], int]:
    """argparse ``type`` of a count in ``minimum`` … ``maximum``, else a one-line usage error naming the bound.

    >>> count(100)("7")
    7
    >>> count(100)("101")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be an integer from 1 to 100; got '101'
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(f"must be an integer from {minimum:,} to {maximum:,}; got {text!r}")
        return value

    parse.__name__ = "count"
    return parse


def positive_int(text: str) -> int:
    """argparse ``type`` of a count: a positive integer up to :data:`MAX_COUNT`, else a one-line usage error.

    >>> positive_int("3")
    3
    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a positive integer; got '0'
    >>> positive_int("99999999999999999999999")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a positive integer of at most 1,000,000,000; got '99999999999999999999999'
    """
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer; got {text!r}")
    if value > MAX_COUNT:
        raise argparse.ArgumentTypeError(f"must be a positive integer of at most {MAX_COUNT:,}; got {text!r}")
    return value


def seed(text: str) -> int:
    """argparse ``type`` of ``--seed``: an integer from 0 to :data:`MAX_SEED`, else a one-line usage error.

    >>> seed("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a non-negative integer seed, got '-1'
    """
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer seed, got {text!r}")
    return value


def add_build_output(parser: argparse.ArgumentParser, shipped: str, *, folder: bool) -> None:
    """The two options every ``bpp build`` target has: ``--out`` and ``--replace-shipped``."""
    kind = "folder" if folder else "file"
    parser.add_argument("--out", default=None, metavar="DIR" if folder else "FILE",
                        help=f"output {kind} (default: under {cache_dir()}; the shipped {shipped} is left alone)")
    parser.add_argument("--replace-shipped", action="store_true",
                        help=f"write over the shipped {shipped} that play uses (in the installed package)")


def build_destination(args: argparse.Namespace, shipped: str | Path, *, folder: bool, name: str | None = None) -> Path:
    """Where a build writes, checked before the build starts (see :func:`add_build_output`).

    ``--out`` if given, the shipped place with ``--replace-shipped``, else the
    cache (``name``: the file or folder name there).  A build never replaces
    the shipped models by default: a small trial build cannot spoil them; nor
    an earlier build (:func:`holdem.files.fresh_output_path`: an existing file
    is refused, a folder that holds one gets the new build in ``run-2``, ...).
    Only ``--replace-shipped`` writes over something: the models git tracks.

    >>> import argparse, tempfile
    >>> args = argparse.Namespace(out=None, replace_shipped=True)
    >>> build_destination(args, tempfile.gettempdir(), folder=True) == __import__("pathlib").Path(tempfile.gettempdir())
    True
    """
    out = getattr(args, "out", None)
    if out is not None and getattr(args, "replace_shipped", False):
        raise ValueError("--out and --replace-shipped cannot be given together")
    if out is not None:
        target = Path(out)
    elif getattr(args, "replace_shipped", False):
        return check_output_path(Path(shipped), "build output", folder=folder)
    else:
        target = cache_dir() / (name or Path(shipped).name)
        target.parent.mkdir(parents=True, exist_ok=True)  # the cache is ours to create
    return fresh_output_path(target, "build output", "--out", folder=folder)

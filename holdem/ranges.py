"""The 1,326 two-card holdings, the 169 starting-hand classes, and range strings.

Holdings
    A holding is an unordered pair of distinct cards.  The 1,326 holdings are
    indexed in the order of ``itertools.combinations(range(52), 2)`` over card
    codes, so holding 0 is ``2c2d`` and holding 1325 is ``AhAs``.
    :data:`HOLDINGS` gives index → cards (lower code first) and
    :data:`HOLDING_INDEX` / :func:`holding_index` give cards → index.

Classes
    The 169 starting-hand classes are numbered in the row-major order of the
    usual 13×13 grid with ranks descending A…2 along both axes: pairs on the
    diagonal, suited hands above it (row = high card, column = kicker),
    offsuit hands below it (row = kicker, column = high card).  Class ``k``
    sits at ``divmod(k, 13)``, so ``CLASS_NAMES`` begins ``AA, AKs, AQs, …,
    A2s, AKo, KK, KQs, …`` and ends ``…, 32o, 22``.  This is the layout of the
    weight-table figures of the Poki paper (suited above the diagonal, offsuit
    below).  There are 13 pairs × 6 + 78 suited × 4 + 78 offsuit × 12 = 1,326
    combos.

Range strings
    :func:`parse_range` turns text into a weight vector of shape ``(1326,)``
    (float64, one weight in [0, 1] per holding).  Terms are separated by
    commas or whitespace:

    ===================  ==================================================
    ``77``               a pair (6 combos)
    ``77+``              that pair and every higher pair (77 … AA)
    ``77-44``            the pairs between, inclusive (either order)
    ``AKs`` ``AKo``      suited (4 combos) / offsuit (12 combos)
    ``AK``               both (16 combos)
    ``ATs+``             kicker from T up to one below the top card (AT … AK)
    ``KTo-K7o``          same top card, kickers between, inclusive
    ``AsKs``             one specific holding
    ``random``, ``any``  all 1,326 holdings
    ``AQs:0.5``          any term with a weight in [0, 1] (default 1)
    ``(AQs, KJs):0.25``  one weight for a parenthesised group of terms
    ===================  ==================================================

    Ranks are case-insensitive (``T`` is ten); the first card of a class may
    be the lower (``KA`` = ``AK``).  Where terms overlap, **the later term
    wins**, so ``"22+, 55:0"`` is every pair but fives and ``"AK, AKs:0.5"``
    halves the suited combos only.  :func:`format_range` writes a vector back
    as compact text that :func:`parse_range` reads back exactly.

Examples
--------
>>> from holdem.ranges import parse_range, format_range
>>> weights = parse_range("TT+, AQs+, KQo")
>>> weights.shape, weights.sum()
((1326,), np.float64(50.0))
>>> format_range(weights)
'TT+, AQs+, KQo'
>>> format_range(parse_range("AK, 22+:0.5, AKs:0.5"))
'AKo, (22+, AKs):0.5'
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any
from itertools import combinations

import numpy as np

from holdem.cards import CARD_DTYPE, N_CARDS, RANKS, CardsLike, card_mask, format_cards, parse_cards

__all__ = [
    "N_HOLDINGS",
    "N_CLASSES",
    "HOLDINGS",
    "HOLDING_INDEX",
    "CARD_HOLDINGS",
    "CLASS_NAMES",
    "CLASS_OF_HOLDING",
    "CLASS_SIZES",
    "holding_index",
    "holdings_mask",
    "holdings_conflict",
    "conflict_matrix",
    "class_index",
    "class_combos",
    "class_grid_position",
    "class_means",
    "weights_to_grid",
    "expand_class_weights",
    "parse_range",
    "format_range",
    "as_weights",
]

#: Number of two-card holdings, C(52, 2).
N_HOLDINGS = 1326
#: Number of starting-hand classes (13 pairs, 78 suited, 78 offsuit).
N_CLASSES = 169


def _read_only(arr: np.ndarray) -> np.ndarray:
    arr.flags.writeable = False
    return arr


# --- holdings -------------------------------------------------------------------------------

#: (1326, 2) int8: the cards of each holding, lower code first, in
#: ``itertools.combinations(range(52), 2)`` order.
HOLDINGS = _read_only(np.array(list(combinations(range(N_CARDS), 2)), dtype=CARD_DTYPE))

_index = np.full((N_CARDS, N_CARDS), -1, dtype=np.int16)
_index[HOLDINGS[:, 0], HOLDINGS[:, 1]] = np.arange(N_HOLDINGS)
_index[HOLDINGS[:, 1], HOLDINGS[:, 0]] = np.arange(N_HOLDINGS)
#: (52, 52) int16: ``HOLDING_INDEX[c1, c2]`` is the index of holding {c1, c2}
#: (symmetric), −1 on the diagonal.
HOLDING_INDEX = _read_only(_index)
del _index

_off_diagonal = np.delete(HOLDING_INDEX, np.arange(N_CARDS) * (N_CARDS + 1)).reshape(N_CARDS, N_CARDS - 1)
#: (52, 51) int16: the holdings that contain each card, ascending.
CARD_HOLDINGS = _read_only(np.sort(_off_diagonal, axis=1))
del _off_diagonal

# 52-bit card set of each holding, for vectorized conflict tests.
_HOLDING_BITS = _read_only(card_mask(HOLDINGS))
_CARD_HOLDINGS_INTP = _read_only(CARD_HOLDINGS.astype(np.intp))


def holding_index(c1: Any, c2: Any = None) -> np.ndarray | int:
    """Index (0–1325) of the holding made of two cards, in either order.

    Parameters
    ----------
    c1, c2 : int or array_like of int
        Card codes, broadcast against each other.  With ``c2`` omitted,
        ``c1`` holds both cards: text such as ``"AsKs"`` or an array of shape
        ``(..., 2)``.

    Returns
    -------
    int or numpy.ndarray of int16
        An ``int`` for one holding, else an array of the broadcast shape.

    Raises
    ------
    ValueError
        For a code outside 0–51 or two equal cards.

    Examples
    --------
    >>> holding_index(0, 1), holding_index(51, 50), holding_index("AsKs")
    (0, 1325, 1319)
    >>> holding_index([0, 0, 50], [1, 2, 51])
    array([   0,    1, 1325], dtype=int16)
    >>> holding_index(5, 5)
    Traceback (most recent call last):
    ...
    ValueError: a holding needs two different cards, got 3d and 3d
    """
    if c2 is None:
        cards = parse_cards(c1) if isinstance(c1, str) else np.asarray(c1)
        if cards.ndim == 0 or cards.shape[-1] != 2:
            raise ValueError(f"a holding needs two cards, got {c1!r}")
        c1, c2 = cards[..., 0], cards[..., 1]
    a, b = np.asarray(c1), np.asarray(c2)
    for codes in (a, b):
        if codes.dtype.kind not in "iu":
            raise ValueError(f"bad card codes of dtype {codes.dtype}: expected integer codes 0-51")
        bad = (codes < 0) | (codes >= N_CARDS)
        if bad.any():
            raise ValueError(f"bad card code {int(codes[bad].flat[0])}: codes run from 0 (2c) to 51 (As)")
    index = HOLDING_INDEX[a, b]
    if (index < 0).any():
        bad = np.broadcast_to(a, index.shape)[index < 0].flat[0]
        name = format_cards(int(bad))
        raise ValueError(f"a holding needs two different cards, got {name} and {name}")
    return int(index) if index.ndim == 0 else index


def holdings_mask(dead_cards: CardsLike) -> np.ndarray:
    """Which holdings share no card with the given cards (board, own hole cards…).

    Parameters
    ----------
    dead_cards : str or array_like of int
        Cards as :func:`holdem.parse_cards` accepts them; an integer array of
        shape ``(..., k)`` is a batch of card sets.

    Returns
    -------
    numpy.ndarray of bool, shape ``(..., 1326)``
        True where the holding is still possible.

    Examples
    --------
    >>> mask = holdings_mask("As Kd 7c")
    >>> mask.shape, int(mask.sum())        # C(49, 2) holdings remain
    ((1326,), 1176)
    >>> holdings_mask([[0, 1], [2, 3], [4, 5]]).sum(axis=-1)
    array([1225, 1225, 1225])
    >>> holdings_mask("As Ax")
    Traceback (most recent call last):
    ...
    ValueError: bad card 'Ax' in 'As Ax': a card is a rank in 23456789TJQKA followed by a suit in cdhs
    """
    cards = parse_cards(dead_cards, distinct=False)
    if cards.ndim <= 1:
        live = np.ones(N_HOLDINGS, dtype=bool)
        live[_CARD_HOLDINGS_INTP[cards]] = False
        return live
    # Scatter into one flat buffer: cheaper than a (batch, 1326) int64 bit test.
    batch = cards.shape[:-1]
    n_rows = int(np.prod(batch))
    live = np.ones((n_rows, N_HOLDINGS), dtype=bool)
    hit = _CARD_HOLDINGS_INTP[cards.reshape(n_rows, -1)].reshape(n_rows, -1)
    live.reshape(-1)[(hit + N_HOLDINGS * np.arange(n_rows)[:, None]).ravel()] = False
    return live.reshape(batch + (N_HOLDINGS,))


def holdings_conflict(holdings: Any, dead_cards: CardsLike) -> np.ndarray:
    """Whether each given holding shares a card with the given cards.

    Parameters
    ----------
    holdings : int or array_like of int
        Holding indices (0–1325).
    dead_cards : str or array_like of int
        Cards as :func:`holdings_mask` accepts them, batches included.

    Returns
    -------
    numpy.ndarray of bool
        Shape ``(..., *holdings.shape)``: true where the holding uses a dead card.

    Examples
    --------
    >>> holdings_conflict([holding_index("AsKs"), holding_index("QhJh")], "Ks 2c")
    array([ True, False])
    """
    return ~holdings_mask(dead_cards)[..., np.asarray(holdings)]


@cache
def conflict_matrix() -> np.ndarray:
    """(1326, 1326) bool: ``M[i, j]`` is true when holdings i and j share a card.

    Built on first call (about 1.8 MB) and shared read-only; the diagonal is
    true.  Useful for enumerating two players' holdings at once.

    Examples
    --------
    >>> m = conflict_matrix()
    >>> m.shape, int(m[holding_index("AsKs")].sum())   # 1 + 2 × 50 holdings share As or Ks
    ((1326, 1326), 101)
    """
    return _read_only((_HOLDING_BITS[:, None] & _HOLDING_BITS[None, :]) != 0)


# --- starting-hand classes ------------------------------------------------------------------

_ranks = HOLDINGS.astype(np.intp) >> 2  # (1326, 2), rank of the lower and the higher code
_high, _low = _ranks.max(axis=1), _ranks.min(axis=1)
_suited = (HOLDINGS[:, 0] & 3) == (HOLDINGS[:, 1] & 3)
_hi_pos, _lo_pos = 12 - _high, 12 - _low  # grid position: ace first
#: (1326,) int16: the class (0–168, grid order) of each holding.
CLASS_OF_HOLDING = _read_only(
    np.where(_suited | (_high == _low), _hi_pos * 13 + _lo_pos, _lo_pos * 13 + _hi_pos).astype(np.int16)
)
del _ranks, _high, _low, _suited, _hi_pos, _lo_pos


def _class_name(k: int) -> str:
    row, col = divmod(k, 13)
    if row == col:
        return RANKS[12 - row] * 2
    if row < col:
        return RANKS[12 - row] + RANKS[12 - col] + "s"
    return RANKS[12 - col] + RANKS[12 - row] + "o"


#: The 169 class names in grid order: ``("AA", "AKs", …, "32o", "22")``.
CLASS_NAMES = tuple(_class_name(k) for k in range(N_CLASSES))
_CLASS_LOOKUP = {name: k for k, name in enumerate(CLASS_NAMES)}
#: (169,) int64: combos per class (6 for a pair, 4 suited, 12 offsuit).
CLASS_SIZES = _read_only(np.bincount(CLASS_OF_HOLDING, minlength=N_CLASSES))
_CLASS_ORDER = np.argsort(CLASS_OF_HOLDING, kind="stable").astype(np.int16)
_CLASS_STARTS = np.concatenate([[0], np.cumsum(CLASS_SIZES)])
_CLASS_COMBOS = tuple(
    _read_only(_CLASS_ORDER[_CLASS_STARTS[k] : _CLASS_STARTS[k + 1]]) for k in range(N_CLASSES)
)


def class_index(name: str) -> int:
    """Grid-order index (0–168) of a class name such as ``"AKs"``, ``"t9o"`` or ``"QQ"``.

    Examples
    --------
    >>> class_index("AA"), class_index("AKs"), class_index("AKo"), class_index("22")
    (0, 1, 13, 168)
    >>> class_index("AK")
    Traceback (most recent call last):
    ...
    ValueError: bad class name 'AK': expected a pair such as 'QQ' or two ranks and s/o such as 'AKs', 'T9o'
    """
    text = name.strip() if isinstance(name, str) else name
    if isinstance(text, str) and len(text) in (2, 3):
        hi, lo = text[0].upper(), text[1].upper()
        if hi in RANKS and lo in RANKS:
            if RANKS.index(hi) < RANKS.index(lo):
                hi, lo = lo, hi
            key = hi + lo + text[2:].lower()
            if key in _CLASS_LOOKUP:
                return _CLASS_LOOKUP[key]
    raise ValueError(
        f"bad class name {name!r}: expected a pair such as 'QQ' or two ranks and s/o such as 'AKs', 'T9o'"
    )


def class_combos(name: str | int) -> np.ndarray:
    """Holding indices (ascending, read-only int16) of a class given by name or index.

    Examples
    --------
    >>> [len(class_combos(n)) for n in ("AA", "AKs", "AKo")]
    [6, 4, 12]
    >>> format_cards(HOLDINGS[class_combos("AKs")], sep="")
    ['KcAc', 'KdAd', 'KhAh', 'KsAs']
    >>> class_combos("AKx")
    Traceback (most recent call last):
    ...
    ValueError: bad class name 'AKx': expected a pair such as 'QQ' or two ranks and s/o such as 'AKs', 'T9o'
    """
    return _CLASS_COMBOS[_as_class(name)]


def _as_class(name: str | int) -> int:
    if isinstance(name, (int, np.integer)) and not isinstance(name, bool):
        if not 0 <= name < N_CLASSES:
            raise ValueError(f"bad class index {name}: classes run from 0 (AA) to 168 (22)")
        return int(name)
    return class_index(str(name))


def class_grid_position(name: str | int) -> tuple[int, int]:
    """(row, column) of a class in the 13×13 grid: ranks A…2, suited above the diagonal.

    Examples
    --------
    >>> class_grid_position("AA"), class_grid_position("AKs"), class_grid_position("AKo")
    ((0, 0), (0, 1), (1, 0))
    >>> class_grid_position("72o")
    (12, 7)
    """
    return divmod(_as_class(name), 13)


def class_means(weights: Any) -> np.ndarray:
    """Mean weight per class: ``(..., 1326)`` → ``(..., 169)`` float64, grid order.

    Examples
    --------
    >>> w = parse_range("AsKs, QQ")
    >>> means = class_means(w)
    >>> float(means[class_index("AKs")]), float(means[class_index("QQ")])
    (0.25, 1.0)
    """
    weights = _check_last_axis(weights, N_HOLDINGS, "weights")
    sums: np.ndarray = np.add.reduceat(weights[..., _CLASS_ORDER], _CLASS_STARTS[:-1], axis=-1)
    means: np.ndarray = sums / CLASS_SIZES
    return means


def weights_to_grid(weights: Any) -> np.ndarray:
    """Mean weight per class on the 13×13 grid: ``(..., 1326)`` → ``(..., 13, 13)``.

    Row and column 0 are aces; suited classes lie above the diagonal, offsuit
    below, pairs on it (the layout of the Poki weight-table figures).

    Examples
    --------
    >>> grid = weights_to_grid(parse_range("AKs"))
    >>> grid[0, :3], grid[1, 0]
    (array([0., 1., 0.]), np.float64(0.0))
    >>> weights_to_grid(np.ones(169))
    Traceback (most recent call last):
    ...
    ValueError: weights must have shape (..., 1326), got (169,)
    """
    means = class_means(weights)
    return means.reshape(means.shape[:-1] + (13, 13))


def expand_class_weights(class_weights: Any) -> np.ndarray:
    """Give every holding its class's weight: ``(..., 169)`` or ``(..., 13, 13)`` → ``(..., 1326)``.

    Examples
    --------
    >>> w = expand_class_weights(np.eye(13))       # the diagonal: every pair
    >>> w.shape, w.sum()
    ((1326,), np.float64(78.0))
    >>> np.array_equal(expand_class_weights(weights_to_grid(parse_range("77+, AK"))), parse_range("77+, AK"))
    True
    """
    class_weights = np.asarray(class_weights, dtype=np.float64)
    if class_weights.shape[-2:] == (13, 13):
        class_weights = class_weights.reshape(class_weights.shape[:-2] + (N_CLASSES,))
    checked = _check_last_axis(class_weights, N_CLASSES, "class_weights", "or (..., 13, 13)")
    return checked[..., CLASS_OF_HOLDING]


def _check_last_axis(values: Any, size: int, what: str, extra: str = "") -> np.ndarray:
    arr = np.asarray(values, dtype=np.float64)
    if arr.ndim == 0 or arr.shape[-1] != size:
        extra = f" {extra}" if extra else ""
        raise ValueError(f"{what} must have shape (..., {size}){extra}, got {arr.shape}")
    return arr


# --- range strings --------------------------------------------------------------------------

_R = "[2-9TJQKAtjqka]"
_CLASS_TERM = re.compile(rf"({_R})({_R})([soSO]?)(\+?)")
_RANGE_TERM = re.compile(rf"({_R})({_R})([soSO]?)-({_R})({_R})([soSO]?)")
_COMBO_TERM = re.compile(rf"{_R}[cdhsCDHS]{_R}[cdhsCDHS]")
_WEIGHT = re.compile(r"(.*):([^:()]*)")
_HINT = (
    "terms look like 77, 77+, 77-44, AKs, AKo, AK, ATs+, KTo-K7o, AsKs, random,"
    " with an optional weight such as AQs:0.5 or (AQs, KJs):0.25"
)


def _rank(char: str) -> int:
    return RANKS.index(char.upper())


def _classes_of(hi: int, lo: int, suffix: str) -> list[int]:
    """Class indices of ranks (hi, lo) with suffix 's', 'o' or '' (both; a pair if hi == lo)."""
    row, col = 12 - hi, 12 - lo
    if hi == lo:
        return [row * 13 + row]
    return [row * 13 + col] * (suffix != "o") + [col * 13 + row] * (suffix != "s")


def _term_holdings(term: str, source: str) -> np.ndarray:
    """Holding indices named by one unweighted term (no commas, no parentheses)."""
    if term.lower() in ("random", "any"):
        return np.arange(N_HOLDINGS)
    if _COMBO_TERM.fullmatch(term):
        cards = parse_cards(term)
        return np.array([HOLDING_INDEX[cards[0], cards[1]]])
    classes: list[int] = []
    if match := _CLASS_TERM.fullmatch(term):
        a, b, suffix, plus = match.groups()
        hi, lo = sorted((_rank(a), _rank(b)), reverse=True)
        suffix = suffix.lower()
        if hi == lo and suffix:
            raise ValueError(f"bad range term {term!r} in {source!r}: a pair is neither suited nor offsuit")
        if not plus:
            classes = _classes_of(hi, lo, suffix)
        elif hi == lo:
            classes = [c for r in range(lo, 13) for c in _classes_of(r, r, "")]
        else:
            classes = [c for k in range(lo, hi) for c in _classes_of(hi, k, suffix)]
    elif match := _RANGE_TERM.fullmatch(term):
        a, b, s1, c, d, s2 = match.groups()
        hi1, lo1 = sorted((_rank(a), _rank(b)), reverse=True)
        hi2, lo2 = sorted((_rank(c), _rank(d)), reverse=True)
        s1, s2 = s1.lower(), s2.lower()
        if hi1 == lo1 and hi2 == lo2 and not s1 and not s2:
            classes = [c for r in range(min(lo1, lo2), max(lo1, lo2) + 1) for c in _classes_of(r, r, "")]
        elif hi1 == hi2 and hi1 != lo1 and hi2 != lo2 and s1 == s2:
            classes = [c for k in range(min(lo1, lo2), max(lo1, lo2) + 1) for c in _classes_of(hi1, k, s1)]
        else:
            raise ValueError(
                f"bad range term {term!r} in {source!r}: a dash joins two pairs (99-66)"
                " or two hands with the same top card and suffix (KTo-K7o)"
            )
    else:
        raise ValueError(f"bad range term {term!r} in {source!r}: {_HINT}")
    return np.concatenate([_CLASS_COMBOS[k] for k in classes])


def _parse_weight(text: str, item: str, source: str) -> float:
    try:
        weight = float(text)
    except ValueError:
        weight = np.nan
    if not 0.0 <= weight <= 1.0:
        raise ValueError(f"bad weight {text!r} in {item!r} of {source!r}: a weight is a number in [0, 1]")
    return weight


def _split_items(text: str) -> list[str]:
    """Split on commas and whitespace outside parentheses; join 'x : w' around colons."""
    text = re.sub(r"\s*:\s*", ":", text)
    items: list[str] = []
    depth = 0
    current: list[str] = []
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                raise ValueError(f"unbalanced ')' in range {text!r}")
        if depth == 0 and (char == "," or char.isspace()):
            items.append("".join(current))
            current = []
        else:
            current.append(char)
    if depth:
        raise ValueError(f"unbalanced '(' in range {text!r}")
    items.append("".join(current))
    return [item for item in items if item]


def parse_range(text: str) -> np.ndarray:
    """Weights of the 1,326 holdings named by a range string.

    Parameters
    ----------
    text : str
        Terms separated by commas or whitespace (see the module docstring for
        the notation): ``"TT+, AQs+, KQo"``, ``"77-44, KTo-K7o, AsKs"``,
        ``"AQs:0.5"``, ``"(AQs, KJs):0.25"``, ``"random"``.  Where terms
        overlap, the later term wins.  An empty string is the empty range.

    Returns
    -------
    numpy.ndarray of float64, shape (1326,)
        The weight of each holding, 0 for holdings not named.

    Raises
    ------
    ValueError
        For an unknown term, a bad weight or unbalanced parentheses; the
        message names the bad token.

    Examples
    --------
    >>> [int(parse_range(r).sum()) for r in ("TT+", "AQs+", "KQo", "22+", "A2s+", "random")]
    [30, 8, 12, 78, 48, 1326]
    >>> w = parse_range("(AQs, KJs):0.25, AsKs")
    >>> float(w.sum()), float(w[holding_index("AsKs")])
    (3.0, 1.0)
    >>> parse_range("22+, 55:0").sum()
    np.float64(72.0)
    >>> parse_range("TT+, AKx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bad range term 'AKx' in 'TT+, AKx': terms look like 77, 77+, 77-44, AKs, ...
    """
    if not isinstance(text, str):
        raise ValueError(f"a range must be text, got {text!r}")
    weights = np.zeros(N_HOLDINGS)
    for item in _split_items(text):
        body, weight = item, 1.0
        if match := _WEIGHT.fullmatch(item):
            body, weight = match.group(1), _parse_weight(match.group(2), item, text)
        if body.startswith("(") and body.endswith(")"):
            terms = _split_items(body[1:-1])
            if not terms:
                raise ValueError(f"bad range term {item!r} in {text!r}: empty group")
        elif "(" in body or ")" in body or ":" in body:
            raise ValueError(f"bad range term {item!r} in {text!r}: {_HINT}")
        else:
            terms = [body]
        for term in terms:
            if "(" in term or ":" in term:
                raise ValueError(
                    f"bad range term {term!r} in {text!r}: groups do not nest and take one weight"
                )
            weights[_term_holdings(term, text)] = weight
    return weights


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive integers in an ascending list, as (low, high)."""
    runs: list[tuple[int, int]] = []
    for v in values:
        if runs and runs[-1][1] == v - 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


def _format_classes(full: np.ndarray) -> list[str]:
    """Compact terms for a (169,) bool vector of whole classes."""
    grid = full.reshape(13, 13)
    terms = []
    pairs = [r for r in range(13) if grid[12 - r, 12 - r]]
    for lo, hi in reversed(_runs(pairs)):
        p, q = RANKS[lo] * 2, RANKS[hi] * 2
        terms.append(p + "+" if hi == 12 and lo < hi else p if lo == hi else f"{q}-{p}")
    for hi in range(12, 0, -1):
        row = 12 - hi
        suited = {k for k in range(hi) if grid[row, 12 - k]}
        offsuit = {k for k in range(hi) if grid[12 - k, row]}
        for suffix, kickers in (("", suited & offsuit), ("s", suited - offsuit), ("o", offsuit - suited)):
            for lo, top in reversed(_runs(sorted(kickers))):
                a, b = RANKS[hi] + RANKS[lo] + suffix, RANKS[hi] + RANKS[top] + suffix
                terms.append(a + "+" if top == hi - 1 and lo < top else a if lo == top else f"{b}-{a}")
    return terms


def format_range(weights: Any) -> str:
    """Compact range text for a weight vector; :func:`parse_range` reads it back exactly.

    Whole classes at one weight become class terms (``TT+``, ``AQs+``,
    ``KTo-K7o``, ``AK``), the rest become specific holdings (``AsKs``).
    Terms of weight 1 come first, then one group per other weight in
    decreasing order, such as ``(AQs, KJs):0.25``.

    Parameters
    ----------
    weights : array_like, shape (1326,)
        Weights in [0, 1].

    Returns
    -------
    str
        ``""`` for the empty range, ``"random"`` for all holdings at weight 1.

    Examples
    --------
    >>> format_range(parse_range("KTo-K7o, 99-66, AQ+, AJs, AsTs"))
    '99-66, AQ+, AJs, KTo-K7o, AsTs'
    >>> format_range(parse_range("(AQs, KJs):0.25"))
    '(AQs, KJs):0.25'
    >>> format_range(np.full(1326, 2.0))
    Traceback (most recent call last):
    ...
    ValueError: weights must lie in [0, 1], got 2.0
    """
    weights = _check_weights(weights)
    if (weights == 1.0).all():
        return "random"
    items = []
    for weight in np.unique(weights[weights > 0])[::-1]:
        at = weights == weight
        full = np.bincount(CLASS_OF_HOLDING, weights=at, minlength=N_CLASSES) == CLASS_SIZES
        terms = _format_classes(full)
        rest = np.flatnonzero(at & ~full[CLASS_OF_HOLDING])
        terms += format_cards(HOLDINGS[rest[::-1]][:, ::-1], sep="") if rest.size else []
        if weight == 1.0:
            items += terms
        else:
            body = terms[0] if len(terms) == 1 else "(" + ", ".join(terms) + ")"
            items.append(f"{body}:{float(weight)!r}")
    return ", ".join(items)


def _check_weights(values: Any) -> np.ndarray:
    weights = np.asarray(values, dtype=np.float64)
    if weights.shape != (N_HOLDINGS,):
        raise ValueError(f"weights must have shape (1326,), got {weights.shape}")
    bad = ~((weights >= 0) & (weights <= 1))
    if bad.any():
        raise ValueError(f"weights must lie in [0, 1], got {float(weights[bad][0])!r}")
    return weights


def as_weights(weights: Any, *, dead_cards: CardsLike | None = None) -> np.ndarray:
    """Clean a range given as text, a (1326,) vector or class weights into a (1326,) vector.

    The one cleaning function for ranges at the API boundary.

    Parameters
    ----------
    weights : str, array_like or None
        A range string (:func:`parse_range`), a (1326,) weight vector, a
        (169,) or (13, 13) vector of class weights, or None for every holding
        at weight 1.
    dead_cards : optional
        Cards known elsewhere (board, own hand); holdings that use them get
        weight 0.

    Returns
    -------
    numpy.ndarray of float64, shape (1326,)
        A new array (the input is never modified).

    Examples
    --------
    >>> as_weights(None, dead_cards="As Kd").sum()
    np.float64(1225.0)
    >>> as_weights("AK", dead_cards="As").sum()
    np.float64(12.0)
    >>> as_weights(np.ones(10))
    Traceback (most recent call last):
    ...
    ValueError: weights must have shape (1326,), (169,) or (13, 13), got (10,)
    """
    if weights is None:
        out = np.ones(N_HOLDINGS)
    elif isinstance(weights, str):
        out = parse_range(weights)
    else:
        arr = np.asarray(weights, dtype=np.float64)
        if arr.shape in ((N_CLASSES,), (13, 13)):
            arr = expand_class_weights(arr)
        elif arr.shape != (N_HOLDINGS,):
            raise ValueError(f"weights must have shape (1326,), (169,) or (13, 13), got {arr.shape}")
        bad = ~(np.isfinite(arr) & (arr >= 0))
        if bad.any():
            raise ValueError(f"weights must be finite and non-negative, got {float(arr[bad][0])!r}")
        out = arr.copy()
    if dead_cards is not None:
        out[~holdings_mask(dead_cards)] = 0.0
    return out

"""Cards as small integers, and the one cleaning function at the API boundary.

A card is the integer ``rank * 4 + suit`` with rank 0 = deuce … 12 = ace and
suits in the order clubs, diamonds, hearts, spades, so ``2c`` = 0 and
``As`` = 51.  Inside the engine cards are ``numpy`` arrays of dtype
:data:`CARD_DTYPE`; text and sequences are turned into such arrays once, by
:func:`parse_cards`, where they enter the library.

Examples
--------
>>> from holdem import parse_cards, format_cards
>>> parse_cards("As Qc 3h")
array([51, 40,  6], dtype=int8)
>>> format_cards(parse_cards("AsQc3h"))
'As Qc 3h'
>>> parse_cards("As Xx")
Traceback (most recent call last):
...
ValueError: bad card 'Xx' in 'As Xx': a card is a rank in 23456789TJQKA followed by a suit in cdhs
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Union

import numpy as np

__all__ = [
    "CARD_DTYPE",
    "RANKS",
    "SUITS",
    "N_CARDS",
    "CardsLike",
    "card",
    "rank_of",
    "suit_of",
    "parse_cards",
    "format_cards",
    "card_mask",
    "check_distinct",
]

#: dtype of card arrays throughout the engine.
CARD_DTYPE = np.dtype(np.int8)
#: Rank characters, index = rank (0 = deuce … 12 = ace).
RANKS = "23456789TJQKA"
#: Suit characters, index = suit (clubs, diamonds, hearts, spades).
SUITS = "cdhs"
#: The text of each card code, ``CARD_TEXT[c]`` (``"2c"`` … ``"As"``): cheap formatting in hot paths such as logs.
CARD_TEXT = tuple(r + s for r in RANKS for s in SUITS)
#: Cards in a deck.
N_CARDS = 52

CardsLike = Union[str, int, np.integer, "Sequence[Any]", np.ndarray]
"""Anything :func:`parse_cards` accepts: text, a card code, or a (nested) sequence or array of them."""

_TOKEN = re.compile(r"([2-9TJQKAtjqka]|10)([cdhsCDHS♣♦♥♠])")
_SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
_HINT = "a card is a rank in 23456789TJQKA followed by a suit in cdhs"


def card(text: str) -> int:
    """Return the code of one card given as text.

    >>> card("2c"), card("As"), card("Td")
    (0, 51, 33)
    """
    codes = parse_cards(text)
    if codes.shape != (1,):
        raise ValueError(f"expected one card, got {text!r}")
    return int(codes[0])


def rank_of(cards: np.ndarray) -> np.ndarray:
    """Ranks (0 = deuce … 12 = ace) of an array of card codes.

    >>> rank_of(parse_cards("As 2c"))
    array([12,  0], dtype=int8)
    """
    return np.asarray(cards) >> 2


def suit_of(cards: np.ndarray) -> np.ndarray:
    """Suits (0 = clubs … 3 = spades) of an array of card codes.

    >>> suit_of(parse_cards("As 2c"))
    array([3, 0], dtype=int8)
    """
    return np.asarray(cards) & 3


def _parse_text(text: str) -> list[int]:
    compact = "".join(text.replace(",", " ").split())
    codes: list[int] = []
    pos = 0
    while pos < len(compact):
        match = _TOKEN.match(compact, pos)
        if match is None:
            bad = compact[pos : pos + 2] or compact[pos:]
            raise ValueError(f"bad card {bad!r} in {text!r}: {_HINT}")
        rank_text, suit_text = match.groups()
        rank = 8 if rank_text == "10" else RANKS.index(rank_text.upper())
        suit = SUITS.index(_SUIT_SYMBOLS.get(suit_text, suit_text.lower()))
        codes.append(rank * 4 + suit)
        pos = match.end()
    return codes


def _parse_item(item: Any) -> list[int]:
    if isinstance(item, str):
        return _parse_text(item)
    if isinstance(item, (int, np.integer)) and not isinstance(item, bool):
        value = int(item)
        if not 0 <= value < N_CARDS:
            raise ValueError(f"bad card code {value}: codes run from 0 (2c) to 51 (As)")
        return [value]
    raise ValueError(f"bad card {item!r}: expected text such as 'As' or a code 0-51")


def parse_cards(cards: CardsLike, *, distinct: bool = True) -> np.ndarray:
    """Clean cards given as text, codes or (nested) sequences into a code array.

    Parameters
    ----------
    cards
        ``"As Qc 3h"``, ``"AsQc3h"``, ``"as,qc,3h"``, ``["As", "Qc"]``,
        ``[51, 40]``, a nested list of those (one row per hand, all rows the
        same length) or an integer array of codes.
    distinct
        If true (the default), a card may appear only once in each hand (each
        row along the last axis).

    Returns
    -------
    numpy.ndarray of dtype int8
        Card codes; shape ``(k,)`` for one hand, ``(..., k)`` for nested input.

    Raises
    ------
    ValueError
        For an unknown token, a code outside 0–51, rows of unequal length, or a
        duplicate card when ``distinct`` is true; the message names the value.

    Examples
    --------
    >>> parse_cards(["Ah Kh", "2c 2d"])
    array([[50, 46],
           [ 0,  1]], dtype=int8)
    >>> parse_cards("As As")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card As in 'As As'
    """
    if isinstance(cards, (bytes, bytearray, memoryview)):
        raise ValueError(f"bad cards {bytes(cards)[:40]!r}: bytes are not cards; pass text such as 'As Kd' "
                         "(decode the bytes first) or card codes")
    if isinstance(cards, np.ndarray) and cards.dtype.kind in "iu":
        arr = cards.astype(CARD_DTYPE, copy=False) if cards.size == 0 else cards
        if arr.size and (arr.min() < 0 or arr.max() >= N_CARDS):
            bad = arr[(arr < 0) | (arr >= N_CARDS)].flat[0]
            raise ValueError(f"bad card code {int(bad)}: codes run from 0 (2c) to 51 (As)")
        arr = arr.astype(CARD_DTYPE, copy=False)
    elif isinstance(cards, (str, int, np.integer)):
        arr = np.array(_parse_item(cards), dtype=CARD_DTYPE)
    elif isinstance(cards, Iterable):
        items = list(cards)
        if any(_is_hand(item) for item in items):
            rows = [parse_cards(item, distinct=distinct) for item in items]
            lengths = {row.shape for row in rows}
            if len(lengths) > 1:
                raise ValueError(f"hands of unequal shapes {sorted(lengths)} in {cards!r}")
            return np.stack(rows)
        codes: list[int] = []
        for item in items:
            codes.extend(_parse_item(item))
        arr = np.array(codes, dtype=CARD_DTYPE)
    else:
        raise ValueError(f"bad cards {cards!r}: expected text, a code or a sequence of them")
    if distinct:
        check_distinct(arr, source=cards)
    return arr


def _is_hand(item: Any) -> bool:
    """A nested item is a hand when it is itself a sequence of cards or a multi-card string."""
    if isinstance(item, str):
        return len("".join(item.split())) > 3
    return isinstance(item, (Sequence, np.ndarray)) and not isinstance(item, str)


def check_distinct(cards: np.ndarray, *, source: object = None) -> None:
    """Raise ``ValueError`` if any hand (row along the last axis) repeats a card.

    >>> check_distinct(parse_cards("As Kd", distinct=False))
    >>> check_distinct(parse_cards("As As", distinct=False))
    Traceback (most recent call last):
    ...
    ValueError: duplicate card As in array([51, 51], dtype=int8)
    """
    cards = np.asarray(cards)
    if cards.ndim == 0 or cards.shape[-1] < 2:
        return
    ordered = np.sort(cards, axis=-1)
    repeated = ordered[..., 1:] == ordered[..., :-1]
    if repeated.any():
        bad = int(ordered[..., 1:][repeated].flat[0])
        where = source if source is not None else cards
        raise ValueError(f"duplicate card {format_cards(bad)} in {where!r}")


def format_cards(cards: CardsLike, sep: str = " ") -> str | list[Any]:
    """Text of card codes: ``"As Qc 3h"`` for one hand, a list of texts for a batch.

    >>> format_cards([51, 40, 6])
    'As Qc 3h'
    >>> format_cards(np.array([[0, 1], [50, 51]]), sep="")
    ['2c2d', 'AhAs']
    """
    arr = np.atleast_1d(parse_cards(cards, distinct=False))
    names = _CARD_NAMES[arr.astype(np.intp)]
    if arr.ndim == 1:
        return sep.join(names)
    return [sep.join(row) for row in names.reshape(-1, arr.shape[-1])]


_CARD_NAMES = np.array([r + s for r in RANKS for s in SUITS], dtype=object)


def card_mask(cards: np.ndarray) -> np.ndarray:
    """52-bit set of the cards in each hand (bit ``c`` set for card ``c``), as int64.

    >>> int(card_mask(parse_cards("2c 2d")))
    3
    """
    cards = np.asarray(cards, dtype=np.int64)
    mask: np.ndarray = np.bitwise_or.reduce(np.left_shift(np.int64(1), cards), axis=-1)
    return mask

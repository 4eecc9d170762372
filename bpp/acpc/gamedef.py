"""ACPC game definitions (``.game`` files) mapped to bpp's games.

The Annual Computer Poker Competition's dealer reads a game definition:
:data:`NOLIMIT_GAMEDEF` is ``holdem.nolimit.2p.reverse_blinds.game``,
:data:`LIMIT_GAMEDEF` the limit game (``limit``, ``raiseSize = 10 10 20 20``,
``maxRaises = 3 4 4 4``, no stacks).  Two
games are bpp's: heads-up limit Texas hold'em (:class:`~holdem.games.LimitHoldem`
with ``max_raises = 3``: three raises pre-flop after the blind, four bets after
the flop, which is ``maxRaises = 3 4 4 4``) and heads-up no-limit Texas
hold'em with equal stacks (:class:`~holdem.games.NoLimitHoldem`), both with
reversed blinds (position 0 posts the big blind, position 1 — the button —
the small blind and acts first pre-flop).  Every other definition is refused
by naming the value bpp does not play.

>>> read_gamedef(LIMIT_GAMEDEF)
LimitHoldem(n_players=2, small_blind=5, big_blind=10, small_bet=10, big_bet=20, max_raises=3)
>>> read_gamedef(LIMIT_GAMEDEF.replace("numPlayers = 2", "numPlayers = 3"))
Traceback (most recent call last):
...
ValueError: gamedef: numPlayers = 3; bpp's ACPC games are 2-player hold'em
"""

from __future__ import annotations

import os
from pathlib import Path

from holdem.games import Game, LimitHoldem, NoLimitHoldem

__all__ = ["read_gamedef", "gamedef_text", "LIMIT_GAMEDEF", "NOLIMIT_GAMEDEF"]

LIMIT_GAMEDEF = """GAMEDEF
limit
numPlayers = 2
numRounds = 4
blind = 10 5
raiseSize = 10 10 20 20
firstPlayer = 2 1 1 1
maxRaises = 3 4 4 4
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""

NOLIMIT_GAMEDEF = """GAMEDEF
nolimit
numPlayers = 2
numRounds = 4
stack = 20000 20000
blind = 100 50
firstPlayer = 2 1 1 1
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""

_FIXED = {"numPlayers": [2], "numRounds": [4], "firstPlayer": [2, 1, 1, 1], "numSuits": [4], "numRanks": [13],
          "numHoleCards": [2], "numBoardCards": [0, 3, 1, 1]}


def _parse(text: str) -> tuple[str, dict]:
    kind = None
    values: dict[str, list[int]] = {}
    inside = False
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        low = line.lower()
        if low == "gamedef":
            inside = True
            continue
        if low == "end gamedef":
            break
        if not inside:
            raise ValueError(f"gamedef: {line!r} before GAMEDEF")
        if low in ("limit", "nolimit", "potlimit"):
            kind = low
            continue
        key, sep, rest = line.partition("=")
        if not sep:
            raise ValueError(f"gamedef: {line!r} is not 'name = values'")
        try:
            values[key.strip()] = [int(v) for v in rest.split()]
        except ValueError:
            raise ValueError(f"gamedef: {line!r} has a value that is not an integer") from None
    if kind is None:
        raise ValueError("gamedef: no betting type (limit or nolimit)")
    return kind, values


def _v(values) -> str:
    return "missing" if values is None else " ".join(map(str, values))


def read_gamedef(source: str | os.PathLike[str]) -> LimitHoldem | NoLimitHoldem:
    """The bpp game of an ACPC game definition (its text, or a path to a ``.game`` file).

    Raises ``ValueError`` naming the first value bpp does not play.
    """
    text = str(source)
    if "\n" not in text:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            why = getattr(exc, "strerror", None) or exc
            raise ValueError(f"cannot read the gamedef {str(source)!r}: {why}") from None
    kind, v = _parse(text)
    if kind == "potlimit":
        raise ValueError("gamedef: betting type 'potlimit'; bpp plays limit and nolimit hold'em")
    for key, want in _FIXED.items():
        got = v.get(key, want if key in ("numSuits", "numRanks") else None)
        if got != want:
            text_got = "missing" if got is None else " ".join(map(str, got))
            why = "bpp's ACPC games are 2-player hold'em" if key == "numPlayers" else \
                f"bpp's hold'em has {' '.join(map(str, want))}"
            raise ValueError(f"gamedef: {key} = {text_got}; {why}")
    blind = v.get("blind")
    if blind is None or len(blind) != 2 or not blind[0] >= blind[1] >= 0 or blind[0] < 1:
        raise ValueError(f"gamedef: blind = {_v(blind)}; expected 'big small' (reversed blinds)")
    big, small = blind
    if kind == "limit":
        raise_size, max_raises = v.get("raiseSize"), v.get("maxRaises")
        if raise_size is None or len(raise_size) != 4 or raise_size[0] != raise_size[1] or raise_size[2] != raise_size[3]:
            raise ValueError(f"gamedef: raiseSize = {_v(raise_size)}; bpp's limit hold'em has 'small small big big'")
        if max_raises is None or len(max_raises) != 4 or max_raises[1:] != [max_raises[0] + 1] * 3:
            raise ValueError(f"gamedef: maxRaises = {_v(max_raises)}; bpp caps every round at the same number of bets "
                             "(the big blind the first pre-flop: 'k k+1 k+1 k+1')")
        return LimitHoldem(n_players=2, small_blind=small, big_blind=big, small_bet=raise_size[0],
                           big_bet=raise_size[2], max_raises=max_raises[0])
    stack = v.get("stack")
    if stack is None or len(stack) != 2 or stack[0] != stack[1]:
        raise ValueError(f"gamedef: stack = {_v(stack)}; bpp plays no-limit with two equal stacks")
    if "maxRaises" in v:
        raise ValueError(f"gamedef: maxRaises = {_v(v['maxRaises'])}; bpp's no-limit hold'em has no raise cap")
    return NoLimitHoldem(small_blind=small, big_blind=big, stack=stack[0])


def gamedef_text(game: Game) -> str:
    """The ACPC game definition of a bpp game (the inverse of :func:`read_gamedef`).

    >>> read_gamedef(gamedef_text(NoLimitHoldem())) == NoLimitHoldem()
    True
    """
    if isinstance(game, LimitHoldem) and game.n_players == 2:
        m = game.max_raises
        body = (f"limit\nnumPlayers = 2\nnumRounds = 4\nblind = {game.big_blind} {game.small_blind}\n"
                f"raiseSize = {game.small_bet} {game.small_bet} {game.big_bet} {game.big_bet}\n"
                f"firstPlayer = 2 1 1 1\nmaxRaises = {m} {m + 1} {m + 1} {m + 1}\n")
    elif isinstance(game, NoLimitHoldem):
        body = (f"nolimit\nnumPlayers = 2\nnumRounds = 4\nstack = {game.stack} {game.stack}\n"
                f"blind = {game.big_blind} {game.small_blind}\nfirstPlayer = 2 1 1 1\n")
    else:
        raise ValueError(f"no ACPC gamedef for {game!r}: the ACPC protocol plays 2-player limit and no-limit hold'em here")
    return "GAMEDEF\n" + body + "numSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n"

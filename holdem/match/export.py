"""Export logged hold'em hands as ACPC ``STATE:`` lines and as PHH hand histories.

Both formats list the players by *position*, ``p1`` (ACPC position 0) first:
position ``k`` is the seat ``(button + 1 + k) % n``, so position 0 is the
small blind with three or more players and the big blind heads-up (where the
button posts the small blind), the button is last.  That is the order of the
ACPC dealer (``reverse_blinds`` heads-up) and of pokerkit, which reverses the
blinds heads-up itself.

ACPC (the Annual Computer Poker Competition's dealer logs)
    ``STATE:<hand>:<betting>:<cards>:<payoffs>:<players>`` with betting rounds
    separated by ``/``, ``f`` fold, ``c`` check/call, ``r`` a fixed-limit
    raise and ``rN`` a no-limit raise *to* ``N`` chips in the hand; every
    seat's hole cards ``|``-separated then ``/flop/turn/river`` as far as dealt;
    payoffs in chips; player names.  E.g.
    ``STATE:0:r300c/cr900c/cc/cc:AsKd|7h7c/2h5d9s/Tc/Jh:900|-900:p1|p2``.

PHH (the Poker Hand History format of pokerkit project)
    A TOML file: ``variant`` (``FT`` fixed-limit, ``NT`` no-limit Texas
    hold'em), ``antes``, ``blinds_or_straddles``, ``small_bet``/``big_bet``
    (FT) or ``min_bet`` (NT), ``starting_stacks``, and ``actions``: ``d dh p1
    AsKd`` deals hole cards, ``d db 2h5d9s`` the board, ``p1 f`` / ``p1 cc`` /
    ``p1 cbr 300`` (a raise to 300 *on this street*, PHH's convention) and
    ``p1 sm AsKd`` shows at showdown; plus ``hand``, ``players`` and
    ``winnings``-free metadata.

Every exported hand is first replayed through the game's state machine from
its logged deal and actions, and its payoffs are checked against the log.

>>> acpc_lines(["not a log"])
Traceback (most recent call last):
...
ValueError: The 'log' parameter of acpc_lines must be a match log path or a MatchLog; got ['not a log'].
"""

from __future__ import annotations

import ast
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from holdem.cards import CARD_TEXT
from holdem.match.log import MatchLog, parse_action, read_log

if TYPE_CHECKING:
    from holdem.games.base import Game

#: The comment line naming the game at the top of an ACPC file bpp writes (``# bpp game: LimitHoldem(...)``).
ACPC_GAME_COMMENT = "# bpp game: "

__all__ = ["ACPC_GAME_COMMENT", "acpc_state", "phh_text", "acpc_lines", "write_phh", "game_from_header"]



def _cards(cards: Iterable[int]) -> str:
    return "".join(CARD_TEXT[c] for c in cards)


_CARD_INDEX = {t: i for i, t in enumerate(CARD_TEXT)}


def _deal_codes(text: str, hand: object = None) -> list[int]:
    """The card codes of a logged deal's text (``ValueError`` naming a bad card such as ``Xx``)."""
    codes = [_CARD_INDEX.get(text[i : i + 2], -1) for i in range(0, len(text), 2)]
    if -1 in codes or len(codes) != 52 or len(set(codes)) != 52:
        bad = next((text[i : i + 2] for i in range(0, len(text), 2) if text[i : i + 2] not in _CARD_INDEX), None)
        why = f"the card {bad!r} is not a card" if bad is not None else "it is not a permutation of the 52 cards"
        raise ValueError(f"hand {hand}: the logged deal {text[:12]!r}... cannot be replayed: {why}")
    return codes


def game_from_header(header: dict[str, Any]) -> Game:
    """Rebuild a log's game from its header's ``game_repr`` (parsed, never evaluated)."""
    from holdem import games

    try:
        call = ast.parse(header["game_repr"], mode="eval").body
        cls = {type(g).__name__ if not isinstance(g, type) else g.__name__: g for g in games.GAMES.values()}[call.func.id]
        game: Game = cls(**{k.arg: ast.literal_eval(k.value) for k in call.keywords})
        return game
    except (KeyError, AttributeError, SyntaxError, ValueError, TypeError):
        raise ValueError(f"cannot rebuild the game {header.get('game_repr')!r} of this log") from None


def _replay(game: Game, hand: dict[str, Any]) -> tuple[Any, list[int]]:
    """Replay a logged hand; returns the terminal state and the (seat, action) list as recorded."""
    from holdem.games.base import IllegalActionError

    state: Any = game.new_hand(_deal_codes(hand["cards"], hand["hand"]), button=hand["button"])  # an engine state
    start = list(state.committed)
    for item in hand["actions"]:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], str)):
            raise ValueError(f"hand {hand['hand']}: the logged action {item!r} is not a [seat, action] pair")
        seat, text = item
        if state.is_terminal or state.current_player != seat:
            raise ValueError(f"hand {hand['hand']}: seat {seat} acts out of turn in the log")
        try:
            state.apply(parse_action(text))
        except IllegalActionError as exc:
            raise ValueError(f"hand {hand['hand']}: {exc}") from None
    if not state.is_terminal or state.payoffs.tolist() != hand["payoffs"]:
        raise ValueError(f"hand {hand['hand']}: replaying the log does not give its payoffs {hand['payoffs']}")
    return state, start


def _holdem_kind(game: Game) -> str:
    name = getattr(game, "name", "")
    if name == "limit-holdem":
        return "FT"
    if name == "nolimit-holdem":
        return "NT"
    raise ValueError(f"only hold'em hands export to ACPC and PHH; got a {name!r} game")


def _positions(n: int, button: int) -> list[int]:
    return [(button + 1 + k) % n for k in range(n)]


def acpc_state(game: Game, hand: dict[str, Any], names: list[str] | None = None) -> str:
    """One logged hold'em hand as an ACPC ``STATE:`` line (players in position order).

    ``names`` are the agents' names (by agent index, as in the log header);
    without them the players are called ``p1 … pn`` by position.
    """
    kind = _holdem_kind(game)
    state, _ = _replay(game, hand)
    n = game.n_players
    order = _positions(n, hand["button"])
    rounds: list[list[str]] = [[]]
    board: list[str] = []
    for e in state.history:
        if e.kind == "deal" and e.player == -1:
            while len(rounds) <= e.round:
                rounds.append([])
            board.append(_cards(e.cards))
        elif e.kind == "action":
            a = e.action
            if a.kind == 0:
                text = "f"
            elif a.kind == 1:
                text = "c"
            else:
                text = "r" if kind == "FT" else f"r{a.amount}"
            rounds[e.round].append(text)
    holes = "|".join(_cards(state.observation(s).hole) for s in order)
    cards = holes + "".join("/" + b for b in board)
    betting = "/".join("".join(r) for r in rounds)
    pay = state.payoffs.tolist()
    payoffs = "|".join(str(pay[s]) for s in order)
    if names is None:
        players = "|".join(f"p{k + 1}" for k in range(n))
    else:
        players = "|".join(str(names[hand["seats"][s]]) for s in order)
    return f"STATE:{hand['hand']}:{betting}:{cards}:{payoffs}:{players}"


def _toml_value(v: object) -> str:
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return str(v)


def phh_text(game: Game, hand: dict[str, Any], names: list[str] | None = None) -> str:
    """One logged hold'em hand as the text of a PHH (TOML) file that pokerkit loads."""
    kind = _holdem_kind(game)
    state, start = _replay(game, hand)
    n = game.n_players
    order = _positions(n, hand["button"])
    p = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    actions = [f"d dh {p[s]} {_cards(state.observation(s).hole)}" for s in order]
    committed = start[:]
    base = [0] * n
    high = max(committed)
    for e in state.history:
        if e.kind == "deal" and e.player == -1:
            actions.append(f"d db {_cards(e.cards)}")
            base = committed[:]
        elif e.kind == "action":
            s, a = e.player, e.action
            if a.kind == 0:
                actions.append(f"{p[s]} f")
            elif a.kind == 1:
                committed[s] = min(high, game.starting_stack)
                actions.append(f"{p[s]} cc")
            else:
                committed[s] = high = a.amount
                actions.append(f"{p[s]} cbr {a.amount - base[s]}")
        elif e.kind == "showdown":
            actions.append(f"{p[e.player]} sm {_cards(e.cards)}")
    blinds = [start[s] for s in order]
    if n == 2:  # pokerkit lists [small, big] and reverses them heads-up itself
        blinds = blinds[::-1]
    fields: dict[str, Any] = {"variant": kind, "antes": [0] * n, "blinds_or_straddles": blinds}
    stakes = game.stakes
    if kind == "FT":  # bet sizes by round: small, small, big, big
        fields |= {"small_bet": stakes.bet_sizes[0], "big_bet": stakes.bet_sizes[2]}
    else:
        fields["min_bet"] = stakes.blinds[1]  # the big blind
    fields |= {"starting_stacks": [game.starting_stack] * n, "actions": actions, "hand": hand["hand"]}
    if names is not None:
        fields["players"] = [str(names[hand["seats"][s]]) for s in order]
    pay = state.payoffs.tolist()
    fields["finishing_stacks"] = [game.starting_stack + pay[s] for s in order]
    return "".join(f"{k} = {_toml_value(v)}\n" for k, v in fields.items())


def _open(log: MatchLog | str | os.PathLike[str], owner: str) -> MatchLog:
    if isinstance(log, MatchLog):
        return log
    if isinstance(log, (str, Path)):
        return read_log(log)
    raise ValueError(f"The 'log' parameter of {owner} must be a match log path or a MatchLog; got {log!r}.")


def acpc_lines(log: MatchLog | str | os.PathLike[str], *, game: Game | None = None,
               path: str | os.PathLike[str] | None = None) -> list[str]:
    """Every hand of a hold'em match log as ACPC ``STATE:`` lines (written to ``path`` if given).

    The file starts with the comment ``# bpp game: <the game's repr>``, which
    :func:`holdem.histories.read_hands` reads for the stakes ACPC lines do not state.
    """
    log = _open(log, "acpc_lines")
    game = game if game is not None else game_from_header(log.header)
    names = log.header["agents"]
    lines = [acpc_state(game, h, names) for h in log.hands]
    if path is not None:  # the file says its stakes (ACPC lines do not): holdem.histories reads this comment
        Path(path).write_text(f"{ACPC_GAME_COMMENT}{game!r}\n" + "".join(line + "\n" for line in lines))
    return lines


def write_phh(log: MatchLog | str | os.PathLike[str], directory: str | os.PathLike[str], *, game: Game | None = None
              ) -> list[Path]:
    """Write every hand of a hold'em match log as ``hand-<index>.phh`` files in ``directory``."""
    log = _open(log, "write_phh")
    game = game if game is not None else game_from_header(log.header)
    names = log.header["agents"]
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    width = max(6, len(str(len(log.hands))))
    out = []
    for h in log.hands:
        path = directory / f"hand-{h['hand']:0{width}d}.phh"
        path.write_text(phh_text(game, h, names))
        out.append(path)
    return out

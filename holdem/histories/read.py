"""Read hand histories (PHH, ACPC dealer logs, bpp match logs) into bpp hands, each replayed through the engine.

Three formats come in, one kind of hand goes out (:class:`Hand`):

PHH (``.phh`` one hand, ``.phhs`` many; the Poker Hand History format)
    Parsed by pokerkit's own reader (:meth:`pokerkit.HandHistory.loads`, the
    format's reference implementation); a ``.phhs`` file is cut at its ``[n]``
    section headers first, so one damaged hand does not lose the others.
    Variants ``FT`` (fixed-limit Texas hold'em, any 2-10 seats, no antes or
    straddles) and ``NT`` (no-limit Texas hold'em heads-up with equal stacks,
    bpp's :class:`~holdem.games.NoLimitHoldem`) are read; every other variant is
    refused by name (PHH has no five-card stud and no five-card draw).
ACPC dealer logs (``STATE:<hand>:<betting>:<cards>:<payoffs>:<players>`` lines)
    With or without the dealer's ``#`` header lines and its ``SCORE:`` line.
    Files bpp writes name their game in a ``# bpp game: LimitHoldem(...)``
    comment line.  Otherwise, without ``game=``, the game is the ACPC competition's: a numeric raise
    (``r300``) makes it no-limit (:class:`NoLimitHoldem` 50/100, 20,000-chip
    stacks), otherwise fixed-limit with the ACPC limit stakes (blinds 5/10, bets
    10/20).  Pass ``game=`` (e.g. from :func:`bpp.acpc.read_gamedef`) for others.
bpp match logs (:mod:`holdem.match.log`)
    The deal, the actions and the payoffs as logged.
Site logs (PokerStars, Full Tilt, PartyPoker, iPoker, Ongame, Absolute)
    Through pokerkit's parsers (``HandHistory.from_pokerstars`` …) into PHH
    hands, then as PHH; amounts in hundredths (``$0.25`` is 25 chips).  bpp plays only what it plays: limit hold'em, and
    heads-up no-limit with equal stacks; the rest is refused by name.

Seats: PHH and ACPC list players by *position* (``p1`` first); a hand read from
them sits position ``k`` in seat ``k`` with the button in the last seat, which is
how :mod:`holdem.match.export` writes them (heads-up, ``p1`` is the big blind).

Every hand is replayed through the game's state machine: unknown hole cards
(PHH ``????``, mucked hands) are filled with cards no one holds, every action
must be legal, showdown cards must be the cards dealt, and the payoffs must be
the file's (from ``finishing_stacks`` in PHH).  Where a seat reached showdown
with cards the file does not show, the engine cannot decide the pot; the
file's payoffs are kept if they add up to zero.  A hand that fails is left out
and reported in one line naming the file, the hand and the field or action;
the other hands are kept (:attr:`Hands.problems`).

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "one.phh"
>>> _ = p.write_text('''variant = "FT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... small_bet = 2
... big_bet = 4
... starting_stacks = [200, 200]
... actions = ["d dh p1 AsKs", "d dh p2 7h2c", "p2 f"]
... finishing_stacks = [201, 199]
... ''')
>>> hands = read_hands(p)
>>> hands[0].payoffs, hands[0].names
((1, -1), ('p1', 'p2'))
"""

from __future__ import annotations

import functools
import re
import sys
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from holdem.cards import CARD_TEXT
from holdem.games import LimitHoldem, NoLimitHoldem
from holdem.games.base import CHECK_CALL, FOLD, Action, ActionKind, Event, IllegalActionError

__all__ = ["Hand", "Hands", "read_hands", "hands_from_log", "PHH_VARIANTS"]

_CARD_INDEX = {t: i for i, t in enumerate(CARD_TEXT)}
_CARD_INDEX.update({t[0].lower() + t[1]: i for t, i in list(_CARD_INDEX.items())})

#: PHH variant codes and their names (pokerkit's documentation); bpp reads FT and NT.
PHH_VARIANTS = {
    "FT": "fixed-limit Texas hold'em", "NT": "no-limit Texas hold'em", "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha hold'em", "FO/8": "fixed-limit Omaha hold'em high/low", "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud high/low", "FR": "fixed-limit razz", "N2L1D": "no-limit deuce-to-seven single draw",
    "F2L3D": "fixed-limit deuce-to-seven triple draw", "FB": "fixed-limit badugi",
}


@dataclass(frozen=True)
class Hand:
    """One hand read from a file and replayed through bpp's engine.

    ``source`` the file, ``number`` the hand's number there (the file's own
    ``hand`` field or ``STATE`` number, else its 1-based place); ``game`` the
    rule set with its stakes; ``names`` the player in each seat; ``button`` the
    button's seat; ``holes`` each seat's hidden cards as dealt (card codes) or
    ``None`` when the file does not show them; ``deal`` the permutation the
    replay used (unknown cards filled in); ``actions`` ``(seat, Action)`` in
    order; ``events`` the engine's public events (showdowns only of cards the
    file shows); ``payoffs`` chips won per seat.
    """

    source: str
    number: int
    game: Any
    names: tuple[str, ...]
    button: int
    holes: tuple[tuple[int, ...] | None, ...]
    deal: tuple[int, ...]
    actions: tuple[tuple[int, Action], ...]
    events: tuple[Event, ...]
    payoffs: tuple[int, ...]

    @property
    def n_players(self) -> int:
        return len(self.names)

    def by_position(self) -> tuple[tuple[str, ...], tuple[Event, ...], tuple[int, ...]]:
        """``(names, events, payoffs)`` with seats renumbered by position (0 = left of the button).

        PHH and ACPC number seats by position, bpp logs by the match's seats;
        the same hand read from any of them gives equal ``by_position()`` values.
        """
        n, b = len(self.names), self.button
        order = [(b + 1 + k) % n for k in range(n)]
        pos = {s: k for k, s in enumerate(order)}
        events = tuple(e._replace(player=pos[e.player]) if e.player >= 0 else e for e in self.events)
        return tuple(self.names[s] for s in order), events, tuple(self.payoffs[s] for s in order)

    def new_state(self) -> Any:
        """A fresh engine state of this hand (before the first action)."""
        return self.game.new_hand(list(self.deal), button=self.button)


@dataclass
class Hands:
    """The hands read (in file order) and one line per hand left out (``problems``)."""

    hands: list[Hand] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.hands)

    def __iter__(self) -> Iterator[Hand]:
        return iter(self.hands)

    def __getitem__(self, i: int) -> Hand:
        return self.hands[i]

    def to_dict(self) -> dict[str, Any]:
        return {"hands": len(self.hands), "problems": list(self.problems)}

    def find(self, number: int | None, *, game: str, n_players: int | None = None) -> Hand:
        """The hand numbered ``number`` (None: the first) among those of ``game`` (and ``n_players``).

        Raises ``ValueError`` naming what is missing.
        """
        what = f"{game} hand" if n_players is None else f"{n_players}-player {game} hand"
        fit = [h for h in self.hands if h.game.name == game and (n_players is None or h.n_players == n_players)]
        if not fit:
            raise ValueError(f"no {what} could be read ({len(self.hands)} hands of other games)")
        hand = fit[0] if number is None else next((h for h in fit if h.number == number), None)
        if hand is None:
            raise ValueError(f"there is no {what} number {number} (numbers {fit[0].number}..{fit[-1].number})")
        return hand

    def table(self) -> str:
        games = sorted({h.game.name for h in self.hands})
        lines = [f"{len(self.hands)} hands read ({', '.join(games) or 'none'}), {len(self.problems)} left out"]
        return "\n".join(lines + [f"  {p}" for p in self.problems])


class _Bad(ValueError):
    """A hand that cannot be read: the message names the field or action."""


# ------------------------------------------------------------------ the replay


def _holdem_slots(n: int, button: int, seat: int) -> tuple[int, int]:
    p = (seat - button - 1) % n
    return p, n + p


def _build_deal(game: Any, button: int, holes: Sequence[Sequence[int] | None], board: Sequence[int]) -> tuple[int, ...]:
    """A hold'em deal putting the known cards where the engine deals them; unknown slots get unused cards."""
    n = game.n_players
    slots: dict[int, int] = {}
    for seat, cards in enumerate(holes):
        if cards is not None:
            for slot, c in zip(_holdem_slots(n, button, seat), cards):
                slots[slot] = c
    for k, c in enumerate(board):
        slots[2 * n + k] = c
    used = list(slots.values())
    if len(set(used)) != len(used):
        dup = next(CARD_TEXT[c] for c in used if used.count(c) > 1)
        raise _Bad(f"cards: {dup} is dealt twice")
    taken = set(used)
    rest = iter([c for c in range(52) if c not in taken])
    return tuple([slots[i] if i in slots else next(rest) for i in range(52)])


def _replay(game: Any, deal: Sequence[int], button: int, actions: Sequence[tuple[int | None, Action]],
            holes: Sequence[Sequence[int] | None], shown: dict[int, tuple[int, ...]],
            payoffs: Sequence[int] | None, labels: Sequence[str] | None = None
            ) -> tuple[tuple[tuple[int, Action], ...], tuple[Event, ...], tuple[int, ...], Any]:
    """Replay ``actions`` from ``deal``; returns (actions, events, payoffs) or raises _Bad naming what disagrees.

    A seat of ``None`` in ``actions`` is whoever is to act (ACPC betting strings name no one).

    ``labels`` name each action as the file does (default ``action k (p1 r4)``).
    """
    trusted = getattr(game, "_new_hand_trusted", None)  # the deal is a permutation by construction
    state = trusted(tuple(deal), button, None) if trusted is not None else game.new_hand(list(deal), button=button)
    taken = []
    for k, (seat, action) in enumerate(actions):
        if state.is_terminal:
            label = labels[k] if labels else f"action {k + 1} ({action})"
            raise _Bad(f"{label}: the hand is already over")
        if seat is None:  # ACPC betting does not name the actor: the rules do
            seat = state.current_player
        label = labels[k] if labels else f"action {k + 1} ({seat_name(seat)} {action})"
        if state.current_player != seat:
            raise _Bad(f"{label}: it is {seat_name(state.current_player)}'s turn")
        try:
            taken.append((seat, state.apply(action)))
        except IllegalActionError as exc:
            raise _Bad(f"{label}: {exc}") from None
    if not state.is_terminal:
        raise _Bad(f"actions: the hand stops after {len(actions)} actions, before its end (truncated?)")
    events = []
    for e in state.history:
        if e.kind == "showdown":
            if holes[e.player] is None:
                continue
            if e.player in shown and tuple(shown[e.player]) != tuple(e.cards):
                raise _Bad(f"showdown: {seat_name(e.player)} shows {_text(shown[e.player])} but holds {_text(e.cards)}")
        events.append(e)
    got = tuple(state._payoff_list() if hasattr(state, "_payoff_list") else state.payoffs.tolist())
    if payoffs is None:
        payoffs = got
    elif tuple(payoffs) != got:
        unknown = any(holes[e.player] is None for e in state.history if e.kind == "showdown")
        if not unknown:
            raise _Bad(f"payoffs: the file says {list(payoffs)}, the engine gives {list(got)}")
        if sum(payoffs) != 0:
            raise _Bad(f"payoffs: {list(payoffs)} do not add up to zero")
    return tuple(taken), tuple(events), tuple(int(x) for x in payoffs), state


def seat_name(seat: int) -> str:
    return f"p{seat + 1}"


def _text(cards: Sequence[int]) -> str:
    return "".join(CARD_TEXT[c] for c in cards)


def _cards(text: str, what: str) -> tuple[int, ...] | None:
    """Card codes of ``AsKd``-style text; ``None`` when hidden (``????``)."""
    text = text.strip()
    if not text or set(text) <= {"?"}:
        return None
    if len(text) % 2:
        raise _Bad(f"{what}: {text!r} is not a list of cards")
    out = []
    for i in range(0, len(text), 2):
        c = _CARD_INDEX.get(text[i : i + 2])
        if c is None:
            raise _Bad(f"{what}: {text[i : i + 2]!r} is not a card")
        out.append(c)
    return tuple(out)


def _make(source: object, number: int | str, game: Any, names: Sequence[str], button: int,
          holes: Sequence[tuple[int, ...] | None], board: Sequence[int], actions: Sequence[tuple[int | None, Action]],
          shown: dict[int, tuple[int, ...]], payoffs: Sequence[int] | None, labels: Sequence[str] | None = None) -> Hand:
    deal = _build_deal(game, button, holes, board)
    taken, events, pay, _ = _replay(game, deal, button, actions, holes, shown, payoffs, labels)
    return Hand(str(source), int(number), game, tuple(names), button, tuple(holes), deal, taken, events, pay)


# ------------------------------------------------------------------ PHH


def _phh_game(hh: Any) -> Any:
    variant = hh.variant
    if variant not in ("FT", "NT"):
        name = PHH_VARIANTS.get(variant, "an unknown variant")
        raise _Bad(f"variant: {variant!r} ({name}) is not a game bpp plays (it reads FT and heads-up NT)")
    n = len(hh.starting_stacks)
    antes = list(hh.antes) if not isinstance(hh.antes, int) else [hh.antes] * n
    if any(antes):
        raise _Bad(f"antes: {antes}; bpp's hold'em has no antes")
    blinds = list(hh.blinds_or_straddles)
    if len(blinds) < 2 or any(blinds[2:]):
        raise _Bad(f"blinds_or_straddles: {blinds}; bpp's hold'em has two blinds and no straddles")
    sb, bb = int(blinds[0]), int(blinds[1])
    if variant == "FT":
        if not 2 <= n <= 10:
            raise _Bad(f"players: {n} seats; bpp's limit hold'em seats 2-10")
        try:
            return LimitHoldem(n_players=n, small_blind=sb, big_blind=bb, small_bet=int(hh.small_bet),
                               big_bet=int(hh.big_bet))
        except (TypeError, ValueError) as exc:
            raise _Bad(f"stakes: {exc}") from None
    stacks = list(hh.starting_stacks)
    if n != 2 or stacks[0] != stacks[1]:
        raise _Bad(f"starting_stacks: {stacks}; bpp plays no-limit hold'em heads-up with equal stacks")
    if hh.min_bet not in (None, bb):
        raise _Bad(f"min_bet: {hh.min_bet}; bpp's no-limit minimum bet is the big blind ({bb})")
    try:
        return NoLimitHoldem(small_blind=sb, big_blind=bb, stack=int(stacks[0]))
    except (TypeError, ValueError) as exc:
        raise _Bad(f"stakes: {exc}") from None


_PLAYER = re.compile(r"p(\d+)$")


def _phh_hand(hh: Any, source: object, number: int) -> Hand:
    """A pokerkit ``HandHistory`` as a bpp hand."""
    game = _phh_game(hh)
    n = game.n_players
    button = n - 1
    names = [str(x) for x in hh.players] if hh.players else [seat_name(s) for s in range(n)]
    if len(names) != n:
        raise _Bad(f"players: {len(names)} names for {n} seats")
    holes: list[tuple[int, ...] | None] = [None] * n
    board: list[int] = []
    shown: dict[int, tuple[int, ...]] = {}
    actions: list[tuple[int | None, Action]] = []
    labels: list[str] = []
    base = [0] * n  # chips in before this street (PHH's cbr amounts are per street)
    committed = [0] * n
    # blinds: heads-up p1 (the big blind) and p2 are listed [small, big] by pokerkit
    blind = [game.big_blind, game.small_blind] if n == 2 else [game.small_blind, game.big_blind] + [0] * (n - 2)
    committed = blind[:]
    high = max(committed)

    def seat_of(token: str, k: int) -> int:
        m = _PLAYER.match(token)
        if m is None or not 1 <= int(m.group(1)) <= n:
            raise _Bad(f"action {k} ({token}): not a player of this {n}-seat hand")
        return int(m.group(1)) - 1

    for k, text in enumerate(hh.actions, start=1):
        parts = text.split("#", 1)[0].split()
        if not parts:
            continue
        if parts[0] == "d":
            if len(parts) >= 3 and parts[1] == "dh":
                seat = seat_of(parts[2], k)
                holes[seat] = _cards(parts[3] if len(parts) > 3 else "", f"action {k} (d dh)")
            elif len(parts) == 3 and parts[1] == "db":
                board.extend(_cards(parts[2], f"action {k} (d db)") or ())
                base = committed[:]
            else:
                raise _Bad(f"action {k} ({text!r}): not a hold'em dealing action")
            continue
        seat = seat_of(parts[0], k)
        op = parts[1] if len(parts) > 1 else ""
        if op != "sm":
            labels.append(f"action {k} ({text.strip()})")
        if op == "f":
            actions.append((seat, FOLD))
        elif op == "cc":
            actions.append((seat, CHECK_CALL))
            committed[seat] = min(high, game.starting_stack)
        elif op == "cbr" and len(parts) == 3:
            try:
                to = base[seat] + int(parts[2])
            except ValueError:
                raise _Bad(f"action {k} ({text!r}): the amount is not an integer") from None
            actions.append((seat, Action(ActionKind.BET_RAISE, to)))
            committed[seat] = high = to
        elif op == "sm":
            cards = _cards(parts[2] if len(parts) > 2 else "", f"action {k} (sm)")
            if cards is not None:
                shown[seat] = cards
                if holes[seat] is None:
                    holes[seat] = cards
        else:
            raise _Bad(f"action {k} ({text!r}): not a hold'em action (f, cc, cbr N, sm)")
    if len(board) > 5:
        raise _Bad(f"board: {len(board)} cards")
    payoffs = None
    if hh.finishing_stacks is not None:
        fin = list(hh.finishing_stacks)
        if len(fin) != n:
            raise _Bad(f"finishing_stacks: {len(fin)} values for {n} seats")
        payoffs = [int(f) - int(s) for f, s in zip(fin, hh.starting_stacks)]
    number = hh.hand if isinstance(getattr(hh, "hand", None), int) else number
    return _make(source, number, game, names, button, holes, board, actions, shown, payoffs, labels)


_SECTION = re.compile(r"^\[(\d+)\]\s*$", re.M)


def _read_phh(path: Path, text: str, out: Hands) -> None:
    from pokerkit import HandHistory

    if path.suffix == ".phhs":
        marks = list(_SECTION.finditer(text))
        pieces = [(int(m.group(1)), text[m.end() : marks[i + 1].start() if i + 1 < len(marks) else len(text)])
                  for i, m in enumerate(marks)]
        if not marks and text.strip():
            out.problems.append(f"{path}: no [n] hand sections (not a .phhs file)")
    else:
        pieces = [(1, text)]
    for number, piece in pieces:
        try:
            hh = HandHistory.loads(piece)
        except Exception as exc:  # pokerkit raises TOML, KeyError and ValueError alike for a broken hand
            out.problems.append(f"{path}: hand {number}: not a PHH hand ({type(exc).__name__}: {exc})")
            continue
        _keep(out, path, number, lambda: _phh_hand(hh, path, number))


def _keep(out: Hands, path: object, number: object, make: Callable[[], Hand]) -> None:
    try:
        out.hands.append(make())
    except _Bad as exc:
        out.problems.append(f"{path}: hand {number}: {exc}")


# ------------------------------------------------------------------ ACPC

#: The ACPC competition's limit hold'em stakes (``holdem.limit.2p.reverse_blinds.game``).
ACPC_LIMIT = dict(small_blind=5, big_blind=10, small_bet=10, big_bet=20)

_ACPC_MOVE = re.compile(r"([fck]|r\d*)")


def _acpc_game(text: str, n: int) -> Any:
    """The ACPC competition game of a log: no-limit if any line has a numeric raise (``r300``), else limit."""
    if re.search(r"^STATE:[^:]*:[^:]*r\d", text, re.M):
        return NoLimitHoldem()
    return LimitHoldem(n_players=n, **ACPC_LIMIT)


def acpc_actions(betting: str, game: Any, what: str = "betting") -> list[tuple[int, Action]]:
    """Seat-less parse of an ACPC betting string: ``[(round, Action), ...]`` (``ValueError`` naming a bad move)."""
    out = []
    for r, street in enumerate(betting.split("/")):
        pos = 0
        for m in _ACPC_MOVE.finditer(street):
            if m.start() != pos:
                break
            pos = m.end()
            t = m.group(1)
            if t == "f":
                out.append((r, FOLD))
            elif t in ("c", "k"):
                out.append((r, CHECK_CALL))
            else:
                out.append((r, Action(ActionKind.BET_RAISE, int(t[1:]) if len(t) > 1 else 0)))
        if pos != len(street):
            raise _Bad(f"{what}: {street[pos:]!r} is not an ACPC action (f, c, r, rN)")
    return out


def _acpc_hand(line: str, source: object, game: Any) -> Hand:
    fields = line.strip().split(":")
    if len(fields) != 6 or fields[0] != "STATE":
        raise _Bad(f"line: {line.strip()[:60]!r} is not STATE:hand:betting:cards:payoffs:players")
    _, number, betting, cards, pays, players = fields
    names = players.split("|")
    n = len(names)
    if game.n_players != n:
        raise _Bad(f"players: {n} players, but the game seats {game.n_players}")
    g = game
    button = n - 1
    parts = cards.split("/")
    holes = [_cards(h, "cards") for h in parts[0].split("|")]
    if len(holes) != n:
        raise _Bad(f"cards: {len(holes)} hands of hole cards for {n} players")
    board = [c for p in parts[1:] for c in (_cards(p, "cards") or ())]
    try:
        payoffs = [round(float(x)) for x in pays.split("|")]
    except ValueError:
        raise _Bad(f"payoffs: {pays!r} are not numbers") from None
    if len(payoffs) != n:
        raise _Bad(f"payoffs: {len(payoffs)} values for {n} players")
    actions = [(None, a) for _, a in acpc_actions(betting, g)]
    return _make(source, number, g, names, button, holes, board, actions, {}, payoffs)


def _read_acpc(path: Path, text: str, out: Hands, game: Any) -> None:
    from holdem.match.export import ACPC_GAME_COMMENT, game_from_header

    named = re.search("^" + re.escape(ACPC_GAME_COMMENT) + "(.*)$", text, re.M)
    if game is None and named is not None:
        try:
            game = game_from_header({"game_repr": named.group(1).strip()})
        except ValueError as exc:
            out.problems.append(f"{path}: {exc}")
            return
    if game is None:
        first = re.search(r"^STATE:.*:([^:]*)$", text, re.M)
        game = _acpc_game(text, first.group(1).count("|") + 1 if first else 2)
    for k, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#") or line.startswith("SCORE:"):
            continue
        number = line.split(":")[1] if line.count(":") >= 2 else k
        _keep(out, path, number, lambda: _acpc_hand(line, path, game))


# ------------------------------------------------------------------ bpp logs


def hands_from_log(log: Any, source: str = "log", *, out: Hands | None = None) -> Hands:
    """The hands of a bpp match log (a path or :class:`~holdem.match.log.MatchLog`), replayed and checked."""
    from holdem.match.export import game_from_header, _deal_codes
    from holdem.match.log import MatchLog, parse_action, read_log

    out = Hands() if out is None else out
    if not isinstance(log, MatchLog):
        source = str(log)
        log = read_log(log)
    game = game_from_header(log.header)
    agents = log.header["agents"]
    for h in log.hands:
        def make(h: dict[str, Any] = h) -> Hand:
            try:
                deal = tuple(_deal_codes(h["cards"], h["hand"]))
                actions = [(s, parse_action(a)) for s, a in h["actions"]]
            except (ValueError, TypeError) as exc:
                raise _Bad(f"cards or actions: {exc}") from None
            names = [agents[a] for a in h["seats"]]
            known = [()] * game.n_players  # a bpp log knows every card
            taken, events, pay, state = _replay(game, deal, h["button"], actions, known, {}, h["payoffs"])
            holes = tuple(tuple(state.observation(s).hole) for s in range(game.n_players))
            return Hand(source, h["hand"], game, tuple(names), h["button"], holes, deal, taken, events, pay)

        _keep(out, source, h["hand"], make)
    return out


# ------------------------------------------------------------------ site logs

_SITES = (("PokerStars", "from_pokerstars"), ("Full Tilt", "from_full_tilt_poker"), ("PartyPoker", "from_partypoker"),
          ("<Game", "from_ipoker_network"), ("Ongame", "from_ongame_network"), ("Absolute", "from_absolute_poker"))


def _cents(text: str) -> int:
    """A site log's amount in hundredths (``$0.25`` → 25): bpp's chips are integers."""
    try:
        return int(round(Decimal(text.replace(",", "")) * 100))
    except InvalidOperation:
        raise ValueError(f"amount {text!r} is not a number") from None


def _read_site(path: Path, text: str, out: Hands, method: str) -> None:
    import contextlib
    import io
    import warnings

    from pokerkit import HandHistory

    with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("always")  # pokerkit warns (and prints a traceback) per hand it cannot parse
        try:
            hhs = list(getattr(HandHistory, method)(text, parse_value=_cents))
        except Exception as exc:  # pokerkit's site parsers raise many kinds on text they do not know
            out.problems.append(f"{path}: pokerkit's {method} cannot read it ({type(exc).__name__}: {exc})")
            return
    for w in caught:  # one per hand pokerkit could not parse (its other warnings are about its own fields)
        text_w = str(w.message)
        if text_w.startswith("Unable to parse"):
            first = text_w.split("\\n", 1)[0].removeprefix("Unable to parse ").strip("'\"")
            out.problems.append(f"{path}: pokerkit's {method} cannot parse the hand {first!r}")
    for number, hh in enumerate(hhs, start=1):
        _keep(out, path, number, functools.partial(_phh_hand, hh, path, number))


# ------------------------------------------------------------------ entry point


def read_hands(paths: str | Path | Sequence[str | Path], *, game: Any = None) -> Hands:
    """Read hands from PHH, ACPC dealer logs, bpp match logs or site logs, each replayed through bpp's engine.

    Parameters
    ----------
    paths
        A file path or a list of them.  The format is recognised by content
        (a bpp log header, ``STATE:`` lines) and suffix (``.phh``, ``.phhs``).
    game
        The rule set of ACPC logs (default: the ACPC competition's stakes, see
        the module docstring); ignored for formats that state their game.

    Returns
    -------
    Hands
        ``hands`` in file order and ``problems``, one line per hand left out
        (file, hand, field or action).  A file that cannot be read at all is one
        problem line; nothing is raised for bad content.

    Examples
    --------
    >>> read_hands("/nonexistent.phh").problems
    ['/nonexistent.phh: cannot read it (No such file or directory)']
    """
    if isinstance(paths, (str, Path)):
        paths = [paths]
    out = Hands()
    for path in paths:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            why = getattr(exc, "strerror", None) or str(exc)
            out.problems.append(f"{path}: cannot read it ({why})")
            continue
        head = text.lstrip()[:400]
        if head.startswith("{") and '"bpp-match-log"' in text.split("\n", 1)[0]:
            try:
                hands_from_log(path, str(path), out=out)
            except ValueError as exc:
                out.problems.append(str(exc))
        elif path.suffix in (".phh", ".phhs"):
            _read_phh(path, text, out)
        elif re.search(r"^STATE:", text, re.M):
            _read_acpc(path, text, out, game)
        else:
            method = next((m for key, m in _SITES if key in head), None)
            if method is None:
                out.problems.append(f"{path}: not a hand history bpp reads (PHH, ACPC STATE lines, bpp log, site log)")
            else:
                _read_site(path, text, out, method)
    return out


def read_hand(path: str | Path, number: int | None = None, *, game: str, n_players: int | None = None,
              warn: Any = None) -> Hand:
    """Hand ``number`` (None: the first) of ``game`` in the file ``path``: what ``bpp inspect``/``explore --hands`` read.

    The file's problems are written to ``warn`` (a text stream; default
    ``sys.stderr``) as one ``warning: ...`` line each; a ValueError names what
    is missing when there is no such hand (:meth:`Hands.find`).

    >>> read_hand("/nonexistent.phh", game="limit-holdem", warn=sys.stdout)
    Traceback (most recent call last):
    ...
    ValueError: no limit-holdem hand could be read (0 hands of other games)
    """
    read = read_hands(path)
    for line in read.problems:
        print(f"warning: {line}", file=warn if warn is not None else sys.stderr)
    return read.find(number, game=game, n_players=n_players)

"""Player statistics from hand histories: the tracker numbers players know (VPIP, PFR, AF, WTSD, W$SD) and winnings.

Definitions (the standard ones of hand-tracking software — PokerTracker 4's
statistics reference and Hold'em Manager's glossary, which agree on these):

VPIP (voluntarily put money in pot)
    Hands in which the player called or raised in the first betting round
    (pre-flop), over the hands dealt to the player.  Posting a blind is not
    voluntary; the big blind checking its option is not VPIP.
PFR (pre-flop raise)
    Hands in which the player bet or raised in the first betting round, over the hands dealt.
AF (aggression factor)
    (bets + raises) / calls after the first betting round (post-flop), all
    hands together; a check is not a call.  ``inf`` when the player bet but
    never called, ``nan`` when it did neither.
WTSD (went to showdown)
    Showdowns the player reached, over the hands in which it saw the second
    betting round's cards (the flop) without having folded.
W$SD (won money at showdown)
    Showdowns the player won chips at (payoff > 0), over its showdowns.

A hand *reaches showdown* when two or more players are still in at its end.
In five-card stud and draw, "pre-flop" is the first betting round and "the flop"
the second round's cards (stud: the second up card; draw: the draw), as the
same trackers count stud streets.

Winnings are chips per hand in the game's unit (small bets, big blinds or
betting units: ``game.unit_chips``), mean ± t-based 95% CI over the player's
hands (:func:`holdem.match.summarize`).  Rows are per player *and game*: one
name playing two games gets two rows.
"""

from __future__ import annotations

import itertools
import json
import math
from operator import attrgetter
from dataclasses import dataclass
from typing import Any, Iterable

import numpy as np

from holdem.games.base import ActionKind
from holdem.match.stats import summarize

__all__ = ["PlayerStats", "StatsResult", "player_stats"]

_RAISE = ActionKind.BET_RAISE
_CALL = ActionKind.CHECK_CALL
_FOLD = ActionKind.FOLD


@dataclass(frozen=True)
class PlayerStats:
    """One player's numbers in one game (rates are fractions; see the module docstring)."""

    name: str
    game: str
    unit: str
    hands: int
    vpip: float
    pfr: float
    af: float
    wtsd: float
    wsd: float
    winnings: float
    ci95: tuple[float, float]
    total: float
    showdowns: int
    saw_flop: int

    def to_dict(self) -> dict[str, Any]:
        """Strict-JSON values (``None`` for an undefined rate or ratio)."""

        def clean(x: float) -> float | None:
            return None if isinstance(x, float) and not math.isfinite(x) else x

        return {"name": self.name, "game": self.game, "unit": self.unit, "hands": self.hands,
                "vpip": clean(self.vpip), "pfr": clean(self.pfr), "af": clean(self.af), "wtsd": clean(self.wtsd),
                "wsd": clean(self.wsd), "winnings": self.winnings, "ci95": [clean(c) for c in self.ci95],
                "total": self.total, "showdowns": self.showdowns, "saw_flop": self.saw_flop}


@dataclass(frozen=True)
class StatsResult:
    """Every player's :class:`PlayerStats`, most hands first."""

    players: tuple[PlayerStats, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"players": [p.to_dict() for p in self.players]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), allow_nan=False)

    def table(self) -> str:
        """A fixed-width table (rates in percent, winnings per hand ± 95% CI in the game's unit)."""

        def pct(x: float) -> str:
            return "   -" if not math.isfinite(x) else f"{100 * x:4.0f}"

        head = f"{'player':<16} {'game':<15} {'hands':>7} {'VPIP':>5} {'PFR':>5} {'AF':>5} {'WTSD':>5} {'W$SD':>5}  winnings/hand"
        rows = [head]
        for p in self.players:
            af = "  inf" if p.af == math.inf else ("    -" if not math.isfinite(p.af) else f"{p.af:5.2f}")
            half = (p.ci95[1] - p.ci95[0]) / 2 if all(map(math.isfinite, p.ci95)) else math.nan
            rows.append(f"{p.name[:16]:<16} {p.game:<15} {p.hands:>7} {pct(p.vpip):>5} {pct(p.pfr):>5} {af:>5} "
                        f"{pct(p.wtsd):>5} {pct(p.wsd):>5}  {p.winnings:+.3f} ± {half:.3f} {p.unit}")
        return "\n".join(rows)


def _opening(hands: list[Any]) -> np.ndarray:
    """Chips each seat has in the pot before the first action (blinds, antes), seats of all hands end to end.

    They depend on the game and the button only, so one engine state is built per (game, button).
    """
    cache: dict[tuple[int, int], tuple[Any, list[int]]] = {}
    out: list[int] = []
    for h in hands:
        key = (id(h.game), h.button)
        hit = cache.get(key)
        if hit is None or hit[0] is not h.game:
            hit = cache[key] = (h.game, [int(c) for c in h.new_state().committed])
        out.extend(hit[1] if h.actions else [0] * len(h.names))
    return np.asarray(out, dtype=np.int64)


def _segment_max(values: np.ndarray, segment: np.ndarray) -> np.ndarray:
    """Running maximum of ``values`` restarted at each new ``segment`` (sorted ascending; values in [0, 2**31))."""
    shift = segment.astype(np.int64) << 32
    out: np.ndarray = np.maximum.accumulate(values.astype(np.int64) + shift) - shift
    return out


def _per_hand(ufunc: np.ufunc, values: np.ndarray, bounds: np.ndarray, empty: int) -> np.ndarray:
    """``ufunc`` reduced over each hand's slice ``values[bounds[h]:bounds[h + 1]]``; ``empty`` for an empty slice."""
    out = np.full(bounds.size - 1, empty, dtype=np.int64)
    filled = bounds[1:] > bounds[:-1]
    if filled.any():
        out[filled] = ufunc.reduceat(values, bounds[:-1][filled])
    return out


def _counts(hands: list[Any]) -> dict[str, np.ndarray]:
    """Per seat of every hand (seats end to end): the tracker counts, from all hands' events at once.

    ``vpip``, ``pfr``, ``saw`` (saw the flop), ``sd`` (showdown), ``won`` (won at
    showdown) as booleans; ``aggr`` (post-flop bets and raises) and ``calls``
    (post-flop calls of a bet) as counts.  A call *faces a bet* when the seat had
    less in the pot than the most anyone had: chips in the pot start at the
    blinds and antes, a raise sets the raiser's and the highest total to its
    raise-to amount, a call brings the caller up to the highest total.
    """
    n_seats = np.fromiter((len(h.names) for h in hands), dtype=np.int64, count=len(hands))
    base = np.concatenate([[0], np.cumsum(n_seats)])
    total = int(base[-1])
    n_events = np.fromiter((len(h.events) for h in hands), dtype=np.int64, count=len(hands))
    ev_hand = np.repeat(np.arange(len(hands)), n_events)
    events = list(itertools.chain.from_iterable(map(attrgetter("events"), hands)))
    # the events' fields as columns, read in C (map/attrgetter: no new Python objects, so no garbage collection)
    field = {k: attrgetter(k) for k in ("kind", "round", "action", "player", "amount")}
    rounds = np.fromiter(map(field["round"], events), dtype=np.int64, count=len(events))
    is_action = np.fromiter(map("action".__eq__, map(field["kind"], events)), dtype=bool, count=len(events))
    acted = list(itertools.compress(events, is_action))
    moves = list(map(field["action"], acted))
    a_kind = np.fromiter(map(field["kind"], moves), dtype=np.int64, count=len(moves))
    a_amount = np.fromiter(map(field["amount"], moves), dtype=np.int64, count=len(moves))
    a_player = np.fromiter(map(field["player"], acted), dtype=np.int64, count=len(acted))
    # the betting actions (draws are actions of another kind: they move no chips)
    betting = a_kind != int(ActionKind.DISCARD)
    idx = np.flatnonzero(is_action)[betting]
    kind, amount = a_kind[betting], a_amount[betting]
    hand = ev_hand[idx]
    seat = base[hand] + a_player[betting]
    rnd = rounds[idx]
    raise_, call, fold = kind == int(_RAISE), kind == int(_CALL), kind == int(_FOLD)

    opening = _opening(hands)
    high0 = _per_hand(np.maximum, opening, base, 0)
    cap = np.fromiter((h.game.starting_stack for h in hands), dtype=np.int64, count=len(hands))
    # the highest total in the pot after each betting action, and before it
    high_after = _segment_max(np.where(raise_, amount, high0[hand]), hand)
    first = np.ones(idx.size, dtype=bool)
    first[1:] = hand[1:] != hand[:-1]
    high_before = np.where(first, high0[hand], np.roll(high_after, 1))
    # chips in before a call: the opening chips, or the total after the seat's last call or raise
    moved = np.flatnonzero(raise_ | call)
    order = moved[np.lexsort((moved, seat[moved]))]
    after = np.minimum(high_after[order], cap[hand[order]])
    same = np.zeros(order.size, dtype=bool)
    same[1:] = seat[order[1:]] == seat[order[:-1]]
    before = np.zeros(idx.size, dtype=np.int64)
    before[order] = np.where(same, np.roll(after, 1), opening[seat[order]])
    facing = call & (before < high_before)

    def per_seat(mask: np.ndarray) -> np.ndarray:
        return np.bincount(seat[mask], minlength=total)

    pre = rnd == 0
    folded = per_seat(fold) > 0
    later = _per_hand(np.maximum, rounds, np.concatenate([[0], np.cumsum(n_events)]), -1)
    seat_hand = np.repeat(np.arange(len(hands)), n_seats)
    left = _per_hand(np.add, (~folded).astype(np.int64), base, 0)
    sd = (left[seat_hand] >= 2) & ~folded
    payoffs = np.fromiter(itertools.chain.from_iterable(map(attrgetter("payoffs"), hands)), dtype=np.float64, count=total)
    return {
        "vpip": per_seat(pre & (raise_ | facing)) > 0,
        "pfr": per_seat(pre & raise_) > 0,
        "saw": (later[seat_hand] >= 1) & ~(per_seat(fold & pre) > 0),
        "sd": sd,
        "won": sd & (payoffs > 0),
        "aggr": per_seat(~pre & raise_),
        "calls": per_seat(~pre & facing),
        "payoffs": payoffs,
        "seat_hand": seat_hand,
    }


def player_stats(hands: Iterable[Any]) -> StatsResult:
    """VPIP, PFR, AF, WTSD, W$SD, hands and winnings (mean ± 95% CI) per player and game.

    Parameters
    ----------
    hands
        :class:`~holdem.histories.Hand` objects, e.g. ``read_hands(path)``.

    Examples
    --------
    >>> from holdem.games import LimitHoldem
    >>> from holdem.match import play_match
    >>> import tempfile, pathlib
    >>> log = pathlib.Path(tempfile.mkdtemp()) / "m.jsonl"
    >>> _ = play_match(LimitHoldem(), ["call", "raise"], 50, rng=1, log=log)
    >>> from holdem.histories import read_hands
    >>> s = player_stats(read_hands(log))
    >>> [(p.name, p.vpip, p.pfr) for p in s.players]
    [('call', 1.0, 0.0), ('raise', 1.0, 1.0)]

    Notes
    -----
    The counts are taken over all hands' events at once (numpy columns of
    every action, see ``_counts``), not hand by hand.
    """
    hands = list(hands)
    c = _counts(hands)
    keys: dict[tuple[str, str], int] = {}  # (player, game) -> row
    tables: dict[tuple[tuple[str, ...], str], list[int]] = {}  # (names by seat, game) -> rows by seat

    def rows(names: tuple[str, ...], game: str) -> list[int]:
        got = tables.get((names, game))
        if got is None:
            got = tables[(names, game)] = [keys.setdefault((name, game), len(keys)) for name in names]
        return got

    player = np.fromiter(itertools.chain.from_iterable(rows(h.names, h.game.name) for h in hands),
                         dtype=np.int64, count=c["payoffs"].size)
    units = {h.game.name: h.game.unit for h in hands}
    unit_chips = np.fromiter((h.game.unit_chips for h in hands), dtype=np.float64, count=len(hands))
    chips = c["payoffs"] / unit_chips[c["seat_hand"]]

    def count(x: np.ndarray) -> np.ndarray:
        return np.bincount(player, weights=x, minlength=len(keys)).astype(np.int64)

    n, vpip, pfr, saw, sd, won, aggr, calls = (count(np.ones(player.size)), *(count(c[k]) for k in
                                                ("vpip", "pfr", "saw", "sd", "won", "aggr", "calls")))
    order = np.argsort(player, kind="stable")
    samples = np.split(chips[order], np.cumsum(n)[:-1])
    out = []
    for (name, game), k in keys.items():
        x = samples[k]
        ci = summarize(x).ci95 if x.size >= 2 else (math.nan, math.nan)
        af = aggr[k] / calls[k] if calls[k] else (math.inf if aggr[k] else math.nan)
        out.append(PlayerStats(
            name=name, game=game, unit=units[game], hands=int(n[k]), vpip=float(vpip[k] / n[k]), pfr=float(pfr[k] / n[k]),
            af=float(af), wtsd=float(sd[k] / saw[k]) if saw[k] else math.nan, wsd=float(won[k] / sd[k]) if sd[k] else math.nan,
            winnings=float(x.mean()), ci95=(float(ci[0]), float(ci[1])), total=float(x.sum()), showdowns=int(sd[k]),
            saw_flop=int(saw[k])))
    out.sort(key=lambda p: (-p.hands, p.name, p.game))
    return StatsResult(tuple(out))

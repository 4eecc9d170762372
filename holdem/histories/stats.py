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

import json
import math
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


def _counts(hand: Any) -> tuple[list[bool], list[bool], list[bool], list[bool], list[bool], list[int], list[int]]:
    """Per seat: (vpip, pfr, saw_flop, showdown, won_at_showdown, postflop bets+raises, postflop calls)."""
    n = hand.n_players
    committed = list(hand.new_state().committed) if hand.actions else [0] * n
    cap = hand.game.starting_stack
    high = max(committed)
    vpip = [False] * n
    pfr = [False] * n
    folded = [False] * n
    saw = [False] * n
    aggr = [0] * n
    calls = [0] * n
    rnd = 0
    for e in hand.events:
        if e.round > rnd and e.round >= 1 and rnd == 0:
            saw = [not f for f in folded]
        rnd = max(rnd, e.round)
        if e.kind != "action":
            continue
        s, a = e.player, e.action
        if a.kind == _FOLD:
            folded[s] = True
        elif a.kind == _CALL:
            facing = committed[s] < high
            committed[s] = min(high, cap)
            if e.round == 0 and facing:
                vpip[s] = True
            elif e.round >= 1 and facing:
                calls[s] += 1
        elif a.kind == _RAISE:
            committed[s] = high = a.amount
            if e.round == 0:
                vpip[s] = pfr[s] = True
            else:
                aggr[s] += 1
    left = n - sum(folded)
    showdown = [left >= 2 and not f for f in folded]
    won = [sd and p > 0 for sd, p in zip(showdown, hand.payoffs)]
    return vpip, pfr, saw, showdown, won, aggr, calls


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
    """
    acc: dict[tuple[str, str], dict[str, Any]] = {}
    for hand in hands:
        vpip, pfr, saw, sd, won, aggr, calls = _counts(hand)
        unit = hand.game.unit_chips
        for s, name in enumerate(hand.names):
            key = (name, hand.game.name)
            a = acc.get(key)
            if a is None:
                a = acc[key] = {"unit": hand.game.unit, "n": 0, "vpip": 0, "pfr": 0, "saw": 0, "sd": 0, "won": 0,
                                "aggr": 0, "calls": 0, "chips": []}
            a["n"] += 1
            a["vpip"] += vpip[s]
            a["pfr"] += pfr[s]
            a["saw"] += saw[s]
            a["sd"] += sd[s]
            a["won"] += won[s]
            a["aggr"] += aggr[s]
            a["calls"] += calls[s]
            a["chips"].append(hand.payoffs[s] / unit)
    out = []
    for (name, game), a in acc.items():
        x = np.asarray(a["chips"], dtype=np.float64)
        if x.size >= 2:
            summary = summarize(x)
            ci = summary.ci95
        else:
            ci = (math.nan, math.nan)
        af = a["aggr"] / a["calls"] if a["calls"] else (math.inf if a["aggr"] else math.nan)
        out.append(PlayerStats(
            name=name, game=game, unit=a["unit"], hands=a["n"], vpip=a["vpip"] / a["n"], pfr=a["pfr"] / a["n"], af=af,
            wtsd=a["sd"] / a["saw"] if a["saw"] else math.nan, wsd=a["won"] / a["sd"] if a["sd"] else math.nan,
            winnings=float(x.mean()), ci95=(float(ci[0]), float(ci[1])), total=float(x.sum()), showdowns=a["sd"],
            saw_flop=a["saw"]))
    out.sort(key=lambda p: (-p.hands, p.name, p.game))
    return StatsResult(tuple(out))

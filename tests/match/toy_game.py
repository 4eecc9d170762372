"""A tiny rule set that follows the game protocol, so the runner is tested apart from the real games.

High-card poker: every seat antes one chip and gets one card, seat ``s`` card
``deal[s]``; one betting round starting left of the button, bets of two chips,
at most ``cap`` raises; the highest rank (``card >> 2``) among the seats left
wins the pot, ties split (odd chips to the first winner left of the button).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from holdem.games.base import CHECK_CALL, FOLD, Action, ActionKind, Event, IllegalActionError, Observation

RAISE = Action(ActionKind.BET_RAISE)


@dataclass(frozen=True)
class HighCard:
    n_players: int = 2
    cap: int = 1
    name: str = "highcard"
    unit: str = "units"
    unit_chips: int = 2

    def new_hand(self, deal, *, button=0):
        return HighCardState(self, [int(c) for c in deal[: self.n_players]], int(button))


class HighCardState:
    def __init__(self, game, cards, button):
        n = game.n_players
        self.game = game
        self.cards = cards
        self.button = button
        self.bets = [1] * n
        self.folded = [False] * n
        self.raises = 0
        self.history: list[Event] = []
        self.current_player = (button + 1) % n
        self.to_act = n  # seats still to act before the round closes
        self.is_terminal = False
        self._payoffs = None

    def legal_actions(self):
        owed = max(self.bets) > self.bets[self.current_player]
        out = [FOLD] if owed else []
        out.append(CHECK_CALL)
        if self.raises < self.game.cap:
            out.append(RAISE)
        return out

    def apply(self, action):
        if self.is_terminal or action not in self.legal_actions():
            raise IllegalActionError(f"illegal action {action} for seat {self.current_player}")
        self._apply(action)
        return action

    def _apply(self, action):
        p = self.current_player
        n = self.game.n_players
        self.history.append(Event("action", p, action))
        if action.kind is ActionKind.FOLD:
            self.folded[p] = True
        elif action.kind is ActionKind.CHECK_CALL:
            self.bets[p] = max(self.bets)
        else:
            self.bets[p] = max(self.bets) + 2
            self.raises += 1
            self.to_act = n - sum(self.folded)
        self.to_act -= 1
        live = [s for s in range(n) if not self.folded[s]]
        if len(live) == 1 or self.to_act == 0:
            self._finish(live)
            return
        q = (p + 1) % n
        while self.folded[q]:
            q = (q + 1) % n
        self.current_player = q

    def _finish(self, live):
        n = self.game.n_players
        pot = sum(self.bets)
        if len(live) > 1:
            for s in live:
                self.history.append(Event("showdown", s, cards=(self.cards[s],)))
            best = max(self.cards[s] >> 2 for s in live)
            winners = [s for s in live if self.cards[s] >> 2 == best]
        else:
            winners = live
        order = sorted(winners, key=lambda s: (s - self.button - 1) % n)
        share, odd = divmod(pot, len(winners))
        won = [0] * n
        for k, s in enumerate(order):
            won[s] = share + (1 if k < odd else 0)
        self._payoffs = np.array([won[s] - self.bets[s] for s in range(n)], dtype=np.int64)
        self.is_terminal = True
        self.current_player = -1

    @property
    def payoffs(self):
        return self._payoffs

    def observation(self, player):
        n = self.game.n_players
        return Observation(
            game=self.game.name, player=player, n_players=n, round=0, hole=(self.cards[player],), public=(),
            up_cards=(), history=tuple(self.history), pot=sum(self.bets), stacks=(0,) * n, bets=tuple(self.bets),
            to_call=max(self.bets) - self.bets[player], button=self.button, folded=tuple(self.folded),
            legal=tuple(self.legal_actions()) if player == self.current_player else (),
        )

    def clone(self):  # pragma: no cover - not used by the runner
        raise NotImplementedError


class Caller:
    name = "caller"

    def __init__(self, *, rng=None):
        pass

    def act(self, obs):
        return CHECK_CALL


class Raiser:
    name = "raiser"

    def __init__(self, *, rng=None):
        pass

    def act(self, obs):
        return RAISE if RAISE in obs.legal else CHECK_CALL


class Randomer:
    name = "randomer"

    def __init__(self, *, rng=None):
        self.rng = np.random.default_rng(rng)

    def act(self, obs):
        return obs.legal[self.rng.integers(len(obs.legal))]


class Recorder(Caller):
    """Calls, and remembers its seats and every event it is told."""

    name = "recorder"

    def __init__(self, *, rng=None):
        self.seats = []
        self.events = []
        self.hands = []

    def new_hand(self, seat):
        self.seats.append(seat)
        self.events = []

    def observe(self, event):
        self.events.append(event)

    def act(self, obs):
        assert list(obs.history) == self.events  # told every event before acting
        return CHECK_CALL

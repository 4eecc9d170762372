"""Helpers shared by the tests of holdem.games: deals from text, random play, state snapshots."""

from __future__ import annotations

import numpy as np

from holdem.cards import parse_cards
from holdem.games import Action, ActionKind, Draw5, LimitHoldem, NoLimitHoldem, Stud5

#: One small instance of every rule set, by a short id.
GAMES = {
    "limit2": LimitHoldem(),
    "limit6": LimitHoldem(n_players=6),
    "limit10": LimitHoldem(n_players=10),
    "nolimit": NoLimitHoldem(),
    "nolimit-short": NoLimitHoldem(stack=1_000),
    "stud2": Stud5(),
    "stud5": Stud5(n_players=5, max_raises=2),
    "stud3-stakes": Stud5(n_players=3, stacks=(4, 9, 30)),
    "draw5": Draw5(),
    "draw3-fixed": Draw5(n_players=3, min_raise=5, max_raise=5, stack=40, max_draw=3),
}


def deal_from(text: str) -> np.ndarray:
    """A full deck permutation starting with the cards of ``text`` (the rest in code order)."""
    first = parse_cards(text).astype(int).tolist() if text.strip() else []
    rest = [c for c in range(52) if c not in first]
    return np.array(first + rest, dtype=np.int8)


def random_deal(rng) -> np.ndarray:
    return rng.permutation(52).astype(np.int8)


def random_action(state, rng) -> Action:
    """A uniformly chosen legal action; sized raises get a uniform total in the raise bounds."""
    legal = state.legal_actions()
    action = legal[int(rng.integers(len(legal)))]
    bounds = state.raise_bounds()
    if action.kind == ActionKind.BET_RAISE and bounds is not None and rng.random() < 0.5:
        action = Action(ActionKind.BET_RAISE, int(rng.integers(bounds[0], bounds[1] + 1)))
    return action


def play_random(state, rng, max_steps: int = 500):
    """Play random legal actions to the end; return the list of actions applied."""
    actions = []
    while not state.is_terminal:
        action = random_action(state, rng)
        actions.append(state.apply(action))
        assert len(actions) < max_steps
    return actions


def snapshot(state):
    """Every slot of the state, lists copied: equal snapshots = equal states."""

    def freeze(value):
        if isinstance(value, list):
            return tuple(freeze(v) for v in value)
        return value

    return tuple((name, freeze(getattr(state, name, None))) for name in type(state)._ALL_SLOTS)


def cards_in_play(state) -> list[int]:
    """Every card any seat has held or that was shown, with repetition (must be distinct)."""
    cards = []
    n = state.n
    if hasattr(state, "_hands"):  # draw: initial hands plus every replacement card
        cards.extend(state.deal[: state._next_card])
        return cards
    for p in range(n):
        cards.extend(state._hole(p))
    cards.extend(state._pub)
    for up in state._ups:
        cards.extend(up)
    return cards

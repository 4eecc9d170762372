"""Golden playthroughs: one recorded file per game under tests/golden/, replayed action by action.

Each file holds the game's parameters and a few hands: the deal, the button,
the actions applied, the public history as text and the payoffs.  The test
replays the actions through the checked ``apply`` and compares every event
and payoff, so any change of the rules shows up as a diff of a readable file.

Regenerate (after a deliberate rule change, and review the diff) with
``BPP_REGEN_GOLDEN=1 pytest tests/games/test_games_golden.py``.
"""

import json
import os
from pathlib import Path

import numpy as np
import pytest

from holdem.agents import UniformRandom
from holdem.cards import format_cards
from holdem.games import Action, ActionKind, Draw5, LimitHoldem, NoLimitHoldem, Stud5

GOLDEN = Path(__file__).resolve().parents[1] / "golden"

GAMES = {
    "limit_holdem_3max": LimitHoldem(n_players=3),
    "nolimit_holdem": NoLimitHoldem(),
    "stud5": Stud5(),
    "draw5": Draw5(min_raise=5, max_raise=25),
}


def action_to_json(action: Action) -> str:
    """``f``, ``c``, ``r<to>`` or ``d<code>,<code>`` (``d`` stands pat): the text of :class:`Action`."""
    return str(action)


def action_from_json(text: str) -> Action:
    if text in ("f", "c"):
        return Action(ActionKind("fc".index(text)))
    if text.startswith("r"):
        return Action(ActionKind.BET_RAISE, int(text[1:] or 0))
    if text.startswith("d"):
        return Action(ActionKind.DISCARD, discard=tuple(int(c) for c in text[1:].split(",") if c))
    raise ValueError(f"bad action text {text!r}")


def event_text(event) -> str:
    """One line per event: ``round kind player detail``."""
    if event.kind == "action":
        detail = str(event.action)
    elif event.kind == "draw":
        detail = f"replaces {event.action.amount}"
    else:
        detail = format_cards(list(event.cards)) if event.cards else "-"
    return f"{event.round} {event.kind} {event.player} {detail}"


def record(game, n_hands: int, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    agents = [UniformRandom(rng=rng) for _ in range(game.n_players)]
    hands = []
    for h in range(n_hands):
        deal = rng.permutation(52)
        button = h % game.n_players
        state = game.new_hand(deal, button=button)
        actions = []
        while not state.is_terminal:
            p = state.current_player
            actions.append(state.apply(agents[p].act(state.observation(p))))
        hands.append(
            {
                "deal": format_cards(deal.tolist()),
                "button": button,
                "actions": [action_to_json(a) for a in actions],
                "history": [event_text(e) for e in state.history],
                "payoffs": state.payoffs.tolist(),
            }
        )
    return {"game": repr(game), "hands": hands}


def path_of(name: str) -> Path:
    return GOLDEN / f"games_{name}.json"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_replays_exactly(name):
    game = GAMES[name]
    path = path_of(name)
    if os.environ.get("BPP_REGEN_GOLDEN"):
        golden = record(game, 6, seed=sorted(GAMES).index(name))
        lines = [f'{{"game": {json.dumps(golden["game"])}, "hands": [']
        for i, hand in enumerate(golden["hands"]):
            sep = "," if i + 1 < len(golden["hands"]) else ""
            lines.append(json.dumps(hand, indent=None) + sep)
        path.write_text("\n".join(lines) + "\n]}\n")
    golden = json.loads(path.read_text())
    assert golden["game"] == repr(game)
    from holdem.cards import parse_cards

    for hand in golden["hands"]:
        state = game.new_hand(parse_cards(hand["deal"]), button=hand["button"])
        for item in hand["actions"]:
            state.apply(action_from_json(item))
        assert state.is_terminal
        assert [event_text(e) for e in state.history] == hand["history"]
        assert state.payoffs.tolist() == hand["payoffs"]

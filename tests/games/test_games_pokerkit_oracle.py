"""Showdown payoffs agree with pokerkit (a test-only oracle) on random hold'em hands.

Each hand is played with random legal actions (random raise sizes in
no-limit), then replayed in pokerkit with the same hole cards, board and
actions.  pokerkit numbers players by position: index ``i`` is our seat
left of the button at position ``i`` (heads-up, index 0 is the big blind).
"""

import numpy as np
import pytest
from games_helpers import random_action

from holdem.cards import format_cards
from holdem.games import ActionKind, LimitHoldem, NoLimitHoldem

pokerkit = pytest.importorskip("pokerkit")

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


def pokerkit_state(game):
    n = game.n_players
    if isinstance(game, NoLimitHoldem):
        return pokerkit.NoLimitTexasHoldem.create_state(
            AUTOMATIONS, True, 0, (game.small_blind, game.big_blind), game.big_blind, (game.stack,) * n, n
        )
    return pokerkit.FixedLimitTexasHoldem.create_state(
        AUTOMATIONS,
        True,
        0,
        (game.small_blind, game.big_blind),
        game.small_bet,
        game.big_bet,
        (game.starting_stack,) * n,
        n,
    )


def replay_in_pokerkit(state):
    """pokerkit's payoffs, per our seat, for the cards and actions of a finished hand of ours."""
    game = state.game
    n, button = state.n, state.button
    seat_of = [(button + 1 + i) % n for i in range(n)]  # pokerkit index -> our seat
    hole = {s: list(state.observation(s).hole) for s in range(n)}
    board = list(state.deal[2 * n : 2 * n + 5])
    dealt = 0
    pk = pokerkit_state(game)
    ours = game.new_hand(state.deal, button=button)  # our engine, stepped alongside for round-start chips

    def deal_pending():
        nonlocal dealt
        while pk.can_deal_hole():
            pk.deal_hole(format_cards(hole[seat_of[pk.hole_dealee_index]].pop(0)))
        while pk.can_burn_card():
            pk.burn_card("??")
        while pk.can_deal_board():
            k = 3 if dealt == 0 else 1
            pk.deal_board(format_cards(board[dealt : dealt + k], sep=""))
            dealt += k

    for event in state.history:
        if event.kind != "action":
            continue
        deal_pending()
        assert seat_of[pk.actor_index] == event.player
        a = event.action
        if a.kind == ActionKind.FOLD:
            pk.fold()
        elif a.kind == ActionKind.CHECK_CALL:
            pk.check_or_call()
        elif isinstance(game, NoLimitHoldem):
            p = event.player
            pk.complete_bet_or_raise_to(a.amount - (ours.committed[p] - ours.bets[p]))  # pokerkit: to, this street
        else:
            pk.complete_bet_or_raise_to()
        ours.apply(a)
    while pk.status:
        deal_pending()
    return [pk.payoffs[(s - button - 1) % n] for s in range(n)]


CASES = [
    ("limit heads-up", LimitHoldem(), 120),
    ("limit 3 seats", LimitHoldem(n_players=3), 60),
    ("limit 6 seats", LimitHoldem(n_players=6), 60),
    ("no-limit heads-up", NoLimitHoldem(), 120),
    ("no-limit short stacks", NoLimitHoldem(stack=600), 60),
]


@pytest.mark.parametrize("label,game,n_hands", CASES, ids=[c[0] for c in CASES])
def test_showdown_payoffs_agree_with_pokerkit(label, game, n_hands):
    rng = np.random.default_rng(2024)
    showdowns = 0
    for _ in range(n_hands):
        state = game.new_hand(rng.permutation(52), button=int(rng.integers(game.n_players)))
        while not state.is_terminal:
            action = random_action(state, rng)
            if action.kind == ActionKind.FOLD and rng.random() < 0.7:
                action = state.legal_actions()[1]  # fold less often: more showdowns
            state.apply(action)
        showdowns += any(e.kind == "showdown" for e in state.history)
        assert replay_in_pokerkit(state) == state.payoffs.tolist()
    assert showdowns >= n_hands // 4

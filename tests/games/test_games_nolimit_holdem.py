"""Rules of heads-up no-limit hold'em in the ACPC convention (Lisy2017 §2)."""

import numpy as np
import pytest
from games_helpers import deal_from

from holdem.games import CHECK_CALL, FOLD, Action, ActionKind, IllegalActionError, NoLimitHoldem


def r(to):
    return Action(ActionKind.BET_RAISE, to)


def test_stacks_of_20000_and_blinds_of_50_100_reset_every_hand_acpc():
    game = NoLimitHoldem()
    assert (game.stack, game.small_blind, game.big_blind, game.unit, game.unit_chips) == (20_000, 50, 100, "bb", 100)
    for button in (0, 1):
        state = game.new_hand(np.arange(52), button=button)
        assert state.stacks[button] == 19_950 and state.stacks[1 - button] == 19_900


def test_button_posts_small_blind_and_starts_preflop_other_seat_starts_later_rounds_004_s2():
    state = NoLimitHoldem().new_hand(np.arange(52), button=0)
    assert state.current_player == 0
    state.apply(CHECK_CALL)
    state.apply(CHECK_CALL)
    assert state.round == 1 and state.current_player == 1


def test_raise_to_amount_counts_all_chips_in_the_hand_acpc_r300():
    state = NoLimitHoldem().new_hand(np.arange(52), button=0)
    state.apply(r(300))
    assert state.committed == (300, 100)
    state.apply(CHECK_CALL)
    # flop: a bet to 600 means 300 more chips this round
    state.apply(r(600))
    assert state.committed == (300, 600) and state.bets == (0, 300)
    assert str(state.history[-1].action) == "r600"


def test_minimum_raise_is_the_big_blind_preflop_acpc():
    state = NoLimitHoldem().new_hand(np.arange(52), button=0)
    assert state.raise_bounds() == (200, 20_000)
    with pytest.raises(IllegalActionError, match=r"must be in \[200, 20000\]"):
        state.apply(r(199))


def test_minimum_raise_is_the_previous_raise_size_acpc():
    state = NoLimitHoldem().new_hand(np.arange(52), button=0)
    state.apply(r(350))  # a raise of 250
    assert state.raise_bounds() == (600, 20_000)
    state.apply(r(1000))  # a raise of 650
    assert state.raise_bounds() == (1650, 20_000)


def test_minimum_opening_bet_after_the_flop_is_the_big_blind_acpc():
    state = NoLimitHoldem().new_hand(np.arange(52), button=0)
    state.apply(r(300))
    state.apply(CHECK_CALL)
    assert state.raise_bounds() == (400, 20_000)
    state.apply(r(400))
    assert state.raise_bounds() == (500, 20_000)


def test_all_in_is_allowed_below_a_minimum_raise_acpc():
    game = NoLimitHoldem(stack=1_000)
    state = game.new_hand(np.arange(52), button=0)
    state.apply(r(700))  # raise of 600: a full re-raise needs 1300 > stack
    assert state.raise_bounds() == (1_000, 1_000)
    state.apply(r(1_000))
    assert state.legal_actions() == [FOLD, CHECK_CALL]


def test_after_all_in_and_call_the_board_runs_out_without_betting_acpc():
    deal = deal_from("As Kd Ah Kc 2c 7d 9h Jc 3s")
    state = NoLimitHoldem().new_hand(deal, button=1)  # seat 0 gets As Ah
    state.apply(r(20_000))
    state.apply(CHECK_CALL)
    assert state.is_terminal
    assert [e.kind for e in state.history] == ["action", "action", "deal", "deal", "deal", "showdown", "showdown"]
    assert state.payoffs.tolist() == [20_000, -20_000]


def test_fold_facing_a_bet_loses_what_was_put_in_004_s2():
    state = NoLimitHoldem().new_hand(np.arange(52), button=0)
    state.apply(r(250))
    state.apply(FOLD)
    assert state.payoffs.tolist() == [100, -100]


def test_no_raise_when_the_opponent_is_all_in():
    state = NoLimitHoldem().new_hand(np.arange(52), button=0)
    state.apply(r(20_000))
    assert state.raise_bounds() is None
    with pytest.raises(IllegalActionError, match="all-in or folded"):
        state.apply(r(20_000))


def test_legal_actions_are_fold_call_min_raise_and_all_in():
    state = NoLimitHoldem().new_hand(np.arange(52), button=0)
    assert [str(a) for a in state.legal_actions()] == ["f", "c", "r200", "r20000"]
    assert state.can_apply(r(7_777)) and not state.can_apply(r(20_001))


def test_only_heads_up_and_stack_above_the_big_blind():
    with pytest.raises(TypeError):
        NoLimitHoldem(n_players=3)
    with pytest.raises(ValueError, match="'stack' parameter of NoLimitHoldem"):
        NoLimitHoldem(stack=100)

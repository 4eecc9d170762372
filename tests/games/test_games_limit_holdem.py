"""Rules of fixed-limit hold'em, each test named after the rule and its source (Billings1998 §2)."""

import numpy as np
import pytest
from games_helpers import deal_from

from holdem.evaluate import evaluate
from holdem.games import CHECK_CALL, FOLD, Action, ActionKind, IllegalActionError, LimitHoldem

RAISE = Action(ActionKind.BET_RAISE)


def actions_text(state):
    return [str(e.action) for e in state.history if e.kind == "action"]


def test_heads_up_button_posts_small_blind_and_acts_first_preflop_issue3():
    state = LimitHoldem().new_hand(np.arange(52), button=1)
    assert state.committed == (2, 1)  # seat 0 big blind, button seat 1 small blind
    assert state.current_player == 1


def test_heads_up_button_acts_last_after_the_flop_issue3():
    state = LimitHoldem().new_hand(np.arange(52), button=1)
    state.apply(CHECK_CALL)  # button completes
    state.apply(CHECK_CALL)  # big blind checks
    assert state.round == 1 and state.current_player == 0


def test_multiway_blinds_left_of_button_and_first_action_left_of_big_blind_001_s2():
    state = LimitHoldem(n_players=4).new_hand(np.arange(52), button=2)
    assert state.committed == (2, 0, 0, 1)  # small blind seat 3, big blind seat 0
    assert state.current_player == 1
    for _ in range(4):
        state.apply(CHECK_CALL)
    assert state.round == 1 and state.current_player == 3  # first seat left of the button


def test_big_blind_has_the_option_to_raise_when_called_001_s2():
    state = LimitHoldem().new_hand(np.arange(52), button=0)
    state.apply(CHECK_CALL)
    assert state.current_player == 1 and state.round == 0
    assert [a.kind for a in state.legal_actions()] == [ActionKind.CHECK_CALL, ActionKind.BET_RAISE]


def test_small_bet_preflop_and_flop_big_bet_turn_and_river_001_s2():
    game = LimitHoldem(small_bet=10, big_bet=20, small_blind=5, big_blind=10)
    state = game.new_hand(np.arange(52), button=0)
    sizes = []
    for _ in range(4):
        high = max(state.committed)
        state.apply(RAISE)
        sizes.append(max(state.committed) - high)
        while state.round == len(sizes) - 1 and not state.is_terminal:
            state.apply(CHECK_CALL)
    assert sizes == [10, 10, 20, 20]


def test_raise_cap_is_a_bet_and_three_raises_001_s2():
    state = LimitHoldem().new_hand(np.arange(52), button=0, ranks=[1, 2])
    # pre-flop the big blind is the bet: three raises, to 8 chips
    for _ in range(3):
        state.apply(RAISE)
    assert state.committed == (8, 6)
    assert ActionKind.BET_RAISE not in [a.kind for a in state.legal_actions()]
    with pytest.raises(IllegalActionError, match="capped: 4 bets"):
        state.apply(RAISE)
    state.apply(CHECK_CALL)
    # flop: bet and three raises
    for _ in range(4):
        state.apply(RAISE)
    assert state.raise_bounds() is None
    assert state.committed == (16, 14)


def test_max_raises_is_configurable_001_s2():
    state = LimitHoldem(max_raises=1).new_hand(np.arange(52))
    state.apply(RAISE)
    assert state.raise_bounds() is None


def test_raise_amount_is_the_raise_to_total_in_the_hand_acpc():
    state = LimitHoldem().new_hand(np.arange(52), button=0)
    assert state.apply(Action(ActionKind.BET_RAISE, 4)) == Action(ActionKind.BET_RAISE, 4)
    with pytest.raises(IllegalActionError, match="goes to 6"):
        state.apply(Action(ActionKind.BET_RAISE, 8))
    assert str(state.history[-1].action) == "r4"


def test_fold_only_when_facing_a_bet_acpc_pokerkit():
    state = LimitHoldem().new_hand(np.arange(52), button=0)
    state.apply(CHECK_CALL)
    with pytest.raises(IllegalActionError, match="nothing to call"):
        state.apply(FOLD)


def test_last_seat_standing_wins_the_pot_without_showdown_001_s2():
    state = LimitHoldem(n_players=3).new_hand(np.arange(52), button=0)
    state.apply(FOLD)  # seat 0 (button) folds; seat 1 small blind
    state.apply(FOLD)
    assert state.is_terminal
    assert state.payoffs.tolist() == [0, -1, 1]
    assert not [e for e in state.history if e.kind == "showdown"]


def test_best_five_of_seven_wins_and_ties_split_001_s2():
    # button 1: seat 0 gets As Ks, seat 1 Qd Qc; board 2c 7d 9h Jc Kd
    deal = deal_from("As Qd Ks Qc 2c 7d 9h Jc Kd")
    state = LimitHoldem().new_hand(deal, button=1)
    while not state.is_terminal:
        state.apply(CHECK_CALL)
    assert state.payoffs.tolist() == [2, -2]
    board_plays = deal_from("As Qd 2s 3c Ah Kh Qh Jh Th")  # royal flush on board: split
    state = LimitHoldem().new_hand(board_plays, button=1)
    while not state.is_terminal:
        state.apply(CHECK_CALL)
    assert state.payoffs.tolist() == [0, 0]


def test_odd_chips_go_to_the_first_winner_left_of_the_button_pokerkit():
    # three seats, button 0, small blind seat 1, big blind seat 2; a royal flush on board: everyone ties
    deal = deal_from("2c 3c 4c 2d 3d 4d Ah Kh Qh Jh Th")
    state = LimitHoldem(n_players=3).new_hand(deal, button=0)
    state.apply(CHECK_CALL)  # button calls 2
    state.apply(FOLD)  # small blind gives up its 1
    state.apply(CHECK_CALL)  # big blind checks
    while not state.is_terminal:
        state.apply(CHECK_CALL)
    # pot 5 split between seats 2 and 0: the odd chip to seat 2, the first winner left of the button
    assert state.winnings == (2, 0, 3)
    assert state.payoffs.tolist() == [0, -1, 1]


def test_precomputed_ranks_give_the_same_payoffs_as_self_evaluation():
    game = LimitHoldem(n_players=4)
    rng = np.random.default_rng(5)
    deals = np.stack([rng.permutation(52) for _ in range(30)]).astype(np.int8)
    buttons = np.arange(30) % 4
    ranks = game.showdown_ranks(deals, buttons)
    for j in range(30):
        a = game.new_hand(deals[j], button=int(buttons[j]), ranks=ranks[j])
        b = game.new_hand(deals[j], button=int(buttons[j]))
        while not a.is_terminal:
            a.apply(CHECK_CALL)
            b.apply(CHECK_CALL)
        assert a.payoffs.tolist() == b.payoffs.tolist()
        assert a.history == b.history


def test_showdown_cards_are_the_cards_the_state_deals():
    game = LimitHoldem(n_players=5)
    rng = np.random.default_rng(1)
    deals = np.stack([rng.permutation(52) for _ in range(5)]).astype(np.int8)
    buttons = np.array([0, 1, 2, 3, 4])
    cards = game.showdown_cards(deals, buttons)
    assert cards.shape == (5, 5, 7)
    for j in range(5):
        state = game.new_hand(deals[j], button=int(buttons[j]))
        while not state.is_terminal:
            state.apply(CHECK_CALL)
        for p in range(5):
            assert tuple(cards[j, p, :2]) == state.observation(p).hole
            assert tuple(cards[j, p, 2:]) == state.observation(p).public
    np.testing.assert_array_equal(game.showdown_ranks(deals, buttons), evaluate(cards))


def test_observation_shows_only_own_hole_cards_and_the_legal_actions_on_turn():
    state = LimitHoldem().new_hand(deal_from("As Kd Qh Jc"), button=1)
    mine, theirs = state.observation(1), state.observation(0)
    assert mine.hole == (state.deal[1], state.deal[3]) and theirs.hole == (state.deal[0], state.deal[2])
    assert mine.legal and not theirs.legal
    assert mine.to_call == 1 and theirs.to_call == 0
    assert mine.pot == 3 and mine.bets == (2, 1)
    assert mine.raise_bounds == (4, 4) and theirs.raise_bounds is None


def test_bad_parameters_and_deals_raise_value_errors_naming_the_value():
    with pytest.raises(ValueError, match="'n_players' parameter of LimitHoldem must be an integer in \\[2, 10\\]; got 1"):
        LimitHoldem(n_players=1)
    with pytest.raises(ValueError, match="'max_raises'"):
        LimitHoldem(max_raises=-1)
    game = LimitHoldem()
    with pytest.raises(ValueError, match="shape \\(52,\\)"):
        game.new_hand(np.arange(51))
    with pytest.raises(ValueError, match="card 0 \\(2c\\) appears 2 times"):
        game.new_hand([0] + list(range(51)))
    with pytest.raises(ValueError, match="bad card code 52"):
        game.new_hand(list(range(1, 53)))
    with pytest.raises(ValueError, match="'button' parameter .* got 2"):
        game.new_hand(np.arange(52), button=2)
    with pytest.raises(ValueError, match="'ranks' parameter"):
        game.new_hand(np.arange(52), ranks=[1, 2, 3])
    with pytest.raises(ValueError, match="'player' parameter of observation"):
        game.new_hand(np.arange(52)).observation(2)


def test_actions_after_the_end_and_non_actions_are_rejected():
    state = LimitHoldem().new_hand(np.arange(52), button=0)
    with pytest.raises(IllegalActionError, match="expected an Action"):
        state.apply("c")
    state.apply(FOLD)
    with pytest.raises(IllegalActionError, match="hand is over"):
        state.apply(CHECK_CALL)
    assert state.legal_actions() == [] and state.current_player == -1


def test_payoffs_of_a_hand_in_progress_raise():
    with pytest.raises(ValueError, match="in progress"):
        LimitHoldem().new_hand(np.arange(52)).payoffs


@pytest.mark.parametrize("game", [LimitHoldem(), LimitHoldem(n_players=3)])
def test_there_is_no_discard_in_hold_em_and_a_rejected_action_changes_nothing(game):
    state = game.new_hand(np.arange(52), button=0)
    before = (state.committed, state.current_player, len(state.history))
    with pytest.raises(IllegalActionError, match="has no DISCARD action"):
        state.apply(Action(ActionKind.DISCARD, discard=(0,)))
    assert (state.committed, state.current_player, len(state.history)) == before

"""Rules of five-card stud as played by BPP (Korb1999 §2.1)."""

import numpy as np
import pytest
from games_helpers import deal_from

from holdem.cards import parse_cards
from holdem.games import CHECK_CALL, FOLD, Action, ActionKind, IllegalActionError, Stud5
from holdem.games.stud import showing_key

RAISE = Action(ActionKind.BET_RAISE)


def test_ante_then_one_down_card_and_one_up_card_before_the_first_round_002_s2_1():
    state = Stud5(ante=1, bet=2).new_hand(deal_from("2c 3c Ah Kd"), button=1)
    assert state.committed == (1, 1) and state.pot == 2
    obs = state.observation(0)
    assert obs.hole == tuple(parse_cards("2c").tolist())
    assert obs.up_cards == (tuple(parse_cards("Ah").tolist()), tuple(parse_cards("Kd").tolist()))
    assert [e.kind for e in state.history] == ["deal", "deal"]


def test_four_betting_rounds_one_after_each_up_card_002_s2_1():
    state = Stud5().new_hand(np.arange(52))
    rounds = []
    while not state.is_terminal:
        rounds.append(state.round)
        state.apply(CHECK_CALL)
    assert rounds == [0, 0, 1, 1, 2, 2, 3, 3]
    assert all(len(up) == 4 for up in state.observation(0).up_cards)


def test_best_hand_showing_acts_first_002_s2_1():
    # seat 0 (left of button 1) shows 3c then 3d: a pair; seat 1 shows Ah then Kd
    deal = deal_from("2c 2d 3c Ah 3d Kd 4h 4s 5h 5s")
    state = Stud5().new_hand(deal, button=1)
    assert state.current_player == 1  # ace high beats a three
    state.apply(CHECK_CALL)
    state.apply(CHECK_CALL)
    assert state.current_player == 0  # a pair of threes beats ace-king


def test_equal_showings_the_seat_left_of_the_button_acts_first_002_s2_1():
    deal = deal_from("2c 2d Ah As")  # both show an ace
    assert Stud5().new_hand(deal, button=1).current_player == 0
    assert Stud5().new_hand(deal, button=0).current_player == 1


def test_showing_ranks_pairs_over_high_cards_and_ignores_four_flushes():
    key = lambda text: showing_key(parse_cards(text))  # noqa: E731
    assert key("2c 2d 3h 4s") > key("Ac Kc Qc Jc")
    assert key("3c 3d 2h 2s") > key("Ac Ad Kh Qs")
    assert key("2c 2d 2h 3s") > key("Ac Ad Kh Ks")
    assert key("Ac 2d") > key("Kc Qd")
    assert key("Ac Kd") == key("Ah Ks")


def test_up_to_three_raises_per_round_read_as_a_bet_and_three_raises_002_s2_1():
    state = Stud5().new_hand(np.arange(52))
    for _ in range(4):
        state.apply(RAISE)
    with pytest.raises(IllegalActionError, match="capped"):
        state.apply(RAISE)
    assert max(state.committed) == 1 + 4 * 2


def test_pass_is_a_check_and_fold_needs_a_bet_002_s2_1():
    state = Stud5().new_hand(np.arange(52))
    with pytest.raises(IllegalActionError, match="nothing to call"):
        state.apply(FOLD)
    state.apply(CHECK_CALL)
    state.apply(RAISE)
    state.apply(FOLD)
    assert state.is_terminal and sorted(state.payoffs.tolist()) == [-1, 1]


def test_folded_seats_get_no_more_cards_and_are_skipped():
    state = Stud5(n_players=3).new_hand(np.arange(52), button=2)
    first = state.current_player
    state.apply(RAISE)
    nxt = state.current_player
    state.apply(FOLD)
    state.apply(CHECK_CALL)
    assert state.round == 1
    assert len(state.observation(first).up_cards[nxt]) == 1
    assert [e.player for e in state.history if e.kind == "deal" and e.round == 1] == sorted(
        {0, 1, 2} - {nxt}, key=lambda p: (p - 3) % 3
    )


def test_showdown_cards_are_the_cards_the_state_deals_and_the_best_five_wins():
    game = Stud5(n_players=4)
    rng = np.random.default_rng(3)
    deals = np.stack([rng.permutation(52) for _ in range(8)]).astype(np.int8)
    buttons = np.arange(8) % 4
    cards = game.showdown_cards(deals, buttons)
    ranks = game.showdown_ranks(deals, buttons)
    for j in range(8):
        state = game.new_hand(deals[j], button=int(buttons[j]), ranks=ranks[j])
        while not state.is_terminal:
            state.apply(CHECK_CALL)
        for p in range(4):
            obs = state.observation(p)
            assert obs.hole + obs.up_cards[p] == tuple(cards[j, p])
        best = ranks[j].max()
        winners = [p for p in range(4) if ranks[j, p] == best]
        assert all(state.payoffs[p] > 0 for p in winners) or len(winners) == 4


def test_results_in_betting_units_of_one_bet_002_s2_2():
    game = Stud5(ante=1, bet=2)
    assert (game.unit, game.unit_chips) == ("units", 2)
    with pytest.raises(ValueError, match="'n_players' parameter of Stud5"):
        Stud5(n_players=9)

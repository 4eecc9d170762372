"""Rules of five-card draw as played by Kendall and Willdig (Kendall2001 §2-3)."""

import numpy as np
import pytest
from games_helpers import deal_from

from holdem.cards import parse_cards
from holdem.games import CHECK_CALL, FOLD, STAND_PAT, Action, ActionKind, Draw5, IllegalActionError


def r(to):
    return Action(ActionKind.BET_RAISE, to)


def discard(*cards):
    return Action(ActionKind.DISCARD, discard=tuple(cards))


def check_round(state):
    start = state.round
    while state.round == start and not state.is_terminal:
        state.apply(CHECK_CALL)


def test_five_players_ante_one_unit_stacks_of_10000_003_s3():
    game = Draw5()
    state = game.new_hand(np.arange(52))
    assert (game.n_players, game.unit_chips) == (5, 1)
    assert state.committed == (1,) * 5 and state.pot == 5 and state.stacks == (9_999,) * 5


def test_two_betting_rounds_around_a_draw_003_s2():
    state = Draw5().new_hand(np.arange(52))
    check_round(state)
    assert state.round == 1 and state.legal_actions()[0] == STAND_PAT
    for _ in range(5):
        state.apply(STAND_PAT)
    assert state.round == 2
    check_round(state)
    assert state.is_terminal
    assert [e.kind for e in state.history].count("showdown") == 5


def test_draw_replaces_up_to_two_cards_from_the_deck_in_order_003_s2():
    state = Draw5().new_hand(np.arange(52), button=4)  # seat 0 is left of the button: cards 0, 5, 10, 15, 20
    check_round(state)
    assert state.current_player == 0
    assert state.observation(0).hole == (0, 5, 10, 15, 20)
    state.apply(discard(5, 15))
    assert state.hands[0] == (0, 25, 10, 26, 20)
    state.apply(discard(1))  # seat 1 gets the next card
    assert state.hands[1][0] == 27
    with pytest.raises(IllegalActionError, match="at most 2 cards"):
        state.apply(discard(*state.hands[2][:3]))
    with pytest.raises(IllegalActionError, match="not in the hand"):
        state.apply(discard(0))


def test_the_public_record_of_a_draw_shows_only_the_count_003_s2():
    state = Draw5().new_hand(np.arange(52), button=4)
    check_round(state)
    state.apply(discard(5, 15))
    event = state.history[-1]
    assert event.kind == "draw" and event.player == 0 and event.action.amount == 2 and event.action.discard == ()
    assert state.observation(0).extra["discarded"] == (5, 15)
    assert state.observation(1).extra["drawn"][0] == 2


def test_max_draw_is_configurable():
    state = Draw5(max_draw=3).new_hand(np.arange(52))
    check_round(state)
    assert len(state.legal_actions()) == 1 + 5 + 10 + 10


def test_raise_size_is_chosen_within_the_bounds_003_s3():
    state = Draw5(min_raise=5, max_raise=25).new_hand(np.arange(52))
    assert state.raise_bounds() == (6, 26)  # over the ante of 1
    state.apply(r(11))  # "Raise 10"
    assert state.raise_bounds() == (16, 36)
    with pytest.raises(IllegalActionError, match=r"\[16, 36\]"):
        state.apply(r(40))


def test_a_round_passes_around_the_table_at_most_three_times_003_s3():
    state = Draw5(n_players=3).new_hand(np.arange(52))
    turns = 0
    while state.round == 0:
        bounds = state.raise_bounds()
        state.apply(r(bounds[0]) if bounds else CHECK_CALL)
        turns += 1
    # passes one and two raise every time; on the third pass only calls are left
    assert turns <= 3 * 3
    raises_by_seat = {}
    for e in state.history:
        if e.kind == "action" and e.action.kind == ActionKind.BET_RAISE:
            raises_by_seat[e.player] = raises_by_seat.get(e.player, 0) + 1
    assert max(raises_by_seat.values()) == 2


def test_all_in_and_side_pots_003_s3():
    game = Draw5(n_players=3, stack=20, max_draw=0)
    # button 2: seat 0 has quads, seat 1 trips, seat 2 a pair
    deal = deal_from("Ac Kc 2c Ad Kd 2d Ah Kh 3c As 4d 3d 7s 8s 9c")
    state = game.new_hand(deal, button=2)
    state.apply(r(20))  # seat 0 all-in
    state.apply(CHECK_CALL)  # seat 1 calls all-in
    state.apply(FOLD)  # seat 2 gives up its ante
    for _ in range(2):
        state.apply(STAND_PAT)
    assert state.is_terminal
    assert state.payoffs.tolist() == [21, -20, -1]


def test_folded_players_do_not_draw_and_a_lone_player_wins():
    state = Draw5(n_players=3).new_hand(np.arange(52))
    state.apply(r(5))
    state.apply(FOLD)
    state.apply(FOLD)
    assert state.is_terminal and state.payoffs.tolist() == [-1, 2, -1]  # seat 1, left of the button, raised


def test_draw_evaluates_its_own_showdowns():
    game = Draw5()
    assert game.showdown_cards(np.arange(52)[None], 0) is None
    with pytest.raises(ValueError, match="'ranks' parameter of Draw5.new_hand must be None"):
        game.new_hand(np.arange(52), ranks=np.arange(5))


def test_too_many_players_for_the_deck():
    with pytest.raises(ValueError, match=r"in \[2, 5\]"):
        Draw5(n_players=6, max_draw=5)
    assert parse_cards("2c").tolist() == [0]

"""Five-card stud at table stakes (Korb1999 §6.2): all-ins, side pots, no reopening by a short all-in."""

import numpy as np
import pytest
from games_helpers import deal_from
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.games import CHECK_CALL, FOLD, Action, ActionKind, Stud5
from holdem.match import play_match

RAISE = Action(ActionKind.BET_RAISE)
_ACTS = {"r": RAISE, "c": CHECK_CALL, "f": FOLD}
# seats 0, 1, 2 (button 2): aces, kings, jack high; seat 0 shows the ace and acts first
THREE = "As Ks 9s Ah Kh 8c 2c 5c Tc 3d 6d Jd 4h 7h 2h"


def play(state, script: str, seats: str = ""):
    """Apply ``script`` ("r c f ..."); check the seat of each turn against ``seats`` when given."""
    for i, a in enumerate(script.split()):
        if seats:
            assert state.current_player == int(seats.split()[i]), (i, state)
        state.apply(_ACTS[a])
    return state


def test_short_stack_calls_all_in_and_wins_only_the_main_pot_side_pot_to_another_seat():
    state = Stud5(n_players=3, stacks=(5, 20, 20)).new_hand(deal_from(THREE), button=2)
    play(state, "r c c", "0 1 2")  # round 0: everyone in for 3, seat 0 has 2 behind
    play(state, "r c c", "0 1 2")  # round 1: seat 0 bets its last 2 (to 5: a full bet), all-in
    assert state.stacks == (0, 15, 15) and state.committed == (5, 5, 5)
    # seat 0 (best showing) is all-in: the next seat that can act opens round 2
    assert state.current_player == 1
    play(state, "r c r c", "1 2 1 2")
    assert state.is_terminal
    # main pot 3 * 5 = 15 to seat 0 (aces); side pot 2 * 4 = 8 to seat 1 (kings) over seat 2
    assert state.winnings == (15, 8, 0)
    assert state.payoffs.tolist() == [10, -1, -9]


def test_a_short_all_in_call_leaves_the_others_betting_for_a_side_pot():
    state = Stud5(n_players=3, stacks=(20, 4, 20)).new_hand(deal_from(THREE), button=2)
    play(state, "r c c", "0 1 2")  # seat 1 has 1 behind
    play(state, "r c c", "0 1 2")  # round 1: seat 1 calls 2 with 1: all-in for less
    assert state.committed == (5, 4, 5) and state.stacks == (15, 0, 15)
    play(state, "c r c", "0 2 0")  # round 2: seats 0 and 2 play on (to 7)
    play(state, "r f", "0 2")  # round 3: seat 0 bets to 9, seat 2 folds; all-in seat 1 is still in
    assert state.is_terminal and state.committed == (9, 4, 7)
    # showdown of seats 0 and 1: main pot 3 * 4 = 12 and side pot 5 + 3 = 8 (seat 2's chips are dead) to aces
    assert [e.player for e in state.history if e.kind == "showdown"] == [0, 1]
    assert state.winnings == (20, 0, 0)
    assert state.payoffs.tolist() == [11, -4, -7]


def test_a_short_all_in_raise_does_not_reopen_the_betting():
    state = Stud5(n_players=3, stacks=(20, 4, 20)).new_hand(deal_from(THREE), button=2)
    play(state, "r", "0")  # seat 0 bets to 3
    assert [str(a) for a in state.legal_actions()] == ["f", "c", "r4"]  # seat 1: all-in raise to 4 (1 short)
    play(state, "r", "1")
    assert state.stacks[1] == 0
    assert [str(a) for a in state.legal_actions()] == ["f", "c", "r6"]  # seat 2 has not acted: may raise a full bet
    play(state, "c", "2")
    assert state.current_player == 0
    assert [str(a) for a in state.legal_actions()] == ["f", "c"]  # seat 0 acted before the short raise
    with pytest.raises(ValueError, match="does not reopen"):
        state.apply(RAISE)
    play(state, "c", "0")
    assert state.round == 1 and state.committed == (4, 4, 4)


def test_a_full_raise_over_a_short_all_in_reopens_the_betting():
    state = Stud5(n_players=3, stacks=(20, 4, 20)).new_hand(deal_from(THREE), button=2)
    play(state, "r r r", "0 1 2")  # bet to 3, all-in to 4, full raise to 6
    assert state.current_player == 0 and [str(a) for a in state.legal_actions()] == ["f", "c", "r8"]
    play(state, "r c", "0 2")
    assert state.round == 1 and state.committed == (8, 4, 8)


def test_a_short_all_in_raise_does_not_count_towards_the_cap():
    game = Stud5(n_players=3, max_raises=1, stacks=(20, 4, 20))
    state = game.new_hand(deal_from(THREE), button=2)
    play(state, "r r", "0 1")  # bet to 3 (1 of 2 bets), short all-in to 4 (no bet)
    assert [str(a) for a in state.legal_actions()] == ["f", "c", "r6"]
    play(state, "r", "2")  # the second full bet caps the round
    assert [str(a) for a in state.legal_actions()] == ["f", "c"]


def test_heads_up_short_stack_all_in_the_deep_stack_gets_its_excess_back():
    # seat 0 (button 1): pair of aces; seat 1: pair of kings, 5 chips
    deal = deal_from("As Ks Ah Kh 2c 5c 3d 6d 4h 7h")
    state = Stud5(stacks=(30, 4)).new_hand(deal, button=1)
    play(state, "r c", "0 1")
    assert [str(a) for a in play(state, "r", "0").legal_actions()] == ["f", "c"]  # 1 behind, 2 to call
    play(state, "c", "1")  # all-in for less: nobody left to bet against, the cards run out
    assert state.is_terminal and state.committed == (5, 4) and len(state.observation(0).up_cards[1]) == 4
    assert state.winnings == (9, 0)  # main pot 8 to the aces, seat 0's uncalled 1 comes back
    assert state.payoffs.tolist() == [4, -4]


def test_heads_up_the_short_stack_wins_at_most_its_stack_from_each_opponent():
    deal = deal_from("Ks As Kh Ah 5c 2c 6d 3d 7h 4h")  # now seat 1 holds the aces
    state = Stud5(stacks=(30, 5)).new_hand(deal, button=1)
    play(state, "r c", "1 0")
    play(state, "r c", "1 0")  # seat 1 bets its last 2 (a full bet), all-in; no more betting
    assert state.is_terminal and state.payoffs.tolist() == [-5, 5]


def test_an_ante_the_stack_cannot_cover_is_an_all_in_and_the_hand_runs_to_showdown():
    state = Stud5(ante=3, stacks=(2, 10)).new_hand(deal_from("As Ks Ah Kh"), button=1)
    assert state.is_terminal and state.committed == (2, 3)
    assert state.winnings == (4, 1) and state.payoffs.tolist() == [2, -2]


@pytest.mark.parametrize(
    "stacks, match",
    [(0, "integer >= 1"), ((5, 5, 5), "2 integers >= 1"), ((5, 0), "one per seat"), ("5", "got '5'"),
     (True, "got True")],
)
def test_bad_stacks_are_refused_naming_the_value(stacks, match):
    with pytest.raises(ValueError, match=match):
        Stud5(stacks=stacks)


def test_repr_round_trips_and_is_unchanged_without_stacks():
    assert repr(Stud5()) == "Stud5(n_players=2, ante=1, bet=2, max_raises=3)"
    game = Stud5(n_players=3, stacks=[5, 6, 7])
    assert repr(game) == "Stud5(n_players=3, ante=1, bet=2, max_raises=3, stacks=(5, 6, 7))"
    assert eval(repr(game), {"Stud5": Stud5}) == game  # noqa: S307 - our own repr


@pytest.mark.parametrize("agents", [("rules", "prob"), ("bpp", "rules"), ("bpp", "prob")])
def test_no_stacks_and_stacks_too_deep_to_bind_play_identical_matches(agents):
    deep = Stud5().starting_stack
    results = [
        play_match(game, list(agents), 300, rng=11, duplicate=True).winnings
        for game in (Stud5(), Stud5(stacks=deep), Stud5(stacks=(deep + 50, 10**6)))
    ]
    assert np.array_equal(results[0], results[1]) and np.array_equal(results[0], results[2])
    assert np.abs(results[0]).sum() > 0


@settings(max_examples=60, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 40), min_size=2, max_size=5),
    seed=st.integers(0, 2**32 - 1),
    ante=st.integers(0, 3),
)
def test_chips_are_conserved_and_nobody_loses_more_than_their_stack(stacks, seed, ante):
    rng = np.random.default_rng(seed)
    game = Stud5(n_players=len(stacks), ante=ante, stacks=tuple(stacks))
    state = game.new_hand(rng.permutation(52), button=int(rng.integers(len(stacks))))
    while not state.is_terminal:
        p = state.current_player
        assert state.stacks[p] > 0  # all-in seats never act
        legal = state.legal_actions()
        state.apply(legal[rng.integers(len(legal))])
        assert all(s >= 0 for s in state.stacks)
        assert [c + s for c, s in zip(state.committed, state.stacks)] == stacks
    pay = state.payoffs
    assert pay.sum() == 0 and sum(state.winnings) == state.pot
    assert all(pay[p] >= -stacks[p] for p in range(len(stacks)))
    # nobody wins more from a seat than it could cover: at most its own stake from each other seat
    assert all(pay[p] <= sum(min(stacks[p], stacks[q]) for q in range(len(stacks)) if q != p) for p in range(len(stacks)))


@pytest.mark.parametrize(
    "argv, message",
    [
        (["draw5", "--agents", "call,call", "--stacks", "20"], "--stacks is for stud5 only"),
        (["stud5", "--agents", "call,call", "--stacks", "0"], "'stacks' parameter of Stud5"),
        (["stud5", "--agents", "call,call", "--stacks", "x"], "got 'x'"),
    ],
)
def test_bpp_match_stacks_errors_are_one_line(argv, message, capsys):
    from bpp.cli import main

    with pytest.raises(SystemExit) as exit_info:
        raise SystemExit(main(["match", *argv, "--deals", "4"]))
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err


def test_bpp_match_plays_stud_at_table_stakes(capsys):
    import json

    from bpp.cli import main

    assert main(["match", "stud5", "--agents", "call,raise", "--stacks", "3,9", "--deals", "20", "--seed", "1",
                 "--no-progress", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    # call vs raise: every hand goes to showdown with the 3-chip seat all-in: nobody wins or loses more than 3
    assert result["players"][0]["total"] + result["players"][1]["total"] == 0
    assert abs(result["players"][0]["total"]) <= 3 * 20 / 2  # units of 2 chips

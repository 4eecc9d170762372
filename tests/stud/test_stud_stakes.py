"""BPP at table stakes (Korb1999 §6.2): θ from the capped cost k and the pot it can win."""

import numpy as np
import pytest

from holdem.games import Action, ActionKind, Stud5
from bpp.stud.decision.player import decision_inputs
from bpp.stud.players.paper import BPPPlayer

RAISE = Action(ActionKind.BET_RAISE)


def _short_facing_a_bet():
    state = Stud5(stacks=(4, 30)).new_hand(np.arange(52))
    assert state.current_player == 1  # the deep seat acts first and bets 2
    state.apply(RAISE)
    return state.observation(0)  # 3 behind, 2 to call


def test_short_stack_theta_is_its_remaining_stack_over_the_pot_it_can_win():
    obs = _short_facing_a_bet()
    c, u, k, can_raise = decision_inputs(obs)
    # pot 3 + 1 chips = 2 units, owes 1 unit, k = 1 + 3 rounds = 4 units capped at its 3 chips = 1.5 units
    assert (c, u, k, can_raise) == (2.0, 1.0, 1.5, True)
    theta = BPPPlayer(rng=0).decision(obs)["theta"]
    assert theta == pytest.approx(3 / 8)  # puts in 3 more chips to contest a final pot of 4 + 4 chips


def test_deep_stacks_leave_bpps_decision_unchanged():
    plain = Stud5().new_hand(np.arange(52))
    deep = Stud5(stacks=Stud5().starting_stack).new_hand(np.arange(52))
    for state in (plain, deep):
        state.apply(RAISE)
    a, b = (BPPPlayer(rng=0).decision(s.observation(s.current_player)) for s in (plain, deep))
    assert a == b


def test_an_opponent_all_in_for_less_caps_bpps_cost_at_what_it_can_call():
    state = Stud5(stacks=(30, 4)).new_hand(np.arange(52))
    # seat 1 (4 chips) acts first and bets 2 (to 3): the deep seat 0 faces it
    assert state.current_player == 1
    state.apply(RAISE)
    obs = state.observation(0)
    c, u, k, _ = decision_inputs(obs)
    # seat 0 can win at most seat 1's 4 chips: k capped at 4 - 1 = 3 chips = 1.5 units
    assert (c, u, k) == (2.0, 1.0, 1.5)


def test_heads_up_bpp_still_refuses_a_table_at_stakes():
    state = Stud5(n_players=3, stacks=20).new_hand(np.arange(52))
    with pytest.raises(ValueError, match="heads-up"):
        BPPPlayer(rng=0).act(state.observation(state.current_player))

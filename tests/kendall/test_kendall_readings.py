"""The readings of Kendall2001's open points (bpp.kendall.readings): each changes exactly what it names."""

import numpy as np
import pytest

from bpp.kendall.players import EvolvingPlayer, StylePlayer
from bpp.kendall.readings import DEFAULT, READINGS, reading
from bpp.kendall.training import play_table, table_players
from holdem import parse_cards
from holdem.games import Draw5
from holdem.games.base import ActionKind

FILL = ["2c 7d 9h Js 4s", "3c 8d Th Ks 5s", "2d 7h 9s Jc 4c", "3d 8h Ts Kc 5c"]


def _state(hands_text):
    hands = [parse_cards(h).tolist() for h in hands_text]
    rest = [c for c in range(52) if c not in {c for h in hands for c in h}]
    deal = [0] * 52
    for pos in range(5):
        seat = (1 + pos) % 5  # button 0
        for j in range(5):
            deal[5 * j + pos] = hands[seat][j]
    deal[25:] = rest[:27]
    return Draw5(n_players=5).new_hand(deal, button=0)


def test_twelve_named_combinations_and_the_default_is_one_of_them():
    assert len(READINGS) == 12 and DEFAULT in READINGS
    assert {r.name for r in READINGS.values()} == set(READINGS)
    with pytest.raises(ValueError, match="'reading' parameter must be one of standard-bet-both.*got 'nope'"):
        reading("nope")


def test_idle_check_never_opens_but_still_raises_a_bet():
    state = _state(["Qh Qd Qc 2h 5d"] + FILL)  # three queens: a raise row of Table 1 (seat 0 acts after seat 1)
    # seat 1 acts first (left of the button 0); make seat 0's decision with nothing owed beyond the ante
    for _ in range(4):
        state.apply(next(a for a in state.legal_actions() if a.kind == ActionKind.CHECK_CALL))
    obs = state.observation(0)
    assert obs.to_call == 0
    assert StylePlayer("loose-aggressive", reading="standard-bet-both").act(obs).kind == ActionKind.BET_RAISE
    assert StylePlayer("loose-aggressive", reading="standard-check-both").act(obs).kind == ActionKind.CHECK_CALL
    owed = _state(["Qh Qd Qc 2h 5d"] + FILL)
    owed.apply(next(a for a in owed.legal_actions() if a.kind == ActionKind.BET_RAISE))  # seat 1 bets
    for _ in range(3):
        owed.apply(next(a for a in owed.legal_actions() if a.kind == ActionKind.CHECK_CALL))
    assert StylePlayer("loose-aggressive", reading="standard-check-both").act(owed.observation(0)).kind == ActionKind.BET_RAISE


def _cards_drawn(name):
    """Cards every seat traded over 30 hands at a loose-passive table under reading ``name``."""
    seats = [EvolvingPlayer(reading=name)] + table_players("loose-passive", name)
    drawn = []
    for p in seats:
        def spy(obs, act=p.act):
            action = act(obs)
            if obs.round == 1:
                drawn.append(len(action.discard))
            return action

        p.act = spy
    play_table(seats, 30, rng=2)
    return drawn


def test_pat_draws_nothing_and_standard_draws():
    pat, standard = _cards_drawn("pat-bet-both"), _cards_drawn("standard-bet-both")
    assert pat and sum(pat) == 0
    assert sum(standard) > 0 and max(standard) <= 2


@pytest.mark.parametrize("credit", ["both", "final", "dealt"])
def test_credit_moves_only_the_values_it_names(credit):
    player = EvolvingPlayer(reading=f"standard-bet-{credit}")
    seats = [player] + table_players("loose-aggressive")
    dealt, final = [], []
    act = player.act

    def spy(obs):
        action = act(obs)
        if obs.round != 1:
            (dealt if obs.round == 0 else final).append(player._value)
        return action

    player.act = spy
    before = player.values_.copy()
    changed = set()
    for seed in range(40):
        dealt.clear(), final.clear()
        play_table(seats, 1, rng=seed)
        moved = set(np.flatnonzero(player.values_ != before).tolist())
        used_dealt, used_final = set(dealt), set(final[-1:] or dealt[-1:])
        expected = {"both": used_dealt | set(final), "final": used_final, "dealt": used_dealt}[credit]
        assert moved <= expected
        changed |= moved
        before = player.values_.copy()
    assert changed  # something was learned

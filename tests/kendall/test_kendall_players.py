"""The four fixed styles (Kendall2001 Tables 1-4), the drawing policy and the evolving player (§3)."""

import json

import numpy as np
import pytest

from bpp.kendall.drawing import discards
from bpp.kendall.handvalues import value_of_name
from bpp.kendall.players import EvolvingPlayer, StylePlayer, check_values, decide, load_values, raise_weight
from bpp.kendall.styles import CALL, FOLD, STYLES, compile_style, raise_
from bpp.kendall.training import play_table, table_players
from holdem import parse_cards
from holdem.games import Draw5
from holdem.games.base import ActionKind


def v(name):
    return value_of_name(name)


# ---------------------------------------------------------------- the tables, as printed


@pytest.mark.parametrize(
    "style, rnd, hand, rule",
    [
        # Table 1 (loose aggressive), 1st round
        ("loose-aggressive", 0, "Pair 8's", FOLD),
        ("loose-aggressive", 0, "Pair 9's", CALL),
        ("loose-aggressive", 0, "Pair K's", CALL),
        ("loose-aggressive", 0, "Pair A's", raise_(5, 100)),
        ("loose-aggressive", 0, "2 Pairs Ace High", raise_(5, 100)),
        ("loose-aggressive", 0, "Three 4's", raise_(10, 150)),
        ("loose-aggressive", 0, "Three 5's", raise_(15, 200)),
        ("loose-aggressive", 0, "Three J's", raise_(15, 200)),
        ("loose-aggressive", 0, "Three Q's", raise_(20, 250)),
        ("loose-aggressive", 0, "Straight 5 High", raise_(25, 300)),
        ("loose-aggressive", 0, "Royal Flush", raise_(25, 300)),
        # Table 1, 2nd round, decoded from the growing lists
        ("loose-aggressive", 1, "Pair 8's", FOLD),
        ("loose-aggressive", 1, "Three 6's", CALL),
        ("loose-aggressive", 1, "Three 7's", raise_(5, 150)),
        ("loose-aggressive", 1, "Straight A High", raise_(10, 200)),
        ("loose-aggressive", 1, "Flush 7 High", raise_(15, 250)),
        ("loose-aggressive", 1, "Full House A High", raise_(15, 250)),
        ("loose-aggressive", 1, "Four A's", raise_(20, 300)),
        ("loose-aggressive", 1, "Royal Flush", raise_(20, 300)),  # read into the top row
        # Table 2 (loose passive)
        ("loose-passive", 0, "Three J's", CALL),
        ("loose-passive", 0, "Three Q's", raise_(5, 100)),
        ("loose-passive", 0, "Flush A High", raise_(5, 100)),
        ("loose-passive", 0, "Full House 2 High", raise_(10, 150)),
        ("loose-passive", 1, "Three A's", CALL),
        ("loose-passive", 1, "Four 5's", raise_(10, 150)),
        ("loose-passive", 1, "Four 6's", raise_(15, 200)),
        # Table 3 (tight aggressive), 2nd round decoded
        ("tight-aggressive", 0, "Pair A's", FOLD),
        ("tight-aggressive", 0, "2 Pairs 3 High", CALL),
        ("tight-aggressive", 0, "Three 5's", raise_(5, 150)),
        ("tight-aggressive", 0, "Three Q's", raise_(15, 200)),
        ("tight-aggressive", 0, "Straight 6 High", raise_(25, 300)),
        ("tight-aggressive", 1, "Three 10's", CALL),
        ("tight-aggressive", 1, "Three J's", raise_(5, 150)),
        ("tight-aggressive", 1, "Four 2's", raise_(20, 300)),
        # Table 4 (tight passive)
        ("tight-passive", 0, "Straight A High", CALL),
        ("tight-passive", 0, "Flush 7 High", raise_(5, 100)),
        ("tight-passive", 0, "Straight Flush K High", raise_(10, 150)),
        ("tight-passive", 0, "Royal Flush", raise_(15, 200)),
        ("tight-passive", 1, "2 Pairs Ace High", FOLD),
        ("tight-passive", 1, "Three 2's", CALL),
        ("tight-passive", 1, "Flush A High", raise_(5, 100)),
        ("tight-passive", 1, "Straight Flush 5 High", raise_(15, 250)),
    ],
)
def test_tables_1_to_4_rows(style, rnd, hand, rule):
    assert compile_style(style).action(rnd, v(hand)) == rule


def test_every_row_cites_its_table_and_every_round_covers_all_values():
    for number, (name, table) in enumerate(STYLES.items(), start=1):
        assert table.table == f"Table {number}"
        for row in table.first + table.second:
            assert row.source.startswith(f"Table {number}, ")
        compiled = compile_style(name)
        assert all(len(r) == 100 for r in compiled.rules)


# ---------------------------------------------------------------- the players at the table


def _observation(hands_text, *, button=4, actions=()):
    """Seat 0 to act first (left of button 4) holding the given hand (deal built so seat i gets hands_text[i])."""
    hands = [parse_cards(h).tolist() for h in hands_text]
    used = {c for h in hands for c in h}
    rest = [c for c in range(52) if c not in used]
    n = len(hands)
    deal = [0] * 52
    for pos in range(n):
        seat = (button + 1 + pos) % n
        for j in range(5):
            deal[n * j + pos] = hands[seat][j]
    deal[5 * n :] = rest[: 52 - 5 * n]
    state = Draw5(n_players=n).new_hand(deal, button=button)
    for a in actions:
        state.apply(a)
    return state


FILL = ["2c 7d 9h Js 4s", "3c 8d Th Ks 5s", "2d 7h 9s Jc 4c", "3d 8h Ts Kc 5c"]


def test_a_fold_row_checks_when_nothing_is_owed_and_folds_a_bet():
    state = _observation(["2h 5d 8c Jh Kd"] + FILL)  # king high: every table's Fold row
    player = StylePlayer("loose-aggressive")
    assert player.act(state.observation(0)).kind == ActionKind.CHECK_CALL
    state.apply(state.legal_actions()[0])  # seat 0 checks
    raise_action = [a for a in state.legal_actions() if a.kind == ActionKind.BET_RAISE][0]
    state.apply(raise_action)  # seat 1 bets
    for _ in range(3):
        state.apply(state.legal_actions()[1])  # seats 2-4 call
    assert player.act(state.observation(0)).kind == ActionKind.FOLD


def test_raise_by_the_tables_amount_while_the_pot_is_small():
    state = _observation(["Qh Qd Qc 2h 5d"] + FILL)  # Three Q's: Table 1 first round raises 20 if pot <= 250
    bet = "standard-bet-both"  # the reading in which a raise row opens the betting (bpp.kendall.readings)
    action = StylePlayer("loose-aggressive", reading=bet).act(state.observation(0))
    assert action.kind == ActionKind.BET_RAISE and action.amount == 1 + 20  # ante 1 in, raise 20 over the bet of 1
    assert StylePlayer("loose-passive", reading=bet).act(state.observation(0)).amount == 1 + 5  # Table 2: Three Q's raise 5


def test_big_pot_means_call_instead_of_raise():
    obs = _observation(["Qh Qd Qc 2h 5d"] + FILL).observation(0)._replace(pot=260)
    assert StylePlayer("loose-aggressive").act(obs).kind == ActionKind.CHECK_CALL


def test_drawing_policy():
    def throw(text):
        return sorted(discards(tuple(parse_cards(text).tolist())))

    assert throw("7c 7d 7h Ks 2d") == sorted(parse_cards("Ks 2d").tolist())  # trips: draw two
    assert throw("7c 7d 5h 5s Ad") == parse_cards("Ad").tolist()  # two pair: draw one
    assert throw("7c 7d Ah 5s 2d") == sorted(parse_cards("5s 2d").tolist())  # pair: keep the ace kicker
    assert throw("Ac Kd Jh 8s 3d") == sorted(parse_cards("8s 3d").tolist())  # nothing: keep three high
    assert throw("5c 4d 3h 2s Ad") == []  # the wheel stands pat
    assert throw("Ac 2d 3h 4s 9d") == parse_cards("9d").tolist()  # four to the wheel
    assert throw("Ac Kc 9c 4c 2d") == parse_cards("2d").tolist()  # four to a flush


# ---------------------------------------------------------------- the evolving player (§3)


def test_the_papers_worked_examples():
    assert decide(8, 5, 50) == ("call", 7.53, 0)  # Figure 1: ac = 7.53, player will call
    action, ac, raise_by = decide(8, 3, 50)  # Figure 2: ac = 12.57 printed, player will raise 11 units
    assert action == "raise" and raise_by == 11 and abs(ac - 12.57) <= 0.015  # the formula gives 12.557
    assert decide(9, 3, 50) == ("raise", 15.89, 16)  # Figure 3: ac = 15.89, raise 16 units


def test_decision_thresholds_and_weights():
    assert decide(5.9, 2, 1000)[0] == "fold" and decide(6.0, 5, 1000)[0] == "call" and decide(7.9, 1, 2)[0] == "call"
    assert [raise_weight(x) for x in (8.0, 8.9, 9.0, 9.9, 10.0)] == [3, 3, 4, 4, 5]
    with pytest.raises(ValueError, match="'pot' parameter of decide"):
        decide(9, 3, 1)


def _play_one(values, hands_text, seed=0):
    player = EvolvingPlayer(values=values)
    play_table([player] + [StylePlayer("loose-passive") for _ in range(4)], 1, rng=seed)
    return player


def test_learning_moves_the_values_used_by_a_tenth_and_stays_in_range():
    player = EvolvingPlayer()
    rec = play_table([player] + table_players("loose-aggressive"), 400, rng=3)
    values = player.values_
    assert values.min() < 10 and values.max() <= 10 and values.min() >= 0
    assert np.allclose(values * 10, np.round(values * 10))  # a 0.1 grid
    # the number of tenths lost is bounded by hands lost after investing, one step per value used (at most 2 per hand)
    lost = rec.played[:, 0] & ~rec.won[:, 0]
    assert (10 - values).sum() * 10 <= 2 * lost.sum() + 1e-9


def test_the_literal_fold_rule_never_learns():
    player = EvolvingPlayer(decrease_on="fold")
    play_table([player] + table_players("mixed"), 300, rng=4)
    assert player.values_.min() == 10.0  # every value starts at 10, so the player never folds: nothing to decrease


def test_frozen_player_keeps_its_values_and_plays_the_same():
    start = np.full(100, 7.0)
    player = EvolvingPlayer(values=start, learn=False)
    play_table([player] + table_players("mixed"), 100, rng=5)
    assert np.array_equal(player.values_, start) and not player.learns_across_hands


def test_values_round_trip_through_json_and_csv(tmp_path):
    player = EvolvingPlayer()
    play_table([player] + table_players("loose-passive"), 300, rng=6)
    for name in ("v.json", "v.csv"):
        path = player.save(tmp_path / name, table="loose-passive")
        assert np.array_equal(load_values(path), player.values_)
        assert np.array_equal(EvolvingPlayer.load(path).values_, player.values_)
        with pytest.raises(ValueError, match="already exists; saved values are never overwritten"):
            player.save(path)


def test_bad_values_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ValueError, match="is not valid JSON"):
        load_values(bad)
    values = {n: 10.0 for n in EvolvingPlayer().values_dict()}
    values["Pair 9's"] = 11
    bad.write_text(json.dumps({"values": values}))
    with pytest.raises(ValueError, match="learning value of \"Pair 9's\" must be a number in \\[0, 10\\]; got 11"):
        load_values(bad)
    with pytest.raises(ValueError, match="expected 100 learning values"):
        check_values([1.0] * 5)
    csv = tmp_path / "bad.csv"
    csv.write_text("name,lv\n")
    with pytest.raises(ValueError, match="header must be 'hand,value'"):
        load_values(csv)


def test_registered_for_draw5_and_learning_kept_across_hands():
    from bpp.registry import agent_games, make_agent, match_agents

    for name in ("loose-aggressive", "loose-passive", "tight-aggressive", "tight-passive", "evolving"):
        assert agent_games(name) == ("draw5",)
    assert make_agent("tight-passive", rng=0).style == "tight-passive"
    seats = match_agents(["evolving", "loose-aggressive", "loose-passive", "tight-aggressive", "tight-passive"], rng=1)
    assert type(seats[0].instance).__name__ == "EvolvingPlayer" and seats[1:] == [
        "loose-aggressive", "loose-passive", "tight-aggressive", "tight-passive"]


def test_plays_legal_actions_in_the_match_runner():
    """Through play_match's checked path (the agents promise legal actions; here every action is verified)."""
    from holdem.match import play_match

    class Checked(EvolvingPlayer):
        trusted_actions = False

    player = Checked()
    result = play_match(Draw5(), [player] + [StylePlayer(s) for s in ("loose-aggressive", "loose-passive", "tight-aggressive", "tight-passive")], 300, rng=2)
    assert result.winnings.sum() == 0 and player.hands_ >= 299 and player.values_.min() < 10


def test_action_probabilities_state_the_action_and_record_nothing():
    state = _observation(["Qh Qd Qc 2h 5d"] + FILL)
    player = EvolvingPlayer()
    player.new_hand(0)
    probs = player.action_probabilities(state.observation(0))
    assert list(probs.values()) == [1.0] and not player._values_used and not player._invested
    assert player.act(state.observation(0)) == next(iter(probs))  # lv 10, np 5, pv 5: ac 28.6, raise 27
    assert next(iter(probs)).amount == 1 + 27 and player._invested

"""Loki's re-weighting on the acting player's own EHS (Billings1998b; Billings1998 §4.2–4.4; Peña's thesis on Loki's modeller).

The re-weighting factor ``(EHS − μ + σ) / (2σ)`` clipped to [0.01, 1] only
means something when EHS and μ are on the same scale: μ is the EHS the
opponent needs for its action, so EHS must be each holding's EHS *as the
opponent sees it* (HS against its remaining opponents, with potential) and μ
the thresholds the opponent (here a Loki copy) actually bets by.
"""

from types import SimpleNamespace

import numpy as np
import pytest

from bpp.loki.agents import LokiAgent, PokiAgent
from bpp.loki.selector.betting import LokiRules
from bpp.loki.evaluator.postflop import _share_matrix, street_table
from bpp.loki.modeler.opponent_model import GOM_CALL, GOM_RAISE, GOM_SIGMA, loki_thresholds, preflop_strength
from bpp.loki.modeler.weights import linear_reweighting
from holdem.cards import parse_cards
from holdem.games import LimitHoldem
from holdem.games.base import Action, ActionKind, Event
from holdem.ranges import holding_index

BOARD = "3h 4c Jh"
CHECK = Action(ActionKind.CHECK_CALL)
BET = Action(ActionKind.BET_RAISE)


def _brute_force_hs(board, weights):
    """HS of every holding against each weighted range by the 1326 × 1326 table."""
    t = street_table(board)
    live = ~t.board_conflict
    r = t.ranks.astype(np.int64)
    ok = (~_share_matrix()) & live[None, :]
    score = ((r[:, None] > r[None, :]) + 0.5 * (r[:, None] == r[None, :])) * ok
    w = np.atleast_2d(weights) * live
    return (w @ score.T) / (w @ ok.T), live


def test_range_strength_equals_brute_force_and_uniform_hs():
    t = street_table(BOARD)
    w = np.random.default_rng(3).random((3, 1326))
    got = t.range_strength(w)
    want, live = _brute_force_hs(BOARD, w)
    assert got.shape == (3, 1326)
    assert np.allclose(got[:, live], want[:, live], atol=1e-12)
    assert np.all(got[:, ~live] == 0)
    # a uniform range: the exact HS of Billings1998 §4.2 (A♠Q♣ on 3♥4♣J♥ is 0.585)
    hs = t.range_strength(np.ones(1326))[0]
    assert np.allclose(hs, t.holding_strength()[0])
    assert hs[holding_index(*parse_cards("As Qc"))] == pytest.approx(0.5855, abs=5e-4)


def test_range_strength_sees_a_strong_range():
    """Against a range of sets only, a one-pair hand is almost never ahead."""
    t = street_table(BOARD)
    sets = np.zeros(1326)
    for hole in ("3s 3d", "4h 4d", "Js Jd", "Jc Js"):
        sets[holding_index(*parse_cards(hole))] = 1.0
    aq = holding_index(*parse_cards("As Qc"))
    assert t.range_strength(sets)[0, aq] == 0.0
    assert t.range_strength(np.ones(1326))[0, aq] > 0.5


def test_player_ehs_is_hs_to_the_n_plus_potential():
    t = street_table(BOARD)
    hs, ehs1 = t.holding_strength()
    ppot = t.holding_ppot()
    h = holding_index(*parse_cards("8s 7s"))
    for n in (1, 3, 9):
        e = t.player_ehs(n_opponents=n)
        assert e[h] == pytest.approx(hs[h] ** n + (1 - hs[h] ** n) * ppot[h])
    assert np.allclose(t.player_ehs(n_opponents=1), ehs1)
    assert np.allclose(t.player_ehs(n_opponents=4, potential=False), hs**4)
    # uniform ranges = the power (Billings1998 §4.2's extrapolation to n opponents)
    assert np.allclose(t.player_ehs(np.ones((4, 1326))), t.player_ehs(n_opponents=4))
    with pytest.raises(ValueError, match="n_opponents"):
        t.player_ehs()
    # the river has no potential
    river = street_table("3h 4c Jh 9d 2s")
    assert np.allclose(river.player_ehs(n_opponents=2), river.holding_strength()[0] ** 2)


def test_loki_thresholds_are_lokis_own_rules():
    """Billings1998 §4.4: bet at EHS > 0.5; the raise levels of the rules; pre-flop rows stay the GOM's (income-rate scale)."""
    mu_call, mu_raise = loki_thresholds()
    rules = LokiRules()
    for r in (1, 2, 3):
        assert mu_raise[r].tolist() == [rules.make1, rules.make2, rules.make4]
        assert mu_call[r].tolist() == [0.0, rules.make1, rules.make2]
    assert np.array_equal(mu_call[0], GOM_CALL[0]) and np.array_equal(mu_raise[0], GOM_RAISE[0])
    mu_call, mu_raise = loki_thresholds(LokiRules(make1=0.6, make2=0.8, make4=0.9))
    assert mu_raise[2].tolist() == [0.6, 0.8, 0.9]


def _agent_at_flop(seat=0, n=4, button=3, **kwargs):
    """A Loki agent in seat ``seat`` that has seen everyone call pre-flop and the flop dealt."""
    kwargs.setdefault("reweighting", "all")  # the AAAI-98 re-weighting after every action (loki-reweight)
    agent = LokiAgent(rng=0, **kwargs)
    agent.new_hand(seat)
    agent._start(SimpleNamespace(n_players=n, player=seat, button=button, stakes=LimitHoldem().stakes))
    # 4 seats, button 3: SB 0, BB 1; pre-flop order 2, 3, 0, 1
    for p in (2, 3, 0):
        agent.observe(Event("action", p, CHECK, (), 0))
    agent.observe(Event("action", 1, CHECK, (), 0))  # the big blind checks
    agent.observe(Event("deal", -1, None, tuple(parse_cards(BOARD).tolist()), 1))
    agent._update_weights()
    return agent


def test_preflop_calls_reweight_on_income_rate_percentiles():
    agent = _agent_at_flop()
    factor = linear_reweighting(preflop_strength(4), GOM_CALL[0, 1], GOM_SIGMA, floor=0.01)
    for p in (0, 2, 3):  # called one bet (the small blind half a bet: one bet to call too)
        assert np.allclose(agent.hand.weights[p], factor)
    assert np.all(agent.hand.weights[1] == 1.0)  # the big blind's check re-weights nothing


def test_flop_bet_reweights_on_the_bettors_own_ehs():
    agent = _agent_at_flop()
    before = agent.hand.weights.copy()
    # post-flop order: 0 (us), 1, 2, 3
    agent.observe(Event("action", 0, CHECK, (), 1))
    agent.observe(Event("action", 1, CHECK, (), 1))
    agent.observe(Event("action", 2, BET, (), 1))
    agent._update_weights()
    t = street_table(BOARD)
    ehs = t.player_ehs(n_opponents=3)  # seat 2 plays against 3 others
    want = before[2] * linear_reweighting(ehs, 0.5, GOM_SIGMA, floor=0.01)
    assert np.allclose(agent.hand.weights[2], want)
    assert np.array_equal(agent.hand.weights[[0, 1, 3]], before[[0, 1, 3]])  # checks: no negative re-weighting
    # the bet made the bettor's table strong: our A♠Q♣ is further behind it than behind a checker
    aq = holding_index(*parse_cards("As Qc"))
    ev = t.evaluate(aq, agent.hand.weights[[1, 2]])
    assert ev.hs[1] < ev.hs[0] - 0.2
    # a set keeps its weight; a flush draw, which Loki checks against three players (EHS < 0.5), and air keep little
    top = holding_index(*parse_cards("Jd Jc"))
    draw = holding_index(*parse_cards("Ah 9h"))
    air = holding_index(*parse_cards("9c 8d"))
    assert agent.hand.weights[2, top] / before[2, top] == 1.0
    assert ehs[draw] < 0.5 and agent.hand.weights[2, draw] / before[2, draw] < 0.1
    assert agent.hand.weights[2, air] / before[2, air] == pytest.approx(0.01)


def test_call_threshold_is_the_pot_odds_and_one_reweighting_per_round():
    agent = _agent_at_flop()
    before = agent.hand.weights.copy()
    agent.observe(Event("action", 0, CHECK, (), 1))
    agent.observe(Event("action", 1, BET, (), 1))
    agent.observe(Event("action", 2, CHECK, (), 1))  # calls one bet
    agent._update_weights()
    rec = agent.hand.tracker.records[-1]
    odds = rec.to_call / (rec.pot + rec.to_call)
    assert odds == pytest.approx(2 / 12)  # 8 chips in the pot + 2 bet, 2 to call
    ehs = street_table(BOARD).player_ehs(n_opponents=3)
    assert np.allclose(agent.hand.weights[2], before[2] * linear_reweighting(ehs, odds, GOM_SIGMA, floor=0.01))
    # seat 2 then raises a re-raise later in the round: only the most demanding action counts, from the round's table
    agent.observe(Event("action", 3, BET, (), 1))  # raises to two bets
    agent.observe(Event("action", 0, FOLD_ACTION, (), 1))
    agent.observe(Event("action", 1, CHECK, (), 1))
    agent.observe(Event("action", 2, BET, (), 1))  # raises again (one bet to call): three bets
    agent._update_weights()
    ehs2 = street_table(BOARD).player_ehs(n_opponents=2)  # seat 0 folded: seat 2 now plays 1 and 3
    want = before[2] * linear_reweighting(ehs2, LokiRules().make2, GOM_SIGMA, floor=0.01)  # one bet to call: raise at make2
    assert np.allclose(agent.hand.weights[2], want)
    assert agent.hand.weights[2].min() >= 0.01 * before[2].min() - 1e-15  # never below the floor of its round-start table


FOLD_ACTION = Action(ActionKind.FOLD)


def test_uniform_view_keeps_the_old_behaviour_for_poki():
    assert LokiAgent().view == "player"
    assert LokiAgent(strategy="formula").view == "uniform"
    with pytest.raises(ValueError, match="view"):
        LokiAgent(view="mine")
    with pytest.raises(ValueError, match="ranges"):
        LokiAgent(ranges="mine")


def test_weights_from_tables_use_our_tables_of_the_remaining_players():
    agent = _agent_at_flop(ranges="tables")
    before = agent.hand.weights.copy()
    agent.observe(Event("action", 0, BET, (), 1))
    agent._update_weights()
    ehs = street_table(BOARD).player_ehs(before[[1, 2, 3]])
    assert np.allclose(agent.hand.weights[0], before[0] * linear_reweighting(ehs, 0.5, GOM_SIGMA, floor=0.01))


def test_faithful_lokibot_reweights_on_preflop_actions_only_001_s43():
    """Billings1998 §4.3: Lokibot's common weights come from the pre-flop; a flop bet leaves every table as it was."""
    agent = _agent_at_flop(reweighting="preflop")
    factor = linear_reweighting(preflop_strength(4), GOM_CALL[0, 1], GOM_SIGMA, floor=0.01)
    for p in (0, 2, 3):
        assert np.allclose(agent.hand.weights[p], factor)
    before = agent.hand.weights.copy()
    agent.observe(Event("action", 0, BET, (), 1))
    agent.observe(Event("action", 1, BET, (), 1))
    agent._update_weights()
    assert np.array_equal(agent.hand.weights, before)
    assert LokiAgent().reweighting == "preflop" and PokiAgent().reweighting == "all"
    with pytest.raises(ValueError, match="'reweighting' parameter of LokiAgent must be 'preflop' or 'all'; got 'river'"):
        LokiAgent(reweighting="river")


def test_poki_reweights_on_checks_by_the_chance_of_not_betting_000():
    """Billings2002 "updating weight table": a check multiplies the table by its triple entry, 1 − P(bet)."""
    agent = PokiAgent(rng=0)
    agent.new_hand(0)
    agent._start(SimpleNamespace(n_players=4, player=0, button=3, stakes=LimitHoldem().stakes))
    for p in (2, 3, 0):
        agent.observe(Event("action", p, CHECK, (), 0))
    agent.observe(Event("action", 1, CHECK, (), 0))  # the big blind checks its option
    agent.observe(Event("deal", -1, None, tuple(parse_cards(BOARD).tolist()), 1))
    agent._update_weights()
    before = agent.hand.weights.copy()
    agent.observe(Event("action", 1, CHECK, (), 1))  # seat 1 checks the flop
    agent._update_weights()
    strength = street_table(BOARD).holding_strength()[1]
    _, mu_raise = agent.model_.thresholds(1, round=1, bets_to_call=0)
    up = np.clip((strength - mu_raise + GOM_SIGMA) / (2 * GOM_SIGMA), 0, 1)
    assert np.allclose(agent.hand.weights[1], np.maximum(before[1] * (1 - up), 0.01 * before[1]))
    assert np.array_equal(agent.hand.weights[[0, 2, 3]], before[[0, 2, 3]])
    top = holding_index(*parse_cards("Jd Jc"))  # a set would have bet: its weight falls to the floor
    assert agent.hand.weights[1, top] == pytest.approx(0.01 * before[1, top])
    assert not LokiAgent().reweight_checks and PokiAgent().reweight_checks

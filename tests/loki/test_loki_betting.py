"""Loki/Poki post-flop evaluation, triples, betting rules, opponent models, simulation and agents."""

import numpy as np
import pytest

from bpp.loki.selector.betting import LokiRules, betting_context, to_action
from bpp.loki.evaluator.postflop import StreetTable, evaluate_hand, street_table
from bpp.loki.experiments import figure1_tournament, versions_match
from bpp.loki.agents import PokiAgent
from bpp.loki.modeler.opponent_model import (
    GOM_CALL,
    GOM_RAISE,
    HandTracker,
    OpponentModel,
    blind_seats,
    button_from_first_actor,
    first_to_act,
)
from bpp.loki.modeler.predictors import board_texture
from bpp.loki.simulator.sampling import simulate
from bpp.loki.selector.triples import CALL, FOLD, RAISE, formula_triple, pot_odds, threshold_triples
from holdem.cards import parse_cards
from holdem.strength import hand_strength, potential
from holdem.games import LimitHoldem
from holdem.games.base import Action, ActionKind, Event
from holdem.match import play_match
from holdem.ranges import HOLDINGS, holding_index


# --- §2 evaluation ------------------------------------------------------------------


def test_loki_table2_one_card_potential_001_s42():
    e = evaluate_hand("As Qc", "3h 4c Jh")
    assert round(float(e.hs[0]), 3) == 0.585
    assert round(float(e.ppot[0]), 3) == 0.108 and round(float(e.npot[0]), 3) == 0.145


@pytest.mark.parametrize("board", ["3h 4c Jh", "Ks 9d 2c 7h"])
def test_weighted_stack_equals_holdem_enumerate_per_opponent(board):
    rng = np.random.default_rng(5)
    w = rng.random((3, 1326)) * (rng.random((3, 1326)) < 0.5)
    e = street_table(board).evaluate("As Qc", w)
    for i in range(3):
        hs = hand_strength("As Qc", board, w[i]).hs
        p = potential("As Qc", board, w[i], lookahead=1)
        assert e.hs[i] == pytest.approx(hs, abs=1e-12)
        assert e.ppot[i] == pytest.approx(p.ppot, abs=1e-12) and e.npot[i] == pytest.approx(p.npot, abs=1e-12)
    assert e.hs_n == pytest.approx(np.prod(e.hs))
    assert e.ehs_product == pytest.approx(np.prod(e.hs + (1 - e.hs) * e.ppot))


def test_river_has_no_potential_and_ehs_is_hs_n():
    e = evaluate_hand("As Qc", "3h 4c Jh 9d 2s", np.ones((2, 1326)))
    assert e.ppot_all == 0 and e.ehs == pytest.approx(e.hs_n)


def test_holding_strength_hs_is_exact():
    hs, ehs = street_table("Ks 9d 2c").holding_strength()
    for cards in ["As Ac", "7h 8h", "2d 3d"]:
        h = holding_index(*parse_cards(cards))
        assert hs[h] == pytest.approx(hand_strength(cards, "Ks 9d 2c").hs, abs=1e-12)
        assert hs[h] <= ehs[h] <= 1


def test_evaluation_bad_input_names_value():
    with pytest.raises(ValueError, match="'board' parameter of StreetTable must hold 3, 4 or 5 cards; got 2"):
        StreetTable("3h 4c")
    with pytest.raises(ValueError, match="'weights' parameter"):
        street_table("3h 4c Jh").evaluate("As Qc", np.ones(3))


# --- §4 triples, formula, rules ----------------------------------------------------------


def test_pot_odds_worked_example_001_s44():
    assert round(pot_odds(20, 175), 3) == 0.103
    # "EHS is 0.15 so we check … pot_odds is 0.103, so we call (Ppot is 0.108)"
    rules = LokiRules()
    assert rules.decide(ehs=0.15, ppot=0.0, pot_odds=0.0, bets_to_call=0, bet_level=0) == CALL
    assert rules.decide(ehs=0.15, ppot=0.108, pot_odds=0.103, bets_to_call=2, bet_level=2) == CALL
    assert LokiRules(use_potential=False).decide(ehs=0.15, ppot=0.108, pot_odds=0.103, bets_to_call=2, bet_level=2) == FOLD


def test_loki_rules_bet_above_half_when_no_one_has_bet_001_s44():
    rules = LokiRules()
    assert rules.decide(ehs=0.51, ppot=0, pot_odds=0, bets_to_call=0, bet_level=0) == RAISE
    assert rules.decide(ehs=0.49, ppot=0, pot_odds=0, bets_to_call=0, bet_level=0) == CALL
    assert rules.decide(ehs=0.6, ppot=0, pot_odds=0.2, bets_to_call=1, bet_level=1) == CALL
    assert rules.decide(ehs=0.6, ppot=0, pot_odds=0.2, bets_to_call=2, bet_level=2) == FOLD
    assert rules.decide(ehs=0.9, ppot=0, pot_odds=0.2, bets_to_call=1, bet_level=1) == RAISE
    assert rules.decide(ehs=0.9, ppot=0, pot_odds=0.2, bets_to_call=1, bet_level=2) == CALL
    assert rules.decide(ehs=0.97, ppot=0, pot_odds=0.2, bets_to_call=1, bet_level=3) == RAISE


def test_triples_are_distributions_and_monotone():
    ehs = np.linspace(0, 1, 101)
    for b in (0, 1, 2, 3):
        t = formula_triple(ehs, ppot=np.zeros(101), pot_odds=0.2 if b else 0.0, bets_to_call=b)
        assert np.allclose(t.sum(axis=1), 1) and (t >= -1e-12).all()
        assert np.all(np.diff(t[:, RAISE]) >= -1e-12) and np.all(np.diff(t[:, FOLD]) <= 1e-12)
        if b == 0:
            assert (t[:, FOLD] == 0).all()
    # scalar fast path equals the vectorized one
    for x in (0.1, 0.47, 0.52, 0.88, 0.96):
        for b in (0, 1, 2):
            vec = formula_triple(np.array([x]), ppot=np.array([0.12]), pot_odds=0.1, bets_to_call=b, river=True)[0]
            assert np.allclose(formula_triple(x, ppot=0.12, pot_odds=0.1, bets_to_call=b, river=True), vec)


def test_threshold_triples_capped_round_never_raises():
    t = threshold_triples(np.array([0.99]), 0.5, 0.8, can_raise=False)
    assert t[0].tolist() == [0.0, 1.0, 0.0]
    with pytest.raises(ValueError, match="'sigma' parameter of threshold_triples must be positive"):
        threshold_triples(0.5, 0.5, 0.8, sigma=-1)


def test_betting_context_and_to_action():
    state = LimitHoldem(n_players=4).new_hand(np.arange(52))
    obs = state.observation(state.current_player)
    c = betting_context(obs)
    assert (c.round, c.bets_to_call, c.bet_level, c.players_behind, c.n_active) == (0, 1, 1, 3, 3)
    assert c.pot_odds == pytest.approx(2 / 5)
    assert to_action(FOLD, obs).kind == ActionKind.FOLD and to_action(RAISE, obs).amount == 4


@pytest.mark.parametrize("n", [2, 3, 4, 6, 10])
def test_betting_context_acting_order_follows_the_engine_in_every_round(n):
    """Each round, the k-th seat to act (everyone calling or checking) has ``n - 1 - k`` players behind it.

    Heads-up the button posts the small blind and acts first pre-flop, last after the flop
    (a regression fixed earlier: the button was taken to act second pre-flop heads-up).
    """
    for button in range(n):
        state = LimitHoldem(n_players=n).new_hand(np.arange(52), button=button)
        for r in range(4):
            assert state.current_player == first_to_act(n, button, r)
            for k in range(n):
                obs = state.observation(state.current_player)
                assert obs.round == r
                c = betting_context(obs)
                assert (c.players_behind, c.n_active) == (n - 1 - k, n - 1)
                state.apply(to_action(CALL, obs))
        assert state.is_terminal


def test_heads_up_button_acts_first_preflop_with_one_player_behind():
    state = LimitHoldem(2).new_hand(np.arange(52), button=0)
    obs = state.observation(state.current_player)
    c = betting_context(obs)
    assert (obs.player, c.players_behind, c.behind, c.bets_to_call) == (0, 1, 1.0, 1)


@pytest.mark.parametrize("n", [2, 3, 4, 10])
def test_button_inferred_from_the_first_actor_when_all_fold_to_the_big_blind(n):
    """A specific model that never acted (all folded to its big blind) counts each fold facing one bet.

    Heads-up the small blind (the button) folds facing half a bet, one bet to call; an earlier version
    counted it in the context of 0 bets to call.
    """
    for button in range(n):
        _, bb = blind_seats(n, button)
        assert button_from_first_actor(n, first_to_act(n, button, 0)) == button
        state = LimitHoldem(n_players=n).new_hand(np.arange(52), button=button)
        agent = PokiAgent(rng=0)
        first = LimitHoldem(n_players=n).new_hand(np.arange(52), button=button)
        agent.new_hand(first.current_player)
        agent.act(first.observation(first.current_player))  # an earlier hand in which it acted (learns n)
        agent.new_hand(bb)
        while not state.is_terminal:
            p = state.current_player
            assert p != bb
            state.apply(Action(ActionKind.FOLD))
            agent.observe(state.history[-1])
        agent.new_hand(0)  # closes the hand: counts it in the model
        counts = agent.model_.counts_
        assert counts.sum() == n - 1
        assert counts[1:, 0, 1, FOLD].sum() == n - 1  # every fold with one bet to call pre-flop
        assert counts[0].sum() == 0  # our own seat (relative 0) never counted


# --- §4 opponent modelling ------------------------------------------------------------------


def test_gom_without_observations_and_som_learns_twelve_contexts():
    gom = OpponentModel(4, specific=False)
    som = OpponentModel(4)
    assert gom.thresholds(2, round=2, bets_to_call=1) == pytest.approx((GOM_CALL[2, 1], GOM_RAISE[2, 1]))
    assert som.thresholds(2, round=2, bets_to_call=1) == pytest.approx((GOM_CALL[2, 1], GOM_RAISE[2, 1]))
    for _ in range(200):
        som.observe(2, round=2, bets_to_call=1, action=FOLD)  # a rock on the turn
    mu_call, _ = som.thresholds(2, round=2, bets_to_call=1)
    assert mu_call > 0.9
    assert som.thresholds(1, round=2, bets_to_call=1) == pytest.approx((GOM_CALL[2, 1], GOM_RAISE[2, 1]))
    assert som.counts_.shape == (4, 4, 3, 3)  # twelve contexts per opponent
    with pytest.raises(ValueError, match="'round' parameter of OpponentModel.observe must be an integer in \\[0, 3\\]"):
        som.observe(1, round=4, bets_to_call=0, action=1)


@pytest.mark.parametrize("n", [2, 3, 6])
def test_hand_tracker_and_nn_inputs_follow_the_engine(n):
    """The tracker's pot and bets equal the engine's; the 19 network inputs of each action
    agree with the acting seat's observation (inputs 0-11) and the board (15-18), heads-up included."""
    rng = np.random.default_rng(2)
    game = LimitHoldem(n_players=n)
    for _ in range(30):
        state = game.new_hand(rng.permutation(52), button=int(rng.integers(n)))
        tracker = HandTracker(n, state.button, features=True)
        told = 0
        decided = None
        while not state.is_terminal:
            while told < len(state.history):
                tracker.step(state.history[told])
                told += 1
            if decided is not None:
                _check_inputs(tracker.features[-1], *decided)
            p = state.current_player
            obs = state.observation(p)
            assert tracker.pot == obs.pot and tracker.committed == list(obs.committed)
            assert tracker.high - tracker.committed[p] == obs.to_call
            decided = (betting_context(obs), obs.public)
            legal = obs.legal
            state.apply(legal[int(rng.integers(len(legal)))])


def _check_inputs(x, c, board):
    assert x.shape == (19,) and ((0 <= x) & (x <= 1)).all()
    assert x[:4].tolist() == [float(c.round == r) for r in range(4)]
    assert x[4:7].tolist() == [float(min(c.bets_to_call, 2) == b) for b in range(3)]
    assert x[7] == min(c.bet_level, 4) / 4
    assert x[8] == pytest.approx(c.n_active / 9)
    assert x[9] == pytest.approx(c.behind)
    assert x[10] == pytest.approx(c.pot_odds)
    assert tuple(x[15:]) == board_texture(board)


# --- §4 simulation -----------------------------------------------------------------------------


def _flop_tracker(n=4):
    t = HandTracker(n, 0)
    first = 3 % n
    for i in range(n):
        t.step(Event("action", (first + i) % n, Action(ActionKind.CHECK_CALL), (), 0))
    t.step(Event("deal", -1, None, tuple(parse_cards("Ah Kd 7c").tolist()), 1))
    return t


def test_simulation_seeded_and_sensible():
    t = _flop_tracker()
    kw = dict(me=1, weights=np.ones((4, 1326)), model=OpponentModel(4), trials=300)
    a = simulate(t, hole=parse_cards("2c 3d"), our_strength=0.05, rng=7, **kw)
    b = simulate(t, hole=parse_cards("2c 3d"), our_strength=0.05, rng=7, **kw)
    assert a.ev == b.ev and a.trials == 300
    assert a.ev[RAISE] < 0  # betting trash into three players loses
    strong = simulate(t, hole=parse_cards("As Ac"), our_strength=0.95, rng=7, **kw)
    assert min(strong.ev[1:]) > 5 and strong.best in (CALL, RAISE)
    with pytest.raises(ValueError, match="'trials' parameter of simulate must be a positive integer; got 0"):
        simulate(t, hole=parse_cards("2c 3d"), our_strength=0.1, rng=7, **{**kw, "trials": 0})


def test_simulation_time_budget_stops_early():
    t = _flop_tracker()
    res = simulate(t, me=1, hole=parse_cards("Qh Jh"), weights=np.ones((4, 1326)), our_strength=0.4,
                   model=OpponentModel(4), trials=5000, time_budget=1e-6, rng=1)
    assert 0 < res.trials < 5000


# --- agents and experiments ------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["loki", "loki-reweight", "loki-showdown", "loki-reweight-showdown", "loki-b", "loki-c", "loki-d", "loki-e", "poki", "poki-nn", "poki-meta"]
)
def test_agents_play_limit_holdem_by_name(name):
    r = play_match(LimitHoldem(n_players=3), [name, "call", "raise"], 30, rng=1)
    assert r.n_hands == 30 and np.isclose(r.winnings.sum(), 0)


@pytest.mark.parametrize("sim", ["poki-sim", "poki-sim-meta"])
def test_poki_sim_plays_and_is_seeded(sim):
    agents = [sim, "poki", "loki"]
    a = play_match(LimitHoldem(n_players=3), agents, 6, rng=4)
    b = play_match(LimitHoldem(n_players=3), agents, 6, rng=4)
    assert np.array_equal(a.winnings, b.winnings)


def test_loki_beats_always_call_heads_up():
    r = play_match(LimitHoldem(), ["loki", "call"], 120, rng=3, duplicate=True)
    assert r.players[0].mean > 0


def test_figure1_smoke_machinery():
    res = figure1_tournament(6, rng=2)
    assert [v.name for v in res.versions] == ["loki", "loki-b", "loki-c", "loki-d", "loki-e"]
    assert res.match.n_hands == 60 and res.match.duplicate
    assert abs(sum(v.mean for v in res.versions)) < 1e-9
    assert all(v.ci95[0] <= v.mean <= v.ci95[1] and v.bankroll.size == 60 for v in res.versions)
    assert "loki-e" in res.table()


def test_versions_match_pools_seats():
    res = versions_match(["poki", "loki", "poki", "loki"], 5, rng=1)
    assert [v.name for v in res.versions] == ["poki", "loki"]
    assert res.versions[0].mean == pytest.approx(-res.versions[1].mean)


@pytest.mark.slow
def test_figure1_full_tournament():
    res = figure1_tournament(2000, rng=2026, workers=2)
    print(res.table())
    means = {v.name: v.mean for v in res.versions}
    assert means["loki"] > means["loki-e"]


def test_simulation_with_folded_seats_on_a_board_holding_the_deuce_of_clubs():
    """Regression: folded seats were given holding 0 (2c 3c), a card clash with a board holding 2c."""
    t = HandTracker(4, 0)
    for p in (3, 0):
        t.step(Event("action", p, Action(ActionKind.FOLD), (), 0))
    for p in (1, 2):
        t.step(Event("action", p, Action(ActionKind.CHECK_CALL), (), 0))
    t.step(Event("deal", -1, None, tuple(parse_cards("2c Ks 7h").tolist()), 1))
    res = simulate(t, me=1, hole=parse_cards("Ah Kd"), weights=np.ones((4, 1326)), our_strength=0.8,
                   model=OpponentModel(4), trials=2, rng=0)  # 2 trials × 4 seats: the evaluator's checked small-batch path
    assert res.trials == 2

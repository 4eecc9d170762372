"""Weight tables (Billings2002 "weighting the enumeration", "updating weight table"; Billings1998b's re-weighting)."""

import numpy as np
import pytest

from bpp.loki.inspection import holding_strengths, tight_player_example, trace_hand
from bpp.loki.evaluator.preflop import preflop_triples, sklansky_group
from bpp.loki.modeler.weightnet import HOLDING_STATES, WeightNetwork, compile_network
from bpp.loki.modeler.weights import CALL, FOLD, RAISE, WeightTable, linear_reweighting, ramp_triples
from holdem.cards import parse_cards
from holdem.evaluate import evaluate, evaluate_unchecked, hand_category
from holdem.ranges import CLASS_OF_HOLDING, HOLDINGS, holding_index, holdings_mask


def test_new_hand_weights_one_and_known_cards_zero():
    """Billings2002: "when a new hand begins, each entry is initialized to weight one … impossible hands are set to zero"."""
    table = WeightTable(dead_cards="As Kd 7c 8h 2s")
    live = holdings_mask("As Kd 7c 8h 2s")
    assert np.all(table.weights[live] == 1.0) and np.all(table.weights[~live] == 0.0)
    assert table.total == 1081.0  # C(47, 2)
    assert np.array_equal(table.live, live)


def test_reweight_is_poki_update_rule():
    """Billings2002 Figure "updating weight table": w ← w · PT[action], entry by entry."""
    rng = np.random.default_rng(0)
    prior = rng.random(1326)
    pt = rng.dirichlet([1, 1, 1], 1326)
    table = WeightTable(prior)
    for action in (FOLD, CALL, RAISE):
        assert np.allclose(table.reweight_action(pt, action).weights, prior * pt[:, action])
    assert np.allclose(table.reweight_action(pt, "raise").weights, prior * pt[:, RAISE])


def test_poki_worked_example_numbers():
    """Billings2002's example: a raise observed with triple (0.0, 0.7, 0.3) keeps 0.3 of an entry; a call would keep 0.7."""
    pt = np.tile([0.0, 0.7, 0.3], (1326, 1))
    table = WeightTable(np.full(1326, 0.4))
    assert table.reweight_action(pt, RAISE).weights[5] == pytest.approx(0.12)
    assert table.reweight_action(pt, CALL).weights[5] == pytest.approx(0.28)


def test_table_is_immutable():
    table = WeightTable()
    with pytest.raises(AttributeError, match="immutable"):
        table.weights = np.zeros(1326)
    with pytest.raises(ValueError):
        table.weights[0] = 5.0
    after = table.reweight(np.full(1326, 0.5))
    assert table.total == 1326.0 and after.total == 663.0


def test_remove_cards_zeroes_and_keeps_the_rest():
    table = WeightTable(np.linspace(0.1, 1, 1326)).remove_cards("Qh 7d")
    dead = ~holdings_mask("Qh 7d")
    assert np.all(table.weights[dead] == 0) and np.all(table.weights[~dead] > 0)
    assert not table.live[dead].any()


def test_grid_averages_live_holdings_only():
    """A class that lost combos to a known card is not darkened by the dead ones."""
    table = WeightTable(dead_cards="Ah")
    grid = table.grid()
    assert grid[0, 0] == 1.0 and grid[0, 1] == 1.0  # AA, AKs: their live combos have weight 1


def test_linear_reweighting_literature_function():
    """Billings1998b: (EHS − μ + σ) / (2σ) clipped to [0.01, 1]."""
    ehs = np.array([0.0, 0.4, 0.45, 0.5, 0.55, 0.6, 0.9])
    assert np.allclose(linear_reweighting(ehs, 0.5, 0.1), [0.01, 0.01, 0.25, 0.5, 0.75, 1.0, 1.0])
    table = WeightTable().reweight_linear(np.linspace(0, 1, 1326), 0.5, 0.1)
    assert table.weights.min() == pytest.approx(0.01) and table.weights.max() == 1.0


@pytest.mark.parametrize(
    "call, kwargs, message",
    [
        (lambda: WeightTable(np.ones(10)), {}, r"shape \(1326,\); got shape \(10,\)"),
        (lambda: WeightTable(-np.ones(1326)), {}, "finite non-negative"),
        (lambda: WeightTable().reweight_action(np.ones((1326, 2)), 1), {}, r"shape \(1326, 3\)"),
        (lambda: WeightTable().reweight_action(np.ones((1326, 3)) / 3, 3), {}, "got 3"),
        (lambda: linear_reweighting([0.5], 0.5, -1), {}, "sigma"),
        (lambda: WeightTable(np.zeros(1326)).probabilities, {}, "no weight left"),
    ],
)
def test_bad_input_names_the_value(call, kwargs, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_ramp_triples_are_distributions():
    strength = np.random.default_rng(1).random(1326)
    for to_call in (0, 1, 2):
        pt = ramp_triples(strength, call_threshold=0.4, raise_threshold=0.7, bets_to_call=to_call)
        assert np.allclose(pt.sum(axis=1), 1) and (pt >= 0).all()
        if to_call == 0:
            assert (pt[:, FOLD] == 0).all()


def test_holding_strengths_match_evaluate_by_brute_force():
    """Every holding's HS on a flop against one random hand, by explicit enumeration for a few holdings."""
    board = parse_cards("Qs Jh 4c")
    hs = holding_strengths(board)
    live = holdings_mask(board)
    for h in (holding_index("AsQd"), holding_index("4d4h"), holding_index("7c2d")):
        ours = evaluate(np.concatenate([HOLDINGS[h], board]))
        others = [j for j in np.flatnonzero(live) if not set(HOLDINGS[j]) & set(HOLDINGS[h])]
        theirs = evaluate(np.concatenate([HOLDINGS[others], np.broadcast_to(board, (len(others), 3))], axis=1))
        expected = ((theirs < ours).sum() + 0.5 * (theirs == ours).sum()) / len(others)
        assert hs[h] == pytest.approx(expected)
    assert hs[holding_index("QsKs")] == 0.0  # uses a board card


# --- the Bayesian network ----------------------------------------------------------------------


def test_network_structure_and_cpts():
    pt = np.random.default_rng(2).dirichlet([1, 1, 1], 1326)
    net = WeightNetwork(dead_cards="2c 3c").observe(pt, "call").observe(pt, "raise")
    model = net.to_pgmpy()
    assert set(model.edges()) == {("H", "A1"), ("H", "A2")}
    assert model.get_cpds("H").state_names["H"] == list(HOLDING_STATES)
    assert HOLDING_STATES[0] == "2c2d" and HOLDING_STATES[-1] == "AhAs"
    np.testing.assert_allclose(model.get_cpds("A1").get_values(), pt.T)
    assert net.evidence() == {"A1": "call", "A2": "raise"}


def _networks_of(info, observer=0):
    """Replay a recorded hand: per opponent seat, the compiled network after each of its actions."""
    hole = np.array(info["holes"][observer])
    nets = {}
    for seat, _round, board, triples, kind in info["actions"]:
        if seat == observer:
            continue
        known = np.concatenate([hole, np.array(board, dtype=hole.dtype)])
        prev = nets.get(seat, WeightNetwork(dead_cards=hole))
        # the board so far is known too: rebuild the prior with it, keep the observations
        net = WeightNetwork(WeightTable(dead_cards=known), observations=prev.observations)
        nets[seat] = net.observe(triples, kind, context=f"round {_round}")
        yield seat, nets[seat]


@pytest.mark.parametrize("seed", [0, 3])
def test_compiled_table_equals_pgmpy_posterior_after_every_action(seed):
    """DESIGN: the compiled numpy update equals pgmpy's VariableElimination after every action of recorded hands."""
    info, tables = trace_hand(seed, n_players=4)
    checked = 0
    for seat, net in _networks_of(info):
        model = net.to_pgmpy()
        exact = net.pgmpy_posterior(model)
        np.testing.assert_allclose(net.posterior(), exact, rtol=1e-9, atol=1e-15)
        np.testing.assert_allclose(compile_network(model, net.evidence()).posterior(), exact, rtol=1e-9, atol=1e-15)
        checked += 1
    assert checked >= 2
    # and the tables the trace kept equal the network's posterior at the end of each opponent's hand
    for seat, streets in tables.items():
        last = list(streets.values())[-1]
        final = [n for s, n in _networks_of(info) if s == seat]
        if final:
            np.testing.assert_allclose(last.probabilities, final[-1].posterior(), rtol=1e-9, atol=1e-15)


# --- the paper's example -------------------------------------------------------------------------


def _share(table, mask):
    p = table.probabilities
    return float(p[mask].sum())


def test_tight_player_example_mass_moves_as_the_paper_describes():
    """Billings2002's example: EP (tight) calls pre-flop, bets the flop, bets the turn and calls, checks the river."""
    t = tight_player_example()
    groups = np.array([sklansky_group(int(k)) for k in range(169)])[CLASS_OF_HOLDING]
    aa_kk = np.isin(CLASS_OF_HOLDING, [0, 14])  # AA, KK
    # pre-flop call in early position: junk (no Sklansky group) nearly gone, the big pairs
    # (which a tight player raises) far less likely than at the start
    assert _share(t["start"], groups == 9) > 0.5
    assert _share(t["pre-flop"], groups == 9) < 0.1
    assert _share(t["pre-flop"], aa_kk) < 0.5 * _share(t["start"], aa_kk)
    # flop bet on Qs Jh 4c: hands with a pair or better gain share
    flop = parse_cards("Qs Jh 4c")
    made = np.zeros(1326, bool)
    live = holdings_mask(np.concatenate([flop, parse_cards("Ad Jc")]))
    ranks = evaluate_unchecked(np.concatenate([HOLDINGS, np.broadcast_to(flop, (1326, 3))], axis=1))
    made[live] = hand_category(ranks[live]) >= 1  # a pair or more
    assert _share(t["flop"], made) > _share(t["pre-flop"], made) + 0.2
    # "EP certainly has a queen" (Billings2002): after the flop bet most of the mass holds a queen, and keeps it on the turn
    queen = (HOLDINGS >> 2 == 10).any(axis=1)
    assert _share(t["flop"], queen) > _share(t["pre-flop"], queen) + 0.3
    assert _share(t["flop"], queen) > 0.75 and _share(t["turn"], queen) > 0.75
    # river check: the strongest holdings (they would have bet) lose share
    river_hs = holding_strengths("Qs Jh 4c 7d 2h", "Ad Jc")
    strong = river_hs > 0.9
    assert _share(t["river"], strong) < 0.9 * _share(t["turn"].remove_cards("2h"), strong)


def test_preflop_triples_reweight_consistently_with_levels():
    """Re-weighting by a pre-flop call keeps Make1 hands; a raise keeps Make2+ hands."""
    pt = preflop_triples(n_players=10, players_behind=6, bet_level=1)
    called = WeightTable().reweight_action(pt, CALL)
    raised = WeightTable().reweight_action(pt, RAISE)
    aa = holding_index("AsAh")
    assert raised.weights[aa] == 1.0 and called.weights[aa] == 0.0
    assert raised.total < called.total

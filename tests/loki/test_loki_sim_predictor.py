"""The simulated opponents of Poki's simulation player act by the predictor the agent uses for them (Billings2002's
last experiment: the meta player's chosen predictor plays each opponent in the trials)."""

import copy

import numpy as np
import pytest

import bpp.registry
from bpp.loki.modeler.opponent_model import HandTracker, OpponentModel
from bpp.loki.simulator.sampling import simulate
from bpp.loki.state import board_texture, board_textures, context_features
from bpp.loki.selector.triples import FOLD, RAISE
from holdem.cards import parse_cards
from holdem.games import LimitHoldem
from holdem.games.base import Action, ActionKind, Event
from holdem.match import play_match
from loki_definitions import texture_by_definition


class _Stub:
    """A predictor that always predicts the same (fold, call, raise) and records what it was asked."""

    def __init__(self, p):
        self.p = np.asarray(p, dtype=np.float64)
        self.calls = []

    def predict(self, opponent, x):
        self.calls.append((opponent, np.array(x)))
        return np.tile(self.p, (len(x), 1))


def _heads_up_flop():
    t = HandTracker(2, 0, features=True)
    t.step(Event("action", 0, Action(ActionKind.CHECK_CALL), (), 0))
    t.step(Event("action", 1, Action(ActionKind.CHECK_CALL), (), 0))
    t.step(Event("deal", -1, None, tuple(parse_cards("Ah Kd 7c").tolist()), 1))
    return t  # seat 1 (the big blind) acts first on the flop


def _run(predictor, trials=300):
    return simulate(_heads_up_flop(), me=1, hole=parse_cards("Qh Jh"), weights=np.ones((2, 1326)), our_strength=0.3,
                    model=OpponentModel(2), trials=trials, predictor=predictor, rng=0)


def test_a_predictor_that_always_raises_makes_the_simulated_opponent_raise():
    raises = _run(_Stub([0.0, 0.0, 1.0])).actions[0]
    folds = _run(_Stub([1.0, 0.0, 0.0])).actions[0]
    table = _run(None).actions[0]  # the twelve-context table of the opponent model
    assert raises[RAISE] / raises.sum() > 0.95
    assert folds[RAISE] / folds.sum() < 0.05 and folds[FOLD] > folds[RAISE]
    assert 0.1 < table[RAISE] / table.sum() < 0.9


def test_the_predictor_sees_the_trial_decisions_inputs_and_the_opponents_relative_seat():
    stub = _Stub([0.2, 0.5, 0.3])
    _run(stub, trials=50)
    opponent, x = stub.calls[0]  # the first opponent decision: every trial row, after our check or our bet
    assert opponent == 1  # seat 0 relative to seat 1 at a two-seat table
    for ours, rows in ((ActionKind.CHECK_CALL, x[:50]), (ActionKind.BET_RAISE, x[50:])):
        t = copy.deepcopy(_heads_up_flop())
        t.step(Event("action", 1, Action(ours), (), 1))
        np.testing.assert_allclose(rows, np.tile(context_features(t, 0), (50, 1)))


@pytest.mark.parametrize("k", [3, 4, 5])
def test_board_textures_follow_their_definitions(k):
    rng = np.random.default_rng(k)
    boards = np.array([rng.permutation(52)[:k] for _ in range(400)], dtype=np.int8)
    boards[0, :3] = (48, 0, 4)  # A 2 3: the ace plays low
    boards[1, :3] = (0, 1, 5)  # a pair of deuces
    want = np.array([texture_by_definition([int(c) for c in b]) for b in boards])
    np.testing.assert_array_equal(board_textures(boards), want)
    assert board_texture(tuple(int(c) for c in boards[0])) == tuple(want[0])


@pytest.mark.parametrize("name, predictor", [("poki-sim-meta", "meta"), ("poki-sim-nn", "network"), ("poki-sim", None)])
def test_the_simulation_player_passes_its_predictor_to_the_simulation(name, predictor, monkeypatch):
    import bpp.loki.simulator.sampling as simulation

    seen = []
    real = simulation.simulate

    def spy(*args, **kwargs):
        seen.append(kwargs["predictor"])
        return real(*args, **kwargs)

    monkeypatch.setattr(simulation, "simulate", spy)
    agent = bpp.registry.make_agent(name, rng=0)
    agent.simulator.trials = 50
    play_match(LimitHoldem(n_players=3), [agent, "call", "call"], 4, rng=1)
    assert seen and all(p is agent.predictor_ for p in seen)
    assert (agent.predictor_ is None) == (predictor is None)


def _heads_up_river():
    """Both players checked every street to the river; seat 1 acts first there."""
    t = HandTracker(2, 0, features=True)
    t.step(Event("action", 0, Action(ActionKind.CHECK_CALL), (), 0))
    t.step(Event("action", 1, Action(ActionKind.CHECK_CALL), (), 0))
    board = parse_cards("Ah Kd 7c 4s 2h").tolist()
    for r, cards in ((1, board[:3]), (2, board[3:4]), (3, board[4:])):
        t.step(Event("deal", -1, None, tuple(cards), r))
        if r < 3:
            t.step(Event("action", 1, Action(ActionKind.CHECK_CALL), (), r))
            t.step(Event("action", 0, Action(ActionKind.CHECK_CALL), (), r))
    return t, np.array(board, dtype=np.int8)


@pytest.mark.parametrize("path", ["predictor", "table"])
def test_over_a_narrowed_range_the_simulated_opponent_acts_with_the_predicted_frequencies(path):
    """The history is counted once: the opponent's holdings come from a weight table narrowed to its strongest
    fifth of holdings (as after its raises), and over those holdings it folds / raises as often as predicted.

    River, we act first with a hopeless hand (we fold to any bet, never raise), so the opponent has exactly one
    decision per trial row in each branch: after our check (it bets with p_raise) and after our bet (it folds with
    p_fold, raises with p_raise); 2 × 2,000 decisions.  On the scale of all holdings (``range_relative=False``) the
    same strong range never folds and raises far more than predicted (the double count the option removes).
    """
    from bpp.loki.evaluator.postflop import street_table

    t, board = _heads_up_river()
    strength = street_table(board).holding_strength()[1]
    weights = np.ones((2, 1326))
    weights[0] = strength >= np.quantile(strength[strength > 0], 0.8)  # seat 0's range: its strongest fifth
    model = OpponentModel(2)
    if path == "predictor":
        predictor = _Stub([0.3, 0.4, 0.3])
        p_check = (0.0, 0.7, 0.3)  # after our check it cannot fold
        p_bet = (0.3, 0.4, 0.3)
    else:
        predictor = None
        mc, mr = model.threshold_table()
        p_check = (0.0, mr[1, 3, 0], 1 - mr[1, 3, 0])
        p_bet = (mc[1, 3, 1], mr[1, 3, 1] - mc[1, 3, 1], 1 - mr[1, 3, 1])
    T = 2000
    want = (np.array(p_check) + np.array(p_bet)) / 2
    shares = {}
    for rr in (True, False):
        res = simulate(t, me=1, hole=parse_cards("3c 5d"), weights=weights, our_strength=0.0, model=model, trials=T,
                       predictor=predictor, range_relative=rr, rng=3)
        counts = res.actions[0]
        assert counts.sum() == 2 * T  # one opponent decision per row and branch
        shares[rr] = counts / counts.sum()
    se = np.sqrt(want * (1 - want) / (2 * T))
    assert np.all(np.abs(shares[True] - want) < 4 * se + 1e-9), (shares[True], want)
    assert shares[False][RAISE] > want[RAISE] + 0.1 and shares[False][FOLD] < want[FOLD] / 2, (shares[False], want)


@pytest.mark.parametrize("agents, seed", [(["poki-sim-meta", "call"], 4), (["poki-sim-nn", "call"], 5),
                                          (["poki-sim-nn", "poki-sim-meta", "maniac"], 6)])
def test_context_only_predictors_predict_as_with_every_input(monkeypatch, agents, seed):
    """A predictor that depends on the context only (the frequency and rule models, a network before it predicts) is
    asked once per round for the three contexts, whose thresholds go into the round's tables, instead of once per
    row: the match is the one every row's 19 inputs give."""
    from bpp.loki.modeler import predictors

    def play():
        r = play_match(LimitHoldem(n_players=len(agents)), agents, 40, rng=seed)
        return np.asarray(r.winnings).tobytes()

    asked = []
    for cls in (predictors.NeuralPredictor, predictors.MetaPredictor):
        monkeypatch.setattr(cls, "context_only", lambda self, o, real=cls.context_only: asked.append(real(self, o)) or asked[-1])
    fast = play()
    assert any(asked)  # the context path ran
    for cls in (predictors.FrequencyPredictor, predictors.NeuralPredictor, predictors.MetaPredictor):
        monkeypatch.setattr(cls, "context_only", lambda self, o: False)
    assert play() == fast

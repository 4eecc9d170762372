"""Poki's neural-network, frequency and meta action predictors, and the hold'em styles (Billings2002)."""

import numpy as np
import pytest

from bpp.loki.agents import PokiAgent, poki_meta, poki_nn
from bpp.loki.opponents import STYLES, StyleAgent
from bpp.loki.modeler.predictors import (
    FEATURES,
    N_FEATURES,
    FrequencyPredictor,
    MetaPredictor,
    NeuralPredictor,
    board_texture,
    predictor_thresholds,
)
from bpp.registry import agent_games, match_agents
from holdem.cards import parse_cards
from holdem.games import LimitHoldem
from holdem.match import play_match
from holdem.ranges import HOLDINGS


def test_nineteen_inputs_three_outputs():
    """Billings2002: "a set of nineteen inputs", "three nodes corresponding to the fold, call and raise probabilities"."""
    assert N_FEATURES == len(FEATURES) == 19 and len(set(FEATURES)) == 19
    net = NeuralPredictor(3, rng=0, warmup=0, batch=8)
    net.update(1, np.random.default_rng(0).random((8, 19)), [0, 1, 2, 1, 1, 2, 0, 1])
    w1, b1, w2, b2 = net._weights[1]
    assert w1.shape == (19, net.hidden) and w2.shape == (net.hidden, 3)


def test_board_texture_against_a_direct_count():
    assert board_texture(parse_cards("Ah Kh 2h").tolist()) == (1.0, 0.0, 0.0, 0.4)  # A-K-2: no three within five
    assert board_texture(parse_cards("Ah 2c 4d").tolist())[2] == 1.0  # the wheel: the ace plays low
    assert board_texture(parse_cards("9c 9d 2s 3h").tolist()) == (0.0, 1.0, 0.0, 0.0)
    assert board_texture(parse_cards("Tc Jd Qs Kh Ac").tolist()) == (0.0, 0.0, 1.0, 1.0)


def test_network_prediction_equals_sklearn_predict_proba():
    rng = np.random.default_rng(1)
    x = rng.random((300, 19))
    x[:, 4] = 0.0  # a bet to call everywhere: the network's own distribution, nothing moved
    y = rng.integers(0, 3, 300)
    net = NeuralPredictor(4, rng=2, warmup=0, batch=100)
    net.update(3, x, y)
    assert np.allclose(net.predict(3, x), net.nets_[3].predict_proba(x))
    free = x[:5].copy()
    free[:, 4] = 1.0
    p = net.predict(3, free)
    assert np.allclose(p[:, 0], 0) and np.allclose(p.sum(axis=1), 1)  # no fold when checking is free


def _synthetic(n_records, seed):
    """An opponent who raises exactly when its last action was a raise (input 12), else calls: the frequency
    model's twelve contexts cannot see it, a network can."""
    rng = np.random.default_rng(seed)
    x = np.zeros((n_records, 19))
    x[np.arange(n_records), rng.integers(0, 4, n_records)] = 1
    x[np.arange(n_records), 5 + rng.integers(0, 2, n_records)] = 1  # one or two bets to call
    x[:, 12] = rng.random(n_records) < 0.4
    x[:, 7:12] = rng.random((n_records, 5))
    return x, np.where(x[:, 12] > 0, 2, 1)


def test_network_learns_what_the_frequencies_cannot_and_meta_chooses_it():
    x, y = _synthetic(3000, 0)
    xt, yt = _synthetic(500, 1)
    net = NeuralPredictor(2, rng=0)
    freq = FrequencyPredictor(2)
    meta = MetaPredictor(2, rng=0)
    for lo in range(0, 3000, 10):
        net.update(1, x[lo : lo + 10], y[lo : lo + 10])
        freq.update(1, x[lo : lo + 10], y[lo : lo + 10])
        meta.update(1, x[lo : lo + 10], y[lo : lo + 10])
    acc_net = (net.predict(1, xt).argmax(axis=1) == yt).mean()
    acc_freq = (freq.predict(1, xt).argmax(axis=1) == yt).mean()
    assert acc_net > 0.95 and acc_freq < 0.7
    assert meta.choice(1) == "network" and meta.choice(0) == "frequency"  # seat 0 never seen
    assert meta.n_scored_[1] == 3000


def test_predictions_become_thresholds_as_frequencies_do():
    assert predictor_thresholds(np.array([0.2, 0.5, 0.3]), 0) == (0.0, 0.7)
    assert predictor_thresholds(np.array([0.2, 0.5, 0.3]), 2) == (0.2, 0.7)


def test_learned_state_round_trips_through_plain_files(tmp_path):
    agents = match_agents(["poki-meta", "maniac", "rock"], rng=3)
    play_match(LimitHoldem(3), agents, 150, rng=3)
    a = agents[0].instance
    a.save(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["meta.npz", "network.npz", "opponent_model.npz"]
    for f in tmp_path.iterdir():
        np.load(f, allow_pickle=False).files  # plain arrays, no pickle
    b = poki_meta(rng=9).load(tmp_path)
    x, _ = _synthetic(20, 2)
    for k in (1, 2):
        assert np.allclose(a.predictor_.predict(k, x), b.predictor_.predict(k, x))
        assert a.predictor_.choice(k) == b.predictor_.choice(k)
    assert np.array_equal(a.model_.counts_, b.model_.counts_)
    c = poki_nn(rng=0)
    play_match(LimitHoldem(3), [c, "maniac", "calling-station"], 20, rng=1)
    c.save(tmp_path / "nn")
    assert poki_nn(rng=1).load(tmp_path / "nn").predictor_.seen_.tolist() == c.predictor_.seen_.tolist()
    with pytest.raises(ValueError, match="no learned state"):
        PokiAgent().save(tmp_path / "x")


def test_poki_nn_and_meta_learn_across_hands_and_are_seeded():
    for name in ("poki-nn", "poki-meta"):
        runs = []
        for _ in range(2):
            agents = match_agents([name, "maniac", "calling-station"], rng=4)
            runs.append(play_match(LimitHoldem(3), agents, 20, rng=4).winnings)
            assert agents[0].instance.learns_across_hands
            assert agents[0].instance.predictor_.__class__.__name__ in ("NeuralPredictor", "MetaPredictor")
        assert np.array_equal(*runs)


def test_styles_are_registered_for_limit_holdem_and_differ():
    names = ("maniac", "calling-station", "rock", "tag")
    assert all(agent_games(n) == ("limit-holdem",) for n in names)
    obs = LimitHoldem(n_players=6).new_hand(np.arange(52), button=0).observation(3)
    play = {}
    for name in names:
        agent = StyleAgent(name)
        p = agent.holdings_action_probabilities(obs, HOLDINGS)
        assert np.allclose(p.sum(axis=1), 1)
        for h in (0, 500, 1325):  # batched == one holding at a time
            one = agent.action_probabilities(obs._replace(hole=tuple(int(c) for c in HOLDINGS[h])))
            assert p[h].tolist() == pytest.approx([one[a] for a in obs.legal])
        play[name] = (1 - p[:, 0].mean(), p[:, 2].mean())  # share of hands played, share raised
    assert play["maniac"][0] > play["calling-station"][0] - 0.1 > play["tag"][0] > play["rock"][0]
    assert play["maniac"][1] > play["tag"][1] > play["calling-station"][1]
    assert set(STYLES) == set(names)

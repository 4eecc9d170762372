"""The simulation's probability of a real continuation (bpp.loki.simulator.continuation) and the probe of the
poki-continuations experiment (bpp.reproduce.poki_continuations)."""

import numpy as np
import pytest

from bpp.loki.modeler.opponent_model import HandTracker, OpponentModel
from bpp.loki.simulator.continuation import continuation_probabilities
from bpp.loki.simulator.sampling import simulate
from holdem.cards import parse_cards
from holdem.games.base import Action, ActionKind, Event
from holdem.ranges import HOLDING_INDEX, N_HOLDINGS

C, R = ActionKind.CHECK_CALL, ActionKind.BET_RAISE


class _Constant:
    """A predictor that always predicts the same (fold, call, raise)."""

    def __init__(self, p):
        self.p = np.asarray(p, dtype=np.float64)

    def predict(self, opponent, x):
        return np.tile(self.p, (len(x), 1))


def _tracker(events):
    t = HandTracker(2, 0, features=True)
    for e in events:
        t.step(e)
    return t


_TO_RIVER = [Event("action", 0, Action(C), (), 0), Event("action", 1, Action(C), (), 0),
             Event("deal", -1, None, tuple(parse_cards("Kd 9s 4h").tolist()), 1),
             Event("action", 1, Action(C), (), 1), Event("action", 0, Action(C), (), 1),
             Event("deal", -1, None, tuple(parse_cards("3c").tolist()), 2),
             Event("action", 1, Action(C), (), 2), Event("action", 0, Action(C), (), 2),
             Event("deal", -1, None, tuple(parse_cards("Jd").tolist()), 3),
             Event("action", 1, Action(C), (), 3), Event("action", 0, Action(R), (), 3)]  # seat 0 bets the river


@pytest.mark.parametrize("predictor", [None, _Constant([0.35, 0.45, 0.2])])
def test_one_reply_has_the_probability_the_simulation_samples_it_with(predictor):
    # heads-up river: seat 1 raises seat 0's bet; with one raise allowed seat 0 can only fold or call, once.  In
    # simulate's raise branch that reply is the only action of seat 0, so its counts over the trials sample the
    # distribution continuation_probabilities computes.
    hole = parse_cards("Qc Qh")
    before = _tracker(_TO_RIVER)
    after = _tracker(_TO_RIVER + [Event("action", 1, Action(R), (), 3), Event("action", 0, Action(C), (), 3)])
    k = len(before.records)
    model = OpponentModel(2)
    weights = np.ones((2, N_HOLDINGS))
    c = continuation_probabilities(before, after.records[k:], after.features[k:], me=1, hole=hole, weights=weights,
                                   model=model, board=after.board, predictor=predictor, trials=4000, max_raises=1, rng=5)
    assert c.index.tolist() == [1] and c.nth.tolist() == [0] and c.reset == 0
    p = c.probabilities[0]
    assert p[2] == 0.0  # capped: no raise
    sim = simulate(before, me=1, hole=hole, weights=weights, our_strength=0.6, model=model, trials=4000,
                   max_raises=1, predictor=predictor, rng=6)
    counts = sim.actions[0]
    assert counts.sum() == sim.trials and counts[2] == 0
    freq = counts / counts.sum()
    se = np.sqrt(p[0] * (1 - p[0]) * (1 / 4000 + 1 / sim.trials))
    assert abs(freq[0] - p[0]) < 4 * se + 0.005
    if predictor is not None:  # over its range the opponent folds with the predicted frequency
        assert abs(p[0] - 0.35) < 0.03


def test_later_actions_are_conditioned_on_the_earlier_ones_as_bayes_rule_says():
    # the opponent's range is two holdings, AA and 72 (AA ahead on every street here): range-relative strengths
    # 0.75 and 0.25.  Its second action's probability must be Σ_h p1(h) p2(h) / Σ_h p1(h) over the two holdings.
    flop = [Event("action", 0, Action(C), (), 0), Event("action", 1, Action(C), (), 0),
            Event("deal", -1, None, tuple(parse_cards("Kd 9s 4h").tolist()), 1)]
    before = _tracker(flop)
    rest = [Event("action", 1, Action(R), (), 1), Event("action", 0, Action(R), (), 1),  # we bet, it raises
            Event("action", 1, Action(C), (), 1),
            Event("deal", -1, None, tuple(parse_cards("3c").tolist()), 2),
            Event("action", 1, Action(C), (), 2), Event("action", 0, Action(R), (), 2),  # we check, it bets
            Event("action", 1, Action(C), (), 2),
            Event("deal", -1, None, tuple(parse_cards("Jh").tolist()), 3),
            Event("action", 1, Action(C), (), 3), Event("action", 0, Action(C), (), 3)]  # it checks behind
    after = _tracker(flop + rest)
    k = len(before.records)
    weights = np.zeros((2, N_HOLDINGS))
    aa, seven_two = HOLDING_INDEX[tuple(parse_cards("As Ah"))], HOLDING_INDEX[tuple(parse_cards("7c 2d"))]
    weights[0, [aa, seven_two]] = 1.0
    pred = [0.2, 0.5, 0.3]
    model = OpponentModel(2)
    c = continuation_probabilities(before, after.records[k:], after.features[k:], me=1, hole=parse_cards("Qc Qh"),
                                   weights=weights, model=model, board=after.board, predictor=_Constant(pred),
                                   trials=20000, rng=1)
    assert c.nth.tolist() == [0, 1, 2]
    sg = model.sigma

    def ramp(s, owe, level):  # the simulated opponent's (fold, call, raise) at strength s (sampling._batch)
        mc = 0.0 if owe == 0 else 1 - pred[2] - pred[1]
        go = 1.0 if owe == 0 else np.clip((s - mc + sg) / (2 * sg), 0, 1)
        up = min(np.clip((s - (1 - pred[2]) + sg) / (2 * sg), 0, 1), go) if level < 4 else 0.0
        return np.array([1 - go, go - up, up])

    strengths = np.array([0.75, 0.25])  # mid-ranks of two equally likely holdings
    real = [after.records[k + i] for i in c.index]
    prior = np.ones(2) / 2
    for i, rec in enumerate(real):
        per = np.array([ramp(s, rec[4], rec[6]) for s in strengths])  # (holding, action)
        expected = prior @ per / prior.sum()
        assert np.allclose(c.probabilities[i], expected, atol=0.02), (i, c.probabilities[i], expected)
        prior = prior * per[:, rec[3]]
    # the raise came from AA only (72's strength 0.25 is below the raise threshold 0.7 − σ): later, only AA's play
    assert c.probabilities[1][2] == pytest.approx(ramp(0.75, 4, 0)[2], abs=0.02)


def test_refuses_what_it_cannot_score():
    t = _tracker(_TO_RIVER[:2])
    with pytest.raises(ValueError, match="pre-flop"):
        continuation_probabilities(t, [(1, 0, 0, 1, 0, 4, 1)], [None], me=1, hole=[0, 1], weights=np.ones((2, N_HOLDINGS)),
                                   model=OpponentModel(2), board=())
    t = _tracker(_TO_RIVER[:3])
    with pytest.raises(ValueError, match="must start with seat 1"):
        continuation_probabilities(t, [(0, 1, 0, 1, 0, 4, 0)], [None], me=1, hole=[0, 1],
                                   weights=np.ones((2, N_HOLDINGS)), model=OpponentModel(2), board=t.board)
    with pytest.raises(ValueError, match="trials"):
        continuation_probabilities(t, [(1, 1, 0, 1, 0, 4, 0)], [None], me=1, hole=[0, 1],
                                   weights=np.ones((2, N_HOLDINGS)), model=OpponentModel(2), board=t.board, trials=0)


def test_the_probe_plays_exactly_as_poki_meta_and_its_hands_align():
    from bpp.reproduce.poki_continuations import SCORED, _report, continuation_run
    from bpp.reproduce.poki_meta import meta_run

    r = continuation_run("styles", 3, 1, trials=60)
    plain = meta_run("poki-meta", "styles", 3, 1)
    assert r["mean"] == pytest.approx(plain["mean"])  # the same hands, the same results
    assert r["misaligned_folds"] == 0 and r["decisions"]
    for d in r["decisions"]:
        assert d["action"] in (1, 2) and d["street"] in (1, 2, 3)
        for name in SCORED:
            assert all(0 <= p <= 1 for p in d[name]["sim"] + d[name]["direct"])
            assert len(d[name]["sim"]) == len(d["nth"])
    rows, _, text = _report({"styles 1": r}, None)
    assert {row.verdict for row in rows} <= {"within CI", "differs"} and len(rows) == 3
    assert "| styles | network |" in text

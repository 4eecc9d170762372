"""Deterministic play of the curves and the calibration records (Korb1999 §3.4, §4.1)."""

import numpy as np
import pytest


from bpp.stud.experiments.calibration import OPP_ACTIONS, SHOWING, calibration_table, decision_records
from bpp.stud.players.cardlevel import CardBPP
from bpp.stud.players.paper import BPPPlayer


@pytest.mark.parametrize("make", [lambda **k: BPPPlayer(**k), lambda **k: CardBPP(learn=False, **k)])
def test_argmax_plays_the_most_probable_action_of_the_same_curves(make, random_observations):
    sampled, argmax = make(rng=0), make(play="argmax", rng=0)
    for obs in random_observations(30, 0):
        p = sampled.action_probabilities(obs)
        q = argmax.action_probabilities(obs)
        assert sorted(q.values()) == [0.0] * (len(q) - 1) + [1.0]
        best = max(q, key=q.get)
        assert p[best] == pytest.approx(max(p.values()))
        assert argmax.act(obs) == best
        assert argmax.decision(obs)["probabilities"][int(best.kind)] == 1.0


def test_play_mode_is_checked():
    with pytest.raises(ValueError, match="'play' parameter of BPPPlayer must be one of sample, argmax; got 'mode'"):
        BPPPlayer(play="mode")


def test_decision_records_hold_every_decision_and_the_deals_true_outcome():
    rec = decision_records("bpp", "rules", n_deals=60, rng=3)
    n = rec["round"].size
    assert n > 100 and all(rec[k].size == n for k in ("p_win", "d", "action", "true_win", "showing", "opp_action"))
    assert np.allclose(rec["d"], rec["p_win"] - rec["theta"])
    assert np.allclose(rec["fold"] + rec["call"] + rec["bet"], 1.0)
    assert set(np.unique(rec["true_win"])) <= {0.0, 0.5, 1.0}
    # the true outcome is a property of the deal: every decision of one deal and seat shares it, and the two seats
    # of a deal see complementary outcomes unless both seats' decisions are missing
    for deal in np.unique(rec["deal"])[:20]:
        values = np.unique(rec["true_win"][rec["deal"] == deal])
        assert values.size <= 2 and (values.size == 1 or values.sum() == 1.0)
    assert rec["winnings"].size == 60
    rows = calibration_table(rec)
    assert sum(r["n"] for r in rows) == n
    for r in rows:
        cell = (rec["round"] == r["round"] - 1) & (rec["opp_action"] == OPP_ACTIONS.index(r["opp_action"])) & (
            rec["showing"] == SHOWING.index(r["showing"])
        )
        assert r["predicted"] == pytest.approx(rec["p_win"][cell].mean())
        assert r["true"] == pytest.approx(rec["true_win"][cell].mean())


def test_decision_records_reject_bad_deal_counts():
    with pytest.raises(ValueError, match="'n_deals' parameter of decision_records must be an integer >= 1; got 0"):
        decision_records(n_deals=0)

"""§5.2 experiments at full size (``slow``: run by ``make reproduce``): significance against each opponent, learning.

The default suite runs the short versions in ``test_stud_play.py`` (machinery
only).  Issue 4 asks BPP to beat both automated opponents with p <= 0.01 over
at least 5,000 hands each; the paper reports t = 7.84 (rules) and t = 15.8
(prob).  :func:`~bpp.stud.experiments.significance` plays one learning BPP
instance for the whole match (M_A|C learned per opponent throughout, as in
§5.2) with the curves of ``models/stud/curves.json`` (the seeded search of
§4.1 against the rule-based player).  Measured (seeds 2002 / 1999, 5,000
hands each; 95 % CI)::

    bpp vs rules  -0.114 ± 0.137 units/hand, t = -1.63, p = 0.10
    bpp vs prob   +0.008 ± 0.108 units/hand, t = +0.15, p = 0.88
    (duplicate, 5,000 deals = 10,000 hands: rules -0.080 ± 0.066, t = -2.35; prob +0.006 ± 0.052, t = 0.24)

BPP as the paper specifies it does not beat either player here, so the two
significance tests are strict xfails (they fail loudly the day they pass).
Why, by measurement (``bpp.stud`` diagnostics, duplicate matches):

* Figure 4's player bets or raises according to whether its hand beats
  *BPP's* up cards, but the network has OPP_Action depend on OPP_Current
  only (§3.1; the arc from a BPP-upcards node is the paper's own §6.1 future
  work), so learned M_A|C cannot separate "aggressive because strong" from
  "aggressive because BPP's board is weak": with learning on, P(win) after
  an aggressive last-round action is 0.40 predicted against 0.30 realised,
  and learning gains nothing measurable against ``rules``.
* The soft curves of eq. (8)-(10) (fixed slopes 8 and 20) cost about
  0.14-0.20 units/hand: the argmax of the very same curves (not the paper's
  policy) scores +0.061 ± 0.066 where the sampled policy scores
  -0.143 ± 0.076 on the same 4,000 duplicate deals.
* Against ``prob`` BPP's type-level P(win) (17 final types, partial types
  before) is as calibrated as prob's card-exact one and the two play the same
  curves, so they break even; BPP's edge from reading prob's actions is
  offset by its coarser hand types.
"""

from __future__ import annotations

import pytest

from bpp.stud.experiments import learning_test, significance

pytestmark = pytest.mark.slow


@pytest.mark.xfail(strict=True, reason="BPP as specified loses to the Figure 4 player here (see module docstring)")
def test_bpp_beats_the_rule_based_player_significantly():
    """Measured -0.114 ± 0.137 units/hand, t = -1.63 (5,000 hands, seed 2002): not a significant win."""
    r = significance("rules", n_hands=5000)
    print(r.line())
    assert r.mean > 0 and r.p <= 0.01


@pytest.mark.xfail(strict=True, reason="BPP breaks even with the probabilistic player here (see module docstring)")
def test_bpp_beats_the_probabilistic_player_significantly():
    """Measured +0.008 ± 0.108 units/hand, t = 0.15 (5,000 hands, seed 1999): not a significant win."""
    r = significance("prob", n_hands=5000)
    print(r.line())
    assert r.mean > 0 and r.p <= 0.01


def test_significance_learns_per_opponent_throughout():
    # one BPP instance plays all 5,000 hands (10 blocks), so it learns from every showdown of the run
    r = significance("rules", n_hands=5000)
    assert r.agent.model_.n_showdowns_ > 500


@pytest.mark.parametrize("opponent", ["rules", "prob"])
def test_learning_first_200_against_last_200(opponent):
    # measured: rules -0.155 -> -0.380 (t = -0.46, p = 0.65); prob -0.270 -> +0.465 (t = 1.79, p = 0.074)
    r = learning_test(opponent, n_hands=2000, window=200)
    print(r.line())
    assert r.n_showdowns > 200 and 0.0 <= r.p <= 1.0

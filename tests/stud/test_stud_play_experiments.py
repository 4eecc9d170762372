"""§5.2 experiments at full size (``slow``: run by ``make reproduce``): significance against each opponent, learning.

The default suite runs the short versions in ``test_stud_play.py`` (machinery
only).  The target: BPP beats both automated opponents with p <= 0.01 over
at least 5,000 hands each; the paper reports t = 7.84 (rules) and t = 15.8
(prob).  :func:`~bpp.stud.experiments.significance` plays one learning BPP
instance for the whole match (M_A|C learned per opponent throughout, as in
§5.2) with the curves of ``bpp/models/stud/curves.json`` (the seeded search of
§4.1 against the rule-based player).  Measured (seeds 2002 / 1999, 5,000
hands each; 95 % CI)::

    bpp vs rules  -0.147 ± 0.140 units/hand, t = -2.06, p = 0.04
    bpp vs prob   +0.013 ± 0.108 units/hand, t = +0.23, p = 0.82
    (duplicate, 5,000 deals = 10,000 hands: rules -0.087 ± 0.066, t = -2.58; prob +0.051 ± 0.051, t = 1.98, p = 0.048)

BPP as the paper specifies it does not beat either player here, so the two
significance tests are strict xfails (they fail loudly the day they pass).
Why, measured on 5,000 duplicate deals per cell (``figures/stud_calibration.md``,
:mod:`bpp.stud.experiments.calibration`; the whole account is in
:mod:`bpp.stud.players.paper`):

* P(win) is biased where Figure 4 bets because its hand beats *BPP's* up
  cards, which the network (OPP_Action | OPP_Current, §3.1) cannot see:
  after an aggressive action while BPP shows the higher board, predicted
  0.561 against a true 0.382 ± 0.028 in round 3 and 0.614 against
  0.300 ± 0.030 in the last round; elsewhere within ±0.07 (one cell of
  30 decisions aside).
* Sampling the fitted curves of eq. (8)-(10) costs more than the bias: the
  same network, learning and curves playing their most probable action
  (``play="argmax"``) score +0.125 ± 0.060 (t 4.06, p 5e-05) against
  ``rules`` and +0.208 ± 0.044 (t 9.31) against ``prob``
  (``test_paper_network_played_deterministically_beats_both``); sampled,
  BPP folds 7.9 % of the bets it faces with d > 0 (argmax 1.1 %).
* Curves kept to §4.1's shapes (every f ≥ 0) do not help: −0.237 ± 0.070
  (rules) and −0.018 ± 0.054 (prob) sampled (``figures/stud_shape.md``).
* Against ``prob`` BPP's type-level P(win) (17 final types, partial types
  before) is about as calibrated as prob's card-exact one and the two play
  the same curves, so sampled they come out about even (+0.051 ± 0.051 on
  5,000 duplicate deals, p 0.048: not the 1 % the target asks).

Where the loss comes from, measured:

* Not from learning: M_A|C (and the §6.1 M_A|C,S) fitted from *every* hand
  with the hidden cards revealed (no showdown selection bias), then frozen,
  still loses (-0.119 / -0.083 on 3,000 duplicate deals, seed 1).
* Not from the curves' shifts: no shift of all bet, fold or call ``f`` by
  ±0.15 (or the bets by -0.3) improves on the fitted curves (4 seeds ×
  3,000 deals: -0.043 to -0.225 against -0.042), and a 400-candidate
  re-search for the §6.1 network validated at -0.096 ± 0.067 (start -0.077).
* From the inference itself: :class:`bpp.stud.players.reference.RulesReader` keeps
  BPP's θ, curves and bluff but replaces the network by the exact posterior
  over the opponent's down card under Figure 4's policy, and wins
  (``test_exact_inference_beats_the_rule_based_player``).  So BPP's
  decision rule can beat Figure 4's player; the type-level network of
  Figure 1 does not extract enough from its actions.
* The §6.1 network (``bpp-up``: OPP_Action also conditioned on which
  board is higher) beats ``prob`` on 20,000 duplicate deals, but only at
  p = 0.02, short of the 1 % target, and the paper's network scores about
  as much on the same deals (+0.025 ± 0.025, p = 0.054)
  (``test_bpp_up_beats_the_probabilistic_player_significantly``, a strict
  xfail); it is the learning that wins: on the same deals and random
  streams with M_A|C,S frozen at ½ / ½ it loses, and learning minus frozen,
  paired by deal, is +0.097 [+0.079, +0.114] (paired t 10.76)
  (``test_learning_is_what_wins_against_prob``).

The BPP that meets that target is the one the paper's future
work describes (§6.1 "further refinement of hand types", the opponent's
action conditioned on BPP's up cards and refined to fold / call / bet; §6.3
the interrelation between rounds): ``bpp-card``
(:mod:`bpp.stud.players.cardlevel`), whose network has the opponent's down card as
a node, every action of the hand as evidence and its action model learned
per opponent.  It wins against both opponents with p far below 0.01
(``test_card_level_bpp_beats_both_automated_opponents_significantly``),
as well as exact inference does against ``rules`` on the same deals
(+0.096 ± 0.046, the reader +0.110 ± 0.046), and learning is what
wins (``test_card_level_learning_is_what_wins``).
"""

from __future__ import annotations

import pytest

from bpp.stud.experiments import learning_test, significance

pytestmark = pytest.mark.slow


@pytest.mark.xfail(strict=True, reason="BPP as specified loses to the Figure 4 player here (see module docstring)")
def test_bpp_beats_the_rule_based_player_significantly():
    """Measured -0.147 ± 0.140 units/hand, t = -2.06 (5,000 hands, seed 2002): not a significant win."""
    r = significance("rules", n_hands=5000)
    print(r.line())
    assert r.mean > 0 and r.p <= 0.01


@pytest.mark.parametrize("opponent", ["rules", "prob"])
def test_paper_network_played_deterministically_beats_both(opponent):
    """The paper's network and curves, argmax play: measured +0.125 ± 0.060, t 4.06, p 5e-05 (rules, seed 2002) and +0.208 ± 0.044, t 9.31 (prob, seed 1999), 5,000 duplicate deals."""
    r = significance(opponent, n_hands=5000, duplicate=True, play="argmax")
    print(r.line())
    assert r.mean > 0 and r.p <= 0.01


@pytest.mark.xfail(strict=True, reason="BPP breaks even with the probabilistic player here (see module docstring)")
def test_bpp_beats_the_probabilistic_player_significantly():
    """Measured +0.013 ± 0.108 units/hand, t = 0.23 (5,000 hands, seed 1999): not a significant win."""
    r = significance("prob", n_hands=5000)
    print(r.line())
    assert r.mean > 0 and r.p <= 0.01


@pytest.mark.xfail(strict=True, reason="bpp-up beats prob at p = 0.02 here, not at the 1 % target (see module docstring)")
def test_bpp_up_beats_the_probabilistic_player_significantly():
    """§6.1 network vs prob: measured +0.031 ± 0.026 units/hand, t = 2.33, p = 0.02 (20,000 duplicate deals, seed 1999; the paper's network: +0.025 ± 0.025, p = 0.054)."""
    r = significance("prob", n_hands=20000, duplicate=True, upcards_link=True)
    print(r.line())
    assert r.mean > 0 and r.p <= 0.01


def test_learning_is_what_wins_against_prob():
    """§5.2's learning effect (Korb1999 §5.2 "Learning": M_A|C learned per opponent from ½ / ½), paired.

    ``bpp-up`` learning against ``bpp-up`` with M_A|C,S frozen at its ½ / ½ prior, on the same 20,000 duplicate
    deals with the same random streams (one seed: the deals, BPP's generator and prob's keys are the same in both
    runs, so the two share common random numbers); the sample is the per-deal difference of BPP's winnings (units
    per hand, the mean over the deal's two seatings).  Learning is what wins: that difference's 95 % CI lies above
    0, and frozen it loses.  Measured (seed 1999): learning +0.031 ± 0.026, frozen -0.066 ± 0.028, learning − frozen
    +0.097 [+0.079, +0.114], paired t = 10.76, p = 6.5e-27.
    """
    from holdem.match.stats import summarize

    learned, frozen = (
        significance("prob", n_hands=20000, duplicate=True, upcards_link=True, learn=learn) for learn in (True, False)
    )
    assert learned.match.seed == frozen.match.seed  # the same deals and streams
    per_deal = [r.match.winnings[:, 0].reshape(r.match.n_deals, -1).mean(axis=1) for r in (learned, frozen)]
    diff = summarize(per_deal[0] - per_deal[1])
    print(learned.line(), "|", frozen.line(), f"| learning − frozen {diff.mean:+.3f} [{diff.ci95[0]:+.3f}, "
          f"{diff.ci95[1]:+.3f}], paired t = {diff.t:.2f}, p = {diff.p:.2g}")
    assert diff.ci95[0] > 0 and frozen.mean < 0


def test_exact_inference_beats_the_rule_based_player():
    """RulesReader (BPP's curves, exact down-card posterior) vs rules: measured +0.110 ± 0.046, t = 4.65, p = 3.4e-6 (10,000 duplicate deals, seed 2002)."""
    from holdem.games import Stud5
    from holdem.match import play_match

    r = play_match(Stud5(), ["rules-reader", "rules"], 10000, rng=2002, duplicate=True)
    reader = r.players[0]
    assert reader.mean > 0 and reader.p <= 0.01


@pytest.mark.parametrize(
    "opponent, measured",
    [("rules", "+0.096 ± 0.046, t = 4.12, p = 3.8e-5"), ("prob", "+0.143 ± 0.037, t = 7.54, p = 5e-14")],
)
def test_card_level_bpp_beats_both_automated_opponents_significantly(opponent, measured):
    """bpp-card, 10,000 duplicate deals (20,000 hands), seeds 2002 / 1999: measured as in the parameters (about 3 min each)."""
    r = significance(opponent, n_hands=10000, duplicate=True, player="bpp-card")
    print(r.line(), "| measured:", measured)
    assert r.mean > 0 and r.p <= 0.01


@pytest.mark.parametrize("opponent", ["rules", "prob"])
def test_card_level_learning_is_what_wins(opponent):
    """§5.2's learning effect, paired on the same 10,000 duplicate deals: bpp-card learning against bpp-card frozen at its prior.

    Measured: rules +0.096 ± 0.046 learning, -0.049 ± 0.046 frozen (paired t = 10.60, p = 4e-26);
    prob +0.143 ± 0.037 learning, +0.028 ± 0.039 frozen (paired t = 9.96, p = 2.9e-23).
    """
    import numpy as np
    from scipy import stats

    learned, frozen = (
        significance(opponent, n_hands=10000, duplicate=True, player="bpp-card", learn=learn) for learn in (True, False)
    )
    per_deal = [r.match.winnings[:, 0].reshape(-1, 2).sum(axis=1) for r in (learned, frozen)]
    test = stats.ttest_rel(*per_deal)
    print(learned.line(), "|", frozen.line(), f"| paired t = {test.statistic:.2f}, p = {test.pvalue:.2g}")
    assert np.mean(per_deal[0] - per_deal[1]) > 0 and test.pvalue <= 0.01


def test_significance_learns_per_opponent_throughout():
    # one BPP instance plays all 5,000 hands (10 blocks), so it learns from every showdown of the run
    r = significance("rules", n_hands=5000)
    assert r.agent.model_.n_showdowns_ > 500


@pytest.mark.parametrize("opponent", ["rules", "prob"])
def test_learning_first_200_against_last_200(opponent):
    # measured: rules -0.290 -> +0.305 (t = 1.14, p = 0.26); prob -0.165 -> -0.080 (t = 0.20, p = 0.84)
    r = learning_test(opponent, n_hands=2000, window=200)
    print(r.line())
    assert r.n_showdowns > 200 and 0.0 <= r.p <= 1.0

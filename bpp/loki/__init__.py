"""Loki and Poki, the Alberta limit hold'em programs (seeds 001 and 000).

This package holds their pre-flop model and their opponent weight tables:

* :mod:`bpp.loki.preflop` — income rates of the 169 starting-hand classes by
  roll-out and iterated roll-out simulation (001 §4.1; 000 "pre-flop betting
  strategy"), the tables committed under ``models/loki/``, and the pre-flop
  betting rules built on them (position- and player-count-aware) beside the
  simple selection of Loki's ablation player C (001 §5, Figure 1).
* :mod:`bpp.loki.weights` — :class:`WeightTable`, one opponent's weights over
  the 1,326 holdings, re-weighted after each action by ``w ← w · PT[action]``
  (000 "updating weight table") or by Loki's linear re-weighting function.
* :mod:`bpp.loki.weightnet` — the same update written as the Bayesian network
  it is (prior × likelihood → posterior) in pgmpy, and its compiled numpy form.

Betting (EHS per opponent, probability triples, opponent models, simulation)
lives in the sibling modules of this package.

Only light modules are imported here; pgmpy (:mod:`bpp.loki.weightnet`) and
matplotlib (:mod:`bpp.loki.plots`) load on first use.

>>> from bpp.loki import WeightTable, FOLD, CALL, RAISE
>>> (FOLD, CALL, RAISE)
(0, 1, 2)
>>> WeightTable(dead_cards="As Kd").total
1225.0
"""

from bpp.loki.preflop import (
    SKLANSKY_GROUPS,
    IncomeRates,
    PreflopThresholds,
    iterated_rollout,
    load_income_rates,
    preflop_levels,
    preflop_triple,
    preflop_triples,
    rollout,
    simple_preflop_triples,
    sklansky_group,
)
from bpp.loki.weights import (
    ACTION_NAMES,
    CALL,
    FOLD,
    RAISE,
    WeightTable,
    linear_reweighting,
    ramp_triples,
    reweight,
)

__all__ = [
    "ACTION_NAMES",
    "CALL",
    "FOLD",
    "RAISE",
    "SKLANSKY_GROUPS",
    "IncomeRates",
    "PreflopThresholds",
    "WeightTable",
    "iterated_rollout",
    "linear_reweighting",
    "load_income_rates",
    "preflop_levels",
    "preflop_triple",
    "preflop_triples",
    "ramp_triples",
    "reweight",
    "rollout",
    "simple_preflop_triples",
    "sklansky_group",
]

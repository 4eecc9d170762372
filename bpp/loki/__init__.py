"""Loki and Poki, the Alberta limit hold'em programs (Billings1998, Billings1998b, Billings2002).

The package has the shape of Poki's architecture figure (Billings2002 §4):
components around the public game state, each importing only the ones below
it (``tests/loki/test_loki_package.py`` checks the layering and that no
modules import each other in a circle):

=====================  =========================================================  ===========================
component              modules (the component object a player holds)              Billings2002
=====================  =========================================================  ===========================
public game state      :mod:`~bpp.loki.state` (:class:`HandTracker`: board        §4
                       as integer card codes, pot, bets, seats, each
                       action's context; :class:`HandState`: one hand's
                       tracker, weight tables and street tables)
hand evaluator         :mod:`~bpp.loki.evaluator.preflop` (income rates),         §5
                       :mod:`~bpp.loki.evaluator.postflop` (HS, Ppot/Npot,
                       EHS); :class:`~bpp.loki.evaluator.hand.HandEvaluator`
action selector        :mod:`~bpp.loki.selector.triples` (probability             §5
                       triples, the formula strategy),
                       :mod:`~bpp.loki.selector.betting` (the betting rule
                       base, Loki's rules); ``RuleSelector``,
                       ``FormulaSelector`` (:mod:`~bpp.loki.selector.selectors`)
opponent modeler       :mod:`~bpp.loki.modeler.weights`,                          §6
                       :mod:`~bpp.loki.modeler.weightnet` (weight tables),
                       :mod:`~bpp.loki.modeler.opponent_model` (GOM/SOM),
                       :mod:`~bpp.loki.modeler.predictors` (network, meta
                       choice); ``UniformModeler``, ``LokiModeler``,
                       ``PokiModeler`` (:mod:`~bpp.loki.modeler.modelers`)
simulator              :mod:`~bpp.loki.simulator.sampling` (selective             §5, §8
                       sampling); ``Simulator``
players                :mod:`~bpp.loki.agents` (``Player``: a composition         §7; Billings1998 §5
                       of one object per component; loki, loki-b … loki-e,
                       loki-reweight, loki-showdown, poki, poki-nn,
                       poki-meta, poki-sim … in ``VARIANTS``),
                       :mod:`~bpp.loki.opponents`
tools                  :mod:`~bpp.loki.inspection`,
                       :mod:`~bpp.loki.experiments`, :mod:`~bpp.loki.plots`
=====================  =========================================================  ===========================

The opponent modeler sits above the action selector: Poki predicts an
opponent's action with the same thresholds-and-triples machinery it bets by
(Billings2002 §6, "the threshold is input to the formula betting strategy").

Only light modules are imported here; pgmpy (:mod:`bpp.loki.modeler.weightnet`) and
matplotlib (:mod:`bpp.loki.plots`) load on first use.

>>> from bpp.loki import WeightTable, FOLD, CALL, RAISE
>>> (FOLD, CALL, RAISE)
(0, 1, 2)
>>> WeightTable(dead_cards="As Kd").total
1225.0
"""

from bpp.loki.evaluator.preflop import (
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
from bpp.loki.modeler.weights import (
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

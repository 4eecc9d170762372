"""The action selector as one component object: Loki's betting rule base or Poki's formula strategy.

Component: the action selector (Billings2002 §4 architecture figure; §5 "betting strategy", "probability triples";
Billings1998 §4.4).

After the flop a player hands its selector the hand evaluator's (EHS, Ppot) and the betting context; the selector
answers the probability triple it acts by and draws the action from it:

* :class:`RuleSelector` — Loki's deterministic rules (Billings1998 §4.4, :class:`bpp.loki.selector.betting.LokiRules`):
  a one-hot triple, the action itself;
* :class:`FormulaSelector` — Poki's formula strategy (Billings2002 §5, :func:`bpp.loki.selector.triples.formula_triple`):
  a mixed triple, the action drawn from it.

Both also answer every holding at once (:meth:`triples`), for :meth:`holdings_action_probabilities`.

>>> import numpy as np
>>> from bpp.loki.selector.betting import Context
>>> ctx = Context(round=1, bets_to_call=0, bet_level=0, to_call=0, pot=6, pot_odds=0.0, n_active=2,
...               players_behind=1, behind=0.5, can_raise=True, bet_size=2)
>>> RuleSelector().triple(0.7, 0.1, ctx).tolist()
[0.0, 0.0, 1.0]
>>> t = FormulaSelector().triples(np.array([0.2, 0.9]), np.zeros(2), ctx)
>>> t.shape, bool(np.allclose(t.sum(axis=1), 1))
((2, 3), True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from bpp.loki.selector.betting import LokiRules, context_formula_triple, decide_many
from bpp.loki.selector.triples import FormulaParams, draw_action

if TYPE_CHECKING:
    from bpp.loki.selector.betting import Context

__all__ = ["RuleSelector", "FormulaSelector"]


_ONE_HOT = np.eye(3)  # row i: the one-hot triple of action i
_ONE_HOT.flags.writeable = False


class RuleSelector:
    """Loki's betting rule base after the flop (Billings1998 §4.4): the triple is one-hot, the action chosen outright.

    Parameters
    ----------
    rules : LokiRules, optional
        The thresholds, the pot-odds call on Ppot (off without potential, player D) and Loki-1's showdown-odds call;
        ``LokiRules()`` by default.
    """

    strategy = "rules"

    def __init__(self, rules: LokiRules | None = None):
        self.rules = rules if rules is not None else LokiRules()

    @property
    def showdown_odds(self) -> bool:
        """Loki-1's river call on showdown odds (:class:`~bpp.loki.selector.betting.LokiRules`)."""
        return self.rules.showdown_odds

    def triple(self, ehs: float, ppot: float, ctx: Context) -> np.ndarray:
        """The one-hot triple of the rules' action."""
        return _ONE_HOT[self.rules.decide(
            ehs=ehs, ppot=ppot, pot_odds=ctx.pot_odds, bets_to_call=ctx.bets_to_call,
            bet_level=ctx.bet_level, can_raise=ctx.can_raise, river=ctx.round == 3,
        )]

    def triples(self, ehs: np.ndarray, ppot: np.ndarray, ctx: Context) -> np.ndarray:
        """One one-hot triple per holding, (n, 3) (:func:`~bpp.loki.selector.betting.decide_many`)."""
        return _ONE_HOT[decide_many(
            self.rules, ehs=ehs, ppot=ppot, pot_odds=ctx.pot_odds, bets_to_call=ctx.bets_to_call,
            bet_level=ctx.bet_level, can_raise=ctx.can_raise, river=ctx.round == 3,
        )]

    def choose(self, triple: np.ndarray, ctx: Context, rng: np.random.Generator) -> int:
        """The rules' action (no draw): the argmax of the one-hot float (3,) ``triple``."""
        return int(np.argmax(triple))

    def __repr__(self) -> str:
        return f"RuleSelector({self.rules!r})"


class FormulaSelector:
    """Poki's formula betting strategy (Billings2002 §5): a triple from EHS, Ppot and pot odds, the action drawn from it.

    Parameters
    ----------
    formula : FormulaParams, optional
        The formula's thresholds and spread; ``FormulaParams()`` by default.
    """

    strategy = "formula"
    showdown_odds = False  # the formula has its own river call on pot odds (formula_triple)

    def __init__(self, formula: FormulaParams | None = None):
        self.formula = formula if formula is not None else FormulaParams()

    def triple(self, ehs: float, ppot: float, ctx: Context) -> np.ndarray:
        """The formula's triple (:func:`~bpp.loki.selector.betting.context_formula_triple`)."""
        return context_formula_triple(ehs, ppot, ctx, params=self.formula)

    def triples(self, ehs: np.ndarray, ppot: np.ndarray, ctx: Context) -> np.ndarray:
        """One triple per holding, (n, 3)."""
        return context_formula_triple(ehs, ppot, ctx, params=self.formula)

    def choose(self, triple: np.ndarray, ctx: Context, rng: np.random.Generator) -> int:
        """An action drawn from ``triple`` (float (3,): fold, call, raise) (Billings2002 §5: a mixed strategy)."""
        return draw_action(triple, rng.random(), ctx.to_call > 0, ctx.can_raise)

    def __repr__(self) -> str:
        return f"FormulaSelector({self.formula!r})"

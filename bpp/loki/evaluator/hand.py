"""The hand evaluator as one component object: pre-flop triples from income rates, post-flop EHS against weight tables.

Component: the hand evaluator (Billings2002 §4 architecture figure; §5 "pre-flop betting strategy", "hand strength",
"hand potential"; Billings1998 §4.1–4.4).

A player holds one :class:`HandEvaluator`.  Its settings are the evaluator's parts of Billings1998 §5's Figure 1
ablation: the pre-flop selection (``preflop``: the advanced income-rate rules of player A or the simple selection of
player C), whether the hand potential enters EHS (``potential``: off for player D), and how EHS combines several
opponents (``combine``: Loki's pooled EHS or Poki's product of per-opponent EHS).  It reads the board from the hand's
state (:class:`bpp.loki.state.HandState`) as integer card codes and keeps each street's
:class:`~bpp.loki.evaluator.postflop.StreetTable` there, once per street.

>>> import numpy as np
>>> from bpp.loki.state import HandState, HandTracker
>>> hand = HandState(HandTracker(3, 0), seat=0)
>>> ev = HandEvaluator()
>>> ehs, ppot = ev.evaluate(hand, (38, 6, 8), 100, np.ones((2, 1326)))
>>> 0 <= ppot <= ehs <= 1, ev.street(hand, (38, 6, 8)) is ev.street(hand, (38, 6, 8))
(True, True)
>>> HandEvaluator(combine="sum")
Traceback (most recent call last):
...
ValueError: The 'combine' parameter of HandEvaluator must be 'loki' or 'product'; got 'sum'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from bpp.loki.evaluator.postflop import StreetTable, street_table
from bpp.loki.evaluator.preflop import load_income_rates, preflop_triples, simple_preflop_triples
from holdem.ranges import N_HOLDINGS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import ArrayLike, NDArray

    from bpp.loki.state import HandState

__all__ = ["HandEvaluator"]


class PreflopContext(Protocol):
    """What :meth:`HandEvaluator.preflop_table` reads of a betting context (:class:`bpp.loki.selector.betting.Context`,
    which the evaluator, a lower component, does not import)."""

    @property
    def to_call(self) -> int: ...
    @property
    def bet_level(self) -> int: ...
    @property
    def can_raise(self) -> bool: ...
    @property
    def n_active(self) -> int: ...
    @property
    def players_behind(self) -> int: ...


class HandEvaluator:
    """Evaluates our hand: the pre-flop triples of a context and the post-flop (EHS, Ppot) against weight tables.

    Parameters
    ----------
    potential : bool
        Use the one-card Ppot in EHS (Billings1998 §4.2); False: EHS = HS_n and Ppot = 0 (player D).
    combine : {"loki", "product"}
        EHS against several opponents: ``"loki"`` pools them (HS_n + (1 − HS_n)·Ppot, Billings1998 §4.4);
        ``"product"`` multiplies each opponent's EHS (Poki, Billings2002 "weighting the enumerations").
    preflop : {"advanced", "simple"}
        The pre-flop selection: the income-rate rules aware of position and player count (Billings1998 §4.1) or
        the simple selection of player C.
    preflop_rates : {"rollout", "iterated"}
        The income-rate table of the advanced rules: plain roll-out (Billings1998 §4.1) or the iterated roll-out
        Billings2002 describes for Poki.
    """

    def __init__(self, *, potential: bool = True, combine: str = "loki", preflop: str = "advanced",
                 preflop_rates: str = "rollout"):
        if preflop not in ("advanced", "simple"):
            raise ValueError(f"The 'preflop' parameter of HandEvaluator must be one of ('advanced', 'simple'); got {preflop!r}.")
        if preflop_rates not in ("rollout", "iterated"):
            raise ValueError(
                f"The 'preflop_rates' parameter of HandEvaluator must be 'rollout' or 'iterated'; got {preflop_rates!r}."
            )
        if combine not in ("loki", "product"):
            raise ValueError(f"The 'combine' parameter of HandEvaluator must be 'loki' or 'product'; got {combine!r}.")
        self.potential = bool(potential)
        self.combine = combine
        self.preflop = preflop
        self.preflop_rates = preflop_rates
        self._preflop_cache: dict = {}

    def street(self, hand: HandState, board: Sequence[int] | NDArray[np.integer]) -> StreetTable:
        """The :class:`StreetTable` of ``board`` (int card codes, shape (3,), (4,) or (5,)), held in ``hand.streets`` once per street."""
        key = tuple(board)
        table = hand.streets.get(key)
        if table is None:
            table = hand.streets[key] = street_table(key)
        return table

    def evaluate(self, hand: HandState, board: Sequence[int] | NDArray[np.integer], holding: int, weights: ArrayLike) -> tuple[float, float]:
        """(EHS, Ppot) of holding index ``holding`` on ``board`` against the (m, 1326) weight tables of the opponents."""
        ev = self.street(hand, board).evaluate(holding, weights)
        if not self.potential:
            return ev.hs_n, 0.0
        return (ev.ehs if self.combine == "loki" else ev.ehs_product), ev.ppot_all

    def evaluate_all(self, hand: HandState, board: Sequence[int] | NDArray[np.integer], weights: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        """(EHS, Ppot) of every holding, each (1326,), against the same tables (the numbers :meth:`evaluate` gives)."""
        ev = self.street(hand, board).evaluate_all(weights, per_opponent=self.potential and self.combine == "product")
        if not self.potential:
            return ev.hs_n, np.zeros(N_HOLDINGS)
        return (ev.ehs if self.combine == "loki" else ev.ehs_product), ev.ppot_all  # type: ignore[return-value]  # product: asked for

    def preflop_table(self, ctx: PreflopContext) -> np.ndarray:
        """The (1326, 3) pre-flop triples of betting context ``ctx`` (:func:`bpp.loki.selector.betting.betting_context`), cached."""
        can_check = ctx.to_call == 0
        if self.preflop == "simple":
            key: tuple[Any, ...] = ("simple", ctx.bet_level, can_check, ctx.can_raise)
            table = self._preflop_cache.get(key)
            if table is None:
                table = self._preflop_cache[key] = simple_preflop_triples(
                    bet_level=ctx.bet_level, can_check=can_check, can_raise=ctx.can_raise
                )
            return table
        n_in = ctx.n_active + 1
        key = ("advanced", n_in, ctx.players_behind, ctx.bet_level, can_check, ctx.can_raise)
        table = self._preflop_cache.get(key)
        if table is None:
            rates = load_income_rates(max(n_in, 2), iterated=True) if self.preflop_rates == "iterated" else None
            table = self._preflop_cache[key] = preflop_triples(
                rates, n_players=max(n_in, 2), players_behind=min(ctx.players_behind, max(n_in, 2) - 1),
                bet_level=ctx.bet_level, can_check=can_check, can_raise=ctx.can_raise,
            )
        return table

    def __repr__(self) -> str:
        return (f"HandEvaluator(potential={self.potential}, combine={self.combine!r}, preflop={self.preflop!r}, "
                f"preflop_rates={self.preflop_rates!r})")

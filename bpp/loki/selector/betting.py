"""Betting: the decision context of a limit hold'em observation, Loki's rules (Billings1998 §4.4) and the formula strategy (Billings2002).

Component: the action selector — the betting rule base (Billings2002 §4 architecture figure; §5; Billings1998 §4.4).

* :func:`betting_context` reads what every strategy needs from an
  :class:`~holdem.games.base.Observation`: round, bets to call, bets made in
  the round, pot odds, active opponents, and the share of them still to act.
* :class:`LokiRules` is Loki's deterministic post-flop strategy (Billings1998 §4.4):
  "with an EHS greater than 0.5 … [we] bet if no other opponent has bet";
  strong hands raise (the Make-2 and Make-4 levels of the Loki program, the
  same levels :mod:`bpp.loki.evaluator.preflop` uses before the flop); otherwise "we call
  when Ppot > pot_odds", one card of look-ahead.  Without potential (the
  ablation player D of Billings1998 §5) EHS is HS_n and there are no pot-odds calls.
* :func:`formula_decision` is Poki's formula strategy: draw the action from
  :func:`bpp.loki.selector.triples.formula_triple`.

>>> rules = LokiRules()
>>> rules.decide(ehs=0.6, ppot=0.0, pot_odds=0.0, bets_to_call=0, bet_level=0)
2
>>> rules.decide(ehs=0.15, ppot=0.108, pot_odds=0.103, bets_to_call=2, bet_level=2)   # Billings1998 §4.4: call
1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from holdem.games.holdem import first_to_act
from bpp.loki.selector.triples import CALL, FOLD, RAISE, FormulaParams, draw_action, formula_triple, pot_odds
from holdem.games.base import CHECK_CALL, FOLD as FOLD_ACTION, Action, ActionKind, Observation

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

__all__ = ["Context", "betting_context", "LokiRules", "decide_many", "context_formula_triple", "formula_decision", "to_action", "legal_columns"]



@dataclass(frozen=True)
class Context:
    """The decision context (all chip amounts in chips).

    ``bets_to_call`` counts bets owed (a small blind's half bet counts as one);
    ``bet_level`` the bets made in this round (the big blind is the first pre-flop);
    ``behind`` the share of active opponents still to act after us this round;
    ``players_behind`` their number.
    """

    round: int
    bets_to_call: int
    bet_level: int
    to_call: int
    pot: int
    pot_odds: float
    n_active: int
    players_behind: int
    behind: float
    can_raise: bool
    bet_size: int


def betting_context(observation: Observation) -> Context:
    """The :class:`Context` of a limit hold'em observation (it must be this seat's turn).

    Parameters
    ----------
    observation
        What the seat sees (``legal`` must be non-empty).

    Examples
    --------
    >>> import numpy as np
    >>> from holdem.games import LimitHoldem
    >>> state = LimitHoldem(n_players=3).new_hand(np.arange(52))
    >>> c = betting_context(state.observation(state.current_player))
    >>> (c.round, c.bets_to_call, c.bet_level, c.pot, c.players_behind)
    (0, 1, 1, 3, 2)
    >>> betting_context(state.observation(1))
    Traceback (most recent call last):
    ...
    ValueError: The 'observation' parameter of betting_context must be the acting seat's (legal actions); seat 1 has none.
    """
    if not observation.legal:
        raise ValueError(
            "The 'observation' parameter of betting_context must be the acting seat's (legal actions); "
            f"seat {observation.player} has none."
        )
    r = observation.round
    size = observation.bet_size  # the round's fixed bet (the game's stakes)
    if size is None:
        raise ValueError("The 'observation' parameter of betting_context must come from a fixed-limit game (it has "
                         "no fixed bet size); got a no-limit observation.")
    to_call = observation.to_call
    bets_to_call = -(-to_call // size)
    bet_level = -(-max(observation.bets) // size)
    n = observation.n_players
    folded = observation.folded
    me = observation.player
    n_active = n - 1 - sum(map(bool, folded))
    # acting order of this round: from the left of the button (pre-flop from the left of the big blind;
    # heads-up the button acts first pre-flop and last after it); the seats after ours in it
    first = first_to_act(n, observation.button, r)
    players_behind = sum(1 for i in range((me - first) % n + 1, n) if not folded[(first + i) % n])
    can_raise = False
    for a in observation.legal:
        if a.kind == ActionKind.BET_RAISE:
            can_raise = True
            break
    return Context(
        round=r,
        bets_to_call=int(bets_to_call),
        bet_level=int(bet_level),
        to_call=int(to_call),
        pot=int(observation.pot),
        pot_odds=to_call / (observation.pot + to_call) if to_call > 0 else 0.0,
        n_active=int(n_active),
        players_behind=int(players_behind),
        behind=players_behind / max(n_active, 1),
        can_raise=bool(can_raise),
        bet_size=int(size),
    )


def to_action(index: int, observation: Observation) -> Action:
    """The legal :class:`~holdem.games.base.Action` for an action index (fold → check when free, raise → call when capped).

    >>> import numpy as np
    >>> from holdem.games import LimitHoldem
    >>> obs = LimitHoldem().new_hand(np.arange(52)).observation(0)
    >>> str(to_action(2, obs)), str(to_action(0, obs))
    ('r4', 'f')
    >>> to_action(5, obs)
    Traceback (most recent call last):
    ...
    ValueError: The 'index' parameter of to_action must be 0 (fold), 1 (call) or 2 (raise); got 5.
    """
    if index not in (FOLD, CALL, RAISE):
        raise ValueError(f"The 'index' parameter of to_action must be 0 (fold), 1 (call) or 2 (raise); got {index!r}.")
    legal = observation.legal
    if index == RAISE:
        for a in legal:
            if a.kind == ActionKind.BET_RAISE:
                return a
        return CHECK_CALL
    if index == FOLD and observation.to_call > 0:
        return FOLD_ACTION
    return CHECK_CALL


def legal_columns(triples: ArrayLike, observation: Observation) -> np.ndarray:
    """Triples over (fold, call, raise) → probabilities over ``observation.legal``, in its order.

    Each action index goes to the legal action :func:`to_action` plays for it
    (a fold where checking is free is a check, a capped raise a call), so the
    columns are the distribution of the action the agent actually plays.

    >>> import numpy as np
    >>> from holdem.games import LimitHoldem
    >>> obs = LimitHoldem().new_hand(np.arange(52)).observation(0)
    >>> [str(a) for a in obs.legal], legal_columns(np.array([[0.2, 0.3, 0.5]]), obs).tolist()
    (['f', 'c', 'r4'], [[0.2, 0.3, 0.5]])
    """
    triples = np.asarray(triples, dtype=np.float64)
    legal = list(observation.legal)
    out = np.zeros(triples.shape[:-1] + (len(legal),))
    for index in (FOLD, CALL, RAISE):
        out[..., legal.index(to_action(index, observation))] += triples[..., index]
    return out


@dataclass(frozen=True)
class LokiRules:
    """Loki's post-flop betting rules (Billings1998 §4.4).

    The EHS decides how many bets the hand wants in the round: at least
    ``make1`` (0.5 in Billings1998 §4.4) one bet (bet when no one has, call one bet),
    ``make2`` two (raise to two bets, then call anything), ``make4`` four (raise
    until the cap).  A hand that would fold calls instead when its one-card
    Ppot beats the pot odds (Billings1998 §4.4) — unless ``use_potential`` is off
    (player D of Billings1998 §5: EHS = HS_n and no pot-odds calls).

    Sources of the thresholds: ``make1`` = 0.5 is Billings1998 §4.4's ("with an EHS
    greater than 0.5 … bet").  Billings1998 gives no raise thresholds; ``make2`` =
    0.85 and ``make4`` = 0.95 are ours, chosen (not calibrated by play) to
    mirror the pre-flop Make2/Make4 levels: raise with the top ~15 % of the
    EHS scale, cap with the top 5 %.  They are the same in every Figure 1
    version, so the ablation compares like with like.

    ``showdown_odds`` (off by default; Billings1998's rules have no such term) adds
    Loki-1's river call: on the river, where Ppot is 0, call when the EHS
    (= HS_n, the chance of winning the showdown) beats the pot odds (Loki-1's
    showdown-odds call, Papp 1998; the river call Poki's formula strategy
    makes, :func:`bpp.loki.selector.triples.formula_triple`).  Without it a
    player whose weighted EHS is accurate folds river hands the pot odds
    justify.

    >>> LokiRules().decide(ehs=0.3, ppot=0.0, pot_odds=0.2, bets_to_call=1, bet_level=1, river=True)
    0
    >>> LokiRules(showdown_odds=True).decide(ehs=0.3, ppot=0.0, pot_odds=0.2, bets_to_call=1, bet_level=1, river=True)
    1

    >>> LokiRules(make1=0.9, make2=0.5)
    Traceback (most recent call last):
    ...
    ValueError: LokiRules needs 0 <= make1 <= make2 <= make4 <= 1; got make1=0.9, make2=0.5, make4=0.95.
    """

    make1: float = 0.5
    make2: float = 0.85
    make4: float = 0.95
    use_potential: bool = True
    showdown_odds: bool = False

    def __post_init__(self):
        if not 0.0 <= self.make1 <= self.make2 <= self.make4 <= 1.0:
            raise ValueError(
                "LokiRules needs 0 <= make1 <= make2 <= make4 <= 1; "
                f"got make1={self.make1!r}, make2={self.make2!r}, make4={self.make4!r}."
            )

    def level(self, ehs: float) -> int:
        """Bets the hand wants: 0, 1, 2 or 4."""
        if ehs >= self.make4:
            return 4
        if ehs >= self.make2:
            return 2
        if ehs >= self.make1:
            return 1
        return 0

    def decide(
        self, *, ehs: float, ppot: float, pot_odds: float, bets_to_call: int, bet_level: int,
        can_raise: bool = True, river: bool = False,
    ) -> int:
        """The action index (:data:`FOLD`, :data:`CALL`, :data:`RAISE`) in one context."""
        want = self.level(ehs)
        if bet_level < want and can_raise and (want > 1 or bet_level == 0):
            return RAISE
        if bets_to_call == 0:
            return CALL
        if want >= 2 or (want == 1 and bets_to_call <= 1):
            return CALL
        if self.use_potential and ppot > pot_odds:
            return CALL
        if self.showdown_odds and river and ehs > pot_odds:
            return CALL
        return FOLD


def decide_many(rules: LokiRules, *, ehs: ArrayLike, ppot: ArrayLike, pot_odds: float, bets_to_call: int, bet_level: int,
                can_raise: bool = True, river: bool = False) -> np.ndarray:
    """:meth:`LokiRules.decide` for an array of hands (float ``ehs`` of any shape, ``ppot`` broadcast to it); int array of action indices, the shape of ``ehs``.

    >>> decide_many(LokiRules(), ehs=np.array([0.1, 0.6, 0.9, 0.97]), ppot=0.0, pot_odds=0.2, bets_to_call=1, bet_level=1).tolist()
    [0, 1, 2, 2]
    """
    ehs = np.asarray(ehs, dtype=np.float64)
    ppot = np.broadcast_to(np.asarray(ppot, dtype=np.float64), ehs.shape)
    want = np.select([ehs >= rules.make4, ehs >= rules.make2, ehs >= rules.make1], [4, 2, 1], 0)
    raise_ = (bet_level < want) & can_raise & ((want > 1) | (bet_level == 0))
    if bets_to_call == 0:
        call = np.ones(ehs.shape, dtype=bool)
    else:
        call = (want >= 2) | ((want == 1) & (bets_to_call <= 1))
        if rules.use_potential:
            call |= ppot > pot_odds
        if rules.showdown_odds and river:
            call |= ehs > pot_odds
    return np.where(raise_, RAISE, np.where(call, CALL, FOLD))


def context_formula_triple(ehs: ArrayLike, ppot: ArrayLike, context: Context, *, params: FormulaParams = FormulaParams()) -> np.ndarray:
    """Poki's formula triple(s) (:func:`~bpp.loki.selector.triples.formula_triple`) in a betting context; ``ehs``/``ppot`` scalars or arrays.

    >>> c = Context(1, 0, 0, 0, 10, 0.0, 3, 1, 1 / 3, True, 2)
    >>> context_formula_triple(np.array([0.1, 0.95]), 0.0, c).round(2).tolist()
    [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    """
    return formula_triple(
        ehs,
        ppot=ppot,
        pot_odds=context.pot_odds,
        bets_to_call=context.bets_to_call,
        behind=context.behind,
        river=context.round == 3,
        can_raise=context.can_raise,
        params=params,
    )


def formula_decision(ehs: float, ppot: float, context: Context, rng: np.random.Generator, *, params: FormulaParams = FormulaParams()) -> tuple[int, np.ndarray]:
    """Poki's formula strategy: the triple of :func:`context_formula_triple` and an action drawn from it.

    >>> c = Context(1, 0, 0, 0, 10, 0.0, 3, 1, 1 / 3, True, 2)
    >>> formula_decision(0.95, 0.0, c, np.random.default_rng(0))[0]
    2
    """
    triple = context_formula_triple(ehs, ppot, context, params=params)
    action = draw_action(triple, rng.random(), context.to_call > 0, context.can_raise)
    return action, triple

"""The Loki and Poki players for limit hold'em, and Loki's ablation players B–E of Billings1998 Figure 1.

Component: the players: each one a :class:`Player` composed of the components of Billings2002 §4's architecture
figure around the hand's public state (:class:`bpp.loki.state.HandState`): a hand evaluator
(:class:`~bpp.loki.evaluator.hand.HandEvaluator`), an opponent modeler (:mod:`bpp.loki.modeler.modelers`), an action
selector (:mod:`bpp.loki.selector.selectors`) and, for ``poki-sim``, a simulator
(:class:`~bpp.loki.simulator.sampling.Simulator`).  Billings1998 §5's Figure 1 players are the same composition with
one component changed each; :data:`VARIANTS` maps every registered name to its composition.

=============  ==========================================================================
name           what it is
=============  ==========================================================================
loki           player A of Billings1998 §5, the Lokibot of Billings1998: advanced pre-flop rules
               (:mod:`bpp.loki.evaluator.preflop`), weight tables from the pre-flop actions
               only — "Lokibot treats all opponents the same … the common weights
               are based on the simulations of the 169 different starting hand
               types" (Billings1998 §4.3): each opponent's call or raise re-weights its
               table by the income-rate percentile of every holding, the same
               generic model for all; re-weighting after post-flop actions is
               Billings1998's future work — EHS with one-card potential, the rules of
               Billings1998 §4.4 (:class:`bpp.loki.selector.betting.LokiRules`)
loki-reweight  A with re-weighting after every action, post-flop too (the
               AAAI-98 opponent modeller, Billings1998b): Loki's linear function
               (floor 0.01) of each holding's EHS as the acting opponent sees it,
               against the thresholds Loki itself bets by
               (:func:`bpp.loki.modeler.opponent_model.loki_thresholds`)
loki-b         A with a uniform modeler: every opponent holding equally likely
loki-c         A with the simple pre-flop selection (:func:`bpp.loki.evaluator.preflop.simple_preflop_triples`)
loki-d         A without potential: EHS = HS_n, no pot-odds calls
loki-e         basic: no weighting, no potential, simple pre-flop
poki           Poki (Billings2002): specific opponent models, weight tables re-weighted by the
               modelled triples (w ← w · PT[action]), per-opponent EHS, the formula
               betting strategy (a mixed strategy drawn from the triple)
poki-nn        Poki whose modeler predicts each opponent by its neural network
               (:class:`bpp.loki.modeler.predictors.NeuralPredictor`), ``poki-meta`` by
               the best predictor so far (:class:`~bpp.loki.modeler.predictors.MetaPredictor`)
poki-sim       Poki with a simulator: selective-sampling simulation betting after the flop
               (``poki-sim-meta``, ``poki-sim-nn``: with the meta / network predictor,
               which also plays the opponents in the trials)
=============  ==========================================================================

One decision after the flop reads: the modeler re-weights the hand's tables
for the actions it has not applied yet (lazily, only for opponents still in
the hand), the evaluator gives (EHS, Ppot) of our holding against them, and
the selector turns these and the betting context into the triple the player
acts by — or the simulator plays the hand out.  Before the flop the evaluator's
income-rate triples decide.  The board stays integer card codes throughout:
no card text is parsed on the way.

>>> import numpy as np
>>> from holdem.games import LimitHoldem
>>> from holdem.match import play_match
>>> r = play_match(LimitHoldem(n_players=3), [LokiAgent, PokiAgent, "call"], 20, rng=3)
>>> r.n_hands
20
>>> VARIANTS["loki-b"](rng=0)
Player(evaluator=HandEvaluator(potential=True, combine='loki', preflop='advanced', preflop_rates='rollout'), modeler=UniformModeler(reweighting='preflop', reweight_checks=False, specific=False, predictor='frequency'), selector=RuleSelector(LokiRules(make1=0.5, make2=0.85, make4=0.95, use_potential=True, showdown_odds=False)), simulator=None)
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from bpp.loki.evaluator.hand import HandEvaluator
from bpp.loki.modeler.modelers import LokiModeler, Modeler, PokiModeler, UniformModeler
from bpp.loki.selector.betting import LokiRules, betting_context, legal_columns, to_action
from bpp.loki.selector.selectors import FormulaSelector, RuleSelector
from bpp.loki.selector.triples import FormulaParams, draw_action
from bpp.loki.simulator.sampling import Simulator
from bpp.loki.state import HandState, HandTracker, button_from_first_actor
from holdem.agents import Agent
from holdem.games.base import Action, Observation, Stakes
from holdem.ranges import HOLDING_INDEX

if TYPE_CHECKING:
    from pathlib import Path

    from numpy.typing import ArrayLike

    from holdem._typing import RngLike
    from holdem.games.base import Event

__all__ = [
    "Player",
    "LokiAgent",
    "PokiAgent",
    "PokiSimAgent",
    "VARIANTS",
    "poki_nn",
    "poki_meta",
    "poki_sim_meta",
    "poki_sim_nn",
    "loki_reweight",
    "loki_showdown",
    "loki_reweight_showdown",
    "loki_b",
    "loki_c",
    "loki_d",
    "loki_e",
]


def _component_option(component: str, option: str, doc: str):
    """A read-only attribute of the player that is ``option`` of its ``component``."""
    return property(lambda self: getattr(getattr(self, component), option), doc=doc)


class Player(Agent):
    """A Loki/Poki player: a hand evaluator, an opponent modeler, an action selector and optionally a simulator.

    Billings2002 §4 draws Poki as these components around the public game state and the private hand information.
    The player keeps the hand's state (:attr:`hand`, a :class:`~bpp.loki.state.HandState`, made when it first
    acts in a hand) and runs one decision through the components; what it learns across hands lives in the modeler.

    Parameters
    ----------
    evaluator : HandEvaluator
    modeler : Modeler
        :class:`~bpp.loki.modeler.modelers.UniformModeler`, ``LokiModeler`` or ``PokiModeler``.
    selector : RuleSelector or FormulaSelector
        The post-flop betting (Loki's rules or Poki's formula strategy).
    simulator : Simulator, optional
        With one, the simulator chooses every post-flop action (Billings2002 §5 "selective sampling"); the
        selector's triple is not used after the flop.
    rng : numpy.random.Generator, int or None
    name : str, optional
        The registered name (the class's ``name`` by default).

    Notes
    -----
    The stakes (blinds, bet sizes) come with every observation (:class:`holdem.games.base.Stakes`).

    Examples
    --------
    >>> from holdem.games import LimitHoldem
    >>> from holdem.match import play_match
    >>> b = Player(evaluator=HandEvaluator(), modeler=UniformModeler(), selector=RuleSelector(), rng=0, name="loki-b")
    >>> play_match(LimitHoldem(3), [b, "call", "raise"], 5, rng=0).n_hands, b.weighting, b.strategy
    (5, False, 'rules')
    >>> Player(evaluator=HandEvaluator(), modeler=UniformModeler(), selector="rules")
    Traceback (most recent call last):
    ...
    ValueError: The 'selector' parameter of Player must be a RuleSelector or FormulaSelector; got 'rules'.
    """

    name = "loki"

    potential = _component_option("evaluator", "potential", "EHS with the one-card Ppot (the evaluator's).")
    combine = _component_option("evaluator", "combine", "How EHS combines the opponents (the evaluator's).")
    preflop = _component_option("evaluator", "preflop", "The pre-flop selection (the evaluator's).")
    preflop_rates = _component_option("evaluator", "preflop_rates", "The income-rate table (the evaluator's).")
    weighting = _component_option("modeler", "weighting", "False for the uniform modeler (players B and E).")
    view = _component_option("modeler", "view", "The scale the modeler re-weights on: 'player' (Loki) or 'uniform' (Poki).")
    reweighting = _component_option("modeler", "reweighting", "Which actions re-weight (the modeler's).")
    reweight_checks = _component_option("modeler", "reweight_checks", "Whether a check re-weights (the modeler's).")
    specific = _component_option("modeler", "specific", "Specific (SOM) or generic (GOM) opponent model.")
    predictor = _component_option("modeler", "predictor", "The modeler's action predictor.")
    model_ = _component_option("modeler", "model_", "The learned opponent model (the modeler's).")
    predictor_ = _component_option("modeler", "predictor_", "The learned predictor (the modeler's).")
    n_players_ = _component_option("modeler", "n_players_", "The table size the modeler learned for.")
    showdown_odds = _component_option("selector", "showdown_odds", "Loki-1's river call on showdown odds (the selector's).")

    def __init__(self, *, evaluator: HandEvaluator, modeler: Modeler, selector: RuleSelector | FormulaSelector,
                 simulator: Simulator | None = None, rng: RngLike = None, name: str | None = None):
        super().__init__(rng=rng)
        for what, value, kinds in (("evaluator", evaluator, HandEvaluator), ("modeler", modeler, Modeler),
                                   ("selector", selector, (RuleSelector, FormulaSelector)),
                                   ("simulator", simulator, (Simulator, type(None)))):
            if not isinstance(value, kinds):
                names = " or ".join(k.__name__ for k in (kinds if isinstance(kinds, tuple) else (kinds,)))
                raise ValueError(f"The '{what}' parameter of Player must be a {names}; got {value!r}.")
        self.evaluator = evaluator
        self.modeler = modeler
        self.selector = selector
        self.simulator = simulator
        if name is not None:
            self.name = name
        self._stakes: Stakes | None = None  # the game's, from the first observation
        self.hand: HandState | None = None  # the current hand's state, made when the player first acts in it
        self._seat = 0
        self._pending: list = []  # the hand's events before the state is made

    @property
    def strategy(self) -> str:
        """The post-flop betting: ``"simulation"`` with a simulator, else the selector's (``"rules"``, ``"formula"``)."""
        return "simulation" if self.simulator is not None else self.selector.strategy

    @property
    def learns_across_hands(self) -> bool:
        """True with a specific opponent model (SOM): the match keeps one instance for all hands."""
        return self.modeler.learns_across_hands

    # -- the hand's bookkeeping ---------------------------------------------------

    def new_hand(self, seat: int) -> None:
        self._finish_hand()
        self._seat = int(seat)
        self._pending = []
        self.hand = None

    def observe(self, event: Event) -> None:
        if self.hand is not None:
            self.hand.tracker.step(event)
        else:
            self._pending.append(event)

    def _start(self, observation: Observation) -> None:
        """Make the hand's state from the first observation and the events seen so far."""
        n = observation.n_players
        self.modeler.start(n, self.rng)
        self._seat = observation.player
        self._stakes = observation.stakes
        tracker = HandTracker(n, observation.button, features=self.modeler.predictor_ is not None, stakes=observation.stakes)
        for event in self._pending:
            tracker.step(event)
        self._pending = []
        self.hand = HandState(tracker, self._seat)

    def _finish_hand(self) -> None:
        """Let the modeler learn from the hand just over (a specific model only)."""
        if not self.modeler.specific or self.modeler.model_ is None:
            return
        tracker = self.hand.tracker if self.hand is not None else None
        if tracker is None and self._pending:
            # we never acted (everyone folded to our big blind): infer the button from the first actor
            first = next((e.player for e in self._pending if e.kind == "action"), None)
            if first is None:
                return
            n = self.modeler.n_players_
            assert n is not None  # set with model_ by Modeler.start
            stakes: dict[str, Stakes] = {} if self._stakes is None else {"stakes": self._stakes}  # the game's, when an observation was seen
            tracker = HandTracker(n, button_from_first_actor(n, first), features=self.modeler.predictor_ is not None, **stakes)
            for event in self._pending:
                tracker.step(event)
        if tracker is None:
            return
        self.modeler.finish(tracker, self._seat)
        self.hand = None

    def _update_weights(self) -> None:
        """Let the modeler re-weight the hand's tables for the actions not yet applied."""
        assert self.hand is not None  # made by _start
        self.modeler.update(self.hand, self.evaluator)

    def save(self, directory: str | os.PathLike[str]) -> Path:
        """Write the learned state as plain files in ``directory``: ``opponent_model.npz`` (the counts of the
        specific model) and, with a network or meta predictor, its files (:mod:`bpp.loki.modeler.predictors`).

        >>> import tempfile, numpy as np
        >>> from holdem.games import LimitHoldem
        >>> from holdem.match import play_match
        >>> a = PokiAgent(rng=0)
        >>> _ = play_match(LimitHoldem(3), [a, "call", "raise"], 5, rng=0)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     b = PokiAgent(rng=1).load(a.save(d))
        >>> bool(np.array_equal(a.model_.counts_, b.model_.counts_))
        True
        """
        return self.modeler.save(directory, owner=type(self).__name__)

    def load(self, directory: str | os.PathLike[str]) -> "Player":
        """Read what :meth:`save` wrote; returns self."""
        self.modeler.load(directory, self.rng)
        return self

    # -- acting ----------------------------------------------------------------------

    def act(self, observation: Observation) -> Action:
        triple, ctx = self._triple(observation)
        if ctx.round == 0:
            index = draw_action(triple, self.rng.random(), ctx.to_call > 0, ctx.can_raise)
        elif self.simulator is not None:
            index = int(np.argmax(triple))  # the simulation chooses one action
        else:
            index = self.selector.choose(triple, ctx, self.rng)
        return to_action(index, observation)

    def _hand_of(self, observation: Observation) -> HandState:
        if self.hand is None:
            self._start(observation)
        hand: HandState = self.hand  # type: ignore[assignment]  # made by _start
        self._seat = hand.seat = observation.player
        return hand

    def _opponent_weights(self, observation: Observation) -> np.ndarray:
        opponents = [s for s in range(observation.n_players) if s != observation.player and not observation.folded[s]]
        assert self.hand is not None  # made by _start
        return self.modeler.opponent_weights(self.hand, opponents)

    def _triple(self, observation: Observation):
        """(the triple over fold/call/raise this player acts by, the betting context); one-hot for the rules and simulation."""
        hand = self._hand_of(observation)
        ctx = betting_context(observation)
        hole = observation.hole
        h = int(HOLDING_INDEX[hole[0], hole[1]])
        if ctx.round == 0:
            return self.evaluator.preflop_table(ctx)[h], ctx
        self.modeler.update(hand, self.evaluator)
        ehs, ppot = self.evaluator.evaluate(hand, observation.public, h, self._opponent_weights(observation))
        if self.simulator is not None:
            assert self.modeler.model_ is not None  # made by Modeler.start
            best = self.simulator.decide(hand, hole=np.asarray(hole), our_strength=ehs, model=self.modeler.model_,
                                         predictor=self.modeler.predictor_, rng=self.rng)
            return np.eye(3)[best], ctx
        return self.selector.triple(ehs, ppot, ctx), ctx

    def action_probabilities(self, observation: Observation) -> dict:
        """The distribution of :meth:`act`'s action: the pre-flop and formula triples, a point mass for the rules.

        With a simulator (``poki-sim``) it answers the action one simulation
        chooses (a fresh draw each call).
        """
        triple, _ = self._triple(observation)
        row = legal_columns(triple, observation)
        return {a: float(p) for a, p in zip(observation.legal, row)}

    def holdings_action_probabilities(self, observation: Observation, holdings: ArrayLike) -> np.ndarray:
        """The action distribution had this seat held each holding: float array (n, len(observation.legal)).

        Batched over the holdings: pre-flop one row of the context's triple
        table per holding; after the flop every holding's EHS and Ppot against
        the same weight tables at once (:meth:`HandEvaluator.evaluate_all
        <bpp.loki.evaluator.hand.HandEvaluator.evaluate_all>`, the exact
        numbers :meth:`act` uses), then the selector's triples vectorized.  A
        simulator has no batched form: it runs one simulation per holding
        (``trials`` each, slow).  Rows sum to 1, columns follow
        ``observation.legal``.  Holdings that share a card with the board get
        the row of a hand that never wins.

        Parameters
        ----------
        observation
            This seat's observation (its own ``hole`` is ignored).
        holdings : int array (n, 2)
            Hole cards (card codes).

        Examples
        --------
        >>> import numpy as np
        >>> from holdem.games import LimitHoldem
        >>> from holdem.ranges import HOLDINGS
        >>> obs = LimitHoldem(n_players=3).new_hand(np.arange(52)).observation(0)
        >>> p = LokiAgent(rng=0).holdings_action_probabilities(obs, HOLDINGS)
        >>> p.shape, bool(np.allclose(p.sum(axis=1), 1))
        ((1326, 3), True)
        >>> LokiAgent().holdings_action_probabilities(obs, [[0, 0]])
        Traceback (most recent call last):
        ...
        ValueError: The 'holdings' parameter of holdings_action_probabilities must hold two distinct cards in [0, 51] per row; got [[0, 0]].
        """
        holdings = np.asarray(holdings)
        if (
            holdings.ndim != 2 or holdings.shape[1] != 2 or not np.issubdtype(holdings.dtype, np.integer)
            or holdings.size and (holdings.min() < 0 or holdings.max() > 51 or np.any(holdings[:, 0] == holdings[:, 1]))
        ):
            raise ValueError(
                "The 'holdings' parameter of holdings_action_probabilities must hold two distinct cards in [0, 51] "
                f"per row; got {holdings.tolist()!r}."
            )
        hand = self._hand_of(observation)
        ctx = betting_context(observation)
        h = HOLDING_INDEX[holdings[:, 0], holdings[:, 1]]
        if ctx.round == 0:
            return legal_columns(self.evaluator.preflop_table(ctx)[h], observation)
        if self.simulator is not None:
            rows = [self._triple(observation._replace(hole=tuple(int(c) for c in hole)))[0] for hole in holdings]
            return legal_columns(np.array(rows).reshape(-1, 3), observation)
        self.modeler.update(hand, self.evaluator)
        ehs, ppot = self.evaluator.evaluate_all(hand, observation.public, self._opponent_weights(observation))
        return legal_columns(self.selector.triples(ehs[h], ppot[h], ctx), observation)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(evaluator={self.evaluator!r}, modeler={self.modeler!r}, "
                f"selector={self.selector!r}, simulator={self.simulator!r})")


_STRATEGIES = ("rules", "formula", "simulation")


class LokiAgent(Player):
    """Player A of Billings1998 §5 (the Lokibot), or any composition named by the options of its components.

    ``LokiAgent()`` is the composition ``Player(evaluator=HandEvaluator(), modeler=LokiModeler(),
    selector=RuleSelector())``.  Each keyword changes one component's setting, for experiments that vary one
    option at a time (the registered players are built directly as compositions, :data:`VARIANTS`).

    Parameters
    ----------
    rng : numpy.random.Generator, int or None
    strategy : {"rules", "formula", "simulation"}
        The selector: Loki's rules (Billings1998 §4.4), Poki's formula strategy, or a
        :class:`~bpp.loki.simulator.sampling.Simulator` (selective sampling, Billings2002) after the flop.
    weighting : bool
        False: the :class:`~bpp.loki.modeler.modelers.UniformModeler` (player B).
    potential : bool
        The evaluator's one-card Ppot in EHS and the rules' pot-odds calls (False: player D).
    preflop, preflop_rates, combine
        The evaluator's (:class:`~bpp.loki.evaluator.hand.HandEvaluator`); ``"simple"`` pre-flop is player C.
        The Make1/2/4 thresholds (:class:`bpp.loki.evaluator.preflop.PreflopThresholds`) were set on the plain
        roll-out's scale: on the button at ten players they keep 32 %, 8.7 % and 1.2 % of the holdings with the
        roll-out table but 12 %, 2.2 % and 0.5 % with the iterated one, so ``"iterated"`` is an option, not
        Poki's default.
    reweighting, reweight_checks, specific, predictor
        The modeler's (:mod:`bpp.loki.modeler.modelers`).
    showdown_odds : bool
        Loki-1's river call on showdown odds (the rules only, :class:`bpp.loki.selector.betting.LokiRules`).
    view : {"player", "uniform"} or None
        The modeler: ``"player"`` (:class:`~bpp.loki.modeler.modelers.LokiModeler`, each holding's EHS as the
        acting opponent sees it, against Loki's own thresholds; the rules' default) or ``"uniform"``
        (:class:`~bpp.loki.modeler.modelers.PokiModeler`, EHS against one random hand and the opponent model's
        thresholds, every action compounding; the default of the other strategies).
    ranges : {"uniform", "tables"}
        With ``view="player"``: whom the acting opponent is taken to play against (see ``LokiModeler``).  In the
        ten-player Figure 1 field ``"uniform"`` reproduces the players' own EHS better (see
        ``tests/loki/test_loki_reweighting.py``).
    trials, time_budget
        The simulator's (``strategy="simulation"``).
    rules : LokiRules, optional
    formula : FormulaParams, optional

    Examples
    --------
    >>> LokiAgent(strategy="minimax")
    Traceback (most recent call last):
    ...
    ValueError: The 'strategy' parameter of LokiAgent must be one of ('rules', 'formula', 'simulation'); got 'minimax'.
    """

    name = "loki"

    def __init__(
        self,
        *,
        rng: RngLike = None,
        strategy: str = "rules",
        weighting: bool = True,
        potential: bool = True,
        preflop: str = "advanced",
        reweighting: str = "preflop",
        reweight_checks: bool = False,
        preflop_rates: str = "rollout",
        showdown_odds: bool = False,
        specific: bool = False,
        predictor: str = "frequency",
        combine: str = "loki",
        view: str | None = None,
        ranges: str = "uniform",
        trials: int = 500,
        time_budget: float | None = None,
        rules: LokiRules | None = None,
        formula: FormulaParams | None = None,
    ):
        if strategy not in _STRATEGIES:
            raise ValueError(f"The 'strategy' parameter of LokiAgent must be one of {_STRATEGIES}; got {strategy!r}.")
        if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or trials < 1:
            raise ValueError(f"The 'trials' parameter of LokiAgent must be a positive integer; got {trials!r}.")
        if time_budget is not None and not (isinstance(time_budget, (int, float)) and 0 < time_budget < float("inf")):
            raise ValueError(f"The 'time_budget' parameter of LokiAgent must be None or a positive number of seconds; "
                             f"got {time_budget!r}.")
        if reweighting not in ("preflop", "all"):
            raise ValueError(f"The 'reweighting' parameter of LokiAgent must be 'preflop' or 'all'; got {reweighting!r}.")
        if view is None:
            view = "player" if strategy == "rules" else "uniform"
        if view not in ("player", "uniform"):
            raise ValueError(f"The 'view' parameter of LokiAgent must be 'player' or 'uniform'; got {view!r}.")
        rules = rules or LokiRules(use_potential=potential, showdown_odds=showdown_odds)
        formula = formula or FormulaParams()
        shared: dict[str, Any] = dict(reweighting=reweighting, reweight_checks=reweight_checks, specific=specific,
                                      predictor=predictor)
        if ranges not in ("uniform", "tables"):
            raise ValueError(f"The 'ranges' parameter of LokiAgent must be 'uniform' or 'tables'; got {ranges!r}.")
        modeler: Modeler
        if not weighting:
            modeler = UniformModeler(**shared)
        elif view == "player":
            modeler = LokiModeler(ranges=ranges, rules=rules, **shared)
        else:
            modeler = PokiModeler(likelihood="linear" if strategy == "rules" else "triple", **shared)
        super().__init__(
            evaluator=HandEvaluator(potential=potential, combine=combine, preflop=preflop, preflop_rates=preflop_rates),
            modeler=modeler,
            selector=RuleSelector(rules) if strategy == "rules" else FormulaSelector(formula),
            simulator=Simulator(trials=trials, time_budget=time_budget, formula=formula) if strategy == "simulation" else None,
            rng=rng,
        )


class PokiAgent(Player):
    """Poki (Billings2002): specific opponent models re-weighting by their triples (checks too), per-opponent EHS
    multiplied, the formula betting strategy."""

    name = "poki"

    def __init__(self, *, rng: RngLike = None, predictor: str = "frequency", simulator: Simulator | None = None):
        super().__init__(evaluator=HandEvaluator(combine="product"), modeler=PokiModeler(predictor=predictor),
                         selector=FormulaSelector(), simulator=simulator, rng=rng)


class PokiSimAgent(PokiAgent):
    """Poki with a simulator: selective-sampling simulation betting after the flop (Billings2002 §5)."""

    name = "poki-sim"

    def __init__(self, *, rng: RngLike = None, predictor: str = "frequency", trials: int = 500, time_budget: float | None = None):
        super().__init__(rng=rng, predictor=predictor, simulator=Simulator(trials=trials, time_budget=time_budget))


def poki_nn(*, rng: RngLike = None) -> Player:
    """Poki predicting each opponent's actions with its neural network (Billings2002 "neural networks for opponent modeling")."""
    agent = PokiAgent(rng=rng, predictor="network")
    agent.name = "poki-nn"
    return agent


def poki_meta(*, rng: RngLike = None) -> Player:
    """Poki choosing per opponent whichever predictor (frequencies, rules, network) predicted it best so far (Billings2002)."""
    agent = PokiAgent(rng=rng, predictor="meta")
    agent.name = "poki-meta"
    return agent


def poki_sim_meta(*, rng: RngLike = None) -> Player:
    """The simulation player with the meta choice of predictors, as in Billings2002's last experiment.

    Per opponent, the chosen predictor drives the re-weighting and plays that opponent in the
    simulation's trials (:mod:`bpp.loki.simulator.sampling`).
    """
    agent = PokiSimAgent(rng=rng, predictor="meta")
    agent.name = "poki-sim-meta"
    return agent


def poki_sim_nn(*, rng: RngLike = None) -> Player:
    """The simulation player whose opponents, in the re-weighting and in the trials, are predicted by the network."""
    agent = PokiSimAgent(rng=rng, predictor="network")
    agent.name = "poki-sim-nn"
    return agent


def _loki(rng, name: str, *, modeler=None, evaluator=None, rules: LokiRules | None = None) -> Player:
    """Player A (:class:`LokiAgent`) with the components given replaced."""
    return Player(evaluator=evaluator or HandEvaluator(), modeler=modeler or LokiModeler(),
                  selector=RuleSelector(rules), rng=rng, name=name)


def loki_reweight(*, rng: RngLike = None) -> Player:
    """Player A re-weighting after every action, post-flop too (Billings1998b), not only pre-flop (Billings1998 §4.3)."""
    return _loki(rng, "loki-reweight", modeler=LokiModeler(reweighting="all"))


def loki_showdown(*, rng: RngLike = None) -> Player:
    """Player A with Loki-1's river call on showdown odds (EHS > pot odds)."""
    return _loki(rng, "loki-showdown", rules=LokiRules(showdown_odds=True))


def loki_reweight_showdown(*, rng: RngLike = None) -> Player:
    """Re-weighting after every action plus the showdown-odds river call (the configuration whose Figure 1 puts A first on every seed)."""
    return _loki(rng, "loki-reweight-showdown", modeler=LokiModeler(reweighting="all"),
                 rules=LokiRules(showdown_odds=True))


def loki_b(*, rng: RngLike = None) -> Player:
    """Player B of Billings1998 Figure 1: A with a uniform modeler (no weighting of the opponents' holdings)."""
    return _loki(rng, "loki-b", modeler=UniformModeler())


def loki_c(*, rng: RngLike = None) -> Player:
    """Player C of Billings1998 Figure 1: A with the evaluator's simple pre-flop selection."""
    return _loki(rng, "loki-c", evaluator=HandEvaluator(preflop="simple"))


def loki_d(*, rng: RngLike = None) -> Player:
    """Player D of Billings1998 Figure 1: A without hand potential (evaluator and rules)."""
    return _loki(rng, "loki-d", evaluator=HandEvaluator(potential=False), rules=LokiRules(use_potential=False))


def loki_e(*, rng: RngLike = None) -> Player:
    """Player E of Billings1998 Figure 1: basic (uniform modeler, no potential, simple pre-flop)."""
    return _loki(rng, "loki-e", modeler=UniformModeler(), evaluator=HandEvaluator(potential=False, preflop="simple"),
                 rules=LokiRules(use_potential=False))


#: Every registered Loki/Poki player: its name → the factory of its composition.
VARIANTS = {
    "loki": LokiAgent,
    "loki-reweight": loki_reweight,
    "loki-showdown": loki_showdown,
    "loki-reweight-showdown": loki_reweight_showdown,
    "loki-b": loki_b,
    "loki-c": loki_c,
    "loki-d": loki_d,
    "loki-e": loki_e,
    "poki": PokiAgent,
    "poki-nn": poki_nn,
    "poki-meta": poki_meta,
    "poki-sim": PokiSimAgent,
    "poki-sim-meta": poki_sim_meta,
    "poki-sim-nn": poki_sim_nn,
}

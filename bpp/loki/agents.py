"""The Loki and Poki agents for limit hold'em, and Loki's ablation players B–E of Billings1998 Figure 1.

Component: the players: each variant a small composition of the state, evaluator, selector, modeler and simulator (Billings2002 §4; Billings1998 §5).

=========  ==========================================================================
name       what it is
=========  ==========================================================================
loki       player A of Billings1998 §5, the Lokibot of Billings1998: advanced pre-flop rules
           (:mod:`bpp.loki.preflop`), weight tables from the pre-flop actions
           only — "Lokibot treats all opponents the same … the common weights
           are based on the simulations of the 169 different starting hand
           types" (Billings1998 §4.3): each opponent's call or raise re-weights its
           table by the income-rate percentile of every holding, the same
           generic model for all; re-weighting after post-flop actions is
           Billings1998's future work — EHS with one-card potential, the rules of
           Billings1998 §4.4 (:class:`bpp.loki.betting.LokiRules`)
loki-reweight  A with re-weighting after every action, post-flop too (the
           AAAI-98 opponent modeller, Billings1998b): Loki's linear function
           (floor 0.01) of each holding's EHS as the acting opponent sees it,
           against the thresholds Loki itself bets by
           (:func:`bpp.loki.modeling.loki_thresholds`)
loki-b     A without weighting: every opponent holding equally likely
loki-c     A with the simple pre-flop selection (:func:`bpp.loki.preflop.simple_preflop_triples`)
loki-d     A without potential: EHS = HS_n, no pot-odds calls
loki-e     basic: no weighting, no potential, simple pre-flop
poki       Poki (Billings2002): specific opponent models, weight tables re-weighted by the
           modelled triples (w ← w · PT[action]), per-opponent EHS, the formula
           betting strategy (a mixed strategy drawn from the triple)
poki-sim   Poki with selective-sampling simulation betting after the flop
=========  ==========================================================================

Every agent keeps one weight table per seat for the current hand and, across
hands, its opponent model indexed by relative seat (:mod:`bpp.loki.modeling`).
It learns from the events the match runner shows it (``observe``); the
re-weighting is done lazily, when the agent next has to act, and only for
opponents still in the hand.

>>> import numpy as np
>>> from holdem.games import LimitHoldem
>>> from holdem.match import play_match
>>> r = play_match(LimitHoldem(n_players=3), [LokiAgent, PokiAgent, "call"], 20, rng=3)
>>> r.n_hands
20
"""

from __future__ import annotations

import numpy as np

from bpp.loki.betting import LokiRules, betting_context, context_formula_triple, decide_many, legal_columns, to_action
from bpp.loki.evaluation import street_table
from bpp.loki.modeling import HandTracker, button_from_first_actor, OpponentModel, holding_strengths, loki_thresholds, preflop_strength
from bpp.loki.triples import CALL, FOLD, RAISE, FormulaParams, draw_action
from bpp.loki.weights import linear_reweighting, reweight
from holdem.agents import Agent
from holdem.games.base import Observation
from holdem.ranges import HOLDING_INDEX, N_HOLDINGS

__all__ = [
    "LokiAgent",
    "POKI",
    "VARIANTS",
    "PokiAgent",
    "PokiSimAgent",
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

_STRATEGIES = ("rules", "formula", "simulation")
_PREFLOP = ("advanced", "simple")


class LokiAgent(Agent):
    """Loki / Poki for fixed-limit hold'em (2–10 seats).

    Parameters
    ----------
    rng : numpy.random.Generator, int or None
    strategy : {"rules", "formula", "simulation"}
        Post-flop betting: Loki's rules (Billings1998 §4.4), Poki's formula strategy or
        its selective-sampling simulation (Billings2002).
    weighting : bool
        Keep and re-weight a table per opponent (False: uniform, player B).
    potential : bool
        Use the one-card Ppot in EHS and pot-odds calls (False: player D).
    preflop : {"advanced", "simple"}
        Income-rate rules aware of position and player count, or the simple
        selection of player C.
    reweighting : {"preflop", "all"}
        Which actions re-weight the tables: ``"preflop"`` (Billings1998 §4.3's
        Lokibot: the common pre-flop weights only) or ``"all"`` (every call
        and raise of every round: Billings1998b's re-weighting, Poki's).
    reweight_checks : bool
        With ``view="uniform"`` (Poki): a check re-weights too, by the
        modelled chance of *not* betting, ``1 − ramp(strength, μ_raise)``
        (Billings2002 "updating weight table": every observed action,
        checks included, multiplies the table by its triple entry); Loki
        re-weights nothing on a check.  Default False; Poki sets True.
    preflop_rates : {"rollout", "iterated"}
        The income-rate table of the advanced pre-flop rules: the plain
        roll-out (Billings1998 §4.1) or the iterated roll-out Billings2002 describes
        for Poki (committed for ten players only; other table sizes fall back
        to the nearest committed table).  The Make1/2/4 thresholds
        (:class:`bpp.loki.preflop.PreflopThresholds`) were set on the plain
        roll-out's scale: on the button at ten players they keep 32 %, 8.7 %
        and 1.2 % of the holdings with the roll-out table but 12 %, 2.2 % and
        0.5 % with the iterated one, so ``"iterated"`` is an option, not
        Poki's default.
    showdown_odds : bool
        Loki-1's river call on showdown odds (:class:`bpp.loki.betting.LokiRules`;
        the rules strategy only, off in Billings1998's rules).
    specific : bool
        Learn a specific model of each opponent (SOM) or use the generic one (GOM).
    predictor : {"frequency", "network", "meta"}
        What predicts an opponent's action in the re-weighting (the
        ``view="uniform"`` path, Poki's): the twelve-context frequencies of
        the opponent model (Billings2002 "specific opponent modeling"), the
        neural network of :class:`bpp.loki.predictors.NeuralPredictor`
        (19 context inputs), or the meta choice of
        :class:`bpp.loki.predictors.MetaPredictor` (frequencies, rules or
        network, whichever predicted that opponent best so far).  The
        prediction's (fold, call, raise) becomes thresholds as the
        frequencies do (:func:`bpp.loki.predictors.predictor_thresholds`).
    view : {"player", "uniform"} or None
        The scale of the holdings' strength that the re-weighting thresholds.
        ``"player"`` (Loki's rules strategy by default): each holding's EHS as
        the acting opponent sees it — HS against the ranges of *its*
        remaining opponents (our weight tables of them, and the table of what
        our own actions showed), with Ppot (Billings1998 §4.2–4.4) — against the
        thresholds Loki itself bets by (:func:`bpp.loki.modeling.loki_thresholds`),
        one re-weighting per opponent and round from the table it had when
        the round began, by its most demanding action of the round (Loki's
        opponent modeller as Peña's thesis describes it).  ``"uniform"``
        (Poki's strategies by default): EHS against one random hand and the
        thresholds of the opponent model, every action compounding.
    ranges : {"uniform", "tables"}
        With ``view="player"``: whom the acting opponent is taken to play
        against — ``"uniform"``: each remaining opponent a random hand, so
        ``HS_n = HS ** n`` (Billings1998 §4.2's extrapolation to n opponents, what a
        player without weight tables computes); ``"tables"``: our weight
        tables of its remaining opponents (what a weighting player computes).
        In the ten-player Figure 1 field the first reproduces the players'
        own EHS better (see ``tests/loki/test_loki_reweighting.py``).
    trials, time_budget
        Simulation trials per decision and optional seconds (``strategy="simulation"``).
    small_blind, big_blind, small_bet
        The stakes of the game (those of :class:`holdem.games.LimitHoldem` by default).

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
        rng=None,
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
        small_blind: int = 1,
        big_blind: int = 2,
        small_bet: int = 2,
        rules: LokiRules | None = None,
        formula: FormulaParams | None = None,
    ):
        super().__init__(rng=rng)
        if strategy not in _STRATEGIES:
            raise ValueError(f"The 'strategy' parameter of LokiAgent must be one of {_STRATEGIES}; got {strategy!r}.")
        if preflop not in _PREFLOP:
            raise ValueError(f"The 'preflop' parameter of LokiAgent must be one of {_PREFLOP}; got {preflop!r}.")
        if preflop_rates not in ("rollout", "iterated"):
            raise ValueError(
                f"The 'preflop_rates' parameter of LokiAgent must be 'rollout' or 'iterated'; got {preflop_rates!r}."
            )
        if reweighting not in ("preflop", "all"):
            raise ValueError(f"The 'reweighting' parameter of LokiAgent must be 'preflop' or 'all'; got {reweighting!r}.")
        if predictor not in ("frequency", "network", "meta"):
            raise ValueError(
                f"The 'predictor' parameter of LokiAgent must be 'frequency', 'network' or 'meta'; got {predictor!r}."
            )
        if combine not in ("loki", "product"):
            raise ValueError(f"The 'combine' parameter of LokiAgent must be 'loki' or 'product'; got {combine!r}.")
        if view is None:
            view = "player" if strategy == "rules" else "uniform"
        if view not in ("player", "uniform"):
            raise ValueError(f"The 'view' parameter of LokiAgent must be 'player' or 'uniform'; got {view!r}.")
        if ranges not in ("uniform", "tables"):
            raise ValueError(f"The 'ranges' parameter of LokiAgent must be 'uniform' or 'tables'; got {ranges!r}.")
        if not isinstance(trials, (int, np.integer)) or trials < 1:
            raise ValueError(f"The 'trials' parameter of LokiAgent must be a positive integer; got {trials!r}.")
        self.strategy = strategy
        self.weighting = bool(weighting)
        self.potential = bool(potential)
        self.preflop = preflop
        self.reweighting = reweighting
        self.reweight_checks = bool(reweight_checks)
        self.preflop_rates = preflop_rates
        self.showdown_odds = bool(showdown_odds)
        self.specific = bool(specific)
        self.predictor = predictor
        self.predictor_ = None
        self.combine = combine
        self.view = view
        self.ranges = ranges
        self.trials = int(trials)
        self.time_budget = time_budget
        self.stakes = dict(small_blind=small_blind, big_blind=big_blind, small_bet=small_bet, big_bet=2 * small_bet)
        self.rules = rules or LokiRules(use_potential=self.potential, showdown_odds=self.showdown_odds)
        self.formula = formula or FormulaParams()
        self.model_: OpponentModel | None = None
        self.n_players_: int | None = None
        self._seat = 0
        self._pending: list = []
        self._tracker: HandTracker | None = None
        self._done = 0  # records of the tracker already applied to the weights / model
        self._weights: np.ndarray | None = None
        self._streets: dict = {}  # the hand's street tables by board (integer card codes)
        self._preflop_cache: dict = {}

    # -- the hand's bookkeeping ---------------------------------------------------

    @property
    def learns_across_hands(self) -> bool:
        """True with a specific opponent model (SOM): the match keeps one instance for all hands."""
        return self.specific

    def new_hand(self, seat: int) -> None:
        self._finish_hand()
        self._seat = int(seat)
        self._pending = []
        self._tracker = None
        self._done = 0
        self._weights = None
        self._streets = {}

    def observe(self, event) -> None:
        if self._tracker is not None:
            self._tracker.step(event)
        else:
            self._pending.append(event)

    def _start(self, observation: Observation) -> None:
        n = observation.n_players
        if self.model_ is None or self.n_players_ != n:
            self.n_players_ = n
            self.model_ = OpponentModel(n, specific=self.specific)
            self.predictor_ = self._new_predictor(n)
        self._seat = observation.player
        self._generic = loki_thresholds(self.rules)
        self._tracker = HandTracker(n, observation.button, features=self.predictor_ is not None, **self.stakes)
        for event in self._pending:
            self._tracker.step(event)
        self._pending = []
        self._weights = np.ones((n, N_HOLDINGS))  # the hand's weight tables, one row per seat, kept all hand
        self._streets = {}  # the hand's street tables by board: one look-up per street, not per decision
        self._folded_at = [False] * n  # folds among the records applied so far
        self._round_base: dict = {}  # seat → (round, its table when the round's first re-weighting came, μ used)

    def _street(self, board):
        """The :class:`~bpp.loki.evaluation.StreetTable` of this hand's ``board`` (integer card codes), held per street."""
        key = tuple(board)
        table = self._streets.get(key)
        if table is None:
            table = self._streets[key] = street_table(key)
        return table

    def _finish_hand(self) -> None:
        """Count the opponents' actions of the hand just over in the specific model."""
        if not self.specific or self.model_ is None:
            return
        if self._tracker is None and self._pending:
            # we never acted (everyone folded to our big blind): infer the button from the first actor
            first = next((e.player for e in self._pending if e.kind == "action"), None)
            if first is None:
                return
            n = self.n_players_
            self._tracker = HandTracker(
                n, button_from_first_actor(n, first), features=self.predictor_ is not None, **self.stakes
            )
            for event in self._pending:
                self._tracker.step(event)
        if self._tracker is None:
            return
        n = self._tracker.n
        me = self._seat
        rows = [((r[0] - me) % n, r[1], r[2], r[3]) for r in self._tracker.records if r[0] != me]
        if rows:
            self.model_.observe_many(rows)
        if self.predictor_ is not None:
            feats = self._tracker.features
            for rel in {row[0] for row in rows}:
                k = [i for i, r in enumerate(self._tracker.records) if (r[0] - me) % n == rel]
                self.predictor_.update(rel, np.array([feats[i] for i in k]), [self._tracker.records[i][3] for i in k])
        self._tracker = None

    def save(self, directory):
        """Write the learned state as plain files in ``directory``: ``opponent_model.npz`` (the counts of the
        specific model) and, with a network or meta predictor, its files (:mod:`bpp.loki.predictors`).

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
        from pathlib import Path

        if self.model_ is None:
            raise ValueError(f"{type(self).__name__}.save needs an agent that has played (no learned state yet).")
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        np.savez(directory / "opponent_model.npz", counts_=self.model_.counts_, n_players=self.n_players_)
        if self.predictor == "network":
            self.predictor_.save(directory / "network.npz")
        elif self.predictor == "meta":
            self.predictor_.save(directory)
        return directory

    def load(self, directory) -> "LokiAgent":
        """Read what :meth:`save` wrote; returns self."""
        from pathlib import Path

        directory = Path(directory)
        with np.load(directory / "opponent_model.npz") as f:
            n = int(f["n_players"])
            self.n_players_ = n
            self.model_ = OpponentModel(n, specific=self.specific)
            self.model_.counts_ = f["counts_"].copy()
        self.predictor_ = self._new_predictor(n)
        if self.predictor == "network":
            self.predictor_.load(directory / "network.npz")
        elif self.predictor == "meta":
            self.predictor_.load(directory)
        return self

    def _new_predictor(self, n: int):
        from bpp.loki.predictors import MetaPredictor, NeuralPredictor

        seed = int(self.rng.integers(2**31))
        if self.predictor == "network":
            return NeuralPredictor(n, random_state=seed)
        if self.predictor == "meta":
            return MetaPredictor(n, random_state=seed)
        return None

    def _update_weights(self) -> None:
        """Re-weight the tables of opponents still in the hand for the actions not yet applied."""
        t = self._tracker
        records = t.records
        if not self.weighting:
            self._done = len(records)
            return
        if self.view == "player":
            self._update_weights_player(records)
            return
        n = t.n
        board_at = _boards_by_round(t)
        for k, rec in enumerate(records[self._done :], start=self._done):
            p = rec.player
            if p == self._seat or t.folded[p] or rec.action == FOLD:
                continue
            if rec.round > 0 and self.reweighting == "preflop":
                continue
            b = min(rec.bets_to_call, 2)
            if rec.action == CALL and b == 0 and not self.reweight_checks:
                continue  # Loki: a check re-weights nothing (no "negative re-weighting", Peña 1999 §3)
            strength = holding_strengths(board_at[rec.round], n)
            rel = (p - self._seat) % n
            if self.predictor_ is None:
                mu_call, mu_raise = self.model_.thresholds(rel, round=rec.round, bets_to_call=b)
            else:
                from bpp.loki.predictors import predictor_thresholds

                mu_call, mu_raise = predictor_thresholds(self.predictor_.predict(rel, t.features[k])[0], b)
            sigma = self.model_.sigma
            if self.strategy == "rules":
                mu = mu_raise if rec.action == RAISE else mu_call
                factor = linear_reweighting(strength, mu, sigma, floor=0.01)
            else:
                # the triple's entry for the action (threshold_triples, one column)
                up = np.clip((strength - mu_raise + sigma) / (2 * sigma), 0.0, 1.0)
                if rec.action == RAISE:
                    factor = up
                else:
                    go = np.clip((strength - mu_call + sigma) / (2 * sigma), 0.0, 1.0) if b else 1.0
                    factor = np.maximum(go - up, 0.0)
            reweight(self._weights[p], factor, floor=0.01, out=self._weights[p])
        self._done = len(records)

    def _update_weights_player(self, records) -> None:
        """Loki's re-weighting on the acting player's own EHS (``view="player"``).

        For each action, in order: a fold takes the player out (its table is no
        longer a range anyone plays against); a check, which any hand may
        make, re-weights nothing (Loki had no "negative re-weighting", Peña
        1999 §3); a call or a bet/raise of player ``p`` in context (round, bets
        to call) has the threshold μ of :func:`bpp.loki.modeling.loki_thresholds`
        and multiplies ``p``'s table by ``(EHS − μ + σ) / (2σ)`` clipped to
        [0.01, 1] (Billings1998b), EHS being every holding's
        :meth:`~bpp.loki.evaluation.StreetTable.player_ehs` against the tables
        of ``p``'s remaining opponents (ours among them: the table of what our
        own actions showed).  Within a round only the most demanding action
        counts, applied to the table as the round began, so a call after a bet
        in the same round does not re-weight twice.
        """
        t = self._tracker
        n = t.n
        board_at = _boards_by_round(t)
        mu_call, mu_raise = self._generic
        sigma = self.model_.sigma
        folded = self._folded_at
        for rec in records[self._done :]:
            p = rec.player
            if rec.action == FOLD:
                folded[p] = True
                continue
            if rec.round > 0 and self.reweighting == "preflop":
                continue  # Billings1998 §4.3: the common weights come from the pre-flop only
            b = min(rec.bets_to_call, 2)
            if rec.action == CALL and b == 0:
                continue
            r = rec.round
            mu = float(mu_raise[r, b] if rec.action == RAISE else mu_call[r, b])
            if rec.action == CALL and r > 0 and self.potential:
                # Loki also calls when Ppot > pot odds (Billings1998 §4.4), and EHS >= Ppot: the least EHS a call shows is the pot odds
                mu = min(mu, rec.to_call / (rec.pot + rec.to_call))
            base = self._round_base.get(p)
            if base is None or base[0] != r:
                base = (r, self._weights[p].copy(), -np.inf)
            if mu <= base[2]:
                continue
            self._round_base[p] = (r, base[1], mu)
            if r == 0:
                strength = preflop_strength(n)
            else:
                others = [q for q in range(n) if q != p and not folded[q]]
                table = self._street(board_at[r])
                if self.ranges == "uniform":
                    strength = table.player_ehs(n_opponents=len(others), potential=self.potential)
                else:
                    strength = table.player_ehs(self._weights[others], potential=self.potential)
            np.multiply(base[1], linear_reweighting(strength, mu, sigma, floor=0.01), out=self._weights[p])
        self._done = len(records)

    # -- acting ----------------------------------------------------------------------

    def act(self, observation: Observation):
        triple, ctx = self._triple(observation)
        if ctx.round == 0 or self.strategy == "formula":
            index = draw_action(triple, self.rng.random(), ctx.to_call > 0, ctx.can_raise)
        else:
            index = int(np.argmax(triple))  # the rules and the simulation choose one action
        return to_action(index, observation)

    def _opponent_weights(self, observation: Observation) -> np.ndarray:
        opponents = [s for s in range(observation.n_players) if s != observation.player and not observation.folded[s]]
        return self._weights[opponents] if self.weighting else np.ones((len(opponents), N_HOLDINGS))

    def _triple(self, observation: Observation):
        """(the triple over fold/call/raise this agent acts by, the betting context); one-hot for the rules and simulation."""
        if self._tracker is None:
            self._start(observation)
        self._seat = observation.player
        ctx = betting_context(observation, small_bet=self.stakes["small_bet"])
        hole = observation.hole
        h = int(HOLDING_INDEX[hole[0], hole[1]])
        if ctx.round == 0:
            return self._preflop_table(ctx)[h], ctx
        self._update_weights()
        ev = self._street(observation.public).evaluate(h, self._opponent_weights(observation))
        if self.potential:
            ehs = ev.ehs if self.combine == "loki" else ev.ehs_product
            ppot = ev.ppot_all
        else:
            ehs, ppot = ev.hs_n, 0.0
        if self.strategy == "rules":
            index = self.rules.decide(
                ehs=ehs, ppot=ppot, pot_odds=ctx.pot_odds, bets_to_call=ctx.bets_to_call,
                bet_level=ctx.bet_level, can_raise=ctx.can_raise, river=ctx.round == 3,
            )
        elif self.strategy == "formula":
            return context_formula_triple(ehs, ppot, ctx, params=self.formula), ctx
        else:
            from bpp.loki.simulation import simulate

            res = simulate(
                self._tracker, me=observation.player, hole=np.asarray(hole), weights=self._weights, our_strength=ehs,
                model=self.model_, trials=self.trials, time_budget=self.time_budget, params=self.formula,
                predictor=self.predictor_, rng=self.rng,
            )
            index = res.best
        return np.eye(3)[index], ctx

    def action_probabilities(self, observation: Observation) -> dict:
        """The distribution of :meth:`act`'s action: the pre-flop and formula triples, a point mass for the rules.

        The simulation strategy (``poki-sim``) answers the action one
        simulation chooses (a fresh draw each call).
        """
        triple, _ = self._triple(observation)
        row = legal_columns(triple, observation)
        return {a: float(p) for a, p in zip(observation.legal, row)}

    def holdings_action_probabilities(self, observation: Observation, holdings) -> np.ndarray:
        """The action distribution had this seat held each holding: float array (n, len(observation.legal)).

        Batched over the holdings: pre-flop one row of the context's triple
        table per holding; after the flop every holding's EHS and Ppot against
        the same weight tables at once (:meth:`bpp.loki.evaluation.StreetTable.evaluate_all`,
        the exact numbers :meth:`act` uses), then the rules
        (:func:`bpp.loki.betting.decide_many`) or the formula triples
        vectorized.  The simulation strategy has no batched form: it runs one
        simulation per holding (``trials`` each, slow).  Rows sum to 1,
        columns follow ``observation.legal``.  Holdings that share a card with
        the board get the row of a hand that never wins.

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
        if self._tracker is None:
            self._start(observation)
        self._seat = observation.player
        ctx = betting_context(observation, small_bet=self.stakes["small_bet"])
        h = HOLDING_INDEX[holdings[:, 0], holdings[:, 1]]
        if ctx.round == 0:
            return legal_columns(self._preflop_table(ctx)[h], observation)
        if self.strategy == "simulation":
            rows = [self._triple(observation._replace(hole=tuple(int(c) for c in hole)))[0] for hole in holdings]
            return legal_columns(np.array(rows).reshape(-1, 3), observation)
        self._update_weights()
        ev = self._street(observation.public).evaluate_all(
            self._opponent_weights(observation), per_opponent=self.potential and self.combine == "product"
        )
        if self.potential:
            ehs = ev.ehs if self.combine == "loki" else ev.ehs_product
            ppot = ev.ppot_all
        else:
            ehs, ppot = ev.hs_n, np.zeros(N_HOLDINGS)
        ehs, ppot = ehs[h], ppot[h]
        if self.strategy == "rules":
            index = decide_many(
                self.rules, ehs=ehs, ppot=ppot, pot_odds=ctx.pot_odds, bets_to_call=ctx.bets_to_call,
                bet_level=ctx.bet_level, can_raise=ctx.can_raise, river=ctx.round == 3,
            )
            triples = np.eye(3)[index]
        else:
            triples = context_formula_triple(ehs, ppot, ctx, params=self.formula)
        return legal_columns(triples, observation)

    def _preflop_table(self, ctx) -> np.ndarray:
        """The (1326, 3) pre-flop triples of this context (cached)."""
        from bpp.loki.preflop import load_income_rates, preflop_triples, simple_preflop_triples

        can_check = ctx.to_call == 0
        if self.preflop == "simple":
            key = ("simple", ctx.bet_level, can_check, ctx.can_raise)
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
        return (
            f"{type(self).__name__}(strategy={self.strategy!r}, weighting={self.weighting}, potential={self.potential}, "
            f"preflop={self.preflop!r}, reweighting={self.reweighting!r})"
        )


def _boards_by_round(tracker) -> dict[int, tuple[int, ...]]:
    board = tracker.board
    return {0: (), 1: board[:3], 2: board[:4], 3: board[:5]}


#: Poki's options over Loki's (Billings2002): the opponent modeler learns per opponent (``specific``) and re-weights after
#: every action, checks included; the action selector is the formula strategy; the evaluator multiplies the
#: per-opponent EHS.
POKI = dict(strategy="formula", specific=True, combine="product", reweighting="all", reweight_checks=True)

#: Every variant as the components it changes against ``loki`` (player A, :class:`LokiAgent`'s defaults): hand
#: evaluator (``potential``, ``preflop``, ``preflop_rates``, ``combine``), action selector (``strategy``,
#: ``showdown_odds``), opponent modeler (``weighting``, ``reweighting``, ``reweight_checks``, ``specific``,
#: ``predictor``), simulator (``strategy="simulation"``).
VARIANTS: dict[str, dict] = {
    "loki": {},
    "loki-reweight": dict(reweighting="all"),  # modeler: re-weight after every action (Billings1998b)
    "loki-showdown": dict(showdown_odds=True),  # selector: Loki-1's river call on showdown odds
    "loki-reweight-showdown": dict(reweighting="all", showdown_odds=True),
    "loki-b": dict(weighting=False),  # modeler off (Billings1998 §5 Figure 1, B)
    "loki-c": dict(preflop="simple"),  # evaluator: simple pre-flop selection (C)
    "loki-d": dict(potential=False),  # evaluator: no potential (D)
    "loki-e": dict(weighting=False, potential=False, preflop="simple"),  # basic (E)
    "poki": POKI,
    "poki-nn": {**POKI, "predictor": "network"},  # modeler: the neural-network predictor (Billings2002 §6)
    "poki-meta": {**POKI, "predictor": "meta"},  # modeler: the best predictor so far, per opponent
    "poki-sim": {**POKI, "strategy": "simulation"},  # the simulator decides after the flop
    "poki-sim-meta": {**POKI, "strategy": "simulation", "predictor": "meta"},
    "poki-sim-nn": {**POKI, "strategy": "simulation", "predictor": "network"},
}


class PokiAgent(LokiAgent):
    """Poki (Billings2002): specific opponent models, triple re-weighting, per-opponent EHS, formula betting (:data:`POKI`)."""

    name = "poki"

    def __init__(self, *, rng=None, **kwargs):
        super().__init__(rng=rng, **{**VARIANTS["poki"], **kwargs})


def poki_nn(*, rng=None) -> PokiAgent:
    """Poki predicting each opponent's actions with its neural network (Billings2002 "neural networks for opponent modeling")."""
    return _variant("poki-nn", rng, PokiAgent)


def poki_meta(*, rng=None) -> PokiAgent:
    """Poki choosing per opponent whichever predictor (frequencies, rules, network) predicted it best so far (Billings2002)."""
    return _variant("poki-meta", rng, PokiAgent)


class PokiSimAgent(PokiAgent):
    """Poki with selective-sampling simulation betting after the flop (Billings2002)."""

    name = "poki-sim"

    def __init__(self, *, rng=None, **kwargs):
        super().__init__(rng=rng, **{**VARIANTS["poki-sim"], **kwargs})


def poki_sim_meta(*, rng=None) -> PokiSimAgent:
    """The simulation player with the meta choice of predictors, as in Billings2002's last experiment.

    Per opponent, the chosen predictor drives the re-weighting and plays that opponent in the
    simulation's trials (:mod:`bpp.loki.simulation`).
    """
    return _variant("poki-sim-meta", rng, PokiSimAgent)


def poki_sim_nn(*, rng=None) -> PokiSimAgent:
    """The simulation player whose opponents, in the re-weighting and in the trials, are predicted by the network."""
    return _variant("poki-sim-nn", rng, PokiSimAgent)


def _variant(name: str, rng, cls=None) -> LokiAgent:
    """The agent ``name`` of :data:`VARIANTS`: ``cls`` (default :class:`LokiAgent`) with the variant's options."""
    agent = (cls or LokiAgent)(rng=rng, **VARIANTS[name])
    agent.name = name
    return agent


def loki_reweight(*, rng=None) -> LokiAgent:
    """Player A re-weighting after every action, post-flop too (Billings1998b), not only pre-flop (Billings1998 §4.3)."""
    return _variant("loki-reweight", rng)


def loki_showdown(*, rng=None) -> LokiAgent:
    """Player A with Loki-1's river call on showdown odds (EHS > pot odds)."""
    return _variant("loki-showdown", rng)


def loki_reweight_showdown(*, rng=None) -> LokiAgent:
    """Re-weighting after every action plus the showdown-odds river call (the configuration whose Figure 1 puts A first on every seed)."""
    return _variant("loki-reweight-showdown", rng)


def loki_b(*, rng=None) -> LokiAgent:
    """Player B of Billings1998 Figure 1: no weighting of the opponents' holdings."""
    return _variant("loki-b", rng)


def loki_c(*, rng=None) -> LokiAgent:
    """Player C of Billings1998 Figure 1: the simple pre-flop selection."""
    return _variant("loki-c", rng)


def loki_d(*, rng=None) -> LokiAgent:
    """Player D of Billings1998 Figure 1: no hand potential."""
    return _variant("loki-d", rng)


def loki_e(*, rng=None) -> LokiAgent:
    """Player E of Billings1998 Figure 1: basic (no weighting, no potential, simple pre-flop)."""
    return _variant("loki-e", rng)

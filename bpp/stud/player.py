"""The Bayesian Poker Program (Korb, Nicholson & Jitnah 1999) and the curve-driven play it shares with the probabilistic opponent.

Every decision of a :class:`CurvePlayer` is §2.2 + §4:

1. a probability of winning ``p`` (BPP: the network's P(BPP_Win | evidence),
   §3.4; the probabilistic opponent of §5.1: sampled completions of the known
   cards alone);
2. the calling threshold ``θ = k / (c + 2k - u)`` of eq. (7), with ``c`` the
   pot and ``u`` the bet owed in betting units and ``k`` estimated by
   :func:`bpp.stud.curves.expected_cost`;
3. the round's three betting curves, eq. (8)-(10), at ``d = p - θ``,
   normalized and sampled, plus the 5 % bluff of the last round (§4.2),
   mapped onto the legal moves (:func:`bpp.stud.curves.action_distribution`).

:class:`BPPPlayer` adds the network and the learning of §3.3 / §5.2: after a
hand that reached a showdown it counts, per round, the opponent's current
hand type (now known) against its action in that round, and refits
M_A|C (OPP_Action | OPP_Current) per opponent, recompiling the network
*between* hands — never inside one.

Heads-up only (BPP "currently applies to a single opponent", §2.2).
"""

from __future__ import annotations

import functools

import numpy as np

from holdem.agents import Agent
from holdem.games.base import CHECK_CALL, FOLD, Action, ActionKind, Observation

from bpp.stud.curves import BETS_PER_ROUND, BLUFF_PROBABILITY, N_ROUNDS, CurveParams, _distribution, curve_probabilities, load_params

__all__ = ["BPPPlayer", "CurvePlayer", "PLAY_MODES", "decision_inputs", "opponent_action"]

_BET_RAISE = ActionKind.BET_RAISE
_BUFFER = 1024
#: How a :class:`CurvePlayer` turns the curves' (fold, call, bet) distribution into an action.
PLAY_MODES = ("sample", "argmax")


def _argmax(probs: tuple[float, float, float]) -> tuple[float, float, float]:
    """The most probable of (fold, call, bet) as a one-hot triple; ties go to call, then bet, then fold."""
    fold, call, bet = probs
    if call >= bet and call >= fold:
        return 0.0, 1.0, 0.0
    if bet >= fold:
        return 0.0, 0.0, 1.0
    return 1.0, 0.0, 0.0


def _check_holdings(observation: Observation, holdings, owner: str) -> np.ndarray:
    """``holdings`` as an int array (n, 1) of down cards the seat to act could hold (not among the cards it sees up)."""
    arr = np.asarray(holdings)
    if arr.ndim != 2 or arr.shape[1] != 1 or arr.shape[0] < 1 or not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"The 'holdings' parameter of {owner}.holdings_action_probabilities must be an int array (n, 1) of down cards; got shape {arr.shape}.")
    seen = {c for up in observation.up_cards for c in up}
    bad = [int(h) for h in arr[:, 0] if not 0 <= h < 52 or int(h) in seen]
    if bad:
        raise ValueError(f"The 'holdings' parameter of {owner}.holdings_action_probabilities must be unseen card codes; got {bad[:5]}.")
    return arr.astype(np.int64)


def decision_inputs(observation: Observation, *, bets_per_round: float = BETS_PER_ROUND) -> tuple[float, float, float, bool]:
    """``(c, u, k, can_raise)`` of a stud decision, in betting units (§2.2).

    ``c`` the pot, ``u`` the bet owed now, ``k`` the expected cost to the
    showdown (:func:`bpp.stud.curves.expected_cost`).  The betting unit is read
    off the observation (the fixed raise size, or what is owed when the cap
    is reached).

    Examples
    --------
    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))
    >>> decision_inputs(state.observation(state.current_player))     # pot of two antes = 1 unit
    (1.0, 0.0, 4.0, True)
    >>> decision_inputs(state.observation(1 - state.current_player))
    Traceback (most recent call last):
    ...
    ValueError: The 'observation' parameter of decision_inputs must be seat 0's turn (it has no legal actions).
    """
    legal = observation.legal
    if not legal:
        raise ValueError(
            f"The 'observation' parameter of decision_inputs must be seat {observation.player}'s turn "
            "(it has no legal actions)."
        )
    bounds = observation.raise_bounds
    to_call = observation.to_call
    if bounds is not None:
        unit = bounds[0] - observation.committed[observation.player] - to_call
    else:
        unit = to_call
    if unit <= 0:
        raise ValueError(f"The 'observation' parameter of decision_inputs is not a fixed-limit decision: {observation!r}.")
    unit = float(unit)
    u = to_call / unit
    k = (u if u > bets_per_round else bets_per_round) + bets_per_round * (N_ROUNDS - 1 - observation.round)
    return observation.pot / unit, u, k, bounds is not None


class CurvePlayer(Agent):
    """Base of the players that turn a winning probability into play through θ and the betting curves.

    Subclasses provide :meth:`win_probability`.  See the module docstring.

    Parameters
    ----------
    params : CurveParams, str, path or None
        The 12 curve parameters; None loads ``models/stud/curves.json``
        (:func:`bpp.stud.curves.load_params`), a path loads that file.
    bluff : float
        Probability of an outright bet/raise at a last-round decision (§4.2).
    bets_per_round : float
        The ``k`` estimate's bets per later round.
    play : {"sample", "argmax"}
        ``"sample"`` (the paper, §4.1: "BPP's action is then chosen by
        sampling from these curves", normalized, plus the bluff) or
        ``"argmax"``: play the most probable action of that same distribution
        every time (ties go to check/call, then bet/raise), so the curves'
        shape decides and their tails do not.  Issue 12's measurement of why
        the paper's network loses; see :mod:`bpp.stud.calibration`.
    rng : numpy.random.Generator, int or None
        The only source of randomness.
    """

    name = "curves"
    #: act() answers only legal moves (fold only when owing, a raise only when legal), so matches skip the check.
    trusted_actions = True

    def __init__(
        self, *, params=None, bluff: float = BLUFF_PROBABILITY, bets_per_round: float = BETS_PER_ROUND, play: str = "sample", rng=None
    ):
        super().__init__(rng=rng)
        if play not in PLAY_MODES:
            raise ValueError(f"The 'play' parameter of {type(self).__name__} must be one of {', '.join(PLAY_MODES)}; got {play!r}.")
        self.play = play
        if params is None or not isinstance(params, CurveParams):
            params = load_params(params)
        if not (isinstance(bluff, (int, float)) and 0.0 <= bluff <= 1.0):
            raise ValueError(f"The 'bluff' parameter of {type(self).__name__} must be a probability in [0, 1]; got {bluff!r}.")
        if not (isinstance(bets_per_round, (int, float)) and bets_per_round >= 0):
            raise ValueError(
                f"The 'bets_per_round' parameter of {type(self).__name__} must be a number >= 0; got {bets_per_round!r}."
            )
        self.params = params
        self.bluff = float(bluff)
        self.bets_per_round = float(bets_per_round)
        self._rounds = [params.round(r) for r in range(N_ROUNDS)]
        self._uniforms: list[float] = []

    # -- to override ---------------------------------------------------------

    def win_probability(self, observation: Observation) -> float:
        """P(win) for the seat to act (ties count half)."""
        raise NotImplementedError(f"{type(self).__name__}.win_probability")

    # -- the decision --------------------------------------------------------

    def _check_seats(self, observation: Observation) -> None:
        if observation.n_players != 2:
            raise ValueError(
                f"{type(self).__name__} plays heads-up five-card stud only (§2.2); got {observation.n_players} players."
            )

    def decision(self, observation: Observation) -> dict:
        """Everything behind one decision: ``p_win``, ``theta``, ``c``, ``k``, ``u``, ``d`` and ``probabilities`` (fold, call, bet)."""
        self._check_seats(observation)
        c, u, k, can_raise = decision_inputs(observation, bets_per_round=self.bets_per_round)
        p = float(self.win_probability(observation))
        theta = k / (c + 2.0 * k - u) if k > 0.0 else 0.0
        probs = _distribution(p - theta, self._rounds[observation.round], observation.round, self.bluff, u, can_raise)
        if self.play == "argmax":
            probs = _argmax(probs)
        return {"p_win": p, "theta": theta, "c": c, "k": k, "u": u, "d": p - theta, "probabilities": probs}

    def _probabilities(self, observation: Observation) -> tuple[float, float, float]:
        legal = observation.legal
        if not legal:
            raise ValueError(f"{type(self).__name__}.act: seat {observation.player} has no legal action (not its turn)")
        if observation.n_players != 2:
            self._check_seats(observation)
        bounds = observation.raise_bounds
        to_call = observation.to_call
        unit = bounds[0] - observation.committed[observation.player] - to_call if bounds is not None else to_call
        r = observation.round
        u = to_call / unit
        b = self.bets_per_round
        k = (u if u > b else b) + b * (N_ROUNDS - 1 - r)
        theta = k / (observation.pot / unit + 2.0 * k - u) if k > 0.0 else 0.0
        p = self.win_probability(observation)
        probs = _distribution(p - theta, self._rounds[r], r, self.bluff, u, bounds is not None)
        return _argmax(probs) if self.play == "argmax" else probs

    def action_probabilities(self, observation: Observation) -> dict[Action, float]:
        """The policy at ``observation``: each legal action → probability (fold, check/call, bet/raise)."""
        fold, call, bet = self._probabilities(observation)
        out = {}
        for action in observation.legal:
            kind = action.kind
            out[action] = fold if kind == 0 else (call if kind == 1 else bet)
        return out

    def holdings_win_probabilities(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """P(win) had the seat to act held each down card of ``holdings`` (shape (n, 1)); subclasses batch it.

        This default asks :meth:`win_probability` once per holding.
        """
        return np.array([self.win_probability(observation._replace(hole=(int(h[0]),))) for h in holdings])

    def _side_rng(self) -> np.random.Generator:
        """A generator spawned from the agent's own (``Generator.spawn`` leaves the play stream untouched)."""
        if getattr(self, "_side", None) is None:
            self._side = self.rng.spawn(1)[0]
        return self._side

    def holdings_action_probabilities(self, observation: Observation, holdings) -> np.ndarray:
        """The action distribution had the seat to act held each down card: shape (n, len(observation.legal)).

        The LBR protocol (Lisy2017 §4): ``holdings`` is an int array (n, 1)
        of down cards (stud's one private card); rows sum to 1 and columns
        follow ``observation.legal``.  θ, the curves, the bluff and
        ``play`` are applied to every row at once (numpy along the batch);
        P(win) per holding comes from :meth:`holdings_win_probabilities`.

        >>> import numpy as np
        >>> from holdem.games import Stud5
        >>> from bpp.stud.player import BPPPlayer
        >>> obs = Stud5().new_hand(np.arange(52)).observation(1)
        >>> BPPPlayer(rng=0).holdings_action_probabilities(obs, np.array([[51], [5]])).sum(axis=1).round(12).tolist()
        [1.0, 1.0]
        """
        holdings = _check_holdings(observation, holdings, type(self).__name__)
        c, u, k, can_raise = decision_inputs(observation, bets_per_round=self.bets_per_round)
        theta = k / (c + 2.0 * k - u) if k > 0.0 else 0.0
        p = np.asarray(self.holdings_win_probabilities(observation, holdings), dtype=np.float64)
        r = observation.round
        probs = curve_probabilities(p - theta, self.params, r)
        if r == N_ROUNDS - 1 and self.bluff:
            probs = probs * (1.0 - self.bluff)
            probs[:, 2] += self.bluff
        if u <= 0:
            probs[:, 1] += probs[:, 0]
            probs[:, 0] = 0.0
        if not can_raise:
            probs[:, 1] += probs[:, 2]
            probs[:, 2] = 0.0
        if self.play == "argmax":
            best = np.where(
                (probs[:, 1] >= probs[:, 2]) & (probs[:, 1] >= probs[:, 0]), 1, np.where(probs[:, 2] >= probs[:, 0], 2, 0)
            )
            probs = np.eye(3)[best]
        return probs[:, [int(a.kind) for a in observation.legal]]

    def act(self, observation: Observation) -> Action:
        """Sample the action of :meth:`action_probabilities` (with ``play="argmax"``: take it)."""
        fold, call, bet = self._probabilities(observation)
        if self.play == "argmax":  # one-hot: no draw (the stream stays the sampled player's for everything else)
            return FOLD if fold == 1.0 else (CHECK_CALL if call == 1.0 else observation.legal[-1])
        uniforms = self._uniforms
        if not uniforms:
            uniforms.extend(self.rng.random(_BUFFER).tolist())
        x = uniforms.pop()
        if x < fold:
            return FOLD
        if x < fold + call or bet <= 0.0:
            return CHECK_CALL
        return observation.legal[-1]

    def __repr__(self) -> str:
        play = "" if self.play == "sample" else f", play={self.play!r}"
        return f"{type(self).__name__}(params={self.params!r}, bluff={self.bluff}{play})"


# ---------------------------------------------------------------- BPP


def opponent_action(observation: Observation) -> int:
    """The OPP_Action evidence of the current round: 0 passive, 1 aggressive, 2 not yet acted (§3.1, §3.3).

    Aggressive if the opponent bet or raised in this round so far, passive if
    it only passed or called, unobserved if it has not acted in this round.

    Examples
    --------
    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))
    >>> opponent_action(state.observation(1))                     # nobody has acted
    2
    >>> _ = state.apply(state.legal_actions()[-1])                # seat 1 bets
    >>> opponent_action(state.observation(0))
    1
    """
    opp = 1 - observation.player
    r = observation.round
    seen = 2
    for event in reversed(observation.history):
        if event.round != r:
            break
        if event.player == opp and event.kind == "action":
            if event.action.kind == _BET_RAISE:
                return 1
            seen = 0
    return seen


@functools.cache
def _default_nets():
    from bpp.stud.networks import load_compiled

    return load_compiled()


class BPPPlayer(CurvePlayer):
    """The Bayesian Poker Program: the network's P(BPP_Win | evidence), θ, the betting curves and learning (§3-§5).

    At each decision the evidence of the round's network is entered —
    BPP_Current (the type of its own ``r + 2`` cards), OPP_Upcards (the type of
    the opponent's ``r + 1`` up cards) and OPP_Action (:func:`opponent_action`)
    — and P(BPP_Win) is read from the compiled tables (a lookup, no pgmpy;
    :class:`bpp.stud.learning.WinTables`).  Then θ and the curves decide
    (:class:`CurvePlayer`).

    With ``learn=True`` every hand that reaches a showdown adds the
    opponent's (action, current type) per round to M_A|C's counts
    (:class:`bpp.stud.learning.ActionModel`); after every ``refit_every``
    such hands the tables are recomputed when the next hand starts — between
    hands, never inside one.  One instance models one opponent (heads-up).

    Parameters
    ----------
    learn : bool
        Learn M_A|C from showdowns (§3.3, §5.2).
    prior_strength : float
        Pseudo-counts of the ½ / ½ starting matrices (see :class:`~bpp.stud.learning.ActionModel`).
    refit_every : int
        Showdowns between refits.
    nets : sequence of 4 CompiledStudNet, optional
        The networks (default: ``models/stud``, :func:`bpp.stud.networks.load_compiled`).
    upcards_link : bool or str
        Off (False, the default) plays the paper's network.  ``True`` /
        ``"showing"`` or ``"upcards"`` play the §6.1 extension of
        :mod:`bpp.stud.upcards`: OPP_Action gets a second, observed parent —
        BPP's up cards against the opponent's (``BPP_Showing``: higher / even
        / lower) or the type of BPP's up cards (``BPP_Upcards``) — and
        M_A|C,S is learned from showdowns in place of M_A|C
        (registered as ``bpp-up``).
    params, bluff, bets_per_round, play, rng
        As :class:`CurvePlayer`.

    Attributes
    ----------
    model_ : ActionModel
        The learned counts and matrices.
    win_tables_ : WinTables
        P(BPP_Win) for every evidence combination under the current M_A|C.

    Examples
    --------
    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> from holdem.match import play_match
    >>> bpp = BPPPlayer(rng=0)
    >>> r = play_match(Stud5(), [bpp, "call"], 40, rng=1)
    >>> bpp.model_.n_showdowns_ > 0
    True
    >>> BPPPlayer(refit_every=0)
    Traceback (most recent call last):
    ...
    ValueError: The 'refit_every' parameter of BPPPlayer must be an integer >= 1; got 0.
    """

    name = "bpp"
    trusted_actions = True  # CurvePlayer.act

    def __init__(
        self,
        *,
        learn: bool = True,
        prior_strength: float = 2.0,
        refit_every: int = 1,
        nets=None,
        upcards_link=False,
        params=None,
        bluff: float = BLUFF_PROBABILITY,
        bets_per_round: float = BETS_PER_ROUND,
        play: str = "sample",
        rng=None,
    ):
        super().__init__(params=params, bluff=bluff, bets_per_round=bets_per_round, play=play, rng=rng)
        if upcards_link not in (False, None, True, "showing", "upcards"):
            raise ValueError(
                f"The 'upcards_link' parameter of BPPPlayer must be False, True, 'showing' or 'upcards'; got {upcards_link!r}."
            )
        if isinstance(refit_every, bool) or not isinstance(refit_every, (int, np.integer)) or refit_every < 1:
            raise ValueError(f"The 'refit_every' parameter of BPPPlayer must be an integer >= 1; got {refit_every!r}.")
        from bpp.stud.handtypes import hand_type_of
        from bpp.stud.learning import ActionModel, WinTables

        self.learn = bool(learn)
        self.prior_strength = prior_strength
        self.refit_every = int(refit_every)
        self.nets = nets
        self._base_nets = tuple(_default_nets() if nets is None else nets)
        self.model_ = ActionModel(prior_strength=prior_strength)
        self.win_tables_ = WinTables(self._base_nets)
        self._tables = self.win_tables_.tables
        self._type_of = hand_type_of
        self._pending = 0
        self._compiled = None
        self._seat = None
        self._aggressive = [None] * 4
        self._opp_up: list[int] = []
        self._my_up: list[int] = []
        self.upcards_link = False if not upcards_link else ("showing" if upcards_link is True else upcards_link)
        if self.upcards_link:
            from bpp.stud.upcards import LinkedActionModel, LinkedWinTables, link_state

            self.model_ = LinkedActionModel(link=self.upcards_link, prior_strength=prior_strength)
            self.win_tables_ = LinkedWinTables(self._base_nets, link=self.upcards_link)
            self._tables = self.win_tables_.tables
            self._link_state = link_state
            self.win_probability = self._linked_win_probability  # the instance attribute shadows the paper's lookup

    # -- beliefs -------------------------------------------------------------

    def win_probability(self, observation: Observation) -> float:
        """P(BPP_Win | BPP_Current, OPP_Upcards, OPP_Action) of the round's network (a table lookup)."""
        me = observation.player
        up = observation.up_cards
        type_of = self._type_of
        return self._tables[observation.round].item(
            type_of(observation.hole + up[me]), type_of(up[1 - me]), opponent_action(observation)
        )

    def holdings_win_probabilities(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """P(BPP_Win | evidence) had BPP held each down card: one table lookup per holding's BPP_Current type."""
        from bpp.stud.handtypes import hand_types

        me = observation.player
        up = observation.up_cards
        hands = np.empty((holdings.shape[0], 1 + len(up[me])), dtype=np.int64)
        hands[:, 0] = holdings[:, 0]
        hands[:, 1:] = up[me]
        current = hand_types(hands)
        table = self._tables[observation.round]
        if self.upcards_link:
            link = self._link_state(up[me], up[1 - me], self.upcards_link)
            return table[current, self._type_of(up[1 - me]), link, opponent_action(observation)]
        return table[current, self._type_of(up[1 - me]), opponent_action(observation)]

    def _linked_win_probability(self, observation: Observation) -> float:
        """P(BPP_Win | BPP_Current, OPP_Upcards, link state, OPP_Action) of the extended network (§6.1)."""
        me = observation.player
        up = observation.up_cards
        type_of = self._type_of
        mine, theirs = up[me], up[1 - me]
        return self._tables[observation.round].item(
            type_of(observation.hole + mine),
            type_of(theirs),
            self._link_state(mine, theirs, self.upcards_link),
            opponent_action(observation),
        )

    def evidence(self, observation: Observation) -> dict:
        """The evidence entered for ``observation``: state names of BPP_Current, OPP_Upcards and OPP_Action (None: unobserved)."""
        from bpp.stud.networks import ACTIONS

        self._check_seats(observation)
        r = observation.round
        me = observation.player
        net = self._base_nets[r]
        a = opponent_action(observation)
        out = {
            "BPP_Current": net.current_states[self._type_of(observation.hole + observation.up_cards[me])],
            "OPP_Upcards": net.upcard_states[self._type_of(observation.up_cards[1 - me])],
            "OPP_Action": None if a == 2 else ACTIONS[a],
        }
        if self.upcards_link:
            from bpp.stud.upcards import link_node, link_states

            s = self._link_state(observation.up_cards[me], observation.up_cards[1 - me], self.upcards_link)
            out[link_node(self.upcards_link)] = link_states(r, self.upcards_link)[s]
        return out

    def compiled_networks(self) -> tuple:
        """The four :class:`~bpp.stud.networks.CompiledStudNet` with the learned M_A|C (for full posteriors)."""
        if self._compiled is None and self.upcards_link:
            from bpp.stud.upcards import CompiledLinkedNet

            cpts = self.model_.action_cpts()
            self._compiled = tuple(
                CompiledLinkedNet(net.cpts, m, self.upcards_link) for net, m in zip(self._base_nets, cpts)
            )
        if self._compiled is None:
            cpts = self.model_.action_cpts()
            self._compiled = tuple(net.with_action_cpt(m) for net, m in zip(self._base_nets, cpts))
        return self._compiled

    def belief(self, observation: Observation):
        """The round's :class:`~bpp.stud.networks.StudBelief` (P(win) and the posteriors) for ``observation``."""
        e = self.evidence(observation)
        net = self.compiled_networks()[observation.round]
        if self.upcards_link:
            return net.query(e["BPP_Current"], e["OPP_Upcards"], e["OPP_Action"], e[net.node])
        return net.query(e["BPP_Current"], e["OPP_Upcards"], e["OPP_Action"])

    @property
    def learns_across_hands(self) -> bool:
        """True when M_A|C is learned from showdowns (the match keeps one instance for all hands)."""
        return self.learn

    # -- learning (§3.3, §5.2) -------------------------------------------------

    def refit(self) -> "BPPPlayer":
        """Recompute P(BPP_Win) for every evidence combination from the learned M_A|C (between hands)."""
        self.win_tables_.refit(self.model_.action_cpts())
        self._tables = self.win_tables_.tables
        self._compiled = None
        self._pending = 0
        return self

    def reset(self) -> None:
        """Forget everything learned about the opponent."""
        self.model_.reset()
        self.refit()

    def new_hand(self, seat: int) -> None:
        if self._pending >= self.refit_every:
            self.refit()
        self._seat = seat
        self._aggressive = [None] * 4
        self._opp_up = []
        self._my_up = []

    def observe(self, event) -> None:
        seat = self._seat
        if seat is None or event.player < 0:
            return
        if event.player == seat:
            if event.kind == "deal" and self.upcards_link:
                self._my_up.extend(event.cards)
            return
        kind = event.kind
        if kind == "action":
            r = event.round
            self._aggressive[r] = self._aggressive[r] is True or event.action.kind == _BET_RAISE
        elif kind == "deal":
            self._opp_up.extend(event.cards)
        elif kind == "showdown" and self.learn and len(self._opp_up) == 4:
            if self.upcards_link:
                if len(self._my_up) != 4:
                    return
                mine, theirs, link = self._my_up, self._opp_up, self.upcards_link
                states = [self._link_state(mine[: r + 1], theirs[: r + 1], link) for r in range(4)]
                self.model_.update(tuple(event.cards) + tuple(theirs), self._aggressive, states)
            else:
                self.model_.update(tuple(event.cards) + tuple(self._opp_up), self._aggressive)
            self._pending += 1

"""The Bayesian Poker Program of the paper (Korb1999 §3, §4, §5.2): Figure 1's network feeding the curve player.

:class:`BPPPlayer` (``bpp``) takes P(win) from the four per-round networks
of Figure 1 (:mod:`bpp.stud.model.compiled_stud`, compiled to tables) and plays
the decision rule of :mod:`bpp.stud.decision.player`.  It learns as §3.3 /
§5.2 describe: after a hand that reached a showdown it counts, per round,
the opponent's current hand type (now known) against its action in that
round, and refits M_A|C (OPP_Action | OPP_Current) per opponent,
recompiling the network *between* hands — never inside one.  The §6
variants that keep this player's structure add one idea each in their own
modules (:mod:`bpp.stud.players.upcards`: §6.1's BPP Upcards link).

Heads-up only (BPP "currently applies to a single opponent", §2.2).

How this player fares against Figure 4's rule-based player and §5.1's
probabilistic player, and why it loses to the former, is measured by
``python figures/stud_calibration.py`` (``figures/stud_calibration.md``) and
reported in the documentation's results page for Korb1999.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from holdem.files import load_npz
from holdem.games.base import ActionKind, Observation

from bpp.stud.decision.curves import BETS_PER_ROUND, BLUFF_PROBABILITY
from bpp.stud.decision.player import CurvePlayer

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from bpp.stud.decision.curves import CurveParams, CurveSet
    from bpp.stud.model.bluff import BluffModel
    from bpp.stud.model.compiled_stud import CompiledStudNet, StudBelief
    from bpp.stud.model.dbn import DBNBelief
    from bpp.stud.model.figure1 import StudCPTs
    from bpp.stud.model.learning import ShowdownCounts
    from collections.abc import Callable

    from holdem._typing import RngLike
    from holdem.games.batched import BatchObservation
    from holdem.match.batched import BatchRecord
    from holdem.games.base import Event
    from holdem.games.batched import BatchObservation
    from holdem.match.batched import BatchRecord

__all__ = ["BPPPlayer", "opponent_action", "seat_action"]


def _lessons(learned: np.ndarray, acted: np.ndarray) -> np.ndarray:
    """Per hand what it teaches M_A|C: int8 (n, 5), whether it is learned from, then the opponent's action per
    round (-1: did not act; -2 in every round: not learned from)."""
    out = np.full((len(learned), 5), -2, dtype=np.int8)
    out[:, 0] = learned
    out[learned.astype(bool), 1:] = acted
    return out


def _same_prefix(basis: np.ndarray, now: np.ndarray) -> int:
    """How many hands, from the first, teach the same in ``basis`` and ``now`` (``_lessons``; at most the shorter)."""
    k = min(len(basis), len(now))
    differ = np.flatnonzero((basis[:k] != now[:k]).any(axis=1))
    return int(differ[0]) if len(differ) else k

_BET_RAISE = ActionKind.BET_RAISE


def seat_action(observation: Observation, seat: int) -> int:
    """OPP_Action evidence of ``seat`` in the current round: 0 passive, 1 aggressive (bet or raise), 2 not yet acted.

    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5(n_players=3).new_hand(np.arange(52))
    >>> first = state.current_player
    >>> _ = state.apply(state.legal_actions()[-1])              # the first seat bets
    >>> seat_action(state.observation(state.current_player), first), seat_action(state.observation(first), state.current_player)
    (1, 2)
    """
    r = observation.round
    seen = 2
    for event in reversed(observation.history):
        if event.round != r:
            break
        if event.player == seat and event.kind == "action":
            assert event.action is not None  # an "action" event carries its Action
            if event.action.kind == _BET_RAISE:
                return 1
            seen = 0
    return seen


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
    return seat_action(observation, 1 - observation.player)


#: (variant's network builder, its key, ids of the base networks) → (base networks, compiled priors).
_PRIORS: dict = {}


@functools.cache
def _default_nets():
    from bpp.stud.model.compiled_stud import load_compiled

    return load_compiled()


class BPPPlayer(CurvePlayer):
    """The Bayesian Poker Program: the network's P(BPP_Win | evidence), θ, the betting curves and learning (§3-§5).

    At each decision the evidence of the round's network is entered —
    BPP_Current (the type of its own ``r + 2`` cards), OPP_Upcards (the type of
    the opponent's ``r + 1`` up cards) and OPP_Action (:func:`opponent_action`)
    — and P(BPP_Win) is read from the compiled tables (a lookup, no pgmpy;
    :class:`bpp.stud.model.compiled.WinTables`).  Then θ and the curves decide
    (:class:`CurvePlayer`).

    With ``learn=True`` every hand that reaches a showdown adds the
    opponent's (action, current type) per round to M_A|C's counts
    (:class:`bpp.stud.model.learning.ActionModel`); after every ``refit_every``
    such hands the tables are recomputed when the next hand starts — between
    hands, never inside one.  One instance models one opponent (heads-up).

    Parameters
    ----------
    learn : bool
        Learn M_A|C from showdowns (§3.3, §5.2).
    prior_strength : float
        Pseudo-counts of the ½ / ½ starting matrices (see :class:`~bpp.stud.model.learning.ActionModel`).
    refit_every : int
        Showdowns between refits.
    nets : sequence of 4 CompiledStudNet, optional
        The networks (default: ``bpp/models/stud``, :func:`bpp.stud.model.compiled_stud.load_compiled`).
    upcards_link : bool or str
        Off (False, the default) plays the paper's network.  ``True`` /
        ``"showing"`` or ``"upcards"`` play the §6.1 extension of
        :mod:`bpp.stud.model.upcards`: OPP_Action gets a second, observed parent —
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
    win_tables_ : :class:`bpp.stud.model.compiled.WinTables`
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
    #: A §6 variant that adds one idea says which here; it then refuses §6.1's up-cards link (one idea at a time).
    single_idea: str | None = None
    trusted_actions = True  # CurvePlayer.act

    def __init__(
        self,
        *,
        learn: bool = True,
        prior_strength: float = 2.0,
        refit_every: int = 1,
        nets: Sequence[CompiledStudNet] | None = None,
        upcards_link: bool | str | None = False,
        params: CurveParams | CurveSet | None = None,
        bluff: float = BLUFF_PROBABILITY,
        bets_per_round: float = BETS_PER_ROUND,
        play: str = "sample",
        rng: RngLike = None,
    ) -> None:
        super().__init__(params=params, bluff=bluff, bets_per_round=bets_per_round, play=play, rng=rng)
        if upcards_link and self.single_idea:
            raise ValueError(
                f"The 'upcards_link' parameter of {type(self).__name__} must be False ({self.name} {self.single_idea}); "
                f"got {upcards_link!r}."
            )
        if upcards_link not in (False, None, True, "showing", "upcards"):
            raise ValueError(
                f"The 'upcards_link' parameter of BPPPlayer must be False, True, 'showing' or 'upcards'; got {upcards_link!r}."
            )
        if isinstance(refit_every, bool) or not isinstance(refit_every, (int, np.integer)) or refit_every < 1:
            raise ValueError(f"The 'refit_every' parameter of BPPPlayer must be an integer >= 1; got {refit_every!r}.")
        from bpp.stud.model.handtypes import hand_type_of
        from bpp.stud.model.compiled import WinTables

        if not isinstance(learn, (bool, np.bool_)):
            raise ValueError(f"The 'learn' parameter of BPPPlayer must be True or False; got {learn!r}.")
        if nets is not None and (isinstance(nets, (str, bytes)) or not hasattr(nets, "__len__") or len(nets) != 4):
            raise ValueError(f"The 'nets' parameter of BPPPlayer must be None or the 4 compiled networks of rounds 1-4; "
                             f"got {nets!r:.60}.")
        self.learn = bool(learn)
        self.prior_strength = prior_strength
        self.refit_every = int(refit_every)
        self.nets = nets
        self._base_nets = tuple(_default_nets() if nets is None else nets)
        self.upcards_link: Literal[False] | str = (
            False if not upcards_link else ("showing" if upcards_link is True else str(upcards_link)))
        if self.upcards_link:
            from bpp.stud.model.upcards import link_node, link_state

            self._link_state = link_state
            self.observed = ("BPP_Current", "OPP_Upcards", link_node(self.upcards_link), "OPP_Action")
        self.model_ = self.learner()
        self.win_tables_ = WinTables(self._prior_networks(), observed=self.observed, optional=("OPP_Action",),
                                     learned=self.learned)
        self._tables = self.win_tables_.tables
        self._type_of = hand_type_of
        self._pending = 0
        self._compiled: tuple | None = None
        self._seat: int | None = None
        self._aggressive: list[bool | None] = [None] * 4
        self._opp_up: list[int] = []
        self._my_up: list[int] = []
        self._speculating = False  # on the batched engine with learning: decisions recorded for batch_check
        self._decisions: list[dict] = []
        self._bases: list[np.ndarray] = []
        self._taught: tuple | None = None
        self._chunk_first = 0

    # -- the variant: its network, its evidence, its learned tables ------------

    #: The round network's observed nodes, in the order of the P(win) tables' axes (OPP_Action may be unobserved).
    observed: tuple[str, ...] = ("BPP_Current", "OPP_Upcards", "OPP_Action")
    #: The nodes whose tables are learned from showdowns (refit between hands).
    learned: tuple[str, ...] = ("OPP_Action",)
    #: The learned tables' counter (:meth:`learner`); its class, and so its ``update``, depends on the variant.
    model_: Any

    def network(self, cpts: StudCPTs) -> tuple[dict, dict]:
        """The round's network as tables: Figure 1 (:func:`bpp.stud.model.figure1.figure1_factors`), or with
        ``upcards_link`` §6.1's link node as a second parent of OPP_Action (:func:`bpp.stud.model.upcards.upcards_factors`)."""
        if self.upcards_link:
            from bpp.stud.model.upcards import upcards_factors

            return upcards_factors(cpts, link=self.upcards_link)
        from bpp.stud.model.figure1 import figure1_factors

        return figure1_factors(cpts)

    def network_key(self) -> tuple:
        """What :meth:`network` depends on besides the round's CPTs (hashable; the compiled priors are shared by it)."""
        return (self.upcards_link,)

    def _prior_networks(self) -> tuple:
        """The four rounds' networks compiled before any learning: immutable, so compiled once per process and shared."""
        from bpp.stud.model.compiled import CompiledNetwork

        key = (type(self).network, self.network_key(), tuple(map(id, self._base_nets)))
        hit = _PRIORS.get(key)
        if hit is None:
            nets = tuple(CompiledNetwork(*self.network(net.cpts), observed=self.observed, query=("BPP_Win",),
                                         optional=("OPP_Action",), learned=self.learned) for net in self._base_nets)
            hit = _PRIORS[key] = (self._base_nets, nets)  # the base networks kept alive: their ids stay theirs
        return hit[1]

    def learned_tables(self) -> list:
        """The learned tables per round, as :meth:`network` lays them out (default: the learner's M_A|C)."""
        return self.model_.action_cpts()

    def learner(self) -> ShowdownCounts | BluffModel:
        """The showdown counter of the learned tables (:class:`bpp.stud.model.learning.ActionModel`: M_A|C; with
        ``upcards_link``, :class:`bpp.stud.model.upcards.LinkedActionModel`: M_A|C,S)."""
        if self.upcards_link:
            from bpp.stud.model.upcards import LinkedActionModel

            return LinkedActionModel(link=self.upcards_link, prior_strength=self.prior_strength)
        from bpp.stud.model.learning import ActionModel

        return ActionModel(prior_strength=self.prior_strength)

    # -- beliefs -------------------------------------------------------------

    def win_probability(self, observation: Observation) -> float:
        """P(BPP_Win | BPP_Current, OPP_Upcards, OPP_Action) of the round's network (a table lookup); with
        ``upcards_link`` the link state is evidence too (§6.1)."""
        me = observation.player
        up = observation.up_cards
        type_of = self._type_of
        mine, theirs = up[me], up[1 - me]
        if self.upcards_link:
            return self._tables[observation.round].item(
                type_of(observation.hole + mine), type_of(theirs), self._link_state(mine, theirs, self.upcards_link),
                opponent_action(observation),
            )
        return self._tables[observation.round].item(type_of(observation.hole + mine), type_of(theirs),
                                                    opponent_action(observation))

    def holdings_win_probabilities(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """P(BPP_Win | evidence), float (n,), had BPP held each down card of ``holdings`` (int (n, 1)): one table lookup
        per holding's BPP_Current type."""
        from bpp.stud.model.handtypes import holding_types

        me = observation.player
        up = observation.up_cards
        current = holding_types(holdings, up[me])
        table = self._tables[observation.round]
        if self.upcards_link:
            link = self._link_state(up[me], up[1 - me], self.upcards_link)
            return table[current, self._type_of(up[1 - me]), link, opponent_action(observation)]
        return table[current, self._type_of(up[1 - me]), opponent_action(observation)]

    def evidence(self, observation: Observation) -> dict:
        """The evidence entered for ``observation``: state names of BPP_Current, OPP_Upcards and OPP_Action (None: unobserved)."""
        from bpp.stud.model.figure1 import ACTIONS

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
            from bpp.stud.model.upcards import link_node, link_states

            s = self._link_state(observation.up_cards[me], observation.up_cards[1 - me], self.upcards_link)
            out[link_node(self.upcards_link)] = link_states(r, self.upcards_link)[s]
        return out

    #: The posteriors :meth:`belief` reports (the explorer, the trace), P(BPP_Win) first.
    beliefs: tuple[str, ...] = ("BPP_Win", "OPP_Current", "OPP_Final", "BPP_Final")

    def belief_network(self, cpts: StudCPTs) -> tuple[dict, dict]:
        """The network :meth:`belief` and the explorer show (default: the one the player plays from)."""
        return self.network(cpts)

    def belief_observed(self) -> tuple:
        """Its observed nodes, in :meth:`evidence`'s names (default: :attr:`observed`)."""
        return self.observed

    def compiled_networks(self) -> tuple:
        """The four rounds' :class:`~bpp.stud.model.compiled.CompiledNetwork` with the learned tables (full posteriors)."""
        if self._compiled is None:
            from bpp.stud.model.compiled import compile_round

            self._compiled = tuple(
                compile_round(self.belief_network(net.cpts), self.belief_observed(), query=self.beliefs, learned=self.learned)
                .refit(values if isinstance(values, dict) else {self.learned[0]: values})
                for net, values in zip(self._base_nets, self.learned_tables())
            )
        return self._compiled

    def belief(self, observation: Observation) -> StudBelief | DBNBelief:
        """The round's :class:`~bpp.stud.model.compiled_stud.StudBelief` (P(win) and the posteriors) for ``observation``."""
        from bpp.stud.model.compiled_stud import StudBelief

        post = self.compiled_networks()[observation.round].query(self.evidence(observation))
        return StudBelief(float(post["BPP_Win"][1]), post["OPP_Current"], post["OPP_Final"], post["BPP_Final"])

    @property
    def learns_across_hands(self) -> bool:
        """True when M_A|C is learned from showdowns (the match keeps one instance for all hands)."""
        return self.learn

    # -- learning (§3.3, §5.2) -------------------------------------------------

    def refit(self) -> "BPPPlayer":
        """Recompute P(BPP_Win) for every evidence combination from the learned M_A|C (between hands)."""
        self.win_tables_.refit(self.learned_tables())
        self._tables = self.win_tables_.tables
        self._compiled = None
        self._pending = 0
        return self

    def reset(self) -> None:
        """Forget everything learned about the opponent."""
        self.model_.reset()
        self.refit()

    def save(self, directory: str | os.PathLike[str]) -> Path:
        """Write the learned M_A|C counts as plain files: ``action_model.npz`` in ``directory`` (created).

        >>> import tempfile, numpy as np
        >>> from holdem.games import Stud5
        >>> from holdem.match import play_match
        >>> a = BPPPlayer(rng=0)
        >>> _ = play_match(Stud5(), [a, "call"], 30, rng=1)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     b = BPPPlayer(rng=1).load(a.save(d))
        >>> all(np.array_equal(x, y) for x, y in zip(a.model_.counts_, b.model_.counts_))
        True
        """
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        counts = {f"round{r}": np.asarray(c) for r, c in enumerate(self.model_.counts_)}
        # numpy's stub checks **counts against savez's allow_pickle: bool too
        np.savez(directory / "action_model.npz", n_showdowns=self.model_.n_showdowns_, **counts)  # type: ignore[arg-type]
        return directory

    def load(self, directory: str | os.PathLike[str]) -> "BPPPlayer":
        """Read what :meth:`save` wrote (refitting P(BPP_Win) to it); returns self."""
        path = Path(directory) / "action_model.npz"
        name = repr(str(path))
        shapes = {f"round{r}": np.shape(c) for r, c in enumerate(self.model_.counts_)}
        try:
            f = load_npz(path, {**{k: None for k in shapes}, "n_showdowns": ()})
        except ValueError as exc:
            raise ValueError(f"cannot load BPP's action model: {exc}") from None
        if any(f[k].shape != shape for k, shape in shapes.items()):
            raise ValueError(f"{name} holds an action model of another shape (another BPP variant?)")
        counts = [f[k].astype(float) for k in shapes]
        if not all(np.isfinite(c).all() and (c >= 0).all() for c in counts):
            raise ValueError(f"{name}: the action counts are not all finite numbers >= 0")
        n = f["n_showdowns"]
        if n.dtype.kind not in "iu" or int(n) < 0:
            raise ValueError(f"{name}: array 'n_showdowns' is {n[()]!r}; expected an integer >= 0")
        self.model_.counts_ = counts
        self.model_.n_showdowns_ = int(n)
        return self.refit()

    # -- the batched engine (holdem.match.batched): decisions for many hands, learning checked afterwards ----

    def _batch_supported(self) -> bool:
        """Whether :meth:`act_batch` plays exactly as :meth:`act`: the paper's evidence, one set of curves, M_A|C
        learned as here (a subclass that changes any of them plays hand by hand)."""
        cls = type(self)
        fast = self.win_tables_._fast  # each round's refit one product of the layout _batch_p reads
        return (not self.upcards_link and not self._split and self.observed == BPPPlayer.observed
                and self.learned == BPPPlayer.learned
                and all(f is not None and list(f[1]) == [1, 0] and list(f[4]) == [0, 1, 2, 3] and len(f[3]) == 4
                        for f in fast)
                and all(getattr(cls, name) is getattr(BPPPlayer, name)
                        for name in ("win_probability", "observe", "new_hand", "learner", "learned_tables", "act",
                                     "_probabilities")))

    @property
    def act_batch(self) -> Callable[[BatchObservation], np.ndarray] | None:
        """:meth:`_act_batch` when this player decides batches exactly as hand by hand (the paper's network and
        variants that change only the network's tables, e.g. ``bpp-linked``), else None."""
        return self._act_batch if self._batch_supported() else None

    def _batch_evidence(self, observation) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """BPP_Current, OPP_Upcards and OPP_Action (:func:`opponent_action`) of every row, heads-up.

        Heads-up the opponent was aggressive in the round exactly when BPP owes
        chips, and has not acted when nothing is owed and both seats are still to act.
        """
        from bpp.stud.model.handtypes import colex_index, type_table

        n = len(observation)
        me = observation.player
        ups = observation.up_cards
        hole = observation.hole
        rounds = observation.round
        current = np.empty(n, dtype=np.intp)
        upcards = np.empty(n, dtype=np.intp)
        for r in np.unique(rounds).tolist():
            sel = np.flatnonzero(rounds == r)
            mine = np.concatenate([hole[sel], ups[sel, me[sel], : r + 1]], axis=1)
            current[sel] = type_table(r + 2)[colex_index(np.sort(mine, axis=1))]
            upcards[sel] = type_table(r + 1)[colex_index(np.sort(ups[sel, 1 - me[sel], : r + 1], axis=1))]
        owes = observation.to_call > 0
        action = np.where(owes, 1, np.where((observation.n_bets == 0) & (observation.to_act == 2), 2, 0))
        return current, upcards, action

    def _table_p(self, rounds, current, upcards, action) -> np.ndarray:
        """P(BPP_Win | evidence) per row from the current tables (what :meth:`win_probability` reads)."""
        p = np.empty(len(rounds))
        for r in np.unique(rounds).tolist():
            sel = np.flatnonzero(rounds == r)
            p[sel] = self._tables[r][current[sel], upcards[sel], action[sel]]
        return p

    def _act_batch(self, observation: BatchObservation) -> np.ndarray:
        """The kinds :meth:`act` picks in every row of a heads-up stud batch (table lookups, θ, the curves).

        Learning on the batched engine (:meth:`batch_begin`), a row whose hand
        comes after showdowns foreseen from the last check reads P(win) from
        M_A|C with them counted (:meth:`_batch_p`); :meth:`batch_check` checks it.
        """
        self._refit_if_due()
        current, upcards, action = self._batch_evidence(observation)
        rounds = observation.round
        p = self._table_p(rounds, current, upcards, action)
        foreseen = np.zeros(len(p), dtype=bool)
        if self._speculating:
            m = self._foreseen(observation.hand - self._chunk_first)
            foreseen = (m > 0) & (action < 2)
            ahead = np.flatnonzero(foreseen)
            if len(ahead):
                p[ahead] = self._batch_p(self._foreseen_counts, m[ahead], rounds[ahead], current[ahead], upcards[ahead],
                                         action[ahead])
        u, theta = self._batch_theta(observation)
        can_raise = observation.legal[:, 2]
        x = self._batch_uniforms(observation)
        kinds, near = self._batch_decide(p - theta, rounds, u, can_raise, x)
        if self._speculating:
            self._decisions.append(dict(
                hand=observation.hand - self._chunk_first, round=rounds, current=current, upcards=upcards, action=action,
                theta=theta, u=u, can_raise=can_raise, x=np.zeros(len(kinds)) if x is None else x, kind=kinds,
                basis=np.full(len(kinds), len(self._bases) - 1), loose=near & foreseen))
        return kinds

    def _refit_if_due(self) -> None:
        """What :meth:`new_hand` does before a hand: refit when ``refit_every`` showdowns are pending."""
        if self._pending >= self.refit_every:
            self.refit()

    def batch_begin(self) -> None:
        """A block starts on the batched engine: its hand ``i`` is this player's hand ``hands so far + i``."""
        self._refit_if_due()
        self._hand_base = self._hand + 1
        self._speculating = self.learn
        self._taught = None
        self._foresee(0, np.zeros(0, dtype=bool), np.zeros((0, 4), dtype=np.int64), np.zeros((0, 4), dtype=np.int64))

    def _foresee(self, first: int, learned: np.ndarray, acted: np.ndarray, types: np.ndarray,
                 counts: list | None = None) -> None:
        """The next batch starts at hand ``first``; ``learned`` (per hand from it), ``acted`` and ``types`` (per
        showdown) are what the last played batch says the hands from it teach (the play's foresight)."""
        self._chunk_first = first
        self._decisions = []
        # what each decision's P(win) was known right with: per basis, the hands (from the batch's first) whose
        # lessons it holds (per hand: learned?, the opponent's action per round); a decision is right while the
        # record's hands before its own teach the same
        self._bases = [_lessons(learned, acted)]
        self._foreseen_before = np.concatenate([[0], np.cumsum(learned)])
        self._foreseen_counts = self._counts_after(acted, types) if counts is None else counts

    def _in_tables(self, before: np.ndarray) -> np.ndarray:
        """Of ``before`` showdowns since the batch's first hand, how many the tables at a hand hold (<= 0: none)."""
        k, p0 = self.refit_every, self._pending
        return (p0 + before) // k * k - p0

    def _foreseen(self, hands: np.ndarray) -> np.ndarray:
        """:meth:`_in_tables` at ``hands`` (from the batch's first) with the foreseen showdowns."""
        before = self._foreseen_before
        return self._in_tables(before[np.minimum(hands, len(before) - 1)])

    def _record_lessons(self, record, me: int) -> dict:
        """What every hand of ``record`` teaches (:meth:`_learned_from`; ``counts``: :meth:`_counts_after` of them,
        computed when first asked), kept while ``record`` is the last record asked about."""
        if self._taught is None or self._taught[0] is not record:
            learned, acted, types = self._learned_from(record, me)
            self._taught = (record, dict(learned=learned, acted=acted, types=types, counts=None))
        lessons = self._taught[1]
        return lessons

    def _record_counts(self, lessons: dict) -> list:
        if lessons["counts"] is None:
            lessons["counts"] = self._counts_after(lessons["acted"], lessons["types"])
        return lessons["counts"]

    def _learned_from(self, record, me: int, first: int = 0, stop: int | None = None):
        """What hands ``first`` … ``stop - 1`` of ``record`` teach M_A|C (as :meth:`observe` and ``ActionModel.update``):
        per hand whether it is learned from (a showdown), per such hand the opponent's action per round (0 passive,
        1 aggressive, -1 did not act) and its current type per round."""
        from bpp.stud.model.handtypes import colex_index, type_table

        stop = record.n_hands if stop is None else stop
        seats = record.seat_agents.shape[1]
        learned = record.showdown[first:stop]
        hands = first + np.flatnonzero(learned)
        opp = 1 - np.argmax(record.seat_agents[hands] == me, axis=1)
        where = np.full(record.n_hands, -1)
        where[hands] = np.arange(len(hands))
        at = where[record.hand]
        theirs = at >= 0
        theirs[theirs] = record.seat[theirs] == opp[at[theirs]]
        acted = np.full((len(hands), 4), -1)
        np.maximum.at(acted, (at[theirs], record.round[theirs]), (record.kind[theirs] == 2).astype(np.int64))
        pos = (opp - record.buttons[hands] - 1) % seats
        deals = record.deals[hands]
        rows = np.arange(len(hands))
        cards = np.stack([deals[rows, pos]] + [deals[rows, seats * (j + 1) + pos] for j in range(4)], axis=1)
        types = np.stack([type_table(r + 2)[colex_index(np.sort(cards[:, : r + 2], axis=1))] for r in range(4)], axis=1)
        return learned, acted, types

    def _counts_after(self, acted: np.ndarray, types: np.ndarray) -> list[np.ndarray]:
        """Per round, the counts after each number m = 0 … of these showdowns, from the current counts: (m, 2, n_current)."""
        out = []
        for r, counts in enumerate(self.model_.counts_):
            step = np.zeros((len(acted) + 1,) + counts.shape)
            seen = np.flatnonzero(acted[:, r] >= 0)
            step[seen + 1, acted[seen, r], types[seen, r]] = 1.0
            out.append(counts + np.cumsum(step, axis=0))
        return out

    def batch_check(self, record: BatchRecord, me: int) -> np.ndarray:
        """Which hands of ``record`` this player would have played otherwise hand by hand (see
        :func:`holdem.match.batched.batch_learner`): every decision is decided again with the tables its hand
        would have had, learning from the showdowns of the batch's earlier hands as recorded.

        A decision whose P(win) was read (or last checked) with the lessons
        of exactly the hands the record has before it is not decided again
        (its P(win), and so its action, are the same), unless it was within
        rounding of another action with foreseen tables.
        """
        self._refit_if_due()
        out = np.zeros(record.n_hands, dtype=bool)
        if not self.learn or not self._decisions:
            return out
        lessons = self._record_lessons(record, me)
        learned = lessons["learned"]
        now = _lessons(learned, lessons["acted"])
        same = np.array([_same_prefix(basis, now) for basis in self._bases])
        d = {k: np.concatenate([part[k] for part in self._decisions]) for k in self._decisions[0]}
        self._decisions = [d]
        x = None if self.play == "argmax" else d["x"]  # argmax draws nothing
        hand = d["hand"]
        # an unobserved OPP_Action: P(win) does not depend on M_A|C
        todo = np.flatnonzero((d["action"] < 2) & ((hand > same[d["basis"]]) | d["loose"]))
        self._bases.append(now)  # every decision stands checked with the record's lessons (or its hand is played again)
        d["basis"] = np.full(len(hand), len(self._bases) - 1)
        d["loose"] = np.zeros(len(hand), dtype=bool)
        if not len(todo):
            return out
        m = self._in_tables(np.cumsum(learned) - learned)[hand]
        rounds, current, upcards, action = d["round"], d["current"], d["upcards"], d["action"]
        exact = m[todo] <= 0  # the batch's own tables
        p = self._table_p(rounds[todo], current[todo], upcards[todo], action[todo])
        later = np.flatnonzero(~exact)
        if len(later):
            i = todo[later]
            p[later] = self._batch_p(self._record_counts(lessons), m[i], rounds[i], current[i], upcards[i], action[i])
        theta, u, can_raise, kinds = d["theta"], d["u"], d["can_raise"], d["kind"]
        xs = None if x is None else x[todo]
        again, near = self._batch_decide(p - theta[todo], rounds[todo], u[todo], can_raise[todo], xs, exact=False)
        differ = again != kinds[todo]
        for j in np.flatnonzero(near):  # within rounding of a boundary: decide with exactly refit tables
            i = todo[j]
            differ[j] = self._differs_exactly(lessons["acted"], lessons["types"], int(m[i]), i, rounds, current, upcards,
                                              action, theta, u, can_raise, x, kinds)
        out[hand[todo[differ]]] = True
        return out

    def batch_replay(self, record: BatchRecord, me: int, hands: np.ndarray) -> None:
        """``hands`` of ``record`` are played again: foresee from ``record`` as recorded, forget their decisions."""
        lessons = self._record_lessons(record, me)
        decisions, bases = self._decisions, self._bases
        self._foresee(record.first, lessons["learned"], lessons["acted"], lessons["types"], self._record_counts(lessons))
        self._bases = bases + self._bases  # the replayed decisions' basis is the last
        if decisions:
            d = {k: np.concatenate([part[k] for part in decisions]) for k in decisions[0]}
            other = ~np.isin(d["hand"], hands)
            self._decisions = [{k: v[other] for k, v in d.items()}]

    def _batch_p(self, counts: list, m: np.ndarray, rounds: np.ndarray, current: np.ndarray, upcards: np.ndarray,
                 action: np.ndarray) -> np.ndarray:
        """P(BPP_Win | evidence) per row had M_A|C held ``counts[r][m]`` (the product of ``WinTables.refit``, row by
        row: the same value up to rounding; observed OPP_Action only)."""
        s = self.prior_strength
        p = np.empty(len(m))
        for r in np.unique(rounds).tolist():
            sel = np.flatnonzero(rounds == r)
            both = counts[r][m[sel]]  # (d, 2, n_current)
            c = both[np.arange(len(sel)), action[sel]]  # the counts of the observed action
            total = both.sum(axis=1)
            if s > 0:
                values = (c + s / 2) / (total + s)
            else:
                with np.errstate(invalid="ignore", divide="ignore"):
                    values = np.where(total > 0, c / total, 0.5)
            matrix, _, _, shape, _, state, _, _, _ = self.win_tables_._fast[r]
            _, n_current, n_upcards, _ = shape
            rows = (np.arange(shape[0])[:, None] * n_current + current[sel]) * n_upcards + upcards[sel]  # (w, d)
            joint = np.einsum("wdk,dk->wd", matrix[rows], values)
            p[sel] = joint[state] / joint.sum(axis=0)
        return p

    def _differs_exactly(self, acted, types, m: int, i: int, rounds, current, upcards, action, theta, u, can_raise, x,
                         kinds) -> bool:
        """Whether decision ``i`` differs from the one played with the tables refit exactly (``WinTables.refit``)
        after ``m`` showdowns of the batch (``m <= 0``: the batch's own tables)."""
        r = int(rounds[i])
        if m <= 0:
            tables = self._tables
        else:
            counts = [c[m] for c in self._counts_after(acted[:m], types[:m])]
            saved = self.model_.counts_, self.win_tables_.tables
            try:
                self.model_.counts_ = counts
                tables = self.win_tables_.refit(self.learned_tables()).tables
            finally:
                self.model_.counts_, self.win_tables_.tables = saved
        p = np.array([tables[r][current[i], upcards[i], action[i]]])
        one = slice(i, i + 1)
        again, _ = self._batch_decide(p - theta[one], rounds[one], u[one], can_raise[one], None if x is None else x[one])
        return bool(again[0] != kinds[i])

    def batch_commit(self, record: BatchRecord, me: int, n: int) -> None:
        """Learn from the first ``n`` hands of ``record`` as :meth:`observe` and :meth:`new_hand` would have; what
        the later hands taught as played is kept as foresight for the next batch (it starts at the first of them)."""
        self._hand += n
        lessons = self._record_lessons(record, me)
        learned = lessons["learned"]
        total = int(learned[:n].sum())
        ahead = learned[n:], lessons["acted"][total:], lessons["types"][total:]
        self._taught = None
        if not self.learn:
            self._foresee(record.first + n, *ahead)
            return
        if total:
            p0 = self._pending
            # the tables of the last accepted hand: refit at its start or before, from the showdowns of earlier hands
            in_tables = int(self._in_tables(np.array(total - int(learned[n - 1]))))
            counts = self._record_counts(lessons)
            if in_tables > 0:
                self.model_.counts_ = [c[in_tables].copy() for c in counts]
                self.refit()
                self._pending = total - in_tables
            else:
                self._pending = p0 + total
            self.model_.counts_ = [c[total].copy() for c in counts]
            self.model_.n_showdowns_ += total
        self._foresee(record.first + n, *ahead)  # the refit due before the next hand: lazily, as new_hand

    def new_hand(self, seat: int) -> None:
        super().new_hand(seat)  # count the hand: its index picks the per-hand random stream
        if self._pending >= self.refit_every:
            self.refit()
        self._seat = seat
        self._aggressive = [None] * 4
        self._opp_up = []
        self._my_up = []

    def observe(self, event: Event) -> None:
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
            assert event.action is not None  # an "action" event carries its action
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

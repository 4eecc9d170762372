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
from bpp.stud.players.batched import BatchedBPP

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from bpp.stud.decision.curves import CurveParams, CurveSet
    from bpp.stud.model.bluff import BluffModel
    from bpp.stud.model.compiled_stud import CompiledStudNet, StudBelief
    from bpp.stud.model.dbn import DBNBelief
    from bpp.stud.model.figure1 import StudCPTs
    from bpp.stud.model.learning import ShowdownCounts
    from bpp.stud_variants import VariantSpec

    from holdem._typing import RngLike
    from holdem.games.base import Event
    from holdem.games.batched import BatchObservation
    from holdem.match.batched import BatchRecord

__all__ = ["BPPPlayer", "opponent_action", "seat_action"]

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


class BPPPlayer(BatchedBPP, CurvePlayer):
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

    def variant(self) -> VariantSpec | None:
        """This player's line of :data:`bpp.stud_variants.STUD_VARIANTS`: the one whose ``player`` is its class
        (``bpp-up``: this class with the ``"showing"`` link); None for a class or option the table does not list."""
        from bpp.stud_variants import STUD_VARIANTS

        if self.upcards_link:
            return STUD_VARIANTS["up"] if self.upcards_link == "showing" and type(self) is BPPPlayer else None
        cls = f"{type(self).__module__}:{type(self).__qualname__}"
        return next((spec for spec in STUD_VARIANTS.values() if spec.player == cls), None)

    @property
    def act_batch(self) -> Callable[[BatchObservation], np.ndarray] | None:
        """:meth:`_act_batch` when the variant table declares that this player decides batches exactly as hand by
        hand (:attr:`bpp.stud_variants.VariantSpec.batches`), else None (a subclass the table does not list plays
        hand by hand)."""
        spec = self.variant()
        return self._act_batch if spec is not None and spec.batches else None

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

"""BPP at a multi-seat stud table (Korb1999 §6.2), registered ``bpp-multi``.

:class:`MultiBPPPlayer` plays the networks of :mod:`bpp.stud.model.multi`:
one opponent sub-network (OPPi_Final / OPPi_Current / OPPi_Upcards /
OPPi_Action) per live opponent, each with its own M_A|C learned from that
opponent's showdowns (§3.3, §5.2), and P(win) = P(BPP's final beats every
live opponent's final), ties split, with the opponents' finals independent
given BPP's evidence.  Folded opponents leave the network: with ``m`` live
opponents the ``m + 1``-seat network is used (heads-up it is Figure 1, and
the player is ``bpp``).  θ is :func:`bpp.stud.decision.player.multiway_theta`
(eqs. 1-7 for ``n`` players), then the curves of §4 as ``bpp``.

"One opponent model per seat": the models are keyed by the opponent's seat
*relative to BPP's* (``(seat - own seat) mod n``).  The match runner's seat
rotations (duplicate play, the moving button) keep every agent's relative
place, so each key always holds the same opponent.

``opponent_model="strongest"`` is the heads-up baseline: the table is read
as one opponent, the live opponent with the strongest showing (the stud
rule for who is "high on board", :func:`holdem.games.stud.showing_key`),
through Figure 1's network with one M_A|C learned from every opponent's
showdowns — ``bpp`` applied to a table without changing its model.

Measured by ``python figures/stud_multi.py`` (``figures/stud_multi.md``:
duplicate deals, every rotation, against ``n - 1`` copies of one opponent)
and by the ``bpp-multi`` experiment of ``bpp reproduce``: the calibration of
P(win) of both models with 2-4 live opponents, the paired difference of
their winnings per opponent and table size, and how often each folds to a
bet.  The curves were fitted heads-up, so they expect the heads-up
network's P(win): a better-calibrated P(win) need not win more with them.

>>> import numpy as np
>>> from holdem.games import Stud5
>>> from holdem.match import play_match
>>> r = play_match(Stud5(n_players=3), [MultiBPPPlayer(rng=0), "call", "call"], 30, rng=1)
>>> r.names
['bpp-multi', 'call', 'call']
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from holdem.games.base import ActionKind, Observation
from holdem.games.stud import showing_key

from bpp.stud.decision.curves import BETS_PER_ROUND, BLUFF_PROBABILITY
from bpp.stud.decision.player import CurvePlayer
from bpp.stud.players.paper import seat_action

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from bpp.stud.decision.curves import CurveParams, CurveSet
    from bpp.stud.model.figure1 import StudCPTs
    from bpp.stud.model.multi import CompiledMultiNet
    from holdem._typing import RngLike
    from holdem.games.base import Event

__all__ = ["MultiBPPPlayer", "OPPONENT_MODELS", "strongest_showing"]

_BET_RAISE = ActionKind.BET_RAISE
#: How the table is modelled: one sub-network per live opponent, or the strongest showing as the one opponent.
OPPONENT_MODELS = ("per_seat", "strongest")


@functools.cache
def _default_cpts():
    from bpp.stud.model.networks import load_cpts

    return load_cpts()


class MultiBPPPlayer(CurvePlayer):
    """BPP with one opponent model per seat at a 2-8 seat stud table (module docstring).

    Parameters
    ----------
    opponent_model : {"per_seat", "strongest"}
        One sub-network and M_A|C per live opponent (``bpp-multi``), or the
        baseline reading the table as its strongest showing.
    learn : bool
        Learn each M_A|C from showdowns (§3.3, §5.2).
    prior_strength : float
        Pseudo-counts of the ½ / ½ starting matrices (:class:`~bpp.stud.model.learning.ActionModel`).
    refit_every : int
        Showdowns of a seat between refits of its tables (between hands).
    cpts : sequence of 4 StudCPTs, optional
        The rounds' tables (default ``bpp/models/stud``).
    params, bluff, bets_per_round, play, rng
        As :class:`~bpp.stud.decision.player.CurvePlayer`.

    Attributes
    ----------
    models_ : dict
        ``{relative seat: ActionModel}`` (``"strongest"``: one model under key 0).

    Examples
    --------
    >>> MultiBPPPlayer(opponent_model="all")
    Traceback (most recent call last):
    ...
    ValueError: The 'opponent_model' parameter of MultiBPPPlayer must be one of per_seat, strongest; got 'all'.
    """

    name = "bpp-multi"
    multi_seat = True
    trusted_actions = True  # CurvePlayer.act

    def __init__(
        self,
        *,
        opponent_model: str = "per_seat",
        learn: bool = True,
        prior_strength: float = 2.0,
        refit_every: int = 1,
        cpts: Sequence[StudCPTs] | None = None,
        params: CurveParams | CurveSet | None = None,
        bluff: float = BLUFF_PROBABILITY,
        bets_per_round: float = BETS_PER_ROUND,
        play: str = "sample",
        rng: RngLike = None,
    ) -> None:
        super().__init__(params=params, bluff=bluff, bets_per_round=bets_per_round, play=play, rng=rng)
        if opponent_model not in OPPONENT_MODELS:
            raise ValueError(
                f"The 'opponent_model' parameter of MultiBPPPlayer must be one of {', '.join(OPPONENT_MODELS)}; got {opponent_model!r}."
            )
        if isinstance(refit_every, bool) or not isinstance(refit_every, (int, np.integer)) or refit_every < 1:
            raise ValueError(f"The 'refit_every' parameter of MultiBPPPlayer must be an integer >= 1; got {refit_every!r}.")
        from bpp.stud.model.handtypes import hand_type_of
        from bpp.stud.model.learning import ActionModel
        from bpp.stud.model.multi import multiway_share, opp_final_tables
        from bpp.stud.model.compiled_stud import _normalize_rows

        self.opponent_model = opponent_model
        self.learn = bool(learn)
        self.prior_strength = prior_strength
        self.refit_every = int(refit_every)
        self.cpts = cpts
        self._cpts = tuple(_default_cpts() if cpts is None else cpts)
        self._ActionModel = ActionModel
        self._opp_final_tables = opp_final_tables
        self._share = multiway_share
        self._type_of = hand_type_of
        self._bpp_final = [_normalize_rows(c.current_given_final * c.prior_final) for c in self._cpts]
        self._default_tables = [opp_final_tables(c) for c in self._cpts]
        ActionModel(prior_strength=prior_strength)  # checks prior_strength now
        self.models_: dict[int, ActionModel] = {}
        self._tables: dict[int, list] = {}
        self._pending: dict[int, int] = {}
        self._seat: int | None = None
        self._aggressive: dict[int, list] = {}
        self._ups: dict[int, list] = {}

    # -- beliefs -------------------------------------------------------------

    def _key(self, seat: int, me: int, n: int) -> int:
        return 0 if self.opponent_model == "strongest" else (seat - me) % n

    def _modelled(self, observation: Observation) -> list[int]:
        """The seats the network models: every live opponent (``"strongest"``: the one with the best showing)."""
        me, up = observation.player, observation.up_cards
        live = [s for s in range(observation.n_players) if s != me and not observation.folded[s]]
        if self.opponent_model == "strongest":
            return [max(live, key=lambda s: showing_key(up[s]))]
        return live

    def _evidence_rows(self, observation: Observation, use_actions: bool = True) -> np.ndarray:
        """P(OPPi_Final | OPPi_Upcards, OPPi_Action) of every modelled live opponent: shape (m, 17)."""
        me, n, r = observation.player, observation.n_players, observation.round
        up = observation.up_cards
        type_of = self._type_of
        rows = []
        for s in self._modelled(observation):
            tables = self._tables.get(self._key(s, me, n), self._default_tables)
            rows.append(tables[r][type_of(up[s]), seat_action(observation, s) if use_actions else 2])
        return np.stack(rows)

    def win_probability(self, observation: Observation, *, use_actions: bool = True) -> float:
        """P(BPP_Win | BPP_Current and every live opponent's OPP_Upcards, OPP_Action) (:func:`~bpp.stud.model.multi.multiway_share`).

        ``use_actions=False`` leaves every OPP_Action unobserved: the cards
        alone, as the network reads them (the calibration study separates
        the cost of the hand-type, independent-opponents reading from that
        of the action model with it).
        """
        b = self._type_of(observation.hole + observation.up_cards[observation.player])
        return float(self._share(self._bpp_final[observation.round][b], self._evidence_rows(observation, use_actions)))

    def holdings_win_probabilities(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """P(win) had BPP held each down card of ``holdings`` (n, 1), batched."""
        from bpp.stud.model.handtypes import holding_types

        rows = self._bpp_final[observation.round][holding_types(holdings, observation.up_cards[observation.player])]
        return self._share(rows, self._evidence_rows(observation))

    def evidence(self, observation: Observation) -> dict:
        """The evidence entered: BPP_Current and each modelled opponent's (seat, OPP_Upcards, OPP_Action) state names."""
        from bpp.stud.model.figure1 import ACTIONS, current_type_names, upcard_type_names

        self._check_seats(observation)
        me, r = observation.player, observation.round
        up = observation.up_cards
        live = self._modelled(observation)
        names = upcard_type_names(r)
        return {
            "BPP_Current": current_type_names(r)[self._type_of(observation.hole + up[me])],
            "opponents": [
                (s, names[self._type_of(up[s])], None if seat_action(observation, s) == 2 else ACTIONS[seat_action(observation, s)])
                for s in live
            ],
        }

    def compiled_network(self, observation: Observation) -> CompiledMultiNet:
        """The :class:`~bpp.stud.model.multi.CompiledMultiNet` of ``observation``'s round and live opponents, learned M_A|C included."""
        from bpp.stud.model.multi import CompiledMultiNet

        me, n, r = observation.player, observation.n_players, observation.round
        seats = [s for s, _, _ in self.evidence(observation)["opponents"]]
        cpts = [self.models_[k].action_cpts()[r] if k in self.models_ else None for k in (self._key(s, me, n) for s in seats)]
        default = self._cpts[r].action_given_current
        return CompiledMultiNet(self._cpts[r], len(seats) + 1, [default if c is None else c for c in cpts])

    @property
    def learns_across_hands(self) -> bool:
        """True when the M_A|C are learned from showdowns (the match keeps one instance)."""
        return self.learn

    # -- learning (§3.3, §5.2), per seat ----------------------------------------

    def refit(self, key: int | None = None) -> "MultiBPPPlayer":
        """Recompute the P(OPP_Final | evidence) tables of one seat's model (all when ``key`` is None), between hands."""
        keys = list(self.models_) if key is None else [key]
        for k in keys:
            cpts = self.models_[k].action_cpts()
            self._tables[k] = [self._opp_final_tables(c, m) for c, m in zip(self._cpts, cpts)]
            self._pending[k] = 0
        return self

    def reset(self) -> None:
        """Forget everything learned about every seat."""
        self.models_.clear()
        self._tables.clear()
        self._pending.clear()

    def new_hand(self, seat: int) -> None:
        super().new_hand(seat)  # count the hand: its index picks the per-hand random stream
        for k, pending in self._pending.items():
            if pending >= self.refit_every:
                self.refit(k)
        self._seat = seat
        self._aggressive = {}
        self._ups = {}

    def observe(self, event: Event) -> None:
        seat = self._seat
        p = event.player
        if seat is None or p < 0 or p == seat:
            return
        kind = event.kind
        if kind == "action":
            r = event.round
            row = self._aggressive.setdefault(p, [None] * 4)
            assert event.action is not None  # an "action" event carries its action
            row[r] = row[r] is True or event.action.kind == _BET_RAISE
        elif kind == "deal":
            self._ups.setdefault(p, []).extend(event.cards)
        elif kind == "showdown" and self.learn and len(self._ups.get(p, ())) == 4:
            n = len(self._ups) + 1  # every seat is dealt an up card in round 0
            key = self._key(p, seat, n)
            model = self.models_.get(key)
            if model is None:
                model = self.models_[key] = self._ActionModel(prior_strength=self.prior_strength)
            model.update(tuple(event.cards) + tuple(self._ups[p]), self._aggressive.get(p, [None] * 4))
            self._pending[key] = self._pending.get(key, 0) + 1

    def __repr__(self) -> str:
        play = "" if self.play == "sample" else f", play={self.play!r}"
        return f"MultiBPPPlayer(opponent_model={self.opponent_model!r}{play})"


def strongest_showing(*, rng: RngLike = None, **kwargs: Any) -> MultiBPPPlayer:
    """The registry's ``bpp-strongest``: the heads-up network reading the table as its strongest showing (the baseline).

    >>> strongest_showing(rng=0).opponent_model
    'strongest'
    """
    kwargs.setdefault("opponent_model", "strongest")
    return MultiBPPPlayer(rng=rng, **kwargs)

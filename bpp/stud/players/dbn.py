"""BPP on §6.3's dynamic Bayesian network (Korb1999 §6.3), registered ``bpp-dbn``.

The paper's player (:class:`bpp.stud.players.paper.BPPPlayer`: same decision
rule, same curves, same M_A|C learned per opponent from showdowns, §3.3 /
§5.2) whose P(win) comes from the four-slice network of
:mod:`bpp.stud.model.dbn` instead of four separate per-round networks: at
round ``t`` the evidence is the opponent's up-card type and action of *every*
round so far and BPP's current type, so what the opponent did in earlier
rounds keeps informing the belief about its hand (§6.3: "to model more
effectively the interrelation between rounds of play").

How its P(win) and winnings compare with ``bpp``'s is measured by ``python figures/stud_dbn.py``
(``figures/stud_dbn.md``; the documentation's results pages).

>>> player = DBNBPP(rng=0)
>>> player.dbn_
CompiledDBN(n_hands=None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from holdem.games.base import ActionKind, Observation

from bpp.stud.players.paper import BPPPlayer

if TYPE_CHECKING:
    from typing import Any

    from bpp.stud.model.dbn import DBNBelief, DBNCPTs

__all__ = ["DBNBPP", "opponent_actions"]

_BET_RAISE = ActionKind.BET_RAISE


def opponent_actions(observation: Observation) -> list[int]:
    """OPP_Action_0..t, one per round so far: 0 passive, 1 aggressive (bet or raised at least once), 2 not acted.

    The last entry is :func:`bpp.stud.players.paper.opponent_action` (the current round so far).

    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))
    >>> opponent_actions(state.observation(state.current_player))
    [2]
    >>> _ = state.apply(state.legal_actions()[-1])                # it bets
    >>> opponent_actions(state.observation(state.current_player))
    [1]
    """
    opp = 1 - observation.player
    out = [2] * (observation.round + 1)
    for event in observation.history:
        if event.player == opp and event.kind == "action" and event.round <= observation.round:
            assert event.action is not None  # an "action" event carries its Action
            r = event.round
            out[r] = 1 if (out[r] == 1 or event.action.kind == _BET_RAISE) else 0
    return out


class DBNBPP(BPPPlayer):
    """:class:`~bpp.stud.players.paper.BPPPlayer` whose P(win) is the §6.3 DBN's, belief carried across rounds.

    Parameters
    ----------
    dbn_cpts : :class:`bpp.stud.model.dbn.DBNCPTs`, optional
        The dealt tables (default ``bpp/models/stud/dbn``, :func:`bpp.stud.model.dbn.load_dbn_cpts`).
    **kwargs
        As :class:`BPPPlayer` (``upcards_link`` must stay off: one §6 idea per variant).

    Attributes
    ----------
    dbn_ : :class:`bpp.stud.model.dbn.CompiledDBN`
        The network with the learned M_A|C (rebuilt between hands after showdowns).

    >>> DBNBPP(upcards_link=True)
    Traceback (most recent call last):
    ...
    ValueError: The 'upcards_link' parameter of DBNBPP must be False (bpp-dbn adds only the dynamic network of §6.3); got True.
    """

    name = "bpp-dbn"
    single_idea = "adds only the dynamic network of §6.3"

    def __init__(self, *, dbn_cpts: DBNCPTs | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        from bpp.stud.model.dbn import CompiledDBN, load_dbn_cpts

        self.dbn_cpts = load_dbn_cpts() if dbn_cpts is None else dbn_cpts
        self._dbn_base = CompiledDBN(self.dbn_cpts)
        self.dbn_ = self._dbn_base.with_action_cpts(self.model_.action_cpts())

    # -- beliefs -------------------------------------------------------------

    def _opp_evidence(self, observation: Observation):
        theirs = observation.up_cards[1 - observation.player]
        type_of = self._type_of
        upcards = [type_of(theirs[: s + 1]) for s in range(observation.round + 1)]
        return upcards, opponent_actions(observation)

    def win_probability(self, observation: Observation) -> float:
        """P(BPP_Win | BPP_Current_t, OPP_Upcards_0..t, OPP_Action_0..t): the forward filter of the DBN."""
        upcards, actions = self._opp_evidence(observation)
        b = self._type_of(observation.hole + observation.up_cards[observation.player])
        return float(self.dbn_.p_win(b, upcards, actions))

    def holdings_win_probabilities(self, observation: Observation, holdings: np.ndarray) -> np.ndarray:
        """P(win), float (n,), had BPP held each down card of ``holdings`` (int (n, 1)): one filter, then one row of G_t
        per holding's BPP_Current type."""
        from bpp.stud.model.handtypes import holding_types

        upcards, actions = self._opp_evidence(observation)
        return self.dbn_.p_win(holding_types(holdings, observation.up_cards[observation.player]), upcards, actions)

    def evidence(self, observation: Observation) -> dict:
        """The evidence entered, by node of the unrolled network: BPP_Current_s, OPP_Upcards_s, OPP_Action_s (None: not acted)."""
        from bpp.stud.model.dbn import node
        from bpp.stud.model.figure1 import ACTIONS

        self._check_seats(observation)
        me = observation.player
        cards = list(observation.hole) + list(observation.up_cards[me])
        upcards, actions = self._opp_evidence(observation)
        out: dict[str, str | None] = {}
        for s in range(observation.round + 1):
            out[node("BPP_Current", s)] = self.dbn_.current_states[s][self._type_of(cards[: s + 2])]
            out[node("OPP_Upcards", s)] = self.dbn_.upcard_states[s][upcards[s]]
            out[node("OPP_Action", s)] = None if actions[s] == 2 else ACTIONS[actions[s]]
        return out

    def compiled_networks(self) -> tuple:
        """One :class:`~bpp.stud.model.dbn.DBNSlice` per round of the one compiled DBN (learned M_A|C)."""
        return self.dbn_.slices()

    def belief(self, observation: Observation) -> DBNBelief:
        """The :class:`~bpp.stud.model.dbn.DBNBelief` at ``observation``'s round."""
        e = self.evidence(observation)
        t = observation.round
        return self.dbn_.query(e[f"BPP_Current_{t}"], [e[f"OPP_Upcards_{s}"] for s in range(t + 1)],
                               [e[f"OPP_Action_{s}"] for s in range(t + 1)])

    # -- the batched engine (bpp.stud.players.batched) ----------------------------

    _exact_tables = False  # P(win) by a batched forward filter: rows at a boundary are decided by p_win itself

    def _batch_evidence(self, observation: Any) -> tuple[np.ndarray, ...]:
        """BPP_Current_t, OPP_Upcards_0..3 and OPP_Action_0..3 of every row (slices after t: 0 and 2, unused).

        OPP_Action_t is the round's so far (:func:`bpp.stud.players.paper.opponent_action`); an earlier round's is
        what this player saw at its last decision in that round, or passive if the opponent had not acted then
        (it acted after, and a bet or raise would have brought BPP back in).  So the player keeps, per hand of the
        block, what it saw in each round (heads-up: BPP acts in every round it sees).
        """
        from bpp.stud.players.batched import _types

        current, _, _, theirs = self._batch_types(observation)
        rounds = observation.round
        n = len(rounds)
        hands = observation.hand
        now = np.where(observation.to_call > 0, 1,
                       np.where((observation.n_bets == 0) & (observation.to_act == 2), 2, 0))
        seen = getattr(self, "_seen", np.zeros((0, 4), dtype=np.intp))
        if len(seen) <= hands.max(initial=-1):
            seen = np.vstack([seen, np.full((max(2 * len(seen), hands.max() + 1) - len(seen), 4), 2, dtype=np.intp)])
        self._seen = seen
        before = seen[hands]
        ups = np.zeros((n, 4), dtype=np.intp)
        acts = np.full((n, 4), 2, dtype=np.intp)
        for t in range(4):
            sel = np.flatnonzero(rounds >= t)
            ups[sel, t] = _types(theirs[sel], t + 1)
            earlier = sel[rounds[sel] > t]
            acts[earlier, t] = np.where(before[earlier, t] == 2, 0, before[earlier, t])
        acts[np.arange(n), rounds] = now
        seen[hands, rounds] = now
        return (current, *ups.T, *acts.T)

    def _observed(self, evidence: tuple[np.ndarray, ...]) -> np.ndarray:
        """Rows with an observed OPP_Action in some slice (P(win) then depends on M_A|C)."""
        return np.asarray((np.stack(evidence[5:]) < 2).any(axis=0))

    def _filter_p(self, rounds: np.ndarray, evidence: tuple[np.ndarray, ...], likelihood) -> np.ndarray:
        """P(win) per row by :meth:`CompiledDBN.p_win`'s forward filter, ``likelihood(s, a, sel)`` the (d, n_s)
        likelihood of OPP_Action_s = ``a`` per row ``sel`` of slice ``s`` (2: not observed, ones)."""
        dbn = self.dbn_
        cpts = dbn.cpts
        current, ups, acts = evidence[0], evidence[1:5], evidence[5:]
        p = np.empty(len(rounds))
        for t in np.unique(rounds).tolist():
            sel = np.flatnonzero(rounds == t)
            alpha = cpts.prior_current * dbn._up0[ups[0][sel]] * likelihood(0, acts[0][sel], sel)
            alpha = alpha / alpha.sum(axis=1, keepdims=True)
            for s in range(1, t + 1):
                alpha = (alpha @ cpts.transitions[s - 1].T) * dbn._up[s][ups[s - 1][sel], ups[s][sel]] \
                    * likelihood(s, acts[s][sel], sel)
                total = alpha.sum(axis=1, keepdims=True)
                with np.errstate(invalid="ignore", divide="ignore"):
                    alpha = np.where(total > 0, alpha / total, np.nan)
            p[sel] = (dbn.win_given_current[t][current[sel]] * alpha).sum(axis=1)
        return p

    def _table_p(self, rounds: np.ndarray, evidence: tuple[np.ndarray, ...]) -> np.ndarray:
        """P(win) per row with the current M_A|C (the filter of :meth:`win_probability`, up to rounding)."""
        action = self.dbn_._action
        return self._filter_p(rounds, evidence, lambda s, a, sel: action[s][a])

    def _batch_p(self, counts: list, m: np.ndarray, rounds: np.ndarray, evidence: tuple[np.ndarray, ...]) -> np.ndarray:
        """P(win) per row had M_A|C been learned from the counts ``counts[r][m]`` (every slice's, one count)."""
        s = self.prior_strength

        def likelihood(slice_: int, a: np.ndarray, sel: np.ndarray) -> np.ndarray:
            tally = counts[slice_]
            k = tally.n_parents
            when = m[sel][:, None]
            c = tally.cells(when, np.minimum(a, 1)[:, None] * k + np.arange(k))
            total = tally.totals(when, np.arange(k))
            if s > 0:
                values = (c + s / 2) / (total + s)
            else:
                with np.errstate(invalid="ignore", divide="ignore"):
                    values = np.where(total > 0, c / total, 0.5)
            return np.where((a < 2)[:, None], values, 1.0)

        return self._filter_p(rounds, evidence, likelihood)

    def _exact_p(self, counts: list | None, evidence: np.ndarray, r: int) -> float:
        """:meth:`CompiledDBN.p_win` itself, with the current M_A|C or one learned from ``counts``."""
        dbn = self.dbn_
        if counts is not None:
            saved = self.model_.counts_
            try:
                self.model_.counts_ = counts
                dbn = self._dbn_base.with_action_cpts(self.model_.action_cpts())
            finally:
                self.model_.counts_ = saved
        e = [int(v) for v in evidence]
        return float(dbn.p_win(e[0], e[1 : r + 2], e[5 : r + 6]))

    # -- learning (§3.3, §5.2) -------------------------------------------------

    def refit(self) -> "DBNBPP":
        """Rebuild the compiled DBN with the learned M_A|C (between hands)."""
        self.dbn_ = self._dbn_base.with_action_cpts(self.model_.action_cpts())
        self._pending = 0
        return self

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

    # -- learning (§3.3, §5.2) -------------------------------------------------

    def refit(self) -> "DBNBPP":
        """Rebuild the compiled DBN with the learned M_A|C (between hands)."""
        self.dbn_ = self._dbn_base.with_action_cpts(self.model_.action_cpts())
        self._pending = 0
        return self

"""§6.1's refined action node: OPP_Action with pass, call, bet and raise as separate states (Korb1999 §6.1).

Korb, Nicholson & Jitnah (1999) §6.1, "Refine action nodes": "Currently BPP
merges the actions CALL and PASS, and again BET and RAISE.  This is possible
because the paired playing situations are mutually exclusive.  However, it is
unlikely that given the same winning probability and pot odds each dual is as
good a choice as the other.  Therefore, they should be separated".  This
module changes only OPP_Action: its states become :data:`ACTION_STATES`
(``pass`` / ``call`` / ``bet`` / ``raise``) and M_A|C is a 4 × n_current
table, learned from showdowns per opponent as the paper's 2-state one
(:class:`ActionsModel`).  Figure 1's structure and every other CPT are
unchanged.

The round's evidence (:func:`round_action_state`) is the opponent's
strongest action in the round so far — raise > bet > call > pass: a bet is a
bet/raise when nobody has bet in the round yet, a raise one after a bet; a
check/call is a pass when nothing has been bet in the round, else a call.
(The paper's node is this one with pass+call and bet+raise merged.)

Compiled (:func:`actions_factors` through :mod:`bpp.stud.model.compiled`), the action axis has length 5,
index 4 = unobserved; play never calls pgmpy.

>>> from bpp.stud.model.compiled import compile_round
>>> from bpp.stud.model.networks import load_cpts
>>> net = compile_round(actions_factors(load_cpts()[3]))   # ¼ each: the action says nothing yet
>>> win = net.table("BPP_Win", "win")
>>> bool(win[16, 15, 3] == win[16, 15, 4])
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from bpp.stud.model import handtypes as ht
from bpp.stud.model.learning import ShowdownCounts
from bpp.stud.model.figure1 import N_ROUNDS, StudCPTs, current_type_names

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from numpy.typing import ArrayLike

    from holdem.games.base import Event

__all__ = [
    "ACTION_STATES",
    "UNOBSERVED",
    "round_action_state",
    "default_actions_cpt",
    "ActionsModel",
    "actions_factors",
]

#: States of the refined OPP_Action (§6.1): the paper's two merged pairs separated.
ACTION_STATES = ("pass", "call", "bet", "raise")
#: Index of "not yet acted in this round" on the compiled tables' action axis.
UNOBSERVED = len(ACTION_STATES)


def round_action_state(events: Iterable[Event], player: int, betting_round: int) -> int:
    """The refined OPP_Action state of ``player`` in a round: 0 pass, 1 call, 2 bet, 3 raise, 4 not yet acted.

    ``events`` is the hand's history (:class:`holdem.games.base.Observation` ``history``); the strongest
    action counts (raise > bet > call > pass).

    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))
    >>> round_action_state(state.observation(0).history, 1, 0)
    4
    >>> _ = state.apply(state.legal_actions()[0])      # seat 1 checks: a pass
    >>> _ = state.apply(state.legal_actions()[-1])     # seat 0 bets
    >>> _ = state.apply(state.legal_actions()[-1])     # seat 1 raises
    >>> round_action_state(state.observation(0).history, 1, 0), round_action_state(state.observation(1).history, 0, 0)
    (3, 2)
    """
    from holdem.games.base import ActionKind

    best = -1
    bet_made = False
    for event in events:
        if event.round != betting_round or event.kind != "action":
            continue
        assert event.action is not None  # an "action" event carries its action
        kind = event.action.kind
        if kind == ActionKind.BET_RAISE:
            state = 3 if bet_made else 2
            bet_made = True
        elif kind == ActionKind.CHECK_CALL:
            state = 1 if bet_made else 0
        else:
            continue
        if event.player == player:
            best = max(best, state)
    return UNOBSERVED if best < 0 else best


def default_actions_cpt(betting_round: int) -> np.ndarray:
    """The starting M_A|C of the refined node: ¼ each, shape (4, n_current) (§5.2's uninformative start)."""
    return np.full((len(ACTION_STATES), len(current_type_names(betting_round))), 1.0 / len(ACTION_STATES))


def _check_cpt(action_cpt, betting_round: int) -> np.ndarray:
    m = np.array(action_cpt, dtype=np.float64)
    shape = default_actions_cpt(betting_round).shape
    if m.shape != shape:
        raise ValueError(f"The 'action_cpt' parameter must have shape {shape} for round {betting_round}; got {m.shape}.")
    if not np.all(np.isfinite(m)) or m.min() < 0 or not np.allclose(m.sum(axis=0), 1.0, atol=1e-9):
        raise ValueError("The 'action_cpt' parameter must hold probabilities summing to 1 over the action axis.")
    m.flags.writeable = False
    return m


class ActionsModel(ShowdownCounts):
    """Per-opponent showdown counts of (refined action, current type) per round and M_A|C (§3.3, §5.2, §6.1).

    M_A|C[a, c] = (n[a, c] + p / 4) / (n[·, c] + p), ``p`` = ``prior_strength`` (¼ each before any showdown).

    >>> model = ActionsModel().update([48, 49, 0, 5, 9], [3, None, None, None])
    >>> model.action_cpts()[0][:, 9].round(3).tolist()     # round 0, pair of aces, one raise seen
    [0.167, 0.167, 0.167, 0.5]
    """

    def shapes(self) -> list[tuple]:
        return [default_actions_cpt(r).shape for r in range(N_ROUNDS)]

    def update(self, opp_cards: Sequence[int], actions: Sequence[int | None]) -> "ActionsModel":
        """Count one showdown: the opponent's five cards (down card first) and its state per round (0-3; None or 4: did not act)."""
        cards = self._cards(opp_cards)
        actions = self._per_round("actions", actions)
        for r, a in enumerate(actions):
            if a is None or a == UNOBSERVED:
                continue
            self.counts_[r][int(a), ht.hand_type_of(cards[: r + 2])] += 1.0
        self.n_showdowns_ += 1
        return self


def actions_factors(cpts: StudCPTs, action_cpt: ArrayLike | None = None) -> tuple[dict, dict]:
    """One round's network as tables (:mod:`bpp.stud.model.compiled`): Figure 1 with the 4-state OPP_Action.

    >>> from bpp.stud.model.networks import load_cpts
    >>> factors, states = actions_factors(load_cpts()[0])
    >>> factors["OPP_Action"].values.shape, states["OPP_Action"]
    ((4, 10), ('pass', 'call', 'bet', 'raise'))
    """
    from bpp.stud.model.compiled import Factor
    from bpp.stud.model.figure1 import figure1_factors

    r = cpts.betting_round
    factors, states = figure1_factors(cpts)
    m = default_actions_cpt(r) if action_cpt is None else _check_cpt(action_cpt, r)
    factors["OPP_Action"] = Factor(("OPP_Action", "OPP_Current"), m)
    states["OPP_Action"] = ACTION_STATES
    return factors, states

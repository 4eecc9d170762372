"""The §6.1 extension of BPP's network: OPP_Action also conditioned on what the opponent sees of BPP's hand.

Korb, Nicholson & Jitnah (1999) §6.1: "Another structural change important
for improved learning and play would be to make *OPP Action* a child node of a
new *BPP Upcards* node, so that what the opponent observes of BPP's hand would
jointly condition his or her behaviour."  The paper's network (Figure 1,
:mod:`bpp.stud.model.figure1`) lets OPP_Action depend on OPP_Current alone, so an
opponent whose aggression depends on BPP's board — Figure 4's rule-based
player bets when *its* hand beats BPP's up cards — is modelled by one pooled
M_A|C, and BPP over-estimates P(win) after aggression.

This module adds one observed node, a second parent of OPP_Action::

    BPP_Final ──► BPP_Win ◄── OPP_Final
        │                          │
        ▼                          ▼
    BPP_Current                OPP_Current      BPP_Showing   (new, observed)
                                ╱        ╲       ╱
                               ▼          ▼     ▼
                        OPP_Upcards       OPP_Action

Two kinds of link (the ``link`` argument everywhere):

``"showing"`` (the default of ``BPPPlayer(upcards_link=True)``)
    Node ``BPP_Showing`` with 3 states :data:`SHOWING_STATES` —
    ``bpp_higher`` / ``even`` / ``bpp_lower``: BPP's up cards against the
    opponent's, compared as partial poker hands
    (:func:`bpp.stud.model.handvalue.hand_value`, "high on board", the comparison
    both players see).  2 × n_current × 3 parameters per round.
``"upcards"``
    Node ``BPP_Upcards`` with the states of OPP_Upcards (the type of BPP's
    ``r + 1`` up cards, :func:`bpp.stud.model.figure1.upcard_type_names`) — the
    paper's literal "BPP Upcards node".  2 × n_current × n_upcards parameters
    per round (up to 544), so much slower to learn.

The new node is evidence known to both players and is modelled as a root with
a uniform prior.  Because it is always observed and has no other relatives,
its prior cancels from every posterior; the only change to inference is that
the OPP half's likelihood uses M_A|C,S[a, c, s] for the observed ``s``:

    P(OPP_Current | u, a, s) ∝ P(c) M_U|C[u, c] M_A|C,S[a, c, s],
    P(win | b, u, a, s) = Σ P(BPP_Final | b) P(win | finals) P(OPP_Final | u, a, s).

(Modelling the node as a child of BPP_Current, or of both upcard nodes, would
multiply the posterior by a factor constant in every hidden variable for
possible evidence, so these are the same posteriors; the approximation is the
usual one of the paper: within-type variation of the cards is ignored.)

M_A|C,S is learned per opponent from showdowns exactly as M_A|C is
(:class:`LinkedActionModel`: counts of (action, current type, link state) per
round, pseudo-count prior ½ / ½), compiled to numpy tables
(:func:`upcards_factors` through :mod:`bpp.stud.model.compiled`) between hands; play
never calls pgmpy.  ``build_network(cpts, "up")`` (:mod:`bpp.stud.model.networks`) gives the pgmpy
``DiscreteBayesianNetwork`` the tests check the compiled tables against.

What the link is worth is measured, not stated here: ``bpp-up`` (link
``showing``) beside ``bpp`` against every stud opponent on duplicate deals is
``figures/stud_variants.md`` (``python figures/stud_variants.py``) and the
``bpp-variants`` experiment of ``bpp reproduce``; the calibration of P(win)
after aggression with and without the link is
:func:`bpp.stud.experiments.calibration.calibration_table`
(``figures/stud_calibration.md`` for the paper's network).  The link can help
only so far, by construction: the comparison node cannot say *by how much*
BPP's board must be beaten, the type-level hand resolution is coarse, and
M_A|C,S, like M_A|C, is learned from showdowns only (hands the opponent folds
are never counted).  Exact inference over the down card with the same curves
is :mod:`bpp.stud.players.reference`; a curve search for this network is
``python -m bpp.stud.experiments.search --upcards-link showing``.

>>> import numpy as np
>>> from bpp.stud.model.networks import load_cpts
>>> from bpp.stud.model.compiled import compile_round
>>> net = compile_round(upcards_factors(load_cpts()[3]), ("BPP_Current", "OPP_Upcards", "BPP_Showing", "OPP_Action"))
>>> win = net.table("BPP_Win", "win")                 # ½ / ½: the action and the link say nothing yet
>>> bool(abs(win[16, 15, 0, 1] - win[16, 15, 2, 2]) < 1e-12)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from bpp.stud.model import handtypes as ht
from bpp.stud.model.learning import ShowdownCounts
from bpp.stud.model.figure1 import ACTIONS, N_ROUNDS, StudCPTs, current_type_names, upcard_type_names

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import ArrayLike

__all__ = [
    "LINKS",
    "SHOWING_STATES",
    "link_node",
    "link_states",
    "link_state",
    "showing_state",
    "default_linked_action_cpt",
    "LinkedActionModel",
    "upcards_factors",
]

#: The kinds of link: the 3-state comparison node or the full BPP_Upcards type node.
LINKS = ("showing", "upcards")
#: States of BPP_Showing: BPP's up cards against the opponent's (as partial poker hands).
SHOWING_STATES = ("bpp_higher", "even", "bpp_lower")


def _check_link(link) -> str:
    if link is True:
        return "showing"
    if link not in LINKS:
        raise ValueError(f"The 'link' parameter must be True or one of {LINKS}; got {link!r}.")
    return link


def link_node(link: str = "showing") -> str:
    """The new node's name: ``BPP_Showing`` or ``BPP_Upcards``.

    >>> link_node(), link_node("upcards")
    ('BPP_Showing', 'BPP_Upcards')
    """
    return "BPP_Showing" if _check_link(link) == "showing" else "BPP_Upcards"


def link_states(betting_round: int, link: str = "showing") -> tuple[str, ...]:
    """States of the new node in a round.

    >>> link_states(0), len(link_states(3, "upcards"))
    (('bpp_higher', 'even', 'bpp_lower'), 16)
    """
    if _check_link(link) == "showing":
        return SHOWING_STATES
    return upcard_type_names(betting_round)


def showing_state(bpp_up: Sequence[int], opp_up: Sequence[int]) -> int:
    """0 if BPP's up cards beat the opponent's as partial hands, 1 if equal, 2 if lower.

    >>> from holdem.cards import parse_cards
    >>> showing_state(parse_cards("Kd"), parse_cards("Ks")), showing_state(parse_cards("2c 2d"), parse_cards("Ac Kd"))
    (1, 0)
    """
    from bpp.stud.model.handvalue import _hand_value

    mine = _hand_value(tuple(sorted(bpp_up)))
    theirs = _hand_value(tuple(sorted(opp_up)))
    return 0 if mine > theirs else (1 if mine == theirs else 2)


def link_state(bpp_up: Sequence[int], opp_up: Sequence[int], link: str = "showing") -> int:
    """The new node's state index for BPP's and the opponent's up cards (same number of each)."""
    if link == "upcards":
        return ht.hand_type_of(tuple(bpp_up))
    return showing_state(bpp_up, opp_up)


def default_linked_action_cpt(betting_round: int, link: str = "showing") -> np.ndarray:
    """The starting M_A|C,S: ½ / ½ everywhere, shape (2, n_current, n_link) (§5.2's starting point)."""
    return np.full((len(ACTIONS), len(current_type_names(betting_round)), len(link_states(betting_round, link))), 0.5)


def _check_linked_cpt(action_cpt, betting_round: int, link: str) -> np.ndarray:
    m = np.array(action_cpt, dtype=np.float64)
    shape = default_linked_action_cpt(betting_round, link).shape
    if m.shape != shape:
        raise ValueError(f"The 'action_cpt' parameter must have shape {shape} for round {betting_round}; got {m.shape}.")
    if not np.all(np.isfinite(m)) or m.min() < 0 or not np.allclose(m.sum(axis=0), 1.0, atol=1e-9):
        raise ValueError("The 'action_cpt' parameter must hold probabilities summing to 1 over the action axis.")
    m.flags.writeable = False
    return m


class LinkedActionModel(ShowdownCounts):
    """Per-opponent showdown counts of (action, current type, link state) per round, and M_A|C,S (§3.3, §5.2, §6.1).

    As :class:`bpp.stud.model.learning.ActionModel` with one more axis:
    M_A|C,S[a, c, s] = (n[a, c, s] + p / 2) / (n[·, c, s] + p), ``p`` = ``prior_strength``.

    >>> model = LinkedActionModel()
    >>> _ = model.update([48, 49, 0, 5, 9], [True, None, None, None], [0, 0, 0, 0])
    >>> model.action_cpts()[0][:, 9, 0].round(3).tolist()     # round 0, pair of aces, BPP showing higher
    [0.333, 0.667]
    """

    def __init__(self, *, link: str = "showing", prior_strength: float = 2.0):
        self.link = _check_link(link)
        super().__init__(prior_strength=prior_strength)

    def shapes(self) -> list[tuple]:
        return [default_linked_action_cpt(r, self.link).shape for r in range(N_ROUNDS)]

    def update(self, opp_cards: Sequence[int], aggressive: Sequence[bool | None],
               states: Sequence[int | None]) -> "LinkedActionModel":
        """Count one showdown: the opponent's five cards (down card first), its per-round aggression (None: did not act) and the per-round link states."""
        cards = self._cards(opp_cards)
        aggressive, states = self._per_round("aggressive", aggressive), self._per_round("states", states)
        for r, (a, s) in enumerate(zip(aggressive, states)):
            if a is None or s is None:
                continue
            self.counts_[r][1 if a else 0, ht.hand_type_of(cards[: r + 2]), s] += 1.0
        self.n_showdowns_ += 1
        return self

    def __repr__(self) -> str:
        return f"LinkedActionModel(link={self.link!r}, prior_strength={self.prior_strength}, n_showdowns_={self.n_showdowns_})"


def upcards_factors(cpts: StudCPTs, action_cpt: ArrayLike | None = None, link: str = "showing") -> tuple[dict, dict]:
    """One round's extended network as tables (:mod:`bpp.stud.model.compiled`): Figure 1 + the link node → OPP_Action.

    The link node is a root with a uniform prior (module docstring); OPP_Action's table is M_A|C,S laid out
    (action, OPP_Current, link state), as :class:`LinkedActionModel` learns it.

    >>> from bpp.stud.model.networks import load_cpts
    >>> factors, states = upcards_factors(load_cpts()[1])
    >>> factors["OPP_Action"].variables, states["BPP_Showing"]
    (('OPP_Action', 'OPP_Current', 'BPP_Showing'), ('bpp_higher', 'even', 'bpp_lower'))
    """
    from bpp.stud.model.compiled import Factor
    from bpp.stud.model.figure1 import figure1_factors

    link = _check_link(link)
    r = cpts.betting_round
    m = default_linked_action_cpt(r, link) if action_cpt is None else _check_linked_cpt(action_cpt, r, link)
    node = link_node(link)
    states_of_link = link_states(r, link)
    factors, states = figure1_factors(cpts)
    factors[node] = Factor((node,), np.full(len(states_of_link), 1.0 / len(states_of_link)))
    factors["OPP_Action"] = Factor(("OPP_Action", "OPP_Current", node), m)
    states[node] = states_of_link
    return factors, states

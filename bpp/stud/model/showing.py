"""§6.1's BPP showing-strength node: is BPP's hand type fixed by its up cards, or hidden? (Korb1999 §6.1).

Korb, Nicholson & Jitnah (1999) §6.1: "The program should also take
advantage of the difference between BPP's upcards and its full hand.  This
could involve adding a node for BPP parallel to OPP Upcards. [...] when one's
strong cards are showing on the table, there is no reason to bet coyly [...]
when one's strongest card is hidden, aggressive betting can drive opponents
out of the game prematurely. [...] A simpler and more direct approach would
be to divide the playing curves [...] so that one set applies when the hand
type is already fixed by one's upcards (i.e., the strong cards are showing)
and the other when the hand type is hidden."

This module is the network half; the curve half is the ``bpp-showing``
player (:mod:`bpp.stud.players.showing`).  Two nodes join Figure 1::

    BPP_Final ──► BPP_Win ◄── OPP_Final
        │                          │
        ▼                          ▼
    BPP_Current ──► BPP_Upcards  OPP_Current ──► OPP_Upcards
          ╲            │              │
           ▼           ▼              ▼
            BPP_Strength          OPP_Action

* ``BPP_Upcards`` — the type of BPP's ``r + 1`` up cards, the node "parallel
  to OPP Upcards": the same states as OPP_Upcards and the same CPT M_U|C
  (P(type of the up cards | type of the whole hand) is one table for both
  players, as M_C|F is, §3.3).  Its name and states are those of the
  ``BPP_Upcards`` node of ``bpp-up`` (:func:`bpp.stud.model.upcards.link_node`,
  :func:`~bpp.stud.model.upcards.link_states`), which there is a root and a
  parent of OPP_Action; here it is BPP_Current's child, as OPP_Upcards is
  OPP_Current's.
* ``BPP_Strength`` ∈ :data:`STRENGTH_STATES` = (``hidden``, ``showing``) —
  deterministic: ``showing`` when the up cards' type is the whole hand's type
  (:func:`type_shown`: "the hand type is already fixed by one's upcards"),
  ``hidden`` when the down card makes it (a pair with the down card, the
  down card the high card, a draw completed by it).

Both are observed in play.  With BPP_Current observed they are d-separated
from BPP_Win, so P(BPP_Win | evidence) is the paper's (tested against
``VariableElimination``): the node does not change BPP's beliefs, it tells
the decision which curves apply — which is why the paper found it "not
clear how to develop the Bayesian network to allow for this" and proposed
the split curves.  Unobserved, BPP_Strength's posterior is the chance that a
hand of that type shows its strength.

>>> from bpp.stud.model.compiled import compile_round
>>> from bpp.stud.model.compiled_stud import load_compiled
>>> from bpp.stud.model.networks import load_cpts
>>> cpts = load_cpts()[0]
>>> b, u = cpts.current_states.index("pair_aces"), cpts.upcard_states.index
>>> net = compile_round(showing_factors(cpts), ("BPP_Current", UPCARDS_NODE, "OPP_Upcards", "OPP_Action"))
>>> bool(abs(net.table("BPP_Win", "win")[b, u("busted_ace"), u("busted_king"), 2] - load_compiled()[0].p_win(b, u("busted_king"))) < 1e-12)
True
>>> hidden = compile_round(showing_factors(cpts), query=("BPP_Strength",))      # BPP_Upcards not observed
>>> hidden.tables["BPP_Strength"][:, cpts.current_states.index("busted_ace"), 0, 2].round(3).tolist()   # the ace is up half the time
[0.5, 0.5]
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from bpp.stud.model import handtypes as ht
from bpp.stud.model.figure1 import StudCPTs, _check_round, current_type_names
from bpp.stud.model.upcards import link_node, link_states

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "UPCARDS_NODE",
    "STRENGTH_NODE",
    "STRENGTH_STATES",
    "type_shown",
    "strength_state",
    "showing_factors",
]

#: BPP's up-card node, named and stated as ``bpp-up``'s (:func:`bpp.stud.model.upcards.link_node`).
UPCARDS_NODE = link_node("upcards")
#: The derived node the split curves read.
STRENGTH_NODE = "BPP_Strength"
#: States of BPP_Strength: the hand type made with the down card, or fixed by the up cards alone.
STRENGTH_STATES = ("hidden", "showing")


@functools.cache
def type_shown(betting_round: int) -> np.ndarray:
    """Boolean (n_current, n_upcards): True where the up cards' type *is* the hand's type (the strength is showing).

    >>> shown = type_shown(0)
    >>> names = current_type_names(0)
    >>> shown[names.index("busted_ace")].tolist()    # two cards, ace high: showing only if the ace is up
    [False, False, False, False, True]
    >>> bool(shown[names.index("pair_aces")].any())  # a pair needs the down card
    False
    """
    r = _check_round(betting_round, "type_shown")
    current = current_type_names(r)
    up = link_states(r, "upcards")
    shown = np.array([[c == u for u in up] for c in current])
    shown.flags.writeable = False
    return shown


def strength_state(hole: Sequence[int], up: Sequence[int]) -> int:
    """BPP_Strength's state index for a down card and the up cards: 1 showing, 0 hidden.

    >>> from holdem.cards import parse_cards
    >>> strength_state(parse_cards("2c"), parse_cards("Ah Kd")), strength_state(parse_cards("Ac"), parse_cards("Ah Kd"))
    (1, 0)
    """
    up = tuple(up)
    r = len(up) - 1
    return int(type_shown(r)[ht.hand_type_of(tuple(hole) + up), ht.hand_type_of(up)])


def _strength_cpt(betting_round: int) -> np.ndarray:
    """P(BPP_Strength | BPP_Current, BPP_Upcards) as pgmpy columns (BPP_Upcards fastest): a 0/1 table."""
    shown = type_shown(betting_round).astype(np.float64).ravel()
    return np.vstack([1.0 - shown, shown])


def showing_factors(cpts: StudCPTs) -> tuple[dict, dict]:
    """One round's network as tables (:mod:`bpp.stud.model.compiled`): Figure 1 + BPP_Upcards + BPP_Strength.

    >>> from bpp.stud.model.networks import load_cpts
    >>> factors, states = showing_factors(load_cpts()[2])
    >>> factors["BPP_Strength"].variables, factors["BPP_Strength"].values.shape
    (('BPP_Strength', 'BPP_Current', 'BPP_Upcards'), (2, 16, 14))
    """
    from bpp.stud.model.compiled import Factor
    from bpp.stud.model.figure1 import figure1_factors

    r = cpts.betting_round
    factors, states = figure1_factors(cpts)
    factors[UPCARDS_NODE] = Factor((UPCARDS_NODE, "BPP_Current"), cpts.upcards_given_current)
    shape = (len(STRENGTH_STATES), len(cpts.current_states), len(cpts.upcard_states))
    factors[STRENGTH_NODE] = Factor((STRENGTH_NODE, "BPP_Current", UPCARDS_NODE), _strength_cpt(r).reshape(shape))
    states[UPCARDS_NODE] = cpts.upcard_states
    states[STRENGTH_NODE] = STRENGTH_STATES
    return factors, states

"""Figure 1's names and conditional probability tables: BPP's network per betting round (Korb1999 §3).

Structure (§3.1, Figure 1), the same in every round::

    BPP_Final ──► BPP_Win ◄── OPP_Final
        │                          │
        ▼                          ▼
    BPP_Current                OPP_Current
                                ╱        ╲
                               ▼          ▼
                        OPP_Upcards    OPP_Action

Round ``r`` (0-3) is the betting round after ``r + 2`` cards: BPP_Current and
OPP_Current take the types of ``r + 2`` cards and OPP_Upcards those of the
``r + 1`` up cards (:func:`bpp.stud.model.handtypes.type_names`); the finals take the
17 types of §3.2.  In round 3 the current hand *is* the final hand
(M_C|F is the identity).

Conditional probability tables (§3.3), as :class:`StudCPTs`
    * priors P(BPP_Final) = P(OPP_Final): the 17 types over all 2,598,960
      five-card hands, **exact** (full enumeration);
    * M_C|F = P(Current | Final), "used for both OPP_Current and BPP_Current":
      the current cards are a uniformly random ``r + 2``-subset of the final
      five (the deal is exchangeable), so every (5-card hand, subset) pair is
      enumerated — **exact**;
    * M_U|C = P(Upcards | Current): the down card is a uniformly random one of
      the current cards, so every ``r + 2``-card hand and choice of down card
      is enumerated — **exact**;
    * P(BPP_Win | BPP_Final, OPP_Final): 1 or 0 when the types differ
      ("deterministically", §3.1); for equal types the probability is BPP's
      expected share of the pot — a win counts 1 and a tie (split pot) ½ —
      which is exactly ½ by symmetry (the two hands of a deal are
      exchangeable, so P(BPP better | both of type t) = P(OPP better | both of
      type t)).  The sampled method estimates it from the deals instead.
    * M_A|C = P(OPP_Action | OPP_Current): OPP_Action has the states
      :data:`ACTIONS` = ``("passive", "aggressive")`` — pass/call versus
      bet/raise, the paper's own merge ("BPP merges the actions CALL and PASS,
      and again BET and RAISE", §6.1; "passing or calling versus betting or
      raising", §3.3).  Folds are not a state: a fold ends the hand, so no
      belief is ever conditioned on it, and the matrices are learned only
      from hands that reach showdown (§3.3).  It starts at ½ / ½ for every
      current type (§5.2: "aggressive play ... as likely as conservative
      play") and is replaced per opponent by learning
      (:meth:`bpp.stud.model.compiled_stud.CompiledStudNet.with_action_cpt`).

:mod:`bpp.stud.model.estimate` computes the tables, :mod:`bpp.stud.model.networks`
builds the pgmpy networks and reads and writes their files,
:mod:`bpp.stud.model.compiled_stud` compiles them to numpy tables and
:mod:`bpp.stud.model.drawing` draws Figure 1.

Examples
--------
>>> from bpp.stud.model.networks import load_cpts
>>> cpts = load_cpts()[0]
>>> cpts.current_given_final.shape, cpts.upcard_states[-1]
((10, 17), 'busted_ace')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from bpp.stud.model import handtypes as ht

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

__all__ = [
    "N_ROUNDS",
    "NODES",
    "EDGES",
    "ACTIONS",
    "WIN_STATES",
    "current_type_names",
    "upcard_type_names",
    "default_action_cpt",
    "StudCPTs",
    "figure1_factors",
]

#: Betting rounds of five-card stud: after 2, 3, 4 and 5 cards (§3.1).
N_ROUNDS = 4
#: Node names of Figure 1.
NODES = ("BPP_Final", "OPP_Final", "BPP_Win", "BPP_Current", "OPP_Current", "OPP_Upcards", "OPP_Action")
#: Arcs of Figure 1 (parent, child).
EDGES = (
    ("BPP_Final", "BPP_Win"),
    ("OPP_Final", "BPP_Win"),
    ("BPP_Final", "BPP_Current"),
    ("OPP_Final", "OPP_Current"),
    ("OPP_Current", "OPP_Upcards"),
    ("OPP_Current", "OPP_Action"),
)
#: States of OPP_Action: pass/call versus bet/raise (§3.3, §6.1).
ACTIONS = ("passive", "aggressive")
#: States of BPP_Win; P(win) is BPP's expected share of the pot (a tie counts ½).
WIN_STATES = ("lose", "win")


def _check_round(betting_round, where: str) -> int:
    if isinstance(betting_round, bool) or not isinstance(betting_round, (int, np.integer)) or not 0 <= betting_round < N_ROUNDS:
        raise ValueError(f"The 'betting_round' parameter of {where} must be 0, 1, 2 or 3; got {betting_round!r}.")
    return int(betting_round)


def current_type_names(betting_round: int) -> tuple[str, ...]:
    """States of BPP_Current and OPP_Current in a round: the types of ``betting_round + 2`` cards.

    >>> len(current_type_names(0)), current_type_names(3)[-1]
    (10, 'straight_flush')
    >>> current_type_names(4)
    Traceback (most recent call last):
    ...
    ValueError: The 'betting_round' parameter of current_type_names must be 0, 1, 2 or 3; got 4.
    """
    return ht.type_names(_check_round(betting_round, "current_type_names") + 2)


def upcard_type_names(betting_round: int) -> tuple[str, ...]:
    """States of OPP_Upcards in a round: the types of ``betting_round + 1`` up cards.

    >>> upcard_type_names(0)
    ('busted_low', 'busted_medium', 'busted_queen', 'busted_king', 'busted_ace')
    """
    return ht.type_names(_check_round(betting_round, "upcard_type_names") + 1)


def default_action_cpt(betting_round: int) -> np.ndarray:
    """The starting M_A|C: aggressive as likely as passive for every current type (§5.2).

    Returns
    -------
    numpy.ndarray of float64, shape (2, n_current)
        ``[action, current]`` = P(OPP_Action = action | OPP_Current = current), the
        layout of pgmpy's ``TabularCPD`` values.

    >>> default_action_cpt(0).shape
    (2, 10)
    """
    n = len(current_type_names(betting_round))
    return np.full((len(ACTIONS), n), 0.5)


@dataclass(frozen=True, eq=False)
class StudCPTs:
    """The conditional probability tables of one round's network (§3.3), as arrays.

    Every table is laid out as pgmpy's ``TabularCPD`` values: rows are the
    child's states, columns the parents' (the last parent varying fastest),
    so every column sums to 1.

    Attributes
    ----------
    betting_round : int
        0-3.
    prior_final : ndarray, shape (17,)
        P(BPP_Final) = P(OPP_Final).
    current_given_final : ndarray, shape (n_current, 17)
        M_C|F.
    upcards_given_current : ndarray, shape (n_upcards, n_current)
        M_U|C.
    win_given_finals : ndarray, shape (17, 17)
        P(BPP_Win = win | BPP_Final = row, OPP_Final = column).
    action_given_current : ndarray, shape (2, n_current)
        M_A|C.
    method : str
        ``"exact"`` or ``"sample"``.
    n_hands : int or None
        Deals counted by the sampled method.
    """

    betting_round: int
    prior_final: np.ndarray
    current_given_final: np.ndarray
    upcards_given_current: np.ndarray
    win_given_finals: np.ndarray
    action_given_current: np.ndarray
    method: str = "exact"
    n_hands: int | None = None
    info: dict = field(default_factory=dict)

    @property
    def current_states(self) -> tuple[str, ...]:
        return current_type_names(self.betting_round)

    @property
    def upcard_states(self) -> tuple[str, ...]:
        return upcard_type_names(self.betting_round)

    def with_action_cpt(self, action_cpt: ArrayLike) -> "StudCPTs":
        """A copy with M_A|C replaced (checked: shape (2, n_current), columns sum to 1).

        >>> from bpp.stud.model.networks import load_cpts
        >>> cpts = load_cpts()[0]
        >>> cpts.with_action_cpt(np.ones((2, 3)))
        Traceback (most recent call last):
        ...
        ValueError: The 'action_cpt' parameter of with_action_cpt must have shape (2, 10) for round 0; got (2, 3).
        """
        action = _check_action_cpt(action_cpt, self.betting_round)
        return StudCPTs(
            self.betting_round,
            self.prior_final,
            self.current_given_final,
            self.upcards_given_current,
            self.win_given_finals,
            action,
            self.method,
            self.n_hands,
            self.info,
        )


def _check_action_cpt(action_cpt, betting_round: int) -> np.ndarray:
    action = np.array(action_cpt, dtype=np.float64)
    shape = (len(ACTIONS), len(current_type_names(betting_round)))
    if action.shape != shape:
        raise ValueError(
            f"The 'action_cpt' parameter of with_action_cpt must have shape {shape} for round {betting_round}; "
            f"got {action.shape}."
        )
    if not np.all(np.isfinite(action)) or action.min() < 0 or not np.allclose(action.sum(axis=0), 1.0, atol=1e-9):
        raise ValueError(
            "The 'action_cpt' parameter of with_action_cpt must hold probabilities whose columns sum to 1; "
            f"got column sums {np.round(action.sum(axis=0), 6).tolist()}."
        )
    action.flags.writeable = False
    return action


def _freeze(cpts: StudCPTs) -> StudCPTs:
    for name in ("prior_final", "current_given_final", "upcards_given_current", "win_given_finals", "action_given_current"):
        getattr(cpts, name).flags.writeable = False
    return cpts


def figure1_factors(cpts: StudCPTs) -> tuple[dict, dict]:
    """One round's Figure 1 as the tables of :mod:`bpp.stud.model.compiled` (node → Factor, node → states), no pgmpy.

    The §6 variants build theirs from it by replacing or adding tables.

    >>> from bpp.stud.model.networks import load_cpts
    >>> factors, states = figure1_factors(load_cpts()[0])
    >>> factors["BPP_Win"].variables, len(states["OPP_Upcards"])
    (('BPP_Win', 'BPP_Final', 'OPP_Final'), 5)
    """
    from bpp.stud.model.compiled import Factor

    win = cpts.win_given_finals
    factors = {
        "BPP_Final": Factor(("BPP_Final",), cpts.prior_final),
        "OPP_Final": Factor(("OPP_Final",), cpts.prior_final),
        "BPP_Win": Factor(("BPP_Win", "BPP_Final", "OPP_Final"), np.stack([1.0 - win, win])),
        "BPP_Current": Factor(("BPP_Current", "BPP_Final"), cpts.current_given_final),
        "OPP_Current": Factor(("OPP_Current", "OPP_Final"), cpts.current_given_final),
        "OPP_Upcards": Factor(("OPP_Upcards", "OPP_Current"), cpts.upcards_given_current),
        "OPP_Action": Factor(("OPP_Action", "OPP_Current"), cpts.action_given_current),
    }
    current = cpts.current_states
    states = {"BPP_Final": ht.FINAL_TYPES, "OPP_Final": ht.FINAL_TYPES, "BPP_Win": WIN_STATES, "BPP_Current": current,
              "OPP_Current": current, "OPP_Upcards": cpts.upcard_states, "OPP_Action": ACTIONS}
    return factors, states

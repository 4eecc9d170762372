"""§6.1's opponent bluffing node: OPP_Bluff, child of OPP_Current and BPP_Current, parent of OPP_Action (Korb1999 §6.1).

Korb, Nicholson & Jitnah (1999) §6.1, "Add bluffing to the opponent model":
"the conservativeness or aggressiveness of an opponent's play, which is
learned and captured by recalibrating the matrices relating OPP Current and
OPP Action, does not fully describe the bluffing behaviour of the opponent.
A plausible extension would be to add an opponent bluffing node which is a
parent of OPP Action and a child of OPP Current and BPP Current".  This module
adds exactly that node to Figure 1 (every other CPT unchanged):

* ``OPP_Bluff`` ∈ :data:`BLUFF_STATES` (``honest``, ``bluff``) with CPT
  P(bluff | OPP_Current = c, BPP_Current = b) = β[b, c];
* ``OPP_Action`` (passive / aggressive, as the paper's) with parents
  OPP_Current and OPP_Bluff: P(aggressive | c, bluff) = 1 (a bluff *is* a bet
  or raise with a weak hand, §4.2's "over-representation"), and
  P(action | c, honest) = H[action, c].

Both are learned from showdowns (:class:`BluffModel`).  A round of a hand
that reached showdown is a **bluff** when the opponent bet or raised in it and
its final five cards were weak — no pair (:data:`WEAK_FINALS`, the five
"busted" types of Table 1).  β[b, c] counts bluff rounds among the rounds the
opponent acted in with current type c while BPP's current type was b
(pseudo-count ``prior_strength`` at :data:`PRIOR_BLUFF`, BPP's own outright
bluff rate of §4.2); H counts passive/aggressive among the rounds that were
not bluffs (½ / ½ pseudo-counts as §5.2).

Inference.  BPP_Current is always observed, so given it the network is the
paper's with the effective M_A|C[a, c] = Σ_s P(s | c, b) P(a | c, s); the
compiled tables (:func:`bluff_factors` through :mod:`bpp.stud.model.compiled`) are
therefore indexed by b on the opponent side too, and add the posterior
P(OPP_Bluff | evidence).  Play never calls pgmpy; the tables equal pgmpy's
``VariableElimination`` on every evidence combination (tested).

Saved networks.  OPP_Bluff's and OPP_Action's tables are learned per opponent
during play, so what ``bpp/models/stud/bluff/`` holds (``stud_bluff_round{0..3}``,
BIF and XMLBIF, written by ``bpp build stud-bluff``) is the network a new
``bpp-bluff`` starts from: Figure 1's shipped tables plus the documented priors
β = :data:`PRIOR_BLUFF` and H = ½ / ½.  :func:`bpp.stud.model.networks.load_variant` reads and
checks them; the tests check they equal a new player's networks.

>>> from bpp.stud.model.compiled_stud import load_compiled
>>> from bpp.stud.model.networks import load_cpts
>>> from bpp.stud.model.compiled import compile_round
>>> net = compile_round(bluff_factors(load_cpts()[3]), query=("OPP_Bluff",))   # nothing learned: β = 5 %, H = ½ / ½
>>> round(float(net.tables["OPP_Bluff"][1, 0, 0, 1]), 3)  # P(bluff | BPP busted-low, OPP shows busted-low, it bet)
0.095
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from bpp.stud.model import handtypes as ht
from bpp.stud.model.figure1 import N_ROUNDS, StudCPTs, current_type_names
from bpp.stud.model.learning import ShowdownCounts

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import ArrayLike

__all__ = [
    "BLUFF_STATES",
    "WEAK_FINALS",
    "PRIOR_BLUFF",
    "BluffModel",
    "bluff_tables",
    "bluff_factors",
]

#: States of OPP_Bluff.
BLUFF_STATES = ("honest", "bluff")
#: Final types counted as "weak" at showdown: no pair (Table 1's busted hands).
WEAK_FINALS = tuple(i for i, name in enumerate(ht.FINAL_TYPES) if name.startswith("busted"))
#: Prior mean of P(bluff | c, b) before any showdown: BPP's own bluff rate (§4.2: 5 %).
PRIOR_BLUFF = 0.05


def _n(r: int) -> int:
    return len(current_type_names(r))


def _check(bluff, honest, r: int):
    n = _n(r)
    beta = np.full((n, n), PRIOR_BLUFF) if bluff is None else np.array(bluff, dtype=np.float64)
    h = np.full((2, n), 0.5) if honest is None else np.array(honest, dtype=np.float64)
    if beta.shape != (n, n) or not np.all(np.isfinite(beta)) or beta.min() < 0 or beta.max() > 1:
        raise ValueError(f"The 'bluff_cpt' parameter must be probabilities of shape {(n, n)} (BPP_Current, OPP_Current) for round {r}; got shape {beta.shape}.")
    if h.shape != (2, n) or not np.all(np.isfinite(h)) or h.min() < 0 or not np.allclose(h.sum(axis=0), 1.0, atol=1e-9):
        raise ValueError(f"The 'honest_cpt' parameter must have shape {(2, n)} with columns summing to 1 for round {r}; got shape {h.shape}.")
    return beta, h


class BluffModel(ShowdownCounts):
    """Per-opponent showdown counts for OPP_Bluff and OPP_Action | honest, per round (§3.3, §5.2, §6.1).

    On the shared learner (:class:`~bpp.stud.model.learning.ShowdownCounts`): ``counts_[r][s, b, c]`` counts the
    rounds the opponent acted in with current type c while BPP's was b, by what it did, s = :data:`OUTCOMES`
    (passive, aggressive, bluff).  Then β[b, c] = (k[b, c] + p·:data:`PRIOR_BLUFF`) / (n[b, c] + p) with k the
    bluff rounds and n all of them, and H[a, c] = (m[a, c] + p/2) / (m[·, c] + p) over the rounds that were not
    bluffs (m summed over b).

    >>> model = BluffModel().update([0, 13, 27, 41, 5], [48, 49, 50, 51, 47], [True, None, None, None])
    >>> model.n_bluffs_, int(model.counts_[0][2].sum())  # busted final, bet in round 0: one bluff
    (1, 1)
    """

    #: What the opponent did in a round, the counts' first axis: honest passive or aggressive, or a bluff.
    OUTCOMES = ("passive", "aggressive", "bluff")

    def __init__(self, *, prior_strength: float = 2.0):
        if isinstance(prior_strength, bool) or not isinstance(prior_strength, (int, float)) or not prior_strength > 0:
            raise ValueError(f"The 'prior_strength' parameter of BluffModel must be a number > 0; got {prior_strength!r}.")
        super().__init__(prior_strength=prior_strength)

    def shapes(self) -> list[tuple]:
        return [(len(self.OUTCOMES), _n(r), _n(r)) for r in range(N_ROUNDS)]

    @property
    def n_bluffs_(self) -> int:
        """Bluff rounds counted."""
        return int(sum(c[2].sum() for c in self.counts_))

    def update(self, opp_cards: Sequence[int], bpp_cards: Sequence[int], aggressive: Sequence[bool | None]) -> "BluffModel":
        """Count one showdown: both players' five cards (down card first) and the opponent's aggression per round (None: did not act)."""
        cards = [int(c) for c in opp_cards]
        mine = [int(c) for c in bpp_cards]
        if len(cards) != 5 or len(mine) != 5 or len(set(cards + mine)) != 10 or not all(0 <= c < 52 for c in cards + mine):
            raise ValueError(f"The 'opp_cards' and 'bpp_cards' parameters of BluffModel.update must be 5 + 5 distinct card codes; got {opp_cards!r}, {bpp_cards!r}.")
        weak = ht.hand_type_of(cards) in WEAK_FINALS
        for r, a in enumerate(self._per_round("aggressive", aggressive)):
            if a is not None:
                self.counts_[r][2 if a and weak else int(bool(a)), ht.hand_type_of(mine[: r + 2]), ht.hand_type_of(cards[: r + 2])] += 1.0
        self.n_showdowns_ += 1
        return self

    def action_cpts(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """The opponent side's learned CPTs per round: (β (B, C) of OPP_Bluff, H (2, C) of OPP_Action | honest).

        Named as the paper model's ``action_cpts``; :func:`bluff_tables` turns them into the network's tables.
        """
        p = self.prior_strength
        out = []
        for counts in self.counts_:
            passive, aggressive, bluff = counts
            m = np.add.reduce(counts[:2], axis=1)  # honest rounds by (action, OPP_Current)
            out.append(((bluff + p * PRIOR_BLUFF) / (passive + aggressive + bluff + p), (m + p / 2) / (m[0] + m[1] + p)))
        return out


def bluff_tables(bluff_cpt: ArrayLike, honest_cpt: ArrayLike) -> dict:
    """The learned tables of the bluff network as :class:`~bpp.stud.model.compiled.Factor` values, node → array.

    OPP_Bluff over (OPP_Current, BPP_Current) from β (the saved networks' order), OPP_Action over
    (OPP_Current, OPP_Bluff): H when honest, always aggressive when bluffing.

    >>> t = bluff_tables(np.array([[0.5]]), np.array([[0.8], [0.2]]))
    >>> t["OPP_Bluff"].tolist(), t["OPP_Action"][:, 0, :].tolist()
    ([[[0.5]], [[0.5]]], [[0.8, 0.0], [0.2, 1.0]])
    """
    beta = np.asarray(bluff_cpt, dtype=np.float64)
    h = np.asarray(honest_cpt, dtype=np.float64)
    action = np.empty((2, h.shape[1], 2))  # [a, c, s]
    action[:, :, 0] = h
    action[:, :, 1] = [[0.0], [1.0]]
    return {"OPP_Bluff": np.stack([1.0 - beta.T, beta.T]), "OPP_Action": action}


def bluff_factors(cpts: StudCPTs, bluff_cpt: ArrayLike | None = None, honest_cpt: ArrayLike | None = None) -> tuple[dict, dict]:
    """One round's bluff network as tables (:mod:`bpp.stud.model.compiled`): Figure 1 plus OPP_Bluff.

    ``bluff_cpt`` (β, float (B, C)) and ``honest_cpt`` (H, float (2, C)) default to the priors
    (:data:`PRIOR_BLUFF`, ½ / ½).

    >>> from bpp.stud.model.networks import load_cpts
    >>> factors, states = bluff_factors(load_cpts()[0])
    >>> factors["OPP_Bluff"].variables, factors["OPP_Action"].variables
    (('OPP_Bluff', 'OPP_Current', 'BPP_Current'), ('OPP_Action', 'OPP_Current', 'OPP_Bluff'))
    """
    from bpp.stud.model.compiled import Factor
    from bpp.stud.model.figure1 import figure1_factors

    beta, h = _check(bluff_cpt, honest_cpt, cpts.betting_round)
    factors, states = figure1_factors(cpts)
    tables = bluff_tables(beta, h)
    factors["OPP_Bluff"] = Factor(("OPP_Bluff", "OPP_Current", "BPP_Current"), tables["OPP_Bluff"])
    factors["OPP_Action"] = Factor(("OPP_Action", "OPP_Current", "OPP_Bluff"), tables["OPP_Action"])
    states["OPP_Bluff"] = BLUFF_STATES
    return factors, states

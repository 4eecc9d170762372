"""The §6 link BPP_Final → OPP_Final: both final hands come from one deck (Korb1999 §6).

Korb, Nicholson & Jitnah (1999) §6 list, among the network's simplifications,
that BPP_Final and OPP_Final are independent in Figure 1 although the two hands
are dealt from one deck: holding four aces makes the opponent's four of a kind
impossible, holding a flush makes its flush less likely.  This module adds the
arc and nothing else::

    BPP_Final ──► BPP_Win ◄── OPP_Final
        │   ╲______________________▲   │
        ▼        (new arc)             ▼
    BPP_Current                OPP_Current
                                ╱        ╲
                               ▼          ▼
                        OPP_Upcards    OPP_Action

OPP_Final's CPT becomes P(OPP_Final | BPP_Final) (17 × 17), **estimated by
dealing** as §3.3 estimated the other tables ("by dealing out 10,000,000
hands"): :func:`estimate_opp_given_bpp` deals heads-up hands in Stud5's order
(the dealing of :func:`bpp.stud.model.estimate.estimate_all_cpts`) and counts
the pair of final types; the two hands of a deal are exchangeable, so the
joint count is symmetrised (each deal counted as (BPP, OPP) and (OPP, BPP)).
An exact table would need the type of every pair of disjoint five-card hands
(about 4 × 10¹²), which is not cheap.  Every other CPT stays the exact one of
:mod:`bpp.stud.model.estimate`; P(BPP_Win | both finals of one type) stays ½
(the symmetry argument holds with the arc too).

With the arc, BPP_Final and OPP_Final are no longer independent given the
evidence, so the compiled tables use the joint posterior

    P(f, o | b, u, a) ∝ P(f) M_C|F[b, f] P(o | f) L[u, a, o],
    L[u, a, o] = Σ_c M_U|C[u, c] M_A|C[a, c] M_C|F[c, o],

and P(win | b, u, a) = Σ_{f, o} P(f, o | b, u, a) P(win | f, o).  The
posteriors over OPP_Current and OPP_Final now depend on BPP's own cards too
(BPP's current hand says something about the deck).  Files (``bpp build
stud-linked``; never written over ``bpp/models/stud``'s other networks):
``bpp/models/stud/linked/stud_linked_round{r}.bif`` (the pgmpy networks) and
``opp_final_given_bpp_final.npz`` (the table play loads).

>>> from bpp.stud.model.networks import load_cpts
>>> q = load_opp_given_bpp()
>>> q.shape, bool(np.allclose(q.sum(axis=0), 1.0))
((17, 17), True)
>>> from bpp.stud.model.compiled import compile_round
>>> net = compile_round(linked_factors(load_cpts()[3], q))
>>> 0.0 < float(net.query(BPP_Current="pair_aces", OPP_Upcards="pair_kings", OPP_Action="aggressive")["BPP_Win"][1]) < 1.0
True
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from bpp.stud.model import handtypes as ht
from bpp.stud.model.estimate import _deal_batch, _progress
from bpp.stud.model.figure1 import StudCPTs
from bpp.stud_variants import STUD_VARIANTS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import ArrayLike

    from holdem._typing import RngLike

__all__ = [
    "LINKED_DIR",
    "LINKED_EDGE",
    "estimate_opp_given_bpp",
    "save_linked",
    "load_opp_given_bpp",
    "linked_factors",
]

#: Where the linked networks are saved (a folder of their own beside the paper's networks), as the variant's spec names it.
LINKED_DIR = STUD_VARIANTS["linked"].models_path
#: The arc this variant adds (parent, child).
LINKED_EDGE = ("BPP_Final", "OPP_Final")
_TABLE_FILE = "opp_final_given_bpp_final.npz"


def estimate_opp_given_bpp(n_hands: int = 10_000_000, *, rng: RngLike = None, progress: bool = False, batch: int = 250_000) -> np.ndarray:
    """P(OPP_Final | BPP_Final) counted from ``n_hands`` random heads-up deals (§3.3's method, §6's arc).

    Parameters
    ----------
    n_hands : int
        Deals (each counted twice, once from each seat: the hands are exchangeable).
    rng : numpy.random.Generator or seed, optional
    progress : bool
        Show a tqdm bar.

    Returns
    -------
    ndarray, shape (17, 17)
        ``[o, f]`` = P(OPP_Final = o | BPP_Final = f), columns summing to 1 (pgmpy's layout).

    >>> q = estimate_opp_given_bpp(20_000, rng=0)
    >>> bool(np.allclose(q.sum(axis=0), 1.0)), q.shape
    (True, (17, 17))

    With BPP holding a pair of aces, the opponent's pair of aces is about a
    quarter as likely as without the arc (10,000,000 deals, the saved table):

    >>> from bpp.stud.model.networks import load_cpts
    >>> aces, prior = ht.FINAL_TYPES.index("pair_aces"), load_cpts()[0].prior_final
    >>> round(float(load_opp_given_bpp()[aces, aces] / prior[aces]), 2)
    0.22
    """
    if isinstance(n_hands, bool) or not isinstance(n_hands, (int, np.integer)) or n_hands < 1:
        raise ValueError(f"The 'n_hands' parameter of estimate_opp_given_bpp must be an integer >= 1; got {n_hands!r}.")
    rng = np.random.default_rng(rng)
    nf = ht.N_FINAL_TYPES
    joint = np.zeros((nf, nf), dtype=np.int64)
    bar = _progress(int(n_hands), progress, "dealing stud hands")
    for start in range(0, int(n_hands), batch):
        size = min(batch, int(n_hands) - start)
        deals = _deal_batch(rng, size)
        finals = [
            ht.final_types_from_classes(ht.evaluate_unchecked(np.ascontiguousarray(deals[:, [i, 2 + i, 4 + i, 6 + i, 8 + i]]))).astype(np.intp)
            for i in (0, 1)
        ]
        joint += np.bincount(finals[0] * nf + finals[1], minlength=nf * nf).reshape(nf, nf)
        bar.update(size)
    bar.close()
    joint = joint + joint.T  # [f, o], both seats
    total = joint.sum(axis=1, keepdims=True).astype(np.float64)
    prior = joint.sum(axis=0) / joint.sum()
    with np.errstate(invalid="ignore", divide="ignore"):
        table = np.where(total > 0, joint / total, prior)  # a type never dealt: the marginal
    return np.ascontiguousarray(table.T)


def _check_table(q, where: str) -> np.ndarray:
    q = np.array(q, dtype=np.float64)
    nf = ht.N_FINAL_TYPES
    if q.shape != (nf, nf) or not np.all(np.isfinite(q)) or q.min() < 0 or not np.allclose(q.sum(axis=0), 1.0, atol=1e-9):
        raise ValueError(f"The 'opp_given_bpp' parameter of {where} must be a (17, 17) table whose columns sum to 1; got shape {q.shape}.")
    q.flags.writeable = False
    return q


def save_linked(opp_given_bpp: ArrayLike, cpts: Sequence[StudCPTs], out_dir: str | os.PathLike[str] | None = None, *,
                info: dict | None = None) -> list[Path]:
    """Write the four linked networks (BIF), the table (npz) and ``build_info.json``; return the paths."""
    from bpp.stud.model.networks import save_variant

    q = _check_table(opp_given_bpp, "save_linked")
    out = Path(LINKED_DIR if out_dir is None else out_dir)
    written = save_variant("linked", cpts, out, formats=("bif",), opp_given_bpp=q)
    np.savez_compressed(out / _TABLE_FILE, opp_final_given_bpp_final=q)
    written.append(out / _TABLE_FILE)
    if info is not None:
        (out / "build_info.json").write_text(json.dumps(info, indent=2, sort_keys=True) + "\n")
        written.append(out / "build_info.json")
    return written


@functools.cache
def _load_table(path: str) -> np.ndarray:
    from holdem.files import load_npz

    table = load_npz(path, {"opp_final_given_bpp_final": None})["opp_final_given_bpp_final"]  # one line naming the file
    try:
        return _check_table(table, "load_opp_given_bpp")
    except ValueError as exc:
        raise ValueError(f"{path!r}: {exc}") from None


def load_opp_given_bpp(directory: str | os.PathLike[str] | None = None) -> np.ndarray:
    """The saved P(OPP_Final | BPP_Final), (17, 17) read-only (``bpp/models/stud/linked`` by default)."""
    path = Path(LINKED_DIR if directory is None else directory) / _TABLE_FILE
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing; run `bpp build stud-linked`.")
    return _load_table(str(path))


def linked_factors(cpts: StudCPTs, opp_given_bpp: ArrayLike) -> tuple[dict, dict]:
    """One round's network as tables (:mod:`bpp.stud.model.compiled`): Figure 1 with P(OPP_Final | BPP_Final).

    ``opp_given_bpp`` is that table, float (17, 17), columns summing to 1.

    >>> from bpp.stud.model.networks import load_cpts
    >>> factors, states = linked_factors(load_cpts()[0], load_opp_given_bpp())
    >>> factors["OPP_Final"].variables
    ('OPP_Final', 'BPP_Final')
    """
    from bpp.stud.model.compiled import Factor
    from bpp.stud.model.figure1 import figure1_factors

    factors, states = figure1_factors(cpts)
    factors["OPP_Final"] = Factor(LINKED_EDGE[::-1], _check_table(opp_given_bpp, "linked_factors"))
    return factors, states

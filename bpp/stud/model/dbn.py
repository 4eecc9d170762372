"""BPP's §6.3 dynamic Bayesian network: the four rounds as four time slices of one network (Korb1999 §6.3).

"In a DBN model for poker, each round would correspond to a single time
[slice] which would contain the nodes BPP Current, OPP Current, OPP Upcards and
OPP Action.  The probability of winning would then depend on the current hand
types for the final time slice (which correspond to the final hand types in
the current BN)" (§6.3).  Slice ``t`` (round ``t`` = 0-3, after ``t + 2``
cards) holds ``BPP_Current_t``, ``OPP_Current_t``, ``OPP_Upcards_t`` and
``OPP_Action_t``; ``BPP_Win`` hangs off the last slice's current types::

    slice 0            slice 1            slice 2            slice 3
    BPP_Current_0 ──►  BPP_Current_1 ──►  BPP_Current_2 ──►  BPP_Current_3 ──┐
                                                                             ▼
                                                                          BPP_Win
                                                                             ▲
    OPP_Current_0 ──►  OPP_Current_1 ──►  OPP_Current_2 ──►  OPP_Current_3 ──┘
      │       ╲          │       ╲          │       ╲          │       ╲
      ▼        ▼         ▼        ▼         ▼        ▼         ▼        ▼
    OPP_Up_0  OPP_Act_0 OPP_Up_1 OPP_Act_1 OPP_Up_2 OPP_Act_2 OPP_Up_3 OPP_Act_3
      └──────────────────►┘ └───────────────►┘ └───────────────►┘

The arcs and why each is there:

* intra-slice, as Figure 1 per round (§3.1): OPP_Current_t → OPP_Upcards_t
  and OPP_Current_t → OPP_Action_t;
* OPP_Current_t → OPP_Current_{t+1} and BPP_Current_t → BPP_Current_{t+1}:
  the transition ``M_{C_{t+1}|C_t}`` (the next card joins the hand); the
  finals of Figure 1 are gone — the last slice's current types *are* the
  finals (§6.3), so ``P(BPP_Win | BPP_Current_3, OPP_Current_3)`` is the
  Figure 1 table (1/0 for different types, ½ for equal ones by symmetry);
* OPP_Upcards_t → OPP_Upcards_{t+1}: the up cards of round ``t + 1`` are
  those of round ``t`` plus one.  Without this arc the network would take
  each round's up-card type as a fresh, independent reading of the
  opponent's hand and count the first up card up to four times; with it,
  ``P(OPP_Upcards_{t+1} | OPP_Current_{t+1}, OPP_Upcards_t)`` only scores
  what the new card adds.
* nothing else: OPP_Action_t depends on OPP_Current_t only, as §3.3 / §5.2
  learn it (one M_A|C per round, from showdowns, per opponent:
  :class:`bpp.stud.model.learning.ActionModel` counts exactly this table);
  BPP's and the opponent's chains meet only at BPP_Win, as Figure 1's
  finals do.

**Why an unrolled four-slice** ``DiscreteBayesianNetwork`` **and not
pgmpy's** ``DynamicBayesianNetwork``: pgmpy's DBN is a two-slice temporal
network whose slice-1 CPDs are repeated at every step, so every slice must
have the same nodes with the same states and the same tables.  BPP's slices
do not: OPP_Current has 10, 14, 16 and 17 states in rounds 0-3, OPP_Upcards
5, 10, 14 and 16, and every transition and M_A|C differs by round.  Four
explicit slices say exactly that, and ``VariableElimination`` answers any
query on them (the tests use it as the oracle).

Belief carries between rounds: at round ``t`` the evidence is every slice's
OPP_Upcards and OPP_Action up to ``t`` (the current round's action possibly
not yet seen) and BPP_Current_0..t.  The earlier BPP_Current are d-separated
from BPP_Win by the observed BPP_Current_t (in the network BPP's chain is
first-order), so only
BPP_Current_t matters; the opponent's chain is hidden, so its whole history
counts.

CPTs (§3.3's method), :func:`estimate_dbn_cpts`: every table is counted from
the same ``n_hands`` random heads-up deals in Stud5's order (both seats;
the tables are "used for both" players, §3.3): P(Current_0), the three
transitions, P(OPP_Upcards_0 | OPP_Current_0) and the three
P(OPP_Upcards_t | OPP_Current_t, OPP_Upcards_{t-1}).  The Jeffreys
pseudo-count ½ that :func:`bpp.stud.model.estimate.estimate_all_cpts` adds
to the final-type prior is added to *every* cell of every dealt table, so no
evidence sequence is impossible for lack of samples (a column never dealt is
uniform; a column of ``n`` states dealt ``N`` times moves by at most
``n / 2N`` per cell).
OPP_Action_t starts at ½ / ½ (§5.2) and is replaced per opponent by the
learned M_A|C.

The price of the chain: hand *types* are not a Markov chain.  The three-card
draw types (straight / flush draw) forget the high card, so the chained
P(Current_3 | Current_0) of a two-card busted type is off the exact
P(Final | Current) of Figure 1 by a total variation of 0.06 on average (0.095
for ace-high, which the chain lets "end" king-high with probability 0.026);
from round 1 on the weighted mean is below 0.006 (at most 0.016).

Compiled form (:class:`CompiledDBN`): a forward filter over the opponent's
chain,

    α_0(c) = P(c) P(u_0 | c) P(a_0 | c),
    α_t(c') = Σ_c α_{t-1}(c) P(c' | c) · P(u_t | c', u_{t-1}) P(a_t | c'),

and ``P(win | evidence) = Σ_c G_t[b_t, c] α_t(c) / Σ_c α_t(c)``, where
``G_t[b, c] = Σ P(B_3 | B_t = b) P(win | B_3, O_3) P(O_3 | O_t = c)`` is
precomputed once per round (the chains' products).  A query is ``t + 1``
products of vectors of at most 17 numbers.

>>> net = CompiledDBN(load_dbn_cpts())
>>> first = net.query("pair_aces", ["busted_king"], ["aggressive"])               # round 0: K showing, it bet
>>> later = net.query("pair_aces", ["busted_king", "pair_kings"], ["aggressive", None])   # round 1: K-K showing
>>> round(first.p_win, 3), round(later.p_win, 3)
(0.929, 0.75)
>>> net.query("pair_aces", ["busted_king", "flush"], ["aggressive", None])
Traceback (most recent call last):
...
ValueError: The 'opp_upcards' parameter of query must hold 2 states, round 1's 'flush' is not a state of OPP_Upcards_1 (('busted_low', 'busted_medium', 'busted_queen', 'busted_king', 'busted_ace', 'pair_low', 'pair_medium', 'pair_queens', 'pair_kings', 'pair_aces')); got ['busted_king', 'flush'].
"""

from __future__ import annotations

import copy
import functools
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, overload

import numpy as np

from bpp.stud.model import handtypes as ht
from bpp.stud.model.estimate import _deal_batch, _deterministic_win, _progress
from bpp.stud.model.figure1 import (
    ACTIONS,
    N_ROUNDS,
    WIN_STATES,
    _check_action_cpt,
    current_type_names,
    default_action_cpt,
    upcard_type_names,
)
from bpp.stud_variants import STUD_VARIANTS

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from matplotlib.axes import Axes
    from numpy.typing import ArrayLike, NDArray
    from pgmpy.models import DiscreteBayesianNetwork

    from holdem._typing import RngLike

__all__ = [
    "DBN_DIR",
    "DBN_LAYOUT",
    "DBN_PIXELS",
    "DBN_OBSERVED",
    "SLICE_NODES",
    "node",
    "dbn_edges",
    "DBNCPTs",
    "estimate_dbn_cpts",
    "dbn_factors",
    "dbn_cpts_of",
    "save_dbn",
    "load_dbn_cpts",
    "load_dbn",
    "DBNBelief",
    "CompiledDBN",
    "DBNSlice",
    "draw_dbn",
]

#: Where ``bpp build stud-dbn --replace-shipped`` writes the network, as the variant's spec names it.
DBN_DIR = STUD_VARIANTS["dbn"].models_path
#: The nodes of one time slice (§6.3).
SLICE_NODES = ("BPP_Current", "OPP_Current", "OPP_Upcards", "OPP_Action")
#: Where the figure draws each node (one column per slice, BPP_Win to the right), in matplotlib data units.
DBN_LAYOUT = {
    **{f"{name}_{t}": (1.6 * t + dx, y) for t in range(N_ROUNDS)
       for name, (dx, y) in {"BPP_Current": (0.0, 3.0), "OPP_Current": (0.0, 1.9), "OPP_Upcards": (0.0, 0.1),
                             "OPP_Action": (0.75, 0.95)}.items()},
    "BPP_Win": (1.6 * N_ROUNDS + 0.2, 2.45),
}
#: Where the belief explorer draws each node, in pixels (a box is 190 wide and 34 + 13.5 per state tall).
DBN_PIXELS = {
    **{f"{name}_{t}": (210 * t, y) for t in range(N_ROUNDS)
       for name, y in {"BPP_Current": 0, "OPP_Current": 290, "OPP_Upcards": 580, "OPP_Action": 850}.items()},
    "BPP_Win": (840, 150),
}
#: The observed nodes (shaded): every slice's BPP_Current, OPP_Upcards and OPP_Action.
DBN_OBSERVED = tuple(f"{name}_{t}" for t in range(N_ROUNDS) for name in ("BPP_Current", "OPP_Upcards", "OPP_Action"))
_FILE_STEM = STUD_VARIANTS["dbn"].file_stem
_ARRAYS = "stud_dbn_cpts.npz"


def node(name: str, t: int) -> str:
    """The unrolled network's name of slice ``t``'s node ``name``.

    >>> node("OPP_Current", 2)
    'OPP_Current_2'
    """
    return f"{name}_{t}"


def dbn_edges() -> list[tuple[str, str]]:
    """Every arc of the unrolled four-slice network (see the module notes for why each is there).

    >>> edges = dbn_edges()
    >>> len(edges), ("OPP_Upcards_0", "OPP_Upcards_1") in edges, ("BPP_Current_3", "BPP_Win") in edges
    (19, True, True)
    """
    edges = []
    for t in range(N_ROUNDS):
        edges += [(node("OPP_Current", t), node("OPP_Upcards", t)), (node("OPP_Current", t), node("OPP_Action", t))]
        if t:
            edges += [(node(p, t - 1), node(p, t)) for p in ("BPP_Current", "OPP_Current", "OPP_Upcards")]
    last = N_ROUNDS - 1
    return edges + [(node("BPP_Current", last), "BPP_Win"), (node("OPP_Current", last), "BPP_Win")]


@dataclass(frozen=True, eq=False)
class DBNCPTs:
    """The tables of the four-slice network (the module notes), pgmpy's layout: child first, every column sums to 1.

    Attributes
    ----------
    prior_current : ndarray (10,)
        P(Current_0), for both players.
    transitions : tuple of 3 ndarray (n_{t+1}, n_t)
        P(Current_{t+1} | Current_t), t = 0, 1, 2.
    upcards_first : ndarray (5, 10)
        P(OPP_Upcards_0 | OPP_Current_0).
    upcards_next : tuple of 3 ndarray (n_up(t), n_cur(t), n_up(t-1))
        P(OPP_Upcards_t | OPP_Current_t, OPP_Upcards_{t-1}), t = 1, 2, 3.
    win_given_finals : ndarray (17, 17)
        P(BPP_Win = win | BPP_Current_3, OPP_Current_3).
    action_cpts : tuple of 4 ndarray (2, n_t)
        M_A|C of each round.
    n_hands : int or None
        Deals counted.
    """

    prior_current: np.ndarray
    transitions: tuple
    upcards_first: np.ndarray
    upcards_next: tuple
    win_given_finals: np.ndarray
    action_cpts: tuple
    n_hands: int | None = None
    info: dict = field(default_factory=dict)

    def with_action_cpts(self, action_cpts: Sequence[ArrayLike]) -> "DBNCPTs":
        """A copy with the four M_A|C replaced (each checked: (2, n_t), columns summing to 1)."""
        action_cpts = list(action_cpts)
        if len(action_cpts) != N_ROUNDS:
            raise ValueError(f"The 'action_cpts' parameter of with_action_cpts must hold 4 tables; got {len(action_cpts)}.")
        checked = tuple(_check_action_cpt(m, r) for r, m in enumerate(action_cpts))
        return DBNCPTs(self.prior_current, self.transitions, self.upcards_first, self.upcards_next,
                       self.win_given_finals, checked, self.n_hands, self.info)


def _jeffreys_columns(counts: np.ndarray) -> np.ndarray:
    """Counts (child, *parents) → P(child | parents) with ½ added to every cell (a column never dealt: uniform)."""
    counts = counts.astype(np.float64) + 0.5
    return counts / counts.sum(axis=0, keepdims=True)


def _freeze(*arrays):
    for a in arrays:
        a.flags.writeable = False


def estimate_dbn_cpts(n_hands: int = 10_000_000, *, rng: RngLike = None, progress: bool = False, batch: int = 250_000) -> DBNCPTs:
    """Every dealt table of the DBN counted from ``n_hands`` random heads-up deals (§3.3's method, both seats).

    Parameters
    ----------
    n_hands : int
        Deals (default 10,000,000, the paper's number).
    rng : numpy.random.Generator or seed, optional
    progress : bool
        Show a tqdm bar.

    Returns
    -------
    DBNCPTs
        With M_A|C at ½ / ½ (§5.2).

    Examples
    --------
    >>> c = estimate_dbn_cpts(5000, rng=0)
    >>> [m.shape for m in c.transitions], c.upcards_next[2].shape
    ([(14, 10), (16, 14), (17, 16)], (16, 17, 14))
    >>> estimate_dbn_cpts(0)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_hands' parameter of estimate_dbn_cpts must be an integer >= 1; got 0.
    """
    if isinstance(n_hands, bool) or not isinstance(n_hands, (int, np.integer)) or n_hands < 1:
        raise ValueError(f"The 'n_hands' parameter of estimate_dbn_cpts must be an integer >= 1; got {n_hands!r}.")
    rng = np.random.default_rng(rng)
    n_cur = [len(current_type_names(t)) for t in range(N_ROUNDS)]
    n_up = [len(upcard_type_names(t)) for t in range(N_ROUNDS)]
    prior = np.zeros(n_cur[0], dtype=np.int64)
    trans = [np.zeros(n_cur[t + 1] * n_cur[t], dtype=np.int64) for t in range(N_ROUNDS - 1)]
    first = np.zeros(n_up[0] * n_cur[0], dtype=np.int64)
    nxt = [np.zeros(0, dtype=np.int64)]  # slot 0 unused: slice 0 has no previous upcard
    nxt += [np.zeros(n_up[t] * n_cur[t] * n_up[t - 1], dtype=np.int64) for t in range(1, N_ROUNDS)]
    bar = _progress(int(n_hands), progress, "dealing stud hands")
    for start in range(0, int(n_hands), batch):
        size = min(batch, int(n_hands) - start)
        deals = _deal_batch(rng, size)
        for seat in (0, 1):
            # Stud5 heads-up: seat i's down card is deal[i], its j-th up card deal[2 (j + 1) + i]
            cards = deals[:, [seat, 2 + seat, 4 + seat, 6 + seat, 8 + seat]]
            cur = [ht.type_table(t + 2)[ht.colex_index(np.sort(cards[:, : t + 2], axis=1))].astype(np.intp) for t in range(N_ROUNDS)]
            up = [ht.type_table(t + 1)[ht.colex_index(np.sort(cards[:, 1 : t + 2], axis=1))].astype(np.intp) for t in range(N_ROUNDS)]
            prior += np.bincount(cur[0], minlength=n_cur[0])
            first += np.bincount(up[0] * n_cur[0] + cur[0], minlength=first.size)
            for t in range(N_ROUNDS - 1):
                trans[t] += np.bincount(cur[t + 1] * n_cur[t] + cur[t], minlength=trans[t].size)
            for t in range(1, N_ROUNDS):
                nxt[t] += np.bincount((up[t] * n_cur[t] + cur[t]) * n_up[t - 1] + up[t - 1], minlength=nxt[t].size)
        bar.update(size)
    bar.close()
    prior_p = (prior + 0.5) / (prior.sum() + 0.5 * prior.size)
    transitions = tuple(_jeffreys_columns(trans[t].reshape(n_cur[t + 1], n_cur[t])) for t in range(N_ROUNDS - 1))
    upcards_first = _jeffreys_columns(first.reshape(n_up[0], n_cur[0]))
    upcards_next = tuple(_jeffreys_columns(nxt[t].reshape(n_up[t], n_cur[t], n_up[t - 1])) for t in range(1, N_ROUNDS))
    win = _deterministic_win(np.full(ht.N_FINAL_TYPES, 0.5))
    actions = tuple(default_action_cpt(t) for t in range(N_ROUNDS))
    _freeze(prior_p, *transitions, upcards_first, *upcards_next, win, *actions)
    return DBNCPTs(prior_p, transitions, upcards_first, upcards_next, win, actions, int(n_hands))


# ---------------------------------------------------------------- pgmpy network


def _states(name: str, t: int) -> list[str]:
    if name in ("BPP_Current", "OPP_Current"):
        return list(current_type_names(t))
    if name == "OPP_Upcards":
        return list(upcard_type_names(t))
    return list(ACTIONS)


def _cpd_specs(cpts: DBNCPTs | None):
    """(variable, parents, values (child, *parents) or None without ``cpts``) of every node."""
    last = N_ROUNDS - 1
    table = (lambda get: None) if cpts is None else (lambda get: get(cpts))
    specs: list[tuple[str, list[str], np.ndarray | None]] = []
    for player in ("BPP_Current", "OPP_Current"):
        specs.append((node(player, 0), [], table(lambda c: c.prior_current)))
        specs += [(node(player, t), [node(player, t - 1)], table(lambda c, t=t: c.transitions[t - 1])) for t in range(1, N_ROUNDS)]
    specs.append((node("OPP_Upcards", 0), [node("OPP_Current", 0)], table(lambda c: c.upcards_first)))
    specs += [(node("OPP_Upcards", t), [node("OPP_Current", t), node("OPP_Upcards", t - 1)], table(lambda c, t=t: c.upcards_next[t - 1]))
              for t in range(1, N_ROUNDS)]
    specs += [(node("OPP_Action", t), [node("OPP_Current", t)], table(lambda c, t=t: c.action_cpts[t])) for t in range(N_ROUNDS)]
    win = table(lambda c: np.stack([1.0 - c.win_given_finals, c.win_given_finals]))
    specs.append(("BPP_Win", [node("BPP_Current", last), node("OPP_Current", last)], win))
    return specs


def _node_states(variable: str) -> list[str]:
    if variable == "BPP_Win":
        return list(WIN_STATES)
    name, t = variable.rsplit("_", 1)
    return _states(name, int(t))


def dbn_factors(cpts: DBNCPTs) -> tuple[dict, dict]:
    """The unrolled four-slice network as tables (:mod:`bpp.stud.model.compiled`), named states (§6.3).

    Its pgmpy network is :func:`bpp.stud.model.networks.build_network` ``(cpts, "dbn")``.

    >>> from bpp.stud.model.networks import build_network
    >>> model = build_network(load_dbn_cpts(), "dbn")
    >>> model.check_model(), len(model.nodes()), sorted(model.get_parents("OPP_Upcards_2"))
    (True, 17, ['OPP_Current_2', 'OPP_Upcards_1'])
    """
    from bpp.stud.model.compiled import Factor

    factors, states = {}, {}
    for variable, parents, values in _cpd_specs(cpts):
        names = {v: tuple(_node_states(v)) for v in [variable, *parents]}
        factors[variable] = Factor((variable, *parents), np.asarray(values).reshape([len(names[v]) for v in names]))
        states.update(names)
    return factors, states


def dbn_cpts_of(model: DiscreteBayesianNetwork) -> DBNCPTs:
    """The :class:`DBNCPTs` of an unrolled network (built here or read from BIF/XMLBIF); states reordered by name.

    >>> from bpp.stud.model.networks import build_network
    >>> c = dbn_cpts_of(build_network(load_dbn_cpts(), "dbn"))
    >>> bool(np.allclose(c.transitions[1], load_dbn_cpts().transitions[1]))
    True
    """
    tables = {}
    for variable, parents, _ in _cpd_specs(None):
        cpd = model.get_cpds(variable)
        if cpd is None:
            raise ValueError(f"The network has no CPD for {variable}; it is not BPP's DBN.")
        order = [variable, *parents]
        if sorted(cpd.variables) != sorted(order):
            raise ValueError(f"The network's {variable} has parents {cpd.variables[1:]}; expected {parents}.")
        values = np.asarray(cpd.values, dtype=np.float64)
        for axis, var in enumerate(cpd.variables):
            names, wanted = [str(s) for s in cpd.state_names[var]], _node_states(var)
            if names != wanted:
                if sorted(names) != sorted(wanted):
                    raise ValueError(f"The network's {var} states {names} are not {wanted}.")
                values = np.take(values, [names.index(s) for s in wanted], axis=axis)
        tables[variable] = np.ascontiguousarray(np.transpose(values, [cpd.variables.index(v) for v in order]))
    out = DBNCPTs(
        tables[node("OPP_Current", 0)],
        tuple(tables[node("OPP_Current", t)] for t in range(1, N_ROUNDS)),
        tables[node("OPP_Upcards", 0)],
        tuple(tables[node("OPP_Upcards", t)] for t in range(1, N_ROUNDS)),
        tables["BPP_Win"][1],
        tuple(tables[node("OPP_Action", t)] for t in range(N_ROUNDS)),
    )
    for t in range(N_ROUNDS):
        mine = tables[node("BPP_Current", t)]
        theirs = out.prior_current if t == 0 else out.transitions[t - 1]
        if not np.allclose(mine, theirs):
            raise ValueError(f"The network's BPP_Current_{t} table differs from OPP_Current_{t}'s (§3.3: one table for both).")
    return out


def _arrays(cpts: DBNCPTs) -> dict:
    out = {"prior_current": cpts.prior_current, "upcards_first": cpts.upcards_first, "win_given_finals": cpts.win_given_finals}
    for t in range(N_ROUNDS - 1):
        out[f"transition{t}"] = cpts.transitions[t]
        out[f"upcards_next{t + 1}"] = cpts.upcards_next[t]
    return out


def save_dbn(cpts: DBNCPTs, out_dir: str | os.PathLike[str] | None = None, *, info: dict | None = None) -> list[Path]:
    """Write the network as BIF and XMLBIF, its dealt tables as npz (fast loading) and ``build_info.json``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in save_dbn(estimate_dbn_cpts(2000, rng=0), d)]
    ['stud_dbn.bif', 'stud_dbn.xmlbif', 'stud_dbn_cpts.npz']
    """
    from pgmpy.readwrite import BIFWriter, XMLBIFWriter

    out = Path(DBN_DIR if out_dir is None else out_dir)
    out.mkdir(parents=True, exist_ok=True)
    from bpp.stud.model.networks import build_network

    model = build_network(cpts, "dbn")
    stem = out / _FILE_STEM
    BIFWriter(model).write(str(stem) + ".bif")
    XMLBIFWriter(model).write(str(stem) + ".xmlbif")
    np.savez_compressed(out / _ARRAYS, **_arrays(cpts))
    written = [Path(str(stem) + ".bif"), Path(str(stem) + ".xmlbif"), out / _ARRAYS]
    if info is not None:
        (out / "build_info.json").write_text(json.dumps(info, indent=2, sort_keys=True) + "\n")
        written.append(out / "build_info.json")
    return written


@functools.cache
def _load_arrays(path: str) -> DBNCPTs:
    from holdem.files import check_distributions, load_npz

    n_cur = [len(current_type_names(t)) for t in range(N_ROUNDS)]
    n_up = [len(upcard_type_names(t)) for t in range(N_ROUNDS)]
    shapes = {"prior_current": (n_cur[0],), "upcards_first": (n_up[0], n_cur[0]), "win_given_finals": (17, 17)}
    for t in range(N_ROUNDS - 1):
        shapes[f"transition{t}"] = (n_cur[t + 1], n_cur[t])
        shapes[f"upcards_next{t + 1}"] = (n_up[t + 1], n_cur[t + 1], n_up[t])
    data = load_npz(path, {k: None for k in shapes})
    arrays = {}
    for key, shape in shapes.items():
        a = np.asarray(data[key], dtype=np.float64)
        if a.shape != shape:
            raise ValueError(f"{path!r}: {key} has shape {a.shape}; expected {shape}")
        if key == "win_given_finals":
            check_distributions(np.stack([a, 1 - a]), path, key)
        else:
            check_distributions(a.reshape(shape[0], -1), path, key)
        arrays[key] = a
    actions = tuple(default_action_cpt(t) for t in range(N_ROUNDS))
    cpts = DBNCPTs(
        arrays["prior_current"],
        tuple(arrays[f"transition{t}"] for t in range(N_ROUNDS - 1)),
        arrays["upcards_first"],
        tuple(arrays[f"upcards_next{t}"] for t in range(1, N_ROUNDS)),
        arrays["win_given_finals"],
        actions,
    )
    _freeze(*[v for v in arrays.values()], *actions)
    return cpts


def load_dbn_cpts(directory: str | os.PathLike[str] | None = None) -> DBNCPTs:
    """The saved tables (``bpp/models/stud/dbn/stud_dbn_cpts.npz``; no pgmpy), M_A|C at ½ / ½.

    >>> load_dbn_cpts().upcards_first.shape
    (5, 10)
    """
    path = Path(DBN_DIR if directory is None else directory) / _ARRAYS
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing; run `bpp build stud-dbn`.")
    return _load_arrays(str(path))


def load_dbn(directory: str | os.PathLike[str] | None = None, *, file_format: str = "xmlbif") -> DiscreteBayesianNetwork:
    """The saved network read back with pgmpy's ``XMLBIFReader`` (or ``BIFReader``)."""
    if file_format not in ("bif", "xmlbif"):
        raise ValueError(f"The 'file_format' parameter of load_dbn must be 'bif' or 'xmlbif'; got {file_format!r}.")
    from pgmpy.readwrite import BIFReader, XMLBIFReader

    path = Path(DBN_DIR if directory is None else directory) / f"{_FILE_STEM}.{file_format}"
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing; run `bpp build stud-dbn`.")
    return (BIFReader if file_format == "bif" else XMLBIFReader)(str(path)).get_model()


# ---------------------------------------------------------------- compiled form


class DBNBelief(NamedTuple):
    """Beliefs of the DBN at round ``t`` given the evidence of slices 0..t.

    Attributes
    ----------
    p_win : float
        P(BPP_Win = win | evidence).
    opp_current : ndarray
        P(OPP_Current_t | evidence).
    opp_final : ndarray (17,)
        P(OPP_Current_3 | evidence): the opponent's final type.
    bpp_final : ndarray (17,)
        P(BPP_Current_3 | BPP_Current_t).
    """

    p_win: float
    opp_current: np.ndarray
    opp_final: np.ndarray
    bpp_final: np.ndarray


class CompiledDBN:
    """The four-slice network compiled to numpy: a forward filter over the opponent's chain (module notes).

    Parameters
    ----------
    cpts : DBNCPTs
    action_cpts : sequence of 4 arrays (2, n_t), optional
        M_A|C per round (default: those of ``cpts``); the learned ones for play.

    Attributes
    ----------
    win_given_current : tuple of 4 ndarray (n_t, n_t)
        ``G_t[b, c]`` = P(win | BPP_Current_t = b, OPP_Current_t = c).
    final_given_current : tuple of 4 ndarray (17, n_t)
        P(Current_3 | Current_t) (identity for t = 3).

    Examples
    --------
    >>> net = CompiledDBN(load_dbn_cpts())
    >>> aces = net.current_states[1].index("pair_aces")
    >>> bool(net.p_win(aces, [4, 9], [1, 2]) == net.query("pair_aces", ["busted_ace", "pair_aces"], ["aggressive", None]).p_win)
    True
    >>> net.p_win(np.arange(14), [4, 9], [1, 2]).shape                # every BPP_Current at once (BPP's holdings)
    (14,)
    """

    UNOBSERVED = len(ACTIONS)

    def __init__(self, cpts: DBNCPTs, action_cpts: Sequence[ArrayLike] | None = None) -> None:
        if action_cpts is not None:
            cpts = cpts.with_action_cpts(action_cpts)
        self.cpts = cpts
        self.current_states = tuple(current_type_names(t) for t in range(N_ROUNDS))
        self.upcard_states = tuple(upcard_type_names(t) for t in range(N_ROUNDS))
        final = [np.eye(ht.N_FINAL_TYPES)]
        for t in range(N_ROUNDS - 2, -1, -1):
            final.insert(0, final[0] @ cpts.transitions[t])
        self.final_given_current = tuple(final)
        w = cpts.win_given_finals
        self.win_given_current = tuple(np.clip(k.T @ w @ k, 0.0, 1.0) for k in final)
        # action likelihoods with a row of ones for "not yet acted"
        self._action = tuple(np.vstack([m, np.ones((1, m.shape[1]))]) for m in cpts.action_cpts)
        # upcard likelihoods indexed [u_prev][u] → vector over c (u_prev unused in slice 0)
        self._up0 = cpts.upcards_first
        self._up = (np.empty((0, 0, 0)),) + tuple(np.ascontiguousarray(m.transpose(2, 0, 1)) for m in cpts.upcards_next)  # [u_prev, u, c]
        for a in (*self.final_given_current, *self.win_given_current, *self._action):
            a.flags.writeable = False

    def with_action_cpts(self, action_cpts: Sequence[ArrayLike]) -> "CompiledDBN":
        """The same network with new M_A|C (learning, §3.3 / §5.2): only the action likelihoods change (tens of µs).

        >>> net = CompiledDBN(load_dbn_cpts())
        >>> bold = [np.tile([[0.2], [0.8]], (1, n)) for n in (10, 14, 16, 17)]
        >>> bool(np.allclose(net.with_action_cpts(bold).win_given_current[2], CompiledDBN(net.cpts, bold).win_given_current[2]))
        True
        """
        new = copy.copy(self)
        new.cpts = self.cpts.with_action_cpts(action_cpts)
        new._action = tuple(np.vstack([m, np.ones((1, m.shape[1]))]) for m in new.cpts.action_cpts)
        return new

    def filter(self, opp_upcards: Sequence[int], opp_actions: Sequence[int]) -> np.ndarray:
        """The normalised forward message P(OPP_Current_t | evidence of slices 0..t) by state indices (unchecked).

        ``opp_upcards`` and ``opp_actions`` hold ``t + 1`` indices each (action 2 = not observed).
        Impossible evidence (never with the Jeffreys tables) gives NaN.
        """
        alpha = self.cpts.prior_current * self._up0[opp_upcards[0]] * self._action[0][opp_actions[0]]
        alpha = alpha / alpha.sum()
        for t in range(1, len(opp_upcards)):
            alpha = (self.cpts.transitions[t - 1] @ alpha) * self._up[t][opp_upcards[t - 1], opp_upcards[t]] * self._action[t][opp_actions[t]]
            total = alpha.sum()
            alpha = alpha / total if total > 0 else np.full(alpha.shape, np.nan)
        return alpha

    @overload
    def p_win(self, bpp_current: int, opp_upcards: Sequence[int], opp_actions: Sequence[int]) -> float: ...
    @overload
    def p_win(self, bpp_current: NDArray[np.integer], opp_upcards: Sequence[int],
              opp_actions: Sequence[int]) -> NDArray[np.float64]: ...
    def p_win(self, bpp_current: int | NDArray[np.integer], opp_upcards: Sequence[int],
              opp_actions: Sequence[int]) -> float | NDArray[np.float64]:
        """P(win) by state indices (unchecked): ``bpp_current`` an int or an int array (BPP's holdings, batched)."""
        t = len(opp_upcards) - 1
        return self.win_given_current[t][bpp_current] @ self.filter(opp_upcards, opp_actions)

    def _index(self, value, states, what: str, t: int, seq) -> int:
        if isinstance(value, str) and value in states:
            return states.index(value)
        if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= value < len(states):
            return int(value)
        raise ValueError(
            f"The '{what}' parameter of query must hold {len(seq)} states, round {t}'s {value!r} is not a state of "
            f"{node(_WHAT[what], t)} ({states}); got {list(seq)!r}."
        )

    def query(self, bpp_current: int | str, opp_upcards: Sequence[int | str],
              opp_actions: Sequence[int | str | None]) -> DBNBelief:
        """Beliefs at round ``t = len(opp_upcards) - 1`` given the evidence of slices 0..t (names or indices).

        Parameters
        ----------
        bpp_current : int or str
            BPP_Current_t (the earlier ones add nothing: the module notes).
        opp_upcards : sequence of t + 1 states
            OPP_Upcards_0..t.
        opp_actions : sequence of t + 1 states or None
            OPP_Action_0..t; None = not observed (the current round before the opponent acts).
        """
        opp_upcards, opp_actions = list(opp_upcards), list(opp_actions)
        if not 1 <= len(opp_upcards) <= N_ROUNDS or len(opp_actions) != len(opp_upcards):
            raise ValueError(
                "The 'opp_upcards' and 'opp_actions' parameters of query must hold one state per round so far (1-4, "
                f"the same number); got {len(opp_upcards)} and {len(opp_actions)}."
            )
        t = len(opp_upcards) - 1
        b = self._index(bpp_current, self.current_states[t], "bpp_current", t, [bpp_current])
        u = [self._index(v, self.upcard_states[s], "opp_upcards", s, opp_upcards) for s, v in enumerate(opp_upcards)]
        a = [self.UNOBSERVED if v is None else self._index(v, ACTIONS, "opp_actions", s, opp_actions) for s, v in enumerate(opp_actions)]
        alpha = self.filter(u, a)
        return DBNBelief(float(self.win_given_current[t][b] @ alpha), alpha, self.final_given_current[t] @ alpha,
                         self.final_given_current[t][:, b])

    def to_network(self) -> DiscreteBayesianNetwork:
        """The pgmpy network with these tables (:func:`dbn_factors`)."""
        from bpp.stud.model.networks import build_network

        return build_network(self.cpts, "dbn")

    def slices(self) -> tuple:
        """One :class:`DBNSlice` per round: what per-round tools (trace, explorer) ask of a round's network.

        >>> [s.current_states[-1] for s in CompiledDBN(load_dbn_cpts()).slices()]
        ['pair_aces', 'trips', 'quads', 'straight_flush']
        """
        return tuple(DBNSlice(self, t) for t in range(N_ROUNDS))

    def __repr__(self) -> str:
        return f"CompiledDBN(n_hands={self.cpts.n_hands})"


class DBNSlice(NamedTuple):
    """Round ``betting_round`` of a :class:`CompiledDBN`: its slice's states; ``to_network()`` is the whole unrolled network."""

    net: CompiledDBN
    betting_round: int

    @property
    def current_states(self) -> tuple:
        return self.net.current_states[self.betting_round]

    @property
    def upcard_states(self) -> tuple:
        return self.net.upcard_states[self.betting_round]

    def to_network(self) -> DiscreteBayesianNetwork:
        """The unrolled network (every round's evidence lives in it; this round's is on slice ``betting_round``)."""
        return self.net.to_network()


_WHAT = {"bpp_current": "BPP_Current", "opp_upcards": "OPP_Upcards", "opp_actions": "OPP_Action"}


# ---------------------------------------------------------------- drawing


def draw_dbn(ax: Axes | None = None) -> dict[str, Any]:
    """Draw the unrolled four-slice network: one column per round, observed nodes shaded, the between-slice arcs in red.

    Returns the artists as :func:`bpp.stud.model.drawing.draw_network` does.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> sorted(draw_dbn())
    ['edges', 'labels', 'nodes']
    """
    import networkx as nx

    from bpp.plots import axes_or_new

    ax = axes_or_new(ax, figsize=(11.0, 6.0))
    pos = dict(DBN_LAYOUT)
    edges = dbn_edges()
    graph = nx.DiGraph(edges)
    observed = set(DBN_OBSERVED)
    colors = ["#c9d9f0" if n in observed else "#ffffff" for n in graph.nodes()]
    nodes = nx.draw_networkx_nodes(graph, pos, ax=ax, node_size=2600, node_color=colors, edgecolors="#333333")
    between = [e for e in edges if e[0][-1] != e[1][-1] and e[1] != "BPP_Win"]
    within = [e for e in edges if e not in between]
    drawn = list(nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=within, arrows=True, arrowsize=14, node_size=2600,
                                        edge_color="#333333"))
    drawn += list(nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=between, arrows=True, arrowsize=14, node_size=2600,
                                         edge_color="#c0392b", width=2.0, connectionstyle="arc3,rad=0.0"))
    labels = {}
    for n in graph.nodes():
        if n == "BPP_Win":
            labels[n] = "BPP Win\n2"
        else:
            name, t = n.rsplit("_", 1)
            labels[n] = f"{name.replace('_', ' ')}\nt={t}: {len(_states(name, int(t)))}"
    texts = nx.draw_networkx_labels(graph, pos, labels=labels, ax=ax, font_size=6.5)
    ax.set_xlim(-0.6, 1.6 * N_ROUNDS + 0.8)
    ax.set_ylim(-0.5, 3.5)
    ax.set_axis_off()
    return {"nodes": nodes, "edges": drawn, "labels": texts}

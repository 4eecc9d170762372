"""BPP's network for a multi-seat table: one opponent sub-network per live opponent (Korb1999 §6.2).

"In multiple opponent games it will be more important to incorporate the
interrelations between what is known of different player's hands and the
node representing their final hands" (Korb1999 §6.2).  For ``m`` live
opponents (a table of ``m + 1`` seats) the round's network is Figure 1 with
the opponent half repeated once per opponent ``i = 1..m``::

    BPP_Final ──► BPP_Win ◄── OPP_Top_m ◄── … OPP_Top_2 ◄── OPP1_Final, OPP2_Final
        │                                                   │  (OPP3_Final → OPP_Top_3, …)
        ▼                                                   ▼
    BPP_Current                          OPPi_Current ──► OPPi_Upcards, OPPi_Action

* Every OPPi_Final / OPPi_Current / OPPi_Upcards has the CPTs of Figure 1
  (:mod:`bpp.stud.model.figure1`: the prior, M_C|F, M_U|C); each
  OPPi_Action has its own M_A|C, learned from that opponent's showdowns
  (§3.3, §5.2, one matrix set per seat).
* OPP_Top_k summarises the first ``k`` opponents' finals as
  ``(best type, how many hold it)`` — states ``"<type>*<count>"`` — so
  BPP_Win's table stays 2 × 17 × 17k instead of 2 × 17^(m+1) (a 6-seat
  table would otherwise need 48 M entries).  It is deterministic:
  OPP_Top_2 = top of (OPP1_Final, OPP2_Final), OPP_Top_k = top of
  (OPP_Top_(k-1), OPPk_Final).
* P(BPP_Win | BPP_Final = b, OPP_Top = (t, j)) is 1 if b > t, 0 if b < t and
  1 / (1 + j) if b = t: BPP's expected share of the pot when it ties ``j``
  opponents at type level (the hands of one deal are exchangeable, so each
  of the ``j + 1`` hands of the top type is equally likely to be best; the
  heads-up network's ½ is the case j = 1).  P(win) is BPP's expected share
  of the pot: P(BPP's final beats every live opponent's final), ties split.

The interrelation between the hands is read the simple way: given what BPP
knows, the opponents' finals are independent (the network has no arc
between them, nor from BPP_Final to them; all hands come from one deck, the
dependence :mod:`bpp.stud.model.linked` estimates heads-up, and it is
left out here).  ``figures/stud_multi.py`` measures what that costs: the
calibration of P(win) against the dealt-out truth by number of live
opponents.

Compiled form (:class:`CompiledMultiNet`): the opponent halves are
independent given no evidence on BPP_Win, so P(OPPi_Final | OPPi_Upcards,
OPPi_Action) is one table per opponent (Figure 1's, with that opponent's
M_A|C) and P(win) = Σ_b P(b | BPP_Current) E[1{no opponent above b} /
(1 + #opponents equal to b)], the expectation a product of per-opponent
polynomials (:func:`multiway_share`).  The tests check it against pgmpy's
``VariableElimination`` on every evidence combination of the 3-seat
networks and on a seeded sample for 4-6 seats.

>>> from bpp.stud.model.networks import load_cpts
>>> net = CompiledMultiNet(load_cpts()[3], n_seats=3)
>>> round(net.p_win("pair_aces", [("pair_kings", None), ("busted_low", None)]), 4)      # the low board never beats aces: as heads-up against the kings
0.8333
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from bpp.stud.model import handtypes as ht
from bpp.stud.model.compiled_stud import _normalize_rows, _state_index
from bpp.stud.model.figure1 import (
    ACTIONS,
    N_ROUNDS,
    WIN_STATES,
    StudCPTs,
    _check_action_cpt,
    current_type_names,
    default_action_cpt,
    upcard_type_names,
)
from bpp.stud.model.networks import MODELS_DIR, _quiet_pgmpy

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any

    from matplotlib.axes import Axes
    from numpy.typing import ArrayLike
    from pgmpy.models import DiscreteBayesianNetwork

__all__ = [
    "SEATS",
    "SAVED_SEATS",
    "MULTI_DIR",
    "opponent_nodes",
    "top_node",
    "top_states",
    "multi_edges",
    "multiway_share",
    "opp_final_tables",
    "build_multi_network",
    "save_multi_networks",
    "load_multi_network",
    "CompiledMultiNet",
    "draw_multi_network",
]

#: Table sizes the multi-seat networks are built for (Korb1999 §6.2; the engine deals 2-8).
SEATS = (3, 4, 5, 6)
#: Table sizes whose networks are saved in ``bpp/models/stud/multi/`` (larger ones are built from the saved pieces).
SAVED_SEATS = (3, 4)
#: Where ``bpp build stud-multi`` writes the networks.
MULTI_DIR = MODELS_DIR / "multi"


def _check_seats(n_seats, where: str) -> int:
    if isinstance(n_seats, bool) or not isinstance(n_seats, (int, np.integer)) or not 2 <= n_seats <= 8:
        raise ValueError(f"The 'n_seats' parameter of {where} must be an integer in [2, 8]; got {n_seats!r}.")
    return int(n_seats)


def opponent_nodes(i: int) -> tuple[str, str, str, str]:
    """The four nodes of opponent ``i`` (1-based): Final, Current, Upcards, Action.

    >>> opponent_nodes(2)
    ('OPP2_Final', 'OPP2_Current', 'OPP2_Upcards', 'OPP2_Action')
    """
    return (f"OPP{i}_Final", f"OPP{i}_Current", f"OPP{i}_Upcards", f"OPP{i}_Action")


def top_node(k: int) -> str:
    """The node summarising the first ``k`` opponents' finals (k >= 2)."""
    return f"OPP_Top_{k}"


def top_states(k: int) -> tuple[str, ...]:
    """States of OPP_Top_k: ``"<type>*<count>"``, type-major, count 1..k (index ``type * k + count - 1``).

    >>> top_states(2)[:3]
    ('busted_low*1', 'busted_low*2', 'busted_medium*1')
    """
    return tuple(f"{t}*{j}" for t in ht.FINAL_TYPES for j in range(1, k + 1))


def multi_edges(n_seats: int) -> tuple:
    """The arcs of the ``n_seats`` table's network (see the module docstring).

    >>> len(multi_edges(3)), multi_edges(3)[-1]
    (11, ('OPP_Top_2', 'BPP_Win'))
    """
    m = _check_seats(n_seats, "multi_edges") - 1
    edges = [("BPP_Final", "BPP_Current"), ("BPP_Final", "BPP_Win")]
    for i in range(1, m + 1):
        final, current, upcards, action = opponent_nodes(i)
        edges += [(final, current), (current, upcards), (current, action)]
    if m == 1:
        return tuple(edges + [("OPP1_Final", "BPP_Win")])
    edges += [("OPP1_Final", top_node(2)), ("OPP2_Final", top_node(2))]
    for k in range(3, m + 1):
        edges += [(top_node(k - 1), top_node(k)), (f"OPP{k}_Final", top_node(k))]
    edges.append((top_node(m), "BPP_Win"))
    return tuple(edges)


def multiway_share(bpp_final: ArrayLike, opp_finals: ArrayLike) -> np.ndarray:
    """BPP's expected share of the pot against independent opponents, at hand-type level.

    ``E[1{no opponent's type above BPP's} / (1 + #opponents of BPP's type)]``
    with BPP's final type distributed as ``bpp_final`` and opponent ``i``'s
    as ``opp_finals[i]``, independently: for each BPP type ``b`` the
    product over opponents of ``(P_i(< b) + P_i(= b) x)`` has coefficient
    ``c_j`` = P(exactly ``j`` equal, the rest lower), and the share is
    Σ_j c_j / (1 + j).

    Parameters
    ----------
    bpp_final : array_like, shape (..., 17)
    opp_finals : array_like, shape (m, ..., 17)
        One distribution per opponent (broadcast against ``bpp_final``'s batch).

    Returns
    -------
    ndarray, shape (...)

    >>> u = np.full(17, 1 / 17)
    >>> round(float(multiway_share(u, [u, u])), 12)      # three exchangeable hands: a third of the pot
    0.333333333333
    """
    bpp = np.asarray(bpp_final, dtype=np.float64)
    opps = np.asarray(opp_finals, dtype=np.float64)
    below = np.cumsum(opps, axis=-1) - opps  # P_i(type < b)
    coef = np.ones((1,) + np.broadcast_shapes(bpp.shape, opps.shape[1:]))  # [j, ..., b]
    for i in range(opps.shape[0]):
        low, eq = below[i], opps[i]
        nxt = np.zeros((coef.shape[0] + 1,) + coef.shape[1:])
        nxt[:-1] += coef * low
        nxt[1:] += coef * eq
        coef = nxt
    weights = 1.0 / (1.0 + np.arange(coef.shape[0]))
    share = np.tensordot(weights, coef, axes=(0, 0))  # (..., b)
    return np.clip((share * bpp).sum(axis=-1), 0.0, 1.0)


def opp_final_tables(cpts: StudCPTs, action_cpt: ArrayLike | None = None) -> np.ndarray:
    """P(OPP_Final | OPP_Upcards = u, OPP_Action = a) of Figure 1 for one opponent's M_A|C: shape (n_upcards, 3, 17).

    Action index 2 is "unobserved".  The same table as
    :class:`bpp.stud.model.compiled_stud.CompiledStudNet`'s ``opp_final_table``.

    >>> from bpp.stud.model.compiled_stud import load_compiled
    >>> net = load_compiled()[1]
    >>> bool(np.allclose(opp_final_tables(net.cpts), net.opp_final_table))
    True
    """
    r = cpts.betting_round
    m = _check_action_cpt(cpts.action_given_current if action_cpt is None else action_cpt, r)
    mcf = cpts.current_given_final
    action = np.vstack([m, np.ones((1, mcf.shape[0]))])  # (A+1, C)
    likelihood = cpts.upcards_given_current[:, None, :] * action[None, :, :]  # (U, A+1, C)
    return _normalize_rows((likelihood @ mcf) * cpts.prior_final)


def _top_cpt(k: int) -> np.ndarray:
    """Deterministic P(OPP_Top_k | parents): columns over (OPP1_Final, OPP2_Final) for k = 2, else (OPP_Top_(k-1), OPPk_Final)."""
    nf = ht.N_FINAL_TYPES
    n_states = nf * k
    if k == 2:
        parents = [(t, 1) for t in range(nf)]
    else:
        parents = [(t, j) for t in range(nf) for j in range(1, k)]
    table = np.zeros((n_states, len(parents) * nf))
    col = 0
    for t, j in parents:
        for f in range(nf):
            if f > t:
                top = (f, 1)
            elif f == t:
                top = (t, j + 1)
            else:
                top = (t, j)
            table[top[0] * k + top[1] - 1, col] = 1.0
            col += 1
    return table


def _win_cpt(m: int) -> np.ndarray:
    """P(BPP_Win | BPP_Final, OPP_Top_m) (m >= 2) or P(BPP_Win | BPP_Final, OPP1_Final) (m = 1): shape (2, 17 * n_top)."""
    nf = ht.N_FINAL_TYPES
    tops = [(t, 1) for t in range(nf)] if m == 1 else [(t, j) for t in range(nf) for j in range(1, m + 1)]
    win = np.array([[1.0 if b > t else (1.0 / (1 + j) if b == t else 0.0) for t, j in tops] for b in range(nf)])
    win = win.reshape(1, -1)
    return np.vstack([1.0 - win, win])


def build_multi_network(cpts: StudCPTs, n_seats: int = 3,
                        action_cpts: Sequence[ArrayLike] | None = None) -> DiscreteBayesianNetwork:
    """One round's pgmpy ``DiscreteBayesianNetwork`` for an ``n_seats`` table (module docstring).

    Parameters
    ----------
    cpts : StudCPTs
        The round's Figure 1 tables (prior, M_C|F, M_U|C).
    n_seats : int
        Seats at the table (BPP and ``n_seats - 1`` live opponents), 2-8.
    action_cpts : sequence of ``n_seats - 1`` arrays (2, n_current), optional
        Each opponent's M_A|C; default ½ / ½ (§5.2).

    Examples
    --------
    >>> from bpp.stud.model.networks import load_cpts
    >>> model = build_multi_network(load_cpts()[0], 3)
    >>> model.check_model(), sorted(model.get_parents("BPP_Win"))
    (True, ['BPP_Final', 'OPP_Top_2'])
    """
    from pgmpy.factors.discrete import TabularCPD
    from pgmpy.models import DiscreteBayesianNetwork

    _quiet_pgmpy()
    n_seats = _check_seats(n_seats, "build_multi_network")
    m = n_seats - 1
    r = cpts.betting_round
    actions = _check_opponent_cpts(action_cpts, r, m)
    finals = list(ht.FINAL_TYPES)
    current = list(current_type_names(r))
    upcards = list(upcard_type_names(r))
    nf = len(finals)
    model = DiscreteBayesianNetwork(list(multi_edges(n_seats)))
    cpds = [
        TabularCPD("BPP_Final", nf, cpts.prior_final.reshape(-1, 1), state_names={"BPP_Final": finals}),
        TabularCPD(
            "BPP_Current", len(current), cpts.current_given_final, evidence=["BPP_Final"], evidence_card=[nf],
            state_names={"BPP_Current": current, "BPP_Final": finals},
        ),
    ]
    for i in range(1, m + 1):
        final, cur, up, act = opponent_nodes(i)
        cpds += [
            TabularCPD(final, nf, cpts.prior_final.reshape(-1, 1), state_names={final: finals}),
            TabularCPD(cur, len(current), cpts.current_given_final, evidence=[final], evidence_card=[nf],
                       state_names={cur: current, final: finals}),
            TabularCPD(up, len(upcards), cpts.upcards_given_current, evidence=[cur], evidence_card=[len(current)],
                       state_names={up: upcards, cur: current}),
            TabularCPD(act, len(ACTIONS), actions[i - 1], evidence=[cur], evidence_card=[len(current)],
                       state_names={act: list(ACTIONS), cur: current}),
        ]
    if m == 1:
        parents, names = ["BPP_Final", "OPP1_Final"], {"OPP1_Final": finals}
    else:
        for k in range(2, m + 1):
            node = top_node(k)
            if k == 2:
                ev, ev_names = ["OPP1_Final", "OPP2_Final"], {"OPP1_Final": finals, "OPP2_Final": finals}
            else:
                ev, ev_names = [top_node(k - 1), f"OPP{k}_Final"], {top_node(k - 1): list(top_states(k - 1)), f"OPP{k}_Final": finals}
            cpds.append(
                TabularCPD(node, nf * k, _top_cpt(k), evidence=ev, evidence_card=[len(ev_names[e]) for e in ev],
                           state_names={node: list(top_states(k)), **ev_names})
            )
        parents, names = ["BPP_Final", top_node(m)], {top_node(m): list(top_states(m))}
    cpds.append(
        TabularCPD("BPP_Win", 2, _win_cpt(m), evidence=parents, evidence_card=[nf, len(names[parents[1]])],
                   state_names={"BPP_Win": list(WIN_STATES), "BPP_Final": finals, **names})
    )
    model.add_cpds(*cpds)
    model.check_model()
    return model


def _check_opponent_cpts(action_cpts, betting_round: int, m: int) -> list[np.ndarray]:
    if action_cpts is None:
        return [default_action_cpt(betting_round)] * m
    action_cpts = list(action_cpts)
    if len(action_cpts) != m:
        raise ValueError(f"The 'action_cpts' parameter must hold one M_A|C per opponent ({m}); got {len(action_cpts)}.")
    return [_check_action_cpt(a, betting_round) for a in action_cpts]


def _stem(n_seats: int, betting_round: int) -> str:
    return f"stud_multi{n_seats}_round{betting_round}"


def save_multi_networks(cpts: Sequence[StudCPTs], out_dir: str | os.PathLike[str] | None = None, *,
                        seats: Iterable[int] = SAVED_SEATS) -> list[Path]:
    """Write the networks (½ / ½ M_A|C, §5.2) of every table size in ``seats`` as BIF and XMLBIF.

    ``cpts`` are the four rounds' :class:`StudCPTs` (``load_cpts()``).  Larger
    tables are built from the same pieces by :func:`build_multi_network`
    (their BIF files would run to tens of megabytes of deterministic 0/1
    entries).  Returns the files written (and ``build_info.json``).

    >>> import tempfile
    >>> from bpp.stud.model.networks import load_cpts
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in save_multi_networks(load_cpts(), d, seats=(3,))][:2]
    ['stud_multi3_round0.bif', 'stud_multi3_round0.xmlbif']
    """
    from pgmpy.readwrite import BIFWriter, XMLBIFWriter

    out = Path(MULTI_DIR if out_dir is None else out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for n_seats in seats:
        for c in cpts:
            model = build_multi_network(c, n_seats)
            stem = out / _stem(n_seats, c.betting_round)
            BIFWriter(model).write(str(stem) + ".bif")
            XMLBIFWriter(model).write(str(stem) + ".xmlbif")
            written += [Path(str(stem) + ".bif"), Path(str(stem) + ".xmlbif")]
    info = {
        "what": "BPP at a multi-seat stud table (Korb1999 §6.2): one opponent sub-network per live opponent",
        "seats": list(seats),
        "pieces": "prior, M_C|F, M_U|C of bpp/models/stud/stud_cpts.npz; M_A|C = 1/2 (learned per seat in play)",
    }
    (out / "build_info.json").write_text(json.dumps(info, indent=2, sort_keys=True) + "\n")
    written.append(out / "build_info.json")
    return written


def load_multi_network(n_seats: int = 3, betting_round: int = 0, directory: str | os.PathLike[str] | None = None, *,
                       file_format: str = "bif") -> DiscreteBayesianNetwork:
    """Read a saved multi-seat network back with pgmpy (``file_format`` ``"bif"`` or ``"xmlbif"``).

    >>> load_multi_network(3, 0).check_model()
    True
    """
    from pgmpy.readwrite import BIFReader, XMLBIFReader

    _quiet_pgmpy()
    n_seats = _check_seats(n_seats, "load_multi_network")
    if file_format not in ("bif", "xmlbif"):
        raise ValueError(f"The 'file_format' parameter of load_multi_network must be 'bif' or 'xmlbif'; got {file_format!r}.")
    path = Path(MULTI_DIR if directory is None else directory) / f"{_stem(n_seats, betting_round)}.{file_format}"
    if not path.exists():
        raise ValueError(f"No saved network for {n_seats} seats, round {betting_round}: {path} (saved: {SAVED_SEATS}).")
    reader = BIFReader(str(path)) if file_format == "bif" else XMLBIFReader(str(path))
    return reader.get_model()


class CompiledMultiNet:
    """One round's multi-seat network compiled to numpy (module docstring): a query is lookups and a short product.

    Parameters
    ----------
    cpts : StudCPTs
    n_seats : int
    action_cpts : sequence of ``n_seats - 1`` arrays (2, n_current), optional
        Each opponent's M_A|C (default ½ / ½).

    Attributes
    ----------
    bpp_final_table : ndarray (n_current, 17)
        P(BPP_Final | BPP_Current).
    opp_final_tables : ndarray (m, n_upcards, 3, 17)
        P(OPPi_Final | OPPi_Upcards, OPPi_Action), action index 2 = unobserved.
    """

    def __init__(self, cpts: StudCPTs, n_seats: int = 3, action_cpts: Sequence[ArrayLike] | None = None) -> None:
        self.n_seats = _check_seats(n_seats, "CompiledMultiNet")
        self.betting_round = r = cpts.betting_round
        self.cpts = cpts
        self.action_cpts = _check_opponent_cpts(action_cpts, r, self.n_seats - 1)
        self.current_states = current_type_names(r)
        self.upcard_states = upcard_type_names(r)
        self.bpp_final_table = _normalize_rows(cpts.current_given_final * cpts.prior_final)
        self.opp_final_tables = np.stack([opp_final_tables(cpts, a) for a in self.action_cpts])

    def _evidence(self, opponents):
        opponents = list(opponents)
        if len(opponents) != self.n_seats - 1:
            raise ValueError(f"The 'opponents' parameter of query must hold {self.n_seats - 1} (upcards, action) pairs; got {len(opponents)}.")
        rows = []
        for i, (u, a) in enumerate(opponents):
            ui = _state_index(u, self.upcard_states, "opp_upcards")
            ai = 2 if a is None else _state_index(a, ACTIONS, "opp_action")
            rows.append(self.opp_final_tables[i, ui, ai])
        return np.stack(rows)

    def p_win(self, bpp_current: int | str, opponents: Iterable[tuple[int | str, int | str | None]]) -> float:
        """P(BPP_Win = win | BPP_Current, every opponent's (OPPi_Upcards, OPPi_Action)); action None = unobserved."""
        b = _state_index(bpp_current, self.current_states, "bpp_current")
        return float(multiway_share(self.bpp_final_table[b], self._evidence(opponents)))

    def opp_finals(self, opponents: Iterable[tuple[int | str, int | str | None]]) -> np.ndarray:
        """P(OPPi_Final | that opponent's evidence) for every opponent: shape (m, 17)."""
        return self._evidence(opponents)

    def to_network(self) -> DiscreteBayesianNetwork:
        """The pgmpy network with these CPTs (:func:`build_multi_network`)."""
        return build_multi_network(self.cpts, self.n_seats, self.action_cpts)

    def __repr__(self) -> str:
        return f"CompiledMultiNet(betting_round={self.betting_round}, n_seats={self.n_seats})"


def draw_multi_network(ax: Axes | None = None, *, n_seats: int = 3, betting_round: int = 0) -> dict[str, Any]:
    """Draw the ``n_seats`` table's network (observed nodes shaded, the per-seat halves side by side).

    Returns the artists: ``nodes``, ``edges``, ``labels``.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> sorted(draw_multi_network(n_seats=3))
    ['edges', 'labels', 'nodes']
    """
    import networkx as nx

    from bpp.plots import axes_or_new

    n_seats = _check_seats(n_seats, "draw_multi_network")
    m = n_seats - 1
    ax = axes_or_new(ax, figsize=(2.6 * (m + 1), 6.0))
    edges = list(multi_edges(n_seats))
    pos = {"BPP_Final": (0.0, 3.0), "BPP_Current": (0.0, 1.5), "BPP_Win": (1.0, 4.2)}
    for i in range(1, m + 1):
        final, cur, up, act = opponent_nodes(i)
        x = 1.6 * i
        pos.update({final: (x, 3.0), cur: (x, 1.5), up: (x - 0.4, 0.0), act: (x + 0.4, 0.0)})
    for k in range(2, m + 1):
        pos[top_node(k)] = (1.6 * k - 0.8, 4.2 + 0.5 * (k - 1))
    sizes = {"BPP_Final": 17, "BPP_Win": 2, "BPP_Current": len(current_type_names(betting_round))}
    for i in range(1, m + 1):
        final, cur, up, act = opponent_nodes(i)
        sizes.update({final: 17, cur: len(current_type_names(betting_round)), up: len(upcard_type_names(betting_round)), act: 2})
    for k in range(2, m + 1):
        sizes[top_node(k)] = 17 * k
    observed = {"BPP_Current"} | {n for i in range(1, m + 1) for n in opponent_nodes(i)[2:]}
    graph = nx.DiGraph(edges)
    colors = ["#c9d9f0" if n in observed else ("#f6e3c6" if n.startswith("OPP_Top") else "#ffffff") for n in graph.nodes()]
    nodes = nx.draw_networkx_nodes(graph, pos, ax=ax, node_size=2600, node_color=colors, edgecolors="#333333")
    drawn = nx.draw_networkx_edges(graph, pos, ax=ax, arrows=True, arrowsize=12, node_size=2600, edge_color="#333333")
    labels = nx.draw_networkx_labels(graph, pos, labels={n: f"{n}\n{sizes[n]}" for n in graph.nodes()}, ax=ax, font_size=6)
    ax.set_axis_off()
    return {"nodes": nodes, "edges": drawn, "labels": labels}

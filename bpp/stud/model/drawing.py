"""Drawing Figure 1 (Korb1999 §3.1) and the §6 variants' networks with networkx.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> sorted(draw_network(betting_round=3)["labels"])[:2]
['BPP_Current', 'BPP_Final']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bpp.stud.model.figure1 import EDGES, N_ROUNDS, NODES, _check_round
from bpp.stud.model.networks import build_network, load_cpts

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from matplotlib.axes import Axes
    from pgmpy.models import DiscreteBayesianNetwork

__all__ = ["FIGURE1_LAYOUT", "OBSERVED", "draw_network"]

#: Node positions of Figure 1: BPP_Win on top, the finals below it, then the current types and the evidence.
FIGURE1_LAYOUT = {
    "BPP_Win": (0.5, 3.0),
    "OPP_Final": (0.0, 2.0),
    "BPP_Final": (1.0, 2.0),
    "OPP_Current": (0.0, 1.0),
    "BPP_Current": (1.0, 1.0),
    "OPP_Action": (-0.5, 0.0),
    "OPP_Upcards": (0.5, 0.0),
}
#: Nodes observed during play (§3.1): shaded in the drawing.
OBSERVED = ("BPP_Current", "OPP_Upcards", "OPP_Action")


def draw_network(ax: Axes | None = None, *, betting_round: int | None = None,
                 networks: Sequence[DiscreteBayesianNetwork] | None = None,
                 layout: Mapping[str, tuple[float, float]] | None = None, observed: Sequence[str] = ()) -> dict[str, Any]:
    """Draw the structure of Figure 1 (§3.1) or a §6 variant's with networkx; observed nodes shaded.

    Parameters
    ----------
    ax : matplotlib.axes.Axes, optional
        Default: a new figure's axes.
    betting_round : int, optional
        Label the nodes with that round's number of states; default: the
        numbers of all four rounds (``10/14/16/17``).
    networks : sequence of 4 DiscreteBayesianNetwork, optional
        The per-round networks to draw (default Figure 1's).  Nodes and arcs
        that Figure 1 does not have are drawn in red.
    layout : dict, optional
        Positions of nodes not in :data:`FIGURE1_LAYOUT`, or moved (same units).
    observed : sequence of str
        Observed nodes besides :data:`OBSERVED`.

    Returns
    -------
    dict
        The artists: ``nodes`` (PathCollection), ``edges`` (list), ``labels`` (dict of Text).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> artists = draw_network(betting_round=0)
    >>> sorted(artists)
    ['edges', 'labels', 'nodes']
    >>> artists["labels"]["OPP_Upcards"].get_text()
    'OPP_Upcards\\n5 states'
    >>> draw_network(networks=[build_network(c) for c in load_cpts()[:3]])
    Traceback (most recent call last):
    ...
    ValueError: The 'networks' parameter of draw_network must hold the 4 rounds' networks; got 3.
    """
    import matplotlib.pyplot as plt
    import networkx as nx

    if networks is None:
        networks = [build_network(c) for c in load_cpts()]
    networks = list(networks)
    if len(networks) != N_ROUNDS:
        raise ValueError(f"The 'networks' parameter of draw_network must hold the 4 rounds' networks; got {len(networks)}.")
    rounds = range(N_ROUNDS) if betting_round is None else [_check_round(betting_round, "draw_network")]
    graph = nx.DiGraph()
    graph.add_nodes_from(networks[rounds[0]].nodes())
    graph.add_edges_from(networks[rounds[0]].edges())
    pos = {**FIGURE1_LAYOUT, **(layout or {})}
    missing = sorted(set(graph.nodes()) - set(pos))
    if missing:
        raise ValueError(f"The 'layout' parameter of draw_network must place every node Figure 1 lacks; missing {missing}.")
    pos = {n: pos[n] for n in graph.nodes()}
    sizes = {n: [len(networks[r].get_cpds(n).state_names[n]) for r in rounds] for n in graph.nodes()}
    if ax is None:
        ax = plt.figure(figsize=(6.4, 5.2)).add_subplot()
    seen = set(OBSERVED) | set(observed)
    red, ink = "#c0392b", "#333333"
    nodes = nx.draw_networkx_nodes(
        graph, pos, ax=ax, node_shape="o", node_size=6000, node_color=["#c9d9f0" if n in seen else "#ffffff" for n in graph.nodes()],
        edgecolors=[ink if n in NODES else red for n in graph.nodes()], linewidths=[1.0 if n in NODES else 2.0 for n in graph.nodes()],
    )
    old = [e for e in graph.edges() if e in EDGES]
    new = [e for e in graph.edges() if e not in EDGES]
    edges = list(nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=old, arrows=True, arrowsize=18, node_size=6000, edge_color=ink))
    if new:
        edges += list(nx.draw_networkx_edges(
            graph, pos, ax=ax, edgelist=new, arrows=True, arrowsize=18, node_size=6000, edge_color=red, width=2.0,
        ))
    labels = {}
    for node in graph.nodes():
        counts = sorted(set(sizes[node]))
        text = "/".join(str(n) for n in sizes[node]) if len(counts) > 1 else str(counts[0])
        labels[node] = f"{node}\n{text} states"
    texts = nx.draw_networkx_labels(graph, pos, labels=labels, ax=ax, font_size=8)
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    ax.set_xlim(min(xs) - 0.5, max(xs) + 0.5)
    ax.set_ylim(min(ys) - 0.5, max(ys) + 0.5)
    ax.set_axis_off()
    return {"nodes": nodes, "edges": edges, "labels": texts}

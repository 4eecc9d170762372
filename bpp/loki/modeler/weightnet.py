"""A weight table as the Bayesian network it is: prior × likelihoods → posterior.

Component: the opponent modeler — the weight-table update as a Bayesian network (Billings2002 §6 "updating weight table").

Poki's re-weighting (Billings2002 "updating weight table") is Bayes' rule: "in
Bayesian terms, the old weight table represents the prior distribution of the
opponent's cards, and the new weight table is the posterior distribution"
(Billings2002).  The network has one hidden node and one child per observed action::

    H (1,326 states: the opponent's holding; CPT = the prior weights, normalised)
    ├── A1 (fold / call / raise; CPT = P(A1 | H), the probability triples of that action's context)
    ├── A2 …
    └── Ak

With every ``A_i`` observed, the posterior of ``H`` is
``prior · Π_i PT_i[a_i]`` normalised — exactly the weight table after ``k``
re-weightings.  :class:`WeightNetwork` keeps the prior and the observed
actions as numpy arrays (the compiled form, used in play: a few
microseconds per action), builds the pgmpy ``DiscreteBayesianNetwork``
on demand (:meth:`WeightNetwork.to_pgmpy`), and answers the posterior either
way; the tests check that both agree after every action of recorded hands.
:func:`compile_network` goes the other way: from a pgmpy network back to the
numpy tables.

Examples
--------
>>> import numpy as np
>>> from bpp.loki.modeler.weightnet import WeightNetwork
>>> pt = np.tile([0.2, 0.5, 0.3], (1326, 1)); pt[:663] = [0.0, 0.1, 0.9]
>>> net = WeightNetwork(dead_cards="As Kd").observe(pt, "raise", context="flop, 0 to call")
>>> post = net.posterior()
>>> bool(np.allclose(post, net.pgmpy_posterior()))
True
>>> net.node_names
('H', 'A1')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from bpp.loki.modeler.weights import ACTION_NAMES, WeightTable, _check_action
from holdem.cards import CardsLike, format_cards
from holdem.ranges import HOLDINGS, N_HOLDINGS

if TYPE_CHECKING:
    from collections.abc import Iterable

    from numpy.typing import ArrayLike
    from pgmpy.models import DiscreteBayesianNetwork

__all__ = ["HOLDING_STATES", "Observation", "WeightNetwork", "compile_network"]

#: State names of the holding node: ``"2c2d"``, ``"2c2h"``, … ``"AhAs"`` (:data:`holdem.ranges.HOLDINGS` order).
HOLDING_STATES: tuple[str, ...] = tuple(format_cards(HOLDINGS, sep=""))


@dataclass(frozen=True, eq=False)
class Observation:
    """One observed action: its node's CPT (the triples, (1326, 3)), the action taken, a context label."""

    triples: np.ndarray
    action: int
    context: str = ""


def _clean_triples(triples) -> np.ndarray:
    arr = np.array(triples, dtype=np.float64)
    if arr.shape != (N_HOLDINGS, 3):
        raise ValueError(f"The 'triples' parameter must have shape (1326, 3); got shape {arr.shape}.")
    if not np.all(np.isfinite(arr)) or np.any(arr < 0) or not np.allclose(arr.sum(axis=1), 1.0, atol=1e-9):
        raise ValueError("The 'triples' parameter must hold probabilities: non-negative rows summing to 1.")
    arr.flags.writeable = False
    return arr


class WeightNetwork:
    """One opponent's weight table as a network: holding node ``H`` and one action node per action.

    Immutable: :meth:`observe` returns a new network with one more action node.

    Parameters
    ----------
    prior : WeightTable or array_like of shape (1326,), optional
        The prior weights (relative; default all 1).
    dead_cards : optional
        Known cards: their holdings get prior 0.
    observations : sequence of Observation, optional
        Actions already observed.

    Examples
    --------
    >>> WeightNetwork(np.zeros(1326)).posterior()
    Traceback (most recent call last):
    ...
    ValueError: the weight table has no weight left (every holding has weight 0)
    """

    def __init__(self, prior: WeightTable | ArrayLike | None = None, *, dead_cards: CardsLike | None = None,
                 observations: Iterable[Observation] = ()) -> None:
        if isinstance(prior, WeightTable):
            prior = prior.weights
        self.prior = WeightTable(prior, dead_cards=dead_cards)
        self.observations: tuple[Observation, ...] = tuple(observations)

    @property
    def node_names(self) -> tuple[str, ...]:
        """``("H", "A1", …, "Ak")``."""
        return ("H",) + tuple(f"A{i + 1}" for i in range(len(self.observations)))

    def observe(self, triples: ArrayLike, action: int | str, *, context: str = "") -> "WeightNetwork":
        """A network with one more action node: CPT ``triples`` (1326, 3), observed ``action``.

        Examples
        --------
        >>> WeightNetwork().observe(np.ones((1326, 3)), "call")
        Traceback (most recent call last):
        ...
        ValueError: The 'triples' parameter must hold probabilities: non-negative rows summing to 1.
        """
        obs = Observation(_clean_triples(triples), _check_action(action), context)
        return WeightNetwork(self.prior, observations=self.observations + (obs,))

    # --- compiled -------------------------------------------------------------------------------

    def table(self) -> WeightTable:
        """The weight table after every observed action (unnormalised): ``prior · Π PT_i[a_i]``."""
        table = self.prior
        for obs in self.observations:
            table = WeightTable._trusted(table.weights * obs.triples[:, obs.action], table.live)
        return table

    def posterior(self) -> np.ndarray:
        """P(H | A1 … Ak) by the compiled numpy update: (1326,) float64 summing to 1."""
        return self.table().probabilities

    # --- pgmpy ----------------------------------------------------------------------------------

    def to_pgmpy(self) -> DiscreteBayesianNetwork:
        """The pgmpy ``DiscreteBayesianNetwork`` (checked with ``check_model``).

        Examples
        --------
        >>> model = WeightNetwork().observe(np.tile([0.1, 0.6, 0.3], (1326, 1)), "call").to_pgmpy()
        >>> sorted(model.nodes()), int(model.get_cardinality("H"))
        (['A1', 'H'], 1326)
        """
        from pgmpy.factors.discrete import TabularCPD
        from pgmpy.models import DiscreteBayesianNetwork

        names = self.node_names
        model = DiscreteBayesianNetwork([("H", a) for a in names[1:]])
        model.add_node("H")
        prior = self.prior.probabilities
        cpds = [TabularCPD("H", N_HOLDINGS, prior[:, None], state_names={"H": list(HOLDING_STATES)})]
        for node, obs in zip(names[1:], self.observations):
            cpds.append(
                TabularCPD(
                    node,
                    3,
                    obs.triples.T,
                    evidence=["H"],
                    evidence_card=[N_HOLDINGS],
                    state_names={node: list(ACTION_NAMES), "H": list(HOLDING_STATES)},
                )
            )
        model.add_cpds(*cpds)
        model.check_model()
        return model

    def evidence(self) -> dict[str, str]:
        """The observed actions as pgmpy evidence: ``{"A1": "call", …}``."""
        return {node: ACTION_NAMES[obs.action] for node, obs in zip(self.node_names[1:], self.observations)}

    def pgmpy_posterior(self, model: DiscreteBayesianNetwork | None = None) -> np.ndarray:
        """P(H | A1 … Ak) by pgmpy's ``VariableElimination`` (slow: for tests and inspection)."""
        from pgmpy.inference import VariableElimination

        model = model if model is not None else self.to_pgmpy()
        evidence = self.evidence()
        if not evidence:
            factor = model.get_cpds("H")
            return np.asarray(factor.values, dtype=np.float64).reshape(-1)
        result = VariableElimination(model).query(["H"], evidence=evidence, show_progress=False)
        order = [result.state_names["H"].index(s) for s in HOLDING_STATES]
        return np.asarray(result.values, dtype=np.float64)[order]


def compile_network(model: DiscreteBayesianNetwork, evidence: dict[str, str]) -> WeightNetwork:
    """Read a pgmpy network of this shape back into a :class:`WeightNetwork` (the compiled tables).

    Parameters
    ----------
    model : pgmpy DiscreteBayesianNetwork
        Holding node ``H`` (states :data:`HOLDING_STATES`) and action children.
    evidence : dict
        The observed action of each child node, e.g. ``{"A1": "call"}``.

    Examples
    --------
    >>> net = WeightNetwork().observe(np.tile([0.1, 0.6, 0.3], (1326, 1)), "call")
    >>> again = compile_network(net.to_pgmpy(), net.evidence())
    >>> bool(np.allclose(again.posterior(), net.posterior()))
    True
    >>> compile_network(net.to_pgmpy(), {"A9": "call"})
    Traceback (most recent call last):
    ...
    ValueError: evidence names node 'A9', which is not an action node of the network (A1)
    """
    children = sorted(model.get_children("H"), key=lambda n: (len(n), n))
    for node in evidence:
        if node not in children:
            raise ValueError(
                f"evidence names node {node!r}, which is not an action node of the network ({', '.join(children)})"
            )
    h = model.get_cpds("H")
    order = [h.state_names["H"].index(s) for s in HOLDING_STATES]
    network = WeightNetwork(np.asarray(h.values, dtype=np.float64).reshape(-1)[order])
    for node in children:
        if node not in evidence:
            continue
        cpd = model.get_cpds(node)
        cpd_order = [cpd.state_names["H"].index(s) for s in HOLDING_STATES]
        actions = [cpd.state_names[node].index(a) for a in ACTION_NAMES]
        values = np.asarray(cpd.get_values(), dtype=np.float64)[np.ix_(actions, cpd_order)]
        network = network.observe(values.T, evidence[node], context=node)
    return network

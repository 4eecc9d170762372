"""Any discrete Bayesian network compiled to numpy tables: every BPP variant's inference (Korb1999 §3.4, §6).

BPP answers P(BPP_Win | evidence) at every decision; pgmpy's
``VariableElimination`` takes milliseconds per query, so every posterior the
player needs is precomputed for every combination of the observed nodes' states
and a query is a table lookup.  :class:`CompiledNetwork` does this for *any*
network, given as its conditional probability tables (:class:`Factor`, one per
node; :func:`factors_of` reads them from a pgmpy ``DiscreteBayesianNetwork``):

* the joint of the observed nodes and one query node is one ``numpy.einsum``
  over every table, the hidden nodes summed out;
* an observed node listed in ``optional`` gets one more state, "unobserved"
  (index ``n_states``): the joint summed over that node;
* the posterior is the joint normalised over the query node's axis
  (impossible evidence gives NaN).

Learning replaces a few tables between hands (OPP_Action's, §3.3): the nodes
listed in ``learned`` are kept apart, every other table is contracted once,
and :meth:`CompiledNetwork.refit` recomputes the tables from new values of the
learned ones by one small ``einsum`` per query node.

The tests check every BPP variant's network against pgmpy's
``VariableElimination`` (``tests/stud/test_stud_compiled.py``).

Examples
--------
>>> from bpp.stud.model.networks import build_network, load_cpts
>>> model = build_network(load_cpts()[3])
>>> net = CompiledNetwork.from_network(model, observed=("BPP_Current", "OPP_Upcards", "OPP_Action"),
...                                    query=("BPP_Win", "OPP_Final"), optional=("OPP_Action",))
>>> round(float(net.query(BPP_Current="pair_aces", OPP_Upcards="pair_kings", OPP_Action="aggressive")["BPP_Win"][1]), 4)
0.8333
>>> net.table("BPP_Win", "win").shape                 # BPP_Current × OPP_Upcards × (passive, aggressive, unobserved)
(17, 16, 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

if TYPE_CHECKING:
    from typing import Any

    from pgmpy.models import DiscreteBayesianNetwork

__all__ = ["Factor", "CompiledNetwork", "WinTables", "compile_round", "factors_of", "network_of", "BELIEFS", "EVIDENCE"]


class Factor(NamedTuple):
    """One node's conditional probability table.

    Attributes
    ----------
    variables : tuple of str
        The node, then its parents.
    values : numpy.ndarray
        One axis per variable in that order; summing over axis 0 gives 1.
    """

    variables: tuple
    values: np.ndarray


def factors_of(model: DiscreteBayesianNetwork) -> tuple[dict, dict]:
    """The tables and state names of a pgmpy ``DiscreteBayesianNetwork``: ``({node: Factor}, {node: states})``.

    >>> from bpp.stud.model.networks import build_network, load_cpts
    >>> factors, states = factors_of(build_network(load_cpts()[0]))
    >>> factors["OPP_Action"].variables, factors["OPP_Action"].values.shape, states["OPP_Action"]
    (('OPP_Action', 'OPP_Current'), (2, 10), ('passive', 'aggressive'))
    """
    factors: dict[str, Factor] = {}
    states: dict[str, tuple] = {}
    for cpd in model.get_cpds():
        variables = tuple(cpd.variables)
        factors[variables[0]] = Factor(variables, np.asarray(cpd.values, dtype=np.float64))
        for v in variables:
            states.setdefault(v, tuple(str(s) for s in cpd.state_names[v]))
    return factors, states


def network_of(factors: Mapping, states: Mapping) -> DiscreteBayesianNetwork:
    """The pgmpy ``DiscreteBayesianNetwork`` of the tables (the inverse of :func:`factors_of`).

    >>> from bpp.stud.model.networks import build_network, load_cpts
    >>> model = network_of(*factors_of(build_network(load_cpts()[0])))
    >>> model.check_model(), sorted(model.get_parents("BPP_Win"))
    (True, ['BPP_Final', 'OPP_Final'])
    """
    from pgmpy import config
    from pgmpy.factors.discrete import TabularCPD
    from pgmpy.models import DiscreteBayesianNetwork

    config.set_show_progress(False)
    model = DiscreteBayesianNetwork()
    model.add_nodes_from(factors)
    model.add_edges_from((p, f.variables[0]) for f in factors.values() for p in f.variables[1:])
    cpds = []
    for node, f in factors.items():
        parents = list(f.variables[1:])
        values = np.asarray(f.values, dtype=np.float64).reshape(f.values.shape[0], -1)
        cpds.append(TabularCPD(node, values.shape[0], values, evidence=parents or None,
                               evidence_card=[len(states[p]) for p in parents] or None,
                               state_names={v: list(states[v]) for v in f.variables}))
    model.add_cpds(*cpds)
    model.check_model()
    return model


class CompiledNetwork:
    """One discrete Bayesian network compiled to numpy tables over every evidence combination (§3.4).

    Parameters
    ----------
    factors : mapping of str to Factor
        Every node's table (:func:`factors_of` reads them from pgmpy).
    states : mapping of str to tuple of str
        Every node's state names.
    observed : sequence of str
        The evidence nodes, in the order of the tables' leading axes.
    query : sequence of str
        The nodes whose posteriors are tabled (none of them observed).
    optional : sequence of str
        Observed nodes that may be unobserved: their axis has one more index,
        ``len(states[node])``, meaning "not observed".
    learned : sequence of str
        Nodes whose tables :meth:`refit` may replace.

    Attributes
    ----------
    tables : dict of str to numpy.ndarray
        ``tables[q][s, e1, ..., ek]`` = P(q = s | evidence), read-only (the query node first: a state's table is
        contiguous).

    Examples
    --------
    >>> from bpp.stud.model.networks import build_network, load_cpts
    >>> net = CompiledNetwork.from_network(build_network(load_cpts()[0]), observed=("BPP_Current", "OPP_Upcards", "OPP_Action"),
    ...                                    query=("BPP_Win",), optional=("OPP_Action",), learned=("OPP_Action",))
    >>> shy = net.refit(OPP_Action=np.tile([[0.9], [0.1]], (1, 10)))      # rarely aggressive, whatever it holds
    >>> i = shy.index(BPP_Current="pair_aces", OPP_Upcards="busted_ace")   # OPP_Action missing: unobserved
    >>> i, shy.table("BPP_Win", "win")[i] == net.table("BPP_Win", "win")[i]
    ((9, 4, 2), np.True_)
    >>> net.query(BPP_Current=0, OPP_Upcards=0, OPP_Action="bold")
    Traceback (most recent call last):
    ...
    ValueError: The 'OPP_Action' evidence of query must be None (unobserved), a state in ('passive', 'aggressive') or its index; got 'bold'.
    """

    def __init__(self, factors: Mapping, states: Mapping, *, observed: Sequence[str], query: Sequence[str],
                 optional: Sequence[str] = (), learned: Sequence[str] = ()):
        factors = dict(factors)
        self._factors = factors
        self.states = {v: tuple(s) for v, s in states.items()}
        self.observed = tuple(observed)
        self.query_nodes = tuple(query)
        self.optional = tuple(optional)
        self.learned = tuple(learned)
        for what, nodes in (("observed", self.observed), ("query", self.query_nodes), ("optional", self.optional),
                            ("learned", self.learned)):
            unknown = [n for n in nodes if n not in factors]
            if unknown:
                raise ValueError(f"The '{what}' parameter of CompiledNetwork must name nodes of the network; got {unknown}.")
        if set(self.query_nodes) & set(self.observed) or set(self.optional) - set(self.observed):
            raise ValueError("The 'query' nodes of CompiledNetwork must not be observed, and every 'optional' node must be.")
        letters = {v: chr(ord("a") + i) if i < 26 else chr(ord("A") + i - 26) for i, v in enumerate(self.states)}
        self._letters = letters
        self._learned = {n: factors[n] for n in self.learned}
        base = [f for n, f in factors.items() if n not in self.learned]
        learned_vars = {v for f in self._learned.values() for v in f.variables}
        base_vars = {v for f in base for v in f.variables}
        # With one optional node, its "unobserved" slice sums the node out: its own table sums to 1, and so then does
        # every learned table whose child nothing else mentions (a barren node), so when all the learned tables go that
        # way the slice does not depend on them and is computed once (the paper's OPP_Action: the column never changes).
        self._fixed = None
        if len(self.optional) == 1 and self._learned:
            node = self.optional[0]
            left = dict(self._learned)
            while True:
                mentioned = {v for f in base for v in f.variables} | {v for f in left.values() for v in f.variables[1:]}
                barren = [n for n in left if n == node or (n not in mentioned and n not in self.observed + self.query_nodes)]
                if not barren:
                    break
                for n in barren:
                    del left[n]
            self._fixed = node if not left else None
        self._plans = {}
        for q in self.query_nodes:
            out = (q,) + self.observed
            keep = tuple(v for v in out + tuple(sorted(learned_vars - set(out))) if v in base_vars and (v in out or v in learned_vars))
            spec = ",".join("".join(letters[v] for v in f.variables) for f in base) + "->" + "".join(letters[v] for v in keep)
            partial = np.einsum(spec, *(f.values for f in base), optimize="greedy")
            shape = tuple(len(self.states[v]) + (v in self.optional) for v in out)
            plan: dict = {"keep": keep, "partial": partial, "shape": shape, "spec": None, "path": None, "fixed": None, "dot": None}
            if self._learned:
                operands = [partial] + [f.values for f in self._learned.values()]
                plan["spec"] = ",".join("".join(letters[v] for v in vs) for vs in [keep] + [f.variables for f in self._learned.values()]) \
                    + "->" + "".join(letters[v] for v in out)
                plan["path"] = np.einsum_path(plan["spec"], *operands, optimize="greedy")[0]
                if len(self._learned) == 1:
                    # one learned table: a (batched) matrix product with the rest contracted once — the nodes it
                    # shares with the rest are summed (``shared``) or kept as evidence (``batch``), its own are new
                    (node, factor), = self._learned.items()
                    batch = [v for v in factor.variables if v in keep and v in out]
                    shared = [v for v in factor.variables if v in keep and v not in out]
                    new = [v for v in factor.variables if v not in keep]
                    rest = [v for v in keep if v not in batch and v not in shared]
                    nb, ns = (int(np.prod([len(self.states[v]) for v in vs])) for vs in (batch, shared))
                    matrix = partial.transpose([keep.index(v) for v in batch + rest + shared]).reshape(nb, -1, ns)
                    matrix = np.ascontiguousarray(matrix[0] if nb == 1 else matrix)
                    result = batch + rest + new
                    plan["dot"] = (node, matrix, [factor.variables.index(v) for v in batch + shared + new],
                                   (ns, -1) if nb == 1 else (nb, ns, -1),
                                   tuple(len(self.states[v]) for v in result), [result.index(v) for v in out])
                if self._fixed is not None:
                    spec = "".join(letters[v] for v in keep) + "->" + "".join(letters[v] for v in out if v != self._fixed)
                    plan["fixed"] = np.einsum(spec, partial)
                    with np.errstate(invalid="ignore", divide="ignore"):
                        plan["fixed_posterior"] = plan["fixed"] / plan["fixed"].sum(axis=0)
            self._plans[q] = plan
        # the tables' observed part, and per optional node (axis, its "unobserved" index, the part it sums)
        self._observed_part = (slice(None),) + tuple(slice(0, len(self.states[v])) for v in self.observed)
        self._unobserved = tuple((i + 1, (slice(None),) * (i + 1) + (len(self.states[v]),),
                                  (slice(None),) * (i + 1) + (slice(0, len(self.states[v])),))
                                 for i, v in enumerate(self.observed) if v in self.optional)
        self._index = {n: {**{s: i for i, s in enumerate(self.states[n])}, **{i: i for i in range(len(self.states[n]))}}
                       for n in self.observed}
        self.tables = self._compile(self._learned)

    @classmethod
    def from_network(cls, model: DiscreteBayesianNetwork, **kwargs: Any) -> "CompiledNetwork":
        """Compile a pgmpy ``DiscreteBayesianNetwork`` (keywords as the class)."""
        factors, states = factors_of(model)
        return cls(factors, states, **kwargs)

    def _joint(self, plan: dict, learned: Mapping) -> np.ndarray:
        """The joint of the query node and the observed nodes (observed states only), up to a constant."""
        if plan["dot"] is not None:
            node, matrix, axes, size, shape, order = plan["dot"]
            values = learned[node].values.transpose(axes).reshape(size)
            return np.matmul(matrix, values).reshape(shape).transpose(order)
        if learned:
            return np.einsum(plan["spec"], plan["partial"], *(f.values for f in learned.values()), optimize=plan["path"])
        return plan["partial"]

    def _compile(self, learned: Mapping) -> dict:
        tables = {}
        observed = self._observed_part
        with np.errstate(invalid="ignore", divide="ignore"):
            for q, plan in self._plans.items():
                table = np.empty(plan["shape"])
                table[observed] = self._joint(plan, learned)
                for axis, extra, part in self._unobserved:
                    table[extra] = plan["fixed"] if plan["fixed"] is not None else table[part].sum(axis=axis)
                table /= table.sum(axis=0)  # impossible evidence → NaN
                table.flags.writeable = False
                tables[q] = table
        return tables

    def _replaced(self, values: Mapping) -> dict:
        learned = dict(self._learned)
        for node, v in values.items():
            if node not in learned:
                raise ValueError(f"The tables given to refit must be of the learned nodes {self.learned}; got {node!r}.")
            v = np.asarray(v, dtype=np.float64)
            if v.shape != learned[node].values.shape:
                raise ValueError(f"The {node} table given to refit must have shape {learned[node].values.shape}; got {v.shape}.")
            learned[node] = Factor(learned[node].variables, v)
        return learned

    def _fast_plan(self, node: str, state: str):
        """What :class:`WinTables` needs to refit one state's table by one matrix product (None if it cannot)."""
        plan = self._plans[node]
        if plan["dot"] is None or len(self._unobserved) != 1 or plan["fixed"] is None:
            return None
        s = self.states[node].index(state)
        _, matrix, axes, size, shape, order = plan["dot"]
        return (matrix, axes, size, shape, order, s, self._observed_part[1:], self._unobserved[0][1][1:],
                plan["fixed_posterior"][s])

    def refit_table(self, node: str, state: str, values: Mapping) -> np.ndarray:
        """P(node = state | evidence) with the learned tables replaced, computed alone (the between-hands fast path).

        Equal to ``refit(values).table(node, state)`` without building the other tables.
        """
        learned = self._replaced(values)
        plan = self._plans[node]
        if len(self._unobserved) > 1 or (self._unobserved and plan["fixed"] is None):
            return self.refit(values).table(node, state)
        s = self.states[node].index(state)
        joint = self._joint(plan, learned)
        out = np.empty(plan["shape"][1:])
        with np.errstate(invalid="ignore", divide="ignore"):
            np.divide(joint[s], joint.sum(axis=0), out=out[self._observed_part[1:]])
        for _, extra, _ in self._unobserved:
            out[extra[1:]] = plan["fixed_posterior"][s]
        out.flags.writeable = False
        return out

    def refit(self, values: Mapping | None = None, **more: Any) -> "CompiledNetwork":
        """A network with the learned nodes' tables replaced (``node=values``, the :class:`Factor` layout).

        The other tables are shared, not recomputed.
        """
        learned = self._replaced({**(values or {}), **more})
        out = object.__new__(CompiledNetwork)
        out.__dict__.update(self.__dict__)
        out._learned = learned
        out.tables = out._compile(learned)
        return out

    def factors(self) -> dict:
        """Every node's table, the learned ones as refit (node → :class:`Factor`)."""
        return {**self._factors, **self._learned}

    def to_network(self) -> DiscreteBayesianNetwork:
        """The pgmpy ``DiscreteBayesianNetwork`` with these tables (for drawing, the explorer and checks)."""
        return network_of(self.factors(), self.states)

    def table(self, node: str, state: str) -> np.ndarray:
        """P(node = state | evidence) over every evidence combination (a read-only, contiguous view into :attr:`tables`)."""
        return self.tables[node][self.states[node].index(state)]

    def index(self, evidence: Mapping | None = None, **more: Any) -> tuple:
        """The tables' leading indices of ``evidence`` (state names or indices; an optional node missing or None: unobserved)."""
        evidence = {**(evidence or {}), **more}
        out = []
        for node in self.observed:
            value = evidence.get(node)
            states = self.states[node]
            if value is None and node in self.optional:
                out.append(len(states))
                continue
            i = None if isinstance(value, (bool, float, np.bool_, np.floating)) else self._index[node].get(value)
            if i is None:
                unobserved = "None (unobserved), " if node in self.optional else ""
                raise ValueError(f"The {node!r} evidence of query must be {unobserved}a state in {states} or its index; got {value!r}.")
            out.append(i)
        return tuple(out)

    def query(self, evidence: Mapping | None = None, **more: Any) -> dict:
        """Posterior of every query node given ``evidence`` (node → read-only probability vector)."""
        i = self.index(evidence, **more)
        return {q: t[(slice(None),) + i] for q, t in self.tables.items()}

    def __repr__(self) -> str:
        return f"CompiledNetwork(observed={self.observed}, query={self.query_nodes}, learned={self.learned})"


#: Figure 1's evidence of a round (§3.1), in the tables' axis order; OPP_Action may be unobserved.
EVIDENCE = ("BPP_Current", "OPP_Upcards", "OPP_Action")
#: The posteriors BPP reports besides P(BPP_Win): the opponent's current and final types, its own final type.
BELIEFS = ("BPP_Win", "OPP_Current", "OPP_Final", "BPP_Final")


def compile_round(network: DiscreteBayesianNetwork, observed: Sequence[str] = EVIDENCE, *, query: Sequence[str] = BELIEFS,
                  learned: Sequence[str] = ()) -> CompiledNetwork:
    """One round's network (``(factors, states)``, as a variant's builder gives it) compiled for BPP's beliefs.

    OPP_Action is the optional evidence (unobserved before the opponent acts in the round).

    >>> from bpp.stud.model.figure1 import figure1_factors
    >>> from bpp.stud.model.networks import load_cpts
    >>> net = compile_round(figure1_factors(load_cpts()[3]))
    >>> round(float(net.query(BPP_Current="pair_aces", OPP_Upcards="pair_kings", OPP_Action="aggressive")["BPP_Win"][1]), 4)
    0.8333
    """
    return CompiledNetwork(*network, observed=observed, query=query, optional=("OPP_Action",), learned=learned)


class WinTables:
    """P(BPP_Win = win | evidence) of the four rounds' networks, refit together between hands (§3.3, §3.4).

    The one fast path every network-per-round BPP plays from: ``tables[r][e1, ..., ek]`` for the round's
    evidence (the order of ``observed``), read with ``ndarray.item``; :meth:`refit` replaces the learned tables.

    Parameters
    ----------
    networks : sequence of 4 (factors, states) or CompiledNetwork (the priors: :meth:`refit` computes new tables from them)
        Each round's network as its tables (:func:`factors_of`, or a variant's builder, no pgmpy), or already
        compiled (immutable, so shared between players).
    observed, optional, learned : sequence of str
        As :class:`CompiledNetwork`.

    Examples
    --------
    >>> from bpp.stud.model.figure1 import figure1_factors
    >>> from bpp.stud.model.networks import load_cpts
    >>> t = WinTables([figure1_factors(c) for c in load_cpts()], observed=("BPP_Current", "OPP_Upcards", "OPP_Action"),
    ...               optional=("OPP_Action",), learned=("OPP_Action",))
    >>> t.tables[2].shape, round(t.tables[3].item(16, 15, 2), 3)
    ((16, 14, 3), 1.0)
    """

    def __init__(self, networks: Sequence[DiscreteBayesianNetwork], *, observed: Sequence[str], optional: Sequence[str] = (), learned: Sequence[str] = ()):
        self.learned = tuple(learned)
        self.nets = tuple(n if isinstance(n, CompiledNetwork) else
                          CompiledNetwork(*n, observed=observed, query=("BPP_Win",), optional=optional, learned=learned)
                          for n in networks)
        self.tables = [net.table("BPP_Win", "win") for net in self.nets]
        # one learned table, its "unobserved" slice fixed: each round's refit is one matrix product (the common case)
        self._fast = [net._fast_plan("BPP_Win", "win") for net in self.nets]

    def refit(self, learned: Sequence[np.ndarray | Mapping[str, np.ndarray]]) -> "WinTables":
        """New values of the learned tables, one per round (a float array of the node's CPT shape if one node is learned,
        else node → array); self."""
        tables = []
        for net, fast, values in zip(self.nets, self._fast, learned):
            if fast is None or isinstance(values, Mapping):
                tables.append(net.refit_table("BPP_Win", "win", values if isinstance(values, Mapping) else {self.learned[0]: values}))
                continue
            matrix, axes, size, shape, order, s, observed, extra, fixed = fast
            values = np.asarray(values, dtype=np.float64)
            if values.shape != net._learned[self.learned[0]].values.shape:
                net._replaced({self.learned[0]: values})  # raises, naming the shape
            joint = np.matmul(matrix, values.transpose(axes).reshape(size)).reshape(shape).transpose(order)
            out = np.empty(net._plans["BPP_Win"]["shape"][1:])
            with np.errstate(invalid="ignore", divide="ignore"):
                np.divide(joint[s], joint.sum(axis=0), out=out[observed])
            out[extra] = fixed
            out.flags.writeable = False
            tables.append(out)
        self.tables = tables
        return self

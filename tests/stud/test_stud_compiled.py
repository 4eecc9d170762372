"""Every BPP variant's network compiled by :class:`bpp.stud.model.compiled.CompiledNetwork` equals pgmpy's ``VariableElimination``.

One test over every network a registered BPP plays from (Korb1999 Figure 1
and its §6 variants, :data:`bpp.stud.players.variants.VARIANTS`, ``bpp-up``'s
literal BPP_Upcards link too; §6.2's
three-seat network; the first slice of §6.3's dynamic network), every round:
the learned tables (OPP_Action, OPP_Bluff) are replaced by random ones, then
the posteriors of every hidden node of interest are compared with pgmpy on
every evidence combination (the optional OPP_Action unobserved included;
impossible evidence NaN in both); refitting the learned tables equals
compiling with them.
"""

from __future__ import annotations

import numpy as np
import pytest

from bpp.stud.model.compiled import CompiledNetwork, factors_of, network_of

pytest.importorskip("pgmpy")

#: Nodes learned from showdowns in some variant (OPP_Action, OPP2_Action, OPP_Action_0, OPP_Bluff): randomised.
LEARNED_WORDS = ("Action", "Bluff")


def _variant_case(name):
    from bpp.stud.model.drawing import OBSERVED
    from bpp.stud.players.variants import VARIANTS

    v = VARIANTS[name]
    return v.networks(), tuple(OBSERVED) + tuple(v.observed)


def _multi_case():
    from bpp.stud.model.multi import build_multi_network
    from bpp.stud.model.networks import load_cpts

    nets = [build_multi_network(c, 3) for c in load_cpts()]
    observed = tuple(n for n in nets[0].nodes() if n == "BPP_Current" or n.endswith(("_Upcards", "_Action")))
    return nets, observed


def _dbn_case():
    from bpp.stud.model.dbn import load_dbn, node

    return [load_dbn()], tuple(node(n, 0) for n in ("BPP_Current", "OPP_Upcards", "OPP_Action"))


def _upcards_case():
    from bpp.stud.model.drawing import OBSERVED
    from bpp.stud.model.networks import load_cpts
    from bpp.stud.model.upcards import upcards_factors

    return [network_of(*upcards_factors(c, link="upcards")) for c in load_cpts()], tuple(OBSERVED) + ("BPP_Upcards",)


CASES = {**{name: (lambda name=name: _variant_case(name)) for name in
            ("paper", "up", "linked", "actions", "bluff", "showing")},
         "up-upcards": _upcards_case, "multi3": _multi_case, "dbn-slice0": _dbn_case}


def _randomised(model, rng):
    factors, states = factors_of(model)
    learned = [n for n in factors if any(word in n for word in LEARNED_WORDS)]
    for n in learned:
        f = factors[n]
        values = rng.dirichlet(np.ones(f.values.shape[0]), size=f.values.shape[1:])
        factors[n] = type(f)(f.variables, np.moveaxis(values, -1, 0))
    return factors, states, tuple(learned)


@pytest.mark.parametrize("case", list(CASES))
def test_compiled_network_equals_variable_elimination(case):
    from pgmpy.inference import VariableElimination

    networks, observed = CASES[case]()
    rng = np.random.default_rng(sum(map(ord, case)))
    for model in networks:
        factors, states, learned = _randomised(model, rng)
        query = tuple(n for n in factors if n not in observed and (n == "BPP_Win" or n.endswith(("Final", "Bluff"))
                                                                    or n.startswith("OPP_Current")))
        optional = tuple(n for n in observed if "Action" in n)
        net = CompiledNetwork(factors, states, observed=observed, query=query, optional=optional)
        prior = CompiledNetwork(*factors_of(model), observed=observed, query=query, optional=optional, learned=learned)
        refit = prior.refit({n: factors[n].values for n in learned})
        for q in query:
            np.testing.assert_allclose(refit.tables[q], net.tables[q], rtol=1e-12, atol=1e-12)
        ve = VariableElimination(network_of(factors, states))
        first, rest = observed[0], list(observed[1:])
        for q in query:
            # every evidence combination: one joint query per state of the first observed node, sliced
            for i, name in enumerate(states[first]):
                joint = ve.query([q] + rest, evidence={first: name}, joint=True, show_progress=False)
                t = np.transpose(joint.values, [joint.variables.index(v) for v in [q] + rest])
                for n in [q] + rest:
                    assert list(joint.state_names[n]) == list(states[n])
                for n in rest:  # an optional node unobserved: its axis summed
                    if n in optional:
                        t = np.concatenate([t, t.sum(axis=1 + rest.index(n), keepdims=True)], axis=1 + rest.index(n))
                with np.errstate(invalid="ignore", divide="ignore"):
                    expected = t / t.sum(axis=0)
                np.testing.assert_allclose(net.tables[q][:, i], expected, atol=1e-10, equal_nan=True,
                                           err_msg=f"{case} {q} {first}={name}")


def test_bad_evidence_and_tables_are_refused():
    from bpp.stud.model.networks import build_network, load_cpts

    net = CompiledNetwork.from_network(build_network(load_cpts()[0]), observed=("BPP_Current", "OPP_Upcards", "OPP_Action"),
                                       query=("BPP_Win",), optional=("OPP_Action",), learned=("OPP_Action",))
    with pytest.raises(ValueError, match="'BPP_Current' evidence of query must be a state"):
        net.query(BPP_Current=None, OPP_Upcards=0)
    with pytest.raises(ValueError, match="'OPP_Upcards' evidence of query must be a state"):
        net.query(BPP_Current=0, OPP_Upcards=True)
    with pytest.raises(ValueError, match="must have shape"):
        net.refit(OPP_Action=np.ones((2, 3)))
    with pytest.raises(ValueError, match="learned nodes"):
        net.refit(OPP_Upcards=np.ones((5, 10)))
    with pytest.raises(ValueError, match="must name nodes"):
        CompiledNetwork.from_network(build_network(load_cpts()[0]), observed=("Nope",), query=("BPP_Win",))

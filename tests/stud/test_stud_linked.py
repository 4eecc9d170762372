"""``bpp-linked`` (Korb1999 §6): Figure 1 plus the arc BPP_Final → OPP_Final.

The saved pgmpy networks are Figure 1 with that arc and the saved table; the
compiled numpy tables equal pgmpy ``VariableElimination`` on every evidence
combination (BPP_Current × OPP_Upcards × OPP_Action incl. unobserved) in every
round, with a learned M_A|C; with OPP_Final independent of BPP_Final they are
the paper's tables; the estimated table has the exact marginal.
"""

from __future__ import annotations

import numpy as np
import pytest

from bpp.stud.model import handtypes as ht
from bpp.stud.model import linked as sl
from bpp.stud.model import networks as sn

pytest.importorskip("pgmpy")


@pytest.fixture(scope="module")
def exact_cpts():
    return sn.load_cpts()


def _learned_cpt(r, seed):
    a = np.random.default_rng(seed).uniform(0.03, 0.97, len(sn.current_type_names(r)))
    return np.stack([1.0 - a, a])


def _ve(model):
    from pgmpy import config
    from pgmpy.inference import VariableElimination

    config.set_show_progress(False)
    return VariableElimination(model)


@pytest.mark.parametrize("rounds", [
    pytest.param((0,), id="round0"),
    pytest.param((1, 2, 3), id="rounds1-3", marks=pytest.mark.slow),  # BIFReader takes ~1.6 s a file
])
def test_saved_networks_are_figure_1_plus_the_arc_with_the_saved_table(exact_cpts, rounds):
    from pgmpy.readwrite import BIFReader

    q = sl.load_opp_given_bpp()
    for r in rounds:
        model = BIFReader(str(sl.LINKED_DIR / f"stud_linked_round{r}.bif")).get_model()
        assert model.check_model()
        assert set(model.edges()) == set(sn.EDGES) | {sl.LINKED_EDGE}
        cpd = model.get_cpds("OPP_Final")
        assert cpd.get_evidence() == ["BPP_Final"] and cpd.state_names["OPP_Final"] == list(ht.FINAL_TYPES)
        np.testing.assert_allclose(cpd.get_values(), q, atol=1e-9)  # BIF keeps ~10 digits
        cf = model.get_cpds("BPP_Current").get_values()
        np.testing.assert_allclose(cf, exact_cpts[r].current_given_final, atol=1e-9)


def test_estimated_table_has_the_exact_marginal_of_a_dealt_hand(exact_cpts):
    # Σ_f P(f) P(o | f) must be the exact prior of o (every hand of a deal is a uniform 5-card hand): within 4 s.e.
    q = sl.load_opp_given_bpp()
    prior = exact_cpts[0].prior_final
    se = np.sqrt(prior * (1 - prior) / 10_000_000)
    assert np.all(np.abs(q @ prior - prior) < 4 * se + 1e-12)
    # one deck: BPP's pair of aces leaves the opponent 2 aces of 48 cards, a quarter of its marginal chance or less
    aces = ht.FINAL_TYPES.index("pair_aces")
    assert q[aces, aces] < 0.3 * prior[aces]
    # a fresh estimate (other seed, 400,000 deals) agrees with the saved one within 5 binomial s.e. in every
    # cell with at least 30 expected counts in the fresh deals (where the normal approximation holds)
    fresh = sl.estimate_opp_given_bpp(400_000, rng=7)
    n_f = 2 * 400_000 * prior[None, :]
    cells = n_f * q >= 30
    se = np.sqrt(q * (1 - q) / n_f + q * (1 - q) / (2 * 10_000_000 * prior[None, :]))
    assert cells.sum() > 150
    assert np.all(np.abs(fresh - q)[cells] <= 5 * se[cells])


@pytest.mark.parametrize("betting_round", [0, 1, 2, 3])
def test_compiled_equals_variable_elimination_on_every_evidence_combination(betting_round, exact_cpts):
    """One VE joint query per BPP_Current over everything else; each (OPP_Upcards, OPP_Action) is a slice of it."""
    cpts = exact_cpts[betting_round]
    compiled = sl.CompiledFinalsNet(cpts, sl.load_opp_given_bpp(), _learned_cpt(betting_round, 40 + betting_round))
    model = compiled.to_network()
    ve = _ve(model)
    order = ["BPP_Win", "BPP_Final", "OPP_Current", "OPP_Final", "OPP_Upcards", "OPP_Action"]
    n = 0
    for b, b_name in enumerate(compiled.current_states):
        joint = ve.query(order, evidence={"BPP_Current": b_name}, joint=True, show_progress=False)
        t = np.transpose(joint.values, [joint.variables.index(v) for v in order])
        names = joint.state_names
        assert names["BPP_Final"] == names["OPP_Final"] == list(ht.FINAL_TYPES)
        assert names["OPP_Current"] == list(compiled.current_states) and names["OPP_Upcards"] == list(compiled.upcard_states)
        assert names["OPP_Action"] == list(sn.ACTIONS)
        win = names["BPP_Win"].index("win")
        for u in range(len(compiled.upcard_states)):
            for a in (0, 1, None):
                cell = t[..., u, :].sum(axis=-1) if a is None else t[..., u, a]
                belief = compiled.query(b, u, None if a is None else sn.ACTIONS[a])
                total = cell.sum()
                if total == 0:  # impossible evidence: NaN, as the paper's network
                    assert np.isnan(belief.p_win)
                    continue
                cell = cell / total
                marg = cell.sum(axis=0)
                assert abs(belief.p_win - cell[win].sum()) < 1e-9, (b, u, a)
                np.testing.assert_allclose(belief.opp_current, marg.sum(axis=(0, 2)), atol=1e-9)
                np.testing.assert_allclose(belief.opp_final, marg.sum(axis=(0, 1)), atol=1e-9)
                np.testing.assert_allclose(belief.bpp_final, marg.sum(axis=(1, 2)), atol=1e-9)
                n += 1
    assert n > 0.8 * len(compiled.current_states) * len(compiled.upcard_states) * 3
    # the slicing is conditioning: a direct query with all three observed gives the same numbers
    for b, u, a in [(0, 0, "aggressive"), (len(compiled.current_states) - 1, 1, "passive"), (2, 2, None)]:
        evidence = {"BPP_Current": compiled.current_states[b], "OPP_Upcards": compiled.upcard_states[u]}
        if a is not None:
            evidence["OPP_Action"] = a
        p = ve.query(["BPP_Win"], evidence=evidence, show_progress=False)
        if not np.isnan(compiled.p_win(b, u, 2 if a is None else sn.ACTIONS.index(a))):
            assert abs(p.values[p.state_names["BPP_Win"].index("win")] - compiled.query(b, u, a).p_win) < 1e-9


def test_with_independent_finals_the_tables_are_the_papers(exact_cpts):
    independent = np.repeat(exact_cpts[0].prior_final[:, None], ht.N_FINAL_TYPES, axis=1)
    for r, cpts in enumerate(exact_cpts):
        m = _learned_cpt(r, 50 + r)
        paper = sn.CompiledStudNet(cpts.with_action_cpt(m))
        mine = sl.CompiledFinalsNet(cpts, independent, m)
        np.testing.assert_allclose(mine.win_table, paper.win_table, atol=1e-12)
        np.testing.assert_allclose(mine.opp_current_table[0], paper.opp_current_table, atol=1e-12)


def test_players_win_tables_refit_equal_the_compiled_networks():
    from bpp.stud.players.linked import LinkedBPP

    nets = sn.load_compiled()
    q = sl.load_opp_given_bpp()
    cpts = [_learned_cpt(r, 60 + r) for r in range(4)]
    tables = LinkedBPP(rng=0).win_tables_.refit(cpts)
    for net, m, table in zip(nets, cpts, tables.tables):
        np.testing.assert_allclose(table, sl.CompiledFinalsNet(net.cpts, q, m).win_table, atol=1e-12, equal_nan=True)


def test_bad_tables_are_refused(exact_cpts):
    with pytest.raises(ValueError, match="The 'opp_given_bpp' parameter of build_finals_network must be a \\(17, 17\\)"):
        sl.build_finals_network(exact_cpts[0], np.ones((17, 16)) / 17)
    with pytest.raises(ValueError, match="The 'n_hands' parameter of estimate_opp_given_bpp"):
        sl.estimate_opp_given_bpp(0)


def test_bpp_linked_plays_learns_and_reads_its_own_network():
    from holdem.games import Stud5
    from holdem.match import play_match

    from bpp.registry import check_agents_play, make_agent
    from bpp.stud.players.linked import LinkedBPP

    check_agents_play(["bpp-linked", "rules"], "stud5")
    player = make_agent("bpp-linked", rng=0)
    assert isinstance(player, LinkedBPP)
    play_match(Stud5(), [player, "call"], 60, rng=3)
    assert player.model_.n_showdowns_ > 0
    player.refit()
    nets = player.compiled_networks()
    for r, net in enumerate(nets):
        assert isinstance(net, sl.CompiledFinalsNet)
        np.testing.assert_allclose(net.win_table, player._tables[r], atol=1e-12, equal_nan=True)

"""``bpp-linked`` (Korb1999 §6): Figure 1 plus the arc BPP_Final → OPP_Final.

The saved pgmpy networks are Figure 1 with that arc and the saved table (the
compiled network equals pgmpy ``VariableElimination``: ``test_stud_compiled.py``);
with OPP_Final independent of BPP_Final the tables are the paper's; the
estimated table has the exact marginal.
"""

from __future__ import annotations

import numpy as np
import pytest

from bpp.stud.model import handtypes as ht
from bpp.stud.model import linked as sl
from bpp.stud.model import compiled_stud, figure1, networks

pytest.importorskip("pgmpy")


@pytest.fixture(scope="module")
def exact_cpts():
    return networks.load_cpts()


def _learned_cpt(r, seed):
    a = np.random.default_rng(seed).uniform(0.03, 0.97, len(figure1.current_type_names(r)))
    return np.stack([1.0 - a, a])


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
        assert set(model.edges()) == set(figure1.EDGES) | {sl.LINKED_EDGE}
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


def _compiled(cpts, q, m):
    from bpp.stud.model.compiled import compile_round

    return compile_round(sl.linked_factors(cpts.with_action_cpt(m), q))


def test_with_independent_finals_the_tables_are_the_papers(exact_cpts):
    independent = np.repeat(exact_cpts[0].prior_final[:, None], ht.N_FINAL_TYPES, axis=1)
    for r, cpts in enumerate(exact_cpts):
        m = _learned_cpt(r, 50 + r)
        paper = compiled_stud.CompiledStudNet(cpts.with_action_cpt(m))
        mine = _compiled(cpts, independent, m)
        np.testing.assert_allclose(mine.table("BPP_Win", "win"), paper.win_table, atol=1e-12)
        np.testing.assert_allclose(mine.tables["OPP_Current"][:, 0].transpose(1, 2, 0), paper.opp_current_table, atol=1e-12)


def test_players_win_tables_refit_equal_the_compiled_networks():
    from bpp.stud.players.linked import LinkedBPP

    nets = compiled_stud.load_compiled()
    q = sl.load_opp_given_bpp()
    cpts = [_learned_cpt(r, 60 + r) for r in range(4)]
    tables = LinkedBPP(rng=0).win_tables_.refit(cpts)
    for net, m, table in zip(nets, cpts, tables.tables):
        np.testing.assert_allclose(table, _compiled(net.cpts, q, m).table("BPP_Win", "win"), atol=1e-12, equal_nan=True)


def test_bad_tables_are_refused(exact_cpts):
    from bpp.stud.model.networks import build_network

    with pytest.raises(ValueError, match="The 'opp_given_bpp' parameter of linked_factors must be a \\(17, 17\\)"):
        build_network(exact_cpts[0], "linked", opp_given_bpp=np.ones((17, 16)) / 17)
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
        assert net.factors()["OPP_Final"].variables == ("OPP_Final", "BPP_Final")
        np.testing.assert_allclose(net.table("BPP_Win", "win"), player._tables[r], atol=1e-12, equal_nan=True)

"""BPP's four networks (Korb1999 §3.1 Figure 1, §3.3 CPTs, §3.4 belief updating) and their compiled form."""

import itertools
import time

import numpy as np
import pytest

from bpp.stud.model import handtypes as ht
from bpp.stud.model import compiled_stud, estimate, figure1, networks
from holdem.games import Stud5

pytest.importorskip("pgmpy")


@pytest.fixture(scope="module")
def exact_cpts():
    return estimate.estimate_all_cpts()


@pytest.fixture(scope="module")
def xml_networks():
    return networks.load_networks(file_format="xmlbif")


def _ve(model):
    from pgmpy import config
    from pgmpy.inference import VariableElimination

    config.set_show_progress(False)
    return VariableElimination(model)


def _ve_beliefs(ve, b, u, a):
    """P(win), P(OPP_Current), P(OPP_Final), P(BPP_Final) by one joint VariableElimination query."""
    evidence = {"BPP_Current": b, "OPP_Upcards": u}
    if a is not None:
        evidence["OPP_Action"] = a
    joint = ve.query(["BPP_Win", "BPP_Final", "OPP_Current", "OPP_Final"], evidence=evidence, joint=True, show_progress=False)
    order = ["BPP_Win", "BPP_Final", "OPP_Current", "OPP_Final"]
    table = np.transpose(joint.values, [joint.variables.index(v) for v in order])
    table = table / table.sum()
    names = joint.state_names
    assert names["BPP_Final"] == names["OPP_Final"] == list(ht.FINAL_TYPES)
    win = table[names["BPP_Win"].index("win")].sum()
    marg = table.sum(axis=0)  # (BPP_Final, OPP_Current, OPP_Final)
    return win, marg.sum(axis=(0, 2)), marg.sum(axis=(0, 1)), marg.sum(axis=(1, 2)), names


# ------------------------------------------------------------------ structure (§3.1, Figure 1)


def test_one_network_per_round_with_the_nodes_and_arcs_of_figure_1(xml_networks):
    for r, model in enumerate(xml_networks):
        assert model.check_model()
        assert set(model.nodes()) == set(figure1.NODES)
        assert set(model.edges()) == set(figure1.EDGES)
        cpd = model.get_cpds("OPP_Current")
        assert cpd.state_names["OPP_Current"] == list(figure1.current_type_names(r))
        assert model.get_cpds("OPP_Upcards").state_names["OPP_Upcards"] == list(figure1.upcard_type_names(r))
        assert model.get_cpds("BPP_Final").state_names["BPP_Final"] == list(ht.FINAL_TYPES)
        assert model.get_cpds("OPP_Action").state_names["OPP_Action"] == ["passive", "aggressive"]
        assert model.get_cpds("BPP_Win").state_names["BPP_Win"] == ["lose", "win"]


def test_current_and_upcard_types_have_round_plus_two_and_round_plus_one_cards():
    assert [len(figure1.current_type_names(r)) for r in range(4)] == [10, 14, 16, 17]
    assert [len(figure1.upcard_type_names(r)) for r in range(4)] == [5, 10, 14, 16]


# ------------------------------------------------------------------ CPTs (§3.3)


def test_cpt_columns_are_distributions(exact_cpts):
    for c in exact_cpts:
        for table in (c.current_given_final, c.upcards_given_current, c.action_given_current):
            np.testing.assert_allclose(table.sum(axis=0), 1.0, atol=1e-12)
        assert c.prior_final.sum() == pytest.approx(1.0, abs=1e-12)


def test_priors_are_the_exact_final_type_frequencies(exact_cpts):
    counts = np.bincount(ht.type_table(5), minlength=17)
    for c in exact_cpts:
        np.testing.assert_array_equal(c.prior_final, counts / ht.N_HANDS)


def test_current_given_final_by_counting_subsets_of_the_final_hand(exact_cpts):
    names = figure1.current_type_names(0)
    mcf = exact_cpts[0].current_given_final
    aces = ht.FINAL_TYPES.index("pair_aces")
    # two of the five cards of A A x y z: both aces 1/10, one ace 6/10, no ace 3/10 (busted below ace)
    assert mcf[names.index("pair_aces"), aces] == pytest.approx(0.1)
    assert mcf[names.index("busted_ace"), aces] == pytest.approx(0.6)
    assert mcf[: names.index("busted_ace"), aces].sum() == pytest.approx(0.3)
    # quads: two of A A A A x are a pair of aces 6/10 of the time
    quads = ht.FINAL_TYPES.index("quads")
    assert mcf[names.index("pair_low") : names.index("pair_aces") + 1, quads].sum() == pytest.approx(0.6)
    # three of five cards of a flush are always three to a flush (or a straight flush draw)
    names3 = figure1.current_type_names(1)
    flush = ht.FINAL_TYPES.index("flush")
    draws = [names3.index("flush_draw"), names3.index("straight_flush_draw")]
    assert exact_cpts[1].current_given_final[draws, flush].sum() == pytest.approx(1.0)
    # in the last round the current hand is the final hand
    np.testing.assert_array_equal(exact_cpts[3].current_given_final, np.eye(17))


def test_upcards_given_current_by_choice_of_the_down_card(exact_cpts):
    c = exact_cpts[0]
    names, up = figure1.current_type_names(0), figure1.upcard_type_names(0)
    # a pair of aces in two cards always shows an ace
    assert c.upcards_given_current[up.index("busted_ace"), names.index("pair_aces")] == 1.0
    # trips in three cards always show a pair (round 1)
    c1 = exact_cpts[1]
    assert c1.upcards_given_current[:, figure1.current_type_names(1).index("trips")].reshape(-1)[5:].sum() == pytest.approx(1.0)
    # four up cards showing quads are impossible with five cards showing anything but quads
    c3 = exact_cpts[3]
    up3 = figure1.upcard_type_names(3)
    assert c3.upcards_given_current[up3.index("quads"), ht.FINAL_TYPES.index("full_house")] == 0.0


def test_win_is_deterministic_for_different_types_and_a_half_for_equal_types(exact_cpts):
    win = exact_cpts[0].win_given_finals
    i, j = np.indices(win.shape)
    np.testing.assert_array_equal(win[i > j], 1.0)
    np.testing.assert_array_equal(win[i < j], 0.0)
    np.testing.assert_array_equal(np.diag(win), 0.5)


def test_action_cpt_starts_with_aggressive_as_likely_as_passive_s5_2(exact_cpts):
    for c in exact_cpts:
        np.testing.assert_array_equal(c.action_given_current, 0.5)


def test_sampled_deals_follow_the_stud5_deal_order():
    rng = np.random.default_rng(3)
    deals = estimate._deal_batch(rng, 50)
    assert all(len(set(d)) == 10 for d in deals.tolist())
    full = np.array([d + [c for c in range(52) if c not in d] for d in deals.tolist()])
    cards = Stud5().showdown_cards(full, 1)  # button 1: seat 0 is first from the button
    np.testing.assert_array_equal(cards[:, 0], deals[:, [0, 2, 4, 6, 8]])
    np.testing.assert_array_equal(cards[:, 1], deals[:, [1, 3, 5, 7, 9]])


def test_sampled_cpts_agree_with_the_exact_ones(exact_cpts):
    sampled = estimate.estimate_all_cpts(method="sample", n_hands=400_000, rng=11)
    for s, e in zip(sampled, exact_cpts):
        np.testing.assert_allclose(s.prior_final, e.prior_final, atol=2e-3)
        # columns with plenty of data: the common final / current types
        common_f = e.prior_final > 0.01
        np.testing.assert_allclose(s.current_given_final[:, common_f], e.current_given_final[:, common_f], atol=0.02)
        p_current = e.current_given_final @ e.prior_final
        common_c = p_current > 0.01
        np.testing.assert_allclose(s.upcards_given_current[:, common_c], e.upcards_given_current[:, common_c], atol=0.02)
        assert s.method == "sample" and s.n_hands == 400_000
    diag = np.diag(sampled[0].win_given_finals)
    equal = np.array(sampled[0].info["equal_type_deals"])
    ok = equal > 2000
    assert ok.sum() >= 4
    np.testing.assert_allclose(diag[ok], 0.5, atol=4 * 0.5 / np.sqrt(equal[ok]).min())


def test_exact_cpts_equal_the_committed_models(exact_cpts):
    for built, stored in zip(exact_cpts, networks.load_cpts()):
        for name in ("prior_final", "current_given_final", "upcards_given_current", "win_given_finals", "action_given_current"):
            np.testing.assert_allclose(getattr(stored, name), getattr(built, name), rtol=0, atol=1e-15)


# ------------------------------------------------------------------ persistence


def test_xmlbif_and_npz_hold_the_same_cpts(xml_networks):
    for model, stored in zip(xml_networks, networks.load_cpts()):
        read = networks.network_cpts(model)
        for name in ("prior_final", "current_given_final", "upcards_given_current", "win_given_finals", "action_given_current"):
            np.testing.assert_array_equal(getattr(read, name), getattr(stored, name))


def test_bif_round_trip_gives_identical_cpts_and_posteriors(tmp_path, exact_cpts):
    learned = exact_cpts[1].with_action_cpt(np.random.default_rng(0).dirichlet([1, 1], size=14).T)
    model = networks.build_network(learned)
    networks.save_networks([networks.build_network(c) for c in exact_cpts[:1]] + [model] + [networks.build_network(c) for c in exact_cpts[2:]], tmp_path)
    from pgmpy.readwrite import BIFReader, XMLBIFReader

    for reader, suffix in ((BIFReader, "bif"), (XMLBIFReader, "xmlbif")):
        back = reader(str(tmp_path / f"stud_round1.{suffix}")).get_model()
        assert back.check_model()
        read = networks.network_cpts(back)
        for name in ("prior_final", "current_given_final", "upcards_given_current", "win_given_finals", "action_given_current"):
            np.testing.assert_array_equal(getattr(read, name), getattr(learned, name))
        ve_a, ve_b = _ve(model), _ve(back)
        for b, u, a in [("pair_aces", "pair_low", "aggressive"), ("busted_low", "busted_ace", None), ("trips", "pair_kings", "passive")]:
            wa = _ve_beliefs(ve_a, b, u, a)
            wb = _ve_beliefs(ve_b, b, u, a)
            assert wa[0] == wb[0]
            for x, y in zip(wa[1:4], wb[1:4]):
                np.testing.assert_array_equal(x, y)


@pytest.mark.slow
def test_every_committed_bif_reads_back_to_the_npz_cpts():
    for model, stored in zip(networks.load_networks(file_format="bif"), networks.load_cpts()):
        read = networks.network_cpts(model)
        for name in ("prior_final", "current_given_final", "upcards_given_current", "win_given_finals", "action_given_current"):
            np.testing.assert_array_equal(getattr(read, name), getattr(stored, name))


def test_build_command_writes_every_file(tmp_path, capsys):
    from bpp.cli import main

    assert main(["build", "stud-nets", "--hands", "20000", "--seed", "4", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(
        [f"stud_round{r}.{s}" for r in range(4) for s in ("bif", "xmlbif")] + ["stud_cpts.npz", "build_info.json"]
    )
    assert "stud_cpts.npz" in capsys.readouterr().out
    again = networks.load_cpts(tmp_path)
    assert again[0].prior_final.sum() == pytest.approx(1.0)


def test_build_command_rejects_bad_hands(capsys):
    from bpp.cli import main

    with pytest.raises(SystemExit):
        main(["build", "stud-nets", "--hands", "0"])
    assert "must be a positive integer; got '0'" in capsys.readouterr().err


# ------------------------------------------------------------------ compiled form (§3.4) against pgmpy


def _learned_action_cpt(r, seed):
    n = len(figure1.current_type_names(r))
    return np.random.default_rng(seed).dirichlet([0.7, 0.7], size=n).T


def _check_every_combination(compiled, model):
    ve = _ve(model)
    for b, u, a in itertools.product(compiled.current_states, compiled.upcard_states, (None,) + figure1.ACTIONS):
        win, opp_current, opp_final, bpp_final, names = _ve_beliefs(ve, b, u, a)
        assert names["OPP_Current"] == list(compiled.current_states)
        belief = compiled.query(b, u, a)
        assert abs(belief.p_win - win) < 1e-9, (b, u, a)
        np.testing.assert_allclose(belief.opp_current, opp_current, rtol=0, atol=1e-9)
        np.testing.assert_allclose(belief.opp_final, opp_final, rtol=0, atol=1e-9)
        np.testing.assert_allclose(belief.bpp_final, bpp_final, rtol=0, atol=1e-9)


@pytest.mark.parametrize("betting_round", [0, 1, 2, 3])
def test_compiled_equals_variable_elimination_on_every_evidence_combination_learned(betting_round, exact_cpts):
    """With a learned (random) M_A|C, so that the action evidence matters."""
    compiled = compiled_stud.CompiledStudNet.from_cpts(exact_cpts[betting_round]).with_action_cpt(
        _learned_action_cpt(betting_round, betting_round)
    )
    _check_every_combination(compiled, compiled.to_network())


@pytest.mark.parametrize("betting_round", [0, 1, 2, 3])
def test_compiled_equals_variable_elimination_on_every_evidence_combination_of_the_saved_networks(
    betting_round, xml_networks
):
    model = xml_networks[betting_round]
    _check_every_combination(compiled_stud.compile_network(model), model)


def test_compiled_from_npz_equals_compiled_from_the_network(xml_networks):
    for model, compiled in zip(xml_networks, compiled_stud.load_compiled()):
        other = compiled_stud.compile_network(model)
        np.testing.assert_array_equal(other.win_table, compiled.win_table)
        np.testing.assert_array_equal(other.opp_final_table, compiled.opp_final_table)


def test_aggressive_action_from_strong_hands_lowers_p_win():
    net = compiled_stud.load_compiled()[2]
    action = np.full((2, 16), 0.5)
    strong = [net.current_states.index(s) for s in ("pair_kings", "pair_aces", "two_pair", "trips", "quads")]
    action[:, strong] = [[0.1], [0.9]]
    learned = net.with_action_cpt(action)
    before = net.query("pair_queens", "busted_king", "aggressive")
    after = learned.query("pair_queens", "busted_king", "aggressive")
    assert after.p_win < before.p_win
    assert after.opp_current[net.current_states.index("pair_kings")] > before.opp_current[net.current_states.index("pair_kings")]
    assert learned.query("pair_queens", "busted_king", "passive").p_win > before.p_win


def test_p_win_fast_path_equals_query():
    for net in compiled_stud.load_compiled():
        for b in range(len(net.current_states)):
            for u in range(len(net.upcard_states)):
                for a, name in ((0, "passive"), (1, "aggressive"), (2, None)):
                    assert net.p_win(b, u, a) == net.query(b, u, name).p_win


def test_query_tables_are_read_only_and_recompiling_is_fast():
    net = compiled_stud.load_compiled()[1]
    with pytest.raises(ValueError):
        net.query(0, 0).opp_final[0] = 1.0
    action = _learned_action_cpt(1, 9)
    start = time.perf_counter()
    for _ in range(20):
        net.with_action_cpt(action)
    assert (time.perf_counter() - start) / 20 < 0.01


def test_bad_evidence_and_cpts_raise_naming_the_value():
    net = compiled_stud.load_compiled()[0]
    with pytest.raises(ValueError, match=r"'bpp_current' parameter of query .* got 'trips'"):
        net.query("trips", 0)
    with pytest.raises(ValueError, match=r"'opp_upcards' parameter of query .* got -1"):
        net.query(0, -1)
    with pytest.raises(ValueError, match=r"'opp_action' parameter of query .* got 'fold'"):
        net.query(0, 0, "fold")
    with pytest.raises(ValueError, match=r"shape \(2, 10\) for round 0; got \(3, 10\)"):
        net.with_action_cpt(np.full((3, 10), 1 / 3))
    with pytest.raises(ValueError, match="columns sum to 1"):
        net.with_action_cpt(np.full((2, 10), 0.4))
    with pytest.raises(ValueError, match="must be 0, 1, 2 or 3; got 4"):
        estimate.estimate_cpts(4)
    with pytest.raises(ValueError, match="'n_hands' parameter of estimate_all_cpts must be a positive integer; got 0"):
        estimate.estimate_all_cpts(method="sample", n_hands=0)
    with pytest.raises(ValueError, match="must hold 4 networks; got 1"):
        networks.save_networks([None])


# ------------------------------------------------------------------ figures


def test_figure1_and_table1_scripts_write_their_files(tmp_path, capsys):
    import runpy
    from pathlib import Path

    figures = Path(__file__).resolve().parents[2] / "figures"
    network = runpy.run_path(str(figures / "stud_network.py"), run_name="figure")
    assert network["main"](["--out", str(tmp_path / "net.png")]) == 0
    assert (tmp_path / "net.png").stat().st_size > 10_000
    table = runpy.run_path(str(figures / "stud_table1.py"), run_name="figure")
    assert table["main"](["--out", str(tmp_path / "t1")]) == 0
    text = (tmp_path / "t1.md").read_text()
    assert "| straight | 10,200 | 0.0039246 | 0.0035492 | -18.99 |" in text
    assert (tmp_path / "t1.csv").read_text().count("\n") == 10


@pytest.mark.parametrize("evidence", [(True, 0, None), (1.0, 0, None), (1, 0.0, None), (1, 0, True), (1, 0, 1.0)])
def test_query_refuses_bools_and_floats_that_equal_state_indices(evidence):
    from bpp.stud.model.compiled_stud import load_compiled

    with pytest.raises(ValueError, match="parameter of query must be"):
        load_compiled()[1].query(*evidence)

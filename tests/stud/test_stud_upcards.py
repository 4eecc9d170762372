"""The §6.1 extension (Korb1999, Korb, Nicholson & Jitnah 1999): OPP_Action conditioned also on BPP's up cards (``bpp-up``).

The extended network must be a valid pgmpy ``DiscreteBayesianNetwork`` (its
compiled tables equal pgmpy ``VariableElimination``: ``test_stud_compiled.py``,
both links); M_A|C,S is learned from showdowns like M_A|C; the paper's BPP
stays the default.
"""

from __future__ import annotations

import numpy as np
import pytest

from bpp.stud.model import compiled_stud, estimate, figure1
from bpp.stud.model import upcards as su
from bpp.stud.model.networks import build_network
from holdem.games import Stud5

pytest.importorskip("pgmpy")


@pytest.fixture(scope="module")
def exact_cpts():
    return estimate.estimate_all_cpts()


def _learned_linked_cpt(r, link, seed):
    shape = su.default_linked_action_cpt(r, link).shape
    a = np.random.default_rng(seed).uniform(0.03, 0.97, shape[1:])
    return np.stack([1.0 - a, a])


def _win(cpts, m, link="showing"):
    """P(win) over BPP_Current × OPP_Upcards × link state × OPP_Action (the player's table layout)."""
    from bpp.stud.model.compiled import compile_round

    observed = ("BPP_Current", "OPP_Upcards", su.link_node(link), "OPP_Action")
    return compile_round(su.upcards_factors(cpts, m, link), observed).table("BPP_Win", "win")


# ---------------------------------------------------------------- structure


@pytest.mark.parametrize("link", su.LINKS)
def test_extended_network_adds_one_observed_parent_of_opp_action(exact_cpts, link):
    for r, cpts in enumerate(exact_cpts):
        model = build_network(cpts, "up", action_cpt=_learned_linked_cpt(r, link, r), link=link)
        assert model.check_model()
        node = su.link_node(link)
        assert set(model.nodes()) == set(figure1.NODES) | {node}
        assert set(model.edges()) == set(figure1.EDGES) | {(node, "OPP_Action")}
        assert sorted(model.get_parents("OPP_Action")) == sorted(["OPP_Current", node])
        cpd = model.get_cpds("OPP_Action")
        assert cpd.state_names["OPP_Action"] == list(figure1.ACTIONS)
        assert cpd.state_names[node] == list(su.link_states(r, link))
        assert cpd.state_names["OPP_Current"] == list(figure1.current_type_names(r))
    assert su.link_states(2, "showing") == ("bpp_higher", "even", "bpp_lower")


def test_extended_network_refuses_a_bad_action_table(exact_cpts):
    with pytest.raises(ValueError, match=r"must have shape \(2, 10, 3\) for round 0"):
        build_network(exact_cpts[0], "up", action_cpt=np.full((2, 10), 0.5))
    with pytest.raises(ValueError, match="The 'link' parameter must be True or one of"):
        su.link_node("bpp")


@pytest.mark.parametrize("link", su.LINKS)
def test_linked_win_tables_refit_equals_the_compiled_networks(link):
    nets = compiled_stud.load_compiled()
    cpts = [_learned_linked_cpt(r, link, 30 + r) for r in range(4)]
    from bpp.stud.players.paper import BPPPlayer

    tables = BPPPlayer(upcards_link=link, rng=0).win_tables_.refit(cpts)
    for net, m, table in zip(nets, cpts, tables.tables):
        np.testing.assert_allclose(table, _win(net.cpts, m, link), rtol=0, atol=1e-12)


@pytest.mark.parametrize("link", su.LINKS)
def test_with_half_half_matrices_the_extension_is_the_papers_network(link):
    # before any learning M_A|C,S = ½ / ½ everywhere: the link state and the action say nothing, as in §5.2
    from bpp.stud.players.paper import BPPPlayer

    nets = compiled_stud.load_compiled()
    for net, table in zip(nets, BPPPlayer(upcards_link=link, rng=0).win_tables_.tables):
        np.testing.assert_allclose(table, np.repeat(net.win_table[:, :, None, :], table.shape[2], axis=2), atol=1e-12)


def test_linked_model_collapses_to_m_a_c_when_the_link_is_uninformative():
    # M_A|C,S[a, c, s] = M_A|C[a, c] for every s gives exactly the paper's tables
    nets = compiled_stud.load_compiled()
    rng = np.random.default_rng(5)
    for net in nets:
        a = rng.uniform(0.05, 0.95, len(net.current_states))
        m = np.vstack([1 - a, a])
        linked = _win(net.cpts, np.repeat(m[:, :, None], 3, axis=2))
        paper = net.with_action_cpt(m)
        for s in range(3):
            np.testing.assert_allclose(linked[:, :, s, :], paper.win_table, atol=1e-12)


def test_showing_state_compares_up_cards_as_partial_hands():
    from holdem.cards import parse_cards as pc

    assert su.showing_state(pc("Ad"), pc("Kd")) == 0
    assert su.showing_state(pc("Kh"), pc("Kd")) == 1  # suits do not count
    assert su.showing_state(pc("2c 9d"), pc("2d 2h")) == 2
    assert su.showing_state(pc("2c 2d 3h 4s"), pc("Ac Kd Qh Js")) == 0


# ---------------------------------------------------------------- the player


def test_default_bpp_is_the_papers_network():
    from bpp.stud.model.compiled import WinTables
    from bpp.stud.model.learning import ActionModel
    from bpp.stud.players.paper import BPPPlayer

    bpp = BPPPlayer(rng=0)
    assert bpp.upcards_link is False
    assert type(bpp.model_) is ActionModel and type(bpp.win_tables_) is WinTables
    assert "win_probability" not in vars(bpp)
    with pytest.raises(ValueError, match="The 'upcards_link' parameter of BPPPlayer must be"):
        BPPPlayer(upcards_link="bluff")


@pytest.mark.parametrize("link", su.LINKS)
def test_linked_bpp_reads_the_extended_tables_and_its_beliefs_agree(link):
    from bpp.stud.players.paper import BPPPlayer

    bpp = BPPPlayer(rng=0, upcards_link=link)
    # a learned model so that the link state matters
    rng = np.random.default_rng(3)
    for c in bpp.model_.counts_:
        c[...] = rng.integers(0, 6, c.shape)
    bpp.refit()
    node = su.link_node(link)
    state_rng = np.random.default_rng(2)
    for _ in range(30):
        state = Stud5().new_hand(state_rng.permutation(52))
        while not state.is_terminal:
            obs = state.observation(state.current_player)
            e = bpp.evidence(obs)
            me = obs.player
            assert e[node] == su.link_states(obs.round, link)[su.link_state(obs.up_cards[me], obs.up_cards[1 - me], link)]
            win = _win(bpp._base_nets[obs.round].cpts, bpp.model_.action_cpts()[obs.round], link)
            b = figure1.current_type_names(obs.round).index(e["BPP_Current"])
            u = figure1.upcard_type_names(obs.round).index(e["OPP_Upcards"])
            a = 2 if e["OPP_Action"] is None else figure1.ACTIONS.index(e["OPP_Action"])
            want = win[b, u, su.link_states(obs.round, link).index(e[node]), a]
            assert bpp.win_probability(obs) == pytest.approx(want, abs=1e-12)
            assert bpp.belief(obs).p_win == pytest.approx(want, abs=1e-12)
            legal = state.legal_actions()
            state.apply(legal[int(state_rng.integers(len(legal)))])


def test_bpp_up_learns_that_rules_aggression_depends_on_bpps_board():
    """Figure 4: with BPP showing lower the rule-based player bets almost always; with BPP showing higher only when it beats BPP's board."""
    import bpp.registry as registry
    from holdem.match import AgentSpec, play_match

    agents = registry.match_agents(["bpp-up", "rules"], rng=3)
    assert isinstance(agents[0], AgentSpec) and agents[0].name == "bpp-up"
    bpp = agents[0].instance
    assert bpp.upcards_link == "showing"
    play_match(Stud5(), agents, 400, rng=4)
    assert bpp.model_.n_showdowns_ > 50
    counts = sum(c.sum(axis=1) for c in bpp.model_.counts_)  # (action, link state), all rounds and types
    aggressive = counts[1] / counts.sum(axis=0)
    assert counts[:, 0].sum() > 20 and counts[:, 2].sum() > 20
    assert aggressive[2] > aggressive[0] + 0.2  # bpp_lower: rules bets; bpp_higher: only with a hand that beats BPP's board
    m = bpp.model_.action_cpts()
    assert all(np.allclose(x.sum(axis=0), 1.0) for x in m)
    bpp.reset()
    assert bpp.model_.n_showdowns_ == 0


def test_linked_learning_refits_between_hands_only():
    from bpp.stud.players.paper import BPPPlayer
    from holdem.match import play_match

    class Watch(BPPPlayer):
        def new_hand(self, seat):
            super().new_hand(seat)
            self.seen = getattr(self, "seen", []) + [set()]

        def act(self, observation):
            self.seen[-1].add(id(self._tables))
            return super().act(observation)

    bpp = Watch(rng=3, upcards_link=True)
    play_match(Stud5(), [bpp, "rules"], 150, rng=4)
    assert bpp.model_.n_showdowns_ > 10
    assert all(len(s) <= 1 for s in bpp.seen)
    assert len(set().union(*bpp.seen)) > 1

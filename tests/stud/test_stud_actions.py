"""``bpp-actions`` (Korb1999 §6.1): OPP_Action with pass / call / bet / raise as separate states.

(The compiled network equals pgmpy ``VariableElimination``: ``test_stud_compiled.py``.)  Merging the states
back (pass+call, bet+raise) with equal within-pair rows gives the paper's
tables; the round's evidence is read from the history as documented; the
agent plays, learns and reads its own network.
"""

from __future__ import annotations

import numpy as np
import pytest

from bpp.stud.model import actions as sa
from bpp.stud.model import handtypes as ht
from bpp.stud.model import compiled_stud, figure1, networks

pytest.importorskip("pgmpy")


def _learned_cpt(r, seed):
    x = np.random.default_rng(seed).uniform(0.03, 1.0, (4, len(figure1.current_type_names(r))))
    return x / x.sum(axis=0)


def _win(cpts, m):
    from bpp.stud.model.compiled import compile_round

    return compile_round(sa.actions_factors(cpts, m)).table("BPP_Win", "win")


def test_merged_pairs_give_the_papers_tables():
    # M_A|C with pass = call = passive / 2 and bet = raise = aggressive / 2: observing "call" is observing "passive"
    rng = np.random.default_rng(8)
    for net in compiled_stud.load_compiled():
        agg = rng.uniform(0.05, 0.95, len(net.current_states))
        paper = net.with_action_cpt(np.vstack([1 - agg, agg]))
        refined = _win(net.cpts, np.vstack([1 - agg, 1 - agg, agg, agg]) / 2)
        for a, merged in ((0, 0), (1, 0), (2, 1), (3, 1), (4, 2)):
            np.testing.assert_allclose(refined[:, :, a], paper.win_table[:, :, merged], atol=1e-12, equal_nan=True)


def test_players_win_tables_refit_equal_the_compiled_networks():
    from bpp.stud.players.actions import ActionsBPP

    nets = compiled_stud.load_compiled()
    cpts = [_learned_cpt(r, 80 + r) for r in range(4)]
    tables = ActionsBPP(rng=0).win_tables_.refit(cpts)
    for net, m, table in zip(nets, cpts, tables.tables):
        np.testing.assert_allclose(table, _win(net.cpts, m), atol=1e-12, equal_nan=True)


def test_round_action_state_reads_bets_raises_passes_and_calls():
    from holdem.games import Stud5

    state = Stud5().new_hand(np.arange(52))
    _ = state.apply(state.legal_actions()[-1])  # seat 1 bets
    _ = state.apply(state.legal_actions()[1])   # seat 0 calls
    h = state.observation(0).history
    assert sa.round_action_state(h, 1, 0) == 2 and sa.round_action_state(h, 0, 0) == 1
    assert sa.round_action_state(h, 1, 1) == sa.UNOBSERVED
    _ = state.apply(state.legal_actions()[0])   # round 1: seat to act passes
    h = state.observation(0).history
    passer = [e.player for e in h if e.kind == "action" and e.round == 1][0]
    assert sa.round_action_state(h, passer, 1) == 0


def test_actions_model_counts_showdowns_and_refuses_bad_input():
    m = sa.ActionsModel(prior_strength=4.0).update([48, 49, 0, 5, 9], [1, 2, None, 4])
    aces = ht.type_names(2).index("pair_aces")
    np.testing.assert_allclose(m.action_cpts()[0][:, aces], [1 / 5, 2 / 5, 1 / 5, 1 / 5])
    assert m.counts_[1].sum() == 1 and m.counts_[2].sum() == 0 and m.counts_[3].sum() == 0
    with pytest.raises(ValueError, match="The 'opp_cards' parameter of ActionsModel.update"):
        m.update([1, 1, 2, 3, 4], [0] * 4)
    with pytest.raises(ValueError, match="The 'action_cpt' parameter must have shape"):
        sa.actions_factors(networks.load_cpts()[0], np.full((2, 10), 0.5))


def test_bpp_actions_plays_learns_and_reads_its_own_network():
    from holdem.games import Stud5
    from holdem.match import play_match

    from bpp.registry import check_agents_play, make_agent
    from bpp.stud.players.actions import ActionsBPP

    check_agents_play(["bpp-actions", "rules"], "stud5")
    player = make_agent("bpp-actions", rng=0)
    assert isinstance(player, ActionsBPP)
    play_match(Stud5(), [player, "rules"], 60, rng=3)
    assert player.model_.n_showdowns_ > 0
    counts = sum(c.sum(axis=1) for c in player.model_.counts_)
    assert counts[2] + counts[3] > 0 and counts[0] + counts[1] > 0  # Figure 4's player both bets and checks/calls
    player.refit()
    for r, net in enumerate(player.compiled_networks()):
        np.testing.assert_allclose(net.table("BPP_Win", "win"), player._tables[r], atol=1e-12, equal_nan=True)

"""``bpp-bluff`` (Korb1999 §6.1): an OPP_Bluff node, child of OPP_Current and BPP_Current, parent of OPP_Action.

(The compiled network equals pgmpy ``VariableElimination``: ``test_stud_compiled.py``.)  With β = 0 the
network is the paper's; the showdown counting follows its documented rule; the
agent plays, learns and reads its own network.
"""

from __future__ import annotations

import numpy as np
import pytest

from bpp.stud.model import bluff as sb
from bpp.stud.model import compiled_stud, figure1, networks

pytest.importorskip("pgmpy")


def _learned(r, seed):
    n = len(figure1.current_type_names(r))
    rng = np.random.default_rng(seed)
    h = rng.uniform(0.03, 1.0, (2, n))
    return rng.uniform(0.0, 0.6, (n, n)), h / h.sum(axis=0)


def _compiled(cpts, beta, h):
    from bpp.stud.model.compiled import BELIEFS, compile_round

    return compile_round(sb.bluff_factors(cpts, beta, h), query=BELIEFS + ("OPP_Bluff",))


def test_no_bluffing_gives_the_papers_tables_and_bluffing_lowers_fear_of_bets():
    nets = compiled_stud.load_compiled()
    for r, net in enumerate(nets):
        beta, h = _learned(r, 5)
        plain = _compiled(net.cpts, np.zeros_like(beta), h)
        np.testing.assert_allclose(plain.table("BPP_Win", "win"), net.with_action_cpt(h).win_table, atol=1e-12, equal_nan=True)
        bluff = plain.table("OPP_Bluff", "bluff")
        assert np.all(bluff[~np.isnan(bluff)] == 0)
        # an opponent that bluffs with every hand: its bet says nothing, P(win | bet) = P(win | unobserved)
        always = _compiled(net.cpts, np.ones_like(beta), h).table("BPP_Win", "win")
        np.testing.assert_allclose(always[:, :, 1], always[:, :, 2], atol=1e-12, equal_nan=True)
    from bpp.stud.players.bluff import BluffBPP

    win_tables = BluffBPP(rng=0).win_tables_.refit([sb.bluff_tables(*_learned(r, 6)) for r in range(4)])
    for r, net in enumerate(nets):
        np.testing.assert_allclose(win_tables.tables[r], _compiled(net.cpts, *_learned(r, 6)).table("BPP_Win", "win"),
                                   atol=1e-12, equal_nan=True)


def test_bluff_model_counts_weak_bets_as_bluffs_and_refuses_bad_input():
    from bpp.stud.model import handtypes as ht

    busted = [0, 13, 27, 41, 5]     # card codes of a no-pair hand (checked)
    assert ht.hand_type_of(busted) in sb.WEAK_FINALS
    paired = [48, 49, 0, 5, 9]
    assert ht.hand_type_of(paired) not in sb.WEAK_FINALS
    mine = [20, 21, 22, 23, 24]
    m = sb.BluffModel(prior_strength=2.0).update(busted, mine, [True, False, None, True])
    passive, aggressive, bluff = range(3)  # counts_[r][outcome, BPP_Current, OPP_Current]
    assert m.n_bluffs_ == 2 and m.counts_[2][bluff].sum() == 0 and m.counts_[1].sum() == 1
    assert m.counts_[1][passive].sum() == 1 and m.counts_[0][:bluff].sum() == 0
    b0, c0 = ht.hand_type_of(mine[:2]), ht.hand_type_of(busted[:2])
    beta, h = m.action_cpts()[0]
    assert beta[b0, c0] == pytest.approx((1 + 2 * sb.PRIOR_BLUFF) / 3) and beta[b0 - 1 if b0 else 1, c0] == pytest.approx(sb.PRIOR_BLUFF)
    m.update(paired, mine, [True, True, True, True])  # a strong hand's bets are honest
    assert m.n_bluffs_ == 2 and m.counts_[3][aggressive].sum() == 1
    with pytest.raises(ValueError, match="5 \\+ 5 distinct card codes"):
        m.update(busted, busted, [True] * 4)
    with pytest.raises(ValueError, match="The 'bluff_cpt' parameter must be probabilities"):
        sb.bluff_factors(networks.load_cpts()[0], np.full((3, 3), 0.1))


def test_bpp_bluff_plays_learns_bluffs_and_reads_its_own_network():
    from holdem.games import Stud5
    from holdem.match import play_match

    from bpp.registry import check_agents_play, make_agent
    from bpp.stud.players.bluff import BluffBPP

    check_agents_play(["bpp-bluff", "bluffer"], "stud5")
    player = make_agent("bpp-bluff", rng=0)
    assert isinstance(player, BluffBPP)
    play_match(Stud5(), [player, "bluffer"], 80, rng=4)
    assert player.model_.n_showdowns_ > 0 and player.model_.n_bluffs_ > 0  # the bluffer bets 40 % of its weak hands
    player.refit()
    for r, net in enumerate(player.compiled_networks()):
        np.testing.assert_allclose(net.table("BPP_Win", "win"), player._tables[r], atol=1e-12, equal_nan=True)

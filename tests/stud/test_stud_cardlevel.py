"""The card-level BPP (bpp.stud.players.cardlevel): Figure 4 is one of its action CPTs, pgmpy's VariableElimination is the oracle of its beliefs."""

import numpy as np
import pytest

from holdem.agents import UniformRandom
from holdem.games import Stud5
from holdem.match import play_match

from bpp.stud.players.cardlevel import CardBPP, OpponentActionModel, REL_STATES, relations
from bpp.stud.opponents import RuleBasedPlayer
from bpp.stud.model.handvalue import hand_type, hand_value
from bpp.stud.players.reference import hole_posterior

#: Figure 4 as P(fold, call, bet | showing, facing, OPP_Rel) (see bpp.stud.opponents.paper.figure4_policy).
FIGURE4 = np.zeros((2, 2, 3, 3))
FIGURE4[0, :, :, 0] = [0.85, 0.15, 0.0]  # BPP shows more, the opponent does not beat BPP's up cards
FIGURE4[0, :, :, 1] = [0.0, 0.2, 0.8]
FIGURE4[0, :, :, 2] = [0.0, 0.1, 0.9]
FIGURE4[1, 0, :, :] = np.array([0.0, 0.0, 1.0])[:, None]  # the opponent shows at least as much, nothing owed: bet
FIGURE4[1, 1, :, 0] = FIGURE4[1, 1, :, 1] = [0.15, 0.85, 0.0]
FIGURE4[1, 1, :, 2] = [0.0, 0.15, 0.85]


def _decisions(seed, seat, hands=12, opponent=RuleBasedPlayer):
    """Random hands (``seat`` plays uniformly at random, the other seat ``opponent``); yield the state at each of ``seat``'s turns."""
    rng = np.random.default_rng(seed)
    game = Stud5()
    other = opponent(rng=seed)
    mover = UniformRandom(rng=seed + 1)
    for _ in range(hands):
        state = game.new_hand(rng.permutation(52), button=int(rng.integers(2)))
        while not state.is_terminal:
            p = state.current_player
            if p == seat:
                yield state
                state.apply(mover.act(state.observation(p)))
            else:
                state.apply(other.act(state.observation(p)))


def test_relations_compare_the_opponents_hand_with_bpps_up_cards():
    rng = np.random.default_rng(0)
    for _ in range(200):
        n_up = int(rng.integers(1, 5))
        cards = rng.permutation(52)
        opp_up, bpp_up, candidates = cards[:n_up], cards[n_up : 2 * n_up], cards[2 * n_up : 2 * n_up + 10]
        got = relations(candidates, opp_up, bpp_up)
        for h, rel in zip(candidates, got):
            mine = [int(h), *map(int, opp_up)]
            if hand_value(mine) <= hand_value(bpp_up):
                assert REL_STATES[rel] == "behind"
            else:
                assert REL_STATES[rel] == ("ahead_type" if hand_type(mine) > hand_type(bpp_up) else "ahead")


@pytest.mark.parametrize("seat", [0, 1])
def test_with_figure4_as_its_cpt_the_posterior_is_the_exact_reader(seat):
    # Figure 4 depends on the down card only through OPP_Rel and the observed context, so it is one of the model's
    # CPTs; with it, the card-level network must give the exact posterior of bpp.stud.players.reference (itself checked
    # against replaying the engine for every down card).
    player = CardBPP(learn=False, rng=0)
    player.model_.counts_ = FIGURE4 * 1e15
    checked = 0
    for state in _decisions(11 + seat, seat):
        obs = state.observation(seat)
        cards, posterior, _ = player.belief(obs)
        oracle_cards, oracle = hole_posterior(obs)
        np.testing.assert_array_equal(cards, oracle_cards)
        np.testing.assert_allclose(posterior, oracle, rtol=0, atol=1e-9)
        checked += 1
    assert checked >= 20


def test_belief_equals_pgmpy_variable_elimination_on_the_hands_network():
    from pgmpy.inference import VariableElimination

    player = CardBPP(rng=0)
    play_match(Stud5(), [player, RuleBasedPlayer], 150, rng=3)  # learn something first
    player.learn = False
    assert player.model_.n_showdowns_ > 10
    checked = 0
    for state in _decisions(5, 0, hands=6):
        obs = state.observation(0)
        cards, posterior, p_win = player.belief(obs)
        model, evidence = player.network(obs)
        ve = VariableElimination(model)
        win = ve.query(["BPP_Win"], evidence=evidence, show_progress=False)
        assert win.get_value(BPP_Win="win") == pytest.approx(p_win, abs=1e-9)
        down = ve.query(["OPP_Down"], evidence=evidence, show_progress=False)
        np.testing.assert_allclose([down.get_value(OPP_Down=f"c{c}") for c in cards], posterior, rtol=0, atol=1e-9)
        checked += 1
    assert checked >= 8


def _play_hand(agents, deal, button):
    """One hand through the agent protocol (new_hand, observe every public event, act); the finished state."""
    state = Stud5().new_hand(deal, button=button)
    for seat, agent in enumerate(agents):
        if hasattr(agent, "new_hand"):
            agent.new_hand(seat)
    told = 0
    while True:
        for event in state.history[told:]:
            for agent in agents:
                if hasattr(agent, "observe"):
                    agent.observe(event)
        told = len(state.history)
        if state.is_terminal:
            return state
        p = state.current_player
        state.apply(agents[p].act(state.observation(p)))


def test_learning_counts_every_decision_of_the_opponent_once():
    from bpp.stud.players.reference import _decisions

    player = CardBPP(rng=1, learn_folds=True)
    rules = RuleBasedPlayer(rng=2)
    model = player.model_
    rng = np.random.default_rng(3)
    showdowns = 0
    for hand in range(40):
        state = _play_hand([player, rules], rng.permutation(52), hand % 2)
        before = model.counts_.copy()
        player.new_hand(0)  # the next hand learns from this one
        increment = model.counts_ - before
        counted = [d for d in _decisions(state.history, 1, 4) if d[2]]  # decisions at the raise cap are not counted
        assert increment.sum() == pytest.approx(len(counted), abs=1e-9)
        for showing_facing_kind in {(int(f), k) for _, f, _, k in counted}:
            f, k = showing_facing_kind
            k = 1 if (k == 0 and not f) else k
            assert increment[:, f, k].sum() > 0
        if any(e.kind == "showdown" for e in state.history):
            showdowns += 1
            np.testing.assert_allclose(increment, np.round(increment), atol=1e-9)  # the down card is known: whole counts
    assert model.n_hands_ == 40 and model.n_showdowns_ == showdowns >= 3
    cpt = model.cpt()
    np.testing.assert_allclose(cpt.sum(axis=2), 1.0)
    assert np.all(cpt[:, 0, 0] == 0.0)  # no folds when nothing is owed


def test_by_default_only_showdowns_are_learned_from():
    player = CardBPP(rng=1)
    rng = np.random.default_rng(3)
    for hand in range(30):
        state = _play_hand([player, RuleBasedPlayer(rng=hand)], rng.permutation(52), hand % 2)
        before = player.model_.counts_.copy()
        player.new_hand(0)
        changed = not np.array_equal(before, player.model_.counts_)
        assert changed == any(e.kind == "showdown" for e in state.history)
    assert player.model_.n_hands_ == player.model_.n_showdowns_ > 0


@pytest.mark.parametrize("learn_folds", [False, True])
def test_learning_against_figure4_moves_the_cpt_towards_it(learn_folds):
    player = CardBPP(rng=2, learn_folds=learn_folds)
    play_match(Stud5(), [player, RuleBasedPlayer], 600, rng=4)
    cpt = player.model_.cpt()
    # the opponent shows less and does not beat BPP's up cards: Figure 4 folds or passes, never bets
    if learn_folds:  # posterior-weighted counts: a little bet mass from the hands that end in a fold
        assert cpt[0, 1, 2, 0] < 0.1 and cpt[0, 0, 2, 0] < 0.2
    else:  # showdowns reveal the card: no bet is ever counted there, and both cells were seen
        counts = player.model_.counts_
        assert counts[0, 1, 2, 0] == 0 and counts[0, 0, 2, 0] == 0
        assert counts[0, 1, :, 0].sum() >= 5 and counts[0, 0, :, 0].sum() >= 20
    # the opponent shows at least as much and owes nothing: it always bets (it cannot be behind: its hand holds its up cards)
    assert np.all(cpt[1, 0, 2, 1:] > 0.8)
    np.testing.assert_allclose(cpt[1, 0, :, 0], [0.0, 0.5, 0.5])  # never observed: the prior
    # Figure 4 folds 85 % there; showdowns never show a fold, the posterior-weighted folded hands do
    assert (cpt[0, 1, 0, 0] > 0.6) if learn_folds else (cpt[0, 1, 0, 0] < 0.1)


def test_same_seed_same_match():
    a = play_match(Stud5(), [CardBPP, RuleBasedPlayer], 30, rng=9)
    b = play_match(Stud5(), [CardBPP, RuleBasedPlayer], 30, rng=9)
    np.testing.assert_array_equal(a.winnings, b.winnings)


def test_registered_trusted_and_checks_its_arguments():
    import bpp.registry as registry

    assert "bpp-card" in registry.list_agents()
    assert CardBPP.__dict__["trusted_actions"] is True
    rng = np.random.default_rng(6)
    a, b = CardBPP(rng=1, n_samples=20), RuleBasedPlayer(rng=2)
    for _ in range(30):
        state = Stud5().new_hand(rng.permutation(52), button=int(rng.integers(2)))
        while not state.is_terminal:
            p = state.current_player
            obs = state.observation(p)
            action = (a, b)[p].act(obs)
            assert action in obs.legal
            state.apply(action)
    with pytest.raises(ValueError, match="'max_bets' parameter of CardBPP"):
        CardBPP(max_bets=0)
    with pytest.raises(ValueError, match="'prior_strength' parameter of OpponentActionModel"):
        OpponentActionModel(prior_strength=-1.0)


def test_relations_of_every_unseen_card_including_flush_draws():
    # every candidate, with the opponent's four up cards of one suit in a third of the boards (the numpy path)
    from bpp.stud.players.reference import unseen_cards

    rng = np.random.default_rng(7)
    checked_flush = 0
    for trial in range(160):
        cards = rng.permutation(52)
        if trial < 120 and trial % 3 == 0:
            suit = int(cards[0]) & 3
            opp_up = [int(c) for c in cards if c & 3 == suit][:4]
            bpp_up = [int(c) for c in cards if int(c) not in opp_up][:4]
            checked_flush += 1
        elif trial >= 120:  # more boards, the suits drawn apart from the ranks
            n_up = trial % 4 + 1
            opp_up = [(int(c) & ~3) | (int(s) & 3) for c, s in zip(cards[:n_up], rng.permutation(4))]
            bpp_up = [(int(c) & ~3) | (int(s) & 3) for c, s in zip(cards[n_up : 2 * n_up], rng.permutation(4))]
            if len(set(opp_up + bpp_up)) < 2 * n_up:
                continue
        else:
            n_up = trial % 4 + 1
            opp_up, bpp_up = [int(c) for c in cards[:n_up]], [int(c) for c in cards[n_up : 2 * n_up]]
        candidates = unseen_cards(opp_up, bpp_up)
        got = relations(candidates, opp_up, bpp_up)
        expected = [
            0 if hand_value([int(h), *opp_up]) <= hand_value(bpp_up) else (2 if hand_type([int(h), *opp_up]) > hand_type(bpp_up) else 1)
            for h in candidates
        ]
        assert got.tolist() == expected
    assert checked_flush == 40

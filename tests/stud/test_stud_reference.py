"""The exact Bayesian reader of Figure 4 (bpp.stud.players.reference), checked against the engine replayed for every down card."""

import numpy as np
import pytest

from holdem.agents import UniformRandom
from holdem.games import Stud5

from bpp.stud.opponents import RuleBasedPlayer
from bpp.stud.players.reference import RulesReader, hole_posterior, opponent_decisions, unseen_cards


def _play_until_reader_decisions(seed, reader_seat):
    """Random hands (reader seat plays uniformly at random, the other seat Figure 4); yield (state, deal, button) at each reader turn."""
    rng = np.random.default_rng(seed)
    game = Stud5()
    rules = RuleBasedPlayer(rng=seed)
    mover = UniformRandom(rng=seed + 1)
    for _ in range(12):
        deal = rng.permutation(52)
        button = int(rng.integers(2))
        state = game.new_hand(deal, button=button)
        while not state.is_terminal:
            p = state.current_player
            if p == reader_seat:
                yield state, deal, button
                state.apply(mover.act(state.observation(p)))
            else:
                state.apply(rules.act(state.observation(p)))


def _brute_force_posterior(state, deal, button, seat):
    """For every unseen card h: put h in the opponent's down card, replay the hand's actions, multiply Figure 4's probabilities."""
    obs = state.observation(seat)
    opp = 1 - seat
    seen = set(obs.hole) | set(obs.up_cards[0]) | set(obs.up_cards[1])
    actions = [(e.player, e.action) for e in state.history if e.kind == "action"]
    hole_pos = int(np.flatnonzero(deal == state._holes[opp][0])[0])
    rules = RuleBasedPlayer()
    cards, weights = [], []
    for h in range(52):
        if h in seen:
            continue
        d = deal.copy()
        j = int(np.flatnonzero(d == h)[0])
        d[hole_pos], d[j] = d[j], d[hole_pos]
        replay = Stud5().new_hand(d, button=button)
        w = 1.0
        for player, action in actions:
            if player == opp:
                w *= rules.action_probabilities(replay.observation(opp))[action]
            replay.apply(action)
        cards.append(h)
        weights.append(w)
    weights = np.array(weights)
    return np.array(cards), weights / weights.sum()


@pytest.mark.parametrize("seat", [0, 1])
def test_hole_posterior_equals_replaying_the_engine_for_every_down_card(seat):
    checked = 0
    for state, deal, button in _play_until_reader_decisions(7 + seat, seat):
        cards, p = hole_posterior(state.observation(seat))
        oracle_cards, oracle_p = _brute_force_posterior(state, deal, button, seat)
        np.testing.assert_array_equal(cards, oracle_cards)
        np.testing.assert_allclose(p, oracle_p, rtol=0, atol=1e-12)
        checked += 1
    assert checked >= 20


def test_posterior_rules_out_down_cards_that_contradict_a_certain_action():
    # Seat 1 shows 2h against seat 0's 2s (rank tie -> "OPP-up >= BPP-up" for seat 1); after seat 1 bets,
    # seat 0 raises; Figure 4 then has seat 1 re-raise 85% only if its type beats the 2s.
    state = Stud5().new_hand(np.arange(52))
    state.apply(state.legal_actions()[-1])  # seat 1: "Else BET" (certain, no information)
    cards, p = hole_posterior(state.observation(0))
    np.testing.assert_allclose(p, 1 / cards.size)  # a certain action tells nothing
    state.apply(state.legal_actions()[-1])  # seat 0 raises
    state.apply(state.legal_actions()[-1])  # seat 1 re-raises
    cards, p = hole_posterior(state.observation(0))
    weak = np.isin(cards // 4, np.arange(0, 8))  # a 2-9 down card keeps seat 1 busted-low or a low pair ...
    assert p[weak].sum() < p[~weak].sum()


def test_opponent_decisions_reads_bets_faced_and_the_raise_cap():
    state = Stud5().new_hand(np.arange(52))
    for _ in range(4):  # seat 1 bets, seat 0 raises, seat 1 raises, seat 0 raises: the cap
        state.apply(state.legal_actions()[-1])
    state.apply(state.legal_actions()[-1])  # seat 1 calls (no raise left)
    assert opponent_decisions(state.observation(0)) == [(0, False, True, 2), (0, True, True, 2), (0, True, False, 1)]
    assert opponent_decisions(state.observation(1)) == [(0, True, True, 2), (0, True, True, 2)]


def test_last_round_win_probability_is_the_posterior_weight_of_beaten_down_cards():
    for state, deal, button in _play_until_reader_decisions(3, 0):
        obs = state.observation(0)
        if obs.round != 3:
            continue
        cards, p = hole_posterior(obs)
        from holdem.evaluate import evaluate

        mine = evaluate(np.array([obs.hole + obs.up_cards[0]]))[0]
        theirs = evaluate(np.array([(int(h),) + obs.up_cards[1] for h in cards]))
        expected = float(p @ ((mine > theirs) + 0.5 * (mine == theirs)))
        assert RulesReader(rng=0).win_probability(obs) == pytest.approx(expected, abs=1e-12)
        return
    pytest.fail("no last-round decision reached")


def test_rules_reader_is_registered_and_checks_its_arguments():
    import bpp.registry as registry

    assert "rules-reader" in registry.list_agents()
    with pytest.raises(ValueError, match="'max_bets' parameter of RulesReader"):
        RulesReader(max_bets=0)


def test_stud_agents_that_skip_the_legality_check_only_answer_legal_actions():
    # trusted_actions lets the match runner apply their answers unchecked; play them through the checked apply
    from bpp.stud.opponents import ProbabilisticPlayer
    from bpp.stud.players.paper import BPPPlayer
    from bpp.stud.decision.player import CurvePlayer

    for cls in (CurvePlayer, BPPPlayer, ProbabilisticPlayer, RuleBasedPlayer, RulesReader):
        assert cls.__dict__["trusted_actions"] is True
    rng = np.random.default_rng(4)
    game = Stud5()
    pairs = [(BPPPlayer(rng=1), RuleBasedPlayer(rng=2)), (ProbabilisticPlayer(rng=3, n_samples=50), RulesReader(rng=4, n_samples=20))]
    for a, b in pairs:
        for _ in range(40):
            state = game.new_hand(rng.permutation(52), button=int(rng.integers(2)))
            seats = (a, b)
            while not state.is_terminal:
                p = state.current_player
                obs = state.observation(p)
                action = seats[p].act(obs)
                assert action in obs.legal
                state.apply(action)


def test_win_given_each_down_card_matches_exact_enumeration():
    # round 2: four cards each known to the reader once h is fixed; one card to come for each side (44 x 43 completions)
    from itertools import permutations

    from holdem.cards import parse_cards
    from holdem.evaluate import evaluate
    from bpp.stud.players.reference import _win_given_holes

    mine = tuple(int(c) for c in parse_cards("Ks Kd 7h 2c"))
    up = tuple(int(c) for c in parse_cards("Qh Jh Th"))
    holes = np.array([c for c in range(52) if c not in mine + up])  # every candidate shares the samples
    got = _win_given_holes(mine, up, holes, 4000, np.random.default_rng(0))
    for h, p in zip(holes, got):
        rest = [c for c in range(52) if c not in mine + up + (h,)]
        pairs = np.array(list(permutations(rest, 2)))
        a = evaluate(np.column_stack([np.tile(mine, (len(pairs), 1)), pairs[:, 0]]))
        b = evaluate(np.column_stack([np.tile((h,) + up, (len(pairs), 1)), pairs[:, 1]]))
        exact = ((a > b) + 0.5 * (a == b)).mean()
        assert p == pytest.approx(exact, abs=1e-12)  # enumerated, not sampled


def test_exact_one_card_to_come_agrees_with_the_sampled_estimator_it_replaced():
    # round 3 used to be sampled (200 completions a candidate); the enumeration must agree within that sampler's error
    from bpp.stud.players.reference import _win_given_holes, _win_sampled

    rng = np.random.default_rng(11)
    for trial in range(6):
        deck = rng.permutation(52)
        if trial == 5:  # flushes live for both sides
            suited = [int(c) for c in range(52) if c & 3 == 2]
            mine, up = tuple(suited[:4]), tuple(suited[4:7])
        else:
            mine, up = tuple(int(c) for c in deck[:4]), tuple(int(c) for c in deck[10:13])
        holes = unseen_cards(mine, up)
        exact = _win_given_holes(mine, up, holes, 200, None)  # no stream needed
        sampled = _win_sampled(mine, up, holes, 3000, np.random.default_rng(trial))
        se = np.sqrt(np.maximum(exact * (1 - exact), 0.25 / 3000) / 3000)
        assert np.all(np.abs(sampled - exact) <= 5 * se + 1e-12)


def test_round1_table_is_the_shipped_sampler_output_and_suit_symmetric():
    # round-1 P(win | h) read from bpp/models/stud/win_round1.npz, one row per suit class
    from bpp.stud.players import reference as ref

    with np.load(ref.ROUND1_PATH) as data:
        keys, halves, group = data["keys"].astype(int), data["halves"], data["group"]
        n, seed = int(data["n_samples"]), int(data["seed"])
    assert len(keys) == 5083 and n == 1000 and set(group.tolist()) <= {1, 2, 6}
    streams = np.random.SeedSequence(seed).spawn(len(keys))
    for i in (0, 1234, 2500, 5082):  # rows rebuilt from their own streams: bit-identical
        row, size = ref._round1_row(tuple(keys[i]), n, streams[i])
        assert np.array_equal(row, halves[i]) and size == group[i]
    rng = np.random.default_rng(3)
    worst = 0.0
    for trial in range(6):
        deal = rng.permutation(52)
        mine, up = (int(deal[0]), int(deal[1])), (int(deal[2]),)
        holes = unseen_cards(mine, up)
        got = ref._win_given_holes(mine, up, holes, 200, None)
        perm = rng.permutation(4)  # the same deal with the suits renamed: the same numbers
        rename = lambda cards: tuple(int((c & ~3) | perm[c & 3]) for c in cards)  # noqa: E731
        renamed = ref._win_given_holes(rename(mine), rename(up), np.array(rename(holes)), 200, None)
        assert np.array_equal(got, renamed)
        fresh = ref._win_sampled(mine, up, holes, 3000, np.random.default_rng(trial))  # the per-hand sampler it replaced
        se = np.sqrt(np.maximum(got * (1 - got), 0.25 / n) * (1 / n + 1 / 3000))
        worst = max(worst, float(np.max(np.abs(fresh - got) / se)))
    assert worst < 4.5  # 294 values: within sampling error

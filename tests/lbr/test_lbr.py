"""Local Best Response (Lisy2017 §3-4): the range network against pgmpy, WpRollout against brute force, Figure 1, Table 2's always-call column."""

from itertools import combinations

import numpy as np
import pytest

from holdem.agents import Agent, AlwaysCall, UniformRandom
from holdem.strength import holdings_equity
from holdem.evaluate import evaluate
from holdem.games import LimitHoldem, NoLimitHoldem
from holdem.games.base import CHECK_CALL, FOLD, ActionKind
from holdem.ranges import HOLDINGS, holding_index
from holdem.cards import parse_cards

from bpp.lbr import FRACTIONS_56, LBRConfig, bet_candidates, play_lbr_hand, run_lbr
from bpp.lbr.chumps import CallRaise
from bpp.lbr.equity import preflop_equity, suit_permutations


class HighCardShy(Agent):
    """A test opponent whose policy depends on its cards: folds/calls/raises by its higher card's rank."""

    def action_probabilities(self, observation):
        high = max(observation.hole) >> 2
        raise_p = high / 24
        legal = observation.legal
        probs = {}
        raises = [a for a in legal if a.kind == ActionKind.BET_RAISE]
        if FOLD in legal:
            probs[FOLD] = (12 - high) / 30
        if raises:
            probs[raises[0]] = raise_p
        probs[CHECK_CALL] = 1.0 - sum(probs.values())
        return probs

    def act(self, observation):
        probs = self.action_probabilities(observation)
        actions = list(probs)
        return actions[self.rng.choice(len(actions), p=np.array(list(probs.values())))]


def _brute_equity(hole, board, holding):
    dead = set(hole) | set(board) | set(holding)
    rest = [c for c in range(52) if c not in dead]
    score, n = 0.0, 0
    for extra in combinations(rest, 5 - len(board)):
        b = list(board) + list(extra)
        ours, theirs = evaluate(np.array([list(hole) + b, list(holding) + b]))
        score += 1.0 if ours > theirs else 0.5 if ours == theirs else 0.0
        n += 1
    return score / n


@pytest.mark.parametrize("board", ["3h 4c Jh", "3h 4c Jh 2s", "3h 4c Jh 2s Kd"])
def test_holdings_equity_equals_brute_force_enumeration(board):
    hole = parse_cards("As Qc").tolist()
    b = parse_cards(board).tolist()
    e = holdings_equity(hole, b)
    for holding in ("Ah Kh", "5h 6h", "Jd Jc", "2c 7d"):
        h = parse_cards(holding).tolist()
        assert e[holding_index(h[0], h[1])] == pytest.approx(_brute_equity(hole, b, h), abs=1e-12)
    assert e[holding_index(parse_cards("As Kd"))] == 0.0  # conflicts with our ace


def _exact_preflop(a, b):
    """Exact pre-flop equity of holding a against b: all C(48, 5) boards ranked."""
    from holdem.evaluate import key_sums, rank_of_keys
    from holdem.tables import load_tables

    tables = load_tables()
    ha, hb = HOLDINGS[a], HOLDINGS[b]
    rest = np.setdiff1d(np.arange(52), np.r_[ha, hb])
    boards = rest[np.array(list(combinations(range(rest.size), 5)))]
    keys, bits = key_sums(boards), tables.suit_bits[boards].sum(axis=1)
    ra = rank_of_keys(key_sums(ha) + keys, 7, suit_bits=tables.suit_bits[ha].sum() + bits).astype(np.int32)
    rb = rank_of_keys(key_sums(hb) + keys, 7, suit_bits=tables.suit_bits[hb].sum() + bits)
    return 0.5 + np.sign(ra - rb).mean() / 2


def test_preflop_table_is_antisymmetric_suit_invariant_and_near_exact_enumeration():
    table = preflop_equity()
    i, j = holding_index("As Ah"), holding_index("Kd Kc")
    assert table[i, j] + table[j, i] == pytest.approx(1.0)
    # a sampled table (bpp.lbr.equity): near, not equal to, exact enumeration
    assert table[i, j] == pytest.approx(_exact_preflop(i, j), abs=0.02)
    perm = suit_permutations()[5]
    assert table[perm[i], perm[j]] == pytest.approx(table[i, j], abs=2e-5)


@pytest.mark.parametrize("opponent", [AlwaysCall(), CallRaise(rng=1), UniformRandom(rng=2), HighCardShy(rng=3)])
def test_compiled_range_equals_pgmpy_variable_elimination_after_every_action(opponent):
    from pgmpy.inference import VariableElimination

    rng = np.random.default_rng(7)
    checked = 0
    for hand in range(3):
        out = play_lbr_hand(NoLimitHoldem(), rng.permutation(52), hand % 2, opponent, LBRConfig("fcpa", "1-4"),
                            record_range=True)
        for n_evidence, weights in out.range_trace:
            model, evidence = out.opponent_range.network(n_evidence)
            post = VariableElimination(model).query(["holding"], evidence=evidence, show_progress=False)
            got = post.values[[post.state_names["holding"].index(str(i)) for i in range(len(HOLDINGS))]]
            np.testing.assert_allclose(weights, got, atol=1e-12)
            checked += 1
    assert checked >= 3


def test_card_dependent_opponent_moves_the_range():
    out = play_lbr_hand(NoLimitHoldem(), np.random.default_rng(1).permutation(52), 0, HighCardShy(rng=0),
                        LBRConfig("fc", "1-4"), record_range=True)
    _, weights = out.range_trace[0]
    live = weights[weights > 0]
    assert live.max() > 1.5 * live.min()


def test_fc_against_always_call_wins_exactly_zero_per_duplicate_deal():
    r = run_lbr("call", betting="fc", rounds="1-4", n_deals=20, rng=3)
    assert np.all(r.chips.sum(axis=1) == 0)  # both players check/call down: seat swap swaps the winner
    assert r.summaries["duplicate"].mean == 0.0
    lo, hi = r.value.ci95  # the imaginary observations average over the range instead: zero in expectation
    assert lo < 0.0 < hi


def test_against_always_call_lbr_goes_all_in_exactly_when_it_is_ahead():
    """Figure 1 against a player who never folds: U[all-in] > U[call] iff WpRollout > 1/2 (Lisy2017 §4)."""
    from bpp.lbr.local_br import local_best_response
    from bpp.lbr.opponent_range import OpponentRange

    state = NoLimitHoldem().new_hand(np.random.default_rng(5).permutation(52))
    hole = state.observation(0).hole
    rng_range = OpponentRange(HOLDINGS, own_cards=hole)
    e = preflop_equity()[holding_index(*hole)]
    action, utilities = local_best_response(state, 0, AlwaysCall(), rng_range, e, "fcpa")
    wp = float(rng_range.weights @ e)
    assert utilities[CHECK_CALL] == pytest.approx(wp * 150 - (1 - wp) * 50)
    assert (action.kind == ActionKind.BET_RAISE and action.amount == 20000) == (wp > 0.5)


def test_betting_sets():
    obs = NoLimitHoldem().new_hand(np.arange(52)).observation(0)
    assert len(FRACTIONS_56) == 52
    bets = bet_candidates(obs, "56")
    assert bets[0].amount == 200 and bets[-1].amount == 20000  # min-bet and all-in
    assert len({b.amount for b in bets}) == len(bets)
    limit = LimitHoldem().new_hand(np.arange(52)).observation(0)
    assert [str(a) for a in bet_candidates(limit, "56")] == ["r4"]


def test_limit_holdem_lbr_runs_against_a_trivial_agent():
    r = run_lbr("raise", game="limit-holdem", betting="fcpa", n_deals=10, rng=1)
    assert r.unit == "sb" and np.isfinite(r.value.mean)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"opponent": "nobody"}, "unknown agent 'nobody'"),
        ({"opponent": "call", "betting": "pot"}, "'betting' parameter of LBR must be one of fc, fcpa, 56; got 'pot'"),
        ({"opponent": "call", "rounds": "5"}, "'rounds' parameter of LBR"),
        ({"opponent": "bpp"}, "agent 'bpp' plays stud5, not nolimit-holdem"),
        ({"opponent": "call", "game": "draw5"}, "'game' parameter of run_lbr must be one of nolimit-holdem, limit-holdem, stud5; got 'draw5'"),
        ({"opponent": "call", "n_deals": 0}, "'n_deals' parameter of run_lbr must be a positive integer; got 0"),
    ],
)
def test_bad_input_is_a_value_error(kwargs, message):
    opponent = kwargs.pop("opponent")
    with pytest.raises(ValueError, match=message):
        run_lbr(opponent, **kwargs)


def test_cli_bad_input_is_one_line_and_exit_2(capsys):
    from bpp.cli import main

    assert main(["lbr", "--opponent", "call", "--betting", "xyz"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ")


def test_log_resumes_to_the_same_result(tmp_path):
    log = tmp_path / "lbr.jsonl"
    run_lbr("random", n_deals=6, rng=4, block_size=3, log=log)
    resumed = run_lbr("random", n_deals=12, rng=4, block_size=3, log=log)
    fresh = run_lbr("random", n_deals=12, rng=4, block_size=3)
    np.testing.assert_array_equal(resumed.chips, fresh.chips)
    np.testing.assert_allclose(resumed.imaginary, fresh.imaginary)


def _stud_observation(n_up):
    from holdem.games import Stud5
    from holdem.games.base import Observation

    deal = np.random.default_rng(11).permutation(52)
    state = Stud5().new_hand(deal)
    obs = state.observation(0)
    ups = (tuple(int(c) for c in deal[2:2 + 2 * n_up:2]), tuple(int(c) for c in deal[3:3 + 2 * n_up:2]))
    return obs._replace(up_cards=ups), deal


def test_stud_equity_with_one_card_to_come_equals_brute_force():
    from bpp.lbr.local_br import StudCards

    obs, deal = _stud_observation(3)
    e = StudCards(obs).equity(obs)
    mine = list(obs.hole) + list(obs.up_cards[0])
    opp_up = list(obs.up_cards[1])
    rest = [c for c in range(52) if c not in mine + opp_up]
    for d in rest[:3]:
        score, n = 0.0, 0
        for a in rest:
            for b in rest:
                if len({a, b, d}) < 3:
                    continue
                ours, theirs = evaluate(np.array([mine + [a], [d] + opp_up + [b]]))
                score += 1.0 if ours > theirs else 0.5 if ours == theirs else 0.0
                n += 1
        assert e[d] == pytest.approx(score / n, abs=1e-12)
    assert e[mine[0]] == 0.0


def test_stud_sampled_equity_is_near_the_exact_one():
    from bpp.lbr.local_br import StudCards

    obs, _ = _stud_observation(2)  # two up cards each to come: 3,000 sampled deals
    sampled = StudCards(obs, rng=0).equity(obs)
    again = StudCards(obs, rng=1).equity(obs)
    live = sampled > 0
    assert np.abs(sampled[live] - again[live]).max() < 0.06  # two independent samples agree to a few SE (~0.009 each)


def test_stud_lbr_runs_against_the_rule_based_player():
    r = run_lbr("rules", game="stud5", betting="fcpa", n_deals=4, rng=2)
    assert r.unit == "units" and np.isfinite(r.value.mean)


def test_stud_range_over_the_down_card_equals_pgmpy_against_the_rule_based_player():
    """Stud: her down card (52 states) as parent of her actions; the rule-based player's policy depends on it."""
    from pgmpy.inference import VariableElimination

    from bpp import registry
    from holdem.games import Stud5

    opponent = registry.make_agent("rules", rng=0)
    rng = np.random.default_rng(3)
    checked, moved = 0, False
    for hand in range(3):
        out = play_lbr_hand(Stud5(), rng.permutation(52), hand % 2, opponent, LBRConfig("fcpa", "1-4"),
                            record_range=True, rng=hand)
        for n_evidence, weights in out.range_trace:
            model, evidence = out.opponent_range.network(n_evidence)
            post = VariableElimination(model).query(["holding"], evidence=evidence, show_progress=False)
            got = post.values[[post.state_names["holding"].index(str(i)) for i in range(52)]]
            np.testing.assert_allclose(weights, got, atol=1e-12)
            checked += 1
            live = weights[weights > 0]
            moved = moved or live.max() > 1.05 * live.min()
    assert checked >= 3 and moved  # her actions did move the range (not only the cards dealt)

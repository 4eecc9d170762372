"""play_match on a toy rule set: seeding, seating, duplicate pairing, workers, instances, errors."""

from __future__ import annotations

import numpy as np
import pytest
from toy_game import Caller, HighCard, Randomer, Raiser, Recorder

from holdem.match import play_match, seatings
from holdem.match.duplicate import hand_plan


def reference_chips(seed, n_deals, block_size, n_players=2):
    """Call-vs-call chips by agent, recomputed from the documented streams (not from the runner)."""
    n_blocks = -(-n_deals // block_size)
    out = []
    for b, child in enumerate(np.random.SeedSequence(seed).spawn(n_blocks)):
        m = min(block_size, n_deals - b * block_size)
        # HighCard has no deal_cards, so all 51 Fisher-Yates steps run from the top, one 32-bit draw u
        # per step, row by row: position i swaps with i + (u * (52 - i)) >> 32 (Lemire's multiply-shift)
        draws = np.random.default_rng(child.spawn(1 + n_players)[0]).integers(0, 2**32, size=(m, 51), dtype=np.uint32)
        for j in range(m):
            deck = list(range(52))
            for i, u in enumerate(draws[j].tolist()):
                assert (u * (52 - i)) % 2**32 >= 2**32 % (52 - i)  # not a rejected draw (probability ~1e-8)
                k = i + (u * (52 - i) >> 32)
                deck[i], deck[k] = deck[k], deck[i]
            ranks = np.array(deck[:n_players]) >> 2
            button = (b * block_size + j) % n_players
            best = ranks.max()
            winners = [s for s in range(n_players) if ranks[s] == best]
            won = np.full(n_players, -1)
            share, odd = divmod(n_players, len(winners))
            order = sorted(winners, key=lambda s: (s - button - 1) % n_players)
            for k, s in enumerate(order):
                won[s] += share + (k < odd)
            out.append(won)
    return np.array(out)


def test_streams_follow_the_documented_seed_sequence_spawn():
    r = play_match(HighCard(), [Caller, Caller], 250, rng=123, block_size=100)
    expected = reference_chips(123, 250, 100)
    np.testing.assert_array_equal(r.winnings * 2, expected)
    assert r.n_hands == 250 and r.n_deals == 250 and r.seed == 123
    assert r.players[0].total == pytest.approx(expected[:, 0].sum() / 2)
    np.testing.assert_allclose(r.players[0].bankroll, np.cumsum(expected[:, 0]) / 2)


def test_result_statistics_are_the_t_interval_of_the_per_hand_winnings():
    from scipy import stats

    r = play_match(HighCard(), [Randomer, Raiser], 400, rng=5)
    w = r.winnings[:, 1]
    lo, hi = stats.t.interval(0.95, len(w) - 1, loc=w.mean(), scale=stats.sem(w))
    p = r.players[1]
    assert p.mean == pytest.approx(w.mean())
    assert p.std == pytest.approx(w.std(ddof=1))
    assert p.ci95 == pytest.approx((lo, hi))
    assert (p.t, p.p) == pytest.approx(tuple(stats.ttest_1samp(w, 0.0)))
    # zero-sum game: the two agents' winnings cancel hand by hand
    np.testing.assert_array_equal(r.winnings.sum(axis=1), 0)


def test_button_moves_every_hand_and_agents_keep_their_seats():
    rec = Recorder()
    play_match(HighCard(), [rec, Caller], 6, rng=1, block_size=4)
    assert rec.seats == [0] * 6  # agent 0 sits in seat 0; the instance persists across blocks
    assert [h[3] for h in hand_plan(0, 6, 2, duplicate=False)] == [0, 1, 0, 1, 0, 1]


def test_observe_hook_is_told_every_public_event_of_each_hand():
    rec = Recorder()
    r = play_match(HighCard(n_players=3), [Caller, rec, Raiser], 20, rng=2)
    assert r.n_hands == 20
    # the last hand ends in a showdown of all three seats (nobody folds)
    assert [e.kind for e in rec.events][-3:] == ["showdown"] * 3


def test_duplicate_always_call_cancels_the_luck_of_every_deal():
    # Each agent holds each seat's cards once per deal, so two identical
    # strategies break exactly even on every deal: zero mean, zero spread.
    r = play_match(HighCard(n_players=3), [Caller, Caller, Caller], 300, rng=9, duplicate=True, block_size=64)
    assert r.n_hands == 900 and r.n_deals == 300
    for p in r.players:
        assert p.total == 0 and p.std == 0 and p.ci95 == (0.0, 0.0) and p.n == 300
    # the rotations are played deal-major
    np.testing.assert_array_equal(r.winnings.reshape(300, 3, 3).sum(axis=1), 0)


def test_duplicate_ci_uses_the_per_deal_sample():
    from scipy import stats

    r = play_match(HighCard(), [Raiser, Randomer], 300, rng=4, duplicate=True)
    paired = r.winnings[:, 0].reshape(300, 2).mean(axis=1)
    p = r.players[0]
    assert p.n == 300
    assert p.mean == pytest.approx(paired.mean())
    assert p.ci95 == pytest.approx(stats.t.interval(0.95, 299, loc=paired.mean(), scale=stats.sem(paired)))
    assert p.total == pytest.approx(r.winnings[:, 0].sum())


def test_duplicate_seatings_are_the_cyclic_rotations():
    s = seatings(4, duplicate=True)
    for agent in range(4):
        assert sorted(np.nonzero(s == agent)[1]) == [0, 1, 2, 3]  # every seat once
    np.testing.assert_array_equal(seatings(2, duplicate=True), [[0, 1], [1, 0]])


def test_result_is_the_same_for_any_block_order_and_worker_count():
    kw = dict(rng=77, block_size=50, duplicate=True)
    one = play_match(HighCard(n_players=3), [Randomer, Raiser, Randomer], 220, workers=1, **kw)
    two = play_match(HighCard(n_players=3), [Randomer, Raiser, Randomer], 220, workers=2, **kw)
    np.testing.assert_array_equal(one.winnings, two.winnings)
    assert one.to_dict() == two.to_dict()


def test_same_seed_same_result_and_generator_seeds_are_recorded():
    a = play_match(HighCard(), [Randomer, Randomer], 100, rng=np.random.default_rng(3))
    b = play_match(HighCard(), [Randomer, Randomer], 100, rng=a.seed)
    np.testing.assert_array_equal(a.winnings, b.winnings)


def test_instances_need_one_worker():
    with pytest.raises(ValueError, match=r"agents caller are agent instances; they need workers=1 \(got 2\)"):
        play_match(HighCard(), [Caller(), Caller], 10, workers=2)


def test_unpicklable_factories_are_refused_for_workers():
    with pytest.raises(ValueError, match="cannot be sent to worker processes"):
        play_match(HighCard(), [lambda rng: Caller(), Caller], 10, workers=2, block_size=5)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(n_deals=1), r"The 'n_deals' parameter of play_match must be an integer >= 2; got 1\."),
        (dict(workers=0), r"The 'workers' parameter of play_match must be an integer >= 1; got 0\."),
        (dict(block_size=2.5), r"The 'block_size' parameter of play_match must be an integer >= 1; got 2\.5\."),
        (dict(rng=-1), r"The 'rng' parameter of play_match must be None, an int"),
        (dict(agents=[Caller]), r"must name one agent per seat \(2 for highcard\); got 1\."),
        (dict(agents=[Caller, 3]), r"takes names, factories or agents; got 3\."),
    ],
)
def test_bad_arguments_raise_value_errors_naming_the_parameter(kwargs, message):
    args = dict(agents=[Caller, Caller], n_deals=10) | kwargs
    with pytest.raises(ValueError, match=message):
        play_match(HighCard(), args.pop("agents"), args.pop("n_deals"), **args)


def test_table_and_json():
    r = play_match(HighCard(), [Caller, Raiser], 50, rng=0)
    d = r.to_dict()
    assert d["game"] == "highcard" and d["unit"] == "units" and d["hands"] == 50
    assert [p["name"] for p in d["players"]] == ["caller", "raiser"]
    assert d["players"][0]["ci95"][0] < d["players"][0]["mean"] < d["players"][0]["ci95"][1]
    text = r.table()
    assert "caller" in text and "raiser" in text and "units/hand" in text

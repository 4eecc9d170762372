"""Pre-flop income rates (Billings1998 §4.1; Billings2002 "pre-flop betting strategy", iterated roll-outs) and betting rules."""

import argparse
import itertools

import numpy as np
import pytest

from bpp.loki.evaluator import preflop
from bpp.loki.evaluator.preflop import (
    SKLANSKY_GROUPS,
    IncomeRates,
    PreflopThresholds,
    compare_sklansky,
    iterated_rollout,
    load_income_rates,
    model_path,
    preflop_levels,
    preflop_triple,
    preflop_triples,
    rollout,
    simple_preflop_triples,
    sklansky_group,
)
from holdem.ranges import CLASS_NAMES, CLASS_SIZES, class_index, holding_index


@pytest.fixture(scope="module")
def ten():
    return load_income_rates(10)


@pytest.fixture(scope="module")
def ten_iterated():
    if not model_path(10, iterated=True).exists():
        pytest.skip("no iterated ten-player table committed")
    return load_income_rates(10, iterated=True)


# --- the committed tables against the papers ----------------------------------------------------


def test_loki_aces_highest_seven_deuce_lowest_for_ten_players(ten):
    """Billings1998 §4.1: "A pair of aces had the highest income rate; a 2 and 7 (of different suits) had the lowest"."""
    assert ten.ranking()[0] == "AA"
    assert ten.ranking()[-1] == "72o"
    assert ten.n_players == 10 and ten.games.min() >= 900_000  # Loki's 1,000,000 games a class


def test_income_rate_unit_is_milli_bets_and_zero_sum(ten):
    """Billings2002: milli-bets per game played; a roll-out is zero-sum, so the combo-weighted mean is 0."""
    mean = (ten.rates * CLASS_SIZES).sum() / CLASS_SIZES.sum()
    assert abs(mean) < 5.0
    assert 1800 < ten.rate("AA") < 2400  # AA wins about 31% of ten-way pots of 10 small bets: +2.1 bets
    assert np.all(ten.stderr < 5.0)


def test_strong_correlation_with_sklansky_groups(ten):
    """Billings2002: "a strong correlation between the Sklansky rankings and the income rates of the roll-outs"."""
    means = [np.mean([ten.rate(n) for n in SKLANSKY_GROUPS[g]]) for g in range(1, 9)]
    assert all(a > b for a, b in zip(means, means[1:4]))  # groups 1 > 2 > 3 > 4 strictly
    rest = [ten.rate(n) for n in CLASS_NAMES if sklansky_group(n) == 9]
    assert means[-1] > np.mean(rest)
    groups = np.array([sklansky_group(n) for n in CLASS_NAMES])
    rho = np.corrcoef(np.argsort(np.argsort(-ten.rates)), np.argsort(np.argsort(groups)))[0, 1]
    assert rho > 0.75
    table = compare_sklansky(ten)
    assert table.splitlines()[1].split()[:2] == ["1", "5"]


def test_roll_out_favours_suited_and_connected_hands_in_multiway_pots(ten):
    """Billings2002: the simulation's bias for hands that play well multi-way (suited, connectors)."""
    assert ten.rate("JTs") > ten.rate("AQo")
    assert ten.rate("KQs") > ten.rate("AKo")


def test_iterated_values_raise_big_pairs_and_ak_and_lower_kq(ten, ten_iterated):
    """Billings2002: the iterated roll-outs show "increased value of large pairs and AK unsuited, diminished value of KQ"."""
    plain, iterated = ten.ranking(), ten_iterated.ranking()
    for name in ("JJ", "TT", "99", "AKo"):  # large pairs and AK unsuited move up
        assert iterated.index(name) < plain.index(name), name
    # KQ, dominated by AA, KK, QQ, AK, AQ, loses value: KQs drops in the ranking, and both lose
    # against AK of the same suitedness (KQo gains a little rank only as every offsuit hand does)
    assert iterated.index("KQs") > plain.index("KQs") + 3
    for kq, ak in (("KQs", "AKs"), ("KQo", "AKo")):
        assert ten_iterated.rate(kq) / ten_iterated.rate(ak) < 0.8 * ten.rate(kq) / ten.rate(ak)
    assert iterated[:3] == ("AA", "KK", "QQ")


def test_iterated_profitable_set_is_a_tight_set_agreeing_with_experts(ten_iterated):
    """Billings2002: the equilibrium set of profitable hands is in "strong agreement with expert opinion"."""
    profitable = set(ten_iterated.profitable())
    assert set(SKLANSKY_GROUPS[1]) <= profitable
    assert 8 <= len(profitable) <= 60
    assert not any(sklansky_group(n) >= 8 for n in profitable)


# --- the simulation itself ----------------------------------------------------------------------


def test_result_does_not_depend_on_worker_count():
    """STYLE 9: SeedSequence.spawn per block; blocks summed in order."""
    one = rollout(3, 2_000, rng=5, n_jobs=1)
    two = rollout(3, 2_000, rng=5, n_jobs=2)
    np.testing.assert_array_equal(one.rates, two.rates)
    np.testing.assert_array_equal(one.games, two.games)


def test_vectorized_nets_equal_a_loop_over_deals():
    """STYLE 12: the batch result equals the one-deal-at-a-time result (plain and iterated rules)."""
    rng = np.random.default_rng(9)
    classes, ranks = preflop._deal_block(rng, 300, 6)
    played = np.zeros(169, bool)
    played[:40] = True
    for rule in (None, played):
        nets, cls = preflop._nets(classes, ranks, rule)
        for d in range(300):
            seats = range(6) if rule is None else range(2, 6)
            for j, i in enumerate(seats):
                if rule is None:
                    group = list(range(6))
                else:
                    group = [0, 1, i] + [s for s in range(2, 6) if s != i and rule[classes[d, s]]]
                best = max(ranks[d, s] for s in group)
                winners = [s for s in group if ranks[d, s] == best]
                expected = (len(group) / len(winners) if i in winners else 0.0) - 1.0
                assert nets[d, j] == pytest.approx(expected)
                assert cls[d, j] == classes[d, i]


def test_deals_are_uniform_over_classes():
    """Every seat's class frequency matches its combo count."""
    classes, _ = preflop._deal_block(np.random.default_rng(1), 20_000, 10)
    counts = np.bincount(classes.ravel(), minlength=169)
    expected = CLASS_SIZES / 1326 * classes.size
    chi2 = ((counts - expected) ** 2 / expected).sum()
    assert chi2 < 250  # 168 degrees of freedom: p ≈ 1e-4


def test_small_ten_player_rollout_reproduces_the_ordering_of_the_table(ten):
    small = rollout(10, 3_000, rng=11, n_jobs=2)
    assert small.ranking()[0] == "AA"
    assert np.corrcoef(small.rates, ten.rates)[0, 1] > 0.97
    assert np.all(np.abs(small.rates - ten.rates) < 6 * small.stderr + 10)


def test_small_iterated_rollout_shrinks_the_playing_set():
    table = iterated_rollout(6, 1_000, max_iterations=3, rng=2, n_jobs=2)
    assert table.iterated and table.played.sum() < 169 and table.played[class_index("AA")]
    assert not table.played[class_index("72o")]


def test_table_round_trips_through_csv(tmp_path, ten):
    path = ten.save(tmp_path / "t.csv")
    again = IncomeRates.load(path)
    np.testing.assert_allclose(again.rates, ten.rates, atol=0.005)
    assert again.n_players == 10 and again.iterated == ten.iterated and again.seed == ten.seed
    (tmp_path / "bad.csv").write_text("class,rate,stderr,games,played\nAA,1,1,1,1\n")
    with pytest.raises(ValueError, match="not an income-rate table"):
        IncomeRates.load(tmp_path / "bad.csv")


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: rollout(11, 10), "n_players.*got 11"),
        (lambda: rollout(10, 0), "n_games.*got 0"),
        (lambda: rollout(10, 10, n_jobs=0), "n_jobs.*got 0"),
        (lambda: rollout(10, 10, rng="x"), "rng.*got 'x'"),
        (lambda: iterated_rollout(2, 10), r"n_players.*\[3, 10\]; got 2"),
        (lambda: iterated_rollout(5, 10, noise=-1.0), "noise.*got -1.0"),
        (lambda: preflop_levels(n_players=10, players_behind=10), "players_behind.*got 10"),
        (lambda: preflop_triples(np.zeros(5)), r"got shape \(5,\)"),
        (lambda: PreflopThresholds(spread=0), "spread.*got 0"),
    ],
)
def test_bad_input_names_the_value(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# --- betting rules --------------------------------------------------------------------------------


def test_triples_are_distributions_in_every_context():
    for n, behind, level, check, up in itertools.product((2, 5, 10), (0, 1), (0, 1, 2, 3, 4), (False, True), (False, True)):
        pt = preflop_triples(n_players=n, players_behind=behind, bet_level=level, can_check=check, can_raise=up)
        assert pt.shape == (1326, 3) and np.allclose(pt.sum(axis=1), 1) and (pt >= 0).all()
        if check:
            assert (pt[:, 0] == 0).all()
        if not up:
            assert (pt[:, 2] == 0).all()


@pytest.mark.parametrize("n, early_behind, late_behind", [(10, 8, 1), (6, 4, 0), (3, 2, 0), (2, 1, 0)])
def test_position_makes_play_tighter(n, early_behind, late_behind):
    """Billings1998 §4.1: the advanced system accounts for position: fewer hands called with more players behind.

    Heads-up (n = 2) the button acts first pre-flop with one player behind: it plays fewer hands than
    the big blind facing a raise with nobody behind would at the same level.
    """
    early = preflop_triples(n_players=n, players_behind=early_behind, bet_level=1)
    late = preflop_triples(n_players=n, players_behind=late_behind, bet_level=1)
    assert (1 - early[:, 0]).sum() < (1 - late[:, 0]).sum()


def test_player_count_changes_hand_values():
    """Billings1998 §4.1 / Billings2002: a different table of rates per number of players; suited connectors lose value heads-up."""
    two = load_income_rates(2)
    if two.n_players != 2:
        pytest.skip("no two-player table committed")
    ten = load_income_rates(10)
    assert two.ranking().index("76s") > ten.ranking().index("76s")
    assert two.ranking().index("A9o") < ten.ranking().index("A9o")


def test_betting_levels_make1_make2_make4():
    aa, kk, ninety = holding_index("AsAh"), holding_index("KsKh"), holding_index("9c8c")
    # AA raises until the cap, then calls
    for level in (1, 2, 3):
        assert preflop_triple("AsAh", n_players=10, bet_level=level).tolist() == [0.0, 0.0, 1.0]
    assert preflop_triple("AsAh", n_players=10, bet_level=4).tolist() == [0.0, 1.0, 0.0]
    assert preflop_triple("7c2d", n_players=10, players_behind=8).tolist() == [1.0, 0.0, 0.0]
    pt = preflop_triples(n_players=10, players_behind=2, bet_level=3)
    assert pt[aa, 2] == 1.0 and pt[kk, 0] == 0.0
    assert pt[ninety, 0] > 0.5  # a Make1 hand folds to three bets


def test_loki_ablation_c_ignores_position_and_player_count():
    """Billings1998 §5: player C's "simplistic pre-flop hand selection"."""
    pt = simple_preflop_triples(bet_level=1)
    assert round(float((pt[:, 0] == 0).mean()), 2) == 0.35
    assert np.array_equal(pt, simple_preflop_triples(bet_level=2))  # calls any bet
    assert pt[holding_index("AsAh")].tolist() == [0.0, 0.0, 1.0]
    assert pt[holding_index("7c2d")].tolist() == [1.0, 0.0, 0.0]
    assert (simple_preflop_triples(bet_level=1, can_check=True)[:, 0] == 0).all()


def test_build_target_writes_the_table(tmp_path, capsys):
    parser = argparse.ArgumentParser()
    preflop.add_arguments(parser)
    out = tmp_path / "p.csv"
    args = parser.parse_args(["--players", "4", "--games", "500", "--seed", "3", "--jobs", "1", "--out", str(out)])
    assert preflop.run(args) == 0
    table = IncomeRates.load(out)
    assert table.n_players == 4 and table.seed == 3
    printed = capsys.readouterr().out
    assert "wrote" in printed and "group" in printed


@pytest.mark.slow
def test_loki_scale_rollout_matches_the_committed_table(ten):
    """Billings1998 §4.1 at full scale: 1,000,000 games a class against nine opponents (about 2-3 minutes on two cores)."""
    full = rollout(10, 1_000_000, rng=1, n_jobs=-1)
    np.testing.assert_allclose(full.rates, ten.rates, atol=0.01)

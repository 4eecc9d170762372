"""Tests of holdem.ranges: holdings, starting-hand classes, range strings."""

from itertools import combinations

import numpy as np
import pytest

from holdem.cards import format_cards, parse_cards
from holdem.ranges import (
    CARD_HOLDINGS,
    CLASS_NAMES,
    CLASS_OF_HOLDING,
    CLASS_SIZES,
    HOLDING_INDEX,
    HOLDINGS,
    N_CLASSES,
    N_HOLDINGS,
    as_weights,
    class_combos,
    class_grid_position,
    class_index,
    class_means,
    conflict_matrix,
    expand_class_weights,
    format_range,
    holding_index,
    holdings_conflict,
    holdings_mask,
    parse_range,
    weights_to_grid,
)

RANKS = "23456789TJQKA"


# --- holdings ------------------------------------------------------------------------------


def test_holdings_follow_itertools_combinations_order():
    expected = np.array(list(combinations(range(52), 2)))
    assert HOLDINGS.shape == (N_HOLDINGS, 2) == (1326, 2)
    assert HOLDINGS.dtype == np.int8
    np.testing.assert_array_equal(HOLDINGS, expected)


def test_holding_index_exhaustive_both_orders():
    for i, (a, b) in enumerate(combinations(range(52), 2)):
        assert holding_index(a, b) == i
        assert holding_index(b, a) == i
        assert HOLDING_INDEX[a, b] == HOLDING_INDEX[b, a] == i


def test_holding_index_vectorized_equals_looped():
    rng = np.random.default_rng(0)
    a = rng.integers(0, 52, size=(40, 7))
    b = (a + rng.integers(1, 52, size=a.shape)) % 52
    batch = holding_index(a, b)
    assert batch.shape == a.shape
    looped = np.array([holding_index(int(x), int(y)) for x, y in zip(a.ravel(), b.ravel())]).reshape(a.shape)
    np.testing.assert_array_equal(batch, looped)
    np.testing.assert_array_equal(holding_index(np.stack([a, b], axis=-1)), batch)
    np.testing.assert_array_equal(HOLDINGS[batch].min(axis=-1), np.minimum(a, b))


def test_holding_index_table_diagonal_and_text():
    assert (np.diag(HOLDING_INDEX) == -1).all()
    assert (HOLDING_INDEX[~np.eye(52, dtype=bool)] >= 0).all()
    assert holding_index("AsKs") == holding_index("KsAs") == holding_index(parse_cards("Ks As"))
    assert holding_index("2c2d") == 0 and holding_index("AhAs") == 1325


def test_holding_index_errors():
    with pytest.raises(ValueError, match="two different cards, got As and As"):
        holding_index(51, 51)
    with pytest.raises(ValueError, match="bad card code 52: codes run from 0"):
        holding_index(0, 52)
    with pytest.raises(ValueError, match="bad card codes of dtype float64"):
        holding_index(1.0, 2.0)
    with pytest.raises(ValueError, match="a holding needs two cards"):
        holding_index("AsKsQs")


def test_tables_are_read_only():
    for table in (HOLDINGS, HOLDING_INDEX, CARD_HOLDINGS, CLASS_OF_HOLDING, CLASS_SIZES, conflict_matrix()):
        assert not table.flags.writeable
    with pytest.raises(ValueError):
        HOLDINGS[0, 0] = 5
    assert not class_combos("AA").flags.writeable


def test_card_holdings_lists_the_51_holdings_of_each_card():
    assert CARD_HOLDINGS.shape == (52, 51)
    for c in range(52):
        expected = [i for i, pair in enumerate(combinations(range(52), 2)) if c in pair]
        np.testing.assert_array_equal(CARD_HOLDINGS[c], expected)


def test_holdings_mask_counts_and_conflicts():
    assert holdings_mask([]).all()
    for k in range(6):
        dead = np.arange(0, 52, 52 // 6)[:k]
        assert holdings_mask(dead).sum() == (52 - k) * (51 - k) // 2
    mask = holdings_mask("As Kd 7c")
    hit = np.isin(HOLDINGS, parse_cards("As Kd 7c")).any(axis=1)
    np.testing.assert_array_equal(mask, ~hit)


def test_holdings_mask_batch_equals_one_at_a_time():
    rng = np.random.default_rng(1)
    boards = np.array([rng.permutation(52)[:5] for _ in range(30)])
    batch = holdings_mask(boards)
    assert batch.shape == (30, 1326) and batch.dtype == bool
    for board, row in zip(boards, batch):
        np.testing.assert_array_equal(row, holdings_mask(board))
        np.testing.assert_array_equal(row, ~holdings_conflict(np.arange(N_HOLDINGS), board))


def test_holdings_mask_nested_batch():
    rng = np.random.default_rng(4)
    cards = np.array([rng.permutation(52)[:3] for _ in range(12)]).reshape(3, 4, 3)
    batch = holdings_mask(cards)
    assert batch.shape == (3, 4, 1326)
    for idx in np.ndindex(3, 4):
        np.testing.assert_array_equal(batch[idx], holdings_mask(cards[idx]))
    assert holdings_mask(np.zeros((5, 0), dtype=np.int8)).shape == (5, 1326)


def test_holdings_mask_bad_card():
    with pytest.raises(ValueError, match="bad card 'Ax'"):
        holdings_mask("As Ax")


def test_conflict_matrix():
    m = conflict_matrix()
    assert m.shape == (1326, 1326) and m.dtype == bool
    np.testing.assert_array_equal(m, m.T)
    assert m.diagonal().all()
    assert (m.sum(axis=1) == 101).all()  # itself + 50 others with each of its two cards
    i = holding_index("AsKs")
    np.testing.assert_array_equal(m[i], ~holdings_mask("As Ks"))


# --- classes -------------------------------------------------------------------------------


def test_class_counts():
    assert len(CLASS_NAMES) == N_CLASSES == 169
    assert len(set(CLASS_NAMES)) == 169
    kinds = [("pair" if len(n) == 2 else n[2]) for n in CLASS_NAMES]
    assert (kinds.count("pair"), kinds.count("s"), kinds.count("o")) == (13, 78, 78)
    sizes = {"pair": 6, "s": 4, "o": 12}
    np.testing.assert_array_equal(CLASS_SIZES, [sizes[k] for k in kinds])
    assert 13 * 6 + 78 * 4 + 78 * 12 == CLASS_SIZES.sum() == 1326


def test_class_names_follow_the_grid_order():
    assert CLASS_NAMES[:3] == ("AA", "AKs", "AQs")
    assert CLASS_NAMES[12:15] == ("A2s", "AKo", "KK")
    assert CLASS_NAMES[-2:] == ("32o", "22")
    for k, name in enumerate(CLASS_NAMES):
        row, col = class_grid_position(name)
        assert row * 13 + col == k == class_index(name)
        hi, lo = RANKS[12 - min(row, col)], RANKS[12 - max(row, col)]
        if row == col:
            assert name == hi + lo
        elif row < col:  # suited above the diagonal
            assert name == hi + lo + "s"
        else:
            assert name == hi + lo + "o"


def test_classes_partition_the_holdings():
    combos = np.concatenate([class_combos(k) for k in range(169)])
    np.testing.assert_array_equal(np.sort(combos), np.arange(1326))
    for k, name in enumerate(CLASS_NAMES):
        held = class_combos(name)
        assert len(held) == CLASS_SIZES[k]
        assert (CLASS_OF_HOLDING[held] == k).all()
        ranks, suits = HOLDINGS[held] >> 2, HOLDINGS[held] & 3
        assert set(RANKS[r] for r in ranks.ravel()) == set(name[:2])
        if name.endswith("s"):
            assert (suits[:, 0] == suits[:, 1]).all()
        else:
            assert (suits[:, 0] != suits[:, 1]).all()


def test_class_of_holding_by_hand():
    assert CLASS_NAMES[CLASS_OF_HOLDING[holding_index("AsKs")]] == "AKs"
    assert CLASS_NAMES[CLASS_OF_HOLDING[holding_index("AsKd")]] == "AKo"
    assert CLASS_NAMES[CLASS_OF_HOLDING[holding_index("7h2c")]] == "72o"
    assert CLASS_NAMES[CLASS_OF_HOLDING[holding_index("Tc Td")]] == "TT"


def test_class_index_is_lenient_about_case_and_order():
    assert class_index("kas") == class_index("AKs") == 1
    assert class_index("t9O") == class_index("T9o")


@pytest.mark.parametrize("bad", ["AK", "AAs", "AKx", "1Ks", "", "AKso"])
def test_class_index_errors(bad):
    with pytest.raises(ValueError, match=f"bad class name '{bad}'"):
        class_index(bad)


def test_class_combos_bad_index():
    with pytest.raises(ValueError, match="bad class index 169"):
        class_combos(169)


def test_grid_and_expansion_round_trip():
    rng = np.random.default_rng(2)
    class_weights = rng.random(169)
    expanded = expand_class_weights(class_weights)
    assert expanded.shape == (1326,)
    np.testing.assert_allclose(class_means(expanded), class_weights)
    np.testing.assert_allclose(weights_to_grid(expanded), class_weights.reshape(13, 13))
    np.testing.assert_array_equal(expand_class_weights(class_weights.reshape(13, 13)), expanded)


def test_grid_is_the_mean_weight_per_class():
    weights = parse_range("AsKs, AhKh, QQ:0.5, 72o")
    grid = weights_to_grid(weights)
    assert grid[class_grid_position("AKs")] == 0.5
    assert grid[class_grid_position("QQ")] == 0.5
    assert grid[class_grid_position("72o")] == 1.0
    assert grid[class_grid_position("27s")] == 0.0
    assert grid.sum() == 2.0


def test_grid_batch_equals_one_at_a_time():
    rng = np.random.default_rng(3)
    batch = rng.random((4, 5, 1326))
    grids = weights_to_grid(batch)
    assert grids.shape == (4, 5, 13, 13)
    for idx in np.ndindex(4, 5):
        np.testing.assert_allclose(grids[idx], weights_to_grid(batch[idx]))
    np.testing.assert_allclose(expand_class_weights(class_means(batch)).shape, (4, 5, 1326))


def test_grid_shape_errors():
    with pytest.raises(ValueError, match=r"weights must have shape \(\.\.\., 1326\), got \(169,\)"):
        weights_to_grid(np.ones(169))
    with pytest.raises(ValueError, match=r"class_weights must have shape \(\.\.\., 169\)"):
        expand_class_weights(np.ones(12))


# --- range strings -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "n_combos"),
    [
        ("TT+", 30),
        ("AQs+", 8),
        ("KQo", 12),
        ("22+", 78),
        ("A2s+", 48),
        ("AK", 16),
        ("AKs", 4),
        ("AKo", 12),
        ("77", 6),
        ("77-44", 24),
        ("44-77", 24),
        ("KTo-K7o", 48),
        ("K7o-KTo", 48),
        ("KT-K7", 64),
        ("ATs+", 16),
        ("AT+", 64),
        ("KQs+", 4),
        ("AsKs", 1),
        ("random", 1326),
        ("ANY", 1326),
        ("TT+, AQs+, KQo", 50),
        ("TT+ AQs+ KQo", 50),
        ("AK, AKs", 16),
        ("", 0),
    ],
)
def test_known_range_sizes(text, n_combos):
    weights = parse_range(text)
    assert weights.shape == (1326,) and weights.dtype == np.float64
    assert weights.sum() == n_combos
    assert set(np.unique(weights)) <= {0.0, 1.0}


def test_range_terms_name_the_right_classes():
    def classes(text):
        return {CLASS_NAMES[k] for k in np.unique(CLASS_OF_HOLDING[parse_range(text) > 0])}

    assert classes("TT+") == {"TT", "JJ", "QQ", "KK", "AA"}
    assert classes("AQs+") == {"AQs", "AKs"}
    assert classes("77-44") == {"77", "66", "55", "44"}
    assert classes("KTo-K7o") == {"KTo", "K9o", "K8o", "K7o"}
    assert classes("T8s+") == {"T8s", "T9s"}
    assert classes("ka") == {"AKs", "AKo"}


def test_specific_combo():
    weights = parse_range("AsKs")
    assert np.flatnonzero(weights).tolist() == [holding_index("AsKs")]
    assert np.array_equal(parse_range("KsAs"), weights)


def test_weights_and_groups():
    w = parse_range("AQs:0.5")
    assert w.sum() == 2.0 and set(np.unique(w)) == {0.0, 0.5}
    w = parse_range("(AQs, KJs):0.25, TT+")
    assert w[class_combos("AQs")].tolist() == [0.25] * 4
    assert w[class_combos("KJs")].tolist() == [0.25] * 4
    assert w.sum() == 2.0 + 30
    assert np.array_equal(parse_range("( AQs KJs ) : 0.25"), parse_range("(AQs, KJs):0.25"))
    assert parse_range("random:0.5").sum() == 663.0


def test_later_term_wins():
    assert parse_range("22+, 55:0").sum() == 72
    w = parse_range("AK, AKs:0.5")
    assert w[class_combos("AKs")].tolist() == [0.5] * 4
    assert w[class_combos("AKo")].tolist() == [1.0] * 12
    w = parse_range("AKs:0.5, AK")
    assert w[class_combos("AKs")].tolist() == [1.0] * 4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("TT+, AKx", r"bad range term 'AKx' in 'TT\+, AKx'"),
        ("AAs", r"bad range term 'AAs' in 'AAs': a pair is neither suited nor offsuit"),
        ("KTo-Q7o", r"bad range term 'KTo-Q7o'.*a dash joins"),
        ("KTo-K7s", r"bad range term 'KTo-K7s'"),
        ("77-K7", r"bad range term '77-K7'"),
        ("AsAs", r"duplicate card As in 'AsAs'"),
        ("AQs:1.5", r"bad weight '1.5' in 'AQs:1.5'"),
        ("AQs:-0.1", r"bad weight '-0.1'"),
        ("AQs:half", r"bad weight 'half'"),
        ("AQs:nan", r"bad weight 'nan'"),
        ("(AQs, KJs", r"unbalanced '\('"),
        ("AQs), KJs", r"unbalanced '\)'"),
        ("()", r"bad range term '\(\)'.*empty group"),
        ("((AQs):0.5)", r"groups do not nest"),
        ("AQs:0.5:0.5", r"bad range term 'AQs:0.5:0.5'"),
        ("xyz", r"bad range term 'xyz'"),
    ],
)
def test_parse_range_errors_name_the_bad_token(text, message):
    with pytest.raises(ValueError, match=message):
        parse_range(text)


def test_parse_range_rejects_non_text():
    with pytest.raises(ValueError, match="a range must be text"):
        parse_range(["AK"])


@pytest.mark.parametrize(
    "text",
    [
        "TT+, AQs+, KQo",
        "22+",
        "99-66, AQ+, AJs, KTo-K7o, AsTs",
        "A2s+, K9o-K5o, 72o",
        "AKo, (22+, AKs):0.5",
        "(AQs, KJs):0.25, 33:0.125",
        "random",
        "",
        "AsKs, AhKh, 7c2d",
        "JJ-66, A5s-A2s, T9s",
        "KQ, KJs, QJo",
    ],
)
def test_format_range_round_trips_canonical_text(text):
    weights = parse_range(text)
    assert format_range(weights) == text
    np.testing.assert_array_equal(parse_range(format_range(weights)), weights)


def test_format_range_compacts():
    assert format_range(parse_range("AKs, AKo")) == "AK"
    assert format_range(parse_range("AA, KK, QQ, JJ, TT")) == "TT+"
    assert format_range(parse_range("AKs, AQs, AJs, AKo")) == "AK, AQs-AJs"
    assert format_range(parse_range("K7o, K8o, K9o, KTo")) == "KTo-K7o"
    assert format_range(parse_range("random, 22:0")).startswith("33+, ")


@pytest.mark.parametrize("seed", range(5))
def test_format_range_round_trips_random_vectors(seed):
    rng = np.random.default_rng(seed)
    levels = np.array([0.0, 1.0, 0.5, 1 / 3, rng.random()])
    by_class = expand_class_weights(rng.choice(levels, size=169))
    # Break some classes up so that specific combos are needed too.
    broken = rng.random(1326) < 0.05
    weights = np.where(broken, rng.choice(levels, size=1326), by_class)
    text = format_range(weights)
    np.testing.assert_array_equal(parse_range(text), weights)


def test_format_range_errors():
    with pytest.raises(ValueError, match=r"weights must lie in \[0, 1\], got 2.0"):
        format_range(np.full(1326, 2.0))
    with pytest.raises(ValueError, match=r"weights must have shape \(1326,\), got \(169,\)"):
        format_range(np.ones(169))


# --- as_weights ------------------------------------------------------------------------------


def test_as_weights_accepts_every_form():
    expected = parse_range("77+, AK")
    np.testing.assert_array_equal(as_weights("77+, AK"), expected)
    np.testing.assert_array_equal(as_weights(expected), expected)
    np.testing.assert_array_equal(as_weights(class_means(expected)), expected)
    np.testing.assert_array_equal(as_weights(weights_to_grid(expected)), expected)
    np.testing.assert_array_equal(as_weights(None), np.ones(1326))


def test_as_weights_dead_cards_and_copy():
    original = parse_range("AK")
    out = as_weights(original, dead_cards="As Kd")
    assert out.sum() == 9  # (4 - 1) aces × (4 - 1) kings
    assert original.sum() == 16  # input untouched
    assert as_weights(None, dead_cards="As Kd 7c 2h 3h").sum() == 47 * 46 // 2


def test_as_weights_errors():
    with pytest.raises(ValueError, match=r"got \(10,\)"):
        as_weights(np.ones(10))
    with pytest.raises(ValueError, match="finite and non-negative, got -1.0"):
        as_weights(-np.ones(1326))
    with pytest.raises(ValueError, match="bad range term 'ZZ'"):
        as_weights("ZZ")


def test_format_of_specific_combos_puts_the_high_card_first():
    assert format_range(parse_range("KcAs")) == "AsKc"
    assert format_cards(HOLDINGS[holding_index("AsKc")], sep="") == "KcAs"

"""Hand evaluation: exhaustive counts, a golden digest, pokerkit as an independent oracle."""

import hashlib
import itertools

import numpy as np
import pytest

from holdem import format_cards, parse_cards
from holdem.evaluate import (
    category_name,
    evaluate,
    evaluate_unchecked,
    hand_category,
    key_sums,
    rank_of_keys,
)
from holdem.tables import CATEGORY_SIZES, N_CLASSES, RANK_KEYS, build_tables, load_tables, search_rank_keys

# Standard counts of the nine categories over all C(52,5) five-card hands.
FIVE_CARD_COUNTS = [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
# ... and of the best five of all C(52,7) = 133,784,560 seven-card hands.
SEVEN_CARD_COUNTS = [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584]
# sha256 of the int16 classes of every five-card hand in combinations order (the full order, pinned).
FIVE_CARD_DIGEST = "f726a3c1a70fe2965ba5d4a1fd254dc0de9de79c9beea030ffc21e09972370c1"


def test_five_card_category_counts_exhaustive(all_five_card_hands):
    ranks = evaluate_unchecked(all_five_card_hands)
    assert np.bincount(hand_category(ranks), minlength=9).tolist() == FIVE_CARD_COUNTS
    assert np.unique(ranks).size == N_CLASSES == 7462
    assert ranks.min() == 1 and ranks.max() == 7462


def test_five_card_classes_per_category(all_five_card_hands):
    ranks = np.unique(evaluate_unchecked(all_five_card_hands))
    assert np.bincount(hand_category(ranks), minlength=9).tolist() == list(CATEGORY_SIZES)


def test_five_card_golden_digest(all_five_card_hands):
    ranks = evaluate_unchecked(all_five_card_hands).astype("<i2")
    assert hashlib.sha256(ranks.tobytes()).hexdigest() == FIVE_CARD_DIGEST


def _seven_card_category_counts() -> np.ndarray:
    """Categories of all 133,784,560 seven-card hands, by adding the keys of the two lowest cards
    to the precomputed keys of every five-card hand above them (flush suits from the suit bits)."""
    tables = load_tables()
    fives = np.array(list(itertools.combinations(range(52), 5)), dtype=np.int8)
    five_keys = key_sums(fives)
    five_bits = tables.suit_bits[fives].sum(axis=1)
    first = fives[:, 0].astype(np.int64)
    counts = np.zeros(9, dtype=np.int64)
    for a, b in itertools.combinations(range(52), 2):
        start = np.searchsorted(first, b + 1)
        if start == len(fives):
            continue
        keys = five_keys[start:] + tables.card_keys[a] + tables.card_keys[b]
        bits = five_bits[start:] + tables.suit_bits[a] + tables.suit_bits[b]
        counts += np.bincount(hand_category(rank_of_keys(keys, 7, suit_bits=bits)), minlength=9)
    return counts


def test_seven_card_category_counts_exhaustive():
    """All 133,784,560 seven-card hands (about 8 s)."""
    counts = _seven_card_category_counts()
    assert counts.tolist() == SEVEN_CARD_COUNTS
    assert counts.sum() == 133_784_560


def _pokerkit_classes(hands: np.ndarray) -> np.ndarray:
    from pokerkit import StandardHighHand

    texts = format_cards(hands, sep="")
    if hands.shape[1] == 5:
        return np.array([StandardHighHand(t).entry.index + 1 for t in texts])
    return np.array([StandardHighHand.from_game(t[:4], t[4:]).entry.index + 1 for t in texts])


@pytest.mark.parametrize("k, n", [(5, 60_000), (6, 20_000), (7, 20_000)])
def test_agrees_with_pokerkit_on_random_hands(k, n):
    """pokerkit (test-only oracle) numbers classes 0 … 7,461 in the same order: ours = its index + 1."""
    pytest.importorskip("pokerkit")
    rng = np.random.default_rng(20260 + k)
    hands = np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.int8)
    np.testing.assert_array_equal(evaluate(hands), _pokerkit_classes(hands))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_equals_one_at_a_time(k):
    rng = np.random.default_rng(k)
    hands = np.argsort(rng.random((300, 52)), axis=1)[:, :k]
    batch = evaluate(hands)
    singles = np.array([evaluate(hand) for hand in hands])
    np.testing.assert_array_equal(batch, singles)
    # the plain-Python small-batch path and the chunked numpy path agree
    np.testing.assert_array_equal(batch, evaluate_unchecked(hands.astype(np.int64)))


def test_batch_shape_is_kept():
    rng = np.random.default_rng(7)
    hands = np.argsort(rng.random((6, 52)), axis=1)[:, :7].reshape(2, 3, 7)
    assert evaluate(hands).shape == (2, 3)
    assert evaluate(hands).dtype == np.int16


def test_best_five_of_seven_is_max_over_subsets():
    rng = np.random.default_rng(11)
    hands = np.argsort(rng.random((2000, 52)), axis=1)[:, :7]
    subsets = hands[:, list(itertools.combinations(range(7), 5))]
    np.testing.assert_array_equal(evaluate(hands), evaluate_unchecked(subsets).max(axis=1))


@pytest.mark.parametrize(
    "better, worse",
    [
        ("As Ks Qs Js Ts", "Ks Qs Js Ts 9s"),  # royal flush beats king-high straight flush
        ("5s 4s 3s 2s As", "Ah Ad Ac As Kd"),  # the steel wheel is a straight flush
        ("6c 5d 4h 3s 2c", "5c 4d 3h 2s Ac"),  # A-2-3-4-5 is the lowest straight
        ("5c 4d 3h 2s Ac", "Ac Ad Ah Kc Qd"),  # ... but beats three of a kind
        ("Ac Ad Kc Kd 3h", "Ac Ad Qc Qd Kh"),  # two pair compares the second pair before the kicker
        ("Ac Ad 9c 8d 4h", "Ac Ad 9c 8d 3h"),  # the last kicker counts
        ("2c 2d 2h 3c 3d", "Ac Kc Qc Jc 9c"),  # full house beats flush
    ],
)
def test_standard_ranking_rules(better, worse):
    assert evaluate(parse_cards(better)) > evaluate(parse_cards(worse))


def test_equal_hands_have_equal_classes():
    assert evaluate(parse_cards("As Kd Qh Jc 9s")) == evaluate(parse_cards("Ad Kc Qs Jh 9d"))
    # a seven-card hand whose best five is on the board ties with any hole cards below it
    assert evaluate(parse_cards("2c 3d As Ks Qs Js Ts")) == evaluate(parse_cards("4c 5d As Ks Qs Js Ts"))


def test_category_names():
    assert [category_name(c) for c in range(9)][0::4] == ["high card", "straight", "straight flush"]
    assert hand_category(np.array([1277, 1278, 7462])).tolist() == [0, 1, 8]


@pytest.mark.parametrize(
    "cards, message",
    [
        ("As Ks Qs Js", r"5, 6 or 7 cards; got shape \(4,\)"),
        ("As Ks Qs Js Ts 9s 8s 7s", r"got shape \(8,\)"),
        ("As Ks Qs Js Js", r"duplicate card Js"),
        ([0, 1, 2, 3, 52], r"bad card code 52"),
        ("As Ks Qs Js Tx", r"bad card 'Tx'"),
    ],
)
def test_bad_input_names_the_bad_value(cards, message):
    with pytest.raises(ValueError, match=message):
        evaluate(cards)


def test_duplicates_are_caught_in_large_batches():
    hands = np.tile(np.arange(7), (10_000, 1))
    hands[9_999, 6] = 0
    with pytest.raises(ValueError, match="duplicate card 2c"):
        evaluate(hands)


def test_bad_categories_raise():
    with pytest.raises(ValueError, match="run from 1 to 7462"):
        hand_category(np.array([0]))
    with pytest.raises(ValueError, match="run from 0 to 8"):
        category_name(9)


def test_tables_are_small_read_only_and_rebuild_identically():
    tables = load_tables()
    assert tables.nbytes() < 64 * 2**20
    assert all(not array.flags.writeable for array in tables.arrays())
    fresh = build_tables()
    for cached, built in zip(tables.arrays(), fresh.arrays()):
        np.testing.assert_array_equal(cached, built)


def test_rank_keys_have_distinct_sums_for_up_to_seven_cards():
    for n in range(1, 8):
        sums = [
            RANK_KEYS[list(m)].sum()
            for m in itertools.combinations_with_replacement(range(13), n)
            if max(np.bincount(m)) <= 4
        ]
        assert len(set(sums)) == len(sums)


def test_rank_key_search_small_case():
    # the greedy search reproduces the start of RANK_KEYS even when asked for uniqueness up to 7 cards
    assert search_rank_keys(7, n_ranks=8, size=1 << 16) == RANK_KEYS[:8].tolist()
    with pytest.raises(ValueError, match="too small"):
        search_rank_keys(7, size=1 << 12)


@pytest.mark.slow
def test_rank_key_search_reproduces_rank_keys():
    assert search_rank_keys(7) == RANK_KEYS.tolist()


def test_key_sums_add_across_splits():
    hole, board = parse_cards("As Kd"), parse_cards("Qh Jc Tc 2d 3s")
    joined = np.concatenate([hole, board])
    assert int(key_sums(hole) + key_sums(board)) == int(key_sums(joined))
    assert rank_of_keys(key_sums(joined), 7, joined) == evaluate(joined)


def test_rank_of_keys_needs_cards_for_flushes():
    hand = parse_cards("As Ks Qs Js 9s")
    with pytest.raises(ValueError, match="flush hands need their cards"):
        rank_of_keys(key_sums(hand), 5)

"""Hand values at the granularity of Kendall2001's Tables 1-4, checked on every five-card hand."""

import math

import numpy as np
import pytest

from bpp.kendall.handvalues import N_VALUES, VALUE_NAMES, hand_value, hand_values, value_of_name, value_table
from holdem.evaluate import evaluate


def _reference_values(hands: np.ndarray) -> np.ndarray:
    """An independent classifier: category and naming rank from rank counts and suits, no evaluator."""
    ranks = np.sort(hands >> 2, axis=1)
    suits = hands & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    counts = np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)
    shape = np.sort(counts, axis=1)[:, ::-1]
    distinct = shape[:, 0] == 1
    wheel = distinct & (ranks[:, 4] == 12) & (ranks[:, 3] == 3)
    straight = distinct & ((ranks[:, 4] - ranks[:, 0] == 4) | wheel)
    top = np.where(wheel, 3, ranks[:, 4])
    most = counts.max(axis=1)
    most_rank = 12 - np.argmax(counts[:, ::-1] == most[:, None], axis=1)  # highest rank with the largest count
    out = np.full(len(hands), -1)
    sf = straight & flush
    out[sf] = 90 + top[sf] - 3  # royal: 90 + 12 - 3 = 99
    quads = shape[:, 0] == 4
    out[quads] = 77 + most_rank[quads]
    full = (shape[:, 0] == 3) & (shape[:, 1] == 2)
    out[full] = 64 + most_rank[full]
    fl = flush & ~straight
    out[fl] = 56 + top[fl] - 5
    st = straight & ~flush
    out[st] = 46 + top[st] - 3
    trips = (shape[:, 0] == 3) & (shape[:, 1] == 1)
    out[trips] = 33 + most_rank[trips]
    two = (shape[:, 0] == 2) & (shape[:, 1] == 2)
    out[two] = 21 + most_rank[two] - 1
    pair = (shape[:, 0] == 2) & (shape[:, 1] == 1)
    out[pair] = 8 + most_rank[pair]
    high = distinct & ~straight & ~flush
    out[high] = top[high] - 5
    return out


def test_every_five_card_hand_gets_the_independent_value_and_the_evaluator_order(all_five_card_hands):
    hands = all_five_card_hands
    classes = evaluate(hands)
    values = hand_values(hands)
    assert np.array_equal(values, _reference_values(hands.astype(np.int64)))
    # the ordering: a stronger evaluator class never has a smaller value (the table is monotone over all classes)
    order = np.argsort(classes, kind="stable")
    assert (np.diff(values[order].astype(int)) >= 0).all()
    assert np.array_equal(np.unique(values), np.arange(N_VALUES))
    # known totals: hands per category summed over the values
    per_value = np.bincount(values, minlength=N_VALUES)
    bounds = (0, 8, 21, 33, 46, 56, 64, 77, 90, 100)
    totals = [int(per_value[a:b].sum()) for a, b in zip(bounds, bounds[1:])]
    assert totals == [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    assert per_value[99] == 4  # four royal flushes
    assert per_value[value_of_name("Pair A's")] == 1_098_240 // 13
    assert per_value[value_of_name("7 High")] == 4 * (4**5 - 4)  # 7-5-4-3-2 .. 7-6-5-4-2 etc.: 4 rank sets, unsuited


def test_value_table_is_monotone_and_built_from_the_evaluator_classes():
    table = value_table()
    assert table[1] == 0 and table[7462] == 99
    assert (np.diff(table[1:].astype(int)) >= 0).all()


def test_one_hand_fast_path_equals_the_batch(all_five_card_hands):
    rows = all_five_card_hands[:: 100_003]
    assert [hand_value(tuple(r)) for r in rows.tolist()] == hand_values(rows).tolist()


def test_names_match_the_papers_spelling():
    for name in ("Pair 9's", "2 Pairs Ace High", "Three J's", "Three 10's", "Straight 6 High", "Flush A High",
                 "Full House 2 High", "Four 2's", "Four A's", "Royal Flush"):
        assert name in VALUE_NAMES
    assert len(set(VALUE_NAMES)) == N_VALUES == 100


def test_bad_hands_are_refused():
    with pytest.raises(ValueError, match="5 cards per hand"):
        hand_values([[0, 1, 2, 3]])

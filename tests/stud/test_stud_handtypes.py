"""BPP's hand types (Korb1999 §3.2) and the paper's Table 1 (§2.1)."""

import itertools
import math

import numpy as np
import pytest

from bpp.stud.model import handtypes as ht
from holdem.cards import parse_cards


# ------------------------------------------------------------------ an independent, plain-Python classifier


def _bucket(rank: int) -> str:
    return "low" if rank <= 7 else "medium" if rank <= 9 else ("queen", "king", "ace")[rank - 10]


def _pair_name(rank: int) -> str:
    return {"low": "pair_low", "medium": "pair_medium", "queen": "pair_queens", "king": "pair_kings", "ace": "pair_aces"}[
        _bucket(rank)
    ]


def _straight_window(ranks) -> bool:
    """Distinct ranks that all fit in one five-rank straight (ace high or low)."""
    values = set(ranks)
    for low in range(-1, 9):  # -1: the wheel window A-2-3-4-5
        window = {(r if r >= 0 else 12) for r in range(low, low + 5)}
        if values <= window:
            return True
    return False


def reference_type(cards) -> str:
    """The hand type by the rules of the module docstring, one hand at a time, no numpy."""
    ranks = [c >> 2 for c in cards]
    suits = {c & 3 for c in cards}
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    n = len(cards)
    pair_ranks = [r for r in set(ranks) if ranks.count(r) == 2]
    if n == 5:
        distinct = len(set(ranks)) == 5
        straight = distinct and _straight_window(ranks)
        flush = len(suits) == 1
        if straight and flush:
            return "straight_flush"
        if counts[0] == 4:
            return "quads"
        if counts[:2] == [3, 2]:
            return "full_house"
        if flush:
            return "flush"
        if straight:
            return "straight"
        if counts[0] == 3:
            return "trips"
        if counts[:2] == [2, 2]:
            return "two_pair"
        if counts[0] == 2:
            return _pair_name(pair_ranks[0])
        return f"busted_{_bucket(max(ranks))}"
    if counts[0] == 4:
        return "quads"
    if counts[0] == 3:
        return "trips"
    if counts[:2] == [2, 2]:
        return "two_pair"
    if counts[0] == 2:
        return _pair_name(pair_ranks[0])
    if n >= 3:
        straight, flush = _straight_window(ranks), len(suits) == 1
        if straight and flush:
            return "straight_flush_draw"
        if flush:
            return "flush_draw"
        if straight:
            return "straight_draw"
    return f"busted_{_bucket(max(ranks))}"


# ------------------------------------------------------------------ final types (§3.2)


def test_seventeen_final_types_in_the_order_of_section_3_2():
    assert len(ht.FINAL_TYPES) == 17
    assert ht.FINAL_TYPES[:5] == ("busted_low", "busted_medium", "busted_queen", "busted_king", "busted_ace")
    assert ht.FINAL_TYPES[5:10] == ("pair_low", "pair_medium", "pair_queens", "pair_kings", "pair_aces")
    assert ht.FINAL_TYPES[10:] == ("two_pair", "trips", "straight", "flush", "full_house", "quads", "straight_flush")


@pytest.mark.parametrize(
    "text, name",
    [
        ("9s 8d 6c 4h 2s", "busted_low"),
        ("Ts 8d 6c 4h 2s", "busted_medium"),
        ("Js Td 6c 4h 2s", "busted_medium"),
        ("Qs 8d 6c 4h 2s", "busted_queen"),
        ("Ks Qd Jc Th 8s", "busted_king"),
        ("As 6d 4c 3h 2s", "busted_ace"),
        ("9s 9d Ac Kh Qs", "pair_low"),
        ("2s 2d 5c 4h 3s", "pair_low"),
        ("Ts Td 4c 3h 2s", "pair_medium"),
        ("Js Jd Ac 3h 2s", "pair_medium"),
        ("Qs Qd 4c 3h 2s", "pair_queens"),
        ("Ks Kd 4c 3h 2s", "pair_kings"),
        ("As Ad 4c 3h 2s", "pair_aces"),
        ("5h 5c Qs Qc Kc", "two_pair"),
        ("7c 7h 7s 3h 4d", "trips"),
        ("3s 4c 5h 6d 7s", "straight"),
        ("As 2c 3h 4d 5s", "straight"),
        ("Ac Kc 7c 4c 2c", "flush"),
        ("7s 7d 7c Td Tc", "full_house"),
        ("3h 3s 3d 3c Js", "quads"),
        ("3s 4s 5s 6s 7s", "straight_flush"),
    ],
)
def test_final_type_of_the_papers_examples_and_boundaries(text, name):
    cards = parse_cards(text)
    assert ht.FINAL_TYPES[ht.hand_types(cards)] == name
    assert ht.FINAL_TYPES[ht.hand_type_of(cards.tolist())] == name
    assert reference_type(cards.tolist()) == name


def test_final_types_over_all_hands_equal_the_reference_on_a_sample_and_the_known_counts(all_five_card_hands):
    types = ht.hand_types(all_five_card_hands)
    counts = np.bincount(types, minlength=17)
    # combinatorial counts: busted and pairs by top rank / pair rank, then the standard category counts
    per_pair_rank = 6 * math.comb(12, 3) * 4**3  # 84,480 one-pair hands per pair rank
    assert counts[7:10].tolist() == [per_pair_rank] * 3
    assert counts[5] == 8 * per_pair_rank and counts[6] == 2 * per_pair_rank
    assert counts[10:].tolist() == [123552, 54912, 10200, 5108, 3744, 624, 40]
    assert counts[:5].sum() == 1302540
    rng = np.random.default_rng(5)
    for i in rng.choice(len(all_five_card_hands), 3000, replace=False):
        assert ht.FINAL_TYPES[types[i]] == reference_type(all_five_card_hands[i].tolist())


@pytest.mark.parametrize("n_cards", [1, 2, 3, 4])
def test_partial_types_of_every_hand_equal_the_reference_and_every_type_is_reachable(n_cards):
    hands = ht.combinations_array(52, n_cards)
    types = ht.hand_types(hands)
    names = ht.type_names(n_cards)
    counts = np.bincount(types, minlength=len(names))
    assert (counts > 0).all(), dict(zip(names, counts.tolist()))
    step = 1 if n_cards <= 3 else 17  # every 3-card hand; every 17th 4-card hand
    for hand, t in zip(hands[::step].tolist(), types[::step].tolist()):
        assert names[t] == reference_type(hand), hand


def test_papers_example_three_cards_to_a_flush_s3_1():
    assert ht.type_names(3)[ht.hand_type_of(parse_cards("2h 9h Kh").tolist())] == "flush_draw"
    assert ht.type_names(4)[ht.hand_type_of(parse_cards("Ac 2d 3h 4s").tolist())] == "straight_draw"


def test_vectorized_types_equal_one_hand_at_a_time():
    rng = np.random.default_rng(0)
    for n in range(1, 6):
        hands = np.array([rng.choice(52, n, replace=False) for _ in range(500)], dtype=np.int8)
        batch = ht.hand_types(hands)
        assert batch.tolist() == [ht.hand_type_of(h.tolist()) for h in hands]
        assert ht.hand_types(hands.reshape(5, 100, n)).reshape(-1).tolist() == batch.tolist()


def test_final_types_from_classes_agree_with_hand_types(all_five_card_hands):
    from holdem.evaluate import evaluate_unchecked

    sample = all_five_card_hands[::97]
    assert (ht.final_types_from_classes(evaluate_unchecked(sample)) == ht.hand_types(sample)).all()


def test_combinations_array_equals_itertools():
    for n, k in [(7, 3), (10, 1), (6, 6), (52, 2)]:
        assert ht.combinations_array(n, k).tolist() == [list(c) for c in itertools.combinations(range(n), k)]


def test_bad_input_raises_naming_the_value():
    with pytest.raises(ValueError, match="1, 2, 3, 4 or 5; got 0"):
        ht.type_names(0)
    with pytest.raises(ValueError, match=r"1 to 5 cards per hand; got shape \(6,\)"):
        ht.hand_types(np.arange(6))
    with pytest.raises(ValueError, match="duplicate card"):
        ht.hand_types([[3, 3, 4]])
    with pytest.raises(ValueError, match="1 to 5 cards; got"):
        ht.hand_type_of(list(range(6)))
    with pytest.raises(ValueError, match="classes in 1..7462; got 1..7463"):
        ht.final_types_from_classes([1, 7463])
    with pytest.raises(ValueError, match="positive integer; got 0"):
        ht.table1_sampled_counts(0)


# ------------------------------------------------------------------ Table 1 (§2.1)


def test_table1_exact_counts_by_enumeration_of_all_2598960_hands():
    assert ht.table1_exact_counts() == {
        "busted": 1302540,
        "pair": 1098240,
        "two_pair": 123552,
        "triple": 54912,
        "straight": 10200,
        "flush": 5108,
        "full_house": 3744,
        "four_of_a_kind": 624,
        "straight_flush": 40,
    }


def test_table1_paper_figures_are_within_sampling_error_of_10M_deals_except_the_straight():
    rows = {r["type"]: r for r in ht.table1_comparison()}
    # 10,000,000 deals (§3.3): every figure but straight (and busted, which absorbs the missing straights)
    # lies within two standard errors of the exact probability
    for name, row in rows.items():
        if name in ("straight", "busted"):
            continue
        assert abs(row["z"]) < 2, (name, row["z"])
    assert rows["busted"]["z"] == pytest.approx(2.44, abs=0.01)
    assert rows["straight"]["z"] < -18  # not sampling error
    # the paper's evaluator evidently did not count A-2-3-4-5 as a straight: then all nine agree
    assert rows["straight"]["paper"] * ht.N_HANDS == pytest.approx(9180, abs=60)  # 1 standard error = 49 hands
    for name, row in rows.items():
        assert abs(row["z_ace_high"]) < 2, (name, row["z_ace_high"])


def test_table1_sampled_10M_deals_agree_with_the_exact_counts():
    n = 10_000_000
    sampled = ht.table1_sampled_counts(n, rng=2024)
    exact = ht.table1_exact_counts()
    for name in ht.TABLE1_TYPES:
        p = exact[name] / ht.N_HANDS
        se = math.sqrt(p * (1 - p) / n)
        assert abs(sampled[name] / n - p) < 4.5 * se, name


def test_no_wheel_and_no_ace_high_straight_give_identical_table1_counts():
    # The two readings of the paper's straight figure, each applied to all 2,598,960 hands by re-classifying the
    # hands of its excluded rank-window: a straight there becomes an ace-high busted hand, a straight flush a flush.
    hands = ht.all_hands()
    ranks = np.sort(hands >> 2, axis=1)
    flush = (hands & 3 == (hands[:, :1] & 3)).all(axis=1)
    exact = ht.table1_exact_counts()
    counts = {}
    for reading, window in (("no A-2-3-4-5", [0, 1, 2, 3, 12]), ("no A-K-Q-J-T", [8, 9, 10, 11, 12])):
        excluded = (ranks == window).all(axis=1)
        moved = {"straight": int((excluded & ~flush).sum()), "straight_flush": int((excluded & flush).sum())}
        c = dict(exact)
        c["straight"] -= moved["straight"]
        c["busted"] += moved["straight"]
        c["straight_flush"] -= moved["straight_flush"]
        c["flush"] += moved["straight_flush"]
        counts[reading] = c
    assert counts["no A-2-3-4-5"] == counts["no A-K-Q-J-T"]
    assert counts["no A-2-3-4-5"]["straight"] == 9180 and counts["no A-2-3-4-5"]["straight_flush"] == 36
    rows = {r["type"]: r for r in ht.table1_comparison()}
    for name, row in rows.items():
        assert row["exact_ace_high"] * ht.N_HANDS == pytest.approx(counts["no A-K-Q-J-T"][name])

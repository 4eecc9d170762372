"""Cards: codes, the one cleaning function, formatting, errors that name the bad value."""

import numpy as np
import pytest

from holdem import card, card_mask, format_cards, parse_cards, rank_of, suit_of
from holdem.cards import CARD_DTYPE


def test_codes_are_rank_times_four_plus_suit():
    assert card("2c") == 0 and card("2s") == 3 and card("3c") == 4 and card("As") == 51
    assert format_cards(np.arange(52)).split()[:5] == ["2c", "2d", "2h", "2s", "3c"]
    assert rank_of(parse_cards("Td")).tolist() == [8] and suit_of(parse_cards("Td")).tolist() == [1]


@pytest.mark.parametrize("text", ["As Qc 3h", "AsQc3h", "as,qc,3h", "A♠ Q♣ 3♥", ["As", "Qc", "3h"], [51, 40, 6]])
def test_every_spelling_parses_to_the_same_codes(text):
    cards = parse_cards(text)
    assert cards.tolist() == [51, 40, 6] and cards.dtype == CARD_DTYPE


def test_nested_input_is_a_batch_and_format_round_trips():
    batch = parse_cards(["Ah Kh", "2c 2d"])
    assert batch.shape == (2, 2)
    assert format_cards(batch, sep="") == ["AhKh", "2c2d"]
    assert parse_cards(format_cards(np.arange(52))).tolist() == list(range(52))


def test_ten_may_be_written_10():
    assert parse_cards("10h").tolist() == parse_cards("Th").tolist()


def test_card_mask_sets_one_bit_per_card():
    assert int(card_mask(parse_cards("2c 2d As"))) == 0b11 | (1 << 51)


@pytest.mark.parametrize(
    "bad, message",
    [
        ("As Xx", r"bad card 'Xx' in 'As Xx'"),
        ("As Ks As", r"duplicate card As"),
        ([0, 52], r"bad card code 52"),
        (np.array([-1, 3]), r"bad card code -1"),
        ([1.5], r"bad card 1.5"),
        (["As Kd", "Qc"], r"unequal shapes"),
        ("A", r"bad card 'A'"),
    ],
)
def test_bad_input_names_the_bad_value(bad, message):
    with pytest.raises(ValueError, match=message):
        parse_cards(bad)


def test_duplicates_allowed_when_asked():
    assert parse_cards("As As", distinct=False).tolist() == [51, 51]

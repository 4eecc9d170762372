"""Round 2's P(win | h) (two cards to come for each side) is exact: every completion counted, read from the rank table or enumerated."""

import itertools

import numpy as np
import pytest

from holdem.cards import parse_cards
from holdem.evaluate import evaluate

from bpp.stud.players import reference as ref


def _brute_force(mine, up, h) -> float:
    """P(win | the opponent's down card is h) by evaluating every pair of BPP's cards against every pair of the opponent's."""
    pool = [c for c in range(52) if c not in mine + up + (h,)]
    won = 0.0
    count = 0
    for b in itertools.combinations(pool, 2):
        rest = [c for c in pool if c not in b]
        a = np.array(list(itertools.combinations(rest, 2)))
        theirs = evaluate(np.array([[h, *up, *b]]))[0]
        ours = evaluate(np.column_stack([np.tile(mine, (len(a), 1)), a]))
        won += (ours > theirs).sum() + 0.5 * (ours == theirs).sum()
        count += len(a)
    assert count == 46 * 45 * 44 * 43 // 4
    return won / count


@pytest.mark.parametrize("mine, up, candidates", [
    ("Ks 7h 2c", "Qd Jd", ("Td", "Kd", "3s")),  # the opponent's up cards suited: its flushes count; a K takes BPP's outs
    ("9h 8h 2h", "9c 9d", ("9s", "Ah")),  # BPP three hearts (flush draws), the opponent a pair of nines showing
])
def test_round2_equals_brute_force_enumeration(mine, up, candidates):
    mine, up = tuple(int(c) for c in parse_cards(mine)), tuple(int(c) for c in parse_cards(up))
    holes = ref.unseen_cards(mine, up)
    got = ref._win_given_holes(mine, up, holes, 200, None)  # what play uses: no stream needed
    cards = ref._win_two_to_come_cards(mine, up, holes)
    for name in candidates:
        h = int(parse_cards(name)[0])
        exact = _brute_force(mine, up, h)
        i = int(np.searchsorted(holes, h))
        assert cards[i] == pytest.approx(exact, abs=1e-12)
        assert got[i] == pytest.approx(exact, abs=1e-12)


def test_table_and_flush_correction_equal_the_card_by_card_enumeration():
    rng = np.random.default_rng(21)
    kinds = set()
    for trial in range(40):
        deck = rng.permutation(52)
        mine, up = tuple(int(c) for c in deck[:3]), tuple(int(c) for c in deck[3:5])
        if trial % 4 == 1:  # the opponent's up cards suited
            up = (up[0], next(int(c) for c in deck[5:] if c & 3 == up[0] & 3))
        elif trial % 4 == 2:  # BPP's three suited
            mine = (mine[0], *[int(c) for c in deck[5:] if c & 3 == mine[0] & 3 and c not in up][:2])
        elif trial % 4 == 3:  # both
            s = [int(c) for c in deck if c & 3 == deck[0] & 3]
            mine, up = tuple(s[:3]), tuple(s[3:5])
        kinds.add((len({c & 3 for c in mine}) == 1, up[0] & 3 == up[1] & 3))
        holes = ref.unseen_cards(mine, up)
        np.testing.assert_allclose(ref._win_given_holes(mine, up, holes, 200, None), ref._win_two_to_come_cards(mine, up, holes), atol=1e-12, rtol=0)
    assert len(kinds) == 4


def test_round2_table_rows_are_exact_enumerations():
    with np.load(ref.ROUND2_PATH) as data:
        keys, halves, total = data["keys"].astype(int), data["halves"], int(data["total"])
    assert len(keys) == len(ref._round2_keys()) == 41392 and total == 979110
    for i in (0, 777, 20000, len(keys) - 1):
        mine, up = ref._round2_deal(tuple(keys[i]))
        holes = ref.unseen_cards(mine, up)
        won = np.rint(ref._win_two_to_come_cards(mine, up, holes) * 2 * total)
        assert np.array_equal(won, halves[i][holes >> 2])


def test_exact_round2_agrees_with_the_sampler_it_replaced():
    rng = np.random.default_rng(4)
    worst = 0.0
    for trial in range(4):
        deck = rng.permutation(52)
        mine, up = tuple(int(c) for c in deck[:3]), tuple(int(c) for c in deck[3:5])
        holes = ref.unseen_cards(mine, up)
        exact = ref._win_given_holes(mine, up, holes, 200, None)
        sampled = ref._win_sampled(mine, up, holes, 3000, np.random.default_rng(trial))
        se = np.sqrt(np.maximum(exact * (1 - exact), 0.25 / 3000) / 3000)
        worst = max(worst, float(np.max(np.abs(sampled - exact) / se)))
    assert worst < 4.5

"""Exact hand strength and potential: the Loki worked example (Billings1998 §4.2) and brute-force agreement."""

import itertools

import numpy as np
import pytest

from holdem import parse_cards
from holdem.strength import AHEAD, BEHIND, TIED, effective_hand_strength, hand_strength, potential
from holdem.evaluate import evaluate_unchecked
from holdem.ranges import HOLDINGS, holdings_mask, parse_range

HOLE, FLOP = "As Qc", "3h 4c Jh"  # the text's cards; Table 2's caption prints a different flop


def test_loki_worked_example_hand_strength():
    """Billings1998 §4.2: 444 hands are better, 9 tie and 628 are worse; HS = 0.585."""
    hs = hand_strength(HOLE, FLOP)
    assert (hs.behind, hs.tied, hs.ahead) == (444, 9, 628)
    assert round(hs.hs, 3) == 0.585


def test_loki_table_2_two_card_potential():
    """Billings1998 Table 2: the full HP table, Ppot .208 and Npot .274."""
    p = potential(HOLE, FLOP)
    assert p.table.astype(int).tolist() == [
        [449_005, 3_211, 169_504],
        [0, 8_370, 540],
        [91_981, 1_036, 346_543],
    ]
    assert p.totals.astype(int).tolist() == [628 * 990, 9 * 990, 444 * 990]
    assert p.table.sum() == 1_070_190
    assert (round(p.ppot, 3), round(p.npot, 3)) == (0.208, 0.274)


def test_loki_one_card_potential():
    """Billings1998 §4.2: with one card to come Ppot is .108 and Npot .145."""
    p = potential(HOLE, FLOP, lookahead=1)
    assert (round(p.ppot, 3), round(p.npot, 3)) == (0.108, 0.145)
    assert p.table.sum() == 1081 * 45


def test_loki_ehs_and_pot_odds_example():
    """Billings1998 §4.2-4.4: HS_5 = .069; EHS = HS_5 + (1 - HS_5) * Ppot.

    The text says "EHS is 0.15" for this hand against five opponents; its own
    figures (HS_5 .069, one-card Ppot .108) give .169 by its formula, which is
    what we compute.  Either way EHS < 0.5, so Loki checks.
    """
    hs5 = hand_strength(HOLE, FLOP, opponents=5).hs_n
    assert round(hs5, 2) == 0.07
    ehs = effective_hand_strength(HOLE, FLOP, opponents=5, lookahead=1)
    assert ehs == pytest.approx(hs5 + (1 - hs5) * 0.108, abs=5e-4)
    assert round(ehs, 3) == 0.169 and ehs < 0.5


def _brute_force_table(hole, board, weights, lookahead):
    """HP table by explicit card arrays and evaluate_unchecked (no key sums, no tallying shortcuts)."""
    hole, board = parse_cards(hole), parse_cards(board)
    dead = np.concatenate([hole, board])
    remaining = [c for c in range(52) if c not in dead.tolist()]
    table = np.zeros((3, 3))
    ours_now = evaluate_unchecked(dead[None])[0]
    for h in np.flatnonzero(weights):
        opp = HOLDINGS[h]
        theirs_now = evaluate_unchecked(np.concatenate([opp, board])[None])[0]
        now = AHEAD if ours_now > theirs_now else TIED if ours_now == theirs_now else BEHIND
        rest = [c for c in remaining if c not in opp.tolist()]
        extra = np.array(list(itertools.combinations(rest, lookahead)))
        n = len(extra)
        ours = evaluate_unchecked(np.concatenate([np.tile(dead, (n, 1)), extra], axis=1))
        theirs = evaluate_unchecked(np.concatenate([np.tile(opp, (n, 1)), np.tile(board, (n, 1)), extra], axis=1))
        table[now] += weights[h] * np.array([(ours > theirs).sum(), (ours == theirs).sum(), (ours < theirs).sum()])
    return table


@pytest.mark.parametrize(
    "hole, board, lookahead",
    [("Kh Th", "9h 2h 7c 8d", 1), ("5c 5d", "Ac Kc Qd", 1), ("Ad 2d", "3d 4d 9s", 2)],
)
def test_weighted_potential_equals_brute_force(hole, board, lookahead):
    dead = parse_cards(hole + " " + board)
    rng = np.random.default_rng(3)
    weights = rng.random(1326) * holdings_mask(dead)
    weights[rng.random(1326) < 0.5] = 0  # a sparse table: skipped holdings must not count
    if lookahead == 2:
        weights[np.flatnonzero(weights)[60:]] = 0  # keep the brute force quick
    p = potential(hole, board, weights, lookahead=lookahead)
    np.testing.assert_allclose(p.table, _brute_force_table(hole, board, weights, lookahead), rtol=1e-12)


def test_weighted_hand_strength_equals_brute_force():
    hole, board = parse_cards("Jc Td"), parse_cards("9c 8h 2s Kd 3c")
    weights = parse_range("TT+, AQs+, KQo, JTs:0.5, 98s:0.25")
    hs = hand_strength(hole, board, weights)
    ours = evaluate_unchecked(np.concatenate([hole, board])[None])[0]
    live = np.flatnonzero(weights * holdings_mask(np.concatenate([hole, board])))
    theirs = evaluate_unchecked(np.concatenate([HOLDINGS[live], np.tile(board, (live.size, 1))], axis=1))
    w = weights[live]
    assert hs.ahead == pytest.approx(w[ours > theirs].sum())
    assert hs.tied == pytest.approx(w[ours == theirs].sum())
    assert hs.behind == pytest.approx(w[ours < theirs].sum())


def test_several_weight_tables_multiply():
    """Poki's per-opponent generalization: HS against each table, HS_n their product."""
    tables = np.stack([parse_range("random"), parse_range("TT+, AK"), parse_range("22-66, 54s")])
    hs = hand_strength(HOLE, FLOP, tables)
    singles = [hand_strength(HOLE, FLOP, t).hs for t in tables]
    np.testing.assert_allclose(hs.hs, singles)
    assert hs.hs_n == pytest.approx(np.prod(singles))


def test_river_has_no_potential_and_ehs_is_hs():
    assert effective_hand_strength(HOLE, "3h 4c Jh 8d 2s") == hand_strength(HOLE, "3h 4c Jh 8d 2s").hs


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: hand_strength("As Qc", "3h 4c"), "board must have 3 or 4 or 5 cards; got 2"),
        (lambda: hand_strength("As Qc Kd", FLOP), "hole must be two cards; got 3"),
        (lambda: hand_strength("As Qc", "As 4c Jh"), "duplicate card As"),
        (lambda: hand_strength(HOLE, FLOP, opponents=0), "opponents must be a positive integer; got 0"),
        (lambda: potential(HOLE, FLOP, lookahead=3), "lookahead must be 1 or 2 with a 3-card board"),
        (lambda: potential(HOLE, "3h 4c Jh 8d 2s"), "board must have 3 or 4 cards; got 5"),
        (lambda: hand_strength(HOLE, FLOP, parse_range("AQo:0")), "no live holding"),
        (lambda: hand_strength(HOLE, FLOP, np.ones(10)), r"weights must have shape \(1326,\)"),
    ],
)
def test_bad_input_names_the_bad_value(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_a_13x13_grid_gives_the_same_types_as_1326_weights():
    import numpy as np

    from holdem.strength import hand_strength

    grid = hand_strength("As Qc", "3h 4c Jh", np.ones((13, 13)))
    flat = hand_strength("As Qc", "3h 4c Jh", np.ones(1326))
    names = ("ahead", "tied", "behind", "hs", "hs_n")
    assert all(type(getattr(grid, n)) is type(getattr(flat, n)) is float for n in names)
    assert [getattr(grid, n) for n in names] == [getattr(flat, n) for n in names]

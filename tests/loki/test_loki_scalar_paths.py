"""The scalar fast paths of Poki's per-decision bookkeeping against the definitions they replace (issue 25 §2)."""

import itertools

import numpy as np

from bpp.loki.state import board_texture, board_textures


def _texture_by_definition(board):
    """The four board inputs read off their definitions, card by card (ranks 0 = deuce … 12 = ace)."""
    ranks = [c // 4 for c in board]
    suits = [c % 4 for c in board]
    flush = max(suits.count(s) for s in range(4)) >= 3
    paired = len(set(ranks)) < len(ranks)
    spans = set(ranks) | ({-1} if 12 in ranks else set())  # the ace also plays low
    straight = any(sum(lo <= x <= lo + 4 for x in spans) >= 3 for lo in range(-1, 9))
    return (float(flush), float(paired), float(straight), sum(x >= 8 for x in ranks) / 5)


def test_board_texture_of_one_board_equals_the_batched_form_on_every_flop():
    flops = np.array(list(itertools.combinations(range(52), 3)))
    got = [board_texture(tuple(b)) for b in flops.tolist()]
    assert got == [tuple(row) for row in board_textures(flops).tolist()]
    assert all(type(v) is float for v in got[0])


def test_board_texture_of_one_board_follows_the_definition_on_turns_and_rivers():
    rng = np.random.default_rng(25)
    boards = [rng.permutation(52)[:k].tolist() for k in (4, 5) for _ in range(1500)]
    boards += [[48, 0, 4, 9], [48, 44, 40, 36, 32], [0, 1, 2, 3, 4], [3, 7, 11, 51, 47]]  # wheel, broadway, quads, 5 of a suit
    assert [board_texture(b) for b in boards] == [_texture_by_definition(b) for b in boards]
    assert board_texture(np.array(boards[0], dtype=np.int8)) == _texture_by_definition(boards[0])

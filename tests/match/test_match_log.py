"""The JSON-lines hand log: its content, resuming an interrupted match, refusing another match's log."""

from __future__ import annotations

import json

import numpy as np
import pytest
from toy_game import HighCard, Randomer, Raiser

from holdem.match import parse_action, play_match, read_log


def play(path=None, n=230, **kw):
    return play_match(HighCard(n_players=3), [Randomer, Raiser, Randomer], n, rng=11, block_size=40, log=path, **kw)


def test_log_holds_a_header_every_hand_and_a_marker_per_block(tmp_path):
    path = tmp_path / "m.jsonl"
    r = play(path)
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    header = lines[0]
    assert header["type"] == "header" and header["game"] == "highcard" and header["seed"] == 11
    assert header["agents"] == ["randomer", "raiser", "randomer"] and header["block_size"] == 40
    hands = [x for x in lines if x["type"] == "hand"]
    blocks = [x for x in lines if x["type"] == "block"]
    assert len(hands) == 230 and [b["block"] for b in blocks] == list(range(6))
    assert [h["hand"] for h in hands] == list(range(230))
    h = hands[7]
    assert h["button"] == 7 % 3 and h["seats"] == [0, 1, 2] and len(h["cards"]) == 104
    assert sum(h["payoffs"]) == 0
    assert all(h["actions"][0][0] == (h["button"] + 1) % 3 for h in hands)  # left of the button acts first
    chips = np.array([x["payoffs"] for x in hands])
    np.testing.assert_array_equal(chips / 2, r.winnings)
    assert sum(b["hands"] for b in blocks) == 230


def test_log_round_trips_actions(tmp_path):
    path = tmp_path / "m.jsonl"
    play(path, n=20)
    log = read_log(path)
    texts = {a for h in log.hands for _, a in h["actions"]}
    assert texts <= {"f", "c", "r"} and {"c", "r"} <= texts
    assert all(str(parse_action(t)) == t for t in texts | {"r300", "d3,17"})


@pytest.mark.parametrize("cut", [0.35, 0.5, 0.93])
def test_interrupted_match_resumes_to_the_same_totals(tmp_path, cut):
    full = play()
    path = tmp_path / "m.jsonl"
    play(path)
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * cut)])  # killed mid-write
    kept = len(read_log(path).blocks)
    assert 0 <= kept < 6
    resumed = play(path)
    np.testing.assert_array_equal(resumed.winnings, full.winnings)
    assert [p.total for p in resumed.players] == [p.total for p in full.players]
    assert path.read_bytes() == data  # the log is rebuilt exactly


def test_resume_adopts_the_log_seed_and_extends_a_match(tmp_path):
    path = tmp_path / "m.jsonl"
    play(path, n=80)  # two full blocks
    longer = play_match(HighCard(n_players=3), [Randomer, Raiser, Randomer], 230, block_size=40, log=path)
    assert longer.seed == 11
    np.testing.assert_array_equal(longer.winnings, play().winnings)


def test_a_short_last_block_is_replayed_when_the_match_grows(tmp_path):
    path = tmp_path / "m.jsonl"
    play(path, n=100)  # blocks of 40, 40, 20
    assert len(read_log(path, block_sizes=lambda b: 40).blocks) == 2
    np.testing.assert_array_equal(play(path).winnings, play().winnings)


def test_another_matchs_log_is_refused(tmp_path):
    path = tmp_path / "m.jsonl"
    play(path, n=20)
    with pytest.raises(ValueError, match=r"belongs to another match \(seed 11 there, 12 here\)"):
        play_match(HighCard(n_players=3), [Randomer, Raiser, Randomer], 20, rng=12, block_size=40, log=path)


def test_a_file_that_is_not_a_log_is_refused(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    with pytest.raises(ValueError, match="is not a bpp match log"):
        play(path)


def test_parse_action_rejects_garbage():
    with pytest.raises(ValueError, match=r"bad action 'rx' in a match log"):
        parse_action("rx")

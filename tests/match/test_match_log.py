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


def test_a_short_last_block_is_played_again_in_full_and_appended_when_the_match_grows(tmp_path):
    path = tmp_path / "m.jsonl"
    play(path, n=100)  # blocks of 40, 40, 20
    before = path.read_bytes()
    np.testing.assert_array_equal(play(path).winnings, play().winnings)
    after = path.read_bytes()
    assert after.startswith(before)  # nothing rewritten: block 2 is appended again with 40 deals
    log = read_log(path)
    assert [(b, d) for b, d, _ in log.blocks] == [(0, 40), (1, 40), (2, 40), (3, 40), (4, 40), (5, 30)]
    assert len(log.hands) == 230


def test_a_rerun_with_fewer_deals_reads_the_answer_from_the_log_and_leaves_it_alone(tmp_path):
    path = tmp_path / "m.jsonl"
    play(path)
    data = path.read_bytes()
    for n in (230, 120, 100, 7):  # 100 and 7 end inside a logged block: its first deals are the same streams
        np.testing.assert_array_equal(play(path, n=n).winnings, play(n=n).winnings)
        assert path.read_bytes() == data


def test_another_match_is_refused_and_the_log_kept_byte_for_byte(tmp_path):
    path = tmp_path / "m.jsonl"
    play(path)
    data = path.read_bytes()
    with pytest.raises(ValueError, match=r"belongs to another match \(duplicate False there, True here\)"):
        play(path, duplicate=True)
    assert path.read_bytes() == data


def _edit(path, number, change):
    lines = path.read_bytes().splitlines(keepends=True)
    lines[number - 1] = change(lines[number - 1])
    path.write_bytes(b"".join(lines))


def test_an_edited_hand_is_refused_naming_its_lines(tmp_path):
    path = tmp_path / "m.jsonl"
    play(path)
    obj = json.loads(path.read_bytes().splitlines()[45])  # line 46: a hand of block 1 (lines 43-82)
    obj["payoffs"] = obj["payoffs"][::-1] if obj["payoffs"][0] != obj["payoffs"][-1] else [0] * 3
    _edit(path, 46, lambda _: (json.dumps(obj) + "\n").encode())
    data = path.read_bytes()
    with pytest.raises(ValueError, match=r"line 83: the hands of block 1 \(lines 43-82\) do not match the checksum"):
        play(path)
    assert path.read_bytes() == data


@pytest.mark.parametrize(
    "line, message",
    [(b"123\n", "line 5: not a hand or block line"), (b'{"type":"block"}\n', "line 5: a block line without"),
     (b"{oops\n", "line 5: not a JSON line"), (b'{"type":"hand","hand":1}\n', "line 5: a hand line but")],
)
def test_a_damaged_line_inside_the_log_is_refused_not_cut_off(tmp_path, line, message):
    path = tmp_path / "m.jsonl"
    play(path)
    _edit(path, 5, lambda _: line)
    data = path.read_bytes()
    with pytest.raises(ValueError, match=message):
        play(path)
    assert path.read_bytes() == data


def test_block_streams_are_spawned_lazily_and_workers_capped(monkeypatch):
    import tracemalloc

    import holdem.match.parallel as parallel

    seen = []

    def first_block_only(plan, tasks, workers, **kw):  # kw: scheduler (holdem.match.cluster)
        seen.append(next(iter(tasks)))
        raise KeyboardInterrupt

    monkeypatch.setattr(parallel, "iter_blocks", first_block_only)
    tracemalloc.start()
    with pytest.raises(KeyboardInterrupt):
        play_match(HighCard(n_players=2), ["call", "random"], 10**10, rng=3, block_size=10)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 5_000_000  # bytes before the first hand; spawning 10**9 block streams up front took gigabytes
    block, seed = seen[0]
    assert block == 0 and seed.spawn_key == np.random.SeedSequence(3).spawn(1)[0].spawn_key
    monkeypatch.undo()
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    r = play_match(HighCard(n_players=2), ["call", "random"], 50, rng=3, block_size=25)
    with pytest.warns(RuntimeWarning, match="workers=2 is more than the 1 CPUs"):  # 512 capped at the 2 blocks
        w = play_match(HighCard(n_players=2), ["call", "random"], 50, rng=3, block_size=25, workers=512)
    np.testing.assert_array_equal(w.winnings, r.winnings)

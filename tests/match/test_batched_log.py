"""A logged match plays on the batched engine and writes exactly the hand log the hand-by-hand path writes."""

from __future__ import annotations

import numpy as np
import pytest

import holdem.match.batched as batched_path
import holdem.match.runner as runner
from holdem.games import Draw5, LimitHoldem, NoLimitHoldem, Stud5
from holdem.match import play_match
from holdem.match.log import read_log


def _logged(monkeypatch, path, game, agents, n_deals, *, batched, **kwargs):
    """Play a logged match on the batched engine (every block, checked) or hand by hand; return its file's bytes."""
    calls = []
    original = batched_path.play_block_batched
    play = (lambda *a: calls.append(original(*a)) or calls[-1]) if batched else (lambda *a: None)
    with monkeypatch.context() as m:
        m.setattr(batched_path, "play_block_batched", play)
        result = play_match(game, agents, n_deals, log=path, **kwargs)
    if batched:
        assert calls and all(c is not None for c in calls), "a block of the logged match was not played batched"
    return result, path.read_bytes()


@pytest.mark.parametrize(
    "game, agents, duplicate",
    [(LimitHoldem(), ["random", "raise"], True),
     (LimitHoldem(), ["random", "call"], False),
     (Stud5(), ["prob", "random"], True),
     (LimitHoldem(n_players=6), ["random", "call", "fold", "raise", "random", "call"], False),
     (LimitHoldem(n_players=3), ["random", "raise", "random"], True),
     (NoLimitHoldem(), ["random-sizes", "call"], True),
     (NoLimitHoldem(), ["random", "random-sizes"], False),
     (Stud5(), ["random", "rules"], True),
     (Stud5(n_players=4), ["random", "call", "fold", "random"], True),
     (Stud5(stacks=(5, 13)), ["rules", "random"], True),
     (Stud5(n_players=4, stacks=(1, 7, 4, 10)), ["random", "call", "rules", "raise"], True),
     (Draw5(n_players=2), ["random", "call"], True),
     (Draw5(n_players=4, max_draw=3, max_orbits=2), ["random", "random", "call", "random"], True),
     (Draw5(n_players=3, stack=30), ["random", "raise", "random"], False)],
)
def test_a_logged_batched_match_writes_the_hand_by_hand_log_byte_for_byte(monkeypatch, tmp_path, game, agents, duplicate):
    """Hand lines (actions with raise-to totals and discarded cards, showdowns, payoffs), block checksums: identical."""
    kwargs = dict(rng=8, duplicate=duplicate, block_size=90)
    got, batched = _logged(monkeypatch, tmp_path / "b.jsonl", game, agents, 200, batched=True, **kwargs)
    want, scalar = _logged(monkeypatch, tmp_path / "s.jsonl", game, agents, 200, batched=False, **kwargs)
    assert batched == scalar
    np.testing.assert_array_equal(got.winnings, want.winnings)
    log = read_log(tmp_path / "b.jsonl")  # checksums and chip totals check out
    assert len(log.hands) == got.n_hands and [b for b, _, _ in log.blocks] == [0, 1, 2]
    kinds = {a[1][0] for h in log.hands for a in h["actions"]}
    assert {"c", "r"} <= kinds and any(h["showdown"] for h in log.hands)
    if isinstance(game, Draw5):
        assert any(a[1].startswith("d") and len(a[1]) > 1 for h in log.hands for a in h["actions"])


def test_a_logged_batch_learner_writes_the_hand_by_hand_log(monkeypatch, tmp_path):
    """BPP learning between hands (speculative batches, :func:`holdem.match.batched.batch_learner`) logs as hand by hand."""
    kwargs = dict(rng=5, duplicate=True, block_size=150)
    _, batched = _logged(monkeypatch, tmp_path / "b.jsonl", Stud5(), ["bpp", "rules"], 300, batched=True, **kwargs)
    _, scalar = _logged(monkeypatch, tmp_path / "s.jsonl", Stud5(), ["bpp", "rules"], 300, batched=False, **kwargs)
    assert batched == scalar


def test_an_interrupted_logged_batched_match_resumes_to_the_same_file(monkeypatch, tmp_path):
    """Interrupted after two blocks with half a block's lines written: the resumed log is the uninterrupted one."""
    game, agents, kwargs = Stud5(n_players=3), ["random", "rules", "raise"], dict(rng=3, block_size=60)
    _, whole = _logged(monkeypatch, tmp_path / "whole.jsonl", game, agents, 250, batched=True, **kwargs)
    path = tmp_path / "cut.jsonl"
    original = runner.play_block

    def stop_at_block_2(plan, block, stream):
        if block == 2:
            raise KeyboardInterrupt
        return original(plan, block, stream)

    with monkeypatch.context() as m:
        m.setattr(runner, "play_block", stop_at_block_2)
        with pytest.raises(KeyboardInterrupt):
            play_match(game, agents, 250, log=path, **kwargs)
    done = path.read_bytes()
    assert whole.startswith(done) and len(done) < len(whole)
    with path.open("ab") as f:  # the tail a crash mid-block leaves: some hand lines, the last one cut short
        f.write(whole[len(done) : len(done) + 700])
    _, resumed = _logged(monkeypatch, path, game, agents, 250, batched=True, **kwargs)
    assert resumed == whole


def test_a_log_grows_the_same_batched_or_hand_by_hand(monkeypatch, tmp_path):
    """A log begun hand by hand and extended batched (and the other way round) is the all-batched log."""
    game, agents, kwargs = NoLimitHoldem(), ["random-sizes", "random"], dict(rng=2, block_size=80, duplicate=True)
    logs = []
    for first, then in [(True, True), (False, True), (True, False)]:
        path = tmp_path / f"{first}{then}.jsonl"
        _logged(monkeypatch, path, game, agents, 200, batched=first, **kwargs)
        result, data = _logged(monkeypatch, path, game, agents, 330, batched=then, **kwargs)
        logs.append(data)
        assert result.n_deals == 330
    assert logs[0] == logs[1] == logs[2]


def test_a_logged_batched_match_on_two_workers_writes_the_one_worker_log(tmp_path):
    one = tmp_path / "one.jsonl"
    two = tmp_path / "two.jsonl"
    play_match(LimitHoldem(), ["random", "raise"], 300, rng=6, block_size=100, log=one)
    play_match(LimitHoldem(), ["random", "raise"], 300, rng=6, block_size=100, log=two, workers=2)
    assert one.read_bytes() == two.read_bytes()


def _reference_line(hand: dict, game) -> str:
    """The hand line the log format documents, made independently: the hand replayed on the scalar state, ``json.dumps``."""
    import json

    from holdem.cards import CARD_TEXT, parse_cards
    from holdem.match.log import parse_action

    deal = parse_cards(hand["cards"])
    state = game.new_hand(deal, button=hand["button"])
    for seat, text in hand["actions"]:
        assert state.current_player == seat
        state.apply(parse_action(text))
    assert state.is_terminal
    showdown = [[e.player, "".join(CARD_TEXT[c] for c in e.cards)] for e in state.history if e.kind == "showdown"]
    keys = ("type", "hand", "deal", "replay", "block", "button", "seats", "cards", "actions")
    return json.dumps({k: hand[k] for k in keys} | {"showdown": showdown, "payoffs": state.payoffs.tolist()},
                      separators=(",", ":")) + "\n"


@pytest.mark.parametrize(
    "game, agents",
    [(LimitHoldem(n_players=5), ["random", "raise", "call", "random", "fold"]),
     (NoLimitHoldem(), ["random-sizes", "random"]),
     (Stud5(n_players=3, stacks=(1, 6, 3)), ["random", "raise", "rules"]),
     (Draw5(n_players=3, max_draw=3), ["random", "random", "raise"])],
)
def test_every_batched_hand_line_is_the_hand_replayed_and_written_by_json(tmp_path, game, agents):
    """An independent reading of every line of a batched log: its actions replayed on the scalar state give its
    showdown and payoffs, and ``json.dumps`` of it all (compact) is the line, byte for byte."""
    import json

    path = tmp_path / "m.jsonl"
    play_match(game, agents, 150, rng=4, duplicate=True, block_size=100, log=path)
    lines = [line for line in path.read_text().splitlines(keepends=True) if line.startswith('{"type":"hand"')]
    assert len(lines) == 150 * game.n_players
    for line in lines:
        assert line == _reference_line(json.loads(line), game)


def test_hand_lines_refuses_a_record_without_the_cards_shown():
    from holdem.match.batched import BatchRecord
    from holdem.match.runner import hand_lines

    record = BatchRecord(LimitHoldem(), 0, np.zeros((1, 52), dtype=np.int8), np.zeros(1, dtype=np.int64),
                         np.array([[0, 1]]), [], np.zeros((1, 2), dtype=np.int64))
    with pytest.raises(ValueError, match="needs a BatchRecord with the cards shown"):
        hand_lines(record, 0, 0, 1)

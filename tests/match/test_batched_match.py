"""play_match takes the batched engine when every agent can, with exactly the scalar path's results."""

from __future__ import annotations

import numpy as np
import pytest

import holdem.match.batched as batched_path
from holdem.agents import AlwaysCall
from holdem.games import LimitHoldem
from holdem.match import play_match


def _scalar(monkeypatch, *args, **kwargs):
    with monkeypatch.context() as m:
        m.setattr(batched_path, "play_block_batched", lambda *a: None)
        return play_match(*args, **kwargs)


@pytest.mark.parametrize(
    "n_players, agents, duplicate",
    [(2, ["call", "call"], False), (2, ["raise", "fold"], True), (2, ["raise", "call"], True),
     (3, ["raise", "call", "fold"], True), (6, ["call", "raise", "fold", "raise", "call", "call"], False)],
)
def test_batched_match_equals_the_scalar_match(monkeypatch, n_players, agents, duplicate):
    game = LimitHoldem(n_players=n_players)
    calls = []
    original = batched_path.play_block_batched
    monkeypatch.setattr(batched_path, "play_block_batched", lambda *a: calls.append(1) or original(*a))
    got = play_match(game, agents, 700, rng=11, duplicate=duplicate, block_size=300)
    assert len(calls) == 3 and got.n_hands == 700 * (n_players if duplicate else 1)
    want = _scalar(monkeypatch, game, agents, 700, rng=11, duplicate=duplicate, block_size=300)
    np.testing.assert_array_equal(got.winnings, want.winnings)
    assert got.table() == want.table()


def test_an_agent_without_act_batch_or_with_hooks_keeps_the_scalar_path(monkeypatch):
    class Watcher(AlwaysCall):
        def observe(self, event):
            pass

    calls = []
    monkeypatch.setattr(batched_path, "plays_batched",
                        lambda agents, f=batched_path.plays_batched: calls.append(f(agents)) or calls[-1])
    play_match(LimitHoldem(), [Watcher, "call"], 20, rng=1)
    play_match(LimitHoldem(), ["call", "call"], 20, rng=1)
    assert calls == [False, True]


def test_a_logged_match_resumes_with_the_batched_results(tmp_path):
    """A log is written by the scalar path; the same match unlogged (batched) gives the same chips."""
    log = tmp_path / "m.jsonl"
    logged = play_match(LimitHoldem(), ["raise", "call"], 600, rng=4, block_size=200, log=log)
    plain = play_match(LimitHoldem(), ["raise", "call"], 600, rng=4, block_size=200)
    np.testing.assert_array_equal(logged.winnings, plain.winnings)
    grown = play_match(LimitHoldem(), ["raise", "call"], 1000, rng=4, block_size=200, log=log)
    np.testing.assert_array_equal(grown.winnings[:600], plain.winnings)
    np.testing.assert_array_equal(grown.winnings, play_match(LimitHoldem(), ["raise", "call"], 1000, rng=4, block_size=200).winnings)

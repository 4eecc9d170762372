"""play_match on the real rule sets: duplicate pairing, workers, logs, the vectorized showdowns."""

from __future__ import annotations

import numpy as np
import pytest

from holdem.games import Draw5, LimitHoldem, NoLimitHoldem
from holdem.match import play_match, read_log


@pytest.mark.parametrize("game", [LimitHoldem(), LimitHoldem(n_players=4), NoLimitHoldem()], ids=repr)
def test_duplicate_mirror_match_breaks_exactly_even(game):
    # Billings1998 §5: each agent plays each seat's cards once per deal, so identical
    # deterministic strategies win exactly nothing deal by deal.
    r = play_match(game, ["call"] * game.n_players, 200, rng=8, duplicate=True, block_size=64)
    assert r.n_hands == 200 * game.n_players
    assert all(p.total == 0 and p.ci95 == (0.0, 0.0) for p in r.players)


def test_duplicate_reduces_the_variance_of_call_against_raise():
    plain = play_match(LimitHoldem(), ["call", "raise"], 2000, rng=3)
    dup = play_match(LimitHoldem(), ["call", "raise"], 1000, rng=3, duplicate=True)
    width = lambda r: r.players[1].ci95[1] - r.players[1].ci95[0]  # noqa: E731
    assert width(dup) < 0.5 * width(plain)  # same number of hands, far tighter interval


def test_workers_give_the_same_result_on_a_real_game():
    kw = dict(rng=21, block_size=100)
    one = play_match(LimitHoldem(n_players=3), ["random", "raise", "call"], 500, workers=1, **kw)
    two = play_match(LimitHoldem(n_players=3), ["random", "raise", "call"], 500, workers=2, **kw)
    np.testing.assert_array_equal(one.winnings, two.winnings)


def test_vectorized_showdown_ranks_equal_the_states_own(monkeypatch):
    # The runner passes each hand the ranks of one evaluate() call per block;
    # without them the state evaluates its showdown itself.  Same payoffs.
    r = play_match(LimitHoldem(n_players=3), ["random", "call", "raise"], 300, rng=5)
    monkeypatch.setattr(LimitHoldem, "showdown_cards", lambda self, deals, buttons: None)
    s = play_match(LimitHoldem(n_players=3), ["random", "call", "raise"], 300, rng=5)
    np.testing.assert_array_equal(r.winnings, s.winnings)


def test_draw_hands_log_their_discards(tmp_path):
    path = tmp_path / "draw.jsonl"
    play_match(Draw5(), ["random"] * 5, 30, rng=2, log=path)
    actions = [a for h in read_log(path).hands for _, a in h["actions"]]
    assert any(a.startswith("d") and len(a) > 1 for a in actions)  # private discards are kept for replay


class Cheater:
    """Raises every time, even past the cap: the runner's checked path must refuse it."""

    name = "cheater"

    def __init__(self, *, rng=None):
        pass

    def act(self, observation):
        from holdem.games import Action, ActionKind

        return Action(ActionKind.BET_RAISE, 0)


def test_an_illegal_answer_from_an_agent_raises():
    from holdem.games import IllegalActionError

    with pytest.raises(IllegalActionError, match="illegal action r"):
        play_match(LimitHoldem(), [Cheater, Cheater], 10, rng=1)


def test_trusted_fast_path_gives_the_checked_result(tmp_path):
    # with a log the runner takes the checked path; without, the fast path: same hands
    fast = play_match(LimitHoldem(n_players=3), ["random", "raise", "call"], 200, rng=6)
    checked = play_match(LimitHoldem(n_players=3), ["random", "raise", "call"], 200, rng=6, log=tmp_path / "l.jsonl")
    np.testing.assert_array_equal(fast.winnings, checked.winnings)

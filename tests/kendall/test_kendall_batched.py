"""Kendall's fixed styles decide whole five-card draw batches (act_batch) exactly as hand by hand (Kendall2001 §3)."""

from __future__ import annotations

import numpy as np
import pytest

import holdem.match.batched as batched_path
from holdem.games import Draw5
from holdem.games.base import ActionKind
from holdem.games.batched import Draw5Batch
from holdem.match import play_match

from bpp.kendall.drawing import discard_bits, discards
from bpp.kendall.players import StylePlayer
from bpp.kendall.styles import STYLE_NAMES

RAISE, DISCARD = ActionKind.BET_RAISE, ActionKind.DISCARD


def _bits(hand, cards):
    return sum(1 << hand.index(c) for c in cards)


@pytest.mark.parametrize("max_draw", [0, 1, 2, 3])
def test_discard_bits_are_the_scalar_discards(max_draw):
    """The vectorized policy throws exactly the cards of discards(), on random hands and on hands built to be draws."""
    rng = np.random.default_rng(max_draw)
    hands = np.array([rng.permutation(52)[:5] for _ in range(20_000)])
    # four to a flush, four to a straight (open-ended, gutshot, wheel), pairs: hands the random sample has few of
    suited = np.array([rng.choice(13, 4, replace=False) * 4 + s for s in rng.integers(0, 4, 3_000)])
    off = (rng.integers(0, 13, 3_000) * 4 + (rng.integers(1, 4, 3_000) + suited[:, 0] % 4) % 4)[:, None]
    lows = rng.integers(-1, 9, 3_000)
    run = np.stack([lows + i for i in range(5)], 1) % 13  # a five-rank run (-1: the wheel's ace)
    drop = rng.integers(0, 5, 3_000)
    four = np.array([np.delete(r, d) for r, d in zip(run, drop)])
    extra = (four[:, :1] + rng.integers(5, 9, (3_000, 1))) % 13
    straight = np.concatenate([four, extra], 1) * 4 + rng.integers(0, 4, (3_000, 5))
    ok = np.array([len(set(h.tolist())) == 5 for h in straight])
    cases = np.concatenate([hands, np.concatenate([suited, off], 1), straight[ok]])
    cases = cases[[len(set(h.tolist())) == 5 for h in cases]]
    got = discard_bits(cases, max_draw=max_draw)
    want = [_bits(h, discards(h, min(2, max_draw))) for h in map(tuple, cases.tolist())]
    np.testing.assert_array_equal(got, want)
    if max_draw == 2:  # the sample holds every kind of draw the policy makes
        sizes = np.bincount([bin(b).count("1") for b in got.tolist()], minlength=3)
        assert sizes.min() > 100


def _drive(game, n_deals, styles, seed):
    """Scalar hands and one batch, stepped together: style seats asked both ways, other seats random (same action both).

    Returns the number of style decisions compared (each: act's action == act_batch's row) and of draws among them.
    """
    rng = np.random.default_rng(seed)
    n = game.n_players
    deals = np.array([rng.permutation(52) for _ in range(n_deals)])
    buttons = rng.integers(0, n, n_deals)
    batch = Draw5Batch(game, deals, buttons)
    states = [game.new_hand(d, button=int(b)) for d, b in zip(deals, buttons)]
    players = {s: StylePlayer(style, reading=reading) for s, (style, reading) in styles.items()}
    compared = draws = 0
    while batch.n_live:
        k = batch.n_live
        kinds = np.empty(k, dtype=np.int8)
        amounts = np.zeros(k, dtype=np.int64)
        live = [states[i] for i in batch.ids.tolist()]
        assert [s.current_player for s in live] == batch.current.tolist()
        answers = {}
        for seat, player in players.items():
            rows = np.flatnonzero(batch.current == seat)
            if len(rows):
                answers[seat] = (rows, player.act_batch(batch.observation(rows)))
        actions = []
        for row, state in enumerate(live):
            obs = state.observation(state.current_player)
            if state.current_player in players:
                action = players[state.current_player].act(obs)
            else:
                action = obs.legal[rng.integers(len(obs.legal))]
                if action.kind == RAISE:
                    lo, hi = obs.raise_bounds
                    action = type(action)(RAISE, int(rng.integers(lo, hi + 1)))
            actions.append(action)
            kinds[row] = int(action.kind)
            amounts[row] = _bits(obs.hole, action.discard) if action.kind == DISCARD else action.amount
        for seat, (rows, (k_batch, a_batch)) in answers.items():
            np.testing.assert_array_equal(k_batch, kinds[rows])
            np.testing.assert_array_equal(a_batch, amounts[rows])
            compared += len(rows)
            draws += int((kinds[rows] == 3).sum())
        for state, action in zip(live, actions):
            state.apply(action)
        batch.apply(kinds, amounts)
    np.testing.assert_array_equal(batch.payoffs, [s.payoffs for s in states])
    return compared, draws


@pytest.mark.parametrize("options, styles", [
    (dict(n_players=2), {0: ("loose-aggressive", None), 1: ("tight-passive", None)}),
    (dict(n_players=3, stack=40), {0: ("tight-aggressive", None), 2: ("loose-passive", "standard-bet-both")}),
    (dict(n_players=5, max_raise=8, stack=60), {s: (STYLE_NAMES[s % 4], None) for s in range(5)}),
    (dict(n_players=4, max_draw=1, max_orbits=2), {1: ("loose-aggressive", "pat-check-final"), 3: ("loose-passive", None)}),
    (dict(n_players=7, stack=25), {s: (STYLE_NAMES[(s + 1) % 4], "standard-bet-both") for s in range(0, 7, 2)}),
])
def test_act_batch_decides_every_row_as_act(options, styles):
    """Decision by decision, raises and discards included, on 400 deals: act_batch's rows are act's actions."""
    compared, draws = _drive(Draw5(**options), 400, styles, seed=len(styles))
    assert compared > 1_000 and draws > 100


def _scalar(monkeypatch, *args, **kwargs):
    with monkeypatch.context() as m:
        m.setattr(batched_path, "play_block_batched", lambda *a: None)
        return play_match(*args, **kwargs)


@pytest.mark.parametrize("options, agents", [
    (dict(n_players=2), ["loose-aggressive", "tight-passive"]),
    (dict(n_players=3, stack=30), ["tight-aggressive", "random", "loose-passive"]),
    (dict(n_players=5), ["loose-aggressive", "loose-passive", "tight-aggressive", "tight-passive", "call"]),
    (dict(n_players=6, stack=20, max_raise=10), ["loose-aggressive", "random", "loose-aggressive", "raise", "tight-passive", "random"]),
])
def test_a_match_of_styles_plays_batched_with_the_scalar_chips(monkeypatch, options, agents):
    """play_match takes the batched engine for these agents, and every block gives exactly the hand-by-hand chips."""
    game = Draw5(**options)
    calls = []
    original = batched_path.play_block_batched
    with monkeypatch.context() as m:
        m.setattr(batched_path, "play_block_batched", lambda *a: calls.append(original(*a)) or calls[-1])
        got = play_match(game, agents, 300, rng=21, duplicate=True, block_size=150)
    assert len(calls) == 2 and all(c is not None for c in calls)
    want = _scalar(monkeypatch, game, agents, 300, rng=21, duplicate=True, block_size=150)
    np.testing.assert_array_equal(got.winnings, want.winnings)
    assert np.abs(want.winnings).sum() > 0


def test_bad_batch_input_is_a_value_error_naming_the_row():
    game = Draw5(n_players=2)
    batch = Draw5Batch(game, np.tile(np.arange(52), (3, 1)), [0, 1, 0])
    batch.hands[1, 0, 4] = batch.hands[1, 0, 0]  # row 1: seat 0's hand holds a card twice
    player = StylePlayer("loose-passive")
    with pytest.raises(ValueError, match=r"row 1 holds \[.*\], not five distinct card codes"):
        player.act_batch(batch.observation([0, 1, 2]))
    batch.hands[1, 0, 4] = 60
    with pytest.raises(ValueError, match="row 1 holds"):
        player.act_batch(batch.observation([0, 1, 2]))
    from holdem.games import Stud5
    from holdem.games.batched import new_batch

    stud = new_batch(Stud5(), np.tile(np.arange(52), (1, 1)), [0], np.zeros((1, 2), dtype=np.int64))
    with pytest.raises(ValueError, match="plays five-card draw batches"):
        player.act_batch(stud.observation([0]))


def test_a_logged_match_of_styles_writes_the_hand_by_hand_log(monkeypatch, tmp_path):
    """A logged draw match of the fixed styles plays batched and writes the scalar path's log byte for byte."""
    game = Draw5(n_players=4, stack=40)
    agents = ["loose-aggressive", "tight-passive", "random", "loose-passive"]
    files = []
    for batched in (True, False):
        calls = []
        original = batched_path.play_block_batched
        play = (lambda *a: calls.append(original(*a)) or calls[-1]) if batched else (lambda *a: None)
        path = tmp_path / f"{batched}.jsonl"
        with monkeypatch.context() as m:
            m.setattr(batched_path, "play_block_batched", play)
            play_match(game, agents, 60, rng=4, duplicate=True, block_size=30, log=path)
        assert not batched or (calls and all(c is not None for c in calls))
        files.append(path.read_bytes())
    assert files[0] == files[1] and b"tight-passive" in files[0]

"""The engine's fast paths give what the plain rules give.

The speed work keeps caches and shortcuts (fixed-limit decisions by key, stud
showings by rank multiset, hands started from trusted deals); each is checked
here against the slow, obvious computation.  Observations are snapshots: an
agent may keep one while the hand goes on.
"""

from __future__ import annotations

import copy
from itertools import combinations_with_replacement

import numpy as np
import pytest

from games_helpers import GAMES, random_action
from holdem.games import Stud5
from holdem.games.stud import _POW5, _show_key, showing_key


def test_stud_showing_codes_order_showings_as_showing_key_does():
    for k in range(1, 5):
        multisets = list(combinations_with_replacement(range(13), k))
        keys = [showing_key([4 * r for r in m]) for m in multisets]
        codes = [_show_key(sum(_POW5[4 * r] for r in m)) for m in multisets]
        order = sorted(range(len(multisets)), key=lambda i: keys[i])
        for a, b in zip(order, order[1:]):
            assert (keys[a] < keys[b]) == (codes[a] < codes[b])
            assert (keys[a] == keys[b]) == (codes[a] == codes[b])


@pytest.mark.parametrize("n_players", [2, 3, 5, 8])
def test_stud_first_actor_is_the_best_showing_left_of_the_button(n_players):
    """Korb1999 §2.1 "beginning with the best hand showing"; ties to the seat nearest the button's left."""
    game = Stud5(n_players=n_players)
    rng = np.random.default_rng(n_players)
    for _ in range(60):
        state = game.new_hand(rng.permutation(52), button=int(rng.integers(n_players)))
        rnd = -1
        while not state.is_terminal:
            if state.round != rnd:
                rnd = state.round
                order = [(state.button + 1 + i) % n_players for i in range(n_players)]
                live = [p for p in order if not state.folded[p]]
                best = max(showing_key(state.observation(p).up_cards[p]) for p in live)
                expected = next(p for p in live if showing_key(state.observation(p).up_cards[p]) == best)
                assert state.current_player == expected
            state.apply(random_action(state, rng))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_observations_are_snapshots_that_later_play_leaves_unchanged(game_id):
    game = GAMES[game_id]
    rng = np.random.default_rng(5)
    for _ in range(10):
        state = game.new_hand(rng.permutation(52), button=int(rng.integers(game.n_players)))
        kept = []
        while not state.is_terminal:
            for q in range(state.n):
                obs = state.observation(q)
                kept.append((obs, copy.deepcopy(obs)))
            state.apply(random_action(state, rng))
        for obs, twin in kept:
            assert obs == twin
            for name, field in zip(obs._fields, obs):
                if name != "extra":  # a mapping (draw: a fresh dict per observation)
                    assert not isinstance(field, (list, dict, set, np.ndarray)), f"observation.{name} is mutable"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_observation_accepts_numpy_seats_and_rejects_bad_ones(game_id):
    state = GAMES[game_id].new_hand(np.arange(52))
    assert state.observation(np.int64(1)) == state.observation(1)
    for bad in (-1, state.n, 1.0, "0"):
        with pytest.raises(ValueError, match="'player' parameter of observation"):
            state.observation(bad)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_trusted_start_plays_the_same_hand_as_new_hand(game_id):
    game = GAMES[game_id]
    rng = np.random.default_rng(9)
    for _ in range(20):
        deal = rng.permutation(52)
        button = int(rng.integers(game.n_players))
        ranks = game.showdown_ranks(deal[None], button)
        row = None if ranks is None else ranks[0]
        a = game.new_hand(deal, button=button, ranks=row)
        b = game._new_hand_trusted(tuple(deal.tolist()), button, None if row is None else tuple(row.tolist()))
        play_a, play_b = np.random.default_rng(1), np.random.default_rng(1)
        while not a.is_terminal:
            assert a.observation(a.current_player) == b.observation(b.current_player)
            a.apply(random_action(a, play_a))
            b.apply(random_action(b, play_b))
        assert b.is_terminal and a.history == b.history
        assert a.payoffs.tolist() == b.payoffs.tolist() == b._payoff_list()

"""Shared helpers of the stud tests."""

import numpy as np
import pytest

from holdem.games import Stud5


def _random_states(n_hands=8, seed=0):
    """Heads-up stud states along random legal play, each yielded before its seat acts (the state is then advanced)."""
    rng = np.random.default_rng(seed)
    game = Stud5()
    for _ in range(n_hands):
        state = game.new_hand(rng.permutation(52))
        while not state.is_terminal:
            yield state
            obs = state.observation(state.current_player)
            state.apply(obs.legal[int(rng.integers(len(obs.legal)))])


@pytest.fixture
def random_states():
    """``random_states(n_hands, seed)``: the states of random legal play (see :func:`_random_states`)."""
    return _random_states


@pytest.fixture
def random_observations():
    """``random_observations(n_hands, seed)``: the acting seat's observation at each state of random legal play."""
    return lambda n_hands=30, seed=0: (s.observation(s.current_player) for s in _random_states(n_hands, seed))

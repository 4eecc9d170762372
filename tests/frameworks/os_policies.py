"""OpenSpiel policies for the bridge tests (what a user's module holds): ``openspiel:tests.frameworks.os_policies:NAME``."""

from __future__ import annotations

import pytest

os_policy = pytest.importorskip("open_spiel.python.policy")

from bpp.openspiel import universal_poker_game  # noqa: E402


class AlwaysCallPolicy(os_policy.Policy):
    """Check or call at every decision (OpenSpiel action 1)."""

    policy_ignores_cards = True

    def __init__(self, game):
        super().__init__(game, list(range(game.num_players())))

    def action_probabilities(self, state, player_id=None):
        return {1: 1.0}


class PairsRaise(os_policy.Policy):
    """Raises (the smallest legal raise) with a pocket pair, calls otherwise: a policy that depends on the cards."""

    def __init__(self, game):
        super().__init__(game, list(range(game.num_players())))

    def action_probabilities(self, state, player_id=None):
        player = state.current_player() if player_id is None else player_id
        text = state.information_state_string(player)
        private = text.split("[Private: ")[1].split("]")[0]
        legal = state.legal_actions()
        raises = [a for a in legal if a >= 2]
        if private[0] == private[2] and raises:
            return {1: 0.25, raises[0]: 0.75}
        return {1: 1.0}


class HalfProbability(AlwaysCallPolicy):
    def action_probabilities(self, state, player_id=None):
        return {1: 0.5}


def always_call():
    return AlwaysCallPolicy(universal_poker_game("nolimit-holdem"))


def uniform_random():
    p = os_policy.UniformRandomPolicy(universal_poker_game("nolimit-holdem"))
    p.policy_ignores_cards = True
    return p


def uniform_random_fcpa():
    return os_policy.UniformRandomPolicy(universal_poker_game("nolimit-holdem", "fcpa"))


def pairs_raise_limit():
    return PairsRaise(universal_poker_game("limit-holdem"))


def half():
    return HalfProbability(universal_poker_game("nolimit-holdem"))

"""The trivial agents play every game; seeded agents are reproducible."""

import numpy as np
import pytest
from games_helpers import GAMES

from holdem.agents import Agent, AlwaysCall, AlwaysFold, AlwaysRaise, UniformRandom
from holdem.games import ActionKind


class Recorder(Agent):
    """Calls every time and keeps every event it is told."""

    def __init__(self, *, rng=None):
        super().__init__(rng=rng)
        self.events = []

    def act(self, observation):
        return AlwaysCall().act(observation)

    def observe(self, event):
        self.events.append(event)


def play(game, agents, seed, n_hands=5):
    rng = np.random.default_rng(seed)
    totals = np.zeros(game.n_players, dtype=np.int64)
    histories = []
    for h in range(n_hands):
        state = game.new_hand(rng.permutation(52), button=h % game.n_players)
        told = 0
        while not state.is_terminal:
            p = state.current_player
            state.apply(agents[p].act(state.observation(p)))
            for event in state.history[told:]:
                for agent in agents:
                    agent.observe(event)
            told = len(state.history)
        totals += state.payoffs
        histories.append(list(state.history))
    return totals, histories


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("agent_class", [AlwaysCall, AlwaysRaise, AlwaysFold, UniformRandom])
def test_trivial_agents_play_every_game(game_id, agent_class):
    game = GAMES[game_id]
    agents = [agent_class(rng=i) for i in range(game.n_players)]
    totals, _ = play(game, agents, seed=0)
    assert int(totals.sum()) == 0


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_uniform_random_is_reproducible_from_its_seed(game_id):
    game = GAMES[game_id]
    a = play(game, [UniformRandom(rng=7 + i) for i in range(game.n_players)], seed=1)
    b = play(game, [UniformRandom(rng=7 + i) for i in range(game.n_players)], seed=1)
    assert a[0].tolist() == b[0].tolist() and a[1] == b[1]


def test_always_fold_folds_only_when_facing_a_bet_and_always_raise_raises():
    game = GAMES["limit2"]
    totals, histories = play(game, [AlwaysRaise(), AlwaysFold()], seed=2)
    for history in histories:
        for e in history:
            if e.kind == "action":
                assert (e.player, e.action.kind) in {(0, ActionKind.BET_RAISE), (1, ActionKind.FOLD)}
    assert totals.tolist() == [8, -8]  # three hands win the big blind (2), two the small blind (1)


def test_observe_hears_every_public_event_including_showdown_cards():
    game = GAMES["stud2"]
    agents = [Recorder(), Recorder()]
    _, histories = play(game, agents, seed=3, n_hands=2)
    heard = agents[0].events
    assert heard == [e for h in histories for e in h]
    assert any(e.kind == "showdown" for e in heard)


def test_action_probabilities_sum_to_one_over_legal_actions():
    game = GAMES["draw5"]
    state = game.new_hand(np.arange(52))
    for agent in (AlwaysCall(), AlwaysRaise(), AlwaysFold(), UniformRandom(rng=0)):
        probs = agent.action_probabilities(state.observation(state.current_player))
        assert abs(sum(probs.values()) - 1) < 1e-12
        assert all(state.can_apply(a) or a.amount == 0 for a in probs)

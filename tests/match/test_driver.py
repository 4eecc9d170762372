"""The hand driver's hook order (holdem.play.HandDriver), on_turn included."""

import numpy as np
import pytest

from holdem.agents import Agent, UniformRandom
from holdem.games import make_game
from holdem.play import HandDriver


class _Logger(Agent):
    def __init__(self, log, inner):
        self.log, self.inner, self.seen = log, inner, 0

    def observe(self, event):
        self.seen += 1
        self.log.append(("observe", event))

    def act(self, observation):
        self.log.append(("act", observation.player))
        return self.inner.act(observation)


@pytest.mark.parametrize("game_name", ["limit-holdem", "stud5", "draw5", "nolimit-holdem"])
def test_on_turn_comes_after_every_event_and_before_the_decision(game_name):
    game = make_game(game_name) if game_name == "nolimit-holdem" else make_game(game_name, n_players=2)
    log = []
    agent = _Logger(log, UniformRandom(rng=3))
    driver = HandDriver([agent, None], on_turn=lambda seat: log.append(("turn", seat, agent.seen, len(driver.state.history))))
    rng = np.random.default_rng(5)
    for button in (0, 1, 0, 1):
        agent.seen = 0
        log.clear()
        pending = driver.start(game.new_hand(rng.permutation(52), button=button))
        while pending is not None:
            pending = driver.step(UniformRandom(rng=rng).act(driver.observation()))
        turns = [i for i, e in enumerate(log) if e[0] == "turn"]
        assert len(turns) == sum(e.kind in ("action", "draw") for e in driver.state.history)  # one per decision
        for i in turns:
            _, seat, seen, n_events = log[i]
            assert seen == n_events  # every event so far told first
            if seat == 0:  # the agent's seat: asked right after
                assert log[i + 1] == ("act", 0)
            else:  # a seat from outside: the driver stops there
                assert i + 1 == len(log) or log[i + 1][0] == "observe"

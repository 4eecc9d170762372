"""Speed of Loki/Poki's decisions (one core).

Run: ``taskset -c 0 .venv/bin/python benchmarks/bench_loki.py``.  Prints: EHS
with one-card potential against a weighted table (target ≤ 1 ms), the
per-street precomputation, a formula decision (≤ 5 ms), a simulation decision
with 500 trials (≤ 250 ms) and ten-player duplicate matches of formula Poki
(≥ 50 hands/s).
"""

from __future__ import annotations

import time

import numpy as np

from bpp.loki.agents import PokiAgent
from bpp.loki.evaluator.postflop import StreetTable, street_table
from bpp.loki.modeler.opponent_model import HandTracker, OpponentModel
from bpp.loki.simulator.sampling import simulate
from holdem.cards import parse_cards
from holdem.strength import potential
from holdem.games import LimitHoldem
from holdem.games.base import Action, ActionKind, Event
from holdem.match import play_match
from holdem.ranges import holding_index

from _timing import best_time


def main():
    rng = np.random.default_rng(0)
    w = rng.random(1326)
    board = "3h 4c Jh"
    t = best_time(lambda: StreetTable(board), 5)
    print(f"street precomputation (flop ranks + next-card ranks)   {t * 1e3:8.2f} ms")
    table = StreetTable(board)
    t = best_time(lambda: (setattr(table, "_strength", None), table.holding_strength()), 5)
    print(f"every holding's HS/EHS on the flop                      {t * 1e3:8.2f} ms")
    h = holding_index(*parse_cards("As Qc"))

    def fresh():
        table._hole_cache.clear()
        return table.evaluate(h, w)

    print(f"EHS + one-card Ppot vs weighted table (new hole)       {best_time(fresh, 50) * 1e3:8.3f} ms   target <= 1 ms")
    print(f"EHS + one-card Ppot vs weighted table (same street)    {best_time(lambda: table.evaluate(h, w), 50) * 1e3:8.3f} ms")
    w9 = rng.random((9, 1326))
    print(f"per-opponent EHS vs 9 weighted tables                  {best_time(lambda: table.evaluate(h, w9), 50) * 1e3:8.3f} ms")
    print(f"holdem.potential(lookahead=1) for comparison           {best_time(lambda: potential('As Qc', board, w, lookahead=1), 10) * 1e3:8.3f} ms")

    # a formula decision: a flop observation of a ten-player hand
    game = LimitHoldem(n_players=10)
    state = game.new_hand(np.random.default_rng(1).permutation(52), button=0)
    agents = [PokiAgent(rng=i) for i in range(10)]
    for i, a in enumerate(agents):
        a.new_hand(i)
    while state.round == 0:
        p = state.current_player
        obs = state.observation(p)
        state.apply(Action(ActionKind.CHECK_CALL))
    for e in state.history:
        for a in agents:
            a.observe(e)
    p = state.current_player
    obs = state.observation(p)
    agent = agents[p]
    agent.act(obs)

    def decide():
        agent.hand.done = 0
        agent.hand.weights[:] = 1.0
        return agent.act(obs)

    print(f"formula decision (10 players, flop, re-weighting incl.) {best_time(decide, 50) * 1e3:8.3f} ms   target <= 5 ms")

    tracker = HandTracker(10, 0)
    for i in range(10):
        tracker.step(Event("action", (3 + i) % 10, Action(ActionKind.CHECK_CALL), (), 0))
    tracker.step(Event("deal", -1, None, tuple(parse_cards("Ah Kd 7c").tolist()), 1))
    model = OpponentModel(10)
    for n_opp, folded in ((9, []), (3, [0, 2, 4, 5, 7, 8])):
        tr = HandTracker(10, 0)
        for i in range(10):
            s = (3 + i) % 10
            tr.step(Event("action", s, Action(ActionKind.FOLD if s in folded else ActionKind.CHECK_CALL), (), 0))
        tr.step(Event("deal", -1, None, tuple(parse_cards("Ah Kd 7c").tolist()), 1))
        t = best_time(lambda: simulate(tr, me=1, hole=parse_cards("Qh Jh"), weights=np.ones((10, 1326)), our_strength=0.4,
                                  model=model, trials=500, rng=1), 5)
        print(f"simulation decision, 500 trials, {n_opp} opponents, flop    {t * 1e3:8.1f} ms   target <= 250 ms")

    for name in ("poki", "loki"):
        play_match(game, [name] * 10, 5, rng=1, duplicate=True)
        t = time.perf_counter()
        r = play_match(game, [name] * 10, 100, rng=2, duplicate=True)
        dt = time.perf_counter() - t
        print(f"ten-player duplicate match, {name:5s}                    {r.n_hands / dt:8.1f} hands/s   target >= 50")


if __name__ == "__main__":
    main()

"""Hands per second of each rule set with always-call agents, played through the states directly.

Usage: ``python benchmarks/bench_games.py [--hands N]``

Each hand: a fresh deal from a block of shuffled decks, ranks of every
showdown evaluated for the whole block in one vectorized call (as the match
runner does; five-card draw evaluates at showdown), then the betting loop
``agent.act(state.observation(seat))`` → ``state.apply(action)`` (the checked
path) until the hand ends, then ``state.payoffs``.  With pokerkit installed it
also times pokerkit's heads-up limit hold'em with always-call players (the
reference figure the engine's speed is compared with).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from holdem.agents import AlwaysCall
from holdem.games import Draw5, LimitHoldem, Stud5, NoLimitHoldem


def bench(game, n_hands: int, rng) -> float:
    deals = np.tile(np.arange(52, dtype=np.int8), (n_hands, 1))
    rng.permuted(deals, axis=1, out=deals)
    n = game.n_players
    buttons = np.arange(n_hands) % n
    agents = [AlwaysCall() for _ in range(n)]
    acts = [a.act for a in agents]
    start = time.perf_counter()
    ranks = game.showdown_ranks(deals, buttons)
    new_hand = game.new_hand
    total = 0
    for j in range(n_hands):
        if ranks is None:
            state = new_hand(deals[j], button=int(buttons[j]))
        else:
            state = new_hand(deals[j], button=int(buttons[j]), ranks=ranks[j])
        while not state.is_terminal:
            p = state.current_player
            state.apply(acts[p](state.observation(p)))
        total += int(state.payoffs[0])
    return n_hands / (time.perf_counter() - start)


def bench_pokerkit(n_hands: int) -> float | None:
    try:
        from pokerkit import Automation, FixedLimitTexasHoldem
    except ImportError:
        return None
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    start = time.perf_counter()
    for _ in range(n_hands):
        state = FixedLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, 4, (1000, 1000), 2)
        while state.status:
            state.check_or_call()
    return n_hands / (time.perf_counter() - start)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(0)
    cases = [
        ("heads-up limit hold'em", LimitHoldem(), 20_000),
        ("ten-player limit hold'em", LimitHoldem(n_players=10), 3_000),
        ("heads-up no-limit hold'em", NoLimitHoldem(), None),
        ("heads-up five-card stud", Stud5(), 20_000),
        ("five-player five-card draw", Draw5(), 5_000),
    ]
    print(f"{'game':30s} {'hands/s':>10s} {'target':>8s}")
    for label, game, target in cases:
        n = args.hands if target is None or target >= 10_000 else max(args.hands // 4, 1000)
        bench(game, 200, rng)  # warm-up: tables loaded, caches filled
        rate = max(bench(game, n, rng) for _ in range(3))  # best of three: least disturbed by other load
        print(f"{label:30s} {rate:10,.0f} {target if target else '-':>8}")
    rate = max(bench_pokerkit(max(args.hands // 50, 100)) or 0 for _ in range(3)) or None
    if rate is not None:
        print(f"{'pokerkit heads-up limit':30s} {rate:10,.0f}")


if __name__ == "__main__":
    main()

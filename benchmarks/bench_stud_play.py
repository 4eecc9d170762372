"""BPP play speed (one core): a full BPP decision <= 50 µs; BPP vs rule-based >= 5,000 hands/s.

    .venv/bin/python benchmarks/bench_stud_play.py [--hands N]

Prints µs per BPP decision (``act`` on observations of real hands: hand
types, the OPP_Action evidence, the table lookup, θ, the curves and the
draw), µs per P(BPP_Win) lookup, µs per refit of the four networks' tables
after a showdown (between hands), and hands/s of ``play_match`` for BPP
against the rule-based and probabilistic players (learning on, runner and
engine included); then the same for the card-level BPP (``bpp-card``,
:mod:`bpp.stud.players.cardlevel`), which samples P(win | down card) for every
unseen card once per round.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bpp.stud.players.cardlevel import CardBPP
from bpp.stud.players.paper import BPPPlayer
from holdem.games import Stud5
from holdem.match import play_match


def observations(n_hands: int, seed: int = 0) -> list:
    """BPP-to-act observations from hands played by random actions."""
    rng = np.random.default_rng(seed)
    out = []
    game = Stud5()
    for _ in range(n_hands):
        state = game.new_hand(rng.permutation(52))
        while not state.is_terminal:
            p = state.current_player
            out.append(state.observation(p))
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    return out


def per_call(func, items, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for x in items:
            func(x)
        best = min(best, (time.perf_counter() - t) / len(items))
    return best * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=20_000)
    a = ap.parse_args()
    bpp = BPPPlayer(rng=0)
    obs = observations(2000)
    bpp.act(obs[0])
    print(f"BPP decision (act):          {per_call(bpp.act, obs):7.2f} µs   target <= 50 µs")
    print(f"P(BPP_Win) (win_probability): {per_call(bpp.win_probability, obs):7.2f} µs")
    cpts = bpp.model_.action_cpts()
    t = time.perf_counter()
    for _ in range(200):
        bpp.win_tables_.refit(cpts)
    print(f"refit of the 4 rounds' tables: {(time.perf_counter() - t) / 200 * 1e6:7.1f} µs (between hands, after a showdown)")
    card = CardBPP(rng=0)
    print(f"bpp-card decision (act):     {per_call(card.act, obs[:4000], repeat=2):7.0f} µs")
    game = Stud5()
    play_match(game, ["bpp", "rules"], 1000, rng=0)  # warm tables and caches
    for agents, hands, target in ((["bpp", "rules"], a.hands, 5000), (["rules", "call"], a.hands, None), (["bpp", "prob"], a.hands // 10, None), (["bpp-card", "rules"], a.hands // 20, None)):
        best = 0.0
        for k in range(3):
            t = time.perf_counter()
            r = play_match(game, agents, hands, rng=k)
            best = max(best, r.n_hands / (time.perf_counter() - t))
        goal = f"   target >= {target:,}" if target else ""
        print(f"{' vs '.join(agents):16} {best:10,.0f} hands/s{goal}")


if __name__ == "__main__":
    main()

"""Pinned behaviour: short matches of every registered agent in every game it plays, and the other hand loops.

Recorded before the hand loops moved onto :class:`holdem.play.HandDriver`:
the golden file ``tests/golden/pinned_matches.json`` holds, per
case, the chips each agent won and a SHA-256 of the hand log lines (every deal,
action and showdown).  Any change of behaviour — an agent acting differently,
an event told in another order, a random stream drawn differently — changes a
digest.  Regenerate (only when a change is understood and explained in its
commit) with ``python tests/test_pinned_matches.py --write``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import bpp.registry as registry
from holdem.games import make_game
from holdem.match.agents import resolve_agent
from holdem.match.runner import MatchPlan, keep_learners, play_block

GOLDEN = Path(__file__).parent / "golden" / "pinned_matches.json"

#: Agents slow enough per decision that they play fewer deals.
_SLOW = {"poki-sim", "poki-sim-meta", "poki-sim-nn", "bpp-card", "bpp-dbn", "rules-reader", "bpp-multi", "bpp-strongest"}
#: Agents that need more than two seats.
_SEATS = {"bpp-multi": 3, "bpp-strongest": 3}


def _digest(lines) -> str:
    return hashlib.sha256("".join(lines).encode()).hexdigest()


def _rounded(values) -> list:
    values = np.asarray(values)
    return np.round(values, 12).tolist() if values.dtype.kind == "f" else values.tolist()


def _match(game_name: str, names, n_deals: int, seed: int) -> dict:
    game = make_game(game_name) if game_name == "nolimit-holdem" else make_game(game_name, n_players=len(names))
    specs = keep_learners(tuple(resolve_agent(a) for a in names), np.random.SeedSequence(seed))
    plan = MatchPlan(game, specs, n_deals, n_deals, duplicate=True, record=True)
    res = play_block(plan, 0, np.random.SeedSequence(seed).spawn(1)[0])
    # the same block unrecorded (the runner's fast paths), with fresh learners
    specs = keep_learners(tuple(resolve_agent(a) for a in names), np.random.SeedSequence(seed))
    fast = play_block(MatchPlan(game, specs, n_deals, n_deals, duplicate=True), 0, np.random.SeedSequence(seed).spawn(1)[0])
    return {"chips": res.chips.sum(axis=0).tolist(), "lines": _digest(res.lines), "hands": _digest([str(fast.chips.tolist())])}


def match_cases() -> list[tuple[str, str, tuple[str, ...], int]]:
    """(case id, game, agents, deals): every registered agent against ``random`` in each game it plays."""
    cases = []
    for name in registry.list_agents():
        games = registry.agent_games(name) or ("limit-holdem", "nolimit-holdem", "stud5", "draw5")
        for game in games:
            seats = _SEATS.get(name, 2)
            agents = (name, "random", "call")[:seats]
            cases.append((f"{name}@{game}", game, agents, 2 if name in _SLOW else 6))
    return cases


def _other_loops() -> dict:
    """The hand loops outside the match runner, each on a few hands."""
    from bpp.kendall.players import EvolvingPlayer, StylePlayer
    from bpp.kendall.training import play_table
    from bpp.lbr.local_br import LBRConfig, play_lbr_hand
    from bpp.loki.experiments import action_records
    from bpp.loki.inspection import trace_hand as loki_trace
    from bpp.stud.experiments.calibration import decision_records
    from holdem.agents import UniformRandom
    from holdem.games import NoLimitHoldem

    out = {}
    evolving = EvolvingPlayer()
    rec = play_table([evolving, StylePlayer("loose-passive"), StylePlayer("tight-aggressive")], 40, rng=3)
    out["kendall.play_table"] = {"payoffs": _digest([str(rec.payoffs.tolist()), str(rec.played.tolist()), str(rec.won.tolist())]),
                                 "values": _digest([str(evolving.values_.tolist())])}
    game = NoLimitHoldem()
    rng = np.random.default_rng(5)
    hands = []
    for h in range(3):
        o = play_lbr_hand(game, rng.permutation(52), h % 2, UniformRandom(rng=h), LBRConfig("fc", "1-4"), rng=np.random.default_rng(h))
        hands.append(f"{o.chips} {o.imaginary:.9f} {o.actions}")
    out["lbr.play_lbr_hand"] = _digest(hands)
    recs = action_records(["maniac", "rock"], 4, rng=0)
    out["loki.action_records"] = _digest([str(x.tolist()) + str(y.tolist()) for x, y in recs.values()])
    info, tables = loki_trace(3)
    out["loki.trace_hand"] = _digest([str(info)])
    recs = decision_records("bpp", "rules", n_deals=4, rng=1)
    # probabilities to 12 decimals: the same network computed in another order differs in the last bit (1e-16)
    out["stud.decision_records"] = _digest([f"{k}:{_rounded(v)}" for k, v in sorted(recs.items())])
    from bpp.stud.experiments.inspection import trace_hand as stud_trace

    for player, warmup in (("bpp", 0), ("bpp", 4), ("bpp-card", 0)):
        trace = stud_trace(rng=2, warmup=warmup, player=player)
        out[f"stud.trace_hand.{player}.{warmup}"] = _digest([trace.table()])
    from bpp.explore.stud import stud_explorer

    page = stud_explorer(rng=1, player="bpp-multi", warmup=0, seats=3)
    out["explore.stud_multi"] = _digest([json.dumps(page.data, sort_keys=True, default=str)])
    from bpp.explore.play import PlaySession

    texts = []
    for game, against in (("stud5", "bpp-card"), ("limit-holdem", "poki")):
        session = PlaySession(game, against, rng=4)
        for _ in range(3):
            for _turn in range(8):
                st = session.state()
                if session.state_.is_terminal:
                    break
                session.act({"action": "call", "hand": session.hand, "turn": session.turn})
            texts.append(json.dumps(session.state(), sort_keys=True, default=str))
            session.new_hand({"hand": session.hand})
    out["explore.play"] = _digest(texts)
    return out


def record() -> dict:
    return {"matches": {case: _match(game, agents, deals, 11) for case, game, agents, deals in match_cases()},
            "loops": _other_loops()}


@pytest.fixture(scope="module")
def golden() -> dict:
    return json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("case,game,agents,deals", match_cases(), ids=[c[0] for c in match_cases()])
def test_pinned_match(golden, case, game, agents, deals):
    assert case in golden["matches"], f"{case} is not pinned: regenerate with python {__file__} --write"
    assert _match(game, agents, deals, 11) == golden["matches"][case]


def test_pinned_loops(golden):
    assert _other_loops() == golden["loops"]


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_pinned_matches.py --write")
    GOLDEN.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")

"""A learners' match interrupted and resumed from its log equals the match played in one go, hand for hand and
state for state: the learners are told the logged hands first (holdem.match.replay.replay_log_hands)."""

import numpy as np
import pytest

from bpp.registry import match_agents
from holdem.games import LimitHoldem, Stud5
from holdem.match import play_match
from holdem.match.log import read_log


def _learned(agent):
    if hasattr(agent, "modeler"):  # Poki: the specific opponent model's counts, this hand's tables (Billings2002 §5-6)
        return [agent.model_.counts_]
    return list(agent.model_.counts_)  # BPP: M_A|C's counts from showdowns (Korb1999 §5.2)


class Interrupt(Exception):
    pass


@pytest.mark.parametrize("game, names, n, duplicate", [
    (LimitHoldem(), ["poki", "random"], 30, False),
    (Stud5(), ["bpp", "rules"], 60, True),
    (LimitHoldem(n_players=3), ["random", "poki", "loki"], 24, False),
])
def test_an_interrupted_learners_match_resumed_from_its_log_equals_the_whole_match(tmp_path, game, names, n, duplicate):
    block = n // 3
    whole_agents = match_agents(names, rng=7)
    whole = play_match(game, whole_agents, n, rng=7, duplicate=duplicate, block_size=block, log=tmp_path / "whole.jsonl")

    # the same match, interrupted in its third block (Ctrl-C, a crash): the log holds the first two blocks
    cut_agents = match_agents(names, rng=7)
    learner = next(i for i, a in enumerate(cut_agents) if not isinstance(a, str))
    agent = cut_agents[learner].instance
    _count_decisions(agent, _acts(game, names, n, duplicate, block, learner, tmp_path / "count.jsonl"))
    with pytest.raises(Interrupt):
        play_match(game, cut_agents, n, rng=7, duplicate=duplicate, block_size=block, log=tmp_path / "cut.jsonl")
    assert read_log(tmp_path / "cut.jsonl").n_deals == 2 * block

    # resumed by fresh agents of the same seeds: the log's hands are replayed into the learners, then play goes on
    resumed_agents = match_agents(names, rng=7)
    resumed = play_match(game, resumed_agents, n, rng=7, duplicate=duplicate, block_size=block, log=tmp_path / "cut.jsonl")
    np.testing.assert_array_equal(resumed.winnings, whole.winnings)  # hand for hand
    whole_log, cut_log = read_log(tmp_path / "whole.jsonl"), read_log(tmp_path / "cut.jsonl")
    assert [h for h in cut_log.hands] == [h for h in whole_log.hands]
    for i, spec in enumerate(resumed_agents):  # state for state, random streams included
        if isinstance(spec, str):
            continue
        a, b = whole_agents[i].instance, spec.instance
        for x, y in zip(_learned(a), _learned(b), strict=True):
            assert np.array_equal(x, y)
        assert a.rng.random() == b.rng.random()


def _acts(game, names, n, duplicate, block, learner, log):
    """How many times the learner decided (``act`` or ``act_batch``) in the first two blocks and a bit of the third
    (where the cut falls).

    Logged as the cut match is, so played the same way (hand by hand, or on the batched engine when every agent
    decides for batches).
    """
    counting = match_agents(names, rng=7)
    calls = _count_decisions(counting[learner].instance)
    play_match(game, counting, 2 * block, rng=7, duplicate=duplicate, block_size=block, log=log)
    return calls["n"] + 3


def _count_decisions(agent, budget=None):
    """Count the agent's calls of ``act`` and ``act_batch``; past ``budget`` calls, raise :class:`Interrupt`."""
    calls = {"n": 0}
    for name in ("act", "act_batch"):
        if isinstance(getattr(type(agent), name, None), property):
            name = "_" + name  # a property that hands out the method (BPPPlayer batches only where it is exact)
        original = getattr(agent, name, None)
        if original is None:
            continue

        def decide(observation, original=original):
            calls["n"] += 1
            if budget is not None and calls["n"] > budget:
                raise Interrupt
            return original(observation)

        setattr(agent, name, decide)
    return calls


def test_a_hand_line_that_does_not_replay_to_its_payoffs_is_one_line():
    """replay_log_hands checks every line it tells the learners: payoffs the actions do not give, actions cut short."""
    import tempfile
    from pathlib import Path

    from holdem.match.replay import replay_log_hands

    path = Path(tempfile.mkdtemp()) / "m.jsonl"
    play_match(LimitHoldem(), ["call", "raise"], 4, rng=1, log=path)
    h = read_log(path).hands[0]
    agents = {0: match_agents(["poki"], rng=1)[0].instance}
    replay_log_hands(LimitHoldem(), [h], agents, "m.jsonl")  # a good line
    with pytest.raises(ValueError, match=r"m.jsonl: hand 0: replayed, it pays \[.*\], not the logged \[5, -5\]"):
        replay_log_hands(LimitHoldem(), [{**h, "payoffs": [5, -5]}], agents, "m.jsonl")
    with pytest.raises(ValueError, match="m.jsonl: hand 0: the logged actions end before the hand does"):
        replay_log_hands(LimitHoldem(), [{**h, "actions": h["actions"][:-1]}], agents, "m.jsonl")

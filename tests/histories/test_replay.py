"""replay: a fresh agent fed a match's log learns exactly what the live agent learned."""

import numpy as np
import pytest

from bpp.registry import match_agents
from holdem.games import Draw5, LimitHoldem, Stud5
from holdem.histories import read_hands, replay
from holdem.match import play_match


def _learned(agent):
    if hasattr(agent, "modeler"):  # Poki: the specific opponent model's counts (Billings2002 §5)
        return [agent.model_.counts_]
    if hasattr(agent, "values_"):  # Kendall-Willdig: the learned values
        return [agent.values_]
    return list(agent.model_.counts_)  # BPP: M_A|C's counts from showdowns (Korb1999 §5.2)


@pytest.mark.parametrize("game, names, n", [
    (LimitHoldem(), ["poki", "loki"], 40),
    (LimitHoldem(n_players=3), ["call", "poki", "random"], 30),
    (Stud5(), ["bpp", "rules"], 150),
    (Draw5(n_players=2), ["evolving", "tight-passive"], 150),
])
def test_learning_from_a_replayed_log_equals_learning_live(tmp_path, game, names, n):
    learner = next(i for i, a in enumerate(match_agents(names, rng=5)) if not isinstance(a, str))
    live = match_agents(names, rng=5)
    play_match(game, live, n, rng=5, log=tmp_path / "m.jsonl")
    fresh = match_agents(names, rng=5)[learner].instance
    before = [x.copy() for x in _learned(fresh)] if not hasattr(fresh, "modeler") else None
    replay(read_hands(tmp_path / "m.jsonl"), fresh, as_player=names[learner])
    for a, b in zip(_learned(live[learner].instance), _learned(fresh), strict=True):
        assert np.array_equal(a, b)
    if before is not None:  # it did learn something
        assert any(not np.array_equal(a, b) for a, b in zip(before, _learned(fresh)))
    # and the agents' random streams are where the live ones were
    assert live[learner].instance.rng.random() == fresh.rng.random()


def test_a_match_starts_from_a_model_learned_from_logs(tmp_path, capsys):
    """Learn from a log with replay, save, and start `bpp match --model` from it; --save-model keeps what it adds."""
    import json

    from bpp.cli import main
    from bpp.loki.agents import PokiAgent

    play_match(LimitHoldem(), ["poki", "loki"], 30, rng=3, log=tmp_path / "m.jsonl")
    learned = replay(read_hands(tmp_path / "m.jsonl"), PokiAgent(rng=0), as_player="poki")
    learned.save(tmp_path / "model")
    assert main(["match", "limit-holdem", "--agents", "poki,loki", "--deals", "6", "--seed", "2", "--no-progress",
                 "--model", f"poki={tmp_path / 'model'}", "--save-model", f"poki={tmp_path / 'after'}", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 6
    after = PokiAgent(rng=0).load(tmp_path / "after").model_.counts_
    before = learned.model_.counts_
    assert np.all(after >= before) and after.sum() > before.sum()
    assert main(["match", "limit-holdem", "--agents", "poki,loki", "--deals", "6", "--model", "loki=x"]) == 2
    assert "'loki' is not a learning agent of this match (learners here: poki)" in capsys.readouterr().err


def test_bpp_saves_and_loads_its_action_model(tmp_path):
    from bpp.stud.players.paper import BPPPlayer

    a = BPPPlayer(rng=0)
    play_match(Stud5(), [a, "rules"], 60, rng=1)
    b = BPPPlayer(rng=0).load(a.save(tmp_path / "bpp"))
    assert b.model_.n_showdowns_ == a.model_.n_showdowns_ > 0
    assert all(np.array_equal(x, y) for x, y in zip(a.model_.action_cpts(), b.model_.action_cpts()))
    assert all(np.array_equal(x, y) for x, y in zip(a.win_tables_.tables, b.win_tables_.tables))  # refitted
    with pytest.raises(ValueError, match="cannot load BPP's action model"):
        BPPPlayer().load(tmp_path / "nothing")

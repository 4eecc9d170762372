"""Agents by name (holdem.match.agents, re-exported by bpp.registry): registered in the process, built in, installed."""

from __future__ import annotations

import numpy as np
import pytest
from toy_game import Caller, HighCard, Randomer

from bpp import registry
from holdem.match import play_match


@pytest.fixture
def toy_names(monkeypatch):
    from holdem.match import agents

    monkeypatch.setattr(agents, "_registered", dict(agents._registered))  # forgotten after the test
    registry.register_agent("toy-caller", Caller, overwrite=True)
    registry.register_agent("toy-random", "toy_game:Randomer", overwrite=True)


def test_builtin_names_are_registered():
    assert {"call", "raise", "fold", "random"} <= set(registry.list_agents())


def test_make_agent_builds_from_a_lazy_factory(toy_names):
    a = registry.make_agent("toy-random", rng=1)
    b = registry.make_agent("toy-random", rng=1)
    assert isinstance(a, Randomer)
    assert a.rng.integers(1 << 30) == b.rng.integers(1 << 30)


def test_registered_names_play_matches_in_workers(toy_names):
    one = play_match(HighCard(), ["toy-caller", "toy-random"], 60, rng=3, block_size=20)
    two = play_match(HighCard(), ["toy-caller", "toy-random"], 60, rng=3, block_size=20, workers=2)
    assert one.names == ["toy-caller", "toy-random"]
    np.testing.assert_array_equal(one.winnings, two.winnings)


def test_registering_twice_needs_overwrite(toy_names):
    with pytest.raises(ValueError, match="agent 'toy-caller' is already registered"):
        registry.register_agent("toy-caller", Caller)


@pytest.mark.parametrize(
    ("name", "factory", "message"),
    [
        ("Bad", Caller, r"The 'name' parameter of register_agent must be lower-case"),
        ("ok", "no_colon", r"The 'factory' parameter of register_agent must be 'module:attribute'; got 'no_colon'\."),
        ("ok", 3, r"The 'factory' parameter of register_agent must be callable; got 3\."),
    ],
)
def test_register_agent_validates(name, factory, message):
    with pytest.raises(ValueError, match=message):
        registry.register_agent(name, factory)


def _by_rank(name):
    """A family resolver: ``toy:call`` is the caller, ``toy:random`` the random agent (module level, so workers load it)."""
    kinds = {"toy:call": Caller, "toy:random": Randomer}
    if name not in kinds:
        raise ValueError(f"no toy agent {name!r}")
    return kinds[name]


def test_a_family_of_names_resolves_by_its_prefix_in_play_match(toy_names):
    registry.register_agent("toy:", "test_match_registry:_by_rank")
    named = play_match(HighCard(), ["toy:call", "toy:random"], 60, rng=3, block_size=20, workers=2)
    direct = play_match(HighCard(), [Caller, Randomer], 60, rng=3, block_size=20)
    assert named.names == ["toy:call", "toy:random"]
    np.testing.assert_array_equal(named.winnings, direct.winnings)
    assert "toy:" not in registry.list_agents() and "toy:call" not in registry.list_agents()
    with pytest.raises(ValueError, match="no toy agent 'toy:fold'"):
        play_match(HighCard(), ["toy:fold", "call"], 10)


def test_unknown_names_list_the_known_ones():
    with pytest.raises(ValueError, match=r"unknown agent 'nobody'; tried the registered names, the built-in agents "
                       r"\(call, fold, raise, random\), the 'bpp.agents' entry points .*; known agents: .*\bcall, .*\bfold\b"):
        play_match(HighCard(), ["nobody", "call"], 10)


def test_learning_agents_persist_for_the_whole_match_and_keep_their_names():
    from bpp.registry import match_agents
    from holdem.games import Stud5
    from holdem.match import play_match

    agents = match_agents(["bpp", "rules"], rng=5)
    assert agents[1] == "rules" and agents[0].name == "bpp"
    learner = agents[0].instance
    result = play_match(Stud5(), agents, 600, rng=5)
    assert result.names == ["bpp", "rules"]
    assert learner.learns_across_hands
    # the same seed gives the same match, learned state included
    again = play_match(Stud5(), match_agents(["bpp", "rules"], rng=5), 600, rng=5)
    assert again.players[0].total == result.players[0].total
    assert [a if isinstance(a, str) else a.name for a in match_agents(["poki", "loki"], rng=1)] == ["poki", "loki"]
    assert not isinstance(match_agents(["poki", "loki"], rng=1)[0], str)  # poki's specific models learn
    with pytest.raises(ValueError, match="learn across hands .* need workers=1"):
        match_agents(["bpp", "rules"], rng=1, workers=2)


def test_names_instances_and_the_cli_give_the_same_learning_match(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    import json

    from bpp.cli import main
    from bpp.registry import match_agents
    from holdem.games import Stud5
    from holdem.match import play_match

    by_name = play_match(Stud5(), ["bpp", "rules"], 300, rng=5, duplicate=True)
    by_instance = play_match(Stud5(), match_agents(["bpp", "rules"], rng=5), 300, rng=5, duplicate=True)
    assert main(["match", "stud5", "--agents", "bpp,rules", "--hands", "300", "--seed", "5", "--duplicate",
                 "--json", "--no-progress"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert by_name.players[0].total == by_instance.players[0].total == cli["players"][0]["total"]
    # a name rebuilt every block would forget: the learner's M_A|C must have changed from its default
    with pytest.raises(ValueError, match=r"agents bpp learn across hands and keep one state .* need workers=1 \(got 2\)"):
        play_match(Stud5(), ["bpp", "rules"], 300, rng=5, workers=2)
    # a log records a learners' match without changing it; extended, it goes on as the longer match would
    # (the learners are first told the logged hands: tests/histories/test_resume.py)
    logged = play_match(Stud5(), ["bpp", "rules"], 300, rng=5, duplicate=True, log="learners.jsonl")
    assert logged.players[0].total == by_name.players[0].total
    longer = play_match(Stud5(), ["bpp", "rules"], 400, rng=5, duplicate=True, log="learners.jsonl")
    assert longer.players[0].total == play_match(Stud5(), ["bpp", "rules"], 400, rng=5, duplicate=True).players[0].total


def test_agent_classes_without_rng_are_accepted_and_notebook_classes_refused_for_workers(monkeypatch):
    import sys
    import types

    from holdem.games import LimitHoldem
    from holdem.match import play_match

    class Caller:
        def act(self, observation):
            return observation.action("call")

    r = play_match(LimitHoldem(), [Caller, "call"], 20, rng=1)
    assert r.names == ["Caller", "call"]
    assert (r.winnings == play_match(LimitHoldem(), ["call", "call"], 20, rng=1).winnings).all()
    Caller.__module__ = "__main__"
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))  # a notebook's __main__ has no file
    with pytest.raises(ValueError, match="defined in this notebook or interactive session, which worker processes cannot import"):
        play_match(LimitHoldem(), [Caller, "call"], 20, rng=1, workers=2, block_size=10)

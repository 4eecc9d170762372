"""Agents by name with no import, plug-ins by ``module:Class`` path and through the ``bpp.agents`` entry points."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from bpp.cli import main
from holdem.games import LimitHoldem
from holdem.match import agents, list_agents, play_match

PLUGIN = textwrap.dedent('''
    from holdem.agents import Agent, AlwaysCall


    class PairRaiser(Agent):
        """Raise with a pair among its cards and the board; otherwise check or call."""

        games = ("limit-holdem",)

        def act(self, observation):
            ranks = [c // 4 for c in observation.hole + observation.public]
            if len(set(ranks)) < len(ranks) and observation.can("raise"):
                return observation.action("raise")
            return observation.action("call")


    class StatedCaller(AlwaysCall):
        """Calls, and says so (Local Best Response needs the stated policy)."""
''')


@pytest.fixture
def plugin_dir(tmp_path, monkeypatch):
    """A folder holding the module ``pluginagents`` and, as an installed distribution would, its entry points."""
    (tmp_path / "pluginagents.py").write_text(PLUGIN)
    info = tmp_path / "pluginagents-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pluginagents\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[bpp.agents]\npair-raiser = pluginagents:PairRaiser\nbroken = pluginagents_missing:Nothing\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("pluginagents", None)


def test_names_work_without_importing_bpp_and_importing_it_changes_nothing():
    code = textwrap.dedent("""
        import sys
        from holdem.games import Stud5
        from holdem.match import agents, play_match
        result = play_match(Stud5(), ["bpp", "rules"], 10, rng=1)
        assert result.names == ["bpp", "rules"], result.names
        assert "bpp.cli" not in sys.modules and "bpp.commands" not in sys.modules
        import bpp, bpp.registry
        assert agents._registered == {}, agents._registered
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]


def test_an_installed_entry_point_is_an_agent_name(plugin_dir, capsys):
    assert "pair-raiser" in list_agents("limit-holdem") and "pair-raiser" not in list_agents("stud5")
    result = play_match(LimitHoldem(), ["pair-raiser", "call"], 40, rng=1, duplicate=True)
    assert result.names == ["pair-raiser", "call"]
    from pluginagents import PairRaiser  # the same numbers as the class itself

    direct = play_match(LimitHoldem(), [PairRaiser, "call"], 40, rng=1, duplicate=True)
    assert list(result.winnings.sum(axis=0)) == list(direct.winnings.sum(axis=0))
    with pytest.raises(SystemExit):
        main(["match", "--help"])
    out = capsys.readouterr().out
    assert "pair-raiser" in out.split("limit-holdem", 2)[-1]
    assert "not loaded: bpp.agents entry point 'broken' (pluginagents_missing:Nothing, from pluginagents) failed to " \
           "load: ModuleNotFoundError: No module named 'pluginagents_missing'" in out.replace("\n", " ")


def test_an_entry_point_that_fails_to_load_is_one_line_and_exit_2(plugin_dir, capsys):
    assert main(["match", "limit-holdem", "--agents", "broken,call", "--deals", "4"]) == 2
    err = capsys.readouterr().err
    assert err == ("error: bpp.agents entry point 'broken' (pluginagents_missing:Nothing, from pluginagents) failed "
                   "to load: ModuleNotFoundError: No module named 'pluginagents_missing'\n")
    assert main(["match", "limit-holdem", "--agents", "pair-raiser,call", "--deals", "4", "--seed", "1"]) == 0


def test_a_plugin_path_from_the_command_line(tmp_path, monkeypatch, capsys):
    (tmp_path / "mymodule.py").write_text(PLUGIN)
    monkeypatch.chdir(tmp_path)  # the working directory, as a user's shell would have it
    monkeypatch.delitem(sys.modules, "mymodule", raising=False)
    assert main(["match", "limit-holdem", "--agents", "mymodule:PairRaiser,call", "--deals", "20", "--seed", "1",
                 "--no-progress"]) == 0
    assert "mymodule:PairRaiser" in capsys.readouterr().out
    assert str(tmp_path) not in sys.path  # the command left the path as it found it
    assert main(["match", "stud5", "--agents", "mymodule:PairRaiser,call", "--deals", "4"]) == 2
    assert "agent 'mymodule:PairRaiser' does not play stud5 (it plays limit-holdem)" in capsys.readouterr().err
    assert main(["lbr", "--opponent", "mymodule:StatedCaller", "--game", "limit-holdem", "--betting", "fc",
                 "--deals", "2", "--no-progress"]) == 0
    assert "vs mymodule:StatedCaller" in capsys.readouterr().out
    sys.modules.pop("mymodule", None)


@pytest.mark.parametrize(
    "agent, message",
    [
        ("nosuchmodule:Thing", "error: agent 'nosuchmodule:Thing': cannot import 'nosuchmodule' "
                               "(ModuleNotFoundError: No module named 'nosuchmodule')\n"),
        ("holdem.agents:Nothing", "error: agent 'holdem.agents:Nothing': module 'holdem.agents' has no attribute "
                                  "'Nothing'\n"),
        ("holdem.agents:CHECK_CALL", "error: agent 'holdem.agents:CHECK_CALL': not an agent class, factory or "
                                     "AgentEntry; got Action("),
    ],
)
def test_a_plugin_path_that_fails_is_one_line_and_exit_2(agent, message, capsys):
    assert main(["match", "limit-holdem", "--agents", f"{agent},call", "--deals", "4"]) == 2
    assert capsys.readouterr().err.startswith(message)


FAILING = textwrap.dedent('''
    from holdem.agents import Agent, AlwaysCall


    def runtime(*, rng=None):
        raise RuntimeError("no model file\\nin ./models")


    def value(*, rng=None):
        raise ValueError("size must be positive")


    def misused(*, rng=None):
        return AlwaysCall(rng=rng, size=3)  # the plug-in calls the library wrongly


    class Crash(Agent):
        def __init__(self, *, rng=None):
            {}["missing"]
''')


@pytest.fixture
def failing_plugin(tmp_path, monkeypatch):
    """The module ``failingagents``, importable, in the working directory as a user's shell would have it."""
    (tmp_path / "failingagents.py").write_text(FAILING)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "failingagents", raising=False)
    yield
    sys.modules.pop("failingagents", None)


@pytest.mark.parametrize(
    "factory, cause",
    [
        ("runtime", "its code raised RuntimeError: no model file"),
        ("value", "size must be positive"),
        ("misused", "its code raised TypeError: Agent.__init__() got an unexpected keyword argument 'size'"),
        ("Crash", "its code raised KeyError: 'missing'"),
    ],
)
@pytest.mark.parametrize("command", ["match", "lbr"])
def test_a_plugin_factory_that_raises_is_one_line_and_exit_2(factory, cause, command, failing_plugin, capsys):
    agent = f"failingagents:{factory}"
    argv = (["match", "stud5", "--agents", f"{agent},call"] if command == "match" else
            ["lbr", "--game", "stud5", "--opponent", agent]) + ["--deals", "4", "--seed", "1", "--no-progress"]
    assert main(argv) == 2
    assert capsys.readouterr().err == f"error: agent {agent!r} could not be made: {cause}\n"


def test_a_plugin_factory_that_raises_is_a_value_error_with_its_cause_chained(failing_plugin):
    from holdem.games import Stud5

    with pytest.raises(ValueError, match=r"^agent 'failingagents:runtime' could not be made: its code raised "
                                         r"RuntimeError: no model file$") as info:
        play_match(Stud5(), ["failingagents:runtime", "call"], 4, rng=1)
    assert isinstance(info.value.__cause__, RuntimeError)
    with pytest.raises(ValueError) as info:  # --debug: the traceback, the plug-in's own chained
        main(["--debug", "match", "stud5", "--agents", "failingagents:runtime,call", "--deals", "4"])
    assert isinstance(info.value.__cause__, RuntimeError)


def test_a_library_agent_that_raises_stays_a_bug_exit_1(monkeypatch, capsys):
    from bpp.stud.opponents.paper import RuleBasedPlayer

    def broken(self, *, rng=None):
        raise RuntimeError("an index went wrong")

    monkeypatch.setattr(RuleBasedPlayer, "__init__", broken)
    assert main(["match", "stud5", "--agents", "rules,call", "--deals", "4", "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unexpected RuntimeError: an index went wrong (a bug;" in err


def test_a_name_that_resolves_to_nothing_says_what_was_tried(capsys):
    assert main(["match", "limit-holdem", "--agents", "pair-riaser,call", "--deals", "4"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(
        "error: unknown agent 'pair-riaser'; tried the registered names, the built-in agents (call, fold, raise, "
        "random), the 'bpp.agents' entry points (")
    assert "a plug-in is named 'module:Class'" in err


def test_two_distributions_declaring_one_name_is_refused(plugin_dir):
    other = plugin_dir / "otheragents-0.2.dist-info"
    other.mkdir()
    (other / "METADATA").write_text("Metadata-Version: 2.1\nName: otheragents\nVersion: 0.2\n")
    (other / "entry_points.txt").write_text("[bpp.agents]\npair-raiser = pluginagents:StatedCaller\n")
    agents._installed_cache.clear()
    with pytest.raises(ValueError, match=r"^agent 'pair-raiser' is declared twice: by the bpp.agents entry point "
                                         r"'pair-raiser' \(pluginagents:\w+, from \w+\) and the bpp.agents entry point"):
        play_match(LimitHoldem(), ["pair-raiser", "call"], 4, rng=1)
    agents._installed_cache.clear()


def test_the_how_to_page_examples_run_as_written():
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "howto" / "agents-by-name.md"
    text = page.read_text()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(text.split("```pycon\n")[1:]):
        test = doctest.DocTestParser().get_doctest(block.split("```", 1)[0], {}, f"{page.name}[{i}]", str(page), 0)
        runner.run(test)
    assert runner.failures == 0 and runner.tries >= 4


PLAYING = textwrap.dedent('''
    from holdem.agents import Agent, AlwaysCall


    class ActFails(AlwaysCall):
        def act(self, observation):
            raise RuntimeError("model file missing\\nsecond line")


    class ObserveFails(AlwaysCall):
        def observe(self, event):
            {}["seat"]


    class ProbabilitiesFail(AlwaysCall):
        def action_probabilities(self, observation):
            return 1 / 0


    class ValueFails(AlwaysCall):
        def act(self, observation):
            raise ValueError("bad table")


    class Illegal(Agent):
        def act(self, observation):
            return 17


    class Fine(Agent):
        def act(self, observation):
            return observation.action("call")


    class Caller(AlwaysCall):
        """Calls, and states so."""


    class TooMuch(AlwaysCall):
        def action_probabilities(self, observation):
            return {action: 0.7 for action in observation.legal}
''')


@pytest.fixture
def playing_plugin(tmp_path, monkeypatch):
    """The module ``playingagents`` (agents whose code fails while they play), in the working directory."""
    (tmp_path / "playingagents.py").write_text(PLAYING)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(sys.modules, "playingagents", raising=False)
    yield
    sys.modules.pop("playingagents", None)


def _argv(command: str, agent: str, *more: str) -> list[str]:
    """``bpp match``/``lbr``/``explore`` with ``agent`` as the plug-in, small."""
    if command == "match":
        return ["match", "limit-holdem", "--agents", f"{agent},call", "--deals", "4", "--seed", "1", "--no-progress"]
    if command == "lbr":
        return ["lbr", "--game", "limit-holdem", "--betting", "fc", "--opponent", agent, "--deals", "2", "--seed", "1",
                "--no-progress", *more]
    return ["explore", "stud5", "--opponent", agent, "--warmup", "3", "--out", "page.html"]


@pytest.mark.parametrize(
    "command, agent, cause",
    [
        ("match", "ActFails", "RuntimeError: model file missing"),
        ("match", "ObserveFails", "KeyError: 'seat'"),
        ("match", "ValueFails", "ValueError: bad table"),
        ("lbr", "ActFails", "RuntimeError: model file missing"),
        ("lbr", "ObserveFails", "KeyError: 'seat'"),
        ("lbr", "ProbabilitiesFail", "ZeroDivisionError: division by zero"),
        ("explore", "ActFails", "RuntimeError: model file missing"),
    ],
)
def test_a_plugin_failing_while_it_plays_is_one_line_and_exit_2(command, agent, cause, playing_plugin, capsys):
    assert main(_argv(command, f"playingagents:{agent}")) == 2
    assert capsys.readouterr().err == f"error: agent 'playingagents:{agent}' failed while playing: its code raised " \
                                      f"{cause}\n"


def test_a_plugin_failing_while_it_plays_shows_its_traceback_with_debug(playing_plugin):
    with pytest.raises(RuntimeError, match="model file missing") as info:
        main(["--debug", *_argv("match", "playingagents:ActFails")])
    assert info.traceback[-1].frame.code.name == "act" and info.traceback[-1].path.name == "playingagents.py"


def test_a_plugin_failing_in_a_worker_process_is_one_line_and_exit_2(playing_plugin, capsys):
    """With ``--workers`` the exception comes back from another process, its traceback as text: still the plug-in's."""
    argv = _argv("match", "playingagents:ObserveFails")
    argv[argv.index("--deals") + 1] = "1000"  # two blocks: worker processes start
    assert main([*argv, "--workers", "2"]) == 2
    assert capsys.readouterr().err == "error: agent 'playingagents:ObserveFails' failed while playing: its code raised " \
                                      "KeyError: 'seat'\n"


@pytest.mark.parametrize(
    "command, agent, more, message",
    [
        ("match", "Illegal", (), "illegal action 17: expected an Action"),
        ("explore", "Illegal", (), "illegal action 17: expected an Action"),
        ("lbr", "Illegal", ("--policy-samples", "3"), "Illegal.act gave 17, not legal in ['c', 'r4']"),
        ("lbr", "TooMuch", (), "the policy of 'TooMuch' does not sum to one: row 0 is [0.7, 0.7] (sum 1.4) over "
                               "legal actions ['c', 'r4']."),
    ],
)
def test_a_plugin_returning_a_bad_action_or_policy_is_a_value_error_exit_2(command, agent, more, message,
                                                                           playing_plugin, capsys):
    assert main(_argv(command, f"playingagents:{agent}", *more)) == 2
    assert capsys.readouterr().err == f"error: {message}\n"


def test_a_plugin_defined_in_main_failing_while_it_plays_is_exit_2(tmp_path):
    code = textwrap.dedent("""
        import sys
        from holdem.agents import AlwaysCall
        from bpp.cli import main

        class Mine(AlwaysCall):
            def act(self, observation):
                raise OSError("no such table")

        sys.exit(main(["match", "limit-holdem", "--agents", "__main__:Mine,call", "--deals", "2", "--no-progress"]))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        2, "error: agent '__main__:Mine' failed while playing: its code raised OSError: no such table\n")


@pytest.mark.parametrize("command", ["match", "lbr"])
def test_bpp_failing_while_a_plugin_plays_stays_a_bug_exit_1(command, playing_plugin, monkeypatch, capsys):
    import bpp.lbr.local_br
    from holdem.agents import AlwaysCall

    def broken(*args, **kwargs):
        raise RuntimeError("an index went wrong")

    def broken_act(self, observation):
        raise RuntimeError("an index went wrong")

    if command == "match":  # bpp's own agent's code, called by the hand driver, beside the plug-in
        monkeypatch.setattr(AlwaysCall, "act", broken_act)
    else:  # bpp's own code, on the plug-in's policy
        monkeypatch.setattr(bpp.lbr.local_br, "kind_probabilities", broken)
    assert main(_argv(command, "playingagents:Fine" if command == "match" else "playingagents:Caller")) == 1
    assert capsys.readouterr().err == "error: unexpected RuntimeError: an index went wrong (a bug; rerun with --debug " \
                                      "for the traceback and report it)\n"

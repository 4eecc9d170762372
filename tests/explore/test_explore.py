"""The explorer without a browser: the page is self-contained and shows inline, the CLI's bad input is one line and exit 2."""

import re

import pytest

from bpp.cli import main
from bpp.explore import holdem_explorer, stud_explorer, trace_hand


def test_page_is_self_contained():
    for ex in (stud_explorer(2, warmup=0), holdem_explorer(2)):
        page = ex.html()
        assert "<noscript>" in page and page.count("<script") == 2
        assert not re.search(r"<link(?![^>]*href=\"data:)|src=|@import|https?://(?!www\.w3\.org/2000/svg)", page)


NETWORK_PLAYERS = ["bpp", "bpp-up", "bpp-linked", "bpp-actions", "bpp-bluff", "bpp-dbn"]


def test_every_network_variant_is_explored():
    from bpp.explore.stud import PLAYERS

    assert set(NETWORK_PLAYERS) <= set(PLAYERS)


@pytest.mark.parametrize("player", NETWORK_PLAYERS)
def test_cpts_embedded_as_pgmpy_lays_them_out(player):
    ex = stud_explorer(3, player=player, warmup=20)
    for k, model in enumerate(ex.models):
        nodes = ex.data["networks"][k]["nodes"]
        assert sorted(n["name"] for n in nodes) == sorted(model.nodes())
        for node in nodes:
            cpd = model.get_cpds(node["name"])
            assert node["states"] == [str(s) for s in cpd.state_names[node["name"]]]
            assert node["parents"] == list(cpd.variables[1:])
            assert node["cpt"] == pytest.approx(cpd.get_values().ravel().tolist(), abs=1e-15)


@pytest.mark.parametrize("player", NETWORK_PLAYERS)
def test_each_steps_p_win_is_pgmpy_on_the_variants_network(player):
    """Through the variant hook: the P(win) a step shows (the one the agent played from) is VariableElimination's."""
    from pgmpy.inference import VariableElimination

    from bpp.stud.players.variants import variant_of_agent

    ex = stud_explorer(7, player=player, warmup=20)
    assert len(ex.data["networks"]) == 4 and ex.data["network_title"].startswith(variant_of_agent(player).title)
    for step in ex.data["steps"]:
        model = ex.models[step["net"]]
        states = {n["name"]: n["states"] for n in ex.data["networks"][step["net"]]["nodes"]}
        ev = {k: states[k][i] for k, i in step["evidence"].items()}
        if player == "bpp-dbn":  # one network for all rounds: the evidence of every slice so far
            assert {f"{n}_{t}" for n in ("BPP_Current", "OPP_Upcards") for t in range(step["round"] + 1)} <= set(ev)
        else:
            assert {"BPP_Current", "OPP_Upcards"} <= set(ev)
        want = VariableElimination(model).query(["BPP_Win"], evidence=ev, show_progress=False).get_value(BPP_Win="win")
        assert step["p_win"] == pytest.approx(want, abs=1e-9), (player, step["label"])


def test_steps_are_the_inspect_trace():
    from bpp.explore._sources import stud

    inspect_trace = stud()["trace_hand"]

    ex = stud_explorer(6, warmup=10)
    trace = inspect_trace(6, warmup=10)
    assert [s.p_win for s in trace.steps] == pytest.approx([s["p_win"] for s in ex.data["steps"]])
    assert [s.theta for s in trace.steps] == pytest.approx([s["theta"] for s in ex.data["steps"]])


def test_repr_html_and_save(tmp_path):
    ex = trace_hand(1, warmup=0).explore()
    assert ex._repr_html_().startswith("<iframe srcdoc=")
    assert ex.save(tmp_path / "x.html").read_text(encoding="utf-8") == ex.html()


@pytest.mark.parametrize(
    "argv",
    [
        ["explore", "draw5"],
        ["explore", "stud5", "--seed", "x"],
        ["explore", "stud5", "--player", "loki"],
        ["explore", "stud5", "--opponent", "nobody", "--warmup", "0"],
        ["explore", "stud5", "--opponent", "loki", "--warmup", "0"],  # a name that does not play stud5
        ["explore", "stud5", "--opponent", "nomodule:Agent", "--warmup", "0"],
        ["explore", "stud5", "--warmup", "-1"],
        ["explore", "stud5", "--out", "/nonexistent-folder/a.html"],
        ["explore", "limit-holdem", "--players", "11"],
        ["play", "stud5", "--against", "poki"],
        ["play", "limit-holdem", "--port", "70000"],
    ],
)
def test_bad_input_one_line_exit_2(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ")


def test_the_opponent_may_be_a_module_class_path():
    """A plug-in opponent, named as in ``bpp match --agents`` (``module:Class``), plays the traced hand."""
    ex = stud_explorer(1, opponent="holdem.agents:AlwaysCall", warmup=0)
    assert "vs holdem.agents:AlwaysCall" in ex.data["title"]
    opp_actions = {s["label"].split(": ")[-1] for s in ex.data["steps"] if s["label"].split(": ")[-1].startswith("OPP ")}
    assert opp_actions and opp_actions <= {"OPP calls", "OPP checks"}, opp_actions  # AlwaysCall never bets or folds


def test_cli_writes_the_page(tmp_path, capsys):
    out = tmp_path / "h.html"
    assert main(["explore", "limit-holdem", "--seed", "2", "--players", "4", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert "wrote" in capsys.readouterr().out


def test_pages_show_inline_in_a_notebook():
    """What Jupyter shows for ``trace_hand(...).explore()``: the whole page in a sandboxed iframe."""
    import html

    for hand in (trace_hand(4, warmup=0), trace_hand(11, player="bpp-card", warmup=0),
                 trace_hand(5, game="limit-holdem", n_players=5)):
        explorer = hand.explore()
        shown = explorer._repr_html_()
        assert shown.startswith("<iframe srcdoc=") and 'sandbox="allow-scripts"' in shown
        assert html.escape(explorer.html(), quote=True) in shown

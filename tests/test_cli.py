"""The bpp command: the demo job, and bad input as one line with exit status 2."""

import json

import pytest

from bpp.cli import main


def test_demo_writes_tables_and_figures(tmp_path, capsys):
    out = tmp_path / "demo"
    assert main(["demo", "--out", str(out), "--hands", "40", "--seed", "3"]) == 0
    printed = capsys.readouterr().out
    assert "449,005" in printed and "Ppot = 0.2083" in printed
    results = json.loads((out / "results.json").read_text())
    assert results["loki_example"]["table (rows ahead/tied/behind now, columns after the river)"][2] == [91981, 1036, 346543]
    from bpp.commands.demo import LBR_OPPONENTS, PAIRINGS

    for game, agents in PAIRINGS.items():  # every program of the tour plays: no game is missing
        assert results[game]["hands"] == 40 * len(agents)  # duplicate: one seating per seat for every deal
        assert (out / f"{game}_bankroll.png").stat().st_size > 1000
    lbr = results["nolimit-holdem"]["lbr"]
    assert [r["opponent"] for r in lbr] == list(LBR_OPPONENTS) and all(r["deals"] == 40 for r in lbr)
    assert all(r["estimators"]["both"]["mean"] > 0 for r in lbr)  # LBR beats both chumps (a lower bound)
    assert (out / "nolimit-holdem_lbr.png").stat().st_size > 1000 and (out / "draw5_learning.png").stat().st_size > 1000
    assert results["draw5_training"]["table5"][-1]["epoch"] == 3000
    assert (out / "results.txt").read_text().count("95% CI") == len(PAIRINGS) + len(LBR_OPPONENTS)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["demo", "--hands", "0"], "argument --deals/--hands: must be a positive integer; got '0'"),
        (["demo", "--hands", "many"], "got 'many'"),
        (["no-such-command"], "invalid choice"),
        (["inspect", "stud5", "--player", "bpp-x"], "argument --player: invalid choice: 'bpp-x'"),
    ],
)
def test_bad_arguments_print_one_line_and_exit_2(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        code = main(argv)
        raise SystemExit(code)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err


def test_a_missing_target_module_is_one_line_not_a_traceback(monkeypatch, capsys):
    from bpp.commands import build

    monkeypatch.setitem(build.TARGETS, "nothing", ("bpp.no_such_module", "a target whose package has not landed"))
    assert main(["build", "nothing", "--seed", "1"]) == 2
    assert capsys.readouterr().err.strip() == (
        "error: bpp build nothing is not available in this version (module bpp.no_such_module is missing)"
    )


def test_unknown_options_of_ordinary_commands_are_rejected(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "--bogus"])
    assert exit_info.value.code == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--help"], ["demo", "--help"], ["match", "--help"], ["build", "--help"], ["inspect", "--help"]])
def test_help_texts_are_plain_text(argv, capsys):
    with pytest.raises(SystemExit):
        main(argv)
    text = capsys.readouterr().out
    assert "usage: bpp" in text and "``" not in text and ":func:" not in text and ":mod:" not in text

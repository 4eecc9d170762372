"""``bpp match``: bad arguments give one line on stderr and exit status 2."""

from __future__ import annotations

import pytest

from bpp.cli import main


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["match", "poker", "--agents", "call,call"], "invalid choice: 'poker'"),
        (["match", "stud5", "--agents", "call,call", "--hands", "abc"], "must be a positive integer; got 'abc'"),
        (["match", "stud5", "--agents", "call,call", "--hands", "1"], "--deals must be at least 2"),
        (["match", "stud5", "--agents", "call,call", "--seed", "-3"], "expected a non-negative integer seed"),
        (["match", "stud5", "--agents", "call,call", "--workers", "0"], "must be a positive integer; got '0'"),
        (["match", "stud5", "--agents", "call,nobody"], "unknown agent 'nobody'; tried the registered names"),
        (["match", "stud5", "--agents", "call"], "--agents needs at least two comma-separated names"),
        (["match", "stud5"], "the following arguments are required: --agents"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        raise SystemExit(main(argv))
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_json_output_has_the_documented_fields_and_matches_play_match(capsys):
    import json

    from holdem.games import LimitHoldem
    from holdem.match import play_match

    argv = ["match", "limit-holdem", "--agents", "call,raise", "--hands", "300", "--seed", "4", "--json"]
    assert main(argv + ["--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"game", "unit", "hands", "players"}
    assert (out["game"], out["unit"], out["hands"]) == ("limit-holdem", "sb", 300)
    expected = play_match(LimitHoldem(), ["call", "raise"], 300, rng=4)
    for got, want in zip(out["players"], expected.players):
        assert got["name"] == want.name
        assert got["mean"] == pytest.approx(want.mean) and got["total"] == pytest.approx(want.total)
        assert got["ci95"] == pytest.approx(list(want.ci95))
    assert out["players"][0]["total"] == -out["players"][1]["total"]


def test_table_output_with_progress_bar_on_stderr_and_a_log(tmp_path, capsys):
    log = tmp_path / "m.jsonl"
    argv = ["match", "limit-holdem", "--agents", "call,random,raise", "--hands", "120", "--seed", "1",
            "--duplicate", "--log", str(log), "--block-size", "50"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0] == "limit-holdem: 360 hands (duplicate 120 deals), sb/hand, seed 1"
    assert [line.split()[1] for line in lines[3:]] == ["call", "random", "raise"]
    assert "hand" in captured.err  # the tqdm bar
    assert len(log.read_text().splitlines()) == 1 + 360 + 3
    assert main(argv) == 0  # resumed from the complete log: same table
    assert capsys.readouterr().out.splitlines() == lines


def test_wrong_number_of_agents_for_heads_up_no_limit(capsys):
    assert main(["match", "nolimit-holdem", "--agents", "call,call,call", "--no-progress"]) == 2
    assert capsys.readouterr().err == "error: nolimit-holdem is played by 2 players; got 3 agents\n"

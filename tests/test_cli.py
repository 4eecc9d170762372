"""The bpp command: the demo job, and bad input as one line with exit status 2."""

import json

import pytest

from bpp.cli import main


def _check_claim_lines(lines, claims):
    """Every demo line carries the paper's number, ours with its 95% CI, the sample and a verdict."""
    import re

    assert len(lines) == len(claims) == 8
    for line, c in zip(lines, claims):
        assert line.startswith(f"[{c['part']}] ") and c["claim"] in line
        assert f"paper {c['paper']} | ours {c['ours']}, 95% CI {c['ci']} | {c['size']} | {c['verdict']}" in line
        assert re.search(r"\d", c["paper"]) and re.search(r"\d", c["ours"])  # numbers, not words
        assert re.fullmatch(r"\[[-+]?[\d,.]+, [-+]?[\d,.]+\]", c["ci"]) or c["ci"].startswith("exact")
        assert c["verdict"] in ("reproduced", "not reproduced", "not significant")
        assert c["verdict"] == "reproduced" or c["why"]  # a line that does not reproduce says why
    assert [c["part"] for c in claims] == ["loki", "stud5", "stud5", "limit-holdem", "draw5", "draw5",
                                           "nolimit-holdem", "nolimit-holdem"]


def test_demo_writes_tables_and_figures(tmp_path, capsys):
    out = tmp_path / "demo"
    assert main(["demo", "--out", str(out), "--hands", "40", "--seed", "3"]) == 0
    printed = capsys.readouterr().out
    results = json.loads((out / "results.json").read_text())
    assert results["loki_example"]["table (rows ahead/tied/behind now, columns after the river)"][2] == [91981, 1036, 346543]
    lines = [x for x in printed.splitlines() if x.startswith("[")]
    _check_claim_lines(lines, results["claims"])
    assert lines == (out / "results.txt").read_text().splitlines()[:-1]
    assert results["claims"][0]["verdict"] == "reproduced"  # exact enumeration at any size
    from bpp.commands.demo import LBR_OPPONENTS, PAIRINGS

    for key, agents in PAIRINGS.items():  # every match is played, at the cap
        assert results[key]["hands"] == 40 * len(agents)  # duplicate: one seating per seat for every deal
    for name in ("stud5_bankroll", "limit-holdem_bankroll", "draw5_learning", "nolimit-holdem_lbr"):
        assert (out / f"{name}.png").stat().st_size > 1000
    lbr = results["nolimit-holdem"]["lbr"]
    assert [r["opponent"] for r in lbr] == list(LBR_OPPONENTS) and all(r["deals"] == 40 for r in lbr)
    assert all(r["estimators"]["both"]["mean"] > 0 for r in lbr)  # LBR beats both chumps (a lower bound)
    draw = results["draw5"]  # trained first (5,000 epochs), then played frozen
    assert draw["epochs"] == 5000 and draw["hands"] == 40 and len(draw["sessions"]) == 5
    first = {p.name: p.read_bytes() for p in out.iterdir()}
    capsys.readouterr()
    assert main(["demo", "--out", str(out), "--hands", "2", "--seed", "4"]) == 0  # `make demo` twice: the first run kept
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == first
    assert f"this run is written to {out / 'run-2'}/" in capsys.readouterr().out
    assert json.loads((out / "run-2" / "results.json").read_text())["nolimit-holdem"]["lbr"][0]["deals"] == 2


@pytest.mark.slow
def test_demo_at_its_real_size_shows_the_papers_claims(tmp_path, capsys):
    """`make demo` itself (about 30-60 s): BPP, Loki and the trained evolving player win significantly."""
    out = tmp_path / "demo"
    assert main(["demo", "--out", str(out)]) == 0
    lines = [x for x in capsys.readouterr().out.splitlines() if x.startswith("[")]
    claims = json.loads((out / "results.json").read_text())["claims"]
    _check_claim_lines(lines, claims)
    by = {(c["part"], i): c for i, c in enumerate(claims)}
    for key in (("stud5", 1), ("stud5", 2), ("limit-holdem", 3), ("draw5", 4)):
        assert by[key]["verdict"] == "reproduced", by[key]


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


def _help(argv, capsys) -> str:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return capsys.readouterr().out


def test_help_texts_are_plain_text(capsys):
    """Every command's and subcommand's (or target's) ``--help``: a description, no reST markup."""
    import argparse
    import re

    from bpp.cli import build_parser

    def subcommands(parser):
        return [a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)]

    markup = re.compile(r"``|:(func|class|mod|meth|data|attr|ref):|^\s*\.\. |::\s*$|`[^`]+`_", re.M)
    argvs = []
    for choices in subcommands(build_parser()):
        for command, parser in choices.items():
            argvs.append([command])
            argvs += [[command, sub] for group in subcommands(parser) for sub in group]
    assert {"demo", "match", "lbr", "kendall", "build", "inspect", "explore"} <= {a[0] for a in argvs}
    assert ["kendall", "train"] in argvs and ["build", "stud-nets"] in argvs
    for argv in argvs:
        text = _help(argv, capsys)
        assert text.startswith("usage: bpp"), (argv, text[:200])
        assert text.split("\n\n")[1].strip(), f"bpp {' '.join(argv)} --help has no description"
        assert not markup.search(text), (argv, [line for line in text.splitlines() if markup.search(line)])

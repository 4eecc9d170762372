"""Every failure bpp promises to report in one line, driven through the ``bpp`` command: one stderr line, the exit status, no file shortened."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bpp.cli import main

MATCH = ["match", "limit-holdem", "--agents", "call,random", "--hands", "40", "--seed", "1", "--block-size", "10",
         "--no-progress"]


def run(argv, capsys) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse usage errors
        code = exc.code
    return code, capsys.readouterr().err


@pytest.fixture
def log(tmp_path, capsys):
    path = tmp_path / "m.jsonl"
    assert run(MATCH + ["--log", str(path)], capsys)[0] == 0
    return path


def _sizes(*paths):
    return [p.stat().st_size if p.exists() else None for p in paths]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["match", "limit-holdem", "--agents", "bpp,rules"], "agent 'bpp' does not play limit-holdem (it plays stud5); agents that play limit-holdem: "),
        (["match", "stud5", "--agents", "poki,rules"], "agent 'poki' does not play stud5"),
        (["match", "draw5", "--agents", "bpp-card,call,call"], "agent 'bpp-card' does not play draw5"),
        (["match", "nolimit-holdem", "--agents", "poki,call"], "agent 'poki' does not play nolimit-holdem"),
        (["inspect", "stud5", "--opponent", "poki"], "agent 'poki' does not play stud5"),
        (MATCH + ["--log", "{tmp}"], "cannot write the log to '{tmp}': it is a folder"),
        (MATCH + ["--log", "/sys/x.jsonl"], "cannot write the log to '/sys/x.jsonl'"),
        (MATCH + ["--log", "/dev/full"], "it is not a regular file"),
        (MATCH + ["--log", "{tmp}/no/x.jsonl"], "the folder '{tmp}/no' does not exist"),
        (["demo", "--out", "/sys/d"], "cannot write the demo results to '/sys/d'"),
        (["demo", "--out", "{tmp}/m.jsonl"], "it exists and is not a folder"),
        (["build", "preflop", "--out", "{tmp}"], "cannot write the build output to '{tmp}': it is a folder"),
        (["inspect", "stud5", "--out", "/sys/x.png"], "cannot write the figure to '/sys/x.png'"),
        (["inspect", "limit-holdem", "--out", "{tmp}/no/x.png"], "the folder '{tmp}/no' does not exist"),
        (MATCH[:-5] + ["--seed", "2", "--block-size", "10", "--log", "{tmp}/m.jsonl"], "belongs to another match (seed 1 there, 2 here)"),
        (MATCH + ["--duplicate", "--log", "{tmp}/m.jsonl"], "belongs to another match (duplicate False there, True here)"),
    ],
)
def test_each_failure_is_one_line_exit_2_and_no_file_is_shortened(argv, message, log, tmp_path, capsys):
    tmp = str(tmp_path)
    before = _sizes(log)
    code, err = run([a.replace("{tmp}", tmp) for a in argv], capsys)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: ") and message.replace("{tmp}", tmp) in err
    assert _sizes(log) == before


@pytest.mark.parametrize("line", [b"123\n", b'{"type":"block"}\n', b'{"type":"hand","hand":3,"payoffs":[1,-1]}\n'])
def test_a_damaged_log_line_is_refused_by_number(line, log, capsys):
    lines = log.read_bytes().splitlines(keepends=True)
    lines[3] = line
    log.write_bytes(b"".join(lines))
    size = log.stat().st_size
    code, err = run(MATCH + ["--hands", "80", "--log", str(log)], capsys)
    assert code == 2 and err.count("\n") == 1 and "line 4: " in err and "damaged or edited" in err
    assert log.stat().st_size == size


def test_fewer_hands_read_the_log_more_extend_it(log, capsys):
    data = log.read_bytes()
    assert run(MATCH + ["--hands", "20", "--json", "--log", str(log)], capsys)[0] == 0
    assert log.read_bytes() == data
    assert run(MATCH + ["--hands", "60", "--log", str(log)], capsys)[0] == 0
    assert log.read_bytes().startswith(data) and len(log.read_bytes()) > len(data)


def test_an_unexpected_failure_is_one_line_exit_1_with_the_debug_hint(monkeypatch, capsys):
    import bpp.commands.match as match

    def broken(args):
        raise RuntimeError("something nobody anticipated\nsecond line")

    monkeypatch.setattr(match, "run", broken)
    code, err = run(["match", "stud5", "--agents", "call,call"], capsys)
    assert code == 1 and err.count("\n") == 1
    assert "unexpected RuntimeError: something nobody anticipated" in err and "--debug" in err
    with pytest.raises(RuntimeError):
        main(["--debug", "match", "stud5", "--agents", "call,call"])


def test_interrupt_says_kept_only_when_something_was_logged(monkeypatch, log, tmp_path, capsys):
    import holdem.match.parallel as parallel

    def interrupted(plan, tasks, workers, **kw):  # kw: scheduler (holdem.match.cluster)
        raise KeyboardInterrupt
        yield

    monkeypatch.setattr(parallel, "iter_blocks", interrupted)
    code, err = run(MATCH + ["--hands", "80", "--log", str(log)], capsys)
    assert code == 2 and err == f"error: interrupted; the 40 deals logged in {log} are kept (run the same command again to resume)\n"
    code, err = run(MATCH + ["--log", str(tmp_path / "new.jsonl")], capsys)
    assert code == 2 and err == "error: interrupted\n"


def test_a_closed_pipe_ends_quietly(tmp_path):
    cmd = f"{sys.executable} -m bpp.cli match limit-holdem --agents call,random --hands 2000 --seed 1 --json --no-progress | head -c 1"
    proc = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
    assert proc.stderr == "" and proc.stdout == "{"


def test_an_exported_log_with_a_bad_card_is_refused(log):
    from holdem.match.export import acpc_lines
    from holdem.match.log import read_log

    parsed = read_log(log)
    parsed.hands[0]["cards"] = "Xx" + parsed.hands[0]["cards"][2:]
    with pytest.raises(ValueError, match=r"hand 0: the logged deal 'Xx.*the card 'Xx' is not a card"):
        acpc_lines(parsed)
    assert json.loads(log.read_text().splitlines()[0])["type"] == "header"


def test_a_small_build_goes_to_the_cache_and_never_touches_the_shipped_models(tmp_path, monkeypatch, capsys):
    from bpp.stud.model.compiled_stud import load_compiled
    from bpp.stud.model.networks import MODELS_DIR

    shipped = {p.name: p.read_bytes() for p in MODELS_DIR.iterdir() if p.is_file()}
    monkeypatch.setenv("BPP_CACHE", str(tmp_path / "cache"))
    assert main(["build", "stud-nets", "--hands", "5", "--seed", "1"]) == 0
    built = tmp_path / "cache" / "stud"
    assert (built / "stud_cpts.npz").exists()
    assert {p.name: p.read_bytes() for p in MODELS_DIR.iterdir() if p.is_file()} == shipped
    import numpy as np

    for net in load_compiled(built):  # five deals: unseen states get the documented prior, never NaN
        assert np.isfinite([net.query(0, u).p_win for u in range(len(net.upcard_states))]).all()
    first = {p.name: p.read_bytes() for p in built.iterdir()}
    assert main(["build", "stud-nets", "--hands", "5", "--seed", "2"]) == 0  # a second build: a new folder inside
    assert {p.name: p.read_bytes() for p in built.iterdir() if p.is_file()} == first
    assert (built / "run-2" / "stud_cpts.npz").exists() and str(built / "run-2") in capsys.readouterr().out
    code, err = run(["build", "stud-nets", "--out", str(tmp_path), "--replace-shipped"], capsys)
    assert code == 2 and err == "error: --out and --replace-shipped cannot be given together\n"


# Results are never overwritten (holdem.files.fresh_output_path): every command that writes a result file refuses an
# existing one with one line naming it and --out, and leaves it byte-identical.  (bpp match and bpp lbr write only
# their --log, which a re-run extends; kendall evaluate and play write no file; demo and stud-nets fill folders:
# tested below and in tests/test_cli.py.)
@pytest.mark.parametrize(
    "argv, cached",
    [
        (["inspect", "limit-holdem", "--out", "{file}"], None),
        (["inspect", "stud5", "--out", "{file}"], None),
        (["explore", "stud5", "--out", "{file}"], None),
        (["explore", "limit-holdem", "--out", "{file}"], None),
        (["build", "preflop", "--players", "2", "--games", "10", "--out", "{file}"], None),
        (["build", "preflop", "--players", "2", "--games", "10"], "loki/preflop_2p.csv"),
        (["build", "preflop-equity", "--boards", "1", "--out", "{file}"], None),
        (["build", "preflop-equity", "--boards", "1"], "lbr/preflop_equity.npz"),
        (["kendall", "train", "--table", "mixed", "--epochs", "10", "--out", "{file}"], None),
    ],
)
def test_an_existing_result_file_is_refused_and_left_byte_identical(argv, cached, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BPP_CACHE", str(tmp_path / "cache"))
    existing = tmp_path / "cache" / cached if cached else tmp_path / "earlier-result"
    existing.parent.mkdir(parents=True, exist_ok=True)
    existing.write_bytes(b"an earlier run's result\n")
    code, err = run([a.replace("{file}", str(existing)) for a in argv], capsys)
    assert (code, err) == (2, f"error: '{existing}' already exists and results are never overwritten; "
                              "choose another path with --out\n")
    assert existing.read_bytes() == b"an earlier run's result\n"


def test_an_lbr_log_is_read_by_a_shorter_rerun_and_extended_by_a_longer_one(tmp_path, capsys):
    path = tmp_path / "lbr.jsonl"
    lbr = ["lbr", "--opponent", "call", "--betting", "fc", "--rounds", "4", "--seed", "1", "--block-size", "2",
           "--no-progress", "--json", "--log", str(path)]
    assert run(lbr + ["--hands", "4"], capsys)[0] == 0
    first = path.read_bytes()
    assert run(lbr + ["--hands", "2"], capsys)[0] == 0
    assert path.read_bytes() == first
    assert run(lbr + ["--hands", "6"], capsys)[0] == 0
    assert path.read_bytes().startswith(first) and len(path.read_bytes()) > len(first)


# --- the permanent corpus: each case one `error:` line, exit 2, every file byte-identical afterwards ------


def _files(folder):
    return {p: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _one_line_exit_2(argv, message, tmp_path, capsys):
    before = _files(tmp_path)
    code, err = run(argv, capsys)
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err, err
    assert _files(tmp_path) == before
    return err


def _edit_header(text: str, old: str, new: str) -> str:
    first, rest = text.split("\n", 1)
    return first.replace(old, new) + "\n" + rest


@pytest.mark.parametrize("edit, message", [
    (lambda t: _edit_header(t, '"call"', '"raise"'), "line 1: the header does not match its checksum"),
    (lambda t: _edit_header(t, '"seed": 1', '"seed": 5'), "line 1: the header does not match its checksum"),
    (lambda t: _edit_header(t, ', "sha256"', ', "sha"'), "line 1: the header does not match its checksum"),
    (lambda t: t.split("\n", 1)[0] + "\n" + t.split("\n", 1)[1].replace(', "sha256": "', ', "sha": "', 1),
     "the hands of block 0 (lines 2-11) do not match the checksum"),
    (lambda t: t + "[" * 200_000 + "]" * 200_000 + "\n", "line 46: not a JSON line"),
    (lambda t: "[" * 200_000 + "\n" + t, "is not a bpp match log"),
])
def test_an_edited_or_hostile_match_log_is_refused_by_line(edit, message, log, tmp_path, capsys):
    log.write_text(edit(log.read_text()))
    agents = "raise,random" if '"raise"' in log.read_text().split("\n", 1)[0] else "call,random"
    argv = [a if a != "call,random" else agents for a in MATCH] + ["--log", str(log)]
    _one_line_exit_2(argv, message, tmp_path, capsys)


@pytest.mark.parametrize("argv, message", [
    # options that do not apply, or values outside their documented bounds, are refused, not ignored
    (["lbr", "--game", "limit-holdem", "--opponent", "call", "--betting", "56"], "must be fc or fcpa in limit-holdem"),
    (["explore", "stud5", "--player", "bpp", "--seats", "4", "--out", "{tmp}/e.html"], "--seats applies to --player bpp-multi only"),
    (["explore", "stud5", "--out", "{tmp}/e.pdf"], "the page is HTML, so its name must end in .html"),
    (["explore", "limit-holdem", "--out", "{tmp}/e.png"], "the page is HTML"),
    (["explore", "limit-holdem", "--out", "{tmp}/m.jsonl"], "the page is HTML"),
    (["explore", "limit-holdem", "--out", "{tmp}/keep.html"], "already exists and results are never overwritten"),
    (["build", "preflop", "--final-games", "0"], "argument --final-games: must be a positive integer; got '0'"),
    (["build", "preflop", "--final-games", "-5", "--iterated"], "must be a positive integer; got '-5'"),
    (["build", "preflop", "--noise", "inf", "--iterated"], "argument --noise: must be a finite number >= 0"),
    (["build", "preflop", "--noise", "nan", "--iterated"], "argument --noise: must be a finite number >= 0"),
    (["build", "preflop", "--final-games", "10"], "--final-games applies to the iterated roll-out only"),
    (["build", "preflop", "--noise", "5"], "--noise applies to the iterated roll-out only"),
    (["build", "preflop", "--max-iterations", "5"], "--max-iterations applies to the iterated roll-out only"),
    (["build", "preflop", "--games", "99999999999999999999"], "must be a positive integer of at most 1,000,000,000"),
    (["kendall", "evaluate", "--values", "{tmp}", "--runs", "2"], "is a folder, not a file"),
    (["kendall", "evaluate", "--values", "{tmp}/v.json", "--runs", "1"], "the 95% CI over runs needs at least 2 runs"),
    (["kendall", "train", "--table", "mixed", "--epochs", "99999999999", "--out", "{tmp}/k.json"], "from 1 to 10,000,000"),
    (["inspect", "stud5", "--warmup", "99999999999999"], "argument --warmup: must be an integer from 0 to 1,000,000"),
    (["explore", "stud5", "--warmup", "-1", "--out", "{tmp}/e.html"], "argument --warmup: must be an integer from 0 to 1,000,000"),
    (MATCH[:4] + ["--deals", "99999999999999999999999"], "must be a positive integer of at most 1,000,000,000"),
    (MATCH[:4] + ["--workers", "99999999999"], "must be a positive integer of at most 1,000,000,000"),
    (["lbr", "--opponent", "call", "--hands", "1e9"], "must be a positive integer; got '1e9'"),
    (["demo", "--seed", "-1", "--out", "{tmp}/demo"], "argument --seed: expected a non-negative integer seed, got '-1'"),
    (["demo", "--seed", str(2**64), "--out", "{tmp}/demo"], "argument --seed: expected a non-negative integer seed"),
    (["lbr", "--opponent", "call", "--seed", "x"], "argument --seed: expected a non-negative integer seed, got 'x'"),
    (["play", "stud5", "--seed", "-3"], "argument --seed: expected a non-negative integer seed"),
    (["play", "stud5", "--port", "70000"], "argument --port: must be an integer from 0 to 65,535"),
])
def test_an_option_that_does_not_apply_or_is_out_of_bounds_is_refused(argv, message, tmp_path, capsys):
    (tmp_path / "keep.html").write_text("kept")
    tmp = str(tmp_path)
    err = _one_line_exit_2([a.replace("{tmp}", tmp) for a in argv], message, tmp_path, capsys)
    assert "Traceback" not in err
    assert not (tmp_path / "demo").exists()  # a bad --seed is refused before the demo writes anything


def test_a_kendall_results_file_edited_by_hand_is_refused(tmp_path, capsys):
    out = tmp_path / "k.json"
    assert run(["kendall", "train", "--table", "mixed", "--epochs", "30", "--out", str(out), "--no-progress"], capsys)[0] == 0
    capsys.readouterr()
    data = json.loads(out.read_text())
    data["values"]["Royal Flush"] = 0.5
    out.write_text(json.dumps(data))
    _one_line_exit_2(["kendall", "evaluate", "--values", str(out), "--runs", "2", "--hands", "5"],
                     "does not match its checksum", tmp_path, capsys)


def test_kendall_evaluate_json_is_strict(tmp_path, capsys):
    from bpp.kendall.players import EvolvingPlayer

    values = EvolvingPlayer().save(tmp_path / "v.json")
    assert main(["kendall", "evaluate", "--values", str(values), "--runs", "2", "--hands", "5", "--json", "--no-progress"]) == 0
    json.loads(capsys.readouterr().out, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))


@pytest.mark.parametrize("delay", [1.0, 4.0])
def test_two_interrupts_to_the_process_group_give_one_line_and_keep_the_log(tmp_path, delay):
    """Ctrl-C reaches the parent and its worker processes; a second one follows 0.3 s later (during the first's handling)."""
    import os
    import signal
    import time

    log = tmp_path / "i.jsonl"
    cmd = [sys.executable, "-m", "bpp.cli", "match", "limit-holdem", "--agents", "call,random", "--deals", "3000000",
           "--workers", "2", "--block-size", "2000", "--log", str(log), "--no-progress"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, text=True)
    time.sleep(delay)
    os.killpg(proc.pid, signal.SIGINT)
    time.sleep(0.3)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 2 and err.startswith("error: interrupted") and err.count("\n") == 1, err
    if log.exists() and log.stat().st_size:
        from holdem.match import read_log

        read_log(log)  # whole blocks only, every checksum right


def test_bare_bpp_is_a_short_usage_and_exit_2(capsys):
    code = main([])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 2 and err.startswith("usage: bpp") and "error: choose a command" in err


def test_a_scheduler_address_dask_cannot_parse_is_one_line_without_a_stall(tmp_path):
    import time

    for scheduler, env in (("garbage://", None), (None, "garbage://"), ("tcp://127.0.0.1:notaport", None)):
        argv = [sys.executable, "-m", "bpp.cli", *MATCH, "--workers", "2"] + (["--scheduler", scheduler] if scheduler else [])
        started = time.monotonic()
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=120,
                              env=dict(__import__("os").environ, **({"BPP_SCHEDULER": env} if env else {})))
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
        assert "is not a Dask scheduler address" in proc.stderr and "Traceback" not in proc.stderr
        assert time.monotonic() - started < 60  # the half-built client stalled 10 s at exit; here nothing is built


@pytest.mark.parametrize("make, message", [
    (lambda: __import__("holdem.cards", fromlist=["x"]).parse_cards(b"As Kd"), "bytes are not cards"),
    (lambda: _play([3, "call"]), "The 'agents' parameter of play_match takes names, factories or agents; got 3"),
    (lambda: _play([lambda rng=None: None, "call"]), "its factory returned NoneType None, not an agent"),
    (lambda: _play([int, "call"]), "got the class 'int', which has no act method"),
    (lambda: _agent("bpp.stud.opponents", "RuleBasedPlayer", rng="x"), "The 'rng' parameter of RuleBasedPlayer"),
    (lambda: _agent("bpp.stud.players.paper", "BPPPlayer", nets="nonsense"), "The 'nets' parameter of BPPPlayer"),
    (lambda: _agent("bpp.stud.players.paper", "BPPPlayer", learn="yes"), "The 'learn' parameter of BPPPlayer"),
    # Loki reads the stakes from the observation, so the game's rules are where a bad blind is refused
    (lambda: _agent("holdem.games", "LimitHoldem", small_blind=-1), "The 'small_blind' parameter of LimitHoldem"),
    (lambda: _agent("holdem.games", "LimitHoldem", big_blind=0), "The 'big_blind' parameter of LimitHoldem"),
    (lambda: _agent("holdem.games", "LimitHoldem", small_bet=True), "The 'small_bet' parameter of LimitHoldem"),
    (lambda: _agent("holdem.games", "LimitHoldem", small_blind=3), "The 'big_blind' parameter of LimitHoldem"),
    (lambda: _agent("bpp.loki.agents", "LokiAgent", trials=0), "The 'trials' parameter of LokiAgent"),
    (lambda: _agent("bpp.loki.agents", "LokiAgent", time_budget=-1.0), "The 'time_budget' parameter of LokiAgent"),
    (lambda: _agent("bpp.loki.modeler.weights", "WeightTable").from_income_rates(threshold=float("inf")),
     "The 'threshold' parameter of WeightTable.from_income_rates"),
    (lambda: __import__("bpp.explore.page", fromlist=["x"]).render_page({"kind": "poker"}), "The 'data' parameter"),
    (lambda: __import__("bpp.explore.page", fromlist=["x"]).Explorer([1, 2]), "The 'data' parameter"),
])
def test_the_python_api_names_the_parameter(make, message):
    with pytest.raises(ValueError, match=None) as info:
        make()
    assert message in str(info.value) and "\n" not in str(info.value)


def _play(agents):
    from holdem.games import LimitHoldem
    from holdem.match import play_match

    return play_match(LimitHoldem(), agents, 4, rng=1)


def _agent(module, name, **kwargs):
    cls = getattr(__import__(module, fromlist=[name]), name)
    return cls(**kwargs) if kwargs else cls


def test_explorer_save_never_overwrites_like_explore_out(tmp_path):
    from bpp.explore.holdem import holdem_explorer

    page = tmp_path / "p.html"
    page.write_text("mine")
    ex = holdem_explorer(1)
    with pytest.raises(ValueError, match="already exists and results are never overwritten"):
        ex.save(page)
    assert page.read_text() == "mine"
    assert ex.save(tmp_path / "q.html").read_text().startswith("<!DOCTYPE html>")

"""``bpp reproduce``: the registry, logged and resumed runs, the report, bad input as one line and exit 2."""

import json

import pytest

from bpp.cli import main
from bpp.reproduce import experiments, get_experiment, papers, report_for, run_experiment
from bpp.reproduce.run import read_runs


def _lines(path):
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_registry_covers_the_papers_and_every_step_target_exists():
    assert papers()[:3] == ["loki", "poki", "bpp"]
    keys = [e.key for e in experiments()]
    for key in ("loki-worked-example", "loki-table2", "loki-income-rates", "loki-figure1", "poki-formula-vs-simulation", "poki-network", "poki-opponents",
                "bpp-table1", "bpp-figure2", "bpp-significance", "bpp-learning", "kendall-training", "kendall-table6", "lbr-table2"):
        assert key in keys
    assert keys[-12:] == ["loki-potential", "loki-figure1-gap", "poki-continuations", "bpp-variants", "bpp-stakes",
                          "bpp-multi", "bpp-gap", "bpp-calibration", "bpp-dbn", "bpp-shape", "kendall-tables",
                          "lbr-exploitability"]  # the toolkit's own results come last
    import importlib

    for e in experiments():
        for scale in ("quick", "paper"):
            assert e.expected[scale] > 0
            for step in e.steps(scale):
                module, func = step.target.split(":")
                assert callable(getattr(importlib.import_module(module), func))


def test_loki_exact_numbers_and_report(tmp_path):
    runs = [run_experiment(get_experiment(k), "quick", tmp_path) for k in ("loki-worked-example", "loki-table2")]
    md, page = report_for(runs, tmp_path, scale="quick", command="test", wall=0.0)
    text = md.read_text()
    assert "| now behind → after 7 cards ahead | 91,981 | 91,981 | exact enumeration | exact |  |" in text
    assert "| hand strength HS | 0.585 | 0.5851 |" in text
    assert "EHS against five opponents | 0.15 | 0.1695 | exact | differs | the text's 0.15" in text
    assert "<table>" in page.read_text()
    # a second report moves the first to history/, it does not overwrite it
    report_for(runs, tmp_path, scale="quick", command="test", wall=0.0)
    assert len(list((tmp_path / "history").glob("report-*.md"))) == 1


def test_finished_experiment_is_reused_force_appends_a_new_run(tmp_path):
    exp = get_experiment("loki-table2")
    first = run_experiment(exp, "quick", tmp_path)
    log = tmp_path / "logs" / "loki-table2.jsonl"
    size = log.stat().st_size
    again = run_experiment(exp, "quick", tmp_path)
    assert again.reused and log.stat().st_size == size and again.results() == first.results()
    forced = run_experiment(exp, "quick", tmp_path, force=True)
    assert not forced.reused and forced.run == 2
    assert [x["type"] for x in _lines(log)] == ["run", "step", "done", "run", "step", "done"]


def test_interrupted_experiment_resumes_from_its_log(tmp_path):
    exp = get_experiment("bpp-significance")
    whole = run_experiment(exp, "quick", tmp_path / "whole")
    # an interrupted run: its header, the first step, and half a line
    lines = (tmp_path / "whole" / "logs" / "bpp-significance.jsonl").read_text().splitlines()
    cut = tmp_path / "cut" / "logs"
    cut.mkdir(parents=True)
    (cut / "bpp-significance.jsonl").write_text(lines[0] + "\n" + lines[1] + "\n" + lines[2][:40])
    resumed = run_experiment(exp, "quick", tmp_path / "cut")
    assert resumed.results() == whole.results()
    runs = read_runs(cut / "bpp-significance.jsonl")
    assert list(runs) == [1] and runs[1]["done"] is not None and len(runs[1]["steps"]) == 2


@pytest.mark.parametrize(
    "argv, message",
    [
        (["reproduce", "--only", "nobody"], "unknown paper 'nobody'; papers with experiments: loki, poki, bpp"),
        (["reproduce", "--scale", "huge"], "argument --scale: invalid choice: 'huge'"),
        (["reproduce", "--scheduler", "tcp://127.0.0.1:9", "--only", "loki"], "cannot reach the Dask scheduler at tcp://127.0.0.1:9"),
        (["reproduce", "--workers", "2", "--scheduler", "tcp://127.0.0.1:9"], "not allowed with argument"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys, tmp_path):
    with pytest.raises(SystemExit) as exit_info:
        raise SystemExit(main([*argv, "--out", str(tmp_path / "out")]))
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_unwritable_output_folder_is_one_line_and_nothing_is_lost(capsys, tmp_path):
    run_experiment(get_experiment("loki-table2"), "quick", tmp_path / "done")
    before = (tmp_path / "done" / "logs" / "loki-table2.jsonl").read_text()
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["reproduce", "--only", "loki", "--out", str(blocker / "out")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is not writable" in err[0]
    assert (tmp_path / "done" / "logs" / "loki-table2.jsonl").read_text() == before


@pytest.mark.slow
def test_quick_scale_runs_every_experiment_and_reports_every_verdict(tmp_path):
    """The whole quick scale (a few minutes on two cores): every experiment finishes and every row has a verdict."""
    from bpp.reproduce import reproduce

    md, page = reproduce(tmp_path, scale="quick", workers=2, say=lambda text: None)
    text = md.read_text()
    for e in experiments():
        assert f"#### {e.title}" in text
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| item")]
    assert rows and all(any(f"| {v} |" in r for v in ("exact", "within CI", "differs", "—")) for r in rows)
    assert all(r.split("|")[6].strip() for r in rows if "| differs |" in r)  # every difference says why


def test_interrupted_step_resumes_by_block(tmp_path, monkeypatch):
    """A step that splits its work into blocks logs them: an interrupted step replays none of its finished blocks."""
    import dataclasses

    import holdem.match.parallel as parallel
    from bpp.reproduce.registry import Step

    exp = dataclasses.replace(get_experiment("lbr-table2"), steps=lambda scale: [
        Step("fc 1-4 call", "bpp.reproduce.lbr:cell",
             {"betting": "fc", "rounds": "1-4", "opponent": "call", "n_deals": 100, "rng": 1}, inside=True)])
    whole = run_experiment(exp, "quick", tmp_path / "whole")
    real = parallel.iter_blocks  # LBR runs its blocks on the match runner's machinery
    played = []

    def counted(plan, tasks, *, stop_after=None, **kw):
        for res in real(plan, tasks, **kw):
            played.append(res.block)
            yield res
            if len(played) == stop_after:
                raise KeyboardInterrupt

    monkeypatch.setattr(parallel, "iter_blocks", lambda plan, tasks, **kw: counted(plan, tasks, stop_after=1, **kw))
    with pytest.raises(KeyboardInterrupt):
        run_experiment(exp, "quick", tmp_path / "cut")
    monkeypatch.setattr(parallel, "iter_blocks", counted)
    resumed = run_experiment(exp, "quick", tmp_path / "cut")
    assert played == [0, 1]  # block 0 before the interruption, only block 1 after it
    assert resumed.results() == whole.results()
    assert (tmp_path / "cut" / "logs" / "lbr-table2" / "run1-fc_1-4_call.jsonl").exists()


@pytest.fixture(scope="module")
def finished_log(tmp_path_factory):
    out = tmp_path_factory.mktemp("finished")
    run_experiment(get_experiment("loki-table2"), "quick", out)
    return (out / "logs" / "loki-table2.jsonl").read_bytes()


def _edit_result(text: bytes) -> bytes:
    lines = text.split(b"\n")
    step = json.loads(lines[1])
    first = next(iter(step["result"]))
    edited = json.dumps(step["result"][first]).replace("1", "9", 1)
    lines[1] = lines[1].replace(json.dumps(step["result"][first], separators=(",", ":")).encode(),
                                edited.replace(" ", "").encode(), 1)
    assert lines[1] != text.split(b"\n")[1]
    return b"\n".join(lines)


@pytest.mark.parametrize("damage, message", [
    (_edit_result, "line 2: it does not match its checksum"),
    (lambda t: t + b"garbage\n", "line 4: not a JSON object"),
    (lambda t: t + b"garbage\n" + t.split(b"\n")[2] + b"\n", "line 4: not a JSON object"),
    (lambda t: t.replace(b'"scale":"quick"', b'"scale":"full"', 1), "line 1: it does not match its checksum"),
    (lambda t: t.replace(b',"sha256":', b',"sha":', 1), "line 1: it does not match its checksum"),
    (lambda t: t.replace(b'\n', b'\r', 1), "line 1: not a JSON object"),
    (lambda t: b"\x00\xff\xfe" * 300 + b"\n", "line 1: not a JSON object"),
    (lambda t: b"[" * 200_000 + b"\n" + t, "line 1: not a JSON object"),
    (lambda t: t.split(b"\n", 1)[1], "line 1: a step line of run 1, which no line opened"),
])
def test_an_edited_or_damaged_experiment_log_is_refused_by_file_line_and_experiment(tmp_path, capsys, finished_log,
                                                                                     damage, message):
    logs = tmp_path / "out" / "logs"
    logs.mkdir(parents=True)
    log = logs / "loki-table2.jsonl"
    log.write_bytes(damage(finished_log))
    before = log.read_bytes()
    with pytest.raises(ValueError, match="experiment 'loki-table2'") as info:
        run_experiment(get_experiment("loki-table2"), "quick", tmp_path / "out")
    assert message in str(info.value) and str(log) in str(info.value) and "\n" not in str(info.value)
    assert log.read_bytes() == before and sorted(p.name for p in logs.iterdir()) == ["loki-table2.jsonl"]


def test_a_damaged_experiment_log_through_the_command_is_one_line_exit_2(tmp_path, capsys, finished_log):
    log = tmp_path / "out" / "logs" / "loki-table2.jsonl"
    log.parent.mkdir(parents=True)
    log.write_bytes(_edit_result(finished_log))
    before = log.read_bytes()
    assert main(["reproduce", "--only", "loki", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "line 2: it does not match its checksum" in err[0] and "loki-table2" in err[0]
    assert log.read_bytes() == before


def test_figure_scripts_share_one_cell_store_and_one_error_line(tmp_path, capsys):
    """bpp.reproduce.script: a cell is played once, again= appends a new line that then counts, a line without the
    fields asked for does not count, and a ValueError is one line and exit 2."""
    from bpp.reproduce.script import cached_cell, finished_cells, run_script

    runs = tmp_path / "sub" / "runs.jsonl"
    values = iter([1.0, 2.0, 3.0])

    def play():
        return {"mean": next(values)}

    assert cached_cell(runs, {"seed": 1}, play)["mean"] == 1.0
    assert cached_cell(runs, {"seed": 1}, play)["mean"] == 1.0  # read, not played
    assert cached_cell(runs, {"seed": 1}, play, again=True)["mean"] == 2.0
    assert cached_cell(runs, {"seed": 1}, play)["mean"] == 2.0  # the last line counts
    assert [c["mean"] for c in finished_cells(runs, {"seed": 1})] == [1.0, 2.0]
    assert cached_cell(runs, {"seed": 1}, play, needs=("t",))["mean"] == 3.0  # no finished line has "t"
    runs.write_text(runs.read_text() + "{not json\n")

    def main(argv=None):
        cached_cell(runs, {"seed": 1}, play)

    assert run_script(main, []) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "runs.jsonl' line 4" in err


def test_a_cell_records_its_code_version_and_is_played_again_when_the_code_computes_differently(tmp_path, capsys):
    """cached_cell(probe=...): the line holds the probe's version; a probe that now gives another result makes the
    cell stale (reported, played again, appended); the runs file only grows; the old code's line is found again."""
    from bpp.reproduce.script import cached_cell, code_version, finished_cells

    runs = tmp_path / "runs.jsonl"
    runs.write_text('{"seed": 1, "mean": 0.5}\n')  # a line from before cells had versions
    played = []
    code = {"mean": 0.25}  # what the probe (a miniature of the cell) computes with today's code

    def play():
        played.append(1)
        return {"mean": 10 * code["mean"] + len(played)}

    def probe():
        return dict(code)

    first = cached_cell(runs, {"seed": 1}, play, probe=probe)
    assert first == {"seed": 1, "mean": 3.5, "code": code_version({"mean": 0.25})} and len(played) == 1
    assert "stale cell {\"seed\": 1}" in capsys.readouterr().err  # the unversioned line is stale
    assert cached_cell(runs, {"seed": 1}, play, probe=probe) == first and len(played) == 1  # read, not played
    before = runs.read_bytes()
    code["mean"] = 0.3  # the code changed what it computes
    second = cached_cell(runs, {"seed": 1}, play, probe=probe)
    assert second["mean"] == 5.0 and second["code"] == code_version({"mean": 0.3}) and len(played) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"played by code of version {first['code']}, now {second['code']}" in err
    assert runs.read_bytes().startswith(before) and len(finished_cells(runs, {"seed": 1})) == 3  # appended only
    code["mean"] = 0.25 + 1e-15  # back to the old code (the same numbers to 12 digits): its line counts again
    assert cached_cell(runs, {"seed": 1}, play, probe=probe) == first and len(played) == 2
    assert cached_cell(runs, {"seed": 1}, play) == second  # without a probe the last line counts, as before


def test_a_stud_cell_is_stale_once_its_opponent_plays_differently(tmp_path, monkeypatch, capsys):
    """The real cells (bpp.reproduce.stud_cells): their version is the same cell on PROBE_DEALS deals, so changing
    how the rule-based player acts makes the cached cell stale; a faster path with the same results would not."""
    from bpp.reproduce import stud_cells
    from bpp.reproduce.script import finished_cells
    from bpp.stud.opponents.paper import RuleBasedPlayer
    from holdem.games import CHECK_CALL

    runs = tmp_path / "bpp.jsonl"
    cell = stud_cells.cell_result("bpp", "argmax", "rules", 30, runs)
    assert stud_cells.cell_result("bpp", "argmax", "rules", 30, runs) == cell
    with monkeypatch.context() as m:  # other code with the same results (hand by hand, not batched): not stale
        m.setattr("holdem.match.batched.play_block_batched", lambda *a: None)
        assert stud_cells.cell_result("bpp", "argmax", "rules", 30, runs) == cell
    assert capsys.readouterr().err == "" and len(runs.read_text().splitlines()) == 1
    monkeypatch.setattr(RuleBasedPlayer, "act", lambda self, observation: CHECK_CALL)  # the code changed
    monkeypatch.setattr(RuleBasedPlayer, "act_batch", None, raising=False)
    again = stud_cells.cell_result("bpp", "argmax", "rules", 30, runs)
    assert again["code"] != cell["code"] and again["mean"] != cell["mean"]
    assert "stale cell" in capsys.readouterr().err
    assert [c["mean"] for c in finished_cells(runs, {"player": "bpp"})] == [cell["mean"], again["mean"]]


def test_render_only_reports_from_the_logs_and_runs_nothing(tmp_path, monkeypatch, capsys):
    """``bpp reproduce --render-only``: the report of the logged runs, byte for byte the rows of the run that made them;
    an experiment without a finished run at that scale is one line naming it, and nothing is computed."""
    import bpp.reproduce as reproduce_pkg
    from bpp.reproduce import reproduce

    chosen = [get_experiment(k) for k in ("loki-worked-example", "loki-table2")]
    monkeypatch.setattr(reproduce_pkg, "experiments", lambda only=None: chosen)
    md, _ = reproduce(tmp_path, only=["loki"], say=lambda text: None)
    ran = md.read_text()
    logs = {p.name: p.read_bytes() for p in (tmp_path / "logs").glob("*.jsonl")}
    monkeypatch.setattr("bpp.reproduce.registry.call", lambda *a: pytest.fail("render-only computed a step"))
    monkeypatch.setattr("bpp.reproduce.run.call", lambda *a: pytest.fail("render-only computed a step"))
    md, _ = reproduce(tmp_path, only=["loki"], render_only=True, say=lambda text: None)
    rows = [line for line in md.read_text().splitlines() if line.startswith("| ")]
    assert rows and rows == [line for line in ran.splitlines() if line.startswith("| ")]
    assert {p.name: p.read_bytes() for p in (tmp_path / "logs").glob("*.jsonl")} == logs  # the logs untouched
    with pytest.raises(ValueError, match="no finished paper-scale run of experiment 'loki-worked-example'"):
        reproduce(tmp_path, scale="paper", only=["loki"], render_only=True, say=lambda text: None)
    monkeypatch.undo()
    assert main(["reproduce", "--only", "loki", "--render-only", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "experiment 'loki-income-rates'" in err[0]


def test_figure_steps_are_read_from_a_reproduce_run_log(tmp_path):
    """bpp.reproduce.script.step_results: the steps a figure needs, from a run's checked log when it ran them."""
    from bpp.reproduce.registry import Step
    from bpp.reproduce.script import step_results

    step = Step("table2", "bpp.reproduce.loki:table2")
    run = run_experiment(get_experiment("loki-table2"), "quick", tmp_path)
    assert step_results("loki-table2", [step], from_run=tmp_path) == run.results() == step_results("loki-table2", [step])
    other = Step("x", "bpp.reproduce.loki:table2", {"rng": 3})
    with pytest.raises(ValueError, match="missing: bpp.reproduce.loki:table2"):
        step_results("loki-table2", [other], from_run=tmp_path)
    log = tmp_path / "logs" / "loki-table2.jsonl"
    log.write_bytes(_edit_result(log.read_bytes()))
    with pytest.raises(ValueError, match="does not match its checksum"):
        step_results("loki-table2", [step], from_run=tmp_path)


def test_dbn_brier_rows_pooled_from_sums_equal_the_rows_of_the_decisions_themselves():
    """bpp.reproduce.stud_calibration.brier_rows pools opponents from per-round sums and per-deal Δ sums; the same
    rows computed directly on the concatenated decisions (deals renumbered per opponent, clustered by deal)."""
    import numpy as np

    from bpp.reproduce.stud_calibration import _round_sums, brier_rows
    from bpp.stud.experiments.calibration import decision_records

    recs = [decision_records("bpp-dbn", opp, n_deals=6, rng=seed, shadows=("bpp",)) for opp, seed in (("rules", 1), ("prob", 2))]
    pooled = brier_rows([{"rounds": _round_sums(r, "p_win", "p_win_bpp")} for r in recs])
    cat = {k: np.concatenate([r[k] for r in recs]) for k in ("round", "true_win", "p_win", "p_win_bpp")}
    cat["deal"] = np.concatenate([r["deal"] + i * 6 for i, r in enumerate(recs)])
    assert pooled
    for row in pooled:
        cell = cat["round"] == row["round"] - 1
        y = cat["true_win"][cell]
        a, b = (cat["p_win"][cell] - y) ** 2, (cat["p_win_bpp"][cell] - y) ** 2
        per_deal = np.array([(a - b)[cat["deal"][cell] == d].sum() for d in np.unique(cat["deal"][cell])])
        assert row["n"] == cell.sum()
        assert row["brier_dbn"] == pytest.approx(a.mean(), abs=1e-12)
        assert row["brier_bpp"] == pytest.approx(b.mean(), abs=1e-12)
        assert row["diff"] == pytest.approx((a - b).mean(), abs=1e-12)
        assert row["ci95"] == pytest.approx(1.96 * np.sqrt(per_deal.size * per_deal.var(ddof=1)) / cell.sum(), abs=1e-12)
        assert row["bias_dbn"] == pytest.approx(cat["p_win"][cell].mean() - y.mean(), abs=1e-12)
        assert row["moved"] == pytest.approx(np.abs(cat["p_win"][cell] - cat["p_win_bpp"][cell]).mean(), abs=1e-12)


def test_kendall_training_phase_sums_pool_to_the_records_own_rates():
    """bpp.reproduce.kendall.training's betting sums, pooled over two sessions, give the rates computed on the
    concatenated per-epoch records (what figures/kendall_tables.md reports)."""
    import numpy as np

    from bpp.kendall.training import train
    from bpp.reproduce.kendall import training

    steps = [training("mixed", 1200, s) for s in (1, 2)]
    records = [train("mixed", 1200, rng=s).record for s in (1, 2)]
    for key, hands in (("0-25", slice(0, 25)), ("0-1000", slice(0, 1000))):
        t = {k: sum(r["phases"][key][k] for r in steps) for k in steps[0]["phases"][key]}
        played = np.concatenate([r.played[hands, 0] for r in records])
        others = np.concatenate([r.played[hands, 1:].any(axis=1) for r in records])
        pay = np.concatenate([r.payoffs[hands, 0] for r in records])
        won = np.concatenate([r.won[hands, 0] for r in records])
        answered = played & others
        assert t["n"] == played.size and t["played"] == played.sum() and t["answered"] == answered.sum()
        assert t["pay"] == pay.sum() and t["pay_answered"] == pay[answered].sum() and t["won_answered"] == won[answered].sum()
        assert t["uncontested"] == (~others).sum() and t["pay_alone"] == pay[played & ~others].sum()
    assert steps[0]["values"] == train("mixed", 1200, rng=1).player.values_.tolist()

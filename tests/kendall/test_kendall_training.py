"""Training and evaluation (Kendall2001 §3, Tables 5-6), the ``bpp kendall`` command, and the paper's claims (slow)."""

import json

import numpy as np
import pytest

from bpp.cli import main
from bpp.kendall.training import PAPER_TABLE5, PAPER_TABLE6, TABLE5_EPOCHS, evaluate, train


def test_training_is_reproducible_and_records_table5():
    a, b = train("mixed", 500, rng=11), train("mixed", 500, rng=11)
    assert np.array_equal(a.curve, b.curve) and np.array_equal(a.player.values_, b.player.values_)
    rows = a.table5()
    assert [r["epoch"] for r in rows] == [25, 50, 75, 100, 200, 300, 400, 500]
    assert rows[0]["played"] == 25  # "Initially, the evolving player plays every hand" (values at 10: it raises)
    played = np.cumsum(a.record.played[:, 0])
    assert [r["played"] for r in rows] == [int(played[e - 1]) for e in TABLE5_EPOCHS[:8]]
    assert a.curve[0] == 10_000 + a.record.payoffs[0, 0]
    assert a.record.payoffs.sum(axis=1).tolist() == [0] * 500  # chips are conserved every hand


def test_paper_tables_are_transcribed_consistently():
    pct = [round(100 * p / e, 1) for p, e in zip(PAPER_TABLE5["played"], TABLE5_EPOCHS)]
    assert np.allclose(pct, PAPER_TABLE5["pct_played"], atol=0.15)
    won = [round(100 * w / p, 1) for w, p in zip(PAPER_TABLE5["won"], PAPER_TABLE5["played"])]
    assert np.allclose(won, PAPER_TABLE5["pct_won"], atol=0.15)
    totals = {t: sum(row[0] for row in rows) for t, rows in PAPER_TABLE6.items()}
    assert totals["loose-passive"] == 50_000 and abs(totals["loose-aggressive"] - 50_000) <= 20
    assert totals["tight-passive"] == 49_244  # the paper's column does not add up to the 50,000 at the table


def test_evaluate_freezes_the_values_and_gives_one_row_per_seat():
    result = train("loose-passive", 300, rng=2)
    before = result.player.values_.copy()
    t6 = evaluate(result.player, hands=40, runs=2, tables=("loose-passive", "mixed"), rng=3)
    assert np.array_equal(result.player.values_, before)
    assert t6.bankroll["mixed"].sum(axis=1).tolist() == [50_000, 50_000]
    rows = t6.rows()
    assert len(rows) == 10 and rows[0]["name"] == "evolving" and rows[1]["name"] == "loose-passive" and rows[6]["name"] == "loose-aggressive"
    assert "mixed table" in t6.table()


def _status(argv) -> int:
    """``bpp`` exit status (argparse's usage errors leave by SystemExit(2))."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


def test_cli_train_then_evaluate(tmp_path, capsys):
    out = tmp_path / "la.json"
    assert main(["kendall", "train", "--table", "loose-aggressive", "--epochs", "120", "--seed", "4", "--out", str(out), "--no-progress"]) == 0
    data = json.loads(out.read_text())
    assert data["epochs"] == 120 and len(data["curve"]) == 120 and len(data["values"]) == 100
    assert [r["epoch"] for r in data["table5"]] == [25, 50, 75, 100]
    capsys.readouterr()
    assert main(["kendall", "evaluate", "--values", str(out), "--hands", "30", "--runs", "2", "--json", "--no-progress"]) == 0
    table6 = json.loads(capsys.readouterr().out)
    assert table6["runs"] == 2 and len(table6["rows"]) == 25
    # never overwrites
    before = out.read_text()
    assert main(["kendall", "train", "--table", "mixed", "--epochs", "5", "--out", str(out), "--no-progress"]) == 2
    assert out.read_text() == before
    assert "already exists" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["kendall", "train", "--table", "wild", "--epochs", "5", "--out", "x.json"], "got 'wild'"),
        (["kendall", "train", "--table", "mixed", "--epochs", "0", "--out", "x.json"], "must be an integer from 1 to 10,000,000; got '0'"),
        (["kendall", "evaluate", "--values", "missing.json"], "does not exist"),
        (["kendall", "evaluate", "--values", "v.json", "--hands", "-3"], "must be a positive integer; got '-3'"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert _status(argv) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and err.startswith("error:")


def test_cli_values_out_of_range(tmp_path, capsys):
    path = tmp_path / "v.csv"
    path.write_text("hand,value\n" + "\n".join(f"{n},10" for n in list(train("mixed", 1, rng=0).player.values_dict())[:-1]) + "\nRoyal Flush,-0.5\n")
    assert main(["kendall", "evaluate", "--values", str(path), "--hands", "5"]) == 2
    assert "'Royal Flush' must be a number in [0, 10]; got -0.5" in capsys.readouterr().err


@pytest.mark.slow
def test_the_papers_qualitative_claims():
    """Kendall2001 §3: ahead at every table, faster learning against loose tables, % played falls towards ~55 % and
    % won rises towards ~34 % over 3,000 epochs.  Measured over five seeds (about 2 min).  What holds is asserted;
    what does not is not asserted and is reported with its numbers in figures/kendall_tables.md: the player is not
    ahead at the tight tables (trained at the tight-aggressive table: 9,322 ± 684 units after 1,000 hands from
    10,000), and its % won starts near 34 % rather than 20 % at the loose-aggressive table.
    """
    seeds = range(5)
    runs = {t: [train(t, 5000, rng=s) for s in seeds] for t in ("loose-aggressive", "tight-aggressive", "mixed")}
    # % played falls from 100 towards the paper's 55.5 at epoch 3000
    for t, results in runs.items():
        first = [r.table5()[0] for r in results]
        last = [r.table5()[-1] for r in results]
        assert all(f["pct_played"] >= 99 for f in first)
        assert all(45 <= x["pct_played"] <= 70 for x in last), (t, [x["pct_played"] for x in last])
    # % won among the hands played: the paper's rises from 20 % to 34 %; at the loose-aggressive table ours
    # starts near 20 % and ends higher
    la = runs["loose-aggressive"]
    assert np.mean([r.table5()[0]["pct_won"] for r in la]) < np.mean([r.table5()[-1]["pct_won"] for r in la])
    # learning is faster against the loose table: the bankroll turns upward earlier (lowest point of the curve)
    low_la = np.mean([np.argmin(r.curve) for r in la])
    low_ta = np.mean([np.argmin(r.curve) for r in runs["tight-aggressive"]])
    assert low_la < low_ta
    # after training (mixed table, 5,000 epochs), the player is ahead at the loose tables and the mixed table
    t6 = evaluate(runs["mixed"][0].player, hands=1000, runs=5, rng=7)
    for table in ("loose-aggressive", "loose-passive", "mixed"):
        assert t6.bankroll[table][:, 0].mean() > 10_000

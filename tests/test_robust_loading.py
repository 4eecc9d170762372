"""Random bytes and random JSON lines into the log reader and every model loader: they load or raise ValueError.

Nothing a damaged or hand-edited file holds may surface as another exception
(a traceback in the CLI) or as a NaN belief later in play.
"""

from __future__ import annotations

import json
import shutil

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem.match import play_match, read_log

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.sampled_from(
        ["type", "block", "deals", "hands", "chips", "hand", "seats", "payoffs", "cards", "actions", "sha256",
         "bet", "fold", "call", "replay", "deal", "button"]), children, max_size=6),
    max_leaves=12,
)


def _loads_or_value_error(load, *args):
    try:
        load(*args)
    except ValueError:
        pass


@pytest.fixture(scope="module")
def good_log(tmp_path_factory):
    path = tmp_path_factory.mktemp("log") / "m.jsonl"
    play_match(__import__("holdem.games", fromlist=["LimitHoldem"]).LimitHoldem(), ["call", "random"], 6, rng=1,
               block_size=3, log=path)
    return path.read_bytes()


@SETTINGS
@given(lines=st.lists(json_values.map(lambda v: json.dumps(v).encode() + b"\n") | st.binary(max_size=40), max_size=5),
       at=st.integers(0, 20))
def test_the_log_reader_reads_or_refuses_random_lines(tmp_path, good_log, lines, at):
    kept = good_log.splitlines(keepends=True)
    at = min(at, len(kept))
    path = tmp_path / "r.jsonl"
    path.write_bytes(b"".join(kept[:at] + lines + kept[at:]))
    _loads_or_value_error(read_log, path)


@SETTINGS
@given(data=st.binary(max_size=200))
def test_the_log_reader_reads_or_refuses_random_bytes(tmp_path, data):
    path = tmp_path / "b.jsonl"
    path.write_bytes(data)
    _loads_or_value_error(read_log, path)


@SETTINGS
@given(data=st.binary(max_size=300), keep=st.integers(0, 4000))
def test_the_stud_tables_load_or_refuse_random_and_truncated_files(tmp_path, data, keep):
    from bpp.stud.model.networks import MODELS_DIR, load_cpts

    shipped = (MODELS_DIR / "stud_cpts.npz").read_bytes()
    (tmp_path / "stud_cpts.npz").write_bytes(shipped[:keep] + data)
    _loads_or_value_error(load_cpts, tmp_path)


@pytest.mark.parametrize("junk, position", [("abc", 0), ("nan", 40), ("0.9", 200)])
def test_a_bif_with_a_damaged_probability_is_refused(tmp_path, junk, position):
    import re

    from bpp.stud.model.networks import MODELS_DIR, load_networks

    for f in MODELS_DIR.glob("stud_round*.bif"):
        shutil.copy(f, tmp_path / f.name)
    text = (tmp_path / "stud_round0.bif").read_text()
    m = list(re.finditer(r"(?<=[ ,(])\d\.\d+(?:e-?\d+)?", text))[position]
    (tmp_path / "stud_round0.bif").write_text(text[: m.start()] + junk + text[m.end():])
    with pytest.raises(ValueError, match="stud_round0.bif"):
        load_networks(tmp_path)


@SETTINGS
@given(value=json_values)
def test_curve_parameters_load_or_refuse_random_json(tmp_path, value):
    from bpp.stud.decision.curves import CurveParams

    path = tmp_path / "curves.json"
    path.write_text(json.dumps(value))
    try:
        params = CurveParams.load(path)
    except ValueError:
        return
    assert np.isfinite(np.array([params.bet, params.fold, params.call], dtype=float)).all()


@SETTINGS
@given(lines=st.lists(st.text(max_size=30), max_size=6), rate=st.sampled_from(["nan", "inf", "x", "1.5", ""]))
def test_preflop_tables_load_or_refuse_random_text(tmp_path, lines, rate):
    from bpp.loki.evaluator.preflop import IncomeRates, model_path

    shipped = model_path(2).read_text().splitlines()
    damaged = shipped[:3] + [shipped[3].replace(shipped[3].split(",")[1], rate, 1)] + lines + shipped[4:]
    path = tmp_path / "p.csv"
    path.write_text("\n".join(damaged) + "\n")
    try:
        table = IncomeRates.load(path)
    except ValueError:
        return
    assert np.isfinite(table.rates).all()


@SETTINGS
@given(value=json_values, name=st.sampled_from(["Royal Flush", "High Card", "values", "x"]))
def test_kendall_values_load_or_refuse_random_json(tmp_path, value, name):
    from bpp.kendall.players import VALUE_NAMES, load_values

    values = {n: 10.0 for n in VALUE_NAMES}
    values[name] = value  # one entry damaged (or an unknown name added), or the whole file replaced below
    for i, text in enumerate([json.dumps({"values": values}), json.dumps(value)]):
        path = tmp_path / f"v{i}.json"
        path.write_text(text)
        try:
            loaded = load_values(path)
        except ValueError:
            continue
        assert loaded.shape == (100,) and np.isfinite(loaded).all() and ((loaded >= 0) & (loaded <= 10)).all()


@SETTINGS
@given(lines=st.lists(st.text(max_size=30), max_size=4), value=st.sampled_from(["nan", "inf", "-1", "10.5", "x", "", "3"]))
def test_kendall_values_load_or_refuse_random_csv(tmp_path, lines, value):
    from bpp.kendall.players import VALUE_NAMES, load_values

    rows = ["hand,value"] + [f"{n},10" for n in VALUE_NAMES[:-1]] + [f"{VALUE_NAMES[-1]},{value}"] + lines
    path = tmp_path / "v.csv"
    path.write_text("\n".join(rows) + "\n")
    try:
        loaded = load_values(path)
    except ValueError:
        return
    assert np.isfinite(loaded).all() and ((loaded >= 0) & (loaded <= 10)).all()


@SETTINGS
@given(data=st.binary(max_size=300), keep=st.integers(0, 4000))
def test_the_lbr_preflop_table_loads_or_refuses_random_and_truncated_files(tmp_path, data, keep):
    from bpp.lbr.equity import PREFLOP_FILE, _load

    with PREFLOP_FILE.open("rb") as f:
        head = f.read(keep)
    (tmp_path / "e.npz").write_bytes(head + data)
    _loads_or_value_error(_load, tmp_path / "e.npz")


@pytest.fixture(scope="module")
def lbr_table():
    from bpp.lbr.equity import PREFLOP_FILE

    with np.load(PREFLOP_FILE) as data:
        return data["equity"], str(data["info"])


@pytest.mark.parametrize("damage", ["entry", "conflict", "float", "info", "shape"])
def test_a_damaged_lbr_preflop_table_is_refused_also_from_the_cache(tmp_path, monkeypatch, lbr_table, damage):
    from bpp.lbr import equity
    from holdem.ranges import holding_index

    q, info = lbr_table[0].copy(), lbr_table[1]
    aa, kk = holding_index("As Ah"), holding_index("Kd Kc")
    if damage == "entry":
        q[aa, kk] += 300  # AA's equity against KK edited: E[AA, KK] + E[KK, AA] is no longer 1
    elif damage == "conflict":
        q[aa, holding_index("As Kc")] = 1  # a pair of holdings sharing the ace of spades
    elif damage == "float":
        q = q / 65535.0
    elif damage == "info":
        info = "[1, 2]"
    else:
        q = q[:-1]
    cache = tmp_path / "lbr" / "preflop_equity.npz"
    cache.parent.mkdir()
    np.savez_compressed(cache, equity=q, info=np.array(info))
    with pytest.raises(ValueError, match="preflop_equity.npz"):
        equity._load(cache)
    monkeypatch.setattr(equity, "PREFLOP_FILE", tmp_path / "missing.npz")  # no committed table: the cache is read
    monkeypatch.setenv("BPP_CACHE", str(tmp_path))  # where `bpp build preflop-equity` writes by default
    equity._loaded.cache_clear()
    try:
        with pytest.raises(ValueError, match=str(cache)):
            equity.preflop_equity()
    finally:
        equity._loaded.cache_clear()


# --- the evaluator's cached tables (holdem/tables.py): checked by content digest, rebuilt with one line -------------


@pytest.fixture(scope="module")
def built():
    from holdem.tables import build_tables

    return build_tables()


@pytest.fixture(scope="module")
def built_tables(built):
    from holdem.tables import _named_arrays

    return _named_arrays(built)


def test_the_tables_built_from_first_principles_have_the_recorded_digest(built_tables):
    from holdem.files import content_digest
    from holdem.tables import TABLE_DIGEST

    assert content_digest(built_tables) == TABLE_DIGEST
    assert int(built_tables["flush"][0b1111100000000]) == 7462  # royal flush, the top class


@pytest.fixture
def _load_fresh(built):
    """load_tables() as a new process would run it, with the cache in ``folder`` (builds reuse one built copy)."""
    from holdem import tables

    def load(monkeypatch, folder):
        monkeypatch.setenv("BPP_CACHE", str(folder))
        monkeypatch.setattr(tables, "_TABLES", None)
        monkeypatch.setattr(tables, "build_tables", lambda: tables.Tables(*(
            {k: v.copy() for k, v in a.items()} if isinstance(a, dict) else a.copy() for a in vars(built).values())))
        return tables.load_tables()

    return load


def _damaged(arrays, damage):
    arrays = dict(arrays)
    if damage == "short7":
        arrays["values7"] = arrays["values7"][: len(arrays["values7"]) // 2]
    elif damage == "zero-flush":
        arrays["flush"] = np.zeros_like(arrays["flush"])
    elif damage == "out-of-range":
        arrays["values5"] = arrays["values5"].copy()
        arrays["values5"][100] = 9000
    elif damage == "one-value":
        arrays["values6"] = arrays["values6"].copy()
        arrays["values6"][-1] -= 1
    elif damage == "dtype":
        arrays["flush"] = arrays["flush"].astype(np.int32)
    elif damage == "missing":
        del arrays["pair_bits"]
    return arrays


@pytest.mark.parametrize("damage", ["short7", "zero-flush", "out-of-range", "one-value", "dtype", "missing",
                                    "truncated", "empty", "random"])
def test_a_damaged_cached_table_is_rebuilt_with_one_line(tmp_path, monkeypatch, capsys, built_tables, damage, _load_fresh):
    from holdem.files import content_digest
    from holdem.tables import TABLE_DIGEST, TABLE_VERSION, _named_arrays

    cache = tmp_path / f"eval-tables-v{TABLE_VERSION}.npz"
    if damage in ("truncated", "empty", "random"):
        np.savez(cache, **built_tables)
        whole = cache.read_bytes()
        cache.write_bytes({"truncated": whole[: len(whole) // 3], "empty": b"",
                           "random": np.random.default_rng(0).bytes(5000)}[damage])
    else:
        np.savez(cache, **_damaged(built_tables, damage))
    loaded = _load_fresh(monkeypatch, tmp_path)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("bpp: rebuilding the cached evaluation tables: ") and str(cache) in err
    assert content_digest(_named_arrays(loaded)) == TABLE_DIGEST
    with np.load(cache) as data:  # the cache file is good again
        assert content_digest({k: data[k] for k in data.files}) == TABLE_DIGEST
    assert sorted(p.name for p in tmp_path.iterdir()) == [cache.name]  # no temporary file left
    _load_fresh(monkeypatch, tmp_path)
    assert capsys.readouterr().err == ""  # and the next run reads it quietly


def test_a_folder_in_place_of_the_cache_leaves_no_temporary_file(tmp_path, monkeypatch, capsys, _load_fresh):
    from holdem.tables import TABLE_VERSION

    (tmp_path / f"eval-tables-v{TABLE_VERSION}.npz").mkdir()
    for _ in range(2):
        _load_fresh(monkeypatch, tmp_path)
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "kept in memory only" in err and "Is a directory" in err
    assert [p.name for p in tmp_path.iterdir()] == [f"eval-tables-v{TABLE_VERSION}.npz"]
    assert not any((tmp_path / f"eval-tables-v{TABLE_VERSION}.npz").iterdir())


@SETTINGS
@given(data=st.binary(max_size=300), keep=st.integers(0, 800_000))
def test_the_evaluation_table_cache_loads_the_right_tables_from_any_bytes(tmp_path, monkeypatch, built_tables, data, keep):
    from holdem.files import content_digest
    from holdem.tables import TABLE_DIGEST, TABLE_VERSION, _named_arrays, _read_cache

    good = tmp_path / "good.npz"
    if not good.exists():
        np.savez(good, **built_tables)
    path = tmp_path / f"eval-tables-v{TABLE_VERSION}.npz"
    whole = good.read_bytes()
    path.write_bytes(whole[:keep] + data)
    try:
        tables = _read_cache(path)
    except ValueError as exc:
        assert str(path) in str(exc) and "\n" not in str(exc)
    else:
        assert content_digest(_named_arrays(tables)) == TABLE_DIGEST


# --- the shipped stud P(win) tables (bpp/stud/players/reference.py): refused by name when damaged -------------------


def _stud_table(reference, which):
    path = reference.ROUND1_PATH if which == 1 else reference.ROUND2_PATH
    with np.load(path) as data:
        return {k: data[k] for k in data.files}


def _read_stud_table(monkeypatch, reference, which, path):
    monkeypatch.setattr(reference, f"ROUND{which}_PATH", path)
    monkeypatch.setattr(reference, f"_ROUND{which}", None)
    return (reference._round1_table if which == 1 else reference._round2_table)()


@pytest.mark.parametrize("which", [1, 2])
@pytest.mark.parametrize("damage", ["random", "truncated", "nan-keys", "over-one", "one-count", "short", "missing"])
def test_a_damaged_shipped_stud_table_is_refused_by_name(tmp_path, monkeypatch, which, damage):
    from bpp.stud.players import reference

    arrays = _stud_table(reference, which)
    path = tmp_path / f"win_round{which}.npz"
    if damage == "nan-keys":
        arrays["keys"] = arrays["keys"].astype(float)
        arrays["keys"][3, 0] = np.nan
    elif damage == "over-one":  # counts making P(win) > 1
        arrays["halves"] = arrays["halves"].copy()
        arrays["halves"][5] = arrays["halves"].max() * 2
    elif damage == "one-count":
        arrays["halves"] = arrays["halves"].copy()
        arrays["halves"][7, 9] += 1
    elif damage == "short":
        arrays["halves"] = arrays["halves"][:-1]
    elif damage == "missing":
        del arrays["halves"]
    np.savez_compressed(path, **arrays)
    if damage == "random":
        path.write_bytes(np.random.default_rng(which).bytes(3000))
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:2000])
    before = path.read_bytes()
    with pytest.raises(ValueError, match=f"win_round{which}.npz") as info:
        _read_stud_table(monkeypatch, reference, which, path)
    assert "\n" not in str(info.value) and path.read_bytes() == before


@pytest.mark.parametrize("which", [1, 2])
def test_the_shipped_stud_tables_match_their_digest_and_an_absent_one_means_the_fallback(tmp_path, monkeypatch, which):
    from bpp.stud.players import reference
    from holdem.files import content_digest

    assert content_digest(_stud_table(reference, which)) == getattr(reference, f"ROUND{which}_DIGEST")
    assert _read_stud_table(monkeypatch, reference, which, tmp_path / "absent.npz") is None


@SETTINGS
@given(data=st.binary(max_size=300), keep=st.integers(0, 400_000), which=st.sampled_from([1, 2]))
def test_the_stud_win_tables_load_or_refuse_random_and_truncated_files(tmp_path, monkeypatch, data, keep, which):
    from bpp.stud.players import reference

    shipped = reference.ROUND1_PATH if which == 1 else reference.ROUND2_PATH
    with shipped.open("rb") as f:
        head = f.read(keep)
    path = tmp_path / "w.npz"
    path.write_bytes(head + data)
    try:
        table = _read_stud_table(monkeypatch, reference, which, path)
    except ValueError as exc:
        assert "w.npz" in str(exc)
    else:
        assert ((table[1] >= 0) & (table[1] <= 1)).all()


# --- a wrong-shaped array in an .npz is one ValueError naming the file (not "unexpected ... a bug") ------------------


@pytest.mark.parametrize("array", [np.ones((16, 17)) / 16, np.ones((17, 17, 1)), np.array(["x"]), np.full((17, 17), np.nan)])
def test_a_wrong_shaped_linked_table_is_refused_by_name(tmp_path, array):
    from bpp.stud.model import linked

    np.savez(tmp_path / linked._TABLE_FILE, opp_final_given_bpp_final=array)
    with pytest.raises(ValueError, match=linked._TABLE_FILE):
        linked.load_opp_given_bpp(tmp_path)


@pytest.mark.parametrize("damage", ["shape", "nan", "name", "missing", "truncated"])
def test_a_damaged_network_predictor_file_is_refused_by_name(tmp_path, damage):
    from bpp.loki.modeler.predictors import N_FEATURES, NeuralPredictor

    predictor = NeuralPredictor(3)
    h = predictor.hidden
    arrays = {"seen_": np.zeros(3), "w1_1": np.zeros((N_FEATURES, h)), "b1_1": np.zeros(h), "w2_1": np.zeros((h, 3)),
              "b2_1": np.zeros(3)}
    if damage == "shape":
        arrays["w1_1"] = np.zeros((N_FEATURES + 1, h))
    elif damage == "nan":
        arrays["b2_1"] = np.array([0.0, np.nan, 0.0])
    elif damage == "name":
        arrays["junk"] = np.zeros(2)
    elif damage == "missing":
        del arrays["w2_1"]
    path = tmp_path / "network.npz"
    np.savez(path, **arrays)
    if damage == "truncated":
        path.write_bytes(path.read_bytes()[:100])
    with pytest.raises(ValueError, match="network.npz"):
        predictor.load(path)


def _snapshot(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _damage_npz(path, arrays, damage, key):
    """Write ``arrays`` to ``path`` with one kind of damage to the array ``key``."""
    arrays = dict(arrays)
    a = np.array(arrays[key], dtype=np.float64)
    if damage == "shape":
        arrays[key] = np.zeros(a.shape[:-1] + (a.shape[-1] + 1,))
    elif damage == "nan":
        a.flat[0] = np.nan
        arrays[key] = a
    elif damage == "range":
        a.flat[0] = -1.0 if key != "scores_" else 1.0
        arrays[key] = a
    elif damage == "missing":
        del arrays[key]
    np.savez(path, **arrays)
    if damage == "bytes":
        data = bytearray(path.read_bytes())
        data[len(data) // 3: len(data) // 3 + 40] = b"\xff" * 40
        path.write_bytes(bytes(data))
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:90])


@pytest.mark.parametrize("damage", ["bytes", "truncated", "shape", "nan", "range", "missing", "players"])
def test_a_damaged_loki_opponent_model_file_is_refused_by_name(tmp_path, damage):
    from bpp.loki.agents import PokiAgent

    arrays = {"counts_": np.ones((3, 4, 3, 3)), "n_players": np.array(3)}
    path = tmp_path / "opponent_model.npz"
    if damage == "players":
        arrays["n_players"] = np.array(11)
        np.savez(path, **arrays)
    else:
        _damage_npz(path, arrays, damage, "counts_")
    before = _snapshot(tmp_path)
    with pytest.raises(ValueError, match="opponent_model.npz") as info:
        PokiAgent(rng=0).load(tmp_path)
    assert "\n" not in str(info.value)
    assert _snapshot(tmp_path) == before


def test_a_sound_loki_opponent_model_file_loads(tmp_path):
    from bpp.loki.agents import PokiAgent

    counts = np.arange(3 * 4 * 3 * 3, dtype=float).reshape(3, 4, 3, 3)
    np.savez(tmp_path / "opponent_model.npz", counts_=counts, n_players=np.array(3))
    assert np.array_equal(PokiAgent(rng=0).load(tmp_path).model_.counts_, counts)


@pytest.mark.parametrize("key", ["scores_", "hits_", "n_scored_", "counts_"])
@pytest.mark.parametrize("damage", ["bytes", "truncated", "shape", "nan", "range", "missing"])
def test_a_damaged_loki_meta_predictor_file_is_refused_by_name(tmp_path, damage, key):
    from bpp.loki.modeler.predictors import MetaPredictor

    arrays = {"scores_": -np.ones((3, 3)), "hits_": np.ones((3, 3)), "n_scored_": np.full(3, 5),
              "counts_": np.ones((3, 4, 3, 3))}
    path = tmp_path / "meta.npz"
    _damage_npz(path, arrays, damage, key)
    before = _snapshot(tmp_path)
    with pytest.raises(ValueError, match="meta.npz") as info:
        MetaPredictor(3).load(tmp_path)
    assert "\n" not in str(info.value)
    assert _snapshot(tmp_path) == before


def test_negative_integer_records_scored_and_more_hits_than_records_are_refused(tmp_path):
    from bpp.loki.modeler.predictors import MetaPredictor

    np.savez(tmp_path / "meta.npz", scores_=-np.ones((3, 3)), hits_=np.full((3, 3), 6.0), n_scored_=np.full(3, 5),
             counts_=np.ones((3, 4, 3, 3)))
    with pytest.raises(ValueError, match="meta.npz.*hits_"):
        MetaPredictor(3).load(tmp_path)
    np.savez(tmp_path / "meta.npz", scores_=-np.ones((3, 3)), hits_=np.zeros((3, 3)), n_scored_=np.array([5, -1, 5]),
             counts_=np.ones((3, 4, 3, 3)))
    with pytest.raises(ValueError, match="meta.npz.*n_scored_"):
        MetaPredictor(3).load(tmp_path)


@pytest.mark.parametrize("damage", ["bytes", "truncated", "shape", "nan", "range", "missing", "showdowns"])
def test_a_damaged_bpp_action_model_file_is_refused_by_name(tmp_path, damage):
    from bpp.stud.players.paper import BPPPlayer

    player = BPPPlayer(rng=0)
    arrays = {f"round{r}": np.ones(np.shape(c)) for r, c in enumerate(player.model_.counts_)}
    arrays["n_showdowns"] = np.array(-3 if damage == "showdowns" else 4)
    path = tmp_path / "action_model.npz"
    if damage == "showdowns":
        np.savez(path, **arrays)
    else:
        _damage_npz(path, arrays, damage, "round1")
    before = _snapshot(tmp_path)
    with pytest.raises(ValueError, match="action_model.npz") as info:
        player.load(tmp_path)
    assert "\n" not in str(info.value)
    assert _snapshot(tmp_path) == before


@pytest.mark.parametrize("bad, reason", [
    ('{"seed": 11', "Expecting"),
    ("garbage", "Expecting value"),
    ('{"mean": NaN}', "NaN is not a number"),
    ("[1, 2]", "a list"),
    ("[" * 200_000 + "]" * 200_000, "nested too deep"),
])
def test_a_damaged_figure_runs_line_is_refused_with_file_and_line(tmp_path, bad, reason):
    from holdem.files import read_jsonl

    path = tmp_path / "x_runs.jsonl"
    path.write_text('{"seed": 11}\n\n' + bad + '\n{"seed": 13}\n')
    before = _snapshot(tmp_path)
    with pytest.raises(ValueError, match=r"x_runs\.jsonl' line 3: not a JSON object") as info:
        read_jsonl(path)
    assert reason in str(info.value) and "\n" not in str(info.value)
    assert _snapshot(tmp_path) == before


def test_figure_runs_files_read_back_and_binary_ones_are_refused(tmp_path):
    from holdem.files import read_jsonl

    path = tmp_path / "x_runs.jsonl"
    assert read_jsonl(path) == []
    path.write_text('{"seed": 11}\n{"seed": 13, "mean": -0.5}\n')
    assert read_jsonl(path) == [{"seed": 11}, {"seed": 13, "mean": -0.5}]
    path.write_bytes(b"\xff\xfe\x00binary")
    with pytest.raises(ValueError, match="x_runs.jsonl' cannot be read as a runs file"):
        read_jsonl(path)


def test_a_figure_script_given_a_damaged_runs_file_prints_one_line(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    runs = tmp_path / "loki_figure1_runs.jsonl"
    runs.write_text('{"seed": 11, "deals": 4000\n')
    before = _snapshot(tmp_path)
    done = subprocess.run([sys.executable, str(root / "figures" / "loki_figure1.py"), "--plot-only", "--runs", str(runs),
                           "--out", str(tmp_path / "f.png")], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(root)}, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith("error: ") and "loki_figure1_runs.jsonl' line 1" in done.stderr
    assert _snapshot(tmp_path) == before


def test_a_binary_acpc_gamedef_file_is_refused_by_name(tmp_path):
    from bpp.acpc.gamedef import read_gamedef

    path = tmp_path / "holdem.game"
    path.write_bytes(b"\xff\xfe\x00GAMEDEF")
    with pytest.raises(ValueError, match="cannot read the gamedef .*holdem.game'") as info:
        read_gamedef(path)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("search, reason", [
    ("{not json", "is not a readable JSON file"),
    ('{"history": [{"generation": 0}]}', "lacks 'mean_score'"),
    ("[1, 2]", "is not a curve-search record"),
])
def test_the_shaped_curves_figure_refuses_a_damaged_search_record(tmp_path, search, reason):
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    params = tmp_path / "c.json"
    shutil.copy(root / "bpp" / "models" / "stud" / "curves_paper_shape.json", params)
    (tmp_path / "c_search.json").write_text(search)
    before = _snapshot(tmp_path)
    done = subprocess.run([sys.executable, str(root / "figures" / "stud_shape.py"), "--params", str(params),
                           "--out", str(tmp_path / "s.md")], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(root)}, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith("error: ") and reason in done.stderr
    assert _snapshot(tmp_path) == before

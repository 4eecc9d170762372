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

"""``benchmarks/bench_targets.py`` at a tiny size: it runs, and prints every speed target with its threshold.

No timing is asserted (the figures at this size mean nothing); the thresholds are checked against the targets
as the speed issue states them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TINY = ["--quick", "--hands", "2000", "--block-size", "1000", "--agent-hands", "4", "--lbr-deals", "2",
        "--memory-hands", "1000"]

#: Every target of the speed issue: (words the row's label starts with, threshold).
TARGETS = [("heads-up limit hold'em, call vs call", 1_000_000), ("  the same, ours / OpenSpiel", 50),
           ("five-card stud, rules vs rules", 300_000), ("five-card stud, bpp", 100_000),
           ("heads-up no-limit hold'em, random-sizes vs call", 200_000), ("peak memory", 1_000),
           ("loki vs call", 2_000), ("ten-seat table of poki", 100), ("LBR fc against poki", 10)]
TARGETS += [(f"{n} vs call", 1_000) for n in ("loki-reweight", "loki-b", "loki-c", "loki-d", "loki-e", "poki", "poki-nn",
                                              "poki-meta", "maniac", "calling-station", "rock", "tag")]
TARGETS += [(f"{n} vs call", 200) for n in ("poki-sim", "poki-sim-meta", "poki-sim-nn")]
TARGETS += [(f"{n} vs call", 3_000) for n in ("prob", "rules-reader", "bpp-card", "bpp-bluff")]


def run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_targets.py"), *TINY, *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def tiny_json(tmp_path_factory):
    md = tmp_path_factory.mktemp("targets") / "targets.md"
    out = run("--json", "--markdown", str(md))
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout), md


def test_every_target_is_a_row_with_its_threshold(tiny_json):
    data, _ = tiny_json
    rows = data["rows"]
    for label, threshold in TARGETS:
        match = [r for r in rows if r["target"].startswith(label)]
        assert len(match) == 1, label
        assert match[0]["threshold"] == threshold, label
    for r in rows:
        if r["target"] != "  the same, ours / OpenSpiel" or r["ours"] is not None:
            assert r["ours"] > 0 and r["met"] in (True, False)
        assert r["anchor"] is None or r["anchor"] > 0
    assert {"date", "load_average", "cpu", "commit", "command"} <= set(data["machine"])


def test_markdown_is_appended_never_overwritten(tiny_json):
    _, md = tiny_json
    first = md.read_text()
    assert first.startswith("## Speed targets") and first.count("| target | ours |") == 1
    assert "--json" in first and "CPU " in first
    out = run("--markdown", str(md))
    assert out.returncode == 0, out.stderr
    second = md.read_text()
    assert second.startswith(first) and second.count("| target | ours |") == 2 and second.count("## Speed targets") == 1
    assert "met?" in out.stdout and "LBR fc against poki" in out.stdout


def test_bad_size_is_one_line_and_status_2():
    out = run("--lbr-deals", "1")
    assert out.returncode == 2 and "--lbr-deals: must be at least 2, got 1" in out.stderr
    assert "Traceback" not in out.stderr

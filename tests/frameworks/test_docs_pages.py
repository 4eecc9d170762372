"""The code of the frameworks guide and the training tutorial runs as written (the tutorial at a small size)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

DOCS = Path(__file__).resolve().parents[2] / "docs" / "guide"


def _python_blocks(page: Path) -> str:
    return "\n".join(re.findall(r"```python\n(.*?)```", page.read_text(), flags=re.S))


def test_frameworks_guide_code_runs(capsys):
    exec(compile(_python_blocks(DOCS / "frameworks.md"), "frameworks.md", "exec"), {"__name__": "frameworks_md"})
    out = capsys.readouterr().out
    assert "nolimit-holdem: 20 hands" in out and "player_0" in out


def test_training_tutorial_runs_small(monkeypatch, capsys):
    monkeypatch.setenv("BPP_TRAIN_HANDS", "300")
    monkeypatch.setenv("BPP_EVAL_DEALS", "20")
    monkeypatch.setenv("BPP_LBR_DEALS", "3")
    exec(compile(_python_blocks(DOCS / "train-an-agent.md"), "train-an-agent.md", "exec"), {"__name__": "train_md"})
    out = capsys.readouterr().out
    assert "trained on 300 hands" in out and "LBR fcpa 1-4 vs q-stud" in out

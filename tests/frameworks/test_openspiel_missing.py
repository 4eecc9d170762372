"""Without OpenSpiel, bpp works and an OpenSpiel agent name is refused in one line (exit 2)."""

from __future__ import annotations

import sys

from bpp.cli import main


def test_missing_openspiel_is_one_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now raises ImportError
    assert main(["lbr", "--opponent", "openspiel:mybots_absent:make_policy", "--hands", "2", "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "OpenSpiel is not installed: pip install 'bpp[openspiel]'" in err

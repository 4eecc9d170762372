"""The type checker is part of the suite: ``mypy`` with pyproject.toml's ``[tool.mypy]`` (holdem under every
``--strict`` flag, bpp under mypy's defaults; no module is exempt)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytest.importorskip("mypy", reason="the test extra's mypy runs the type checker")


def test_mypy_passes_on_holdem_and_bpp():
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT, capture_output=True,
                          text=True)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert done.returncode == 0 and not errors, "\n".join(errors[:50]) or done.stderr[-2000:]


def test_both_packages_say_they_are_typed():
    assert (ROOT / "holdem" / "py.typed").exists() and (ROOT / "bpp" / "py.typed").exists()


def test_no_module_is_exempt_from_the_type_checker():
    """No mypy override switches errors off: every module of holdem and bpp is checked (a new one is written clean)."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    exempt = sorted(m for o in config.get("overrides", []) if o.get("ignore_errors") for m in o["module"])
    assert exempt == [], f"modules exempt from mypy: {exempt}"

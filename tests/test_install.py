"""bpp installed like any package: an sdist, the wheel built from it, and ``bpp demo`` run from that wheel.

The wheel is installed with ``pip install --no-deps --target`` into a temporary
folder and run by a fresh interpreter that sees only that folder and the
environment's dependencies (``python -S``: no site processing, so the checkout's
editable install is not importable; ``-P``: the working directory is not on the
path either), from a working directory outside the checkout and with an empty
cache.  It must print the checkout's numbers for the same seed and build nothing
the package ships (the networks and tables of :mod:`bpp.models`): the only file
the cache may gain is the evaluator's rank tables, which are built on first use
by design (:func:`holdem.tables.load_tables`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: A short demo: the same for both runs, so the numbers can be compared.
DEMO = ["demo", "--deals", "20", "--seed", "2026"]

# the build backend the project declares (pyproject's build-system), installed by the test extra
pytest.importorskip("setuptools", minversion="77", reason="the test extra's setuptools>=77 builds the wheel offline")
pytest.importorskip("build", reason="the test extra's `build` makes the sdist and wheel offline")

#: Runs inside the installed copy: checks where bpp comes from, runs the console script the wheel declares,
#: then checks that no module of bpp or holdem was imported from anywhere else.
_RUNNER = """
import sys
from importlib.metadata import distribution
site = sys.argv[1]
import bpp
dist = distribution("bpp-poker")
assert dist.version == bpp.__version__, (dist.version, bpp.__version__)
(script,) = [ep for ep in dist.entry_points if ep.group == "console_scripts" and ep.name == "bpp"]
code = script.load()(sys.argv[2:])
stray = sorted(name for name, module in sys.modules.items() if name.split(".")[0] in ("bpp", "holdem")
               and getattr(module, "__file__", None) and not module.__file__.startswith(site))
if stray:
    print("imported from outside the installed wheel:", stray, file=sys.stderr)
    code = 3
sys.exit(code)
"""


def _copy_source(dest: Path) -> None:
    """What the sdist is built from: the project file, the README it names, the two import packages."""
    dest.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    for package in ("bpp", "holdem"):
        shutil.copytree(ROOT / package, dest / package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def _run(argv, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(argv, capture_output=True, text=True, **kwargs)
    assert done.returncode == 0, f"{' '.join(map(str, argv))} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    return done


def test_the_wheel_built_from_the_sdist_runs_the_demo_as_the_checkout_does(tmp_path, monkeypatch):
    from bpp.cli import main
    from bpp.models import shipped_path
    from holdem.tables import TABLE_VERSION

    _copy_source(tmp_path / "src")
    dist = tmp_path / "dist"
    # sdist, then the wheel from the unpacked sdist (build's default), both with the environment's setuptools
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(tmp_path / "src")])
    (wheel,) = dist.glob("bpp_poker-*.whl")
    site = tmp_path / "site"
    _run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", "--target", str(site), str(wheel)])
    shipped = sorted(p.relative_to(shipped_path()).as_posix() for p in shipped_path().rglob("*") if p.is_file()
                     and "__pycache__" not in p.parts)
    installed = sorted(p.relative_to(site / "bpp" / "models").as_posix() for p in (site / "bpp" / "models").rglob("*")
                       if p.is_file() and "__pycache__" not in p.parts)
    assert installed == shipped
    assert (site / "bpp" / "py.typed").exists() and (site / "holdem" / "py.typed").exists()

    # the checkout's numbers (this process imports bpp from the checkout)
    monkeypatch.chdir(tmp_path)
    assert main([*DEMO, "--out", str(tmp_path / "checkout")]) == 0
    expected = json.loads((tmp_path / "checkout" / "results.json").read_text())
    expected_seconds = expected.pop("seconds")  # wall-clock times differ run to run; every result must not

    # the wheel's, in a fresh interpreter that cannot see the checkout
    work, cache = tmp_path / "elsewhere", tmp_path / "cache"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "BPP_"))}
    deps = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    env |= {"PYTHONPATH": os.pathsep.join([str(site), *deps]), "BPP_CACHE": str(cache),
            "XDG_CACHE_HOME": str(tmp_path / "xdg"), "MPLBACKEND": "Agg"}
    _run([sys.executable, "-S", "-P", "-c", _RUNNER, str(site), *DEMO, "--out", str(work / "out")], cwd=work, env=env)
    got = json.loads((work / "out" / "results.json").read_text())
    assert got.pop("seconds").keys() == expected_seconds.keys()
    assert got == expected
    built = sorted(p.relative_to(cache).as_posix() for p in cache.rglob("*") if p.is_file())
    assert built == [f"eval-tables-v{TABLE_VERSION}.npz"]
    assert not (tmp_path / "xdg" / "bpp").exists()  # (matplotlib keeps its font cache there)

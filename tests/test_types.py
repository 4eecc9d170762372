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


def _unannotated_public_functions(package: str) -> list[str]:
    """``path:line name`` of every public function or method of a public module of ``package`` (a public class's
    methods included, ``__init__`` too) with a parameter (self/cls aside) or, ``__init__`` aside, a return that has
    no annotation."""
    import ast

    missing = []
    for path in sorted((ROOT / package).rglob("*.py")):
        rel = path.relative_to(ROOT)
        if any(part.startswith("_") and part != "__init__.py" for part in rel.parts[1:]):
            continue

        def visit(node: ast.AST, owner: str | None = None) -> None:
            for n in ast.iter_child_nodes(node):
                if isinstance(n, ast.ClassDef) and not n.name.startswith("_"):
                    visit(n, n.name)
                elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                        not n.name.startswith("_") or n.name == "__init__"):
                    a = n.args
                    params = a.posonlyargs + a.args + a.kwonlyargs + [x for x in (a.vararg, a.kwarg) if x]
                    if owner and params and params[0].arg in ("self", "cls"):
                        params = params[1:]
                    if any(p.annotation is None for p in params) or (n.returns is None and n.name != "__init__"):
                        missing.append(f"{rel}:{n.lineno} {owner + '.' if owner else ''}{n.name}")

        visit(ast.parse(path.read_text()))
    return missing


@pytest.mark.parametrize("package", ["holdem", "bpp"])
def test_public_signatures_are_fully_annotated(package):
    """Every parameter and return of the public API is annotated (bpp is checked by mypy's defaults, which do not
    require it, so this keeps the signatures typed)."""
    missing = _unannotated_public_functions(package)
    assert missing == [], f"{len(missing)} public functions not fully annotated:\n" + "\n".join(missing[:40])

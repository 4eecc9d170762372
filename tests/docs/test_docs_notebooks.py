"""The tutorials are notebooks saved with their outputs; each executes from a clean kernel without an error."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

NOTEBOOKS = sorted((DOCS / "tutorials").glob("*.ipynb"))
#: What a tutorial must print when it runs: the papers' numbers it reproduces exactly.
PRINTS = {
    "kendall": ["('call', 7.53, 0)", "('raise', 12.56, 11)", "('raise', 15.89, 16)"],  # Kendall2001 §3's worked examples
}


def test_there_is_a_tutorial_per_program():
    assert {p.stem for p in NOTEBOOKS} >= {"bpp", "loki", "kendall", "lbr"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_tutorial_is_saved_with_its_outputs_and_runs(path: Path, tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    stored = [bool(c.outputs) for c in code]
    assert any(o.get("output_type") == "display_data" and "image/png" in o.get("data", {})
               for c in code for o in c.outputs), "the tutorial is saved with at least one figure"
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    for i, cell in enumerate(code):  # the site shows the stored outputs: every cell that prints is saved with them
        assert stored[i] or not cell.outputs, f"code cell {i} prints but is saved without its outputs"
    assert not [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.get("output_type") == "error"]
    printed = "".join(o.get("text", "") for c in code for o in c.outputs)
    assert [s for s in PRINTS.get(path.stem, []) if s not in printed] == []

"""The one table of Figure 1's variants (bpp.stud.players.variants): every entry is drawn by the figure and placed by the explorer."""

import runpy
from pathlib import Path

import matplotlib
import pytest

from bpp.stud.model.drawing import FIGURE1_LAYOUT, draw_network
from bpp.stud.model.figure1 import EDGES, NODES
from bpp.stud.players.variants import FIGURE1_PIXELS, VARIANTS, variant_of_agent

matplotlib.use("Agg")
FIGURES = Path(__file__).resolve().parents[2] / "figures"


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_variant_is_drawn_with_its_new_nodes_and_arcs_in_red(name):
    v = VARIANTS[name]
    nets = v.networks()
    assert len(nets) == 4 and all(m.check_model() for m in nets)
    nodes = set(nets[0].nodes())
    assert nodes <= set(FIGURE1_LAYOUT) | set(v.layout) and nodes <= set(FIGURE1_PIXELS) | set(v.pixels)
    artists = draw_network(networks=nets, layout=v.layout, observed=v.observed)
    new_edges = [e for e in nets[0].edges() if e not in EDGES]
    red = [p for p in artists["edges"] if p.get_edgecolor()[:3] == pytest.approx(matplotlib.colors.to_rgb("#c0392b"))]
    assert len(red) == len(new_edges)
    if name == "paper":
        assert not new_edges and nodes == set(NODES) and not red
    assert variant_of_agent(v.agent) is v


def test_layout_must_place_new_nodes():
    with pytest.raises(ValueError, match=r"missing \['OPP_Bluff'\]"):
        draw_network(networks=VARIANTS["bluff"].networks())


def test_figure_script_draws_a_variant(tmp_path):
    script = runpy.run_path(str(FIGURES / "stud_network.py"), run_name="figure")
    assert script["main"](["--variant", "bluff", "--out", str(tmp_path / "b.png")]) == 0
    assert (tmp_path / "b.png").stat().st_size > 10_000

"""bpp.stud_variants is the one place the registry, ``bpp build``, the models folders and the pgmpy builder read the variants from."""

import ast
import json
from pathlib import Path

import numpy as np
import pytest

from bpp.commands.build import TARGETS
from bpp.registry import AGENTS
from bpp.stud.players.variants import VARIANTS
from bpp.stud_variants import STUD_VARIANTS

MODEL = Path(__file__).resolve().parents[2] / "bpp" / "stud" / "model"


def test_every_reader_sees_every_variant():
    assert list(VARIANTS) == list(STUD_VARIANTS)
    for name, spec in STUD_VARIANTS.items():
        assert AGENTS[spec.agent].factory == spec.player
        assert VARIANTS[name].agent == spec.agent and VARIANTS[name].title == spec.title
        if spec.target is not None:
            assert TARGETS[spec.target] == (spec.builder, spec.target_help)


def test_no_model_module_names_a_models_folder():
    """The table names every shipped folder: no module under bpp/stud/model calls shipped_path or joins a folder name."""
    for path in sorted(MODEL.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "shipped_path":
                pytest.fail(f"{path.name}:{node.lineno} calls shipped_path; read the folder from bpp.stud_variants")
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and getattr(node.left, "id", "").endswith("_DIR") \
                    and isinstance(node.right, ast.Constant) and node.right.value in {s.models.split("/")[-1] for s in STUD_VARIANTS.values() if s.models}:
                pytest.fail(f"{path.name}:{node.lineno} names a variant's folder; read it from bpp.stud_variants")


def _shipped_tables(name):
    """The tables the shipped networks were built from, and the build's save function."""
    from bpp.stud.model import dbn, linked
    from bpp.stud.model.networks import load_cpts, save_networks, build_network, save_variant

    if name == "paper":
        return lambda out: save_networks([build_network(c) for c in load_cpts()], out)
    if name == "linked":
        return lambda out: linked.save_linked(linked.load_opp_given_bpp(), load_cpts(), out)
    if name == "dbn":
        return lambda out: dbn.save_dbn(dbn.load_dbn_cpts(), out)
    return lambda out: save_variant(name, out_dir=out)


@pytest.mark.parametrize("name", [n for n, s in STUD_VARIANTS.items() if s.models is not None])
def test_the_one_builder_writes_the_shipped_networks_byte_for_byte(name, tmp_path):
    """Every variant's pgmpy network is built from its factor function; from the shipped tables it writes the shipped files."""
    spec = STUD_VARIANTS[name]
    written = _shipped_tables(name)(tmp_path)
    networks = [p for p in written if p.suffix in (".bif", ".xmlbif")]
    assert networks and all(p.name.startswith(spec.stem) for p in networks)
    assert {p.name for p in networks} == {p.name for p in spec.models_path.iterdir() if p.suffix in (".bif", ".xmlbif")}
    for p in networks:
        assert p.read_bytes() == (spec.models_path / p.name).read_bytes(), p.name


@pytest.mark.parametrize("target", ["stud-actions", "stud-bluff", "stud-showing"])
def test_bpp_build_writes_the_shipped_files_again(target, tmp_path):
    from bpp.cli import main

    spec = next(s for s in STUD_VARIANTS.values() if s.target == target)
    assert main(["build", target, "--out", str(tmp_path)]) == 0
    for p in spec.models_path.iterdir():
        assert (tmp_path / p.name).read_bytes() == p.read_bytes(), p.name
    if target == "stud-bluff":
        from bpp.stud.model.bluff import PRIOR_BLUFF

        assert json.loads((tmp_path / "build_info.json").read_text())["prior_bluff"] == PRIOR_BLUFF


def _cpds(model) -> dict:
    return {c.variable: (c.variables, {k: [str(s) for s in v] for k, v in c.state_names.items()}, c.get_values())
            for c in model.get_cpds()}


@pytest.mark.parametrize("name, file_format", [(n, "bif") for n, s in STUD_VARIANTS.items() if s.stem is not None and s.drawing == "rounds"]
                         + [("bluff", "xmlbif")])
def test_saved_networks_are_what_a_new_player_plays_from(name, file_format):
    """The shipped files read back (checked) hold, CPD by CPD, the networks of a new player (its priors)."""
    from bpp.stud.model.linked import load_opp_given_bpp
    from bpp.stud.model.networks import load_variant

    tables = {"opp_given_bpp": load_opp_given_bpp()} if name == "linked" else {}
    saved = load_variant(name, file_format=file_format, **tables)
    fresh = VARIANTS[name].networks()
    for r, (a, b) in enumerate(zip(saved, fresh)):
        assert set(a.edges()) == set(b.edges())
        ca, cb = _cpds(a), _cpds(b)
        assert sorted(ca) == sorted(cb)
        for node in ca:
            assert ca[node][:2] == cb[node][:2], (r, node)
            np.testing.assert_allclose(ca[node][2], cb[node][2], atol=1e-12, err_msg=f"round {r} {node}")


def test_the_loader_refuses_missing_damaged_and_wrong_files(tmp_path):
    """One loader reads every variant (:func:`load_variant`); shown on bpp-actions' files (pgmpy's parser is slow)."""
    import shutil

    from pgmpy.readwrite import BIFWriter

    from bpp.stud.model.networks import build_network, load_cpts, load_variant

    name = "actions"
    spec = STUD_VARIANTS[name]
    with pytest.raises(FileNotFoundError, match=f"bpp build {spec.target}"):
        load_variant(name, tmp_path)
    for f in spec.models_path.glob(f"{spec.stem}_round*.bif"):
        shutil.copy(f, tmp_path / f.name)
    assert len(load_variant(name, tmp_path)) == 4
    path = tmp_path / f"{spec.stem}_round1.bif"
    good = path.read_text()
    path.write_text(good[: len(good) // 2])
    with pytest.raises(ValueError, match=f"{spec.stem}_round1.bif.* not "):  # unparseable or parsed short
        load_variant(name, tmp_path)
    path.write_text(good.replace("0.5", "0.7", 1))  # a column that no longer sums to 1
    with pytest.raises(ValueError, match=f"{spec.stem}_round1.bif"):
        load_variant(name, tmp_path)
    BIFWriter(build_network(load_cpts()[1])).write(str(path))  # Figure 1's network is not the variant's
    with pytest.raises(ValueError, match=f"{spec.stem}_round1.bif.*is not the {name} network of round 1"):
        load_variant(name, tmp_path)
    BIFWriter(build_network(load_cpts()[2], name)).write(str(path))  # another round's
    with pytest.raises(ValueError, match=f"{spec.stem}_round1.bif.*is not the {name} network of round 1"):
        load_variant(name, tmp_path)
    with pytest.raises(ValueError, match="'file_format' parameter of load_variant"):
        load_variant(name, file_format="json")

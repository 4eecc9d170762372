"""bpp.stud_variants is the one place the registry, ``bpp build``, the figure and the explorer read the variants from."""

import importlib

from bpp.commands.build import TARGETS
from bpp.registry import AGENTS
from bpp.stud.players.variants import VARIANTS
from bpp.stud_variants import STUD_VARIANTS
from bpp.models import shipped_path


def test_every_reader_sees_every_variant():
    assert list(VARIANTS) == list(STUD_VARIANTS)
    for name, spec in STUD_VARIANTS.items():
        assert AGENTS[spec.agent].factory == spec.player
        assert VARIANTS[name].agent == spec.agent and VARIANTS[name].title == spec.title
        if spec.target is not None:
            assert TARGETS[spec.target] == (spec.builder, spec.target_help)


def test_the_builders_write_the_declared_models_folder():
    dirs = {"stud-nets": ("bpp.stud.model.networks", "MODELS_DIR"), "stud-linked": ("bpp.stud.model.linked", "LINKED_DIR"),
            "stud-actions": ("bpp.stud.model.actions", "ACTIONS_DIR"), "stud-bluff": ("bpp.stud.model.bluff", "BLUFF_DIR"),
            "stud-dbn": ("bpp.stud.model.dbn", "DBN_DIR"), "stud-showing": ("bpp.stud.model.showing", "SHOWING_DIR")}
    targets = {s.target: s for s in STUD_VARIANTS.values() if s.target is not None}
    assert set(targets) == set(dirs)
    for target, (module, attribute) in dirs.items():
        assert getattr(importlib.import_module(module), attribute) == shipped_path(*targets[target].models.split("/"))

"""Figure 1's pgmpy networks and their files (Korb1999 §3): build, save as BIF/XMLBIF, read back and check.

Every saved BPP network, Figure 1's and the §6 variants', is written and read
through here (:func:`write_round_networks`, :func:`read_network`); Figure 1's
CPTs are also kept as ``stud_cpts.npz`` (:func:`load_cpts`, no pgmpy, for
play).  The tables are :class:`bpp.stud.model.figure1.StudCPTs`.

Examples
--------
>>> net = build_network(load_cpts()[1])
>>> net.check_model(), sorted(net.get_parents("BPP_Win"))
(True, ['BPP_Final', 'OPP_Final'])
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from bpp.stud.model import handtypes as ht
from bpp.stud.model.figure1 import (
    ACTIONS,
    N_ROUNDS,
    WIN_STATES,
    StudCPTs,
    _freeze,
    current_type_names,
    upcard_type_names,
)
from bpp.stud.model.estimate import estimate_all_cpts
from bpp.stud_variants import STUD_VARIANTS

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from pgmpy.models import DiscreteBayesianNetwork

    from bpp.stud_variants import VariantSpec
    from holdem._typing import RngLike

__all__ = [
    "MODELS_DIR",
    "variant_factors",
    "build_network",
    "build_networks",
    "save_variant",
    "load_variant",
    "network_cpts",
    "save_networks",
    "load_networks",
    "load_cpts",
    "validate_cpts",
]

#: Where ``bpp build stud-nets`` writes the networks (the ``models`` of :data:`bpp.stud_variants.STUD_VARIANTS`).
MODELS_DIR = STUD_VARIANTS["paper"].models_path


def _quiet_pgmpy():
    from pgmpy import config

    config.set_show_progress(False)


def variant_factors(variant: str = "paper") -> Callable[..., tuple[dict, dict]]:
    """The factor function of a variant of :data:`bpp.stud_variants.STUD_VARIANTS` (its spec's ``factors``).

    >>> variant_factors("actions").__name__
    'actions_factors'
    >>> variant_factors("bpp-actions")
    Traceback (most recent call last):
    ...
    ValueError: The 'variant' parameter of variant_factors must be one of ['paper', 'up', 'linked', 'actions', 'bluff', 'dbn', 'showing']; got 'bpp-actions'.
    """
    import importlib

    from bpp.stud_variants import STUD_VARIANTS

    spec = STUD_VARIANTS.get(variant) if isinstance(variant, str) else None
    if spec is None or spec.factors is None:
        raise ValueError(f"The 'variant' parameter of variant_factors must be one of {list(STUD_VARIANTS)}; got {variant!r}.")
    module, function = spec.factors.split(":")
    return getattr(importlib.import_module(module), function)


def build_network(cpts: object, variant: str = "paper", **tables: Any) -> DiscreteBayesianNetwork:
    """The pgmpy ``DiscreteBayesianNetwork`` of any BPP variant, built from the variant's factor function.

    The one pgmpy builder: every saved network (``bpp build``), every drawn one
    and every one the tests check against ``VariableElimination`` is
    :func:`bpp.stud.model.compiled.network_of` of the tables that play
    compiles (:func:`variant_factors`), so the files and the player cannot
    differ.

    Parameters
    ----------
    cpts : StudCPTs or DBNCPTs
        The tables the factor function reads: one round's
        (:class:`~bpp.stud.model.figure1.StudCPTs`), or the DBN's
        (:class:`~bpp.stud.model.dbn.DBNCPTs`).  Typed ``object``: it goes to the factor function unread, and
        naming DBNCPTs here would make this module and :mod:`bpp.stud.model.dbn` import each other.
    variant : str
        A key of :data:`bpp.stud_variants.STUD_VARIANTS` (default Figure 1's ``"paper"``).
    **tables
        The factor function's own tables (``opp_given_bpp`` of ``"linked"``, the learned ones).

    Returns
    -------
    pgmpy.models.DiscreteBayesianNetwork
        Named states; ``check_model()`` passes.

    Examples
    --------
    >>> net = build_network(load_cpts()[1])
    >>> net.check_model(), sorted(net.get_children("OPP_Current"))
    (True, ['OPP_Action', 'OPP_Upcards'])
    >>> build_network(load_cpts()[1], "actions").get_cpds("OPP_Action").state_names["OPP_Action"]
    ['pass', 'call', 'bet', 'raise']
    """
    from bpp.stud.model.compiled import network_of

    _quiet_pgmpy()
    return network_of(*variant_factors(variant)(cpts, **tables))


def build_networks(*, method: str = "exact", n_hands: int = 10_000_000, rng: RngLike = None, progress: bool = False) -> list:
    """The four networks, rounds 0-3: :func:`build_network` of :func:`estimate_all_cpts`.

    >>> nets = build_networks(method="sample", n_hands=1000, rng=0)
    >>> len(nets), nets[0].get_cpds("OPP_Current").variable_card
    (4, 10)
    """
    return [build_network(c) for c in estimate_all_cpts(method=method, n_hands=n_hands, rng=rng, progress=progress)]


def _cpd_array(model, variable: str, order: dict) -> np.ndarray:
    """The CPD of ``variable`` as an array (child, *parents in ``order``), states in canonical order."""
    cpd = model.get_cpds(variable)
    variables = list(cpd.variables)
    values = np.asarray(cpd.values, dtype=np.float64)
    for axis, var in enumerate(variables):
        names = [str(s) for s in cpd.state_names[var]]
        wanted = list(order[var])
        if names != wanted:
            if sorted(names) != sorted(wanted):
                raise ValueError(f"The network's {var} states {names} are not {wanted}.")
            values = np.take(values, [names.index(s) for s in wanted], axis=axis)
    parents = [v for v in order if v in variables and v != variable]
    return np.transpose(values, [0] + [variables.index(p) for p in parents])


def _round_of(model) -> int:
    n = model.get_cpds("OPP_Current").variable_card
    for r in range(N_ROUNDS):
        if len(current_type_names(r)) == n:
            return r
    raise ValueError(f"The network's OPP_Current has {n} states, which matches no betting round.")


def network_cpts(model: DiscreteBayesianNetwork) -> StudCPTs:
    """The :class:`StudCPTs` of a BPP network (built here or read from BIF/XMLBIF).

    >>> cpts = network_cpts(build_network(load_cpts()[2]))
    >>> cpts.betting_round, cpts.upcards_given_current.shape
    (2, (14, 16))
    """
    r = _round_of(model)
    finals = ht.FINAL_TYPES
    current = current_type_names(r)
    order = {
        "BPP_Final": finals,
        "OPP_Final": finals,
        "BPP_Win": WIN_STATES,
        "BPP_Current": current,
        "OPP_Current": current,
        "OPP_Upcards": upcard_type_names(r),
        "OPP_Action": ACTIONS,
    }
    prior = _cpd_array(model, "OPP_Final", order)[:, ...].reshape(-1)
    win = _cpd_array(model, "BPP_Win", {k: order[k] for k in ("BPP_Win", "BPP_Final", "OPP_Final")})[1]
    return _freeze(
        StudCPTs(
            r,
            prior,
            _cpd_array(model, "OPP_Current", order),
            _cpd_array(model, "OPP_Upcards", order),
            win,
            _cpd_array(model, "OPP_Action", order),
            "network",
            None,
        )
    )


def _file_stem(betting_round: int) -> str:
    return f"stud_round{betting_round}"


def save_networks(networks: Sequence[DiscreteBayesianNetwork], out_dir: str | os.PathLike[str] | None = None, *, info: dict | None = None) -> list[Path]:
    """Write the four networks as BIF and XMLBIF, plus their CPTs as ``stud_cpts.npz`` (fast loading).

    Parameters
    ----------
    networks : sequence of 4 DiscreteBayesianNetwork
        Rounds 0-3.
    out_dir : path, optional
        Default :data:`MODELS_DIR` (``bpp/models/stud``).
    info : dict, optional
        Written to ``build_info.json`` (how the networks were built).

    Returns
    -------
    list of Path
        The files written: ``stud_round{r}.bif``, ``stud_round{r}.xmlbif``, ``stud_cpts.npz``.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in save_networks([build_network(c) for c in load_cpts()], d)][:2]
    ['stud_round0.bif', 'stud_round0.xmlbif']
    """
    from pgmpy.readwrite import BIFWriter, XMLBIFWriter

    if len(networks) != N_ROUNDS:
        raise ValueError(f"The 'networks' parameter of save_networks must hold 4 networks; got {len(networks)}.")
    out = Path(MODELS_DIR if out_dir is None else out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    arrays = {}
    for r, model in enumerate(networks):
        stem = out / _file_stem(r)
        BIFWriter(model).write(str(stem) + ".bif")
        XMLBIFWriter(model).write(str(stem) + ".xmlbif")
        written += [Path(str(stem) + ".bif"), Path(str(stem) + ".xmlbif")]
        cpts = network_cpts(model)
        for name in ("prior_final", "current_given_final", "upcards_given_current", "win_given_finals", "action_given_current"):
            arrays[f"round{r}_{name}"] = getattr(cpts, name)
    np.savez_compressed(out / "stud_cpts.npz", **arrays)
    written.append(out / "stud_cpts.npz")
    if info is not None:
        (out / "build_info.json").write_text(json.dumps(info, indent=2, sort_keys=True) + "\n")
        written.append(out / "build_info.json")
    return written


def load_networks(directory: str | os.PathLike[str] | None = None, *, file_format: str = "bif") -> list:
    """Read the four networks back with pgmpy's ``BIFReader`` or ``XMLBIFReader``.

    Parameters
    ----------
    directory : path, optional
        Default :data:`MODELS_DIR`.
    file_format : {"bif", "xmlbif"}

    Returns
    -------
    list of 4 DiscreteBayesianNetwork

    Examples
    --------
    >>> [len(n.nodes()) for n in load_networks(file_format="xmlbif")]
    [7, 7, 7, 7]
    >>> load_networks(file_format="json")
    Traceback (most recent call last):
    ...
    ValueError: The 'file_format' parameter of load_networks must be 'bif' or 'xmlbif'; got 'json'.
    """
    directory = Path(MODELS_DIR if directory is None else directory)
    models = []
    for r in range(N_ROUNDS):
        path = directory / f"{_file_stem(r)}.{file_format}"
        models.append(read_network(path, file_format, "stud-nets", lambda m, r=r: check_figure1(network_cpts(m), m, path, r), where="load_networks"))
    return models


def write_round_networks(models: Sequence[DiscreteBayesianNetwork], out_dir: str | os.PathLike[str], stem: str, *,
                         info: dict | None = None, formats: Sequence[str] = ("bif", "xmlbif")) -> list[Path]:
    """Write one pgmpy network per round as ``{stem}_round{r}.bif`` / ``.xmlbif`` (+ ``build_info.json``); the paths.

    Every saved §6 variant network goes through here (:func:`save_variant`) and is read back by :func:`load_variant` (Figure 1's own networks
    also write their CPT archive, :func:`save_networks`).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in write_round_networks([build_network(c) for c in load_cpts()], d, "x")][:2]
    ['x_round0.bif', 'x_round0.xmlbif']
    """
    from pgmpy.readwrite import BIFWriter, XMLBIFWriter

    writers = {"bif": BIFWriter, "xmlbif": XMLBIFWriter}
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for r, model in enumerate(models):
        for file_format in formats:
            path = out / f"{stem}_round{r}.{file_format}"
            writers[file_format](model).write(str(path))
            written.append(path)
    if info is not None:
        (out / "build_info.json").write_text(json.dumps(info, indent=2, sort_keys=True) + "\n")
        written.append(out / "build_info.json")
    return written


def save_variant(variant: str, cpts: Sequence[StudCPTs] | None = None, out_dir: str | os.PathLike[str] | None = None, *,
                 info: dict | None = None, formats: Sequence[str] = ("bif", "xmlbif"), **tables: Any) -> list[Path]:
    """Write a §6 variant's four networks (:func:`build_network` of each round) as its spec names them; the paths.

    ``{stem}_round{r}.bif`` / ``.xmlbif`` (+ ``build_info.json``) into ``out_dir``, default the variant's shipped
    folder (:attr:`bpp.stud_variants.VariantSpec.models_path`).  ``cpts`` defaults to the shipped Figure 1 tables
    (:func:`load_cpts`); a table learned per opponent is saved at the prior a new player starts from.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in save_variant("bluff", out_dir=d, info={"note": "doctest"})][-3:]
    ['stud_bluff_round3.bif', 'stud_bluff_round3.xmlbif', 'build_info.json']
    """
    spec, folder = _saved(variant, "save_variant")
    cpts = load_cpts() if cpts is None else tuple(cpts)
    if len(cpts) != N_ROUNDS:
        raise ValueError(f"The 'cpts' parameter of save_variant must hold 4 rounds' tables; got {len(cpts)}.")
    return write_round_networks([build_network(c, variant, **tables) for c in cpts],
                                folder if out_dir is None else out_dir, spec.file_stem, info=info, formats=formats)


def _saved(variant: str, where: str) -> tuple[VariantSpec, Path]:
    """``(spec, shipped folder)`` of a variant with saved networks; one ValueError otherwise."""
    spec = STUD_VARIANTS.get(variant) if isinstance(variant, str) else None
    if spec is None or spec.models is None:
        saved = [n for n, s in STUD_VARIANTS.items() if s.models is not None]
        raise ValueError(f"The 'variant' parameter of {where} must be one of {saved}; got {variant!r}.")
    return spec, spec.models_path


def load_variant(variant: str, directory: str | os.PathLike[str] | None = None, *, file_format: str = "bif",
                 **tables: Any) -> list[DiscreteBayesianNetwork]:
    """The four saved networks of a variant of :data:`bpp.stud_variants.STUD_VARIANTS`, read with pgmpy and checked.

    Reads ``{stem}_round{r}.{file_format}`` from ``directory`` (default the variant's shipped folder).  Each file is
    checked by :func:`read_network` (every CPT a distribution) and must have the variant's structure: the nodes,
    parents and states of :func:`build_network` of the shipped Figure 1 tables (``tables``: the factor function's
    own, e.g. ``opp_given_bpp`` of ``"linked"``).  One ``ValueError`` naming the file otherwise.

    >>> load_variant("actions")[2].get_cpds("OPP_Action").state_names["OPP_Action"]
    ['pass', 'call', 'bet', 'raise']
    >>> [sorted(m.get_parents("OPP_Bluff")) for m in load_variant("bluff", file_format="xmlbif")][3]
    ['BPP_Current', 'OPP_Current']
    """
    spec, folder = _saved(variant, "load_variant")
    directory = Path(folder if directory is None else directory)
    cpts = load_cpts()
    models = []
    for r in range(N_ROUNDS):
        path = directory / f"{spec.file_stem}_round{r}.{file_format}"
        want = _structure(build_network(cpts[r], variant, **tables))

        def check(model: DiscreteBayesianNetwork, want: dict = want, path: Path = path, r: int = r) -> None:
            got = _structure(model)
            if got != want:
                bad = sorted(n for n in set(got) | set(want) if got.get(n) != want.get(n))
                raise ValueError(f"{str(path)!r} is not the {variant} network of round {r}: the parents or states of "
                                 f"{', '.join(bad)} differ")

        models.append(read_network(path, file_format, spec.build_target, check, where="load_variant"))
    return models


def _structure(model: DiscreteBayesianNetwork) -> dict:
    """node → (sorted parents, its and its parents' state names): what a saved network must keep."""
    return {cpd.variable: (tuple(sorted(cpd.variables[1:])), tuple((v, tuple(map(str, cpd.state_names[v]))) for v in cpd.variables))
            for cpd in model.get_cpds()}


def read_network(path: str | os.PathLike[str], file_format: str, target: str,
                 check: Callable[..., object], *, where: str) -> DiscreteBayesianNetwork:
    """Read one saved BPP network with pgmpy, check every CPT is a distribution, then ``check(model)``; return the model.

    Every stud network loader reads through here: a missing file raises
    ``FileNotFoundError`` naming the ``bpp build`` ``target`` that writes it; a
    damaged one (unparseable, a CPT that is not a distribution, or one ``check``
    rejects) one ``ValueError`` naming the file.
    """
    if file_format not in ("bif", "xmlbif"):
        raise ValueError(f"The 'file_format' parameter of {where} must be 'bif' or 'xmlbif'; got {file_format!r}.")
    from pgmpy.readwrite import BIFReader, XMLBIFReader

    from holdem.files import check_distributions

    _quiet_pgmpy()
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing; run `bpp build {target}`.")
    try:
        model = (BIFReader if file_format == "bif" else XMLBIFReader)(str(path)).get_model()
        cpds = {cpd.variable: cpd for cpd in model.get_cpds()}
    except Exception as exc:  # noqa: BLE001 - pgmpy's parsers raise anything on a damaged file
        raise ValueError(f"{str(path)!r} is not a readable BPP network ({type(exc).__name__}: {exc})".replace("\n", " ")) from None
    for variable, cpd in sorted(cpds.items()):  # pgmpy reads 'abc' or a short row without a word
        check_distributions(np.asarray(cpd.values, dtype=np.float64).reshape(cpd.variable_card, -1), path, f"P({variable} | …)")
    try:
        check(model)
    except Exception as exc:  # noqa: BLE001 - pgmpy raises anything on a missing node or state
        if isinstance(exc, ValueError) and repr(str(path)) in str(exc):
            raise
        raise ValueError(f"{str(path)!r} is not a readable BPP network ({type(exc).__name__}: {exc})".replace("\n", " ")) from None
    return model


def check_figure1(cpts: StudCPTs, model: DiscreteBayesianNetwork, source: str | os.PathLike[str],
                  betting_round: int) -> StudCPTs:
    """Check Figure 1's tables of a loaded network (:func:`validate_cpts`) and that BPP's side equals the opponent's (§3.2)."""
    validate_cpts(cpts, source, betting_round=betting_round)
    bpp_current = _cpd_array(model, "BPP_Current", {"BPP_Current": current_type_names(betting_round), "BPP_Final": ht.FINAL_TYPES})
    bpp_prior = _cpd_array(model, "BPP_Final", {"BPP_Final": ht.FINAL_TYPES}).reshape(-1)
    if not (np.allclose(bpp_current, cpts.current_given_final) and np.allclose(bpp_prior, cpts.prior_final)):
        raise ValueError(f"{str(source)!r}: BPP's tables differ from the opponent's (the network is symmetric, §3.2)")
    return cpts


def validate_cpts(cpts: StudCPTs, source: str | os.PathLike[str], *, betting_round: int) -> StudCPTs:
    """Check one round's tables as loaded from ``source``: the round's shapes, finite, every column normalised.

    Every final hand type must also have a positive prior: a type of prior 0
    makes some evidence impossible and P(win) undefined (NaN) there, which must
    never reach play.  Raises one ``ValueError`` naming ``source``.

    >>> validate_cpts(load_cpts()[1], "bpp/models/stud", betting_round=1).betting_round
    1
    """
    from holdem.files import check_distributions

    r = betting_round
    n_cur, n_up, n_fin = len(current_type_names(r)), len(upcard_type_names(r)), ht.N_FINAL_TYPES
    name = repr(str(source))
    if cpts.betting_round != r:
        raise ValueError(f"{name} holds the network of round {cpts.betting_round}, not round {r}")
    expected = {
        "prior_final": (n_fin,),
        "current_given_final": (n_cur, n_fin),
        "upcards_given_current": (n_up, n_cur),
        "win_given_finals": (n_fin, n_fin),
        "action_given_current": (len(ACTIONS), n_cur),
    }
    for key, shape in expected.items():
        if np.shape(getattr(cpts, key)) != shape:
            raise ValueError(f"{name}: round {r}'s {key} has shape {np.shape(getattr(cpts, key))}; expected {shape}")
        what = f"round {r}'s {key}"
        if key == "win_given_finals":
            check_distributions(np.stack([cpts.win_given_finals, 1 - cpts.win_given_finals]), source, what)
        else:
            check_distributions(getattr(cpts, key), source, what)
    if (cpts.prior_final <= 0).any():
        missing = [ht.FINAL_TYPES[i] for i in np.flatnonzero(cpts.prior_final <= 0)]
        raise ValueError(f"{name}: round {r}'s prior gives final hand types {', '.join(missing)} probability 0 "
                         "(P(win) would be undefined for some evidence); rebuild it")
    return cpts


def load_cpts(directory: str | os.PathLike[str] | None = None) -> tuple[StudCPTs, ...]:
    """The four rounds' CPTs from ``stud_cpts.npz`` (no pgmpy; milliseconds).

    >>> [c.betting_round for c in load_cpts()]
    [0, 1, 2, 3]
    """
    from holdem.files import load_npz

    directory = Path(MODELS_DIR if directory is None else directory)
    path = directory / "stud_cpts.npz"
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing; run `bpp build stud-nets`.")
    names = ("prior_final", "current_given_final", "upcards_given_current", "win_given_finals", "action_given_current")
    data = load_npz(path, {f"round{r}_{n}": None for r in range(N_ROUNDS) for n in names})
    out = []
    for r in range(N_ROUNDS):
        prior, current, upcards, win, action = (data[f"round{r}_{n}"].astype(np.float64) for n in names)
        out.append(_freeze(validate_cpts(StudCPTs(r, prior, current, upcards, win, action, "loaded", None), path, betting_round=r)))
    return tuple(out)

"""The registry of reproducible experiments: one :class:`Experiment` per published table, figure or headline number.

Each paper's module (:mod:`bpp.reproduce.loki`, :mod:`bpp.reproduce.poki`,
:mod:`bpp.reproduce.stud`, …) calls :func:`register` for its experiments.  An
experiment is

* a list of **steps** per scale (``"quick"`` or ``"paper"``): each a call of one
  of the program's own experiment functions (``"module:function"`` and its
  keyword arguments, with a fixed seed) returning a JSON-able dict; steps are
  independent, so they run as separate tasks of the parallel layer (a learning
  match is one step), unless ``inside=True``: then the step runs here and
  parallelises itself (its blocks go through ``workers`` / the scheduler; it is also
  passed ``progress``);
* a **report** function turning the steps' results into :class:`Row` s (the
  paper's value beside ours, a 95 % CI, a verdict and why) and figures.

Verdicts (:func:`verdict`): ``exact`` when our value equals the paper's at the
paper's precision; ``within CI`` when the paper's value lies in our 95 %
interval (for a qualitative claim — a sign, an ordering, "significant" — when
the claim holds at 95 %); ``differs`` otherwise, with one sentence on why.

>>> verdict(0.585, 0.58513)
'exact'
>>> verdict(0.08, 0.05, (0.01, 0.09))
'within CI'
>>> verdict(-0.11, 0.02, (-0.03, 0.07))
'differs'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from collections.abc import Callable, Collection, Sequence
from typing import Any

__all__ = ["Experiment", "Step", "Row", "register", "experiments", "get_experiment", "papers", "verdict", "PAPERS",
           "SCALES", "call"]

#: Scales: ``quick`` (≤ 10 min on two cores for everything) and ``paper`` (the papers' sample sizes).
SCALES = ("quick", "paper")

#: Paper key → (bibliography key, title), in report order.
PAPERS = {
    "loki": ("Billings1998", "Poker as a Testbed for Machine Intelligence Research (Loki)"),
    "poki": ("Billings2002", "The Challenge of Poker (Poki)"),
    "bpp": ("Korb1999", "Bayesian Poker (the Bayesian Poker Program)"),
    "kendall": ("Kendall2001", "An Investigation of an Adaptive Poker Player"),
    "lbr": ("Lisy2017", "Equilibrium Approximation Quality of Current No-Limit Poker Bots (LBR)"),
}

#: The modules that register experiments (a module that is not there yet is skipped).
MODULES = ("bpp.reproduce.loki", "bpp.reproduce.poki", "bpp.reproduce.stud", "bpp.reproduce.kendall",
           "bpp.reproduce.kendall_readings", "bpp.reproduce.loki_potential", "bpp.reproduce.poki_meta", "bpp.reproduce.poki_continuations",
           "bpp.reproduce.poki_network", "bpp.reproduce.poki_opponents",
           "bpp.reproduce.lbr", "bpp.reproduce.stud_stakes", "bpp.reproduce.stud_multi",
           "bpp.reproduce.stud_gap", "bpp.reproduce.stud_calibration", "bpp.reproduce.loki_figure1")


@dataclass(frozen=True)
class Step:
    """One independent computation: ``target`` (``"module:function"``) called with ``kwargs``; its name in the log."""

    name: str
    target: str
    kwargs: dict = field(default_factory=dict)
    inside: bool = False


@dataclass(frozen=True)
class Row:
    """One line of the report: a published value beside ours."""

    item: str
    paper: str
    ours: str
    ci: str
    verdict: str
    why: str = ""


@dataclass(frozen=True)
class Experiment:
    """A reproducible experiment (see the module docstring).

    ``steps(scale)`` lists the :class:`Step` s; ``report(results, figure_dir)``
    gets ``{step name: result dict}`` and returns ``(rows, figure paths, text)``;
    ``expected`` is the expected wall time in seconds per scale on two cores;
    ``beyond`` marks the toolkit's own results (not a paper's).
    """

    key: str
    paper: str
    title: str
    source: str
    steps: Callable[[str], list[Step]]
    report: Callable
    expected: dict
    beyond: bool = False


_EXPERIMENTS: dict[str, Experiment] = {}
_loaded = False


def register(experiment: Experiment) -> Experiment:
    """Add ``experiment`` to the registry (its key must be new)."""
    if experiment.paper not in PAPERS:
        raise ValueError(f"The 'paper' of experiment {experiment.key!r} must be one of {', '.join(PAPERS)}; got {experiment.paper!r}.")
    if experiment.key in _EXPERIMENTS and _EXPERIMENTS[experiment.key] is not experiment:
        raise ValueError(f"experiment {experiment.key!r} is registered twice")
    _EXPERIMENTS[experiment.key] = experiment
    return experiment


def _load() -> None:
    global _loaded
    if _loaded:
        return
    for name in MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    _loaded = True


def experiments(only: Collection[str] | None = None) -> list[Experiment]:
    """The registered experiments in report order, optionally only those of the papers in ``only``.

    >>> [e.key for e in experiments(["loki"])][:2]
    ['loki-worked-example', 'loki-table2']
    >>> experiments(["nobody"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown paper 'nobody'; papers with experiments: loki, poki, bpp, ...
    """
    _load()
    have = [p for p in PAPERS if any(e.paper == p for e in _EXPERIMENTS.values())]
    if only:
        for p in only:
            if p not in have:
                raise ValueError(f"unknown paper {p!r}; papers with experiments: {', '.join(have)}")
    order = {p: i for i, p in enumerate(PAPERS)}
    chosen = [e for e in _EXPERIMENTS.values() if not only or e.paper in only]
    module = {m: i for i, m in enumerate(MODULES)}  # the order of MODULES, whichever module was imported first
    return sorted(chosen, key=lambda e: (e.beyond, order[e.paper], module.get(e.report.__module__, len(MODULES))))


def papers() -> list[str]:
    """Keys of the papers that have registered experiments."""
    _load()
    return [p for p in PAPERS if any(e.paper == p for e in _EXPERIMENTS.values())]


def get_experiment(key: str) -> Experiment:
    """The experiment registered as ``key``."""
    _load()
    if key not in _EXPERIMENTS:
        raise ValueError(f"unknown experiment {key!r}; known: {', '.join(_EXPERIMENTS)}")
    return _EXPERIMENTS[key]


def call(target: str, kwargs: dict) -> Any:
    """Run ``"module:function"`` with ``kwargs`` (module-level, so a worker can run a step)."""
    module, func = target.split(":")
    return getattr(importlib.import_module(module), func)(**kwargs)


def _digits(x: float) -> int:
    text = repr(float(x))
    if "e" in text:
        return 10
    return len(text.split(".")[1].rstrip("0")) if "." in text else 0


def verdict(paper: float, ours: float, ci: Sequence[float] | None = None) -> str:
    """``exact`` / ``within CI`` / ``differs`` (see the module docstring); ``paper`` is compared at its own precision."""
    if round(float(ours), _digits(paper)) == float(paper):
        return "exact"
    if ci is not None and ci[0] <= paper <= ci[1]:
        return "within CI"
    return "differs"

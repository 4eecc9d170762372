"""The stochastic search for the 12 betting-curve parameters against the rule-based player (Korb et al. 1999, §4.1).

"In order to find good f parameters, we employed a stochastic search of the
parameter space when running BPP against the rule-based opponent.  Since
the space being searched is 12 dimensional (three types of curves, four each
for the rounds of play) and the score function is highly noisy (wins/losses
in actual poker play), it is not clear that the search for optimality was
successful" (§4.1).  The paper does not give the algorithm; this module uses
the cross-entropy method, whose averaging over an elite suits a noisy score:

* each generation draws ``population`` candidates from a Gaussian with
  per-parameter mean ``mu`` and standard deviation ``sigma`` (clipped to
  :data:`BOUNDS`); the current mean is always one of them;
* every candidate plays the *same* deals with the same agent streams
  (common random numbers: one seed per generation) as a duplicate match
  (every deal played from both seats), so candidates are compared on equal
  luck;
* the ``elite`` best candidates set the next ``mu`` and ``sigma`` (their
  mean and standard deviation, smoothed with the previous values, with a
  floor on ``sigma``);
* the final mean is scored on fresh deals (``validation_hands``) beside the start.

Everything is drawn from ``numpy.random.SeedSequence(seed)``: the same seed
gives the same search, whatever the machine.  A tqdm bar shows progress.

Run it as ``python -m bpp.stud.experiments.search --seed 1 --out FILE.json``
(writes ``FILE.json`` and the trace ``FILE_search.json``; both must be new
files — a search never writes over the shipped ``bpp/models/stud/curves.json``
nor over an earlier search's result, and this is checked before it starts);
``--upcards-link showing`` searches for the §6.1 network instead
(``bpp_kwargs`` of :func:`search_curves`), and ``--player bpp-actions`` or
``--player bpp-showing`` searches §6.1's split curves — one independent set
of the 12 parameters per playing situation
(:class:`~bpp.stud.decision.curves.CurveSet`), all searched together.
Each candidate is one BPP instance that learns M_A|C across its whole match
(:func:`score_params`).  The committed parameters come from a second search
started at the first one's result (the ``start`` of the trace)::

    python -m bpp.stud.experiments.search --seed 3 --generations 20 --population 16 --elite 5 \
        --deals 2500 --step 0.12 --start OLD_curves.json --validation-deals 10000 --out NEW_curves.json

(320 candidates x 5,000 hands; the search's record, with its validation
against the start, is saved beside the curves as ``*_search.json``).

``--shape paper`` keeps every curve in §4.1's shape (every f in [0, 1]);
``bpp/models/stud/curves_paper_shape.json`` is such a search (12
generations × 12 candidates × 3,000 deals, seed 12), and
``figures/stud_shape.py`` measures how the shaped curves play against the
free ones (``figures/stud_shape.md``).

>>> from bpp.stud.decision.curves import DEFAULT_PARAMS
>>> r = search_curves(n_generations=1, population=2, elite=1, n_hands=4, validation_hands=4, rng=3, progress=False)
>>> len(r.history), isinstance(r.params, type(DEFAULT_PARAMS))
(1, True)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from holdem.checks import recorded_seed, seed_sequence

from bpp.stud.decision.curves import CURVES_PATH, DEFAULT_PARAMS, CurveParams, CurveSet, load_curves

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from holdem._typing import RngLike
    from holdem.agents import Agent
    from holdem.match.stats import MatchResult

__all__ = ["SearchResult", "score_params", "search_curves", "main"]

#: Box the search stays in: every f in [-1, 1] (d = P(win) - θ lies in [-1, 1]).
BOUNDS = (-1.0, 1.0)
#: Boxes by ``shape``: ``"free"`` (:data:`BOUNDS`) or ``"paper"``, §4.1's shapes -- every f in [0, 1], so the bet
#: curve rises right of d = 0 (f_b >= 0), the fold curve falls left of it (f_f >= 0) and "the calling curve is
#: displaced to the left" (its peak at d = -f_c <= 0).
SHAPE_BOUNDS = {"free": BOUNDS, "paper": (0.0, 1.0)}
_SIGMA_FLOOR = 0.02
# spawn-key element of BPP's own stream in :func:`score_params` (outside the range play_match spawns)
_BPP_STREAM = 0xB99


def _factory(name):
    if not isinstance(name, str):
        return name
    from bpp.registry import agent_factory

    return agent_factory(name)


def score_params(params: CurveParams | CurveSet, *, opponent: str | Callable[..., Agent] = "rules", n_hands: int = 1000,
                 rng: RngLike = 0, learn: bool = True, bpp_kwargs: dict[str, Any] | None = None,
                 player: str = "bpp") -> MatchResult:
    """BPP's winnings with ``params`` against ``opponent``: a duplicate match of ``n_hands`` deals.

    Parameters
    ----------
    params : CurveParams or CurveSet
        A :class:`CurveSet` for a ``player`` with split curves (§6.1).
    opponent : str or factory
        A registered agent name or a factory ``f(rng=...)``.
    n_hands : int
        Deals (each is played from both seats).
    rng
        The match's seed (deals and agent streams): a seed, a ``SeedSequence`` or a
        ``Generator`` (:func:`holdem.checks.seed_sequence`).
    learn : bool
        Whether BPP learns M_A|C during the match (one instance plays the
        whole match, so what it learns persists across blocks).
    bpp_kwargs : dict, optional
        Further :class:`~bpp.stud.players.paper.BPPPlayer` arguments (e.g.
        ``{"upcards_link": "showing"}`` for the §6.1 network).
    player : str
        The registered BPP variant that plays (``"bpp"``, ``"bpp-actions"``,
        ``"bpp-showing"`` …; its factory takes ``params``, ``learn`` and ``rng``).

    Returns
    -------
    holdem.match.MatchResult
        BPP is agent 0.

    Examples
    --------
    >>> from bpp.stud.decision.curves import DEFAULT_PARAMS
    >>> score_params(DEFAULT_PARAMS, n_hands=10, rng=1).n_hands
    20
    """
    from holdem.games import Stud5
    from holdem.match import play_match

    # One instance for the whole match, so M_A|C is learned across it (§5.2); its stream is derived
    # from ``rng`` without consuming it, so every candidate of a generation gets the same one.
    root = seed_sequence(rng, "score_params")
    stream = np.random.SeedSequence(root.entropy, spawn_key=(*root.spawn_key, _BPP_STREAM))
    bpp = _factory(player)(params=params, learn=learn, rng=np.random.default_rng(stream), **(bpp_kwargs or {}))
    return play_match(Stud5(), [bpp, _factory(opponent)], n_hands, rng=root, duplicate=True)


@dataclass(frozen=True)
class SearchResult:
    """The outcome of :func:`search_curves`.

    Attributes
    ----------
    params : CurveParams or CurveSet
        The parameters found (a :class:`CurveSet` when the search started from one).
    start : CurveParams or CurveSet
        Where the search started.
    history : list of dict
        Per generation: ``mean_score`` (the current mean's score),
        ``best_score``, ``elite_scores``, the new ``mu`` and ``sigma`` (12 numbers each).
    validation : dict
        ``mean``, ``ci95``, ``t``, ``p``, ``n`` of the found parameters on fresh
        deals (and of the start, ``start_mean`` …), betting units per hand.
    settings : dict
        The arguments (seed, iterations, hands …).
    """

    params: CurveParams | CurveSet
    start: CurveParams | CurveSet
    history: list = field(repr=False)
    validation: dict
    settings: dict

    def save(self, path: str | os.PathLike[str], trace_path: str | os.PathLike[str] | None = None) -> Path:
        """Write the parameters (+ settings + validation) to ``path`` and the search trace beside it; return ``path``.

        Nothing is overwritten: an existing ``path`` or trace raises ``ValueError``
        before anything is written (:func:`output_paths`).
        """
        path, trace = output_paths(path, trace_path)
        self.params.save(path, search=self.settings, validation=self.validation)
        trace.write_text(
            json.dumps({"start": self.start.to_dict(), "settings": self.settings, "history": self.history}, indent=1)
            + "\n"
        )
        return path


def output_paths(path: str | os.PathLike[str], trace_path: str | os.PathLike[str] | None = None) -> tuple[Path, Path]:
    """Where a search writes its parameters and its trace (``<stem>_search.json`` beside them by default).

    Both must be new files (:func:`holdem.files.fresh_output_path`): a search
    never writes over the shipped curves nor over an earlier search, so this
    is checked before the search starts.

    >>> output_paths(CURVES_PATH)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: '.../curves.json' already exists and results are never overwritten; choose another path with --out
    """
    from holdem.files import fresh_output_path

    path = fresh_output_path(path, "curve parameters", "--out")
    trace = Path(trace_path) if trace_path is not None else path.with_name(path.stem + "_search.json")
    return path, fresh_output_path(trace, "search trace", "--out")


def _summary(result) -> dict:
    p = result.players[0]
    return {"mean": p.mean, "ci95": list(p.ci95), "t": p.t, "p": p.p, "n": p.n}


def _per_deal(result) -> np.ndarray:
    """BPP's winnings per deal (mean of the deal's seatings) of a duplicate match."""
    return result.winnings[:, 0].reshape(result.n_deals, -1).mean(axis=1)


def _paired(found, start) -> dict:
    """The found parameters minus the start on the same deals: ``diff_mean``, ``diff_ci95``, ``diff_t``, ``diff_p``."""
    from holdem.match.stats import summarize

    s = summarize(_per_deal(found) - _per_deal(start))
    return {"diff_mean": s.mean, "diff_ci95": list(s.ci95), "diff_t": s.t, "diff_p": s.p}


def search_curves(
    *,
    n_generations: int = 15,
    population: int = 12,
    elite: int = 4,
    n_hands: int = 1500,
    rng: RngLike = 0,
    start: CurveParams | CurveSet = DEFAULT_PARAMS,
    step: float = 0.15,
    opponent: str | Callable[..., Agent] = "rules",
    validation_hands: int = 5000,
    progress: bool = True,
    bpp_kwargs: dict[str, Any] | None = None,
    shape: str = "free",
    player: str = "bpp",
) -> SearchResult:
    """Search the 12 ``f`` parameters against ``opponent`` (§4.1; the cross-entropy method of the module docstring).

    Parameters
    ----------
    n_generations : int
        Generations of candidates.
    population : int
        Candidates per generation (the first is the current mean).
    elite : int
        Best candidates that set the next mean and spread.
    n_hands : int
        Deals each candidate plays (each deal from both seats).
    rng
        The whole search's seed: a seed, a ``SeedSequence`` or a ``Generator``
        (:func:`holdem.checks.seed_sequence`); the result records its seed.
    start : CurveParams or CurveSet
        The first mean.  A :class:`CurveSet` searches every context's 12
        parameters, each free of the others (§6.1's split curves; ``player``
        must play that set).
    step : float
        The first standard deviation of every parameter.
    opponent : str or factory
        Registered name or factory of the opponent (the paper: the rule-based player).
    validation_hands : int
        Fresh deals scoring the start and the result at the end (0 skips it).
    progress : bool
        Show a tqdm bar (one tick per candidate).
    bpp_kwargs : dict, optional
        Further :class:`~bpp.stud.players.paper.BPPPlayer` arguments of every
        candidate (e.g. ``{"upcards_link": "showing"}``).
    shape : {"free", "paper"}
        The box of :data:`SHAPE_BOUNDS`: ``"paper"`` keeps every curve in
        the shape §4.1 describes (the start is clipped into it).
    player : str
        The registered BPP variant every candidate is (:func:`score_params`).

    Returns
    -------
    SearchResult

    Examples
    --------
    >>> search_curves(n_generations=0)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_generations' parameter of search_curves must be an integer >= 1; got 0.
    """
    for name, value, least in (
        ("n_generations", n_generations, 1),
        ("population", population, 2),
        ("elite", elite, 1),
        ("n_hands", n_hands, 2),
        ("validation_hands", validation_hands, 0),
    ):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
            raise ValueError(f"The {name!r} parameter of search_curves must be an integer >= {least}; got {value!r}.")
    if elite > population:
        raise ValueError(f"The 'elite' parameter of search_curves must be at most population={population}; got {elite}.")
    if validation_hands == 1:
        raise ValueError("The 'validation_hands' parameter of search_curves must be 0 or >= 2; got 1.")
    if not (isinstance(step, (int, float)) and step > 0):
        raise ValueError(f"The 'step' parameter of search_curves must be a number > 0; got {step!r}.")
    if shape not in SHAPE_BOUNDS:
        raise ValueError(f"The 'shape' parameter of search_curves must be one of {', '.join(SHAPE_BOUNDS)}; got {shape!r}.")
    root = seed_sequence(rng, "search_curves")
    noise_seed, match_seed, valid_seed = root.spawn(3)
    noise = np.random.default_rng(noise_seed)
    match_seeds = match_seed.spawn(n_generations)
    low, high = SHAPE_BOUNDS[shape]
    if isinstance(start, CurveSet):
        contexts = start.contexts

        def make(x):
            return CurveSet.from_array(contexts, x)
    elif isinstance(start, CurveParams):
        make = CurveParams.from_array
    else:
        raise ValueError(f"The 'start' parameter of search_curves must be CurveParams or a CurveSet; got {start!r}.")
    mu = np.clip(start.as_array().ravel(), low, high)
    start = make(mu)
    sigma = np.full(mu.shape, float(step))
    history = []
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=n_generations * population, desc="curve search", unit="candidate", leave=False)
    try:
        for g in range(n_generations):
            candidates = np.clip(mu + sigma * noise.standard_normal((population, mu.size)), low, high)
            candidates[0] = mu
            scores = np.empty(population)
            halves = np.empty(population)
            for i, x in enumerate(candidates):
                result = score_params(
                    make(x), opponent=opponent, n_hands=n_hands, rng=match_seeds[g], bpp_kwargs=bpp_kwargs, player=player
                )
                scores[i] = result.players[0].mean
                halves[i] = (result.players[0].ci95[1] - result.players[0].ci95[0]) / 2
                if bar is not None:
                    bar.update(1)
            best = np.argsort(-scores, kind="stable")[:elite]
            mu = 0.3 * mu + 0.7 * candidates[best].mean(axis=0)
            spread = candidates[best].std(axis=0) if elite > 1 else sigma
            sigma = np.maximum(0.3 * sigma + 0.7 * spread, _SIGMA_FLOOR)
            history.append(
                {
                    "generation": g,
                    "mean_score": float(scores[0]),
                    "mean_ci95_half": float(halves[0]),
                    "best_score": float(scores[best[0]]),
                    "elite_scores": scores[best].round(6).tolist(),
                    "mu": mu.round(6).tolist(),
                    "sigma": sigma.round(6).tolist(),
                }
            )
            if bar is not None:
                bar.set_postfix(mean=f"{scores[0]:+.3f}", best=f"{scores[best[0]]:+.3f}")
    finally:
        if bar is not None:
            bar.close()
    found = make(mu.round(6))
    validation: dict = {}
    if validation_hands:
        kw: dict[str, Any] = dict(opponent=opponent, n_hands=validation_hands, rng=valid_seed, bpp_kwargs=bpp_kwargs, player=player)
        found_result, start_result = score_params(found, **kw), score_params(start, **kw)
        validation = {
            **_summary(found_result),
            **{f"start_{k}": v for k, v in _summary(start_result).items()},
            **_paired(found_result, start_result),
            "deals": validation_hands,
        }
    settings = {
        "seed": recorded_seed(root),
        "n_generations": n_generations,
        "population": population,
        "elite": elite,
        "n_hands": n_hands,
        "step": step,
        "opponent": opponent if isinstance(opponent, str) else getattr(opponent, "__name__", repr(opponent)),
        "duplicate": True,
        "algorithm": "cross-entropy method, common random numbers per generation",
        "bpp_kwargs": dict(bpp_kwargs or {}),
        "shape": shape,
        "player": player,
    }
    return SearchResult(found, start, history, validation, settings)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bpp.stud.experiments.search --out FILE``: run the search and save the parameters to a new file."""
    ap = argparse.ArgumentParser(prog="python -m bpp.stud.experiments.search", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--generations", type=int, default=15)
    ap.add_argument("--population", type=int, default=12)
    ap.add_argument("--elite", type=int, default=4)
    ap.add_argument("--deals", "--hands", dest="hands", type=int, default=1500,
                    help="deals per candidate (played from both seats; --hands is an alias)")
    ap.add_argument("--step", type=float, default=0.15)
    ap.add_argument("--start", default=None, help="JSON file of starting parameters (default: the hand-set start)")
    ap.add_argument("--validation-deals", "--validation-hands", dest="validation_hands", type=int, default=5000,
                    help="fresh deals the result is scored on (default 5000; --validation-hands is an alias)")
    ap.add_argument("--opponent", default="rules")
    ap.add_argument("--player", default="bpp", help="the BPP variant searched for (default bpp); one with split "
                    "curves (bpp-actions, bpp-showing) searches every situation's curves, starting from --start in each")
    ap.add_argument("--upcards-link", choices=("showing", "upcards"), default=None, help="search for the §6.1 network")
    ap.add_argument("--shape", choices=tuple(SHAPE_BOUNDS), default="free", help="'paper': keep §4.1's curve shapes")
    ap.add_argument("--out", required=True, help=f"a new JSON file (the shipped {CURVES_PATH.name} is never written over)")
    args = ap.parse_args(argv)
    try:
        output_paths(args.out)  # before the search: a result is never lost to an existing file
        start = _start(args.start, args.player)
        result = search_curves(
            n_generations=args.generations,
            population=args.population,
            elite=args.elite,
            start=start,
            n_hands=args.hands,
            rng=args.seed,
            step=args.step,
            opponent=args.opponent,
            validation_hands=args.validation_hands,
            bpp_kwargs={"upcards_link": args.upcards_link} if args.upcards_link else None,
            shape=args.shape,
            player=args.player,
        )
        path = result.save(args.out)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps({"path": str(path), "params": result.params.to_dict(), "validation": result.validation}, indent=1))
    return 0


def _start(path, player: str):
    """The search's start: the file at ``path`` (or the hand-set start), split over ``player``'s curve contexts if it has them."""
    contexts = getattr(_factory(player), "curve_contexts", None)
    start = DEFAULT_PARAMS if path is None else load_curves(path)
    if contexts and isinstance(start, CurveParams):
        return CurveSet.uniform(contexts, start)
    if isinstance(start, CurveSet) and start.contexts != tuple(contexts or ()):
        raise ValueError(f"The --start curve set's contexts {start.contexts} are not {player}'s ({contexts}).")
    return start


if __name__ == "__main__":
    raise SystemExit(main())

"""BPP with betting curves that keep §4.1's shapes (Korb1999 §4.1, §5.2).

Run: ``python figures/stud_shape.py [--deals 5000]`` after the constrained
search (about 15 min on one core)::

    python -m bpp.stud.experiments.search --shape paper --seed 12 --generations 12 --population 12 \\
        --elite 4 --hands 3000 --step 0.12 --start bpp/models/stud/curves.json --validation-hands 10000 \\
        --out bpp/models/stud/curves_paper_shape.json

The search keeps every f in [0, 1] (the bet curve right of d = 0, the fold
curve left of it, "the calling curve … displaced to the left").  Writes
``figures/stud_shape.md``: the curves found against the free search's, the
search's own validation (mean ± 95 % CI on 10,000 fresh duplicate deals) and
its per-generation scores, then ``bpp``, ``bpp-up`` and ``bpp-card`` with
the shaped curves against ``rules`` (seed 2002) and ``prob`` (seed 1999),
sampled (the paper) and ``play="argmax"``, on ``--deals`` duplicate deals:
the steps of the registered ``bpp-shape`` experiment
(:func:`bpp.reproduce.stud_calibration.shape_cell`); ``--from-run OUT`` reads
them from a paper-scale ``bpp reproduce --out OUT`` run.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bpp.stud.decision.curves import CURVES_PATH, CurveParams, curve_probabilities
from bpp.reproduce.script import run_script, step_results
from bpp.reproduce.stud_calibration import SHAPE_PLAYERS, SHAPE_SEEDS, shape_steps

SHAPED = CURVES_PATH.with_name("curves_paper_shape.json")


def read_search(path: Path) -> tuple[dict, dict]:
    """The saved curves' search record and its trace (``*_search.json``), checked: one ValueError naming the file."""
    out = []
    for file, keys in ((path, ("validation", "search")), (path.with_name(path.stem + "_search.json"), ("history",))):
        try:
            value = json.loads(file.read_text(encoding="utf-8"), parse_constant=lambda c: float("nan"))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise ValueError(f"{str(file)!r} is not a readable JSON file ({type(exc).__name__}: {exc})") from None
        if not isinstance(value, dict) or any(k not in value for k in keys):
            raise ValueError(f"{str(file)!r} is not a curve-search record (it needs {', '.join(keys)})")
        out.append(value)
    v, s = out[0]["validation"], out[0]["search"]
    try:
        [v[k] for k in ("deals", "mean", "ci95", "t", "start_mean", "start_ci95")]
        [s[k] for k in ("n_generations", "population", "n_hands", "opponent", "seed")]
        [(g["generation"], g["mean_score"], g["best_score"]) for g in out[1]["history"]]
    except (KeyError, TypeError) as exc:
        raise ValueError(f"{str(path)!r} or its search trace lacks {exc} (a damaged or foreign record)") from None
    return out[0], out[1]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--params", type=Path, default=SHAPED)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stud_shape.md"))
    parser.add_argument("--from-run", type=Path, metavar="OUT", help="read the cells from this bpp reproduce run (bpp-shape)")
    args = parser.parse_args(argv)
    shaped, free = CurveParams.load(args.params), CurveParams.load(CURVES_PATH)
    saved, trace = read_search(args.params)
    v = saved["validation"]
    lines = [
        "# BPP with curves that keep §4.1's shapes\n",
        f"Written by `python figures/stud_shape.py --deals {args.deals}`.\n",
        "## The curves\n",
        "| round | f_bet, f_fold, f_call (shaped) | P(fold, call, bet) at d = 0 | f_bet, f_fold, f_call (free search) | P at d = 0 |",
        "|---|---|---|---|---|",
    ]
    for r in range(4):
        a, b = shaped.round(r), free.round(r)
        pa, pb = curve_probabilities(0.0, shaped, r), curve_probabilities(0.0, free, r)
        lines.append(
            f"| {r + 1} | {a[0]:+.3f}, {a[1]:+.3f}, {a[2]:+.3f} | {pa[0]:.2f}, {pa[1]:.2f}, {pa[2]:.2f} | "
            f"{b[0]:+.3f}, {b[1]:+.3f}, {b[2]:+.3f} | {pb[0]:.2f}, {pb[1]:.2f}, {pb[2]:.2f} |"
        )
    s = saved["search"]
    lines += [
        "\n## The search's own numbers\n",
        f"Cross-entropy search, shape `{s.get('shape')}`: {s['n_generations']} generations × {s['population']} candidates, "
        f"{s['n_hands']:,} duplicate deals per candidate against `{s['opponent']}` (seed {s['seed']}).",
        f"Validation on {v['deals']:,} fresh duplicate deals: found {v['mean']:+.3f} "
        f"[{v['ci95'][0]:+.3f}, {v['ci95'][1]:+.3f}] units/hand (t = {v['t']:.2f}); its start (the free curves clipped "
        f"into the box) {v['start_mean']:+.3f} [{v['start_ci95'][0]:+.3f}, {v['start_ci95'][1]:+.3f}].\n",
        "| generation | the mean candidate's score ± 95% CI | best candidate |",
        "|---|---|---|",
    ]
    for g in trace["history"]:
        lines.append(f"| {g['generation'] + 1} | {g['mean_score']:+.3f} ± {g.get('mean_ci95_half', float('nan')):.3f} | {g['best_score']:+.3f} |")
    lines += [
        "\n## The three BPPs with the shaped curves\n",
        f"{args.deals:,} duplicate deals per cell, one learning instance per run; mean ± 95% CI in betting units per hand (t).\n",
        "| player | play | vs rules (seed 2002) | vs prob (seed 1999) |",
        "|---|---|---|---|",
    ]
    shipped = args.params.resolve().parent == SHAPED.resolve().parent  # a shipped file is named, so logs match anywhere
    cells = step_results("bpp-shape", shape_steps(args.deals, args.params.name if shipped else str(args.params.resolve())),
                         from_run=args.from_run, progress=True)
    for player in SHAPE_PLAYERS:
        for play in ("sample", "argmax"):
            row = f"| `{player}` | {play} |"
            for opponent in SHAPE_SEEDS:
                r = cells[f"{player} {play} {opponent}"]
                row += f" {r['mean']:+.3f} ± {(r['ci95'][1] - r['ci95'][0]) / 2:.3f} (t {r['t']:.2f}) |"
            lines.append(row)
    args.out.write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

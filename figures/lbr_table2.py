"""Lisy2017 Table 2: LBR against the chumps (BB/hand), paper beside ours, and the exact best response to always-call.

Run: ``.venv/bin/python figures/lbr_table2.py [--deals 1000] [--workers 2] [--seed 1]``
(equivalently one ``bpp lbr --opponent O --betting B --rounds R --hands N --seed S``
per cell).  Writes ``figures/lbr_table2.md`` and ``figures/lbr_table2.json``.
Each cell is ``--deals`` duplicate deals (2 hands each) with imaginary
observations; the logs go to ``$BPP_CACHE_DIR/lbr`` and an interrupted run
resumes.  The extra row measures how much each variance-reduction technique
narrows the 95 % CI on the same hands.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from holdem.tables import cache_dir

from bpp.lbr.exact import always_call_best_response
from bpp.lbr.run import PAPER_TABLE2
from bpp.reproduce.lbr import cell
from bpp.reproduce.script import run_script

#: Table 2 of Lisy2017 (BB/hand, mean and 95 % CI half-width).
PAPER = PAPER_TABLE2
OPPONENTS = ("call", "call-raise", "random")
#: The definitions the paper leaves open, measured: (opponent, betting, rounds) → deals, run with seed 2.
VARIANTS = {
    **{("random-sizes", b, r): 250 for b, r in PAPER},
    **{("call-raise-pot", b, r): 500 for b, r in PAPER},
    ("random-pot", "fcpa", "3-4"): 250,
    ("call", "fcpa", "4"): 250,
}
VARIANT_SEED = 2


def _cell(paper, ours) -> str:
    p = "0" if paper[1] is None else f"{paper[0]:.1f} ± {paper[1]:.1f}"
    digits = 2 if abs(ours["mean"]) < 0.1 else 1
    return f"{p} | {ours['mean']:.{digits}f} ± {ours['half_width']:.{digits}f}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--br-boards", type=int, default=5000, help="boards for the always-call best response")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("lbr_table2"))
    args = parser.parse_args(argv)
    logs = cache_dir() / "lbr"
    logs.mkdir(parents=True, exist_ok=True)
    results = {}
    for (betting, rounds) in PAPER:
        for opp in OPPONENTS:
            r = cell(betting, rounds, opp, args.deals, rng=args.seed, workers=args.workers, progress=True,
                     log=logs / f"table2_{betting}_{rounds}_{opp}_{args.seed}_{args.deals}.jsonl")
            results[f"{betting} {rounds} {opp}"] = r
            e = r["estimators"]["both"]
            print(f"LBR {betting} {rounds} vs {opp}: {e['mean']:+.2f} ± {e['half_width']:.2f} BB/hand", flush=True)
    variants = {}
    for (opp, betting, rounds), deals in VARIANTS.items():
        variants[f"{betting} {rounds} {opp}"] = cell(betting, rounds, opp, deals, rng=VARIANT_SEED, workers=args.workers,
                                                     progress=True,
                                                     log=logs / f"table2_{betting}_{rounds}_{opp}_{VARIANT_SEED}_{deals}.jsonl")
    br, br_se = always_call_best_response(args.br_boards, rng=args.seed, progress=True)
    lines = [
        f"LBR against the chumps of Lisy2017 Table 2, BB/hand, mean ± 95% CI half-width; ours: {args.deals:,} duplicate "
        f"deals ({2 * args.deals:,} hands) per cell, duplicate + imaginary observations, seed {args.seed}.",
        "",
        "| betting | rounds | call (paper) | call (ours) | call-raise (paper) | call-raise (ours) | random (paper) | random (ours) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (betting, rounds), paper in PAPER.items():
        cells = [_cell(paper[o], results[f"{betting} {rounds} {o}"]["estimators"]["both"]) for o in OPPONENTS]
        lines.append(f"| {betting} | {rounds} | " + " | ".join(cells) + " |")
    lines += [
        "",
        f"Exact best response to always-call (all-in on the river when ahead, else check down; river equity "
        f"enumerated exactly on {args.br_boards:,} random boards): **{br:.2f} ± {1.96 * br_se:.2f} BB/hand** "
        "(the paper: \"approximately 50 BB/h\").",
        "",
        "95% CI half-width of each estimator relative to plain play on the same hands (Lisy2017 §3: duplicate + "
        "imaginary observations together narrowed the CI by roughly 20%):",
        "",
        "| cell | plain | duplicate | imaginary | both |",
        "|---|---|---|---|---|",
    ]
    for key, res in results.items():
        est = res["estimators"]
        plain = est["plain"]["half_width"] or float("nan")
        lines.append(f"| {key} | {est['plain']['half_width']:.2f} BB | "
                     + " | ".join(f"{est[k]['half_width'] / plain:.2f}x" for k in ("duplicate", "imaginary", "both")) + " |")
    lines += [
        "",
        "What the paper leaves open, measured (seed 2; `random-sizes`: uniform over every legal action with each "
        "raise-to total its own action; `call-raise-pot` / `random-pot`: raise-to uniform between the min-raise and "
        "a pot-sized raise; `call fcpa 4`: LBR only on the river):",
        "",
        "| cell | deals | paper | ours (duplicate + imaginary) | duplicate only |",
        "|---|---|---|---|---|",
    ]
    for key, res in variants.items():
        betting, rounds, opp = key.split()
        base = {"random-sizes": "random", "call-raise-pot": "call-raise", "random-pot": "random"}.get(opp, opp)
        paper = PAPER.get((betting, rounds), {}).get(base)
        ptext = "-" if paper is None else ("0" if paper[1] is None else f"{paper[0]:.1f} ± {paper[1]:.1f} ({base})")
        if key == "fcpa 4 call":
            ptext = "\"the full 50 BB/h in expectation\""
        b, d = res["estimators"]["both"], res["estimators"]["duplicate"]
        lines.append(f"| {key} | {res['deals']} | {ptext} | {b['mean']:.1f} ± {b['half_width']:.1f} | "
                     f"{d['mean']:.1f} ± {d['half_width']:.1f} |")
    text = "\n".join(lines) + "\n"
    args.out.with_suffix(".md").write_text(text)
    args.out.with_suffix(".json").write_text(json.dumps({"cells": results, "variants": variants, "always_call_br": [br, br_se],
                                                         "deals": args.deals, "seed": args.seed}, indent=1))
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

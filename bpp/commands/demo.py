"""``bpp demo``: the main job of ``make demo``.

Every part shows one paper's headline claim, the paper's number beside ours with
our 95 % CI and a verdict, as one :class:`Claim` line each:

* Loki's worked example of exact hand strength and potential (Billings1998 §4.2, Table 2);
* five-card stud: BPP beats the rule-based and the probabilistic player (Korb1999 §5.2);
* limit hold'em: the complete Loki beats the basic version (Billings1998 §5, Figure 1);
* five-card draw: the evolving player, trained first, ends ahead of a loose-aggressive table
  (Kendall2001 §3, Table 6 and Figure 4);
* no-limit hold'em: Local Best Response's lower bound on two chumps' exploitability (Lisy2017 Table 2).

The sizes (:data:`SIZES`) come from a power calculation, not from trying seeds:
each is the smallest round size at which the measured effect (and SD) gives a
95 % interval clear of zero with power of about 99 %.  ``--deals N`` caps every
size for a quick look; a line whose interval then covers zero says so.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bpp.commands import positive_int

if TYPE_CHECKING:
    from bpp.lbr.run import LBRResult
    from bpp.loki.experiments import TournamentResult

#: Deals (or hands, for draw) of each part, by the power calculation of :func:`power_size` (95 % two-sided
#: test at about 99 % power), rounded up to a round number: the effect and the per-deal SD are those of the
#: demo's own lines (``bpp demo --json`` records each line's size and 95 % CI; SD = √n × half-width / 1.96), of
#: bpp-card against rules and prob (stud) and of Loki A against E heads-up (hold'em).  Draw: the paper's
#: protocol (5,000 training epochs, then 5 runs of 1,000 hands, Kendall2001 §3), repeated for 5 training
#: seeds.  LBR: 1,000 deals per chump (its value, not its sign, is the claim).
SIZES = {"stud5 rules": 10_000, "stud5 prob": 5_000, "limit-holdem": 3_000, "draw5 hands": 1_000,
         "draw5 runs": 5, "draw5 seeds": 5, "draw5 epochs": 5_000, "lbr": 1_000}

#: The match each stud and hold'em line plays.  Stud: ``bpp-card``, BPP refined as Korb1999 §6.1/§6.3
#: propose (the §4 network as we build it loses to ``rules``: ``bpp reproduce --only bpp``).  Hold'em:
#: Loki A against E heads-up; at the ten-seat table of Figure 1 A's edge is smaller and needs thousands
#: of deals, minutes (``bpp reproduce --only loki``).
PAIRINGS = {
    "stud5 rules": ("bpp-card", "rules"),
    "stud5 prob": ("bpp-card", "prob"),
    "limit-holdem": ("loki", "loki-e"),
}

#: Korb1999 §5.2's t statistics of BPP's winnings (p ≤ 0.01 both).
PAPER_STUD_T = {"rules": 7.84, "prob": 15.8}

#: Lisy2017 Table 2, betting set fcpa, LBR acting in rounds 1-4: the chumps the demo measures and the
#: published lower bounds on their exploitability (big blinds per hand).  ``random-sizes`` is the paper's
#: random chump (every raise size its own legal action; see bpp.lbr.chumps).
LBR_OPPONENTS = {"call": 34.0, "random-sizes": 39.1}

#: Kendall2001 Table 6, loose-aggressive column: the evolving player's units after 1,000 hands (start 10,000).
PAPER_DRAW_LA = 13_342


def power_size(effect: float, sd: float, *, alpha: float = 0.05, power: float = 0.99) -> int:
    """Deals at which a mean ``effect`` with per-deal standard deviation ``sd`` is significant with the given power.

    The normal approximation of a two-sided one-sample test: n = ((z₁₋α/₂ + z_power) · sd / effect)², rounded up
    (the normal approximation of the sample size); :data:`SIZES` rounds it up further.

    >>> power_size(0.5, 1.0)  # (1.96 + 2.33)² × 4
    74
    """
    from scipy.stats import norm

    if not effect or sd <= 0:
        raise ValueError(f"power_size needs a nonzero effect and a positive sd; got effect={effect!r}, sd={sd!r}")
    return math.ceil(((norm.ppf(1 - alpha / 2) + norm.ppf(power)) * sd / effect) ** 2)


@dataclass(frozen=True)
class Claim:
    """One line of the demo: a paper's headline claim, the paper's number beside ours, our 95 % CI, a verdict.

    >>> c = Claim("stud5", "BPP beats rules", "Korb1999 §5.2", "t = 7.84", "+0.12 units/hand", "[+0.07, +0.16]",
    ...           "10 deals", "reproduced")
    >>> c.line()
    '[stud5] BPP beats rules (Korb1999 §5.2): paper t = 7.84 | ours +0.12 units/hand, 95% CI [+0.07, +0.16] | 10 deals | reproduced'
    """

    part: str
    claim: str
    source: str
    paper: str
    ours: str
    ci: str
    size: str
    verdict: str
    why: str = ""

    def line(self) -> str:
        text = (f"[{self.part}] {self.claim} ({self.source}): paper {self.paper} | ours {self.ours}, 95% CI {self.ci} "
                f"| {self.size} | {self.verdict}")
        return text + (f": {self.why}" if self.why else "")

    def to_dict(self) -> dict:
        return asdict(self)


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    from bpp.commands import seed

    parser = subparsers.add_parser(
        "demo",
        help="the main job: each paper's headline claim beside ours (95%% CI), tables and figures written to a folder",
        description="The main job of `make demo`: one line per paper's headline claim, the paper's number beside ours "
        "with its 95%% CI and a verdict: Loki's worked example, BPP against the rule-based and probabilistic players "
        "(stud), the complete Loki against the basic one (limit hold'em), the evolving player trained and then "
        "played (draw), Local Best Response against two no-limit chumps. Tables (text, JSON) and figures go into one "
        "folder; about a minute on two cores.",
    )
    parser.add_argument("--out", default="demo-out",
                        help="folder for tables and figures (default demo-out; if it holds a run, a new run-2, run-3, ... inside it)")
    parser.add_argument("--deals", "--hands", dest="deals", type=positive_int, default=None, metavar="N",
                        help="cap every match at N deals for a quick look (default: the sizes at which each claim is "
                        "significant, bpp.commands.demo.SIZES; --hands is an alias)")
    parser.add_argument("--seed", type=seed, default=2026, help="seed of every match (default 2026)")
    parser.set_defaults(func=run)


def _size(args, key: str) -> int:
    return SIZES[key] if args.deals is None else min(SIZES[key], args.deals)


def _fmt_ci(ci, fmt: str = "{:+.3f}") -> str:
    return f"[{fmt.format(ci[0])}, {fmt.format(ci[1])}]"


def _sign_verdict(ci, n: int, unit: str, capped: bool) -> tuple[str, str]:
    """``reproduced`` when the 95 % interval is clear of zero on the claimed (positive) side, else why not."""
    if ci[0] > 0:
        return "reproduced", ""
    if ci[1] < 0:
        return "not reproduced", "significantly the other way"
    half = (ci[1] - ci[0]) / 2
    return "not significant", (f"{n:,} deals leave ±{half:.3f} {unit}" +
                               (f"; the demo's own sizes ({', '.join(f'{k} {v:,}' for k, v in SIZES.items() if k != 'draw5 runs')}) resolve it"
                                if capped else "; the effect is smaller than this size resolves"))


def loki_example() -> dict:
    """Loki's worked example (Billings1998 §4.2): HS, the Table 2 potential and EHS, as a dict."""
    from holdem.strength import effective_hand_strength, hand_strength, potential

    hole, flop = "As Qc", "3h 4c Jh"
    hs = hand_strength(hole, flop)
    two, one = potential(hole, flop), potential(hole, flop, lookahead=1)
    return {
        "hole": hole,
        "flop": flop,
        "opponent holdings": {"better": hs.behind, "tied": hs.tied, "worse": hs.ahead},
        "HS": round(float(hs.hs), 4),
        "HS_5": round(hand_strength(hole, flop, opponents=5).hs_n, 4),
        "table (rows ahead/tied/behind now, columns after the river)": two.table.astype(int).tolist(),
        "Ppot": round(two.ppot, 4),
        "Npot": round(two.npot, 4),
        "Ppot one card": round(one.ppot, 4),
        "Npot one card": round(one.npot, 4),
        "EHS (one opponent, one card)": round(effective_hand_strength(hole, flop), 4),
    }


def loki_claims(example: dict) -> list[Claim]:
    """Billings1998 §4.2's numbers (HS .585, Ppot .208, Npot .274, one card .108 / .145) beside the enumeration."""
    paper = {"HS": 0.585, "Ppot": 0.208, "Npot": 0.274, "Ppot one card": 0.108, "Npot one card": 0.145}
    same = all(round(example[k], 3) == v for k, v in paper.items())
    return [Claim("loki", "exact hand strength and two-card potential of A♠Q♣ on 3♥4♣J♥", "Billings1998 §4.2, Table 2",
                  ", ".join(f"{k} {v:.3f}" for k, v in paper.items()),
                  ", ".join(f"{k} {example[k]:.4f}" for k in paper),
                  "exact (every one of the 1,081 × 990 cases enumerated, no sampling error)",
                  "all 1,070,190 cases", "reproduced" if same else "not reproduced",
                  "" if same else "an enumerated value differs from the paper's at its precision")]


def stud_claims(results: dict, sizes: dict, capped: bool) -> list[Claim]:
    """Korb1999 §5.2: BPP's winnings against each automated opponent, significant at p ≤ 0.01."""
    claims = []
    for key, r in results.items():
        opp = PAIRINGS[key][1]
        me = r.players[0]
        verdict, why = _sign_verdict(me.ci95, sizes[key], "units/hand", capped)
        if verdict == "reproduced" and me.p > 0.01:
            verdict, why = "not significant", f"p = {me.p:.2g} > 0.01, the paper's level"
        claims.append(Claim(
            "stud5", f"BPP (bpp-card: §6.1/§6.3's refinement) wins against the "
                     f"{'rule-based' if opp == 'rules' else 'probabilistic'} player ({opp})",
            "Korb1999 §5.2", f"t = {PAPER_STUD_T[opp]}, p ≤ 0.01",
            f"{me.name} {me.mean:+.3f} units/hand, t = {me.t:.2f}, p = {me.p:.2g}", _fmt_ci(me.ci95),
            f"{sizes[key]:,} duplicate deals, seed {r.seed}", verdict, why))
    return claims


def holdem_claims(result: TournamentResult, n_deals: int, capped: bool) -> list[Claim]:
    """Billings1998 Figure 1: the complete Loki (A) beats the basic version (E)."""
    a = next(v for v in result.versions if v.name == "loki")
    verdict, why = _sign_verdict(a.ci95, n_deals, "sb/hand", capped)
    return [Claim(
        "limit-holdem", "the complete Loki (A) beats the basic version (E)", "Billings1998 §5, Figure 1",
        "A +0.08, E −0.11 sb/hand at a ten-seat table of versions A–E (A − E = 0.19)",
        f"A {a.mean:+.3f} sb/hand heads-up against E (A − E = {2 * a.mean:+.3f})", _fmt_ci(a.ci95),
        f"{n_deals:,} duplicate deals heads-up (the ten-seat table needs minutes), seed {result.match.seed}",
        verdict, why)]


def draw_claims(sessions: list[dict], hands: int, runs: int, epochs: int) -> list[Claim]:
    """Kendall2001 Table 6 (loose-aggressive) and Figure 4 from ``sessions`` (one per training seed).

    Each session: ``{"final": bankroll after training, "evolving": [units after ``hands`` per run],
    "best_other": [the best fixed player's units per run]}``; CIs are over the training seeds.
    """
    from holdem.match.stats import summarize

    n = len(sessions)
    units = summarize([sum(s["evolving"]) / runs for s in sessions])
    margin = summarize([sum(e - b for e, b in zip(s["evolving"], s["best_other"])) / runs for s in sessions])
    final = summarize([s["final"] for s in sessions])
    size = f"{n} training seeds × ({epochs:,} epochs, then {runs} runs of {hands:,} hands, values frozen)"
    ahead = margin.ci95[0] > 0
    in_ci = units.ci95[0] <= PAPER_DRAW_LA <= units.ci95[1]
    back = final.ci95[0] > 10_000
    return [
        Claim("draw5", "trained, the evolving player ends ahead of all four loose-aggressive players",
              "Kendall2001 §3, Table 6", f"{PAPER_DRAW_LA:,} units after 1,000 hands (start 10,000; the others ≤ 9,696)",
              f"{units.mean:,.0f} units, {margin.mean:+,.0f} over the best other player (CI {_fmt_ci(margin.ci95, '{:+,.0f}')})",
              _fmt_ci(units.ci95, "{:,.0f}"), size,
              "reproduced" if ahead else "not reproduced",
              ("" if in_ci else "ahead, by a different margin than the paper's") if ahead else
              f"the margin over the best fixed player is not significant at {n} seeds"),
        Claim("draw5", "while training it loses first, then wins back more than its 10,000 start",
              "Kendall2001 §3, Figure 4", "above 10,000 by the end of training",
              f"bankroll {final.mean:,.0f} after {epochs:,} epochs (lowest of a session {min(s['lowest'] for s in sessions):,})",
              _fmt_ci(final.ci95, "{:,.0f}"), f"{n} training seeds at the loose-aggressive table",
              "reproduced" if back else "not reproduced",
              "" if back else "the untrained player's raises cost more than the paper's at our reading of the open "
              "points (drawing, fixed players' checks, which hand learns); bpp reproduce --only kendall"),
    ]


def lbr_claims(results: Sequence[LBRResult]) -> list[Claim]:
    """Lisy2017 Table 2: LBR's lower bound on each chump's exploitability (fcpa, rounds 1-4)."""
    claims = []
    for r in results:
        v, paper = r.value, LBR_OPPONENTS[r.opponent]
        inside = v.ci95[0] <= paper <= v.ci95[1]
        claims.append(Claim(
            "nolimit-holdem", f"LBR (fcpa, rounds 1-4) exploits the {r.opponent} chump by at least", "Lisy2017 Table 2",
            f"{paper:.1f} BB/hand", f"{v.mean:.1f} BB/hand", _fmt_ci(v.ci95, "{:.1f}"),
            f"{r.n_deals:,} duplicate deals, imaginary observations, seed {r.seed}",
            "reproduced" if inside else "not reproduced",
            "" if inside else f"the paper's value lies {'below' if paper < v.ci95[0] else 'above'} our interval"))
    return claims


def _stud(args, out, summary, capped) -> list[Claim]:
    from bpp.plots import plot_bankrolls, save_figure
    from holdem.games import Stud5
    from holdem.match import play_match

    results, sizes = {}, {}
    for key in ("stud5 rules", "stud5 prob"):
        sizes[key] = _size(args, key)
        results[key] = play_match(Stud5(n_players=2), list(PAIRINGS[key]), sizes[key], rng=args.seed, duplicate=True,
                                  progress=sys.stderr.isatty())
        summary[key] = results[key].to_dict()
    lines = plot_bankrolls(results["stud5 rules"])
    save_figure(lines[0].axes, out / "stud5_bankroll.png")
    return stud_claims(results, sizes, capped)


def _holdem(args, out, summary, capped) -> list[Claim]:
    from bpp.loki.experiments import versions_match
    from bpp.plots import plot_bankrolls, save_figure

    n = _size(args, "limit-holdem")
    result = versions_match(list(PAIRINGS["limit-holdem"]), n, rng=args.seed, progress=sys.stderr.isatty())
    summary["limit-holdem"] = result.match.to_dict()
    lines = plot_bankrolls(result.match)
    save_figure(lines[0].axes, out / "limit-holdem_bankroll.png")
    return holdem_claims(result, n, capped)


def _draw(args, out, summary) -> list[Claim]:
    """Train first (Kendall2001 Figure 4), then play the trained player with its values frozen (Table 6)."""
    import numpy as np

    from bpp.kendall import train
    from bpp.kendall.plots import plot_learning_curves
    from bpp.kendall.training import evaluate
    from bpp.plots import save_figure

    table, epochs = "loose-aggressive", SIZES["draw5 epochs"]
    hands, runs = _size(args, "draw5 hands"), SIZES["draw5 runs"]
    seeds = [int(s) for s in np.random.SeedSequence(args.seed).generate_state(SIZES["draw5 seeds"])]
    sessions, trained = [], []
    for seed in seeds:
        t = train(table, epochs, rng=seed, progress=sys.stderr.isatty())
        t6 = evaluate(t.player, hands=hands, runs=runs, tables=(table,), rng=seed)
        bank = t6.bankroll[table]
        sessions.append({"seed": seed, "final": int(t.curve[-1]), "lowest": int(t.curve.min()),
                         "evolving": bank[:, 0].tolist(), "best_other": bank[:, 1:].max(axis=1).tolist(),
                         "table5_last": t.table5()[-1]})
        trained.append(t)
    summary["draw5"] = {"table": table, "epochs": epochs, "hands": hands, "runs": runs, "sessions": sessions}
    artists = plot_learning_curves(trained, spread=True, label=f"mean of {len(trained)} seeds")
    save_figure(artists[0].axes, out / "draw5_learning.png")
    return draw_claims(sessions, hands, runs, epochs)


def _lbr(args, out, summary) -> list[Claim]:
    """LBR (fcpa, rounds 1-4) against :data:`LBR_OPPONENTS` in heads-up no-limit, and its figure."""
    from bpp.lbr import run_lbr
    from bpp.lbr.plots import plot_exploitability
    from bpp.plots import save_figure

    deals = _size(args, "lbr")
    results = [run_lbr(name, betting="fcpa", rounds="1-4", n_deals=deals, rng=args.seed,
                       progress=sys.stderr.isatty()) for name in LBR_OPPONENTS]
    summary["nolimit-holdem"] = {"lbr": [r.to_dict() for r in results], "paper_bb_per_hand": LBR_OPPONENTS}
    artists = plot_exploitability(results, paper=LBR_OPPONENTS)
    save_figure(artists[0].patches[0].axes, out / "nolimit-holdem_lbr.png")
    return lbr_claims(results)


def run(args: argparse.Namespace) -> int:
    import matplotlib

    matplotlib.use("Agg")  # the demo writes files; it never opens a window
    from holdem.files import fresh_output_path

    out = fresh_output_path(args.out, "demo results", "--out", folder=True)  # before any work; never over a run
    if out != Path(args.out):
        print(f"{args.out} holds an earlier run, which is kept: this run is written to {out}/\n")
    capped = args.deals is not None and any(args.deals < v for v in SIZES.values())
    start = time.perf_counter()
    summary: dict = {"seed": args.seed, "sizes": {k: _size(args, k) for k in SIZES}}

    example = loki_example()
    (out / "loki_example.json").write_text(json.dumps(example, indent=2) + "\n")
    summary["loki_example"] = example
    print("Each line: a paper's headline claim, the paper's number, ours with its 95% CI, the sample, the verdict.\n")
    claims: list[Claim] = []
    parts = (("loki", lambda: loki_claims(example)), ("stud5", lambda: _stud(args, out, summary, capped)),
             ("limit-holdem", lambda: _holdem(args, out, summary, capped)), ("draw5", lambda: _draw(args, out, summary)),
             ("nolimit-holdem", lambda: _lbr(args, out, summary)))
    seconds = {}
    for name, part in parts:
        t0 = time.perf_counter()
        new = part()
        seconds[name] = round(time.perf_counter() - t0, 1)
        for c in new:
            print(c.line())
        sys.stdout.flush()
        claims += new
    total = time.perf_counter() - start
    summary["claims"] = [c.to_dict() for c in claims]
    summary["seconds"] = {**seconds, "total": round(total, 1)}
    tail = f"({', '.join(f'{k} {v} s' for k, v in seconds.items())}; {total:.1f} s in all)"
    print(f"\n{tail}")
    (out / "results.txt").write_text("\n".join(c.line() for c in claims) + f"\n{tail}\n")
    (out / "results.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(f"tables and figures written to {out.resolve()}/ (results.txt, results.json, stud5_bankroll.png, "
          "limit-holdem_bankroll.png, draw5_learning.png, nolimit-holdem_lbr.png, loki_example.json)")
    return 0

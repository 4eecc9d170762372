"""``bpp demo``: the main job of ``make demo``.

It reproduces Loki's worked example of exact hand strength and potential
(Billings1998 §4.2, Table 2), then plays a short duplicate match of each game — five-card
stud, limit hold'em and five-card draw — between the agents of its paper (see
:data:`PAIRINGS`), measures Local Best Response against two of Lisy2017's heads-up
no-limit chumps (:data:`LBR_OPPONENTS`, Table 2's fcpa 1-4 row), and writes the
results tables (text and JSON) and figures into one folder.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bpp.commands import positive_int

#: The match each game's demo plays: the agents of its paper (the strongest BPP against the rule-based
#: player of Korb1999 §5.1; Poki against Loki; Kendall2001's evolving player with the four fixed styles).
PAIRINGS = {
    "stud5": ("bpp-card", "rules"),
    "limit-holdem": ("poki", "loki"),
    "draw5": ("evolving", "loose-aggressive", "loose-passive", "tight-aggressive", "tight-passive"),
}

#: Lisy2017 Table 2, betting set fcpa, LBR acting in rounds 1-4: the chumps the demo measures and the
#: published lower bounds on their exploitability (big blinds per hand).  ``random-sizes`` is the paper's
#: random chump (every raise size its own legal action; see bpp.lbr.chumps).
LBR_OPPONENTS = {"call": 34.0, "random-sizes": 39.1}


def register(subparsers) -> None:
    from bpp.commands import seed

    parser = subparsers.add_parser(
        "demo",
        help="the main job: Loki's worked example and a short match of each game, written to a folder",
        description="The main job of `make demo`: Loki's worked example of hand strength and potential, then a short "
        "duplicate match of stud, limit hold'em and draw between the agents of their papers, and Local Best "
        "Response's lower bound on two no-limit chumps' exploitability; tables (text, JSON) and figures go into one "
        "folder.",
    )
    parser.add_argument("--out", default="demo-out",
                        help="folder for tables and figures (default demo-out; if it holds a run, a new run-2, run-3, ... inside it)")
    parser.add_argument("--deals", "--hands", dest="deals", type=positive_int, default=2000, metavar="N",
                        help="deals per match, each played once per seating (default 2000; --hands is an alias)")
    parser.add_argument("--seed", type=seed, default=2026, help="seed of every match (default 2026)")
    parser.set_defaults(func=run)


def loki_example() -> dict:
    """Loki's worked example (Billings1998 §4.2): HS, the Table 2 potential and EHS, as a dict."""
    from holdem.enumerate import effective_hand_strength, hand_strength, potential

    hole, flop = "As Qc", "3h 4c Jh"
    hs = hand_strength(hole, flop)
    two, one = potential(hole, flop), potential(hole, flop, lookahead=1)
    return {
        "hole": hole,
        "flop": flop,
        "opponent holdings": {"better": hs.behind, "tied": hs.tied, "worse": hs.ahead},
        "HS": round(hs.hs, 4),
        "HS_5": round(hand_strength(hole, flop, opponents=5).hs_n, 4),
        "table (rows ahead/tied/behind now, columns after the river)": two.table.astype(int).tolist(),
        "Ppot": round(two.ppot, 4),
        "Npot": round(two.npot, 4),
        "Ppot one card": round(one.ppot, 4),
        "Npot one card": round(one.npot, 4),
        "EHS (one opponent, one card)": round(effective_hand_strength(hole, flop), 4),
    }


def _lbr(args, out, summary) -> str:
    """LBR (fcpa, rounds 1-4) against :data:`LBR_OPPONENTS` in heads-up no-limit: the table and its figure."""
    from bpp.lbr import run_lbr
    from bpp.lbr.plots import plot_exploitability
    from bpp.plots import save_figure

    deals = min(args.deals, 500)  # LBR plays ~60-200 hands/s: at most 500 deals keep the demo short
    start = time.perf_counter()
    results = [run_lbr(name, betting="fcpa", rounds="1-4", n_deals=deals, seed=args.seed,
                       progress=sys.stderr.isatty()) for name in LBR_OPPONENTS]
    lines = [r.table() + f"\n  Lisy2017 Table 2: {LBR_OPPONENTS[r.opponent]:.1f} BB/hand" for r in results]
    text = "\n".join(lines) + f"\n({time.perf_counter() - start:.1f} s)\n"
    print(text)
    summary["nolimit-holdem"] = {"lbr": [r.to_dict() for r in results], "paper_bb_per_hand": LBR_OPPONENTS}
    artists = plot_exploitability(results, paper=LBR_OPPONENTS)
    save_figure(artists[0].patches[0].axes, out / "nolimit-holdem_lbr.png")
    return text


def _kendall_training(args, out, summary) -> str:
    """Kendall2001 Figure 4: the evolving player learning at a loose-aggressive table, with Table 5's last row."""
    from bpp.kendall import train
    from bpp.kendall.plots import plot_learning_curves
    from bpp.plots import save_figure

    start = time.perf_counter()
    result = train("loose-aggressive", 5000, rng=args.seed, progress=sys.stderr.isatty())
    row = result.table5()[-1]
    text = (f"draw5: the evolving player trained for 5,000 hands at a loose-aggressive table (Kendall2001 Figure 4): "
            f"bankroll {result.curve[-1]:,} (start 10,000, lowest {result.curve.min():,}); by epoch {row['epoch']:,} "
            f"it played {row['pct_played']}% of hands and won {row['pct_won']}% of those (paper: 55.5% and 33.6%) "
            f"({time.perf_counter() - start:.1f} s)\n")
    print(text)
    summary["draw5_training"] = {"table": "loose-aggressive", "epochs": 5000, "final_bankroll": int(result.curve[-1]),
                                 "table5": result.table5()}
    artists = plot_learning_curves(result)
    save_figure(artists[0].axes, out / "draw5_learning.png")
    return text


def run(args) -> int:
    import matplotlib

    matplotlib.use("Agg")  # the demo writes files; it never opens a window
    from bpp.plots import plot_bankrolls, save_figure
    from holdem.games import Draw5, LimitHoldem, Stud5
    from holdem.match import play_match

    from holdem.files import fresh_output_path

    out = fresh_output_path(args.out, "demo results", "--out", folder=True)  # before any work; never over a run
    if out != Path(args.out):
        print(f"{args.out} holds an earlier run, which is kept: this run is written to {out}/\n")
    summary: dict = {}

    example = loki_example()
    (out / "loki_example.json").write_text(json.dumps(example, indent=2) + "\n")
    summary["loki_example"] = example
    print("Loki's worked example (Billings1998 §4.2): A♠Q♣ on 3♥4♣J♥")
    print(f"  opponents' holdings better/tied/worse: {example['opponent holdings']}  HS = {example['HS']}")
    table = example["table (rows ahead/tied/behind now, columns after the river)"]
    for name, row in zip(("ahead", "tied", "behind"), table):
        print(f"  {name:>6} now: " + "  ".join(f"{x:>8,}" for x in row))
    print(f"  Ppot = {example['Ppot']}, Npot = {example['Npot']} (one card: {example['Ppot one card']}, {example['Npot one card']})\n")

    games = {"stud5": Stud5, "limit-holdem": LimitHoldem, "draw5": Draw5}
    texts = []
    for name, agents in PAIRINGS.items():
        game = games[name](n_players=len(agents))
        start = time.perf_counter()
        result = play_match(game, list(agents), args.deals, rng=args.seed, duplicate=True, progress=sys.stderr.isatty())
        seconds = time.perf_counter() - start
        texts.append(result.table() + f"\n({seconds:.1f} s)\n")
        print(texts[-1])
        summary[name] = result.to_dict()
        lines = plot_bankrolls(result)
        save_figure(lines[0].axes, out / f"{name}_bankroll.png")
    texts.append(_kendall_training(args, out, summary))
    texts.append(_lbr(args, out, summary))
    (out / "results.txt").write_text("\n".join(texts))
    (out / "results.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(f"tables and figures written to {out.resolve()}/ (results.txt, results.json, *_bankroll.png, draw5_learning.png, nolimit-holdem_lbr.png, loki_example.json)")
    return 0

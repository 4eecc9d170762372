"""``bpp demo``: the main job of ``make demo``.

It reproduces Loki's worked example of exact hand strength and potential
(Billings1998 §4.2, Table 2), then plays a short duplicate match of each game — five-card
stud, limit hold'em, heads-up no-limit hold'em and five-card draw — between the
agents of its paper (see :data:`PAIRINGS`), and writes the results tables (text and
JSON) and bankroll figures into one folder.  A game whose program is not in this
version is reported as missing, never replaced by a meaningless pairing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bpp.commands import positive_int

#: The pairing each game's demo match plays, best first: the first whose agents are all registered is
#: played.  No trivial fallback (raise against call in no-limit means nothing): a game whose program is
#: not in this version is reported as missing, naming what it waits for.
PAIRINGS = {
    "stud5": ((("bpp-card", "rules"), ("bpp", "rules")), "the Bayesian Poker Program (bpp.stud)"),
    "limit-holdem": ((("poki", "loki"), ("loki", "loki-e")), "Loki and Poki (bpp.loki)"),
    # Lisy2017 Table 2: Local Best Response against a chump; LBR plays as agent 'lbr' once it is registered
    "nolimit-holdem": ((("lbr", "call-raise"),), "Local Best Response (bpp.lbr)"),
    # Kendall2001 §4: the evolving player at a five-player table with the four fixed styles
    "draw5": ((("evolving", "loose-aggressive", "loose-passive", "tight-aggressive", "tight-passive"),),
              "the Kendall-Willdig players (bpp.kendall)"),
}


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="the main job: Loki's worked example and a short match of each game, written to a folder",
        description="The main job of `make demo`: Loki's worked example of hand strength and potential, then a short "
        "duplicate match of each game between the agents of its paper; tables (text, JSON) and bankroll figures go "
        "into one folder. A game whose program is not in this version is reported as missing.",
    )
    parser.add_argument("--out", default="demo-out", help="folder for tables and figures (default demo-out)")
    parser.add_argument("--deals", "--hands", dest="deals", type=positive_int, default=2000, metavar="N",
                        help="deals per match, each played once per seating (default 2000; --hands is an alias)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of both matches (default 2026)")
    parser.set_defaults(func=run)


def _pick(pairings, known) -> tuple[str, ...] | None:
    return next((p for p in pairings if all(name in known for name in p)), None)


def loki_example() -> dict:
    """Loki's worked example (001 §4.2): HS, the Table 2 potential and EHS, as a dict."""
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


def run(args) -> int:
    import matplotlib

    matplotlib.use("Agg")  # the demo writes files; it never opens a window
    from bpp.plots import plot_bankrolls, save_figure
    from bpp.registry import list_agents
    from holdem.games import Draw5, LimitHoldem, NoLimitHoldem, Stud5
    from holdem.match import play_match

    from holdem.files import check_output_path

    out = check_output_path(args.out, "demo results", folder=True)  # before any work
    summary: dict = {}

    example = loki_example()
    (out / "loki_example.json").write_text(json.dumps(example, indent=2) + "\n")
    summary["loki_example"] = example
    print("Loki's worked example (001 §4.2): A♠Q♣ on 3♥4♣J♥")
    print(f"  opponents' holdings better/tied/worse: {example['opponent holdings']}  HS = {example['HS']}")
    table = example["table (rows ahead/tied/behind now, columns after the river)"]
    for name, row in zip(("ahead", "tied", "behind"), table):
        print(f"  {name:>6} now: " + "  ".join(f"{x:>8,}" for x in row))
    print(f"  Ppot = {example['Ppot']}, Npot = {example['Npot']} (one card: {example['Ppot one card']}, {example['Npot one card']})\n")

    known = set(list_agents())
    games = {"stud5": Stud5, "limit-holdem": LimitHoldem, "nolimit-holdem": NoLimitHoldem, "draw5": Draw5}
    texts = []
    for name, (pairings, program) in PAIRINGS.items():
        agents = _pick(pairings, known)
        if agents is None:
            missing = sorted({a for a in pairings[0] if a not in known})
            note = f"{name}: not played: this version lacks {program} (agents {', '.join(missing)} missing)"
            texts.append(note + "\n")
            print(note + "\n")
            summary[name] = {"missing": note}
            continue
        game = games[name](n_players=len(agents)) if name != "nolimit-holdem" else games[name]()
        start = time.perf_counter()
        result = play_match(game, list(agents), args.deals, rng=args.seed, duplicate=True, progress=sys.stderr.isatty())
        seconds = time.perf_counter() - start
        texts.append(result.table() + f"\n({seconds:.1f} s)\n")
        print(texts[-1])
        summary[name] = result.to_dict()
        lines = plot_bankrolls(result)
        save_figure(lines[0].axes, out / f"{name}_bankroll.png")
    (out / "results.txt").write_text("\n".join(texts))
    (out / "results.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(f"tables and figures written to {out.resolve()}/ (results.txt, results.json, *_bankroll.png, loki_example.json)")
    return 0

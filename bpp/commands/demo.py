"""``bpp demo``: the main job of ``make demo``.

It reproduces Loki's worked example of exact hand strength and potential
(seeds/001 §4.2, Table 2), then plays a short duplicate match of each game — five-card
stud, limit hold'em, heads-up no-limit hold'em and five-card draw — between the
strongest agents the registry knows, and writes
the results tables (text and JSON) and bankroll figures into one folder.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bpp.commands import positive_int

#: Preferred pairings, best first: the first whose agents are all registered is played.
STUD_AGENTS = (("bpp-card", "rules"), ("bpp", "rules"), ("random", "call"))
HOLDEM_AGENTS = (("poki", "loki"), ("loki", "loki-e"), ("raise", "call"))
NOLIMIT_AGENTS = (("lbr", "random"), ("raise", "call"))
DRAW_AGENTS = (("evolving", "loose-aggressive", "tight-passive", "loose-passive", "tight-aggressive"), ("random", "call", "raise", "call", "random"))


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="the main job: Loki's worked example and a short match of each game, written to a folder",
        description=__doc__.splitlines()[0],
    )
    parser.add_argument("--out", default="demo-out", help="folder for tables and figures (default demo-out)")
    parser.add_argument("--hands", type=positive_int, default=2000, help="deals per match (default 2000)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of both matches (default 2026)")
    parser.set_defaults(func=run)


def _pick(pairings, known) -> tuple[str, ...]:
    return next(p for p in pairings if all(name in known for name in p))


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

    matplotlib.use("Agg")
    from bpp.plots import plot_bankrolls, save_figure
    from bpp.registry import list_agents, match_agents
    from holdem.games import Draw5, LimitHoldem, NoLimitHoldem, Stud5
    from holdem.match import play_match

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
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
    matches = [
        ("stud5", Stud5(), _pick(STUD_AGENTS, known)),
        ("limit-holdem", LimitHoldem(), _pick(HOLDEM_AGENTS, known)),
        ("nolimit-holdem", NoLimitHoldem(), _pick(NOLIMIT_AGENTS, known)),
        ("draw5", Draw5(), _pick(DRAW_AGENTS, known)),
    ]
    texts = []
    for name, game, agents in matches:
        start = time.perf_counter()
        seats = match_agents(list(agents), seed=args.seed)  # learning agents keep one state for the match
        result = play_match(game, seats, args.hands, rng=args.seed, duplicate=True, progress=sys.stderr.isatty())
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

"""BPP at a multi-seat stud table (Korb1999 §6.2): ``bpp-multi`` against the table-as-one-opponent baseline, and P(win)'s calibration.

Run: ``nice -n 10 python figures/stud_multi.py [--deals 2000] [--seats 3 5] [--plays sample argmax]``.
Writes ``figures/stud_multi.md`` from ``figures/stud_multi_runs.jsonl`` (one
line per finished cell, appended; a cell already there is not replayed, so an
interrupted run resumes, and several runs, e.g. one per ``--seats``, can share
the file) and ``figures/stud_multi_calibration.jsonl`` (one line per table
size and model; ``--calibration-deals 0`` skips the calibration).

Winnings: at a table of ``n`` seats BPP plays ``n - 1`` copies of one
opponent (``rules``, ``prob``, ``bluffer``, ``slowplay``, ``loose``),
``--deals`` duplicate deals, every deal replayed in each of the ``n`` cyclic
seat rotations, one learning BPP instance per cell, the seed of
``figures/stud_variants.py`` for the opponent (plus 100 × seats).  Two BPPs
play the same deals with the same seeds:

* ``bpp-multi`` (:class:`bpp.stud.players.multi.MultiBPPPlayer`): one
  opponent sub-network and M_A|C per seat, P(win) against every live
  opponent;
* ``bpp-strongest``, the baseline: ``bpp``'s heads-up network (Figure 1)
  reading the table as one opponent, the live opponent with the strongest
  showing, with one M_A|C learned from every opponent's showdowns — the same
  class with ``opponent_model="strongest"``.

Both use θ for ``n`` players (:func:`bpp.stud.decision.player.multiway_theta`).
Cells give BPP's mean ± 95 % CI in betting units per hand (the per-deal mean
over the rotations is the sample) and the paired difference
``bpp-multi − bpp-strongest`` on the same deals.

Calibration (``--calibration-deals``, default 1,000 per table size): BPP in
seat 0 against ``rules`` opponents, the button moving; at every decision
BPP's P(win) is set beside the truth — BPP's share of the pot if every hand
still live were dealt out to five cards (known from the deal) — grouped by
the number of live opponents; beside it the same network's P(win) with every
OPP_Action left unobserved ("cards only"), which separates the error of the
hand-type, independent-opponents reading from that of the action model.

Interrelation (``--interrelation-situations``, default 300 per round and number
of opponents; ``figures/stud_multi_interrelation.jsonl``): random visible
situations (BPP's cards and every opponent's up cards, nobody folded, no
actions), and three P(win) for each: (a) the network's (hand types, opponents
independent, cards seen elsewhere ignored); (b) the same hand-type share
(ties at type level split 1 / (1 + j)) with every hand completed *jointly*
from the one remaining deck (2,000 completions); (c) the true card-level
share from those completions.  a − b is the cost of reading the opponents
as independent (the interrelation through the deck), b − c that of hand
types and the type-level tie rule.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
from tqdm import tqdm

from holdem.evaluate import evaluate
from holdem.files import read_jsonl
from holdem.games import Stud5
from holdem.match import play_match
from holdem.play import HandDriver
from holdem.match.stats import summarize

from bpp.reproduce.script import cached_cell, run_script
from bpp.reproduce.stud_cells import OPPONENTS, SEEDS  # the opponents and seeds of the variants table
from bpp.stud.players.multi import MultiBPPPlayer

HERE = Path(__file__).resolve().parent
PLAYERS = {"bpp-multi": "per_seat", "bpp-strongest": "strongest"}


def _cell_key(seats, opponent, player, play, deals):
    return (int(seats), opponent, player, play, int(deals))


def read_runs(path: Path) -> dict:
    """Finished cells of the runs file, by (seats, opponent, player, play, deals)."""
    runs = {}
    for r in read_jsonl(path, fields=("seats", "opponent", "player", "play", "deals")):  # a damaged line is one ValueError naming the file and the line
        runs[_cell_key(r["seats"], r["opponent"], r["player"], r["play"], r["deals"])] = r
    return runs


def play_cell(seats: int, opponent: str, player: str, play: str, deals: int) -> dict:
    """One cell: BPP against ``seats - 1`` copies of ``opponent``, duplicate; the per-deal sums in half units."""
    seed = SEEDS[opponent] + 100 * seats
    bpp = MultiBPPPlayer(opponent_model=PLAYERS[player], play=play, rng=np.random.default_rng([seed, 7]))
    result = play_match(Stud5(n_players=seats), [bpp] + [opponent] * (seats - 1), deals, rng=seed, duplicate=True)
    per_deal = result.winnings[:, 0].reshape(-1, seats).sum(axis=1)  # units per deal, all rotations
    s = summarize(per_deal / seats)
    return {
        "seats": seats, "opponent": opponent, "player": player, "play": play, "deals": deals, "seed": seed,
        "mean": s.mean, "ci95": list(s.ci95), "t": s.t,
        "deal_half_units": [int(round(2 * x)) for x in per_deal.tolist()],
    }


def calibration(seats: int, deals: int, *, seed: int = 62, opponent: str = "rules") -> list[tuple[int, float, float]]:
    """(live opponents, predicted P(win), true share) at every decision of ``bpp-multi`` (seat 0) and the baseline."""
    from bpp.registry import make_agent

    rows = []
    for model in ("per_seat", "strongest"):
        rng = np.random.default_rng([seed, seats])
        game = Stud5(n_players=seats)
        bpp = MultiBPPPlayer(opponent_model=model, rng=np.random.default_rng([seed, seats, 1]))
        agents = [bpp] + [make_agent(opponent, rng=np.random.default_rng([seed, seats, 2 + i])) for i in range(seats - 1)]

        def record(p, obs, action, model=model):
            if p != 0:
                return
            live = [s for s in range(1, seats) if not obs.folded[s]]
            best = max(ranks[s] for s in live)
            truth = 0.0 if best > ranks[0] else 1.0 / (1 + sum(ranks[s] == ranks[0] for s in live))
            p_cards = round(bpp.win_probability(obs, use_actions=False), 6)
            theta = round(bpp.decision(obs)["theta"], 6)
            rows.append((model, len(live), round(bpp.win_probability(obs), 6), truth, p_cards, theta,
                         int(obs.to_call > 0), int(action.kind)))

        driver = HandDriver(agents, on_decision=record)
        for hand in tqdm(range(deals), desc=f"calibration {seats} seats {model}", leave=False):
            deal = rng.permutation(52)
            button = hand % seats
            ranks = evaluate(game.showdown_cards(deal[None], button)[0])
            driver.play(game.new_hand(deal, button=button))
    return rows


#: Fields of a calibration row (the runs file's "columns"; lines without it have the first five).
CALIBRATION_COLUMNS = ("model", "live", "p_win", "truth", "p_cards", "theta", "facing_bet", "action")


def read_calibration(path: Path, deals: int) -> dict:
    """Calibration rows already computed for ``deals`` deals with every column of :data:`CALIBRATION_COLUMNS`, by table size (the last line wins)."""
    out = {}
    for r in read_jsonl(path, fields=("deals", "seats", "rows")):
        if r["deals"] == deals and tuple(r.get("columns", ())) == CALIBRATION_COLUMNS:
            out[r["seats"]] = [tuple(x) for x in r["rows"]]
    return out


def interrelation(n_situations: int, *, n_samples: int = 2000, seed: int = 63, opponents=(1, 2, 4)) -> list[dict]:
    """The three P(win) of the module docstring for random visible situations, by round and number of opponents."""
    from holdem.evaluate import evaluate_unchecked

    from bpp.stud.model.handtypes import final_types_from_classes, hand_type_of
    from bpp.stud.model.multi import CompiledMultiNet
    from bpp.stud.model.networks import load_cpts

    cpts = load_cpts()
    rng = np.random.default_rng(seed)
    out = []
    for r in range(4):
        k = r + 2
        for m in opponents:
            net = CompiledMultiNet(cpts[r], m + 1)
            a_s, b_s, c_s = [], [], []
            for _ in tqdm(range(n_situations), desc=f"interrelation round {r}, {m} opponents", leave=False):
                deck = rng.permutation(52).astype(np.int8)
                mine = deck[:k]
                ups = [deck[k + i * (k - 1): k + (i + 1) * (k - 1)] for i in range(m)]
                pool = deck[k + m * (k - 1):]
                a_s.append(net.p_win(hand_type_of(mine.tolist()), [(hand_type_of(u.tolist()), None) for u in ups]))
                fill = rng.permuted(np.tile(pool, (n_samples, 1)), axis=1)
                hands = np.empty((m + 1, n_samples, 5), dtype=np.int8)
                hands[0, :, :k] = mine
                hands[0, :, k:] = fill[:, : 5 - k]
                start = 5 - k
                for i, u in enumerate(ups, start=1):
                    hands[i, :, : k - 1] = u
                    hands[i, :, k - 1:] = fill[:, start: start + 6 - k]
                    start += 6 - k
                ranks = evaluate_unchecked(hands)
                types = final_types_from_classes(ranks).astype(np.int64)
                for values, store in ((types, b_s), (ranks, c_s)):
                    best = values[1:].max(axis=0)
                    ties = (values[1:] == values[0]).sum(axis=0)
                    store.append(float(np.where(values[0] >= best, 1.0 / (1 + ties), 0.0).mean()))
            a, b, c = np.array(a_s), np.array(b_s), np.array(c_s)
            row = {"round": r, "opponents": m, "situations": n_situations, "samples": n_samples,
                   "network": a.mean(), "types_joint": b.mean(), "truth": c.mean()}
            for name, d in (("a_minus_c", a - c), ("a_minus_b", a - b), ("b_minus_c", b - c)):
                sm = summarize(d)
                row[name] = [sm.mean, sm.ci95[1] - sm.mean, float(np.abs(d).mean())]
            out.append(row)
    return out


def interrelation_table(rows) -> list[str]:
    lines = ["| round | opponents | network (a) | types, joint deal (b) | truth (c) | a − c ± 95% CI (mean abs) "
             "| a − b: independence (mean abs) | b − c: hand types (mean abs) |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        cells = " | ".join(f"{v[0]:+.3f} ± {v[1]:.3f} ({v[2]:.3f})" for v in (r["a_minus_c"], r["a_minus_b"], r["b_minus_c"]))
        lines.append(f"| {r['round'] + 1} | {r['opponents']} | {r['network']:.3f} | {r['types_joint']:.3f} | {r['truth']:.3f} | {cells} |")
    return lines


def calibration_table(rows) -> list[str]:
    lines = ["| model | live opponents | decisions | mean P(win) | true share ± 95% CI | bias (P − truth) ± 95% CI | Brier "
             "| cards only: bias ± 95% CI | Brier |",
             "|---|---|---|---|---|---|---|---|---|"]
    for model in ("per_seat", "strongest"):
        for live in sorted({r[1] for r in rows if r[0] == model}):
            sel = np.array([(r[2], r[3], r[4]) for r in rows if r[0] == model and r[1] == live])
            if len(sel) < 2:
                continue
            truth, bias = summarize(sel[:, 1]), summarize(sel[:, 0] - sel[:, 1])
            brier = float(np.mean((sel[:, 0] - sel[:, 1]) ** 2))
            cards = summarize(sel[:, 2] - sel[:, 1])
            brier_cards = float(np.mean((sel[:, 2] - sel[:, 1]) ** 2))
            name = "`bpp-multi`" if model == "per_seat" else "`bpp-strongest`"
            lines.append(
                f"| {name} | {live} | {len(sel):,} | {sel[:, 0].mean():.3f} | {truth.mean:.3f} ± {(truth.ci95[1] - truth.mean):.3f} "
                f"| {bias.mean:+.3f} ± {(bias.ci95[1] - bias.mean):.3f} | {brier:.3f} "
                f"| {cards.mean:+.3f} ± {(cards.ci95[1] - cards.mean):.3f} | {brier_cards:.3f} |"
            )
    return lines


def decision_table(rows) -> list[str]:
    """How each BPP answers a bet and how far its P(win) sits from θ, by live opponents (the mechanism behind the winnings)."""
    lines = ["| model | live opponents | decisions facing a bet | fold | call | raise | mean P(win) − θ | true share − θ |",
             "|---|---|---|---|---|---|---|---|"]
    for model in ("per_seat", "strongest"):
        for live in sorted({r[1] for r in rows if r[0] == model}):
            sel = [r for r in rows if r[0] == model and r[1] == live and r[6]]
            if len(sel) < 2:
                continue
            kinds = np.array([r[7] for r in sel])
            d = np.mean([r[2] - r[5] for r in sel])
            d_true = np.mean([r[3] - r[5] for r in sel])
            name = "`bpp-multi`" if model == "per_seat" else "`bpp-strongest`"
            lines.append(f"| {name} | {live} | {len(sel):,} | {np.mean(kinds == 0):.1%} | {np.mean(kinds == 1):.1%} | "
                         f"{np.mean(kinds == 2):.1%} | {d:+.3f} | {d_true:+.3f} |")
    return lines


def write_markdown(runs: dict, out: Path, args, calib: dict) -> None:
    done = [k for k in runs if k[4] == args.deals]
    all_seats = sorted(set(args.seats) | {k[0] for k in done})
    all_plays = [p for p in ("sample", "argmax") if p in args.plays or any(k[3] == p for k in done)]
    lines = [
        "# BPP at a multi-seat stud table (Korb1999 §6.2)\n",
        f"Written by `python figures/stud_multi.py --deals {args.deals} --seats {' '.join(map(str, all_seats))} "
        f"--plays {' '.join(all_plays)} --calibration-deals {args.calibration_deals}` "
        "(see the script's docstring): BPP against n − 1 copies of each opponent, every deal played in all n seat rotations; "
        "mean ± 95% CI in betting units per hand (t), and the paired difference `bpp-multi − bpp-strongest` on the same deals.\n",
    ]
    for seats in all_seats:
        for play in all_plays:
            lines += [f"## {seats} seats, play = {play}\n", "| player | " + " | ".join(f"vs {o}" for o in OPPONENTS) + " |",
                      "|---|" + "---|" * len(OPPONENTS)]
            cells = {p: [runs.get(_cell_key(seats, o, p, play, args.deals)) for o in OPPONENTS] for p in PLAYERS}
            for p in PLAYERS:
                row = f"| `{p}` |"
                for r in cells[p]:
                    row += " |" if r is None else f" {r['mean']:+.3f} ± {r['ci95'][1] - r['mean']:.3f} (t {r['t']:.1f}) |"
                lines.append(row)
            row = "| difference |"
            for a, b in zip(cells["bpp-multi"], cells["bpp-strongest"]):
                if a is None or b is None:
                    row += " |"
                    continue
                d = summarize((np.array(a["deal_half_units"]) - np.array(b["deal_half_units"])) / (2.0 * seats))
                row += f" {d.mean:+.3f} ± {d.ci95[1] - d.mean:.3f} (t {d.t:.1f}) |"
            lines += [row, ""]
    if calib:
        lines += ["## Calibration of P(win) against the dealt-out truth\n",
                  f"BPP in seat 0 against `rules`, {args.calibration_deals:,} deals per table size, sampled play; "
                  "truth = BPP's share of the pot had every live hand been dealt out.\n"]
        for seats, rows in sorted(calib.items()):
            lines += [f"### {seats} seats\n"] + calibration_table(rows) + [""]
            lines += [f"Facing a bet, {seats} seats:\n"] + decision_table(rows) + [""]
    inter = read_interrelation(args.interrelation, args.interrelation_situations)
    if inter:
        lines += ["## P(win)'s error from the network's reading of the table, by round and number of opponents\n",
                  f"{args.interrelation_situations} random visible situations a cell (nobody folded, no actions), "
                  f"{inter[0]['samples']:,} joint completions each; see the script's docstring.\n"]
        lines += interrelation_table(inter) + [""]
    out.write_text("\n".join(lines) + "\n")


def read_interrelation(path: Path, situations: int) -> list:
    """The interrelation rows for ``situations`` situations a cell (the last line wins), or []."""
    rows = []
    for r in read_jsonl(path, fields=("situations", "rows")):
        if r["situations"] == situations:
            rows = r["rows"]
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deals per cell (default 2000)")
    parser.add_argument("--seats", type=int, nargs="+", default=[3, 5])
    parser.add_argument("--plays", nargs="+", default=["sample", "argmax"], choices=["sample", "argmax"])
    parser.add_argument("--players", nargs="+", default=list(PLAYERS), choices=list(PLAYERS))
    parser.add_argument("--opponents", nargs="+", default=list(OPPONENTS), choices=list(OPPONENTS),
                        help="opponents to play, in this order (default all; the table always shows all)")
    parser.add_argument("--calibration-deals", type=int, default=1000)
    parser.add_argument("--interrelation-situations", type=int, default=300)
    parser.add_argument("--interrelation", type=Path, default=HERE / "stud_multi_interrelation.jsonl")
    parser.add_argument("--report", action="store_true", help="only write the markdown from the runs and calibration files")
    parser.add_argument("--runs", type=Path, default=HERE / "stud_multi_runs.jsonl")
    parser.add_argument("--calibration", type=Path, default=HERE / "stud_multi_calibration.jsonl")
    parser.add_argument("--out", type=Path, default=HERE / "stud_multi.md")
    args = parser.parse_args(argv)
    if args.deals < 2 or any(not 2 <= s <= 8 for s in args.seats):
        raise ValueError(f"--deals must be >= 2 and --seats in [2, 8]; got {args.deals}, {args.seats}")
    runs = read_runs(args.runs)
    calib = read_calibration(args.calibration, args.calibration_deals)
    if args.interrelation_situations > 0 and not args.report and not read_interrelation(args.interrelation, args.interrelation_situations):
        rows = interrelation(args.interrelation_situations)
        with args.interrelation.open("a") as f:
            f.write(json.dumps({"situations": args.interrelation_situations, "rows": rows}) + "\n")
    if args.report:
        write_markdown(runs, args.out, args, calib)
        print(f"wrote {args.out}")
        return 0
    for seats in args.seats:
        if args.calibration_deals > 0 and seats not in calib:
            calib[seats] = calibration(seats, args.calibration_deals)
            with args.calibration.open("a") as f:
                f.write(json.dumps({"seats": seats, "deals": args.calibration_deals, "columns": CALIBRATION_COLUMNS,
                                    "rows": calib[seats]}) + "\n")
    write_markdown(runs, args.out, args, calib)
    todo = [(s, o, p, play) for play in args.plays for s in args.seats for o in args.opponents for p in args.players
            if _cell_key(s, o, p, play, args.deals) not in runs]
    for seats, opponent, player, play in tqdm(todo, desc="cells"):
        # read again first: another run sharing the file may have played the cell meanwhile
        key = {"seats": seats, "opponent": opponent, "player": player, "play": play, "deals": args.deals}
        r = cached_cell(args.runs, key, lambda: play_cell(seats, opponent, player, play, args.deals))
        runs[_cell_key(seats, opponent, player, play, args.deals)] = r
        print(seats, opponent, player, play, f"{r['mean']:+.3f} ± {r['ci95'][1] - r['mean']:.3f} (t {r['t']:.1f})", flush=True)
        write_markdown(runs, args.out, args, calib)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

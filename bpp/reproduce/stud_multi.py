"""BPP at a multi-seat stud table (Korb1999 §6.2): ``bpp-multi`` against the table-as-one-opponent baseline, and P(win)'s calibration.

The experiment ``bpp-multi`` (beyond the paper: §6.2 names more players as a
direction); ``figures/stud_multi.py`` renders ``figures/stud_multi.md`` from
the same step functions (:func:`play_cell`, :func:`calibration_run`,
:func:`interrelation_run`).

Winnings: at a table of ``n`` seats BPP plays ``n - 1`` copies of one
opponent (``rules``, ``prob``, ``bluffer``, ``slowplay``, ``loose``),
``deals`` duplicate deals, every deal replayed in each of the ``n`` cyclic
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

Calibration (1,000 deals per table size at paper scale): BPP in
seat 0 against ``rules`` opponents, the button moving; at every decision
BPP's P(win) is set beside the truth — BPP's share of the pot if every hand
still live were dealt out to five cards (known from the deal) — grouped by
the number of live opponents; beside it the same network's P(win) with every
OPP_Action left unobserved ("cards only"), which separates the error of the
hand-type, independent-opponents reading from that of the action model.

Interrelation (300 situations per round and number of opponents at paper scale): random visible
situations (BPP's cards and every opponent's up cards, nobody folded, no
actions), and three P(win) for each: (a) the network's (hand types, opponents
independent, cards seen elsewhere ignored); (b) the same hand-type share
(ties at type level split 1 / (1 + j)) with every hand completed *jointly*
from the one remaining deck (2,000 completions); (c) the true card-level
share from those completions.  a − b is the cost of reading the opponents
as independent (the interrelation through the deck), b − c that of hand
types and the type-level tie rule.

>>> from bpp.reproduce.registry import get_experiment
>>> [s.name for s in get_experiment("bpp-multi").steps("quick")][:2]
['3 rules bpp-multi sample', '3 rules bpp-strongest sample']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from bpp.reproduce.registry import Experiment, Row, Step, register
from bpp.reproduce.stud_cells import OPPONENTS, SEEDS  # the opponents and seeds of the variants table

#: The two BPPs: name → ``MultiBPPPlayer(opponent_model=...)``.
PLAYERS = {"bpp-multi": "per_seat", "bpp-strongest": "strongest"}


def play_cell(seats: int, opponent: str, player: str, play: str, deals: int) -> dict:
    """One cell: BPP against ``seats - 1`` copies of ``opponent``, duplicate; the per-deal sums in half units."""
    from holdem.games import Stud5
    from holdem.match import play_match
    from holdem.match.stats import summarize

    from bpp.stud.players.multi import MultiBPPPlayer

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


def calibration(seats: int, deals: int, *, rng: int = 62, opponent: str = "rules", progress: bool = False) -> list[tuple]:
    """(model, live opponents, P(win), true share, P(win) from cards only, θ, facing a bet, action kind) at every decision
    of ``bpp-multi`` (seat 0) and the baseline (:data:`CALIBRATION_COLUMNS`); ``rng`` is an int seed; a bar if ``progress``."""
    from tqdm import tqdm

    from holdem.evaluate import evaluate
    from holdem.games import Stud5
    from holdem.play import HandDriver

    from bpp.registry import make_agent
    from bpp.stud.players.multi import MultiBPPPlayer

    rows = []
    for model in ("per_seat", "strongest"):
        stream = np.random.default_rng([rng, seats])  # the deals
        game = Stud5(n_players=seats)
        bpp = MultiBPPPlayer(opponent_model=model, rng=np.random.default_rng([rng, seats, 1]))
        agents = [bpp] + [make_agent(opponent, rng=np.random.default_rng([rng, seats, 2 + i])) for i in range(seats - 1)]

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
        for hand in tqdm(range(deals), desc=f"calibration {seats} seats {model}", leave=False, disable=not progress):
            deal = stream.permutation(52)
            button = hand % seats
            ranks = evaluate(game.showdown_cards(deal[None], button)[0])
            driver.play(game.new_hand(deal, button=button))
    return rows


#: Fields of a calibration row (the runs file's "columns"; lines without it have the first five).
CALIBRATION_COLUMNS = ("model", "live", "p_win", "truth", "p_cards", "theta", "facing_bet", "action")


def interrelation(n_situations: int, *, n_samples: int = 2000, rng: int = 63, opponents: Sequence[int] = (1, 2, 4),
                  progress: bool = False) -> list[dict]:
    """The three P(win) of the module docstring for random visible situations, by round and number of opponents."""
    from tqdm import tqdm

    from holdem.evaluate import evaluate_unchecked
    from holdem.match.stats import summarize

    from bpp.stud.model.handtypes import final_types_from_classes, hand_type_of
    from bpp.stud.model.multi import CompiledMultiNet
    from bpp.stud.model.networks import load_cpts

    cpts = load_cpts()
    gen = np.random.default_rng(rng)
    out = []
    for r in range(4):
        k = r + 2
        for m in opponents:
            net = CompiledMultiNet(cpts[r], m + 1)
            a_s: list[float] = []
            b_s: list[float] = []
            c_s: list[float] = []
            for _ in tqdm(range(n_situations), desc=f"interrelation round {r}, {m} opponents", leave=False,
                              disable=not progress):
                deck = gen.permutation(52).astype(np.int8)
                mine = deck[:k]
                ups = [deck[k + i * (k - 1): k + (i + 1) * (k - 1)] for i in range(m)]
                pool = deck[k + m * (k - 1):]
                a_s.append(net.p_win(hand_type_of(mine.tolist()), [(hand_type_of(u.tolist()), None) for u in ups]))
                fill = gen.permuted(np.tile(pool, (n_samples, 1)), axis=1)
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


def interrelation_table(rows: Sequence[dict]) -> list[str]:
    """The interrelation rows as a markdown table (a − c, a − b, b − c: mean ± 95 % CI half-width, mean abs)."""
    lines = ["| round | opponents | network (a) | types, joint deal (b) | truth (c) | a − c ± 95% CI (mean abs) "
             "| a − b: independence (mean abs) | b − c: hand types (mean abs) |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        cells = " | ".join(f"{v[0]:+.3f} ± {v[1]:.3f} ({v[2]:.3f})" for v in (r["a_minus_c"], r["a_minus_b"], r["b_minus_c"]))
        lines.append(f"| {r['round'] + 1} | {r['opponents']} | {r['network']:.3f} | {r['types_joint']:.3f} | {r['truth']:.3f} | {cells} |")
    return lines


def calibration_table(rows: Sequence[Sequence[Any]]) -> list[str]:
    """Per model and live opponents: P(win) against the dealt-out truth (bias ± 95 % CI, Brier), and from cards only.

    ``rows`` are :func:`calibration`'s rows, each in :data:`CALIBRATION_COLUMNS` order (tuples or lists)."""
    from holdem.match.stats import summarize

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


def decision_table(rows: Sequence[Sequence[Any]]) -> list[str]:
    """How each BPP answers a bet and how far its P(win) sits from θ, by live opponents (the mechanism behind the winnings).

    ``rows`` as :func:`calibration_table` takes them."""
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


def calibration_run(seats: int, deals: int) -> dict:
    """:func:`calibration` at ``seats`` seats over ``deals`` deals: a line of ``figures/stud_multi_calibration.jsonl``."""
    return {"seats": seats, "deals": deals, "columns": CALIBRATION_COLUMNS, "rows": calibration(seats, deals)}


def interrelation_run(situations: int) -> dict:
    """:func:`interrelation` for ``situations`` situations a cell: a line of ``figures/stud_multi_interrelation.jsonl``."""
    return {"situations": situations, "rows": interrelation(situations)}


def _steps(scale: str) -> list[Step]:
    quick = scale == "quick"
    seats, plays, deals = ((3,), ("sample",), 20) if quick else ((3, 5), ("sample", "argmax"), 2000)
    steps = [Step(f"{s} {o} {p} {play}", "bpp.reproduce.stud_multi:play_cell",
                  {"seats": s, "opponent": o, "player": p, "play": play, "deals": deals})
             for play in plays for s in seats for o in OPPONENTS for p in PLAYERS]
    steps += [Step(f"calibration {s}", "bpp.reproduce.stud_multi:calibration_run",
                   {"seats": s, "deals": 20 if quick else 1000}) for s in seats]
    return steps + [Step("interrelation", "bpp.reproduce.stud_multi:interrelation_run",
                         {"situations": 10 if quick else 300})]


def _report(results, figures):
    from holdem.match.stats import summarize

    rows, text = [], []
    for name, a in results.items():
        if a.get("player") != "bpp-multi":
            continue
        b = results.get(name.replace("bpp-multi", "bpp-strongest"))
        if b is None:
            continue
        seats = a["seats"]
        d = summarize((np.array(a["deal_half_units"]) - np.array(b["deal_half_units"])) / (2.0 * seats))
        rows.append(Row(f"bpp-multi − bpp-strongest vs {a['opponent']}, {seats} seats, play {a['play']} (units/hand)",
                        "— (beyond the paper)", f"{d.mean:+.3f}", f"[{d.ci95[0]:+.3f}, {d.ci95[1]:+.3f}]", "—",
                        f"{a['deals']:,} deals; bpp-multi {a['mean']:+.3f}, bpp-strongest {b['mean']:+.3f}"))
    for name, r in results.items():
        if name.startswith("calibration"):
            text += [f"P(win) against the dealt-out truth, {r['seats']} seats, {r['deals']:,} deals against `rules`:", "",
                     *calibration_table([tuple(x) for x in r["rows"]]), ""]
    if "interrelation" in results:
        text += ["P(win)'s error from the network's reading of the table:", "",
                 *interrelation_table(results["interrelation"]["rows"])]
    return rows, [], ("BPP against n − 1 copies of each opponent, every deal in all n seat rotations, paired by deal.\n\n"
                      + "\n".join(text))


register(Experiment(
    "bpp-multi", "bpp", "Beyond the paper: BPP at a multi-seat table, per-seat opponent models against the table as one",
    "Korb1999 §6.2 (more players as a direction of the program)", _steps, _report, {"quick": 60, "paper": 7200},
    beyond=True))

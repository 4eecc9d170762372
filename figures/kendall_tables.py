"""Kendall2001 Tables 5 and 6 beside ours, and a table of two evolving players and three fixed styles.

Run: ``python figures/kendall_tables.py`` (about 2 min).  Writes
``figures/kendall_tables.md`` (and prints it):

* **Table 5** — hands played and won by the evolving player during
  training, the paper's column beside ours (mean over five seeds at the
  loose-aggressive, tight-aggressive and mixed tables; the paper does not
  say which table its Table 5 comes from);
* **Table 6** — units held after 1,000 hands (start 10,000) and hands
  played / won, mean ± 95 % CI over five runs, by table: (a) the player
  trained for 5,000 epochs at the table it is evaluated at, (b) the player
  trained at the mixed table (what ``bpp kendall evaluate`` shows for a
  mixed values file), beside the paper's numbers;
* **two evolving players** — beyond the paper: two evolving players (one
  trained, values frozen, and one learning from 10; or two learning from 10)
  with a loose-aggressive, a loose-passive and a tight-aggressive player,
  5,000 hands, five seeds.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

import numpy as np

from bpp.kendall.players import EvolvingPlayer, StylePlayer
from bpp.kendall.training import PAPER_TABLE5, PAPER_TABLE6, TABLE5_EPOCHS, _ci95, evaluate, play_table, train
from bpp.reproduce.script import run_script

HERE = Path(__file__).resolve().parent
SEEDS = (1, 2, 3, 4, 5)
TABLE6_ORDER = ("loose-aggressive", "tight-passive", "loose-passive", "tight-aggressive")


def _pm(mean, half, digits=0):
    return f"{mean:,.{digits}f} ± {half:,.{digits}f}" if not math.isnan(half) else f"{mean:,.{digits}f}"


def table5(sessions) -> list[str]:
    lines = ["| epoch | paper played | paper won | paper % played | paper % won | " + " | ".join(
        f"{t} % played | {t} % won" for t in sessions) + " |", "|" + "---|" * (5 + 2 * len(sessions))]
    for i, e in enumerate(TABLE5_EPOCHS):
        cells = [str(e), str(PAPER_TABLE5["played"][i]), str(PAPER_TABLE5["won"][i]), f"{PAPER_TABLE5['pct_played'][i]}",
                 f"{PAPER_TABLE5['pct_won'][i]}"]
        for results in sessions.values():
            rows = [r.table5()[i] for r in results]
            cells += [f"{np.mean([r['pct_played'] for r in rows]):.1f}", f"{np.mean([r['pct_won'] for r in rows]):.1f}"]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def table6(result, label) -> list[str]:
    lines = [f"| table | player | paper units | paper played / won | ours units ({label}) | ours played / won |", "|---|---|---|---|---|---|"]
    for table in TABLE6_ORDER:
        for seat in range(5):
            units, half = _ci95(result.bankroll[table][:, seat])
            played, won = result.played[table][:, seat].mean(), result.won[table][:, seat].mean()
            paper = PAPER_TABLE6[table][seat]
            name = "evolving" if seat == 0 else table
            lines.append(f"| {table if seat == 0 else ''} | {seat + 1} {name} | {paper[0]:,} | {paper[1]} / {paper[2]} | "
                         f"{_pm(units, half)} | {played:.0f} / {won:.0f} |")
    if "mixed" in result.bankroll:
        names = ("evolving", "loose-aggressive", "loose-passive", "tight-aggressive", "tight-passive")
        for seat in range(5):
            units, half = _ci95(result.bankroll["mixed"][:, seat])
            lines.append(f"| {'mixed (Figure 6)' if seat == 0 else ''} | {seat + 1} {names[seat]} | – | – | {_pm(units, half)} | "
                         f"{result.played['mixed'][:, seat].mean():.0f} / {result.won['mixed'][:, seat].mean():.0f} |")
    return lines


def two_evolving(trained_values) -> tuple[list[str], dict]:
    styles = ("loose-aggressive", "loose-passive", "tight-aggressive")
    configs = {
        "trained (frozen) + learning from 10": lambda: [EvolvingPlayer(values=trained_values, learn=False), EvolvingPlayer()],
        "two learning from 10": lambda: [EvolvingPlayer(), EvolvingPlayer()],
    }
    lines = ["| seats 1-2 | 1 evolving | 2 evolving | 3 loose-aggressive | 4 loose-passive | 5 tight-aggressive |", "|---|---|---|---|---|---|"]
    out = {}
    for label, make in configs.items():
        finals = np.array([play_table(make() + [StylePlayer(s) for s in styles], 5000, rng=100 + s).bankrolls[-1] for s in SEEDS])
        out[label] = finals
        lines.append(f"| {label} | " + " | ".join(_pm(*_ci95(finals[:, k])) for k in range(5)) + " |")
    return lines, out


def differences(sessions, own, mixed, two, tp_low: float) -> list[str]:
    """One sentence with numbers per difference between the paper's tables and ours."""
    last = {t: np.mean([r.table5()[-1]["pct_played"] for r in rs]) for t, rs in sessions.items()}
    won0 = {t: np.mean([r.table5()[0]["pct_won"] for r in rs]) for t, rs in sessions.items()}
    won1 = {t: np.mean([r.table5()[-1]["pct_won"] for r in rs]) for t, rs in sessions.items()}
    low = {t: [int(r.curve.argmin()) + 1 for r in rs] for t, rs in sessions.items()}
    final = {t: [int(r.curve[-1]) for r in rs] for t, rs in sessions.items()}
    ev = {t: own.bankroll[t][:, 0].mean() for t in TABLE6_ORDER}
    played = {t: own.played[t][:, 0].mean() for t in TABLE6_ORDER}
    two_trained = two["trained (frozen) + learning from 10"][:, :2].mean(axis=0)
    return [
        f"- **% played at epoch 3000** — paper 55.5, ours {last['loose-aggressive']:.1f} / {last['tight-aggressive']:.1f} / "
        f"{last['mixed']:.1f} (loose-aggressive / tight-aggressive / mixed): the same fall from 100 %, as the values of "
        "no-pair and small-pair hands sink below 6.",
        f"- **% won, epoch 25 → 3000** — paper 20.0 → 33.6, ours {won0['loose-aggressive']:.1f} → {won1['loose-aggressive']:.1f} "
        f"(loose-aggressive), {won0['tight-aggressive']:.1f} → {won1['tight-aggressive']:.1f} (tight-aggressive): the untrained "
        "player raises about 27 units every hand and our fixed players fold everything below their call rows, so it takes "
        "the antes whenever all four fold — (1 − 0.076)^4 ≈ 73 % of hands at a tight-aggressive table, where only two pairs "
        "or better (7.6 % of hands) continue; the paper's 1 win in 5 at first says its untrained player met more resistance.",
        f"- **Figure 4** — the paper's curve falls until epoch ~350 and ends above its start; ours falls until epochs "
        f"{min(low['loose-aggressive'])}–{max(low['loose-aggressive'])} and rises again to {min(final['loose-aggressive']):,}–"
        f"{max(final['loose-aggressive']):,} units at epoch 5,000 (start 10,000): the same shape, about five times slower, "
        "because ±0.1 steps on 100 classes need many hands per class and the early raises cost more here.",
        f"- **Figure 5** — the paper's player is back in the black by epoch 3600; ours keeps losing (lowest at epochs "
        f"{min(low['tight-aggressive'])}–{max(low['tight-aggressive'])}, {min(final['tight-aggressive']):,}–"
        f"{max(final['tight-aggressive']):,} units at 5,000): the values of two pairs and better stay near 10, so it keeps "
        "raising 15–27 units into a table that continues only with two pairs or better. It still learns faster against "
        "the loose table, as the paper says.",
        f"- **Table 6, evolving player** — paper 13,342 / 11,123 / 15,632 / 10,816 (LA / TP / LP / TA); ours trained at the "
        f"same table {ev['loose-aggressive']:,.0f} / {ev['tight-passive']:,.0f} / {ev['loose-passive']:,.0f} / "
        f"{ev['tight-aggressive']:,.0f}: ahead at the loose tables as in the paper, not ahead at the tight ones.",
        f"- **Table 6, hands played** — paper 355–507 of 1,000; ours {played['loose-aggressive']:.0f} / "
        f"{played['tight-passive']:.0f} / {played['loose-passive']:.0f} / {played['tight-aggressive']:.0f}: at a tight-passive "
        f"table its raises are rarely called, so its values stay at {tp_low:.1f}–10 and it raises every hand; elsewhere it has learned to "
        "give up more hands than the paper's player.",
        "- **The paper's Table 6 tight-passive column** adds up to 49,244 units, not the 50,000 at the table; ours always "
        "adds up to 50,000.",
        f"- **Beyond the paper** — with two evolving players, a trained one (values frozen) holds {two_trained[0]:,.0f} units "
        f"after 5,000 hands while one learning from 10 holds {two_trained[1]:,.0f}: training pays.",
    ]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "kendall_tables.md")
    args = parser.parse_args(argv)
    sessions = {t: [train(t, 5000, rng=s) for s in SEEDS] for t in ("loose-aggressive", "tight-aggressive", "mixed")}
    own_players = {t: train(t, 5000, rng=1).player for t in TABLE6_ORDER}
    per_table = {t: evaluate(own_players[t], 1000, 5, tables=(t,), rng=2001) for t in TABLE6_ORDER}
    merged = type(per_table[TABLE6_ORDER[0]])(1000, 5, 2001, *({t: getattr(per_table[t], f)[t] for t in TABLE6_ORDER} for f in ("bankroll", "played", "won")))
    mixed_trained = sessions["mixed"][0].player
    from_mixed = evaluate(mixed_trained, 1000, 5, rng=2001)
    two_lines, two = two_evolving(mixed_trained.values_)
    notes = differences(sessions, merged, from_mixed, two, float(own_players['tight-passive'].values_.min()))
    text = [
        "# Kendall2001 Tables 5 and 6: the paper beside ours",
        "",
        "Written by `python figures/kendall_tables.py`. An epoch is one hand; a hand is *played* when the player put "
        "chips in voluntarily (called a bet or raised) and *won* when it then took the pot or a share; % won is of the "
        "hands played, as in the paper (560 / 1664 = 33.6 %). Learning values drop after a lost hand the player had "
        "put chips in (the literal \"folds\" never fires: see `bpp.kendall.players`).",
        "",
        "## Table 5: hands played and won during training (ours: mean of seeds 1-5)",
        "",
        *table5(sessions),
        "",
        "## Table 6: units held after 1,000 hands (start 10,000), mean ± 95 % CI over 5 runs",
        "",
        "### (a) trained for 5,000 epochs (seed 1) at the table it plays",
        "",
        *table6(merged, "own table"),
        "",
        "### (b) trained for 5,000 epochs (seed 1) at the mixed table",
        "",
        *table6(from_mixed, "mixed-trained"),
        "",
        "## Two evolving players and three fixed styles (5,000 hands, units held, mean ± 95 % CI over 5 seeds)",
        "",
        *two_lines,
        "",
        "## Every difference, explained",
        "",
        *notes,
        "",
    ]
    args.out.write_text("\n".join(text))
    print("\n".join(text))
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

"""Pre-flop income rates of the 169 classes (Billings1998 §4.1; Billings2002 tables "income rates versus Sklansky" and "iterated").

Reads the committed tables ``bpp/models/loki/preflop_10p.csv`` (plain roll-out,
1,000,000+ games a class against nine opponents) and
``bpp/models/loki/preflop_10p_iterated.csv`` (Poki's iterated roll-out) and writes

* ``figures/loki_preflop_table.png`` — both as 13×13 grids of milli-bets;
* ``figures/loki_preflop_table.md`` — the ranking, the comparison with the
  Sklansky groups, the plain vs iterated values of the hands Billings2002 discusses, and
  the iterated set of profitable hands.

Run: ``.venv/bin/python figures/loki_preflop_table.py`` (rebuild the tables with
``bpp build preflop --players 10 --games 1000000`` and ``... --iterated``).
"""

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from bpp.loki.plots import plot_income_rates  # noqa: E402
from bpp.loki.evaluator.preflop import compare_sklansky, load_income_rates, model_path  # noqa: E402
from bpp.reproduce.script import run_script  # noqa: E402

HERE = Path(__file__).parent
HANDS = ("AA", "KK", "QQ", "JJ", "TT", "AKs", "AKo", "AQs", "AQo", "AJs", "ATs", "ATo", "KQs", "KQo", "KJs", "QJs", "JTs",
         "T9s", "76s", "22", "72o")


def main() -> None:
    plain = load_income_rates(10)
    tables = {"roll-out": plain}
    if model_path(10, iterated=True).exists():
        tables["iterated roll-out"] = load_income_rates(10, iterated=True)
    fig, axes = plt.subplots(1, len(tables), figsize=(6.2 * len(tables), 6.4), squeeze=False)
    for ax, (name, table) in zip(axes[0], tables.items()):
        plot_income_rates(table, ax)
        ax.set_title(f"{name}: {table.n_players} players, milli-bets per game\n"
                     f"(>= {table.games.min():,} games a class)", fontsize=9, pad=16)
    fig.tight_layout()
    fig.savefig(HERE / "loki_preflop_table.png", dpi=140)

    lines = ["# Pre-flop income rates, ten players (milli-bets per game played)", ""]
    lines += [f"Plain roll-out: {plain.games.min():,}-{plain.games.max():,} games a class, seed {plain.seed}.", ""]
    lines += ["## Ranking (plain roll-out)", "", "```", plain.format_table(), "```", ""]
    lines += ["## Against the Sklansky groups", "", "```", compare_sklansky(plain), "```", ""]
    if "iterated roll-out" in tables:
        it = tables["iterated roll-out"]
        lines += ["## Plain vs iterated (Billings2002's table of the two)", "",
                  "| hand | roll-out | iterated | roll-out / AA | iterated / AA |", "|---|---:|---:|---:|---:|"]
        for h in HANDS:
            lines.append(f"| {h} | {plain.rate(h):+.0f} | {it.rate(h):+.0f} | {plain.rate(h) / plain.rate('AA'):.3f} "
                         f"| {it.rate(h) / it.rate('AA'):.3f} |")
        prof = it.profitable()
        lines += ["", f"## Iterated: the {len(prof)} profitable hands (best first)", "",
                  " ".join(f"{h} ({it.rate(h):+.0f})" for h in prof), "",
                  f"{it.iterations} rounds; final round >= {it.games.min():,} games a class; seed {it.seed}.", "",
                  "## Sklansky groups, iterated", "", "```", compare_sklansky(it), "```", ""]
    (HERE / "loki_preflop_table.md").write_text("\n".join(lines))
    print(f"wrote {HERE / 'loki_preflop_table.png'} and {HERE / 'loki_preflop_table.md'}")


if __name__ == "__main__":
    raise SystemExit(run_script(main))

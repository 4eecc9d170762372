"""Poki's progressive weight tables for opponent EP (Billings2002, figure "progressive weight tables").

The example hand of Billings2002: five players; EP, a tight player, calls pre-flop in
early position, bets the flop, bets the turn and calls Poki's raise, checks the
river.  Each panel is EP's weight table after that street as the 13×13 class
grid (suited above the diagonal, offsuit below, pairs on it; darker = relatively
heavier), as :func:`bpp.loki.inspection.tight_player_example` computes it.  The
paper's card symbols are lost from our copy: the cards are ours (Poki holds
A♦J♣, board Q♠J♥4♣ 7♦ 2♥), chosen to fit its text.

Run: ``.venv/bin/python figures/loki_weight_tables.py`` → ``figures/loki_weight_tables.png``.
"""

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from bpp.loki.inspection import EXAMPLE_BOARD, EXAMPLE_POKI_HOLE, tight_player_example  # noqa: E402
from bpp.loki.plots import plot_weight_progression  # noqa: E402
from bpp.reproduce.script import run_script  # noqa: E402

OUT = Path(__file__).with_suffix(".png")


def main() -> None:
    tables = tight_player_example()
    titles = {
        "start": "start (Poki's cards known)",
        "pre-flop": "pre-flop: EP calls",
        "flop": "flop: EP bets",
        "turn": "turn: EP bets, calls a raise",
        "river": "river: EP checks",
    }
    fig, axes = plt.subplots(1, len(tables), figsize=(3.1 * len(tables), 3.6))
    plot_weight_progression({titles[k]: v for k, v in tables.items()}, axes)
    fig.suptitle(f"EP's weight table (tight player); Poki holds {EXAMPLE_POKI_HOLE}, board {EXAMPLE_BOARD}", fontsize=10)
    fig.tight_layout()
    fig.savefig(OUT, dpi=130)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    raise SystemExit(run_script(main))

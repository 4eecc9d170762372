"""Poki's neural-network opponent model (Billings2002 "neural networks for opponent modeling"): accuracy and a trained network.

Run: ``nice -n 10 .venv/bin/python figures/poki_network.py --hands 1500 --seed 3``.
A thin call into the registered experiment ``poki-network``
(:mod:`bpp.reproduce.poki_network`, its paper scale: ``bpp reproduce
--only poki``): its step plays ``--hands`` hands of six-seat limit hold'em
(Poki against a maniac, a calling station, a rock, a tight-aggressive player
and a second maniac), records every action with its 19 inputs, and this
script writes

* ``figures/poki_nn_accuracy.md``: per opponent, the 5-fold cross-validated
  accuracy and log-loss of the network against the twelve-context frequency
  model (Billings2002: "the accuracy of the network's predictions … measured
  by cross-validating");
* ``figures/poki_network.png``: the network trained on all of one opponent's
  actions (``--show``, the tight-aggressive player by default), drawn as
  Billings2002's figure: input activations in one context where its last
  action was a raise, connection strength by thickness, black positive,
  grey negative.

The step's result is kept in ``figures/poki_network_runs.jsonl`` (a re-run
renders it without replaying; ``--again`` replays).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bpp.reproduce.poki_network import accuracy_table, network_accuracy, network_figure
from bpp.reproduce.script import cached_cell, run_script

HERE = Path(__file__).parent
RUNS = HERE / "poki_network_runs.jsonl"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--show", type=int, default=4, help="seat whose network is drawn (4: the tight-aggressive player)")
    parser.add_argument("--again", action="store_true", help="replay even if the runs file holds the result")
    args = parser.parse_args(argv)
    r = cached_cell(RUNS, {"hands": args.hands, "seed": args.seed, "show": args.show},
                    lambda: network_accuracy(args.hands, rng=args.seed, show=args.show), again=args.again,
                    probe=lambda: network_accuracy(60, rng=args.seed, show=args.show))  # the code's version: 60 hands
    table = accuracy_table(r)
    (HERE / "poki_nn_accuracy.md").write_text(table)
    print(table, end="")
    network_figure(r, HERE / "poki_network.png")
    print(f"wrote {HERE / 'poki_network.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

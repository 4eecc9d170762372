"""Poki's neural-network opponent model (Billings2002 "neural networks for opponent modeling"): accuracy and a trained network.

Run: ``nice -n 10 .venv/bin/python figures/poki_network.py --hands 1500 --seed 3``.
Plays ``--hands`` hands of six-seat limit hold'em (Poki against a maniac, a
calling station, a rock, a tight-aggressive player and a second maniac),
records every action with its 19 inputs, and writes

* ``figures/poki_nn_accuracy.md``: per opponent, the 5-fold cross-validated
  accuracy and log-loss of the network against the twelve-context frequency
  model (Billings2002: "the accuracy of the network's predictions … measured
  by cross-validating");
* ``figures/poki_network.png``: the network trained on all of one opponent's
  actions (``--show``, the tight-aggressive player by default), drawn as
  Billings2002's figure: input activations in one context where its last
  action was a raise, connection strength by thickness, black positive,
  grey negative.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from bpp.loki.experiments import action_records, cross_validate_predictors  # noqa: E402
from bpp.loki.plots import plot_network  # noqa: E402
from bpp.loki.modeler.predictors import FEATURES, NeuralPredictor  # noqa: E402
from bpp.plots import save_figure  # noqa: E402
from bpp.reproduce.script import run_script  # noqa: E402

HERE = Path(__file__).parent
SEATS = ("poki", "maniac", "calling-station", "rock", "tag", "maniac")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--show", type=int, default=4, help="seat whose network is drawn (4: the tight-aggressive player)")
    args = parser.parse_args(argv)
    records = action_records(list(SEATS), args.hands, rng=args.seed)
    lines = [
        f"Six-seat limit hold'em, {args.hands} hands, seed {args.seed}; seats {', '.join(SEATS)}.",
        "5-fold cross-validation (each fold: the predictors learn the other folds online, in order).",
        "",
        "| seat | opponent | actions | network accuracy | frequency accuracy | network log-loss | frequency log-loss |",
        "| --- | --- | ---: | --- | --- | --- | --- |",
    ]
    for seat in range(1, len(SEATS)):
        X, y = records[seat]
        r = cross_validate_predictors(X, y, rng=args.seed)
        n, f = r["network"], r["frequency"]
        lines.append(
            f"| {seat} | {SEATS[seat]} | {y.size} | {n['accuracy'][0]:.3f} ± {n['accuracy'][1]:.3f} | "
            f"{f['accuracy'][0]:.3f} ± {f['accuracy'][1]:.3f} | {n['log_loss'][0]:.3f} ± {n['log_loss'][1]:.3f} | "
            f"{f['log_loss'][0]:.3f} ± {f['log_loss'][1]:.3f} |"
        )
    (HERE / "poki_nn_accuracy.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))

    X, y = records[args.show]
    net = NeuralPredictor(2, rng=args.seed, warmup=0)
    for lo in range(0, y.size, 10):
        net.update(1, X[lo : lo + 10], y[lo : lo + 10])
    net.fit_batch(1)
    shown = np.flatnonzero((X[:, 12] > 0) & (X[:, 5] > 0))  # its last action a raise, one bet to call
    x = X[shown[0]] if shown.size else X[0]
    fig, ax = plt.subplots(figsize=(12, 5.5))
    plot_network(net._weights[1], x, ax=ax, input_names=[f"{i} {name}" for i, name in enumerate(FEATURES)])
    ax.set_title(f"Network predicting the {SEATS[args.show]} player ({y.size} actions): "
                 "input activation white 0 … black 1; line width |weight|, black positive, grey negative", fontsize=9)
    save_figure(fig, HERE / "poki_network.png")
    print(f"wrote {HERE / 'poki_network.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_script(main))

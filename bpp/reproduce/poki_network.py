"""Poki's neural-network opponent model (Billings2002 §5, "neural networks for opponent modeling"): accuracy and a trained network.

Billings2002: "the accuracy of the network's predictions … measured by
cross-validating real data collected from past games with each opponent", and
a figure of "a typical neural network trained on hands played against one
opponent" (inputs shaded by activation, connections by strength).  Our copy
of the paper gives no accuracy figure, so the report has no verdict: it puts
the network's cross-validated accuracy beside the twelve-context frequency
model's on the same actions.

The one step plays ``n_hands`` hands of six-seat limit hold'em (Poki against
a maniac, a calling station, a rock, a tight-aggressive player and a second
maniac, :data:`SEATS`), records every action with its 19 inputs
(:func:`bpp.loki.experiments.action_records`), cross-validates both
predictors per opponent (:func:`bpp.loki.experiments.cross_validate_predictors`)
and trains one network on all of seat ``show``'s actions, kept with the
context it is drawn in (:func:`network_figure`).  ``figures/poki_network.py``
renders ``figures/poki_nn_accuracy.md`` and ``figures/poki_network.png`` from
the same step.

>>> from bpp.reproduce.registry import get_experiment
>>> [(s.name, s.kwargs["n_hands"]) for s in get_experiment("poki-network").steps("quick")]
[('records', 300)]
"""

from __future__ import annotations

from pathlib import Path

from bpp.reproduce.registry import Experiment, Row, Step, register

#: The six seats: Poki and the fixed styles of :mod:`bpp.loki.opponents`.
SEATS = ("poki", "maniac", "calling-station", "rock", "tag", "maniac")


def network_accuracy(n_hands: int, rng: int, show: int = 4) -> dict:
    """Cross-validated accuracy and log-loss of the network and frequency predictors per opponent, and one trained network.

    Returns ``{"n_hands", "seed", "seats", "rows": [{"seat", "opponent", "actions",
    "network"|"frequency": {"accuracy"|"log_loss": [mean, sd over the 5 folds]}}],
    "show", "shown": {"actions", "weights": [w1, b1, w2, b2], "x"}}``: the network
    trained on all of seat ``show``'s actions (10 at a time, in order, then one
    batch fit) and the inputs of its first action after its own raise with one
    bet to call (its first action if there is none).
    """
    import numpy as np

    from bpp.loki.experiments import action_records, cross_validate_predictors
    from bpp.loki.modeler.predictors import NeuralPredictor

    if not 1 <= show < len(SEATS):
        raise ValueError(f"show must be an opponent's seat, 1 to {len(SEATS) - 1}; got {show!r}.")
    records = action_records(list(SEATS), n_hands, rng=rng)
    rows = []
    for seat in range(1, len(SEATS)):
        X, y = records[seat]
        r = cross_validate_predictors(X, y, rng=rng)
        rows.append({"seat": seat, "opponent": SEATS[seat], "actions": int(y.size),
                     **{name: {k: list(v) for k, v in r[name].items()} for name in ("network", "frequency")}})
    X, y = records[show]
    net = NeuralPredictor(2, rng=rng, warmup=0)
    for lo in range(0, y.size, 10):
        net.update(1, X[lo : lo + 10], y[lo : lo + 10])
    net.fit_batch(1)
    shown = np.flatnonzero((X[:, 12] > 0) & (X[:, 5] > 0))  # its last action a raise, one bet to call
    x = X[shown[0]] if shown.size else X[0]
    return {"n_hands": n_hands, "seed": rng, "seats": list(SEATS), "rows": rows, "show": show,
            "shown": {"actions": int(y.size), "weights": [np.asarray(w).tolist() for w in net._weights[1]],
                      "x": x.tolist()}}


def accuracy_table(r: dict) -> str:
    """``figures/poki_nn_accuracy.md`` from a :func:`network_accuracy` result (mean ± sd over the folds)."""
    lines = [
        f"Six-seat limit hold'em, {r['n_hands']} hands, seed {r['seed']}; seats {', '.join(r['seats'])}.",
        "5-fold cross-validation (each fold: the predictors learn the other folds online, in order).",
        "",
        "| seat | opponent | actions | network accuracy | frequency accuracy | network log-loss | frequency log-loss |",
        "| --- | --- | ---: | --- | --- | --- | --- |",
    ]
    for row in r["rows"]:
        n, f = row["network"], row["frequency"]
        lines.append(
            f"| {row['seat']} | {row['opponent']} | {row['actions']} | {n['accuracy'][0]:.3f} ± {n['accuracy'][1]:.3f} | "
            f"{f['accuracy'][0]:.3f} ± {f['accuracy'][1]:.3f} | {n['log_loss'][0]:.3f} ± {n['log_loss'][1]:.3f} | "
            f"{f['log_loss'][0]:.3f} ± {f['log_loss'][1]:.3f} |"
        )
    return "\n".join(lines) + "\n"


def network_figure(r: dict, path: Path) -> Path:
    """Draw the trained network of a :func:`network_accuracy` result as Billings2002's figure; saved to ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from bpp.loki.modeler.predictors import FEATURES
    from bpp.loki.plots import plot_network
    from bpp.plots import save_figure

    shown = r["shown"]
    fig, ax = plt.subplots(figsize=(12, 5.5))
    plot_network(tuple(np.asarray(w) for w in shown["weights"]), np.asarray(shown["x"]), ax=ax,
                 input_names=[f"{i} {name}" for i, name in enumerate(FEATURES)])
    ax.set_title(f"Network predicting the {r['seats'][r['show']]} player ({shown['actions']} actions): "
                 "input activation white 0 … black 1; line width |weight|, black positive, grey negative", fontsize=9)
    save_figure(fig, path)
    return path


def _ci(mean: float, sd: float, folds: int = 5) -> tuple[float, float]:
    """95 % t interval of a mean over ``folds`` fold scores from their mean and (population) sd."""
    from scipy.stats import t

    half = float(t.ppf(0.975, folds - 1)) * sd / (folds - 1) ** 0.5
    return mean - half, mean + half


def _report(results, figures):
    r = results["records"]
    rows = []
    for row in r["rows"]:
        n, f = row["network"]["accuracy"], row["frequency"]["accuracy"]
        lo, hi = _ci(*n)
        rows.append(Row(f"network's accuracy predicting the {row['opponent']} (seat {row['seat']}, 5-fold CV)",
                        "— (no figure in our copy)", f"{n[0]:.3f}", f"[{lo:.3f}, {hi:.3f}]", "—",
                        f"{row['actions']:,} actions; the frequency model: {f[0]:.3f}"))
    path = network_figure(r, Path(figures) / "poki_network.png")
    return rows, [path], "CI of the network's accuracy: t interval over the 5 folds.\n\n" + accuracy_table(r)


register(Experiment(
    "poki-network", "poki", "The neural-network opponent model: cross-validated accuracy and a trained network",
    "Billings2002 §5",
    lambda scale: [Step("records", "bpp.reproduce.poki_network:network_accuracy",
                        {"n_hands": 300 if scale == "quick" else 1500, "rng": 3})],
    _report, {"quick": 30, "paper": 300}))

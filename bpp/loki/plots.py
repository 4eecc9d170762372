"""Plots of Loki/Poki weight tables and income rates (helpers take ``ax=None`` and return artists).

Component: a tool around the players: figures of weight tables, income rates and networks (Billings2002 §6).

:func:`plot_weight_grid` draws a weight table as the 13×13 grid of Poki's
weight-table figure (Billings2002, "progressive weight tables"): ranks A…2 along both
axes, suited classes above the diagonal, offsuit below, pairs on it, each
cell the class's mean weight; darker cells are relatively heavier, as in the
paper.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from bpp.loki.modeler.weights import WeightTable
>>> image = plot_weight_grid(WeightTable(dead_cards="As Kd"))
>>> image.get_array().shape
(13, 13)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from holdem.cards import RANKS
from holdem.ranges import CLASS_NAMES, N_HOLDINGS, weights_to_grid

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from matplotlib.axes import Axes
    from matplotlib.collections import PathCollection
    from matplotlib.image import AxesImage
    from numpy.typing import ArrayLike, NDArray

    from bpp.loki.evaluator.preflop import IncomeRates
    from bpp.loki.modeler.weights import WeightTable

__all__ = ["plot_weight_grid", "plot_weight_progression", "plot_income_rates", "plot_network"]

_LABELS = list(RANKS[::-1])  # A K Q … 2


def _grid_of(weights) -> np.ndarray:
    if hasattr(weights, "grid"):  # a WeightTable: mean over each class's live holdings
        return weights.grid(normalize=False)
    w = np.asarray(getattr(weights, "weights", weights), dtype=np.float64)
    if w.shape == (13, 13):
        return w
    if w.shape == (169,):
        return w.reshape(13, 13)
    if w.shape != (N_HOLDINGS,):
        raise ValueError(f"The 'weights' parameter must have shape (1326,), (169,) or (13, 13); got shape {w.shape}.")
    return weights_to_grid(w)


def plot_weight_grid(
    weights: WeightTable | ArrayLike,
    ax: Axes | None = None,
    *,
    title: str | None = None,
    cmap: str = "Greys",
    normalize: bool = True,
    annotate: bool = False,
    colorbar: bool = False,
) -> AxesImage:
    """Draw a weight table as the 13×13 class grid (suited above the diagonal, offsuit below).

    Parameters
    ----------
    weights : WeightTable or array_like
        (1326,) holding weights, (169,) class values or a (13, 13) grid.
    ax : matplotlib Axes, optional
        Where to draw (default the current axes).
    title : str, optional
    cmap : str
        Colour map; the default "Greys" draws heavier classes darker (Billings2002's figure).
    normalize : bool
        Scale so the heaviest class is 1.
    annotate : bool
        Write the class names in the cells.
    colorbar : bool
        Add a colour bar.

    Returns
    -------
    matplotlib.image.AxesImage

    Examples
    --------
    >>> plot_weight_grid(np.ones(5))
    Traceback (most recent call last):
    ...
    ValueError: The 'weights' parameter must have shape (1326,), (169,) or (13, 13); got shape (5,).
    """
    grid = _grid_of(weights)
    import matplotlib.pyplot as plt

    if ax is None:
        ax = plt.gca()
    top = grid.max()
    if normalize and top > 0:
        grid = grid / top
    image = ax.imshow(grid, cmap=cmap, vmin=0.0, vmax=1.0 if normalize else None, interpolation="nearest")
    ax.set_xticks(range(13), _LABELS)
    ax.set_yticks(range(13), _LABELS)
    ax.tick_params(length=0, labelsize=7)
    ax.xaxis.tick_top()
    if annotate:
        for k, name in enumerate(CLASS_NAMES):
            r, c = divmod(k, 13)
            ax.text(c, r, name, ha="center", va="center", fontsize=4.5,
                    color="white" if grid[r, c] > 0.55 else "black")
    if title:
        ax.set_title(title, fontsize=9, pad=14)
    if colorbar:
        ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    return image


def plot_weight_progression(tables: Mapping[str, WeightTable | ArrayLike], axes: NDArray[np.object_] | None = None,
                            **kwargs: Any) -> list[AxesImage]:
    """One :func:`plot_weight_grid` per street: ``tables`` maps a title to weights.

    Returns the list of images.  ``axes`` (an array of matplotlib Axes, as ``plt.subplots`` returns, one per
    table) defaults to a new row of subplots.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> images = plot_weight_progression({"pre-flop": np.ones(1326), "flop": np.ones(1326)})
    >>> len(images)
    2
    """
    tables = dict(tables)
    if axes is None:
        import matplotlib.pyplot as plt

        _, axes = plt.subplots(1, len(tables), figsize=(3.0 * len(tables), 3.3), squeeze=False)
        axes = axes[0]
    row = list(np.ravel(axes))
    if len(row) < len(tables):
        raise ValueError(f"plot_weight_progression needs {len(tables)} axes; got {len(row)}.")
    return [plot_weight_grid(w, ax, title=title, **kwargs) for (title, w), ax in zip(tables.items(), row)]


def plot_income_rates(rates: IncomeRates | ArrayLike, ax: Axes | None = None, *, cmap: str = "RdBu", annotate: bool = True,
                      limit: float | None = None) -> AxesImage:
    """Draw 169 income rates (milli-bets) on the 13×13 grid, diverging around 0.

    Parameters
    ----------
    rates : IncomeRates or array_like of shape (169,)
    ax : matplotlib Axes, optional
    cmap : str
    annotate : bool
        Write each class's name and rate.
    limit : float, optional
        Colour scale ±limit (default the largest absolute rate).

    Returns
    -------
    matplotlib.image.AxesImage

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> plot_income_rates(np.linspace(-500, 2000, 169)).get_array().shape
    (13, 13)
    """
    values = np.asarray(getattr(rates, "rates", rates), dtype=np.float64)
    if values.shape != (169,):
        raise ValueError(f"The 'rates' parameter must hold 169 rates; got shape {values.shape}.")
    import matplotlib.pyplot as plt

    if ax is None:
        ax = plt.gca()
    grid = values.reshape(13, 13)
    limit = float(np.abs(values).max()) if limit is None else float(limit)
    image = ax.imshow(grid, cmap=cmap, vmin=-limit, vmax=limit, interpolation="nearest")
    ax.set_xticks(range(13), _LABELS)
    ax.set_yticks(range(13), _LABELS)
    ax.tick_params(length=0, labelsize=7)
    ax.xaxis.tick_top()
    if annotate:
        for k, name in enumerate(CLASS_NAMES):
            r, c = divmod(k, 13)
            ax.text(c, r, f"{name}\n{values[k]:+.0f}", ha="center", va="center", fontsize=4,
                    color="white" if abs(values[k]) > 0.6 * limit else "black")
    return image


def plot_network(weights: tuple[NDArray[np.float64], ...],
                 x: ArrayLike, ax: Axes | None = None, *, input_names: Sequence[str] | None = None,
                 output_names: Sequence[str] = ("fold", "call", "raise")) -> list[PathCollection]:
    """Draw a trained one-hidden-layer network as Billings2002's opponent-model figure; returns the node artists.

    Inputs on the top row, shaded by their activation in the context ``x``
    (white 0 … black 1); hidden units in the middle and the three outputs at
    the bottom, shaded by their activation; each connection's thickness is
    the magnitude of its weight, black positive and grey negative.

    Parameters
    ----------
    weights : tuple (w1, b1, w2, b2)
        Layers of :class:`bpp.loki.modeler.predictors.NeuralPredictor` (``_weights[opponent]``):
        w1 (n_inputs, n_hidden), w2 (n_hidden, 3).
    x : array_like, shape (n_inputs,)
        The context shown.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> rng = np.random.default_rng(0)
    >>> w = (rng.normal(size=(19, 6)), np.zeros(6), rng.normal(size=(6, 3)), np.zeros(3))
    >>> len(plot_network(w, np.zeros(19)))
    3
    """
    from matplotlib.collections import LineCollection

    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(11, 5))
    w1, b1, w2, b2 = (np.asarray(a, dtype=np.float64) for a in weights)
    x = np.asarray(x, dtype=np.float64).reshape(-1)
    if x.shape[0] != w1.shape[0]:
        raise ValueError(f"The 'x' parameter of plot_network must hold {w1.shape[0]} inputs; got {x.shape[0]}.")
    h = 1.0 / (1.0 + np.exp(-(x @ w1 + b1)))
    z = h @ w2 + b2
    out = np.exp(z - z.max())
    out /= out.sum()
    layers = [x, h, out]
    ys = [2.0, 1.0, 0.0]
    xs = [np.linspace(0, 1, len(a)) if len(a) > 1 else np.array([0.5]) for a in layers]
    scale = max(np.abs(w1).max(), np.abs(w2).max(), 1e-9)
    for (w, top, bottom) in ((w1, 0, 1), (w2, 1, 2)):
        segs, widths, colors = [], [], []
        for i in range(w.shape[0]):
            for j in range(w.shape[1]):
                segs.append([(xs[top][i], ys[top]), (xs[bottom][j], ys[bottom])])
                widths.append(0.2 + 4.0 * abs(w[i, j]) / scale)
                colors.append("black" if w[i, j] > 0 else "0.7")
        ax.add_collection(LineCollection(segs, linewidths=widths, colors=colors, zorder=1))
    nodes = []
    for k, (a, y) in enumerate(zip(layers, ys)):
        nodes.append(ax.scatter(xs[k], np.full(len(a), y), s=260, c=np.clip(a, 0, 1), cmap="Greys", vmin=0, vmax=1,
                                edgecolors="black", zorder=2))
    names = input_names or [str(i) for i in range(len(x))]
    for xi, name in zip(xs[0], names):
        ax.text(xi, ys[0] + 0.12, name, rotation=60, ha="left", va="bottom", fontsize=7)
    for xi, name, p in zip(xs[2], output_names, out):
        ax.text(xi, ys[2] - 0.15, f"{name}\n{p:.2f}", ha="center", va="top", fontsize=8)
    ax.set_xlim(-0.05, 1.1)
    ax.set_ylim(-0.5, 3.0)
    ax.axis("off")
    return nodes

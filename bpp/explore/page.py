"""One self-contained HTML page: the explorer's data, script and style inline (no CDN, no network access).

:class:`Explorer` holds the page's data (a JSON-ready dict) and, for the
tests and for notebooks, the pgmpy networks it was serialized from.
:func:`network_json` turns any pgmpy ``DiscreteBayesianNetwork`` into the
form the page's script reads: per node its states, parents and CPT in
pgmpy's layout (rows the node's states, columns the parents' states with the
last parent varying fastest).  The page computes exact posteriors from these
CPTs itself (variable elimination in ``page.js``), so a what-if click needs no
server.

>>> from pgmpy.models import DiscreteBayesianNetwork
>>> from pgmpy.factors.discrete import TabularCPD
>>> m = DiscreteBayesianNetwork([("A", "B")])
>>> m.add_cpds(TabularCPD("A", 2, [[0.3], [0.7]]), TabularCPD("B", 2, [[0.9, 0.2], [0.1, 0.8]], evidence=["A"], evidence_card=[2]))
>>> net = network_json(pgmpy_tables(m), {"A": (0, 0), "B": (0, 120)})
>>> [n["name"] for n in net["nodes"]], net["nodes"][1]["cpt"]
(['A', 'B'], [0.9, 0.2, 0.1, 0.8])
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from pgmpy.models import DiscreteBayesianNetwork

__all__ = ["Explorer", "check_out_path", "network_json", "pgmpy_tables", "render_page"]


def _asset(name: str) -> str:
    return resources.files("bpp.explore").joinpath(name).read_text(encoding="utf-8")


def check_out_path(path: str | os.PathLike[str]) -> Path:
    """``path`` if a new page can be written there, else one ValueError naming it (the rule of ``bpp explore --out`` and :meth:`Explorer.save`).

    The page is HTML, so the name must end in ``.html`` (or ``.htm``); its
    folder must exist and be writable, and nothing is overwritten (the
    project's rule, :func:`holdem.files.fresh_output_path`).

    >>> check_out_path("/nonexistent-folder/page.html")
    Traceback (most recent call last):
    ...
    ValueError: cannot write the explorer page to '/nonexistent-folder/page.html': the folder '/nonexistent-folder' does not exist
    >>> check_out_path("e.pdf")
    Traceback (most recent call last):
    ...
    ValueError: cannot write the explorer page to 'e.pdf': the page is HTML, so its name must end in .html
    """
    from holdem.files import fresh_output_path

    try:
        path = Path(path)
    except TypeError:
        raise ValueError(f"cannot write the explorer page to {path!r}: not a path") from None
    if path.suffix.lower() not in (".html", ".htm"):
        raise ValueError(f"cannot write the explorer page to {str(path)!r}: the page is HTML, so its name must end in .html")
    return fresh_output_path(path, "explorer page", "--out")


def pgmpy_tables(model: DiscreteBayesianNetwork) -> dict:
    """``{node: (states, parents, values)}`` of a pgmpy network, ``values`` as ``TabularCPD.get_values()`` lays them out."""
    out = {}
    for name in model.nodes():
        cpd = model.get_cpds(name)
        out[name] = ([str(s) for s in cpd.state_names[name]], [str(p) for p in cpd.variables[1:]], cpd.get_values())
    return out


def network_json(tables: dict, layout: dict, *, labels: dict | None = None, top: dict | None = None,
                 width: dict | None = None, titles: dict | None = None) -> dict:
    """The page's form of a discrete Bayesian network: nodes in ``layout`` order, each with states, parents, CPT and position.

    Parameters
    ----------
    tables : dict
        Node name → ``(states, parents, values)``, ``values`` of shape
        (n_states, product of the parents' state counts) with the last parent
        varying fastest — pgmpy's ``TabularCPD`` layout (:func:`pgmpy_tables`
        reads them off a pgmpy network).
    layout : dict
        Node name → ``(x, y)`` pixel position of its box (every node of ``tables``).
    labels : dict, optional
        Node name → state labels shown instead of the state names.
    top : dict, optional
        Node name → how many states to show (the likeliest) when it has too many to draw.
    width : dict, optional
        Node name → box width in pixels.
    titles : dict, optional
        Node name → a longer caption.
    """
    labels, top, width, titles = labels or {}, top or {}, width or {}, titles or {}
    missing = set(tables) - set(layout)
    if missing:
        raise ValueError(f"The 'layout' parameter of network_json must place every node; missing {sorted(missing)}.")
    nodes = []
    for name in layout:
        states, parents, values = tables[name]
        values = np.asarray(values, dtype=np.float64)
        n_cols = int(np.prod([len(tables[p][0]) for p in parents])) if parents else 1
        if values.shape != (len(states), n_cols):
            raise ValueError(f"The CPT of {name!r} must have shape {(len(states), n_cols)}; got {values.shape}.")
        node = {
            "name": name,
            "states": [str(s) for s in states],
            "labels": [str(s) for s in labels.get(name, states)],
            "parents": [str(p) for p in parents],
            "cpt": values.ravel().tolist(),
            "x": int(layout[name][0]),
            "y": int(layout[name][1]),
        }
        if name in top:
            node["top"] = int(top[name])
        if name in width:
            node["width"] = int(width[name])
        if name in titles:
            node["title"] = titles[name]
        nodes.append(node)
    return {"nodes": nodes}


def _check_data(data, title) -> None:
    """One ValueError naming the parameter unless ``data`` and ``title`` are what a page draws."""
    if not isinstance(data, dict) or data.get("kind") not in ("stud", "holdem"):
        kind = data.get("kind") if isinstance(data, dict) else type(data).__name__
        raise ValueError(f"The 'data' parameter must be an explorer's dict of kind 'stud' or 'holdem'; got {kind!r}.")
    if not isinstance(data.get("steps"), list) or not data["steps"]:
        raise ValueError("The 'data' parameter must hold a non-empty list of 'steps' (one per action of the hand).")
    if not isinstance(title, str):
        raise ValueError(f"The 'title' parameter must be a string; got {title!r}.")


def render_page(data: dict, *, title: str = "bpp belief explorer") -> str:
    """The whole HTML document for ``data`` (``data["kind"]`` ``"stud"`` or ``"holdem"``), script and style inline.

    ``data`` must be what an explorer builds: a dict of kind ``"stud"`` or
    ``"holdem"`` with a list of ``steps``; anything else is a ValueError.
    """
    _check_data(data, title)
    payload = json.dumps(data, separators=(",", ":"), allow_nan=False).replace("</", "<\\/")
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<link rel=\"icon\" href=\"data:,\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{html.escape(title)}</title>\n<style>\n{_asset('page.css')}</style>\n</head>\n<body>\n"
        "<noscript><p>This belief explorer is drawn by JavaScript, which is switched off in this browser: "
        "turn JavaScript on (the page needs no network access) to see the network, the hand and the what-if "
        "evidence.</p></noscript>\n"
        "<div id=\"app\"></div>\n"
        f"<script type=\"application/json\" id=\"bpp-data\">{payload}</script>\n"
        f"<script>\n{_asset('page.js')}</script>\n</body>\n</html>\n"
    )


class Explorer:
    """An explorer page: ``save(path)`` writes it, ``_repr_html_`` shows it inline in Jupyter / VS Code / JupyterLab.

    Attributes
    ----------
    data : dict
        What the page draws (JSON-ready).
    models : list
        The pgmpy networks with the page's CPTs (index = ``data["networks"]``
        index; empty for hold'em), for checks against pgmpy.
    trace : object
        What was traced (a :class:`bpp.stud.experiments.inspection.BeliefTrace` or the hold'em record).
    """

    def __init__(self, data: dict, *,
                 models: Sequence[DiscreteBayesianNetwork] | Callable[[], Iterable[DiscreteBayesianNetwork]] = (),
                 trace: object = None, title: str = "bpp belief explorer") -> None:
        _check_data(data, title)
        self.data = data
        self._models = models
        self.trace = trace
        self.title = title

    @property
    def models(self) -> list:
        """The pgmpy networks of ``data["networks"]`` (built on first use when given as a function)."""
        if callable(self._models):
            self._models = list(self._models())
        return list(self._models)

    def html(self) -> str:
        """The page as one HTML document."""
        return render_page(self.data, title=self.title)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the page to a new file ``path`` (``.html``); returns the path.

        Raises ValueError naming the path when it cannot be written or already
        exists (pages are never overwritten: the rule of :func:`check_out_path`).
        """
        path = check_out_path(path)
        text = self.html()
        try:
            with open(path, "w" if path.exists() else "x", encoding="utf-8") as f:  # an existing file here is empty
                f.write(text)
        except OSError as exc:
            raise ValueError(f"cannot write the explorer page to {str(path)!r}: {exc.strerror or exc}") from None
        return path

    def _repr_html_(self) -> str:
        # an iframe keeps the page's script and style apart from the notebook's
        return (
            f'<iframe srcdoc="{html.escape(self.html(), quote=True)}" '
            'style="width:100%;height:980px;border:1px solid #cbd5e1;border-radius:8px" '
            'sandbox="allow-scripts" title="bpp belief explorer"></iframe>'
        )

    def __repr__(self) -> str:
        return f"Explorer(kind={self.data.get('kind')!r}, steps={len(self.data.get('steps', []))})"

"""The belief explorer: one self-contained HTML page per hand, in the browser and in notebooks.

* :func:`stud_explorer` — BPP's network (Korb1999 Figure 1, the §6.1
  extensions) drawn with a posterior bar chart in every node, stepped through
  one five-card stud hand; clicking a state sets or clears evidence and the
  page recomputes the exact posteriors from the embedded CPTs.
* :func:`holdem_explorer` — Poki's weight table of every opponent
  (Billings2002 "opponent modeling"), re-weighted after each action, with the
  evaluation against those weights (Billings1998 §4.2–4.4) and the action
  CPT of each update.
* :func:`trace_hand` — a traced hand whose ``.explore()`` gives the page
  (``_repr_html_`` in Jupyter, ``.save(path)``).
* ``bpp explore`` writes the page; ``bpp play`` serves a page where a person
  plays heads-up against an agent and watches its beliefs
  (:mod:`bpp.explore.play`).

>>> ex = trace_hand(3, warmup=0).explore()
>>> ex.data["kind"], "<noscript>" in ex.html()
('stud', True)
"""

from bpp.explore.holdem import holdem_explorer
from bpp.explore.page import Explorer, network_json, render_page
from bpp.explore.stud import stud_explorer
from bpp.explore.trace import TracedHand, trace_hand

__all__ = ["Explorer", "TracedHand", "holdem_explorer", "network_json", "render_page", "stud_explorer", "trace_hand"]

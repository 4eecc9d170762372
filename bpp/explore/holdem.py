"""The hold'em explorer: one observer's weight table of every opponent, re-weighted after each action (Billings2002, Billings1998 §4).

The hand and the update are those of :func:`bpp.loki.inspection.trace_hand`
(``bpp inspect limit-holdem``): every seat acts by the reference model and
the observer (seat 0, Poki's seat) re-weights the acting opponent's table by
``w ← w · P(action | holding)`` (Billings2002 "updating the weight table"),
and removes the board cards from every table when they fall.  Each step of
the page shows

* the 13×13 grid of every opponent's table (mean weight per class over its
  live holdings; hovering a cell lists its holdings and their weights now and
  before the step);
* the observer's HS, Ppot, Npot and EHS against each opponent's weights and
  HS_n / EHS against all (Billings1998 §4.2–4.4, computed by
  :func:`bpp.loki.evaluator.postflop.street_table`), post-flop;
* the action CPT that did the update: the column P(action taken | holding)
  of the acting player's triples, as a grid, and the triple at its real holding.

>>> ex = holdem_explorer(3)
>>> ex.data["kind"], len(ex.data["opponents"]), len(ex.data["pool"][0])
('holdem', 4, 1326)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from holdem._typing import RngLike

from bpp.explore.page import Explorer

__all__ = ["holdem_explorer"]

_STREETS = ("pre-flop", "flop", "turn", "river")
_ACTIONS = ("fold", "call", "raise")


def _vector(weights, live) -> list:
    """Weights scaled to a maximum of 1, 4 decimals; holdings not ``live`` (known cards) are -1."""
    w = np.asarray(weights, dtype=np.float64)
    top = w.max()
    scaled = np.round(w / top, 4) if top > 0 else np.zeros_like(w)
    scaled[~np.asarray(live)] = -1.0
    return scaled.tolist()


def evaluation_json(board: Sequence[int] | NDArray[np.integer[Any]], hole: Sequence[int] | NDArray[np.integer[Any]],
                    who: str, opponents: list[tuple[str, NDArray[np.floating[Any]]]]) -> dict | None:
    """The page's evaluation box: HS, Ppot, Npot, EHS of ``hole`` on ``board`` against each ``(name, weights)`` and
    HS_n / EHS against all (Billings1998 §4.2–4.4, :func:`bpp.loki.evaluator.postflop.street_table`); None before
    the flop or when a table has no weight left.

    ``board`` and ``hole`` are integer card codes (0-5 and 2 of them); each ``weights`` is a float weight table of
    shape ``(1326,)`` (one weight per two-card holding)."""
    from holdem.cards import format_cards

    from bpp.explore._sources import holdem

    if len(board) < 3 or not opponents:
        return None
    try:
        ev = holdem()["street_table"](np.asarray(board)).evaluate(np.asarray(hole), np.stack([w for _, w in opponents]))
    except ValueError:  # a table with no weight left
        return None
    rows = [{"name": name, "hs": float(ev.hs[i]), "ppot": float(ev.ppot[i]), "npot": float(ev.npot[i]),
             "ehs": float(ev.ehs_each[i])} for i, (name, _) in enumerate(opponents)]
    return {"who": who, "hole": format_cards(np.asarray(hole)), "rows": rows, "hs_n": ev.hs_n,
            "ppot_all": ev.ppot_all, "ehs": ev.ehs}


def page_data(title: str, subtitle: str, names: dict, observer: int, holes: dict, pool: list, steps: list) -> dict:
    """The hold'em page's data: ``names`` seat → name, ``holes`` seat → cards text ("" unknown), ``pool`` the weight
    vectors (:func:`_vector`) that ``steps[k]["tables"]`` point into."""
    from holdem.cards import format_cards
    from holdem.ranges import CLASS_NAMES, CLASS_OF_HOLDING, HOLDINGS

    return {
        "kind": "holdem",
        "title": title,
        "subtitle": subtitle,
        "observerName": names[observer],
        "seats": sorted(names),
        "opponents": [p for p in sorted(names) if p != observer],
        "seatNames": {str(p): n for p, n in names.items()},
        "holes": {str(p): h for p, h in holes.items()},
        "holdings": [format_cards(h, sep="") for h in HOLDINGS],
        "cls": [int(c) for c in CLASS_OF_HOLDING],
        "classNames": list(CLASS_NAMES),
        "pool": pool,
        "steps": steps,
    }


def holdem_explorer(rng: RngLike = 0, *, n_players: int = 5) -> Explorer:
    """Trace one limit hold'em hand and return its explorer page (seat 0 observes).

    Parameters
    ----------
    rng
        Deal and actions (as ``bpp inspect limit-holdem --seed``): None, a seed, a ``SeedSequence`` or a ``Generator`` (:func:`holdem.checks.seed_sequence`).
    n_players : int
        Seats, 2-10 (heads-up included).

    Examples
    --------
    >>> holdem_explorer(1, n_players=1)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_players' parameter of holdem_explorer must be an integer in [2, 10]; got 1.
    """
    from holdem.cards import format_cards
    from holdem.ranges import holding_index

    from bpp.explore._sources import holdem
    from bpp.loki import WeightTable

    trace_hand = holdem()["trace_hand"]

    from holdem.checks import recorded_seed, seed_sequence

    root = seed_sequence(rng, "holdem_explorer")
    seed = recorded_seed(root)
    if isinstance(n_players, bool) or not isinstance(n_players, (int, np.integer)) or not 2 <= n_players <= 10:
        raise ValueError(f"The 'n_players' parameter of holdem_explorer must be an integer in [2, 10]; got {n_players!r}.")
    info, _ = trace_hand(root, n_players=int(n_players))
    holes = {p: np.array(h) for p, h in info["holes"].items()}
    board = np.array(info["board"])
    observer = 0
    opponents = [p for p in range(n_players) if p != observer]
    names = {p: f"seat {p}" + (" (observer)" if p == observer else "") for p in range(n_players)}
    pool: list = []

    def put(table) -> int:
        pool.append(_vector(table.weights, table.live))
        return len(pool) - 1

    current = {p: WeightTable(dead_cards=holes[observer]) for p in opponents}
    start = put(current[opponents[0]])
    ids = {p: start for p in opponents}  # every table starts the same
    folded: list[int] = []
    n_board = {0: 0, 1: 3, 2: 4, 3: 5}

    def evaluation(r: int, acting):
        if observer in folded:
            return None
        live = [(names[p], current[p].weights) for p in opponents if p not in folded]
        return evaluation_json(board[: n_board[r]], holes[observer], names[observer], live)

    def step(kind, label, short, r, actor, cpt=None):
        return {
            "kind": kind, "label": label, "short": short, "round": r, "actor": actor,
            "board": format_cards(board[: n_board[r]]) if n_board[r] else "",
            "tables": {str(p): ids[p] for p in opponents}, "folded": list(folded),
            "evaluation": evaluation(r, actor), "cpt": cpt,
        }

    steps = [step("deal", "pre-flop: hole cards dealt; every table starts at weight 1", "deal", 0, None)]
    last = 0
    n_actions = 0
    for p, r, public, triples, kind in info["actions"]:
        if r != last:
            for q in opponents:
                if q not in folded:
                    current[q] = current[q].remove_cards(np.array(public))
                    ids[q] = put(current[q])
            cards = format_cards(np.array(public[n_board[last]:]))
            steps.append(step("deal", f"{_STREETS[r]}: {cards} dealt (removed from every table)", f"{_STREETS[r]} {cards}", r, None))
            last = r
        cpt = None
        if p in current and p not in folded:
            column = np.asarray(triples, dtype=np.float64)[:, kind].copy()
            column[~np.asarray(current[p].live)] = -1.0
            own = np.asarray(triples)[holding_index(*holes[p])]
            cpt = {"action": _ACTIONS[kind], "column": np.round(column, 4).tolist(),
                   "context": f"{_STREETS[r]}, board {format_cards(np.array(public)) or '—'}",
                   "hole": format_cards(holes[p]), "triple": [float(x) for x in own]}
            current[p] = current[p].reweight_action(triples, kind)
            ids[p] = put(current[p])
        if kind == 0:
            folded.append(p)
        text = info["log"][n_actions].split(": ", 1)[1]
        n_actions += 1
        steps.append(step("action", f"{_STREETS[r]}: {text}", text.replace("seat ", "s"), r, p, cpt))
    payoff = info["payoffs"][observer]
    data = page_data(
        f"Poki's weight tables — limit hold'em, {n_players} players, seed {seed}",
        f"Seat 0 observes (holds {format_cards(holes[observer])}); board {format_cards(board)}. Every seat acts by the "
        f"reference model of bpp inspect limit-holdem; seat 0 wins {payoff:+g} chips.",
        names, observer, {p: format_cards(holes[p]) for p in range(n_players)}, pool, steps)
    return Explorer(data, trace=info, title=f"bpp explore limit-holdem --seed {seed}")


# ---------------------------------------------------------------- bpp explore limit-holdem


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp explore limit-holdem``."""
    from holdem.tables import seed

    parser.add_argument("--seed", type=seed, default=0, help="deal and actions of the hand (default 0)")
    parser.add_argument("--players", type=int, default=5, help="seats, 2-10 (default 5)")
    parser.add_argument("--out", metavar="FILE.html", default="holdem_explorer.html", help="page to write (default holdem_explorer.html)")


def run(args: argparse.Namespace) -> int:
    """Write the page of a seeded hand; print where (``bpp.explore.logged`` adds ``--hands``)."""
    from bpp.explore.page import check_out_path

    check_out_path(args.out)
    ex = holdem_explorer(args.seed, n_players=args.players)
    print(f"wrote {ex.save(args.out)} ({len(ex.data['steps'])} steps; open it in a browser)")
    return 0

"""Explorer pages of a logged hand: ``bpp explore limit-holdem|stud5 --hands FILE --hand N``.

The hand comes from a hand-history file (:func:`holdem.histories.read_hands`:
PHH, ACPC or a bpp log) and is replayed as it happened through the hand driver
(:func:`holdem.histories.replay.logged_driver`):

* :func:`logged_holdem_explorer` — Poki in one player's seat re-weights the
  weight table of every opponent after every action, heads-up included
  (Billings2002 §6 "updating the weight table", through
  :func:`bpp.loki.inspection.logged_hand_beliefs`).  Each step shows every
  opponent's table as a 13×13 grid, the factor the acting opponent's table
  was multiplied by (the modelled P(action | holding), Poki's triple entry
  with its floor) and, from the flop on, the observer's HS / Ppot / Npot / EHS
  against those tables (Billings1998 §4.2–4.4);
* :func:`logged_stud_explorer` — BPP (Korb1999 §3, or a §6 variant) in one
  player's seat of a heads-up five-card stud hand, its network with a
  posterior in every node at each step (through
  :func:`bpp.stud.experiments.inspection.trace_logged_hand`); clicking a
  state sets what-if evidence as on the seeded page.

The pages are the same self-contained HTML as ``bpp explore`` writes for a
seeded hand (:class:`bpp.explore.page.Explorer`).

>>> import tempfile, pathlib
>>> from holdem.games import LimitHoldem
>>> from holdem.match import play_match
>>> from holdem.histories import read_hands
>>> log = pathlib.Path(tempfile.mkdtemp()) / "m.jsonl"
>>> _ = play_match(LimitHoldem(), ["call", "raise"], 2, rng=1, log=log)
>>> ex = logged_holdem_explorer(read_hands(log)[0], "call")
>>> ex.data["kind"], ex.data["opponents"], ex.data["steps"][0]["short"]
('holdem', [1], 'deal')
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

import numpy as np

from bpp.explore.page import Explorer

if TYPE_CHECKING:
    from holdem.agents import Agent
    from holdem.histories import Hand

__all__ = ["logged_holdem_explorer", "logged_stud_explorer"]

_STREETS = ("pre-flop", "flop", "turn", "river")
_BOARD = (0, 3, 4, 5)


def _verb(action, to_call: bool, r: int) -> str:
    """fold / check / call / bet / raise (pre-flop the blinds are the first bet: a bet there is a raise)."""
    from holdem.games.base import ActionKind

    if action.kind == ActionKind.FOLD:
        return "fold"
    if action.kind == ActionKind.CHECK_CALL:
        return "call" if to_call else "check"
    return "raise" if to_call or r == 0 else "bet"


def logged_holdem_explorer(hand: Hand, observer: str | int | None = None, *, agent: Agent | None = None) -> Explorer:
    """The explorer page of one logged limit hold'em hand, Poki in ``observer``'s seat.

    Parameters
    ----------
    hand : holdem.histories.Hand
        A limit hold'em hand read by :func:`holdem.histories.read_hands` (2-10 seats).
    observer : str or int, optional
        The player (name or seat) whose view it is; default the first seat.  The
        file must show that player's cards.
    agent : optional
        A Poki-family agent (default ``PokiAgent(rng=0)``; one that learned from
        earlier hands by :func:`holdem.histories.replay` brings its opponent models).

    Returns
    -------
    Explorer
        ``trace`` is the :class:`bpp.loki.inspection.LoggedBeliefs` the page shows
        (``weights[seat][k]`` the table after step ``k`` of the hand's actions).

    Examples
    --------
    The module's example writes a log and opens its first hand; a stud hand is refused by name:

    >>> from holdem.histories import Hand
    >>> from holdem.games import Stud5
    >>> logged_holdem_explorer(Hand("f", 7, Stud5(), ("a", "b"), 1, (None, None), (), (), (), (0, 0)))
    Traceback (most recent call last):
    ...
    ValueError: Poki's weight tables are for limit hold'em; hand 7 is stud5
    """
    from holdem.cards import format_cards
    from holdem.ranges import HOLDINGS

    from bpp.explore._sources import holdem
    from bpp.explore.holdem import _vector, evaluation_json, page_data

    beliefs = holdem()["logged_hand_beliefs"](hand, observer, agent=agent)
    seat = beliefs.observer
    n = hand.n_players
    names = {p: hand.names[p] + (" (Poki)" if p == seat else "") for p in range(n)}
    opponents = [p for p in range(n) if p != seat]
    hole = np.array(hand.holes[seat])
    pool: list = []
    ids: dict[int, int] = {}
    folded: list[int] = []
    board: list[int] = []
    steps: list[dict] = []

    def dead() -> np.ndarray:
        return np.asarray(np.isin(HOLDINGS, np.concatenate([hole, np.array(board, dtype=hole.dtype)])).any(axis=1))

    def put(k: int, p: int) -> None:
        """Opponent ``p``'s table after step ``k`` of ``beliefs``, holdings with a known card dead."""
        pool.append(_vector(beliefs.weights[p][k] * ~dead(), ~dead()))
        ids[p] = len(pool) - 1

    def step(kind, label, short, r, actor, cpt=None):
        live = [(names[p], np.where(dead(), 0.0, beliefs.weights[p][k])) for p in opponents if p not in folded]
        evaluation = None if seat in folded else evaluation_json(board, hole, names[seat], live)
        steps.append({"kind": kind, "label": label, "short": short, "round": r, "actor": actor,
                      "board": format_cards(np.array(board)) if board else "", "tables": {str(p): ids[p] for p in opponents},
                      "folded": list(folded), "evaluation": evaluation, "cpt": cpt})

    k = 0  # the step of ``beliefs``: actions so far
    for p in opponents:
        put(0, p)
    step("deal", f"pre-flop: hole cards dealt; {names[seat]}'s tables of every opponent start at weight 1", "deal", 0, None)
    state = hand.new_state()
    for event in hand.events:
        if event.kind == "deal":
            board.extend(event.cards)
            for p in opponents:
                put(k, p)
            cards = format_cards(np.array(event.cards))
            step("deal", f"{_STREETS[event.round]}: {cards} dealt (holdings with it are dead)", f"{_STREETS[event.round]} {cards}",
                 event.round, None)
            continue
        if event.kind != "action":
            continue
        k += 1
        p, r = event.player, event.round
        verb = _verb(event.action, state.observation(p).to_call > 0, r)
        state.apply(event.action)
        cpt = None
        if p != seat and verb != "fold":
            before, after = beliefs.weights[p][k - 1], beliefs.weights[p][k]
            with np.errstate(divide="ignore", invalid="ignore"):
                factor = np.where((before > 0) & ~dead(), after / before, -1.0)
            shown = hand.holes[p]
            cpt = {"action": verb, "column": np.round(factor, 4).tolist(),
                   "context": f"{_STREETS[r]}, board {format_cards(np.array(board)) if board else '—'}",
                   "hole": format_cards(np.array(shown)) if shown is not None else "not shown",
                   "triple": None,
                   "note": f"the factor Poki's modeler multiplied {hand.names[p]}'s table by "
                           f"(the modelled P({verb} | holding), floor 0.01); {hand.names[p]}'s cards: "
                           f"{format_cards(np.array(shown)) if shown is not None else 'not shown in the file'}"}
        if p != seat:
            put(k, p)
        if verb == "fold":
            folded.append(p)
        text = f"{hand.names[p]} {verb}s" if verb != "check" else f"{hand.names[p]} checks"
        step("action", f"{_STREETS[r]}: {text}", text, r, p, cpt)
    if k != len(beliefs.steps) - 1:  # pragma: no cover - the replay and the file disagree
        raise RuntimeError(f"hand {hand.number}: {k} actions in the file, {len(beliefs.steps) - 1} replayed")
    shown_text = {p: format_cards(np.array(h)) if h is not None else "" for p, h in enumerate(hand.holes)}
    final = format_cards(np.array(board)) if board else "none"
    data = page_data(
        f"Poki's weight tables — {hand.source}, hand {hand.number} ({n} players, limit hold'em)",
        f"Poki sits in {hand.names[seat]}'s seat (holds {format_cards(hole)}); board {final}; "
        f"{hand.names[seat]} won {hand.payoffs[seat]:+g} chips. Every action re-weights the acting opponent's table.",
        names, seat, shown_text, pool, steps)
    return Explorer(data, trace=beliefs, title=f"bpp explore limit-holdem --hands {hand.source} --hand {hand.number}")


def logged_stud_explorer(hand: Hand, player: str | None = None, *, agent: str = "bpp") -> Explorer:
    """The explorer page of one logged heads-up five-card stud hand, BPP (``agent``) in ``player``'s seat.

    Parameters
    ----------
    hand : holdem.histories.Hand
        A heads-up stud hand (a bpp log is the only format that carries stud).
    player : str, optional
        The player whose seat BPP takes (default the first seat).
    agent : str
        ``"bpp"`` (Korb1999 Figure 1), a heads-up §6 variant (``"bpp-up"`` …) or ``"bpp-card"``.

    Returns
    -------
    Explorer
        ``models[k]`` is the pgmpy network of ``data["networks"][k]``; ``trace`` the
        :class:`~bpp.stud.experiments.inspection.BeliefTrace`.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from holdem.games import Stud5
    >>> from holdem.match import play_match
    >>> from holdem.histories import read_hands
    >>> log = pathlib.Path(tempfile.mkdtemp()) / "s.jsonl"
    >>> _ = play_match(Stud5(), ["call", "random"], 2, rng=1, log=log)
    >>> ex = logged_stud_explorer(read_hands(log)[0], "random")
    >>> ex.data["kind"], len(ex.data["networks"]), ex.data["steps"][0]["kind"]
    ('stud', 4, 'deal')
    """
    from bpp.explore._sources import stud
    from bpp.explore.stud import _players, new_agent, trace_pages

    players = tuple(p for p in _players() if p != "bpp-multi")
    if agent not in players:
        raise ValueError(f"The 'agent' parameter of logged_stud_explorer must be one of {players}; got {agent!r}.")
    bpp = new_agent(agent, np.random.default_rng(0))
    trace = stud()["trace_logged_hand"](hand, player, bpp=bpp)
    models, networks, steps, title_net = trace_pages(trace, bpp, agent)
    seat = 0 if player is None else hand.names.index(player)
    data = {
        "kind": "stud",
        "card": agent == "bpp-card",
        "title": f"{agent} in {hand.names[seat]}'s seat vs {trace.opponent} — {hand.source}, hand {hand.number}",
        "subtitle": (f"BPP holds {trace.bpp_cards}, the opponent {trace.opp_cards} (down card first; '??' not in the file); "
                     f"{hand.names[seat]} {trace.payoff:+g} units; prior action CPT (no warm-up)."),
        "network_title": title_net,
        "networks": networks,
        "steps": steps,
    }
    return Explorer(data, models=models, trace=trace, title=f"bpp explore stud5 --hands {hand.source} --hand {hand.number}")


# ---------------------------------------------------------------- the --hands options of bpp explore


def add_hands_arguments(parser: argparse.ArgumentParser, *, whose: str) -> None:
    """``--hands FILE --hand N`` and the seat option (``--player`` for hold'em, ``--as`` for stud, as ``bpp inspect``)."""
    parser.add_argument("--hands", metavar="FILE", default=None,
                        help="a hand-history file (PHH, ACPC, bpp log): explore a logged hand instead of a seeded one")
    parser.add_argument("--hand", type=int, default=None, metavar="N", help="with --hands: the hand's number in the file")
    if whose == "player":
        parser.add_argument("--player", dest="as_player", default=None, metavar="NAME",
                            help="with --hands: whose view (Poki in that seat; default the first seat)")
    else:
        parser.add_argument("--as", dest="as_player", default=None, metavar="NAME",
                            help="with --hands: the player whose seat BPP takes (default the first seat)")


def run_logged(args: argparse.Namespace, game: str) -> int:
    """``bpp explore GAME --hands FILE --hand N``: write the page; print where."""
    from holdem.histories import read_hand

    from bpp.explore.page import check_out_path

    if args.hand is not None and args.hands is None:
        raise ValueError("--hand needs --hands FILE")
    check_out_path(args.out)
    if game == "limit-holdem":
        ex = logged_holdem_explorer(read_hand(args.hands, args.hand, game=game), args.as_player)
    else:
        ex = logged_stud_explorer(read_hand(args.hands, args.hand, game=game, n_players=2), args.as_player,
                                  agent=args.player)
    print(f"wrote {ex.save(args.out)} ({len(ex.data['steps'])} steps; open it in a browser)")
    return 0


class _Target:
    """``bpp explore GAME``: a game's explorer target with ``--hands FILE --hand N`` added (the commands' target)."""

    def __init__(self, module: str, game: str, whose: str):
        self.module, self.game, self.whose = module, game, whose

    def add_arguments(self, parser) -> None:
        import importlib

        importlib.import_module(self.module).add_arguments(parser)
        add_hands_arguments(parser, whose=self.whose)

    def run(self, args) -> int:
        import importlib

        if args.hands is not None or args.hand is not None:
            return run_logged(args, self.game)
        return int(importlib.import_module(self.module).run(args) or 0)


#: The ``bpp explore`` targets: a seeded hand by default, a logged one with ``--hands``.
HOLDEM = _Target("bpp.explore.holdem", "limit-holdem", "player")
STUD = _Target("bpp.explore.stud", "stud5", "as")

"""The stud explorer: BPP's network of every step of one hand, with the CPTs the page infers from (Korb1999 §3, §6.1).

Every BPP of Figure 1's family, and the card-level one:

* the networks of :data:`bpp.stud.players.variants.VARIANTS` — ``bpp`` (the
  network of Figure 1, Korb1999 §3.1, one per betting round, with the M_A|C BPP
  has learned in its warm-up hands, §3.3, §5.2; the evidence of a step is
  BPP_Current, OPP_Upcards and OPP_Action, §3.4) and its §6 variants
  (``bpp-up``, ``bpp-linked``, ``bpp-actions``, ``bpp-bluff`` …), each page
  showing the variant's own per-round pgmpy networks with its learned CPTs, the
  evidence its agent enters and the P(win) it plays from.  A new variant is one
  line of :data:`bpp.stud_variants.STUD_VARIANTS`, which that table derives from;
* ``bpp-card`` — the card-level, all-rounds network of
  :class:`bpp.stud.players.cardlevel.CardBPP` (§6.1, §6.3): OPP_Down (the
  opponent's down card, one state per card BPP has not seen), one
  OPP_Rel / OPP_Action pair per decision of the opponent so far, BPP_Win.
  The network grows as the hand goes on, so every step carries its own;
* ``bpp-multi`` — BPP at a ``seats``-seat table (Korb1999 §6.2,
  :mod:`bpp.stud.model.multi`): one OPPi_Final / OPPi_Current / OPPi_Upcards /
  OPPi_Action sub-network per live opponent, with that seat's learned M_A|C,
  the OPP_Top chain and BPP_Win.  One step per BPP decision, each with the
  network of the opponents still live then.

The steps (labels, P(BPP_Win), θ of eq. (7), the betting-curve
probabilities of §4) are those of :func:`bpp.stud.experiments.inspection.trace_hand`, the
trace ``bpp inspect stud5`` prints, for the same seed.

>>> ex = stud_explorer(3, warmup=0)
>>> ex.data["kind"], len(ex.data["networks"]), ex.data["steps"][0]["evidence"]["OPP_Upcards"] >= 0
('stud', 4, True)
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

import numpy as np

from holdem._typing import RngLike
from holdem.checks import check_int, recorded_seed, seed_sequence

from bpp.explore.page import Explorer, network_json, pgmpy_tables

if TYPE_CHECKING:
    from holdem.agents import Agent

    from bpp.stud.experiments.inspection import BeliefTrace

__all__ = ["PLAYERS", "stud_explorer"]


def _variants() -> dict:
    """Agent name → :class:`~bpp.stud.players.variants.Variant` of every network variant."""
    from bpp.explore._sources import stud

    return {v.agent: v for v in stud()["VARIANTS"].values()}


def _players() -> tuple:
    from bpp.stud_variants import STUD_VARIANTS  # strings only: no bpp.stud import

    return (*(v.agent for v in STUD_VARIANTS.values()), "bpp-card", "bpp-multi")


def __getattr__(name):  # PLAYERS is read on first use: the variant table imports bpp.stud, which `bpp --help` need not
    if name == "PLAYERS":
        return _players()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")



def _state_index(model, node: str, state) -> int:
    return [str(s) for s in model.get_cpds(node).state_names[node]].index(str(state))


def _short(label: str) -> str:
    """A timeline chip's text: ``r1 OPP bets`` → ``OPP bets``; deals keep the cards."""
    return label.split(" ", 1)[1] if label[:1] == "r" and " " in label else label


def _label(label: str) -> str:
    """``r0 OPP bets`` → ``round 1: OPP bets`` (the trace counts rounds from 0, the page from 1 as the paper)."""
    head, _, rest = label.partition(" ")
    return f"round {int(head[1:]) + 1}: {rest}" if head[:1] == "r" and head[1:].isdigit() else label


def _card_class():
    """A CardBPP that remembers the observation behind each belief it reports outside ``act`` (the trace's steps)."""
    from bpp.explore._sources import stud

    class _Recording(stud()["CardBPP"]):
        def new_hand(self, seat):
            super().new_hand(seat)
            self.seen_ = []

        def act(self, observation):
            self._acting = True
            try:
                return super().act(observation)
            finally:
                self._acting = False

        def belief(self, observation):
            out = super().belief(observation)
            if not getattr(self, "_acting", False) and hasattr(self, "seen_"):
                self.seen_.append((observation, self._win_key, None if self._win is None else self._win.copy()))
            return out

    return _Recording


def _card_network(bpp, observation, win_key, win):
    """The card-level network at ``observation`` with the P(win | down card) BPP used then (no re-sampling)."""
    bpp._win_key, bpp._win = win_key, win
    bpp._acting = True
    try:
        return bpp.network(observation)
    finally:
        bpp._acting = False


def _card_layout(model) -> tuple[dict, dict, dict]:
    """Pixel positions for the card network: BPP_Win and OPP_Down on top, one OPP_Rel → OPP_Action column per decision."""
    n = sum(1 for v in model.nodes() if str(v).startswith("OPP_Rel_"))
    layout = {"BPP_Win": (470, 0), "OPP_Down": (240, 0)}
    per_row = 5
    for i in range(n):
        row, col = divmod(i, per_row)
        layout[f"OPP_Rel_{i}"] = (col * 160, 250 + row * 190)
        layout[f"OPP_Action_{i}"] = (col * 160, 340 + row * 190)
    widths = {k: 150 for k in layout if k.startswith("OPP_Rel") or k.startswith("OPP_Action")}
    widths["OPP_Down"] = 200
    return layout, widths, {"OPP_Down": 12}


class _MultiStep:
    """One decision of ``bpp-multi`` in the form :func:`_step_json` reads (a trace step's fields)."""

    def __init__(self, label, r, evidence, decision):
        self.label, self.kind, self.round, self.actor = label, "action", r, "BPP"
        self.evidence = evidence
        self.theta = decision["theta"]
        self.probabilities = decision["probabilities"]


def _multi_pixels(m: int) -> dict:
    """Pixel positions of the ``m``-opponent network: BPP's column, one column pair per opponent, the OPP_Top chain right."""
    layout = {"BPP_Win": (0, 0), "BPP_Final": (0, 74), "BPP_Current": (0, 366)}
    for i in range(1, m + 1):
        base = 245 + 490 * (i - 1)
        layout.update({f"OPP{i}_Final": (base + 120, 74), f"OPP{i}_Current": (base + 120, 366),
                       f"OPP{i}_Upcards": (base, 660), f"OPP{i}_Action": (base + 245, 660)})
    for k in range(2, m + 1):
        layout[f"OPP_Top_{k}"] = (245 + 490 * m + 245 * (k - 2), 74)
    return layout


def _multi_explorer(root: np.random.SeedSequence, opponent: str, warmup: int, seats: int) -> Explorer:
    """The ``bpp-multi`` page: one ``seats``-seat hand, BPP in seat 0 against ``seats - 1`` copies of ``opponent``."""
    import bpp.registry as registry
    from holdem.cards import format_cards
    from holdem.games import Stud5
    from holdem.match import play_match
    from holdem.play import play_hand

    from bpp.stud.players.multi import MultiBPPPlayer

    seed = recorded_seed(root)
    streams = root.spawn(4)
    agent = MultiBPPPlayer(rng=np.random.default_rng(streams[0]))
    others = [registry.make_agent(opponent, rng=np.random.default_rng(s)) for s in streams[1].spawn(seats - 1)]
    agents = [agent] + others
    game = Stud5(n_players=seats)
    if warmup >= 2:
        play_match(game, agents, warmup, rng=streams[2])
    deal = np.random.default_rng(streams[3]).permutation(52)
    state = game.new_hand(deal, button=seats - 1)  # BPP (seat 0) sits left of the button
    models, networks, steps = [], [], []

    def record(p, obs, action):
        if p != 0:
            return
        e = agent.evidence(obs)
        model = agent.compiled_network(obs).to_network()
        evidence = {"BPP_Current": e["BPP_Current"]}
        for i, (s, up, act) in enumerate(e["opponents"], start=1):
            evidence[f"OPP{i}_Upcards (seat {s})"] = up
            evidence[f"OPP{i}_Action (seat {s})"] = act
        ev = {"BPP_Current": _state_index(model, "BPP_Current", e["BPP_Current"])}
        for i, (_, up, act) in enumerate(e["opponents"], start=1):
            ev[f"OPP{i}_Upcards"] = _state_index(model, f"OPP{i}_Upcards", up)
            if act is not None:
                ev[f"OPP{i}_Action"] = _state_index(model, f"OPP{i}_Action", act)
        decision = agent.decision(obs)
        models.append(model)
        networks.append(network_json(pgmpy_tables(model), _multi_pixels(len(e["opponents"]))))
        label = f"r{obs.round} BPP to act, {len(e['opponents'])} live opponent(s)"
        steps.append(_step_json(_MultiStep(label, obs.round, evidence, decision), len(networks) - 1, ev, decision["p_win"]))

    play_hand(state, agents, on_decision=record)
    cards = game.showdown_cards(deal[None], seats - 1)[0]
    learned = f"after {warmup} warm-up hands" if warmup >= 2 else "no warm-up (prior action CPTs)"
    data = {
        "kind": "stud",
        "card": False,
        "title": f"bpp-multi vs {seats - 1} × {opponent} — five-card stud, {seats} seats, seed {seed}",
        "subtitle": (
            f"BPP (seat 0) holds {format_cards(cards[0])}; "
            + ", ".join(f"seat {s} {format_cards(cards[s])}" for s in range(1, seats))
            + f" (down card first); BPP {float(state.payoffs[0]) / game.bet:+g} units; {learned}."
        ),
        "network_title": "bpp-multi (Korb1999 §6.2): one opponent sub-network per live seat, OPP_Top chain → BPP_Win",
        "networks": networks,
        "steps": steps,
    }
    return Explorer(data, models=models, trace=None, title=f"bpp explore stud5 --seed {seed} --player bpp-multi --seats {seats}")


def stud_explorer(rng: RngLike = 0, *, player: str = "bpp", opponent: str = "rules", warmup: int = 200, seats: int = 3) -> Explorer:
    """Trace one stud hand (BPP in seat 0) and return its explorer page.

    Parameters
    ----------
    rng
        The deal, both agents and the warm-up (as ``bpp inspect stud5 --seed``): None, a seed, a ``SeedSequence`` or a ``Generator`` (:func:`holdem.checks.seed_sequence`).
    player : str
        One of ``PLAYERS``: every agent of :data:`bpp.stud.players.variants.VARIANTS`, and ``"bpp-card"``.
    opponent : str
        A stud agent: a registered name (``rules``, ``prob`` …) or a ``module:Class`` path.
    warmup : int
        Hands BPP first plays against the opponent, learning its action CPT.
    seats : int
        Table size for ``player="bpp-multi"`` (3-6; the others play heads-up).

    Returns
    -------
    Explorer
        ``models[k]`` is the pgmpy network of ``data["networks"][k]``.

    Examples
    --------
    >>> stud_explorer(1, player="poki")
    Traceback (most recent call last):
    ...
    ValueError: The 'player' parameter of stud_explorer must be one of ('bpp', 'bpp-up', 'bpp-linked', 'bpp-actions', 'bpp-bluff', 'bpp-dbn', 'bpp-showing', 'bpp-card', 'bpp-multi'); got 'poki'.
    >>> ex = stud_explorer(3, player="bpp-multi", warmup=0)        # 3 seats: two opponent sub-networks
    >>> sorted(ex.data["steps"][0]["evidence"]), len(ex.data["networks"]) == len(ex.data["steps"])
    (['BPP_Current', 'OPP1_Upcards', 'OPP2_Upcards'], True)
    """
    import bpp.registry as registry
    from bpp.explore._sources import stud

    trace_hand = stud()["trace_hand"]

    players = _players()
    if player not in players:
        raise ValueError(f"The 'player' parameter of stud_explorer must be one of {players}; got {player!r}.")
    root = seed_sequence(rng, "stud_explorer")
    seed = recorded_seed(root)
    warmup = check_int("stud_explorer", "warmup", warmup, 0)
    registry.check_agents_play([opponent], "stud5")  # a name or a module:Class path that plays stud5; else one line
    if player == "bpp-multi":
        if isinstance(seats, bool) or not isinstance(seats, (int, np.integer)) or not 3 <= seats <= 6:
            raise ValueError(f"The 'seats' parameter of stud_explorer must be an integer in [3, 6]; got {seats!r}.")
        return _multi_explorer(root, opponent, warmup, int(seats))
    rng = np.random.default_rng(seed_sequence(root).spawn(4)[0])  # the stream trace_hand gives its own BPP
    agent = new_agent(player, rng)
    trace = trace_hand(root, opponent=opponent, warmup=warmup, bpp=agent, player="bpp-card" if player == "bpp-card" else "bpp")
    models, networks, steps, title_net = trace_pages(trace, agent, player)
    learned = f"after {trace.warmup} warm-up hands against {opponent}" if trace.warmup else "no warm-up (prior action CPT)"
    data = {
        "kind": "stud",
        "card": player == "bpp-card",
        "title": f"{player} vs {opponent} — five-card stud, seed {seed}",
        "subtitle": (
            f"BPP holds {trace.bpp_cards}, the opponent {trace.opp_cards} (down card first); BPP {trace.payoff:+g} units; {learned}."
        ),
        "network_title": title_net,
        "networks": networks,
        "steps": steps,
    }
    return Explorer(data, models=models, trace=trace, title=f"bpp explore stud5 --seed {seed} --player {player}")


def new_agent(player: str, rng: RngLike) -> Agent:
    """A fresh BPP of ``player`` (a heads-up variant or ``"bpp-card"``) that the page can read its networks from."""
    return _card_class()(rng=rng) if player == "bpp-card" else _variants()[player].make(rng)


def trace_pages(trace: BeliefTrace, agent: Any, player: str) -> tuple[list, list, list, str]:
    """``(models, networks, steps, network title)`` of a heads-up belief trace of ``agent`` (made by :func:`new_agent`).

    ``trace`` is :func:`bpp.stud.experiments.inspection.trace_hand`'s or ``trace_logged_hand``'s record of the hand
    ``agent`` was traced through: one network per round of the variant (its learned CPTs), or for ``bpp-card`` the
    network of every step.  ``agent`` is typed ``Any``: the page reads attributes of the variant's own class
    (the card-level recorder's ``seen_`` and ``max_bets``, a variant's networks), which no common base declares.
    """
    models, networks, steps = [], [], []
    if player == "bpp-card":
        from holdem.cards import format_cards

        seen = agent.seen_
        if len(seen) != len(trace.steps):  # pragma: no cover - a change in trace_hand's stepping
            raise RuntimeError(f"recorded {len(seen)} beliefs for {len(trace.steps)} steps")
        for step, (obs, key, win) in zip(trace.steps, seen):
            model, evidence = _card_network(agent, obs, key, win)
            layout, widths, top = _card_layout(model)
            down = model.get_cpds("OPP_Down").state_names["OPP_Down"]
            names = [format_cards(np.array([int(s[1:])])) for s in down]
            titles = {}
            for i, (r, facing, _, _) in enumerate(_decisions(obs, agent.max_bets)):
                titles[f"OPP_Rel_{i}"] = f"decision {i + 1} (round {r + 1}, {'facing a bet' if facing else 'open'})"
            models.append(model)
            networks.append(network_json(pgmpy_tables(model), layout, labels={"OPP_Down": names}, top=top, width=widths, titles=titles))
            ev = {k: _state_index(model, k, v) for k, v in evidence.items()}
            steps.append(_step_json(step, len(networks) - 1, ev, step.p_win))
        return models, networks, steps, "Card-level BPP (Korb1999 §6.1, §6.3): OPP_Down → OPP_Rel → OPP_Action per decision, and BPP_Win"
    from bpp.explore._sources import stud

    variant = _variants()[player]
    pixels = {**stud()["FIGURE1_PIXELS"], **variant.pixels}
    models = variant.networks(agent)
    for model in models:
        networks.append(network_json(pgmpy_tables(model), {k: v for k, v in pixels.items() if k in model.nodes()}))
    for step in trace.steps:
        ev = {k: _state_index(models[step.round], k, v) for k, v in step.evidence.items() if v is not None}
        steps.append(_step_json(step, step.round, ev, step.p_win))
    return models, networks, steps, f"{variant.title}, round by round"


def _decisions(observation, max_bets):
    from bpp.explore._sources import stud

    return stud()["opponent_decisions"](observation, max_bets=max_bets)


def _step_json(step, net: int, evidence: dict, p_win: float) -> dict:
    return {
        "label": _label(step.label),
        "short": _short(step.label),
        "kind": step.kind,
        "round": int(step.round),
        "actor": step.actor,
        "net": int(net),
        "evidence": evidence,
        "p_win": float(p_win),
        "theta": float(step.theta),
        "probs": [float(p) for p in step.probabilities],
        "note": "; ".join(f"{k}: {v}" for k, v in step.evidence.items() if v is not None),
    }


# ---------------------------------------------------------------- bpp explore stud5


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp explore stud5``."""
    from bpp.stud.experiments.inspection import DEFAULT_SEED  # the hand bpp inspect stud5 shows
    from holdem.tables import count, seed

    MAX_WARMUP = 1_000_000  # hands played before the traced one: minutes at this bound

    parser.add_argument("--seed", type=seed, default=DEFAULT_SEED,
                        help=f"seed of the hand, the agents and the warm-up (default {DEFAULT_SEED}, as bpp inspect stud5)")
    parser.add_argument("--player", choices=_players(), default="bpp", help="the BPP traced (default bpp)")
    parser.add_argument("--opponent", default="rules",
                        help="the stud opponent: an agent name (rules, prob, ...) or a module:Class path (default rules)")
    parser.add_argument("--seats", type=int, default=None, help="table size for --player bpp-multi (3-6, default 3)")
    parser.add_argument("--warmup", type=count(MAX_WARMUP, minimum=0), default=200, help=f"hands BPP plays first, learning the opponent (default 200, at most {MAX_WARMUP:,})")
    parser.add_argument("--out", metavar="FILE.html", default="stud_explorer.html", help="page to write (default stud_explorer.html)")


def run(args: argparse.Namespace) -> int:
    """Write the page of a seeded hand; print where (``bpp.explore.logged`` adds ``--hands``)."""
    from bpp.explore.page import check_out_path

    if args.seats is not None and args.player != "bpp-multi":
        raise ValueError(f"--seats applies to --player bpp-multi only (--player {args.player} plays heads-up); leave it out")
    check_out_path(args.out)
    ex = stud_explorer(args.seed, player=args.player, opponent=args.opponent, warmup=args.warmup,
                       seats=3 if args.seats is None else args.seats)
    print(f"wrote {ex.save(args.out)} ({len(ex.data['steps'])} steps; open it in a browser)")
    return 0

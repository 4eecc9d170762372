"""A belief trace of one stud hand: how BPP's beliefs move after each card and each action (Korb et al. 1999, §3.4).

:func:`trace_hand` plays one hand between BPP and an opponent and records a
:class:`TraceStep` after every round's cards and after every action: the
evidence entered into that round's network (BPP_Current, OPP_Upcards,
OPP_Action), the posteriors over OPP_Current and OPP_Final, P(BPP_Win), the
calling threshold θ of eq. (7) from BPP's side of the table and the
probabilities BPP's betting curves give to fold / check-call / bet-raise
(§4).  BPP may first play ``warmup`` hands against the same opponent so that
its M_A|C has learned something (with the ½ / ½ starting matrices the
opponent's actions move nothing, §5.2).  :meth:`BeliefTrace.plot` draws it;
``bpp inspect stud5 --seed S --out FILE.png`` writes the drawing and prints the table.

``player="bpp-card"`` (``bpp inspect stud5 --player bpp-card``) traces the
card-level BPP of :mod:`bpp.stud.players.cardlevel` instead: its network has no
OPP_Current or OPP_Final types, so the two belief panels show its posterior
over the opponent's down card (by rank) and the hand type that posterior
gives the opponent's cards so far; the evidence column lists the cards and
the opponent's last action.

This module is also the ``bpp inspect stud5`` target: :func:`add_arguments`
and :func:`run`.  Its top level imports only the standard library.

>>> trace = trace_hand(rng=3, warmup=0)
>>> trace.steps[0].kind, trace.steps[0].evidence["OPP_Action"]
('deal', None)
>>> 0.0 <= trace.steps[0].p_win <= 1.0
True
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bpp.stud.players.variants import VARIANTS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from matplotlib.axes import Axes

    from bpp.stud.players.cardlevel import CardBPP
    from bpp.stud.players.paper import BPPPlayer
    from holdem._typing import RngLike
    from holdem.histories import Hand

__all__ = ["TraceStep", "BeliefTrace", "trace_hand", "trace_logged_hand", "add_arguments", "run", "TRACED"]

#: The BPPs a hand can be traced for: Figure 1's family (the paper's network and its heads-up §6 variants) and bpp-card.
TRACED = tuple(v.agent for v in VARIANTS.values()) + ("bpp-card",)


@dataclass(frozen=True)
class TraceStep:
    """BPP's beliefs at one point of the hand.

    Attributes
    ----------
    kind : str
        ``"deal"`` (a round's up cards were dealt), ``"action"`` or ``"showdown"``.
    label : str
        What happened, e.g. ``"r1 deal: BPP 9c, OPP Kd"`` or ``"r1 OPP bets"``.
    round : int
        Betting round 0-3 (the network used).
    actor : str or None
        ``"BPP"`` or ``"OPP"`` for actions.
    evidence : dict
        State names of BPP_Current, OPP_Upcards and OPP_Action (None: not observed);
        for bpp-card BPP's cards, the opponent's up cards and its last action.
    opp_current_states : tuple of str
        States of OPP_Current in this round.
    opp_current, opp_final : ndarray
        Posteriors over OPP_Current and over the 17 OPP_Final types.
    p_win : float
        P(BPP_Win | evidence).
    theta : float
        The calling threshold of eq. (7) for BPP at this point (``u`` = what BPP owes).
    probabilities : tuple of 3 floats
        BPP's curve probabilities of (fold, check/call, bet/raise) at this point.
    """

    kind: str
    label: str
    round: int
    actor: str | None
    evidence: dict
    opp_current_states: tuple
    opp_current: object = field(repr=False)
    opp_final: object = field(repr=False)
    p_win: float = 0.0
    theta: float = 0.0
    probabilities: tuple = (0.0, 0.0, 0.0)


@dataclass(frozen=True)
class BeliefTrace:
    """The belief trace of one hand (see :func:`trace_hand`).

    Attributes
    ----------
    steps : list of TraceStep
    seed : int
        The seed of the hand (``seed_sequence(rng).entropy``: the int given as ``rng``).
    opponent : str
    bpp_cards, opp_cards : str
        Both hands (down card first), shown for the record.
    payoff : float
        BPP's winnings in betting units.
    warmup : int
        Hands BPP played against the opponent before this one.
    player : str
        ``"bpp"`` (the network of Figure 1) or ``"bpp-card"`` (:mod:`bpp.stud.players.cardlevel`).
    """

    steps: list
    seed: int
    opponent: str
    bpp_cards: str
    opp_cards: str
    payoff: float
    warmup: int
    player: str = "bpp"

    @property
    def _panels(self) -> tuple[str, str]:
        """Names of the two belief panels (the OPP_Current and OPP_Final slots of each step)."""
        return ("OPP_Down rank", "OPP type now") if self.player == "bpp-card" else ("OPP_Current", "OPP_Final")

    def to_dict(self) -> dict:
        """JSON-ready values: the hand and, per step, the evidence (as text), P(win), θ, action probabilities and
        both posteriors (``opp_current`` over ``opp_current_states``, ``opp_final`` over the 17 OPP_Final types)."""
        import numpy as np

        steps = [
            {"kind": s.kind, "label": s.label, "round": s.round, "actor": s.actor,
             "evidence": {k: str(v) for k, v in s.evidence.items()}, "opp_current_states": list(s.opp_current_states),
             "opp_current": np.asarray(s.opp_current, dtype=float).tolist(),
             "opp_final": np.asarray(s.opp_final, dtype=float).tolist(),
             "p_win": float(s.p_win), "theta": float(s.theta), "probabilities": [float(x) for x in s.probabilities]}
            for s in self.steps
        ]
        return {"player": self.player, "opponent": self.opponent, "seed": self.seed, "warmup": self.warmup,
                "bpp_cards": self.bpp_cards, "opp_cards": self.opp_cards, "payoff": float(self.payoff), "steps": steps}

    def table(self) -> str:
        """A plain-text table: one line per step (evidence, P(win), θ, action probabilities, likeliest OPP_Final)."""
        from bpp.stud.model.handtypes import FINAL_TYPES

        head = (
            f"BPP {self.bpp_cards} vs {self.opponent} {self.opp_cards} (seed {self.seed}, warm-up {self.warmup} hands): "
            f"BPP {self.payoff:+g} units"
        )
        # every evidence node of any step (a dynamic network's later rounds add slices), "" where a step has none
        nodes = list(dict.fromkeys(node for s in self.steps for node in s.evidence))
        rows = [("step", *nodes, "P(win)", "theta", "fold/call/bet", f"top {self._panels[1]}")]
        for s in self.steps:
            top = FINAL_TYPES[int(s.opp_final.argmax())]
            rows.append(
                (
                    s.label,
                    *(str(s.evidence[n]) if n in s.evidence else "" for n in nodes),
                    f"{s.p_win:.3f}",
                    f"{s.theta:.3f}",
                    "/".join(f"{x:.2f}" for x in s.probabilities),
                    f"{top} {float(s.opp_final.max()):.2f}",
                )
            )
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        lines = [head] + ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
        return "\n".join(lines)

    def plot(self, axes: Sequence[Axes] | None = None) -> dict[str, Any]:
        """Draw the trace: P(BPP_Win) and θ, action probabilities, OPP_Current and OPP_Final posteriors.

        Parameters
        ----------
        axes : sequence of 4 matplotlib Axes, optional
            Where to draw (a new 4-panel figure when None).

        Returns
        -------
        dict
            The artists: ``"p_win"``, ``"theta"`` (Line2D), ``"actions"`` (bar
            containers), ``"opp_current"``, ``"opp_final"`` (AxesImage).

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> artists = trace_hand(rng=1, warmup=0).plot()
        >>> sorted(artists)
        ['actions', 'opp_current', 'opp_final', 'p_win', 'theta']
        """
        import numpy as np

        from bpp.stud.model.handtypes import FINAL_TYPES

        if axes is None:
            import matplotlib.pyplot as plt

            fig, axes = plt.subplots(
                4, 1, figsize=(max(8.0, 0.7 * len(self.steps) + 3), 13), gridspec_kw={"height_ratios": [1.2, 0.9, 1.6, 2.0]}
            )
        axes = list(axes)
        if len(axes) != 4:
            raise ValueError(f"The 'axes' parameter of BeliefTrace.plot must hold 4 axes; got {len(axes)}.")
        x = np.arange(len(self.steps))
        labels = [s.label for s in self.steps]
        ax = axes[0]
        (p_line,) = ax.plot(x, [s.p_win for s in self.steps], "o-", color="tab:blue", label="P(BPP_Win | evidence): BPP's chance of winning the pot")
        (t_line,) = ax.plot(x, [s.theta for s in self.steps], "s--", color="tab:orange", label="θ: the P(win) at which calling breaks even (pot odds, eq. 7)")
        ax.set_ylim(-0.02, 1.02)
        ax.set_ylabel("probability")
        # beside the panel, never over the lines (Korb1999 §4: θ is where the curves centre)
        ax.legend(frameon=False, fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
        ax.set_title(
            f"{self.player} {self.bpp_cards} vs {self.opponent} {self.opp_cards}: seed {self.seed}, "
            f"BPP {self.payoff:+g} units"
        )
        ax = axes[1]
        probs = np.array([s.probabilities for s in self.steps])
        bottom = np.zeros(len(x))
        bars = []
        for j, (name, color) in enumerate((("fold", "tab:red"), ("check/call", "tab:blue"), ("bet/raise", "tab:green"))):
            bars.append(ax.bar(x, probs[:, j], bottom=bottom, color=color, label=name, width=0.7))
            bottom += probs[:, j]
        ax.set_ylim(0, 1)
        ax.set_ylabel("BPP's action\nprobabilities")
        ax.legend(frameon=False, fontsize="small", ncol=3, loc="lower left", bbox_to_anchor=(0.0, 1.0),
                  title="from the betting curves (eq. 8-10) at this P(win) and θ", title_fontsize="small")
        # OPP_Current: the union of every round's states, in the order they first appear
        names: list[str] = []
        for s in self.steps:
            for n in s.opp_current_states:
                if n not in names:
                    names.append(n)
        grid = np.full((len(names), len(x)), np.nan)
        for i, s in enumerate(self.steps):
            for n, p in zip(s.opp_current_states, s.opp_current):
                grid[names.index(n), i] = p
        ax = axes[2]
        cur = ax.imshow(grid, aspect="auto", cmap="viridis", vmin=0, vmax=max(0.05, np.nanmax(grid)), interpolation="nearest")
        ax.set_yticks(range(len(names)), names, fontsize=7)
        ax.set_ylabel(f"{self._panels[0]}:\n" + ("the opponent's down\ncard, by rank" if self.player == "bpp-card"
                                                  else "the opponent's hand\ntype so far"), fontsize=9)
        ax.figure.colorbar(cur, ax=ax, fraction=0.03, pad=0.01)
        ax = axes[3]
        final = np.array([s.opp_final for s in self.steps]).T
        fin = ax.imshow(final, aspect="auto", cmap="magma", vmin=0, vmax=max(0.05, float(final.max())), interpolation="nearest")
        ax.set_yticks(range(len(FINAL_TYPES)), FINAL_TYPES, fontsize=7)
        ax.set_ylabel(f"{self._panels[1]}:\n" + ("the opponent's hand\ntype so far" if self.player == "bpp-card"
                                                  else "the opponent's final\nhand type (after 5 cards)"), fontsize=9)
        ax.figure.colorbar(fin, ax=ax, fraction=0.03, pad=0.01)
        for a in axes:
            a.set_xticks(x, labels if a is axes[3] else [], rotation=40, ha="right", fontsize=8)
            a.set_xlim(-0.5, len(x) - 0.5)
        return {"p_win": p_line, "theta": t_line, "actions": bars, "opp_current": cur, "opp_final": fin}


def _decision(bpp, state, seat):
    """``(observation, θ, u)`` of ``seat`` at ``state`` (it need not be its turn: then the decision it would face)."""
    from holdem.games.base import Action, ActionKind

    from bpp.stud.decision.curves import N_ROUNDS

    obs = state.observation(seat)
    if not obs.legal:  # not BPP's turn: the decision it would face if it were
        obs = obs._replace(to_call=state.to_call(seat), legal=(Action(ActionKind.CHECK_CALL),))
    unit = float(state.game.bet)
    c, u = obs.pot / unit, obs.to_call / unit
    b = bpp.bets_per_round
    k = max(u, b) + b * (N_ROUNDS - 1 - obs.round)
    return obs, (k / (c + 2 * k - u) if k > 0 else 0.0), u


def _curves(bpp, obs, p_win, theta, u) -> tuple:
    from bpp.stud.decision.curves import _distribution

    r = obs.round
    return tuple(float(p) for p in _distribution(p_win - theta, bpp.curve_params(obs).round(r), r, bpp.bluff, u, True))


def _step(bpp, state, seat, kind, label, actor):
    """BPP's beliefs at ``state`` from ``seat`` (it need not be BPP's turn)."""
    obs, theta, u = _decision(bpp, state, seat)
    return _belief_step(bpp, obs, obs.round, kind, label, actor, theta, u=u)


def _belief_step(bpp, obs, r, kind, label, actor, theta, *, u=None, probabilities=None):
    """One :class:`TraceStep` of BPP's beliefs at ``obs`` (round ``r``); ``probabilities`` None: the curves' at its P(win)."""
    from bpp.stud.model.figure1 import current_type_names

    belief = bpp.belief(obs)
    if probabilities is None:
        probabilities = _curves(bpp, obs, belief.p_win, theta, u)
    return TraceStep(
        kind,
        label,
        r,
        actor,
        bpp.evidence(obs),
        current_type_names(r),
        belief.opp_current.copy(),
        belief.opp_final.copy(),
        float(belief.p_win),
        float(theta),
        probabilities,
    )


_RANKS = tuple("23456789TJQKA")


def _card_beliefs(bpp, obs, kind, label, actor, theta, u, probabilities=None):
    """A :class:`TraceStep` of the card-level BPP: the posterior over OPP_Down by rank and the opponent's hand type so far."""
    import numpy as np

    from holdem.cards import format_cards

    from bpp.stud.model.handvalue import hand_type
    from bpp.stud.players.reference import opponent_decisions

    me = obs.player
    opp_up = obs.up_cards[1 - me]
    cards, posterior, p_win = bpp.belief(obs)
    types = [hand_type([int(h), *opp_up]) for h in cards]
    decisions = opponent_decisions(obs, max_bets=bpp.max_bets)
    evidence = {
        "BPP cards": format_cards(obs.hole + obs.up_cards[me]),
        "OPP up": format_cards(opp_up),
        "OPP last": ("fold", "call", "bet")[decisions[-1][3]] if decisions else None,
    }
    if probabilities is None:  # the curves at this decision (a closing step keeps the last decision's)
        probabilities = _curves(bpp, obs, p_win, theta, u)
    return TraceStep(
        kind,
        label,
        obs.round,
        actor,
        evidence,
        _RANKS,
        np.bincount(cards // 4, weights=posterior, minlength=13),
        np.bincount(types, weights=posterior, minlength=17),
        float(p_win),
        float(theta),
        probabilities,
    )


def _card_step(bpp, state, seat, kind, label, actor):
    """The card-level BPP's beliefs at ``state`` from ``seat``."""
    obs, theta, u = _decision(bpp, state, seat)
    return _card_beliefs(bpp, obs, kind, label, actor, theta, u)


def _trace(bpp, state, seat, names, card, run) -> list:
    """BPP's steps through the hand ``state`` that ``run(on_event, on_decision)`` plays, BPP in ``seat``."""
    from holdem.cards import format_cards
    from holdem.games.base import ActionKind

    step, closing = (_card_step, _card_closing_step) if card else (_step, _closing_step)
    verbs = {ActionKind.FOLD: "folds"}
    steps = []
    dealt = []  # deal events told since the last decision
    acting: dict[int, Any] = {}

    def on_event(event):
        if event.kind == "deal":
            dealt.append(event)
        elif event.kind == "action":
            p, r, verb, before, action = acting["p"], acting["r"], acting["verb"], acting["before"], acting["action"]
            if not state.is_terminal and state.round == r:
                steps.append(step(bpp, state, seat, "action", f"r{r} {names[p]} {verb}", names[p]))
            else:  # the round or the hand closed: that round's beliefs, with this action as evidence
                steps.append(closing(bpp, r, names[p], verb, steps[-1], action, before._replace(history=before.history + (event,))))

    def on_decision(p, obs, action):
        if dealt:  # the cards dealt since the last decision: one step
            cards = ", ".join(f"{names[e.player]} {format_cards(e.cards[0])}" for e in dealt)
            steps.append(step(bpp, state, seat, "deal", f"r{dealt[0].round} deal: {cards}", None))
            dealt.clear()
        if action.kind == ActionKind.CHECK_CALL:
            verb = "calls" if obs.to_call else "checks"
        elif action.kind == ActionKind.BET_RAISE:
            verb = "raises" if obs.to_call else "bets"
        else:
            verb = verbs[action.kind]
        acting.update(p=p, r=state.round, verb=verb, before=state.observation(seat), action=action)

    run(on_event, on_decision)
    return steps


def trace_hand(rng: RngLike = 0, *, opponent: str = "rules", warmup: int = 200, bpp: BPPPlayer | CardBPP | None = None,
               player: str = "bpp") -> BeliefTrace:
    """Play one hand (BPP in seat 0) and record BPP's beliefs after every round's cards and every action.

    Parameters
    ----------
    rng
        The deal, both agents and the warm-up: None, a seed, a ``SeedSequence`` or a ``Generator`` (:func:`holdem.checks.seed_sequence`).
    opponent : str
        A registered agent name (``rules``, ``prob``, ``call`` …).
    warmup : int
        Hands BPP first plays against the opponent (learning M_A|C, §5.2).
    bpp : BPPPlayer or CardBPP, optional
        The BPP to trace (default: a new ``player`` on a stream of ``rng``).
    player : str
        ``"bpp"`` (the network of Figure 1), a heads-up §6 variant of
        :data:`bpp.stud.players.variants.VARIANTS` (``"bpp-dbn"`` …) or
        ``"bpp-card"`` (:mod:`bpp.stud.players.cardlevel`); see :data:`TRACED`.

    Returns
    -------
    BeliefTrace

    Examples
    --------
    >>> trace_hand(rng=-1)
    Traceback (most recent call last):
    ...
    ValueError: The 'rng' parameter of trace_hand must be None, an int, a SeedSequence or a Generator; got -1.
    >>> trace = trace_hand(rng=2, warmup=0, player="bpp-card")
    >>> trace.steps[0].opp_current.size, round(float(trace.steps[0].opp_current.sum()), 9)   # P(OPP_Down rank)
    (13, 1.0)
    """
    import numpy as np

    import bpp.registry as registry
    from holdem.cards import format_cards
    from holdem.checks import recorded_seed, seed_sequence
    from holdem.games import Stud5
    from holdem.play import play_hand

    from bpp.stud.players.cardlevel import CardBPP
    from bpp.stud.players.variants import variant_of_agent

    if player not in TRACED:
        raise ValueError(f"The 'player' parameter of trace_hand must be one of {TRACED}; got {player!r}.")
    root = seed_sequence(rng, "trace_hand")
    if isinstance(warmup, bool) or not isinstance(warmup, (int, np.integer)) or warmup < 0:
        raise ValueError(f"The 'warmup' parameter of trace_hand must be a non-negative integer; got {warmup!r}.")
    streams = root.spawn(4)
    if bpp is None:
        rng = np.random.default_rng(streams[0])
        bpp = CardBPP(rng=rng) if player == "bpp-card" else variant_of_agent(player).make(rng)
    card = isinstance(bpp, CardBPP)
    opp = registry.make_agent(opponent, rng=np.random.default_rng(streams[1]))
    game = Stud5()
    if warmup >= 2:
        from holdem.match import play_match

        play_match(game, [bpp, opp], int(warmup), rng=streams[2])
    deal = np.random.default_rng(streams[3]).permutation(52)
    state = game.new_hand(deal, button=1)  # BPP (seat 0) sits left of the button
    steps = _trace(bpp, state, 0, {0: "BPP", 1: "OPP"}, card,
                   lambda on_event, on_decision: play_hand(state, [bpp, opp], on_event=on_event, on_decision=on_decision))
    cards = game.showdown_cards(deal[None], 1)[0]
    return BeliefTrace(
        steps,
        recorded_seed(root),
        str(opponent),
        str(format_cards(cards[0])),
        str(format_cards(cards[1])),
        float(state.payoffs[0]) / game.bet,
        int(warmup) if warmup >= 2 else 0,
        "bpp-card" if card else "bpp",
    )


def trace_logged_hand(hand: Hand, player: str | None = None, *, bpp: BPPPlayer | CardBPP | None = None,
                      agent: str = "bpp") -> BeliefTrace:
    """BPP's beliefs through one logged heads-up five-card stud hand (:class:`holdem.histories.Hand`).

    BPP (``agent``: ``"bpp"``, a heads-up §6 variant or ``"bpp-card"``; or the
    given ``bpp``, e.g. one that learned M_A|C from the log with
    :func:`holdem.histories.replay`) takes ``player``'s seat (default: the first
    seat) and is told the hand as it happened, through the hand driver; the
    steps are those of :func:`trace_hand`.

    >>> import tempfile, pathlib
    >>> from holdem.games import Stud5
    >>> from holdem.match import play_match
    >>> from holdem.histories import read_hands
    >>> log = pathlib.Path(tempfile.mkdtemp()) / "s.jsonl"
    >>> _ = play_match(Stud5(), ["call", "random"], 2, rng=1, log=log)
    >>> trace = trace_logged_hand(read_hands(log)[0], "random")
    >>> trace.steps[0].kind, trace.opponent
    ('deal', 'call')
    """
    import numpy as np

    from holdem.cards import format_cards
    from holdem.histories.replay import logged_driver

    from bpp.stud.players.cardlevel import CardBPP
    from bpp.stud.players.variants import variant_of_agent

    if hand.game.name != "stud5" or hand.n_players != 2:
        raise ValueError(f"BPP's belief trace is for heads-up five-card stud; hand {hand.number} is "
                         f"{hand.game.name} with {hand.n_players} players")
    if player is not None and player not in hand.names:
        raise ValueError(f"no player {player!r} in hand {hand.number} (players: {', '.join(hand.names)})")
    seat = 0 if player is None else hand.names.index(player)
    if bpp is None:
        if agent not in TRACED:
            raise ValueError(f"The 'agent' parameter of trace_logged_hand must be one of {TRACED}; got {agent!r}.")
        rng = np.random.default_rng(0)
        bpp = CardBPP(rng=rng) if agent == "bpp-card" else variant_of_agent(agent).make(rng)
    card = isinstance(bpp, CardBPP)
    state = hand.new_state()
    names = {s: ("BPP" if s == seat else hand.names[s]) for s in range(2)}
    steps = _trace(bpp, state, seat, names, card, lambda on_event, on_decision: logged_driver(
        hand, seat, bpp, on_event=on_event, on_decision=on_decision).play(state))
    holes = [str(format_cards(state.observation(s).hole + state.observation(s).up_cards[s])) for s in range(2)]
    return BeliefTrace(steps, hand.number, hand.names[1 - seat], holes[seat], holes[1 - seat],
                       float(hand.payoffs[seat]) / hand.game.bet, 0, "bpp-card" if card else "bpp")


def _closing_step(bpp, r, actor, verb, last, action, observation):
    """The step after an action that ended a round or the hand: the last beliefs of that round, updated for the action.

    ``observation`` is the round's last, with the closing action appended; a fold is not OPP_Action evidence.
    """
    from dataclasses import replace

    from holdem.games.base import ActionKind

    label = f"r{r} {actor} {verb}"
    if action.kind == ActionKind.FOLD:
        return replace(last, kind="action", label=label, actor=actor, evidence=dict(last.evidence))
    return _belief_step(bpp, observation, r, "action", label, actor, last.theta, probabilities=last.probabilities)


def _card_closing_step(bpp, r, actor, verb, last, action, observation):
    """:func:`_closing_step` of the card-level BPP: ``observation`` is the round's last, with the closing action appended."""
    return _card_beliefs(bpp, observation, "action", f"r{r} {actor} {verb}", actor, last.theta, None, last.probabilities)


# ---------------------------------------------------------------- bpp inspect stud5


#: The hand ``bpp inspect stud5`` and ``bpp explore stud5`` show unless told ``--seed``: one that reaches the showdown.
DEFAULT_SEED = 4


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp inspect stud5``."""
    from holdem.tables import count, seed

    MAX_WARMUP = 1_000_000  # hands played before the traced one: minutes at this bound

    parser.add_argument("--seed", type=seed, default=DEFAULT_SEED, help=f"seed of the hand, the agents and the warm-up (default {DEFAULT_SEED}: a hand that reaches the showdown)")
    parser.add_argument("--opponent", default="rules", help="the opponent: an agent name or a module:Class path (default rules)")
    parser.add_argument("--warmup", type=count(MAX_WARMUP, minimum=0), default=200, help=f"hands BPP plays first to learn M_A|C (default 200, at most {MAX_WARMUP:,})")
    parser.add_argument("--player", choices=TRACED, default="bpp",
                        help="the BPP to trace: the paper's network, a §6 variant or bpp-card (default bpp)")
    parser.add_argument("--out", metavar="FILE.png", default=None, help="write the drawing here")
    parser.add_argument("--hands", metavar="FILE", default=None,
                        help="a bpp log of stud hands: trace a logged hand instead of a new one (--seed etc. unused)")
    parser.add_argument("--hand", type=int, default=None, metavar="N", help="with --hands: the hand's number")
    parser.add_argument("--as", dest="as_player", default=None, metavar="NAME",
                        help="with --hands: the player whose seat BPP takes (default the first seat)")


def _logged_trace(args) -> BeliefTrace:
    from holdem.histories import read_hand

    hand = read_hand(args.hands, args.hand, game="stud5", n_players=2)
    return trace_logged_hand(hand, args.as_player, agent=args.player)


def run(args: argparse.Namespace) -> int:
    """Trace one hand, print the table and write ``--out`` if given; return 0."""
    if args.seed < 0:
        raise ValueError(f"--seed must be a non-negative integer; got {args.seed}")
    if args.warmup < 0:
        raise ValueError(f"--warmup must be a non-negative integer; got {args.warmup}")
    if args.hands is not None:
        trace = _logged_trace(args)
    else:
        trace = trace_hand(args.seed, opponent=args.opponent, warmup=args.warmup, player=args.player)
    print(trace.table())
    if args.out:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        artists = trace.plot()
        fig = artists["p_win"].figure
        fig.tight_layout()
        fig.savefig(args.out, dpi=120)
        plt.close(fig)
        print(f"wrote {args.out}")
    return 0

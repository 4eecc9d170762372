"""LBR's range through a logged hand: the posterior over the opponent's 1,326 holdings after each action.

``bpp inspect nolimit-holdem --hands FILE --hand N --player NAME --policy AGENT --out FIG.png``
prints the trace's table and draws the figure (one 13×13 grid per step).

Local Best Response keeps the opponent's range by Bayes' rule on her policy
(Lisy2017 §3): uniform over the holdings that share no card with LBR's, then
after each public card the holdings that use it drop out, and after each of
her actions every holding is weighted by the probability her policy gives that
action had she held it (:class:`bpp.lbr.opponent_range.OpponentRange`).  Here the hand
is a logged one (:func:`holdem.histories.read_hands`): LBR sits in one player's
seat (its cards must be in the file) and the other player's actions are
explained by a *named policy agent* — the range is what LBR would believe if
that agent were the one playing.

>>> import tempfile, pathlib
>>> from holdem.games import NoLimitHoldem
>>> from holdem.match import play_match
>>> from holdem.histories import read_hands
>>> log = pathlib.Path(tempfile.mkdtemp()) / "n.jsonl"
>>> _ = play_match(NoLimitHoldem(), ["call", "random"], 2, rng=1, log=log)
>>> trace = logged_hand_ranges(read_hands(log)[0], "call", "random")
>>> trace.steps[0], trace.weights.shape[1], round(float(trace.weights[-1].sum()), 9)
('start', 1326, 1.0)
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from holdem._typing import RngLike

from holdem.play import HandDriver
from holdem.ranges import HOLDINGS, weights_to_grid

from bpp.lbr.policy import check_policy_rows
from bpp.lbr.opponent_range import OpponentRange, kind_of, kind_probabilities

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from holdem.histories import Hand
    from holdem.play import AgentProtocol

__all__ = ["RangeTrace", "logged_hand_ranges", "plot_range_trace"]


class RangeTrace:
    """LBR's range after each step of a logged hand: ``steps`` (labels), ``weights`` (n_steps, 1326), ``holdings``.

    ``weights`` is a float array of shape ``(len(steps), 1326)``: row ``k`` is the range over
    :data:`holdem.ranges.HOLDINGS` after ``steps[k]``.
    """

    def __init__(self, steps: list[str], weights: ArrayLike, lbr_name: str, opponent_name: str, policy_name: str,
                 number: int) -> None:
        from holdem.cards import format_cards

        self.steps = steps
        self.weights = np.asarray(weights)
        self.lbr_name = lbr_name
        self.opponent_name = opponent_name
        self.policy_name = policy_name
        self.number = number
        self.holdings = [format_cards(h, sep="") for h in HOLDINGS]

    def to_dict(self) -> dict:
        """The trace as JSON-ready lists: ``weights[k][h]`` is P(holding ``holdings[h]``) after ``steps[k]``."""
        return {"hand": self.number, "lbr": self.lbr_name, "opponent": self.opponent_name, "policy": self.policy_name,
                "steps": self.steps, "holdings": self.holdings, "weights": self.weights.tolist()}

    def table(self, top: int = 5) -> str:
        """The ``top`` most likely holdings after each step."""
        lines = [f"hand {self.number}: LBR as {self.lbr_name}, {self.opponent_name} explained by {self.policy_name}"]
        for step, w in zip(self.steps, self.weights):
            best = np.argsort(-w, kind="stable")[:top]
            lines.append(f"  {step:<14} " + "  ".join(f"{self.holdings[h]} {w[h]:.3f}" for h in best))
        return "\n".join(lines)


def logged_hand_ranges(hand: Hand, lbr_player: str | int, policy: str | AgentProtocol, *,
                       rng: RngLike = 0) -> RangeTrace:
    """LBR's range over the other player's holdings after every step of a logged heads-up hold'em hand.

    Parameters
    ----------
    hand
        A :class:`holdem.histories.Hand` of heads-up limit or no-limit hold'em.
    lbr_player
        The name (or seat) of the player LBR sits as; its cards must be in the file.
    policy
        The agent whose stated policy explains the opponent's actions: a registry
        name or an agent with ``holdings_action_probabilities``.
    rng
        Seeds the agent a registry name makes.
    """
    from holdem.match.agents import resolve_agent

    if hand.game.name not in ("limit-holdem", "nolimit-holdem") or hand.n_players != 2:
        raise ValueError(f"LBR's range is for heads-up hold'em; hand {hand.number} is {hand.game.name} "
                         f"with {hand.n_players} players")
    seat = hand.names.index(lbr_player) if isinstance(lbr_player, str) else int(lbr_player)
    if isinstance(lbr_player, str) and lbr_player not in hand.names:
        raise ValueError(f"no player {lbr_player!r} in hand {hand.number} (players: {', '.join(hand.names)})")
    own = hand.holes[seat]
    if own is None:
        raise ValueError(f"hand {hand.number}: the file does not show {hand.names[seat]}'s cards")
    agent = resolve_agent(policy).make(np.random.default_rng(rng)) if isinstance(policy, str) else policy
    name = policy if isinstance(policy, str) else type(policy).__name__
    if not callable(getattr(agent, "holdings_action_probabilities", None)):
        raise ValueError(f"agent {name!r} does not state its policy (holdings_action_probabilities): "
                         "LBR's range needs it (Lisy2017 §3)")
    opp = 1 - seat
    rng_range = OpponentRange(HOLDINGS, own_cards=own)
    steps, weights = ["start"], [rng_range.weights.copy()]
    state = hand.new_state()

    def on_event(event):
        if event.kind == "deal":
            rng_range.observe_cards(event.cards)
            steps.append("board " + _text(event.cards))
            weights.append(rng_range.weights.copy())

    def on_decision(p, obs, action):
        if p != opp:
            return
        live = np.flatnonzero(rng_range.weights > 0)
        rows = np.zeros((len(HOLDINGS), len(obs.legal)))
        rows[live] = check_policy_rows(agent.holdings_action_probabilities(obs, HOLDINGS[live]), obs, name)
        probs, kinds = kind_probabilities(rows, obs.legal)
        rng_range.observe_action(probs, kinds, kind_of(action))
        steps.append(f"{hand.names[opp]} {action}")
        weights.append(rng_range.weights.copy())

    # every seat's actions come from the file: both seats are played from outside the driver
    driver = HandDriver([None, None], on_event=on_event, on_decision=on_decision)
    pending = driver.start(state)
    for _, action in hand.actions:
        if pending is None:
            break
        pending = driver.step(action)
    if pending is not None:
        raise ValueError(f"hand {hand.number}: the file's actions end before the hand does")
    return RangeTrace(steps, weights, hand.names[seat], hand.names[opp], name, hand.number)


def _text(cards) -> str:
    from holdem.cards import CARD_TEXT

    return "".join(CARD_TEXT[c] for c in cards)


def plot_range_trace(trace: RangeTrace, *, columns: int = 4) -> Figure:
    """One 13×13 class grid of the range per step (the figure); returns the matplotlib Figure."""
    import matplotlib.pyplot as plt

    n = len(trace.steps)
    rows = -(-n // columns)
    fig, axes = plt.subplots(rows, columns, figsize=(2.6 * columns, 2.7 * rows), squeeze=False)
    from holdem.cards import RANKS

    labels = list(RANKS[::-1])
    for ax, step, w in zip(axes.ravel(), trace.steps, trace.weights):
        grid = weights_to_grid(w)
        ax.imshow(grid / grid.max() if grid.max() > 0 else grid, cmap="Greys", vmin=0, vmax=1)
        ax.set_title(step, fontsize=8)
        ax.set_xticks(range(13), labels, fontsize=6)
        ax.set_yticks(range(13), labels, fontsize=6)
    for ax in axes.ravel()[n:]:
        ax.axis("off")
    fig.suptitle(f"LBR's range of {trace.opponent_name} (policy: {trace.policy_name}), hand {trace.number}",
                 fontsize=10)
    return fig


# ---------------------------------------------------------------- bpp inspect nolimit-holdem


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp inspect nolimit-holdem``."""
    parser.add_argument("--hands", metavar="FILE", required=True,
                        help="a hand-history file (PHH, ACPC, bpp log) with heads-up no-limit hold'em hands")
    parser.add_argument("--hand", type=int, default=None, metavar="N", help="the hand's number in the file (default the first)")
    parser.add_argument("--player", default=None, metavar="NAME",
                        help="the player LBR sits as; its cards must be in the file (default the first seat)")
    parser.add_argument("--policy", required=True, metavar="AGENT",
                        help="the no-limit agent whose stated policy explains the other player's actions (random, random-sizes, call, or a module:Class plug-in)")
    parser.add_argument("--out", metavar="FILE.png", default=None, help="draw the range after each step here")
    parser.add_argument("--json", action="store_true", help="print the trace as JSON (steps, holdings, weights)")


def run(args: argparse.Namespace) -> int:
    """Trace LBR's range through the hand, print its table (or JSON) and draw ``--out``."""
    import json

    from holdem.histories import read_hand

    from bpp.registry import check_agents_play

    check_agents_play([args.policy], "nolimit-holdem")  # an unknown or wrong-game agent: one line, before reading
    hand = read_hand(args.hands, args.hand, game="nolimit-holdem", n_players=2)
    trace = logged_hand_ranges(hand, args.player if args.player is not None else 0, args.policy)
    print(json.dumps(trace.to_dict(), allow_nan=False) if args.json else trace.table())
    if args.out:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig = plot_range_trace(trace)
        fig.savefig(args.out, dpi=120)
        plt.close(fig)
        if not args.json:
            print(f"wrote {args.out}")
    return 0

"""Why the paper's BPP loses to the rule-based player: calibration of P(win) and the play of the curves (Korb1999 §3.4, §4.1, §5.2).

BPP's decision (§2.2, §4) has two parts: a probability of winning from the
network (§3.4) and the betting curves of eq. (8)-(10) at d = P(win) − θ,
*sampled* (§4.1: "BPP's action is then chosen by sampling from these
curves").  This module measures each part on the same duplicate deals:

* :func:`decision_records` plays a BPP against an opponent over duplicate
  deals and records every BPP decision: the round, the opponent's action so
  far in the round (the OPP_Action evidence, §3.1), who shows the higher up
  cards, P(win) predicted, θ, d, the curves' (fold, call, bet) probabilities,
  the action taken, and the *true* outcome — whether BPP's five cards of
  the deal beat the opponent's five (ties half), known to the script (it
  dealt the cards) though not to the player.  Averaged over a cell of
  decisions, that outcome is an unbiased estimate of the true P(win) of the
  cell.
* :func:`calibration_table` groups the decisions by round, opponent action
  and who shows higher, and gives the predicted mean beside the true mean
  with its 95 % CI.
* ``CurvePlayer(play="argmax")`` (:mod:`bpp.stud.players.paper`) plays the most
  probable action of the same curves deterministically; comparing it with
  the paper's sampling on the same deals and the same network separates the
  loss caused by the estimate of P(win) from the loss caused by sampling
  the curves.

The numbers and the whole explanation are in ``figures/stud_calibration.md``
(written by ``python figures/stud_calibration.py``).

>>> rec = decision_records("bpp", "rules", n_deals=20, rng=1)
>>> sorted(rec)[:4], bool(((rec["true_win"] >= 0) & (rec["true_win"] <= 1)).all())
(['action', 'bet', 'call', 'd'], True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from holdem.games import Stud5
from holdem.games.base import ActionKind
from holdem.play import HandDriver

if TYPE_CHECKING:
    from collections.abc import Sequence

    from holdem._typing import RngLike

__all__ = ["decision_records", "calibration_table", "format_calibration", "SHOWING", "OPP_ACTIONS"]

#: Who shows the higher up cards at a decision (the stud "high on board" order of :func:`bpp.stud.model.handvalue.hand_value`).
SHOWING = ("bpp_higher", "even", "opp_higher")
#: The opponent's action so far in the round (§3.1's OPP_Action evidence; "none" = not yet acted).
OPP_ACTIONS = ("passive", "aggressive", "none")


def decision_records(player: str = "bpp", opponent: str = "rules", *, n_deals: int = 5000, rng: RngLike = 2002,
                     shadows: Sequence[str] = (), **player_kwargs: Any) -> dict:
    """Every decision of one learning ``player`` against ``opponent`` over ``n_deals`` duplicate deals (both seatings).

    Parameters
    ----------
    player : str
        A registered stud BPP (``"bpp"``, ``"bpp-up"``, ``"bpp-card"`` …);
        one instance plays the whole run, so it learns as in §5.2.
    opponent : str
        A registered stud agent.
    n_deals : int
        Deals; each is played twice, BPP in either seat.
    rng
        A seed, a ``SeedSequence`` or a ``Generator`` (:func:`holdem.checks.seed_sequence`):
        the deals come from its first child, BPP's and the opponent's streams
        from the next two.
    shadows : sequence of str
        Other registered stud BPPs that watch the same hands from BPP's seat
        without acting (each its own learning instance, seeing the same
        events, so learning the same showdowns): their P(win) at each of the
        player's decisions is recorded as ``p_win_<name>``, a paired
        comparison of networks on the very same decisions.
    **player_kwargs
        Passed to the player (``play="argmax"``, ``learn=False`` …).

    Returns
    -------
    dict of numpy arrays, one entry per decision
        ``round`` (0-3), ``opp_action`` (index into :data:`OPP_ACTIONS`),
        ``showing`` (index into :data:`SHOWING`), ``p_win``, ``theta``, ``d``,
        ``fold`` / ``call`` / ``bet`` (the curves' probabilities as played),
        ``facing`` (a bet was owed), ``action`` (the kind taken: 0 fold, 1
        check/call, 2 bet/raise), ``true_win`` (1, ½ or 0: the deal's
        showdown) and ``deal``, plus ``winnings``: BPP's mean over the two
        seatings per deal, in betting units.
    """
    from holdem.checks import seed_sequence

    from bpp.registry import agent_factory
    from bpp.stud.model.handvalue import _hand_value
    from bpp.stud.players.paper import opponent_action

    if isinstance(n_deals, bool) or not isinstance(n_deals, (int, np.integer)) or n_deals < 1:
        raise ValueError(f"The 'n_deals' parameter of decision_records must be an integer >= 1; got {n_deals!r}.")
    shadows = tuple(shadows)
    streams = seed_sequence(rng, "decision_records").spawn(3 + len(shadows))  # the first three as without shadows
    bpp = agent_factory(player)(rng=np.random.default_rng(streams[1]), **player_kwargs)
    watchers = [agent_factory(name)(rng=np.random.default_rng(s)) for name, s in zip(shadows, streams[3:])]
    opp = agent_factory(opponent)(rng=np.random.default_rng(streams[2]))
    deal_rng = np.random.default_rng(streams[0])
    game = Stud5()
    rows: list[tuple] = []
    winnings = np.zeros(n_deals)

    def tell_watchers(event):
        for agent in watchers:
            agent.observe(event)

    def record(p, obs, action):
        if p != bpp_seat:  # the seat of the hand being played (set by the loop below)
            return
        info = bpp.decision(obs)
        mine_up, theirs_up = obs.up_cards[p], obs.up_cards[1 - p]
        a, b = _hand_value(tuple(sorted(mine_up))), _hand_value(tuple(sorted(theirs_up)))
        fold, call, bet = info["probabilities"]
        rows.append((
            obs.round, opponent_action(obs), 0 if a > b else (1 if a == b else 2), info["p_win"], info["theta"],
            info["d"], fold, call, bet, obs.to_call > 0, int(action.kind), true_win, deal_no,
            *(float(w.win_probability(obs)) for w in watchers),
        ))

    # drivers[s]: BPP in seat s
    drivers = [HandDriver(seated, on_event=tell_watchers if watchers else None, on_decision=record) for seated in ([bpp, opp], [opp, bpp])]
    for deal_no in range(n_deals):
        deal = deal_rng.permutation(52)
        for bpp_seat in (0, 1):
            state = game.new_hand(deal, button=deal_no % 2)
            ranks = game.showdown_ranks(deal[None], np.array([deal_no % 2]))[0]  # both seats' five cards of the deal
            mine, theirs = ranks[bpp_seat], ranks[1 - bpp_seat]
            true_win = 1.0 if mine > theirs else (0.5 if mine == theirs else 0.0)
            for agent in watchers:
                agent.new_hand(bpp_seat)
            drivers[bpp_seat].play(state)
            winnings[deal_no] += state.payoffs[bpp_seat] / 2.0
    names = ("round", "opp_action", "showing", "p_win", "theta", "d", "fold", "call", "bet", "facing", "action", "true_win", "deal",
             *(f"p_win_{name}" for name in shadows))
    columns: list[Any] = list(zip(*rows)) if rows else [[] for _ in names]
    out = {name: np.asarray(col) for name, col in zip(names, columns)}
    out["winnings"] = winnings / game.unit_chips  # betting units (one unit is one bet)
    return out


def calibration_table(records: dict) -> list[dict]:
    """Predicted against true P(win) by round, opponent action and who shows higher (cells with decisions only).

    Each row: ``round`` (1-4), ``opp_action``, ``showing``, ``n``,
    ``predicted`` (mean P(win) BPP used), ``true`` (mean outcome) and
    ``ci95`` (its normal-approximation half-width), ``fold_share`` (share
    of the decisions BPP folded) and ``fold_with_d_positive`` (of the
    decisions facing a bet with d > 0, the share folded).

    >>> rows = calibration_table(decision_records("bpp", "rules", n_deals=20, rng=1))
    >>> sorted(rows[0])[:3]
    ['ci95', 'fold_share', 'fold_with_d_positive']
    """
    out = []
    for r in range(4):
        for a, action in enumerate(OPP_ACTIONS):
            for s, showing in enumerate(SHOWING):
                cell = (records["round"] == r) & (records["opp_action"] == a) & (records["showing"] == s)
                n = int(cell.sum())
                if n == 0:
                    continue
                true = records["true_win"][cell]
                faced_up = cell & records["facing"].astype(bool) & (records["d"] > 0)
                out.append({
                    "round": r + 1, "opp_action": action, "showing": showing, "n": n,
                    "predicted": float(records["p_win"][cell].mean()), "true": float(true.mean()),
                    "ci95": float(1.96 * true.std(ddof=1) / np.sqrt(n)) if n > 1 else float("nan"),
                    "fold_share": float((records["action"][cell] == int(ActionKind.FOLD)).mean()),
                    "fold_with_d_positive": float((records["action"][faced_up] == int(ActionKind.FOLD)).mean()) if faced_up.any() else float("nan"),
                })
    return out


def format_calibration(rows: list[dict], *, min_n: int = 30) -> str:
    """A markdown table of :func:`calibration_table` rows with at least ``min_n`` decisions.

    >>> print(format_calibration([{"round": 3, "opp_action": "aggressive", "showing": "bpp_higher", "n": 40,
    ...     "predicted": 0.61, "true": 0.31, "ci95": 0.05, "fold_share": 0.2, "fold_with_d_positive": 0.3}]).splitlines()[2])
    | 3 | aggressive | bpp_higher | 40 | 0.610 | 0.310 ± 0.050 | +0.300 | 0.20 | 0.30 |
    """
    lines = [
        "| round | opponent's action | showing | decisions | predicted P(win) | true P(win) ± 95% CI | over-estimate | folded | folded with d > 0 facing a bet |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        if row["n"] < min_n:
            continue
        fd = row["fold_with_d_positive"]
        lines.append(
            f"| {row['round']} | {row['opp_action']} | {row['showing']} | {row['n']} | {row['predicted']:.3f} | "
            f"{row['true']:.3f} ± {row['ci95']:.3f} | {row['predicted'] - row['true']:+.3f} | {row['fold_share']:.2f} | "
            + ("–" if fd != fd else f"{fd:.2f}") + " |"
        )
    return "\n".join(lines)

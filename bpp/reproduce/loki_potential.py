"""Why Loki's player D (no hand potential) loses so little in Figure 1 (Billings1998 §5).

The paper: "the use of hand potential had the greatest impact on the strength
of the program, since Player D, which lacked that component, performed
poorly".  Ours loses only a little (the figures are in this experiment's rows
of the generated report).  This module measures, without
changing any agent:

* **where potential changes Loki's decision**: :class:`PotentialProbe` plays
  player A exactly (A's own components) and, at each post-flop decision, also
  asks D's rules on the same state (EHS = HS_n, no pot-odds calls;
  :class:`bpp.loki.selector.betting.LokiRules`), so every decision is counted
  by street and by the kind of change (A calls where D folds; A bets or
  raises where D checks or calls; ...);
* **what a changed decision is worth** where it can be read from the hand:
  when A continues where D would fold, D's fold would have ended the hand with
  the chips already in, so A's result of the hand minus that loss is an
  unbiased estimate of what continuing gained over folding there;
* **the table's composition**: A against D on the same deals at the Figure 1
  table (A–E, two seats each), at a table of A and D alone, heads-up, and
  each against the four fixed styles of :mod:`bpp.loki.opponents`.

>>> from bpp.reproduce.registry import get_experiment
>>> [s.name for s in get_experiment("loki-potential").steps("quick")]
['figure1', 'a-and-d', 'heads-up', 'styles A', 'styles D']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from bpp.reproduce.registry import Experiment, Row, Step, register

if TYPE_CHECKING:
    from bpp.loki.agents import LokiAgent

_FOLD, _CALL, _RAISE = 0, 1, 2
_KINDS = {(1, 0): "A calls, D folds", (2, 0): "A bets/raises, D folds", (2, 1): "A bets/raises, D checks/calls",
          (0, 1): "A folds, D calls", (1, 2): "A checks/calls, D bets/raises", (0, 2): "A folds, D bets/raises"}
_STYLES = ("maniac", "calling-station", "rock", "tag")

#: Seats of each composition; "probe" (one seat) is player A recording D's decision beside its own.
COMPOSITIONS = {
    "figure1": ("probe", "loki-b", "loki-c", "loki-d", "loki-e", "loki", "loki-b", "loki-c", "loki-d", "loki-e"),
    "a-and-d": ("probe", "loki-d") + ("loki", "loki-d") * 4,
    "heads-up": ("probe", "loki-d"),
    "styles A": ("probe",) + _STYLES,
    "styles D": ("loki-d",) + _STYLES,
}


def probe_factory(records: list[tuple]) -> tuple[Callable[..., LokiAgent], list[int]]:
    """``(factory, hands)``: the factory makes player A (:class:`bpp.loki.agents.LokiAgent`, a fresh one per block with
    the block's ``rng``, as the runner makes A) that appends D's decision beside A's to ``records``; ``hands[0]``
    counts the hands it was dealt (the match-wide index of the current hand)."""
    from bpp.loki.agents import LokiAgent
    from bpp.loki.selector.betting import LokiRules
    from holdem.ranges import HOLDING_INDEX

    class PotentialProbe(LokiAgent):
        """Player A; each post-flop decision also records what D's rules decide on the same state."""

        def __init__(self, *, rng=None):
            super().__init__(rng=rng)
            self._d_rules = LokiRules(use_potential=False)

        def new_hand(self, seat: int) -> None:
            super().new_hand(seat)
            hands[0] += 1

        def act(self, observation):
            triple, ctx = self._triple(observation)
            if ctx.round > 0:
                hole = observation.hole
                h = int(HOLDING_INDEX[hole[0], hole[1]])
                ev = self.evaluator.street(self.hand, observation.public).evaluate(h, self._opponent_weights(observation))
                d = self._d_rules.decide(ehs=ev.hs_n, ppot=0.0, pot_odds=ctx.pot_odds, bets_to_call=ctx.bets_to_call,
                                         bet_level=ctx.bet_level, can_raise=ctx.can_raise, river=ctx.round == 3)
                records.append((hands[0], ctx.round, int(np.argmax(triple)), int(d), float(ev.hs_n),
                                float(ev.ehs), float(ev.ppot_all), float(ctx.pot_odds),
                                int(observation.committed[observation.player]), int(ctx.n_active)))
            return super().act(observation)

    hands = [-1]

    def make(*, rng=None):
        return PotentialProbe(rng=rng)

    return make, hands


def composition_run(composition: str, n_deals: int, rng: int) -> dict:
    """One duplicate limit hold'em match of ``composition`` (:data:`COMPOSITIONS`); decisions and results.

    Every hand is dealt to every seat, so the probe's ``k``-th hand is row ``k``
    of the match's winnings; the step checks that alignment on every hand the
    probe folded (its loss must be its chips in at the fold).
    """
    from holdem.games import LimitHoldem
    from holdem.match import play_match

    seats = COMPOSITIONS[composition]
    records: list = []
    make, hands_dealt = probe_factory(records)
    agents = [make if s == "probe" else s for s in seats]
    result = play_match(LimitHoldem(n_players=len(seats)), agents, n_deals, rng=rng, duplicate=True)
    names = ["loki" if s == "probe" else s for s in seats]
    win = result.winnings
    means = {}
    for name in dict.fromkeys(names):
        cols = [i for i, n in enumerate(names) if n == name]
        per_hand = win[:, cols].mean(axis=1)
        per_deal = per_hand.reshape(result.n_deals, -1).mean(axis=1)  # duplicate: a deal's seatings are consecutive
        from holdem.match.stats import summarize

        s = summarize(per_deal)
        means[name] = {"mean": s.mean, "ci95": list(s.ci95), "per_deal": per_deal.round(4).tolist()}
    out = {"composition": composition, "seats": list(seats), "n_deals": n_deals, "n_hands": result.n_hands, "seed": rng,
           "unit_chips": result.unit_chips, "means": means}
    if records:
        rec = np.array(records, dtype=float)
        probe_col = names.index("loki") if "probe" in seats else None
        hands = rec[:, 0].astype(int)
        result_of_hand = win[hands, probe_col]
        folded = rec[:, 2] == _FOLD
        misaligned = int(np.sum(~np.isclose(result_of_hand[folded], -rec[folded, 8] / result.unit_chips)))
        out["decisions"] = {"hand": hands.tolist(), "street": rec[:, 1].astype(int).tolist(),
                            "a": rec[:, 2].astype(int).tolist(), "d": rec[:, 3].astype(int).tolist(),
                            "hs_n": rec[:, 4].round(4).tolist(), "ehs": rec[:, 5].round(4).tolist(),
                            "ppot": rec[:, 6].round(4).tolist(), "pot_odds": rec[:, 7].round(4).tolist(),
                            "gain_vs_fold": (result_of_hand + rec[:, 8] / result.unit_chips).round(4).tolist(),
                            "n_active": rec[:, 9].astype(int).tolist()}
        out["misaligned_folds"] = misaligned
        out["probe_hands"] = hands_dealt[0] + 1
    return out


def decision_summary(r: dict) -> dict:
    """Per street: decisions, changed share, the kinds of change, and the gain of continuing where D folds."""
    from holdem.match.stats import summarize

    d = r["decisions"]
    street, a, dd = np.array(d["street"]), np.array(d["a"]), np.array(d["d"])
    gain = np.array(d["gain_vs_fold"])
    hands = r["n_hands"]  # the probe sits in every hand
    out: dict[str, Any] = {"probe_hands": int(hands), "streets": {}}
    for s, label in ((1, "flop"), (2, "turn"), (3, "river")):
        m = street == s
        changed = m & (a != dd)
        kinds = {}
        for (x, y), name in _KINDS.items():
            k = changed & (a == x) & (dd == y)
            if k.any():
                kinds[name] = int(k.sum())
        cont = changed & (dd == _FOLD)
        g = summarize(gain[cont]) if cont.sum() >= 2 else None
        out["streets"][label] = {"decisions": int(m.sum()), "changed": int(changed.sum()), "kinds": kinds,
                                 "continue_vs_fold": None if g is None else
                                 {"n": int(cont.sum()), "mean": g.mean, "ci95": list(g.ci95)}}
    changed = a != dd
    cont = changed & (dd == _FOLD)
    out["changed_per_hand"] = float(changed.sum() / hands)
    out["continue_vs_fold_per_hand"] = float(cont.sum() / hands)
    if cont.sum() >= 2:
        g = summarize(gain[cont])
        out["continue_vs_fold"] = {"n": int(cont.sum()), "mean": g.mean, "ci95": list(g.ci95),
                                   "per_hand": float(gain[cont].sum() / hands)}
    return out


def _gap(results) -> dict:
    """A − D in sb/hand per composition (same deals; the styles pair from two matches on the same seed)."""
    out = {}
    for key in ("figure1", "a-and-d", "heads-up"):
        if key in results:
            m = results[key]["means"]
            a, d = np.array(m["loki"]["per_deal"]), np.array(m["loki-d"]["per_deal"])
            diff = a - d
            from holdem.match.stats import summarize

            s = summarize(diff)
            out[key] = {"a": m["loki"]["mean"], "d": m["loki-d"]["mean"], "gap": s.mean, "ci95": list(s.ci95)}
    if "styles A" in results and "styles D" in results:
        from holdem.match.stats import summarize

        a = np.array(results["styles A"]["means"]["loki"]["per_deal"])
        d = np.array(results["styles D"]["means"]["loki-d"]["per_deal"])
        s = summarize(a - d)  # the same deals and seats: paired
        out["styles"] = {"a": float(a.mean()), "d": float(d.mean()), "gap": s.mean, "ci95": list(s.ci95)}
    return out


def _fmt(ci) -> str:
    return f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"


def _report(results, figures):
    gaps = _gap(results)
    rows = []
    labels = {"figure1": "Figure 1 table (A–E, two seats each)", "a-and-d": "a table of five A and five D",
              "heads-up": "heads-up", "styles": "each against the four fixed styles"}
    for key, g in gaps.items():
        rows.append(Row(f"A − D, {labels[key]} (sb/hand)", "D \"performed poorly\" (Figure 1: A +0.08)",
                        f"{g['gap']:+.3f} (A {g['a']:+.3f}, D {g['d']:+.3f})", _fmt(g["ci95"]),
                        "within CI" if g["ci95"][0] > 0 else "differs",
                        "" if g["ci95"][0] > 0 else "A does not beat D significantly at this composition"))
    lines = ["| composition | deals | probe hands | decisions changed / hand | flop | turn | river | A continues where D folds: "
             "n, gain over folding (sb) | per hand (sb) |", "|---|---|---|---|---|---|---|---|---|"]
    for key in ("figure1", "a-and-d", "heads-up", "styles A"):
        if key not in results or "decisions" not in results[key]:
            continue
        s = decision_summary(results[key])
        cells = []
        for street in ("flop", "turn", "river"):
            x = s["streets"][street]
            kinds = "; ".join(f"{k} {v}" for k, v in x["kinds"].items())
            cells.append(f"{x['changed']}/{x['decisions']} ({kinds})")
        c = s.get("continue_vs_fold")
        lines.append(f"| {key} | {results[key]['n_deals']:,} | {s['probe_hands']:,} | {s['changed_per_hand']:.3f} | " + " | ".join(cells)
                     + (f" | {c['n']}, {c['mean']:+.2f} {_fmt(c['ci95'])} | {c['per_hand']:+.4f} |" if c else " | – | – |"))
    r0 = next(iter(results.values()))
    text = (f"Duplicate limit hold'em (deals per composition: "
            + ", ".join(f"{k} {r['n_deals']:,}" for k, r in results.items()) + f"), seed {r0['seed']}. Player A plays "
            "exactly; at each post-flop decision D's rules are asked on the same state (EHS = HS_n, no pot-odds "
            "calls). 'Gain over folding': A's result of the hand plus its chips in at the decision — what continuing "
            "earned over D's fold there.\n\n" + "\n".join(lines))
    return rows, [], text


register(Experiment(
    "loki-potential", "loki", "Beyond the figure: where hand potential changes Loki's decisions, and what it is worth",
    "Billings1998 §4.2–4.4, §5 Figure 1",
    lambda scale: [Step(name, "bpp.reproduce.loki_potential:composition_run",
                        {"composition": name, "n_deals": {10: 100, 5: 200, 2: 1000}[len(seats)] * (1 if scale == "quick" else 20),
                         "rng": 26})
                   for name, seats in COMPOSITIONS.items()],
    _report, {"quick": 45, "paper": 900}, beyond=True))

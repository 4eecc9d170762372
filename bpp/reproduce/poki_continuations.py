"""Does better per-action prediction make better simulated opponents?  Each predictor's simulation scored on real continuations.

Billings2002 §5's meta model "uses whichever [method of opponent modeling] has
been the most successful for each opponent in the past", success being how
well it predicted that opponent's next action; in ``poki-sim-meta`` the chosen
predictor then plays the opponent in the simulation's trials
(:mod:`bpp.loki.simulator.sampling`).  Per-action success need not carry over
to the trials: an opponent's *later* simulated actions are played by the same
predictor from a holding that already made its earlier ones.  This module
scores, at the same real decisions, each predictor's simulated continuations
against what really happened next:

* **per action** (what the meta choice measures): the predictor's own
  prediction of each real opponent action after our decision (log-loss, hit
  rate);
* **simulated continuation**: the probability the simulation driven by that
  predictor gives each real opponent action, given the real actions before
  it (:func:`bpp.loki.simulator.sampling` trials weighted by how likely they
  made the real history; :func:`bpp.loki.simulator.continuation.continuation_probabilities`),
  split into each opponent's first action after ours and its later ones;
* **outcome**: the simulated EV of the action we really took
  (:func:`~bpp.loki.simulator.sampling.simulate` with that predictor) against
  what that action really earned from there on (the hand's result plus the
  chips already in, as what folding would have kept): bias and squared error
  per decision, paired between predictors on the same decisions.

The decisions are those of ``poki-meta`` (:func:`bpp.loki.agents.poki_meta`, the formula
player whose :class:`~bpp.loki.modeler.predictors.MetaPredictor` trains all three
predictors on every opponent action; :class:`ContinuationProbe` plays it
exactly and scores each hand before the predictors learn from it) at the two
tables of :mod:`bpp.reproduce.poki_meta`; every post-flop decision where it
checks, calls, bets or raises.  The simulation's own later actions in the
trials follow the formula thresholds, as the formula player's real ones do.

>>> from bpp.reproduce.registry import get_experiment
>>> [s.name for s in get_experiment("poki-continuations").steps("quick")]
['styles 1', 'weaker versions 1']
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from bpp.reproduce.registry import Experiment, Row, Step, register

if TYPE_CHECKING:
    from bpp.loki.agents import PokiAgent

#: The simulated opponents scored: each predictor of the meta model, and the meta choice itself.
SCORED = ("frequency", "rules", "network", "meta")
_FLOOR = 1e-3  # as MetaPredictor scores a prediction


def probe_factory(scores: list[dict], *, trials: int, rng: int) -> tuple[Callable[..., PokiAgent], list[int]]:
    """``(factory, hands)``: the factory makes ``poki-meta`` (one instance: it learns across hands) that appends, per
    scored decision, a dict of its continuation scores to ``scores``; ``hands[0]`` is the index of the current hand."""
    from bpp.loki.agents import PokiAgent
    from bpp.loki.selector.betting import betting_context
    from bpp.loki.simulator.continuation import continuation_probabilities
    from bpp.loki.simulator.sampling import simulate
    from holdem.ranges import HOLDING_INDEX

    class ContinuationProbe(PokiAgent):
        """``poki-meta`` exactly; its post-flop decisions are kept and scored when the hand is over."""

        name = "poki-meta"

        def __init__(self, *, rng=None):
            super().__init__(rng=rng, predictor="meta")
            self._kept: list = []

        def act(self, observation):
            action = super().act(observation)
            kind = int(action.kind)
            if betting_context(observation).round > 0 and kind != 0:
                hole = observation.hole
                h = int(HOLDING_INDEX[hole[0], hole[1]])
                ehs, _ = self.evaluator.evaluate(self.hand, observation.public, h, self._opponent_weights(observation))
                t = self.hand.tracker
                self._kept.append({"hand": hands[0], "tracker": copy.deepcopy(t), "weights": self.hand.weights.copy(),
                                   "hole": np.asarray(hole), "ehs": float(ehs), "k": len(t.records), "action": kind,
                                   "me": observation.player, "committed": int(t.committed[observation.player])})
            return action

        def new_hand(self, seat: int) -> None:
            self.score_hand()
            super().new_hand(seat)
            hands[0] += 1

        def score_hand(self) -> None:
            """Score the kept decisions of the hand just over (before the modeler learns from it)."""
            if not self._kept:
                return
            assert self.hand is not None  # a hand was just played
            final = self.hand.tracker
            assert final.features is not None  # the tracker keeps features for this scorer
            meta = self.predictor_
            for d in self._kept:
                records, feats = final.records[d["k"]:], final.features[d["k"]:]
                me, n = d["me"], final.n
                row = {"hand": d["hand"], "street": d["tracker"].round, "action": d["action"],
                       "committed": d["committed"], "choice": [meta.choice(k) for k in range(1, n)],
                       "final_committed": int(final.committed[me]), "folded": bool(final.folded[me])}
                seed_d = (rng, d["hand"], d["k"])
                for name in SCORED:
                    pred = meta if name == "meta" else meta.predictors[name]
                    c = continuation_probabilities(d["tracker"], records, feats, me=me, hole=d["hole"],
                                                   weights=d["weights"], model=self.model_, board=final.board,
                                                   predictor=pred, trials=trials, rng=np.random.default_rng(seed_d))
                    actions = np.array([records[i][3] for i in c.index], dtype=np.intp)
                    direct = np.array([pred.predict((records[i][0] - me) % n, np.asarray(feats[i])[None, :])[0]
                                       for i in c.index]).reshape(-1, 3)
                    ev = simulate(d["tracker"], me=me, hole=d["hole"], weights=d["weights"], our_strength=d["ehs"],
                                  model=self.model_, trials=trials, predictor=pred,
                                  rng=np.random.default_rng(seed_d)).ev[d["action"]]
                    rows = np.arange(actions.size)
                    row[name] = {"sim": c.probabilities[rows, actions].round(5).tolist(),
                                 "sim_hit": (np.argmax(c.probabilities, axis=1) == actions).astype(int).tolist(),
                                 "direct": direct[rows, actions].round(5).tolist(),
                                 "direct_hit": (np.argmax(direct, axis=1) == actions).astype(int).tolist(),
                                 "ev": round(float(ev), 4), "reset": c.reset}
                    row["nth"] = c.nth.tolist()
                scores.append(row)
            self._kept = []

    hands = [-1]

    def make(*, rng=None):
        return ContinuationProbe(rng=rng)

    return make, hands


def continuation_run(field: str, n_deals: int, rng: int, trials: int = 250) -> dict:
    """``poki-meta`` at the six-seat ``field`` table (:data:`bpp.reproduce.poki_meta.FIELDS`), ``n_deals`` duplicate
    deals; every scored decision with each predictor's continuation scores and the real gain of the action taken."""
    from bpp.reproduce.poki_meta import FIELDS
    from bpp.registry import match_agents
    from holdem.games import LimitHoldem
    from holdem.match import play_match

    scores: list = []
    make, _ = probe_factory(scores, trials=trials, rng=rng)
    agents = match_agents([make, *FIELDS[field]], rng=rng)
    res = play_match(LimitHoldem(n_players=6), agents, n_deals, rng=rng, duplicate=True, block_size=1)
    probe = agents[0].instance
    probe.score_hand()  # the last hand
    win = res.winnings[:, 0]
    # the k-th hand the probe was dealt is row k of the winnings: a hand it folded lost exactly its chips in
    misaligned = sum(1 for s in scores if s["folded"] and not np.isclose(win[s["hand"]], -s["final_committed"] / res.unit_chips))
    for s in scores:
        s["gain"] = round(float(win[s["hand"]] + s["committed"] / res.unit_chips), 4)  # sb, over folding here
        s["ev"] = {name: s[name].pop("ev") / res.unit_chips for name in SCORED}
    return {"field": field, "n_deals": n_deals, "seed": rng, "trials": trials, "hands": int(res.n_hands),
            "mean": float(win.mean()), "misaligned_folds": misaligned, "decisions": scores}


def _pool(results, field):
    """Per predictor: arrays over the scored opponent actions and decisions of ``field`` (all seeds)."""
    runs = [r for r in results.values() if r["field"] == field]
    out = {}
    for name in SCORED:
        act = {k: [] for k in ("sim", "sim_hit", "direct", "direct_hit", "nth", "decision")}
        ev_err, k = [], 0
        for r in runs:
            for d in r["decisions"]:
                for key in ("sim", "sim_hit", "direct", "direct_hit"):
                    act[key] += d[name][key]
                act["nth"] += d["nth"]
                act["decision"] += [k] * len(d["nth"])
                ev_err.append(d["ev"][name] - d["gain"])
                k += 1
        out[name] = {key: np.asarray(v, dtype=float) for key, v in act.items()} | {"ev_err": np.asarray(ev_err)}
    return out


def _per_decision(x, decision, n):
    """Sum of ``x`` per decision (length ``n``): the unit the paired comparisons resample by."""
    return np.bincount(decision.astype(int), weights=x, minlength=n)


def table(results: dict[str, dict]) -> tuple[list, dict]:
    """The markdown lines of the scores table and, per field, the paired comparisons against the frequency model."""
    from holdem.match.stats import summarize

    lines = ["| table | simulated opponents | opponent actions | per action: log-loss (first / later actions), hit rate | "
             "simulated continuation: log-loss (first / later actions), hit rate | EV of the action taken − its real gain "
             "(sb): bias, RMSE |",
             "|---|---|---|---|---|---|"]
    compare: dict[str, Any] = {}
    for field in dict.fromkeys(r["field"] for r in results.values()):
        pooled = _pool(results, field)
        base = pooled["frequency"]
        n_dec = base["ev_err"].size
        compare[field] = {}
        for name in SCORED:
            p = pooled[name]
            ll_direct = -np.log(np.maximum(p["direct"], _FLOOR))
            ll_sim = -np.log(np.maximum(p["sim"], _FLOOR))
            first, later = p["nth"] == 0, p["nth"] > 0
            bias = summarize(p["ev_err"]) if n_dec >= 2 else None
            lines.append(
                f"| {field} | {name} | {p['sim'].size:,} ({int(later.sum()):,} later) | {ll_direct.mean():.3f} "
                f"({_mean(ll_direct[first])} / {_mean(ll_direct[later])}), {p['direct_hit'].mean():.3f} | "
                f"{ll_sim.mean():.3f} ({_mean(ll_sim[first])} / {_mean(ll_sim[later])}), {p['sim_hit'].mean():.3f} | "
                + (f"{bias.mean:+.3f} [{bias.ci95[0]:+.3f}, {bias.ci95[1]:+.3f}], {np.sqrt(np.mean(p['ev_err'] ** 2)):.3f} |"
                   if bias else "– |"))
            if name == "frequency" or n_dec < 2:
                continue
            dec = base["decision"]
            d_direct = _per_decision(ll_direct + np.log(np.maximum(base["direct"], _FLOOR)), dec, n_dec)
            d_sim = _per_decision(ll_sim + np.log(np.maximum(base["sim"], _FLOOR)), dec, n_dec)
            d_later = _per_decision(np.where(later, ll_sim + np.log(np.maximum(base["sim"], _FLOOR)), 0.0), dec, n_dec)
            per = p["sim"].size / n_dec  # opponent actions per decision: the sums above back to per-action units
            n_later = max(int(later.sum()), 1) / n_dec
            d_mse = p["ev_err"] ** 2 - base["ev_err"] ** 2
            compare[field][name] = {
                "direct": _scaled(summarize(d_direct), per), "sim": _scaled(summarize(d_sim), per),
                "later": _scaled(summarize(d_later), n_later), "mse": summarize(d_mse),
            }
    return lines, compare


def _mean(x) -> str:
    return f"{x.mean():.3f}" if x.size else "–"


def _scaled(s, k):
    return (s.mean / k, (s.ci95[0] / k, s.ci95[1] / k))


def _fmt(mean, ci, digits=3):
    return f"{mean:+.{digits}f} [{ci[0]:+.{digits}f}, {ci[1]:+.{digits}f}]"


def _report(results, figures):
    lines, compare = table(results)
    rows = []
    for field, by in compare.items():
        for name, c in by.items():
            (dm, dci), (sm, sci), (lm, lci), mse = c["direct"], c["sim"], c["later"], c["mse"]
            better_direct = dci[1] < 0
            worse_direct = dci[0] > 0
            sim_better, sim_worse = sci[1] < 0, sci[0] > 0
            agrees = (better_direct and sim_better) or (worse_direct and sim_worse) or not (
                better_direct or worse_direct or sim_better or sim_worse)
            why = ""
            if not agrees:
                why = ("its per-action predictions differ from the frequencies' significantly but its simulated "
                       "continuations do not" if (better_direct or worse_direct) and not (sim_better or sim_worse) else
                       "its simulated continuations differ from the frequencies' though its per-action predictions "
                       "do not" if not (better_direct or worse_direct) else
                       "per action and in the simulation it ranks the other way round")
            rows.append(Row(
                f"{name} − frequency, {field} table: log-loss per opponent action, per action → in the simulated "
                "continuation (later actions)",
                "a better per-action predictor makes better simulated opponents (the meta model's premise, "
                "Billings2002 §5)",
                f"{dm:+.3f} → {sm:+.3f} ({lm:+.3f}); EV squared error {mse.mean:+.3f} sb²",
                f"{_fmt(dm, dci)} → {_fmt(sm, sci)}; EV {_fmt(mse.mean, mse.ci95)}",
                "within CI" if agrees else "differs", why))
    r0 = next(iter(results.values()))
    seeds = sorted({r["seed"] for r in results.values()})
    text = (f"`poki-meta` at each table, {r0['n_deals']:,} duplicate deals × 6 seatings per seed (seeds "
            + ", ".join(map(str, seeds)) + f"); every post-flop decision where it checks, calls, bets or raises, "
            f"scored before its predictors learn the hand; {r0['trials']} trials per decision and predictor. Per "
            "action: the predictor's own prediction of each real opponent action after the decision. Simulated "
            "continuation: the probability the simulation playing the opponents by that predictor gives each real "
            "action, given the real actions before it (first: each opponent's first action after ours; later: its "
            "next ones). Log-loss floors a probability at 0.001. EV: the simulated EV of the action taken minus what "
            "it really earned (the hand's result plus the chips already in); rows of the report: differences "
            "against the frequency model per opponent action (negative: better), paired by decision.\n\n"
            + "\n".join(lines))
    return rows, [], text


register(Experiment(
    "poki-continuations", "poki",
    "Beyond the paper: each predictor's simulated opponents scored on the real continuations of the same decisions",
    "Billings2002 §5",
    lambda scale: [Step(f"{field} {seed}", "bpp.reproduce.poki_continuations:continuation_run",
                        {"field": field, "n_deals": 10 if scale == "quick" else 100, "rng": seed})
                   for field in ("styles", "weaker versions") for seed in ((1,) if scale == "quick" else (1, 2, 3))],
    _report, {"quick": 60, "paper": 1200}, beyond=True))

"""How much BPP's network leaves on the table against the rule-based player (Korb1999 §3–§5), beyond the paper.

On the same duplicate deals against ``rules`` (seed :data:`SEED`), one step
per player of :data:`PLAYERS`: the paper's BPP (Figure 1's network), the same
network playing the most probable action of its curves (``play="argmax"``),
``bpp-up`` (the §6.1 link from BPP's up cards to OPP_Action), ``bpp-card``
(the card-level, all-rounds network of :mod:`bpp.stud.players.cardlevel`,
learned) and ``rules-reader`` — the same θ, curves and bluff fed by the exact
posterior over the rule-based player's down card
(:mod:`bpp.stud.players.reference`).  Between the two ``bpp`` lines (same
network) lies what sampling the curves costs; between ``bpp`` and
``bpp-card`` (both sampled) what the network's P(win) bias after Figure 4's
bets costs (:mod:`bpp.stud.players.paper`).  The BPPs learn throughout the
match.  ``figures/stud_gap.py`` draws ``figures/stud_gap.png`` from the same
step (:func:`gap_run`, :func:`gap_figure`).

>>> from bpp.reproduce.registry import get_experiment
>>> [s.name for s in get_experiment("bpp-gap").steps("quick")]
['bpp', 'bpp-argmax', 'bpp-up', 'bpp-card', 'rules-reader']
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bpp.reproduce.registry import Experiment, Row, Step, register

#: The seed of every player's match (the same deals).
SEED = 2002
#: Step name → the legend's label.
PLAYERS = {
    "bpp": "bpp (Figure 1 network)",
    "bpp-argmax": "bpp, argmax (same network, deterministic play)",
    "bpp-up": "bpp-up (§6.1 link)",
    "bpp-card": "bpp-card (§6.1/§6.3 card-level network)",
    "rules-reader": "rules-reader (exact inference)",
}


def gap_run(player: str, deals: int, rng: int = SEED, progress: bool = False) -> dict:
    """``player`` (a key of :data:`PLAYERS`) against ``rules``, ``deals`` duplicate deals; units/hand and the bankroll.

    The BPPs through :func:`bpp.stud.experiments.significance` (one learning
    instance), ``rules-reader`` through :func:`holdem.match.play_match` (with a progress bar if ``progress``).
    """
    from bpp.stud.experiments import significance
    from holdem.games import Stud5
    from holdem.match import play_match

    kwargs: dict[str, dict[str, Any]] = {"bpp": {}, "bpp-argmax": {"play": "argmax"}, "bpp-up": {"upcards_link": True},
              "bpp-card": {"player": "bpp-card"}}
    if player == "rules-reader":
        result = play_match(Stud5(), ["rules-reader", "rules"], deals, rng=rng, duplicate=True, progress=progress)
    elif player in kwargs:
        result = significance("rules", n_hands=deals, rng=rng, duplicate=True, **kwargs[player]).match
    else:
        raise ValueError(f"player must be one of {', '.join(PLAYERS)}; got {player!r}.")
    p = result.players[0]
    return {"player": player, "deals": deals, "seed": rng, "mean": p.mean, "ci95": list(p.ci95), "t": p.t, "p": p.p,
            "bankroll": p.bankroll.tolist()}


def gap_figure(results: dict, path: Path) -> Path:
    """``figures/stud_gap.png``: every player's cumulative winnings (``results``: step name → :func:`gap_run`)."""
    from types import SimpleNamespace

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from bpp.plots import save_figure
    from bpp.stud.experiments import plot_cumulative_winnings

    shown = {PLAYERS[name]: SimpleNamespace(players=[SimpleNamespace(bankroll=np.asarray(r["bankroll"]), mean=r["mean"],
                                                                     ci95=tuple(r["ci95"]))])
             for name, r in results.items()}
    seed = next(iter(results.values()))["seed"]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    plot_cumulative_winnings(shown, ax=ax)
    ax.set_title("Against the rule-based player, same deals: networks, play, exact inference")
    ax.set_xlabel("hands (every deal played from both seats)")
    ax.set_ylabel("cumulative winnings (betting units)")
    ax.legend(frameon=False, fontsize="small", title=f"player (vs rules, seed {seed})")
    save_figure(fig, path, dpi=120)
    return path


def _report(results, figures):
    rows = [Row(f"{PLAYERS[name]} vs rules (units/hand)", "— (beyond the paper)", f"{r['mean']:+.3f}",
                f"[{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}]", "—", f"t = {r['t']:.2f}, p = {r['p']:.2g}")
            for name, r in results.items()]
    r0 = next(iter(results.values()))
    path = gap_figure(results, Path(figures) / "stud_gap.png")
    return rows, [path], (f"{r0['deals']:,} duplicate deals against `rules` for every player, seed {r0['seed']} "
                          "(the same deals); the BPPs learn throughout.")


register(Experiment(
    "bpp-gap", "bpp", "Beyond the paper: what BPP's network leaves against rules (play, links, exact inference)",
    "Korb1999 §3–§5", lambda scale: [Step(name, "bpp.reproduce.stud_gap:gap_run",
                                          {"player": name, "deals": 100 if scale == "quick" else 5000, "rng": SEED})
                                     for name in PLAYERS],
    _report, {"quick": 30, "paper": 400}, beyond=True))

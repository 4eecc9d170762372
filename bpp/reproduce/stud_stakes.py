"""Beyond Korb1999: BPP at table stakes (§6.2 names stakes as a direction), heads-up against ``rules`` and ``prob``.

Each step is one duplicate match of ``bpp`` (one learning instance) against
one opponent in ``Stud5(stacks=S)`` (``None``: no stacks, the paper's game),
at one seed for every cell, so every cell plays the same deals;
``figures/stud_stakes.py`` renders the paper-scale table from the same step
function.  With ante 1 and bet 2 a seat puts in at most 33 chips, so a
stack of 40 never binds.

>>> from bpp.reproduce.registry import get_experiment
>>> [s.name for s in get_experiment("bpp-stakes").steps("quick")][:3]
['rules none', 'rules 20', 'rules 6']
"""

from __future__ import annotations

from bpp.reproduce.registry import Experiment, Row, Step, register

#: The seed of every cell (the same deals in each).
SEED = 12
#: Stacks in chips: None (the paper's game without stacks), then deep to short.
STACKS = (None, 40, 20, 10, 6)
OPPONENTS = ("rules", "prob")


def stakes_cell(opponent: str, stacks: int | None, n_deals: int, rng: int) -> dict:
    """``bpp`` against ``opponent`` in ``Stud5(stacks=stacks)``: duplicate deals; BPP's units/hand ± 95 % CI."""
    from holdem.games import Stud5
    from holdem.match import play_match

    result = play_match(Stud5(stacks=stacks), ["bpp", opponent], n_deals, rng=rng, duplicate=True)
    bpp = result.to_dict()["players"][0]
    return {"hands": result.n_hands, "seed": rng, "mean": bpp["mean"], "ci95": bpp["ci95"]}


def _steps(scale: str) -> list[Step]:
    stacks = STACKS if scale == "paper" else (None, 20, 6)
    return [Step(f"{o} {'none' if s is None else s}", "bpp.reproduce.stud_stakes:stakes_cell",
                 {"opponent": o, "stacks": s, "n_deals": 300 if scale == "quick" else 2000, "rng": SEED})
            for o in OPPONENTS for s in stacks]


def _report(results, figures):
    rows = []
    for name, r in results.items():
        opponent, stacks = name.split()
        where = "no stacks (the paper's game)" if stacks == "none" else f"stacks of {stacks} chips"
        rows.append(Row(f"BPP vs {opponent}, {where} (units/hand)", "— (beyond the paper)", f"{r['mean']:+.3f}",
                        f"[{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}]", "—", f"{r['hands']:,} hands"))
    r0 = next(iter(results.values()))
    return rows, [], (f"Heads-up five-card stud at table stakes (ante 1, bet 2 chips): one learning `bpp` per cell, "
                      f"duplicate deals, seed {r0['seed']} in every cell.")


register(Experiment(
    "bpp-stakes", "bpp", "Beyond the paper: BPP at table stakes, deep to short stacks",
    "Korb1999 §6.2 (stakes as a direction of the program)", _steps, _report, {"quick": 20, "paper": 300},
    beyond=True))

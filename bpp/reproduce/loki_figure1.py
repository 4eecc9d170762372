"""Loki's Figure 1 on several seeds, and where player A's gap to the paper is (Billings1998 §5): the steps of
``figures/loki_figure1.py`` and ``figures/loki_figure1_gap.py``.

Figure 1 is a zero-sum ten-player duplicate tournament of versions A–E (two
copies each, :func:`bpp.loki.experiments.versions_match`).  The registered
``loki-figure1`` experiment plays it on one seed; these steps play it per
seed with other versions in A's seat (:func:`figure1_seed`) and split every
version's result into net transfers from each other version
(:func:`figure1_transfers`, :func:`transfers`); :func:`gap_report` writes the
gap analysis from their results.  Each returns a JSON-able dict, so the
scripts keep them in their runs files (:func:`bpp.reproduce.script.cached_cell`).
"""

from __future__ import annotations

import numpy as np

__all__ = ["figure1_seed", "figure1_transfers", "transfers", "gap_report", "BANKROLL_STEP"]

#: Bankroll points kept per version by :func:`figure1_seed`: every ``BANKROLL_STEP``-th hand.
BANKROLL_STEP = 100


def figure1_seed(versions: list[str], n_deals: int, rng: int, progress: bool = False) -> dict:
    """One seed of Figure 1 with ``versions`` (two copies each): hands, each version's mean ± 95 % CI and bankroll."""
    from bpp.loki.experiments import versions_match

    res = versions_match(list(versions) * 2, n_deals, rng=rng, progress=progress)
    if progress:
        print(res.table())
    return {
        "hands": int(res.match.n_hands),
        "results": {v.name: {"mean": v.mean, "ci95": list(v.ci95)} for v in res.versions},
        "bankroll_step": BANKROLL_STEP,
        "bankroll": {v.name: v.bankroll[BANKROLL_STEP - 1 :: BANKROLL_STEP].round(3).tolist() for v in res.versions},
    }


def transfers(winnings: np.ndarray, agents: list[str], versions: list[str], n_replays: int) -> np.ndarray:
    """Per deal, what each version won net from each other version, per copy and hand: (n_deals, V, V) sb.

    In every hand each loser's loss goes to the hand's winners in proportion to
    their wins; ``[d, a, b]`` is what a copy of ``a`` took from all copies of
    ``b`` minus what they took from it, averaged over the deal's hands.  Summed
    over ``b`` it is version ``a``'s result.

    >>> w = np.array([[2.0, -1.0, -1.0, 0.0]])        # seat 0 takes 1 from each of seats 1 and 2
    >>> t = transfers(w, ["x", "y", "x", "y"], ["x", "y"], 1)
    >>> t[0].tolist()                                   # per copy: x nets +0.5 from y; x↔x cancels
    [[0.0, 0.5], [-0.5, 0.0]]
    """
    pos = np.maximum(winnings, 0.0)
    neg = np.maximum(-winnings, 0.0)
    total = pos.sum(axis=1, keepdims=True)
    share = np.divide(pos, total, out=np.zeros_like(pos), where=total > 0)
    seat = share[:, :, None] * neg[:, None, :]  # [h, i, j]: i won from j
    member = np.array([[a == v for a in agents] for v in versions], dtype=np.float64)  # (V, n)
    copies = member.sum(axis=1)
    by_version = np.einsum("ai,hij,bj->hab", member, seat, member) / copies[None, :, None]
    net = by_version - np.einsum("ai,hij,bj->hba", member, seat, member) / copies[None, :, None]
    return net.reshape(-1, n_replays, len(versions), len(versions)).mean(axis=1)


def figure1_transfers(n_deals: int, rng: int, progress: bool = False) -> dict:
    """Figure 1's tournament (A–E) on ``rng`` with every version's net transfers from each other one (95 % CI over deals)."""
    from bpp.loki.experiments import FIGURE1_VERSIONS, versions_match
    from holdem.match.stats import summarize

    agents = list(FIGURE1_VERSIONS) * 2
    res = versions_match(agents, n_deals, rng=rng, progress=progress)
    t = transfers(np.asarray(res.match.winnings), agents, list(FIGURE1_VERSIONS), len(agents))
    cells = {}
    for i, a in enumerate(FIGURE1_VERSIONS):
        for j, b in enumerate(FIGURE1_VERSIONS):
            s = summarize(t[:, i, j])
            cells[f"{a}<{b}"] = {"mean": s.mean, "ci95": list(s.ci95)}
    return {"hands": int(res.match.n_hands),
            "results": {v.name: {"mean": v.mean, "ci95": list(v.ci95)} for v in res.versions}, "transfers": cells}


def gap_report(figure_runs: list[dict], gap_runs: list[dict], deals: int) -> list[str]:
    """The lines of ``figures/loki_figure1_gap.md``: noise, the specification choices, who wins from whom.

    ``figure_runs`` are :func:`figure1_seed` cells (with their ``seed``, ``deals``
    and ``versions``), ``gap_runs`` :func:`figure1_transfers` cells (with ``seed``, ``deals``).
    """
    from bpp.loki.experiments import FIGURE1_VERSIONS, PAPER_FIGURE1

    letter = dict(zip(FIGURE1_VERSIONS, "ABCDE"))
    base = [r for r in figure_runs if r["deals"] == deals and r["versions"] == list(FIGURE1_VERSIONS)]
    lines = [f"# Figure 1's player A: where the gap to the paper's +0.08 sb/hand is ({deals:,} duplicate deals a seed)", ""]
    # 1. noise
    lines += ["## 1. Noise", "", "| seed | A | 95 % CI | E | A − E | A's share of A − E |", "| --- | ---: | --- | ---: | ---: | ---: |"]
    for r in base:
        a, e = r["results"]["loki"], r["results"]["loki-e"]
        lines.append(f"| {r['seed']} | {a['mean']:+.3f} | [{a['ci95'][0]:+.3f}, {a['ci95'][1]:+.3f}] | {e['mean']:+.3f} | "
                     f"{a['mean'] - e['mean']:.3f} | {a['mean'] / (a['mean'] - e['mean']):.2f} |")
    if base:
        def pooled(v):
            m = np.mean([r["results"][v]["mean"] for r in base])
            half = np.sqrt(np.sum([((r["results"][v]["ci95"][1] - r["results"][v]["ci95"][0]) / 2) ** 2 for r in base])) / len(base)
            return m, half
        (ma, ha), (me, he) = pooled("loki"), pooled("loki-e")
        lines.append(f"| pooled ({len(base)} seeds) | {ma:+.3f} | [{ma - ha:+.3f}, {ma + ha:+.3f}] | {me:+.3f} | {ma - me:.3f} | "
                     f"{ma / (ma - me):.2f} |")
        pa, pe = PAPER_FIGURE1["loki"], PAPER_FIGURE1["loki-e"]
        lines.append(f"| paper | ≈ {pa:+.2f} | — | ≈ {pe:+.2f} | {pa - pe:.2f} | {pa / (pa - pe):.2f} |")
        single = np.mean([(r["results"]["loki"]["ci95"][1] - r["results"]["loki"]["ci95"][0]) / 2 for r in base])
        both = np.hypot(ha, single)
        lines += ["", f"Pooled over the seeds A is {ma:+.3f} ± {ha:.3f}: the paper's +0.08 lies "
                  f"{(pa - ma) / ha * 1.96:.1f} of our standard errors above it.  The paper gives neither its hand count "
                  f"nor a CI; had its tournament the size of one of our seeds (± {single:.3f}), the gap "
                  f"{pa - ma:.3f} ± {both:.3f} would still be {(pa - ma) / both * 1.96:.1f} standard errors: noise does "
                  "not explain it.",
                  "", f"A's share of the spread A − E is the paper's ({ma / (ma - me):.2f} pooled against "
                  f"{pa / (pa - pe):.2f}); the spread is not ({ma - me:.3f} against {pa - pe:.2f}).  With our share and the "
                  f"paper's spread A would make {ma / (ma - me) * (pa - pe):+.3f}: the gap sits in how much the weakened "
                  "versions lose (the spread), while A's share of it is the paper's."]
        # 3. controls
        lines += ["", "## 2. The two specification choices (A replaced, B–E unchanged, same seeds)", "",
                  "| A is | " + " | ".join(f"seed {r['seed']}" for r in base) + " |", "| --- |" + " ---: |" * len(base)]
        for variant in ("loki", "loki-showdown", "loki-reweight", "loki-reweight-showdown"):
            cells = []
            for r0 in base:
                got = next((r for r in figure_runs if r["seed"] == r0["seed"] and r["deals"] == deals
                            and r["versions"] == [variant, *FIGURE1_VERSIONS[1:]]), None)
                cells.append("—" if got is None else f"{got['results'][variant]['mean']:+.3f}")
            lines.append(f"| `{variant}` | " + " | ".join(cells) + " |")
    # 2. transfers
    for run in gap_runs:
        if run["deals"] != deals:
            continue
        rec = next((r for r in base if r["seed"] == run["seed"]), None)
        drift = ("" if rec is None else "; the version means differ from the recorded run by at most "
                 f"{max(abs(run['results'][v]['mean'] - rec['results'][v]['mean']) for v in FIGURE1_VERSIONS):.4f} "
                 "sb/hand: code changed since that recording alters a few decisions, and the hands diverge from there")
        lines += ["", f"## 3. Who wins from whom, seed {run['seed']} (the tournament replayed with today's code{drift})", "",
                  "Net sb/hand a copy of the row version takes from all copies of the column version (95 % CI over deals); "
                  "a row adds up to the version's result.", "",
                  "| from → | " + " | ".join(letter[v] for v in FIGURE1_VERSIONS) + " | result |",
                  "| --- |" + " ---: |" * (len(FIGURE1_VERSIONS) + 1)]
        for a in FIGURE1_VERSIONS:
            cells = []
            for b in FIGURE1_VERSIONS:
                c = run["transfers"][f"{a}<{b}"]
                cells.append("—" if a == b else f"{c['mean']:+.4f} ± {(c['ci95'][1] - c['ci95'][0]) / 2:.4f}")
            lines.append(f"| {letter[a]} | " + " | ".join(cells) + f" | {run['results'][a]['mean']:+.4f} |")
    return lines

"""The cells of BPP's variant tables (Korb1999 §5.2, §6), shared by the stud figure scripts.

A *cell* is one learning instance of a BPP variant against one opponent over
duplicate deals (:func:`bpp.stud.experiments.match.significance`), played at
the opponent's fixed seed (:data:`SEEDS`: those of §5.2 for ``rules`` and
``prob``) and kept in an append-only runs file (:func:`bpp.reproduce.script.cached_cell`),
so ``figures/stud_variants.py``, ``stud_calibration.py``, ``stud_dbn.py`` and
``stud_multi.py`` read each other's cells instead of playing them again.
"""

from __future__ import annotations

from pathlib import Path

from bpp.reproduce.script import cached_cell

__all__ = ["COLUMNS", "OPPONENTS", "PLAYERS", "PROBE_DEALS", "SEEDS", "VARIANTS", "cell_result"]

#: The opponents of the variants table: §5.1's two and the styles of :mod:`bpp.stud.opponents.styles`.
OPPONENTS = ("rules", "prob", "bluffer", "slowplay", "loose")
#: One seed per cell (player, opponent): the opponent's seed of §5.2 for rules and prob, fixed others for the rest.
SEEDS = {"rules": 2002, "prob": 1999, "bluffer": 1201, "slowplay": 1202, "loose": 1203, "bpp": 1204}
#: Korb1999 §6 variants, the paper's network first (see each agent's docstring for its §6 idea).
VARIANTS = ("bpp", "bpp-up", "bpp-card", "bpp-linked", "bpp-actions", "bpp-bluff", "bpp-dbn", "bpp-showing")
#: The rows of the variants table: every variant as the paper plays (sampling its curves) and with ``play="argmax"``.
PLAYERS = tuple((p, play) for play in ("sample", "argmax") for p in VARIANTS)
#: Duplicate deals of a cell's probe, the miniature whose result versions the cell's code (40 hands: learning refits).
PROBE_DEALS = 20
#: The columns: the paper's network itself, then every opponent.
COLUMNS = ("bpp",) + OPPONENTS


def cell_result(player: str, play: str, opponent: str, deals: int, runs: str | Path, *, again: bool = False) -> dict:
    """One cell: read from ``runs`` (one JSON line per finished cell) or played and appended.

    A cell's key is (player, play, opponent, seed, deals); the last line of a
    key counts.  ``again=True`` plays the cell even if it is there and appends
    the new line; the old one stays.  The cell's code version is the same
    cell on :data:`PROBE_DEALS` deals (:func:`bpp.reproduce.script.cached_cell`'s
    ``probe``): a cell whose player or opponent now plays differently is
    played again.
    """
    from bpp.stud.experiments import significance

    seed = SEEDS[opponent]
    key = {"player": player, "play": play, "opponent": opponent, "seed": seed, "deals": deals}

    def run(n: int = deals) -> dict:
        r = significance(opponent, n_hands=n, rng=seed, duplicate=True, player=player, play=play)
        return {"mean": r.mean, "ci95": list(r.ci95), "t": r.t}

    return cached_cell(runs, key, run, again=again, probe=lambda: run(PROBE_DEALS))

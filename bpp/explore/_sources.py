"""Where the explorer finds the stud and hold'em names it builds on (one place, so a package move touches one file).

Some of these names live below the packages' public surface (the stud
players and trace in ``bpp.stud.players`` and ``bpp.stud.experiments``, Loki's
per-board evaluation), so they are imported here and nowhere else.

>>> sorted(stud())[:3]
['BPPPlayer', 'CardBPP', 'FACING_STATES']
"""

from __future__ import annotations

import functools


@functools.cache
def stud() -> dict:
    """The stud names the explorer uses: trace_hand, the BPP players and network variants, the card-level network's state names."""
    from bpp.stud.experiments.inspection import trace_hand, trace_logged_hand
    from bpp.stud.players import cardlevel
    from bpp.stud.players.paper import BPPPlayer
    from bpp.stud.players.reference import opponent_decisions
    from bpp.stud.players.variants import FIGURE1_PIXELS, VARIANTS

    return {
        "BPPPlayer": BPPPlayer,
        "CardBPP": cardlevel.CardBPP,
        "FACING_STATES": cardlevel.FACING_STATES,
        "FIGURE1_PIXELS": FIGURE1_PIXELS,
        "OUTCOMES": cardlevel.OUTCOMES,
        "REL_STATES": cardlevel.REL_STATES,
        "SHOWING_STATES": cardlevel.SHOWING_STATES,
        "opponent_decisions": opponent_decisions,
        "trace_hand": trace_hand,
        "trace_logged_hand": trace_logged_hand,
        "VARIANTS": VARIANTS,
    }


@functools.cache
def holdem() -> dict:
    """The hold'em names: the traced hand of ``bpp inspect limit-holdem``, a logged hand's tables, the per-board evaluation."""
    from bpp.loki.evaluator.postflop import street_table
    from bpp.loki.inspection import logged_hand_beliefs, trace_hand

    return {"logged_hand_beliefs": logged_hand_beliefs, "street_table": street_table, "trace_hand": trace_hand}

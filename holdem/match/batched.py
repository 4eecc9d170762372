"""The batched path of a match block: every hand of the block played at once by the batched engine.

:func:`holdem.match.runner.play_block` calls :func:`play_block_batched` first;
it plays the block when the game has a batched form
(:func:`holdem.games.batched.new_batch`) and every agent decides for a whole
batch (``act_batch``) and needs neither ``observe`` nor ``new_hand``, and
returns ``None`` otherwise (the block is then played hand by hand).  The
block's deals, buttons, seatings and precomputed showdown ranks are exactly
the scalar path's, and the batched rules are the scalar rules, so the chips
are exactly the scalar path's for the same seed (``tests/match/test_batched_match.py``).
A block that writes a hand log is always played by the scalar path (the log
records every action); its chips are the same either way, so a log made one
way resumes the other.
"""

from __future__ import annotations

import numpy as np

from holdem.games.batched import act_batch_of, new_batch, play_batch

__all__ = ["play_block_batched", "plays_batched"]


def plays_batched(agents, hook) -> bool:
    """Whether every agent decides for a whole batch and needs no per-hand hooks (``hook(agent, name)``)."""
    return all(
        act_batch_of(a) is not None and hook(a, "observe") is None and hook(a, "new_hand") is None for a in agents
    )


def play_block_batched(game, agents, deals, buttons, ranks, at_seats, seat_ofs, hook):
    """Chips (n_hands, n_agents) of one block played by the batched engine, or ``None`` when it cannot be.

    Hands are in the runner's order (:func:`holdem.match.duplicate.hand_plan`):
    deal by deal, each deal's replays in order; ``at_seats[r, seat]`` is the
    agent in ``seat`` in replay ``r`` and ``seat_ofs[r, agent]`` its inverse.
    """
    if ranks is None or not plays_batched(agents, hook):
        return None
    n_replays = at_seats.shape[0]
    if n_replays > 1:
        deals = np.repeat(deals, n_replays, axis=0)
        buttons = np.repeat(buttons, n_replays)
        ranks = np.repeat(ranks, n_replays, axis=0)
    batch = new_batch(game, deals, buttons, ranks)
    if batch is None:
        return None
    replay = np.tile(np.arange(n_replays), len(deals) // n_replays)
    by_seat = play_batch(batch, agents, at_seats[replay])
    return np.take_along_axis(by_seat, seat_ofs[replay], axis=1)

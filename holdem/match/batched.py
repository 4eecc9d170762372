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

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from holdem.games.batched import batched_games, new_batch
from holdem.play import _hook, capabilities

__all__ = ["play_batch", "play_block_batched", "plays_batched"]


def plays_batched(agents: Sequence[Any]) -> bool:
    """Whether every agent decides for a whole batch (``act_batch``) and needs to observe no events.

    ``new_hand`` is not called on the batched path: an agent with ``act_batch``
    reads what it needs of the hand (its index, ``BatchObservation.hand``) from
    the batch observation.
    """
    return all(
        capabilities(a).act_batch and all(_hook(a, h) is None for h in ("observe", "end_hand")) for a in agents
    )


def play_block_batched(game: Any, agents: Sequence[Any], deals: np.ndarray, buttons: np.ndarray, ranks: np.ndarray | None,
                       at_seats: np.ndarray, seat_ofs: np.ndarray) -> np.ndarray | None:
    """Chips (n_hands, n_agents) of one block played by the batched engine, or ``None`` when it cannot be.

    Hands are in the runner's order (:func:`holdem.match.duplicate.hand_plan`):
    deal by deal, each deal's replays in order; ``at_seats[r, seat]`` is the
    agent in ``seat`` in replay ``r`` and ``seat_ofs[r, agent]`` its inverse.
    """
    if not plays_batched(agents):
        return None
    if ranks is None and not getattr(batched_games().get(type(game)), "ranks_at_showdown", False):
        return None  # no ranks from the block (a game ranked by its states): hand by hand
    n_replays = at_seats.shape[0]
    if n_replays > 1:
        deals = np.repeat(deals, n_replays, axis=0)
        buttons = np.repeat(buttons, n_replays)
        if ranks is not None:  # None: draw, ranked after the discards
            ranks = np.repeat(ranks, n_replays, axis=0)
    batch = new_batch(game, deals, buttons, ranks)
    if batch is None:
        return None
    replay = np.tile(np.arange(n_replays), len(deals) // n_replays)
    by_seat = play_batch(batch, agents, at_seats[replay])
    return np.take_along_axis(by_seat, seat_ofs[replay], axis=1)


def play_batch(batch: Any, agents: Sequence[Any], seat_agents: np.ndarray) -> np.ndarray:
    """Play every hand of ``batch`` to the end: ``seat_agents[h, seat]`` is the agent (index into ``agents``) in that seat.

    Each step asks every agent, once, for the actions of all the live hands
    where it is to act (``agent.act_batch(observation)`` → kinds, one per
    row of the :class:`~holdem.games.batched.BatchObservation`, or a pair
    ``(kinds, raise-to amounts)`` in no-limit), checks them all, then applies one
    action to every live hand.  An agent that answers an illegal action for
    some row raises ``ValueError`` naming the agent, the row and the action.

    Returns
    -------
    int64 array (B, n_players)
        Net chips of every seat (``batch.payoffs``).
    """
    seat_agents = np.asarray(seat_agents)
    if seat_agents.shape != (batch.B, batch.n):
        raise ValueError(
            f"The 'seat_agents' parameter of play_batch must have shape ({batch.B}, {batch.n}); "
            f"got shape {seat_agents.shape}."
        )
    missing = [type(a).__name__ for a in agents if not capabilities(a).act_batch]
    if missing:
        raise ValueError(f"play_batch needs agents with act_batch; {', '.join(missing)} have none")
    acts = [a.act_batch for a in agents]
    batch.attach("seat_agents", seat_agents[batch.ids])  # hands may end before any action (all-in antes)
    names = np.array([getattr(a, "name", None) or type(a).__name__ for a in agents], dtype=object)
    # the engine's own trivial agents (and classes that set trusted_actions = True) answer legal kinds by construction
    trusted = all(capabilities(a).trusted_actions for a in agents)
    n_agents = len(agents)
    while batch.n_live:
        k = batch.n_live
        if n_agents == 1:
            who = np.zeros(k, dtype=np.intp)
            groups = [(0, np.arange(k))]
        else:
            who = batch.seat_agents.reshape(-1)[np.arange(0, k * batch.n, batch.n) + batch.current]
            groups = [(a, np.flatnonzero(who == a)) for a in range(n_agents)]
        kinds = np.empty(k, dtype=np.int8)
        amounts = None
        for a, rows in groups:
            if not len(rows):
                continue
            answer = acts[a](batch.observation(rows))
            if isinstance(answer, tuple):  # (kinds, raise-to amounts)
                answer, sizes = answer
                if amounts is None:
                    amounts = np.zeros(k, dtype=np.int64)
                amounts[rows] = sizes
            answer = np.asarray(answer)
            if answer.shape != rows.shape:
                raise ValueError(
                    f"agent {names[a]}.act_batch must return one action kind per row ({rows.shape[0]}); "
                    f"got shape {answer.shape}"
                )
            kinds[rows] = answer
        if trusted:
            batch._apply(kinds, amounts)
        else:
            batch._apply(*batch.verify(kinds, amounts, names[who]))
    payoffs: np.ndarray = batch.payoffs
    return payoffs

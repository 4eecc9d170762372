"""The batched path of a match block: every hand of the block played at once by the batched engine.

:func:`holdem.match.runner.play_block` calls :func:`play_block_batched` first;
it plays the block when the game has a batched form
(:func:`holdem.games.batched.new_batch`) and every agent decides for a whole
batch (``act_batch``) and needs neither ``observe`` nor ``new_hand``, and
returns ``None`` otherwise (the block is then played hand by hand).  The
block's deals, buttons, seatings and precomputed showdown ranks are exactly
the scalar path's, and the batched rules are the scalar rules, so the chips
are exactly the scalar path's for the same seed (``tests/match/test_batched_match.py``).
A block that writes a hand log is played batched too: the batch records
every action as arrays (:class:`BatchRecord`) and the runner writes the same
hand lines from them as the scalar path (:func:`holdem.match.runner.hand_lines`),
so a log made one way resumes the other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from holdem.games.batched import batched_games, new_batch
from holdem.play import _hook, capabilities

__all__ = ["BatchRecord", "batch_learner", "play_batch", "play_block_batched", "plays_batched"]


def plays_batched(agents: Sequence[Any]) -> bool:
    """Whether every agent decides for a whole batch (``act_batch``) and needs to observe no events.

    ``new_hand`` is not called on the batched path: an agent with ``act_batch``
    reads what it needs of the hand (its index, ``BatchObservation.hand``) from
    the batch observation.  An agent that learns across hands plays batched
    when it is a :func:`batch_learner` (it learns from the played hands' records
    instead of from events).
    """
    return all(
        capabilities(a).act_batch
        and (batch_learner(a) or all(_hook(a, h) is None for h in ("observe", "end_hand")))
        for a in agents
    )


def batch_learner(agent: Any) -> bool:
    """Whether ``agent`` learns across hands on the batched path: it has ``batch_begin``, ``batch_check``,
    ``batch_replay`` and ``batch_commit``.

    The protocol (speculative play, checked exactly afterwards):

    ``batch_begin()``
        A block starts: the agent's next hand is the block's hand 0.
    ``batch_check(record, me) -> bool array (record.n_hands,)``
        ``record`` (:class:`BatchRecord`) holds hands ``record.first`` … of the
        block, played with the agent's state as it was at the first of them
        (or as the agent foresaw it); ``me`` is the agent's index at the
        table.  True for every hand the agent would have played otherwise
        had it learned, as it does hand by hand, from every earlier hand *as
        recorded*; the first hand (played with the right state) is never
        True.  The agent's state does not change.
    ``batch_replay(record, me, hands)``
        The hands ``hands`` (indices into ``record``) are played again, in
        one batch, before the next ``batch_check``: the agent plays them with
        what the other hands of ``record`` teach as recorded.
    ``batch_commit(record, me, n)``
        Learn from the first ``n`` hands of ``record`` as hand by hand play
        would have; the next hand the agent plays is hand ``record.first + n``.
    """
    return all(callable(getattr(agent, name, None)) for name in ("batch_begin", "batch_check", "batch_replay", "batch_commit"))


class BatchRecord:
    """Hands ``first`` … ``first + n_hands - 1`` of a block as played by the batched engine (what a batch learner reads).

    Attributes
    ----------
    game : the rules
    first : int
        Index in the block of the first hand.
    deals : int array (n_hands, 52), buttons : int array (n_hands,)
    seat_agents : int array (n_hands, n_seats)
        The agent (index at the table) in each seat.
    hand, seat, round, kind, amount : int arrays (n_actions,)
        Every action applied, in order (``hand`` is the index among these hands;
        ``amount`` what a hand log records of it:
        :meth:`holdem.games.batched.LimitHoldemBatch.recorded_amounts`).
    showdown : bool array (n_hands,)
        Whether the hand went to a showdown (fewer than ``n_seats - 1`` folds).
    payoffs : int64 array (n_hands, n_seats)
    shown : int array (n_hands, n_seats, k) or None
        The cards each seat shows at a showdown (``batch.shown_cards``), when kept.
    """

    def __init__(self, game: Any, first: int, deals: np.ndarray, buttons: np.ndarray, seat_agents: np.ndarray,
                 log: list[tuple[np.ndarray, ...]], payoffs: np.ndarray, shown: np.ndarray | None = None) -> None:
        self.game = game
        self.first = first
        self.deals = deals
        self.buttons = buttons
        self.seat_agents = seat_agents
        self.n_hands = len(deals)
        if log:
            self.hand, self.seat, self.round, self.kind, self.amount = (np.concatenate(part) for part in zip(*log))
        else:
            self.hand = self.seat = self.round = self.kind = self.amount = np.zeros(0, dtype=np.int64)
        folds = np.bincount(self.hand[self.kind == 0], minlength=self.n_hands)
        self.showdown = folds < seat_agents.shape[1] - 1
        self.payoffs = payoffs
        self.shown = shown

    def head(self, n: int) -> "BatchRecord":
        """The record of the first ``n`` of these hands."""
        keep = self.hand < n
        out = BatchRecord(self.game, self.first, self.deals[:n], self.buttons[:n], self.seat_agents[:n], [],
                          self.payoffs[:n], None if self.shown is None else self.shown[:n])
        out.hand, out.seat, out.round, out.kind, out.amount = (
            a[keep] for a in (self.hand, self.seat, self.round, self.kind, self.amount))
        out.showdown = self.showdown[:n]
        return out

    def replaced(self, hands: np.ndarray, again: BatchRecord) -> BatchRecord:
        """This record with its hands ``hands`` (indices, ascending) as ``again`` played them (``again``'s hand ``i``
        is hand ``hands[i]``); the actions stay in hand order, each hand's in their order."""
        other = ~np.isin(self.hand, hands)
        parts = [np.concatenate([mine[other], theirs]) for mine, theirs in
                 zip((self.hand, self.seat, self.round, self.kind, self.amount),
                     (hands[again.hand], again.seat, again.round, again.kind, again.amount))]
        order = np.argsort(parts[0], kind="stable")
        payoffs = self.payoffs.copy()
        payoffs[hands] = again.payoffs
        shown = None
        if self.shown is not None and again.shown is not None:
            shown = self.shown.copy()
            shown[hands] = again.shown
        return BatchRecord(self.game, self.first, self.deals, self.buttons, self.seat_agents,
                           [tuple(part[order] for part in parts)], payoffs, shown)


def play_block_batched(game: Any, agents: Sequence[Any], deals: np.ndarray, buttons: np.ndarray, ranks: np.ndarray | None,
                       at_seats: np.ndarray, seat_ofs: np.ndarray,
                       records: list[BatchRecord] | None = None) -> np.ndarray | None:
    """Chips (n_hands, n_agents) of one block played by the batched engine, or ``None`` when it cannot be.

    Hands are in the runner's order (:func:`holdem.match.duplicate.hand_plan`):
    deal by deal, each deal's replays in order; ``at_seats[r, seat]`` is the
    agent in ``seat`` in replay ``r`` and ``seat_ofs[r, agent]`` its inverse.
    ``records``, a list, gets the :class:`BatchRecord` (shown cards kept) of
    the block's hands, in order (several, from ``record.first`` on, when
    learners play), from which the runner writes the block's hand log.
    """
    if not plays_batched(agents) or not all(getattr(a, "plays_batches_of", lambda g: True)(game) for a in agents):
        return None  # an agent may batch some games only (its plays_batches_of(game) says)
    if ranks is None and not getattr(batched_games().get(type(game)), "ranks_at_showdown", False):
        return None  # no ranks from the block (a game ranked by its states): hand by hand
    n_replays = at_seats.shape[0]
    if n_replays > 1:
        deals = np.repeat(deals, n_replays, axis=0)
        buttons = np.repeat(buttons, n_replays)
        if ranks is not None:  # None: draw, ranked after the discards
            ranks = np.repeat(ranks, n_replays, axis=0)
    replay = np.tile(np.arange(n_replays), len(deals) // n_replays)
    learners = [(i, a) for i, a in enumerate(agents) if batch_learner(a)]
    if learners:
        if batched_games().get(type(game)) is None:
            return None
        by_seat = _play_learning(game, agents, learners, deals, buttons, ranks, at_seats[replay], records)
    else:
        batch = new_batch(game, deals, buttons, ranks)
        if batch is None:
            return None
        log: list[tuple[np.ndarray, ...]] | None = None if records is None else []
        by_seat = play_batch(batch, agents, at_seats[replay], log=log)
        if records is not None and log is not None:
            records.append(BatchRecord(game, 0, deals, buttons, at_seats[replay], log, by_seat, batch.shown_cards(buttons)))
    return np.take_along_axis(by_seat, seat_ofs[replay], axis=1)


#: Hands in the first speculative batch of a block with learners, and the most in one; replays of a batch's hands
#: that a check found played otherwise, before the batch is cut at the first of them.
_FIRST_CHUNK, _MAX_CHUNK, _REPLAYS = 256, 65_536, 4


def _play_learning(game: Any, agents: Sequence[Any], learners: list[tuple[int, Any]], deals: np.ndarray, buttons: np.ndarray,
                   ranks: np.ndarray | None, seat_agents: np.ndarray, records: list[BatchRecord] | None = None) -> np.ndarray:
    """Chips by seat of a block whose learners learn between hands: speculative batches, each checked by the learners.

    A batch of hands is played with every learner's state as it is at the
    batch's first hand (or as foreseen); each learner says which hands it
    would have played otherwise had it learned after every earlier hand as
    recorded (:func:`batch_learner`).  Those hands alone are played again,
    with what the others teach, and the batch is checked again, up to
    ``_REPLAYS`` times; when every hand checks, the batch stands.  Otherwise
    (or when a replay moves the first such hand no further) the hands
    before the first one stand, the learners learn from them, and the next
    batch starts at it (the learners may read what the later hands taught
    as played to foresee their state).  Exactly the hand by hand result; the
    batch grows fourfold while whole batches stand.
    """
    n = len(deals)
    out = np.empty((n, seat_agents.shape[1]), dtype=np.int64)
    for _, agent in learners:
        agent.batch_begin()

    def play(hands: np.ndarray) -> BatchRecord:
        batch = new_batch(game, deals[hands], buttons[hands], None if ranks is None else ranks[hands])
        batch.first_hand = hands
        log: list[tuple[np.ndarray, ...]] = []
        payoffs = play_batch(batch, agents, seat_agents[hands], log=log)
        return BatchRecord(game, int(hands[0]), deals[hands], buttons[hands], seat_agents[hands], log, payoffs,
                           None if records is None else batch.shown_cards(buttons[hands]))

    start, size = 0, _FIRST_CHUNK
    while start < n:
        record = play(np.arange(start, min(n, start + size)))
        first = -1
        for replay in range(_REPLAYS + 1):
            differ = np.zeros(record.n_hands, dtype=bool)
            for i, agent in learners:
                answer = np.asarray(agent.batch_check(record, i))
                if answer.shape != differ.shape or answer.dtype != bool:
                    raise ValueError(f"a batch learner's check of {record.n_hands} hands must be a bool array of that "
                                     f"length; got {answer.dtype} of shape {answer.shape}")
                differ |= answer
            keep = int(np.argmax(differ)) if differ.any() else record.n_hands
            if keep == 0:
                raise ValueError("a batch learner found the first hand of a batch played otherwise; it is played "
                                 "with the learner's own state")
            if keep <= first or keep == record.n_hands or replay == _REPLAYS:
                break
            first = keep
            again = np.flatnonzero(differ)
            for i, agent in learners:
                agent.batch_replay(record, i, again)
            record = record.replaced(again, play(record.first + again))
        for i, agent in learners:
            agent.batch_commit(record, i, keep)
        out[start : start + keep] = record.payoffs[:keep]
        if records is not None:
            records.append(record.head(keep))
        if keep == record.n_hands:
            size = min(_MAX_CHUNK, 4 * size)
        start += keep
    return out


def play_batch(batch: Any, agents: Sequence[Any], seat_agents: np.ndarray,
               log: list[tuple[np.ndarray, ...]] | None = None) -> np.ndarray:
    """Play every hand of ``batch`` to the end: ``seat_agents[h, seat]`` is the agent (index into ``agents``) in that seat.

    Each step asks every agent, once, for the actions of all the live hands
    where it is to act (``agent.act_batch(observation)`` → kinds, one per
    row of the :class:`~holdem.games.batched.BatchObservation`, or a pair
    ``(kinds, raise-to amounts)`` in no-limit), checks them all, then applies one
    action to every live hand.  An agent that answers an illegal action for
    some row raises ``ValueError`` naming the agent, the row and the action.
    ``log``, a list, gets ``(hands, seats, rounds, kinds, amounts)`` arrays of every step's
    applied actions (hands by index in the batch; amounts as a hand log records them,
    :meth:`~holdem.games.batched.LimitHoldemBatch.recorded_amounts`).

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
        if not trusted:
            kinds, amounts = batch.verify(kinds, amounts, names[who])
        if log is not None:
            log.append((batch.ids.copy(), batch.current.copy(), batch.round.copy(), kinds.astype(np.int64),
                        batch.recorded_amounts(kinds, amounts)))
        batch._apply(kinds, amounts)
    payoffs: np.ndarray = batch.payoffs
    return payoffs

"""BPP's decisions for whole batches of hands, its learning checked afterwards (:mod:`holdem.match.batched`).

:class:`BatchedBPP` is the part of :class:`bpp.stud.players.paper.BPPPlayer`
that plays on the batched engine.  A decision is a table lookup (P(BPP_Win)
for the round's evidence, Korb1999 §3.1), θ and the curves (§4.1) with the
hand's own uniform number, so a batch of rows is a few array lookups.

Learning (§3.3, §5.2: the learned table refit after every showdown) makes a
hand depend on every earlier one, so a batch is played speculatively and
checked (:func:`holdem.match.batched.batch_learner`): every decision is
decided again with the learned table its hand would have had, from the
counts of the batch's earlier showdowns as recorded.  What a showdown
teaches is one cell of each round's learned table (child state × parents,
counted from the opponent's cards and actions); P(win) after ``m`` of the
batch's showdowns is the compiled network's one matrix product
(:class:`bpp.stud.model.compiled.WinTables`) evaluated row by row
(:meth:`BatchedBPP._batch_p`).  A decision within rounding (1e-9) of another
action is decided again from exactly refit tables, so every decision is the
hand-by-hand one.

A variant fills in its evidence (:meth:`BatchedBPP._batch_evidence`), the
state of the learned node a showdown counts (:meth:`BatchedBPP._showdown_children`)
and its parents besides the opponent's current type
(:meth:`BatchedBPP._showdown_parents`); :attr:`bpp.stud_variants.VariantSpec.batches`
declares the variants that do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from holdem.games.batched import BatchObservation
    from holdem.match.batched import BatchRecord

__all__ = ["BatchedBPP"]


def _lessons(learned: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """Per hand what it teaches: int64 (n, 5), whether it is learned from, then the learned table's cell it counts
    per round (-1: none; -2 in every round: not learned from)."""
    out = np.full((len(learned), 5), -2, dtype=np.int64)
    out[:, 0] = learned
    out[learned.astype(bool), 1:] = cells
    return out


def _same_prefix(basis: np.ndarray, now: np.ndarray) -> int:
    """How many hands, from the first, teach the same in ``basis`` and ``now`` (``_lessons``; at most the shorter)."""
    k = min(len(basis), len(now))
    differ = np.flatnonzero((basis[:k] != now[:k]).any(axis=1))
    return int(differ[0]) if len(differ) else k


def _types(cards: np.ndarray, r: int) -> np.ndarray:
    """§3.2 hand type (intp) of each row's first ``r`` cards (int (n, >= r))."""
    from bpp.stud.model.handtypes import colex_index, type_table

    return type_table(r)[colex_index(np.sort(cards[:, :r], axis=1))].astype(np.intp)  # (the table's int8 overflows in products)


class _Tally:
    """One round's learned-table counts after each number ``m`` of a run of showdowns, each counting one cell
    (flat index, -1: none).  A small table keeps every count after every showdown (``m`` × cells, int32); a large
    one (``bpp-bluff``'s) keeps each showdown's place sorted by cell, and a count after ``m`` is a difference of
    two binary searches (memory by showdowns, not by showdowns × cells).

    >>> for dense in (True, False):
    ...     t = _Tally(np.zeros((2, 3)), np.array([4, -1, 4, 1]), dense=dense)
    ...     print(t.cells(np.array([0, 1, 3, 4]), np.array([4, 4, 4, 1])).tolist(), t.totals(np.array([4]), np.array([1])).tolist(),
    ...           t.table(4).tolist())
    [0.0, 1.0, 2.0, 1.0] [3.0] [[0.0, 1.0, 0.0], [0.0, 2.0, 0.0]]
    [0.0, 1.0, 2.0, 1.0] [3.0] [[0.0, 1.0, 0.0], [0.0, 2.0, 0.0]]
    """

    #: The most counts (showdowns × cells) kept whole: 16 MB of int32.
    DENSE = 1 << 22

    def __init__(self, start: np.ndarray, cells: np.ndarray, dense: bool | None = None) -> None:
        self.shape = start.shape
        self.start = start.reshape(-1)
        self.start_totals = start.reshape(start.shape[0], -1).sum(axis=0)
        self.n_parents = self.start_totals.size
        self.span = len(cells) + 1
        seen = np.flatnonzero(cells >= 0)
        self.dense = self.span * self.start.size <= self.DENSE if dense is None else dense
        if self.dense:
            step = np.zeros((self.span, self.start.size), dtype=np.int32)
            step[seen + 1, cells[seen]] = 1
            self.after = np.cumsum(step, axis=0, out=step).reshape(-1)
            self.after_totals = step.reshape(self.span, self.shape[0], -1).sum(axis=1, dtype=np.int32).reshape(-1)
        else:
            self.keys = np.sort(cells[seen] * self.span + seen + 1)  # showdown i counts from m = i + 1 on
            self.parent_keys = np.sort(cells[seen] % self.n_parents * self.span + seen + 1)

    def cells(self, m: np.ndarray, cell: np.ndarray) -> np.ndarray:
        """The count of ``cell`` after ``m`` showdowns (broadcast)."""
        if self.dense:
            return self.start[cell] + self.after[m * self.start.size + cell]
        at = cell * self.span
        return self.start[cell] + (np.searchsorted(self.keys, at + m, side="right")
                                   - np.searchsorted(self.keys, at, side="right"))

    def totals(self, m: np.ndarray, parent: np.ndarray) -> np.ndarray:
        """The counts of parent cell ``parent``, summed over the child state, after ``m`` showdowns (broadcast)."""
        if self.dense:
            return self.start_totals[parent] + self.after_totals[m * self.n_parents + parent]
        at = parent * self.span
        return self.start_totals[parent] + (np.searchsorted(self.parent_keys, at + m, side="right")
                                            - np.searchsorted(self.parent_keys, at, side="right"))

    def table(self, m: int) -> np.ndarray:
        """The whole table of counts after ``m`` showdowns, in the learner's shape."""
        if self.dense:
            size = self.start.size
            return (self.start + self.after[m * size : (m + 1) * size]).reshape(self.shape)
        first = self.keys % self.span <= m
        return (self.start + np.bincount(self.keys[first] // self.span, minlength=self.start.size)).reshape(self.shape)


class BatchedBPP:
    """The batched decisions and the checked learning of :class:`~bpp.stud.players.paper.BPPPlayer` (a mixin)."""

    # set by BPPPlayer
    model_: Any
    win_tables_: Any
    prior_strength: float
    upcards_link: Any
    refit_every: int
    learn: bool
    play: str
    _tables: list
    _pending: int
    _hand: int
    _hand_base: int

    # -- a variant's evidence and lessons -------------------------------------

    def _batch_evidence(self, observation: Any) -> tuple[np.ndarray, ...]:
        """The indices of every row into its round's P(win) table: BPP_Current, OPP_Upcards, with §6.1's up-cards
        link its state, and OPP_Action (heads-up).

        Heads-up the opponent was aggressive in the round exactly when BPP owes
        chips, and has not acted when nothing is owed and both seats are still
        to act (:func:`bpp.stud.players.paper.opponent_action`).  The last index
        is the learned node's; its last state means unobserved.
        """
        current, upcards, mine, theirs = self._batch_types(observation)
        owes = observation.to_call > 0
        action = np.where(owes, 1, np.where((observation.n_bets == 0) & (observation.to_act == 2), 2, 0))
        if not self.upcards_link:
            return current, upcards, action
        link = np.empty(len(action), dtype=np.intp)
        rounds = observation.round
        for r in np.unique(rounds).tolist():
            sel = np.flatnonzero(rounds == r)
            link[sel] = self._links(mine[sel, 1:], theirs[sel], r)
        return current, upcards, link, action

    def _links(self, mine: np.ndarray, theirs: np.ndarray, r: int) -> np.ndarray:
        """§6.1's link state (:func:`bpp.stud.model.upcards.link_state`) of BPP's and the opponent's first ``r + 1``
        up cards per row: ``"showing"`` 0 / 1 / 2 as BPP's beat, tie or trail the opponent's as partial hands
        (:func:`~bpp.stud.model.handvalue.hand_value_codes` orders as ``hand_value``), ``"upcards"`` the type of BPP's."""
        if self.upcards_link == "upcards":
            return _types(mine, r + 1)
        from bpp.stud.model.handvalue import hand_value_codes

        ours, _ = hand_value_codes(mine[:, : r + 1])
        their, _ = hand_value_codes(theirs[:, : r + 1])
        return np.where(ours > their, 0, np.where(ours == their, 1, 2))

    def _batch_types(self, observation: Any) -> tuple[np.ndarray, ...]:
        """BPP_Current (BPP's down and up cards) and OPP_Upcards (the opponent's up cards) types of every row, and
        the cards: BPP's (down card first) and the opponent's up cards."""
        n = len(observation)
        me = observation.player
        rows = np.arange(n)
        ups = observation.up_cards
        mine = np.concatenate([observation.hole, ups[rows, me]], axis=1)
        theirs = ups[rows, 1 - me]
        rounds = observation.round
        current = np.empty(n, dtype=np.intp)
        upcards = np.empty(n, dtype=np.intp)
        for r in np.unique(rounds).tolist():
            sel = np.flatnonzero(rounds == r)
            current[sel] = _types(mine[sel], r + 2)
            upcards[sel] = _types(theirs[sel], r + 1)
        return current, upcards, mine, theirs

    def _batch_contexts(self, observation: Any, evidence: tuple[np.ndarray, ...]) -> np.ndarray | None:
        """:meth:`curve_context` of every row (split curves); None: one set of curves."""
        return None

    def _showdown_children(self, record: BatchRecord, at: np.ndarray, theirs: np.ndarray, cards: np.ndarray) -> np.ndarray:
        """The learned node's state each showdown counts per round, int (n, 4) (-1: not counted): the opponent's
        action, 1 aggressive if it bet or raised in the round, 0 passive, -1 if it did not act.  ``at``: each
        action's showdown (-1: none), ``theirs``: whether the opponent took it, ``cards``: the opponent's five
        cards per showdown, down card first."""
        n = len(cards)
        acted = np.full((n, 4), -1)
        np.maximum.at(acted, (at[theirs], record.round[theirs]), (record.kind[theirs] == 2).astype(np.int64))
        return acted

    def _showdown_parents(self, types: np.ndarray, mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
        """The learned table's parent cell of each showdown per round, int (n, 4): the opponent's current type (with
        §6.1's up-cards link, times the link's states, plus its state).  ``types``: the opponent's current type per
        round; ``mine``, ``theirs``: BPP's and the opponent's five cards, down card first."""
        if not self.upcards_link:
            return types
        sizes = [c.shape[2] for c in self.model_.counts_]
        return np.stack([types[:, r] * sizes[r] + self._links(mine[:, 1:], theirs[:, 1:], r) for r in range(4)], axis=1)

    # -- decisions ------------------------------------------------------------

    #: Whether :meth:`_table_p` is hand-by-hand P(win) to the last bit (a lookup in the same tables); otherwise the
    #: rows within rounding of another action are decided again from :meth:`_exact_p`.
    _exact_tables = True

    def _table_p(self, rounds: np.ndarray, evidence: tuple[np.ndarray, ...]) -> np.ndarray:
        """P(BPP_Win | evidence) per row from the current tables (what ``win_probability`` reads)."""
        p = np.empty(len(rounds))
        for r in np.unique(rounds).tolist():
            sel = np.flatnonzero(rounds == r)
            p[sel] = self._tables[r][tuple(e[sel] for e in evidence)]
        return p

    def _observed(self, evidence: tuple[np.ndarray, ...]) -> np.ndarray:
        """Rows whose learned node is observed (otherwise P(win) does not depend on the learned table)."""
        return evidence[-1] < self._tables[0].shape[-1] - 1

    def _act_batch(self, observation: BatchObservation) -> np.ndarray:
        """The kinds :meth:`act` picks in every row of a heads-up stud batch (table lookups, θ, the curves).

        Learning on the batched engine (:meth:`batch_begin`), a row whose hand
        comes after showdowns foreseen from the last check reads P(win) from
        the learned table with them counted (:meth:`_batch_p`); :meth:`batch_check` checks it.
        """
        self._refit_if_due()
        evidence = self._batch_evidence(observation)
        rounds = observation.round
        p = self._table_p(rounds, evidence)
        foreseen = np.zeros(len(p), dtype=bool)
        if self._speculating:
            m = self._foreseen(observation.hand - self._chunk_first)
            foreseen = (m > 0) & self._observed(evidence)
            ahead = np.flatnonzero(foreseen)
            if len(ahead):
                p[ahead] = self._batch_p(self._foreseen_counts, m[ahead], rounds[ahead], tuple(e[ahead] for e in evidence))
        u, theta = self._batch_theta(observation)  # type: ignore[attr-defined]  # CurvePlayer
        can_raise = observation.legal[:, 2]
        x = self._batch_uniforms(observation)  # type: ignore[attr-defined]  # CurvePlayer
        ctx = self._batch_contexts(observation, evidence)
        kinds, near = self._batch_decide(p - theta, rounds, u, can_raise, x, ctx=ctx)  # type: ignore[attr-defined]
        if not self._exact_tables:  # P(win) computed, not looked up: rows within rounding of another action exactly
            for i in np.flatnonzero(near & ~foreseen).tolist():
                one = slice(i, i + 1)
                q = np.array([self._exact_p(None, np.array([e[i] for e in evidence]), int(rounds[i]))])
                kinds[i] = self._batch_decide(q - theta[one], rounds[one], u[one], can_raise[one],  # type: ignore[attr-defined]
                                              None if x is None else x[one], ctx=None if ctx is None else ctx[one])[0][0]
        if self._speculating:
            self._decisions.append(dict(
                hand=observation.hand - self._chunk_first, round=rounds, evidence=np.stack(evidence, axis=1),
                theta=theta, u=u, can_raise=can_raise, x=np.zeros(len(kinds)) if x is None else x, kind=kinds,
                ctx=np.zeros(len(kinds), dtype=np.intp) if ctx is None else ctx,
                basis=np.full(len(kinds), len(self._bases) - 1), loose=near & foreseen))
        return kinds

    def _refit_if_due(self) -> None:
        """What :meth:`new_hand` does before a hand: refit when ``refit_every`` showdowns are pending."""
        if self._pending >= self.refit_every:
            self.refit()  # type: ignore[attr-defined]  # BPPPlayer

    # -- the batch-learner protocol (holdem.match.batched.batch_learner) ----------

    def batch_begin(self) -> None:
        """A block starts on the batched engine: its hand ``i`` is this player's hand ``hands so far + i``."""
        self._refit_if_due()
        self._hand_base = self._hand + 1
        self._speculating = self.learn
        self._taught: tuple | None = None
        self._foresee(0, np.zeros(0, dtype=bool), np.zeros((0, 4), dtype=np.int64))

    def _foresee(self, first: int, learned: np.ndarray, cells: np.ndarray, counts: list | None = None) -> None:
        """The next batch starts at hand ``first``; ``learned`` (per hand from it) and ``cells`` (per showdown) are
        what the last played batch says the hands from it teach (the play's foresight)."""
        self._chunk_first = first
        self._decisions: list[dict] = []
        # what each decision's P(win) was known right with: per basis, the hands (from the batch's first) whose
        # lessons it holds; a decision stays right while the record's hands before its own teach the same
        self._bases = [_lessons(learned, cells)]
        self._foreseen_before = np.concatenate([[0], np.cumsum(learned)])
        self._foreseen_counts = self._counts_after(cells) if counts is None else counts

    def _in_tables(self, before: np.ndarray) -> np.ndarray:
        """Of ``before`` showdowns since the batch's first hand, how many the tables at a hand hold (<= 0: none)."""
        k, p0 = self.refit_every, self._pending
        return (p0 + before) // k * k - p0

    def _foreseen(self, hands: np.ndarray) -> np.ndarray:
        """:meth:`_in_tables` at ``hands`` (from the batch's first) with the foreseen showdowns."""
        before = self._foreseen_before
        return self._in_tables(before[np.minimum(hands, len(before) - 1)])

    def _record_lessons(self, record: BatchRecord, me: int) -> dict:
        """What every hand of ``record`` teaches (:meth:`_learned_from`; ``counts``: :meth:`_counts_after` of them,
        computed when first asked), kept while ``record`` is the last record asked about."""
        if self._taught is None or self._taught[0] is not record:
            learned, cells = self._learned_from(record, me)
            self._taught = (record, dict(learned=learned, cells=cells, counts=None))
        lessons: dict = self._taught[1]
        return lessons

    def _record_counts(self, lessons: dict) -> list:
        if lessons["counts"] is None:
            lessons["counts"] = self._counts_after(lessons["cells"])
        return lessons["counts"]

    def _learned_from(self, record: BatchRecord, me: int) -> tuple[np.ndarray, np.ndarray]:
        """What the hands of ``record`` teach the learned table (as ``observe`` and the learner's ``update``): per hand
        whether it is learned from (a showdown), per such hand the flat cell of each round's table it counts
        (-1: none)."""
        seats = record.seat_agents.shape[1]
        learned = record.showdown
        hands = np.flatnonzero(learned)
        opp = 1 - np.argmax(record.seat_agents[hands] == me, axis=1)
        where = np.full(record.n_hands, -1)
        where[hands] = np.arange(len(hands))
        at = where[record.hand]
        theirs = at >= 0
        theirs[theirs] = record.seat[theirs] == opp[at[theirs]]
        deals = record.deals[hands]
        rows = np.arange(len(hands))

        def cards(seat: np.ndarray) -> np.ndarray:  # the seat's five cards, down card first
            pos = (seat - record.buttons[hands] - 1) % seats
            return np.stack([deals[rows, seats * j + pos] for j in range(5)], axis=1)

        their_cards = cards(opp)
        children = self._showdown_children(record, at, theirs, their_cards)
        types = np.stack([_types(their_cards, r + 2) for r in range(4)], axis=1)
        parents = self._showdown_parents(types, cards(1 - opp), their_cards)
        sizes = np.array([int(np.prod(c.shape[1:])) for c in self.model_.counts_])
        cells = np.where(children >= 0, children * sizes + parents, -1)
        return learned, cells

    def _counts_after(self, cells: np.ndarray) -> list:
        """Per round, the learned table's counts after each number m = 0 … of these showdowns, from the current
        counts (a :class:`_Tally`)."""
        return [_Tally(counts, cells[:, r]) for r, counts in enumerate(self.model_.counts_)]

    def _layout(self, r: int) -> tuple:
        """Round ``r``'s refit product (``WinTables._fast``: a (batched) matrix product of the rest of the network
        with the learned table) read row by row: the product's matrix rows (rows, inner), for every (BPP_Win state,
        table entry) its row and column in the product, for every (inner, column) the learned table's flat cell,
        and BPP_Win's state ``win``."""
        cache = self.__dict__.setdefault("_layouts", {})
        key = (r, id(self.win_tables_.nets[r]))
        hit = cache.get(key)
        if hit is None:
            fast = self.win_tables_._fast[r]
            if fast is None:
                raise ValueError(f"{type(self).__name__}: round {r}'s network has no one-product refit to batch")
            matrix, axes, _, shape, order, state, observed, _, _ = fast
            matrix = matrix.reshape((-1,) + matrix.shape[-2:])  # (batch, rows, inner)
            n_batch, n_rows, n_inner = matrix.shape
            cpt = self.model_.counts_[r].shape
            columns = int(np.prod(cpt)) // (n_batch * n_inner)
            flat = np.arange(n_batch * n_rows * columns).reshape(shape).transpose(order)
            row = np.full((flat.shape[0],) + self.win_tables_.tables[r].shape, -1, dtype=np.int64)
            column = row.copy()
            for w in range(flat.shape[0]):
                row[w][observed] = flat[w] // columns  # batch * rows + row
                column[w][observed] = flat[w] // (n_rows * columns) * columns + flat[w] % columns  # batch * columns + column
            cell = np.arange(int(np.prod(cpt))).reshape(cpt).transpose(axes).reshape(n_batch, n_inner, columns)
            cell = np.ascontiguousarray(cell.transpose(0, 2, 1).reshape(n_batch * columns, n_inner))  # (column, inner) → cell
            if (column == column[:1]).all():  # every BPP_Win state reads the same column (the usual layout)
                column = column[:1]
            hit = cache[key] = (matrix.reshape(n_batch * n_rows, n_inner), row, column, cell, state)
        return hit

    def _batch_p(self, counts: list, m: np.ndarray, rounds: np.ndarray, evidence: tuple[np.ndarray, ...]) -> np.ndarray:
        """P(BPP_Win | evidence) per row had the learned table held the counts ``counts[r][m]`` (the product of
        ``WinTables.refit``, row by row: the same value up to rounding; observed learned node only)."""
        s = self.prior_strength
        p = np.empty(len(m))
        for r in np.unique(rounds).tolist():
            sel = np.flatnonzero(rounds == r)
            matrix, row, column, cell, state = self._layout(r)
            at = (slice(None),) + tuple(e[sel] for e in evidence)
            tally = counts[r]
            inner = cell[column[at]]  # (w or 1, d, k): the learned cells each product entry reads
            when = m[sel][:, None]
            c = tally.cells(when, inner)
            total = tally.totals(when, inner % tally.n_parents)
            k = tally.shape[0]
            if s > 0:
                values = (c + s / k) / (total + s)
            else:
                with np.errstate(invalid="ignore", divide="ignore"):
                    values = np.where(total > 0, c / total, 1.0 / k)
            joint = np.einsum("wdk,wdk->wd", matrix[row[at]], np.broadcast_to(values, (len(row),) + values.shape[1:]))
            with np.errstate(invalid="ignore", divide="ignore"):  # evidence of probability 0: nan, as the tables
                p[sel] = joint[state] / joint.sum(axis=0)
        return p

    def batch_check(self, record: BatchRecord, me: int) -> np.ndarray:
        """Which hands of ``record`` this player would have played otherwise hand by hand (see
        :func:`holdem.match.batched.batch_learner`): every decision is decided again with the tables its hand
        would have had, learning from the showdowns of the batch's earlier hands as recorded.

        A decision whose P(win) was read (or last checked) with the lessons
        of exactly the hands the record has before it is not decided again
        (its P(win), and so its action, are the same), unless it was within
        rounding of another action with foreseen tables.
        """
        self._refit_if_due()
        out = np.zeros(record.n_hands, dtype=bool)
        if not self.learn or not self._decisions:
            return out
        lessons = self._record_lessons(record, me)
        learned = lessons["learned"]
        now = _lessons(learned, lessons["cells"])
        same = np.array([_same_prefix(basis, now) for basis in self._bases])
        d = {k: np.concatenate([part[k] for part in self._decisions]) for k in self._decisions[0]}
        self._decisions = [d]
        hand = d["hand"]
        evidence = tuple(d["evidence"].T)
        todo = np.flatnonzero(self._observed(evidence) & ((hand > same[d["basis"]]) | d["loose"]))
        self._bases.append(now)  # every decision stands checked with the record's lessons (or its hand is played again)
        d["basis"] = np.full(len(hand), len(self._bases) - 1)
        d["loose"] = np.zeros(len(hand), dtype=bool)
        if not len(todo):
            return out
        m = self._in_tables(np.cumsum(learned) - learned)[hand]
        rounds = d["round"]
        exact = m[todo] <= 0  # the batch's own tables
        p = self._table_p(rounds[todo], tuple(e[todo] for e in evidence))
        later = np.flatnonzero(~exact)
        if len(later):
            i = todo[later]
            p[later] = self._batch_p(self._record_counts(lessons), m[i], rounds[i], tuple(e[i] for e in evidence))
        x = None if self.play == "argmax" else d["x"]  # argmax draws nothing
        again, near = self._batch_decide(p - d["theta"][todo], rounds[todo], d["u"][todo],  # type: ignore[attr-defined]
                                         d["can_raise"][todo], None if x is None else x[todo], exact=False,
                                         ctx=d["ctx"][todo])
        differ = again != d["kind"][todo]
        for j in np.flatnonzero(near):  # within rounding of a boundary: decide with exactly refit tables
            differ[j] = self._differs_exactly(lessons["cells"], int(m[todo[j]]), d, int(todo[j]))
        out[hand[todo[differ]]] = True
        return out

    def _differs_exactly(self, cells: np.ndarray, m: int, d: dict, i: int) -> bool:
        """Whether decision ``i`` of ``d`` differs from the one played with the tables refit exactly
        (``WinTables.refit``) after ``m`` showdowns of the batch (``m <= 0``: the batch's own tables)."""
        counts = None
        if m > 0:
            counts = [tally.table(m) for tally in self._counts_after(cells[:m])]
        p = np.array([self._exact_p(counts, d["evidence"][i], int(d["round"][i]))])
        one = slice(i, i + 1)
        x = None if self.play == "argmax" else d["x"][one]
        again, _ = self._batch_decide(p - d["theta"][one], d["round"][one], d["u"][one],  # type: ignore[attr-defined]
                                      d["can_raise"][one], x, ctx=d["ctx"][one])
        return bool(again[0] != d["kind"][i])

    def _exact_p(self, counts: list | None, evidence: np.ndarray, r: int) -> float:
        """P(win) of one row's ``evidence`` in round ``r`` exactly as hand by hand: from the current tables, or
        (``counts``) from tables refit exactly to those learned counts."""
        tables = self._tables
        if counts is not None:
            saved = self.model_.counts_, self.win_tables_.tables
            try:
                self.model_.counts_ = counts
                tables = self.win_tables_.refit(self.learned_tables()).tables  # type: ignore[attr-defined]
            finally:
                self.model_.counts_, self.win_tables_.tables = saved
        return float(tables[r][tuple(evidence)])

    def batch_replay(self, record: BatchRecord, me: int, hands: np.ndarray) -> None:
        """``hands`` of ``record`` are played again: foresee from ``record`` as recorded, forget their decisions."""
        lessons = self._record_lessons(record, me)
        decisions, bases = self._decisions, self._bases
        self._foresee(record.first, lessons["learned"], lessons["cells"], self._record_counts(lessons))
        self._bases = bases + self._bases  # the replayed decisions' basis is the last
        if decisions:
            d = {k: np.concatenate([part[k] for part in decisions]) for k in decisions[0]}
            other = ~np.isin(d["hand"], hands)
            self._decisions = [{k: v[other] for k, v in d.items()}]

    def batch_commit(self, record: BatchRecord, me: int, n: int) -> None:
        """Learn from the first ``n`` hands of ``record`` as ``observe`` and ``new_hand`` would have; what the later
        hands taught as played is kept as foresight for the next batch (it starts at the first of them)."""
        self._hand += n
        lessons = self._record_lessons(record, me)
        learned = lessons["learned"]
        total = int(learned[:n].sum())
        ahead = learned[n:], lessons["cells"][total:]
        self._taught = None
        if not self.learn:
            self._foresee(record.first + n, *ahead)
            return
        if total:
            # the tables of the last accepted hand: refit at its start or before, from the showdowns of earlier hands
            in_tables = int(self._in_tables(np.array(total - int(learned[n - 1]))))
            counts = self._record_counts(lessons)
            if in_tables > 0:
                self.model_.counts_ = [tally.table(in_tables) for tally in counts]
                self.refit()  # type: ignore[attr-defined]  # BPPPlayer
                self._pending = total - in_tables
            else:
                self._pending += total
            self.model_.counts_ = [tally.table(total) for tally in counts]
            self.model_.n_showdowns_ += total
        self._foresee(record.first + n, *ahead)  # the refit due before the next hand: lazily, as new_hand

"""Batched rule sets: many independent hands played at once as arrays.

The scalar states of :mod:`holdem.games` step one hand per action in Python.
The batched form holds ``B`` hands as arrays — deals, the chips each seat has
put in, the current bet, the betting round, the seat to act, the folded seats —
and applies one action to *every* unfinished hand per call: a batch legal
mask (:meth:`LimitHoldemBatch.legal_mask`), a batch :meth:`~LimitHoldemBatch.apply`,
every showdown of the batch ranked by one :func:`holdem.evaluate.evaluate`
call (done once, from the deals, before the first action), and hands that
finish leave the batch by one boolean compaction of the arrays, with no
Python work per hand.

The rules are the scalar games' rules, not a second reading of them: the
batched state is tested to give exactly the payoffs of the scalar state for
the same deals, buttons and actions (``tests/games/test_batched.py``).

Fixed-limit hold'em (:class:`~holdem.games.LimitHoldem`, 2-10 seats;
Billings1998 §2, Billings2002 §2)
    Blinds: heads-up the button posts the small blind and acts first
    pre-flop; with three or more seats the two seats left of the button post
    them and the seat left of the big blind acts first.  After the flop the
    first seat still in left of the button acts first.  Every bet and raise
    is of the round's fixed size (small bet pre-flop and on the flop, big bet
    on the turn and river), at most ``max_raises + 1`` bets a round (the big
    blind is the first pre-flop).  Fold is legal only when facing a bet.  A
    round ends when every seat still in has acted since the last raise and
    matched it; the hand ends when one seat is left or after the river
    (showdown: the best hand takes the pot, a tie splits it and the odd chips
    go to the first winner left of the button).

Actions in a batch are integer *kinds*: ``0`` fold, ``1`` check/call, ``2``
bet/raise (the fixed raise), as in :class:`~holdem.games.base.ActionKind`.

>>> import numpy as np
>>> from holdem.games import LimitHoldem
>>> deals = np.tile(np.arange(52), (3, 1))
>>> batch = LimitHoldemBatch(LimitHoldem(), deals, [0, 1, 0], ranks=[[7, 3], [7, 3], [5, 5]])
>>> while batch.n_live:
...     batch.apply(np.ones(batch.n_live, dtype=np.int8))  # everyone checks and calls
>>> batch.payoffs
array([[ 2, -2],
       [ 2, -2],
       [ 0,  0]])
"""

from __future__ import annotations

import numpy as np

from holdem.evaluate import evaluate

__all__ = ["LimitHoldemBatch", "BatchObservation", "new_batch", "batched_games"]

FOLD_KIND, CALL_KIND, RAISE_KIND = 0, 1, 2
_KIND_NAMES = ("fold", "check/call", "bet/raise")


class BatchObservation:
    """What the seats to act in some rows of a batch may see (arrays with one entry per row).

    Built by the batch for the rows one agent decides; every field is
    computed on first use.  ``rows`` are positions in the batch's live arrays;
    ``hand`` the hands' indices in the batch as it was built (stable while
    hands leave).

    Attributes
    ----------
    player : int array (k,)
        The seat to act.
    round : int array (k,)
        Betting round (0 pre-flop … 3 river).
    hole : int8 array (k, 2)
        The acting seat's hole cards.
    board : int8 array (k, 5) and ``n_board`` (k,)
        The five board cards of the deal; only the first ``n_board`` are public.
    pot, to_call, raise_to : int arrays (k,)
        Chips in the pot, chips to call, the raise-to total of the fixed raise (0: capped).
    committed : int array (k, n)
        Chips each seat has put in this hand.
    legal : bool array (k, 3)
        Whether fold, check/call, bet/raise are legal.
    n_actions : int array (k,)
        Actions taken so far in the hand (all seats).
    """

    def __init__(self, batch: "LimitHoldemBatch", rows: np.ndarray):
        self._batch = batch
        self.rows = rows
        self.game = batch.game
        self.n_players = batch.n

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def hand(self) -> np.ndarray:
        return self._batch.ids[self.rows]

    @property
    def player(self) -> np.ndarray:
        return self._batch.current[self.rows]

    @property
    def round(self) -> np.ndarray:
        return self._batch.round[self.rows]

    @property
    def button(self) -> np.ndarray:
        return self._batch.button[self.rows]

    @property
    def hole(self) -> np.ndarray:
        b = self._batch
        n = b.n
        pos = (self.player - self.button - 1) % n
        deals = b.deals[self.rows]
        i = np.arange(len(self.rows))
        return np.stack([deals[i, pos], deals[i, n + pos]], axis=1)

    @property
    def board(self) -> np.ndarray:
        b = self._batch
        return b.deals[self.rows, 2 * b.n : 2 * b.n + 5]

    @property
    def n_board(self) -> np.ndarray:
        return np.array([0, 3, 4, 5])[self.round]

    @property
    def committed(self) -> np.ndarray:
        return self._batch.committed[self.rows]

    @property
    def pot(self) -> np.ndarray:
        return self._batch.committed[self.rows].sum(axis=1)

    @property
    def to_call(self) -> np.ndarray:
        b = self._batch
        return b.high[self.rows] - b.committed[self.rows, b.current[self.rows]]

    @property
    def raise_to(self) -> np.ndarray:
        b = self._batch
        r = self.rows
        return np.where(b.n_bets[r] < b.cap, b.high[r] + b.sizes[b.round[r]], 0)

    @property
    def legal(self) -> np.ndarray:
        return self._batch.legal_mask(self.rows)

    @property
    def n_actions(self) -> np.ndarray:
        return self._batch.n_actions[self.rows]


class LimitHoldemBatch:
    """``B`` hands of fixed-limit hold'em at once (see the module docstring for the rules).

    Parameters
    ----------
    game : holdem.games.LimitHoldem
        The rules and stakes.
    deals : int array, shape (B, 52)
        One deck permutation per hand (cards dealt as in :mod:`holdem.games.holdem`).
    buttons : int array-like, shape (B,)
        The button seat of each hand.
    ranks : int array, shape (B, n_players), optional
        Every seat's final-hand rank (``game.showdown_ranks(deals, buttons)``);
        computed in one evaluator call when omitted.

    Attributes
    ----------
    n_live : int
        Hands still being played; the arrays below have one row per live hand
        (``ids`` gives each row's hand index in the batch as built).
    payoffs : int64 array (B, n_players)
        Net chips of every seat; a row is filled when its hand finishes.

    >>> import numpy as np
    >>> from holdem.games import LimitHoldem
    >>> LimitHoldemBatch(LimitHoldem(), np.zeros((2, 52), dtype=int), [0, 0, 1])
    Traceback (most recent call last):
    ...
    ValueError: The 'buttons' parameter of LimitHoldemBatch must have one seat per deal (2); got shape (3,).
    """

    def __init__(self, game, deals, buttons, ranks=None):
        n = game.n_players
        deals = np.asarray(deals)
        if deals.ndim != 2 or deals.shape[1] != 52 or deals.dtype.kind not in "iu":
            raise ValueError(
                f"The 'deals' parameter of {type(self).__name__} must be an integer array of shape (B, 52); "
                f"got shape {deals.shape}."
            )
        B = deals.shape[0]
        buttons = np.asarray(buttons)
        if buttons.shape != (B,):
            raise ValueError(
                f"The 'buttons' parameter of {type(self).__name__} must have one seat per deal ({B}); "
                f"got shape {buttons.shape}."
            )
        if B and (buttons.min() < 0 or buttons.max() >= n):
            raise ValueError(f"The 'buttons' parameter of {type(self).__name__} must hold seats in [0, {n - 1}].")
        if ranks is None:
            ranks = evaluate(game.showdown_cards(deals, buttons))
        ranks = np.asarray(ranks)
        if ranks.shape != (B, n):
            raise ValueError(
                f"The 'ranks' parameter of {type(self).__name__} must have shape ({B}, {n}); got shape {ranks.shape}."
            )
        self.game = game
        self.n = n
        self.B = B
        self.sizes = np.array([game.small_bet, game.small_bet, game.big_bet, game.big_bet], dtype=np.int64)
        self.cap = game.max_raises + 1
        self.deals = deals
        self.button = buttons.astype(np.int64)
        self.ranks = ranks
        self.ids = np.arange(B)
        rows = np.arange(B)
        b = self.button
        if n == 2:
            sb, bb = b, (b + 1) % n
        else:
            sb, bb = (b + 1) % n, (b + 2) % n
        committed = np.zeros((B, n), dtype=np.int64)
        committed[rows, sb] = game.small_blind
        committed[rows, bb] = game.big_blind
        self.committed = committed
        self.high = np.full(B, game.big_blind, dtype=np.int64)
        self.n_bets = np.ones(B, dtype=np.int64)
        self.to_act = np.full(B, n, dtype=np.int64)
        self.n_live_seats = np.full(B, n, dtype=np.int64)
        self.round = np.zeros(B, dtype=np.int64)
        self.folded = np.zeros((B, n), dtype=bool)
        self.current = (bb + 1) % n
        self.n_actions = np.zeros(B, dtype=np.int64)
        self.payoffs = np.zeros((B, n), dtype=np.int64)
        self._legal = None
        #: per-row arrays that compaction keeps in step (extra ones may be registered by drivers)
        self._row_arrays = ["deals", "button", "ranks", "ids", "committed", "high", "n_bets", "to_act",
                            "n_live_seats", "round", "folded", "current", "n_actions"]

    @property
    def n_live(self) -> int:
        return len(self.ids)

    def observation(self, rows) -> BatchObservation:
        """The :class:`BatchObservation` of the seats to act in ``rows`` (positions among the live hands)."""
        return BatchObservation(self, np.asarray(rows, dtype=np.intp))

    def legal_mask(self, rows=None) -> np.ndarray:
        """Bool array (k, 3): whether fold, check/call and bet/raise are legal for the seat to act in each row."""
        if rows is None:
            if self._legal is None:
                self._legal = self.legal_mask(slice(None))
            return self._legal
        if not isinstance(rows, slice) and self._legal is not None:
            return self._legal[rows]
        current = self.current[rows]
        committed = self.committed[rows]
        facing = self.high[rows] > committed.reshape(-1)[np.arange(0, committed.size, self.n) + current]
        mask = np.ones((len(current), 3), dtype=bool)
        mask[:, 0] = facing
        mask[:, 2] = self.n_bets[rows] < self.cap
        return mask

    def attach(self, name: str, array) -> None:
        """Keep ``array`` (one row per live hand) as attribute ``name``, compacted with the batch as hands leave."""
        array = np.asarray(array)
        if array.shape[:1] != (self.n_live,):
            raise ValueError(
                f"The 'array' parameter of {type(self).__name__}.attach must have one row per live hand "
                f"({self.n_live}); got shape {array.shape}."
            )
        setattr(self, name, array)
        if name not in self._row_arrays:
            self._row_arrays.append(name)

    def verify(self, kinds, who=None) -> np.ndarray:
        """The kinds as an int array of one entry per live hand; ``ValueError`` naming the first illegal row.

        ``who`` (optional, one name per row) names the agent that answered each row in the message.
        """
        kinds = np.asarray(kinds)
        if kinds.shape != (self.n_live,) or (kinds.size and kinds.dtype.kind not in "iu"):
            raise ValueError(
                f"The 'kinds' parameter of {type(self).__name__}.apply must be an integer array of shape "
                f"({self.n_live},) (one action per live hand); got shape {kinds.shape} and dtype {kinds.dtype}."
            )
        bad_kind = (kinds < 0) | (kinds > 2)
        legal = self.legal_mask()
        ok = ~bad_kind
        ok[ok] = legal[np.flatnonzero(ok), kinds[ok].astype(np.intp)]
        if not ok.all():
            row = int(np.flatnonzero(~ok)[0])
            k = int(kinds[row])
            what = _KIND_NAMES[k] if 0 <= k <= 2 else f"kind {k}"
            allowed = ", ".join(name for name, m in zip(_KIND_NAMES, legal[row]) if m)
            by = "" if who is None else f"{who[row]} answered "
            raise ValueError(
                f"{by}illegal action {what} ({k}) in row {row} (hand {int(self.ids[row])}, seat "
                f"{int(self.current[row])}, round {int(self.round[row])}): legal are {allowed}; "
                "no hand of the batch was changed"
            )
        return kinds

    def apply(self, kinds, who=None) -> None:
        """Apply one action to every live hand (``kinds[i]`` for row ``i``), checked first.

        An illegal kind in any row raises ``ValueError`` naming the row and the
        action (and ``who[row]``, the agent that chose it, when given), and then
        no hand of the batch has changed.

        >>> import numpy as np
        >>> from holdem.games import LimitHoldem
        >>> batch = LimitHoldemBatch(LimitHoldem(), np.tile(np.arange(52), (2, 1)), [0, 1])
        >>> batch.apply([1, 0])  # row 1 folds, which is legal (the small blind faces the big blind)
        >>> batch.apply([0])     # row 0 is now the big blind, who owes nothing: no fold
        Traceback (most recent call last):
        ...
        ValueError: illegal action fold (0) in row 0 (hand 0, seat 1, round 0): legal are check/call, bet/raise; no hand of the batch was changed
        """
        self._apply(self.verify(kinds, who))

    def _apply(self, kinds: np.ndarray) -> None:
        """Apply legal kinds (unchecked); hands that finish leave the live arrays."""
        k = self.n_live
        if k == 0:
            return
        n = self.n
        self._legal = None
        p = self.current
        flat = np.arange(0, k * n, n) + p  # row-major positions of committed[row, p]
        committed = self.committed.reshape(-1)
        call = kinds == CALL_KIND
        n_calls = np.count_nonzero(call)
        if n_calls == k:  # the common step: every hand checks or calls
            committed[flat] = self.high
            self.to_act -= 1
            fold = None
        else:
            rais = kinds == RAISE_KIND
            fold = kinds == FOLD_KIND
            if rais.any():
                self.high = self.high + np.where(rais, self.sizes[self.round], 0)
                self.n_bets = self.n_bets + rais
            # a call or a raise brings the seat up to the (new) current bet
            puts = ~fold
            committed[flat[puts]] = self.high[puts]
            self.to_act = np.where(rais, self.n_live_seats - 1, self.to_act - 1)
            if not fold.any():
                fold = None
        self.n_actions += 1
        done = None
        if fold is not None:
            self.folded.reshape(-1)[flat[fold]] = True
            self.n_live_seats = self.n_live_seats - fold
            won_by_fold = self.n_live_seats == 1
            if won_by_fold.any():
                self._win_by_fold(won_by_fold)
                done = won_by_fold
        ends = self.to_act == 0
        if done is not None:
            ends &= ~done
        # the next seat still in, clockwise from the actor (or from the button in a new round)
        start = p
        if ends.any():
            r = self.round + ends
            last = r == 4
            if last.any():
                self._showdown(last)
                done = last if done is None else done | last
                ends &= ~last
                r = np.minimum(r, 3)
            self.round = r
            self.n_bets = np.where(ends, 0, self.n_bets)
            self.to_act = np.where(ends, self.n_live_seats, self.to_act)
            start = np.where(ends, self.button, p)
        self.current = self._next_in(start)
        if done is not None:
            self._drop(~done)

    def _next_in(self, seat: np.ndarray) -> np.ndarray:
        """The first seat after ``seat`` (clockwise) that has not folded."""
        n = self.n
        if n == 2:  # heads-up: a fold ends the hand, so the other seat is always in
            return 1 - seat
        q = seat + 1
        q[q == n] = 0
        folded = self.folded.reshape(-1)
        base = np.arange(0, len(q) * n, n)
        for _ in range(n - 1):
            f = folded[base + q]
            if not f.any():
                break
            q = np.where(f, (q + 1) % n, q)
        return q

    def _record(self, sel: np.ndarray, won: np.ndarray) -> None:
        self.payoffs[self.ids[sel]] = won - self.committed[sel]

    def _win_by_fold(self, sel: np.ndarray) -> None:
        committed = self.committed[sel]
        won = np.where(~self.folded[sel], committed.sum(axis=1)[:, None], 0)
        self._record(sel, won)

    def _showdown(self, sel: np.ndarray) -> None:
        """Pay every showdown in ``sel``: one pot (in fixed limit every live seat put in the same)."""
        n = self.n
        if n == 2:  # heads-up: both put in the same; the better hand wins it, a tie gives each their chips back
            ranks = self.ranks[sel]
            sign = np.sign(ranks[:, 0].astype(np.int64) - ranks[:, 1])
            net = self.committed[sel, 0] * sign
            self.payoffs[self.ids[sel]] = np.stack([net, -net], axis=1)
            return
        folded = self.folded[sel]
        ranks = np.where(folded, -1, self.ranks[sel].astype(np.int64))
        best = ranks.max(axis=1)
        winners = ranks == best[:, None]
        pot = self.committed[sel].sum(axis=1)
        n_win = winners.sum(axis=1)
        share, odd = np.divmod(pot, n_win)
        won = winners * share[:, None]
        # odd chips: the first winner left of the button
        pos = (np.arange(n)[None, :] - self.button[sel][:, None] - 1) % n
        first = np.argmin(np.where(winners, pos, n), axis=1)
        won[np.arange(len(first)), first] += odd
        self._record(sel, won)

    def _drop(self, keep: np.ndarray) -> None:
        """Hands that finished leave the live arrays (one boolean compaction per array)."""
        for name in self._row_arrays:
            setattr(self, name, getattr(self, name)[keep])


#: the batched state of each rule set that has one
def batched_games() -> dict:
    """Rule-set class → its batched state class (the games :func:`new_batch` can batch)."""
    from holdem.games.holdem import LimitHoldem

    return {LimitHoldem: LimitHoldemBatch}


def new_batch(game, deals, buttons, ranks=None):
    """The batched state of ``game`` for ``deals``, or ``None`` when the game has no batched form yet.

    >>> import numpy as np
    >>> from holdem.games import LimitHoldem, Draw5
    >>> type(new_batch(LimitHoldem(), np.tile(np.arange(52), (2, 1)), [0, 1])).__name__
    'LimitHoldemBatch'
    >>> new_batch(Draw5(), np.tile(np.arange(52), (2, 1)), [0, 1]) is None
    True
    """
    cls = batched_games().get(type(game))
    return None if cls is None else cls(game, deals, buttons, ranks)

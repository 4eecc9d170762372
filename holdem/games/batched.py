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

Fixed-limit hold'em (:class:`~holdem.games.LimitHoldem`, 2-10 seats; Billings1998 §2, Billings2002 §2)
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

import copy
import functools
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from holdem.evaluate import evaluate

__all__ = ["LimitHoldemBatch", "NoLimitHoldemBatch", "Stud5Batch", "Stud5StakesBatch", "Draw5Batch", "BatchObservation", "discard_masks", "pack_discard", "unpack_discard", "StudBatchObservation", "new_batch", "batched_games"]

FOLD_KIND, CALL_KIND, RAISE_KIND, DISCARD_KIND = 0, 1, 2, 3
_KIND_NAMES = ("fold", "check/call", "bet/raise", "discard")


def _batch_rows(attr: str) -> property:
    """A read-only view property: the batch's per-hand array ``attr`` at this observation's rows."""

    def get(self: "BatchObservation") -> np.ndarray:
        return np.asarray(getattr(self._batch, attr)[self.rows])

    return property(get)


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
    pot, to_call : int arrays (k,)
        Chips in the pot, chips to call.
    raise_bounds : pair of int arrays (k,)
        The least and the largest raise-to total (0 where no raise is legal; equal in fixed limit).
    stacks : int array (k, n)
        Chips each seat has behind.
    committed : int array (k, n)
        Chips each seat has put in this hand.
    legal : bool array (k, 3)
        Whether fold, check/call, bet/raise are legal.
    n_actions : int array (k,)
        Actions taken so far in the hand (all seats).
    n_bets, to_act : int arrays (k,)
        Bets and raises so far in the round; seats still to act before the round can end.
    bet_size : int array (k,)
        The round's fixed bet (fixed limit).
    """

    #: whether ``legal`` has a fourth column, discard (five-card draw)
    has_draw = False

    def __init__(self, batch: "LimitHoldemBatch", rows: np.ndarray) -> None:
        self._batch = batch
        self.rows = rows
        self.game = batch.game
        self.n_players = batch.n

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def hand(self) -> np.ndarray:
        """The hands' indices in the block: their index in the batch as built, plus the batch's ``first_hand``
        (or, when ``first_hand`` is an array, its entry for the hand)."""
        b = self._batch
        if np.ndim(b.first_hand):
            hands: np.ndarray = np.asarray(b.first_hand)[b.ids[self.rows]]
            return hands
        return np.asarray(b.ids[self.rows] + b.first_hand)

    player = _batch_rows("current")
    round = _batch_rows("round")
    button = _batch_rows("button")

    @property
    def hole(self) -> np.ndarray:
        b = self._batch
        n = b.n
        pos = (self.player - self.button - 1) % n
        deals = b.deals[b.ids[self.rows]]
        i = np.arange(len(self.rows))
        return np.stack([deals[i, pos], deals[i, n + pos]], axis=1)

    @property
    def board(self) -> np.ndarray:
        b = self._batch
        return b.deals[b.ids[self.rows], 2 * b.n : 2 * b.n + 5]

    @property
    def n_board(self) -> np.ndarray:
        return np.asarray(np.array([0, 3, 4, 5])[self.round])

    committed = _batch_rows("committed")

    @property
    def pot(self) -> np.ndarray:
        return np.asarray(self._batch.committed[self.rows].sum(axis=1))

    @property
    def to_call(self) -> np.ndarray:
        b = self._batch
        return np.asarray(b.high[self.rows] - b.committed[self.rows, b.current[self.rows]])

    @property
    def raise_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """``(min_to, max_to)`` raise-to totals per row (both 0 where no raise is legal; equal in fixed limit)."""
        return self._batch.raise_bounds(self.rows)

    @property
    def stacks(self) -> np.ndarray:
        return self._batch.stacks_of(self.rows)

    @property
    def legal(self) -> np.ndarray:
        return self._batch.legal_mask(self.rows)

    n_actions = _batch_rows("n_actions")
    folded = _batch_rows("folded")
    n_bets = _batch_rows("n_bets")
    to_act = _batch_rows("to_act")

    @property
    def bet_size(self) -> np.ndarray:
        return np.asarray(self._batch.sizes[self.round])


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

    deals: np.ndarray
    button: np.ndarray
    ranks: np.ndarray
    ids: np.ndarray
    committed: np.ndarray
    high: np.ndarray
    n_bets: np.ndarray
    to_act: np.ndarray
    n_live_seats: np.ndarray
    round: np.ndarray
    folded: np.ndarray
    current: np.ndarray
    n_actions: np.ndarray
    payoffs: np.ndarray
    sizes: np.ndarray
    seat_agents: np.ndarray
    _legal: np.ndarray | None
    #: index in the block of the batch's first hand (``BatchObservation.hand`` = it + the index in the batch), or an
    #: int array (B,): each hand's index in the block (a batch of hands played again, not consecutive)
    first_hand: int | np.ndarray = 0

    def __init__(self, game: Any, deals: ArrayLike, buttons: ArrayLike, ranks: ArrayLike | None = None) -> None:
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
        # per-hand arrays that never change stay in the batch's order (indexed by ``ids``), so hands that
        # finish leave only the betting arrays (see _drop)
        self.deals = np.ascontiguousarray(deals)
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
        self._row_arrays = ["button", "ids", "committed", "high", "n_bets", "to_act",
                            "n_live_seats", "round", "folded", "current", "n_actions"]

    @property
    def n_live(self) -> int:
        return len(self.ids)

    def observation(self, rows: ArrayLike) -> BatchObservation:
        """The :class:`BatchObservation` of the seats to act in ``rows`` (positions among the live hands)."""
        return BatchObservation(self, np.asarray(rows, dtype=np.intp))

    def legal_mask(self, rows: Any = None) -> np.ndarray:
        """Bool array (k, columns): which action kinds are legal for the seat to act in each row (all live rows by
        default, computed once per step and kept until the next ``apply``; :meth:`_legal_rows` says which)."""
        if rows is None:
            if self._legal is None:
                self._legal = self._legal_rows(slice(None))
            return self._legal
        if not isinstance(rows, slice) and self._legal is not None:
            return np.asarray(self._legal[rows])
        return self._legal_rows(rows)

    def _legal_rows(self, rows: Any) -> np.ndarray:
        """Fold (facing a bet), check/call (always) and bet/raise (below the cap): (k, 3) bool for ``rows``."""
        current = self.current[rows]
        committed = self.committed[rows]
        facing = self.high[rows] > committed.reshape(-1)[np.arange(0, committed.size, self.n) + current]
        mask = np.ones((len(current), 3), dtype=bool)
        mask[:, 0] = facing
        mask[:, 2] = self.n_bets[rows] < self.cap
        return mask

    def _mine(self, array: np.ndarray, rows: Any) -> np.ndarray:
        """``array[row, seat to act]`` for ``rows``."""
        part = array[rows]
        return np.asarray(part.reshape(-1)[np.arange(0, part.size, self.n) + self.current[rows]])

    def raise_bounds(self, rows: Any) -> tuple[np.ndarray, np.ndarray]:
        """``(min_to, max_to)`` of the seats to act in ``rows``: the fixed raise-to total, 0 where the round is capped."""
        to = np.where(self.n_bets[rows] < self.cap, self.high[rows] + self.sizes[self.round[rows]], 0)
        return to, to

    def stacks_of(self, rows: Any) -> np.ndarray:
        """Chips behind (the scalar state's ``starting_stack - committed``: limit stacks never bind)."""
        return np.asarray(self.game.starting_stack - self.committed[rows])

    #: whether a raise's size is the agent's (``amounts``: no-limit, draw) rather than the rules' (fixed limit)
    sized_raises = False

    def recorded_amounts(self, kinds: np.ndarray, amounts: Any = None) -> np.ndarray:
        """What a hand log records of each live row's (legal) action before it is applied: int64, one per row.

        A raise's raise-to total (what ``Action(BET_RAISE, to)`` of the scalar
        state records), a discard's cards packed six bits a card (code + 1,
        the first card in hand order lowest; :func:`unpack_discard`), 0 for a
        fold or a check/call.

        >>> import numpy as np
        >>> from holdem.games import LimitHoldem
        >>> batch = LimitHoldemBatch(LimitHoldem(), np.tile(np.arange(52), (2, 1)), [0, 1])
        >>> batch.recorded_amounts(np.array([2, 1])).tolist()   # the small blind raises to 4 chips; a call
        [4, 0]
        """
        rais = kinds == RAISE_KIND
        if not rais.any():
            return np.zeros(len(kinds), dtype=np.int64)
        to = self.raise_bounds(np.arange(self.n_live))[0]
        if self.sized_raises and amounts is not None:
            to = np.where(np.asarray(amounts) > 0, amounts, to)
        return np.where(rais, to, 0).astype(np.int64)

    #: cards a seat shows at a showdown: the first of its cards in ``game.showdown_cards`` (hold'em: the hole cards)
    _SHOWN = 2

    def shown_cards(self, buttons: np.ndarray) -> np.ndarray:
        """The cards each seat shows at a showdown, by hand as built and seat: (B, n, ``_SHOWN``).

        ``buttons`` are the hands' buttons (one per hand, as built): the
        scalar states' ``Event("showdown", seat, cards=...)``, read off the
        game's ``showdown_cards`` (hold'em: the hole cards; stud: the down card).
        """
        return np.asarray(self.game.showdown_cards(self.deals, np.asarray(buttons))[:, :, : self._SHOWN])

    def attach(self, name: str, array: ArrayLike) -> None:
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

    def verify(self, kinds: ArrayLike, amounts: ArrayLike | None = None, who: Any = None) -> tuple[np.ndarray, Any]:
        """``(kinds, amounts)`` as int arrays of one entry per live hand; ``ValueError`` naming the first illegal row.

        ``amounts`` are raise-to totals (0: the least raise; fixed limit has one
        raise and ignores them); ``who`` (optional, one name per row) names the
        agent that answered each row in the message.
        """
        kinds = np.asarray(kinds)
        if kinds.shape != (self.n_live,) or (kinds.size and kinds.dtype.kind not in "iu"):
            raise ValueError(
                f"The 'kinds' parameter of {type(self).__name__}.apply must be an integer array of shape "
                f"({self.n_live},) (one action per live hand); got shape {kinds.shape} and dtype {kinds.dtype}."
            )
        legal = self.legal_mask()
        bad_kind = (kinds < 0) | (kinds >= legal.shape[1])
        ok = ~bad_kind
        ok[ok] = legal[np.flatnonzero(ok), kinds[ok].astype(np.intp)]
        amounts = self._verify_amounts(kinds, ok, amounts)
        amounts_of: Any = amounts
        if not ok.all():
            row = int(np.flatnonzero(~ok)[0])
            k = int(kinds[row])
            what = _KIND_NAMES[k] if 0 <= k < legal.shape[1] else f"kind {k}"
            if k == RAISE_KIND and legal[row, 2]:
                lo, hi = self.raise_bounds(np.array([row]))
                what = f"raise to {int(amounts_of[row])} (legal raise-to totals {int(lo[0])}..{int(hi[0])})"
            if k == DISCARD_KIND and legal[row, 3]:
                what = f"discard of hand positions {int(amounts_of[row])} (a 5-bit mask of at most {self.game.max_draw} bits)"
            allowed = ", ".join(name for name, m in zip(_KIND_NAMES, legal[row]) if m)
            by = "" if who is None else f"{who[row]} answered "
            raise ValueError(
                f"{by}illegal action {what} ({k}) in row {row} (hand {int(self.ids[row])}, seat "
                f"{int(self.current[row])}, round {int(self.round[row])}): legal are {allowed}; "
                "no hand of the batch was changed"
            )
        return kinds, amounts

    def _verify_amounts(self, kinds: np.ndarray, ok: np.ndarray, amounts: Any) -> Any:
        """Fixed limit: the raise has one size, so amounts are not read."""
        return amounts

    def apply(self, kinds: ArrayLike, amounts: ArrayLike | None = None, who: Any = None) -> None:
        """Apply one action to every live hand (``kinds[i]`` for row ``i``; raise-to ``amounts[i]``), checked first.

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
        self._apply(*self.verify(kinds, amounts, who))

    def _fold(self, flat: np.ndarray, fold: np.ndarray | None) -> np.ndarray | None:
        """Fold the acting seats of the rows where ``fold``; the hands left with one seat are won by it (returned).

        ``flat`` indexes the actors in the flattened (rows, seats) arrays; ``None`` when no hand ended.
        """
        if fold is None or not fold.any():
            return None
        self.folded.reshape(-1)[flat[fold]] = True
        self.n_live_seats = self.n_live_seats - fold
        won_by_fold: np.ndarray = self.n_live_seats == 1
        if not won_by_fold.any():
            return None
        self._win_by_fold(won_by_fold)
        return won_by_fold

    def _apply(self, kinds: np.ndarray, amounts: Any = None) -> None:
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
        done = self._fold(flat, fold)
        ends = self.to_act == 0
        if done is not None:
            ends &= ~done
        # the next seat still in, clockwise from the actor (or from the button in a new round)
        start = p
        if ends.any():
            ends, done = self._next_round(ends, done, ends & (self.round == 3))
            self.n_bets = np.where(ends, 0, self.n_bets)
            self.to_act = np.where(ends, self.n_live_seats, self.to_act)
            start = np.where(ends, self.button, p)
            self.current = self._next_in(start)
            if ends.any():
                self.current = np.where(ends, self._first_actors(), self.current)
        else:
            self.current = self._next_in(start)
        if done is not None:
            self._drop(~done)

    def _first_actors(self) -> np.ndarray:
        """The first actor of the (new) round of every row: hold'em, the first seat still in left of the button."""
        return self._next_in(self.button)

    def _next_in(self, seat: np.ndarray) -> np.ndarray:
        """The first seat after ``seat`` (clockwise) that has not folded."""
        n = self.n
        if n == 2:  # heads-up: a fold ends the hand, so the other seat is always in
            return 1 - seat
        return self._next_open(seat, self.folded)

    def _next_open(self, seat: np.ndarray, blocked: np.ndarray) -> np.ndarray:
        """The first seat after ``seat`` (clockwise, ``seat`` itself last) where ``blocked`` (k, n) is false."""
        n = self.n
        q = seat + 1
        q[q == n] = 0
        flat = blocked.reshape(-1)
        base = np.arange(0, len(q) * n, n)
        for _ in range(n - 1):
            f = flat[base + q]
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

    def _next_round(self, ends: np.ndarray, done: np.ndarray | None,
                    last: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """Rows ``ends`` whose betting round is over move to the next round; those in ``last`` go to the showdown.

        Returns the rows that go on to a new round and the rows now finished.
        """
        if last.any():
            self._showdown(last)
            done = last if done is None else done | last
            ends = ends & ~last
        self.round = self.round + ends
        return ends, done

    def _showdown(self, sel: np.ndarray) -> None:
        """Pay every showdown in ``sel``: one pot (in fixed limit every live seat put in the same)."""
        n = self.n
        if n == 2:  # heads-up: both put in the same; the better hand wins it, a tie gives each their chips back
            ranks = self.ranks[self.ids[sel]]
            sign = np.sign(ranks[:, 0].astype(np.int64) - ranks[:, 1])
            net = self.committed[sel, 0] * sign
            self.payoffs[self.ids[sel]] = np.stack([net, -net], axis=1)
            return
        folded = self.folded[sel]
        ranks = np.where(folded, -1, self.ranks[self.ids[sel]].astype(np.int64))
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

    #: per-hand arrays indexed by hand (``ids``), not by live row: never compacted, shared by split parts
    _hand_arrays: tuple[str, ...] = ("deals", "ranks", "payoffs")

    def split(self, sel: np.ndarray) -> tuple[Any, Any]:
        """The live rows where ``sel`` (bool, one per live row) is true, and the others, as two batches.

        Both parts share this batch's hands (deals, ranks, payoffs), so a part
        can be stepped alone (its own hands only) and merged back (:meth:`merge`);
        the merged batch's rows are the first part's then the second's.

        >>> import numpy as np
        >>> from holdem.games import LimitHoldem
        >>> batch = LimitHoldemBatch(LimitHoldem(), np.tile(np.arange(52), (3, 1)), [0, 1, 0])
        >>> acting, waiting = batch.split(np.array([True, False, True]))
        >>> acting.apply([0, 0])                  # two hands fold, the other waits
        >>> waiting.merge(acting)
        >>> waiting.ids.tolist(), batch.payoffs[:, 0].tolist()
        ([1], [-1, 0, -1])
        """
        sel = np.asarray(sel, dtype=bool)
        if sel.shape != (self.n_live,):
            raise ValueError(
                f"The 'sel' parameter of {type(self).__name__}.split must be a bool array of shape "
                f"({self.n_live},); got shape {sel.shape}."
            )
        parts = []
        for keep in (sel, ~sel):
            part = copy.copy(self)
            part._row_arrays = list(self._row_arrays)
            part._legal = None
            for name in self._row_arrays:
                setattr(part, name, getattr(self, name)[keep])
            parts.append(part)
        return parts[0], parts[1]

    def merge(self, other: Any) -> None:
        """Append the live rows of ``other``, the other part of the same :meth:`split`, after this batch's."""
        for name in self._row_arrays:
            setattr(self, name, np.concatenate([getattr(self, name), getattr(other, name)]))
        self._legal = None

    def extend(self, other: Any) -> None:
        """Append the hands of ``other``, a new batch of the same game with the same attached arrays (a refill).

        Its hands get ids ``B``, ``B + 1`` … after this batch's.
        """
        other.ids = other.ids + self.B
        for name in self._hand_arrays:
            setattr(self, name, np.concatenate([getattr(self, name), getattr(other, name)]))
        self.merge(other)
        self.B += other.B

    def _drop(self, keep: np.ndarray) -> None:
        """Hands that finished leave the live arrays (one boolean compaction per array)."""
        for name in self._row_arrays:
            setattr(self, name, getattr(self, name)[keep])


class NoLimitHoldemBatch(LimitHoldemBatch):
    """``B`` hands of heads-up no-limit hold'em at once (:class:`~holdem.games.NoLimitHoldem`; Lisy2017 §2, ACPC rules).

    The scalar rules as arrays: stacks of ``stack`` chips reset every hand;
    the button posts the small blind and acts first pre-flop, the other seat
    first after the flop; a raise is a raise-to total between the minimum
    raise (the current bet plus the larger of the last raise increment of the
    round and the big blind) and all-in, and all-in is always allowed; a seat
    with no more than the call behind, or facing a seat that is all-in, may
    only call or fold; fold only when facing a bet; when a seat is all-in and
    called, the board is run out without betting.  Heads-up with equal stacks
    both seats have put in the same at a showdown, so the better hand wins
    that and a tie returns each its chips.

    ``apply(kinds, amounts)``: ``amounts[i]`` is row ``i``'s raise-to total
    (read where the kind is a raise; 0 there means the minimum raise).

    >>> import numpy as np
    >>> from holdem.games import NoLimitHoldem
    >>> batch = NoLimitHoldemBatch(NoLimitHoldem(), np.tile(np.arange(52), (2, 1)), [0, 1], ranks=[[9, 1], [9, 1]])
    >>> batch.raise_bounds(np.arange(2))
    (array([200, 200]), array([20000, 20000]))
    >>> batch.apply([2, 2], [20000, 300])   # row 0 shoves; row 1 raises to 300
    >>> batch.apply([1, 0])                 # row 0's big blind calls all-in; row 1's folds
    >>> batch.n_live, batch.payoffs.tolist()
    (0, [[20000, -20000], [-100, 100]])
    """

    def __init__(self, game: Any, deals: ArrayLike, buttons: ArrayLike, ranks: ArrayLike | None = None) -> None:
        if game.n_players != 2:  # pragma: no cover - NoLimitHoldem is heads-up by definition
            raise ValueError("NoLimitHoldemBatch plays heads-up no-limit hold'em")
        if ranks is None:
            deals = np.asarray(deals)
            if deals.ndim == 2 and deals.shape[1] == 52 and deals.dtype.kind in "iu":
                ranks = evaluate(game.showdown_cards(deals, np.broadcast_to(np.asarray(buttons), deals.shape[:1])))
        super().__init__(_LimitShape(game), deals, buttons, ranks)
        self.game = game
        B = self.B
        self.stack = game.stack
        self.bb = game.big_blind
        self.last_inc = np.full(B, game.big_blind, dtype=np.int64)
        self.allin = np.zeros((B, 2), dtype=bool)
        self.n_active = np.full(B, 2, dtype=np.int64)
        self.to_act = np.full(B, 2, dtype=np.int64)
        self._row_arrays += ["last_inc", "allin", "n_active"]

    sized_raises = True

    def stacks_of(self, rows: Any) -> np.ndarray:
        return np.asarray(self.stack - self.committed[rows])

    def raise_bounds(self, rows: Any) -> tuple[np.ndarray, np.ndarray]:
        """``(min_to, max_to)`` of the seats to act in ``rows`` (0, 0 where no raise is legal)."""
        committed = self.committed[rows]
        p = self.current[rows]
        mine = committed.reshape(-1)[np.arange(0, committed.size, 2) + p]
        high = self.high[rows]
        can = (self.n_active[rows] >= 2) & (self.stack - mine > high - mine)
        max_to = np.full(len(p), self.stack, dtype=np.int64)  # committed + stack: every seat started with stack
        min_to = np.minimum(high + np.maximum(self.last_inc[rows], self.bb), max_to)
        return np.where(can, min_to, 0), np.where(can, max_to, 0)

    def _legal_rows(self, rows: Any) -> np.ndarray:
        """Fold when facing a bet, check/call always, a raise where :meth:`raise_bounds` has one (the stacks bind)."""
        mask = np.ones((len(self.current[rows]), 3), dtype=bool)
        mask[:, 0] = self.high[rows] > self._mine(self.committed, rows)
        mask[:, 2] = self.raise_bounds(rows)[0] > 0
        return mask

    def _verify_amounts(self, kinds: np.ndarray, ok: np.ndarray, amounts: Any) -> Any:
        """Raise-to totals in ``[min_to, max_to]`` (0: the minimum raise); out of range marks the row not ok."""
        k = self.n_live
        lo, hi = self.raise_bounds(np.arange(k))
        if amounts is None:
            amounts = np.zeros(k, dtype=np.int64)
        amounts = np.asarray(amounts)
        if amounts.shape != (k,) or (amounts.size and amounts.dtype.kind not in "iu"):
            raise ValueError(
                f"The 'amounts' parameter of {type(self).__name__}.apply must be an integer array of shape ({k},); "
                f"got shape {amounts.shape}."
            )
        amounts = np.where((kinds == RAISE_KIND) & (amounts == 0), lo, amounts)
        raising = ok & (kinds == RAISE_KIND)
        ok &= ~(raising & ((amounts < lo) | (amounts > hi)))
        return amounts

    def _apply(self, kinds: np.ndarray, amounts: Any = None) -> None:
        k = self.n_live
        if k == 0:
            return
        self._legal = None
        p = self.current
        flat = np.arange(0, 2 * k, 2) + p
        committed = self.committed.reshape(-1)
        mine = committed[flat]
        fold = kinds == FOLD_KIND
        rais = kinds == RAISE_KIND
        if rais.any():
            if amounts is None:
                amounts = np.zeros(k, dtype=np.int64)
            lo = self.raise_bounds(np.arange(k))[0]
            to = np.where(amounts == 0, lo, amounts)
            self.last_inc = np.where(rais, np.maximum(self.last_inc, to - self.high), self.last_inc)
        # a call puts in what is owed, up to the stack (the stack caps it: all-in); a raise goes to its total
        new = np.where(rais, to, np.minimum(self.high, self.stack)) if rais.any() else np.minimum(self.high, self.stack)
        new = np.where(fold, mine, new)
        committed[flat] = new
        if rais.any():
            self.high = np.where(rais, new, self.high)
        went_allin = ~fold & (new == self.stack) & (mine < self.stack)
        if went_allin.any():
            self.allin.reshape(-1)[flat[went_allin]] = True
            self.n_active = self.n_active - went_allin
        allin_p = self.allin.reshape(-1)[flat]
        self.to_act = np.where(rais, np.where(allin_p, self.n_active, self.n_active - 1), self.to_act - 1)
        self.n_actions += 1
        done = None
        if fold.any():  # heads-up: a fold ends the hand
            self.folded.reshape(-1)[flat[fold]] = True
            self._win_by_fold(fold)
            done = fold
        ends = self.to_act <= 0
        if done is not None:
            ends &= ~done
        if ends.any():
            # the next round, or (nobody left to bet against, or after the river) the showdown
            ends, done = self._next_round(ends, done, ends & ((self.round == 3) | (self.n_active < 2)))
            self.last_inc = np.where(ends, 0, self.last_inc)
            self.to_act = np.where(ends, self.n_active, self.to_act)
            self.current = np.where(ends, 1 - self.button, 1 - p)
        else:
            self.current = 1 - p
        if done is not None:
            self._drop(~done)


class _LimitShape:
    """The few fields :class:`LimitHoldemBatch` reads while it posts the blinds, taken from a no-limit game (or draw's: no blinds)."""

    def __init__(self, game: Any, n_players: int = 2) -> None:
        self.n_players = n_players
        self.small_blind = getattr(game, "small_blind", 0)
        self.big_blind = getattr(game, "big_blind", 0)
        self.small_bet = self.big_bet = self.big_blind
        self.max_raises = 0
        self.starting_stack = game.stack


class StudBatchObservation(BatchObservation):
    """:class:`BatchObservation` of five-card stud: ``hole`` is the down card (k, 1), ``up_cards`` (k, n, 4) every
    seat's up cards by seat (only the first ``round + 1`` are dealt), ``board`` empty."""

    @property
    def hole(self) -> np.ndarray:
        b = self._batch
        pos = (self.player - self.button - 1) % b.n
        return np.asarray(b.deals[b.ids[self.rows], pos][:, None])

    @property
    def up_cards(self) -> np.ndarray:
        b = self._batch
        n = b.n
        pos = (np.arange(n)[None, :] - self.button[:, None] - 1) % n  # (k, n) position of each seat
        at = (b.ids[self.rows] * 52)[:, None, None] + pos[:, :, None] + n * np.arange(1, 5)  # deal[n * (j + 1) + pos]
        return np.asarray(b.deals.reshape(-1)[at])

    @property
    def board(self) -> np.ndarray:
        return np.zeros((len(self.rows), 0), dtype=self._batch.deals.dtype)

    @property
    def n_board(self) -> np.ndarray:
        return np.zeros(len(self.rows), dtype=np.int64)


class Stud5Batch(LimitHoldemBatch):
    """``B`` hands of five-card stud at once (:class:`~holdem.games.Stud5` without table stakes; Korb1999 §2.1).

    The scalar rules as arrays: every seat antes; a down card and an up card,
    a betting round, then three more up cards each followed by a round; the
    seat with the best hand showing acts first in each round (pairs, two
    pairs, trips and quads count, then ranks high to low; equal showings go
    to the seat nearest the left of the button); a bet and ``max_raises``
    raises of the fixed ``bet`` per round; fold only when facing a bet.

    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> batch = Stud5Batch(Stud5(), np.tile(np.arange(52), (1, 1)), [0])
    >>> int(batch.current[0])   # seat 1 shows 2h, seat 0 2s: equal, so the seat left of the button
    1
    """

    _SHOWN = 1  # the down card

    def __init__(self, game: Any, deals: ArrayLike, buttons: ArrayLike, ranks: ArrayLike | None = None) -> None:
        if game.stacks is not None and type(self) is Stud5Batch:
            raise ValueError(f"Stud5Batch plays five-card stud without table stakes (Stud5StakesBatch: with); got {game!r}")
        if ranks is None:
            deals = np.asarray(deals)
            if deals.ndim == 2 and deals.shape[1] == 52 and deals.dtype.kind in "iu":
                ranks = evaluate(game.showdown_cards(deals, np.broadcast_to(np.asarray(buttons), deals.shape[:1])))
        super().__init__(_StudShape(game), deals, buttons, ranks)
        self.game = game
        B, n = self.B, self.n
        self.committed[:] = game.ante
        self.high[:] = game.ante
        self.n_bets[:] = 0
        # every seat's showing code after each round's up card, computed once: (B, 4, n)
        at = np.arange(0, B * 52, 52)[:, None] + (np.arange(n)[None, :] - self.button[:, None] - 1) % n
        show_keys = np.empty((B, 4, n), dtype=np.int64)
        shown = np.zeros((B, n), dtype=np.intp)  # the ranks of the up cards so far, as base-13 digits
        deals = self.deals.reshape(-1)
        for j in range(4):
            shown = shown * 13 + (deals[at + n * (j + 1)] >> 2)
            show_keys[:, j] = _showing_table(j + 1)[shown]
        self.show_keys = show_keys  # by hand (ids), like deals
        self._hand_arrays = LimitHoldemBatch._hand_arrays + ("show_keys",)
        self.current = self._first_actors()

    def observation(self, rows: ArrayLike) -> StudBatchObservation:
        return StudBatchObservation(self, np.asarray(rows, dtype=np.intp))

    def _first_actors(self) -> np.ndarray:
        """The best showing among the seats still in (up cards 0..round), ties to the first left of the button."""
        n = self.n
        k = self.n_live
        pos = (np.arange(n)[None, :] - self.button[:, None] - 1) % n  # (k, n)
        keys = self.show_keys[self.ids, self.round]
        keys = np.where(self.folded, -1, keys)
        # the best key; among equal keys the seat with the lowest position (nearest left of the button)
        order = keys * (n + 1) + (n - pos)
        return np.asarray(np.argmax(order, axis=1))


class _StudShape:
    """The fields :class:`LimitHoldemBatch` reads, from a stud game (no blinds; the same bet every round)."""

    def __init__(self, game: Any) -> None:
        self.n_players = game.n_players
        self.small_blind = self.big_blind = 0
        self.small_bet = self.big_bet = game.bet
        self.max_raises = game.max_raises
        self.starting_stack = game.starting_stack


_RANKS13 = np.arange(13)


@functools.lru_cache(maxsize=None)
def _showing_table(n_cards: int) -> np.ndarray:
    """:func:`_showing_codes` of every sequence of ``n_cards`` ranks, indexed by the ranks as base-13 digits.

    >>> int(_showing_table(2)[12 * 13 + 12]) == int(_showing_codes(np.eye(13, dtype=np.int64)[12] * 2))
    True
    """
    ranks = np.indices((13,) * n_cards).reshape(n_cards, -1).T  # row i: the digits of i, first card first
    return _showing_codes((ranks[:, :, None] == _RANKS13).sum(axis=1))


def _showing_codes(counts: np.ndarray) -> np.ndarray:
    """Showings as int64 codes ordered as :func:`holdem.games.stud.showing_key` orders showings of as many cards.

    ``counts[..., r]`` cards of rank ``r`` (at most four cards, so no full
    house, straight or flush counts).  The code is the category (quads 4,
    trips 3, two pair 2, pair 1, high card 0) times 2**52 plus one bit per
    rank present at ``13 * (multiplicity - 1) + rank``: a higher group
    outranks a lower one, a higher rank within a group a lower one, so codes
    compare as ``showing_key``'s (counts, ranks) tuples do.

    >>> from holdem.cards import parse_cards
    >>> def code(text):
    ...     c = np.zeros(13, dtype=np.int64)
    ...     np.add.at(c, parse_cards(text) >> 2, 1)
    ...     return int(_showing_codes(c))
    >>> code("5c 5d 3h 3s") > code("Ks Kh Ad Qc"), code("Ac 2d") > code("Kd Qh"), code("Ac Kd") == code("As Kh")
    (True, True, True)
    """
    top = counts.max(axis=-1)
    n_pairs = (counts == 2).sum(axis=-1)
    category = np.where(top == 4, 4, np.where(top == 3, 3, np.where(n_pairs == 2, 2, np.where(top == 2, 1, 0))))
    bits = np.where(counts > 0, np.left_shift(1, 13 * np.maximum(counts - 1, 0) + _RANKS13), 0)
    return np.asarray((category.astype(np.int64) << 52) | bits.sum(axis=-1))



class StudStakesBatchObservation(StudBatchObservation):
    """:class:`StudBatchObservation` at table stakes: ``to_call`` is capped by the stack (a short call is all-in)."""

    _batch: Stud5StakesBatch

    @property
    def to_call(self) -> np.ndarray:
        b = self._batch
        rows, p = self.rows, self.player
        owed = b.high[rows] - b.committed[rows, p]
        return np.asarray(np.minimum(owed, b.stacks[rows, p]))


class _TableStakes:
    """The chip bookkeeping the batched table-stakes games share (five-card stud at stakes, five-card draw)."""

    committed: np.ndarray
    stacks: np.ndarray
    allin: np.ndarray
    n_active: np.ndarray
    to_act: np.ndarray

    def _commit(self, flat: np.ndarray, mine: np.ndarray, new: np.ndarray, fold: np.ndarray,
                rais: np.ndarray) -> np.ndarray:
        """Each actor's chips from its stack to the pot up to its new commitment ``new`` (it had ``mine`` in).

        ``flat`` indexes the actors in the flattened (rows, seats) arrays.  A seat left with no chips is all-in;
        all-in and folding seats leave the count of seats that can act (returned, and kept as ``n_active``).
        After a raise the others are owed an answer (an all-in raiser is not owed one); otherwise one fewer is.
        """
        put = new - mine
        self.committed.reshape(-1)[flat] = new
        stacks = self.stacks.reshape(-1)
        stacks[flat] -= put
        went_allin = (put > 0) & (stacks[flat] == 0)
        allin = self.allin.reshape(-1)
        allin[flat[went_allin]] = True
        n_active: np.ndarray = self.n_active - went_allin - fold
        self.n_active = n_active
        self.to_act = np.where(rais, np.where(allin[flat], n_active, n_active - 1), self.to_act - 1)
        return n_active


class Stud5StakesBatch(_TableStakes, Stud5Batch):
    """``B`` hands of five-card stud at table stakes at once (``Stud5(stacks=...)``; Korb1999 §6.2).

    The scalar rules of :class:`~holdem.games.stud.Stud5StakesState` (the
    table-stakes rule of :class:`holdem.games._engine.TableStakesMixin`) as
    arrays: each hand starts from the game's stacks; a seat short of the ante,
    a call or the bet goes all-in for what it has; the bet or raise goes to
    the current bet plus ``bet`` (all-in for less when short, and never when
    the stack does not exceed the call); an all-in raise for less than a full
    bet neither counts towards the cap nor reopens the betting for seats that
    acted since the last full bet; no raise when no other seat can answer;
    all-in seats stop acting, and when at most one seat can act the hand runs
    out to the showdown, where each side pot (one per distinct contribution of
    the live seats) goes to the best live hand that reached it, shared with
    the odd chips to the first winner left of the button
    (:func:`holdem.games._engine.split_pot`).  The first actor of a round is
    the best showing among the seats still in if it can act, else the next
    seat clockwise that can.

    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> batch = Stud5StakesBatch(Stud5(stacks=3), np.tile(np.arange(52), (1, 1)), [0], ranks=[[9, 1]])
    >>> batch.apply([2])          # seat 1 bets its last 2 chips: all-in
    >>> batch.apply([1])          # seat 0 calls all-in; the cards run out
    >>> batch.n_live, batch.payoffs.tolist()
    (0, [[3, -3]])
    """

    def __init__(self, game: Any, deals: ArrayLike, buttons: ArrayLike, ranks: ArrayLike | None = None) -> None:
        if game.stacks is None:
            raise ValueError(f"Stud5StakesBatch plays five-card stud at table stakes; got {game!r}")
        super().__init__(game, deals, buttons, ranks)
        self.game = game
        B, n = self.B, self.n
        start = np.broadcast_to(np.asarray(game.seat_stacks, dtype=np.int64), (B, n))
        # the antes, capped by the stacks (TableStakesMixin._init_stakes)
        self.committed = np.minimum(self.committed, start)
        self.stacks = start - self.committed
        self.allin = self.stacks == 0
        self.n_active = n - self.allin.sum(axis=1)
        self.high = self.committed.max(axis=1)
        self.acted = np.full((B, n), -1, dtype=np.int64)
        self.n_full = np.zeros(B, dtype=np.int64)
        self.to_act = self.n_active.copy()
        self.size = game.bet
        self._row_arrays += ["stacks", "allin", "n_active", "acted", "n_full"]
        # the first actor: the best showing (Stud5Batch's ``current``) if it can act, else the next that can
        self.current = self._next_can(self.current - 1)
        out = self.n_active < 2  # at most one seat can act: the cards run out to the showdown
        if out.any():
            self._showdown(out)
            self._drop(~out)

    def observation(self, rows: ArrayLike) -> StudStakesBatchObservation:
        return StudStakesBatchObservation(self, np.asarray(rows, dtype=np.intp))

    def stacks_of(self, rows: Any) -> np.ndarray:
        return np.asarray(self.stacks[rows])

    def raise_bounds(self, rows: Any) -> tuple[np.ndarray, np.ndarray]:
        """``(to, to)``: the one raise-to total (all-in when short), 0 where no raise is legal (``TableStakesMixin._raise_to``)."""
        mine = self._mine(self.committed, rows)
        top = mine + self._mine(self.stacks, rows)
        high = self.high[rows]
        can = ((self.n_bets[rows] < self.cap) & (self.n_active[rows] >= 2)
               & (self._mine(self.acted, rows) != self.n_full[rows]) & (top > high))
        to = np.where(can, np.minimum(high + self.size, top), 0)
        return to, to

    _legal_rows = NoLimitHoldemBatch._legal_rows  # fold facing a bet, a raise where raise_bounds has one

    def _next_can(self, seat: np.ndarray) -> np.ndarray:
        """The first seat after ``seat`` (clockwise, itself last) that can act: neither folded nor all-in."""
        return self._next_open(seat, self.folded | self.allin)

    def _apply(self, kinds: np.ndarray, amounts: Any = None) -> None:
        """``TableStakesMixin._apply`` for every live row at once (legal kinds, unchecked)."""
        k = self.n_live
        if k == 0:
            return
        n = self.n
        self._legal = None
        rows = np.arange(k)
        p = self.current
        flat = np.arange(0, k * n, n) + p
        committed = self.committed.reshape(-1)
        stacks = self.stacks.reshape(-1)
        fold = kinds == FOLD_KIND
        rais = kinds == RAISE_KIND
        mine = committed[flat]
        high = self.high
        if rais.any():
            to = self.raise_bounds(rows)[0]
            full = rais & (to - high >= self.size)  # a full bet or raise: counts towards the cap, reopens the betting
            self.n_bets = self.n_bets + full
            self.n_full = self.n_full + full
            new = np.where(rais, to, mine + np.minimum(high - mine, stacks[flat]))
            self.high = np.where(rais, to, high)
        else:
            new = mine + np.minimum(high - mine, stacks[flat])  # a call, all-in when short
        new = np.where(fold, mine, new)
        n_active = self._commit(flat, mine, new, fold, rais)
        self.acted.reshape(-1)[flat] = self.n_full
        self.n_actions += 1
        done = self._fold(flat, fold)
        ends = self.to_act <= 0
        if done is not None:
            ends &= ~done
        if ends.any():
            # after the last round, or when at most one seat can act (the cards run out): the showdown
            ends, done = self._next_round(ends, done, ends & ((self.round == 3) | (n_active < 2)))
            self.n_bets = np.where(ends, 0, self.n_bets)
            self.n_full = np.where(ends, 0, self.n_full)
            self.acted[ends] = -1
            self.to_act = np.where(ends, self.n_active, self.to_act)
            start = np.where(ends, self._first_actors() - 1, p)
        else:
            start = p
        self.current = self._next_can(start)
        if done is not None:
            self._drop(~done)

    def _showdown(self, sel: np.ndarray) -> None:
        """Pay the showdowns in ``sel`` with side pots (:func:`_split_pots`)."""
        self._record(sel, _split_pots(self.committed[sel], ~self.folded[sel], self.ranks[self.ids[sel]], self.button[sel]))


def _split_pots(committed: np.ndarray, live: np.ndarray, ranks: np.ndarray, button: np.ndarray) -> np.ndarray:
    """:func:`holdem.games._engine.split_pot` for every row at once: chips (m, n) each seat wins, side pots included.

    Each side pot (one per distinct live contribution level) goes to the best
    live hand that reached it, shared evenly, the odd chips to the first
    winner left of the button.

    >>> _split_pots(np.array([[10, 10, 4]]), np.ones((1, 3), bool), np.array([[5, 7, 9]]), np.array([0])).tolist()
    [[0, 12, 12]]
    """
    m, n = committed.shape
    ranks = np.where(live, ranks.astype(np.int64), -1)
    order = (button[:, None] + 1 + np.arange(n)) % n  # the seats from the left of the button
    levels = np.sort(np.where(live, committed, -1), axis=1)  # each row's live contribution levels, low to high
    won = np.zeros((m, n), dtype=np.int64)
    prev = np.zeros(m, dtype=np.int64)
    at = np.arange(m)
    for i in range(n):
        level = levels[:, i]
        valid = level >= 0  # folded seats sort first as -1; a repeated level forms an empty pot
        top = np.maximum(level, prev)
        amount = np.where(valid, (np.clip(committed, prev[:, None], top[:, None]) - prev[:, None]).sum(axis=1), 0)
        eligible = live & (committed >= level[:, None])
        best = np.where(eligible, ranks, -1).max(axis=1)
        winners = eligible & (ranks == best[:, None])
        share, odd = np.divmod(amount, np.maximum(winners.sum(axis=1), 1))
        won += winners * share[:, None]
        first = order[at, np.argmax(winners[at[:, None], order], axis=1)]  # the first winner left of the button
        won[at, first] += odd
        prev = np.where(valid, level, prev)
    return won


class DrawBatchObservation(BatchObservation):
    """:class:`BatchObservation` of five-card draw: ``hole`` the acting seat's five cards now (k, 5), ``board``
    empty, ``to_call`` capped by the stack; ``legal`` has a fourth column, discard (the draw)."""

    _batch: Draw5Batch
    has_draw = True

    @property
    def hole(self) -> np.ndarray:
        return np.asarray(self._batch.hands[self.rows, self.player])

    @property
    def board(self) -> np.ndarray:
        return np.zeros((len(self.rows), 0), dtype=self._batch.deals.dtype)

    @property
    def n_board(self) -> np.ndarray:
        return np.zeros(len(self.rows), dtype=np.int64)

    @property
    def to_call(self) -> np.ndarray:
        b = self._batch
        rows, p = self.rows, self.player
        return np.asarray(np.minimum(b.high[rows] - b.committed[rows, p], b.stacks[rows, p]))


class Draw5Batch(_TableStakes, LimitHoldemBatch):
    """``B`` hands of five-card draw at once (:class:`~holdem.games.Draw5`; Kendall2001 §2-3).

    The scalar rules of :class:`~holdem.games.draw.Draw5State` (sized
    betting of :class:`holdem.games._engine.SizedState`) as arrays: every seat
    antes; betting round 0, the draw (round 1), betting round 2, each started
    left of the button; a raise is a raise-to total from the current bet plus
    ``min_raise`` (or all-in when less) to all-in or the current bet plus
    ``max_raise``; a seat may raise only on its first ``max_orbits - 1``
    turns of a round, and not when no other seat can answer; a short call is
    all-in; all-in seats stop betting but draw; in the draw every seat still
    in replaces up to ``max_draw`` cards with ``deal[5n:]`` in drawing order;
    when fewer than two seats can bet after the draw the hand goes to the
    showdown, whose ranks come from one evaluator call on the final hands
    (side pots as :func:`holdem.games._engine.split_pot`).

    Kinds: ``0`` fold, ``1`` check/call, ``2`` raise (``amounts``: the
    raise-to total, 0 the minimum), ``3`` discard (``amounts``: a 5-bit mask of
    the positions in the seat's hand, :attr:`hands`, to replace; 0 stands pat).

    >>> import numpy as np
    >>> from holdem.games import Draw5
    >>> batch = Draw5Batch(Draw5(n_players=2), np.tile(np.arange(52), (1, 1)), [0])
    >>> batch.apply([1]); batch.apply([1])   # both check: the draw
    >>> batch.legal_mask().tolist()
    [[False, False, False, True]]
    >>> batch.apply([3], [0b00011])          # seat 1 replaces its first two cards with deal[10], deal[11]
    >>> batch.hands[0, 1].tolist()
    [10, 11, 4, 6, 8]
    """

    #: showdown ranks come from the final hands at the showdown, not from the deal
    ranks_at_showdown = True

    def __init__(self, game: Any, deals: ArrayLike, buttons: ArrayLike, ranks: ArrayLike | None = None) -> None:
        if ranks is not None:
            raise ValueError("The 'ranks' parameter of Draw5Batch must be None: final hands depend on the discards")
        deals = np.asarray(deals)
        n = game.n_players
        B = deals.shape[0] if deals.ndim == 2 else 0
        super().__init__(_LimitShape(game, n), deals, buttons, np.zeros((B, n), dtype=np.int64))
        self.game = game
        rows = np.arange(B)
        pos = (np.arange(n)[None, :] - self.button[:, None] - 1) % n  # (B, n) position of each seat
        self.hands = self.deals[rows[:, None, None], pos[:, :, None] + n * np.arange(5)].astype(np.int64)
        self.next_card = np.full(B, 5 * n, dtype=np.int64)
        self.committed[:] = game.ante
        self.stacks = np.full((B, n), game.stack - game.ante, dtype=np.int64)
        self.high[:] = game.ante
        self.allin = np.zeros((B, n), dtype=bool)
        self.n_active = np.full(B, n, dtype=np.int64)
        self.acts = np.zeros((B, n), dtype=np.int64)
        self.to_act[:] = n
        self.current = (self.button + 1) % n
        self._row_arrays += ["hands", "next_card", "stacks", "allin", "n_active", "acts"]
        self.final = np.zeros((B, n, 5), dtype=np.int8)  # the hands shown at a showdown, by hand (set by _showdown)
        self._hand_arrays = LimitHoldemBatch._hand_arrays + ("final",)

    sized_raises = True

    def observation(self, rows: ArrayLike) -> DrawBatchObservation:
        return DrawBatchObservation(self, np.asarray(rows, dtype=np.intp))

    def recorded_amounts(self, kinds: np.ndarray, amounts: Any = None) -> np.ndarray:
        """:meth:`LimitHoldemBatch.recorded_amounts`, and a discard's cards (the marked positions of the seat's hand)."""
        out = super().recorded_amounts(kinds, amounts)
        rows = np.flatnonzero(kinds == DISCARD_KIND)
        if len(rows) and amounts is not None:
            bits = ((np.asarray(amounts, dtype=np.int64)[rows, None] >> np.arange(5)) & 1).astype(bool)
            cards = self.hands[rows, self.current[rows]]
            shift = 6 * (np.cumsum(bits, axis=1) - 1)
            out[rows] = np.where(bits, (cards + 1) << np.maximum(shift, 0), 0).sum(axis=1)
        return out

    def shown_cards(self, buttons: np.ndarray) -> np.ndarray:
        """The final five cards each seat shows at a showdown (B, n, 5), by hand and seat (after the draw)."""
        return self.final

    def stacks_of(self, rows: Any) -> np.ndarray:
        return np.asarray(self.stacks[rows])

    def raise_bounds(self, rows: Any) -> tuple[np.ndarray, np.ndarray]:
        """``(min_to, max_to)`` of the seats to act in ``rows`` (0, 0 where no raise is legal; ``SizedState.raise_bounds``)."""
        g = self.game
        mine = self._mine(self.committed, rows)
        stack = self._mine(self.stacks, rows)
        high = self.high[rows]
        can = ((self.round[rows] != 1) & (self.n_active[rows] >= 2)
               & (self._mine(self.acts, rows) < g.max_orbits - 1) & (stack > high - mine))
        max_to = mine + stack
        if g.max_raise is not None:
            max_to = np.minimum(max_to, high + g.max_raise)
        min_to = np.minimum(high + g.min_raise, max_to)
        return np.where(can, min_to, 0), np.where(can, max_to, 0)

    def _legal_rows(self, rows: Any) -> np.ndarray:
        """Bool array (k, 4): fold, check/call, bet/raise, discard (the draw: discard only)."""
        draw = self.round[rows] == 1
        mask = np.zeros((len(draw), 4), dtype=bool)
        mask[:, 0] = ~draw & (self.high[rows] > self._mine(self.committed, rows))
        mask[:, 1] = ~draw
        mask[:, 2] = ~draw & (self.raise_bounds(rows)[0] > 0)
        mask[:, 3] = draw
        return mask

    def _verify_amounts(self, kinds: np.ndarray, ok: np.ndarray, amounts: Any) -> Any:
        """Raise-to totals in ``[min_to, max_to]`` (0: the minimum); discard masks of at most ``max_draw`` positions."""
        amounts = NoLimitHoldemBatch._verify_amounts(self, kinds, ok, amounts)  # type: ignore[arg-type]
        discarding = ok & (kinds == DISCARD_KIND)
        bits = (amounts[:, None] >> np.arange(5)) & 1
        ok &= ~(discarding & ((amounts < 0) | (amounts > 31) | (bits.sum(axis=1) > self.game.max_draw)))
        return amounts

    def _next_seat(self, seat: np.ndarray, drawing: np.ndarray) -> np.ndarray:
        """The next seat after ``seat`` that acts: not folded (rows ``drawing``) or neither folded nor all-in."""
        return self._next_open(seat, self.folded | (self.allin & ~drawing[:, None]))

    def _apply(self, kinds: np.ndarray, amounts: Any = None) -> None:
        """``SizedState._apply`` and ``Draw5State._apply_discard`` for every live row (legal, unchecked)."""
        k = self.n_live
        if k == 0:
            return
        n = self.n
        self._legal = None
        p = self.current
        flat = np.arange(0, k * n, n) + p
        committed = self.committed.reshape(-1)
        stacks = self.stacks.reshape(-1)
        fold = kinds == FOLD_KIND
        rais = kinds == RAISE_KIND
        disc = kinds == DISCARD_KIND
        if amounts is None:
            amounts = np.zeros(k, dtype=np.int64)
        amounts = np.asarray(amounts, dtype=np.int64)
        mine = committed[flat]
        high = self.high
        if rais.any():
            amounts = np.where(rais & (amounts == 0), self.raise_bounds(np.arange(k))[0], amounts)
        new = np.where(rais, amounts, mine + np.minimum(high - mine, stacks[flat]))
        new = np.where(fold | disc, mine, new)
        self.high = np.where(rais, amounts, high)
        n_active = self._commit(flat, mine, new, fold, rais)
        self.acts.reshape(-1)[flat] += ~disc
        self.n_actions += 1
        if disc.any():  # replace the marked positions with the next cards of the deal, in hand order
            rows = np.flatnonzero(disc)
            bits = ((amounts[rows, None] >> np.arange(5)) & 1).astype(bool)
            at = self.next_card[rows, None] + np.cumsum(bits, axis=1) - 1
            fresh = self.deals[self.ids[rows][:, None], np.minimum(at, 51)]
            hands = self.hands[rows, p[rows]]
            self.hands[rows, p[rows]] = np.where(bits, fresh, hands)
            self.next_card[rows] += bits.sum(axis=1)
        done = self._fold(flat, fold)
        ends = self.to_act <= 0
        if done is not None:
            ends &= ~done
        start = p
        if ends.any():
            to_draw = ends & (self.round == 0)
            to_bet = ends & (self.round == 1)
            last = (ends & (self.round == 2)) | (to_bet & (n_active < 2))  # no one left to bet against: showdown
            if last.any():
                self._showdown(last)
                done = last if done is None else done | last
            to_bet &= ~last
            self.round = self.round + to_draw + to_bet
            self.to_act = np.where(to_draw, self.n_live_seats, np.where(to_bet, n_active, self.to_act))
            self.acts[to_bet] = 0
            start = np.where(to_draw | to_bet, self.button, p)
        self.current = self._next_seat(start, self.round == 1)
        if done is not None:
            self._drop(~done)

    def _showdown(self, sel: np.ndarray) -> None:
        """Rank the final hands of ``sel`` (one evaluator call) and pay the pots (:func:`_split_pots`)."""
        ranks = evaluate(self.hands[sel])
        self.ranks[self.ids[sel]] = ranks
        self.final[self.ids[sel]] = self.hands[sel]
        self._record(sel, _split_pots(self.committed[sel], ~self.folded[sel], ranks, self.button[sel]))


def pack_discard(cards: tuple[int, ...]) -> int:
    """Discarded cards as :meth:`Draw5Batch.recorded_amounts` packs them: six bits a card, code + 1, the first lowest.

    >>> pack_discard((12, 40)) == (12 + 1) | (40 + 1) << 6, unpack_discard(pack_discard((3, 0, 51)))
    (True, (3, 0, 51))
    """
    return sum((c + 1) << (6 * i) for i, c in enumerate(cards))


def unpack_discard(packed: int) -> tuple[int, ...]:
    """The cards of a discard packed by :meth:`Draw5Batch.recorded_amounts` (six bits a card, code + 1, first lowest).

    >>> unpack_discard((12 + 1) | (40 + 1) << 6)
    (12, 40)
    """
    cards = []
    while packed:
        cards.append((packed & 63) - 1)
        packed >>= 6
    return tuple(cards)


@functools.lru_cache(maxsize=None)
def discard_masks(max_draw: int) -> np.ndarray:
    """Every legal discard as a 5-bit mask of hand positions, in the order of ``Draw5State.legal_actions``.

    The scalar state lists ``combinations(hand, k)`` for ``k = 0 .. max_draw``,
    so the ``i``-th legal discard of a seat is ``discard_masks(max_draw)[i]``.

    >>> discard_masks(1).tolist()
    [0, 1, 2, 4, 8, 16]
    """
    from itertools import combinations

    return np.array([sum(1 << j for j in c) for k in range(max_draw + 1) for c in combinations(range(5), k)])


#: the batched state of each rule set that has one
def batched_games() -> dict[type, type]:
    """Rule-set class → its batched state class (the games :func:`new_batch` can batch)."""
    from holdem.games.draw import Draw5
    from holdem.games.holdem import LimitHoldem, NoLimitHoldem
    from holdem.games.stud import Stud5

    return {LimitHoldem: LimitHoldemBatch, NoLimitHoldem: NoLimitHoldemBatch, Stud5: Stud5Batch, Draw5: Draw5Batch}


def new_batch(game: Any, deals: ArrayLike, buttons: ArrayLike, ranks: ArrayLike | None = None) -> Any:
    """The batched state of ``game`` for ``deals``, or ``None`` when the game has no batched form yet.

    >>> import numpy as np
    >>> from holdem.games import LimitHoldem, Draw5
    >>> type(new_batch(LimitHoldem(), np.tile(np.arange(52), (2, 1)), [0, 1])).__name__
    'LimitHoldemBatch'
    >>> type(new_batch(Draw5(), np.tile(np.arange(52), (2, 1)), [0, 1])).__name__
    'Draw5Batch'
    """
    cls = batched_games().get(type(game))
    if cls is None:
        return None
    if cls is Stud5Batch and game.stacks is not None:
        cls = Stud5StakesBatch
    return cls(game, deals, buttons, ranks)

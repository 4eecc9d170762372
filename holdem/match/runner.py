"""Play matches: blocks of hands dealt at once, showdowns evaluated in one call, betting by the state machine.

A match of ``n_deals`` deals is cut into blocks of ``block_size`` deals.  Block
``b`` draws everything from its own stream, child ``b`` of
``numpy.random.SeedSequence(seed).spawn(n_blocks)``: that child spawns one
stream for the deal and one per agent (in the order the agents were given).
A block deals all its hands as one ``(n_deals, 52)`` array of permutations,
asks the game for every final hand of the block
(``game.showdown_cards(deals, buttons)``, shape ``(n_deals, n_players, k)``),
ranks them all in one :func:`holdem.evaluate.evaluate` call and hands each
hand's row of ranks to ``game.new_hand(deal, button=..., ranks=...)``; the
betting then runs through the state machine (games whose final hands are not
known from the deal, like draw poker, return ``None`` there and rank their own
showdowns).  Blocks are independent, so the result depends on the seed alone:
not on ``workers``, and not on whether the match was interrupted and resumed.

Seating is documented in :mod:`holdem.match.duplicate`: agent ``i`` sits in
seat ``i`` and the button moves after every hand, or, in a duplicate match,
each deal is played once per cyclic rotation of the agents round the seats.

Each hand is played by the one hand driver, :class:`holdem.play.HandDriver`
(one per seating of the block): it tells the agents ``new_hand``, every
public event and ``end_hand``, asks ``act`` of the seat to act and applies the
action — checked, so an agent that answers an illegal action raises
``IllegalActionError`` naming it, unless every agent declares
``trusted_actions`` (:class:`holdem.play.Capabilities`).
"""

from __future__ import annotations

import functools
import os
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

import numpy as np

from holdem.cards import CARD_TEXT
from holdem.checks import check_int, seed_sequence
from holdem.games.base import Action
from holdem.match import parallel
from holdem.match.agents import AgentSpec, check_agent_games, resolve_agent
from holdem.match.duplicate import hand_plan, seatings
from holdem.match.stats import MatchResult, agent_results
from holdem.play import HandDriver, capabilities

if TYPE_CHECKING:
    from holdem._typing import RngLike
    from numpy.typing import ArrayLike

    from holdem.games.base import Game
    from holdem.match.batched import BatchRecord
    from holdem.match.log import MatchLog

__all__ = ["play_match", "play_block", "hand_line", "hand_lines", "HandRecorder", "run_blocks", "log_header", "DealBlocks", "MatchPlan", "BlockResult", "keep_learners", "DEFAULT_BLOCK_SIZE"]

#: Deals per block unless told otherwise (results depend on it; logs record it).
DEFAULT_BLOCK_SIZE = 500


class DealBlocks:
    """How ``n_deals`` deals fall into blocks of ``block_size`` (the last may be short): a mixin of plans.

    >>> from holdem.games import Stud5
    >>> plan = MatchPlan(Stud5(), (), n_deals=250, block_size=100, duplicate=False)
    >>> plan.n_blocks, plan.block_deals(2)
    (3, 50)
    """

    n_deals: int
    block_size: int

    @property
    def n_blocks(self) -> int:
        return -(-self.n_deals // self.block_size)

    def block_deals(self, block: int) -> int:
        """Number of deals in ``block`` (the last may be short)."""
        return min(self.block_size, self.n_deals - block * self.block_size)


@dataclass(frozen=True)
class MatchPlan(DealBlocks):
    """Everything a block needs, picklable so that worker processes can play blocks."""

    game: Game
    agents: tuple[AgentSpec, ...]
    n_deals: int
    block_size: int
    duplicate: bool
    record: bool = False

    @property
    def n_players(self) -> int:
        return self.game.n_players

    @property
    def n_replays(self) -> int:
        return self.game.n_players if self.duplicate else 1

@dataclass(frozen=True)
class BlockResult:
    """One block's outcome: ``chips`` (n_hands, n_agents) int64 by agent; ``lines`` the log lines."""

    block: int
    n_deals: int
    chips: np.ndarray
    lines: tuple[str, ...] | None = None

    def agent_chips(self) -> np.ndarray:
        """The chips by agent, as the log's block marker sums them."""
        return self.chips


def block_deals(stream: np.random.SeedSequence, n_deals: int, n_agents: int, n_cards: int = 52
                ) -> tuple[np.ndarray, list[np.random.SeedSequence]]:
    """A block's ``(n_deals, 52)`` int8 deals and its agents' streams, from the block's ``SeedSequence``.

    Child 0 of ``stream`` deals, children 1.. are the agents' (see the module docstring);
    the ACPC dealer deals from here too, so its hands are a match's.

    Every deal is a permutation of the 52 cards whose first ``n_cards`` positions
    (``game.deal_cards``: the cards the rules can read) are a uniformly random
    ordered draw without replacement: a Fisher–Yates shuffle run from the top for
    ``n_cards`` steps (position ``i`` swaps with a uniform position in
    ``[i, 52)``); the rest of the deck is what those swaps leave there.
    Heads-up hold'em reads 9 cards, a sixth of a full shuffle's work; with
    ``n_cards`` 51 or 52 every position is shuffled.  The swap positions are
    drawn row by row (:func:`_swap_offsets`), so a block's first deals do not
    depend on how many deals it has.

    >>> deals, streams = block_deals(np.random.SeedSequence(1), 3, 2, 9)
    >>> deals.shape, deals.dtype, len(streams), sorted(deals[0].tolist()) == list(range(52))
    ((3, 52), dtype('int8'), 2, True)
    >>> bool((block_deals(np.random.SeedSequence(1), 2, 2, 9)[0] == deals[:2]).all())
    True
    """
    streams = stream.spawn(1 + n_agents)
    steps = min(n_cards, 51)
    offsets = _swap_offsets(streams[0], n_deals, steps)
    deals = np.empty((n_deals, 52), dtype=np.int8)
    deals[:] = np.arange(52, dtype=np.int8)
    flat = deals.reshape(-1)
    row_starts = np.arange(0, n_deals * 52, 52)
    for i in range(steps):
        at = row_starts + offsets[:, i]
        top = deals[:, i].copy()
        deals[:, i] = flat[at]
        flat[at] = top
    return deals, streams[1:]


def _swap_offsets(stream: np.random.SeedSequence, n_deals: int, steps: int) -> np.ndarray:
    """``(n_deals, steps)`` int64: entry ``[d, i]`` uniform in ``[i, 52)``, independent, drawn row by row.

    Lemire's multiply-shift (Lemire2019 "Fast random integer generation in an
    interval"): a uniform 32-bit ``u`` gives ``(u * r) >> 32`` in ``[0, r)``,
    exactly uniform once the rare ``u`` whose low product word is below
    ``2**32 mod r`` (probability < 52 / 2**32) are rejected; a rejected entry is
    drawn again, in row-major order, from a child stream of ``stream``.
    """
    u = np.random.default_rng(stream).integers(0, 2**32, size=(n_deals, steps), dtype=np.uint32).astype(np.uint64)
    r = (52 - np.arange(steps)).astype(np.uint64)
    product = u * r
    offsets = (product >> np.uint64(32)).astype(np.int64)
    rejected = (product & np.uint64(0xFFFFFFFF)) < (np.uint64(2**32) % r)
    if rejected.any():
        again = np.random.default_rng(stream.spawn(1)[0])
        for d, i in zip(*np.nonzero(rejected)):
            offsets[d, i] = again.integers(0, 52 - i)
    offsets += np.arange(steps)
    return offsets


def play_block(plan: MatchPlan, block: int, stream: np.random.SeedSequence) -> BlockResult:
    """Play one block of a match (module-level, so worker processes can run it).

    ``stream`` is the block's own ``SeedSequence`` (child ``block`` of the match's
    root); ``agents`` (one per agent, optional) are used instead of making fresh
    ones from ``plan.agents``.
    """
    game = plan.game
    n = plan.n_players
    n_deals = plan.block_deals(block)
    deals, streams = block_deals(stream, n_deals, len(plan.agents), getattr(game, "deal_cards", 52))
    agents = [spec.make(np.random.default_rng(s)) for spec, s in zip(plan.agents, streams)]

    first = block * plan.block_size
    buttons = (np.arange(first, first + n_deals) % n).astype(np.int64)

    ranks = None
    showdown_cards = getattr(game, "showdown_cards", None)
    if showdown_cards is not None:
        cards = showdown_cards(deals, buttons)
        if cards is not None:
            from holdem.evaluate import evaluate

            ranks = evaluate(cards)

    at_seats = seatings(n, duplicate=plan.duplicate)  # [replay, seat] = agent
    seat_ofs = np.argsort(at_seats, axis=1)  # [replay, agent] = seat
    # every agent made for this block decides for a whole batch: the batched engine (holdem.match.batched);
    # agent instances kept for the whole match count hands across blocks, so they play hand by hand unless
    # they learn by the batched engine's protocol (holdem.match.batched.batch_learner)
    from holdem.match.batched import BatchRecord, batch_learner, play_block_batched

    record = plan.record
    if all(s.instance is None or batch_learner(s.instance) for s in plan.agents):
        records: list[BatchRecord] | None = [] if record else None  # a logged block: the batch records its actions
        chips = play_block_batched(game, agents, deals, buttons, ranks, at_seats, seat_ofs, records)
        if chips is not None:
            lines = None if records is None else tuple(
                line for rec in records for line in hand_lines(rec, block, first, plan.n_replays))
            return BlockResult(block, n_deals, chips, lines)
    at_seat_rows = at_seats.tolist()
    drivers = [HandDriver([agents[a] for a in at_seat], record=record) for at_seat in at_seat_rows]
    recorder = HandRecorder(n)
    pays: list[list[int]] = []
    played: list[int] = []
    new_hand = game.new_hand
    # The engine's own games take the block's deals as tuples of Python ints, converted once
    # per block, and skip the per-hand checks of new_hand (the deals are permutations by construction).
    trusted = getattr(game, "_new_hand_trusted", None)
    if trusted is not None:
        deal_rows = list(map(tuple, deals.tolist()))
        rank_rows = [None] * n_deals if ranks is None else list(map(tuple, ranks.tolist()))
    for hand, deal_no, replay, button in hand_plan(first, n_deals, n, duplicate=plan.duplicate):
        j = deal_no - first
        if trusted is not None:
            state = trusted(deal_rows[j], button, rank_rows[j])
        elif ranks is None:
            state = new_hand(deals[j], button=button)
        else:
            state = new_hand(deals[j], button=button, ranks=ranks[j])
        driver = drivers[replay]
        driver.play(state)
        pays.append(state._payoff_list() if trusted is not None else state.payoffs.tolist())
        played.append(replay)
        if record:
            recorder.add(cast("list[tuple[int, Action]]", driver.actions), state)
    by_seat = np.array(pays, dtype=np.int64).reshape(-1, n)
    replays = np.array(played, dtype=np.intp)
    chips = np.take_along_axis(by_seat, seat_ofs[replays], axis=1)
    if not record:
        return BlockResult(block, n_deals, chips, None)
    deal_of = np.arange(len(replays)) // plan.n_replays
    record_ = recorder.record(deals[deal_of], buttons[deal_of], at_seats[replays], by_seat)
    return BlockResult(block, n_deals, chips, tuple(hand_lines(record_, block, first, plan.n_replays)))


def hand_line(hand: int, deal_no: int, replay: int, block: int, button: int, at_seat: Sequence[int],
              deal: Sequence[int], taken: list[tuple[int, Action]], state: Any) -> str:
    """The ``"hand"`` line of a match log (:mod:`holdem.match.log`) for one finished hand, newline included.

    One hand through :func:`hand_lines` (the ACPC dealer, :mod:`bpp.acpc.dealer`,
    writes its hands with it, one at a time as they are played).

    Parameters
    ----------
    hand, deal_no, replay, block : int
        The hand's number in the match, its deal's number, the seating of the
        deal (0 unless duplicate) and the block it belongs to.
    button : int
        The button's seat.
    at_seat : sequence of int
        The agent (by its index in the match) at each seat.
    deal : sequence of int
        The 52 cards of the deal, in dealing order.
    taken : sequence of (int, Action)
        ``(seat, action as applied)`` of every action (``HandDriver(record=True).actions``).
    state : GameState
        The finished hand (its showdown events and payoffs are written).

    Examples
    --------
    >>> from holdem.games import FOLD, LimitHoldem
    >>> state = LimitHoldem().new_hand(np.arange(52), button=0)
    >>> taken = [(state.current_player, state.apply(FOLD))]
    >>> hand_line(0, 0, 0, 0, 0, [0, 1], list(range(52)), taken, state).rstrip()[-51:]
    '"actions":[[0,"f"]],"showdown":[],"payoffs":[-1,1]}'
    """
    recorder = HandRecorder(state.n)
    recorder.add(taken, state)
    record = recorder.record(np.asarray(deal, dtype=np.int64)[None, :], [button], [at_seat], state.payoffs[None, :])
    return _format_hands(record, np.array([hand]), np.array([deal_no]), np.array([replay]), block)[0]


class HandRecorder:
    """Hands played one by one, kept as the arrays of a :class:`~holdem.match.batched.BatchRecord` for :func:`hand_lines`.

    :meth:`add` takes each finished hand as it is played and keeps only
    numbers (the hands' states are not kept alive: a block of them would slow
    the garbage collector); :meth:`record` makes the record.  Actions are kept
    as the batched engine records them
    (:meth:`holdem.games.batched.LimitHoldemBatch.recorded_amounts`: raise-to
    totals, discarded cards packed); their betting rounds are not kept (-1).
    """

    def __init__(self, n_players: int) -> None:
        self.n = n_players
        self.counts: list[int] = []
        self.seats: list[int] = []
        self.codes: list[int] = []
        self.show_hands: list[int] = []
        self.show_seats: list[int] = []
        self.show_cards: list[int] = []  # numbers only: no object per hand outlives it

    def add(self, taken: Sequence[tuple[int, Action]], state: Any) -> None:
        """One finished hand: ``taken`` its ``(seat, action as applied)`` pairs (``HandDriver(record=True).actions``)."""
        j = len(self.counts)
        self.counts.append(len(taken))
        keys = _ACTION_KEYS
        self.seats += [p for p, _ in taken]
        self.codes += [keys.get(a) or _action_key(a) for _, a in taken]
        for e in reversed(state.history):  # the showdown events come last
            if e.kind != "showdown":
                break
            self.show_hands.append(j)
            self.show_seats.append(e.player)
            self.show_cards += e.cards

    def record(self, deals: np.ndarray, buttons: ArrayLike, seat_agents: ArrayLike, payoffs: np.ndarray,
               first: int = 0) -> BatchRecord:
        """The record of the hands added: ``deals`` (one row per hand), ``buttons``, ``seat_agents``, ``payoffs`` by seat."""
        from holdem.match.batched import BatchRecord

        h = len(self.counts)
        code = np.array(self.codes, dtype=np.int64)
        n_shown = len(self.show_hands)
        shown = np.zeros((h, self.n, len(self.show_cards) // max(n_shown, 1)), dtype=np.int64)
        shown[self.show_hands, self.show_seats] = np.array(self.show_cards, dtype=np.int64).reshape(n_shown, shown.shape[2])
        log: list[tuple[np.ndarray, ...]] = [(np.repeat(np.arange(h), self.counts), np.array(self.seats, dtype=np.int64),
                                              np.full(len(code), -1), code & 3, code >> 2)]
        return BatchRecord(None, first, deals, np.asarray(buttons, dtype=np.int64), np.asarray(seat_agents), log,
                           payoffs, shown)


#: ``kind + 4 * amount`` of every action seen (the amount as the batched engine records it), by action
_ACTION_KEYS: dict[Action, int] = {}


def _action_key(action: Action) -> int:
    """``kind + 4 * amount`` of ``action``: the raise-to total of a raise, the packed cards of a discard (memoized)."""
    from holdem.games.batched import pack_discard

    k = int(action.kind)
    key = _ACTION_KEYS[action] = k + 4 * (action.amount if k == 2 else pack_discard(action.discard) if k == 3 else 0)
    return key


def hand_lines(record: BatchRecord, block: int, first_deal: int, n_replays: int) -> list[str]:
    """The ``"hand"`` log lines (:mod:`holdem.match.log`) of the hands of ``record``, newlines included.

    ``record`` (:class:`holdem.match.batched.BatchRecord`, shown cards kept:
    the batched engine's, or :class:`HandRecorder`'s of hands played one by one)
    holds hands ``record.first`` … of block ``block``, whose first deal is
    ``first_deal``; a deal is played ``n_replays`` times (duplicate).  Every
    match log's hands are written by this one function, from the record's
    arrays: the lines are assembled as fixed-width byte columns, a few
    thousand hands at a time, with no Python work per hand or per action.

    Examples
    --------
    >>> from holdem.games import LimitHoldem
    >>> from holdem.agents import AlwaysCall, AlwaysRaise
    >>> from holdem.match.batched import play_block_batched
    >>> game, deals, buttons = LimitHoldem(), np.tile(np.arange(52, dtype=np.int8), (2, 1)), np.array([0, 1])
    >>> records, at_seats = [], np.array([[0, 1]])
    >>> _ = play_block_batched(game, [AlwaysRaise(), AlwaysCall()], deals, buttons, game.showdown_ranks(deals, buttons),
    ...                        at_seats, at_seats, records)
    >>> line = hand_lines(records[0], 0, 0, 1)[1]          # the second hand: seat 1 has the button
    >>> print(line[line.index('"actions"'):], end="")
    "actions":[[1,"c"],[0,"r4"],[1,"c"],[0,"r6"],[1,"c"],[0,"r10"],[1,"c"],[0,"r14"],[1,"c"]],"showdown":[[0,"2c2h"],[1,"2d2s"]],"payoffs":[0,0]}
    """
    at = record.first + np.arange(record.n_hands)
    return _format_hands(record, first_deal * n_replays + at, first_deal + at // n_replays, at % n_replays, block)


#: hands formatted at once (bounds the byte columns' memory)
_FORMAT_CHUNK = 4096
_CARD_PAIRS = np.frombuffer("".join(CARD_TEXT).encode(), dtype=np.uint16)  # a card's two bytes as one item: gathers a card at a time


def _cards_bytes(cards: np.ndarray) -> np.ndarray:
    """The text of card codes ``cards`` (..., k): uint8 (..., 2k), two bytes a card."""
    text: np.ndarray = _CARD_PAIRS[cards].view(np.uint8)
    return text


def _format_hands(record: BatchRecord, hands: np.ndarray, deal_nos: np.ndarray, replays: np.ndarray,
                  block: int) -> list[str]:
    """The hand lines of ``record``'s hands numbered ``hands`` (deals ``deal_nos``, seatings ``replays``) of ``block``.

    Each line is built as a row of bytes: fixed text, integers as a sign
    byte and digits, card codes looked up two bytes a card, list items after
    the first led by a comma; unused bytes are 0, and are dropped at the end.
    """
    n = record.seat_agents.shape[1]
    if record.shown is None:
        raise ValueError("hand_lines needs a BatchRecord with the cards shown (play_block_batched(..., records) keeps them)")
    order = np.argsort(record.hand, kind="stable")
    table = _action_text(record.seat[order], record.kind[order], record.amount[order])
    counts = np.bincount(record.hand, minlength=record.n_hands)
    starts = np.cumsum(counts) - counts
    slot = np.arange(len(order)) - starts[record.hand[order]]  # each action's place in its hand
    folded = np.zeros((record.n_hands, n), dtype=bool)
    folds = record.kind == 0
    folded[record.hand[folds], record.seat[folds]] = True
    out: list[str] = []
    for lo in range(0, record.n_hands, _FORMAT_CHUNK):
        hi = min(lo + _FORMAT_CHUNK, record.n_hands)
        m = hi - lo
        mine = (record.hand[order] >= lo) & (record.hand[order] < hi)
        width = int(counts[lo:hi].max(initial=0))
        at = np.full((m, width), len(table) - 1)  # the last row of the table: no action (zeros)
        at[record.hand[order][mine] - lo, slot[mine]] = np.flatnonzero(mine)
        buttons = record.buttons[lo:hi]
        seat_order = (buttons[:, None] + 1 + np.arange(n)) % n  # the showdown from the left of the button
        rows = np.arange(m)[:, None]
        shows = record.showdown[lo:hi, None] & ~folded[lo:hi][rows, seat_order]
        shown = record.shown[lo:hi][rows, seat_order]
        shown_text = np.concatenate([  # ,[seat,"cards"] (at most ten seats: one digit)
            _text(',[', (m, n)), (seat_order + 48).astype(np.uint8)[:, :, None], _text(',"', (m, n)),
            _cards_bytes(shown), _text('"]', (m, n))], axis=2)
        shown_text[~shows] = 0
        shown_text[np.arange(m), np.argmax(shows, axis=1), 0] = 0  # no comma before the first seat shown
        payoffs = record.payoffs[lo:hi]
        actions = table[at]
        actions[:, :1, :1] = 0  # no comma before the first action
        parts = [
            _text('{"type":"hand","hand":', (m,)), _int_text(hands[lo:hi]),
            _text(',"deal":', (m,)), _int_text(deal_nos[lo:hi]),
            _text(',"replay":', (m,)), _int_text(replays[lo:hi]),
            _text(f',"block":{block},"button":', (m,)), _int_text(buttons),
            _text(',"seats":[', (m,)),
            _items(_int_text(record.seat_agents[lo:hi])),
            _text('],"cards":"', (m,)), _cards_bytes(record.deals[lo:hi]),
            _text('","actions":[', (m,)), actions,
            _text('],"showdown":[', (m,)), shown_text,
            _text('],"payoffs":[', (m,)), _items(_int_text(payoffs)),
            _text("]}\n", (m,)),
        ]
        data = np.concatenate([p.reshape(m, -1) for p in parts], axis=1).reshape(-1)
        out += data[data != 0].tobytes().decode().splitlines(keepends=True)
    return out


def _items(texts: np.ndarray) -> np.ndarray:
    """The items ``texts`` (m, k, width) of a JSON list, a comma before every item but the first."""
    m, k, _ = texts.shape
    commas = np.full((m, k, 1), ord(","), dtype=np.uint8)
    commas[:, 0] = 0
    return np.concatenate([commas, texts], axis=2)


def _text(text: str, shape: tuple[int, ...]) -> np.ndarray:
    """The bytes of ``text`` repeated over ``shape`` (a read-only broadcast view)."""
    return np.broadcast_to(np.frombuffer(text.encode(), dtype=np.uint8), shape + (len(text),))


def _int_text(values: np.ndarray) -> np.ndarray:
    """Integers as text bytes, shape ``values.shape + (1 + digits,)``: a ``-`` or 0, then the digits, leading zeros 0."""
    v = np.asarray(values, dtype=np.int64)
    size = np.abs(v)
    digits = len(str(int(size.max(initial=0))))
    places = 10 ** np.arange(digits - 1, -1, -1, dtype=np.int64)
    each = size[..., None] // places % 10
    lead = np.cumsum(each, axis=-1) == 0
    lead[..., -1] = False  # zero is "0"
    out = np.empty(v.shape + (digits + 1,), dtype=np.uint8)
    out[..., 0] = np.where(v < 0, ord("-"), 0)
    out[..., 1:] = np.where(lead, 0, each + 48)
    return out


_KIND_LETTERS = np.frombuffer(b"fcrd", dtype=np.uint8)  # fold, check/call, raise, discard: how Action prints them


def _action_text(seat: np.ndarray, kind: np.ndarray, amount: np.ndarray) -> np.ndarray:
    """``,[seat,"action"]`` of every recorded action as a zero-padded byte row, and a last row of zeros (no action).

    The action text is ``str(Action)``, as the log documents: ``f``, ``c``,
    ``r300`` (the raise-to total; ``r`` when none is recorded), ``d12,40`` (the
    cards thrown; ``d`` stands pat).
    """
    a = len(kind)
    parts = [_text(',[', (a,)), _int_text(seat), _text(',"', (a,)), _KIND_LETTERS[kind][:, None]]
    raises = np.flatnonzero((kind == 2) & (amount > 0))  # a raise of no recorded total prints as "r"
    if len(raises):
        total = _int_text(amount[raises])
        parts.append(np.zeros((a, total.shape[1]), dtype=np.uint8))
        parts[-1][raises] = total
    discards = np.flatnonzero(kind == 3)
    if len(discards):  # the packed cards (holdem.games.batched.pack_discard): code + 1 in six bits a card
        fields = (amount[discards, None] >> (6 * np.arange(5))) & 63
        cards = _items(_int_text(np.maximum(fields - 1, 0)))
        cards[fields == 0] = 0
        parts.append(np.zeros((a,) + cards.shape[1:], dtype=np.uint8))
        parts[-1][discards] = cards
    parts.append(_text('"]', (a,)))
    rows = np.concatenate([p.reshape(a, -1) for p in parts], axis=1)
    return np.concatenate([rows, np.zeros((1, rows.shape[1]), dtype=np.uint8)])


def log_header(game: Game, names: Sequence[str], root: np.random.SeedSequence, block_size: int, n_deals: int,
               duplicate: bool) -> dict[str, Any]:
    """The header line of a match log (:mod:`holdem.match.log`) of ``names`` playing ``game`` from ``root``."""
    from holdem.match.log import LOG_FORMAT, LOG_VERSION

    return {
        "type": "header",
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "game": game.name,
        "game_repr": repr(game),
        "n_players": int(game.n_players),
        "unit": game.unit,
        "unit_chips": int(game.unit_chips),
        "agents": list(names),
        "seed": root.entropy,
        "spawn_key": list(root.spawn_key),
        "block_size": block_size,
        "n_deals": n_deals,
        "duplicate": bool(duplicate),
    }


#: Spawn-key word of the streams of agents kept for the whole match ("learn" in ASCII).
LEARNER_KEY = 0x6C6561726E


def keep_learners(specs: Sequence[AgentSpec], root: np.random.SeedSequence) -> tuple[AgentSpec, ...]:
    """Agents that learn across hands, made once for the whole match; every other agent stays a factory.

    An agent whose ``learns_across_hands`` is true (BPP's M_A|C, Korb1999 §5.2;
    Poki's specific opponent models, Billings2002 §5) must keep what it learns
    for the whole match, as in the papers' experiments, whether it was named
    or passed as a factory.  Agent ``i`` of those is made from child ``i`` of
    ``SeedSequence(root.entropy, spawn_key=root.spawn_key + (LEARNER_KEY,))``, so
    the same match gives the same numbers from the API and the CLI.  Every
    other agent is made afresh per block from the block's streams (so results
    do not depend on ``workers``).
    """
    streams = np.random.SeedSequence(root.entropy, spawn_key=tuple(root.spawn_key) + (LEARNER_KEY,)).spawn(len(specs))
    out = []
    for spec, stream in zip(specs, streams):
        if spec.factory is not None:
            learns = getattr(spec.factory, "learns_across_hands", None) if isinstance(spec.factory, type) else None
            if learns is None or learns:
                agent = spec.make(np.random.default_rng(stream))
                if capabilities(agent).learns_across_hands:
                    spec = AgentSpec(spec.name, instance=agent, games=spec.games)
        out.append(spec)
    return tuple(out)


def check_picklable_agents(specs: Sequence[AgentSpec]) -> None:
    """Refuse (one line) agent factories that worker processes could not import.

    Workers start by the *spawn* method and import each factory by its module
    name; a class or function defined in a notebook or an interactive session
    lives in a ``__main__`` that has no file, so no worker can import it.
    """
    import sys

    main_has_file = getattr(sys.modules.get("__main__"), "__file__", None) is not None
    for spec in specs:
        factory = spec.factory
        if isinstance(factory, functools.partial):  # a class taking no rng, wrapped by resolve_agent
            factory = factory.args[0] if factory.args else factory.func
        if factory is not None and getattr(factory, "__module__", None) == "__main__" and not main_has_file:
            raise ValueError(
                f"agent {spec.name!r} is defined in this notebook or interactive session, which worker processes "
                "cannot import; play it with workers=1, or move it into a .py module and import it from there"
            )



class _BlockPlan(Protocol):
    """What :func:`run_blocks` reads of a plan (a :class:`DealBlocks` with ``n_replays``)."""

    @property
    def n_deals(self) -> int: ...

    @property
    def n_blocks(self) -> int: ...

    @property
    def n_replays(self) -> int: ...

    def block_deals(self, block: int) -> int: ...


def run_blocks(plan: _BlockPlan, play: Callable[[Any, int, np.random.SeedSequence], Any], root: np.random.SeedSequence,
               header: dict[str, Any] | None, *, log: Path | None = None, previous: MatchLog | None = None,
               reuse: Callable[[int, int], None], on_result: Callable[[Any], None], workers: int = 1,
               scheduler: str | None = None, progress: bool = False, desc: str = "") -> None:
    """Play the blocks of ``plan`` that a log does not already hold: the machinery of every block runner.

    :func:`play_match` and Local Best Response (``bpp lbr``) both run on it:
    block ``b`` gets child ``b`` of ``root`` (``SeedSequence(root.entropy,
    spawn_key=root.spawn_key + (b,))``, made when the block is due), blocks run
    on the one parallel layer (:func:`holdem.match.parallel.iter_blocks`: this
    process, ``workers`` local processes or the Dask ``scheduler``) and come
    back in block order; each is appended to the log ``log`` (checked path,
    with ``header``) and counted on a tqdm bar (``progress``: hands, ``desc``).

    Parameters
    ----------
    plan
        A :class:`DealBlocks` with ``n_replays`` (hands per deal), picklable.
    play
        ``play(plan, block, stream)`` → a block result with ``block``, ``n_deals``,
        ``lines`` (its log lines) and ``agent_chips()`` ((n_hands, n_agents) chips).
    log, previous
        The log path (or None) and, when the caller read it already, its
        :class:`~holdem.match.log.MatchLog`; an existing log must be of the same
        run (:func:`~holdem.match.log.check_resumable` against ``header``).
    reuse
        ``reuse(block, start)``: told each complete block the log already holds
        (``start``: its first hand among the log's hands), in order; it is not played again.
    on_result
        ``on_result(result)``: told each block played, in block order.
    """
    from holdem.match.log import LogWriter, check_resumable, read_log

    if log is not None and previous is None and log.exists() and log.stat().st_size > 0:
        previous = read_log(log)
    done = 0
    if previous is not None:
        check_resumable(previous, cast("dict[str, Any]", header), cast(Path, log))
        for b, deals, start in previous.blocks:
            if b >= plan.n_blocks or deals < plan.block_deals(b):
                break  # a short last block is played again in full when the run grows
            reuse(b, start)
            done = b + 1
    n_todo = plan.n_blocks - done
    if n_todo == 0:
        return
    workers = min(workers, n_todo)
    cpus = os.cpu_count() or 1
    if workers > cpus:
        warnings.warn(f"workers={workers} is more than the {cpus} CPUs of this machine; the match will not run faster",
                      RuntimeWarning, stacklevel=3)
    writer = None if log is None else LogWriter(log, cast("dict[str, Any]", header), previous=previous)  # a log has a header
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=plan.n_deals * plan.n_replays, initial=sum(plan.block_deals(b) for b in range(done)) * plan.n_replays,
                   unit="hand", desc=desc, leave=False)
    tasks = ((b, np.random.SeedSequence(root.entropy, spawn_key=tuple(root.spawn_key) + (b,))) for b in range(done, plan.n_blocks))
    try:
        for res in parallel.iter_blocks(plan, tasks, play=play, workers=workers, scheduler=scheduler):
            if writer is not None:
                writer.write_block(res.block, res.n_deals, list(res.lines), res.agent_chips())
            on_result(res)
            if bar is not None:
                bar.update(res.n_deals * plan.n_replays)
    finally:
        if writer is not None:
            writer.close()
        if bar is not None:
            bar.close()


def play_match(
    game: Game,
    agents: Sequence[Any],
    n_deals: int,
    *,
    rng: RngLike = None,
    duplicate: bool = False,
    workers: int = 1,
    block_size: int = DEFAULT_BLOCK_SIZE,
    log: str | os.PathLike[str] | None = None,
    progress: bool = False,
    scheduler: str | None = None,
) -> MatchResult:
    """Play a match between ``agents`` and return its :class:`MatchResult`.

    Parameters
    ----------
    game
        A rule set of :mod:`holdem.games` (``game.n_players`` seats).
    agents
        One entry per seat: agent names (``"call"``), factories
        ``f(rng=...) -> agent`` (an agent class) or agent instances; see
        :mod:`holdem.match.agents`.  Names and factories make fresh agents for
        every block, except agents that learn across hands, which are made once
        and keep their state for the whole match (:func:`keep_learners`), exactly
        as ``bpp match`` does; instances persist across blocks.  Learners and
        instances need ``workers=1`` (refused otherwise).  When a log is
        extended, they are first told the hands the log holds, as they played
        them (:func:`holdem.match.replay.replay_log_hands`), so the match goes on
        from the state it was interrupted in.
    n_deals
        Deals to play (a *deal* is one shuffled deck; a *hand* is one deal
        played by one seating).  An ordinary match plays one hand per deal; a
        duplicate match plays every deal once per seating, ``n_players`` hands.
        The result reports both (``n_deals``, ``n_hands``); ``bpp match
        --deals`` (alias ``--hands``) means the same.
    rng
        Seed: None (fresh entropy, recorded in the result), an int, a
        ``SeedSequence`` or a ``Generator`` (drawn from once).
    duplicate
        Replay every deal with the agents rotated round the seats (Billings1998 §5);
        statistics then use the per-deal mean over the replays as the sample.
    workers
        Local processes that play blocks (``concurrent.futures``, spawn start
        method: scripts need an ``if __name__ == "__main__":`` guard).  The result
        is identical for every value.  Capped at the number of blocks to play; a
        ``RuntimeWarning`` says when it exceeds the machine's CPUs.
    block_size
        Deals per block.  The result depends on it (it sets the streams), not on ``workers``.
    log
        Path of a JSON-lines hand log (:mod:`holdem.match.log`), checked before
        anything is played.  A log is never shortened or overwritten: an existing
        log of the same match that already holds the deals asked for gives the
        answer untouched; one that holds fewer is extended (its complete blocks
        reused, the rest played and appended); another match's log, or a
        damaged or edited one, is refused with one line.  With ``rng=None`` the
        log's seed is adopted.
    progress
        Show a tqdm progress bar (hands) on stderr.
    scheduler
        Address of a Dask scheduler that plays the blocks instead of local
        processes (default ``$BPP_SCHEDULER``; :mod:`holdem.match.cluster`).
        The result is the same as on one process.

    Examples
    --------
    >>> from holdem.games import LimitHoldem                      # doctest: +SKIP
    >>> r = play_match(LimitHoldem(), ["call", "raise"], 1000, rng=1)  # doctest: +SKIP
    >>> print(r.table())                                           # doctest: +SKIP
    >>> play_match(None, ["call"], 0)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_deals' parameter of play_match must be an integer >= 2; got 0.
    """
    n_deals = check_int("play_match", "n_deals", n_deals, 2)
    workers = check_int("play_match", "workers", workers, 1)
    block_size = check_int("play_match", "block_size", block_size, 1)
    if isinstance(game, type):
        raise ValueError(
            f"The 'game' parameter of play_match must be a rule set instance, e.g. {game.__name__}(); "
            f"got the class {game.__name__}."
        )
    n_players = getattr(game, "n_players", None)
    if not isinstance(n_players, (int, np.integer)) or not hasattr(game, "new_hand"):
        raise ValueError(f"The 'game' parameter of play_match must be a rule set of holdem.games; got {game!r}.")
    if isinstance(agents, str):
        agents = agents.split(",")
    agents = list(agents)
    if len(agents) != n_players:
        raise ValueError(
            f"The 'agents' parameter of play_match must name one agent per seat ({n_players} for "
            f"{game.name}); got {len(agents)}."
        )
    specs = tuple(resolve_agent(a) for a in agents)
    check_agent_games(game.name, specs)
    previous = None
    if log is not None:
        from holdem.files import check_output_path
        from holdem.match.log import read_log

        log = check_output_path(log, "log")
        if log.exists() and log.stat().st_size > 0:
            previous = read_log(log)
            if rng is None:
                rng = np.random.SeedSequence(previous.header["seed"], spawn_key=tuple(previous.header["spawn_key"]))
    root = seed_sequence(rng)
    specs = keep_learners(specs, root)
    learners = [s.name for s in specs if s.instance is not None and capabilities(s.instance).learns_across_hands]
    instances = [s.name for s in specs if s.instance is not None]
    if instances and workers > 1:
        why = "learn across hands and keep one state for the whole match" if learners else "are agent instances"
        raise ValueError(
            f"agents {', '.join(sorted(set(instances)))} {why}; they need workers=1 (got {workers})"
        )
    plan = MatchPlan(game, specs, n_deals, block_size, bool(duplicate), record=log is not None)
    header = None if log is None else log_header(game, [s.name for s in specs], root, block_size, n_deals, duplicate)
    if workers > 1:
        check_picklable_agents(specs)
    # Blocks already in the log are read from it (a block the log holds with more deals than this
    # match needs gives its first deals: the prefix of the same streams); the rest are played.
    results: list[np.ndarray] = []
    logged = previous.chips() if previous is not None else None
    # Agents kept for the whole match (learners, instances) are told the blocks the log holds, as they played
    # them, when the match goes on past the log: they continue from the state the log left them in.
    kept = {i: s.instance for i, s in enumerate(specs) if s.instance is not None}
    relearn = bool(kept) and previous is not None and previous.n_deals < n_deals
    bars: list[Any] = []

    def reuse(block: int, start: int) -> None:
        assert logged is not None and previous is not None  # only blocks of a log are reused
        n = plan.block_deals(block) * plan.n_replays
        results.append(logged[start : start + n])
        if relearn:
            from holdem.match.replay import replay_log_hands

            if progress and not bars:
                from tqdm import tqdm

                bars.append(tqdm(unit="hand", desc=f"{game.name}: replaying the log into {', '.join(sorted(set(instances)))}",
                                 leave=False))
            replay_log_hands(game, previous.hands[start : start + n], kept, str(log))
            if bars:
                bars[0].update(n)

    try:
        run_blocks(plan, play_block, root, header, log=log, previous=previous, reuse=reuse,
                   on_result=lambda res: results.append(res.chips), workers=workers, scheduler=scheduler,
                   progress=progress, desc=game.name)
    finally:
        for bar in bars:
            bar.close()
    chips = np.concatenate(results, axis=0)
    winnings = chips / float(game.unit_chips)
    winnings.flags.writeable = False
    players = agent_results([s.name for s in specs], winnings, plan.n_replays, duplicate=plan.duplicate)
    return MatchResult(
        game=game.name,
        unit=game.unit,
        unit_chips=int(game.unit_chips),
        n_hands=int(chips.shape[0]),
        n_deals=n_deals,
        duplicate=bool(duplicate),
        seed=root.entropy,  # type: ignore[arg-type]  # an int unless a SeedSequence of several words was given
        block_size=block_size,
        players=players,
        winnings=winnings,
    )


"""The fixed-style players and the evolving player of Kendall and Willdig (Kendall2001 §3).

:class:`StylePlayer` plays one of the four tables of :mod:`bpp.kendall.styles`
("loose-aggressive" … "tight-passive", Tables 1-4): the value of its current
hand (:mod:`bpp.kendall.handvalues`) picks the row of the round's table, the
pot decides between the row's raise and a call.

:class:`EvolvingPlayer` is the adaptive player of §3: one learning value per
hand value (the 100 classes "7 High" … "Royal Flush"), all starting at 10,
and the decision rule as printed::

    if lv < 6: FOLD
    elif lv < 8: CALL
    else:
        ac = (lv / log10(pv)) / (np / lv)
        if ac < 10: CALL
        else: RAISE by round(sqrt(ac) * w)

with ``pv`` the pot (every chip in it, antes included), ``np`` the players
not folded (itself included), and ``w`` 3 for 8 ≤ lv < 9, 4 for 9 ≤ lv ≤ 9.99
and 5 for lv > 9.99 (the text's "if 8 < lv > 8.99 then w = 3 / if 9 < lv >
9.99 then w = 4 / if lv > 9.99 then w = 5").  Before the draw it uses the
learning value of the hand it was dealt, after the draw that of the hand it
holds then.  A fold with nothing to call is a check, a raise the rules do
not allow (third pass round the table) a call.  Both players draw by
:func:`bpp.kendall.drawing.discards`.

Learning (§3: "If the evolving player wins a game, with other players either
calling or raising, then the learning value is incremented by 0.1, but will
never exceed 10.  If the player folds after raising or calling the learning
value will be decreased by 0.1 unless it is already zero"), applied once per
hand to the learning value of every hand value the player bet on in that
hand (the dealt hand's and, if it changed, the drawn hand's):

* **+0.1** when it wins the pot (or a share) and some other player called a
  bet or raised during the hand;
* **−0.1** when it gives the hand up after having called a bet or raised.
  Read literally ("folds") the rule can never fire: every value starts at
  10 and the player folds only below 6, so nothing would ever be learned,
  while the paper's Table 5 shows the player learning within 200 hands.
  So by default (``decrease_on="loss"``) losing the showdown counts as giving
  the hand up too; ``decrease_on="fold"`` is the literal reading (kept to
  show that it does not learn: a test checks the values stay at 10).

The learned values are the attribute ``values_`` (float array of 100, on a
0.1 grid in [0, 10]); :meth:`EvolvingPlayer.save` and :func:`load_values`
keep them in a JSON or CSV file, never pickle.

>>> decide(8, 5, 50)
('call', 7.53, 0)
>>> decide(8, 3, 50)
('raise', 12.56, 11)
>>> decide(9, 3, 50)
('raise', 15.89, 16)
"""

from __future__ import annotations

import csv
import json
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from bpp.kendall.drawing import discard_bits, discards
from bpp.kendall.handvalues import N_VALUES, VALUE_NAMES, hand_value, hand_values
from bpp.kendall.readings import Reading
from bpp.kendall.readings import reading as _reading
from bpp.kendall.styles import STYLE_NAMES, compile_style
from holdem.agents import Agent
from holdem.evaluate import _evaluate_one
from holdem._typing import RngLike
from holdem.games.base import CHECK_CALL, FOLD, Action, ActionKind, Event, Observation

__all__ = [
    "StylePlayer",
    "EvolvingPlayer",
    "decide",
    "raise_weight",
    "load_values",
    "check_values",
    "INITIAL_VALUE",
    "VALUES_FORMAT",
]

_DISCARD = ActionKind.DISCARD
_RAISE = ActionKind.BET_RAISE
_CALL_KIND = ActionKind.CHECK_CALL
_FOLD_KIND = ActionKind.FOLD
#: "Initially, all values are set to 10" (Kendall2001 §3).
INITIAL_VALUE = 10.0
#: The ``format`` field of a values file.
VALUES_FORMAT = "bpp-kendall-values"


def _draw_action(player, observation) -> Action:
    """The draw of the player's reading: none (``pat``) or the standard one, on the value it bet on in round 0 (cached).

    "Allowed to trade two cards" (Kendall2001 §2): at most two, and at most
    what the game allows (its last legal discard has the most cards).
    """
    if player._pat:
        return Action(_DISCARD, 0, ())
    hole = observation.hole
    value = player._value if hole is player._hole else None
    return Action(_DISCARD, 0, discards(hole, min(2, len(observation.legal[-1].discard)), value))


def _raise_to(observation, raise_by: int):
    """The raise-to total for a raise of ``raise_by`` over the current bet, inside the legal bounds (None: no raise allowed)."""
    bounds = observation.raise_bounds
    if bounds is None:
        return None
    to = observation.committed[observation.player] + observation.to_call + raise_by
    lo, hi = bounds
    return Action(_RAISE, lo if to < lo else hi if to > hi else to)


class StylePlayer(Agent):
    """A fixed-style player: acts on the value of its hand and the pot as its table says (Kendall2001 §3, Tables 1-4).

    Parameters
    ----------
    style : str
        One of ``loose-aggressive``, ``loose-passive``, ``tight-aggressive``, ``tight-passive``.
    reading : str or Reading, optional
        How the paper's open points are read (:mod:`bpp.kendall.readings`): its
        drawing, and whether a raise row bets when nothing is owed (default
        :data:`bpp.kendall.readings.DEFAULT`).
    rng
        Unused (the styles are deterministic); accepted like every agent's.

    Examples
    --------
    >>> import numpy as np
    >>> from holdem.games import Draw5
    >>> from holdem import parse_cards
    >>> deal = list(range(52))            # seat 1 (left of the button) gets cards 0, 5, 10, 15, 20
    >>> state = Draw5().new_hand(deal)
    >>> StylePlayer("tight-passive").act(state.observation(1))   # 2c 3d 4h 5s 7c: no pair, check
    Action(kind=<ActionKind.CHECK_CALL: 1>, amount=0, discard=())
    >>> StylePlayer("sneaky")
    Traceback (most recent call last):
    ...
    ValueError: The 'style' parameter must be one of loose-aggressive, loose-passive, tight-aggressive, tight-passive; got 'sneaky'.
    """

    trusted_actions = True  # answers only legal actions (fold only facing a bet, raises inside the bounds)

    def __init__(self, style: str, *, reading: Reading | str | None = None, rng: RngLike = None) -> None:
        super().__init__(rng=rng)
        self.style = style
        table = compile_style(style)
        self.reading = _reading(reading)
        self._pat = self.reading.draw == "pat"
        self._open = self.reading.idle == "bet"
        self.name = style
        self._kinds = table.kinds
        self._raise_by = table.raise_by
        self._pot_limit = table.pot_limit
        self._kind_table, self._raise_table, self._limit_table = (
            np.array(t, dtype=np.int64) for t in (table.kinds, table.raise_by, table.pot_limit))  # (2, 100) for act_batch
        self._hole: tuple[int, ...] | None = None
        self._value = 0

    def act(self, observation: Observation) -> Action:
        r = observation.round
        if r == 1:
            return _draw_action(self, observation)
        b = 0 if r == 0 else 1
        hole = observation.hole
        if hole is not self._hole:  # the engine hands out the same tuple until the draw changes it
            self._hole, self._value = hole, hand_value(hole)
        v = self._value
        kind = self._kinds[b][v]
        if kind == 2 and observation.pot <= self._pot_limit[b][v] and (self._open or observation.to_call > 0):
            action = _raise_to(observation, self._raise_by[b][v])
            if action is not None:
                return action
        if kind == 0 and observation.to_call > 0:
            return FOLD
        return CHECK_CALL

    def act_batch(self, observation: Any) -> tuple[np.ndarray, np.ndarray]:
        """``(kinds, amounts)`` :meth:`act` picks in every row of a five-card draw batch (:class:`~holdem.games.batched.Draw5Batch`).

        The same table lookup for all rows at once: the hand values of the
        rows' current hands, the round's rule, the pot limit and the raise
        clipped into ``raise_bounds`` (kind 2, the raise-to total); in the
        draw (kind 3) the positions :func:`~bpp.kendall.drawing.discard_bits`
        throws.  The player is deterministic, so a batch plays exactly as hand
        by hand.  A row whose hand is not five distinct cards is a ``ValueError`` naming the row.

        >>> import numpy as np
        >>> from holdem.games import Draw5
        >>> from holdem.games.batched import Draw5Batch
        >>> batch = Draw5Batch(Draw5(n_players=2), np.tile(np.arange(52), (1, 1)), [0])
        >>> StylePlayer("tight-passive").act_batch(batch.observation([0]))   # no pair: check, as act
        (array([1], dtype=int8), array([0]))
        """
        if not getattr(observation, "has_draw", False):
            raise ValueError(f"StylePlayer.act_batch plays five-card draw batches; got a batch of {observation.game!r}")
        hole = np.asarray(observation.hole, dtype=np.int64)
        k = len(hole)
        if hole.shape != (k, 5):
            raise ValueError(f"StylePlayer.act_batch needs five cards a row; got hands of shape {hole.shape}")
        srt = np.sort(hole, axis=1)
        bad = ((srt[:, 0] < 0) | (srt[:, 4] > 51) | (srt[:, 1:] == srt[:, :-1]).any(axis=1)).nonzero()[0]
        if len(bad):
            row = int(bad[0])
            raise ValueError(f"StylePlayer.act_batch: row {row} holds {hole[row].tolist()}, not five distinct card codes 0-51")
        values = hand_values(hole).astype(np.intp)
        rounds = observation.round
        b = (rounds != 0).astype(np.intp)  # betting round 0 before the draw, 2 after it (the table's second round)
        kind = self._kind_table[b, values]
        to_call = observation.to_call
        rows = np.arange(k)
        lo, hi = observation.raise_bounds  # both 0 where no raise is legal (the draw's legal mask reads the same)
        raise_to = observation.committed[rows, observation.player] + to_call + self._raise_table[b, values]
        raising = (kind == 2) & (observation.pot <= self._limit_table[b, values]) & (lo > 0)
        if not self._open:
            raising &= to_call > 0
        kinds = np.where(raising, 2, np.where((kind == 0) & (to_call > 0), 0, 1)).astype(np.int8)
        amounts = np.where(raising, np.clip(raise_to, lo, hi), 0).astype(np.int64)
        drawing = rounds == 1
        if drawing.any():
            kinds[drawing] = 3
            if not self._pat:
                amounts[drawing] = discard_bits(hole[drawing], values[drawing], min(2, observation.game.max_draw))
        return kinds, amounts

    def __repr__(self) -> str:
        return f"StylePlayer({self.style!r})"


def raise_weight(lv: float) -> int:
    """The weighting factor ``w`` of the raise size for learning value ``lv`` (Kendall2001 §3).

    >>> [raise_weight(x) for x in (7.9, 8.0, 8.99, 9.0, 9.99, 10.0)]
    [1, 3, 3, 4, 4, 5]
    """
    if lv > 9.99:
        return 5
    if lv >= 9:
        return 4
    if lv >= 8:
        return 3
    return 1


def decide(lv: float, n_players: int, pot: float) -> tuple[str, float | None, int]:
    """The evolving player's decision rule (Kendall2001 §3): ``(action, ac, raise_by)``.

    ``action`` is "fold", "call" or "raise"; ``ac`` is rounded to two
    decimals (None below lv 8); ``raise_by`` the units to raise (0 unless
    raising).  The paper's worked examples (its Figures 1-3): lv 8, np 5,
    pv 50 → ac 7.53, call; lv 8, np 3, pv 50 → raise 11 units (the paper
    prints ac = 12.57; the formula gives 12.557, 12.56); lv 9, np 3, pv 50 →
    ac 15.89, raise 16 units.

    >>> decide(5.9, 5, 50), decide(6, 5, 50), decide(10, 5, 5)
    (('fold', None, 0), ('call', None, 0), ('raise', 28.61, 27))
    >>> decide(8, 0, 50)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_players' parameter of decide must be a positive integer; got 0.
    """
    if isinstance(n_players, bool) or not isinstance(n_players, (int, np.integer)) or n_players < 1:
        raise ValueError(f"The 'n_players' parameter of decide must be a positive integer; got {n_players!r}.")
    if not pot > 1:
        raise ValueError(f"The 'pot' parameter of decide must be more than 1 unit (log10 of it divides); got {pot!r}.")
    action, ac, raise_by = _rule(lv, n_players, pot)
    return action, None if ac is None else round(ac, 2), raise_by


def _rule(lv: float, n_players: int, pot: float) -> tuple[str, float | None, int]:
    """:func:`decide` unchecked and unrounded (the player's hot path)."""
    if lv < 6:
        return "fold", None, 0
    if lv < 8:
        return "call", None, 0
    ac = (lv / math.log10(pot)) / (n_players / lv)
    if ac < 10:
        return "call", ac, 0
    return "raise", ac, int(math.floor(math.sqrt(ac) * raise_weight(lv) + 0.5))


def check_values(values: Any, *, source: str = "values") -> np.ndarray:
    """``values`` as a float array of 100 learning values in [0, 10], else a ``ValueError`` naming the bad entry.

    >>> check_values([10.0] * 99 + [10.5])
    Traceback (most recent call last):
    ...
    ValueError: values: the learning value of 'Royal Flush' must be a number in [0, 10]; got 10.5.
    """
    values = list(values)
    if len(values) != N_VALUES:
        raise ValueError(f"{source}: expected {N_VALUES} learning values (one per hand value); got {len(values)}.")
    out = np.empty(N_VALUES)
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)) or not 0 <= v <= 10:
            raise ValueError(f"{source}: the learning value of {VALUE_NAMES[i]!r} must be a number in [0, 10]; got {v!r}.")
        out[i] = round(float(v), 1)
    return out


def load_values(path: str | os.PathLike[str]) -> np.ndarray:
    """The 100 learning values saved in ``path``: a JSON file (``{"values": {name: lv}}``) or a CSV (``hand,value``).

    Raises a one-line ``ValueError`` for a missing, malformed or out-of-range file.

    >>> load_values("no-such-file.json")
    Traceback (most recent call last):
    ...
    ValueError: values file 'no-such-file.json' does not exist
    """
    path = Path(path)
    if path.is_dir():
        raise ValueError(f"values file {str(path)!r} is a folder, not a file")
    if not path.is_file():
        raise ValueError(f"values file {str(path)!r} does not exist")
    where = f"values file {str(path)!r}"
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{where} cannot be read: {exc}") from None
    if path.suffix.lower() == ".csv":
        rows = list(csv.reader(text.splitlines()))
        if not rows or [c.strip() for c in rows[0]] != ["hand", "value"]:
            raise ValueError(f"{where} is not a values CSV (its header must be 'hand,value')")
        table: Any = {}
        for row in rows[1:]:
            if len(row) != 2:
                raise ValueError(f"{where}: every row must be 'hand,value'; got {','.join(row)!r}")
            try:
                table[row[0]] = float(row[1])
            except ValueError:
                raise ValueError(f"{where}: the value of {row[0]!r} must be a number; got {row[1]!r}") from None
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{where} is not valid JSON ({exc.msg} at line {exc.lineno})") from None
        table = data.get("values") if isinstance(data, dict) else None
        from holdem.match.log import is_signed

        if isinstance(data, dict) and "format" in data and not is_signed(data):  # written by bpp: covered by its checksum
            raise ValueError(f"{where} does not match its checksum: it was damaged or edited (keep a copy, train again)")
        if not isinstance(table, dict):
            raise ValueError(f"{where} has no 'values' object (hand name → learning value)")
    missing = [n for n in VALUE_NAMES if n not in table]
    unknown = [n for n in table if n not in VALUE_NAMES]
    if missing or unknown:
        what = f"misses {missing[0]!r}" if missing else f"names an unknown hand {unknown[0]!r}"
        raise ValueError(f"{where} {what} ({len(missing)} missing, {len(unknown)} unknown of {N_VALUES} hand values)")
    return check_values([table[n] for n in VALUE_NAMES], source=where)


class EvolvingPlayer(Agent):
    """Kendall and Willdig's evolving player: one learning value per hand value, ±0.1 learning (Kendall2001 §3).

    Parameters
    ----------
    values : array-like of 100 floats or None
        Starting learning values (None: all 10, "every hand is assumed to be
        good until we find out otherwise").
    learn : bool
        Whether to learn from each hand (False: play the given values, as
        for the evaluation after training).
    decrease_on : {"loss", "fold"}
        When a learning value drops by 0.1 (see the module docstring):
        ``"loss"`` after folding or losing the showdown, ``"fold"`` only after
        folding (the literal text, which never learns).
    reading : str or Reading, optional
        How the paper's open points are read (:mod:`bpp.kendall.readings`): its
        drawing, and which hand's value learns (``both`` hands it bet on, the
        ``final`` one it last bet on, or the ``dealt`` one); default
        :data:`bpp.kendall.readings.DEFAULT`.
    rng
        Unused (the player is deterministic).

    Attributes
    ----------
    values_ : ndarray of float, shape (100,)
        The learning values, indexed by hand value.
    hands_ : int
        Hands seen since the values were set.

    Examples
    --------
    >>> p = EvolvingPlayer()
    >>> float(p.values_.min()), p.learns_across_hands
    (10.0, True)
    >>> EvolvingPlayer(decrease_on="never")
    Traceback (most recent call last):
    ...
    ValueError: The 'decrease_on' parameter of EvolvingPlayer must be 'loss' or 'fold'; got 'never'.
    """

    _values_used: set[int]  # the hand values whose learning this hand credits (see _start)

    name = "evolving"
    trusted_actions = True

    def __init__(self, *, values: Any = None, learn: bool = True, decrease_on: str = "loss",
                 reading: Reading | str | None = None, rng: RngLike = None) -> None:
        super().__init__(rng=rng)
        self.reading = _reading(reading)
        self._pat = self.reading.draw == "pat"
        self._credit = self.reading.credit
        if decrease_on not in ("loss", "fold"):
            raise ValueError(f"The 'decrease_on' parameter of EvolvingPlayer must be 'loss' or 'fold'; got {decrease_on!r}.")
        self.values = values
        self.learn = bool(learn)
        self.decrease_on = decrease_on
        self.values_ = np.full(N_VALUES, INITIAL_VALUE) if values is None else check_values(values)
        self.hands_ = 0
        self.last_outcome_: tuple[bool, bool] | None = None
        self._hole, self._value = None, 0
        self._start(None)
        self._pending = False

    @property
    def learns_across_hands(self) -> bool:
        """True while learning (``bpp match`` then keeps one instance for the whole match)."""
        return self.learn

    # -- the decision ---------------------------------------------------------

    def decision(self, observation: Observation) -> tuple[str, float | None, int]:
        """``decide(lv, np, pv)`` for this observation: the hand's learning value, players left and the pot."""
        v = hand_value(observation.hole)
        return decide(self.values_.item(v), observation.n_players - sum(observation.folded), observation.pot)

    def _choose(self, observation) -> Action:
        """The action for ``observation`` without recording anything (act records; action_probabilities does not)."""
        if observation.round == 1:
            return _draw_action(self, observation)
        hole = observation.hole
        if hole is not self._hole:  # the engine hands out the same tuple until the draw changes it
            self._hole, self._value = hole, hand_value(hole)
        action, _, raise_by = _rule(self.values_.item(self._value), observation.n_players - sum(observation.folded), observation.pot)
        if action == "fold":
            return FOLD if observation.to_call > 0 else CHECK_CALL
        if action == "raise":
            chosen = _raise_to(observation, raise_by)
            if chosen is not None:
                return chosen
        return CHECK_CALL

    def act(self, observation: Observation) -> Action:
        action = self._choose(observation)
        if observation.round != 1:
            if self._credit == "both" or (self._credit == "dealt" and observation.round == 0):
                self._values_used.add(self._value)
            elif self._credit == "final":
                self._values_used = {self._value}
            if action.kind == _RAISE or (action.kind == _CALL_KIND and observation.to_call > 0):
                self._invested = True
        return action

    def action_probabilities(self, observation: Observation) -> dict[Action, float]:
        """The (deterministic) policy at ``observation``: its action with probability 1; records nothing."""
        return {self._choose(observation): 1.0}

    # -- following the hand and learning ---------------------------------------

    def new_hand(self, seat: int) -> None:
        self.settle()
        self._start(seat)

    def _start(self, seat) -> None:
        self._seat = seat
        self._values_used = set()
        self._invested = False
        self._others_in = False
        self._raised_round = -1
        self._folded = False
        self._best_other = -1
        self._mine = -1
        self._pending = True

    def observe(self, event: Event) -> None:
        if not self._pending:
            return
        kind = event.kind
        if kind == "action":
            a = event.action.kind  # type: ignore[union-attr]  # an action event carries its action
            if event.player == self._seat:
                if a == _FOLD_KIND:
                    self._folded = True
                elif a == _RAISE:
                    self._raised_round = event.round
                return
            if a == _RAISE:
                self._others_in = True
                self._raised_round = event.round
            elif a == _CALL_KIND and self._raised_round == event.round:
                self._others_in = True  # a call after a raise in the same round puts chips in
        elif kind == "showdown":
            rank = _evaluate_one(event.cards, None)
            if event.player == self._seat:
                self._mine = rank
            elif rank > self._best_other:
                self._best_other = rank

    def end_hand(self) -> None:
        """The hand is over: learn from it (:meth:`settle`)."""
        self.settle()

    def settle(self) -> "EvolvingPlayer":
        """Apply the learning step of the hand just played (called by :meth:`end_hand` and :meth:`new_hand`; safe to call twice)."""
        if not self._pending:
            return self
        self._pending = False
        self.hands_ += 1
        won = not self._folded and self._mine >= self._best_other
        self.last_outcome_ = (self._invested, won)
        if not self.learn or not self._values_used:
            return self
        values = self.values_
        if won and self._others_in:
            for v in self._values_used:
                x = values.item(v)
                if x < 10:
                    values[v] = round(min(10.0, x + 0.1), 1)
        elif not won and self._invested and (self._folded or self.decrease_on == "loss"):
            for v in self._values_used:
                x = values.item(v)
                if x > 0:
                    values[v] = round(max(0.0, x - 0.1), 1)
        return self

    def reset(self) -> None:
        """Back to the starting values (forget what was learned)."""
        self.values_ = np.full(N_VALUES, INITIAL_VALUE) if self.values is None else check_values(self.values)
        self.hands_ = 0
        self._pending = False

    def save(self, path: str | os.PathLike[str], **metadata: Any) -> Path:
        """Write the learning values to a new file ``path``: JSON (``{"format", "values": {name: lv}, ...metadata}``) or CSV by suffix.

        Never overwrites: an existing ``path`` is a ``ValueError``.
        """
        path = Path(path)
        if path.suffix.lower() == ".csv":
            text = "\n".join(["hand,value"] + [f"{n},{v:.1f}" for n, v in zip(VALUE_NAMES, self.values_.tolist())]) + "\n"
        else:
            from holdem.match.log import signed

            text = json.dumps(signed({"format": VALUES_FORMAT, "version": 1, **metadata, "values": self.values_dict()}), indent=1) + "\n"
        try:
            with open(path, "x") as f:
                f.write(text)
        except FileExistsError:
            raise ValueError(f"values file {str(path)!r} already exists; saved values are never overwritten") from None
        return path

    @classmethod
    def load(cls, path: str | os.PathLike[str], **params: Any) -> "EvolvingPlayer":
        """A player starting from the values saved in ``path`` (see :func:`load_values`)."""
        return cls(values=load_values(path), **params)

    def values_dict(self) -> dict[str, float]:
        """The learning values by hand-value name."""
        return {n: round(v, 1) for n, v in zip(VALUE_NAMES, self.values_.tolist())}

    def __repr__(self) -> str:
        return f"EvolvingPlayer(learn={self.learn}, decrease_on={self.decrease_on!r}, hands_={self.hands_})"


def style_factory(style: str) -> Callable[..., StylePlayer]:
    """A registry factory ``f(*, rng)`` for one style."""

    def make(*, rng=None):
        return StylePlayer(style, rng=rng)

    make.__name__ = style.replace("-", "_")
    return make


loose_aggressive, loose_passive, tight_aggressive, tight_passive = (style_factory(s) for s in STYLE_NAMES)

"""A Gymnasium ``VectorEnv`` on the batched engine: ``num_envs`` hands at once, one learner each, against bpp agents.

:class:`BatchVsAgentsEnv` is the vector form of :class:`bpp.envs.VsAgentsEnv`
for every game that has a batched engine (:mod:`holdem.games.batched`:
limit hold'em with 2–10 seats, heads-up no-limit hold'em, five-card stud
with or without table stakes, five-card draw) and opponents that decide
whole batches (``act_batch``: ``call``, ``raise``, ``fold``, ``random``,
``rules``, the no-limit chumps, Kendall's four fixed draw styles).
Every sub-environment is one table; an episode is one hand; the learner sits
in seat 0 and the button moves every hand.  A step applies the learner's
action in every table at once (one batched ``apply``), then lets the
opponents act, one ``act_batch`` per opponent per betting step, until the
learner is to act again or the hand is over; a table whose hand ended starts
the next hand in the same step (Gymnasium's ``SAME_STEP`` autoreset).

**Spaces, observations, masks, rewards** are :class:`~bpp.envs.VsAgentsEnv`'s:
the observation of table ``i`` is :func:`bpp.envs.encode`'s vector of the
learner's view (computed for the whole batch at once, :func:`encode_batch`),
``info["action_mask"]`` the int8 masks (``num_envs``, actions) of the betting
set (:data:`bpp.envs.ACTION_SETS`; in five-card draw followed by the 32
discards, action ``k + b`` throwing the hole cards at the bits of ``b``), the reward the learner's result in the
game's unit when the hand ends.  A hand that ends before the learner's first
decision is not an episode: its result goes to ``info["skipped_reward"]``.
An action outside the mask in any table is a ``ValueError`` naming the table
and the action, and then no table has changed.

**Deals and opponents are a match's** (:func:`holdem.match.play_match` with
the learner as agent 0 and ``block_size``): hand ``h`` is deal ``h % block_size``
of block ``h // block_size`` of the seed given to ``reset``, with the button at
seat ``h % n``; the opponents of each block are made from that block's
streams.  Tables take hands in order as they free up, so the learner who plays
an agent's choices meets exactly that match's hands and opponents, and wins
what ``play_match`` reports for them (``tests/test_vector_env.py``).

>>> env = BatchVsAgentsEnv("limit-holdem", ["call"], num_envs=4)
>>> obs, info = env.reset(seed=7)
>>> obs.shape, info["action_mask"].tolist()[0]
((4, 245), [1, 1, 1])
>>> obs, reward, terminated, truncated, info = env.step(np.ones(4, dtype=np.int64))
>>> reward.shape, terminated.dtype
((4,), dtype('bool'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from holdem.games.batched import CALL_KIND, DISCARD_KIND, FOLD_KIND, RAISE_KIND, batched_games, discard_masks, new_batch
from holdem.match.agents import resolve_agent
from holdem.match.batched import plays_batched
from holdem.match.runner import block_deals
from holdem.play import capabilities

from bpp.envs import _HISTORY_SCALE, _ROUNDS, ActionCoder, _game, observation_size

try:
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as exc:  # pragma: no cover - the envs extra
    raise ImportError("bpp.vector_env needs gymnasium (pip install 'bpp[envs]')") from exc

__all__ = ["BatchVsAgentsEnv", "encode_batch"]

LEARNER = 0  #: the learner's seat


def _record(batch: Any, kinds: np.ndarray, amounts: np.ndarray | None) -> None:
    """Count the actions about to be applied in every live row (the history part of the observation).

    Bets, raises, checks and calls count in the betting history; a discard
    (five-card draw) counts the cards it replaces in ``drawn``.
    """
    rows = np.arange(batch.n_live)
    seat = batch.current
    rnd = np.minimum(batch.round, _ROUNDS - 1)
    counted = (kinds != FOLD_KIND) & (kinds != DISCARD_KIND)
    col = (kinds != RAISE_KIND).astype(np.intp)  # 0 bets and raises, 1 checks and calls (as bpp.envs.encode)
    np.add.at(batch.history, (rows[counted], rnd[counted], seat[counted], col[counted]), 1)
    fold = kinds == FOLD_KIND
    batch.fold_round[rows[fold], seat[fold]] = batch.round[fold]
    drawing = np.flatnonzero(kinds == DISCARD_KIND)
    if len(drawing):
        bits = np.zeros(len(drawing), dtype=np.int64) if amounts is None else amounts[drawing]
        batch.drawn[drawing, seat[drawing]] = ((bits[:, None] >> np.arange(5)) & 1).sum(axis=1)


def encode_batch(batch: Any, starting_stack: int) -> np.ndarray:
    """:func:`bpp.envs.encode` of seat 0's view in every live row of ``batch``: float32 (n_live, size).

    ``batch`` carries the attached arrays ``history`` (n_live, 5, n, 2),
    ``fold_round`` (n_live, n) and ``drawn`` (n_live, n) that
    :class:`BatchVsAgentsEnv` keeps; every row must have seat 0 to act.
    """
    n = batch.n
    k = batch.n_live
    obs = batch.observation(np.arange(k))
    v = np.zeros((k, observation_size(n)), dtype=np.float32)
    rows = np.arange(k)[:, None]
    v[rows, obs.hole] = 1
    rnd = obs.round
    stud = hasattr(obs, "up_cards")
    if stud:
        ups = obs.up_cards  # (k, n, 4), seat s relative to seat 0 is s
        shown = np.minimum(rnd[:, None], batch.fold_round) + 1  # (k, n) up cards dealt to each seat
        dealt = np.arange(4)[None, None, :] < shown[:, :, None]
        at = 104 + np.arange(n)[None, :, None] * 52 + ups
        r, s, j = np.nonzero(dealt)
        v[r, at[r, s, j]] = 1
    else:
        board = obs.board
        dealt = np.arange(board.shape[1])[None, :] < obs.n_board[:, None]
        r, j = np.nonzero(dealt)
        v[r, 52 + board[r, j]] = 1
    at = 104 + n * 52
    v[np.arange(k), at + np.minimum(rnd, _ROUNDS - 1)] = 1
    at += _ROUNDS
    stack = float(starting_stack)
    v[:, at] = obs.pot / (n * stack)
    v[:, at + 1] = obs.to_call / stack
    at += 2
    v[:, at : at + n] = obs.stacks / stack
    v[:, at + n : at + 2 * n] = obs.committed / stack
    v[np.arange(k), at + 2 * n + obs.button % n] = 1
    v[:, at + 3 * n : at + 4 * n] = obs.folded
    at += 4 * n
    v[:, at : at + _ROUNDS * n * 2] = batch.history.reshape(k, -1) / _HISTORY_SCALE
    at += _ROUNDS * n * 2
    v[:, at : at + n] = batch.drawn / 5.0  # cards each seat replaced in the draw (0 before it)
    np.minimum(v, 1.0, out=v)
    return v


@dataclass
class _Block:
    """One block of the match: its opponents, the hands not dealt to a table yet, the hands in play."""

    number: int
    agents: list
    pending: Any
    active: Any = None


class BatchVsAgentsEnv(VectorEnv):
    """``num_envs`` tables of one learner (seat 0) against bpp agents that decide whole batches, on the batched engine.

    Parameters
    ----------
    game : str or game object
        A game with a batched engine (``limit-holdem`` with 2–10 seats,
        ``nolimit-holdem``, ``stud5`` with or without ``stacks``, ``draw5``);
        options such as ``n_players`` by keyword.
    opponents : sequence
        One agent per other seat (seats 1 …): registered names or agent
        classes/factories whose agents have ``act_batch`` and no ``observe``.
    num_envs : int
        Tables played at once.
    actions : str, optional
        The betting set (:data:`bpp.envs.ACTION_SETS`; ``fcpa`` for no-limit, ``fcr`` otherwise).
    block_size : int, optional
        Deals per block of the match the hands come from (default ``num_envs``).
    illegal : "raise" or "call"
        An action outside its table's mask is a ``ValueError`` naming the table
        (``"raise"``), or is played as check/call (``"call"``, the ACPC dealer's
        rule; for checkers that step unmasked samples), as :class:`~bpp.envs.VsAgentsEnv`.

    Examples
    --------
    >>> env = BatchVsAgentsEnv("stud5", ["rules"], num_envs=3)
    >>> obs, info = env.reset(seed=1)
    >>> mask = info["action_mask"]
    >>> actions = np.argmax(mask, axis=1)  # the first legal action of every table
    >>> obs, reward, terminated, truncated, info = env.step(actions)
    >>> obs.shape, bool(np.all(np.isfinite(reward)))
    ((3, 245), True)
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game: Any, opponents: Any, *, num_envs: int = 64, actions: str | None = None,
                 block_size: int | None = None, illegal: str = "raise", **options: Any) -> None:
        self.game = _game(game, **options)
        n = self.game.n_players
        if type(self.game) not in batched_games():
            raise ValueError(f"{self.game!r} has no batched engine; use bpp.envs.VsAgentsEnv")
        seats = getattr(self.game, "seat_stacks", None)
        ante = getattr(self.game, "ante", 0)
        if seats is not None and (seats[LEARNER] <= ante or sum(s > ante for s in seats) < 2):
            raise ValueError(f"{self.game!r}: the learner (seat {LEARNER}) and one more seat need more chips than the "
                             f"ante ({ante}), or no hand ever reaches a decision of the learner")
        opponents = list(opponents)
        if len(opponents) != n - 1:
            raise ValueError(f"{self.game.name} with {n} seats needs {n - 1} opponents; got {len(opponents)}")
        self._specs = [resolve_agent(o) for o in opponents]
        for spec in self._specs:
            if spec.instance is not None:
                raise ValueError(f"BatchVsAgentsEnv makes its opponents per block; give {spec.name!r} by name or class")
            if spec.games is not None and self.game.name not in spec.games:
                raise ValueError(f"agent {spec.name!r} plays {', '.join(spec.games)}, not {self.game.name}")
        for name, value in (("num_envs", num_envs), ("block_size", block_size)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1):
                raise ValueError(f"The '{name}' parameter of BatchVsAgentsEnv must be an integer >= 1; got {value!r}.")
        if illegal not in ("raise", "call"):
            raise ValueError(f"The 'illegal' parameter of BatchVsAgentsEnv must be 'raise' or 'call'; got {illegal!r}.")
        self.illegal = illegal
        self.coder = ActionCoder(self.game, actions)
        self.num_envs = int(num_envs)
        self.block_size = int(block_size or num_envs)
        self.single_observation_space = spaces.Box(0.0, 1.0, (observation_size(n),), dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.coder.n)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._blocks: list[_Block] = []
        self._next_block = 0
        self._root: np.random.SeedSequence | None = None

    # ------------------------------------------------------------ dealing

    def _open_block(self) -> _Block:
        b = self._next_block
        self._next_block += 1
        assert self._root is not None
        seed = np.random.SeedSequence(self._root.entropy, spawn_key=tuple(self._root.spawn_key) + (b,))
        n = self.game.n_players
        deals, streams = block_deals(seed, self.block_size, n, getattr(self.game, "deal_cards", 52))
        agents = [spec.make(np.random.default_rng(s)) for spec, s in zip(self._specs, streams[1:])]
        # an opponent that learns across hands (bpp) would learn from no hand here: refused, as one without act_batch
        bad = [spec.name for spec, a in zip(self._specs, agents)
               if not plays_batched([a]) or capabilities(a).learns_across_hands]
        if bad:
            raise ValueError(f"BatchVsAgentsEnv needs opponents that decide whole batches (act_batch, no observe) "
                             f"and do not learn across hands; {', '.join(bad)} do not")
        buttons = (np.arange(b * self.block_size, (b + 1) * self.block_size) % n).astype(np.int64)
        batch = new_batch(self.game, deals, buttons, self.game.showdown_ranks(deals, buttons))  # None in draw
        batch.attach("env", np.full(self.block_size, -1, dtype=np.int64))
        batch.attach("history", np.zeros((self.block_size, _ROUNDS, n, 2), dtype=np.int64))
        batch.attach("fold_round", np.full((self.block_size, n), 4, dtype=np.int64))
        batch.attach("drawn", np.zeros((self.block_size, n), dtype=np.int64))
        return _Block(b, agents, batch)

    def _deal(self, envs: np.ndarray) -> None:
        """Start the next hands of the match at tables ``envs`` (in order)."""
        at = 0
        while at < len(envs):
            block = self._blocks[-1] if self._blocks and self._blocks[-1].pending is not None else None
            if block is None:
                block = self._open_block()
                self._blocks.append(block)
            pending = block.pending
            take = min(pending.n_live, len(envs) - at)
            taken, rest = pending.split(np.arange(pending.n_live) < take)
            taken.env = envs[at : at + take].copy()
            at += take
            block.pending = rest if rest.n_live else None
            if block.active is None:
                block.active = taken
            else:
                block.active.merge(taken)

    def _play_opponents(self, block: _Block) -> None:
        """Opponents act in ``block`` until seat 0 is to act (or the hand is over) in every row."""
        acting = block.active
        parts = []  # rows set aside where seat 0 is to act (the rest are stepped on without them)
        while acting.n_live:
            waiting = acting.current == LEARNER
            if waiting.all():
                break
            if waiting.any():
                idle, acting = acting.split(waiting)
                parts.append(idle)
            k = acting.n_live
            kinds = np.empty(k, dtype=np.int8)
            amounts = None
            trusted = True
            for seat in range(1, self.game.n_players):
                rows = np.flatnonzero(acting.current == seat)
                if not len(rows):
                    continue
                agent = block.agents[seat - 1]
                trusted &= capabilities(agent).trusted_actions
                answer = agent.act_batch(acting.observation(rows))
                if isinstance(answer, tuple):
                    answer, sizes = answer
                    if amounts is None:
                        amounts = np.zeros(k, dtype=np.int64)
                    amounts[rows] = sizes
                kinds[rows] = answer
            if not trusted:
                kinds, amounts = acting.verify(kinds, amounts)
            _record(acting, kinds, amounts)
            acting._apply(kinds, amounts)
        for part in parts:
            acting.merge(part)
        block.active = acting

    def _where(self) -> tuple[np.ndarray, np.ndarray]:
        """Every table's hand in play: (block number, hand in the block), -1 for a table with none."""
        block_of = np.full(self.num_envs, -1, dtype=np.int64)
        hand_of = np.full(self.num_envs, -1, dtype=np.int64)
        for block in self._blocks:
            if block.active is not None:
                block_of[block.active.env] = block.number
                hand_of[block.active.env] = block.active.ids
        return block_of, hand_of

    def _settle(self, before: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """Tables whose hand (``before``, from :meth:`_where`) ended since: (ended mask, the learner's results)."""
        block_of, hand_of = before
        ended = (block_of >= 0) & (self._where()[0] < 0)
        result = np.zeros(self.num_envs)
        for block in self._blocks:
            sel = ended & (block_of == block.number)
            if sel.any():
                result[sel] = block.active.payoffs[hand_of[sel], LEARNER] / self.game.unit_chips
        self._blocks = [b for b in self._blocks if b.pending is not None or (b.active is not None and b.active.n_live)]
        return ended, result

    def _start(self, envs: np.ndarray) -> np.ndarray:
        """Deal to ``envs`` until each has a hand where the learner is to act; the results of hands that ended first."""
        skipped = np.zeros(self.num_envs)
        while len(envs):
            self._deal(envs)
            block_of, hand_of = self._where()
            dealt = np.zeros(self.num_envs, dtype=bool)
            dealt[envs] = True
            before = (np.where(dealt, block_of, -1), hand_of)
            for block in self._blocks:
                if block.active is not None:
                    self._play_opponents(block)
            ended, result = self._settle(before)
            skipped += result
            envs = np.flatnonzero(ended)
        return skipped

    # ------------------------------------------------------------ the Gymnasium API

    def _observe(self) -> tuple[np.ndarray, dict]:
        obs = np.zeros((self.num_envs, observation_size(self.game.n_players)), dtype=np.float32)
        mask = np.zeros((self.num_envs, self.coder.n), dtype=np.int8)
        hands = np.zeros(self.num_envs, dtype=np.int64)
        for block in self._blocks:
            batch = block.active
            if batch is None or not batch.n_live:
                continue
            obs[batch.env] = encode_batch(batch, self.game.starting_stack)
            mask[batch.env] = self._masks(batch)
            hands[batch.env] = block.number * self.block_size + batch.ids
        return obs, {"action_mask": mask, "hand": hands}

    def learner_observations(self) -> list[tuple[int, np.ndarray, Any]]:
        """``(block, tables, observation)`` per block in play: the learner's batch observation of those tables.

        ``observation`` is the engine's :class:`~holdem.games.batched.BatchObservation`
        (``hand`` the hand's index in its block), so an agent with ``act_batch``
        can play the learner's seat: its kinds are the ``fcr`` action indices
        (in five-card draw a discard, kind 3 with position bits ``b``, is action ``3 + b``).
        """
        out = []
        for block in self._blocks:
            batch = block.active
            if batch is not None and batch.n_live:
                out.append((block.number, batch.env.copy(), batch.observation(np.arange(batch.n_live))))
        return out

    def _masks(self, batch: Any) -> np.ndarray:
        legal = batch.legal_mask(np.arange(batch.n_live))
        m = np.zeros((batch.n_live, self.coder.n), dtype=np.int8)
        nb = self.coder.n_bet
        m[:, 0] = legal[:, 0]
        m[:, 1] = legal[:, 1]
        m[:, 2:nb] = legal[:, 2:3]
        if self.coder.draw:  # the draw: every discard of at most max_draw cards
            drawing = np.flatnonzero(legal[:, 3])
            m[drawing[:, None], nb + discard_masks(self.game.max_draw)] = 1
        return m

    def _kinds(self, batch: Any, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """Engine kinds and raise-to amounts of action indices (the betting set's sizes, as ActionCoder's; discards' bits)."""
        nb = self.coder.n_bet
        kinds = np.where(actions >= nb, DISCARD_KIND, np.minimum(actions, RAISE_KIND)).astype(np.int8)
        if self.coder.draw:
            discard = np.where(actions >= nb, actions - nb, 0)
        if nb == 3 and self.coder.raises == ("min",):
            return kinds, discard if self.coder.draw else None
        rows = np.arange(batch.n_live)
        obs = batch.observation(rows)
        lo, hi = obs.raise_bounds
        me = obs.committed[rows, obs.player]
        pot, to_call = obs.pot, obs.to_call
        amounts = np.zeros(batch.n_live, dtype=np.int64)
        for j, size in enumerate(self.coder.raises):
            sel = actions == 2 + j
            if size == "min":
                value = lo
            elif size == "all":
                value = hi
            else:
                value = np.clip(np.rint(me + to_call + size * (pot + to_call)), lo, hi).astype(np.int64)
            amounts[sel] = value[sel]
        if self.coder.draw:
            amounts += discard
        return kinds, amounts

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        """Start over: the match of ``seed`` (fresh entropy when None) from its first hand, one hand per table."""
        super().reset(seed=seed)
        self._root = np.random.SeedSequence(seed)
        self._blocks = []
        self._next_block = 0
        skipped = self._start(np.arange(self.num_envs))
        obs, info = self._observe()
        info["skipped_reward"] = skipped
        return obs, info

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict]:
        """Apply every table's action; opponents answer; ended hands pay and the next hands start (same step)."""
        if self._root is None:
            raise ValueError("BatchVsAgentsEnv.step: call reset() first")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or actions.dtype.kind not in "iu":
            raise ValueError(f"BatchVsAgentsEnv.step takes one integer action per table, shape ({self.num_envs},); "
                             f"got shape {actions.shape} and dtype {actions.dtype}.")
        moves = []
        for block in self._blocks:  # check every table before any changes
            batch = block.active
            if batch is None or not batch.n_live:
                continue
            a = actions[batch.env].astype(np.int64)
            mask = self._masks(batch)
            ok = (a >= 0) & (a < self.coder.n)
            ok[ok] = mask[np.flatnonzero(ok), a[ok]].astype(bool)
            if self.illegal == "call":  # check/call; in the draw, stand pat
                a = np.where(ok, a, np.where(mask[:, CALL_KIND] == 1, CALL_KIND, self.coder.n_bet))
            elif not ok.all():
                row = int(np.flatnonzero(~ok)[0])
                raise ValueError(f"action {int(a[row])} of table {int(batch.env[row])} is outside its action mask "
                                 f"{mask[row].tolist()}; no table was changed")
            moves.append((block, a))
        before = self._where()
        for block, a in moves:
            kinds, amounts = self._kinds(block.active, a)
            _record(block.active, kinds, amounts)
            block.active._apply(kinds, amounts)
            self._play_opponents(block)
        ended, reward = self._settle(before)
        ended_hand = np.where(ended, before[0] * self.block_size + before[1], -1)
        skipped = self._start(np.flatnonzero(ended))
        obs, info = self._observe()
        info["skipped_reward"] = skipped
        info["ended_hand"] = ended_hand
        return obs, reward, ended, np.zeros(self.num_envs, dtype=bool), info

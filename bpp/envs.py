"""PettingZoo and Gymnasium environments over bpp's games, stepped by the one hand driver (:class:`holdem.play.HandDriver`).

* :func:`aec_env` returns a PettingZoo ``AECEnv`` for limit and no-limit
  hold'em, five-card stud and five-card draw at any seat count the game
  supports: one episode is one hand; agents ``player_0`` … ``player_{n-1}``
  are the seats.
* :class:`VsAgentsEnv` is a Gymnasium ``Env`` for one learner against fixed
  bpp agents (names or instances), seated in turn (``seat="rotate"``), in one
  seat, or in duplicate (every deal replayed with the learner in each seat).

Both use pettingzoo and gymnasium (the extra ``envs``), imported when an
environment is made.

**Actions** are discrete; :data:`ACTION_SETS` names the betting sets:

* ``fcr``: 0 fold, 1 check/call, 2 the minimum bet or raise (in fixed-limit
  games the one raise);
* ``fcpa`` (OpenSpiel's abstraction): 0 fold, 1 check/call, 2 a pot-sized
  raise, 3 all-in;
* ``fchpa`` (the five actions of PettingZoo's no-limit hold'em): 0 fold,
  1 check/call, 2 half-pot, 3 pot, 4 all-in.

A pot fraction ``f`` raises to ``committed + to_call + f · (pot + to_call)``
chips (call, then raise ``f`` times the pot after the call), clipped to the
legal range, as :func:`bpp.lbr.local_br.bet_candidates`.  Five-card draw adds
32 actions after the betting set: action ``k + b`` (``k`` the betting set's
size) discards the hole cards whose positions are the bits of ``b`` (bit ``i``
= ``observation.hole[i]``; ``b = 0`` stands pat); only the discards the rules
allow are unmasked.  Defaults: ``fcpa`` for no-limit hold'em, ``fcr`` for the
others.  An action outside the mask is a ``ValueError`` naming it.

**Observations** are ``{"observation": float32 vector, "action_mask": int8
vector}``; the vector (:func:`encode`, length :func:`observation_size`) is, with
seats counted from the observing seat (0 = itself, 1 = the next seat …):

====================  =========  ==========================================================
part                  length     value
====================  =========  ==========================================================
hole cards            52         one-hot of the seat's hidden cards (card = rank·4 + suit)
board                 52         one-hot of the community cards (hold'em)
up cards              n · 52     one-hot of each seat's face-up cards (stud)
round                 5          one-hot of the betting round
pot                   1          pot / (n · starting stack)
to call               1          chips to call / starting stack
stacks                n          each seat's chips behind / starting stack
committed             n          each seat's chips in the pot / starting stack
button                n          one-hot of the button's seat
folded                n          1 for a seat that folded
betting history       5 · n · 2  per round and seat: bets and raises, checks and calls (count / 8, at most 1)
drawn                 n          cards each seat drew / 5 (draw)
====================  =========  ==========================================================

**Rewards** are the hand's payoffs in the game's unit (``game.unit``: small
bets, big blinds, units), given when the hand ends.  ``reset(seed=s)`` makes
the deals reproducible: the hands from there on are dealt as ``play_match(...,
rng=s)`` deals its hands, the same deals and buttons in the same order
(drawn in blocks, with their showdown ranks; :class:`VsAgentsEnv` in
duplicate seating replays each deal instead).
``reset(options={"deal": permutation, "button": b})`` plays a given deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import numpy as np
from numpy.typing import NDArray

from holdem.checks import seed_sequence
from holdem.games.base import CHECK_CALL, FOLD, Action, ActionKind, Game, Observation
from holdem.match.runner import DEFAULT_BLOCK_SIZE, block_deals
from holdem.play import HandDriver

if TYPE_CHECKING:
    from pettingzoo import AECEnv

__all__ = ["ACTION_SETS", "ActionCoder", "Encoder", "encode", "observation_size", "aec_env", "VsAgentsEnv"]

_RAISE = ActionKind.BET_RAISE
_DISCARD = ActionKind.DISCARD
#: Betting set name → its raises: "min" the minimum raise, a float a pot fraction, "all" all-in.
ACTION_SETS = {"fcr": ("min",), "fcpa": (1.0, "all"), "fchpa": (0.5, 1.0, "all")}
_ROUNDS = 5
_CALL = ActionKind.CHECK_CALL
_HISTORY_SCALE = 8.0
_MASKS_KEPT = 4096  # ActionCoder's cache of masks by legal tuple
_OPPONENTS_KEY = 0x4F50504E  # the spawn key of VsAgentsEnv's opponents' streams (the deals use the root's children)


def _game(game, **options):
    from holdem.games import GAMES

    if isinstance(game, str):
        if game not in GAMES:
            raise ValueError(f"The 'game' parameter of the environment must be one of {', '.join(GAMES)}; got {game!r}.")
        try:
            return GAMES[game](**options)
        except TypeError as exc:
            raise ValueError(f"{game} takes no option among {sorted(options)}: {exc}") from None
    if options:
        raise ValueError(f"game options {sorted(options)} need a game name, not the game object {game!r}")
    return game


class ActionCoder:
    """The discrete actions of one game and betting set: masks and the bpp action of an index.

    >>> from holdem.games import NoLimitHoldem
    >>> coder = ActionCoder(NoLimitHoldem(), "fchpa")
    >>> obs = NoLimitHoldem().new_hand(np.arange(52)).observation(0)  # 50 in, 50 to call, pot 150
    >>> coder.mask(obs).tolist(), [str(coder.action(obs, i)) for i in range(5)]
    ([1, 1, 1, 1, 1], ['f', 'c', 'r200', 'r300', 'r20000'])
    >>> coder.action(obs, 7)
    Traceback (most recent call last):
    ...
    ValueError: action 7 is outside the action mask [1, 1, 1, 1, 1] of seat 0 (legal: f, c, r200..r20000)
    """

    def __init__(self, game: Game, actions: str | None = None) -> None:
        if actions is None:
            actions = "fcpa" if game.name == "nolimit-holdem" else "fcr"
        if actions not in ACTION_SETS:
            raise ValueError(f"The 'actions' parameter must be one of {', '.join(ACTION_SETS)}; got {actions!r}.")
        self.name = actions
        self.raises = ACTION_SETS[actions]
        self.n_bet = 2 + len(self.raises)
        self.draw = game.name == "draw5"
        self.n = self.n_bet + (32 if self.draw else 0)
        self._masks: dict = {}  # legal tuple -> its betting mask (at most _MASKS_KEPT; a discard's mask is made anew)
        self._by_kinds: dict = {}  # the legal kinds (bits) -> the betting mask
        self.no_mask = self._frozen(np.zeros(self.n, dtype=np.int8))

    @staticmethod
    def _frozen(m: np.ndarray) -> np.ndarray:
        m.flags.writeable = False
        return m

    def _amount(self, obs, size) -> int:
        lo, hi = obs.raise_bounds
        if size == "min":
            return lo
        if size == "all":
            return hi
        me = obs.player
        return int(min(max(round(obs.committed[me] + obs.to_call + size * (obs.pot + obs.to_call)), lo), hi))

    def mask(self, obs: Observation) -> NDArray[np.int8]:
        """int8, shape ``(n,)``: 1 for the indices legal at ``obs`` (its seat to act); all zero for another seat.

        The mask is **read-only**: a betting decision's mask is one array shared
        by every decision with the same legal actions (made once, no copy per
        step).  Copy it (``mask.copy()``) to change it.
        """
        m = self._masks.get(obs.legal)
        return self._new_mask(obs) if m is None else m

    def _new_mask(self, obs) -> np.ndarray:
        legal = obs.legal
        bits = 0
        for a in legal:
            bits |= 1 << a.kind
        if bits >> _DISCARD & 1:  # the draw: which discards are legal depends on the hole cards
            m = np.zeros(self.n, dtype=np.int8)
            for a in legal:
                if a.kind == _DISCARD:
                    m[self.n_bet + self._bits(obs, a)] = 1
                else:
                    m[int(a.kind) if a.kind != _RAISE else slice(2, self.n_bet)] = 1
            return self._frozen(m)
        kept = self._by_kinds.get(bits)
        if kept is not None:
            m = kept
        else:
            m = np.zeros(self.n, dtype=np.int8)
            m[0], m[1], m[2 : self.n_bet] = bits & 1, bits >> _CALL & 1, bits >> _RAISE & 1
            m = self._by_kinds[bits] = self._frozen(m)
        if len(self._masks) >= _MASKS_KEPT:  # sized raises make ever new legal tuples: keep the cache bounded
            self._masks.clear()
        self._masks[legal] = m
        return m

    @staticmethod
    def _bits(obs, action) -> int:
        pos = {c: i for i, c in enumerate(obs.hole)}
        return sum(1 << pos[c] for c in action.discard)

    def action(self, obs: Observation, index: int | np.integer[Any], mask: NDArray[np.int8] | None = None) -> Action:
        """The bpp action of ``index`` at ``obs``; ``ValueError`` naming it outside the mask.

        ``mask``: its mask if known (int8, shape ``(n,)``, as :meth:`mask` gives it).
        """
        m = self.mask(obs) if mask is None else mask
        i = index if type(index) is int else int(index) if isinstance(index, np.integer) else -1  # a bool: outside
        if not (0 <= i < self.n and m[i]):
            raise ValueError(f"action {index!r} is outside the action mask {m.tolist()} of seat {obs.player} "
                             f"(legal: {_legal_text(obs)})")
        if i < 2:
            return CHECK_CALL if i else FOLD
        if i < self.n_bet:
            return Action(_RAISE, self._amount(obs, self.raises[i - 2]))
        bits = i - self.n_bet
        return Action(_DISCARD, 0, tuple(c for i, c in enumerate(obs.hole) if bits >> i & 1))

    def index(self, obs: Observation, action: Action) -> int:
        """The index of bpp ``action`` at ``obs`` (a raise: the set's raise nearest in amount)."""
        kind = action.kind
        if kind == _CALL:
            return 1
        if kind == _RAISE:
            if len(self.raises) == 1:
                return 2
            gaps = [abs(self._amount(obs, s) - action.amount) for s in self.raises]
            return 2 + gaps.index(min(gaps))
        if kind == _DISCARD:
            return self.n_bet + self._bits(obs, action)
        return int(kind)


def _legal_text(obs) -> str:
    simple = [str(a) for a in obs.legal if a.kind != _RAISE and a.kind != _DISCARD]
    if any(a.kind == _RAISE for a in obs.legal):
        lo, hi = obs.raise_bounds
        simple.append(f"r{lo}" if lo == hi else f"r{lo}..r{hi}")
    n_discards = sum(a.kind == _DISCARD for a in obs.legal)
    if n_discards:
        simple.append(f"{n_discards} discards")
    return ", ".join(simple)


def observation_size(n_players: int) -> int:
    """Length of :func:`encode`'s vector for ``n_players`` seats.

    >>> observation_size(2)
    245
    """
    n = n_players
    return 52 + 52 + n * 52 + _ROUNDS + 2 + 2 * n + n + n + _ROUNDS * n * 2 + n


def encode(obs: Observation, starting_stack: int) -> NDArray[np.float32]:
    """The observation vector of ``obs`` (see the module docstring), float32 in [0, 1].

    Its shape is ``(observation_size(obs.n_players),)``.

    The environments keep one :class:`Encoder` per seat and hand, which
    updates the vector by the events since its last call; this is the
    one-off form.

    >>> from holdem.games import LimitHoldem
    >>> v = encode(LimitHoldem().new_hand(np.arange(52)).observation(0), 48)
    >>> v.shape, v[:52].sum(), float(v.max()) <= 1
    ((245,), np.float32(2.0), True)
    """
    return Encoder(obs.n_players, starting_stack)(obs)


class Encoder:
    """:func:`encode` for one seat's observations of one hand, incremental: each call reads only the events since the last.

    The vector is kept between calls and only what the new events of
    ``obs.history`` change is written: a deal sets its cards, a bet, raise,
    check or call adds 1/8 to its count (read back from the vector: counts
    are multiples of 1/8, exact in float32), a fold, a draw or a new round
    rewrites its part, and pot, to call, stacks and committed are rewritten
    after every event.  A call with no new event returns the vector as it is
    (nothing else in an observation changes between events).  Call
    :meth:`reset` when a new hand starts (observing another seat starts
    afresh too); every call returns a fresh copy.

    >>> from holdem.games import LimitHoldem
    >>> state = LimitHoldem().new_hand(np.arange(52))
    >>> enc = Encoder(2, 48)
    >>> first = enc(state.observation(0))
    >>> _ = state.apply(state.observation(0).legal[1])
    >>> bool((enc(state.observation(0)) == encode(state.observation(0), 48)).all())
    True
    """

    __slots__ = ("n", "v", "seen", "hole", "round", "me", "_w", "_folded", "_up", "_round", "_num", "_fold", "_hist",
                 "_drawn", "_inv", "_pot_inv", "_button", "_rot", "_counts", "_bases", "_seats")

    def __init__(self, n_players: int, starting_stack: int):
        n = self.n = int(n_players)
        self.v = np.zeros(observation_size(n), dtype=np.float32)
        self._w: Any = self.v.data  # a memoryview: element writes through the buffer: a Python float in, no numpy scalar made
        self._up = 104
        self._round = self._up + n * 52
        self._num = self._round + _ROUNDS  # pot, to call, stacks (n), committed (n), then button (n), folded (n)
        self._button = self._num + 2 + 2 * n
        self._fold = self._button + n
        self._hist = self._fold + n
        self._drawn = self._hist + _ROUNDS * n * 2
        self._inv = 1.0 / starting_stack
        self._pot_inv = 1.0 / (n * starting_stack)
        self._seats = [self._seat_tables(me) for me in range(n)]
        self.reset()

    def _seat_tables(self, me: int) -> tuple:
        """The observer ``me``'s places: its rotation of the seats, where each seat's history counts and up cards
        go, and the relative seat of each seat."""
        n = self.n
        rel = [(s - me) % n for s in range(n)]
        rot = tuple((me + k) % n for k in range(n))  # relative seat k is absolute seat rot[k]
        counts = [[self._hist + (r * n + rel[s]) * 2 for s in range(n)] for r in range(_ROUNDS)]  # + 1: checks/calls
        bases = [self._up + rel[s] * 52 for s in range(n)] + [52]  # [-1], the board's "seat": 52
        return rot, counts, bases, rel

    def reset(self) -> None:
        """Forget the hand: the next call encodes a new one."""
        self.v.fill(0)
        self.seen = -1  # no call yet: the first reads the whole history (which may be empty)
        self.hole: tuple = ()
        self.round = -1
        self.me = -1
        self._folded: tuple = ()

    def _begin(self, obs) -> None:
        """The hand's first call for seat ``obs.player`` (another seat's observation: start afresh)."""
        if self.me >= 0:
            self.reset()
        me = self.me = obs.player
        self._rot, self._counts, self._bases, rel = self._seats[me]
        self._w[self._button + rel[obs.button]] = 1.0  # the button does not move during a hand

    def __call__(self, obs) -> np.ndarray:
        if obs.player != self.me:
            self._begin(obs)
        history = obs.history
        seen = self.seen
        if len(history) == seen:
            return self.v.copy()  # no event since the last call: nothing in the observation has changed
        w = self._w
        counts = self._counts
        bases = self._bases
        for ev in history[seen:] if seen > 0 else history:
            kind = ev.kind
            if kind == "action":
                a = ev.action.kind
                if a == _RAISE or a == _CALL:
                    r = ev.round
                    i = counts[r if r < _ROUNDS else _ROUNDS - 1][ev.player] + (a == _CALL)
                    x = w[i] + 1.0 / _HISTORY_SCALE
                    if x <= 1.0:
                        w[i] = x
            elif kind == "deal":
                base = bases[ev.player]  # player -1: the board
                for c in ev.cards:
                    w[base + c] = 1.0
        self.seen = len(history)
        me = self.me
        rot = self._rot
        hole = obs.hole
        if hole != self.hole:  # the deal, or a draw's new cards
            for c in self.hole:
                w[c] = 0.0
            for c in hole:
                w[c] = 1.0
            self.hole = hole
        r = obs.round
        if r >= _ROUNDS:
            r = _ROUNDS - 1
        if r != self.round:
            if self.round >= 0:
                w[self._round + self.round] = 0.0
            w[self._round + r] = 1.0
            self.round = r
        folded = obs.folded
        if folded != self._folded:
            i = self._fold
            for s in rot:
                w[i] = 1.0 if folded[s] else 0.0
                i += 1
            self._folded = folded
        if obs.extra:
            drawn = obs.extra.get("drawn")
            if drawn:
                i = self._drawn
                for s in rot:
                    d = drawn[s]
                    w[i] = d / 5.0 if d > 0 else 0.0  # -1: not drawn yet
                    i += 1
        inv = self._inv
        i = self._num
        w[i] = obs.pot * self._pot_inv  # chips never exceed the table's: every number is in [0, 1]
        w[i + 1] = obs.to_call * inv
        i += 2
        n = self.n
        stacks = obs.stacks
        committed = obs.committed
        if committed:
            for s in rot:
                w[i] = stacks[s] * inv
                w[i + n] = committed[s] * inv
                i += 1
        else:
            for s in rot:
                w[i] = stacks[s] * inv
                i += 1
        return self.v.copy()


def _spaces(n_players: int, n_actions: int):
    from gymnasium import spaces

    obs = spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (observation_size(n_players),), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (n_actions,), dtype=np.int8),
    })
    return obs, spaces.Discrete(n_actions)


class _Deals:
    """An environment's own deals: the hands ``next`` starts, drawn a block at a time as a match draws them.

    Block ``b`` is :func:`holdem.match.runner.block_deals` of child ``b`` of
    ``seed`` (a ``SeedSequence``): uniform deals, shuffled only as deep as the
    rules read (``game.deal_cards``); with a match's root and block size
    (the default) they are the deals of ``play_match(..., rng=seed)``.  The
    block's showdown ranks are evaluated at once for every button, so a hand
    starts on the engine's trusted path with its ranks, as in
    :func:`holdem.match.runner.play_block`.
    """

    def __init__(self, game: Game, seed: np.random.SeedSequence, block: int = DEFAULT_BLOCK_SIZE) -> None:
        self.game = game
        self.seed = seed
        self.block = block
        self._trusted = getattr(game, "_new_hand_trusted", None)
        self._rows: list = []
        self._ranks: list | None = None  # [button][row]: a tuple of ranks per seat
        self._next = 0

    def _draw(self) -> None:
        game, n = self.game, self.game.n_players
        deals, _ = block_deals(self.seed.spawn(1)[0], self.block, 0, getattr(game, "deal_cards", 52))
        self._rows = list(map(tuple, deals.tolist()))
        self._ranks = None
        showdown_cards = getattr(game, "showdown_cards", None)
        cards = None if showdown_cards is None else showdown_cards(np.tile(deals, (n, 1)), np.repeat(np.arange(n), len(deals)))
        if cards is not None:
            from holdem.evaluate import evaluate

            ranks = list(map(tuple, evaluate(cards).tolist()))
            self._ranks = [ranks[b * len(deals) : (b + 1) * len(deals)] for b in range(n)]
        self._next = 0

    def deal(self) -> tuple[int, tuple[int, ...]]:
        """``(row, deal)``: the next deal (a tuple of the 52 cards) and its row for :meth:`start`."""
        if self._next >= len(self._rows):
            self._draw()
        k = self._next
        self._next += 1
        return k, self._rows[k]

    def start(self, row: int, button: int):
        """The new hand of deal ``row`` (of the current block) with ``button``."""
        deal = self._rows[row]
        ranks = None if self._ranks is None else self._ranks[button][row]
        if self._trusted is not None:
            return self._trusted(deal, button, ranks)
        return self.game.new_hand(np.array(deal), button=button, ranks=ranks)


def aec_env(game: str | Game, *, actions: str | None = None, **options: Any) -> AECEnv:
    """A PettingZoo ``AECEnv`` of ``game`` (a name of ``holdem.games.GAMES`` with its options, or a game object).

    One episode is one hand.  ``actions`` picks the betting set (:data:`ACTION_SETS`).

    Examples
    --------
    >>> env = aec_env("nolimit-holdem", actions="fchpa")
    >>> env.reset(seed=1)
    >>> obs, reward, done, trunc, info = env.last()
    >>> env.agent_selection, obs["action_mask"].tolist(), obs["observation"].shape
    ('player_0', [1, 1, 1, 1, 1], (245,))
    >>> env.step(0)  # the button folds its small blind
    >>> env.rewards
    {'player_0': -0.5, 'player_1': 0.5}
    """
    return _make_aec_class()(_game(game, **options), actions)


_AEC_CLASS = None


def _make_aec_class():
    global _AEC_CLASS
    if _AEC_CLASS is not None:
        return _AEC_CLASS
    from pettingzoo import AECEnv

    class PokerAECEnv(AECEnv):
        """bpp's ``game`` as a PettingZoo AEC environment (see :mod:`bpp.envs`)."""

        metadata = {"name": "bpp_poker_v0", "render_modes": [], "is_parallelizable": False}

        def __init__(self, game, actions=None):
            super().__init__()
            self.game = game
            self.coder = ActionCoder(game, actions)
            n = game.n_players
            self.possible_agents = [f"player_{i}" for i in range(n)]
            obs_space, act_space = _spaces(n, self.coder.n)
            self.observation_spaces = {a: obs_space for a in self.possible_agents}
            self.action_spaces = {a: act_space for a in self.possible_agents}
            self._driver = HandDriver([None] * n)
            self._obs = self._mask = None
            self._skip_agent_selection = None
            self._seat = {a: i for i, a in enumerate(self.possible_agents)}
            self._encoders = [Encoder(n, game.starting_stack) for _ in range(n)]
            self._observed: list = [None] * n
            self._deals: _Deals | None = None
            self._hands = 0
            self.render_mode = None

        def observation_space(self, agent):
            return self.observation_spaces[agent]

        def action_space(self, agent):
            return self.action_spaces[agent]

        def reset(self, seed=None, options=None):
            if seed is not None or self._deals is None:
                self._deals = _Deals(self.game, seed_sequence(seed))
                self._hands = 0
            options = options or {}
            deal = options.get("deal")
            button = int(options.get("button", self._hands % self.game.n_players))
            self._hands += 1
            agents = self.possible_agents
            self.agents = list(agents)
            self.rewards = dict.fromkeys(agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(agents, 0.0)
            self.terminations = dict.fromkeys(agents, False)
            self.truncations = dict.fromkeys(agents, False)
            self.infos = {a: {} for a in agents}
            self._skip_agent_selection = None  # (also after a reset before every dead agent was stepped)
            for enc in self._encoders:
                enc.reset()
            if deal is None:
                state = self._deals.start(self._deals.deal()[0], button)
            else:
                state = self.game.new_hand(np.asarray(deal), button=button)
            self._to_act(self._driver.start(state))

        def _to_act(self, pending):
            """The driver stopped at seat ``pending`` (None: the hand is over): its observation and mask, once."""
            self._observed = [None] * len(self.possible_agents)  # seat -> its observation now (observe() asks on demand)
            obs = self._driver.state.observation(pending)
            self._obs, self._mask = obs, self.coder.mask(obs)
            self.agent_selection = self.possible_agents[pending]

        @property
        def bpp_observation(self):
            """The bpp :class:`~holdem.games.base.Observation` of the seat to act (for bpp agents playing through the env)."""
            return self._obs

        def observe(self, agent):
            seat = self._seat[agent]
            out = self._observed[seat]
            if out is None:
                if self._driver.pending == seat:
                    obs, mask = self._obs, self._mask
                else:
                    obs, mask = self._driver.state.observation(seat), self.coder.no_mask
                out = self._observed[seat] = {"observation": self._encoders[seat](obs), "action_mask": mask}
            return out

        def step(self, action):
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            driver = self._driver
            seat = driver.pending
            pending = driver.step(self.coder.action(self._obs, action, self._mask), checked=False)  # legal: in the mask
            self._cumulative_rewards[agent] = 0.0
            if pending is None:
                self._observed = [None] * len(self.possible_agents)
                unit = self.game.unit_chips
                self.rewards = {a: x / unit for a, x in zip(self.possible_agents, driver.state._payoff_list())}
                self.terminations = dict.fromkeys(self.agents, True)
                self.agent_selection = self.possible_agents[(seat + 1) % len(self.possible_agents)]
                self._accumulate_rewards()
            else:  # the rewards are zero until the hand ends (reset set them so): nothing to accumulate
                self._to_act(pending)

        def _was_dead_step(self, action):
            """``AECEnv._was_dead_step`` for this env, where a hand ends for every agent at once: the same
            removals, rewards cleared and order of agent selection (every agent left is dead), without its search."""
            if action is not None:
                raise ValueError("when an agent is dead, the only valid action is None")
            agent = self.agent_selection
            del self.terminations[agent], self.truncations[agent], self.rewards[agent]
            del self._cumulative_rewards[agent], self.infos[agent]
            agents = self.agents
            agents.remove(agent)
            if agents:
                if self._skip_agent_selection is None:
                    self._skip_agent_selection = agent
                self.agent_selection = agents[0]
            else:
                self.agent_selection = self._skip_agent_selection
                self._skip_agent_selection = None
            self._clear_rewards()

        def render(self):
            return None

        def close(self):
            pass

    _AEC_CLASS = PokerAECEnv
    return _AEC_CLASS


def _gym_env():
    import gymnasium

    return gymnasium.Env


class _VsAgentsMeta(type):
    """Builds :class:`VsAgentsEnv` on gymnasium's ``Env`` on first use (bpp imports without the extra)."""

    _cls = None

    def __call__(cls, *args, **kwargs):
        if _VsAgentsMeta._cls is None:
            _VsAgentsMeta._cls = type("VsAgentsEnv", (_VsAgentsImpl, _gym_env()),
                                      {"__doc__": cls.__doc__, "__module__": __name__,
                                       "metadata": {"render_modes": []}})
        return _VsAgentsMeta._cls(*args, **kwargs)

    def __instancecheck__(cls, obj):
        return _VsAgentsMeta._cls is not None and isinstance(obj, _VsAgentsMeta._cls)


class _VsAgentsImpl:
    """The body of :class:`VsAgentsEnv` (made a ``gymnasium.Env`` subclass on first use)."""

    def __init__(self, game, opponents, *, seat="rotate", duplicate: bool = False, actions: str | None = None,
                 illegal: str = "raise", **options):
        self.game = _game(game, **options)
        n = self.game.n_players
        opponents = list(opponents)
        if len(opponents) != n - 1:
            raise ValueError(f"{self.game.name} with {n} seats needs {n - 1} opponents; got {len(opponents)}")
        if seat != "rotate" and (isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < n):
            raise ValueError(f"The 'seat' parameter of VsAgentsEnv must be 'rotate' or a seat 0..{n - 1}; got {seat!r}.")
        self.seat_mode = seat
        self.duplicate = bool(duplicate)
        self.coder = ActionCoder(self.game, actions)
        if illegal not in ("raise", "call"):
            raise ValueError(f"The 'illegal' parameter of VsAgentsEnv must be 'raise' or 'call'; got {illegal!r}.")
        self.illegal = illegal
        self.observation_space, self.action_space = _spaces(n, self.coder.n)
        self.observation_space = self.observation_space["observation"]
        self._specs = opponents
        self._opponents: list | None = None
        self._deals: _Deals | None = None
        self._hands = 0
        self._deal: int | np.ndarray = 0  # a row of self._deals, or a deal given by reset's options
        self._driver = None
        self._drivers: dict = {}
        self._obs = None  # the learner's bpp observation now, and its mask
        self._mask = self.coder.no_mask
        self._live = False  # the learner is to act
        self._encoder = Encoder(n, self.game.starting_stack)
        self.learner_seat = 0

    def _make_opponents(self, seed_seq):
        from bpp import registry

        out = []
        for spec, s in zip(self._specs, seed_seq.spawn(len(self._specs))):
            if isinstance(spec, str):
                games = registry.agent_games(spec)
                if games is not None and self.game.name not in games:
                    raise ValueError(f"agent {spec!r} plays {', '.join(games)}, not {self.game.name}")
                out.append(registry.make_agent(spec, rng=np.random.default_rng(s)))
            else:
                out.append(spec)
        return out

    def _next_hand(self, options=None):
        n = self.game.n_players
        k = self._hands
        self._hands += 1
        given = options.get("deal") if options else None  # a given deal and button (evaluation on fixed deals)
        deals = cast(_Deals, self._deals)
        if self.duplicate:
            if k % n == 0 and given is None:
                self._deal = deals.deal()[0]
            button, seat = 0, k % n
        else:
            if given is None:
                self._deal = deals.deal()[0]
            button = k % n
            seat = k % n if self.seat_mode == "rotate" else int(self.seat_mode)
        if given is not None:
            self._deal = np.asarray(given)
        if options:
            button = int(options.get("button", button))
        self.learner_seat = seat
        driver = self._drivers.get(seat)
        if driver is None:  # one driver per learner seat (the hooks are looked up once)
            others = iter(self._opponents)
            driver = self._drivers[seat] = HandDriver([None if s == seat else next(others) for s in range(n)])
        self._driver = driver
        self._encoder.reset()
        deal = self._deal
        state = deals.start(deal, button) if isinstance(deal, int) else self.game.new_hand(deal, button=button)
        return driver.start(state)

    def _observe(self, pending):
        """The learner's observation vector and info where the driver stopped (``pending``: its seat, or None at the end)."""
        seat = self.learner_seat
        obs = self._obs = self._driver.state.observation(seat)
        mask = self._mask = self.coder.mask(obs)  # all zero at the end (no legal action)
        self._live = pending is not None
        # a copy: gymnasium's check_env requires new info data on every call, even for arrays that do not change
        return self._encoder(obs), {"action_mask": mask.copy(), "seat": seat}

    def reset(self, *, seed=None, options=None):
        if seed is not None:  # gymnasium's own np_random, as Env.reset seeds it (unused: the deals and opponents
            super().reset(seed=seed)  # have their own streams, below)
        if seed is not None or self._opponents is None:
            root = seed_sequence(seed)
            self._deals = _Deals(self.game, root)  # play_match's deals: block b from child b of the root
            self._opponents = self._make_opponents(
                np.random.SeedSequence(root.entropy, spawn_key=tuple(root.spawn_key) + (_OPPONENTS_KEY,)))
            self._drivers = {}
            self._hands = 0
        skipped = 0.0
        while (pending := self._next_hand(options)) is None:
            options = None
            skipped += self._driver.state._payoff_list()[self.learner_seat] / self.game.unit_chips
        obs, info = self._observe(pending)
        info["skipped_reward"] = skipped
        return obs, info

    def step(self, action):
        if not self._live:
            raise ValueError("VsAgentsEnv.step: call reset() first (the hand is over)")
        obs, mask = self._obs, self._mask
        if self.illegal == "call" and not (isinstance(action, (int, np.integer)) and 0 <= action < self.coder.n
                                           and mask[action]):
            action = 1 if obs.legal[0].kind != _DISCARD else self.coder.n_bet  # check/call; in the draw, stand pat
        pending = self._driver.step(self.coder.action(obs, action, mask), checked=False)  # legal: in the mask
        obs, info = self._observe(pending)
        if pending is None:
            return obs, self._driver.state._payoff_list()[self.learner_seat] / self.game.unit_chips, True, False, info
        return obs, 0.0, False, False, info

    @property
    def bpp_observation(self):
        """The learner's :class:`~holdem.games.base.Observation` now (for bpp agents playing through the env)."""
        return self._obs

    def action_masks(self) -> np.ndarray:
        """The current mask (the name sb3-contrib's maskable algorithms look for); all zero between hands."""
        return self._mask.copy()


class VsAgentsEnv(metaclass=_VsAgentsMeta):
    """One learner against fixed bpp agents: a Gymnasium ``Env`` whose episode is one hand.

    Parameters
    ----------
    game : str or game object
        A game of ``holdem.games.GAMES`` (options such as ``n_players`` by keyword).
    opponents : sequence
        One bpp agent per other seat: registered names (made with streams from
        ``reset``'s seed) or instances.
    seat : "rotate" or int
        The learner's seat: the next seat every hand, or always this one (the
        button moves every hand either way).
    duplicate : bool
        Replay every deal with the learner in each seat (``n_players`` hands per
        deal, the button fixed), as a duplicate match does.
    actions : str, optional
        The betting set (:data:`ACTION_SETS`).
    illegal : "raise" or "call"
        An action outside the mask is a ``ValueError`` naming it (``"raise"``),
        or is played as check/call (stand pat in the draw), the ACPC dealer's
        rule for invalid actions (``"call"``: for tools such as
        ``gymnasium.utils.env_checker.check_env`` that step unmasked samples).

    Notes
    -----
    ``reset(options={"deal": permutation, "button": b})`` plays a given deal
    (a hand that ends before the learner acts goes on with fresh deals).
    The observation is :func:`encode`'s vector; ``info["action_mask"]`` the
    int8 mask of legal actions, ``info["seat"]`` the learner's seat.  The
    reward (in the game's unit) comes when the hand ends.  A hand that ends
    before the learner's first decision (everyone folds to its blind) is not
    an episode: ``reset`` plays on to the next hand and adds the learner's
    result of the skipped hands to ``info["skipped_reward"]``.

    Examples
    --------
    >>> env = VsAgentsEnv("stud5", opponents=["rules"])
    >>> obs, info = env.reset(seed=4)
    >>> obs.shape, info["action_mask"].tolist()
    ((245,), [1, 1, 1])
    """

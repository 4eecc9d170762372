"""The OpenSpiel bridge: bpp's hold'em games as ``universal_poker``, OpenSpiel policies as bpp agents, bpp agents as bots.

OpenSpiel (the optional extra ``openspiel``) is imported on first use, so bpp
works without it; :func:`require_pyspiel` raises a one-line ``ValueError``
naming the extra when it is missing.

**The games.**  :func:`universal_poker_game` loads the ``universal_poker``
game that a bpp hold'em game is: limit hold'em at 2 to 10 seats
(:data:`MAX_LIMIT_SEATS`; from 5 seats on through a workaround, see
:func:`universal_poker_params`) and heads-up no-limit
(the ACPC games: ``NoLimitHoldem()`` is the 20,000-chip, 50/100 game of
Lisy2017 §4, ``pyspiel.hunl_game_string``; ``LimitHoldem()`` is ACPC limit
hold'em at blinds 1/2, bets 2/4, ``maxRaises = 3 4 4 4``; with 3 or more
seats the ACPC ring game, ``blind = 1 2 0 …``, ``firstPlayer = 3 1 1 1``).
The correspondence, checked decision by decision by
``tests/frameworks/test_openspiel_rules.py`` at 2 to 10 seats:

* **Seats.**  OpenSpiel's player ``i`` is the ``i``-th seat left of the
  button, bpp's seat ``(button + 1 + i) % n`` (:func:`openspiel_player`).
  Heads-up ACPC's ``blind = BB SB`` and ``firstPlayer = 2 1 1 1`` make player 1
  the button, who posts the small blind and acts first pre-flop, and player 0
  the big blind (bpp's heads-up rule, :func:`holdem.games.holdem.blind_seats`);
  with 3 or more seats ``blind = SB BB 0 …`` and ``firstPlayer = 3 1 1 1``
  make player 0 the small blind, player 1 the big blind, player 2 first to act
  pre-flop and the first player still in from player 0 first after the flop,
  as bpp's :func:`holdem.games.holdem.first_to_act`.
* **Cards.**  Both number a card ``rank * 4 + suit`` with ranks ``2..A`` and
  suits ``c d h s`` (the ACPC ``makeCard``): a chance outcome is the bpp card
  code.  OpenSpiel deals player 0's two cards, then player 1's and so on, then
  the board round by round; bpp gives the ``i``-th seat left of the button
  ``deal[i]`` and ``deal[n + i]`` (:func:`chance_outcomes`).
* **Actions.**  0 is fold, 1 check/call; in the full no-limit game action
  ``N >= 2`` is a raise *to* ``N`` chips in the hand (bpp's ``Action(BET_RAISE,
  N)``, the ACPC ``rN``); in limit, 2 is the fixed raise; with a betting
  abstraction (``fcpa``) 2 is a pot-sized raise and 3 all-in, whose raise-to
  totals :func:`openspiel_to_bpp` reads from the state's ACPC line after
  applying them to a copy.

**Policies as agents** (:class:`OpenSpielPolicyAgent`) and **agents as bots**
(:class:`BppBot`): see their docstrings.  ``bpp lbr --opponent
openspiel:MODULE:FACTORY`` plays LBR against ``FACTORY(game)`` (a policy or a
policy-providing bot).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from types import ModuleType
from typing import TYPE_CHECKING, SupportsInt

import numpy as np
from numpy.typing import ArrayLike, NDArray

from holdem._typing import RngLike
from holdem.games.base import CHECK_CALL, FOLD, Action, ActionKind, Event, Game, Observation
from holdem.match.agents import _import_path, _plugin_error

if TYPE_CHECKING:
    import pyspiel
    from open_spiel.python.policy import Policy

__all__ = [
    "MAX_LIMIT_SEATS",
    "require_pyspiel",
    "universal_poker_game",
    "openspiel_player",
    "chance_outcomes",
    "bpp_to_openspiel",
    "openspiel_to_bpp",
    "OpenSpielPolicyAgent",
    "BppBot",
    "openspiel_factory",
]

_RAISE = ActionKind.BET_RAISE
_GAMES = ("limit-holdem", "nolimit-holdem")
#: The most seats of a limit game the bridge loads: universal_poker's and bpp's limit hold'em's maximum.
MAX_LIMIT_SEATS = 10
#: ACPC's "no stack" (INT32_MAX): what ``readGame`` gives a seat of a gamedef without a ``stack`` line.
_ACPC_NO_STACK = 2**31 - 1


def require_pyspiel() -> ModuleType:
    """The ``pyspiel`` module, or a one-line ``ValueError`` saying how to install it."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        raise ValueError("OpenSpiel is not installed: pip install 'bpp[openspiel]' (the open_spiel package)") from None


def _bpp_game(game):
    if isinstance(game, str):
        from holdem.games import GAMES

        if game not in _GAMES:
            raise ValueError(f"The 'game' parameter of the OpenSpiel bridge must be one of {', '.join(_GAMES)}; got {game!r}.")
        return GAMES[game]()
    if getattr(game, "name", None) not in _GAMES or (game.name == "nolimit-holdem" and game.n_players != 2):
        raise ValueError(f"The OpenSpiel bridge plays limit-holdem (2-{MAX_LIMIT_SEATS} seats) and heads-up "
                         f"nolimit-holdem; got {game!r}.")
    return game


def universal_poker_params(game: str | Game, betting: str = "fullgame") -> dict:
    """The ``universal_poker`` parameters of the bpp hold'em ``game`` (a game object or its name).

    >>> p = universal_poker_params("nolimit-holdem", "fcpa")
    >>> p["blind"], p["stack"], p["firstPlayer"], p["bettingAbstraction"]
    ('100 50', '20000 20000', '2 1 1 1', 'fcpa')
    >>> universal_poker_params("limit-holdem")["raiseSize"], universal_poker_params("limit-holdem")["maxRaises"]
    ('2 2 4 4', '3 4 4 4')
    >>> from holdem.games import LimitHoldem
    >>> p = universal_poker_params(LimitHoldem(n_players=3))
    >>> p["numPlayers"], p["blind"], p["firstPlayer"]
    (3, '1 2 0', '3 1 1 1')
    >>> universal_poker_params(LimitHoldem(n_players=5))["maxRaises"]
    '3 4 4 4\\nstack = 2147483647 2147483647 2147483647 2147483647 2147483647'

    **Five or more limit seats.**  open_spiel 2.0.2 writes no ``stack`` line
    into the gamedef it generates for a limit game
    (``UniversalPokerGame::parseParameters``); the ACPC ``readGame`` it then
    runs (``project_acpc_server/game.cc``) presets ``stackRead = 4`` and
    ``stack[c] = INT32_MAX`` for ``c < MAX_ROUNDS`` (4) only, so with 5 or
    more players it fails "only read 4 stack sizes, need 5" and returns
    NULL, which ``readGameToStruct`` (``acpc_cpp/acpc_game.cc``) copies from
    with ``memcpy``: a segmentation fault.  universal_poker copies
    ``maxRaises`` into that gamedef verbatim and parses it nowhere else, so
    from 5 seats on ``maxRaises`` carries a second line, ``stack =
    2147483647 …``: INT32_MAX for every seat, what ``readGame`` gives seats
    0-3 without a stack line, so the game is the one OpenSpiel plays at
    2-4 seats.
    """
    g = _bpp_game(game)
    if betting not in ("fullgame", "fcpa", "fc", "fchpa"):
        raise ValueError(f"The 'betting' parameter of universal_poker_game must be fullgame, fcpa, fc or fchpa; got {betting!r}.")
    n = g.n_players
    if n == 2:  # the reversed heads-up blinds: player 0 the big blind, player 1 the button and small blind
        seats = {"blind": f"{g.big_blind} {g.small_blind}", "firstPlayer": "2 1 1 1"}
    else:  # the ring game: player 0 the small blind, player 1 the big blind, player 2 first pre-flop
        seats = {"blind": " ".join(map(str, [g.small_blind, g.big_blind] + [0] * (n - 2))), "firstPlayer": "3 1 1 1"}
    common = {"numPlayers": n, "numRounds": 4, **seats, "numSuits": 4, "numRanks": 13,
              "numHoleCards": 2, "numBoardCards": "0 3 1 1", "stack": " ".join([str(g.starting_stack)] * n)}
    if g.name == "nolimit-holdem":
        return {"betting": "nolimit", **common, "bettingAbstraction": betting}
    if betting not in ("fullgame",):
        raise ValueError(f"limit hold'em has no betting abstraction in universal_poker; got betting={betting!r}.")
    mr = g.max_raises
    max_raises = f"{mr} {mr + 1} {mr + 1} {mr + 1}"  # ACPC counts a bet as a raise after the flop
    if n > 4:  # the gamedef's stack line that open_spiel 2.0.2 leaves out (see above)
        max_raises += "\nstack = " + " ".join([str(_ACPC_NO_STACK)] * n)
    return {"betting": "limit", **common,
            "raiseSize": f"{g.small_bet} {g.small_bet} {g.big_bet} {g.big_bet}", "maxRaises": max_raises}
    # No bettingAbstraction for limit: open_spiel 2.0.2 with betting=limit and bettingAbstraction=fullgame lists
    # the legal actions [0, 1, 0] (the raise lost, fold twice); without it the raise is action 2.


def universal_poker_game(game: str | Game, betting: str = "fullgame") -> pyspiel.Game:
    """The ``pyspiel`` ``universal_poker`` game of the bpp hold'em ``game`` (object or name).

    >>> universal_poker_game("nolimit-holdem", "fcpa").num_distinct_actions()  # doctest: +SKIP
    4
    """
    pyspiel = require_pyspiel()
    return pyspiel.load_game("universal_poker", universal_poker_params(game, betting))


def openspiel_player(seat: int, button: int = 0, n_players: int = 2) -> int:
    """OpenSpiel's player for bpp's ``seat`` when ``button`` has the button: ``(seat - button - 1) % n_players``.

    Heads-up with the button at seat 0 that is ``1 - seat``.

    >>> openspiel_player(0), openspiel_player(1), openspiel_player(4, button=4, n_players=6)
    (1, 0, 5)
    """
    for name, value, top in (("n_players", n_players, 11), ("seat", seat, n_players), ("button", button, n_players)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value < top:
            raise ValueError(f"The '{name}' parameter of openspiel_player must be an integer in [0, {top}); got {value!r}.")
    return (seat - button - 1) % n_players


def chance_outcomes(deal: Iterable[SupportsInt], n_players: int = 2) -> list[int]:
    """The chance outcomes that deal bpp's hold'em ``deal`` in OpenSpiel, in OpenSpiel's order (any button).

    OpenSpiel's player ``i``, the ``i``-th seat left of the button, gets
    ``deal[i], deal[n + i]`` as in bpp; the board is ``deal[2n : 2n + 5]``.

    >>> chance_outcomes(range(52))
    [0, 2, 1, 3, 4, 5, 6, 7, 8]
    >>> chance_outcomes(range(52), n_players=3)
    [0, 3, 1, 4, 2, 5, 6, 7, 8, 9, 10]
    """
    d = [int(c) for c in deal]
    n = n_players
    return [c for i in range(n) for c in (d[i], d[n + i])] + d[2 * n : 2 * n + 5]


def bpp_to_openspiel(action: Action, os_state: pyspiel.State) -> int:
    """The OpenSpiel action of bpp's ``action`` at ``os_state`` (full game; limit: 2 is the raise)."""
    if action.kind == ActionKind.FOLD:
        return 0
    if action.kind == ActionKind.CHECK_CALL:
        return 1
    if action.kind == _RAISE:
        if _is_limit(os_state.get_game()):
            return 2
        return int(action.amount)
    raise ValueError(f"action {action} has no universal_poker counterpart")


def _is_limit(os_game) -> bool:
    return str(os_game.get_parameters().get("betting", "nolimit")) == "limit"


_ACPC = re.compile(r"ACPC State: STATE:\d+:([^:]*):")


def _last_raise_to(os_state) -> int:
    m = _ACPC.search(str(os_state))
    if m is None:
        raise ValueError("universal_poker state without an ACPC line")
    raises = re.findall(r"r(\d+)", m.group(1).split("/")[-1])
    if not raises:
        raise ValueError(f"no raise in the ACPC betting {m.group(1)!r}")
    return int(raises[-1])


def openspiel_to_bpp(os_action: int, os_state: pyspiel.State, observation: Observation) -> Action:
    """bpp's action for OpenSpiel's ``os_action`` at ``os_state`` (``observation``: the same decision in bpp).

    Fold and call map to themselves; a raise to bpp's legal raise of the same
    raise-to total (limit: the one raise; an abstraction's pot or all-in: the
    total read from ``os_state`` after the action).
    """
    os_action = int(os_action)
    if os_action == 0:
        return FOLD
    if os_action == 1:
        return CHECK_CALL
    raises = [a for a in observation.legal if a.kind == _RAISE]
    if not raises:
        raise ValueError(f"OpenSpiel action {os_action} is a raise, not legal for bpp here ({[str(a) for a in observation.legal]})")
    bounds = observation.raise_bounds
    if bounds is None or bounds[0] == bounds[1]:
        return raises[0]
    params = os_state.get_game().get_parameters()
    if str(params.get("bettingAbstraction", "fullgame")) == "fullgame":
        amount = os_action
    else:
        after = os_state.clone()
        after.apply_action(os_action)
        amount = _last_raise_to(after)
    return observation.action("raise", amount)


def _bpp_game_of(os_game) -> tuple:
    """``(bpp game, betting abstraction)`` of a universal_poker game that is one of bpp's, else ValueError."""
    from holdem.games import GAMES

    params = {k: str(v) for k, v in os_game.get_parameters().items()}
    if "universal_poker" not in str(os_game):
        raise ValueError(f"the OpenSpiel bridge plays universal_poker hold'em; got {os_game}")
    name = "limit-holdem" if params.get("betting") == "limit" else "nolimit-holdem"
    betting = params.get("bettingAbstraction", "fullgame") if name == "nolimit-holdem" else "fullgame"
    n = params.get("numPlayers", "2")
    if name == "nolimit-holdem" and n != "2" or n not in [str(k) for k in range(2, MAX_LIMIT_SEATS + 1)]:
        raise ValueError(f"universal_poker game {os_game} is not one of bpp's: numPlayers={n!r} "
                         f"(the bridge plays limit hold'em at 2-{MAX_LIMIT_SEATS} seats, no-limit heads-up)")
    game = GAMES[name](n_players=int(n)) if name == "limit-holdem" else GAMES[name]()
    want = universal_poker_params(game, betting)
    for key, value in want.items():
        if key in ("bettingAbstraction", "numPlayers") or (name == "limit-holdem" and key == "stack"):
            continue
        got = params.get(key)
        if got is None or got.split() != str(value).split():
            raise ValueError(
                f"universal_poker game {os_game} is not bpp's {name}: {key}={got!r}, bpp plays {key}={value!r}")
    return game, betting


class OpenSpielPolicyAgent:
    """An OpenSpiel policy for universal_poker hold'em, playing as a bpp agent (and stating its policy).

    ``policy`` is an ``open_spiel.python.policy.Policy`` (``action_probabilities(state,
    player_id) -> {action: probability}``) or a ``pyspiel.Bot`` whose
    ``provides_policy()`` is true (its ``step_with_policy(state)`` is asked);
    ``game`` is the universal_poker game it is a policy of: limit or no-limit
    hold'em as bpp plays them (limit at 2-10 seats), the full game or a no-limit betting
    abstraction such as ``fcpa`` (then only raises the abstraction can make
    are understood in the history: another raise is a ``ValueError``).

    At each decision the agent rebuilds the OpenSpiel state from its
    observation (its hole cards, two placeholder cards for each opponent that
    no policy of an information state can see, the board and the actions, in
    OpenSpiel's order) and asks the policy.  ``holdings_action_probabilities``
    replays the same OpenSpiel actions with each holding swapped in (one
    rebuild per holding; once for all holdings with ``policy_ignores_cards=True``,
    a promise the caller makes).  The policy is checked at every question: the
    probabilities must be non-negative, on legal actions and sum to one (a
    ``ValueError`` naming the value otherwise).

    Columns of ``holdings_action_probabilities`` follow ``observation.legal``;
    in the full no-limit game a raise of any size counts for the legal raise
    in ``legal`` nearest in amount (the base class's rule; LBR uses kinds).

    Parameters
    ----------
    game : pyspiel.Game
        The universal_poker game of the policy.
    policy : open_spiel.python.policy.Policy or pyspiel.Bot
    policy_ignores_cards : bool
        True when the policy does not depend on the private cards (always-call, uniform random).
    rng : numpy.random.Generator, int or None
        For sampling ``act``.

    >>> import pyspiel  # doctest: +SKIP
    >>> from open_spiel.python.policy import UniformRandomPolicy  # doctest: +SKIP
    >>> game = universal_poker_game("nolimit-holdem", "fcpa")  # doctest: +SKIP
    >>> agent = OpenSpielPolicyAgent(game, UniformRandomPolicy(game), rng=0)  # doctest: +SKIP
    """

    learns_across_hands = False

    def __init__(self, game: pyspiel.Game, policy: Policy | pyspiel.Bot, *, policy_ignores_cards: bool = False,
                 rng: RngLike = None) -> None:
        require_pyspiel()
        self.os_game = game
        bpp_game, self.betting = _bpp_game_of(game)
        self.game_name, self.n_players = bpp_game.name, bpp_game.n_players
        self.games = (self.game_name,)
        self.policy_ignores_cards = bool(policy_ignores_cards)
        self.rng = np.random.default_rng(rng)
        if callable(getattr(policy, "action_probabilities", None)):
            self._ask = lambda state, player: policy.action_probabilities(state, player)
        elif callable(getattr(policy, "provides_policy", None)) and callable(getattr(policy, "step_with_policy", None)):
            try:
                provides = policy.provides_policy()
            except Exception as err:  # the bot's own code
                raise ValueError(f"the OpenSpiel bot {policy!r:.60}: provides_policy() raised {type(err).__name__}: "
                                 f"{str(err).splitlines()[0] if str(err) else ''}") from err
            if not provides:
                raise ValueError(f"the OpenSpiel bot {policy!r} does not provide a policy (provides_policy() is False)")
            self._ask = lambda state, player: dict(policy.step_with_policy(state)[0])
        else:
            raise ValueError(f"{policy!r} is neither an open_spiel Policy nor a pyspiel.Bot that provides a policy")
        self.policy = policy
        self.name = f"openspiel:{type(policy).__name__}"
        self._limit = self.game_name == "limit-holdem"
        self._full = self.betting == "fullgame"

    # --- the OpenSpiel state of an observation
    def _actions(self, observation) -> list[tuple[Action, list[int]]]:
        """The observation's events as bpp actions, each with the board cards dealt before it."""
        steps: list[tuple[Action, list[int]]] = []
        board: list[int] = []
        for ev in observation.history:
            if ev.kind == "deal":
                board.extend(int(c) for c in ev.cards)
            elif ev.kind == "action":
                steps.append((ev.action, board))
                board = []
        return steps

    def _state(self, observation, hole, os_actions=None):
        """The OpenSpiel state at ``observation`` with the seat's hole cards ``hole``; also the OpenSpiel actions."""
        n = self.n_players
        me = openspiel_player(observation.player, observation.button, n)
        used = set(int(c) for c in hole) | set(int(c) for c in observation.public)
        filler = iter([c for c in range(52) if c not in used])
        state = self.os_game.new_initial_state()
        for p in range(n):  # every other player gets two placeholder cards (no information state shows them)
            for c in hole if p == me else (next(filler), next(filler)):
                state.apply_action(int(c))
        build = os_actions is None
        os_actions = [] if build else os_actions
        dealt = 0
        for k, (action, board) in enumerate(self._actions(observation)):
            for c in board:
                state.apply_action(c)
            dealt += len(board)
            if build:
                os_actions.append(self._to_os(action, state))
            state.apply_action(os_actions[k])
        for c in observation.public[dealt:]:
            state.apply_action(int(c))
        if state.is_chance_node() or state.current_player() != me:
            raise ValueError(f"the observation of seat {observation.player} does not rebuild to its decision in {self.os_game}")
        return state, os_actions

    def _to_os(self, action: Action, state) -> int:
        if action.kind != _RAISE or self._full:
            return bpp_to_openspiel(action, state)
        for a in state.legal_actions():
            if a >= 2:
                after = state.clone()
                after.apply_action(a)
                if _last_raise_to(after) == action.amount:
                    return a
        raise ValueError(f"raise to {action.amount} is not an action of the policy's game "
                         f"(bettingAbstraction={self.betting}); it cannot be replayed in {self.os_game}")

    def _probs(self, state, player: int) -> tuple[np.ndarray, np.ndarray]:
        """The policy at ``state``, checked: (OpenSpiel actions, probabilities), zero entries dropped."""
        probs = self._ask(state, player)
        keys = np.fromiter(probs.keys(), dtype=np.int64, count=len(probs))
        vals = np.fromiter(probs.values(), dtype=np.float64, count=len(probs))
        bad = ~np.isfinite(vals) | (vals < 0)
        if bad.any():
            raise ValueError(f"the OpenSpiel policy gave probability {float(vals[bad][0])!r} to action {int(keys[bad][0])}")
        total = float(vals.sum())
        if abs(total - 1.0) > 1e-6:
            raise ValueError(f"the OpenSpiel policy's probabilities sum to {total!r}, not 1")
        live = vals > 0
        keys, vals = keys[live], vals[live]
        illegal = ~np.isin(keys, np.asarray(state.legal_actions(), dtype=np.int64))
        if illegal.any():
            raise ValueError(f"the OpenSpiel policy put probability {float(vals[illegal][0])!r} on action {int(keys[illegal][0])}, "
                             f"not legal at {state.information_state_string(player).splitlines()[0][:120]!r}")
        return keys, vals

    # --- the agent protocol
    def new_hand(self, seat: int) -> None:
        """Nothing to reset: the policy is fixed."""

    def observe(self, event: Event) -> None:
        """The policy is fixed; events are read from the observation's history."""

    def action_probabilities(self, observation: Observation) -> dict[Action, float]:
        """The policy at ``observation``: bpp action → probability (raises with their raise-to totals)."""
        state, _ = self._state(observation, observation.hole)
        keys, vals = self._probs(state, openspiel_player(observation.player, observation.button, self.n_players))
        out: dict[Action, float] = {}
        for a, p in zip(keys.tolist(), vals.tolist()):
            b = openspiel_to_bpp(a, state, observation)
            out[b] = out.get(b, 0.0) + p
        return out

    def act(self, observation: Observation) -> Action:
        """An action sampled from the policy with ``rng``."""
        probs = self.action_probabilities(observation)
        actions = list(probs)
        p = np.fromiter(probs.values(), dtype=np.float64, count=len(actions))
        return actions[int(self.rng.choice(len(actions), p=p / p.sum()))]

    def holdings_action_probabilities(self, observation: Observation, holdings: ArrayLike) -> NDArray[np.float64]:
        """The policy with each holding swapped in, columns in ``legal`` order.

        ``holdings`` is an integer array of shape ``(n_holdings, 2)`` (card codes); the result is float64 of shape
        ``(n_holdings, len(observation.legal))``.
        """
        holdings = np.asarray(holdings)
        if holdings.ndim != 2 or holdings.shape[1:] != (2,) or (holdings.size and holdings.dtype.kind not in "iu"):
            raise ValueError("The 'holdings' parameter of holdings_action_probabilities must be an integer array of "
                             f"shape (n_holdings, 2); got shape {holdings.shape}.")
        legal = observation.legal
        column = {a: j for j, a in enumerate(legal)}
        raise_cols = np.array([j for j, a in enumerate(legal) if a.kind == _RAISE], dtype=np.intp)
        raise_amounts = np.array([a.amount for a in legal if a.kind == _RAISE], dtype=np.int64)
        me = openspiel_player(observation.player, observation.button, self.n_players)
        n = holdings.shape[0]
        ask = holdings[:1] if self.policy_ignores_cards and n > 1 else holdings
        out = np.zeros((ask.shape[0], len(legal)))
        os_actions = None
        amount_of: dict[int, int] = {}
        for i, hole in enumerate(ask.tolist()):
            state, os_actions = self._state(observation, hole, os_actions)
            keys, vals = self._probs(state, me)
            for a, col in ((0, FOLD), (1, CHECK_CALL)):
                if col in column:
                    out[i, column[col]] = vals[keys == a].sum()
            up = keys >= 2
            if up.any():
                if raise_cols.size == 0:
                    raise ValueError(f"the OpenSpiel policy raises ({keys[up][0]}) where bpp has no legal raise")
                if self._limit:
                    amounts = np.full(int(up.sum()), raise_amounts[0])
                elif self._full:
                    amounts = keys[up]
                else:
                    for a in keys[up].tolist():
                        if a not in amount_of:
                            amount_of[a] = openspiel_to_bpp(a, state, observation).amount
                    amounts = np.array([amount_of[a] for a in keys[up].tolist()])
                nearest = np.abs(amounts[:, None] - raise_amounts[None, :]).argmin(axis=1)
                np.add.at(out[i], raise_cols[nearest], vals[up])
        return np.broadcast_to(out, (n, len(legal))).copy() if ask.shape[0] != n else out

    def __repr__(self) -> str:
        return f"OpenSpielPolicyAgent({self.os_game}, {self.policy!r})"


def _bot_base():
    return require_pyspiel().Bot


class _LazyBot(type):
    """Makes :class:`BppBot` a ``pyspiel.Bot`` subclass on first use, so importing bpp never needs OpenSpiel."""

    _cls = None

    def __call__(cls, *args, **kwargs):
        if _LazyBot._cls is None:
            _LazyBot._cls = type("BppBot", (_BppBotImpl, _bot_base()), {"__doc__": _BppBotImpl.__doc__,
                                                                        "__module__": __name__})
        return _LazyBot._cls(*args, **kwargs)


class _BppBotImpl:
    """A bpp agent as a ``pyspiel.Bot`` for universal_poker hold'em (``open_spiel.python.algorithms.evaluate_bots``).

    ``BppBot(game, agent, player_id, rng)``: ``game`` the universal_poker game
    (one of bpp's, any betting abstraction), ``agent`` a registered name
    (``"poki"``) or an agent instance, ``player_id`` the bot's OpenSpiel player,
    ``rng`` the agent's random stream when it is made from a name.  The agent
    sits in bpp seat ``seat`` (default ``player_id``) for every hand; the
    button is then ``player_id + 1`` seats to its right
    (:func:`openspiel_player`: heads-up, wherever OpenSpiel's player 1 sits),
    so the bot also plays when a harness swaps the players between hands.

    At each ``step`` the bot rebuilds the bpp hand from the OpenSpiel state's
    history (the cards dealt so far; the cards not yet dealt are irrelevant
    to the observation), tells the agent ``new_hand`` when a hand starts and
    every public event it has not seen, and maps the agent's action to
    OpenSpiel's (in an abstraction a raise becomes the abstraction's raise of
    the nearest raise-to total).  ``provides_policy()`` is true when the agent
    states its policy (:func:`bpp.lbr.policy.states_policy`); then
    ``step_with_policy`` returns it over OpenSpiel actions.
    """

    def __init__(self, game, agent, player_id: int, rng=None, *, seat: int | None = None):
        super().__init__()
        self.os_game = game
        self.bpp_game, self.betting = _bpp_game_of(game)
        self.game_name = self.bpp_game.name
        n = self.bpp_game.n_players
        if isinstance(agent, str):
            from bpp import registry

            games = registry.agent_games(agent)
            if games is not None and self.game_name not in games:
                raise ValueError(f"agent {agent!r} plays {', '.join(games)}, not {self.game_name}")
            agent = registry.make_agent(agent, rng=rng)
        self.agent = agent
        if isinstance(player_id, bool) or not isinstance(player_id, (int, np.integer)) or not 0 <= player_id < n:
            raise ValueError(f"The 'player_id' parameter of BppBot must be a player 0..{n - 1}; got {player_id!r}.")
        self._player_id = int(player_id)
        self.seat = self._player_id if seat is None else int(seat)
        self._key: tuple | None = None
        self._seen = 0

    def player_id(self) -> int:
        return self._player_id

    def restart_at(self, state) -> None:
        """Forget the hand in progress (the next state the bot sees starts a hand)."""
        self._key = None

    def inform_action(self, state, player_id, action) -> None:
        """Catch up with the hand after ``action`` (so the agent sees every event, the last ones included)."""
        after = state.clone()
        after.apply_action(action)
        self._sync(after)

    def provides_policy(self) -> bool:
        from bpp.lbr.policy import states_policy

        return states_policy(self.agent)

    def _sync(self, state):
        """The bpp hand at OpenSpiel ``state``, the agent told of a new hand and of every event it has not seen."""
        if state.is_chance_node():  # cards still coming: a board half dealt has no bpp counterpart
            return None, None
        n = self.bpp_game.n_players
        button = (self.seat - 1 - self._player_id) % n  # the bot's player is the seat player_id + 1 left of the button
        history = [int(a) for a in state.history()]
        replay = self.os_game.new_initial_state()
        chance = []
        for a in history:  # pass 1: the cards dealt so far
            if replay.is_chance_node():
                chance.append(a)
            replay.apply_action(a)
        if len(chance) < 2 * n:  # the hole cards are still being dealt
            return None, None
        bstate = self._new_state(chance, button)
        replay = self.os_game.new_initial_state()
        for a in history:  # pass 2: the actions, mapped at their own states
            if not replay.is_chance_node():
                bstate.apply(openspiel_to_bpp(a, replay, bstate.observation(bstate.current_player)))
            replay.apply_action(a)
        key = (button, tuple(chance[: 2 * n]))
        if key != self._key:
            self._key, self._seen = key, 0
            if hasattr(self.agent, "new_hand"):
                self.agent.new_hand(self.seat)
        observe = getattr(self.agent, "observe", None)
        if observe is not None:
            for event in bstate.history[self._seen:]:
                observe(event)
        self._seen = max(self._seen, len(bstate.history))
        return bstate, bstate.observation(self.seat)

    def _new_state(self, chance, button):
        """A bpp hand with OpenSpiel's dealt cards (undealt board cards filled from the rest of the deck)."""
        dealt = [int(c) for c in chance]
        n = self.bpp_game.n_players
        head = dealt[0 : 2 * n : 2] + dealt[1 : 2 * n : 2] + dealt[2 * n :]  # chance_outcomes inverted
        rest = [c for c in range(52) if c not in set(head)]
        return self.bpp_game.new_hand(np.array(head + rest), button=button)

    def _to_os(self, action: Action, state) -> int:
        if action.kind != _RAISE or self.betting == "fullgame":
            return bpp_to_openspiel(action, state)
        best, gap = None, None
        for a in state.legal_actions():
            if a >= 2:
                after = state.clone()
                after.apply_action(a)
                d = abs(_last_raise_to(after) - action.amount)
                if gap is None or d < gap:
                    best, gap = a, d
        if best is None:
            raise ValueError(f"{action} has no counterpart in {self.os_game}")
        return best

    def step(self, state) -> int:
        """The agent's action at ``state`` as an OpenSpiel action."""
        _, obs = self._sync(state)
        return self._finish(state, self._to_os(self.agent.act(obs), state))

    def _finish(self, state, action: int) -> int:
        """Show the agent the end of the hand when its own action ends it (no bot is informed of its own action)."""
        after = state.clone()
        after.apply_action(action)
        if after.is_terminal():
            self._sync(after)
        return action

    def step_with_policy(self, state):
        """``([(action, probability), ...], action)``: the agent's stated policy over OpenSpiel actions and its action."""
        if not self.provides_policy():
            raise ValueError(f"agent {getattr(self.agent, 'name', self.agent)!r} does not state its policy")
        _, obs = self._sync(state)
        probs = self.agent.action_probabilities(obs)
        out: dict[int, float] = {}
        for action, p in probs.items():
            if action.kind == _RAISE and action.amount == 0 and obs.raise_bounds and obs.raise_bounds[0] != obs.raise_bounds[1]:
                lo, hi = obs.raise_bounds  # "a raise of some size", uniform over the totals (holdem.agents.UniformRandom)
                for amount in range(lo, hi + 1):
                    a = self._to_os(Action(_RAISE, amount), state)
                    out[a] = out.get(a, 0.0) + p / (hi - lo + 1)
                continue
            a = self._to_os(action, state)
            out[a] = out.get(a, 0.0) + float(p)
        return sorted(out.items()), self._finish(state, self._to_os(self.agent.act(obs), state))


class BppBot(metaclass=_LazyBot):
    __doc__ = _BppBotImpl.__doc__


class _OpenSpielFactory:
    """The agent factory behind the name ``openspiel:MODULE:FACTORY`` (``bpp lbr --opponent``, the registry's hook).

    ``MODULE.FACTORY()`` returns an open_spiel ``Policy`` (whose ``game`` is
    its universal_poker game), a ``(game, policy_or_bot)`` pair, or an
    :class:`OpenSpielPolicyAgent`; a policy with a true attribute
    ``policy_ignores_cards`` is asked once for all holdings.  The user's part
    failing (``MODULE`` not importable, ``FACTORY`` not callable or raising,
    its value not one of those) is a ``ValueError`` naming the agent, as for a
    ``module:Class`` plug-in (:meth:`holdem.match.AgentSpec.make`).
    """

    def __init__(self, name: str):
        parts = name.split(":")
        if len(parts) != 3 or not all(parts[1:]):
            raise ValueError(f"an OpenSpiel agent is named openspiel:MODULE:FACTORY; got {name!r}")
        require_pyspiel()
        self.name, self.module, self.attribute = name, parts[1], parts[2]
        # the user's part (importing MODULE, calling FACTORY, what it returns) failing is one ValueError naming the agent
        self._make = _import_path(f"{self.module}:{self.attribute}", f"agent {name!r}")
        if not callable(self._make):
            raise ValueError(f"agent {name!r}: {self.module}:{self.attribute} is {type(self._make).__name__} "
                             f"{self._make!r:.60}, not a factory (FACTORY() returns an OpenSpiel policy)")
        self.games = self(rng=0).games

    def __call__(self, *, rng=None) -> OpenSpielPolicyAgent:
        try:
            made = self._make()
        except Exception as err:  # the user's code: one line, its traceback chained (bpp --debug)
            raise _plugin_error(self.name, err) from err
        if isinstance(made, OpenSpielPolicyAgent):
            made.rng = np.random.default_rng(rng)
            return made
        if isinstance(made, tuple) and len(made) == 2:
            game, policy = made
        else:
            game, policy = getattr(made, "game", None), made
        if not isinstance(game, require_pyspiel().Game):
            raise ValueError(f"agent {self.name!r}: {self.module}:{self.attribute}() gave {type(made).__name__} "
                             f"{made!r:.60}: return a Policy with .game (an OpenSpiel game), a (game, policy) pair or "
                             "an OpenSpielPolicyAgent")
        try:
            agent = OpenSpielPolicyAgent(game, policy, rng=rng,
                                         policy_ignores_cards=bool(getattr(policy, "policy_ignores_cards", False)))
        except ValueError as err:
            raise ValueError(f"agent {self.name!r}: {err}") from err
        agent.name = self.name
        return agent


_FACTORIES: dict[str, _OpenSpielFactory] = {}


def openspiel_factory(name: str) -> _OpenSpielFactory:
    """The factory of agent ``openspiel:MODULE:FACTORY`` (made once per name)."""
    if name not in _FACTORIES:
        _FACTORIES[name] = _OpenSpielFactory(name)
    return _FACTORIES[name]

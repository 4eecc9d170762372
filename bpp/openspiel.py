"""The OpenSpiel bridge: bpp's hold'em games as ``universal_poker``, OpenSpiel policies as bpp agents, bpp agents as bots.

OpenSpiel (the optional extra ``openspiel``) is imported on first use, so bpp
works without it; :func:`require_pyspiel` raises a one-line ``ValueError``
naming the extra when it is missing.

**The games.**  :func:`universal_poker_game` loads the ``universal_poker``
game that a bpp hold'em game is, heads-up (the ACPC games: ``NoLimitHoldem()``
is the 20,000-chip, 50/100 game of Lisy2017 §4, ``pyspiel.hunl_game_string``;
``LimitHoldem()`` is ACPC limit hold'em at blinds 1/2, bets 2/4,
``maxRaises = 3 4 4 4``).  The correspondence, checked decision by decision
by ``tests/frameworks/test_openspiel_rules.py``:

* **Seats.**  ACPC's ``blind = BB SB`` and ``firstPlayer = 2 1 1 1`` make
  OpenSpiel's player 1 the small blind who acts first pre-flop and player 0
  the big blind: bpp's seat ``s`` with the button at seat 0 is OpenSpiel's
  player ``1 - s`` (:func:`openspiel_player`).
* **Cards.**  Both number a card ``rank * 4 + suit`` with ranks ``2..A`` and
  suits ``c d h s`` (the ACPC ``makeCard``): a chance outcome is the bpp card
  code.  OpenSpiel deals player 0's two cards, then player 1's, then the board
  round by round (:func:`chance_outcomes`).
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

import numpy as np

from holdem.games.base import CHECK_CALL, FOLD, Action, ActionKind

__all__ = [
    "require_pyspiel",
    "universal_poker_game",
    "openspiel_player",
    "chance_outcomes",
    "bpp_to_openspiel",
    "openspiel_to_bpp",
    "OpenSpielPolicyAgent",
    "BppBot",
    "load_openspiel_agent",
]

_RAISE = ActionKind.BET_RAISE
_GAMES = ("limit-holdem", "nolimit-holdem")


def require_pyspiel():
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
    if getattr(game, "name", None) not in _GAMES or getattr(game, "n_players", 2) != 2:
        raise ValueError(f"The OpenSpiel bridge plays heads-up limit-holdem and nolimit-holdem; got {game!r}.")
    return game


def universal_poker_params(game, betting: str = "fullgame") -> dict:
    """The ``universal_poker`` parameters of the heads-up bpp hold'em ``game`` (a game object or its name).

    >>> p = universal_poker_params("nolimit-holdem", "fcpa")
    >>> p["blind"], p["stack"], p["firstPlayer"], p["bettingAbstraction"]
    ('100 50', '20000 20000', '2 1 1 1', 'fcpa')
    >>> universal_poker_params("limit-holdem")["raiseSize"], universal_poker_params("limit-holdem")["maxRaises"]
    ('2 2 4 4', '3 4 4 4')
    """
    g = _bpp_game(game)
    if betting not in ("fullgame", "fcpa", "fc", "fchpa"):
        raise ValueError(f"The 'betting' parameter of universal_poker_game must be fullgame, fcpa, fc or fchpa; got {betting!r}.")
    common = {"numPlayers": 2, "numRounds": 4, "firstPlayer": "2 1 1 1", "numSuits": 4, "numRanks": 13,
              "numHoleCards": 2, "numBoardCards": "0 3 1 1"}
    if g.name == "nolimit-holdem":
        return {"betting": "nolimit", **common, "blind": f"{g.big_blind} {g.small_blind}",
                "stack": f"{g.starting_stack} {g.starting_stack}", "bettingAbstraction": betting}
    if betting not in ("fullgame",):
        raise ValueError(f"limit hold'em has no betting abstraction in universal_poker; got betting={betting!r}.")
    mr = g.max_raises
    return {"betting": "limit", **common, "blind": f"{g.big_blind} {g.small_blind}",
            "raiseSize": f"{g.small_bet} {g.small_bet} {g.big_bet} {g.big_bet}",
            "maxRaises": f"{mr} {mr + 1} {mr + 1} {mr + 1}",  # ACPC counts a bet as a raise after the flop
            "stack": f"{g.starting_stack} {g.starting_stack}"}
    # No bettingAbstraction for limit: open_spiel 2.0.2 with betting=limit and bettingAbstraction=fullgame lists
    # the legal actions [0, 1, 0] (the raise lost, fold twice); without it the raise is action 2.


def universal_poker_game(game, betting: str = "fullgame"):
    """The ``pyspiel`` ``universal_poker`` game of the heads-up bpp hold'em ``game`` (object or name).

    >>> universal_poker_game("nolimit-holdem", "fcpa").num_distinct_actions()  # doctest: +SKIP
    4
    """
    pyspiel = require_pyspiel()
    return pyspiel.load_game("universal_poker", universal_poker_params(game, betting))


def openspiel_player(seat: int) -> int:
    """OpenSpiel's player for bpp's heads-up ``seat`` (button at seat 0): ``1 - seat``.

    >>> openspiel_player(0), openspiel_player(1)
    (1, 0)
    """
    if seat not in (0, 1):
        raise ValueError(f"The 'seat' parameter of openspiel_player must be 0 or 1; got {seat!r}.")
    return 1 - seat


def chance_outcomes(deal) -> list[int]:
    """The chance outcomes that deal bpp's heads-up hold'em ``deal`` (button 0) in OpenSpiel, in OpenSpiel's order.

    Player 0 (bpp seat 1) gets ``deal[0], deal[2]``; player 1 (seat 0, the
    button) ``deal[1], deal[3]``; the board is ``deal[4:9]``.

    >>> chance_outcomes(range(52))
    [0, 2, 1, 3, 4, 5, 6, 7, 8]
    """
    d = [int(c) for c in deal]
    return [d[0], d[2], d[1], d[3]] + d[4:9]


def bpp_to_openspiel(action: Action, os_state) -> int:
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


def openspiel_to_bpp(os_action: int, os_state, observation) -> Action:
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

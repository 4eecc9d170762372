"""Rule sets as state machines with explicit chance (see :mod:`holdem.games.base`).

The four games of the papers:

* :class:`LimitHoldem` — fixed-limit Texas hold'em, 2-10 seats (Billings2002, Billings1998);
* :class:`NoLimitHoldem` — heads-up no-limit hold'em, ACPC convention (Lisy2017);
* :class:`Stud5` — five-card stud (Korb1999);
* :class:`Draw5` — five-card draw (Kendall2001).

>>> import numpy as np
>>> from holdem.games import LimitHoldem, CHECK_CALL
>>> state = LimitHoldem().new_hand(np.arange(52), button=0, ranks=[7, 3])
>>> while not state.is_terminal:
...     _ = state.apply(CHECK_CALL)
>>> state.payoffs
array([ 2, -2])
"""

from typing import Any

from holdem.games.base import (
    CHECK_CALL,
    FOLD,
    STAND_PAT,
    Action,
    ActionKind,
    Event,
    Game,
    GameState,
    IllegalActionError,
    Observation,
    Stakes,
)
from holdem.games.draw import Draw5, Draw5State
from holdem.games.holdem import LimitHoldem, LimitHoldemState, NoLimitHoldem, NoLimitHoldemState
from holdem.games.stud import Stud5, Stud5State

#: The games by the names ``bpp match`` uses.
GAMES = {"limit-holdem": LimitHoldem, "nolimit-holdem": NoLimitHoldem, "stud5": Stud5, "draw5": Draw5}

__all__ = [
    "Action",
    "ActionKind",
    "CHECK_CALL",
    "FOLD",
    "STAND_PAT",
    "Event",
    "Game",
    "GameState",
    "IllegalActionError",
    "Observation",
    "Stakes",
    "LimitHoldem",
    "LimitHoldemState",
    "NoLimitHoldem",
    "NoLimitHoldemState",
    "Stud5",
    "Stud5State",
    "Draw5",
    "Draw5State",
    "GAMES",
    "make_game",
]


def make_game(name: str, n_players: int | None = None, **options: Any) -> Game:
    """The game called ``name`` (a key of :data:`GAMES`) for ``n_players`` seats (default: the game's own), with ``options``.

    The one place a game is made by name: ``bpp match``, the runner's logs,
    LBR and the benchmarks all come here.  ``options`` go to the rule set
    (``stacks=`` for table stakes at five-card stud, Korb1999 §6.2).

    >>> make_game("stud5")
    Stud5(n_players=2, ante=1, bet=2, max_raises=3)
    >>> make_game("stud5", 3, stacks=20)
    Stud5(n_players=3, ante=1, bet=2, max_raises=3, stacks=20)
    >>> make_game("nolimit-holdem", 3)
    Traceback (most recent call last):
    ...
    ValueError: nolimit-holdem is played by 2 players; got 3 agents
    >>> make_game("poker")
    Traceback (most recent call last):
    ...
    ValueError: The 'name' parameter of make_game must be one of 'limit-holdem', 'nolimit-holdem', 'stud5', 'draw5'; got 'poker'.
    """
    if name not in GAMES:
        allowed = ", ".join(repr(g) for g in GAMES)
        raise ValueError(f"The 'name' parameter of make_game must be one of {allowed}; got {name!r}.")
    cls = GAMES[name]
    game: Game
    if n_players is None:
        game = cls(**options)
        return game
    try:
        game = cls(n_players=n_players, **options)
        return game
    except TypeError:  # a rule set with a fixed number of seats (heads-up no-limit)
        game = cls(**options)
        if game.n_players != n_players:
            raise ValueError(f"{name} is played by {game.n_players} players; got {n_players} agents") from None
        return game

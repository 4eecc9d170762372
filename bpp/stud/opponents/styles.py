"""Stud opponents whose betting is built differently from Figure 4's (Korb1999 §5.1, §6.1).

The card-level BPP's action node has exactly the parents Figure 4's tests
read (how the opponent's hand stands against BPP's up cards, who shows
more, whether a bet is faced), so its win over ``rules`` is partly by
construction.  These three opponents judge their hand the way the
probabilistic player of §5.1 does — P(win) from sampled completions of the
known cards (:func:`bpp.stud.opponents.paper.sample_win_probability`'s sampler,
exact in the last round) — and then bet by rules of a different structure,
none of which looks at who shows more:

:class:`Bluffer` (``bluffer``), a frequent bluffer
    P(win) ≥ ½: bet/raise 70 %, check/call 30 %.  Below ½ it bluffs: bet/raise
    40 %; otherwise, facing a bet, call 30 % and fold 30 %, and with nothing
    owed check.  Its bets say little about its hand.
:class:`SlowPlayer` (``slowplay``), who checks strong hands
    P(win) ≥ 0.65: check/call in rounds 1-3 (never bet), bet/raise in the
    last round.  0.40 ≤ P(win) < 0.65: bet 60 % when nothing is owed, call a
    bet.  Below 0.40: check, and fold a bet 70 % (call 30 %).  Its strong
    hands look weak until the end.
:class:`LooseCaller` (``loose``), a loose pot-odds caller
    Calls whenever P(win) is at least half the pot odds u / (c + u) of the
    bet owed (a calling station), folds below that, raises only with
    P(win) ≥ 0.80 and bets with nothing owed only then; it never bluffs.

A raise past the cap is a call; "fold" with nothing owed is a check.  All
three are five-card stud players (registered with ``games=("stud5",)``); at a
table of more than two seats P(win) is against every live opponent
(:func:`bpp.stud.opponents.paper.table_win_probability`, Korb1999 §6.2).

How every BPP variant fares against them is measured in the variants
table (``figures/stud_variants.py`` writes ``figures/stud_variants.md``:
duplicate deals, mean ± 95 % CI in units/hand per cell), not stated here.

>>> import numpy as np
>>> from holdem.games import Stud5
>>> from holdem.match import play_match
>>> r = play_match(Stud5(), [Bluffer, SlowPlayer], 20, rng=2)
>>> r.names
['bluffer', 'slowplay']
"""

from __future__ import annotations

import numpy as np

from holdem.agents import Agent
from holdem.games.base import CHECK_CALL, FOLD, Action, Observation

from bpp.stud.opponents.paper import _win_probability, table_win_probability

__all__ = ["Bluffer", "SlowPlayer", "LooseCaller"]


class _StrengthPlayer(Agent):
    """Shared base: P(win) of the known cards (cached per deal of cards), then :meth:`policy` → (fold, call, bet).

    Parameters
    ----------
    n_samples : int
        Completions per P(win) estimate (the last round is exact).
    rng : numpy.random.Generator, int or None
        Draws the completions and the mixed actions.
    """

    trusted_actions = True  # act() answers legal moves only

    def __init__(self, *, n_samples: int = 300, rng=None):
        if isinstance(n_samples, bool) or not isinstance(n_samples, (int, np.integer)) or n_samples < 1:
            raise ValueError(f"The 'n_samples' parameter of {type(self).__name__} must be an integer >= 1; got {n_samples!r}.")
        super().__init__(rng=rng)
        self.n_samples = int(n_samples)
        self._key: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self._p = 0.0
        self._table_cache: dict = {}

    def win_probability(self, observation: Observation) -> float:
        """P(win) of the seat to act from the known cards alone (§5.1's estimate)."""
        if observation.n_players != 2:  # a table: P(win) against every live opponent (Korb1999 §6.2)
            return table_win_probability(observation, self.n_samples, self.rng, self._table_cache)
        me = observation.player
        key = (observation.hole + observation.up_cards[me], observation.up_cards[1 - me])
        if key != self._key:
            self._p = _win_probability(key[0], key[1], self.n_samples, self.rng)
            self._key = key
        return self._p

    def policy(self, p: float, observation: Observation) -> tuple[float, float, float]:
        """(fold, check/call, bet/raise) before the legal-move mapping."""
        raise NotImplementedError

    def _probabilities(self, observation: Observation) -> tuple[float, float, float]:
        if not observation.legal:
            raise ValueError(f"{type(self).__name__}.act: seat {observation.player} has no legal action (not its turn)")
        fold, call, bet = self.policy(self.win_probability(observation), observation)
        if observation.to_call <= 0:
            call, fold = call + fold, 0.0
        if observation.raise_bounds is None:
            call, bet = call + bet, 0.0
        return fold, call, bet

    def action_probabilities(self, observation: Observation) -> dict[Action, float]:
        """The mixed policy over the legal actions."""
        fold, call, bet = self._probabilities(observation)
        return {a: (fold if a.kind == 0 else (call if a.kind == 1 else bet)) for a in observation.legal}

    def act(self, observation: Observation) -> Action:
        fold, call, bet = self._probabilities(observation)
        x = self.rng.random()
        if x < fold:
            return FOLD
        if x < fold + call or bet <= 0.0:
            return CHECK_CALL
        return observation.legal[-1]


class Bluffer(_StrengthPlayer):
    """The frequent bluffer of the module docstring (registered ``bluffer``).

    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))
    >>> probs = Bluffer(rng=0).action_probabilities(state.observation(state.current_player))
    >>> round(sum(probs.values()), 12)
    1.0
    """

    name = "bluffer"

    def policy(self, p: float, observation: Observation) -> tuple[float, float, float]:
        if p >= 0.5:
            return 0.0, 0.3, 0.7
        return 0.3, 0.3, 0.4


class SlowPlayer(_StrengthPlayer):
    """The slow-player of the module docstring (registered ``slowplay``).

    >>> SlowPlayer(n_samples=0)
    Traceback (most recent call last):
    ...
    ValueError: The 'n_samples' parameter of SlowPlayer must be an integer >= 1; got 0.
    """

    name = "slowplay"

    def policy(self, p: float, observation: Observation) -> tuple[float, float, float]:
        if p >= 0.65:
            return (0.0, 0.0, 1.0) if observation.round == 3 else (0.0, 1.0, 0.0)
        if p >= 0.40:
            return (0.0, 1.0, 0.0) if observation.to_call > 0 else (0.0, 0.4, 0.6)
        return 0.7, 0.3, 0.0


class LooseCaller(_StrengthPlayer):
    """The loose pot-odds caller of the module docstring (registered ``loose``).

    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))
    >>> LooseCaller(rng=0).act(state.observation(state.current_player)).kind in (1, 2)
    True
    """

    name = "loose"

    def policy(self, p: float, observation: Observation) -> tuple[float, float, float]:
        if p >= 0.8:
            return 0.0, 0.0, 1.0
        u = observation.to_call
        if u <= 0:
            return 0.0, 1.0, 0.0
        odds = u / (observation.pot + u)
        return (0.0, 1.0, 0.0) if p >= 0.5 * odds else (1.0, 0.0, 0.0)

"""Learning the opponent model M_A|C = P(OPP_Action | OPP_Current) from showdowns (Korb et al. 1999, §3.3, §5.2).

"There are four action matrices M_A|C corresponding to the four rounds of
betting.  These report the conditional probabilities per round of passing
or calling versus betting or raising, given the opponent's current hand
type.  BPP adjusts these matrices over time, using the relative frequencies
of these behaviours.  Since the rules of poker do not allow the observation
of hidden cards unless the hand is held to showdown, these counts are made
only for such hands" (§3.3).  The matrices start from "a default assumption
that aggressive play (betting, raising) was as likely as conservative play
(passing, calling)" and "each showdown contributed equally" (§5.2).

:class:`ActionModel` keeps the counts: after a showdown the opponent's five
cards are known, so its current hand type in every round (its first ``r + 2``
cards, :func:`bpp.stud.model.handtypes.hand_type_of`) is paired with what it did
in that round (``aggressive`` if it bet or raised at least once, else
``passive``).  The matrix is the relative frequency with a symmetric
pseudo-count prior (``prior_strength`` observations split evenly), so an
unseen hand type stays at ½ / ½:

    M_A|C[a, c] = (n[a, c] + s / 2) / (n[·, c] + s).

:class:`bpp.stud.model.compiled.WinTables` recomputes P(BPP_Win | BPP_Current,
OPP_Upcards, OPP_Action) for every evidence combination of the four rounds
from new matrices; the player refits between hands, never inside one.

>>> import numpy as np
>>> model = ActionModel()
>>> _ = model.update([48, 49, 0, 5, 9], [True, True, False, None])   # a pair of aces bet in rounds 0-1
>>> model.action_cpts()[0][:, 9].round(3).tolist()                    # round 0, OPP_Current = pair_aces
[0.333, 0.667]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Self

__all__ = ["ShowdownCounts", "ActionModel", "N_ROUNDS"]

#: Betting rounds (§3.1).
N_ROUNDS = 4


def _n_current(r: int) -> int:
    from bpp.stud.model.handtypes import type_names

    return len(type_names(r + 2))


class ShowdownCounts:
    """The one learner of BPP's variants: counts of a learned table per round, made only at showdown (§3.3, §5.2).

    After a showdown the opponent's cards are known, so every parent of the
    learned table that depends on them (its current type per round) is known
    too; a subclass says which table (:meth:`shapes`) and what one showdown
    counts (``update``).  The table is the relative frequency with a symmetric
    pseudo-count prior — ``prior_strength`` = p observations split evenly over
    the k child states, so an unseen parent configuration stays uniform:

        CPT[x, parents] = (n[x, parents] + p / k) / (n[·, parents] + p),

    and ``p = 0`` gives raw relative frequencies (uniform where nothing was seen).

    Attributes
    ----------
    counts_ : list of 4 ndarray
        ``counts_[r][child state, parent states...]`` per round.
    n_showdowns_ : int
        Showdowns learned from.
    """

    def __init__(self, *, prior_strength: float = 2.0):
        if isinstance(prior_strength, bool) or not isinstance(prior_strength, (int, float)) or not prior_strength >= 0:
            raise ValueError(f"The 'prior_strength' parameter of {type(self).__name__} must be a number >= 0; got {prior_strength!r}.")
        self.prior_strength = prior_strength
        self.reset()

    def shapes(self) -> list[tuple]:
        """The learned table's shape in each round (child states first)."""
        raise NotImplementedError

    def reset(self) -> Self:
        """Forget every count (back to the uniform start)."""
        self.counts_ = [np.zeros(shape) for shape in self.shapes()]
        self.n_showdowns_ = 0
        return self

    def _cards(self, opp_cards) -> list[int]:
        cards = [int(c) for c in opp_cards]
        if len(cards) != 5 or len(set(cards)) != 5 or not all(0 <= c < 52 for c in cards):
            raise ValueError(f"The 'opp_cards' parameter of {type(self).__name__}.update must be 5 distinct card codes; "
                             f"got {opp_cards!r}.")
        return cards

    def _per_round(self, name: str, values) -> list:
        values = list(values)
        if len(values) != N_ROUNDS:
            raise ValueError(f"The '{name}' parameter of {type(self).__name__}.update must hold one entry per round (4); "
                             f"got {values!r}.")
        return values

    def action_cpts(self) -> list[Any]:
        """The learned table of every round, summing to 1 over the child axis (axis 0) (a subclass may return its own form per round)."""
        s = self.prior_strength
        out = []
        for counts in self.counts_:
            k = counts.shape[0]
            total = counts.sum(axis=0)
            if s > 0:
                out.append((counts + s / k) / (total + s))
            else:
                m = np.full(counts.shape, 1.0 / k)
                seen = total > 0
                m[:, seen] = counts[:, seen] / total[seen]
                out.append(m)
        return out

    def __repr__(self) -> str:
        return f"{type(self).__name__}(prior_strength={self.prior_strength}, n_showdowns_={self.n_showdowns_})"


class ActionModel(ShowdownCounts):
    """Per-opponent counts of (action, current hand type) per round and the M_A|C they give (§3.3, §5.2).

    Parameters
    ----------
    prior_strength : float
        Pseudo-observations per hand type, split evenly between passive and
        aggressive (the §5.2 starting point); 0 gives raw relative frequencies
        (½ / ½ where a type was never seen).

    Attributes
    ----------
    counts_ : list of 4 ndarray, shape (2, n_current)
        Showdown counts ``[action, current type]`` per round (passive, aggressive).
    n_showdowns_ : int
        Showdowns learned from.

    Examples
    --------
    >>> ActionModel(prior_strength=-1)
    Traceback (most recent call last):
    ...
    ValueError: The 'prior_strength' parameter of ActionModel must be a number >= 0; got -1.
    """

    def shapes(self) -> list[tuple]:
        return [(2, _n_current(r)) for r in range(N_ROUNDS)]

    def update(self, opp_cards: Sequence[int], aggressive: Sequence[bool | None]) -> "ActionModel":
        """Count one showdown: the opponent's five cards and what it did in each round.

        Parameters
        ----------
        opp_cards : sequence of 5 int
            Down card first, then the up cards in the order dealt.
        aggressive : sequence of 4 (bool or None)
            Per round: True if it bet or raised, False if it only passed or
            called, None if it did not act in that round (not counted).

        Returns
        -------
        self

        Examples
        --------
        >>> ActionModel().update([0, 1, 2], [True] * 4)
        Traceback (most recent call last):
        ...
        ValueError: The 'opp_cards' parameter of ActionModel.update must be 5 distinct card codes; got [0, 1, 2].
        """
        from bpp.stud.model.handtypes import hand_type_of

        cards = self._cards(opp_cards)
        aggressive = self._per_round("aggressive", aggressive)
        for r, a in enumerate(aggressive):
            if a is None:
                continue
            self.counts_[r][1 if a else 0, hand_type_of(cards[: r + 2])] += 1.0
        self.n_showdowns_ += 1
        return self

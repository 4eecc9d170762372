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

import numpy as np

__all__ = ["ActionModel", "N_ROUNDS"]

#: Betting rounds (§3.1).
N_ROUNDS = 4


def _n_current(r: int) -> int:
    from bpp.stud.model.handtypes import type_names

    return len(type_names(r + 2))


class ActionModel:
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

    def __init__(self, *, prior_strength: float = 2.0):
        if isinstance(prior_strength, bool) or not isinstance(prior_strength, (int, float)) or not prior_strength >= 0:
            raise ValueError(f"The 'prior_strength' parameter of ActionModel must be a number >= 0; got {prior_strength!r}.")
        self.prior_strength = prior_strength
        self.reset()

    def reset(self) -> "ActionModel":
        """Forget every count (back to ½ / ½)."""
        self.counts_ = [np.zeros((2, _n_current(r))) for r in range(N_ROUNDS)]
        self.n_showdowns_ = 0
        return self

    def update(self, opp_cards, aggressive) -> "ActionModel":
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

        cards = [int(c) for c in opp_cards]
        if len(cards) != 5 or len(set(cards)) != 5 or not all(0 <= c < 52 for c in cards):
            raise ValueError(f"The 'opp_cards' parameter of ActionModel.update must be 5 distinct card codes; got {opp_cards!r}.")
        aggressive = list(aggressive)
        if len(aggressive) != N_ROUNDS:
            raise ValueError(
                f"The 'aggressive' parameter of ActionModel.update must hold one entry per round (4); got {aggressive!r}."
            )
        for r, a in enumerate(aggressive):
            if a is None:
                continue
            self.counts_[r][1 if a else 0, hand_type_of(cards[: r + 2])] += 1.0
        self.n_showdowns_ += 1
        return self

    def action_cpts(self) -> list[np.ndarray]:
        """The four M_A|C, shape (2, n_current) each, columns summing to 1 (``[action, current]``)."""
        s = self.prior_strength
        out = []
        for counts in self.counts_:
            total = counts[0] + counts[1]
            if s > 0:
                m = (counts + s / 2.0) / (total + s)
            else:
                seen = total > 0
                m = np.full(counts.shape, 0.5)
                m[:, seen] = counts[:, seen] / total[seen]
            out.append(m)
        return out

    def __repr__(self) -> str:
        return f"ActionModel(prior_strength={self.prior_strength}, n_showdowns_={self.n_showdowns_})"

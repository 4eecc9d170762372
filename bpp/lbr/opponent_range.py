"""The opponent's range: a Bayesian network over her private cards, compiled to numpy (Lisy2017 §3).

"At the beginning of each hand, LBR initializes the opponent's range uniformly
for all private hands that do not include the cards dealt to LBR.  After each
action of the opponent ... LBR updates the opponent's range using her
strategy" by Bayes' rule and normalizes (Lisy2017 §3).  As a graph
(:meth:`OpponentRange.network`):

* ``holding`` — the opponent's private cards (hold'em: the 1,326 two-card
  holdings; stud: her down card, 52 states), prior uniform over the states that
  share no card with LBR's private cards, zero on the others;
* ``cards_k`` — each batch of public cards dealt (board, up cards), a binary
  child (``seen`` / ``other``) whose CPT is 1 for ``seen`` where the holding
  does not use one of those cards (every remaining deal is equally likely for
  every such holding, so the likelihood is an indicator up to a constant);
* ``action_k`` — each observed opponent action, a child whose states are the
  action kinds legal there (``f``, ``c``, ``r``) and whose CPT column for each
  holding is her policy had she held it (``holdings_action_probabilities``,
  sized raises summed into ``r``).  Conditioning on the kind, not the size, of
  a no-limit raise is exact when her choice of size does not depend on her
  cards (all three chumps of Table 2) and otherwise uses less than all the
  evidence — still a valid range for a lower bound.

Compiled, the posterior is the prior times one likelihood column per
observation, renormalized: :meth:`OpponentRange.observe_action` and
:meth:`OpponentRange.observe_cards` do exactly that in numpy, and the tests
check it against pgmpy's ``VariableElimination`` on the network after every
action of several hands.

>>> from holdem.ranges import HOLDINGS
>>> r = OpponentRange(HOLDINGS, own_cards=[51, 50])
>>> int((r.weights > 0).sum())
1225
>>> r.observe_cards([0, 1, 2]); int((r.weights > 0).sum())
1081
>>> r.observe_action(np.ones((1326, 2)) / 2, ("c", "r"), "r"); round(float(r.weights.sum()), 6)
1.0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from holdem.games.base import Action, ActionKind

__all__ = ["OpponentRange", "kind_probabilities", "KIND_NAMES"]

KIND_NAMES = ("f", "c", "r")


def kind_probabilities(probs: np.ndarray, legal: Sequence[Action]) -> tuple[np.ndarray, tuple[str, ...]]:
    """Sum the columns of ``holdings_action_probabilities`` by action kind: ``(n, n_kinds)`` and the kind names.

    >>> from holdem.games.base import FOLD, CHECK_CALL
    >>> kind_probabilities(np.array([[0.2, 0.3, 0.1, 0.4]]), (FOLD, CHECK_CALL, Action(ActionKind.BET_RAISE, 200), Action(ActionKind.BET_RAISE, 20000)))
    (array([[0.2, 0.3, 0.5]]), ('f', 'c', 'r'))
    """
    kinds = [int(a.kind) for a in legal]
    present = sorted(set(kinds))
    out = np.zeros((probs.shape[0], len(present)))
    for j, k in enumerate(kinds):
        out[:, present.index(k)] += probs[:, j]
    return out, tuple(KIND_NAMES[k] for k in present)


def kind_of(action: Action) -> str:
    """``f``, ``c`` or ``r``: the name of the action's kind in the range network."""
    if action.kind == ActionKind.DISCARD:
        raise ValueError(f"LBR's range does not model draws; got {action}")
    return KIND_NAMES[int(action.kind)]


class OpponentRange:
    """The opponent's range over ``holdings`` with its evidence recorded, so it can be drawn as a network.

    Parameters
    ----------
    holdings : int array, shape (n, k)
        Every private-card combination the opponent may hold (hold'em: ``HOLDINGS``).
    own_cards : cards LBR holds (removed from the prior).
    """

    def __init__(self, holdings: np.ndarray, own_cards: Iterable[int] = ()) -> None:
        self.holdings = np.asarray(holdings)
        self._card_hits = np.zeros((52, self.holdings.shape[0]), dtype=bool)
        for col in self.holdings.T:
            self._card_hits[col, np.arange(self.holdings.shape[0])] = True
        own = np.asarray(own_cards, dtype=np.intp).ravel()
        self.prior = np.asarray(~self._card_hits[own].any(axis=0), dtype=np.float64)
        self.prior /= self.prior.sum()
        self.weights: np.ndarray = self.prior.copy()
        #: the evidence, in order: ("cards", cards) or ("action", kind probabilities (n, m), kind names, observed kind)
        self.evidence: list[tuple] = []

    def conflicts(self, cards: Iterable[int]) -> np.ndarray:
        """(n,) bool: which holdings use one of ``cards``."""
        cards = np.asarray(cards, dtype=np.intp).ravel()
        return np.asarray(self._card_hits[cards].any(axis=0))

    def observe_cards(self, cards: Iterable[int]) -> None:
        """Public cards were dealt: zero the holdings that use them and renormalize."""
        cards = tuple(int(c) for c in np.asarray(cards).ravel())
        if not cards:
            return
        self.evidence.append(("cards", cards))
        self.weights[self.conflicts(cards)] = 0.0
        self._normalize()

    def observe_action(self, kind_probs: np.ndarray, kinds: tuple[str, ...], observed: str) -> None:
        """Bayes' rule for one opponent action: weights × P(observed kind | holding), renormalized.

        ``kind_probs`` (n, len(kinds)) is her policy by kind for every holding.
        """
        if observed not in kinds:
            raise ValueError(f"The 'observed' parameter of observe_action must be one of {kinds}; got {observed!r}.")
        kind_probs = np.asarray(kind_probs, dtype=np.float64)
        self.evidence.append(("action", kind_probs, tuple(kinds), observed))
        self.weights *= kind_probs[:, kinds.index(observed)]
        self._normalize()

    def _normalize(self) -> None:
        total = self.weights.sum()
        if total <= 0:
            raise ValueError("the opponent's range is empty: her observed action has probability 0 for every holding")
        self.weights /= total

    def network(self, n_evidence: int | None = None) -> tuple[Any, dict[str, Any]]:
        """The range as a pgmpy ``DiscreteBayesianNetwork`` and its evidence dict: ``(model, evidence)``.

        ``n_evidence`` keeps only the first observations (the network as it stood then).
        """
        from pgmpy.factors.discrete import TabularCPD
        from pgmpy.models import DiscreteBayesianNetwork

        n = self.holdings.shape[0]
        states = [str(i) for i in range(n)]
        model = DiscreteBayesianNetwork()
        model.add_node("holding")
        cpds = [TabularCPD("holding", n, self.prior[:, None], state_names={"holding": states})]
        evidence = {}
        for k, item in enumerate(self.evidence[:n_evidence]):
            name = f"{item[0]}_{k}"
            model.add_edge("holding", name)
            if item[0] == "cards":
                seen = (~self.conflicts(item[1])).astype(np.float64)
                values, names, observed = np.stack([seen, 1 - seen]), ["seen", "other"], "seen"
            else:
                _, probs, names, observed = item
                values, names = probs.T, list(names)
            cpds.append(
                TabularCPD(name, len(names), values, evidence=["holding"], evidence_card=[n],
                           state_names={name: names, "holding": states})
            )
            evidence[name] = observed
        model.add_cpds(*cpds)
        model.check_model()
        return model, evidence

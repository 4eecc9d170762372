"""BPP with §6.1's opponent bluffing node (Korb1999 §6.1), registered ``bpp-bluff``.

The paper's player (:class:`bpp.stud.players.paper.BPPPlayer`: same
evidence, same curves, same passive/aggressive OPP_Action) whose opponent model
has the node OPP_Bluff of :mod:`bpp.stud.model.bluff` between OPP_Current /
BPP_Current and OPP_Action.  P(bluff | OPP_Current, BPP_Current) and
P(action | OPP_Current, honest) are learned from showdowns: a round counts as a
bluff when the opponent bet or raised in it and showed a hand with no pair.

>>> player = BluffBPP(rng=0)
>>> player.win_tables_.tables[3].shape
(17, 16, 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from holdem.games.base import ActionKind, Observation

from bpp.stud.players.paper import BPPPlayer

if TYPE_CHECKING:
    from bpp.stud.model.bluff import BluffModel
    from bpp.stud.model.figure1 import StudCPTs
    from holdem.games.base import Action, Event

__all__ = ["BluffBPP"]


class BluffBPP(BPPPlayer):
    """:class:`~bpp.stud.players.paper.BPPPlayer` with an OPP_Bluff node learned from showdowns (§6.1).

    Parameters as :class:`BPPPlayer` (``upcards_link`` must stay off: one §6 idea per variant).

    Attributes
    ----------
    model_ : :class:`bpp.stud.model.bluff.BluffModel`
    win_tables_ : :class:`bpp.stud.model.compiled.WinTables`

    >>> BluffBPP(upcards_link=True)
    Traceback (most recent call last):
    ...
    ValueError: The 'upcards_link' parameter of BluffBPP must be False (bpp-bluff adds only OPP_Bluff); got True.
    """

    name = "bpp-bluff"
    single_idea = "adds only OPP_Bluff"

    learned = ("OPP_Bluff", "OPP_Action")
    beliefs = ("BPP_Win", "OPP_Current", "OPP_Final", "BPP_Final", "OPP_Bluff")

    def network(self, cpts: StudCPTs) -> tuple[dict, dict]:
        """Figure 1 plus OPP_Bluff (:func:`bpp.stud.model.bluff.bluff_factors`), at the priors."""
        from bpp.stud.model.bluff import bluff_factors

        return bluff_factors(cpts)

    def learner(self) -> BluffModel:
        """:class:`bpp.stud.model.bluff.BluffModel`: β and H counted from showdowns."""
        from bpp.stud.model.bluff import BluffModel

        return BluffModel(prior_strength=self.prior_strength)

    def learned_tables(self) -> list:
        """The learned (β, H) of every round as OPP_Bluff's and OPP_Action's tables."""
        from bpp.stud.model.bluff import bluff_tables

        return [bluff_tables(beta, h) for beta, h in self.model_.action_cpts()]

    def p_bluff(self, observation: Observation) -> float:
        """P(OPP_Bluff = bluff | BPP_Current, OPP_Upcards, OPP_Action) for ``observation``."""
        return float(self.compiled_networks()[observation.round].query(self.evidence(observation))["OPP_Bluff"][1])

    # -- the batched engine (bpp.stud.players.batched) ----------------------------

    #: :meth:`act` only notes BPP's down card for :meth:`observe` and decides as BPP does: so does the batch.
    act_batch = BPPPlayer.act_batch

    def _showdown_children(self, record: Any, at: np.ndarray, theirs: np.ndarray, cards: np.ndarray) -> np.ndarray:
        """What each showdown counts per round (-1: the opponent did not act): 0 passive, 1 aggressive, 2 a bluff
        (aggressive, and its five cards made a weak final, :data:`~bpp.stud.model.bluff.WEAK_FINALS`)."""
        from bpp.stud.model.bluff import WEAK_FINALS
        from bpp.stud.players.batched import _types

        acted = super()._showdown_children(record, at, theirs, cards)
        weak = np.isin(_types(cards, 5), WEAK_FINALS)
        return np.where((acted == 1) & weak[:, None], 2, acted)

    def _showdown_parents(self, types: np.ndarray, mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
        """The counts' parent cell per showdown and round: BPP's current type (its own five cards) times the
        opponent's types, plus the opponent's current type."""
        from bpp.stud.players.batched import _types

        sizes = [c.shape[2] for c in self.model_.counts_]
        return np.stack([_types(mine, r + 2) * sizes[r] + types[:, r] for r in range(4)], axis=1)

    def _counts_after(self, cells: np.ndarray) -> list:
        """:meth:`BatchedBPP._counts_after`, each round's with ``honest``: the honest rounds' counts summed over BPP's
        type, (2 actions, n_current), what H reads."""
        from bpp.stud.players.batched import _Tally

        out = super()._counts_after(cells)
        for r, (tally, counts) in enumerate(zip(out, self.model_.counts_)):
            n_pairs, n_opp = counts[0].size, counts.shape[2]
            kind, opp = cells[:, r] // n_pairs, cells[:, r] % n_opp
            tally.honest = _Tally(counts[:2].sum(axis=1), np.where((cells[:, r] >= 0) & (kind < 2), kind * n_opp + opp, -1))
        return out

    def _batch_p(self, counts: list, m: np.ndarray, rounds: np.ndarray, evidence: tuple[np.ndarray, ...]) -> np.ndarray:
        """P(BPP_Win | evidence) per row had (β, H) been learned from the counts ``counts[r][m]``: Figure 1's joint of
        BPP_Win and OPP_Current (the rest of the network), times P(action | OPP_Current, BPP_Current) =
        (1 - β) H + β [aggressive] (OPP_Bluff summed out; a bluff is aggressive, :func:`~bpp.stud.model.bluff.bluff_tables`)."""
        from bpp.stud.model.bluff import PRIOR_BLUFF

        s = self.prior_strength
        p = np.empty(len(m))
        current, upcards, action = evidence
        for r in np.unique(rounds).tolist():
            sel = np.flatnonzero(rounds == r)
            matrix, row, column, _, state = self._rest_layout(r)
            tally = counts[r]
            n_opp = tally.shape[2]
            when = m[sel][:, None]
            c = np.arange(n_opp)
            pair = current[sel][:, None] * n_opp + c  # (d, k): (BPP_Current, OPP_Current)
            beta = (tally.cells(when, 2 * tally.n_parents + pair) + s * PRIOR_BLUFF) / (tally.totals(when, pair) + s)
            a = action[sel][:, None]
            honest = tally.honest
            h = (honest.cells(when, a * n_opp + c) + s / 2) / (honest.totals(when, c) + s)
            values = (1.0 - beta) * h + beta * (a == 1)
            at = (slice(None), current[sel], upcards[sel], np.zeros(len(sel), dtype=np.intp))
            joint = np.einsum("wdk,dk->wd", matrix[row[at]], values)
            with np.errstate(invalid="ignore", divide="ignore"):
                p[sel] = joint[state] / joint.sum(axis=0)
        return p

    def _rest_layout(self, r: int) -> tuple:
        """The layout (:meth:`BatchedBPP._layout`) of Figure 1's network on the same CPTs: its product's matrix is
        the joint of BPP_Win, OPP_Current and the evidence without OPP_Action (the bluff network's rest)."""
        cache = self.__dict__.setdefault("_rest", {})
        if r not in cache:
            from bpp.stud.players.paper import BPPPlayer

            paper = BPPPlayer(nets=self._base_nets, prior_strength=self.prior_strength)
            cache[r] = paper._layout(r)
        return cache[r]

    def new_hand(self, seat: int) -> None:
        super().new_hand(seat)
        self._my_down: tuple = ()

    def act(self, observation: Observation) -> Action:
        self._my_down = tuple(observation.hole)  # BPP_Current at showdown needs BPP's own down card
        return super().act(observation)

    def observe(self, event: Event) -> None:
        seat = self._seat
        if seat is None or event.player < 0:
            return
        if event.player == seat:
            if event.kind == "deal":
                self._my_up.extend(event.cards)
            return
        kind = event.kind
        if kind == "action":
            r = event.round
            assert event.action is not None  # an "action" event carries its action
            self._aggressive[r] = self._aggressive[r] is True or event.action.kind == ActionKind.BET_RAISE
        elif kind == "deal":
            self._opp_up.extend(event.cards)
        elif kind == "showdown" and self.learn and len(self._opp_up) == 4 and len(self._my_up) == 4 and self._my_down:
            self.model_.update(tuple(event.cards) + tuple(self._opp_up), self._my_down + tuple(self._my_up), self._aggressive)
            self._pending += 1

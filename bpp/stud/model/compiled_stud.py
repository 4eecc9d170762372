"""Figure 1 compiled to numpy tables: the paper's BPP's inference, a query is a lookup (Korb1999 §3.4).

Hot paths never call pgmpy: :func:`compile_network` / :meth:`CompiledStudNet.from_cpts`
precompute P(BPP_Win) and the posteriors over OPP_Current, OPP_Final and
BPP_Final for every evidence combination (BPP_Current × OPP_Upcards ×
OPP_Action, the action possibly unobserved) into numpy tables; a query is a
lookup.  The tables are Figure 1's factors
(:func:`~bpp.stud.model.figure1.figure1_factors`) compiled by the one
:class:`~bpp.stud.model.compiled.CompiledNetwork`, as every §6 variant's are;
this class is its Figure-1 face (named states, :class:`StudBelief`).  The tests
check them against pgmpy's ``VariableElimination`` on every combination.

Examples
--------
>>> nets = load_compiled()
>>> net = nets[3]                                   # the last round: five cards each
>>> belief = net.query("pair_aces", "pair_kings", "aggressive")   # kings showing: trips or a full house beat BPP
>>> round(belief.p_win, 4)
0.8333
>>> {s: round(float(p), 3) for s, p in zip(net.current_states, belief.opp_final) if p > 0}
{'pair_kings': 0.833, 'two_pair': 0.125, 'trips': 0.042}
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from bpp.stud.model.compiled import CompiledNetwork
from bpp.stud.model.figure1 import ACTIONS, StudCPTs, figure1_factors
from bpp.stud.model.networks import build_network, load_cpts, network_cpts

if TYPE_CHECKING:
    from numpy.typing import ArrayLike
    from pgmpy.models import DiscreteBayesianNetwork

__all__ = ["StudBelief", "CompiledStudNet", "compile_network", "load_compiled"]


class StudBelief(NamedTuple):
    """Beliefs of one round's network given the evidence (§3.4).

    Attributes
    ----------
    p_win : float
        P(BPP_Win = win), BPP's expected share of the pot.
    opp_current, opp_final, bpp_final : ndarray (read-only views)
        Posteriors over OPP_Current, OPP_Final and BPP_Final.
    """

    p_win: float
    opp_current: np.ndarray
    opp_final: np.ndarray
    bpp_final: np.ndarray


def _normalize_rows(x: np.ndarray) -> np.ndarray:
    """Rows normalised to sum 1 (impossible evidence → NaN); the multi-seat network's closed form uses it."""
    total = x.sum(axis=-1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        return x / total


_ACTION_INDEX: dict[object, int] = {None: len(ACTIONS), **{a: i for i, a in enumerate(ACTIONS)}, **{i: i for i in range(len(ACTIONS))}}


#: Types whose values equal state indices as dict keys but are not states (True == 1, 1.0 == 1).
_NOT_STATES = frozenset({bool, float, np.bool_, np.float64, np.float32})


def _state_index(value, states, what: str) -> int:
    """A query's state given by name or index (the §6 variants' compiled networks); ValueError otherwise."""
    if isinstance(value, str) and value in states:
        return states.index(value)
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= value < len(states):
        return int(value)
    raise ValueError(f"The '{what}' parameter of query must be a state in {states} or its index; got {value!r}.")


def _frozen(table: np.ndarray) -> np.ndarray:
    table = np.ascontiguousarray(table)
    table.flags.writeable = False
    return table


class CompiledStudNet:
    """One round's network compiled to numpy tables: a query is a table lookup (§3.4).

    Every evidence combination is precomputed: BPP_Current (``n_current``
    states) × OPP_Upcards (``n_upcards``) × OPP_Action (``passive``,
    ``aggressive`` or unobserved).  The BPP and OPP halves of the polytree are
    independent until BPP_Win joins them (d-separated by the unobserved
    BPP_Win), so OPP_Current and OPP_Final are compiled given the opponent's
    evidence alone and BPP_Final given BPP_Current alone: three
    :class:`~bpp.stud.model.compiled.CompiledNetwork` of Figure 1's factors.
    Evidence of probability zero (possible only with sampled CPTs) gives NaN.

    Build it with :meth:`from_cpts` or :func:`compile_network`; it is
    immutable — learning makes a new one with :meth:`with_action_cpt`
    (about 0.5 ms), between hands.

    Attributes
    ----------
    betting_round : int
    cpts : StudCPTs
    current_states, upcard_states : tuple of str
    win_table : ndarray, shape (n_current, n_upcards, 3)
        P(win) by (BPP_Current, OPP_Upcards, OPP_Action) with action index 2 = unobserved.
    opp_current_table : ndarray, shape (n_upcards, 3, n_current)
    opp_final_table : ndarray, shape (n_upcards, 3, 17)
    bpp_final_table : ndarray, shape (n_current, 17)

    Examples
    --------
    >>> net = CompiledStudNet.from_cpts(load_cpts()[0])
    >>> b = net.query(0, 4)                          # BPP busted-low, OPP shows an ace
    >>> round(b.p_win, 3), net.upcard_states[4]
    (0.347, 'busted_ace')
    >>> net.query(0, 99)
    Traceback (most recent call last):
    ...
    ValueError: The 'opp_upcards' parameter of query must be a state of OPP_Upcards in round 0 (0..4 or a name in ('busted_low', 'busted_medium', 'busted_queen', 'busted_king', 'busted_ace')); got 99.
    """

    __slots__ = (
        "betting_round",
        "cpts",
        "current_states",
        "upcard_states",
        "win_table",
        "opp_current_table",
        "opp_final_table",
        "bpp_final_table",
        "_current_index",
        "_upcard_index",
        "_nets",
        "_win",
        "_opp_rows",
        "_bpp_rows",
    )

    #: Index of the "unobserved" action in the tables' action axis.
    UNOBSERVED = len(ACTIONS)

    def __init__(self, cpts: StudCPTs, _nets: tuple[CompiledNetwork, CompiledNetwork, CompiledNetwork] | None = None) -> None:
        self.betting_round = cpts.betting_round
        self.cpts = cpts
        self.current_states = cpts.current_states
        self.upcard_states = cpts.upcard_states
        # names and indices both map to the index (numpy integers hash like ints)
        self._current_index: dict[object, int] = {**{s: i for i, s in enumerate(self.current_states)}, **{i: i for i in range(len(self.current_states))}}
        self._upcard_index: dict[object, int] = {**{s: i for i, s in enumerate(self.upcard_states)}, **{i: i for i in range(len(self.upcard_states))}}
        if _nets is None:
            factors, states = figure1_factors(cpts)
            learned = {"optional": ("OPP_Action",), "learned": ("OPP_Action",)}
            _nets = (CompiledNetwork(factors, states, observed=("BPP_Current", "OPP_Upcards", "OPP_Action"), query=("BPP_Win",), **learned),
                     CompiledNetwork(factors, states, observed=("OPP_Upcards", "OPP_Action"), query=("OPP_Current", "OPP_Final"), **learned),
                     CompiledNetwork(factors, states, observed=("BPP_Current",), query=("BPP_Final",)))
        self._nets = _nets
        win, opp, bpp = _nets
        self.win_table = win.table("BPP_Win", "win")
        self.opp_current_table, self.opp_final_table, self.bpp_final_table = (
            _frozen(np.moveaxis(t, 0, -1)) for t in (opp.tables["OPP_Current"], opp.tables["OPP_Final"], bpp.tables["BPP_Final"]))
        self._win = self.win_table.tolist()
        u, a1 = self.opp_final_table.shape[:2]
        self._opp_rows = [[(self.opp_current_table[i, j], self.opp_final_table[i, j]) for j in range(a1)] for i in range(u)]
        self._bpp_rows = list(self.bpp_final_table)

    @classmethod
    def from_cpts(cls, cpts: StudCPTs) -> "CompiledStudNet":
        """Compile a round's CPTs."""
        return cls(cpts)

    def _state(self, value, index: dict, states: tuple, parameter: str, node: str) -> int:
        if isinstance(value, str):
            i = index.get(value)
            if i is not None:
                return i
        elif isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= value < len(states):
            return int(value)
        raise ValueError(
            f"The '{parameter}' parameter of query must be a state of {node} in round {self.betting_round} "
            f"(0..{len(states) - 1} or a name in {states}); got {value!r}."
        )

    def _action(self, value) -> int:
        if value is None:
            return self.UNOBSERVED
        if isinstance(value, str) and value in ACTIONS:
            return ACTIONS.index(value)
        if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= value < len(ACTIONS):
            return int(value)
        raise ValueError(
            f"The 'opp_action' parameter of query must be None (unobserved), 0/1 or one of {ACTIONS}; got {value!r}."
        )

    def query(self, bpp_current: int | str, opp_upcards: int | str, opp_action: int | str | None = None) -> StudBelief:
        """Beliefs given BPP's current hand type, the opponent's up cards' type and its action.

        Parameters
        ----------
        bpp_current : int or str
            State of BPP_Current (index into :attr:`current_states` or its name).
        opp_upcards : int or str
            State of OPP_Upcards.
        opp_action : None, int or str
            ``None`` when the opponent has not acted in this round, else
            ``"passive"`` (0: pass or call) or ``"aggressive"`` (1: bet or raise).

        Returns
        -------
        StudBelief
            ``p_win`` and read-only posteriors (views into the tables; do not keep them across recompiles
            if you need copies).

        Examples
        --------
        >>> net = load_compiled()[1]
        >>> b = net.query("pair_aces", "busted_low", "passive")
        >>> round(b.p_win, 3), round(float(b.opp_final.sum()), 12)
        (0.936, 1.0)
        """
        try:
            if bpp_current.__class__ in _NOT_STATES or opp_upcards.__class__ in _NOT_STATES or opp_action.__class__ in _NOT_STATES:
                raise TypeError  # True == 1 and 1.0 == 1 as dict keys: refuse them by name below
            b = self._current_index[bpp_current]
            u = self._upcard_index[opp_upcards]
            a = _ACTION_INDEX[opp_action]
        except (KeyError, TypeError):
            self._state(bpp_current, self._current_index, self.current_states, "bpp_current", "BPP_Current")
            self._state(opp_upcards, self._upcard_index, self.upcard_states, "opp_upcards", "OPP_Upcards")
            self._action(opp_action)
            raise  # pragma: no cover  (one of the checks above raises)
        opp_current, opp_final = self._opp_rows[u][a]
        return StudBelief(self._win[b][u][a], opp_current, opp_final, self._bpp_rows[b])

    def p_win(self, bpp_current: int, opp_upcards: int, opp_action: int = 2) -> float:
        """P(BPP_Win) by state indices, unchecked (the decision loop's path, well under 1 µs).

        ``opp_action`` is 0 (passive), 1 (aggressive) or 2 (unobserved).

        >>> net = load_compiled()[0]
        >>> net.p_win(9, 0, 2) == net.query("pair_aces", "busted_low").p_win
        True
        """
        return self._win[bpp_current][opp_upcards][opp_action]

    def with_action_cpt(self, action_cpt: ArrayLike) -> "CompiledStudNet":
        """A new compiled network with M_A|C replaced (learning, §3.3 and §5.2).

        Parameters
        ----------
        action_cpt : array_like, shape (2, n_current)
            P(OPP_Action = row | OPP_Current = column); columns sum to 1.

        Examples
        --------
        >>> net = load_compiled()[0]
        >>> bold = np.tile([[0.9], [0.1]], (1, 10)); bold[:, 5:] = [[0.1], [0.9]]   # pairs bet
        >>> sharp = net.with_action_cpt(bold)
        >>> sharp.query(9, 4, "aggressive").p_win < net.query(9, 4, "aggressive").p_win
        True
        """
        cpts = self.cpts.with_action_cpt(action_cpt)
        win, opp, bpp = self._nets
        return CompiledStudNet(cpts, (win.refit(OPP_Action=cpts.action_given_current),
                                      opp.refit(OPP_Action=cpts.action_given_current), bpp))

    def to_network(self) -> DiscreteBayesianNetwork:
        """The pgmpy network with these CPTs (for inspection, drawing and checks)."""
        return build_network(self.cpts)

    def __repr__(self) -> str:
        return (
            f"CompiledStudNet(betting_round={self.betting_round}, n_current={len(self.current_states)}, "
            f"n_upcards={len(self.upcard_states)})"
        )


def compile_network(model: DiscreteBayesianNetwork) -> CompiledStudNet:
    """Compile a pgmpy BPP network (built here or read from BIF/XMLBIF) to numpy tables.

    >>> from bpp.stud.model.networks import load_networks
    >>> compile_network(load_networks(file_format="xmlbif")[2])
    CompiledStudNet(betting_round=2, n_current=16, n_upcards=14)
    """
    return CompiledStudNet(network_cpts(model))


def load_compiled(directory: str | os.PathLike[str] | None = None) -> tuple[CompiledStudNet, ...]:
    """The four compiled networks from ``bpp/models/stud/stud_cpts.npz`` (no pgmpy import).

    >>> [n.betting_round for n in load_compiled()]
    [0, 1, 2, 3]
    """
    return tuple(CompiledStudNet(c) for c in load_cpts(directory))

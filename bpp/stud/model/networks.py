"""BPP's four Bayesian networks, one per betting round (Korb1999 §3, Figure 1).

Structure (§3.1, Figure 1), the same in every round::

    BPP_Final ──► BPP_Win ◄── OPP_Final
        │                          │
        ▼                          ▼
    BPP_Current                OPP_Current
                                ╱        ╲
                               ▼          ▼
                        OPP_Upcards    OPP_Action

Round ``r`` (0-3) is the betting round after ``r + 2`` cards: BPP_Current and
OPP_Current take the types of ``r + 2`` cards and OPP_Upcards those of the
``r + 1`` up cards (:func:`bpp.stud.model.handtypes.type_names`); the finals take the
17 types of §3.2.  In round 3 the current hand *is* the final hand
(M_C|F is the identity).

Conditional probability tables (§3.3), as :class:`StudCPTs`
    * priors P(BPP_Final) = P(OPP_Final): the 17 types over all 2,598,960
      five-card hands, **exact** (full enumeration);
    * M_C|F = P(Current | Final), "used for both OPP_Current and BPP_Current":
      the current cards are a uniformly random ``r + 2``-subset of the final
      five (the deal is exchangeable), so every (5-card hand, subset) pair is
      enumerated — **exact**;
    * M_U|C = P(Upcards | Current): the down card is a uniformly random one of
      the current cards, so every ``r + 2``-card hand and choice of down card
      is enumerated — **exact**;
    * P(BPP_Win | BPP_Final, OPP_Final): 1 or 0 when the types differ
      ("deterministically", §3.1); for equal types the probability is BPP's
      expected share of the pot — a win counts 1 and a tie (split pot) ½ —
      which is exactly ½ by symmetry (the two hands of a deal are
      exchangeable, so P(BPP better | both of type t) = P(OPP better | both of
      type t)).  The sampled method estimates it from the deals instead.
    * M_A|C = P(OPP_Action | OPP_Current): OPP_Action has the states
      :data:`ACTIONS` = ``("passive", "aggressive")`` — pass/call versus
      bet/raise, the paper's own merge ("BPP merges the actions CALL and PASS,
      and again BET and RAISE", §6.1; "passing or calling versus betting or
      raising", §3.3).  Folds are not a state: a fold ends the hand, so no
      belief is ever conditioned on it, and the matrices are learned only
      from hands that reach showdown (§3.3).  It starts at ½ / ½ for every
      current type (§5.2: "aggressive play ... as likely as conservative
      play") and is replaced per opponent by learning
      (:meth:`CompiledStudNet.with_action_cpt`).

``estimate_cpts(method="sample", n_hands=N)`` instead deals ``N`` heads-up
hands as the paper did ("estimated by dealing out 10,000,000 hands", §3.3),
vectorized, and counts every table from them.

Hot paths never call pgmpy: :func:`compile_network` / :meth:`CompiledStudNet.from_cpts`
precompute P(BPP_Win) and the posteriors over OPP_Current, OPP_Final and
BPP_Final for every evidence combination (BPP_Current × OPP_Upcards ×
OPP_Action, the action possibly unobserved) into numpy tables; a query is a
lookup.  The tests check them against pgmpy's ``VariableElimination`` on every
combination.

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

import functools
import json
from dataclasses import dataclass, field
from math import comb
from pathlib import Path
from typing import NamedTuple

import numpy as np

from bpp.stud.model import handtypes as ht
from bpp.models import shipped_path

__all__ = [
    "N_ROUNDS",
    "NODES",
    "EDGES",
    "ACTIONS",
    "WIN_STATES",
    "MODELS_DIR",
    "current_type_names",
    "upcard_type_names",
    "default_action_cpt",
    "StudCPTs",
    "estimate_cpts",
    "estimate_all_cpts",
    "build_network",
    "build_networks",
    "figure1_factors",
    "network_cpts",
    "save_networks",
    "load_networks",
    "load_cpts",
    "validate_cpts",
    "StudBelief",
    "CompiledStudNet",
    "compile_network",
    "load_compiled",
    "draw_network",
]

#: Betting rounds of five-card stud: after 2, 3, 4 and 5 cards (§3.1).
N_ROUNDS = 4
#: Node names of Figure 1.
NODES = ("BPP_Final", "OPP_Final", "BPP_Win", "BPP_Current", "OPP_Current", "OPP_Upcards", "OPP_Action")
#: Arcs of Figure 1 (parent, child).
EDGES = (
    ("BPP_Final", "BPP_Win"),
    ("OPP_Final", "BPP_Win"),
    ("BPP_Final", "BPP_Current"),
    ("OPP_Final", "OPP_Current"),
    ("OPP_Current", "OPP_Upcards"),
    ("OPP_Current", "OPP_Action"),
)
#: States of OPP_Action: pass/call versus bet/raise (§3.3, §6.1).
ACTIONS = ("passive", "aggressive")
#: States of BPP_Win; P(win) is BPP's expected share of the pot (a tie counts ½).
WIN_STATES = ("lose", "win")
#: Where ``bpp build stud-nets`` writes the networks.
MODELS_DIR = shipped_path("stud")

_METHODS = ("exact", "sample")


def _check_round(betting_round, where: str) -> int:
    if isinstance(betting_round, bool) or not isinstance(betting_round, (int, np.integer)) or not 0 <= betting_round < N_ROUNDS:
        raise ValueError(f"The 'betting_round' parameter of {where} must be 0, 1, 2 or 3; got {betting_round!r}.")
    return int(betting_round)


def current_type_names(betting_round: int) -> tuple[str, ...]:
    """States of BPP_Current and OPP_Current in a round: the types of ``betting_round + 2`` cards.

    >>> len(current_type_names(0)), current_type_names(3)[-1]
    (10, 'straight_flush')
    >>> current_type_names(4)
    Traceback (most recent call last):
    ...
    ValueError: The 'betting_round' parameter of current_type_names must be 0, 1, 2 or 3; got 4.
    """
    return ht.type_names(_check_round(betting_round, "current_type_names") + 2)


def upcard_type_names(betting_round: int) -> tuple[str, ...]:
    """States of OPP_Upcards in a round: the types of ``betting_round + 1`` up cards.

    >>> upcard_type_names(0)
    ('busted_low', 'busted_medium', 'busted_queen', 'busted_king', 'busted_ace')
    """
    return ht.type_names(_check_round(betting_round, "upcard_type_names") + 1)


def default_action_cpt(betting_round: int) -> np.ndarray:
    """The starting M_A|C: aggressive as likely as passive for every current type (§5.2).

    Returns
    -------
    numpy.ndarray of float64, shape (2, n_current)
        ``[action, current]`` = P(OPP_Action = action | OPP_Current = current), the
        layout of pgmpy's ``TabularCPD`` values.

    >>> default_action_cpt(0).shape
    (2, 10)
    """
    n = len(current_type_names(betting_round))
    return np.full((len(ACTIONS), n), 0.5)


@dataclass(frozen=True, eq=False)
class StudCPTs:
    """The conditional probability tables of one round's network (§3.3), as arrays.

    Every table is laid out as pgmpy's ``TabularCPD`` values: rows are the
    child's states, columns the parents' (the last parent varying fastest),
    so every column sums to 1.

    Attributes
    ----------
    betting_round : int
        0-3.
    prior_final : ndarray, shape (17,)
        P(BPP_Final) = P(OPP_Final).
    current_given_final : ndarray, shape (n_current, 17)
        M_C|F.
    upcards_given_current : ndarray, shape (n_upcards, n_current)
        M_U|C.
    win_given_finals : ndarray, shape (17, 17)
        P(BPP_Win = win | BPP_Final = row, OPP_Final = column).
    action_given_current : ndarray, shape (2, n_current)
        M_A|C.
    method : str
        ``"exact"`` or ``"sample"``.
    n_hands : int or None
        Deals counted by the sampled method.
    """

    betting_round: int
    prior_final: np.ndarray
    current_given_final: np.ndarray
    upcards_given_current: np.ndarray
    win_given_finals: np.ndarray
    action_given_current: np.ndarray
    method: str = "exact"
    n_hands: int | None = None
    info: dict = field(default_factory=dict)

    @property
    def current_states(self) -> tuple[str, ...]:
        return current_type_names(self.betting_round)

    @property
    def upcard_states(self) -> tuple[str, ...]:
        return upcard_type_names(self.betting_round)

    def with_action_cpt(self, action_cpt) -> "StudCPTs":
        """A copy with M_A|C replaced (checked: shape (2, n_current), columns sum to 1).

        >>> cpts = load_cpts()[0]
        >>> cpts.with_action_cpt(np.ones((2, 3)))
        Traceback (most recent call last):
        ...
        ValueError: The 'action_cpt' parameter of with_action_cpt must have shape (2, 10) for round 0; got (2, 3).
        """
        action = _check_action_cpt(action_cpt, self.betting_round)
        return StudCPTs(
            self.betting_round,
            self.prior_final,
            self.current_given_final,
            self.upcards_given_current,
            self.win_given_finals,
            action,
            self.method,
            self.n_hands,
            self.info,
        )


def _check_action_cpt(action_cpt, betting_round: int) -> np.ndarray:
    action = np.array(action_cpt, dtype=np.float64)
    shape = (len(ACTIONS), len(current_type_names(betting_round)))
    if action.shape != shape:
        raise ValueError(
            f"The 'action_cpt' parameter of with_action_cpt must have shape {shape} for round {betting_round}; "
            f"got {action.shape}."
        )
    if not np.all(np.isfinite(action)) or action.min() < 0 or not np.allclose(action.sum(axis=0), 1.0, atol=1e-9):
        raise ValueError(
            "The 'action_cpt' parameter of with_action_cpt must hold probabilities whose columns sum to 1; "
            f"got column sums {np.round(action.sum(axis=0), 6).tolist()}."
        )
    action.flags.writeable = False
    return action


# ---------------------------------------------------------------- estimation


def _normalize_columns(counts: np.ndarray) -> np.ndarray:
    """Columns of counts → probabilities; an empty column becomes uniform (only with sampling)."""
    counts = counts.astype(np.float64)
    totals = counts.sum(axis=0, keepdims=True)
    out = np.where(totals > 0, counts / np.where(totals > 0, totals, 1), 1.0 / counts.shape[0])
    return out


def _deterministic_win(equal: np.ndarray) -> np.ndarray:
    """P(win | BPP_Final = i, OPP_Final = j): 1 if i > j, 0 if i < j, ``equal[i]`` on the diagonal."""
    n = ht.N_FINAL_TYPES
    i, j = np.indices((n, n))
    win = (i > j).astype(np.float64)
    win[np.diag_indices(n)] = equal
    return win


@functools.cache
def _all_finals() -> np.ndarray:
    """Final type of every hand of :func:`bpp.stud.model.handtypes.all_hands` (intp, read-only)."""
    finals = ht.type_table(5)[ht.colex_index(ht.all_hands())].astype(np.intp)
    finals.flags.writeable = False
    return finals


def _exact_tables(betting_round: int):
    """Exact prior, M_C|F and M_U|C of a round by full enumeration."""
    k = betting_round + 2
    hands = ht.all_hands()
    finals = _all_finals()
    prior = np.bincount(finals, minlength=ht.N_FINAL_TYPES) / ht.N_HANDS
    n_current = len(ht.type_names(k))
    if k == 5:
        current_given_final = np.eye(ht.N_FINAL_TYPES)
    else:
        table_k = ht.type_table(k)
        binom = np.array([[comb(c, i) for i in range(6)] for c in range(52)], dtype=np.int64)
        joint = np.zeros(n_current * ht.N_FINAL_TYPES, dtype=np.int64)
        for positions in ht.combinations_array(5, k):
            index = np.zeros(hands.shape[0], dtype=np.int64)
            for i, p in enumerate(positions):
                index += binom[hands[:, p], i + 1]
            joint += np.bincount(table_k[index].astype(np.intp) * ht.N_FINAL_TYPES + finals, minlength=joint.size)
        current_given_final = _normalize_columns(joint.reshape(n_current, ht.N_FINAL_TYPES))
    # M_U|C: every k-card hand, every choice of down card
    sets = hands if k == 5 else ht.combinations_array(52, k)
    current = finals if k == 5 else ht.type_table(k)[ht.colex_index(sets)].astype(np.intp)
    table_up = ht.type_table(k - 1)
    n_up = len(ht.type_names(k - 1))
    joint = np.zeros(n_up * n_current, dtype=np.int64)
    for down in range(k):
        up = np.delete(sets, down, axis=1)
        joint += np.bincount(table_up[ht.colex_index(up)].astype(np.intp) * n_current + current, minlength=joint.size)
    upcards_given_current = _normalize_columns(joint.reshape(n_up, n_current))
    return prior, current_given_final, upcards_given_current


def _deal_batch(rng: np.random.Generator, size: int) -> np.ndarray:
    """The first ten cards of ``size`` shuffled decks (a partial Fisher-Yates shuffle), int8 (size, 10)."""
    deck = np.tile(np.arange(52, dtype=np.int8), (size, 1))
    rows = np.arange(size)
    for i in range(10):
        j = i + rng.integers(0, 52 - i, size)
        a = deck[rows, i].copy()
        deck[rows, i] = deck[rows, j]
        deck[rows, j] = a
    return deck[:, :10]


def _sample_counts(n_hands: int, rng, progress: bool, batch: int = 500_000):
    """Counts of every table in every round from ``n_hands`` heads-up deals (Stud5's deal order)."""
    rng = np.random.default_rng(rng)
    nf = ht.N_FINAL_TYPES
    names = {k: len(ht.type_names(k)) for k in range(1, 6)}
    prior = np.zeros(nf, dtype=np.int64)
    cf = {r: np.zeros((names[r + 2], nf), dtype=np.int64) for r in range(N_ROUNDS)}
    uc = {r: np.zeros((names[r + 1], names[r + 2]), dtype=np.int64) for r in range(N_ROUNDS)}
    wins = np.zeros(nf)
    equal = np.zeros(nf, dtype=np.int64)
    bar = _progress(n_hands, progress, "dealing stud hands")
    for start in range(0, n_hands, batch):
        size = min(batch, n_hands - start)
        deals = _deal_batch(rng, size)
        # heads-up Stud5: seat i gets deal[i] down and deal[2 * (j + 1) + i] as its j-th up card
        players = [deals[:, [i, 2 + i, 4 + i, 6 + i, 8 + i]] for i in (0, 1)]
        classes = [ht.evaluate_unchecked(np.ascontiguousarray(p)) for p in players]
        finals = [ht.final_types_from_classes(c).astype(np.intp) for c in classes]
        for p, f in zip(players, finals):
            prior += np.bincount(f, minlength=nf)
            for r in range(N_ROUNDS):
                k = r + 2
                cur = ht.type_table(k)[ht.colex_index(np.sort(p[:, :k], axis=1))].astype(np.intp)
                up = ht.type_table(k - 1)[ht.colex_index(np.sort(p[:, 1:k], axis=1))].astype(np.intp)
                cf[r] += np.bincount(cur * nf + f, minlength=cf[r].size).reshape(cf[r].shape)
                uc[r] += np.bincount(up * names[k] + cur, minlength=uc[r].size).reshape(uc[r].shape)
        same = finals[0] == finals[1]
        share = np.where(classes[0] > classes[1], 1.0, np.where(classes[0] == classes[1], 0.5, 0.0))
        equal += np.bincount(finals[0][same], minlength=nf)
        wins += np.bincount(finals[0][same], weights=share[same], minlength=nf)
        bar.update(size)
    bar.close()
    return prior, cf, uc, wins, equal


class _NoBar:
    def update(self, n):
        pass

    def close(self):
        pass


def _progress(total: int, show: bool, desc: str, unit: str = "hand"):
    if not show:
        return _NoBar()
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, unit_scale=unit == "hand", leave=False)


def estimate_all_cpts(*, method: str = "exact", n_hands: int = 10_000_000, rng=None, progress: bool = False) -> tuple[StudCPTs, ...]:
    """The CPTs of all four rounds (§3.3).

    Parameters
    ----------
    method : {"exact", "sample"}
        ``"exact"`` (default): priors, M_C|F and M_U|C by full enumeration of
        the 2,598,960 five-card hands and their subsets, P(BPP_Win) = ½ for
        equal types by symmetry (about 2 s).  ``"sample"``: everything counted
        from ``n_hands`` random heads-up deals, as the paper did (§3.3).
        States never dealt get a documented prior rather than 0/0: the final-type
        prior adds the Jeffreys pseudo-count ½ to every type (so no type, and no
        evidence, is impossible for lack of samples: P(win) is always defined;
        at 10,000,000 deals the change is below 3e-8), and a column of M_C|F or
        M_U|C whose parent state was never dealt is uniform.
    n_hands : int
        Deals for ``method="sample"`` (default 10,000,000, the paper's number).
    rng : numpy.random.Generator or seed, optional
        For ``method="sample"``.
    progress : bool
        Show a tqdm bar on stderr (deals, or rounds when enumerating).

    Returns
    -------
    tuple of 4 StudCPTs
        Rounds 0-3, with M_A|C at its default (:func:`default_action_cpt`).

    Examples
    --------
    >>> cpts = estimate_all_cpts(method="sample", n_hands=2000, rng=0)
    >>> [c.current_given_final.shape for c in cpts]
    [(10, 17), (14, 17), (16, 17), (17, 17)]
    >>> estimate_all_cpts(method="guess")
    Traceback (most recent call last):
    ...
    ValueError: The 'method' parameter of estimate_all_cpts must be 'exact' or 'sample'; got 'guess'.
    """
    if method not in _METHODS:
        raise ValueError(f"The 'method' parameter of estimate_all_cpts must be 'exact' or 'sample'; got {method!r}.")
    if method == "sample" and (isinstance(n_hands, bool) or not isinstance(n_hands, (int, np.integer)) or n_hands < 1):
        raise ValueError(f"The 'n_hands' parameter of estimate_all_cpts must be a positive integer; got {n_hands!r}.")
    if method == "exact":
        out = []
        bar = _progress(N_ROUNDS, progress, "enumerating rounds", unit="round")
        for r in range(N_ROUNDS):
            prior, cf, uc = _exact_tables(r)
            win = _deterministic_win(np.full(ht.N_FINAL_TYPES, 0.5))
            out.append(StudCPTs(r, prior, cf, uc, win, default_action_cpt(r), "exact", None))
            bar.update(1)
        bar.close()
        return tuple(_freeze(c) for c in out)
    prior, cf, uc, wins, equal = _sample_counts(int(n_hands), rng, progress)
    equal_share = np.where(equal > 0, wins / np.maximum(equal, 1), 0.5)
    win = _deterministic_win(equal_share)
    info = {"equal_type_deals": equal.tolist()}
    return tuple(
        _freeze(
            StudCPTs(
                r,
                (prior + 0.5) / (prior.sum() + 0.5 * prior.size),  # Jeffreys prior: no final type impossible
                _normalize_columns(cf[r]),
                _normalize_columns(uc[r]),
                win,
                default_action_cpt(r),
                "sample",
                int(n_hands),
                info,
            )
        )
        for r in range(N_ROUNDS)
    )


def estimate_cpts(betting_round: int, *, method: str = "exact", n_hands: int = 10_000_000, rng=None) -> StudCPTs:
    """The CPTs of one round; see :func:`estimate_all_cpts` (the sampled method deals for all rounds at once).

    >>> c = estimate_cpts(1)
    >>> c.upcards_given_current.shape, round(float(c.prior_final.sum()), 12)
    ((10, 14), 1.0)
    """
    r = _check_round(betting_round, "estimate_cpts")
    if method == "exact":
        prior, cf, uc = _exact_tables(r)
        win = _deterministic_win(np.full(ht.N_FINAL_TYPES, 0.5))
        return _freeze(StudCPTs(r, prior, cf, uc, win, default_action_cpt(r), "exact", None))
    return estimate_all_cpts(method=method, n_hands=n_hands, rng=rng)[r]


def _freeze(cpts: StudCPTs) -> StudCPTs:
    for name in ("prior_final", "current_given_final", "upcards_given_current", "win_given_finals", "action_given_current"):
        getattr(cpts, name).flags.writeable = False
    return cpts


# ---------------------------------------------------------------- pgmpy networks


def _quiet_pgmpy():
    from pgmpy import config

    config.set_show_progress(False)


def build_network(cpts: StudCPTs):
    """One round's ``pgmpy.models.DiscreteBayesianNetwork`` (Figure 1) from its CPTs.

    Parameters
    ----------
    cpts : StudCPTs

    Returns
    -------
    pgmpy.models.DiscreteBayesianNetwork
        Nodes :data:`NODES`, arcs :data:`EDGES`, named states; ``check_model()`` passes.

    Examples
    --------
    >>> net = build_network(load_cpts()[1])
    >>> net.check_model(), sorted(net.get_children("OPP_Current"))
    (True, ['OPP_Action', 'OPP_Upcards'])
    """
    from pgmpy.factors.discrete import TabularCPD
    from pgmpy.models import DiscreteBayesianNetwork

    _quiet_pgmpy()
    finals = list(ht.FINAL_TYPES)
    current = list(cpts.current_states)
    upcards = list(cpts.upcard_states)
    nf = len(finals)
    model = DiscreteBayesianNetwork(list(EDGES))
    prior = cpts.prior_final.reshape(-1, 1)
    win = cpts.win_given_finals.reshape(1, -1)
    cpds = [
        TabularCPD("BPP_Final", nf, prior, state_names={"BPP_Final": finals}),
        TabularCPD("OPP_Final", nf, prior, state_names={"OPP_Final": finals}),
        TabularCPD(
            "BPP_Win",
            2,
            np.vstack([1.0 - win, win]),
            evidence=["BPP_Final", "OPP_Final"],
            evidence_card=[nf, nf],
            state_names={"BPP_Win": list(WIN_STATES), "BPP_Final": finals, "OPP_Final": finals},
        ),
        TabularCPD(
            "BPP_Current",
            len(current),
            cpts.current_given_final,
            evidence=["BPP_Final"],
            evidence_card=[nf],
            state_names={"BPP_Current": current, "BPP_Final": finals},
        ),
        TabularCPD(
            "OPP_Current",
            len(current),
            cpts.current_given_final,
            evidence=["OPP_Final"],
            evidence_card=[nf],
            state_names={"OPP_Current": current, "OPP_Final": finals},
        ),
        TabularCPD(
            "OPP_Upcards",
            len(upcards),
            cpts.upcards_given_current,
            evidence=["OPP_Current"],
            evidence_card=[len(current)],
            state_names={"OPP_Upcards": upcards, "OPP_Current": current},
        ),
        TabularCPD(
            "OPP_Action",
            len(ACTIONS),
            cpts.action_given_current,
            evidence=["OPP_Current"],
            evidence_card=[len(current)],
            state_names={"OPP_Action": list(ACTIONS), "OPP_Current": current},
        ),
    ]
    model.add_cpds(*cpds)
    model.check_model()
    return model


def figure1_factors(cpts: StudCPTs) -> tuple[dict, dict]:
    """One round's Figure 1 as the tables of :mod:`bpp.stud.model.compiled` (node → Factor, node → states), no pgmpy.

    The §6 variants build theirs from it by replacing or adding tables.

    >>> factors, states = figure1_factors(load_cpts()[0])
    >>> factors["BPP_Win"].variables, len(states["OPP_Upcards"])
    (('BPP_Win', 'BPP_Final', 'OPP_Final'), 5)
    """
    from bpp.stud.model.compiled import Factor

    win = cpts.win_given_finals
    factors = {
        "BPP_Final": Factor(("BPP_Final",), cpts.prior_final),
        "OPP_Final": Factor(("OPP_Final",), cpts.prior_final),
        "BPP_Win": Factor(("BPP_Win", "BPP_Final", "OPP_Final"), np.stack([1.0 - win, win])),
        "BPP_Current": Factor(("BPP_Current", "BPP_Final"), cpts.current_given_final),
        "OPP_Current": Factor(("OPP_Current", "OPP_Final"), cpts.current_given_final),
        "OPP_Upcards": Factor(("OPP_Upcards", "OPP_Current"), cpts.upcards_given_current),
        "OPP_Action": Factor(("OPP_Action", "OPP_Current"), cpts.action_given_current),
    }
    current = cpts.current_states
    states = {"BPP_Final": ht.FINAL_TYPES, "OPP_Final": ht.FINAL_TYPES, "BPP_Win": WIN_STATES, "BPP_Current": current,
              "OPP_Current": current, "OPP_Upcards": cpts.upcard_states, "OPP_Action": ACTIONS}
    return factors, states


def build_networks(*, method: str = "exact", n_hands: int = 10_000_000, rng=None, progress: bool = False) -> list:
    """The four networks, rounds 0-3: :func:`build_network` of :func:`estimate_all_cpts`.

    >>> nets = build_networks(method="sample", n_hands=1000, rng=0)
    >>> len(nets), nets[0].get_cpds("OPP_Current").variable_card
    (4, 10)
    """
    return [build_network(c) for c in estimate_all_cpts(method=method, n_hands=n_hands, rng=rng, progress=progress)]


def _cpd_array(model, variable: str, order: dict) -> np.ndarray:
    """The CPD of ``variable`` as an array (child, *parents in ``order``), states in canonical order."""
    cpd = model.get_cpds(variable)
    variables = list(cpd.variables)
    values = np.asarray(cpd.values, dtype=np.float64)
    for axis, var in enumerate(variables):
        names = [str(s) for s in cpd.state_names[var]]
        wanted = list(order[var])
        if names != wanted:
            if sorted(names) != sorted(wanted):
                raise ValueError(f"The network's {var} states {names} are not {wanted}.")
            values = np.take(values, [names.index(s) for s in wanted], axis=axis)
    parents = [v for v in order if v in variables and v != variable]
    return np.transpose(values, [0] + [variables.index(p) for p in parents])


def _round_of(model) -> int:
    n = model.get_cpds("OPP_Current").variable_card
    for r in range(N_ROUNDS):
        if len(current_type_names(r)) == n:
            return r
    raise ValueError(f"The network's OPP_Current has {n} states, which matches no betting round.")


def network_cpts(model) -> StudCPTs:
    """The :class:`StudCPTs` of a BPP network (built here or read from BIF/XMLBIF).

    >>> cpts = network_cpts(build_network(load_cpts()[2]))
    >>> cpts.betting_round, cpts.upcards_given_current.shape
    (2, (14, 16))
    """
    r = _round_of(model)
    finals = ht.FINAL_TYPES
    current = current_type_names(r)
    order = {
        "BPP_Final": finals,
        "OPP_Final": finals,
        "BPP_Win": WIN_STATES,
        "BPP_Current": current,
        "OPP_Current": current,
        "OPP_Upcards": upcard_type_names(r),
        "OPP_Action": ACTIONS,
    }
    prior = _cpd_array(model, "OPP_Final", order)[:, ...].reshape(-1)
    win = _cpd_array(model, "BPP_Win", {k: order[k] for k in ("BPP_Win", "BPP_Final", "OPP_Final")})[1]
    return _freeze(
        StudCPTs(
            r,
            prior,
            _cpd_array(model, "OPP_Current", order),
            _cpd_array(model, "OPP_Upcards", order),
            win,
            _cpd_array(model, "OPP_Action", order),
            "network",
            None,
        )
    )


def _file_stem(betting_round: int) -> str:
    return f"stud_round{betting_round}"


def save_networks(networks, out_dir=None, *, info: dict | None = None) -> list[Path]:
    """Write the four networks as BIF and XMLBIF, plus their CPTs as ``stud_cpts.npz`` (fast loading).

    Parameters
    ----------
    networks : sequence of 4 DiscreteBayesianNetwork
        Rounds 0-3.
    out_dir : path, optional
        Default :data:`MODELS_DIR` (``bpp/models/stud``).
    info : dict, optional
        Written to ``build_info.json`` (how the networks were built).

    Returns
    -------
    list of Path
        The files written: ``stud_round{r}.bif``, ``stud_round{r}.xmlbif``, ``stud_cpts.npz``.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in save_networks([build_network(c) for c in load_cpts()], d)][:2]
    ['stud_round0.bif', 'stud_round0.xmlbif']
    """
    from pgmpy.readwrite import BIFWriter, XMLBIFWriter

    if len(networks) != N_ROUNDS:
        raise ValueError(f"The 'networks' parameter of save_networks must hold 4 networks; got {len(networks)}.")
    out = Path(MODELS_DIR if out_dir is None else out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    arrays = {}
    for r, model in enumerate(networks):
        stem = out / _file_stem(r)
        BIFWriter(model).write(str(stem) + ".bif")
        XMLBIFWriter(model).write(str(stem) + ".xmlbif")
        written += [Path(str(stem) + ".bif"), Path(str(stem) + ".xmlbif")]
        cpts = network_cpts(model)
        for name in ("prior_final", "current_given_final", "upcards_given_current", "win_given_finals", "action_given_current"):
            arrays[f"round{r}_{name}"] = getattr(cpts, name)
    np.savez_compressed(out / "stud_cpts.npz", **arrays)
    written.append(out / "stud_cpts.npz")
    if info is not None:
        (out / "build_info.json").write_text(json.dumps(info, indent=2, sort_keys=True) + "\n")
        written.append(out / "build_info.json")
    return written


def load_networks(directory=None, *, file_format: str = "bif") -> list:
    """Read the four networks back with pgmpy's ``BIFReader`` or ``XMLBIFReader``.

    Parameters
    ----------
    directory : path, optional
        Default :data:`MODELS_DIR`.
    file_format : {"bif", "xmlbif"}

    Returns
    -------
    list of 4 DiscreteBayesianNetwork

    Examples
    --------
    >>> [len(n.nodes()) for n in load_networks(file_format="xmlbif")]
    [7, 7, 7, 7]
    >>> load_networks(file_format="json")
    Traceback (most recent call last):
    ...
    ValueError: The 'file_format' parameter of load_networks must be 'bif' or 'xmlbif'; got 'json'.
    """
    directory = Path(MODELS_DIR if directory is None else directory)
    models = []
    for r in range(N_ROUNDS):
        path = directory / f"{_file_stem(r)}.{file_format}"
        models.append(read_network(path, file_format, "stud-nets", lambda m, r=r: check_figure1(network_cpts(m), m, path, r), where="load_networks"))
    return models


def write_round_networks(models, out_dir, stem: str, *, info: dict | None = None,
                         formats=("bif", "xmlbif")) -> list[Path]:
    """Write one pgmpy network per round as ``{stem}_round{r}.bif`` / ``.xmlbif`` (+ ``build_info.json``); the paths.

    Every saved §6 variant network goes through here (Figure 1's own networks
    also write their CPT archive, :func:`save_networks`).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in write_round_networks([build_network(c) for c in load_cpts()], d, "x")][:2]
    ['x_round0.bif', 'x_round0.xmlbif']
    """
    from pgmpy.readwrite import BIFWriter, XMLBIFWriter

    writers = {"bif": BIFWriter, "xmlbif": XMLBIFWriter}
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for r, model in enumerate(models):
        for file_format in formats:
            path = out / f"{stem}_round{r}.{file_format}"
            writers[file_format](model).write(str(path))
            written.append(path)
    if info is not None:
        (out / "build_info.json").write_text(json.dumps(info, indent=2, sort_keys=True) + "\n")
        written.append(out / "build_info.json")
    return written


def read_round_networks(directory, stem: str, file_format: str, target: str, check=None, *, where: str) -> list:
    """The four networks ``{stem}_round{r}.{file_format}`` of ``directory``, each read by :func:`read_network`.

    ``check(model, betting_round, path)`` validates one round's network (None:
    only that every CPT is a distribution).
    """
    directory = Path(directory)
    models = []
    for r in range(N_ROUNDS):
        path = directory / f"{stem}_round{r}.{file_format}"
        models.append(read_network(path, file_format, target,
                                   lambda model, r=r, path=path: check is None or check(model, r, path), where=where))
    return models


def read_network(path, file_format: str, target: str, check, *, where: str):
    """Read one saved BPP network with pgmpy, check every CPT is a distribution, then ``check(model)``; return the model.

    Every stud network loader reads through here: a missing file raises
    ``FileNotFoundError`` naming the ``bpp build`` ``target`` that writes it; a
    damaged one (unparseable, a CPT that is not a distribution, or one ``check``
    rejects) one ``ValueError`` naming the file.
    """
    if file_format not in ("bif", "xmlbif"):
        raise ValueError(f"The 'file_format' parameter of {where} must be 'bif' or 'xmlbif'; got {file_format!r}.")
    from pgmpy.readwrite import BIFReader, XMLBIFReader

    from holdem.files import check_distributions

    _quiet_pgmpy()
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing; run `bpp build {target}`.")
    try:
        model = (BIFReader if file_format == "bif" else XMLBIFReader)(str(path)).get_model()
        cpds = {cpd.variable: cpd for cpd in model.get_cpds()}
    except Exception as exc:  # noqa: BLE001 - pgmpy's parsers raise anything on a damaged file
        raise ValueError(f"{str(path)!r} is not a readable BPP network ({type(exc).__name__}: {exc})".replace("\n", " ")) from None
    for variable, cpd in sorted(cpds.items()):  # pgmpy reads 'abc' or a short row without a word
        check_distributions(np.asarray(cpd.values, dtype=np.float64).reshape(cpd.variable_card, -1), path, f"P({variable} | …)")
    try:
        check(model)
    except Exception as exc:  # noqa: BLE001 - pgmpy raises anything on a missing node or state
        if isinstance(exc, ValueError) and repr(str(path)) in str(exc):
            raise
        raise ValueError(f"{str(path)!r} is not a readable BPP network ({type(exc).__name__}: {exc})".replace("\n", " ")) from None
    return model


def check_figure1(cpts: StudCPTs, model, source, betting_round: int) -> StudCPTs:
    """Check Figure 1's tables of a loaded network (:func:`validate_cpts`) and that BPP's side equals the opponent's (§3.2)."""
    validate_cpts(cpts, source, betting_round=betting_round)
    bpp_current = _cpd_array(model, "BPP_Current", {"BPP_Current": current_type_names(betting_round), "BPP_Final": ht.FINAL_TYPES})
    bpp_prior = _cpd_array(model, "BPP_Final", {"BPP_Final": ht.FINAL_TYPES}).reshape(-1)
    if not (np.allclose(bpp_current, cpts.current_given_final) and np.allclose(bpp_prior, cpts.prior_final)):
        raise ValueError(f"{str(source)!r}: BPP's tables differ from the opponent's (the network is symmetric, §3.2)")
    return cpts


def validate_cpts(cpts: StudCPTs, source, *, betting_round: int) -> StudCPTs:
    """Check one round's tables as loaded from ``source``: the round's shapes, finite, every column normalised.

    Every final hand type must also have a positive prior: a type of prior 0
    makes some evidence impossible and P(win) undefined (NaN) there, which must
    never reach play.  Raises one ``ValueError`` naming ``source``.

    >>> validate_cpts(load_cpts()[1], "bpp/models/stud", betting_round=1).betting_round
    1
    """
    from holdem.files import check_distributions

    r = betting_round
    n_cur, n_up, n_fin = len(current_type_names(r)), len(upcard_type_names(r)), ht.N_FINAL_TYPES
    name = repr(str(source))
    if cpts.betting_round != r:
        raise ValueError(f"{name} holds the network of round {cpts.betting_round}, not round {r}")
    expected = {
        "prior_final": (n_fin,),
        "current_given_final": (n_cur, n_fin),
        "upcards_given_current": (n_up, n_cur),
        "win_given_finals": (n_fin, n_fin),
        "action_given_current": (len(ACTIONS), n_cur),
    }
    for key, shape in expected.items():
        if np.shape(getattr(cpts, key)) != shape:
            raise ValueError(f"{name}: round {r}'s {key} has shape {np.shape(getattr(cpts, key))}; expected {shape}")
        what = f"round {r}'s {key}"
        if key == "win_given_finals":
            check_distributions(np.stack([cpts.win_given_finals, 1 - cpts.win_given_finals]), source, what)
        else:
            check_distributions(getattr(cpts, key), source, what)
    if (cpts.prior_final <= 0).any():
        missing = [ht.FINAL_TYPES[i] for i in np.flatnonzero(cpts.prior_final <= 0)]
        raise ValueError(f"{name}: round {r}'s prior gives final hand types {', '.join(missing)} probability 0 "
                         "(P(win) would be undefined for some evidence); rebuild it")
    return cpts


def load_cpts(directory=None) -> tuple[StudCPTs, ...]:
    """The four rounds' CPTs from ``stud_cpts.npz`` (no pgmpy; milliseconds).

    >>> [c.betting_round for c in load_cpts()]
    [0, 1, 2, 3]
    """
    from holdem.files import load_npz

    directory = Path(MODELS_DIR if directory is None else directory)
    path = directory / "stud_cpts.npz"
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing; run `bpp build stud-nets`.")
    names = ("prior_final", "current_given_final", "upcards_given_current", "win_given_finals", "action_given_current")
    data = load_npz(path, {f"round{r}_{n}": None for r in range(N_ROUNDS) for n in names})
    return tuple(
        _freeze(validate_cpts(StudCPTs(r, *(data[f"round{r}_{n}"].astype(np.float64) for n in names), "loaded", None),
                              path, betting_round=r))
        for r in range(N_ROUNDS)
    )


# ---------------------------------------------------------------- compiled form


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
    total = x.sum(axis=-1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        return x / total  # impossible evidence → NaN


_ACTION_INDEX = {None: len(ACTIONS), **{a: i for i, a in enumerate(ACTIONS)}, **{i: i for i in range(len(ACTIONS))}}


#: Types whose values equal state indices as dict keys but are not states (True == 1, 1.0 == 1).
_NOT_STATES = frozenset({bool, float, np.bool_, np.float64, np.float32})


def _state_index(value, states, what: str) -> int:
    """A query's state given by name or index (the §6 variants' compiled networks); ValueError otherwise."""
    if isinstance(value, str) and value in states:
        return states.index(value)
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= value < len(states):
        return int(value)
    raise ValueError(f"The '{what}' parameter of query must be a state in {states} or its index; got {value!r}.")


def _evidence_indices(net, bpp_current, opp_upcards, opp_action, actions=ACTIONS) -> tuple[int, int, int]:
    """``(b, u, a)`` of a §6 variant's query (names or indices); ``a = len(actions)`` when OPP_Action is unobserved."""
    b = _state_index(bpp_current, net.current_states, "bpp_current")
    u = _state_index(opp_upcards, net.upcard_states, "opp_upcards")
    return b, u, len(actions) if opp_action is None else _state_index(opp_action, actions, "opp_action")


def _freeze_tables(net, **tables) -> None:
    """Set each of a compiled network's tables as a read-only attribute of ``net``."""
    for name, table in tables.items():
        table.flags.writeable = False
        setattr(net, name, table)


class CompiledStudNet:
    """One round's network compiled to numpy tables: a query is a table lookup (§3.4).

    Every evidence combination is precomputed: BPP_Current (``n_current``
    states) × OPP_Upcards (``n_upcards``) × OPP_Action (``passive``,
    ``aggressive`` or unobserved).  The BPP and OPP halves of the polytree are
    independent until BPP_Win joins them, so the posteriors factor:
    P(BPP_Final | b) ∝ P(f) M_C|F[b, f];  P(OPP_Current | u, a) ∝ P(c) M_U|C[u, c] M_A|C[a, c];
    P(OPP_Final | u, a) ∝ P(f) Σ_c M_C|F[c, f] M_U|C[u, c] M_A|C[a, c];
    P(win | b, u, a) = Σ P(BPP_Final | b) P(win | finals) P(OPP_Final | u, a).
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
        "_win",
        "_opp_rows",
        "_bpp_rows",
    )

    #: Index of the "unobserved" action in the tables' action axis.
    UNOBSERVED = len(ACTIONS)

    def __init__(self, cpts: StudCPTs):
        self.betting_round = cpts.betting_round
        self.cpts = cpts
        self.current_states = cpts.current_states
        self.upcard_states = cpts.upcard_states
        # names and indices both map to the index (numpy integers hash like ints)
        self._current_index = {**{s: i for i, s in enumerate(self.current_states)}, **{i: i for i in range(len(self.current_states))}}
        self._upcard_index = {**{s: i for i, s in enumerate(self.upcard_states)}, **{i: i for i in range(len(self.upcard_states))}}
        self._compile()

    @classmethod
    def from_cpts(cls, cpts: StudCPTs) -> "CompiledStudNet":
        """Compile a round's CPTs."""
        return cls(cpts)

    def _compile(self) -> None:
        c = self.cpts
        prior = c.prior_final  # (F,)
        mcf = c.current_given_final  # (C, F)
        action = np.vstack([c.action_given_current, np.ones((1, mcf.shape[0]))])  # (A+1, C)
        bpp_final = _normalize_rows(mcf * prior)  # (C, F)
        likelihood = c.upcards_given_current[:, None, :] * action[None, :, :]  # (U, A+1, C)
        prior_current = mcf @ prior  # (C,)
        opp_current = _normalize_rows(likelihood * prior_current)
        opp_final = _normalize_rows((likelihood @ mcf) * prior)  # (U, A+1, F)
        u, a1 = likelihood.shape[:2]
        win = (bpp_final @ c.win_given_finals) @ opp_final.reshape(u * a1, -1).T
        win = np.clip(win, 0.0, 1.0).reshape(-1, u, a1)
        _freeze_tables(self, win_table=win, opp_current_table=opp_current, opp_final_table=opp_final, bpp_final_table=bpp_final)
        self._win = win.tolist()
        self._opp_rows = [[(opp_current[i, j], opp_final[i, j]) for j in range(a1)] for i in range(u)]
        self._bpp_rows = list(bpp_final)

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

    def query(self, bpp_current, opp_upcards, opp_action=None) -> StudBelief:
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

    def with_action_cpt(self, action_cpt) -> "CompiledStudNet":
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
        return CompiledStudNet(self.cpts.with_action_cpt(action_cpt))

    def to_network(self):
        """The pgmpy network with these CPTs (for inspection, drawing and checks)."""
        return build_network(self.cpts)

    def __repr__(self) -> str:
        return (
            f"CompiledStudNet(betting_round={self.betting_round}, n_current={len(self.current_states)}, "
            f"n_upcards={len(self.upcard_states)})"
        )


def compile_network(model) -> CompiledStudNet:
    """Compile a pgmpy BPP network (built here or read from BIF/XMLBIF) to numpy tables.

    >>> compile_network(load_networks(file_format="xmlbif")[2])
    CompiledStudNet(betting_round=2, n_current=16, n_upcards=14)
    """
    return CompiledStudNet(network_cpts(model))


def load_compiled(directory=None) -> tuple[CompiledStudNet, ...]:
    """The four compiled networks from ``bpp/models/stud/stud_cpts.npz`` (no pgmpy import).

    >>> [n.betting_round for n in load_compiled()]
    [0, 1, 2, 3]
    """
    return tuple(CompiledStudNet(c) for c in load_cpts(directory))


# ---------------------------------------------------------------- drawing (Figure 1)

#: Node positions of Figure 1: BPP_Win on top, the finals below it, then the current types and the evidence.
FIGURE1_LAYOUT = {
    "BPP_Win": (0.5, 3.0),
    "OPP_Final": (0.0, 2.0),
    "BPP_Final": (1.0, 2.0),
    "OPP_Current": (0.0, 1.0),
    "BPP_Current": (1.0, 1.0),
    "OPP_Action": (-0.5, 0.0),
    "OPP_Upcards": (0.5, 0.0),
}
#: Nodes observed during play (§3.1): shaded in the drawing.
OBSERVED = ("BPP_Current", "OPP_Upcards", "OPP_Action")


def draw_network(ax=None, *, betting_round: int | None = None, networks=None, layout=None, observed=()):
    """Draw the structure of Figure 1 (§3.1) or a §6 variant's with networkx; observed nodes shaded.

    Parameters
    ----------
    ax : matplotlib.axes.Axes, optional
        Default: a new figure's axes.
    betting_round : int, optional
        Label the nodes with that round's number of states; default: the
        numbers of all four rounds (``10/14/16/17``).
    networks : sequence of 4 DiscreteBayesianNetwork, optional
        The per-round networks to draw (default Figure 1's).  Nodes and arcs
        that Figure 1 does not have are drawn in red.
    layout : dict, optional
        Positions of nodes not in :data:`FIGURE1_LAYOUT`, or moved (same units).
    observed : sequence of str
        Observed nodes besides :data:`OBSERVED`.

    Returns
    -------
    dict
        The artists: ``nodes`` (PathCollection), ``edges`` (list), ``labels`` (dict of Text).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> artists = draw_network(betting_round=0)
    >>> sorted(artists)
    ['edges', 'labels', 'nodes']
    >>> artists["labels"]["OPP_Upcards"].get_text()
    'OPP_Upcards\\n5 states'
    >>> draw_network(networks=[build_network(c) for c in load_cpts()[:3]])
    Traceback (most recent call last):
    ...
    ValueError: The 'networks' parameter of draw_network must hold the 4 rounds' networks; got 3.
    """
    import matplotlib.pyplot as plt
    import networkx as nx

    if networks is None:
        networks = [build_network(c) for c in load_cpts()]
    networks = list(networks)
    if len(networks) != N_ROUNDS:
        raise ValueError(f"The 'networks' parameter of draw_network must hold the 4 rounds' networks; got {len(networks)}.")
    rounds = range(N_ROUNDS) if betting_round is None else [_check_round(betting_round, "draw_network")]
    graph = nx.DiGraph()
    graph.add_nodes_from(networks[rounds[0]].nodes())
    graph.add_edges_from(networks[rounds[0]].edges())
    pos = {**FIGURE1_LAYOUT, **(layout or {})}
    missing = sorted(set(graph.nodes()) - set(pos))
    if missing:
        raise ValueError(f"The 'layout' parameter of draw_network must place every node Figure 1 lacks; missing {missing}.")
    pos = {n: pos[n] for n in graph.nodes()}
    sizes = {n: [len(networks[r].get_cpds(n).state_names[n]) for r in rounds] for n in graph.nodes()}
    if ax is None:
        ax = plt.figure(figsize=(6.4, 5.2)).add_subplot()
    seen = set(OBSERVED) | set(observed)
    red, ink = "#c0392b", "#333333"
    nodes = nx.draw_networkx_nodes(
        graph, pos, ax=ax, node_shape="o", node_size=6000, node_color=["#c9d9f0" if n in seen else "#ffffff" for n in graph.nodes()],
        edgecolors=[ink if n in NODES else red for n in graph.nodes()], linewidths=[1.0 if n in NODES else 2.0 for n in graph.nodes()],
    )
    old = [e for e in graph.edges() if e in EDGES]
    new = [e for e in graph.edges() if e not in EDGES]
    edges = list(nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=old, arrows=True, arrowsize=18, node_size=6000, edge_color=ink))
    if new:
        edges += list(nx.draw_networkx_edges(
            graph, pos, ax=ax, edgelist=new, arrows=True, arrowsize=18, node_size=6000, edge_color=red, width=2.0,
        ))
    labels = {}
    for node in graph.nodes():
        counts = sorted(set(sizes[node]))
        text = "/".join(str(n) for n in sizes[node]) if len(counts) > 1 else str(counts[0])
        labels[node] = f"{node}\n{text} states"
    texts = nx.draw_networkx_labels(graph, pos, labels=labels, ax=ax, font_size=8)
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    ax.set_xlim(min(xs) - 0.5, max(xs) + 0.5)
    ax.set_ylim(min(ys) - 0.5, max(ys) + 0.5)
    ax.set_axis_off()
    return {"nodes": nodes, "edges": edges, "labels": texts}

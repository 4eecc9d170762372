"""§6.1's refined action node: OPP_Action with pass, call, bet and raise as separate states (Korb1999 §6.1).

Korb, Nicholson & Jitnah (1999) §6.1, "Refine action nodes": "Currently BPP
merges the actions CALL and PASS, and again BET and RAISE.  This is possible
because the paired playing situations are mutually exclusive.  However, it is
unlikely that given the same winning probability and pot odds each dual is as
good a choice as the other.  Therefore, they should be separated".  This
module changes only OPP_Action: its states become :data:`ACTION_STATES`
(``pass`` / ``call`` / ``bet`` / ``raise``) and M_A|C is a 4 × n_current
table, learned from showdowns per opponent as the paper's 2-state one
(:class:`ActionsModel`).  Figure 1's structure and every other CPT are
unchanged.

The round's evidence (:func:`round_action_state`) is the opponent's
strongest action in the round so far — raise > bet > call > pass: a bet is a
bet/raise when nobody has bet in the round yet, a raise one after a bet; a
check/call is a pass when nothing has been bet in the round, else a call.
(The paper's node is this one with pass+call and bet+raise merged.)

Compiled tables (:class:`CompiledActionsNet`, the player's :class:`~bpp.stud.model.compiled.WinTables`) have
the action axis of length 5, index 4 = unobserved; play never calls pgmpy.

>>> from bpp.stud.model.networks import load_cpts
>>> net = CompiledActionsNet(load_cpts()[3])             # ¼ each: the action says nothing yet
>>> net.query("pair_aces", "pair_kings", "raise").p_win == net.query("pair_aces", "pair_kings").p_win
True
"""

from __future__ import annotations

import numpy as np

from bpp.stud.model import handtypes as ht
from bpp.stud.model.networks import (
    MODELS_DIR,
    N_ROUNDS,
    StudBelief,
    StudCPTs,
    _evidence_indices,
    _freeze_tables,
    _normalize_rows,
    current_type_names,
    upcard_type_names,
)

__all__ = [
    "ACTION_STATES",
    "UNOBSERVED",
    "round_action_state",
    "default_actions_cpt",
    "build_actions_network",
    "ACTIONS_DIR",
    "save_actions_networks",
    "load_actions_networks",
    "CompiledActionsNet",
    "ActionsModel",
    "actions_factors",
]

#: States of the refined OPP_Action (§6.1): the paper's two merged pairs separated.
ACTION_STATES = ("pass", "call", "bet", "raise")
#: Index of "not yet acted in this round" on the compiled tables' action axis.
UNOBSERVED = len(ACTION_STATES)
#: Where ``bpp build stud-actions --replace-shipped`` writes the four networks (with the prior M_A|C).
ACTIONS_DIR = MODELS_DIR / "actions"
_STEM = "stud_actions"


def round_action_state(events, player: int, betting_round: int) -> int:
    """The refined OPP_Action state of ``player`` in a round: 0 pass, 1 call, 2 bet, 3 raise, 4 not yet acted.

    ``events`` is the hand's history (:class:`holdem.games.base.Observation` ``history``); the strongest
    action counts (raise > bet > call > pass).

    >>> import numpy as np
    >>> from holdem.games import Stud5
    >>> state = Stud5().new_hand(np.arange(52))
    >>> round_action_state(state.observation(0).history, 1, 0)
    4
    >>> _ = state.apply(state.legal_actions()[0])      # seat 1 checks: a pass
    >>> _ = state.apply(state.legal_actions()[-1])     # seat 0 bets
    >>> _ = state.apply(state.legal_actions()[-1])     # seat 1 raises
    >>> round_action_state(state.observation(0).history, 1, 0), round_action_state(state.observation(1).history, 0, 0)
    (3, 2)
    """
    from holdem.games.base import ActionKind

    best = -1
    bet_made = False
    for event in events:
        if event.round != betting_round or event.kind != "action":
            continue
        kind = event.action.kind
        if kind == ActionKind.BET_RAISE:
            state = 3 if bet_made else 2
            bet_made = True
        elif kind == ActionKind.CHECK_CALL:
            state = 1 if bet_made else 0
        else:
            continue
        if event.player == player:
            best = max(best, state)
    return UNOBSERVED if best < 0 else best


def default_actions_cpt(betting_round: int) -> np.ndarray:
    """The starting M_A|C of the refined node: ¼ each, shape (4, n_current) (§5.2's uninformative start)."""
    return np.full((len(ACTION_STATES), len(current_type_names(betting_round))), 1.0 / len(ACTION_STATES))


def _check_cpt(action_cpt, betting_round: int) -> np.ndarray:
    m = np.array(action_cpt, dtype=np.float64)
    shape = default_actions_cpt(betting_round).shape
    if m.shape != shape:
        raise ValueError(f"The 'action_cpt' parameter must have shape {shape} for round {betting_round}; got {m.shape}.")
    if not np.all(np.isfinite(m)) or m.min() < 0 or not np.allclose(m.sum(axis=0), 1.0, atol=1e-9):
        raise ValueError("The 'action_cpt' parameter must hold probabilities summing to 1 over the action axis.")
    m.flags.writeable = False
    return m


def build_actions_network(cpts: StudCPTs, action_cpt=None):
    """One round's pgmpy ``DiscreteBayesianNetwork``: Figure 1 with the 4-state OPP_Action.

    >>> from bpp.stud.model.networks import load_cpts
    >>> model = build_actions_network(load_cpts()[1])
    >>> model.check_model(), model.get_cpds("OPP_Action").state_names["OPP_Action"]
    (True, ['pass', 'call', 'bet', 'raise'])
    """
    from pgmpy.factors.discrete import TabularCPD

    from bpp.stud.model.networks import build_network

    r = cpts.betting_round
    m = default_actions_cpt(r) if action_cpt is None else _check_cpt(action_cpt, r)
    current = list(current_type_names(r))
    model = build_network(cpts)
    model.remove_cpds(model.get_cpds("OPP_Action"))
    model.add_cpds(
        TabularCPD("OPP_Action", len(ACTION_STATES), m, evidence=["OPP_Current"], evidence_card=[len(current)],
                   state_names={"OPP_Action": list(ACTION_STATES), "OPP_Current": current})
    )
    model.check_model()
    return model


def save_actions_networks(cpts=None, out_dir=None, *, info: dict | None = None) -> list:
    """Write the four refined networks with the M_A|C a new ``bpp-actions`` starts from (¼ each), as BIF and XMLBIF.

    OPP_Action's table is learned per opponent from showdowns during play
    (:class:`ActionsModel`); what is saved is the network before any showdown:
    Figure 1's tables (``cpts``, default the shipped ones of ``bpp/models/stud``)
    with the four-state OPP_Action at :func:`default_actions_cpt`.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in save_actions_networks(out_dir=d)][-2:]
    ['stud_actions_round3.bif', 'stud_actions_round3.xmlbif']
    """
    from bpp.stud.model.networks import load_cpts, write_round_networks

    cpts = load_cpts() if cpts is None else tuple(cpts)
    if len(cpts) != N_ROUNDS:
        raise ValueError(f"The 'cpts' parameter of save_actions_networks must hold 4 rounds' tables; got {len(cpts)}.")
    return write_round_networks([build_actions_network(c) for c in cpts], ACTIONS_DIR if out_dir is None else out_dir,
                                _STEM, info=info)


def load_actions_networks(directory=None, *, file_format: str = "bif") -> list:
    """The four saved refined networks, read with pgmpy and checked (``bpp/models/stud/actions`` by default).

    Every CPT must be a distribution and OPP_Action must be the child of
    OPP_Current with the four states pass / call / bet / raise; one
    ``ValueError`` naming the file otherwise.

    >>> load_actions_networks()[2].get_cpds("OPP_Action").state_names["OPP_Action"]
    ['pass', 'call', 'bet', 'raise']
    """
    from bpp.stud.model.networks import read_round_networks

    def check(model, r, path):
        cpd = model.get_cpds("OPP_Action")
        if list(cpd.state_names["OPP_Action"]) != list(ACTION_STATES) or list(model.get_parents("OPP_Action")) != ["OPP_Current"]:
            raise ValueError(f"{str(path)!r}: OPP_Action must be the child of OPP_Current with states {ACTION_STATES}")
        if list(cpd.state_names["OPP_Current"]) != list(current_type_names(r)):
            raise ValueError(f"{str(path)!r}: OPP_Current's states are not round {r}'s")

    return read_round_networks(ACTIONS_DIR if directory is None else directory, _STEM, file_format, "stud-actions",
                               check, where="load_actions_networks")


def _opp_likelihood(cpts: StudCPTs, m: np.ndarray) -> np.ndarray:
    """L[u, a, c] = M_U|C[u, c] M_A|C[a, c] with a row of ones for the unobserved action."""
    m = np.concatenate([m, np.ones((1, m.shape[1]))], axis=0)
    return cpts.upcards_given_current[:, None, :] * m[None, :, :]


class CompiledActionsNet:
    """One round's network with the refined OPP_Action compiled to numpy tables.

    ``win_table`` (B, U, 5), ``opp_current_table`` (U, 5, C), ``opp_final_table`` (U, 5, 17),
    ``bpp_final_table`` (B, 17); action index 4 = unobserved.  Impossible evidence gives NaN.
    """

    def __init__(self, cpts: StudCPTs, action_cpt=None):
        self.betting_round = r = cpts.betting_round
        self.cpts = cpts
        self.action_cpt = _check_cpt(default_actions_cpt(r) if action_cpt is None else action_cpt, r)
        self.current_states = current_type_names(r)
        self.upcard_states = upcard_type_names(r)
        c = cpts
        lik = _opp_likelihood(c, self.action_cpt)  # (U, 5, C)
        opp_current = _normalize_rows(lik * (c.current_given_final @ c.prior_final))
        opp_final = _normalize_rows((lik @ c.current_given_final) * c.prior_final)
        bpp_final = _normalize_rows(c.current_given_final * c.prior_final)
        win = np.clip(np.einsum("bf,fo,uao->bua", bpp_final, c.win_given_finals, opp_final), 0.0, 1.0)
        _freeze_tables(self, win_table=win, opp_current_table=opp_current, opp_final_table=opp_final, bpp_final_table=bpp_final)

    def query(self, bpp_current, opp_upcards, opp_action=None) -> StudBelief:
        """Beliefs given the evidence (names or indices; ``opp_action`` None = unobserved).

        >>> from bpp.stud.model.networks import load_cpts
        >>> CompiledActionsNet(load_cpts()[0]).query(0, 0, "aggressive")
        Traceback (most recent call last):
        ...
        ValueError: The 'opp_action' parameter of query must be a state in ('pass', 'call', 'bet', 'raise') or its index; got 'aggressive'.
        """
        b, u, a = _evidence_indices(self, bpp_current, opp_upcards, opp_action, ACTION_STATES)
        return StudBelief(float(self.win_table[b, u, a]), self.opp_current_table[u, a],
                          self.opp_final_table[u, a], self.bpp_final_table[b])

    def to_network(self):
        """The pgmpy network with these CPTs (:func:`build_actions_network`)."""
        return build_actions_network(self.cpts, self.action_cpt)

    def __repr__(self) -> str:
        return f"CompiledActionsNet(betting_round={self.betting_round})"


class ActionsModel:
    """Per-opponent showdown counts of (refined action, current type) per round and M_A|C (§3.3, §5.2, §6.1).

    M_A|C[a, c] = (n[a, c] + p / 4) / (n[·, c] + p), ``p`` = ``prior_strength`` (¼ each before any showdown).

    >>> model = ActionsModel().update([48, 49, 0, 5, 9], [3, None, None, None])
    >>> model.action_cpts()[0][:, 9].round(3).tolist()     # round 0, pair of aces, one raise seen
    [0.167, 0.167, 0.167, 0.5]
    """

    def __init__(self, *, prior_strength: float = 2.0):
        if isinstance(prior_strength, bool) or not isinstance(prior_strength, (int, float)) or not prior_strength > 0:
            raise ValueError(f"The 'prior_strength' parameter of ActionsModel must be a number > 0; got {prior_strength!r}.")
        self.prior_strength = prior_strength
        self.reset()

    def reset(self) -> "ActionsModel":
        self.counts_ = [np.zeros(default_actions_cpt(r).shape) for r in range(N_ROUNDS)]
        self.n_showdowns_ = 0
        return self

    def update(self, opp_cards, actions) -> "ActionsModel":
        """Count one showdown: the opponent's five cards (down card first) and its state per round (0-3; None or 4: did not act)."""
        cards = [int(c) for c in opp_cards]
        if len(cards) != 5 or len(set(cards)) != 5 or not all(0 <= c < 52 for c in cards):
            raise ValueError(f"The 'opp_cards' parameter of ActionsModel.update must be 5 distinct card codes; got {opp_cards!r}.")
        actions = list(actions)
        if len(actions) != N_ROUNDS:
            raise ValueError(f"The 'actions' parameter of ActionsModel.update must have one entry per round (4); got {len(actions)}.")
        for r, a in enumerate(actions):
            if a is None or a == UNOBSERVED:
                continue
            self.counts_[r][int(a), ht.hand_type_of(cards[: r + 2])] += 1.0
        self.n_showdowns_ += 1
        return self

    def action_cpts(self) -> list[np.ndarray]:
        """The four M_A|C, shape (4, n_current), summing to 1 over the action axis."""
        p = self.prior_strength
        return [(n + p / len(ACTION_STATES)) / (n.sum(axis=0) + p) for n in self.counts_]

    def __repr__(self) -> str:
        return f"ActionsModel(prior_strength={self.prior_strength}, n_showdowns_={self.n_showdowns_})"


def actions_factors(cpts: StudCPTs, action_cpt=None) -> tuple[dict, dict]:
    """One round's network as tables (:mod:`bpp.stud.model.compiled`): Figure 1 with the 4-state OPP_Action.

    >>> from bpp.stud.model.networks import load_cpts
    >>> factors, states = actions_factors(load_cpts()[0])
    >>> factors["OPP_Action"].values.shape, states["OPP_Action"]
    ((4, 10), ('pass', 'call', 'bet', 'raise'))
    """
    from bpp.stud.model.compiled import Factor
    from bpp.stud.model.networks import figure1_factors

    r = cpts.betting_round
    factors, states = figure1_factors(cpts)
    m = default_actions_cpt(r) if action_cpt is None else _check_cpt(action_cpt, r)
    factors["OPP_Action"] = Factor(("OPP_Action", "OPP_Current"), m)
    states["OPP_Action"] = ACTION_STATES
    return factors, states

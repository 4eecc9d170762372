"""``bpp inspect limit-holdem``: how Poki's weight tables sharpen through one hand.

Component: a tool around the players (reads the opponent modeler; Billings2002 §6 "updating weight table").

Two traces, each a dict ``street → WeightTable`` that :func:`bpp.loki.plots.plot_weight_progression`
draws as 13×13 grids:

* :func:`tight_player_example` — the hand of Poki's example (Billings2002, "Texas
  Hold'em" sample hand, its betting table and the figure "progressive weight
  tables for opponent EP"): five players (SB, BB, EP, MP, Poki on the
  button); EP, a tight player, calls pre-flop in early position, bets the
  flop, bets the turn, calls Poki's raise and checks the river.  Our copy of
  the paper lost its card symbols, so the cards are ours, chosen to match the
  text (a queen-high dry flop on which Poki has second pair; EP "certainly has
  a queen given the early-position pre-flop call").
* :func:`trace_hand` — a random hand (``--seed``) in which every seat acts by a
  reference model and every opponent's table is re-weighted by the same model
  after each of its actions.

The reference model (the likelihood of each action given the holding) is the
one these examples share: pre-flop, :func:`bpp.loki.evaluator.preflop.preflop_triples`
with the player's thresholds; after the flop, :func:`bpp.loki.modeler.weights.ramp_triples`
over each holding's hand strength on the board against one random hand
(:func:`holding_strengths`) raised to the number of opponents (``HS_n``, Billings1998 §4.2).  The betting modules supply richer per-opponent
triples in play; the update itself (``w ← w · PT[action]``) is the same.

>>> tables = tight_player_example()
>>> list(tables)
['start', 'pre-flop', 'flop', 'turn', 'river']
"""

from __future__ import annotations

import numpy as np

from bpp.loki.modeler.opponent_model import blind_seats
from bpp.loki.evaluator.preflop import PreflopThresholds, preflop_triples
from bpp.loki.modeler.weights import CALL, FOLD, RAISE, WeightTable, ramp_triples
from holdem.cards import CardsLike, parse_cards
from holdem.ranges import HOLDINGS, N_HOLDINGS, conflict_matrix, holding_index, holdings_mask

__all__ = [
    "EXAMPLE_BOARD",
    "EXAMPLE_POKI_HOLE",
    "TIGHT",
    "PostflopModel",
    "holding_strengths",
    "tight_player_example",
    "trace_hand",
    "add_arguments",
    "run",
]

STREETS = ("pre-flop", "flop", "turn", "river")
#: Poki's cards in the example (ours: the paper's card symbols are lost): second pair on the flop.
EXAMPLE_POKI_HOLE = "Ad Jc"
#: The board: a dry, queen-high flop, then two blanks.
EXAMPLE_BOARD = "Qs Jh 4c 7d 2h"
#: A tight player's pre-flop thresholds (Billings2002: "a tight (conservative) player"): calls only
#: good hands, raises with the big pairs.
TIGHT = PreflopThresholds(make1=550.0, make2=1150.0, make4=1600.0, per_player_behind=25.0, spread=120.0)


class PostflopModel:
    """Post-flop likelihoods: :func:`ramp_triples` over hand strength, thresholds per bets to call.

    ``thresholds[0]`` (nothing to call): the strength where betting becomes
    likelier than checking; ``thresholds[1]`` (facing a bet): (continue,
    raise).  A share ``mix`` of every triple is spread over the legal actions
    (Poki's randomised play: a tight player still slow-plays or bluffs now and
    then), so no holding is ruled out by one action.

    >>> PostflopModel().thresholds
    ((0.0, 0.65), (0.5, 0.9))
    >>> PostflopModel().triples(np.array([0.2, 0.95]), bets_to_call=1).round(3)
    array([[0.967, 0.017, 0.017],
           [0.017, 0.294, 0.69 ]])
    """

    def __init__(self, *, bet: float = 0.65, call: float = 0.5, raise_: float = 0.9, spread: float = 0.12,
                 mix: float = 0.05):
        if not 0.0 <= mix <= 1.0:
            raise ValueError(f"The 'mix' parameter of PostflopModel must be in [0, 1]; got {mix!r}.")
        self.thresholds = ((0.0, bet), (call, raise_))
        self.spread = spread
        self.mix = mix

    def triples(self, strength: np.ndarray, bets_to_call: int) -> np.ndarray:
        """(…, 3) triples for a context (``bets_to_call`` 0: check or bet; ≥ 1: fold, call or raise)."""
        call, up = self.thresholds[min(bets_to_call, 1)]
        pt = ramp_triples(strength, call_threshold=call, raise_threshold=up, spread=self.spread,
                          bets_to_call=bets_to_call)
        uniform = np.array([0.0, 0.5, 0.5]) if bets_to_call == 0 else np.full(3, 1.0 / 3.0)
        return (1.0 - self.mix) * pt + self.mix * uniform


def holding_strengths(board: CardsLike, dead_cards: CardsLike = ()) -> np.ndarray:
    """Hand strength of every holding on ``board`` against one uniformly random hand.

    Exact: for each holding, the share of the other live holdings (sharing no
    card with it, the board or ``dead_cards``) it beats, ties counting half
    (Billings1998 §4.2).  Holdings that use a board or dead card get 0.

    Returns
    -------
    numpy.ndarray of float64, shape (1326,)

    Examples
    --------
    >>> from holdem.ranges import holding_index
    >>> hs = holding_strengths("3h 4c Jh")
    >>> round(float(hs[holding_index("AsQc")]), 3)          # Billings1998 §4.2: 0.585
    0.585
    """
    from holdem.evaluate import evaluate_unchecked

    board = parse_cards(board)
    if board.size not in (3, 4, 5):
        raise ValueError(f"The 'board' parameter must hold 3, 4 or 5 cards; got {board.size}.")
    dead = np.concatenate([board, parse_cards(dead_cards, distinct=False)]) if len(dead_cards) else board
    live = holdings_mask(dead)
    hands = np.concatenate([HOLDINGS, np.broadcast_to(board, (N_HOLDINGS, board.size))], axis=1)
    ranks = evaluate_unchecked(np.ascontiguousarray(hands, dtype=np.int8)).astype(np.int32)
    ranks[~live] = -1
    ok = live[None, :] & ~conflict_matrix()  # opponent holdings possible against each holding
    score = (ranks[None, :] < ranks[:, None]) + 0.5 * (ranks[None, :] == ranks[:, None])
    total = ok.sum(axis=1)
    hs = np.where(live, (score * ok).sum(axis=1) / np.maximum(total, 1), 0.0)
    return hs


# Opponents EP faces at each of its actions (Billings2002's betting table): the flop bet into SB, BB, MP
# and Poki; the turn heads-up against Poki.
_EXAMPLE_OPPONENTS = {("flop", 0): 4, ("turn", 0): 1, ("turn", 1): 1, ("river", 0): 1}


def tight_player_example(
    *,
    hole: CardsLike = EXAMPLE_POKI_HOLE,
    board: CardsLike = EXAMPLE_BOARD,
    thresholds: PreflopThresholds = TIGHT,
    postflop: PostflopModel | None = None,
) -> dict[str, WeightTable]:
    """Poki's weight table for EP after each street of the paper's example hand (Billings2002).

    The betting of Billings2002's table: pre-flop EP calls the big blind with MP, Poki,
    SB and BB still to act; on the flop the blinds check, EP bets; on the
    turn EP bets and calls Poki's raise; on the river EP checks.  EP's table
    starts at 1 for every holding that does not use Poki's cards, loses the
    board cards as they fall and is re-weighted after each action by the
    reference model (see the module notes).

    Returns
    -------
    dict
        ``"start"``, ``"pre-flop"``, ``"flop"``, ``"turn"``, ``"river"`` →
        :class:`WeightTable` after that street's actions.
    """
    postflop = postflop or PostflopModel()
    hole = parse_cards(hole)
    board = parse_cards(board)
    if board.size != 5:
        raise ValueError(f"The 'board' parameter of tight_player_example must hold 5 cards; got {board.size}.")
    table = WeightTable(dead_cards=hole)
    out = {"start": table}
    pt = preflop_triples(n_players=5, players_behind=4, bet_level=1, thresholds=thresholds)
    table = table.reweight_action(pt, CALL)
    out["pre-flop"] = table
    # (street, cards on board, [(bets to call, action)]) — EP's actions in Billings2002's betting table
    for street, n_board, actions in (
        ("flop", 3, [(0, RAISE)]),
        ("turn", 4, [(0, RAISE), (1, CALL)]),
        ("river", 5, [(0, CALL)]),
    ):
        table = table.remove_cards(board[:n_board])
        strength = holding_strengths(board[:n_board], hole)
        for to_call, action in actions:
            n_opp = _EXAMPLE_OPPONENTS[street, to_call]
            table = table.reweight_action(postflop.triples(strength**n_opp, to_call), action)
        out[street] = table
    return out


def trace_hand(seed: int = 0, *, n_players: int = 5, observer: int = 0) -> tuple[dict, dict[int, dict[str, WeightTable]]]:
    """Play one random hand with the reference model; the observer's weight table of every opponent per street.

    Parameters
    ----------
    seed : int
        Deal and actions.
    n_players : int
        Seats, 3-10.
    observer : int
        The seat whose view (own cards known) the tables take.

    Returns
    -------
    info, tables
        ``info``: the deal (``holes``, ``board``), the action ``log`` lines,
        ``actions`` (one ``(seat, round, board so far, triples, action)`` per
        action, the triples being the (1326, 3) likelihoods the tables used) and
        ``payoffs``; ``tables``: seat → {street → WeightTable} for every
        opponent, the streets that seat reached.

    Examples
    --------
    >>> info, tables = trace_hand(3)
    >>> 0 in tables, all("pre-flop" in t for t in tables.values())
    (False, True)
    """
    from holdem.games import LimitHoldem
    from holdem.games.base import ActionKind
    from types import SimpleNamespace

    from holdem.play import play_hand

    if not isinstance(n_players, int) or not 3 <= n_players <= 10:
        raise ValueError(f"The 'n_players' parameter of trace_hand must be an integer in [3, 10]; got {n_players!r}.")
    rng = np.random.default_rng(seed)
    game = LimitHoldem(n_players=n_players)
    deal = rng.permutation(52)
    state = game.new_hand(deal, button=0)
    holes = {p: tuple(state.observation(p).hole) for p in range(n_players)}
    model = PostflopModel()
    my_hole = np.array(holes[observer])
    tables = {p: {"start": WeightTable(dead_cards=my_hole)} for p in range(n_players) if p != observer}
    current = {p: t["start"] for p, t in tables.items()}
    log: list[str] = []
    records: list[tuple] = []
    gone: set[int] = set()
    strength_cache: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
    last_round = 0

    def reference(obs):
        """Every seat's action: sampled from the reference model's triple for its holding."""
        nonlocal last_round
        p = obs.player
        r = obs.round
        if r != last_round:
            for q in current:
                if q in gone:
                    continue
                tables[q][STREETS[last_round]] = current[q]
                current[q] = current[q].remove_cards(obs.public)
            last_round = r
        unit = game.small_bet if r < 2 else game.big_bet
        bets_to_call = -(-obs.to_call // unit)
        can_raise = any(a.kind == ActionKind.BET_RAISE for a in obs.legal)
        if r == 0:
            bb = blind_seats(n_players, obs.button)[1]
            behind = sum(1 for s in range(n_players) if s != p and not obs.folded[s] and _before(s, bb, p, n_players))
            triples = preflop_triples(n_players=n_players, players_behind=behind, bet_level=max(obs.bets) // game.small_bet,
                                      can_check=obs.to_call == 0, can_raise=can_raise)
        else:
            key = tuple(obs.public)
            if key not in strength_cache:
                strength_cache[key] = (holding_strengths(obs.public), None)
            n_opp = sum(1 for s in range(n_players) if s != p and not obs.folded[s])
            triples = model.triples(strength_cache[key][0] ** n_opp, bets_to_call)
            if not can_raise:
                triples = triples.copy()
                triples[:, CALL] += triples[:, RAISE]
                triples[:, RAISE] = 0.0
        mine = triples[holding_index(*holes[p])]
        kind = int(rng.choice(3, p=mine / mine.sum()))
        if kind == FOLD and obs.to_call == 0:
            kind = CALL
        action = next(a for a in obs.legal if int(a.kind) == kind)
        name = ("fold", "check" if obs.to_call == 0 else "call", "bet" if obs.to_call == 0 else "raise")[kind]
        log.append(f"{STREETS[r]:>8}: seat {p} {name}")
        records.append((p, r, tuple(obs.public), triples, kind))
        if p in current:
            current[p] = current[p].reweight_action(triples, kind)
            if kind == FOLD:  # its last table: the one after the fold
                tables[p][STREETS[r]] = current[p]
                gone.add(p)
        return action

    play_hand(state, [SimpleNamespace(act=reference)] * n_players)
    for q in current:
        if q not in gone:
            tables[q][STREETS[last_round]] = current[q]
    board = tuple(int(c) for c in deal[2 * n_players : 2 * n_players + 5])
    info = {"holes": holes, "board": board, "log": log, "actions": records, "payoffs": state.payoffs.tolist()}
    return info, tables


def _before(seat: int, bb: int, me: int, n: int) -> bool:
    """Whether ``seat`` (mod n) comes after ``me`` and no later than the big blind in pre-flop order."""
    seat %= n
    return 0 < (seat - me) % n <= (bb - me) % n


# --- bpp inspect limit-holdem ----------------------------------------------------------------


def add_arguments(parser) -> None:
    """Options of ``bpp inspect limit-holdem``."""
    parser.add_argument("--seed", type=int, default=0, help="deal and actions of the random hand (default 0)")
    parser.add_argument("--players", type=int, default=5, help="seats (3-10, default 5)")
    parser.add_argument("--example", action="store_true", help="draw the tight early-position player of Poki's example")
    parser.add_argument("--out", default="weight_tables.png", help="image file to write (default weight_tables.png)")


def run(args) -> int:
    """Draw the weight tables: one row per opponent, one column per street."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from bpp.loki.plots import plot_weight_grid
    from holdem.cards import format_cards

    if args.example:
        rows = {"EP (tight)": tight_player_example()}
        heading = f"Poki's example: EP's weight table; Poki holds {EXAMPLE_POKI_HOLE}"
        board = parse_cards(EXAMPLE_BOARD)
    else:
        info, traced = trace_hand(args.seed, n_players=args.players)
        rows = {f"seat {p} ({format_cards(np.array(info['holes'][p]), sep='')})": t for p, t in traced.items()}
        heading = f"seed {args.seed}: seat 0's weight tables of each opponent"
        board = np.array(info["board"])
        print("\n".join(info["log"]))
    columns = ["start", *STREETS]
    # each column shows only the board seen by then (a hand that ended early never shows its later cards)
    seen = {"start": 0, **{street: n for street, n in zip(STREETS, (0, 3, 4, 5))}}
    fig, axes = plt.subplots(len(rows), len(columns), figsize=(2.6 * len(columns) + 0.8, 2.9 * len(rows)), squeeze=False)
    image = None
    for i, (label, tables) in enumerate(rows.items()):
        for j, street in enumerate(columns):
            ax = axes[i, j]
            if street in tables:
                cards = f" [{format_cards(board[: seen[street]], sep='')}]" if seen[street] else ""
                image = plot_weight_grid(tables[street], ax, title=(f"{label}: {street}" if j == 0 else street) + cards)
            else:
                ax.axis("off")
    if image is not None:
        drawn = [a for a in axes.ravel() if a.axison]
        fig.colorbar(image, ax=drawn, fraction=0.02, pad=0.02, label="relative weight of the holding")
    fig.suptitle(heading, fontsize=10)
    fig.savefig(args.out, dpi=120)
    plt.close(fig)
    print(f"wrote {args.out}")
    return 0

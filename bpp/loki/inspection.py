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

import argparse
from typing import TYPE_CHECKING

import numpy as np

from bpp.loki.evaluator.preflop import PreflopThresholds, preflop_triples
from bpp.loki.modeler.weights import CALL, FOLD, RAISE, WeightTable, ramp_triples
from holdem.cards import CardsLike, parse_cards
from holdem.ranges import HOLDINGS, N_HOLDINGS, conflict_matrix, holding_index, holdings_mask

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import NDArray

    from bpp.loki.agents import PokiAgent
    from holdem._typing import RngLike
    from holdem.histories import Hand

__all__ = [
    "EXAMPLE_BOARD",
    "EXAMPLE_POKI_HOLE",
    "TIGHT",
    "PostflopModel",
    "holding_strengths",
    "tight_player_example",
    "trace_hand",
    "LoggedBeliefs",
    "logged_hand_beliefs",
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
        """Float64 (…, 3) triples of float ``strength`` (shape (…)) in a context (``bets_to_call`` 0: check or bet; ≥ 1: fold, call or raise)."""
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
    dead = np.concatenate([board, parse_cards(dead_cards, distinct=False)]) if len(dead_cards) else board  # type: ignore[arg-type]
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


def trace_hand(rng: RngLike = 0, *, n_players: int = 5, observer: int = 0) -> tuple[dict, dict[int, dict[str, WeightTable]]]:
    """Play one random hand with the reference model; the observer's weight table of every opponent per street.

    Parameters
    ----------
    rng
        Deal and actions: None, a seed, a ``SeedSequence`` or a ``Generator`` (:func:`holdem.checks.seed_sequence`).
    n_players : int
        Seats, 2-10.
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
    from holdem.games.holdem import blind_seats
    from types import SimpleNamespace

    from holdem.checks import seed_sequence
    from holdem.play import play_hand

    if not isinstance(n_players, int) or not 2 <= n_players <= 10:
        raise ValueError(f"The 'n_players' parameter of trace_hand must be an integer in [2, 10]; got {n_players!r}.")
    rng = np.random.default_rng(seed_sequence(rng, "trace_hand"))
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
        unit = obs.bet_size
        bets_to_call = -(-obs.to_call // unit)
        can_raise = any(a.kind == ActionKind.BET_RAISE for a in obs.legal)
        if r == 0:
            bb = blind_seats(n_players, obs.button)[1]
            behind = sum(1 for s in range(n_players) if s != p and not obs.folded[s] and _before(s, bb, p, n_players))
            triples = preflop_triples(n_players=n_players, players_behind=behind, bet_level=max(obs.bets) // unit,
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


class LoggedBeliefs:
    """Poki's weight table of every opponent after every action of a logged hand (:func:`logged_hand_beliefs`).

    Attributes
    ----------
    observer : int
        The seat whose view it is (Poki sits there).
    steps : list of str
        What happened before each snapshot: ``"start"``, then ``"loki r4"``-style actions (player, action).
    rounds : list of int
        The betting round of each step.
    weights : dict of int -> numpy.ndarray, shape (n_steps, 1326)
        Per opponent seat, its weight table after each step (relative weights; 0 for dead holdings).
    holdings : list of str
        The 1,326 holding labels in :data:`holdem.ranges.HOLDINGS` order (``"AsKd"``).
    board : tuple of int
        The board as far as it was dealt.
    """

    def __init__(self, observer: int, steps: list[str], rounds: list[int], weights: dict[int, NDArray[np.float64]],
                 board: tuple[int, ...], names: Sequence[str]) -> None:
        from holdem.cards import format_cards

        self.observer = observer
        self.steps = steps
        self.rounds = rounds
        self.weights = weights
        self.board = board
        self.names = names
        self.holdings = [format_cards(h, sep="") for h in HOLDINGS]

    def tables(self, seat: int) -> dict:
        """``{street: WeightTable}`` of one opponent after the last action of each street (and at the start)."""
        out = {"start": WeightTable(self.weights[seat][0])}
        for k, r in enumerate(self.rounds):
            if k:
                out[STREETS[r]] = WeightTable(self.weights[seat][k])
        return out

    def to_dict(self) -> dict:
        return {"observer": self.observer, "steps": self.steps, "rounds": self.rounds, "holdings": self.holdings,
                "weights": {str(s): w.tolist() for s, w in self.weights.items()}}

    def table(self, top: int = 5) -> str:
        """Each opponent's ``top`` most likely holdings (probability) after each step."""
        lines = []
        for seat, w in self.weights.items():
            lines.append(f"{self.names[self.observer]} (seat {self.observer}) on {self.names[seat]} (seat {seat}):")
            for step, row in zip(self.steps, w):
                p = row / row.sum() if row.sum() > 0 else row
                best = np.argsort(-p, kind="stable")[:top]
                lines.append(f"  {step:<12} " + "  ".join(f"{self.holdings[h]} {p[h]:.3f}" for h in best))
        return "\n".join(lines)


def logged_hand_beliefs(hand: Hand, observer: str | int | None = None, *, agent: PokiAgent | None = None) -> LoggedBeliefs:
    """Replay one logged hold'em hand (:class:`holdem.histories.Hand`) with Poki in ``observer``'s seat.

    After every action Poki's opponent modeler re-weights every opponent's table
    (Billings2002 §6, "updating weight table") and the tables are recorded;
    heads-up included.  ``observer`` is a player name or seat (default: seat 0);
    ``agent`` a Poki-family agent (default ``PokiAgent(rng=0)``).  The
    observer's own cards must be in the file.

    >>> import tempfile, pathlib
    >>> from holdem.games import LimitHoldem
    >>> from holdem.match import play_match
    >>> from holdem.histories import read_hands
    >>> log = pathlib.Path(tempfile.mkdtemp()) / "m.jsonl"
    >>> _ = play_match(LimitHoldem(), ["call", "raise"], 3, rng=1, log=log)
    >>> b = logged_hand_beliefs(read_hands(log)[0], "call")
    >>> b.steps[0], b.weights[1].shape[1]
    ('start', 1326)
    """
    from holdem.histories.replay import logged_driver

    from bpp.loki.agents import PokiAgent

    if hand.game.name != "limit-holdem":
        raise ValueError(f"Poki's weight tables are for limit hold'em; hand {hand.number} is {hand.game.name}")
    if observer is None:
        seat = 0
    elif isinstance(observer, str):
        if observer not in hand.names:
            raise ValueError(f"no player {observer!r} in hand {hand.number} (players: {', '.join(hand.names)})")
        seat = hand.names.index(observer)
    else:
        seat = int(observer)
    if hand.holes[seat] is None:
        raise ValueError(f"hand {hand.number}: the file does not show {hand.names[seat]}'s cards")
    poki = agent if agent is not None else PokiAgent(rng=0)
    opponents = [s for s in range(hand.n_players) if s != seat]
    steps, rounds = ["start"], [0]
    snaps: dict[int, list[np.ndarray]] = {s: [] for s in opponents}
    driver = None

    def snapshot():
        h = poki._hand_of(driver.state.observation(seat))
        poki.modeler.update(h, poki.evaluator)
        for s in opponents:
            snaps[s].append(h.weights[s].copy())

    def on_event(event):
        if event.kind == "action":
            snapshot()
            steps.append(f"{hand.names[event.player]} {event.action}")
            rounds.append(event.round)

    driver = logged_driver(hand, seat, poki, on_event=on_event)
    start = WeightTable(dead_cards=np.array(hand.holes[seat])).weights
    for s in opponents:
        snaps[s].append(start.copy())
    state = driver.play(hand.new_state())
    live = start > 0  # holdings that share a card with the observer's are impossible (the modeler leaves them be)
    weights = {s: np.array(v) * live for s, v in snaps.items()}
    board = tuple(c for e in state.history if e.kind == "deal" for c in e.cards)
    return LoggedBeliefs(seat, steps, rounds, weights, board, hand.names)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``bpp inspect limit-holdem``."""
    from holdem.tables import seed

    parser.add_argument("--seed", type=seed, default=0, help="deal and actions of the random hand (default 0)")
    parser.add_argument("--players", type=int, default=5, help="seats (2-10, default 5)")
    parser.add_argument("--example", action="store_true", help="draw the tight early-position player of Poki's example")
    parser.add_argument("--out", default="weight_tables.png", help="image file to write (default weight_tables.png)")
    parser.add_argument("--hands", metavar="FILE", default=None,
                        help="a hand-history file (PHH, ACPC, bpp log): trace a logged hand instead of a random one")
    parser.add_argument("--hand", type=int, default=None, metavar="N", help="with --hands: the hand's number in the file")
    parser.add_argument("--player", default=None, metavar="NAME",
                        help="with --hands: whose view (Poki in that seat; default the first seat)")


def _logged_rows(args):
    """The rows of ``--hands FILE --hand N``: each opponent's tables by street, printed action by action."""
    from holdem.histories import read_hand

    hand = read_hand(args.hands, args.hand, game="limit-holdem")
    beliefs = logged_hand_beliefs(hand, args.player)
    print(beliefs.table())
    rows = {f"{hand.names[s]} (seat {s})": beliefs.tables(s) for s in beliefs.weights}
    heading = f"{args.hands}, hand {hand.number}: {hand.names[beliefs.observer]}'s view (Poki's weight tables)"
    return rows, heading, np.array(beliefs.board, dtype=int)


def run(args: argparse.Namespace) -> int:
    """Draw the weight tables: one row per opponent, one column per street."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from bpp.loki.plots import plot_weight_grid
    from holdem.cards import format_cards

    if args.hands is not None:
        rows, heading, board = _logged_rows(args)
    elif args.example:
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

"""Hands per second of every classic agent heads-up against ``call``, one core.

Run: ``taskset -c 0 python benchmarks/bench_agents.py [--hands N] [--only NAME ...]``.
Prints, per agent, hands per CPU second of ``play_match`` heads-up against ``call`` beside
the anchor measured in the same run (``call`` against ``call``: the engine and
runner alone, the ceiling of any agent), and the target.  Then a ten-seat table
of ``poki`` and LBR's deals/s against ``poki``.

First the per-board kernels of the post-flop evaluator beside the code they replaced (kept here only as the
anchor): every holding's HS/EHS (``StreetTable.holding_strength``; before: a loop of sort + searchsorted per next
card) and the next-card ranks of a table (before: ``rank_of_keys`` on all 1,326 × 52 pairs); Loki's one-card
look-ahead counts of its own holding against every holding (``StreetTable._pattern_later``, by rank pattern;
before: all 1,326 × 52 next-card ranks compared with ours, and the whole table gathered first); the simulation
players' percentiles of the sampled holdings on 500 trial boards (``sampling._percentiles``; before: every holding
evaluated on every trial board); every holding's one-card HP table against a weighted range, what LBR needs
for Poki's policy (``holdem.strength.pairwise_potential_tables``; before: every pair of holdings compared after each
next card). LBR's deals/s against ``poki`` is printed beside the same deals with that old kernel put back.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from _timing import best_time
from bpp.loki.evaluator.postflop import _FLOP_CACHE, _PATTERN_ORDERS, StreetTable, _conflicts
from holdem.cards import parse_cards
from bpp.loki.simulator.sampling import _percentiles
from holdem.evaluate import key_sums, rank_of_keys
from holdem.games import make_game
from holdem.match import play_match
from holdem.ranges import CARD_HOLDINGS, HOLDING_INDEX, HOLDINGS, N_HOLDINGS, conflict_matrix
from holdem.strength import pairwise_potential_tables
from holdem.tables import load_tables

LOKI = ["loki-reweight", "loki-showdown", "loki-reweight-showdown", "loki-b", "loki-c", "loki-d", "loki-e"]
POKI = ["poki", "poki-nn", "poki-meta"]
STYLES = ["maniac", "calling-station", "rock", "tag"]
SIM = ["poki-sim", "poki-sim-meta", "poki-sim-nn"]
STUD = ["prob", "rules-reader", "bpp-card", "bpp-bluff"]
TARGETS = {"loki": 2000, **{n: 1000 for n in LOKI + POKI + STYLES}, **{n: 200 for n in SIM}, **{n: 3000 for n in STUD}}


def holding_strength_loop(table: StreetTable) -> tuple[np.ndarray, np.ndarray]:
    """The anchor: ``StreetTable.holding_strength`` as it was before the rank-pattern rewrite (a Python loop over the next cards)."""
    ranks, live = table.ranks, ~table.board_conflict
    vals = np.sort(ranks[live])
    less = np.searchsorted(vals, ranks, side="left")
    equal = np.searchsorted(vals, ranks, side="right") - less
    n_live = np.full(N_HOLDINGS, vals.size)
    for j in (0, 1):
        others = CARD_HOLDINGS[HOLDINGS[:, j]]
        r, ok = ranks[others], live[others]
        less -= ((r < ranks[:, None]) & ok).sum(axis=1)
        equal -= ((r == ranks[:, None]) & ok).sum(axis=1)
        n_live -= ok.sum(axis=1)
    hs = np.zeros(N_HOLDINGS)
    hs[live] = (less[live] + (equal[live] + 1) / 2) / (n_live[live] + 1)
    if table.next_ranks is None:
        return hs, hs.copy()
    gain, n_cards = np.zeros(N_HOLDINGS), 0
    for c in range(52):
        if c in table.board:
            continue
        col = table.next_ranks[:, c]
        ok = col > 0
        vals = np.sort(col[ok])
        lo = np.searchsorted(vals, col, side="left")
        hi = np.searchsorted(vals, col, side="right")
        gain += np.where(ok, np.maximum((lo + (hi - lo - 1) / 2) / max(vals.size - 1, 1) - hs, 0.0), 0.0)
        n_cards += 1
    behind = np.where(live & (hs < 1), 1 - hs, 1.0)
    ppot = np.where(live, np.clip(gain / (n_cards - 2) / behind, 0.0, 1.0), 0.0)
    return hs, np.where(live, hs + (1 - hs) * ppot, 0.0)


def look_ahead_full(table: StreetTable, h0: int, live: np.ndarray) -> np.ndarray:
    """The anchor: Loki's one-card look-ahead counts of our holding ``h0`` against every holding as they were
    counted before the rank-pattern form, by comparing all 1326 × 52 (holding, next card) ranks of the table."""
    ours_next = table.next_ranks[h0]
    theirs_next = table.next_ranks
    ones = np.ones(52, dtype=np.float32)
    ahead = (theirs_next < ours_next).astype(np.float32) @ ones - (ours_next[HOLDINGS] > 0).sum(axis=1)
    behind = (theirs_next > np.where(ours_next > 0, ours_next, np.iinfo(np.int16).max)).astype(np.float32) @ ones
    n_valid = np.where(table.board_conflict, 0, 50 - table.board.size) - (theirs_next[:, HOLDINGS[h0]] > 0).sum(axis=1)
    later = np.stack([ahead, n_valid - ahead - behind, behind], axis=1).astype(np.float64)
    later[~live] = 0.0
    return later


def next_ranks_full(board: np.ndarray) -> np.ndarray:
    """The anchor: every (holding, next card) rank by ``rank_of_keys`` on all pairs, as before the rank-pattern rewrite."""
    tables = load_tables()
    keys = key_sums(HOLDINGS) + int(key_sums(board))
    bits = tables.suit_bits[HOLDINGS].sum(axis=1) + int(tables.suit_bits[board].sum())
    return rank_of_keys(keys[:, None] + tables.card_keys[None, :52], board.size + 3,
                        suit_bits=bits[:, None] + tables.suit_bits[None, :52])


def percentiles_full(boards: np.ndarray, holdings: np.ndarray) -> np.ndarray:
    """The anchor: the simulator's trial-board percentiles with every holding evaluated on every board, as before."""
    tables = load_tables()
    T, k = boards.shape
    keys = key_sums(HOLDINGS)[None, :] + key_sums(boards)[:, None]
    bits = tables.suit_bits[HOLDINGS].sum(axis=1)[None, :] + tables.suit_bits[boards].sum(axis=1)[:, None]
    ranks = rank_of_keys(keys, 2 + k, suit_bits=bits)
    rows = np.arange(T)[:, None]
    for j in range(k):
        ranks[rows, CARD_HOLDINGS[boards[:, j]]] = 0
    n_dead = k * 51 - k * (k - 1) // 2
    mine = ranks[rows, holdings]
    less = (ranks[:, None, :] < mine[:, :, None]).view(np.uint8).sum(axis=2, dtype=np.uint16) - n_dead
    equal = (ranks[:, None, :] == mine[:, :, None]).view(np.uint8).sum(axis=2, dtype=np.uint16) - 1
    return (less + equal / 2) / (N_HOLDINGS - n_dead - 1)


_PAIRWISE_CACHE: dict[tuple[int, ...], np.ndarray] = {}


def pairwise_tables_before(board: np.ndarray, ranks: np.ndarray, next_ranks: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The anchor: ``holdem.strength.pairwise_potential_tables`` as computed before the rank-pattern rewrite.

    Every ordered pair of holdings compared after each next card ((1326, 1326, 3) uint8 counts, kept for the
    last four boards), then per weight table and per now-state a float32 ``einsum`` over the 1,326 × 1,326 pairs.
    """
    key = tuple(np.asarray(board).tolist())
    later = _PAIRWISE_CACHE.get(key)
    share = conflict_matrix()
    if later is None:
        valid = next_ranks > 0
        n_valid = valid.sum(axis=1)
        big = np.where(valid, next_ranks, np.iinfo(np.int16).max)
        later = np.zeros((N_HOLDINGS, N_HOLDINGS, 3), dtype=np.uint8)
        for lo in range(0, N_HOLDINGS, 128):
            ours = next_ranks[lo : lo + 128, None, :]
            mine = valid[:, HOLDINGS[lo : lo + 128]].sum(axis=2).T
            ahead = (big[None] < ours).view(np.uint8).sum(axis=2, dtype=np.uint8)
            behind = (next_ranks[None] > ours).view(np.uint8).sum(axis=2, dtype=np.uint8) - mine
            later[lo : lo + 128, :, 0], later[lo : lo + 128, :, 2] = ahead, behind
            later[lo : lo + 128, :, 1] = n_valid[None] - mine - ahead - behind
        later[share] = 0
        if len(_PAIRWISE_CACHE) >= 4:
            _PAIRWISE_CACHE.pop(next(iter(_PAIRWISE_CACHE)))
        _PAIRWISE_CACHE[key] = later
    live = ~np.isin(HOLDINGS, board).any(axis=1)
    ok = ~share & live[None, :] & live[:, None]
    laterf = later.astype(np.float32)
    now = [ranks[None, :] < ranks[:, None], ranks[None, :] == ranks[:, None], ranks[None, :] > ranks[:, None]]
    return np.stack([np.stack([np.einsum("hg,hgl->hl", (wi[None, :] * (n & ok)).astype(np.float32), laterf) for n in now], axis=1)
                     for wi in weights]).astype(np.float64)


def trial_boards(k: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """500 random k-card boards and two holdings per board that share no card with it (as the simulator samples)."""
    deck = np.argsort(rng.random((500, 52)), axis=1)
    boards = deck[:, :k].astype(np.int8)
    holdings = HOLDING_INDEX[deck[:, k : k + 4 : 2], deck[:, k + 1 : k + 4 : 2]]
    return boards, holdings


def kernels() -> None:
    print(f"{'per board (ms, best of 20)':40} {'ours':>8} {'before':>8}")
    for text in ("3h 4c Jh", "3h 4c Jh 9s", "3h 4h Jd", "3h 4c Jh 9s 2d"):
        table = StreetTable(text)
        assert all(np.array_equal(a, b) for a, b in zip(table.holding_strength(), holding_strength_loop(table)))
        ours = best_time(lambda: (setattr(table, "_strength", None), _FLOP_CACHE.clear(), table.holding_strength()), 20)
        before = best_time(lambda: holding_strength_loop(table), 20)
        print(f"{'HS/EHS of every holding, ' + text:40} {ours * 1e3:8.3f} {before * 1e3:8.3f}")
        if table.board.size == 3:  # the same flop again, or one of its suit relabellings: from the flop cache
            hit = best_time(lambda: (setattr(table, "_strength", None), table.holding_strength()), 20)
            print(f"{'  the same, flop cache hit':40} {hit * 1e3:8.3f} {before * 1e3:8.3f}")
    for text in ("2c 7d Ks 9h", "2h 7h Kd 9c", "2h 7h Kd 9d", "2h 7d Kc"):  # rainbow, one and two suits twice, flop
        table = StreetTable(text)
        live = ~table.board_conflict
        keep = live[table._patterns[1]]
        packed = (live, table._patterns[1][keep], table._patterns[2][keep], keep)
        assert all(np.array_equal(a, b) for a, b in zip(table._pattern_percentiles(live), table._packed_percentiles(*packed)))
        ours = best_time(lambda: (_PATTERN_ORDERS.clear(), table._pattern_percentiles(live)), 20)
        before = best_time(lambda: table._packed_percentiles(*packed), 20)
        print(f"{'next-card percentiles, ' + text:40} {ours * 1e3:8.3f} {before * 1e3:8.3f}")
        ours = best_time(lambda: table._pattern_percentiles(live), 20)
        print(f"{'  the same, rank order kept':40} {ours * 1e3:8.3f} {before * 1e3:8.3f}")
    for text in ("3h 4c Jh", "3h 4c Jh 9s"):
        table = StreetTable(text)
        ours = best_time(lambda: StreetTable(text), 20)
        before = best_time(lambda: next_ranks_full(table.board), 20)
        print(f"{'table (ours) / next ranks, ' + text:40} {ours * 1e3:8.3f} {before * 1e3:8.3f}")
    for text, hole in (("3h 4c Jh", "As Qc"), ("2h 7h Kd 9c", "Ah 5h")):
        table = StreetTable(text)
        h0 = int(HOLDING_INDEX[tuple(parse_cards(hole))])
        live = ~(table.board_conflict | _conflicts(parse_cards(hole)))
        assert np.array_equal(table._pattern_later(h0, live), look_ahead_full(table, h0, live))
        ours = best_time(lambda: table._pattern_later(h0, live), 20)
        before = best_time(lambda: look_ahead_full(table, h0, live), 20)
        print(f"{'Loki look-ahead of ' + hole + ', ' + text:40} {ours * 1e3:8.3f} {before * 1e3:8.3f}")
    rng = np.random.default_rng(0)
    for k, street in ((3, "flops"), (4, "turns"), (5, "rivers")):
        boards, holdings = trial_boards(k, rng)
        assert np.array_equal(_percentiles(boards, holdings), percentiles_full(boards, holdings))
        ours = best_time(lambda: _percentiles(boards, holdings), 20)
        before = best_time(lambda: percentiles_full(boards, holdings), 20)
        print(f"{'sim percentiles, 500 ' + street:40} {ours * 1e3:8.3f} {before * 1e3:8.3f}")
        if k < 5:  # the next street of trials from one board: the table's next-card entries instead of counting
            table = StreetTable(boards[0])
            cards = np.array([rng.choice(np.setdiff1d(np.setdiff1d(np.arange(52), boards[0]), HOLDINGS[h].ravel())) for h in holdings])
            nxt = np.concatenate([np.broadcast_to(boards[0], (cards.size, k)), cards[:, None]], axis=1).astype(np.int8)
            live = ~(HOLDINGS[holdings][:, :, :, None] == nxt[:, None, None, :]).any(axis=(1, 2, 3))  # per row
            table.holding_strength()
            assert np.array_equal(table.next_percentiles(cards[live], holdings[live]), _percentiles(nxt[live], holdings[live]))
            ours = best_time(lambda: table.next_percentiles(cards[live], holdings[live]), 20)
            before = best_time(lambda: _percentiles(nxt[live], holdings[live]), 20)
            print(f"{'  next street from the table':40} {ours * 1e3:8.3f} {before * 1e3:8.3f}")

    for text in ("2c 7d Ks", "3h 4c Jh", "5s 9s Qs", "Ks 9d 2c 7h", "Ah Kh 7h 2c"):
        table = StreetTable(text)
        w = rng.random((1, N_HOLDINGS)) * ~table.board_conflict
        args = (table.board, table.ranks, table.next_ranks, w)
        assert np.allclose(pairwise_potential_tables(*args), pairwise_tables_before(*args), rtol=1e-5)  # before: float32 sums
        ours = best_time(lambda: pairwise_potential_tables(*args), 5)
        before = best_time(lambda: (_PAIRWISE_CACHE.clear(), pairwise_tables_before(*args)), 5)
        print(f"{'LBR: HP tables of every holding, ' + text:40} {ours * 1e3:8.3f} {before * 1e3:8.3f}")

def rate(game, agents, hands: int, seconds: float) -> float:
    """hands per CPU second of ``play_match`` (best of repeats within ``seconds``, after a warm-up).

    CPU time of this process, not wall time: on a shared machine the wall clock also counts the time other
    processes hold the core.
    """
    play_match(game, agents, max(2, hands // 10), rng=0)
    best, spent, k = 0.0, 0.0, 1
    while True:
        t = time.process_time()
        r = play_match(game, agents, hands, rng=k)
        dt = time.process_time() - t
        best, spent, k = max(best, r.n_hands / dt), spent + dt, k + 1
        if spent >= seconds or k > 3:
            return best


def lbr_rate(deals: int, opponent: str = "poki") -> float:
    """Deals per CPU second of LBR fc (Lisy2017 §3) against ``opponent`` in heads-up limit hold'em, after a warm-up."""
    from bpp.lbr.run import run_lbr

    run_lbr(opponent, game="limit-holdem", betting="fc", n_deals=2, rng=99)  # warm caches
    t = time.process_time()
    run_lbr(opponent, game="limit-holdem", betting="fc", n_deals=deals, rng=1, block_size=deals)
    return deals / (time.process_time() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=1000, help="hands per timed match (simulation players: a tenth)")
    ap.add_argument("--seconds", type=float, default=5.0, help="stop repeating an agent's match after this long")
    ap.add_argument("--lbr-deals", type=int, help="deals of the LBR figure (default: a fiftieth of --hands)")
    ap.add_argument("--only", nargs="*", help="only these agents (and 'kernels', 'table', 'lbr')")
    a = ap.parse_args()
    want = set(a.only or []) or None
    if not want or "kernels" in want:
        kernels()
    holdem, stud = make_game("limit-holdem", 2), make_game("stud5", 2)
    anchor = {g: rate(g, ["call", "call"], 20 * a.hands, a.seconds) for g in (holdem, stud)}
    print(f"{'agent':24} {'hands/s':>10} {'target':>8}   anchor: call vs call {anchor[holdem]:,.0f} (hold'em), "
          f"{anchor[stud]:,.0f} (stud)")
    for name, target in TARGETS.items():
        if want and name not in want:
            continue
        game = stud if name in STUD else holdem
        hands = a.hands // 10 if name in SIM else a.hands
        r = rate(game, [name, "call"], hands, a.seconds)
        print(f"{name:24} {r:10,.0f} {target:8,}   {'ok' if r >= target else 'BELOW'}")
    if not want or "table" in want:
        r = rate(make_game("limit-holdem", 10), ["poki"] * 10, a.hands // 10, a.seconds)
        print(f"{'poki x 10 seats':24} {r:10,.0f} {100:8,}   {'ok' if r >= 100 else 'BELOW'}")
    if not want or "lbr" in want:
        import bpp.loki.evaluator.postflop as postflop

        deals = a.lbr_deals or max(2, a.hands // 50)
        r = lbr_rate(deals)
        ours = postflop.pairwise_potential_tables
        postflop.pairwise_potential_tables = pairwise_tables_before  # the anchor: the same deals, the old kernel
        try:
            before = lbr_rate(deals)
        finally:
            postflop.pairwise_potential_tables = ours
        print(f"{'LBR fc vs poki (deals/s)':24} {r:10,.1f} {10:8,}   {'ok' if r >= 10 else 'BELOW'}   "
              f"anchor: the pairwise HP tables {before:,.1f} ({deals} deals)")

if __name__ == "__main__":
    main()

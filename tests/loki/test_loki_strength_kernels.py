"""The vectorised every-holding strength of the post-flop evaluator against slow references written from the definitions."""

import numpy as np
import pytest

from bpp.loki.evaluator.postflop import StreetTable, _row_counts
from holdem.evaluate import evaluate
from holdem.ranges import HOLDINGS, N_HOLDINGS


def _reference(board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """HS by pairwise comparison of every two holdings (each rank from the evaluator), and the percentile
    EHS of :meth:`StreetTable.holding_strength` by a loop over the next cards (its docstring's definition)."""
    used = np.zeros(52, bool)
    used[board] = True
    live = ~used[HOLDINGS].any(axis=1)
    both = np.concatenate([HOLDINGS, np.broadcast_to(board, (N_HOLDINGS, board.size))], axis=1)
    ranks = np.zeros(N_HOLDINGS, np.int64)
    ranks[live] = evaluate(both[live])
    cards = np.zeros((N_HOLDINGS, 52), bool)
    cards[np.arange(N_HOLDINGS)[:, None], HOLDINGS] = True
    apart = ~(cards.astype(int) @ cards.T.astype(int)).astype(bool)  # (h, g) share no card
    hs = np.zeros(N_HOLDINGS)
    for h in np.flatnonzero(live):
        g = apart[h] & live
        hs[h] = ((ranks[g] < ranks[h]).sum() + 0.5 * (ranks[g] == ranks[h]).sum()) / g.sum()
    if board.size == 5:
        return hs, hs
    gain = np.zeros(N_HOLDINGS)
    nxt = [c for c in range(52) if not used[c]]
    for c in nxt:
        ok = live & ~cards[:, c]
        col = np.zeros(N_HOLDINGS, np.int64)
        col[ok] = evaluate(np.concatenate([both[ok], np.full((ok.sum(), 1), c)], axis=1))
        vals = col[ok]
        for h in np.flatnonzero(ok):
            pct = ((vals < col[h]).sum() + ((vals == col[h]).sum() - 1) / 2) / (vals.size - 1)
            gain[h] += max(pct - hs[h], 0.0)
    behind = np.where(live & (hs < 1), 1 - hs, 1.0)
    ppot = np.where(live, np.clip(gain / (len(nxt) - 2) / behind, 0, 1), 0.0)
    return hs, np.where(live, hs + (1 - hs) * ppot, 0.0)


@pytest.mark.parametrize("board", [(3, 0), (4, 1), (5, 2), (3, 3), "2h 7h Kd", "2h 7h Kh", "2h 7h Kh 9c", "2h 7h Kh 9h", "5s 5c 9s 9c",
                                   "2c 7d Ks 9h Jd", "Ac Ad Kh Ks Kd", "5d 5c 5h 5s"])
def test_holding_strength_equals_pairwise_reference(board):
    """Random boards, two- and three-flush boards (pattern entries plus flush pairs), a four-flush turn (every pair
    sorted), boards where no flush can be made (HS over rank patterns: a river, a full house, four of a kind)."""
    from holdem.cards import parse_cards

    if isinstance(board, str):
        board = parse_cards(board)
    else:
        n_board, seed = board
        board = np.random.default_rng(seed).permutation(52)[:n_board].astype(np.int8)
    hs, ehs = StreetTable(board).holding_strength()
    ref_hs, ref_ehs = _reference(board)
    np.testing.assert_allclose(hs, ref_hs, rtol=0, atol=1e-12)
    np.testing.assert_allclose(ehs, ref_ehs, rtol=0, atol=1e-12)


def test_row_counts_equal_per_row_search():
    rng = np.random.default_rng(4)
    for shape, high in (((7, 30), 5), ((52, 51), 8000), ((49, 1326), 7463)):
        a = rng.integers(0, high, shape)
        lo, hi = _row_counts(a)
        for row, l, h in zip(a, lo, hi):
            assert np.array_equal(l, [(row < v).sum() for v in row])
            assert np.array_equal(h, [(row <= v).sum() for v in row])


@pytest.mark.parametrize("board", ["3h 4c Jh", "3h 4h Jd 9h", "2s 7s Ks", "Ac Kc Qd Jd", "5d 5c 5h", "9c 8c 7c 6c"])
def test_next_ranks_equal_the_evaluator_on_every_pair(board):
    """The rank-pattern table plus the flush pairs give exactly the evaluator's rank of every (holding, next card)."""
    from holdem.cards import parse_cards

    b = parse_cards(board)
    t = StreetTable(b)
    used = np.zeros(52, bool)
    used[b] = True
    live = ~used[HOLDINGS].any(axis=1)
    expected = np.zeros((N_HOLDINGS, 52), np.int64)
    for c in np.flatnonzero(~used):
        ok = live & (HOLDINGS != c).all(axis=1)
        hands = np.concatenate([HOLDINGS[ok], np.broadcast_to(b, (ok.sum(), b.size)), np.full((ok.sum(), 1), c)], axis=1)
        expected[ok, c] = evaluate(hands)
    assert np.array_equal(t.next_ranks, expected)


def test_strength_of_one_holding_is_holding_strengths_entry():
    """The single-holding path the style players use gives the very float of the every-holding table."""
    rng = np.random.default_rng(5)
    for n_board in (3, 4, 5, 3):
        board = rng.permutation(52)[:n_board].astype(np.int8)
        ehs = StreetTable(board).holding_strength()[1]
        table = StreetTable(board)
        for h in rng.integers(0, N_HOLDINGS, 25):
            assert table.strength_of(h) == ehs[h]


def test_street_table_takes_ranks_from_the_previous_street():
    """A turn or river table built after its previous street's table reuses that table's next-card column: same ranks."""
    from bpp.loki.evaluator.postflop import street_table

    deal = tuple(int(c) for c in np.random.default_rng(6).permutation(52)[:5])
    for n in (3, 4, 5):
        chained = street_table(deal[:n])
        assert np.array_equal(chained.ranks, StreetTable(np.array(deal[:n], dtype=np.int8)).ranks)


def test_threshold_triples_scalar_path_equals_the_array_path():
    """One decision's triple (plain-Python path) is the very float64 triple of the broadcast path."""
    from bpp.loki.selector.triples import threshold_triples

    rng = np.random.default_rng(7)
    for _ in range(2000):
        s, mc, mr = rng.random(3)
        sig = float(rng.choice([0.03, 0.05, 0.1]))
        cc, cr = bool(rng.random() < 0.5), bool(rng.random() < 0.5)
        one = threshold_triples(float(s), float(mc), float(mr), sigma=sig, can_check=cc, can_raise=cr)
        batch = threshold_triples(np.array([s]), mc, mr, sigma=sig, can_check=cc, can_raise=cr)[0]
        assert np.array_equal(one, batch)


def _board_percentiles(board: np.ndarray, holdings: np.ndarray) -> np.ndarray:
    """A trial board's HS percentiles from the definition: every live holding evaluated, ranked below + half of the
    other live holdings ranked equal, over the live holdings but one."""
    live = ~np.isin(HOLDINGS, board).any(axis=1)
    ranks = evaluate(np.concatenate([HOLDINGS[live], np.broadcast_to(board, (int(live.sum()), board.size))], axis=1))
    index = np.cumsum(live) - 1
    out = []
    for h in holdings:
        mine = ranks[index[h]]
        out.append(((ranks < mine).sum() + ((ranks == mine).sum() - 1) / 2) / (ranks.size - 1))
    return np.array(out)


@pytest.mark.parametrize("k", [3, 4, 5])
def test_simulator_percentiles_match_the_definition(k):
    """The simulator's rank-pattern percentiles equal the count over every holding, on random boards and on boards
    with three, four and five cards of one suit (holdings that make the flush evaluated in full)."""
    from bpp.loki.simulator.sampling import _percentiles

    rng = np.random.default_rng(k)
    boards = [rng.permutation(52)[:k] for _ in range(6)]
    for m in range(3, k + 1):  # m cards of spades (suit 3), the rest of other suits
        spades = rng.permutation(np.arange(3, 52, 4))[:m]
        others = rng.permutation(np.setdiff1d(np.arange(52), np.arange(3, 52, 4)))[: k - m]
        boards.append(np.concatenate([spades, others]))
    boards = np.array(boards, dtype=np.int8)
    holdings = np.zeros((len(boards), 4), dtype=np.intp)
    for t, board in enumerate(boards):
        live = np.flatnonzero(~np.isin(HOLDINGS, board).any(axis=1))
        suited = live[(HOLDINGS[live] & 3 == 3).all(axis=1)]  # two spades: a flush on the flush boards
        holdings[t] = np.concatenate([rng.choice(live, 2, replace=False), rng.choice(suited, 2, replace=False)])
    got = _percentiles(boards, holdings)
    want = np.array([_board_percentiles(b, h) for b, h in zip(boards, holdings)])
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)


@pytest.mark.parametrize("board", ["2h 7h Kd", "2h 7h Kh", "2c 7d Ks", "5s 5c 9s", "5d 5c 5h", "Qs Js Ts"])
def test_flop_cache_equals_the_uncached_computation_under_every_suit_relabelling(board, monkeypatch):
    """Each of a flop's 24 suit relabellings read through the flop cache (the first fills it) gives the floats the
    uncached computation gives on that flop (exact HS, then the percentile potential from the flop's own sort); the
    cache stays within its bound."""
    from bpp.loki.evaluator import postflop
    from holdem.cards import parse_cards

    monkeypatch.setattr(postflop, "_FLOP_CACHE", type(postflop._FLOP_CACHE)())
    monkeypatch.setattr(postflop, "_FLOP_CACHE_SIZE", 3)
    cards = parse_cards(board).astype(np.intp)
    keys = set()
    for i in range(24):
        flop = np.sort(postflop._PERM_CARD[i, cards]).astype(np.int8)
        table = StreetTable(flop)
        hs, ehs = table.holding_strength()
        live = ~table.board_conflict
        ref_hs = table._exact_hs(live)
        ref_ehs = table._percentile_ehs(ref_hs, live)  # percentiles sorted for this flop, no cache
        assert hs.tobytes() == ref_hs.tobytes() and ehs.tobytes() == ref_ehs.tobytes()
        keys.add(postflop.canonical_flop(flop)[0])
        assert len(postflop._FLOP_CACHE) == 1
    assert len(keys) == 1
    if board == "2h 7h Kh":
        ref = _reference(flop.astype(np.int8))
        np.testing.assert_allclose(ehs, ref[1], rtol=0, atol=1e-12)
    for other in ("2c 3c 4c", "2c 3d 4h", "Ac Ad Kc", "9s 8h 2d"):  # least recently used classes leave
        StreetTable(parse_cards(other)).holding_strength()
    assert len(postflop._FLOP_CACHE) == 3


@pytest.mark.parametrize("board", ["3h 4c Jd", "2h 7h Kd", "2h 7h Kh", "2h 7h Kh 9c", "2s 7s Ks 9c", "5d 5c 9h 9s", "Ah Kh Qd"])
def test_next_percentiles_match_the_definition(board):
    """The next street's percentiles the simulation reads from the table (its next-card entries) equal the count
    over every holding on the board plus that card; with holdings that make a flush with the card."""
    from holdem.cards import parse_cards

    board = parse_cards(board)
    table = StreetTable(board)
    rng = np.random.default_rng(board.size)
    rows = []
    for c in rng.permutation(np.setdiff1d(np.arange(52), board))[:6]:
        live = np.flatnonzero(~np.isin(HOLDINGS, np.append(board, c)).any(axis=1))
        suited = live[(HOLDINGS[live] & 3 == c & 3).all(axis=1)]  # two of the card's suit
        rows.append((c, np.concatenate([rng.choice(live, 2, replace=False), rng.choice(suited, 2, replace=False)])))
    cards = np.array([c for c, _ in rows])
    holdings = np.array([h for _, h in rows])
    got = table.next_percentiles(cards, holdings)
    want = np.array([_board_percentiles(np.append(board, c).astype(np.int8), h) for c, h in rows])
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)
    assert StreetTable(parse_cards("2s 7s Ks 9s")).next_percentiles(cards[:1], holdings[:1]) is None  # four of a suit


def test_simulator_percentiles_of_trials_from_one_flop_match_the_definition():
    """Trial rivers from one flop share rank sets (their patterns' ranks are evaluated once per rank set): each row
    still equals the count over every holding, flush rows included."""
    from holdem.cards import parse_cards
    from bpp.loki.simulator.sampling import _percentiles

    rng = np.random.default_rng(11)
    flop = parse_cards("2h 7h Kd")
    rest = np.setdiff1d(np.arange(52), flop)
    turns = rng.choice(rest, 4, replace=False)
    boards, holdings = [], []
    for turn in turns:  # each turn with a river of the same rank in two suits, and a heart (three to a flush)
        for river in [c for c in rest if c != turn and (c >> 2 == 9 or c == 42)][:3]:
            board = np.append(flop, [turn, river]).astype(np.int8)
            live = np.flatnonzero(~np.isin(HOLDINGS, board).any(axis=1))
            hearts = live[(HOLDINGS[live] & 3 == 2).all(axis=1)]
            boards.append(board)
            holdings.append([rng.choice(live), rng.choice(hearts)])
    boards, holdings = np.array(boards), np.array(holdings)
    got = _percentiles(boards, holdings)
    want = np.array([_board_percentiles(b, h) for b, h in zip(boards, holdings)])
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)

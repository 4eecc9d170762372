"""The batched engine against the scalar state machines: same deals, same actions, same payoffs."""

from __future__ import annotations

import numpy as np
import pytest

from holdem.agents import AlwaysCall, AlwaysFold, AlwaysRaise
from holdem.games import LimitHoldem
from holdem.games.batched import LimitHoldemBatch, new_batch
from holdem.match.batched import play_batch


def _deals(n_deals, seed):
    rng = np.random.default_rng(seed)
    deals = np.tile(np.arange(52, dtype=np.int8), (n_deals, 1))
    rng.permuted(deals, axis=1, out=deals)
    return deals


def _weighted_kinds(rng, weights):
    """One action kind per row, drawn with probability proportional to the row's ``weights`` (0 where illegal)."""
    u = rng.random(len(weights))[:, None] * weights.sum(axis=1, keepdims=True)
    return (u > np.cumsum(weights, axis=1)).sum(axis=1)


@pytest.mark.parametrize("n_players", [2, 3, 6, 10])
def test_batched_limit_holdem_equals_the_scalar_states_on_random_legal_actions(n_players):
    """Every hand of a batch, driven by random legal kinds, ends with the scalar state's payoffs and history length."""
    game = LimitHoldem(n_players=n_players)
    n_deals = 400
    deals = _deals(n_deals, n_players)
    buttons = np.arange(n_deals) % n_players
    batch = LimitHoldemBatch(game, deals, buttons)
    states = [game.new_hand(deals[i], button=int(buttons[i])) for i in range(n_deals)]
    rng = np.random.default_rng(99)
    while batch.n_live:
        legal = batch.legal_mask()
        # a random legal kind per row, biased towards calls so that hands reach showdowns
        weights = legal * np.array([0.2, 0.55, 0.25])
        kinds = _weighted_kinds(rng, weights)
        for row, hand in enumerate(batch.ids.tolist()):
            state = states[hand]
            assert state.current_player == batch.current[row]
            assert state.round == batch.round[row]
            scalar_legal = {a.kind for a in state.legal_actions()}
            assert scalar_legal == {k for k in range(3) if legal[row, k]}
            state.apply(next(a for a in state.legal_actions() if a.kind == kinds[row]))
        batch.apply(kinds)
    assert all(s.is_terminal for s in states)
    scalar = np.array([s.payoffs for s in states])
    np.testing.assert_array_equal(batch.payoffs, scalar)
    assert batch.n_live == 0
    assert (batch.payoffs.sum(axis=1) == 0).all()


def test_batched_showdowns_split_pots_and_give_odd_chips_left_of_the_button():
    """Two-way ties of an even and an odd pot: the odd chip goes to the first winner left of the button."""
    game = LimitHoldem(n_players=3, small_blind=1, big_blind=2)
    deals = np.tile(np.arange(52), (2, 1))
    # hand 0: everyone limps (6 chips), seats 0 and 2 tie; hand 1: seat 1 folds pre-flop, 0 and 2 tie on 5 chips
    batch = LimitHoldemBatch(game, deals, [0, 0], ranks=[[9, 1, 9], [9, 1, 9]])
    states = [game.new_hand(deals[i], button=0, ranks=[9, 1, 9]) for i in range(2)]
    script = [[1, 1], [1, 0], [1, 1]]  # pre-flop: seat 0 (button) calls; seat 1 (sb) calls or folds; seat 2 checks
    for kinds in script:
        rows = batch.ids.tolist()
        for row, hand in enumerate(rows):
            states[hand].apply(next(a for a in states[hand].legal_actions() if a.kind == kinds[row]))
        batch.apply(np.array(kinds)[: batch.n_live])
    while batch.n_live:
        for hand in batch.ids.tolist():
            states[hand].apply(next(a for a in states[hand].legal_actions() if a.kind == 1))
        batch.apply(np.ones(batch.n_live, dtype=int))
    np.testing.assert_array_equal(batch.payoffs, [s.payoffs for s in states])
    # 5 chips split by seats 0 and 2: the odd chip to seat 2, the first winner left of the button (seat 0)
    assert batch.payoffs[1].tolist() == [0, -1, 1]


@pytest.mark.parametrize("agents", [(AlwaysCall, AlwaysCall), (AlwaysRaise, AlwaysCall), (AlwaysFold, AlwaysRaise),
                                    (AlwaysRaise, AlwaysRaise, AlwaysFold)])
def test_play_batch_with_the_trivial_agents_equals_the_scalar_loop(agents):
    n = len(agents)
    game = LimitHoldem(n_players=n)
    deals = _deals(300, 5)
    buttons = np.arange(300) % n
    made = [a() for a in agents]
    seat_agents = np.tile(np.arange(n), (300, 1))
    got = play_batch(new_batch(game, deals, buttons), made, seat_agents)
    want = []
    for i in range(300):
        state = game.new_hand(deals[i], button=int(buttons[i]))
        while not state.is_terminal:
            p = state.current_player
            state.apply(made[p].act(state.observation(p)))
        want.append(state.payoffs)
    np.testing.assert_array_equal(got, want)


def test_an_illegal_action_in_one_row_names_the_row_and_changes_nothing():
    game = LimitHoldem()
    batch = LimitHoldemBatch(game, _deals(3, 1), [0, 1, 0])
    batch.apply([1, 1, 1])  # the small blinds call; the big blinds are to act, owing nothing
    before = {k: getattr(batch, k).copy() for k in ("committed", "high", "current", "round", "to_act", "folded")}
    with pytest.raises(ValueError, match=r"illegal action fold \(0\) in row 2 \(hand 2, seat 1, round 0\)"):
        batch.apply([1, 2, 0])
    for k, v in before.items():
        np.testing.assert_array_equal(getattr(batch, k), v)
    with pytest.raises(ValueError, match=r"illegal action kind 7 \(7\) in row 0"):
        batch.apply([7, 1, 1])


def test_batch_shapes_that_disagree_are_refused():
    game = LimitHoldem()
    with pytest.raises(ValueError, match=r"'buttons' parameter of LimitHoldemBatch must have one seat per deal \(4\)"):
        LimitHoldemBatch(game, _deals(4, 0), [0, 1])
    with pytest.raises(ValueError, match=r"'ranks' parameter of LimitHoldemBatch must have shape \(4, 2\)"):
        LimitHoldemBatch(game, _deals(4, 0), [0, 1, 0, 1], ranks=np.zeros((4, 3), dtype=int))
    with pytest.raises(ValueError, match=r"'deals' parameter of LimitHoldemBatch must be an integer array of shape"):
        LimitHoldemBatch(game, np.zeros((4, 51), dtype=int), [0, 1, 0, 1])
    batch = LimitHoldemBatch(game, _deals(4, 0), [0, 1, 0, 1])
    with pytest.raises(ValueError, match=r"'kinds' parameter of LimitHoldemBatch.apply must be an integer array of shape \(4,\)"):
        batch.apply([1, 1])
    with pytest.raises(ValueError, match=r"'seat_agents' parameter of play_batch must have shape \(4, 2\)"):
        play_batch(batch, [AlwaysCall()], np.zeros((3, 2), dtype=int))


def test_an_agent_answering_an_illegal_action_is_named():
    class Folder(AlwaysCall):
        name = "folder"

        def act_batch(self, observation):
            return np.zeros(len(observation), dtype=int)  # fold, even when nothing is owed

    game = LimitHoldem()
    batch = LimitHoldemBatch(game, _deals(4, 0), [0, 1, 0, 1])
    with pytest.raises(ValueError, match=r"folder answered illegal action fold \(0\) in row"):
        play_batch(batch, [Folder(), AlwaysCall()], np.tile([0, 1], (4, 1)))


def test_batched_no_limit_equals_the_scalar_states_on_random_legal_actions():
    """Random kinds and raise-to totals (min-raises, all-ins and sizes between) give the scalar state's payoffs."""
    from holdem.games import NoLimitHoldem
    from holdem.games.base import Action, ActionKind
    from holdem.games.batched import NoLimitHoldemBatch

    game = NoLimitHoldem(stack=2_000)
    n_deals = 600
    deals = _deals(n_deals, 8)
    buttons = np.arange(n_deals) % 2
    batch = NoLimitHoldemBatch(game, deals, buttons)
    states = [game.new_hand(deals[i], button=int(buttons[i])) for i in range(n_deals)]
    rng = np.random.default_rng(3)
    while batch.n_live:
        legal = batch.legal_mask()
        lo, hi = batch.raise_bounds(np.arange(batch.n_live))
        weights = legal * np.array([0.1, 0.6, 0.3])
        kinds = _weighted_kinds(rng, weights)
        size = rng.integers(0, 3, batch.n_live)  # the least raise, all-in, or a total in between
        amounts = np.where(size == 0, lo, np.where(size == 1, hi, lo + (rng.random(batch.n_live) * (hi - lo + 1)).astype(int)))
        amounts = np.where(kinds == 2, amounts, 0)
        for row, hand in enumerate(batch.ids.tolist()):
            state = states[hand]
            assert state.current_player == batch.current[row] and state.round == batch.round[row]
            bounds = state.raise_bounds()
            assert (bounds or (0, 0)) == (lo[row], hi[row])
            assert {a.kind for a in state.legal_actions()} == {k for k in range(3) if legal[row, k]}
            action = Action(ActionKind.BET_RAISE, int(amounts[row])) if kinds[row] == 2 else Action(ActionKind(int(kinds[row])))
            state.apply(action)
        batch.apply(kinds, amounts)
    assert all(s.is_terminal for s in states)
    np.testing.assert_array_equal(batch.payoffs, [s.payoffs for s in states])


def test_a_no_limit_raise_out_of_range_names_the_row():
    from holdem.games import NoLimitHoldem
    from holdem.games.batched import NoLimitHoldemBatch

    batch = NoLimitHoldemBatch(NoLimitHoldem(), _deals(3, 2), [0, 1, 0])
    with pytest.raises(ValueError, match=r"illegal action raise to 150 \(legal raise-to totals 200..20000\) \(2\) in row 1"):
        batch.apply([1, 2, 2], [0, 150, 400])
    assert batch.committed.tolist() == [[50, 100], [100, 50], [50, 100]]


@pytest.mark.parametrize("n_players", [2, 3, 5, 8])
def test_batched_stud_equals_the_scalar_states_on_random_legal_actions(n_players):
    """Five-card stud: first actors by best showing, fixed bets, folds; the scalar state's payoffs and up cards."""
    from holdem.games import Stud5
    from holdem.games.batched import Stud5Batch

    game = Stud5(n_players=n_players)
    n_deals = 400
    deals = _deals(n_deals, 20 + n_players)
    buttons = np.arange(n_deals) % n_players
    batch = Stud5Batch(game, deals, buttons)
    states = [game.new_hand(deals[i], button=int(buttons[i])) for i in range(n_deals)]
    rng = np.random.default_rng(4)
    while batch.n_live:
        legal = batch.legal_mask()
        weights = legal * np.array([0.15, 0.6, 0.25])
        kinds = _weighted_kinds(rng, weights)
        obs = batch.observation(np.arange(batch.n_live))
        ups, holes = obs.up_cards, obs.hole
        for row, hand in enumerate(batch.ids.tolist()):
            state = states[hand]
            assert state.current_player == batch.current[row] and state.round == batch.round[row]
            o = state.observation(state.current_player)
            assert o.hole == tuple(holes[row].tolist())
            assert all(o.up_cards[s] == tuple(ups[row, s, : len(o.up_cards[s])].tolist()) for s in range(n_players))
            assert {a.kind for a in state.legal_actions()} == {k for k in range(3) if legal[row, k]}
            state.apply(next(a for a in state.legal_actions() if a.kind == kinds[row]))
        batch.apply(kinds)
    np.testing.assert_array_equal(batch.payoffs, [s.payoffs for s in states])


@pytest.mark.parametrize("n_cards", [1, 2, 3, 4])
def test_batched_showing_codes_order_showings_as_showing_key(n_cards):
    from holdem.games.batched import _showing_codes
    from holdem.games.stud import showing_key

    rng = np.random.default_rng(n_cards)
    hands = np.array([rng.permutation(52)[: 2 * n_cards] for _ in range(3000)])
    a, b = hands[:, :n_cards], hands[:, n_cards:]
    codes = [_showing_codes((x[:, :, None] >> 2 == np.arange(13)).sum(axis=1)) for x in (a, b)]
    want = [(showing_key(x) > showing_key(y)) - (showing_key(x) < showing_key(y)) for x, y in zip(a.tolist(), b.tolist())]
    np.testing.assert_array_equal(np.sign(codes[0] - codes[1]), want)


@pytest.mark.parametrize(
    "n_players, stacks",
    [(2, 6), (2, (4, 9)), (3, (3, 8, 14)), (4, 8), (5, (1, 2, 6, 11, 30)), (8, (4, 1, 9, 3, 17, 6, 2, 12))],
)
def test_batched_stud_at_table_stakes_equals_the_scalar_states_on_random_legal_actions(n_players, stacks):
    """Stud at table stakes: all-in calls and short raises, the reopening rule, run-outs and side pots, as the scalar state."""
    from holdem.games import Stud5
    from holdem.games.batched import Stud5StakesBatch

    game = Stud5(n_players=n_players, stacks=stacks)
    n_deals = 400
    deals = _deals(n_deals, 40 + n_players)
    buttons = np.arange(n_deals) % n_players
    batch = new_batch(game, deals, buttons)
    assert isinstance(batch, Stud5StakesBatch)
    states = [game.new_hand(deals[i], button=int(buttons[i])) for i in range(n_deals)]
    assert {h for h in range(n_deals) if not states[h].is_terminal} == set(batch.ids.tolist())
    rng = np.random.default_rng(5)
    short_raises = 0
    while batch.n_live:
        legal = batch.legal_mask()
        weights = legal * np.array([0.15, 0.5, 0.35])
        kinds = _weighted_kinds(rng, weights)
        obs = batch.observation(np.arange(batch.n_live))
        to_call, own, lo = obs.to_call, obs.stacks, obs.raise_bounds[0]
        for row, hand in enumerate(batch.ids.tolist()):
            state = states[hand]
            assert state.current_player == batch.current[row] and state.round == batch.round[row]
            o = state.observation(state.current_player)
            assert (o.to_call, o.stacks) == (to_call[row], tuple(own[row].tolist()))
            assert {a.kind for a in state.legal_actions()} == {k for k in range(3) if legal[row, k]}
            assert (state.raise_bounds() or (0, 0))[0] == lo[row]
            state.apply(next(a for a in state.legal_actions() if a.kind == kinds[row]))
        short_raises += int(((kinds == 2) & (lo - batch.high < game.bet)).sum())
        batch.apply(kinds)
    scalar = np.array([s.payoffs for s in states])
    np.testing.assert_array_equal(batch.payoffs, scalar)
    assert (batch.payoffs.sum(axis=1) == 0).all()
    # the cases the stakes add were played: short all-in raises and showdowns with unequal contributions (side pots)
    side_pots = sum(len({s._committed[p] for p in range(n_players) if not s._folded[p]}) > 1 for s in states)
    assert short_raises > 0 and (side_pots > 0 or len(set(game.seat_stacks)) == 1)


def test_batched_stud_at_table_stakes_runs_out_hands_all_in_on_the_ante():
    """A seat whose stack is the ante is all-in before any action: the hand ends at once, as the scalar state's."""
    from holdem.games import Stud5

    game = Stud5(stacks=(1, 9))
    deals = _deals(50, 3)
    buttons = np.arange(50) % 2
    batch = new_batch(game, deals, buttons)
    assert batch.n_live == 0
    want = [game.new_hand(deals[i], button=int(buttons[i])).payoffs for i in range(50)]
    np.testing.assert_array_equal(batch.payoffs, want)
    assert set(np.abs(batch.payoffs[:, 0]).tolist()) <= {0, 1}


def test_batched_stud_at_table_stakes_refuses_a_raise_the_short_all_in_did_not_reopen():
    """Seat 0's all-in raise for 1 chip is less than a full bet: seat 2, who bet, may call or fold but not raise."""
    from holdem.games import Stud5

    game = Stud5(n_players=3, stacks=(4, 20, 20))
    deals = np.tile(np.arange(52), (2, 1))
    batch = new_batch(game, deals, [0, 0], ranks=[[1, 2, 3], [1, 2, 3]])
    state = game.new_hand(deals[0], button=0, ranks=[1, 2, 3])
    assert batch.current.tolist() == [2, 2] == [state.current_player] * 2  # 3c and 3d showing: seat 2 is nearer the button's left
    # seat 2 bets to 3; seat 0 raises all-in to 4 in row 0 (calls in row 1); seat 1 calls
    for kinds in ([2, 2], [2, 1], [1, 1]):
        state.apply(next(a for a in state.legal_actions() if a.kind == kinds[0]))
        batch.apply(kinds)
    assert batch.stacks[0].tolist() == [0, 16, 17] and batch.current[0] == 2 == state.current_player
    assert batch.legal_mask()[0].tolist() == [True, True, False] == [k in {a.kind for a in state.legal_actions()} for k in range(3)]
    before = {name: getattr(batch, name).copy() for name in ("committed", "stacks", "allin", "current", "to_act", "round")}
    with pytest.raises(ValueError, match=r"illegal action bet/raise \(2\) in row 0 \(hand 0, seat 2, round 0\): legal are fold, check/call"):
        batch.apply([2, 1])
    for name, value in before.items():
        np.testing.assert_array_equal(getattr(batch, name), value)


@pytest.mark.parametrize(
    "ante, bet, max_raises, stacks",
    [(0, 1, 0, (3, 1, 5, 2)), (3, 4, 1, (7, 30, 12)), (2, 3, 3, (9, 2, 26, 14, 5, 40, 3)), (1, 2, 2, (2, 2))],
)
def test_batched_stud_at_table_stakes_equals_the_scalar_states_for_other_stakes(ante, bet, max_raises, stacks):
    """Antes, bet sizes and caps other than the paper's (short antes, no raises, one raise), random legal actions."""
    from holdem.games import Stud5

    game = Stud5(n_players=len(stacks), ante=ante, bet=bet, max_raises=max_raises, stacks=stacks)
    deals = _deals(300, ante * 10 + bet)
    buttons = np.arange(300) % game.n_players
    batch = new_batch(game, deals, buttons)
    states = [game.new_hand(deals[i], button=int(buttons[i])) for i in range(300)]
    rng = np.random.default_rng(bet)
    while batch.n_live:
        legal = batch.legal_mask()
        weights = legal * np.array([0.2, 0.4, 0.4])
        kinds = _weighted_kinds(rng, weights)
        for row, hand in enumerate(batch.ids.tolist()):
            state = states[hand]
            assert state.current_player == batch.current[row]
            state.apply(next(a for a in state.legal_actions() if a.kind == kinds[row]))
        batch.apply(kinds)
    np.testing.assert_array_equal(batch.payoffs, [s.payoffs for s in states])


@pytest.mark.parametrize(
    "options",
    [dict(n_players=2), dict(n_players=5), dict(n_players=7, stack=40, min_raise=3),
     dict(n_players=3, max_raise=6, max_orbits=2, stack=25, max_draw=3), dict(n_players=4, ante=0, stack=12, max_orbits=1)],
)
def test_batched_draw_equals_the_scalar_states_on_random_legal_actions(options):
    """Five-card draw: sized raises, the orbit cap, all-ins, discards and replacement cards, as the scalar state."""
    from holdem.games import Draw5
    from holdem.games.base import Action, ActionKind
    from holdem.games.batched import Draw5Batch

    game = Draw5(**options)
    n = game.n_players
    n_deals = 300
    deals = _deals(n_deals, 60 + n)
    buttons = np.arange(n_deals) % n
    batch = Draw5Batch(game, deals, buttons)
    states = [game.new_hand(deals[i], button=int(buttons[i])) for i in range(n_deals)]
    rng = np.random.default_rng(n)
    masks = np.array([m for m in range(32) if bin(m).count("1") <= game.max_draw])
    while batch.n_live:
        k = batch.n_live
        legal = batch.legal_mask()
        weights = legal * np.array([0.15, 0.45, 0.4, 1.0])
        u = rng.random(k)[:, None] * weights.sum(axis=1, keepdims=True)
        kinds = (u > np.cumsum(weights, axis=1)).sum(axis=1)
        lo, hi = batch.raise_bounds(np.arange(k))
        amounts = np.where(kinds == 2, lo + (rng.random(k) * (hi - lo + 1)).astype(np.int64), 0)
        amounts = np.where(kinds == 3, masks[rng.integers(0, len(masks), k)], amounts)
        obs = batch.observation(np.arange(k))
        holes, to_call = obs.hole, obs.to_call
        for row, hand in enumerate(batch.ids.tolist()):
            state = states[hand]
            assert state.current_player == batch.current[row] and state.round == batch.round[row]
            assert [tuple(h) for h in batch.hands[row].tolist()] == list(state.hands)
            o = state.observation(state.current_player)
            assert o.hole == tuple(holes[row].tolist()) and o.to_call == to_call[row]
            assert {a.kind for a in state.legal_actions()} == {j for j in range(4) if legal[row, j]}
            assert (state.raise_bounds() or (0, 0)) == (lo[row], hi[row])
            if kinds[row] == 3:
                action = Action(ActionKind.DISCARD, 0, tuple(c for j, c in enumerate(o.hole) if amounts[row] >> j & 1))
            elif kinds[row] == 2:
                action = Action(ActionKind.BET_RAISE, int(amounts[row]))
            else:
                action = next(a for a in state.legal_actions() if a.kind == kinds[row])
            state.apply(action)
        batch.apply(kinds, amounts)
    assert all(s.is_terminal for s in states)
    np.testing.assert_array_equal(batch.payoffs, [s.payoffs for s in states])
    assert (batch.payoffs.sum(axis=1) == 0).all()


def test_batched_draw_refuses_a_bad_discard_and_changes_no_row():
    from holdem.games import Draw5

    batch = new_batch(Draw5(n_players=2), np.tile(np.arange(52), (2, 1)), [0, 1])
    batch.apply([1, 1])
    batch.apply([1, 1])  # both rows in the draw
    before = batch.hands.copy(), batch.next_card.copy(), batch.current.copy()
    with pytest.raises(ValueError, match=r"illegal action discard of hand positions 7 \(a 5-bit mask of at most 2 bits\) \(3\) in row 1"):
        batch.apply([3, 3], [3, 7])  # three cards in row 1
    with pytest.raises(ValueError, match=r"illegal action check/call \(1\) in row 0 .*: legal are discard;"):
        batch.apply([1, 3], [0, 0])
    for x, y in zip(before, (batch.hands, batch.next_card, batch.current)):
        np.testing.assert_array_equal(x, y)

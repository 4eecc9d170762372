"""Property tests over random legal and illegal action sequences in every rule set.

Chips are conserved, no card is dealt twice, only legal actions are accepted,
raise caps and minimum raises hold, and an illegal action has no side effect.
The caps and minimum raises are re-derived from the public history, not from
the engine's own counters.
"""

import numpy as np
import pytest
from games_helpers import GAMES, cards_in_play, random_action, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem.games import Action, ActionKind, Draw5, IllegalActionError, LimitHoldem, NoLimitHoldem, Stud5

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

kinds = st.sampled_from(list(ActionKind))
amounts = st.one_of(st.integers(-5, 30), st.integers(0, 25_000))
random_actions = st.builds(
    Action, kinds, amounts, st.one_of(st.just(()), st.lists(st.integers(-1, 52), max_size=4).map(tuple))
)


def legal_by_rules(state, action) -> bool:
    """Legality decided from the legal list and the raise bounds (sized raises: any total in bounds)."""
    legal = state.legal_actions()
    if action in legal:
        return True
    if action.kind == ActionKind.BET_RAISE and not action.discard:
        bounds = state.raise_bounds()
        if bounds is None:
            return False
        if isinstance(state.game, (LimitHoldem, Stud5)):
            return action.amount == 0
        return bounds[0] <= action.amount <= bounds[1]
    if action.kind == ActionKind.DISCARD and state.round == 1 and isinstance(state.game, Draw5):
        hand = state.hands[state.current_player]
        d = action.discard
        return len(set(d)) == len(d) <= state.game.max_draw and set(d) <= set(hand) and action.amount == 0
    return False


def check_invariants(state):
    game = state.game
    committed = state.committed
    assert state.pot == sum(committed)
    starts = getattr(game, "seat_stacks", None) or (game.starting_stack,) * state.n  # stud at table stakes
    assert all(s + c == start for s, c, start in zip(state.stacks, committed, starts))
    assert all(s >= 0 for s in state.stacks)
    cards = cards_in_play(state)
    assert len(cards) == len(set(cards)), "a card was dealt twice"
    if state.is_terminal:
        pay = state.payoffs
        assert pay.dtype == np.int64 and int(pay.sum()) == 0
        assert all(int(pay[p]) >= -committed[p] for p in range(state.n))
        assert state.current_player == -1 and state.legal_actions() == []
    else:
        assert not state.folded[state.current_player]
        assert state.legal_actions()


def check_betting_history(state):
    """Raise caps (fixed limit), minimum raises (no-limit), orbits (draw), re-derived from the history."""
    game = state.game
    n = state.n
    if isinstance(game, NoLimitHoldem):
        committed = [0, 0]
        committed[state.button] = game.small_blind
        committed[1 - state.button] = game.big_blind
    elif isinstance(game, LimitHoldem):
        committed = [0] * n
        sb, bb = ((state.button, (state.button + 1) % n) if n == 2 else ((state.button + 1) % n, (state.button + 2) % n))
        committed[sb], committed[bb] = game.small_blind, game.big_blind
    else:
        committed = [game.ante] * n
    starts = getattr(game, "seat_stacks", None) or (game.starting_stack,) * n  # stud at table stakes
    committed = [min(c, s) for c, s in zip(committed, starts)]
    current_round = 0
    high = max(committed)
    last_inc = game.big_blind if isinstance(game, NoLimitHoldem) else 0
    bets = 1 if isinstance(game, LimitHoldem) else 0
    turns = [0] * n
    for e in state.history:
        if e.kind != "action":
            continue
        if e.round != current_round:
            current_round, last_inc, turns = e.round, 0, [0] * n
            bets = 0
        p, a = e.player, e.action
        turns[p] += 1
        if a.kind == ActionKind.BET_RAISE:
            inc = a.amount - high
            assert inc > 0
            if isinstance(game, (LimitHoldem, Stud5)):
                size = game.bet if isinstance(game, Stud5) else (game.small_bet if e.round < 2 else game.big_bet)
                assert inc == size or (inc < size and a.amount == starts[p]), "only an all-in raise may be short"
                bets += inc == size
                assert bets <= game.max_raises + 1, "raise cap broken"
            elif isinstance(game, NoLimitHoldem):
                all_in = a.amount == game.stack
                assert all_in or inc >= max(last_inc, game.big_blind), "minimum raise broken"
                last_inc = max(last_inc, inc)
            else:
                all_in = a.amount == game.stack
                assert all_in or inc >= game.min_raise
                assert game.max_raise is None or inc <= game.max_raise
                assert turns[p] <= game.max_orbits - 1, "raised on the last pass round the table"
            committed[p] = a.amount
            high = a.amount
        elif a.kind == ActionKind.CHECK_CALL:
            committed[p] = min(high, starts[p])
        if isinstance(game, Draw5):
            assert turns[p] <= game.max_orbits
    assert tuple(committed[p] for p in range(n) if not state.folded[p]) == tuple(
        state.committed[p] for p in range(n) if not state.folded[p]
    )


@pytest.mark.parametrize("game_id", sorted(GAMES))
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_legal_and_illegal_sequences_keep_the_rules(game_id, seed, data):
    game = GAMES[game_id]
    rng = np.random.default_rng(seed)
    state = game.new_hand(rng.permutation(52), button=int(rng.integers(game.n_players)))
    check_invariants(state)
    while not state.is_terminal:
        if data.draw(st.booleans()):
            bad = data.draw(random_actions)
            before = snapshot(state)
            if legal_by_rules(state, bad):
                assert state.can_apply(bad)
            else:
                assert not state.can_apply(bad)
                with pytest.raises(IllegalActionError) as info:
                    state.apply(bad)
                assert str(bad) in str(info.value) or "Action" in str(info.value)
                assert snapshot(state) == before, "an illegal action changed the state"
                continue
        action = random_action(state, rng)
        state.apply(action)
        check_invariants(state)
    check_betting_history(state)
    before = snapshot(state)
    with pytest.raises(IllegalActionError):
        state.apply(data.draw(random_actions))
    assert snapshot(state) == before


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_clone_is_independent_and_replays_identically(game_id):
    game = GAMES[game_id]
    rng = np.random.default_rng(11)
    for _ in range(10):
        state = game.new_hand(rng.permutation(52), button=0)
        for _ in range(int(rng.integers(0, 6))):
            if state.is_terminal:
                break
            state.apply(random_action(state, rng))
        copy = state.clone()
        before = snapshot(state)
        play_rng = np.random.default_rng(1)
        while not copy.is_terminal:
            copy.apply(random_action(copy, play_rng))
        assert snapshot(state) == before
        play_rng = np.random.default_rng(1)
        while not state.is_terminal:
            state.apply(random_action(state, play_rng))
        assert state.history == copy.history and state.payoffs.tolist() == copy.payoffs.tolist()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_observations_show_exactly_what_the_seat_may_see(game_id):
    game = GAMES[game_id]
    rng = np.random.default_rng(4)
    state = game.new_hand(rng.permutation(52), button=1)
    while not state.is_terminal:
        p = state.current_player
        for q in range(state.n):
            obs = state.observation(q)
            assert obs.player == q and obs.history == tuple(state.history)
            assert obs.to_call == state.to_call(q) or obs.to_call == state.stacks[q]
            assert bool(obs.legal) == (q == p)
            # nobody's hidden cards appear anywhere in another seat's view (before the showdown)
            hidden = set()
            for other in range(state.n):
                if other != q:
                    hidden.update(state.observation(other).hole)
            visible = set(obs.public) | {c for up in obs.up_cards for c in up}
            visible |= {c for e in obs.history for c in e.cards}
            assert not hidden & visible
            assert not set(obs.hole) & {c for up in obs.up_cards for c in up}
        state.apply(random_action(state, rng))

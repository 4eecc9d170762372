"""OpenSpiel's universal_poker as a second rules oracle: the same deal and actions in both engines.

At every decision the legal actions map one to one (raise-to totals
included) and at the end the payoffs are equal, for 2,000 random heads-up
hands of limit and 2,000 of no-limit hold'em.
"""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from bpp.openspiel import bpp_to_openspiel, chance_outcomes, openspiel_player, universal_poker_game  # noqa: E402
from holdem.cards import parse_cards  # noqa: E402
from holdem.games import LimitHoldem, NoLimitHoldem  # noqa: E402
from holdem.games.base import ActionKind  # noqa: E402

N_HANDS = 2000


def _pick(obs, rng):
    """A random legal action: fold 10 %, call 50 %, raise 40 % (min, max or uniform between)."""
    legal = obs.legal
    kinds = [a.kind for a in legal]
    weights = np.array([0.1 if k == ActionKind.FOLD else 0.5 if k == ActionKind.CHECK_CALL else 0.4 for k in kinds])
    raises = [a for a in legal if a.kind == ActionKind.BET_RAISE]
    action = legal[rng.choice(len(legal), p=weights / weights.sum())]
    if action.kind == ActionKind.BET_RAISE and obs.raise_bounds[0] != obs.raise_bounds[1]:
        lo, hi = obs.raise_bounds
        u = rng.random()
        amount = lo if u < 0.3 else hi if u < 0.4 else int(rng.integers(lo, hi + 1))
        action = obs.action("raise", amount)
    return action


def _check_legal(obs, os_state, limit):
    """OpenSpiel's legal actions equal bpp's mapped, as lists (order and multiplicity count, raises every total)."""
    expected = sorted(bpp_to_openspiel(a, os_state) for a in obs.legal if a.kind != ActionKind.BET_RAISE)
    if obs.can("raise"):
        lo, hi = obs.raise_bounds
        expected += [2] if limit else list(range(lo, hi + 1))
    assert os_state.legal_actions() == expected, (obs, str(os_state))


def _play(game, os_game, n_hands, seed):
    rng = np.random.default_rng(seed)
    limit = game.name == "limit-holdem"
    decisions = 0
    for _ in range(n_hands):
        deal = rng.permutation(52)
        state = game.new_hand(deal, button=0)
        os_state = os_game.new_initial_state()
        cards = iter(chance_outcomes(deal))
        while True:
            while os_state.is_chance_node():
                os_state.apply_action(next(cards))
            if state.is_terminal:
                break
            seat = state.current_player
            assert os_state.current_player() == openspiel_player(seat)
            obs = state.observation(seat)
            _check_legal(obs, os_state, limit)
            action = _pick(obs, rng)
            os_state.apply_action(bpp_to_openspiel(action, os_state))
            state.apply(action)
            decisions += 1
        assert os_state.is_terminal()
        assert [os_state.returns()[openspiel_player(s)] for s in (0, 1)] == list(state.payoffs), str(os_state)
    return decisions


def test_card_mapping_on_a_dealt_state():
    deal = np.random.default_rng(0).permutation(52)
    state = NoLimitHoldem().new_hand(deal, button=0)
    os_state = universal_poker_game("nolimit-holdem").new_initial_state()
    cards = iter(chance_outcomes(deal))
    for _ in range(2):  # the button calls, the big blind checks: on to the flop
        while os_state.is_chance_node():
            os_state.apply_action(next(cards))
        state.apply(state.legal_actions()[1] if state.legal_actions()[0].kind == ActionKind.FOLD else state.legal_actions()[0])
        os_state.apply_action(1)
    while os_state.is_chance_node():
        os_state.apply_action(next(cards))
    text = str(os_state)
    for seat in (0, 1):
        line = next(t for t in text.splitlines() if t.startswith(f"P{openspiel_player(seat)} Cards:"))
        assert sorted(parse_cards(line.split()[-1]).tolist()) == sorted(state.observation(seat).hole)
    assert sorted(parse_cards(text.split("BoardCards")[1].split()[0]).tolist()) == sorted(state.observation(0).public)
    assert os_state.current_player() == openspiel_player(state.current_player)  # the flop dealt, seat 1 (big blind) first


@pytest.mark.parametrize("game", [LimitHoldem(), NoLimitHoldem()], ids=["limit", "nolimit"])
def test_same_legal_actions_and_payoffs(game):
    decisions = _play(game, universal_poker_game(game), N_HANDS, seed=22)
    assert decisions > 3 * N_HANDS

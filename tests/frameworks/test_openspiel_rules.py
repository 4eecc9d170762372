"""OpenSpiel's universal_poker as a second rules oracle: the same deal and actions in both engines.

At every decision the legal actions map one to one (raise-to totals
included) and at the end the payoffs are equal, for 2,000 random heads-up
hands of limit and 2,000 of no-limit hold'em, and 2,000 random hands of
3- and 4-seat limit hold'em and 1,000 of each of 5 to 10 seats, with the
button anywhere (the ring game's blinds and first players).  From 5 seats
on open_spiel 2.0.2 loads the game only through the bridge's workaround
(``bpp.openspiel.universal_poker_params``); without it the interpreter dies
with a segmentation fault, so those seat counts are first loaded in a
subprocess (:func:`require_ring_games_load`).

**Odd chips.**  With 3 or more seats a split pot can have an odd chip (the
small blind folds its 1 chip).  The ACPC server's ``valueOfState``
(``project_acpc_server/game.c``), which universal_poker uses, shares every
pot in fractions of a chip; bpp gives the odd chips to the first winner left
of the button, the cardroom rule that pokerkit also follows
(:func:`holdem.games._engine.split_pot`).  Two conventions, not a bug on
either side: the test checks that bpp's payoffs are OpenSpiel's with the
fractions rounded down and the odd chips given by that rule.
"""

from __future__ import annotations

import functools
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from bpp.openspiel import (  # noqa: E402
    bpp_to_openspiel,
    chance_outcomes,
    openspiel_player,
    universal_poker_game,
    universal_poker_params,
)
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


def _play(game, os_game, n_hands, seed, any_button=False):
    rng = np.random.default_rng(seed)
    limit = game.name == "limit-holdem"
    n = game.n_players
    decisions = odd_chip_hands = 0
    for _ in range(n_hands):
        deal = rng.permutation(52)
        button = int(rng.integers(n)) if any_button else 0
        state = game.new_hand(deal, button=button)
        os_state = os_game.new_initial_state()
        cards = iter(chance_outcomes(deal, n))
        while True:
            while os_state.is_chance_node():
                os_state.apply_action(next(cards))
            if state.is_terminal:
                break
            seat = state.current_player
            assert os_state.current_player() == openspiel_player(seat, button, n)
            obs = state.observation(seat)
            _check_legal(obs, os_state, limit)
            action = _pick(obs, rng)
            os_state.apply_action(bpp_to_openspiel(action, os_state))
            state.apply(action)
            decisions += 1
        assert os_state.is_terminal()
        returns = [os_state.returns()[openspiel_player(s, button, n)] for s in range(n)]
        assert list(state.payoffs) == _cardroom_odd_chips(returns, button), str(os_state)
        odd_chip_hands += returns != list(state.payoffs)
    return decisions, odd_chip_hands


def _cardroom_odd_chips(returns, button):
    """ACPC's fractional payoffs by seat with the odd chips given to the first winner left of the button."""
    n = len(returns)
    split = [s for s in [(button + 1 + k) % n for k in range(n)] if returns[s] != int(returns[s])]
    out = [int(np.floor(r)) for r in returns]
    if split:
        out[split[0]] += -sum(out)  # the chips the fractions held
    return out


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
    decisions, odd = _play(game, universal_poker_game(game), N_HANDS, seed=22)
    assert decisions > 3 * N_HANDS and odd == 0  # heads-up every pot is even


@pytest.mark.parametrize("n_players", [3, 4])
def test_ring_game_same_legal_actions_and_payoffs(n_players):
    game = LimitHoldem(n_players=n_players)
    decisions, odd = _play(game, universal_poker_game(game), N_HANDS, seed=23 + n_players, any_button=True)
    assert decisions > 3 * N_HANDS and odd > 0  # some split pots had an odd chip


def test_ring_game_cards_and_blinds_on_a_dealt_state():
    # 3 seats, button at seat 2: seat 0 posts the small blind, seat 1 the big blind, the button acts first
    game = LimitHoldem(n_players=3)
    deal = np.random.default_rng(1).permutation(52)
    state = game.new_hand(deal, button=2)
    os_state = universal_poker_game(game).new_initial_state()
    for c in chance_outcomes(deal, 3)[:6]:
        os_state.apply_action(c)
    text = str(os_state)
    for seat in range(3):
        line = next(t for t in text.splitlines() if t.startswith(f"P{openspiel_player(seat, 2, 3)} Cards:"))
        assert sorted(parse_cards(line.split()[-1]).tolist()) == sorted(state.observation(seat).hole)
    spent = text.split("Spent: [")[1].split("]")[0].split()
    assert [int(spent[2 * openspiel_player(s, 2, 3) + 1]) for s in range(3)] == list(state.observation(0).committed)
    assert os_state.current_player() == openspiel_player(state.current_player, 2, 3) == 2


@functools.cache
def require_ring_games_load() -> None:
    """Load limit hold'em at 5-10 seats in a subprocess first: if OpenSpiel crashes there, fail instead of dying here."""
    code = ("from holdem.games import LimitHoldem; from bpp.openspiel import universal_poker_game\n"
            "for n in range(5, 11):\n"
            "    s = universal_poker_game(LimitHoldem(n_players=n)).new_initial_state()\n"
            "    s.apply_action(s.legal_actions()[0])\n"
            "print('ok')")
    root = Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=300)
    if r.returncode != 0 or r.stdout.strip() != "ok":
        pytest.fail(f"OpenSpiel cannot load limit hold'em at 5-10 seats through the bridge (exit {r.returncode}, "
                    f"-11 is a segmentation fault): {r.stderr.strip()[-300:]}")


@pytest.mark.parametrize("n_players", range(5, 11))
def test_five_to_ten_seats_same_legal_actions_and_payoffs(n_players):
    require_ring_games_load()
    game = LimitHoldem(n_players=n_players)
    decisions, _ = _play(game, universal_poker_game(game), N_HANDS // 2, seed=23 + n_players, any_button=True)
    assert decisions > 3 * N_HANDS // 2


def test_five_seats_and_more_carry_the_stack_line_only_there():
    assert "stack" not in universal_poker_params(LimitHoldem(n_players=4))["maxRaises"]
    lines = universal_poker_params(LimitHoldem(n_players=6))["maxRaises"].split("\n")
    assert lines == ["3 4 4 4", "stack = " + " ".join(["2147483647"] * 6)]

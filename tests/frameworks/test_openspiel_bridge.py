"""OpenSpiel policies as bpp agents, under LBR; bpp agents as pyspiel bots."""

from __future__ import annotations

import json
import sys
import textwrap

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402
from open_spiel.python.policy import UniformRandomPolicy  # noqa: E402

from bpp import registry  # noqa: E402
from bpp.cli import main  # noqa: E402
from bpp.lbr.local_br import LBRConfig, play_lbr_hand  # noqa: E402
from bpp.lbr.run import run_lbr  # noqa: E402
from bpp.openspiel import BppBot, OpenSpielPolicyAgent, chance_outcomes, openspiel_player, universal_poker_game  # noqa: E402
from holdem.agents import AlwaysCall  # noqa: E402
from holdem.games import LimitHoldem, NoLimitHoldem  # noqa: E402
from holdem.match import play_match  # noqa: E402
from holdem.ranges import HOLDINGS  # noqa: E402

from tests.frameworks import os_policies  # noqa: E402
from tests.frameworks.test_openspiel_rules import _cardroom_odd_chips, require_ring_games_load  # noqa: E402

PREFIX = "openspiel:tests.frameworks.os_policies:"


def _decisions(game, n, seed, agent):
    """Observations of ``agent``'s decisions in random hands (every seat acts by ``agent``, the button anywhere)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        state = game.new_hand(rng.permutation(52), button=int(rng.integers(game.n_players)))
        while not state.is_terminal:
            obs = state.observation(state.current_player)
            out.append(obs)
            state.apply(agent.act(obs))
    return out


@pytest.mark.parametrize("n_players", [2, 3, 4, 6, 10])
def test_policy_agent_swaps_the_holding_in(n_players):
    """The batched policy over holdings equals the policy asked one holding at a time (a card-dependent policy)."""
    if n_players > 4:
        require_ring_games_load()
    bpp_game = LimitHoldem(n_players=n_players)
    game = universal_poker_game(bpp_game)
    agent = OpenSpielPolicyAgent(game, os_policies.PairsRaise(game), rng=0)
    holdings = HOLDINGS[::37]
    for obs in _decisions(bpp_game, 5, 1, agent)[:12]:
        used = set(obs.public)
        ok = np.array([not (set(h) & used) for h in holdings.tolist()])
        batch = agent.holdings_action_probabilities(obs, holdings[ok])
        for row, hole in zip(batch, holdings[ok].tolist()):
            one = agent.action_probabilities(obs._replace(hole=tuple(hole)))
            assert [one.get(a, 0.0) for a in obs.legal] == pytest.approx(row.tolist())
            pair = hole[0] // 4 == hole[1] // 4
            assert row[obs.legal.index(obs.legal[-1])] == (0.75 if pair and obs.can("raise") else 0.0)


def test_policy_agent_in_an_abstraction():
    """fcpa: OpenSpiel's pot raise and all-in are bpp raises of the same raise-to totals."""
    game = universal_poker_game("nolimit-holdem", "fcpa")
    agent = OpenSpielPolicyAgent(game, UniformRandomPolicy(game), rng=3)
    obs = NoLimitHoldem().new_hand(np.arange(52), button=0).observation(0)
    probs = agent.action_probabilities(obs)
    assert sorted(str(a) for a in probs) == ["c", "f", "r20000", "r300"] and all(p == 0.25 for p in probs.values())
    for obs in _decisions(NoLimitHoldem(), 20, 2, agent)[:30]:
        assert np.allclose(agent.holdings_action_probabilities(obs, HOLDINGS[:3]).sum(axis=1), 1)


def test_bad_policies_are_named():
    game = universal_poker_game("nolimit-holdem")
    obs = NoLimitHoldem().new_hand(np.arange(52), button=0).observation(0)
    with pytest.raises(ValueError, match="probabilities sum to 0.5, not 1"):
        OpenSpielPolicyAgent(game, os_policies.HalfProbability(game)).act(obs)

    class Illegal(os_policies.AlwaysCallPolicy):
        def action_probabilities(self, state, player_id=None):
            return {1: 0.5, 150: 0.5}

    with pytest.raises(ValueError, match="put probability 0.5 on action 150, not legal"):
        OpenSpielPolicyAgent(game, Illegal(game)).act(obs)
    with pytest.raises(ValueError, match="is not bpp's nolimit-holdem: stack='1000 1000'"):
        OpenSpielPolicyAgent(pyspiel.load_game("universal_poker(betting=nolimit,numPlayers=2,numRounds=4,blind=100 50,"
                                               "firstPlayer=2 1 1 1,numSuits=4,numRanks=13,numHoleCards=2,"
                                               "numBoardCards=0 3 1 1,stack=1000 1000)"), UniformRandomPolicy(game))


def test_lbr_against_openspiel_always_call_equals_bpp_call():
    """Deterministic and card-blind: the same deals give LBR exactly the same chips against either."""
    game = NoLimitHoldem()
    os_call = registry.make_agent(PREFIX + "always_call", rng=0)
    rng = np.random.default_rng(4)
    for _ in range(6):
        deal = rng.permutation(52)
        for seat in (0, 1):
            a = play_lbr_hand(game, deal, seat, AlwaysCall(), LBRConfig("fcpa", "1-4"))
            b = play_lbr_hand(game, deal, seat, os_call, LBRConfig("fcpa", "1-4"))
            assert (a.chips, a.imaginary, a.actions) == (b.chips, b.imaginary, b.actions)


def test_bpp_lbr_command_measures_an_openspiel_policy(capsys):
    assert main(["lbr", "--opponent", PREFIX + "always_call", "--hands", "3", "--seed", "1", "--json", "--no-progress"]) == 0
    os_value = json.loads(capsys.readouterr().out)["estimators"]["both"]["mean"]
    assert main(["lbr", "--opponent", "call", "--hands", "3", "--seed", "1", "--json", "--no-progress"]) == 0
    assert json.loads(capsys.readouterr().out)["estimators"]["both"]["mean"] == os_value
    assert main(["lbr", "--opponent", PREFIX + "pairs_raise_limit", "--hands", "2", "--no-progress"]) == 2
    assert "plays limit-holdem, not nolimit-holdem" in capsys.readouterr().err
    assert main(["lbr", "--opponent", PREFIX + "half", "--hands", "2", "--no-progress"]) == 2
    assert "sum to 0.5, not 1" in capsys.readouterr().err
    assert main(["lbr", "--opponent", "openspiel:nomodule_here:x", "--hands", "2", "--no-progress"]) == 2


def test_openspiel_names_play_in_bpp_match_and_play_match(capsys):
    """``openspiel:MODULE:FACTORY`` resolves through holdem.match's one name lookup (bpp's catalogue declares the
    family), so ``bpp match`` and ``play_match`` take it like any name: OpenSpiel's always-call policy plays exactly
    as bpp's ``call``."""
    args = ["--deals", "30", "--seed", "2", "--json", "--no-progress"]
    assert main(["match", "nolimit-holdem", "--agents", PREFIX + "always_call,random", *args]) == 0
    os_players = json.loads(capsys.readouterr().out)["players"]
    assert main(["match", "nolimit-holdem", "--agents", "call,random", *args]) == 0
    bpp_players = json.loads(capsys.readouterr().out)["players"]
    assert os_players[0]["name"] == PREFIX + "always_call"
    assert [p["total"] for p in os_players] == [p["total"] for p in bpp_players]
    res = play_match(LimitHoldem(), [PREFIX + "pairs_raise_limit", "call"], 10, rng=1)
    assert res.names[0] == PREFIX + "pairs_raise_limit"
    assert main(["match", "limit-holdem", "--agents", PREFIX + "always_call,call", "--deals", "2", "--no-progress"]) == 2
    assert "does not play limit-holdem (it plays nolimit-holdem)" in capsys.readouterr().err


FAILING = textwrap.dedent('''
    import pyspiel
    from open_spiel.python.policy import UniformRandomPolicy

    from bpp.openspiel import universal_poker_game


    class Named:
        def __repr__(self):
            return "Named()"


    class Bot(Named):
        def provides_policy(self):
            raise RuntimeError("the bot's checkpoint is missing")

        def step_with_policy(self, state):
            return [(1, 1.0)], 1


    def raises():
        raise RuntimeError("no checkpoint\\nin ./cfr")


    def value():
        raise ValueError("iterations must be positive")


    def takes_args(iterations):
        return None


    def number():
        return 3


    def pair_without_game():
        return "nolimit-holdem", UniformRandomPolicy(universal_poker_game("nolimit-holdem"))


    def not_a_policy():
        return universal_poker_game("nolimit-holdem"), Named()


    def bot_raises():
        return universal_poker_game("nolimit-holdem"), Bot()


    def kuhn():
        return UniformRandomPolicy(pyspiel.load_game("kuhn_poker"))


    class Crashing(UniformRandomPolicy):
        def action_probabilities(self, state, player_id=None):
            raise KeyError("infostate not in the table")


    def crashes():
        return Crashing(universal_poker_game("nolimit-holdem"))


    class Illegal(UniformRandomPolicy):
        def action_probabilities(self, state, player_id=None):
            return {99: 1.0}


    def illegal():
        return Illegal(universal_poker_game("nolimit-holdem"))


    CONSTANT = 5
''')


@pytest.fixture
def failing_policies(tmp_path, monkeypatch):
    """The modules ``osfailing`` (factories that fail) and ``osbroken`` (raises when imported), in the working directory."""
    (tmp_path / "osfailing.py").write_text(FAILING)
    (tmp_path / "osbroken.py").write_text("raise RuntimeError('the model server is down')\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    for module in ("osfailing", "osbroken"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    yield
    for module in ("osfailing", "osbroken"):
        sys.modules.pop(module, None)


@pytest.mark.parametrize(
    "factory, message",
    [
        ("osfailing:raises", " could not be made: its code raised RuntimeError: no checkpoint"),
        ("osfailing:value", " could not be made: iterations must be positive"),
        ("osfailing:takes_args", " could not be made: its code raised TypeError: takes_args() missing 1 required "
                                 "positional argument: 'iterations'"),
        ("osfailing:number", ": osfailing:number() gave int 3: return a Policy with .game (an OpenSpiel game), "
                             "a (game, policy) pair or an OpenSpielPolicyAgent"),
        ("osfailing:pair_without_game", ": osfailing:pair_without_game() gave tuple ('nolimit-holdem', <open_spiel"),
        ("osfailing:not_a_policy", ": Named() is neither an open_spiel Policy nor a pyspiel.Bot that provides a policy"),
        ("osfailing:bot_raises", ": the OpenSpiel bot Named(): provides_policy() raised RuntimeError: the bot's "
                                 "checkpoint is missing"),
        ("osfailing:kuhn", ": the OpenSpiel bridge plays universal_poker hold'em; got kuhn_poker()"),
        ("osfailing:CONSTANT", ": osfailing:CONSTANT is int 5, not a factory (FACTORY() returns an OpenSpiel policy)"),
        ("osfailing:missing", ": module 'osfailing' has no attribute 'missing'"),
        ("osbroken:make", ": cannot import 'osbroken' (RuntimeError: the model server is down)"),
        ("nomodule_here:make", ": cannot import 'nomodule_here' (ModuleNotFoundError: No module named 'nomodule_here')"),
    ],
)
@pytest.mark.parametrize("command", ["lbr", "match"])
def test_a_failing_openspiel_factory_is_one_line_and_exit_2(factory, message, command, failing_policies, capsys):
    """The user's part of ``openspiel:MODULE:FACTORY`` (importing MODULE, calling FACTORY, what it returns) failing
    is the user's failure: one line naming the agent, exit 2, no traceback (as for a ``module:Class`` plug-in)."""
    agent = f"openspiel:{factory}"
    argv = (["lbr", "--opponent", agent] if command == "lbr" else ["match", "nolimit-holdem", "--agents", f"{agent},call"])
    assert main([*argv, "--deals", "2", "--seed", "1", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: agent {agent!r}{message}") and err.count("\n") == 1, err


@pytest.mark.parametrize("command", ["lbr", "match"])
def test_an_openspiel_policy_failing_while_it_plays_is_one_line_and_exit_2(command, failing_policies, capsys):
    """The user's policy raising in ``action_probabilities`` (called by the bridge) is the user's failure; a policy
    putting its mass on an illegal action is a ValueError naming it; both exit 2, one line."""
    for factory, message in [("crashes", "agent 'openspiel:osfailing:crashes' failed while playing: its code raised "
                                         "KeyError: 'infostate not in the table'"),
                             ("illegal", "the OpenSpiel policy put probability 1.0 on action 99, not legal at '[")]:
        agent = f"openspiel:osfailing:{factory}"
        argv = (["lbr", "--opponent", agent] if command == "lbr" else
                ["match", "nolimit-holdem", "--agents", f"{agent},call"])
        assert main([*argv, "--deals", "2", "--seed", "1", "--no-progress"]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"error: {message}") and err.count("\n") == 1, err


def test_a_failing_openspiel_factory_is_a_value_error_with_its_cause_chained(failing_policies):
    with pytest.raises(ValueError, match=r"^agent 'openspiel:osfailing:raises' could not be made: its code raised "
                                         r"RuntimeError: no checkpoint$") as info:
        play_match(NoLimitHoldem(), ["openspiel:osfailing:raises", "call"], 2, rng=1)
    assert isinstance(info.value.__cause__, RuntimeError)
    with pytest.raises(ValueError) as info:  # --debug: the traceback, the user's own chained
        main(["--debug", "lbr", "--opponent", "openspiel:osfailing:raises", "--deals", "2", "--no-progress"])
    assert isinstance(info.value.__cause__, RuntimeError)


def test_the_openspiel_bridge_failing_stays_a_bug_exit_1(monkeypatch, capsys):
    """bpp's own part of an ``openspiel:`` agent (the bridge) raising anything but a ValueError is a bug of bpp."""
    import bpp.openspiel

    def broken(os_game):
        raise RuntimeError("an index went wrong")

    monkeypatch.setattr(bpp.openspiel, "_bpp_game_of", broken)
    monkeypatch.setattr(bpp.openspiel, "_FACTORIES", {})
    for argv in (["lbr", "--opponent", PREFIX + "always_call"], ["match", "nolimit-holdem", "--agents",
                                                                  PREFIX + "always_call,call"]):
        assert main([*argv, "--deals", "2", "--no-progress"]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "unexpected RuntimeError: an index went wrong (a bug;" in err


def test_lbr_against_openspiel_uniform_random_agrees_with_bpp_random_sizes():
    """OpenSpiel's uniform random policy of the full game is bpp's ``random-sizes``: LBR's values agree within CIs."""
    os_r = run_lbr(PREFIX + "uniform_random", n_deals=12, rng=5, betting="fcpa")
    bpp_r = run_lbr("random-sizes", n_deals=12, rng=5, betting="fcpa")
    d = os_r.value.mean - bpp_r.value.mean
    half = np.hypot(*(np.diff(r.value.ci95)[0] / 2 for r in (os_r, bpp_r)))
    assert abs(d) <= max(half, 1e-9), (os_r.table(), bpp_r.table())


class _Deals:
    """An ``rng`` for evaluate_bots that deals fixed cards (its chance nodes ask ``choice(outcomes, p)``)."""

    def __init__(self, cards):
        self.cards = iter(cards)

    def choice(self, outcomes, p=None):
        card = next(self.cards)
        assert card in outcomes
        return card


@pytest.mark.parametrize("names", [("loki", "random"), ("call", "random"), ("loki", "random", "call"),
                                   ("random", "call", "loki", "random", "call", "random")])
def test_bpp_bots_under_evaluate_bots_reproduce_play_match(tmp_path, names):
    """200 hands through OpenSpiel's evaluate_bots equal play_match's on the same deals, hand by hand.

    With 3 seats a split pot's odd chip is a fraction in OpenSpiel (the ACPC
    rule) and goes to the first winner left of the button in bpp.
    """
    n = len(names)
    if n > 4:
        require_ring_games_load()
    game = LimitHoldem(n_players=n)
    log = tmp_path / "m.jsonl"
    agents = [registry.make_agent(n, rng=10 + i) for i, n in enumerate(names)]
    play_match(game, agents, 200, rng=7, log=log)
    hands = [h for h in map(json.loads, log.read_text().splitlines()) if h["type"] == "hand"]
    assert len(hands) == 200
    os_game = universal_poker_game(game)
    agents = [registry.make_agent(n, rng=10 + i) for i, n in enumerate(names)]
    from holdem.cards import parse_cards

    for h in hands:
        deal = parse_cards(h["cards"]).tolist()
        button = h["button"]
        seat_of = {h["seats"][s]: s for s in range(n)}  # agent → seat
        by_os = [None] * n
        for i in range(n):
            seat = seat_of[i]
            player = openspiel_player(seat, button, n)
            by_os[player] = BppBot(os_game, agents[i], player, seat=seat)
        returns = evaluate_bots(os_game.new_initial_state(), by_os, _Deals(chance_outcomes(deal, n)))
        got = [returns[openspiel_player(s, button, n)] for s in range(n)]
        assert _cardroom_odd_chips(got, button) == h["payoffs"], h


def test_bpp_bot_states_its_policy_and_poki_plays():
    os_game = universal_poker_game("limit-holdem")
    poki = BppBot(os_game, "poki", 0, rng=1)
    call = BppBot(os_game, "call", 1, rng=2)
    assert poki.provides_policy()
    state = os_game.new_initial_state()
    for c in chance_outcomes(range(52)):
        if state.is_chance_node():
            state.apply_action(c)
    probs, action = call.step_with_policy(state)
    assert probs == [(1, 1.0)] and action == 1
    rng = np.random.default_rng(0)
    total = np.zeros(2)
    for _ in range(20):
        total += evaluate_bots(os_game.new_initial_state(), [poki, call], rng)
    assert total.sum() == 0

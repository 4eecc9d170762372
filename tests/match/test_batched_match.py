"""play_match takes the batched engine when every agent can, with exactly the scalar path's results."""

from __future__ import annotations

import numpy as np
import pytest

import holdem.match.batched as batched_path
from holdem.agents import AlwaysCall
from holdem.games import LimitHoldem
from holdem.match import play_match


def _scalar(monkeypatch, *args, **kwargs):
    with monkeypatch.context() as m:
        m.setattr(batched_path, "play_block_batched", lambda *a: None)
        return play_match(*args, **kwargs)


def _assert_batched_equals_scalar(monkeypatch, game, agents, n_deals, *, rng, block_size):
    """Every block of the duplicate match plays batched, with exactly the scalar path's chips."""
    calls = []
    original = batched_path.play_block_batched
    with monkeypatch.context() as m:
        m.setattr(batched_path, "play_block_batched", lambda *a: calls.append(original(*a)) or calls[-1])
        got = play_match(game, agents, n_deals, rng=rng, duplicate=True, block_size=block_size)
    assert len(calls) == n_deals // block_size and all(c is not None for c in calls)
    want = _scalar(monkeypatch, game, agents, n_deals, rng=rng, duplicate=True, block_size=block_size)
    np.testing.assert_array_equal(got.winnings, want.winnings)


@pytest.mark.parametrize(
    "n_players, agents, duplicate",
    [(2, ["call", "call"], False), (2, ["raise", "fold"], True), (2, ["raise", "call"], True),
     (3, ["raise", "call", "fold"], True), (6, ["call", "raise", "fold", "raise", "call", "call"], False),
     (2, ["random", "call"], False), (2, ["random", "random"], True), (4, ["random", "raise", "fold", "random"], True)],
)
def test_batched_match_equals_the_scalar_match(monkeypatch, n_players, agents, duplicate):
    game = LimitHoldem(n_players=n_players)
    calls = []
    original = batched_path.play_block_batched
    monkeypatch.setattr(batched_path, "play_block_batched", lambda *a: calls.append(1) or original(*a))
    got = play_match(game, agents, 700, rng=11, duplicate=duplicate, block_size=300)
    assert len(calls) == 3 and got.n_hands == 700 * (n_players if duplicate else 1)
    want = _scalar(monkeypatch, game, agents, 700, rng=11, duplicate=duplicate, block_size=300)
    np.testing.assert_array_equal(got.winnings, want.winnings)
    assert got.table() == want.table()


def test_an_agent_without_act_batch_or_with_hooks_keeps_the_scalar_path(monkeypatch):
    class Watcher(AlwaysCall):
        def observe(self, event):
            pass

    calls = []
    monkeypatch.setattr(batched_path, "plays_batched",
                        lambda agents, f=batched_path.plays_batched: calls.append(f(agents)) or calls[-1])
    play_match(LimitHoldem(), [Watcher, "call"], 20, rng=1)
    play_match(LimitHoldem(), ["call", "call"], 20, rng=1)
    assert calls == [False, True]


def test_a_logged_match_resumes_with_the_batched_results(tmp_path):
    """A logged match (batched, writing its hand lines from the batch's records) gives the unlogged match's chips."""
    log = tmp_path / "m.jsonl"
    logged = play_match(LimitHoldem(), ["raise", "call"], 600, rng=4, block_size=200, log=log)
    plain = play_match(LimitHoldem(), ["raise", "call"], 600, rng=4, block_size=200)
    np.testing.assert_array_equal(logged.winnings, plain.winnings)
    grown = play_match(LimitHoldem(), ["raise", "call"], 1000, rng=4, block_size=200, log=log)
    np.testing.assert_array_equal(grown.winnings[:600], plain.winnings)
    np.testing.assert_array_equal(grown.winnings, play_match(LimitHoldem(), ["raise", "call"], 1000, rng=4, block_size=200).winnings)


def test_the_random_agents_per_hand_stream_is_the_same_number_scalar_and_batched():
    from holdem.agents import hand_uniform, hand_uniforms

    rng = np.random.default_rng(0)
    hands, steps = rng.integers(0, 10**6, 500), rng.integers(0, 40, 500)
    for key in (0, 7, 2**63 - 1):
        for draw in (0, 1):
            want = [hand_uniform(key, h, s, draw) for h, s in zip(hands.tolist(), steps.tolist())]
            np.testing.assert_array_equal(hand_uniforms(key, hands, steps, draw), want)
    u = hand_uniforms(3, np.arange(200_000), np.zeros(200_000, dtype=int))
    # uniform on [0, 1): every tenth holds 10% of the draws (binomial sd 0.07%; 5 sd allowed)
    np.testing.assert_allclose(np.bincount((u * 10).astype(int), minlength=10) / u.size, 0.1, atol=0.0035)


def test_random_picks_each_legal_action_equally_often():
    """UniformRandom's batched kinds: fold, call and raise a third each when all are legal (200,000 rows)."""
    from holdem.agents import UniformRandom
    from holdem.games.batched import LimitHoldemBatch

    deals = np.tile(np.arange(52), (200_000, 1))
    batch = LimitHoldemBatch(LimitHoldem(), deals, np.zeros(200_000, dtype=int), ranks=np.ones((200_000, 2), dtype=int))
    kinds, _ = UniformRandom(rng=5).act_batch(batch.observation(np.arange(200_000)))
    np.testing.assert_allclose(np.bincount(kinds, minlength=3) / kinds.size, 1 / 3, atol=0.005)


def test_a_subclass_that_changes_act_does_not_inherit_act_batch():
    from holdem.agents import UniformRandom
    from holdem.play import capabilities

    class Odd(UniformRandom):
        def act(self, observation):
            return super().act(observation)

    assert capabilities(UniformRandom()).act_batch and not capabilities(Odd()).act_batch


@pytest.mark.parametrize("agents", [["random-sizes", "call"], ["random", "raise"], ["fold", "random-sizes"], ["random", "random"],
                                    ["call-raise", "random-pot"], ["call-raise-pot", "random"]])
def test_batched_no_limit_match_equals_the_scalar_match(monkeypatch, agents):
    from holdem.games import NoLimitHoldem

    calls = []
    original = batched_path.play_block_batched
    monkeypatch.setattr(batched_path, "play_block_batched", lambda *a: calls.append(1) or original(*a))
    got = play_match(NoLimitHoldem(), agents, 600, rng=2, duplicate=True, block_size=200)
    assert len(calls) == 3
    want = _scalar(monkeypatch, NoLimitHoldem(), agents, 600, rng=2, duplicate=True, block_size=200)
    np.testing.assert_array_equal(got.winnings, want.winnings)


@pytest.mark.parametrize("n_players, agents", [(2, ["random", "raise"]), (4, ["random", "call", "fold", "random"])])
def test_batched_stud_match_equals_the_scalar_match(monkeypatch, n_players, agents):
    from holdem.games import Stud5

    calls = []
    original = batched_path.play_block_batched
    monkeypatch.setattr(batched_path, "play_block_batched", lambda *a: calls.append(a) or original(*a))
    got = play_match(Stud5(n_players=n_players), agents, 400, rng=6, duplicate=True, block_size=200)
    assert len(calls) == 2
    want = _scalar(monkeypatch, Stud5(n_players=n_players), agents, 400, rng=6, duplicate=True, block_size=200)
    np.testing.assert_array_equal(got.winnings, want.winnings)


@pytest.mark.parametrize(
    "n_players, stacks, agents",
    [(2, 9, ["rules", "rules"]), (2, (5, 13), ["rules", "random"]), (3, (6, 3, 11), ["rules", "raise", "random"]),
     (4, (1, 7, 4, 10), ["random", "call", "rules", "raise"]), (5, 6, ["random", "rules", "fold", "random", "raise"])],
)
def test_batched_stud_at_table_stakes_equals_the_scalar_match(monkeypatch, n_players, stacks, agents):
    """Stud at table stakes (all-ins, side pots) is batched, with exactly the scalar path's chips."""
    from holdem.games import Stud5

    _assert_batched_equals_scalar(monkeypatch, Stud5(n_players=n_players, stacks=stacks), agents, 500, rng=13,
                                  block_size=250)


@pytest.mark.parametrize("n_players, agents", [(2, ["rules", "rules"]), (2, ["rules", "random"]), (3, ["rules", "call", "rules"])])
def test_batched_rules_player_equals_the_scalar_match(monkeypatch, n_players, agents):
    """Figure 4's rule-based player (Korb1999 §5.1) decides whole batches with exactly its scalar choices."""
    from holdem.games import Stud5

    _assert_batched_equals_scalar(monkeypatch, Stud5(n_players=n_players), agents, 600, rng=9, block_size=300)


def test_agent_instances_play_hand_by_hand(monkeypatch):
    """An instance counts its hands across blocks (its per-hand streams), so the match keeps it on the scalar path."""
    from holdem.agents import UniformRandom

    calls = []
    monkeypatch.setattr(batched_path, "play_block_batched", lambda *a: calls.append(1))
    play_match(LimitHoldem(), [UniformRandom(rng=1), "call"], 40, rng=1, block_size=20)
    assert calls == []


@pytest.mark.parametrize(
    "options, agents",
    [(dict(n_players=2), ["random", "call"]), (dict(n_players=3, stack=30), ["random", "raise", "random"]),
     (dict(n_players=5, max_raise=8, stack=40), ["random", "call", "fold", "raise", "random"]),
     (dict(n_players=4, max_draw=3, max_orbits=2), ["random", "random", "call", "random"])],
)
def test_batched_draw_match_equals_the_scalar_match(monkeypatch, options, agents):
    """Five-card draw (discards in the action space) is batched, with exactly the scalar path's chips."""
    from holdem.games import Draw5

    _assert_batched_equals_scalar(monkeypatch, Draw5(**options), agents, 300, rng=17, block_size=150)


def _bpp_variant(agent, **kwargs):
    """The player of a BPP variant (``bpp.stud_variants``) built with keywords."""
    import importlib

    from bpp.stud_variants import STUD_VARIANTS

    module, name = next(s.player for s in STUD_VARIANTS.values() if s.agent == agent).split(":")
    return getattr(importlib.import_module(module), name)(**kwargs)


def _bpp_pair(monkeypatch, game, make, opponent, n_deals, *, rng, block_size, duplicate=True):
    """(batched, scalar) results and learners of the same match: every block batched, and hand by hand."""
    calls = []
    original = batched_path.play_block_batched
    batched_agent, scalar_agent = make(), make()
    with monkeypatch.context() as m:
        m.setattr(batched_path, "play_block_batched", lambda *a: calls.append(original(*a)) or calls[-1])
        got = play_match(game, [batched_agent, opponent], n_deals, rng=rng, duplicate=duplicate, block_size=block_size)
    assert len(calls) == -(-n_deals // block_size) and all(c is not None for c in calls)
    want = _scalar(monkeypatch, game, [scalar_agent, opponent], n_deals, rng=rng, duplicate=duplicate,
                   block_size=block_size)
    return got, want, batched_agent, scalar_agent


@pytest.mark.parametrize(
    "options, opponent, stacks",
    [(dict(), "rules", None), (dict(), "random", None), (dict(refit_every=3), "rules", None),
     (dict(play="argmax"), "rules", None), (dict(learn=False), "rules", None), (dict(prior_strength=0.0), "call", None),
     (dict(), "rules", (30, 12))],
)
def test_batched_bpp_learns_and_plays_exactly_as_hand_by_hand(monkeypatch, options, opponent, stacks):
    """BPP (Korb1999 §3-§5) on the batched engine: speculative batches checked against M_A|C learned after every
    showdown give exactly the hand-by-hand chips, counts and tables, over several blocks (the learner is kept)."""
    from holdem.games import Stud5

    from bpp.stud.players.paper import BPPPlayer

    got, want, a, b = _bpp_pair(monkeypatch, Stud5(stacks=stacks), lambda: BPPPlayer(rng=4, **options), opponent,
                                700, rng=5, block_size=300)
    np.testing.assert_array_equal(got.winnings, want.winnings)
    assert a.model_.n_showdowns_ == b.model_.n_showdowns_ and a._pending == b._pending and a._hand == b._hand
    for x, y, s, t in zip(a.model_.counts_, b.model_.counts_, a.win_tables_.tables, b.win_tables_.tables):
        np.testing.assert_array_equal(x, y)
        np.testing.assert_array_equal(s, t)
    if options.get("learn", True):
        assert a.model_.n_showdowns_ > 100  # it learned (1,400 hands)


def test_batched_bpp_rejects_speculation_that_learning_would_change(monkeypatch):
    """The check is what makes it exact: accepting every speculative batch whole gives other chips."""
    from holdem.games import Stud5

    from bpp.stud.players.paper import BPPPlayer

    checks = []
    check = BPPPlayer.batch_check
    monkeypatch.setattr(BPPPlayer, "batch_check", lambda self, record, me: checks.append(check(self, record, me))
                        or checks[-1])
    got, want, _, _ = _bpp_pair(monkeypatch, Stud5(), lambda: BPPPlayer(rng=1), "rules", 1500, rng=2, block_size=1500,
                                duplicate=False)
    np.testing.assert_array_equal(got.winnings, want.winnings)
    assert any(c.any() for c in checks)  # some hands were found played otherwise
    monkeypatch.setattr(BPPPlayer, "batch_check", lambda self, record, me: np.zeros(record.n_hands, dtype=bool))
    blind, want, _, _ = _bpp_pair(monkeypatch, Stud5(), lambda: BPPPlayer(rng=1), "rules", 1500, rng=2,
                                  block_size=1500, duplicate=False)
    assert not np.array_equal(blind.winnings, want.winnings)


def test_batched_bpp_checks_again_only_what_the_record_changed(monkeypatch):
    """Hands that a check finds played otherwise are played again alone; decisions whose earlier hands teach what
    they were read (or checked) with are not decided again.  Both matter: skipping every decision, or replaying
    without a check, gives other chips."""
    from holdem.games import Stud5

    import bpp.stud.players.batched as batched
    from bpp.stud.players.paper import BPPPlayer

    replays = []
    replay = BPPPlayer.batch_replay
    monkeypatch.setattr(BPPPlayer, "batch_replay", lambda self, record, me, hands: replays.append(len(hands))
                        or replay(self, record, me, hands))
    got, want, _, _ = _bpp_pair(monkeypatch, Stud5(), lambda: BPPPlayer(rng=1), "rules", 1500, rng=2, block_size=1500,
                                duplicate=False)
    np.testing.assert_array_equal(got.winnings, want.winnings)
    assert replays and min(replays) < 50  # a few hands played again, not the batch's rest
    monkeypatch.setattr(batched, "_same_prefix", lambda basis, now: len(now))  # every decision taken as known right
    blind, want, _, _ = _bpp_pair(monkeypatch, Stud5(), lambda: BPPPlayer(rng=1), "rules", 1500, rng=2,
                                  block_size=1500, duplicate=False)
    assert not np.array_equal(blind.winnings, want.winnings)


@pytest.mark.parametrize("agent, prior", [("bpp", 2.0), ("bpp", 0.0), ("bpp-up", 2.0), ("bpp-up", 0.0),
                                          ("bpp-linked", 2.0), ("bpp-actions", 2.0), ("bpp-actions", 0.0),
                                          ("bpp-bluff", 2.0)])
def test_batched_bpp_p_win_is_the_refit_tables(agent, prior):
    """P(win) per decision from counts (``_batch_p``) equals ``WinTables.refit`` of the same learned table at every
    entry with the learned node observed."""
    rng = np.random.default_rng(0)
    player = _bpp_variant(agent, rng=0, prior_strength=prior)
    counts = [rng.integers(0, 30, size=c.shape).astype(float) * (rng.random(c.shape) < 0.8)
              for c in player.model_.counts_]
    player.model_.counts_ = counts
    tables = player.refit().win_tables_.tables
    for r, table in enumerate(tables):
        evidence = tuple(a.ravel() for a in np.indices(table[..., :-1].shape))
        after = player._counts_after(np.full((0, 4), -1))  # no showdowns: the counts as they are
        p = player._batch_p(after, np.zeros(evidence[0].size, dtype=np.int64), np.full(evidence[0].size, r), evidence)
        np.testing.assert_allclose(p, table[evidence], rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("agent", ["bpp", "bpp-bluff"])
def test_batched_bpp_counts_by_binary_search_are_the_same(monkeypatch, agent):
    """A learned table too large to keep whole after every showdown (``_Tally.DENSE``) is counted by binary
    searches: the same chips and counts as hand by hand."""
    import bpp.registry as registry
    from holdem.games import Stud5

    from bpp.stud.players.batched import _Tally

    monkeypatch.setattr(_Tally, "DENSE", 0)
    got, want, a, b = _bpp_pair(monkeypatch, Stud5(), lambda: registry.make_agent(agent, rng=6), "rules", 600, rng=7,
                                block_size=600, duplicate=False)
    np.testing.assert_array_equal(got.winnings, want.winnings)
    for x, y in zip(a.model_.counts_, b.model_.counts_):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("prior", [2.0, 0.0])
def test_batched_dbn_p_win_is_the_forward_filter(prior):
    """``bpp-dbn``'s P(win) per row (Korb1999 §6.3's forward filter, batched), from its M_A|C and from counts, equals
    :meth:`~bpp.stud.model.dbn.CompiledDBN.p_win` of the network refit to them, on every round's evidence."""
    from bpp.stud.players.dbn import DBNBPP

    rng = np.random.default_rng(1)
    player = DBNBPP(rng=0, prior_strength=prior)
    player.model_.counts_ = [rng.integers(0, 30, size=c.shape).astype(float) * (rng.random(c.shape) < 0.8)
                             for c in player.model_.counts_]
    player.refit()
    n = 400
    rounds = rng.integers(0, 4, n)
    sizes = [len(s) for s in player.dbn_.current_states], [len(s) for s in player.dbn_.upcard_states]
    evidence = (np.array([rng.integers(0, sizes[0][t]) for t in rounds]),
                *(rng.integers(0, sizes[1][s], n) for s in range(4)),
                *(np.where(s <= rounds, rng.integers(0, 3, n), 2) for s in range(4)))
    want = np.array([player.dbn_.p_win(int(evidence[0][i]), [int(evidence[1 + s][i]) for s in range(t + 1)],
                                       [int(evidence[5 + s][i]) for s in range(t + 1)]) for i, t in enumerate(rounds)])
    np.testing.assert_allclose(player._table_p(rounds, evidence), want, rtol=1e-12, atol=1e-15)
    after = player._counts_after(np.full((0, 4), -1))  # no showdowns: the counts as they are
    np.testing.assert_allclose(player._batch_p(after, np.zeros(n, dtype=np.int64), rounds, evidence), want,
                               rtol=1e-12, atol=1e-15)


def test_the_bpp_variants_that_decide_batches_are_the_ones_the_variant_table_declares():
    """``bpp``, ``bpp-up`` (§6.1's link: more evidence, M_A|C,S), ``bpp-linked`` (only the network's tables differ),
    ``bpp-actions`` (four action states, split curves), ``bpp-bluff`` (OPP_Bluff learned), ``bpp-dbn`` (§6.3's
    filter over the rounds) and ``bpp-showing`` (split curves) decide batches, as
    :data:`bpp.stud_variants.STUD_VARIANTS` declares; a subclass the table does not list plays hand by hand."""
    import bpp.registry as registry
    from holdem.play import capabilities

    from bpp.stud.players.paper import BPPPlayer
    from bpp.stud_variants import STUD_VARIANTS

    batched = {s.agent for s in STUD_VARIANTS.values() if capabilities(registry.make_agent(s.agent, rng=0)).act_batch}
    assert batched == {s.agent for s in STUD_VARIANTS.values() if s.batches} == {
        "bpp", "bpp-up", "bpp-linked", "bpp-actions", "bpp-bluff", "bpp-dbn", "bpp-showing"}

    class Mine(BPPPlayer):
        def win_probability(self, observation):
            return 0.5

    assert Mine(rng=0).act_batch is None and BPPPlayer(upcards_link="upcards", rng=0).act_batch is None


@pytest.mark.parametrize("agent, stacks", [("bpp-up", None), ("bpp-linked", None), ("bpp-actions", None),
                                           ("bpp-bluff", None), ("bpp-dbn", None), ("bpp-showing", None), ("bpp-up", (30, 12)),
                                           ("bpp-actions", (30, 12)), ("bpp-dbn", (30, 12))])
def test_batched_bpp_variants_learn_and_play_exactly_as_hand_by_hand(monkeypatch, agent, stacks):
    """The variants the table declares batching (Korb1999 §6.1) give exactly the hand-by-hand chips and counts."""
    import bpp.registry as registry
    from holdem.games import Stud5

    got, want, a, b = _bpp_pair(monkeypatch, Stud5(stacks=stacks), lambda: registry.make_agent(agent, rng=4), "rules",
                                700, rng=5, block_size=300)
    np.testing.assert_array_equal(got.winnings, want.winnings)
    assert a.model_.n_showdowns_ == b.model_.n_showdowns_ > 100 and a._hand == b._hand
    for x, y in zip(a.model_.counts_, b.model_.counts_):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("opponent", ["rules", "call", "random"])
def test_batched_prob_equals_the_scalar_match(monkeypatch, opponent):
    """§5.1's probabilistic player samples each hand's completions from a per-hand, per-round stream, so a batch
    gives exactly the hand-by-hand chips (duplicate, two blocks)."""
    from holdem.games import Stud5

    _assert_batched_equals_scalar(monkeypatch, Stud5(), ["prob", opponent], 300, rng=8, block_size=150)


def test_prob_at_a_larger_table_plays_hand_by_hand(monkeypatch):
    """At three seats P(win) is sampled against every live opponent hand by hand (plays_batches_of says no)."""
    from holdem.games import Stud5

    calls = []
    original = batched_path.play_block_batched
    monkeypatch.setattr(batched_path, "play_block_batched", lambda *a: calls.append(original(*a)) or calls[-1])
    play_match(Stud5(n_players=3), ["prob", "rules", "call"], 6, rng=1)
    assert calls == [None]


def test_prob_win_probability_of_one_row_or_many_is_the_same():
    """``_win_probabilities`` per row does not depend on the other rows (the batch and the hand agree), and its
    estimate is within sampling error of the exhaustive answer (every pair of completions, one round before the end)."""
    from itertools import combinations

    from holdem.evaluate import evaluate

    from bpp.stud.opponents.paper import _win_probabilities

    rng = np.random.default_rng(3)
    deck = np.array([rng.permutation(52)[:7] for _ in range(5)])
    mine, theirs = deck[:, :4], deck[:, 4:7]
    u = rng.random((5, 4000, 3))
    many = _win_probabilities(mine, theirs, u)
    one = [_win_probabilities(mine[i : i + 1], theirs[i : i + 1], u[i : i + 1])[0] for i in range(5)]
    np.testing.assert_array_equal(many, one)
    pool = np.setdiff1d(np.arange(52), deck[0])
    wins = []
    for a, b, c in ((a, b, c) for a in pool for b, c in combinations(np.setdiff1d(pool, [a]), 2)):
        r = evaluate(np.array([list(mine[0]) + [a], list(theirs[0]) + [b, c]]))
        wins.append(1.0 if r[0] > r[1] else 0.5 if r[0] == r[1] else 0.0)
    assert abs(many[0] - np.mean(wins)) < 4 * 0.5 / np.sqrt(4000)

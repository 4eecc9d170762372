"""BPP at a multi-seat table (Korb1999 §6.2): the networks against VariableElimination, the share, θ, the player, the opponents."""

import itertools

import numpy as np
import pytest

from holdem.cards import parse_cards
from holdem.games import Stud5
from holdem.match import play_match

from bpp.stud.decision.player import decision_inputs, multiway_theta
from bpp.stud.model import handtypes as ht
from bpp.stud.model.multi import (
    SAVED_SEATS,
    CompiledMultiNet,
    build_multi_network,
    load_multi_network,
    multiway_share,
    opponent_nodes,
)
from bpp.stud.model.figure1 import ACTIONS
from bpp.stud.model.networks import load_cpts
from bpp.stud.opponents.paper import RuleBasedPlayer, _table_win_probability, figure4_policy
from bpp.stud.players.multi import MultiBPPPlayer
from bpp.stud.players.paper import seat_action
from bpp.stud.players.paper import BPPPlayer


def _random_action_cpts(rng, betting_round, m):
    n = len(load_cpts()[betting_round].current_states)
    out = []
    for _ in range(m):
        p = rng.uniform(0.05, 0.95, n)
        out.append(np.vstack([1.0 - p, p]))
    return out


@pytest.mark.parametrize("betting_round", range(4))
def test_three_seat_compiled_equals_variable_elimination_on_every_evidence_combination(betting_round):
    """For every BPP_Current × (OPPi_Upcards × OPPi_Action or unobserved)²: the compiled P(win) is pgmpy's.

    pgmpy's VariableElimination computes the joint of BPP_Win and the
    evidence nodes (an action left out of the query is unobserved); each
    conditional is that joint's column, normalised.
    """
    from pgmpy.inference import VariableElimination

    rng = np.random.default_rng(100 + betting_round)
    cpts = load_cpts()[betting_round]
    actions = _random_action_cpts(rng, betting_round, 2)
    net = CompiledMultiNet(cpts, 3, actions)
    ve = VariableElimination(build_multi_network(cpts, 3, actions))
    n_checked = 0
    for observed in itertools.product((False, True), repeat=2):
        names = ["BPP_Win", "BPP_Current"]
        for i, seen in zip((1, 2), observed):
            _, _, up, act = opponent_nodes(i)
            names += [up, act] if seen else [up]
        joint = ve.query(names, show_progress=False)
        values = np.moveaxis(joint.values, [joint.variables.index(v) for v in names], range(len(names)))
        total = values.sum(axis=0)
        for index in np.ndindex(total.shape):
            if total[index] <= 0:
                continue
            b, rest = index[0], list(index[1:])
            evidence = []
            for seen in observed:
                u = rest.pop(0)
                evidence.append((u, rest.pop(0) if seen else None))
            assert net.p_win(b, evidence) == pytest.approx(values[(1,) + index] / total[index], abs=1e-10)
            n_checked += 1
    n_c, n_u = len(cpts.current_states), len(cpts.upcard_states)
    assert n_checked == n_c * (n_u * 3) ** 2


@pytest.mark.parametrize("n_seats", [4, 5, 6])
def test_larger_tables_equal_variable_elimination_on_a_seeded_sample(n_seats):
    from pgmpy.inference import VariableElimination

    rng = np.random.default_rng(n_seats)
    betting_round = 1
    cpts = load_cpts()[betting_round]
    m = n_seats - 1
    actions = _random_action_cpts(rng, betting_round, m)
    net = CompiledMultiNet(cpts, n_seats, actions)
    ve = VariableElimination(build_multi_network(cpts, n_seats, actions))
    for _ in range(4):
        b = int(rng.integers(len(cpts.current_states)))
        opponents = [(int(rng.integers(len(cpts.upcard_states))), [None, 0, 1][int(rng.integers(3))]) for _ in range(m)]
        evidence = {"BPP_Current": cpts.current_states[b]}
        for i, (u, a) in enumerate(opponents, start=1):
            _, _, up, act = opponent_nodes(i)
            evidence[up] = cpts.upcard_states[u]
            if a is not None:
                evidence[act] = ACTIONS[a]
        truth = ve.query(["BPP_Win"], evidence=evidence, show_progress=False).get_value(BPP_Win="win")
        assert net.p_win(b, opponents) == pytest.approx(truth, abs=1e-10)


@pytest.mark.parametrize("n_seats", SAVED_SEATS)
def test_saved_networks_are_the_built_ones(n_seats):
    cpts = load_cpts()
    for r in (0,):
        saved = load_multi_network(n_seats, r)
        built = build_multi_network(cpts[r], n_seats)
        assert sorted(saved.edges()) == sorted(built.edges())
        for cpd in built.get_cpds():
            other = saved.get_cpds(cpd.variable)
            assert other.state_names == cpd.state_names
            np.testing.assert_allclose(other.get_values(), cpd.get_values(), atol=1e-9)
    if n_seats == 3:
        assert load_multi_network(n_seats, 3, file_format="xmlbif").check_model()


@pytest.mark.parametrize("m", [1, 2, 3])
def test_multiway_share_is_the_enumerated_expectation(m):
    rng = np.random.default_rng(m)
    nf = ht.N_FINAL_TYPES
    bpp = rng.dirichlet(np.ones(nf))
    opps = rng.dirichlet(np.ones(nf), size=m)
    truth = 0.0
    for b in range(nf):
        for types in itertools.product(range(nf), repeat=m):
            if max(types) > b:
                continue
            p = bpp[b] * np.prod([opps[i, t] for i, t in enumerate(types)])
            truth += p / (1 + sum(t == b for t in types))
    assert float(multiway_share(bpp, opps)) == pytest.approx(truth, abs=1e-12)


def test_heads_up_the_multi_player_is_bpp(random_observations):
    """With one opponent the network is Figure 1 and the learning is BPP's: same P(win), same match."""
    multi, bpp = MultiBPPPlayer(rng=0), BPPPlayer(rng=0)
    for obs in random_observations(20, 5):
        assert multi.win_probability(obs) == pytest.approx(bpp.win_probability(obs), abs=1e-12)
    a = play_match(Stud5(), [MultiBPPPlayer(rng=3), RuleBasedPlayer(rng=5)], 150, rng=4, duplicate=True)
    b = play_match(Stud5(), [BPPPlayer(rng=3), RuleBasedPlayer(rng=5)], 150, rng=4, duplicate=True)
    np.testing.assert_array_equal(a.winnings, b.winnings)


def test_theta_for_n_players():
    """Heads-up it is eq. (7); at a table each live opponent adds k - u plus what it still owes."""
    state = Stud5().new_hand(np.arange(52))
    state.apply(state.legal_actions()[-1])  # a bet
    obs = state.observation(state.current_player)
    c, u, k, _ = decision_inputs(obs)
    assert multiway_theta(obs, k, 2.0) == pytest.approx(k / (c + 2 * k - u), abs=1e-15)
    state = Stud5(n_players=3).new_hand(np.arange(52))
    bettor = state.current_player
    state.apply(state.legal_actions()[-1])  # the first seat bets; the next faces it, the third still owes it
    obs = state.observation(state.current_player)
    c, u, k, _ = decision_inputs(obs)
    assert (c, u) == (2.5, 1.0)  # three antes (1.5 units) and the bet
    # the bettor pays k - u more, the third seat k - u + u: the denominator is c + 3k - u
    assert multiway_theta(obs, k, 2.0) == pytest.approx(k / (c + 3 * k - u), abs=1e-15)
    assert MultiBPPPlayer(rng=0).decision(obs)["theta"] == pytest.approx(k / (c + 3 * k - u), abs=1e-15)
    assert seat_action(obs, bettor) == 1


def test_one_model_per_seat_learned_from_that_seat_across_rotations():
    """A raiser and a caller at one table: each relative seat's M_A|C learns its own opponent, duplicate rotations included."""
    player = MultiBPPPlayer(rng=0)
    play_match(Stud5(n_players=3), [player, "raise", "call"], 150, rng=2, duplicate=True)
    assert sorted(player.models_) == [1, 2]
    raiser, caller = (player.models_[k].counts_ for k in (1, 2))
    assert sum(c[0].sum() for c in raiser) == 0 and sum(c[1].sum() for c in raiser) > 50  # never passive
    assert sum(c[1].sum() for c in caller) == 0 and sum(c[0].sum() for c in caller) > 50  # never aggressive
    # and the learned tables move P(OPP_Final) of the raiser's seat away from the ½ / ½ start
    assert not np.allclose(player._tables[1][0], player._default_tables[0])


def test_baseline_reads_the_strongest_showing():
    state = Stud5(n_players=3).new_hand(np.arange(52))
    obs = state.observation(state.current_player)
    multi = MultiBPPPlayer(rng=0, opponent_model="strongest")
    assert len(multi.evidence(obs)["opponents"]) == 1
    assert len(MultiBPPPlayer(rng=0).evidence(obs)["opponents"]) == 2


def test_rules_at_a_table_answers_the_strongest_showing():
    state = Stud5(n_players=3).new_hand(np.arange(52))
    obs = state.observation(state.current_player)
    me = obs.player
    others = [s for s in range(3) if s != me]
    strongest = max((obs.up_cards[s] for s in others), key=lambda up: max(up))
    got = RuleBasedPlayer()._policy(obs)
    assert got == figure4_policy(obs.hole, obs.up_cards[me], strongest, obs.to_call > 0)


def test_table_win_probability_against_enumeration():
    """Last round, two opponents: 20,000 sampled completions against every ordered pair of down cards."""
    from holdem.evaluate import evaluate

    mine = tuple(parse_cards("Kc Kd 7h 7s 2c").tolist())
    theirs = (tuple(parse_cards("Ah Qd 9c 4s").tolist()), tuple(parse_cards("Tc Td 3h 5d").tolist()))
    unseen = sorted(set(range(52)) - set(mine) - set(theirs[0]) - set(theirs[1]))
    pairs = np.array([(a, b) for a in unseen for b in unseen if a != b])
    hands = np.empty((3, len(pairs), 5), dtype=np.int64)
    hands[0] = mine
    for i in (0, 1):
        hands[i + 1, :, :4] = theirs[i]
        hands[i + 1, :, 4] = pairs[:, i]
    r = evaluate(hands)
    truth = np.where(r[0] >= r[1:].max(axis=0), 1.0 / (1 + (r[1:] == r[0]).sum(axis=0)), 0.0).mean()
    got = _table_win_probability(mine, theirs, 20_000, np.random.default_rng(0))
    assert got == pytest.approx(truth, abs=0.01)


def test_heads_up_agents_refuse_a_table_unchanged():
    state = Stud5(n_players=3).new_hand(np.arange(52))
    with pytest.raises(ValueError, match="heads-up"):
        BPPPlayer(rng=0).act(state.observation(state.current_player))


def test_explorer_page_networks_give_the_players_p_win():
    """Every step of the bpp-multi explorer page: VariableElimination on the page's network = the P(win) the player used."""
    from pgmpy.inference import VariableElimination

    from bpp.explore.stud import stud_explorer

    n_steps = 0
    for seed in range(1, 6):  # hands until at least two decisions were checked (a hand may end at BPP's first)
        ex = stud_explorer(seed, player="bpp-multi", warmup=30)
        for step in ex.data["steps"]:
            model = ex.models[step["net"]]
            evidence = {node: model.get_cpds(node).state_names[node][i] for node, i in step["evidence"].items()}
            truth = VariableElimination(model).query(["BPP_Win"], evidence=evidence, show_progress=False).get_value(BPP_Win="win")
            assert step["p_win"] == pytest.approx(truth, abs=1e-9)
            n_steps += 1
        if n_steps >= 2:
            break
    assert n_steps >= 2


def test_cli_match_at_a_three_seat_table_rotates_every_seat(capsys):
    """``bpp match stud5 --agents bpp-multi,rules,rules --duplicate``: n agents give n seats, each deal played in all n rotations."""
    import json

    from bpp.cli import main

    assert main(["match", "stud5", "--agents", "bpp-multi,rules,rules", "--deals", "6", "--seed", "1", "--duplicate", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 18 and out["deals"] == 6 and [p["name"] for p in out["players"]] == ["bpp-multi", "rules", "rules"]
    assert main(["match", "stud5", "--agents", "bpp,rules,rules", "--deals", "2", "--seed", "1"]) == 2
    assert "heads-up" in capsys.readouterr().err

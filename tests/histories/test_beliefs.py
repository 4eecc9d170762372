"""Poki's weight tables through a logged hand equal the tables Poki itself held at its decisions live."""

import numpy as np
import pytest

from bpp.loki.agents import PokiAgent
from bpp.loki.inspection import logged_hand_beliefs
from holdem.games import LimitHoldem
from holdem.histories import read_hands
from holdem.match import play_match


class Watched(PokiAgent):
    """Poki, recording per hand its weight table of the opponent at every post-flop decision."""

    def __init__(self, *, rng=None):
        super().__init__(rng=rng)
        self.hands = []

    def new_hand(self, seat):
        super().new_hand(seat)
        self.hands.append([])

    def act(self, observation):
        action = super().act(observation)
        if observation.round > 0:
            n_actions = sum(e.kind == "action" for e in observation.history)
            self.hands[-1].append((n_actions, self.hand.weights[1 - observation.player].copy()))
        return action


@pytest.mark.parametrize("opponent", ["call", "random"])
def test_the_trace_of_a_logged_hand_is_what_poki_held_live(tmp_path, opponent):
    for seed in range(40):
        poki = Watched(rng=seed)
        play_match(LimitHoldem(), [poki, opponent], 2, rng=seed, log=tmp_path / f"{seed}.jsonl")
        if len(poki.hands[0]) >= 2:  # the first hand (Poki has learned nothing yet) has two post-flop decisions
            break
    else:
        pytest.fail("no seed gave a first hand with two post-flop decisions of Poki")
    hand = read_hands(tmp_path / f"{seed}.jsonl")[0]
    beliefs = logged_hand_beliefs(hand, 0, agent=PokiAgent(rng=seed))
    live = beliefs.weights[1][0] > 0  # the trace zeroes holdings that use Poki's own cards
    for k, w in poki.hands[0]:
        assert np.allclose(beliefs.weights[1][k], w * live)
    assert "start" in beliefs.table() and len(beliefs.holdings) == 1326


def test_bpp_inspect_limit_holdem_on_a_logged_heads_up_hand(tmp_path, capsys):
    from bpp.cli import main

    play_match(LimitHoldem(), ["call", "random"], 5, rng=4, log=tmp_path / "m.jsonl")
    out = tmp_path / "w.png"
    assert main(["inspect", "limit-holdem", "--hands", str(tmp_path / "m.jsonl"), "--hand", "2", "--player", "call",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("call (seat 0) on random (seat 1):") and out.stat().st_size > 0
    assert main(["inspect", "limit-holdem", "--hands", str(tmp_path / "m.jsonl"), "--hand", "99"]) == 2
    assert "there is no limit-holdem hand number 99" in capsys.readouterr().err


def test_bpps_beliefs_through_a_logged_stud_hand(tmp_path, capsys):
    from bpp.cli import main
    from bpp.stud.experiments.inspection import trace_logged_hand
    from bpp.stud.players.paper import BPPPlayer
    from holdem.games import Stud5

    play_match(Stud5(), ["rules", "call"], 6, rng=3, log=tmp_path / "s.jsonl")
    hands = read_hands(tmp_path / "s.jsonl")
    hand = max(hands, key=lambda h: len(h.actions))
    trace = trace_logged_hand(hand, "call", bpp=BPPPlayer(rng=0))
    seat = hand.names.index("call")
    first = BPPPlayer(rng=0).belief(hand.new_state().observation(seat))  # BPP's belief on the first up cards
    assert trace.steps[0].kind == "deal" and trace.steps[0].p_win == pytest.approx(float(first.p_win))
    assert trace.opponent == "rules" and len(trace.steps) > len(hand.actions) // 2
    assert main(["inspect", "stud5", "--hands", str(tmp_path / "s.jsonl"), "--hand", str(hand.number),
                 "--as", "call"]) == 0
    assert "BPP" in capsys.readouterr().out


def test_the_holdem_explorer_and_trace_play_heads_up():
    from bpp.explore.holdem import holdem_explorer
    from bpp.loki.inspection import trace_hand

    info, tables = trace_hand(4, n_players=2)
    assert list(tables) == [1] and "flop" in tables[1] and len(info["holes"]) == 2
    assert holdem_explorer(4, n_players=2) is not None


def test_lbrs_range_through_a_logged_hand_is_bayes_rule_on_the_policy(tmp_path):
    """The range equals prior × Π P(action | holding) from the scalar policy, holding by holding."""
    from bpp.lbr.logged import logged_hand_ranges, plot_range_trace
    from holdem.ranges import HOLDINGS

    play_match(LimitHoldem(), ["call", "loki"], 8, rng=2, log=tmp_path / "l.jsonl")
    hand = max(read_hands(tmp_path / "l.jsonl"), key=lambda h: sum(1 for s, _ in h.actions if h.names[s] == "loki"))
    trace = logged_hand_ranges(hand, "call", "loki")
    me, opp = hand.names.index("call"), hand.names.index("loki")
    from bpp.registry import make_agent

    loki = make_agent("loki", rng=0)
    final = trace.weights[-1]
    live = np.flatnonzero(final > 0)
    sample = np.random.default_rng(0).choice(live, size=min(40, live.size), replace=False)
    product = np.ones(len(sample))
    state = hand.new_state()
    for seat, action in hand.actions:
        if seat == opp:
            obs = state.observation(opp)
            for i, h in enumerate(sample):
                probs = loki.action_probabilities(obs._replace(hole=tuple(int(c) for c in HOLDINGS[h])))
                product[i] *= sum(p for a, p in probs.items() if a.kind == action.kind)
        state.apply(action)
    assert np.allclose(final[sample] / final[sample].sum(), product / product.sum())
    assert trace.steps[0] == "start" and any(s.startswith("loki") for s in trace.steps)
    assert len(plot_range_trace(trace).axes) >= len(trace.steps)
    with pytest.raises(ValueError, match="does not state its policy"):
        logged_hand_ranges(hand, "call", type("Blind", (), {"act": lambda self, o: o.legal[0]})())


def test_bpp_inspect_nolimit_holdem_draws_lbrs_range(tmp_path, capsys):
    """The command's JSON is the trace of logged_hand_ranges; a range holds no holding with a card LBR has seen."""
    import json

    from bpp.cli import main
    from bpp.lbr.logged import logged_hand_ranges
    from holdem.games import NoLimitHoldem
    from holdem.ranges import HOLDINGS

    play_match(NoLimitHoldem(), ["call", "random-sizes"], 6, rng=5, log=tmp_path / "n.jsonl")
    hands = read_hands(tmp_path / "n.jsonl")
    hand = max(hands, key=lambda h: len(h.events))
    args = ["inspect", "nolimit-holdem", "--hands", str(tmp_path / "n.jsonl"), "--hand", str(hand.number),
            "--player", "call", "--policy", "random-sizes"]
    assert main(args + ["--json", "--out", str(tmp_path / "r.png")]) == 0
    out = json.loads(capsys.readouterr().out)
    want = logged_hand_ranges(hand, "call", "random-sizes")
    assert out["steps"] == want.steps and len(out["holdings"]) == 1326
    np.testing.assert_allclose(out["weights"], want.weights)
    w = np.array(out["weights"])
    assert np.allclose(w.sum(axis=1), 1.0)
    seen = list(hand.holes[hand.names.index("call")]) + [c for e in hand.events if e.kind == "deal" for c in e.cards]
    assert not w[-1][np.isin(HOLDINGS, seen).any(axis=1)].any()
    assert (tmp_path / "r.png").stat().st_size > 0
    assert main(args[:-2] + ["--policy", "loki"]) == 2
    assert "does not play nolimit-holdem" in capsys.readouterr().err
    assert main(["inspect", "nolimit-holdem", "--hands", str(tmp_path / "none.jsonl"), "--policy", "random"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("warning:") and err[-1] == "error: no 2-player nolimit-holdem hand could be read (0 hands of other games)"


def test_inspect_with_hands_takes_a_players_name_not_an_agents(tmp_path, capsys):
    """With --hands, --player names a player of the file (PHH names are people, not agents)."""
    from bpp.cli import main

    (tmp_path / "h.phhs").write_text(
        '[1]\nvariant = "FT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n'
        'starting_stacks = [100, 100]\nplayers = ["Ann", "Bob"]\n'
        'actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 4", "p1 cc", "d db 2s7h9c", "p1 cc", "p2 cc", "d db 3s", '
        '"p1 cc", "p2 cc", "d db 4d", "p1 cc", "p2 cc", "p1 sm AcAd", "p2 sm KcKd"]\nfinishing_stacks = [104, 96]\n')
    assert main(["inspect", "limit-holdem", "--hands", str(tmp_path / "h.phhs"), "--player", "Ann",
                 "--out", str(tmp_path / "a.png")]) == 0
    assert capsys.readouterr().out.startswith("Ann (seat 0) on Bob (seat 1):")

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

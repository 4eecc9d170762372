"""Explorer pages of logged hands: the hold'em page's tables are Poki's own live tables; the CLI."""

import numpy as np
import pytest

from bpp.explore.logged import logged_holdem_explorer, logged_stud_explorer
from bpp.loki.agents import PokiAgent
from holdem.games import LimitHoldem, Stud5
from holdem.histories import read_hands
from holdem.match import play_match
from holdem.ranges import HOLDINGS


class Watched(PokiAgent):
    """Poki recording, per hand, its table of every opponent at each of its decisions (with the actions seen)."""

    def __init__(self, *, rng=None):
        super().__init__(rng=rng)
        self.hands = []

    def new_hand(self, seat):
        super().new_hand(seat)
        self.hands.append([])

    def act(self, observation):
        action = super().act(observation)
        n_actions = sum(e.kind == "action" for e in observation.history)
        board = [c for e in observation.history if e.kind == "deal" for c in e.cards]
        self.hands[-1].append((n_actions, board, {p: w.copy() for p, w in enumerate(self.hand.weights)
                                                    if p != observation.player}))
        return action


def _scaled(w, dead):
    w = np.where(dead, 0.0, w)
    out = np.round(w / w.max(), 4)
    out[dead] = -1.0
    return out


@pytest.mark.parametrize("n_players", [2, 3])
def test_the_holdem_page_shows_the_tables_poki_held_live(tmp_path, n_players):
    """At every decision Poki made live, the page's step after the same actions shows the tables Poki held then,
    and each opponent's action step multiplies the table before it by the column shown (w ← w · factor)."""
    others = ["call", "random", "raise"][: n_players - 1]
    for seed in range(40):  # a first hand in which Poki decides after the flop
        poki = Watched(rng=seed)
        play_match(LimitHoldem(n_players=n_players), [poki, *others], 2, rng=seed, log=tmp_path / f"{seed}.jsonl")
        if sum(len(b) >= 3 for _, b, _ in poki.hands[0]) >= 1 and len(poki.hands[0]) >= 2:
            break
    else:
        pytest.fail("no seed gave a first hand with a post-flop decision of Poki")
    hand = read_hands(tmp_path / f"{seed}.jsonl")[0]  # the first hand: a fresh Poki replays it as the live one did
    seat = hand.names.index("poki")
    ex = logged_holdem_explorer(hand, "poki", agent=PokiAgent(rng=seed))
    steps, pool = ex.data["steps"], ex.data["pool"]
    action_steps = [i for i, s in enumerate(steps) if s["kind"] == "action"]
    checked = 0
    for n_actions, board, tables in poki.hands[0]:
        i = action_steps[n_actions - 1] if n_actions else 0
        while i + 1 < len(steps) and steps[i + 1]["kind"] == "deal":  # the cards dealt before Poki's decision
            i += 1
        dead = np.isin(HOLDINGS, list(hand.holes[seat]) + board).any(axis=1)
        for p, w in tables.items():
            np.testing.assert_allclose(pool[steps[i]["tables"][str(p)]], _scaled(w, dead), atol=1e-4)
            checked += 1
    for i in action_steps:
        s = steps[i]
        if s["cpt"] is None:  # Poki's own actions and folds re-weight nothing
            assert s["actor"] == seat or s["label"].endswith("folds")
            continue
        p = str(s["actor"])
        before, after = np.array(pool[steps[i - 1]["tables"][p]]), np.array(pool[s["tables"][p]])
        col = np.array(s["cpt"]["column"])
        ok = (before > 0) & (col >= 0)
        product = before[ok] * col[ok]
        np.testing.assert_allclose(after[ok] / after[ok].max(), product / product.max(), atol=2e-3)
        assert s["cpt"]["note"] and s["cpt"]["triple"] is None
    assert checked >= 2 * (n_players - 1) and any(len(b) >= 3 for _, b, _ in poki.hands[0])  # post-flop too


def test_bpp_explore_on_logged_hands(tmp_path, capsys):
    from bpp.cli import main

    play_match(LimitHoldem(), ["call", "random"], 4, rng=4, log=tmp_path / "m.jsonl")
    play_match(Stud5(), ["rules", "call"], 4, rng=3, log=tmp_path / "s.jsonl")
    out = tmp_path / "h.html"
    assert main(["explore", "limit-holdem", "--hands", str(tmp_path / "m.jsonl"), "--hand", "2", "--player", "random",
                 "--out", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out and "bppExplore" in out.read_text()
    assert main(["explore", "stud5", "--hands", str(tmp_path / "s.jsonl"), "--hand", "1", "--as", "call",
                 "--player", "bpp-card", "--out", str(tmp_path / "s.html")]) == 0
    capsys.readouterr()
    # bad input: one line, exit 2
    assert main(["explore", "stud5", "--hands", str(tmp_path / "m.jsonl"), "--out", str(tmp_path / "x.html")]) == 2
    assert capsys.readouterr().err.strip().splitlines()[-1] == "error: no 2-player stud5 hand could be read (4 hands of other games)"
    assert main(["explore", "limit-holdem", "--hand", "2", "--out", str(tmp_path / "y.html")]) == 2
    assert "--hand needs --hands FILE" in capsys.readouterr().err
    (tmp_path / "bad.phhs").write_text('[1]\nvariant = "PO"\n')
    assert main(["explore", "limit-holdem", "--hands", str(tmp_path / "bad.phhs"), "--out", str(tmp_path / "z.html")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0].startswith("warning:") and "bad.phhs" in err[0] and err[-1].startswith("error: no limit-holdem hand")


def test_the_stud_page_of_a_logged_hand_is_bpps_trace():
    import tempfile
    from pathlib import Path

    from bpp.stud.experiments.inspection import trace_logged_hand
    from bpp.stud.players.paper import BPPPlayer

    d = Path(tempfile.mkdtemp())
    play_match(Stud5(), ["rules", "call"], 3, rng=3, log=d / "s.jsonl")
    hand = max(read_hands(d / "s.jsonl"), key=lambda h: len(h.actions))
    ex = logged_stud_explorer(hand, "call")
    trace = trace_logged_hand(hand, "call", bpp=BPPPlayer(rng=0))
    assert [s["p_win"] for s in ex.data["steps"]] == pytest.approx([s.p_win for s in trace.steps])
    with pytest.raises(ValueError, match="must be one of"):
        logged_stud_explorer(hand, "call", agent="bpp-multi")

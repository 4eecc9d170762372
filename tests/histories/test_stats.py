"""player_stats on hand-built hands whose VPIP, PFR, AF, WTSD and W$SD are counted by hand."""

import json
import math

import pytest

from holdem.games import Draw5, LimitHoldem, NoLimitHoldem, Stud5
from holdem.games.base import ActionKind
from holdem.histories import player_stats, read_hands
from holdem.match import play_match

HAND = '''[{k}]
variant = "FT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
players = ["Ann", "Bob"]
actions = [{actions}]
finishing_stacks = [{fin}]
'''

# Heads-up, p1 = Ann (big blind), p2 = Bob (button, small blind, acts first pre-flop).
HANDS = [
    # 1: Bob raises to 4, Ann calls; flop: Ann checks, Bob bets, Ann raises, Bob calls; turn: Ann bets, Bob calls;
    #    river: both check; showdown, Ann's AA beats Bob's KK: Ann wins Bob's 4 + 4 + 4 = +12.
    (["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 4", "p1 cc", "d db 2s7h9c", "p1 cc", "p2 cbr 2", "p1 cbr 4",
      "p2 cc", "d db 3s", "p1 cbr 4", "p2 cc", "d db 4d", "p1 cc", "p2 cc", "p1 sm AcAd", "p2 sm KcKd"], "112, 88"),
    # 2: Bob folds pre-flop: Ann +1.
    (["d dh p1 AcAd", "d dh p2 KcKd", "p2 f"], "101, 99"),
    # 3: Bob calls (completes), Ann checks; flop: Ann bets, Bob folds: Ann +2.
    (["d dh p1 AcAd", "d dh p2 KcKd", "p2 cc", "p1 cc", "d db 2s7h9c", "p1 cbr 2", "p2 f"], "102, 98"),
    # 4: Bob calls, Ann raises to 4, Bob calls; flop: Ann bets, Bob calls; turn/river checked; Bob's KK wins: Bob +6.
    (["d dh p1 QcQd", "d dh p2 KcKd", "p2 cc", "p1 cbr 4", "p2 cc", "d db 2s7h9c", "p1 cbr 2", "p2 cc",
      "d db 3s", "p1 cc", "p2 cc", "d db 4d", "p1 cc", "p2 cc", "p1 sm QcQd", "p2 sm KcKd"], "94, 106"),
]


def test_tracker_numbers_counted_by_hand(tmp_path):
    text = "".join(HAND.format(k=k, actions=", ".join(f'"{a}"' for a in acts), fin=fin)
                   for k, (acts, fin) in enumerate(HANDS, start=1))
    (tmp_path / "h.phhs").write_text(text)
    hands = read_hands(tmp_path / "h.phhs")
    assert hands.problems == [] and len(hands) == 4
    s = {p.name: p for p in player_stats(hands).players}
    ann, bob = s["Ann"], s["Bob"]
    assert ann.hands == bob.hands == 4
    # VPIP: Ann calls a raise (1) and raises (4); checking her option (3) is not voluntary: 2/4.  Bob: 1, 3, 4: 3/4.
    assert ann.vpip == pytest.approx(2 / 4) and bob.vpip == pytest.approx(3 / 4)
    # PFR: Ann raised in 4, Bob in 1.
    assert ann.pfr == pytest.approx(1 / 4) and bob.pfr == pytest.approx(1 / 4)
    # AF post-flop: Ann raises (1), bets (1 turn), bets (3), bets (4) = 4, calls 0: inf.
    #               Bob bets (1) = 1; calls (1 flop, 1 turn, 4 flop) = 3: 1/3.
    assert ann.af == math.inf and bob.af == pytest.approx(1 / 3)
    # Saw the flop: both in 1, 3, 4. Showdowns: 1 and 4. WTSD 2/3 each; W$SD: Ann won 1, Bob won 4: 1/2 each.
    assert ann.saw_flop == bob.saw_flop == 3
    assert ann.wtsd == pytest.approx(2 / 3) and bob.wtsd == pytest.approx(2 / 3)
    assert ann.wsd == pytest.approx(1 / 2) and bob.wsd == pytest.approx(1 / 2)
    # Winnings in small bets (2 chips): Ann +12 +1 +2 -6 = +9 chips = 4.5 sb over 4 hands.
    assert ann.total == pytest.approx(4.5) and ann.winnings == pytest.approx(4.5 / 4)
    assert bob.total == pytest.approx(-4.5) and ann.ci95[0] < ann.winnings < ann.ci95[1]
    d = json.loads(player_stats(hands).to_json())
    assert {"name", "hands", "vpip", "pfr", "af", "wtsd", "wsd", "winnings"} <= set(d["players"][0])
    assert "Ann" in player_stats(hands).table()


def test_bpp_stats_command(tmp_path, capsys):
    from bpp.cli import main
    from holdem.games import LimitHoldem
    from holdem.match import play_match

    play_match(LimitHoldem(), ["call", "raise"], 30, rng=1, log=tmp_path / "m.jsonl")
    (tmp_path / "bad.phh").write_text('variant = "PO"\n')
    assert main(["stats", str(tmp_path / "m.jsonl"), str(tmp_path / "bad.phh"), "--json",
                 "--figure", str(tmp_path / "f.png")]) == 0
    out = json.loads(capsys.readouterr().out)
    call = next(p for p in out["players"] if p["name"] == "call")
    assert call["hands"] == 30 and call["pfr"] == 0 and call["vpip"] == 1 and len(out["problems"]) == 1
    assert (tmp_path / "f.png").stat().st_size > 0
    assert main(["stats", str(tmp_path / "bad.phh")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("warning:") and err[-1].startswith("error: no hand")


def _replayed_counts(hand):
    """One hand's tracker counts per seat, replayed action by action through the engine (the oracle).

    A call faces a bet when the engine's observation says the seat owes chips (``to_call > 0``); a
    seat saw the flop when the engine reached the second round with it not folded.
    """
    state = hand.new_state()
    n = hand.n_players
    c = {k: [0] * n for k in ("vpip", "pfr", "saw", "sd", "won", "aggr", "calls")}
    folded = [False] * n
    reached = False
    for seat, action in hand.actions:
        obs = state.observation(seat)
        r = state.round
        if r >= 1 and not reached:
            c["saw"], reached = [int(not f) for f in folded], True
        if action.kind == ActionKind.FOLD:
            folded[seat] = True
        elif action.kind == ActionKind.CHECK_CALL and obs.to_call > 0:
            if r == 0:
                c["vpip"][seat] = 1
            else:
                c["calls"][seat] += 1
        elif action.kind == ActionKind.BET_RAISE:
            if r == 0:
                c["vpip"][seat] = c["pfr"][seat] = 1
            else:
                c["aggr"][seat] += 1
        state.apply(action)
    if state.round >= 1 and not reached:  # all-in before the flop: the board was dealt without actions
        c["saw"] = [int(not f) for f in folded]
    left = n - sum(folded)
    c["sd"] = [int(left >= 2 and not f) for f in folded]
    c["won"] = [int(sd and p > 0) for sd, p in zip(c["sd"], hand.payoffs)]
    return c


@pytest.mark.parametrize("game", [LimitHoldem(), LimitHoldem(n_players=4), NoLimitHoldem(), Stud5(), Draw5(),
                                  Stud5(n_players=3)], ids=repr)
def test_counts_over_all_hands_at_once_equal_replaying_each_hand(tmp_path, game):
    """The numpy counts over every hand equal the engine's own view, hand by hand, for every game bpp logs."""
    agents = [f"{a}" for a in (["random", "call", "raise"] * 4)[: game.n_players]]
    play_match(game, agents, 150, rng=7, log=tmp_path / "m.jsonl")
    hands = read_hands(tmp_path / "m.jsonl")
    assert len(hands) == 150 and not hands.problems
    want: dict = {}
    for hand in hands:
        c = _replayed_counts(hand)
        for s, name in enumerate(hand.names):
            row = want.setdefault(name, {k: 0 for k in c} | {"n": 0, "chips": 0.0})
            row["n"] += 1
            row["chips"] += hand.payoffs[s] / game.unit_chips
            for k in c:
                row[k] += c[k][s]
    got = {p.name: p for p in player_stats(hands).players}
    assert set(got) == set(want)
    for name, w in want.items():
        p = got[name]
        assert (p.hands, p.saw_flop, p.showdowns) == (w["n"], w["saw"], w["sd"]), name
        assert p.vpip == pytest.approx(w["vpip"] / w["n"]) and p.pfr == pytest.approx(w["pfr"] / w["n"]), name
        assert p.total == pytest.approx(w["chips"]), name
        if w["calls"]:
            assert p.af == pytest.approx(w["aggr"] / w["calls"]), name
        else:
            assert p.af == (math.inf if w["aggr"] else pytest.approx(math.nan, nan_ok=True)), name
        if w["sd"]:
            assert p.wsd == pytest.approx(w["won"] / w["sd"]), name


def test_no_hands_gives_no_rows():
    assert player_stats([]).players == ()

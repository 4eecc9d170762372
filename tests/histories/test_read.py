"""holdem.histories.read: PHH, ACPC and bpp logs in, each hand replayed through the engine."""

import glob

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem.agents import UniformRandom
from holdem.games import Draw5, LimitHoldem, NoLimitHoldem, Stud5
from holdem.histories import read_hands
from holdem.match import acpc_lines, play_match, write_phh


class Recorder(UniformRandom):
    """A random player that records what a live match shows it: its seat and every public event, per hand."""

    def __init__(self, *, rng=None):
        super().__init__(rng=rng)
        self.hands = []

    def new_hand(self, seat):
        self.hands.append((seat, []))

    def observe(self, event):
        self.hands[-1][1].append(event)


GAMES = {"limit2": LimitHoldem(), "limit4": LimitHoldem(n_players=4), "nolimit": NoLimitHoldem(), "stud5": Stud5(),
         "draw5": Draw5(n_players=3)}


def _live_match(game, seed, path):
    agents = [Recorder(rng=seed * 10 + i) for i in range(game.n_players)]
    play_match(game, agents, 30, rng=seed, log=path)
    return agents


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**31))
def test_export_then_import_is_the_identity_on_events_and_payoffs(tmp_path_factory, key, seed):
    """What the live agents saw, the log, PHH and ACPC (hold'em) all read back to the same events and payoffs."""
    game = GAMES[key]
    d = tmp_path_factory.mktemp(key)
    agents = _live_match(game, seed, d / "m.jsonl")
    logged = read_hands(d / "m.jsonl")
    assert logged.problems == [] and len(logged) == 30
    import json

    lines = [json.loads(x) for x in (d / "m.jsonl").read_text().splitlines()]
    payoffs = [tuple(x["payoffs"]) for x in lines if x["type"] == "hand"]
    assert [h.payoffs for h in logged] == payoffs
    for k, h in enumerate(logged):
        for agent in agents:
            seat, seen = agent.hands[k]
            assert tuple(seen) == h.events  # the public events as the live agents were told them
            assert h.names[seat] == agent.name
    if "holdem" in game.name:
        write_phh(d / "m.jsonl", d / "phh")
        acpc_lines(d / "m.jsonl", path=d / "m.acpc")
        phh = read_hands(sorted(glob.glob(str(d / "phh" / "*.phh"))))
        acpc = read_hands(d / "m.acpc", game=game)
        assert phh.problems == acpc.problems == []
        for a, b, c in zip(logged, phh, acpc, strict=True):
            assert a.by_position() == b.by_position() == c.by_position()


def test_pokerkit_reads_bpps_phh_to_the_same_final_stacks(tmp_path):
    from pokerkit import HandHistory

    for game in (LimitHoldem(n_players=3), NoLimitHoldem()):
        play_match(game, ["random"] * game.n_players, 40, rng=2, log=tmp_path / f"{game.name}.jsonl")
        paths = write_phh(tmp_path / f"{game.name}.jsonl", tmp_path / game.name)
        ours = read_hands(paths)
        for path, hand in zip(paths, ours, strict=True):
            hh = HandHistory.load(open(path, "rb"))
            *_, final = iter(hh)
            n = game.n_players
            order = [(hand.button + 1 + k) % n for k in range(n)]
            assert list(final.stacks) == [game.starting_stack + hand.payoffs[s] for s in order]


PHH = '''variant = "FT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = [{actions}]
finishing_stacks = [{fin}]
'''


def _phhs(tmp_path, hands):
    text = "".join(f"[{k}]\n" + PHH.format(actions=", ".join(f'"{a}"' for a in acts), fin=fin)
                   for k, (acts, fin) in enumerate(hands, start=1))
    path = tmp_path / "f.phhs"
    path.write_text(text)
    return path


def test_hand_written_phh_hands_replay_and_bad_ones_are_reported_one_line_each(tmp_path):
    good = (["d dh p1 AsKs", "d dh p2 7h2c", "p2 cbr 4", "p1 cc", "d db 2d3d4d", "p1 cc", "p2 cbr 2", "p1 f"], "96, 104")
    hands = [
        good,
        (["d dh p1 AsKs", "d dh p2 7h2c", "p2 cbr 5"], "100, 100"),  # not the fixed raise
        (["d dh p1 AsKs", "d dh p2 AsKs", "p2 f"], "101, 99"),  # duplicate cards
        (["d dh p1 AsKs", "d dh p2 7h2c", "p2 f"], "100, 100"),  # payoffs disagree
        (["d dh p1 AsKs", "d dh p2 7h2c", "p3 f"], "101, 99"),  # a player missing from the seats
        (["d dh p1 AsKs", "d dh p2 7h2c", "p2 cc"], "100, 100"),  # truncated: the hand is not over
    ]
    path = _phhs(tmp_path, hands)
    read = read_hands(path)
    assert len(read) == 1 and read[0].payoffs == (-4, 4) and read[0].number == 1
    # hand counted by hand: p2 (the button, small blind) raises to 4, p1 calls; p1 checks, p2 bets 2, p1 folds
    assert [str(a) for _, a in read[0].actions] == ["r4", "c", "c", "r6", "f"]
    assert len(read.problems) == 5
    for number, word in zip(range(2, 7), ["action 3 (p2 cbr 5)", "As is dealt twice", "payoffs", "p3", "before its end"]):
        line = read.problems[number - 2]
        assert line.startswith(f"{path}: hand {number}: ") and word in line


def test_unknown_variants_and_unplayable_games_are_refused_by_name(tmp_path):
    omaha = PHH.format(actions='"p1 f"', fin="100, 100").replace('"FT"', '"PO"')
    six_nl = ('variant = "NT"\nantes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
              'starting_stacks = [100, 100, 100]\nactions = []\n')
    for name, text, word in (("o.phh", omaha, "'PO' (pot-limit Omaha hold'em)"), ("n.phh", six_nl, "heads-up")):
        (tmp_path / name).write_text(text)
        read = read_hands(tmp_path / name)
        assert len(read) == 0 and len(read.problems) == 1 and word in read.problems[0]


def test_mucked_cards_keep_the_files_payoffs(tmp_path):
    acts = ["d dh p1 AsKs", "d dh p2 ????", "p2 cc", "p1 cc", "d db 2d3d4d", "p1 cc", "p2 cc", "d db 5h", "p1 cc",
            "p2 cc", "d db 9c", "p1 cc", "p2 cc", "p1 sm AsKs", "p2 sm"]
    read = read_hands(_phhs(tmp_path, [(acts, "98, 102")]))
    assert read.problems == [] and read[0].payoffs == (-2, 2) and read[0].holes[1] is None
    assert [e.player for e in read[0].events if e.kind == "showdown"] == [0]


def test_acpc_logs_with_header_and_bad_lines(tmp_path):
    text = ("# name/game/hands/seed x\n"
            "STATE:0:r300c/cr900c/cc/cc:AsKd|7h7c/2h5d9s/Tc/Jh:900|-900:a|b\n"
            "STATE:1:cc/r:AsKd|7h7c/2h5d9s:0|0:a|b\n"
            "STATE:2:x:AsKd|7h7c:0|0:a|b\n"
            "STATE:3:f:AsKd|7h7c:50|-50:b|a\n"
            "STATE:4:cc/cc/cc/cc:AsKd|7h7c/2h5d9s/Tc/Jh:-100|100:a|b\n"
            "SCORE:850|-850:a|b\n")
    (tmp_path / "m.log").write_text(text)
    read = read_hands(tmp_path / "m.log")
    # hand 0: p1 holds AsKd (ace high on 2h5d9sTcJh), p2 7h7c (a pair): p2 wins, the file says p1: reported
    # hand 3: p2 (the button, small blind) folds pre-flop and loses its 50 to p1 (the big blind)
    assert [h.number for h in read] == [3, 4] and read[0].game == NoLimitHoldem()  # r300: the ACPC no-limit game
    assert read[0].payoffs == (50, -50) and read[0].names == ("b", "a")
    assert len(read.problems) == 3
    assert "hand 0: payoffs" in read.problems[0] and "hand 1: " in read.problems[1] and "'x'" in read.problems[2]


def test_files_that_cannot_be_read_are_one_line_each(tmp_path):
    (tmp_path / "x.txt").write_text("hello\n")
    read = read_hands([tmp_path / "x.txt", tmp_path / "missing.phh"])
    assert len(read) == 0 and len(read.problems) == 2


def test_bpp_logs_of_every_game_read_back(tmp_path):
    for game in (Stud5(), Draw5(n_players=2)):
        r = play_match(game, ["random", "call"], 50, rng=4, log=tmp_path / f"{game.name}.jsonl")
        read = read_hands(tmp_path / f"{game.name}.jsonl")
        assert read.problems == []
        chips = np.array([[h.payoffs[h.names.index(a)] if a in h.names else 0 for a in ("random", "call")]
                          for h in read])
        assert np.allclose(chips.sum(0) / game.unit_chips, r.winnings.sum(0))


POKERSTARS = """PokerStars Hand #1234567890:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 12:00:00 ET
Table 'Alpha' 2-max Seat #1 is the button
Seat 1: Ann ($2.00 in chips)
Seat 2: Bob ($2.00 in chips)
Ann: posts small blind $0.01
Bob: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Ann [As Ks]
Ann: raises $0.04 to $0.06
Bob: calls $0.04
*** FLOP *** [2d 3d 4d]
Bob: checks
Ann: bets $0.08
Bob: folds
Uncalled bet ($0.08) returned to Ann
Ann collected $0.12 from pot
*** SUMMARY ***
Total pot $0.12 | Rake $0



PokerStars Hand #1234567891:  Hold'em Limit ($0.02/$0.04 USD) - 2020/01/01 12:01:00 ET
Table 'Alpha' 2-max Seat #2 is the button
Seat 1: Ann ($2.06 in chips)
Seat 2: Bob ($1.94 in chips)
Bob: posts small blind $0.01
Ann: posts big blind $0.02
*** HOLE CARDS ***
Bob: folds
*** SUMMARY ***

"""


def test_site_logs_come_through_pokerkits_parsers(tmp_path, capfd):
    (tmp_path / "stars.txt").write_text(POKERSTARS)
    read = read_hands(tmp_path / "stars.txt")
    # hand 1, in cents: Ann (button, small blind) raises to 6, Bob calls; Bob checks, Ann bets 8, Bob folds: Bob -6
    assert len(read) == 1 and read[0].game == NoLimitHoldem(small_blind=1, big_blind=2, stack=200)
    assert read[0].names == ("Bob", "Ann") and read[0].payoffs == (-6, 6) and read[0].holes[0] is None
    assert [str(a) for _, a in read[0].actions] == ["r6", "c", "c", "r14", "f"]
    # pokerkit's PokerStars parser knows no-limit only: the limit hand is one line, and no traceback leaks
    assert len(read.problems) == 1 and "Hold'em Limit" in read.problems[0]
    assert "Traceback" not in capfd.readouterr().err

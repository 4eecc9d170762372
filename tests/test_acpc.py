"""The ACPC protocol: gamedefs, the MATCHSTATE client driven by pokerkit's transcripts, the loopback dealer."""

import json
import socket
import threading
import time

import numpy as np
import pytest

from bpp.acpc import ACPCPlayer, parse_matchstate, play_acpc, read_gamedef, run_dealer
from bpp.acpc.gamedef import LIMIT_GAMEDEF, NOLIMIT_GAMEDEF, gamedef_text
from bpp.registry import make_agent
from holdem.games import LimitHoldem, NoLimitHoldem
from holdem.histories import read_hands
from holdem.match import play_match, write_phh


def test_gamedefs_map_to_bpps_games_and_the_rest_is_refused_by_name():
    assert read_gamedef(NOLIMIT_GAMEDEF) == NoLimitHoldem()
    assert read_gamedef(LIMIT_GAMEDEF) == LimitHoldem(small_blind=5, big_blind=10, small_bet=10, big_bet=20)
    for game in (LimitHoldem(), NoLimitHoldem(small_blind=1, big_blind=2, stack=400)):
        assert read_gamedef(gamedef_text(game)) == game
    for old, new, word in [
        ("numPlayers = 2", "numPlayers = 3", "numPlayers = 3"),
        ("nolimit", "potlimit", "'potlimit'"),
        ("numBoardCards = 0 3 1 1", "numBoardCards = 0 3 1", "numBoardCards = 0 3 1"),
        ("stack = 20000 20000", "stack = 20000 10000", "stack = 20000 10000"),
        ("numRanks = 13", "numRanks = 6", "numRanks = 6"),
        ("numHoleCards = 2", "numHoleCards = 4", "numHoleCards = 4"),
    ]:
        with pytest.raises(ValueError, match=word.replace("[", r"\[").replace("]", r"\]")):
            read_gamedef(NOLIMIT_GAMEDEF.replace(old, new))
    with pytest.raises(ValueError, match="maxRaises = 3 3 3 3"):
        read_gamedef(LIMIT_GAMEDEF.replace("maxRaises = 3 4 4 4", "maxRaises = 3 3 3 3"))


def test_malformed_matchstates_are_value_errors_naming_the_line():
    for line, word in [("MATCHSTATE:0:1:c", "expected MATCHSTATE"), ("MATCHSTATE:x:1::AsKd|", "position 'x'"),
                       ("MATCHSTATE:0:1:cq:AsKd|", "'q'"), ("MATCHSTATE:0:1::Zz9d|", "'Zz'"),
                       ("MATCHSTATE:0:1::|AsKd", "own hole cards"), ("MATCHSTATE:5:1::AsKd|", "position 5")]:
        with pytest.raises(ValueError, match=f"bad MATCHSTATE .*{word}"):
            parse_matchstate(line, NoLimitHoldem())
    player = ACPCPlayer(make_agent("call", rng=0), NoLimitHoldem())
    with pytest.raises(ValueError, match="board cards"):  # betting ended the round but no flop was sent
        player.respond("MATCHSTATE:0:1:cc:AsKd|")
    with pytest.raises(ValueError, match="r50"):  # a raise below the minimum
        player.respond("MATCHSTATE:0:2:r50:AsKd|")


class Scripted:
    """Answers the logged actions of its seat, and records what the client shows it."""

    def __init__(self, actions):
        self.actions = list(actions)
        self.seen = []
        self.events = []

    def new_hand(self, seat):
        self.seat = seat

    def observe(self, event):
        self.events.append(event)

    def act(self, observation):
        self.seen.append(observation)
        return self.actions.pop(0)


@pytest.mark.parametrize("game", [LimitHoldem(), NoLimitHoldem()])
def test_pokerkit_transcripts_drive_the_client_decision_by_decision(tmp_path, game):
    play_match(game, ["random", "random"], 40, rng=3, log=tmp_path / "m.jsonl")
    from pokerkit import HandHistory

    hands = read_hands(tmp_path / "m.jsonl")
    paths = write_phh(tmp_path / "m.jsonl", tmp_path / "phh")
    decisions = 0
    for path, hand in zip(paths, hands, strict=True):
        hh = HandHistory.load(open(path, "rb"))
        for position in range(2):
            seat = (hand.button + 1 + position) % 2
            agent = Scripted(a for s, a in hand.actions if s == seat)
            player = ACPCPlayer(agent, game)
            transcript = list(hh.to_acpc_protocol(position, hand.number))
            for k, (who, line) in enumerate(transcript):
                if who != "S->":
                    continue
                answer = player.respond(line.strip())
                expected = transcript[k + 1][1].strip() if k + 1 < len(transcript) and transcript[k + 1][0] == "<-C" else None
                if expected is not None and game.name == "limit-holdem":
                    expected = expected.rsplit(":", 1)[0] + ":" + expected.rsplit(":", 1)[1][:1]  # limit raises: 'r'
                assert answer == expected, (path, line)
                decisions += answer is not None
            assert agent.actions == []  # every decision of the seat was asked, in order
            for obs in agent.seen:
                assert obs.hole == hand.holes[seat]
            # the events told (seats are ACPC positions) are the hand's, showdowns included when both showed
            assert agent.events == list(hand.by_position()[1])
    assert decisions > 100


def _serve(game, n, seed, log, agents, **kw):
    """A dealer thread and one client thread per agent (None: the test drives that seat itself)."""
    ports = []
    ready = threading.Event()
    out = {}

    def dealer():
        try:
            out["result"] = run_dealer(game, n, seed, log, names=("a", "b"),
                                       on_ports=lambda p1, p2: (ports.extend([p1, p2]), ready.set()), **kw)
        except Exception as exc:  # reported by the test
            out["error"] = exc
            ready.set()

    threads = [threading.Thread(target=dealer, daemon=True)]
    threads[0].start()
    assert ready.wait(10)
    for agent, port in zip(agents, ports):
        if callable(agent) and not hasattr(agent, "act"):
            threads.append(threading.Thread(target=agent, args=(port,), daemon=True))
        else:
            threads.append(threading.Thread(target=play_acpc, args=(agent, game), kwargs={"port": port, "timeout": 30},
                                            daemon=True))
        threads[-1].start()
    for t in threads:
        t.join(120)
        assert not t.is_alive()
    if "error" in out:
        raise out["error"]
    return out["result"]


def _hand_lines(path):
    return [line for line in open(path) if '"type":"hand"' in line]


def test_a_dealer_and_two_clients_play_the_in_process_match(tmp_path):
    from pokerkit import HandHistory, NoLimitTexasHoldem

    game = NoLimitHoldem()
    res = _serve(game, 200, 11, tmp_path / "m.log", [make_agent("random", rng=1), make_agent("call-raise", rng=2)])
    assert res.hands == 200 and res.forfeits == []
    play_match(game, [make_agent("random", rng=1), make_agent("call-raise", rng=2)], 200, rng=11,
               log=tmp_path / "inproc.jsonl")
    assert _hand_lines(tmp_path / "m.jsonl") == _hand_lines(tmp_path / "inproc.jsonl")
    text = (tmp_path / "m.log").read_text()
    assert text.startswith("# name/game/hands/seed a b") and text.count("\nSTATE:") == 200
    pk = NoLimitTexasHoldem((), True, 0, (50, 100), 100)
    ours = read_hands(tmp_path / "m.log")
    assert ours.problems == [] and len(ours) == 200
    theirs = list(HandHistory.from_acpc_protocol(pk, 20_000, text, error_status=True))
    for hh, hand in zip(theirs, ours, strict=True):
        *_, final = iter(hh)
        assert list(final.payoffs) == list(hand.payoffs)


def _raw_client(behaviour):
    def run(port):
        try:
            _misbehave(port, behaviour)
        except OSError:  # the dealer closed the connection at the end of the match
            pass

    return run


def _misbehave(port, behaviour):
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(b"VERSION:2.0.0\r\n")
        for _ in s.makefile("r"):
            if behaviour == "disconnect":
                return
            if behaviour == "garbage":
                s.sendall(b"hello dealer\r\n")
            # "stall": never answer, read until the dealer closes


@pytest.mark.parametrize("behaviour", ["garbage", "stall", "disconnect"])
def test_misbehaving_clients_forfeit_and_the_dealer_keeps_its_logs(tmp_path, behaviour):
    game = LimitHoldem()
    start = time.monotonic()
    res = _serve(game, 6, 2, tmp_path / "m.log", [make_agent("raise", rng=1), _raw_client(behaviour)], timeout=0.3)
    assert time.monotonic() - start < 60
    assert res.hands == 6 and res.forfeits
    assert all(f["seat"] == 1 for f in res.forfeits)
    hands = read_hands(tmp_path / "m.log", game=game)
    assert hands.problems == [] and len(hands) == 6
    # the forfeiting seat folds to the first bet of every hand it was asked in; the good client never loses
    assert res.chips[0] > 0
    assert len(read_hands(tmp_path / "m.jsonl")) == 6


def test_the_commands_print_ports_first_and_refuse_bad_gamedefs_in_one_line(tmp_path, capsys):
    import os
    import subprocess
    import sys

    from bpp.cli import main

    assert main(["acpc", "gamedef", "limit-holdem"]) == 0
    (tmp_path / "limit.game").write_text(capsys.readouterr().out)
    (tmp_path / "six.game").write_text(NOLIMIT_GAMEDEF.replace("numPlayers = 2", "numPlayers = 6"))
    assert main(["acpc", "dealer", str(tmp_path / "six.game"), "--hands", "5", "--seed", "1",
                 "--log", str(tmp_path / "x.log")]) == 2
    assert capsys.readouterr().err.strip() == "error: gamedef: numPlayers = 6; bpp's ACPC games are 2-player hold'em"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    cmd = [sys.executable, "-m", "bpp.cli", "acpc"]
    dealer = subprocess.Popen(cmd + ["dealer", str(tmp_path / "limit.game"), "--hands", "20", "--seed", "4", "--log",
                                     str(tmp_path / "m.log"), "--json"], stdout=subprocess.PIPE, text=True, env=env)
    try:
        first = dealer.stdout.readline().split()
        assert first[0] == "ports:" and len(first) == 3
        clients = [subprocess.Popen(cmd + ["play", name, "--port", port, "--gamedef", str(tmp_path / "limit.game"),
                                           "--seed", "1"], env=env, stderr=subprocess.PIPE, text=True)
                   for name, port in zip(["call", "raise"], first[1:])]
        out, _ = dealer.communicate(timeout=120)
        for c in clients:
            assert c.wait(timeout=60) == 0
    finally:
        dealer.kill()
    result = json.loads(out)
    assert result["hands"] == 20 and result["forfeits"] == [] and sum(result["chips"]) == 0

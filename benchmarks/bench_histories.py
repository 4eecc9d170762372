"""Hand histories: hands/s read and replayed (PHH, ACPC, bpp logs), player statistics, ACPC over loopback.

Beside ours, the anchor: pokerkit reading the same hands (``HandHistory.from_acpc_protocol``
for the ACPC file, ``HandHistory.loads`` plus a replay to the final state for PHH).

    .venv/bin/python benchmarks/bench_histories.py [--hands 10000] [--stats-hands 100000] [--acpc-hands 1000] [--only stats]
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from pathlib import Path

from bpp.acpc import play_acpc, run_dealer
from bpp.registry import make_agent
from holdem.games import LimitHoldem, NoLimitHoldem
from holdem.histories import player_stats, read_hands
from holdem.match import acpc_lines, play_match
from holdem.match.export import phh_text
from holdem.match.log import read_log


def _rate(n, seconds):
    return f"{n / seconds:9,.0f} hands/s ({n:,} hands in {seconds:.2f} s)"


def formats(d: Path, n: int) -> None:
    from pokerkit import HandHistory, NoLimitTexasHoldem

    game = NoLimitHoldem()
    play_match(game, ["random", "call"], n, rng=1, log=d / "m.jsonl")
    acpc_lines(d / "m.jsonl", path=d / "m.acpc")
    log = read_log(d / "m.jsonl")
    names = log.header["agents"]
    (d / "m.phhs").write_text("".join(f"[{k + 1}]\n" + phh_text(game, h, names) for k, h in enumerate(log.hands)))
    for label, path in (("bpp log", d / "m.jsonl"), ("ACPC", d / "m.acpc"), ("PHH (.phhs)", d / "m.phhs")):
        t = time.perf_counter()
        hands = read_hands(path)
        assert len(hands) == n and not hands.problems
        print(f"read + replay {label:<12} {_rate(n, time.perf_counter() - t)}")
    pk = NoLimitTexasHoldem((), True, 0, (50, 100), 100)
    sample = min(n, 1000)  # pokerkit is slower: a sample of the same hands
    text = "".join((d / "m.acpc").read_text().splitlines(keepends=True)[:sample])
    t = time.perf_counter()
    count = sum(1 for hh in HandHistory.from_acpc_protocol(pk, 20_000, text) for _ in [list(hh)])
    print(f"pokerkit ACPC parse + replay {_rate(count, time.perf_counter() - t)}")
    texts = [phh_text(game, h, names) for h in log.hands[:sample]]
    t = time.perf_counter()
    for text in texts:
        list(HandHistory.loads(text))
    print(f"pokerkit PHH parse + replay  {_rate(sample, time.perf_counter() - t)}")


def stats(d: Path, n: int) -> None:
    play_match(LimitHoldem(n_players=3), ["random", "call", "raise"], n // 3 + 1, rng=2, log=d / "s.jsonl")
    hands = read_hands(d / "s.jsonl")
    hands = (list(hands) * 3)[:n]
    player_stats(hands[:10])  # imports (scipy's t distribution) out of the timing
    t = time.perf_counter()
    player_stats(hands)
    print(f"player_stats                 {_rate(len(hands), time.perf_counter() - t)}")


def loopback(d: Path, n: int) -> None:
    game = LimitHoldem()
    ports, ready, out = [], threading.Event(), {}
    dealer = threading.Thread(target=lambda: out.setdefault("r", run_dealer(
        game, n, 3, d / "a.log", on_ports=lambda p1, p2: (ports.extend([p1, p2]), ready.set()))))
    dealer.start()
    ready.wait(10)
    t = time.perf_counter()
    clients = [threading.Thread(target=play_acpc, args=(make_agent("random", rng=i), game), kwargs={"port": p})
               for i, p in enumerate(ports)]
    for c in clients:
        c.start()
    for c in clients + [dealer]:
        c.join()
    seconds = time.perf_counter() - t
    print(f"ACPC loopback, 2 clients     {_rate(n, seconds)} (dealer and clients in one process)")
    t = time.perf_counter()
    play_match(game, [make_agent("random", rng=0), make_agent("random", rng=1)], n, rng=3, log=d / "b.jsonl")
    print(f"in-process play_match        {_rate(n, time.perf_counter() - t)} (same agents, logged)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--stats-hands", type=int, default=100_000)
    ap.add_argument("--acpc-hands", type=int, default=1_000)
    ap.add_argument("--only", choices=("formats", "stats", "loopback"), default=None, help="run one part")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        if args.only in (None, "formats"):
            formats(d, args.hands)
        if args.only in (None, "stats"):
            stats(d, args.stats_hands)
        if args.only in (None, "loopback"):
            loopback(d, args.acpc_hands)


if __name__ == "__main__":
    main()

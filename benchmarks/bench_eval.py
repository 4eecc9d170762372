"""Speed of hand evaluation and exact enumeration, beside the anchors when installed.

Run: ``.venv/bin/python benchmarks/bench_eval.py`` (``make bench`` installs the
anchors eval7, phevaluator, treys and pokerkit first).  Pin one core with
``taskset -c 0`` for the one-core figures.  Prints one line per measurement:
what, our figure, the target, and each anchor's figure.
"""

from __future__ import annotations

import argparse
import itertools
import time

import numpy as np

from holdem import parse_cards
from holdem.strength import hand_strength, potential
from holdem.evaluate import evaluate, evaluate_unchecked, hand_category
from holdem.tables import build_tables, load_tables
from _timing import best_time


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.int8)


def anchors_per_second(hands: np.ndarray, n: int = 200_000) -> dict[str, float]:
    """Hands/s of the installed anchors on the first n hands (Python loop around their C code)."""
    out: dict[str, float] = {}
    sample = hands[:n]
    names = ["23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in range(52)]
    try:
        import eval7

        cards = [[eval7.Card(names[c]) for c in h] for h in sample.tolist()]
        out["eval7"] = n / best_time(lambda: [eval7.evaluate(h) for h in cards], 1)
    except ImportError:
        pass
    try:
        from phevaluator import evaluate_cards

        # phevaluator's card ids are rank*4 + suit with suits c d h s: the same as ours
        rows = sample.tolist()
        out["phevaluator"] = n / best_time(lambda: [evaluate_cards(*h) for h in rows], 1)
    except ImportError:
        pass
    try:
        from treys import Card, Evaluator

        evaluator = Evaluator()
        cards = [[Card.new(names[c]) for c in h] for h in sample[: n // 4].tolist()]
        out["treys"] = (n // 4) / best_time(lambda: [evaluator.evaluate(h[:2], h[2:]) for h in cards], 1)
    except ImportError:
        pass
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=1_000_000, help="hands per batch (default 1,000,000)")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--no-anchors", action="store_true", help="skip eval7 / phevaluator / treys")
    args = parser.parse_args()

    start = time.perf_counter()
    tables = build_tables()
    print(f"tables: built in {time.perf_counter() - start:.2f} s (target <= 5 s), {tables.nbytes() / 2**20:.2f} MiB (target <= 64 MB)")
    load_tables()

    for k, target in ((5, 55), (6, None), (7, 40)):
        hands = random_hands(args.batch, k, seed=k)
        fast = args.batch / best_time(lambda: evaluate_unchecked(hands), args.repeat) / 1e6
        checked = args.batch / best_time(lambda: evaluate(hands), 3) / 1e6
        line = f"{k}-card random, batch {args.batch:,}: {fast:.1f} M hands/s unchecked, {checked:.1f} M checked"
        line += f" (target >= {target} M)" if target else ""
        if not args.no_anchors:
            for name, rate in anchors_per_second(hands).items():
                line += f"; {name} {rate / 1e6:.2f} M"
        print(line)

    one = parse_cards("As Ks Qd Jc 9h 2c 3d")
    print(f"one 7-card hand: {best_time(lambda: evaluate(one), 2000) * 1e6:.1f} us checked (target <= 20 us)")

    fives = np.array(list(itertools.combinations(range(52), 5)), dtype=np.int8)
    seconds = best_time(lambda: hand_category(evaluate_unchecked(fives)), 5)
    print(f"all 2,598,960 five-card hands categorized: {seconds * 1e3:.0f} ms (target <= 100 ms)")

    hole, flop = parse_cards("As Qc"), parse_cards("3h 4c Jh")
    ms = best_time(lambda: potential(hole, flop), 15) * 1e3
    print(f"Loki two-card potential (1,070,190 boards): {ms:.1f} ms (target <= 30 ms; eval7 ~220, phevaluator ~190)")
    ms1 = best_time(lambda: potential(hole, flop, lookahead=1), 30) * 1e3
    hs_ms = best_time(lambda: hand_strength(hole, flop), 100) * 1e3
    print(f"one-card potential: {ms1:.2f} ms; hand strength: {hs_ms:.2f} ms")


if __name__ == "__main__":
    main()

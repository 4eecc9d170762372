"""Speed of Poki's neural-network opponent model.

Run: ``taskset -c 0 .venv/bin/python benchmarks/bench_loki_nn.py``.  Prints one
prediction of a trained network (target ≤ 0.2 ms; scikit-learn's
``predict_proba`` beside it as the anchor), one online ``partial_fit`` batch,
and ten-player duplicate matches of ten learning copies (one instance each
for the whole match) of ``poki-nn``, ``poki-meta`` and, as the anchor,
``poki`` (target for ``poki-nn`` ≥ 50 hands/s).
"""

from __future__ import annotations

import time

import numpy as np

from bpp.loki.modeler.predictors import N_FEATURES, NeuralPredictor
from bpp.registry import match_agents
from holdem.games import LimitHoldem
from holdem.match import play_match

from _timing import best_time


def main():
    rng = np.random.default_rng(0)
    x = rng.random((256, N_FEATURES))
    y = rng.integers(0, 3, 256)
    net = NeuralPredictor(10, random_state=0, warmup=0)
    net.update(1, x, y)
    row = x[:1]
    print(f"network prediction, one context (numpy forward)         {best_time(lambda: net.predict(1, row), 200) * 1e3:8.4f} ms   target <= 0.2 ms")
    sk = net.nets_[1]
    print(f"  anchor: MLPClassifier.predict_proba, one context      {best_time(lambda: sk.predict_proba(row), 200) * 1e3:8.4f} ms")
    print(f"one online batch (256 records, 3 epochs, 1 partial_fit){best_time(lambda: net.update(2, x, y), 20) * 1e3:8.2f} ms")

    game = LimitHoldem(n_players=10)
    for name in ("poki-nn", "poki-meta", "poki"):
        agents = match_agents([name] * 10, rng=1)
        play_match(game, agents, 5, rng=1, duplicate=True)  # warm-up (imports, tables), networks start learning
        t = time.perf_counter()
        r = play_match(game, agents, 30, rng=2, duplicate=True)
        dt = time.perf_counter() - t
        print(f"ten-player duplicate match, ten learning {name:10s}   {r.n_hands / dt:8.1f} hands/s   target >= 50 (poki-nn)")


if __name__ == "__main__":
    main()

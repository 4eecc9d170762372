"""How long the belief explorer takes to write a page for one whole hand (target: <= 2 s).

Run: ``python benchmarks/bench_explore.py``.  Prints the best of a few runs
for each page kind: tracing the hand (BPP's warm-up hands are timed
separately, they are learning, not the page) plus serializing the networks
and writing the HTML.  The what-if click (<= 50 ms) is measured in the
browser by ``tests/explore/test_explore_browser.py`` (run it with ``-s``).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from _timing import best_time

from bpp.explore import holdem_explorer, stud_explorer


def main() -> None:
    out = Path(tempfile.mkdtemp()) / "page.html"
    print("page for a whole hand (trace + networks + HTML), best of 3; target <= 2 s")
    for label, make in (
        ("stud5 bpp, no warm-up", lambda: stud_explorer(4, warmup=0)),
        ("stud5 bpp-up, no warm-up", lambda: stud_explorer(4, player="bpp-up", warmup=0)),
        ("stud5 bpp-card, no warm-up", lambda: stud_explorer(11, player="bpp-card", warmup=0)),
        ("limit-holdem, 5 players", lambda: holdem_explorer(5)),
        ("limit-holdem, 10 players", lambda: holdem_explorer(7, n_players=10)),
    ):
        t = best_time(lambda: make().save(out), repeat=3)
        print(f"  {label:28s} {t:6.2f} s   ({out.stat().st_size // 1024} kB)")
    for player in ("bpp", "bpp-card"):
        start = time.perf_counter()
        stud_explorer(4, player=player, warmup=200)
        print(f"  stud5 {player} with the default 200 warm-up hands: {time.perf_counter() - start:.2f} s (learning included)")


if __name__ == "__main__":
    main()

"""The probe behind `bpp reproduce`'s loki-potential experiment plays exactly as player A and reads D's decision right."""

import numpy as np

from bpp.reproduce.loki_potential import composition_run, decision_summary, probe_factory
from holdem.games import LimitHoldem
from holdem.match import play_match


def test_the_probe_plays_exactly_as_player_a():
    records = []
    make, _ = probe_factory(records)
    probe = play_match(LimitHoldem(n_players=2), [make, "loki-d"], 30, rng=7, duplicate=True)
    plain = play_match(LimitHoldem(n_players=2), ["loki", "loki-d"], 30, rng=7, duplicate=True)
    assert np.array_equal(probe.winnings, plain.winnings)
    assert records  # it saw post-flop decisions


def test_d_decisions_differ_only_where_potential_can_matter_and_folds_align():
    r = composition_run("heads-up", 40, 3)
    assert r["misaligned_folds"] == 0 and r["probe_hands"] == r["n_hands"]
    d = r["decisions"]
    a, dd, ppot, pot_odds = (np.array(d[k]) for k in ("a", "d", "ppot", "pot_odds"))
    ehs, hs = np.array(d["ehs"]), np.array(d["hs_n"])
    changed = a != dd
    # potential raises EHS or allows a pot-odds call: a change needs EHS > HS_n or Ppot > pot odds
    assert np.all((ehs[changed] > hs[changed]) | (ppot[changed] > pot_odds[changed]))
    assert np.all(ppot[np.array(d["street"]) == 3] == 0)  # no potential on the river: A and D agree there
    assert not changed[np.array(d["street"]) == 3].any()
    s = decision_summary(r)
    assert sum(x["changed"] for x in s["streets"].values()) == int(changed.sum())


def test_every_composition_has_at_most_one_probe_seat():
    from bpp.reproduce.loki_potential import COMPOSITIONS

    assert all(seats.count("probe") <= 1 for seats in COMPOSITIONS.values())  # the probes share one hand counter

"""``bpp inspect stud5``: BPP's belief trace of one hand, as a table, a drawing and JSON (the notebook that steps
through it is the BPP tutorial, docs/tutorials/bpp.ipynb, executed by tests/docs)."""

from __future__ import annotations


def test_inspect_command_writes_the_png(tmp_path, capsys):
    from bpp.cli import main

    out = tmp_path / "trace.png"
    assert main(["inspect", "stud5", "--seed", "2", "--warmup", "20", "--out", str(out)]) == 0
    assert out.stat().st_size > 10_000
    assert "P(win)" in capsys.readouterr().out


def test_inspect_traces_the_card_level_bpp(tmp_path, capsys):
    import numpy as np

    from bpp.cli import main
    from bpp.stud.experiments.inspection import trace_hand

    out = tmp_path / "card.png"
    assert main(["inspect", "stud5", "--player", "bpp-card", "--seed", "3", "--warmup", "20", "--out", str(out)]) == 0
    assert out.stat().st_size > 10_000
    printed = capsys.readouterr().out
    assert "OPP up" in printed and "top OPP type now" in printed
    trace = trace_hand(rng=3, warmup=20, player="bpp-card")
    for step in trace.steps:  # both belief panels are distributions over the same posterior
        np.testing.assert_allclose([step.opp_current.sum(), step.opp_final.sum()], 1.0, atol=1e-9)
    assert trace.player == "bpp-card" and trace.steps[0].opp_current_states[-1] == "A"


def test_inspect_traces_every_variant_and_a_dynamic_networks_slices_line_up(capsys):
    """`bpp inspect stud5 --player` takes every heads-up §6 variant; the DBN's later slices get their own columns."""
    from bpp.cli import main
    from bpp.stud.experiments.inspection import TRACED, trace_hand

    assert set(TRACED) >= {"bpp", "bpp-up", "bpp-linked", "bpp-actions", "bpp-bluff", "bpp-dbn", "bpp-showing", "bpp-card"}
    for player in ("bpp-bluff", "bpp-showing"):
        trace = trace_hand(rng=4, warmup=0, player=player)
        assert trace.steps and all(0.0 <= s.p_win <= 1.0 for s in trace.steps)
    assert main(["inspect", "stud5", "--player", "bpp-dbn", "--seed", "4", "--warmup", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header, rows = lines[1].split(), lines[2:]
    assert header[1:4] == ["BPP_Current_0", "OPP_Upcards_0", "OPP_Action_0"] and "OPP_Action_3" in header
    p_win = lines[1].index("P(win)")
    assert all(0.0 <= float(row[p_win:].split()[0]) <= 1.0 for row in rows)  # every row's P(win) under its header

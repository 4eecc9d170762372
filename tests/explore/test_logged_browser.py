"""The explorer pages of logged hands in headless Chromium: stepping, grids equal to Poki's traced tables, BPP's
posteriors equal to pgmpy's (the helpers of ``test_explore_browser``)."""

import numpy as np
import pytest

from bpp.explore.logged import logged_holdem_explorer, logged_stud_explorer
from holdem.games import LimitHoldem, Stud5
from holdem.histories import read_hands
from holdem.match import play_match
from holdem.ranges import CLASS_NAMES, CLASS_OF_HOLDING, HOLDINGS

from test_explore_browser import _check_against_pgmpy, _evidence  # noqa: E402 - this folder's helpers

pytestmark = pytest.mark.browser


def test_logged_heads_up_holdem_page_steps_through_pokis_tables(page, tmp_path):
    play_match(LimitHoldem(), ["poki", "random"], 6, rng=2, log=tmp_path / "m.jsonl")
    hand = max(read_hands(tmp_path / "m.jsonl"), key=lambda h: len(h.actions))
    ex = logged_holdem_explorer(hand, "poki")
    beliefs, steps = ex.trace, ex.data["steps"]
    page.goto(ex.save(tmp_path / "logged.html").as_uri())
    assert page.get_attribute("#app", "data-step") == "0"
    assert page.locator("#timeline li").count() == len(steps)
    # the page's steps: the deal, then one per card event and per action of the file (k = actions so far)
    walk, k, board = [(0, [])], 0, []
    for e in hand.events:
        if e.kind == "deal":
            board = board + list(e.cards)
            walk.append((k, board))
        elif e.kind == "action":
            k += 1
            walk.append((k, board))
    assert len(walk) == len(steps)
    opp = 1 - beliefs.observer
    for i, (s, (k, board)) in enumerate(zip(steps, walk)):
        assert page.get_attribute("#app", "data-step") == str(i)
        dead = np.isin(HOLDINGS, list(hand.holes[beliefs.observer]) + board).any(axis=1)
        w = np.where(dead, 0.0, beliefs.weights[opp][k])
        cells = dict(page.eval_on_selector_all(f'.gridbox[data-seat="{opp}"] td',
                                               "tds => tds.map(t => [t.dataset.class, +t.dataset.w])"))
        for c, name in enumerate(CLASS_NAMES):  # the page: mean scaled weight of the class's live holdings
            live = (CLASS_OF_HOLDING == c) & ~dead
            assert cells[name] == pytest.approx((w[live] / w.max()).mean() if live.any() else 0.0, abs=2e-4), (i, name)
        if s["cpt"] is not None:
            assert "the factor Poki's modeler multiplied" in page.inner_text("#cpt")
            assert "re-weighted" in page.inner_text(f'.gridbox[data-seat="{s["actor"]}"] h3')
        page.keyboard.press("ArrowRight")
    assert any(s["cpt"] for s in steps) and any(s["evaluation"] for s in steps)
    page.screenshot(path=str(tmp_path / "logged_holdem.png"), full_page=True)


def test_logged_stud_page_posteriors_equal_pgmpy(page, tmp_path):
    play_match(Stud5(), ["rules", "call"], 4, rng=3, log=tmp_path / "s.jsonl")
    hand = max(read_hands(tmp_path / "s.jsonl"), key=lambda h: len(h.actions))
    ex = logged_stud_explorer(hand, "call")
    page.goto(ex.save(tmp_path / "stud.html").as_uri())
    for i in range(len(ex.data["steps"])):
        assert page.get_attribute("#app", "data-step") == str(i)
        _check_against_pgmpy(page, ex)
        page.keyboard.press("ArrowRight")
    page.click('.node[data-node="BPP_Current"] .row[data-index="0"]')  # what-if
    assert _evidence(page)["BPP_Current"] == 0
    _check_against_pgmpy(page, ex)

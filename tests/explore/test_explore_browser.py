"""The explorer pages in headless Chromium: stepping, what-if evidence by clicking, posteriors equal to pgmpy's."""

import numpy as np
import pytest

from bpp.explore import holdem_explorer, stud_explorer

pytestmark = pytest.mark.browser


def _pgmpy(model, evidence: dict) -> dict:
    """Every node's posterior by pgmpy VariableElimination (evidence: node -> state index)."""
    from pgmpy.inference import VariableElimination

    names = {n: list(model.get_cpds(n).state_names[n]) for n in model.nodes()}
    ev = {k: names[k][v] for k, v in evidence.items()}
    ve = VariableElimination(model)
    out = {}
    for node in model.nodes():
        if node in ev:
            p = np.zeros(len(names[node]))
            p[names[node].index(ev[node])] = 1.0
        else:
            f = ve.query([node], evidence=ev, show_progress=False)
            p = np.array([f.get_value(**{node: s}) for s in names[node]])
        out[node] = p
    return out


def _page_posteriors(page) -> dict:
    """node -> {state name: P} read from the bars drawn on the page."""
    rows = page.eval_on_selector_all(
        ".node .row",
        "rows => rows.map(r => [r.closest('.node').dataset.node, r.dataset.state, r.dataset.p])",
    )
    out: dict = {}
    for node, state, p in rows:
        out.setdefault(node, {})[state] = float(p)
    return out


def _evidence(page) -> dict:
    return page.evaluate("() => window.bppExplorer.evidence()")


def _check_against_pgmpy(page, ex):
    step = int(page.get_attribute("#app", "data-step"))
    k = ex.data["steps"][step]["net"]
    model = ex.models[k]
    ev = _evidence(page)
    want = _pgmpy(model, ev)
    got = _page_posteriors(page)
    assert set(got) == set(model.nodes())
    for node, probs in got.items():
        states = [str(s) for s in model.get_cpds(node).state_names[node]]
        for state, p in probs.items():
            assert p == pytest.approx(want[node][states.index(state)], abs=1e-9), (node, state)
    # the page's engine over every state (nodes showing only their top states included)
    full = page.evaluate(
        "([k, ev]) => { const o = window.bppExplore.posteriors(window.bppExplorer.data.networks[k], ev);"
        " const r = {}; for (const n in o) r[n] = Array.from(o[n]); return r; }",
        [k, ev],
    )
    for node, p in full.items():
        np.testing.assert_allclose(p, want[node], atol=1e-9)
    return ev


def test_stud_page_steps_and_what_if_equal_pgmpy(page, tmp_path):
    ex = stud_explorer(4, warmup=30)
    path = ex.save(tmp_path / "stud.html")
    page.goto(path.as_uri())
    assert page.get_attribute("#app", "data-step") == "0"
    n = len(ex.data["steps"])
    _check_against_pgmpy(page, ex)
    page.click("#next")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#app", "data-step") == "2"
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("#app", "data-step") == "1"
    page.fill("#slider", str(n - 1))
    page.dispatch_event("#slider", "input")
    assert page.get_attribute("#app", "data-step") == str(n - 1)
    assert page.inner_text("#step-label").startswith(f"step {n}/{n}")
    page.click("#prev")
    step = int(page.get_attribute("#app", "data-step"))
    ev0 = _check_against_pgmpy(page, ex)
    # observed nodes are shaded and show their value
    for node in ev0:
        assert "observed" in page.get_attribute(f'.node[data-node="{node}"]', "class")
    # what-if: set OPP_Action to the other state, then a different BPP_Current
    net = ex.data["networks"][ex.data["steps"][step]["net"]]
    action = next(n for n in net["nodes"] if n["name"] == "OPP_Action")
    other = 1 - ev0.get("OPP_Action", 0)
    page.click(f'.node[data-node="OPP_Action"] .row[data-index="{other}"]')
    ev1 = _check_against_pgmpy(page, ex)
    assert ev1["OPP_Action"] == other and action["states"][other] in ("passive", "aggressive")
    before = _page_posteriors(page)["OPP_Final"]
    page.click('.node[data-node="BPP_Current"] .row[data-index="0"]')
    ev2 = _check_against_pgmpy(page, ex)
    assert ev2["BPP_Current"] == 0
    # clicking an observed state again clears that evidence
    page.click('.node[data-node="OPP_Action"] .row[data-index="%d"]' % other)
    ev3 = _check_against_pgmpy(page, ex)
    assert "OPP_Action" not in ev3
    assert _page_posteriors(page)["OPP_Final"] != before
    times = []
    for i in range(10):  # what-if timing: set and clear BPP_Current states (reported, never asserted)
        page.click(f'.node[data-node="BPP_Current"] .row[data-index="{i % 2}"]')
        times.append(float(page.get_attribute("#app", "data-last-update-ms")))
    print(f"\nwhat-if click (stud bpp, round {ex.data['steps'][step]['round'] + 1}): median {np.median(times):.2f} ms, "
          f"max {max(times):.2f} ms over {len(times)} clicks in the browser")
    _check_against_pgmpy(page, ex)
    page.wait_for_timeout(600)  # the bars' animation
    page.screenshot(path=str(tmp_path / "stud_bpp.png"), full_page=True)
    # reset returns to the step's evidence
    page.click("#reset")
    assert _evidence(page) == {k: v for k, v in ex.data["steps"][step]["evidence"].items()}


def test_bpp_up_page_equals_pgmpy(page, tmp_path):
    ex = stud_explorer(5, player="bpp-up", warmup=20)
    page.goto(ex.save(tmp_path / "up.html").as_uri())
    for _ in range(len(ex.data["steps"])):
        ev = _check_against_pgmpy(page, ex)
        assert "BPP_Showing" in ev
        page.keyboard.press("ArrowRight")
    page.click('.node[data-node="BPP_Showing"] .row[data-index="2"]')
    _check_against_pgmpy(page, ex)


@pytest.mark.parametrize("player", ["bpp-bluff", "bpp-actions", "bpp-showing"])
def test_variant_pages_through_the_hook_equal_pgmpy(page, tmp_path, player):
    """A §6 variant shown through the variant table: its own nodes drawn, every step and a what-if click equal pgmpy."""
    ex = stud_explorer(7, player=player, warmup=20)
    page.goto(ex.save(tmp_path / f"{player}.html").as_uri())
    for _ in range(len(ex.data["steps"])):
        _check_against_pgmpy(page, ex)
        page.keyboard.press("ArrowRight")
    if player == "bpp-bluff":  # what-if: the opponent is bluffing
        assert page.query_selector('.node[data-node="OPP_Bluff"]') is not None
        page.click('.node[data-node="OPP_Bluff"] .row[data-index="1"]')
        ev = _check_against_pgmpy(page, ex)
        assert ev["OPP_Bluff"] == 1
    elif player == "bpp-showing":  # its two nodes drawn and observed (BPP_Strength is a function of the evidence: no what-if)
        for node in ("BPP_Upcards", "BPP_Strength"):
            assert page.query_selector(f'.node[data-node="{node}"]') is not None
        assert {"BPP_Upcards", "BPP_Strength"} <= set(_check_against_pgmpy(page, ex))
    else:  # what-if: the opponent raised (or, if it did raise, bet: clicking the observed state would clear it)
        n = len(next(n for n in ex.data["networks"][0]["nodes"] if n["name"] == "OPP_Action")["states"])
        assert n == 4
        target = 2 if ex.data["steps"][-1]["evidence"].get("OPP_Action") == 3 else 3
        page.click(f'.node[data-node="OPP_Action"] .row[data-index="{target}"]')
        assert _check_against_pgmpy(page, ex)["OPP_Action"] == target
    page.wait_for_timeout(600)
    page.screenshot(path=str(tmp_path / f"{player}.png"), full_page=True)


def test_card_page_down_card_grid_and_relations(page, tmp_path):
    ex = stud_explorer(11, player="bpp-card", warmup=30)
    steps = ex.data["steps"]
    last = max(range(len(steps)), key=lambda i: len(steps[i]["evidence"]))
    assert steps[last]["evidence"], "the hand has a decision of the opponent"
    page.goto(ex.save(tmp_path / "card.html").as_uri())
    for _ in range(last):
        page.keyboard.press("ArrowRight")
    ev = _check_against_pgmpy(page, ex)
    model = ex.models[steps[last]["net"]]
    want = _pgmpy(model, ev)
    # the rank x suit grid: every candidate card's percentage, and the seen cards greyed out
    cells = page.eval_on_selector_all("#card-grid td[data-card]", "tds => tds.map(t => [t.dataset.card, t.className, t.title])")
    labels = next(n for n in ex.data["networks"][steps[last]["net"]]["nodes"] if n["name"] == "OPP_Down")["labels"]
    shown = {c: float(title.split("= ")[1]) for c, cls, title in cells if cls != "seen"}
    assert sorted(shown) == sorted(labels)
    for i, card in enumerate(labels):
        assert shown[card] == pytest.approx(want["OPP_Down"][i], abs=1e-4)
    assert sum(1 for _, cls, _ in cells if cls == "seen") == 52 - len(labels)
    assert page.locator("#relation .relrow").count() == sum(1 for n in model.nodes() if n.startswith("OPP_Rel_"))
    # what-if on the first decision: the other outcome
    first = ev["OPP_Action_0"]
    page.click(f'.node[data-node="OPP_Action_0"] .row[data-index="{(first + 1) % 3}"]')
    status = page.inner_text("#status")
    if "impossible" not in status:  # a fold is impossible when nothing was owed
        _check_against_pgmpy(page, ex)
    page.wait_for_timeout(600)
    page.screenshot(path=str(tmp_path / "stud_card.png"), full_page=True)


def test_holdem_page_grids_hover_and_cpt(page, tmp_path):
    from holdem.ranges import CLASS_NAMES

    ex = holdem_explorer(5)
    steps = ex.data["steps"]
    page.goto(ex.save(tmp_path / "holdem.html").as_uri())
    target = next(i for i, s in enumerate(steps) if s["cpt"] is not None and s["round"] > 0) if any(
        s["cpt"] is not None and s["round"] > 0 for s in steps) else next(i for i, s in enumerate(steps) if s["cpt"] is not None)
    for _ in range(target):
        page.keyboard.press("ArrowRight")
    assert page.get_attribute("#app", "data-step") == str(target)
    s = steps[target]
    seat = s["actor"]
    w = np.array(ex.data["pool"][s["tables"][str(seat)]])
    # the grid of the re-weighted opponent: mean weight of the live holdings of each class
    cells = page.eval_on_selector_all(
        f'.gridbox[data-seat="{seat}"] td', "tds => tds.map(t => [t.dataset.class, +t.dataset.w])"
    )
    cls = np.array(ex.data["cls"])
    for name, got in cells:
        k = CLASS_NAMES.index(name)
        live = (cls == k) & (w >= 0)
        assert got == pytest.approx(w[live].mean() if live.any() else 0.0, abs=1e-12)
    assert "re-weighted" in page.inner_text(f'.gridbox[data-seat="{seat}"] h3')
    # hover: the holdings of a class and their weights
    page.hover(f'.gridbox[data-seat="{seat}"] td[data-class="AKs"]')
    tip = page.inner_text("#tip")
    assert "AKs" in tip and tip.count("A") >= 4
    # the CPT that did the update and the triple at the real holding
    assert f"P({s['cpt']['action']}" in page.inner_text("#cpt")
    if s["evaluation"]:
        table = page.inner_text("#evaluation")
        assert f"{s['evaluation']['rows'][0]['hs']:.3f}" in table
    page.screenshot(path=str(tmp_path / "holdem.png"), full_page=True)


def test_holdem_last_grids_equal_inspect_tables(page, tmp_path):
    """At the last step every opponent's grid is WeightTable.grid() of the table ``bpp inspect limit-holdem`` ends with."""
    from bpp.explore._sources import holdem

    ex = holdem_explorer(3)
    _, tables = holdem()["trace_hand"](3, n_players=5)
    page.goto(ex.save(tmp_path / "holdem_last.html").as_uri())
    for _ in range(len(ex.data["steps"]) - 1):
        page.keyboard.press("ArrowRight")
    assert page.get_attribute("#app", "data-step") == str(len(ex.data["steps"]) - 1)
    for seat, streets in tables.items():
        want = streets[list(streets)[-1]].grid().ravel()
        got = np.array(page.eval_on_selector_all(f'.gridbox[data-seat="{seat}"] td', "tds => tds.map(t => +t.dataset.w)"))
        np.testing.assert_allclose(got / got.max(), want, atol=2e-4)


def test_noscript_message(browser, tmp_path):
    ex = stud_explorer(1, warmup=0)
    context = browser.new_context(java_script_enabled=False)
    pg = context.new_page()
    pg.goto(ex.save(tmp_path / "nojs.html").as_uri())
    assert "JavaScript" in pg.inner_text("body")
    context.close()

"""``bpp play``: a person plays through the page on a loopback port; bad and out-of-turn requests change nothing."""

import json
import threading
import urllib.error
import urllib.request

import pytest

from bpp.explore.play import make_server

pytestmark = pytest.mark.browser


@pytest.fixture(params=[("stud5", "bpp-card"), ("limit-holdem", "poki")], ids=["stud5", "holdem"])
def server(request):
    game, against = request.param
    srv = make_server(game, against, port=0, rng=7)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


def _url(srv, path=""):
    host, port = srv.server_address[:2]
    return f"http://{host}:{port}{path}"


def _post(srv, path, body: bytes):
    req = urllib.request.Request(_url(srv, path), data=body, headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def _get_state(srv):
    with urllib.request.urlopen(_url(srv, "/state"), timeout=30) as r:
        return json.loads(r.read())


def test_loopback_only(server):
    assert server.server_address[0] == "127.0.0.1"
    req = urllib.request.Request(_url(server, "/state"), headers={"Host": "evil.example:80"})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req, timeout=30)
    assert err.value.code == 403


def test_bad_requests_change_nothing(server):
    before = _get_state(server)
    bad = [
        b"not json",
        b"[1, 2]",
        json.dumps({"action": "__import__('os').system('true')", "hand": before["hand"], "turn": before["turn"]}).encode(),
        json.dumps({"action": "call", "hand": before["hand"] + 1, "turn": before["turn"]}).encode(),
        json.dumps({"action": "call", "hand": before["hand"], "turn": before["turn"] + 5}).encode(),
        json.dumps({"action": "call", "hand": before["hand"], "turn": before["turn"], "x": 1}).encode(),
    ]
    for body in bad:
        status, reply = _post(server, "/action", body)
        assert status in (400, 409), body
        assert reply["error"] and "Traceback" not in reply["error"]
        assert _get_state(server) == before
    status, reply = _post(server, "/new", json.dumps({"hand": before["hand"]}).encode())
    assert status == 409 and "not over" in reply["error"]
    status, reply = _post(server, "/nowhere", b"{}")
    assert status == 404


def test_play_a_hand_in_the_browser(server, page, tmp_path):
    page.goto(_url(server, "/"))
    page.wait_for_selector("#actions")
    game = server.session.game_name
    for _ in range(30):
        state = _get_state(server)
        if state["over"]:
            break
        # out of turn (a stale turn number from the page's point of view): clear message, nothing changes
        status, reply = _post(server, "/action", json.dumps({"action": "call", "hand": state["hand"], "turn": state["turn"] - 1}).encode())
        assert status == 409 and "stale" in reply["error"]
        turn = state["turn"]
        names = [a["name"] for a in state["legal"]]
        page.click(f'#actions button[data-action="{"call" if "call" in names else names[0]}"]')
        page.wait_for_function(f"() => +document.body.dataset.turn > {turn}")
        # after each action the page shows the agent's beliefs
        if game == "stud5":
            assert page.locator('.node[data-node="OPP_Down"]').count() == 1
            assert page.locator("#card-grid td[data-card]").count() == 52
        else:
            assert page.locator('.gridbox[data-seat="1"] td').count() == 169
    state = _get_state(server)
    assert state["over"] and "Hand over" in page.inner_text("#message")
    if state["learned"]:
        assert page.locator("#learned").count() == 1
    page.screenshot(path=str(tmp_path / f"play_{game}.png"), full_page=True)
    with page.expect_response(lambda r: r.url.endswith("/new")):
        page.click("#new-hand")
    assert _get_state(server)["hand"] == state["hand"] + 1

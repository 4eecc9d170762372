"""``bpp play``'s HTTP server against hostile and broken clients on 127.0.0.1.

Real sockets, bounded counts and timeouts: every bad request is one HTTP error
and one log line, the game unchanged; an idle or slow client does not delay
others.  No browser is needed.
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpp.explore import play
from bpp.explore.play import make_server


@pytest.fixture(scope="module")
def server():
    lines: list[str] = []
    srv = make_server("stud5", "bpp-card", port=0, rng=7, log=lines.append)
    srv.lines = lines
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


def _port(srv) -> int:
    return srv.server_address[1]


def _request(srv, method, path, body=b"", headers=None, timeout=10):
    conn = http.client.HTTPConnection("127.0.0.1", _port(srv), timeout=timeout)
    base = {"Content-Type": "application/json"} if method == "POST" else {}
    try:
        conn.request(method, path, body=body, headers=base | (headers or {}))
        r = conn.getresponse()
        return r.status, r.read()
    finally:
        conn.close()


def _state(srv) -> dict:
    status, data = _request(srv, "GET", "/state")
    assert status == 200
    return json.loads(data)


def _raw(srv, data: bytes, *, read=True, timeout=10) -> bytes:
    """Send raw bytes on a new connection; the whole answer (until the server closes)."""
    with socket.create_connection(("127.0.0.1", _port(srv)), timeout=timeout) as s:
        s.sendall(data)
        if not read:
            return b""
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
        return b"".join(chunks)


def _one_error(srv, status, reply, code, words, before):
    """One HTTP error with a JSON message, one log line naming it, the game unchanged."""
    assert status == code, reply
    message = json.loads(reply)["error"]
    assert words in message and "Traceback" not in message
    assert _state(srv) == before
    assert any(words in line for line in srv.lines[-3:]), srv.lines[-3:]


def _body(srv, **fields) -> bytes:
    st_ = _state(srv)
    return json.dumps({"action": "call", "hand": st_["hand"], "turn": st_["turn"]} | fields).encode()


CASES = [
    ("true is no hand", lambda srv: _body(srv, hand=True), {}, 400, "'hand' must be an integer; got true"),
    ("true is no turn", lambda srv: _body(srv, turn=True), {}, 400, "'turn' must be an integer; got true"),
    ("float hand", lambda srv: _body(srv, hand=1.0), {}, 400, "'hand' must be an integer; got 1.0"),
    ("string hand", lambda srv: _body(srv, hand="1"), {}, 400, "'hand' must be an integer"),
    ("nested 1020", lambda srv: b"[" * 1020 + b"]" * 1020, {}, 400, "not valid JSON"),
    ("nested object", lambda srv: b'[{"a":' * 200 + b"1" + b"}]" * 200, {}, 400, "must be a JSON object"),
    ("NaN", lambda srv: b'{"action": "call", "hand": NaN, "turn": 0}', {}, 400, "not valid JSON"),
    ("not utf-8", lambda srv: b"\xff\xfe{}", {}, 400, "not valid JSON"),
    ("cross-origin text/plain", lambda srv: _body(srv), {"Content-Type": "text/plain", "Origin": "http://evil.example"},
     403, "actions are taken only from the game's own page"),
    ("cross-origin json", lambda srv: _body(srv), {"Origin": "http://evil.example"}, 403, "only from the game's own page"),
    ("null origin", lambda srv: _body(srv), {"Origin": "null"}, 403, "only from the game's own page"),
    ("cross-site fetch", lambda srv: _body(srv), {"Sec-Fetch-Site": "cross-site"}, 403, "only from the game's own page"),
    ("text/plain same origin", lambda srv: _body(srv), {"Content-Type": "text/plain"}, 415, "application/json"),
    ("form", lambda srv: b"action=call", {"Content-Type": "application/x-www-form-urlencoded"}, 415, "application/json"),
    ("foreign host", lambda srv: _body(srv), {"Host": "evil.example"}, 403, "answers only on"),
    ("too long", lambda srv: b" " * 5000, {}, 413, "at most 2048 bytes"),
    ("huge length", lambda srv: b"{}", {"Content-Length": "99999999999999999999"}, 413, "at most 2048 bytes"),
    ("negative length", lambda srv: b"{}", {"Content-Length": "-1"}, 400, "at most 2048 bytes"),
    ("underscored length", lambda srv: b"{}", {"Content-Length": "0_2"}, 400, "at most 2048 bytes"),
]


@pytest.mark.parametrize("name, body, headers, code, words", CASES, ids=[c[0] for c in CASES])
def test_a_bad_request_is_one_error_and_one_log_line(server, name, body, headers, code, words):
    before = _state(server)
    status, reply = _request(server, "POST", "/action", body(server), headers)
    _one_error(server, status, reply, code, words, before)


def test_a_body_shorter_than_promised_times_out_and_others_are_served_meanwhile(server, monkeypatch):
    monkeypatch.setattr(play._Handler, "timeout", 1.0)
    before = _state(server)
    with socket.create_connection(("127.0.0.1", _port(server)), timeout=10) as slow:
        slow.sendall(b"POST /action HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000\r\n\r\n" % _port(server) + b"{" * 10)
        assert _state(server) == before  # answered while the slow client holds its connection
        answer = b""
        while chunk := slow.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.0 408") and b"did not arrive within" in answer
    assert _state(server) == before


def test_state_answers_while_ten_idle_connections_are_open(server):
    idle = [socket.create_connection(("127.0.0.1", _port(server)), timeout=10) for _ in range(10)]
    try:
        time.sleep(0.1)
        started = time.perf_counter()
        _state(server)
        seconds = time.perf_counter() - started
    finally:
        for s in idle:
            s.close()
    print(f"/state with ten idle connections open: {seconds * 1000:.1f} ms")
    # the single-threaded server waited for the first idle client for ever; 5 s is its read timeout
    assert seconds < 2.5, seconds


def test_an_early_disconnect_is_one_log_line_and_the_server_goes_on(server):
    before = _state(server)
    n = len(server.lines)
    for _ in range(5):  # the client sends its request and goes away before the answer
        with socket.create_connection(("127.0.0.1", _port(server)), timeout=10) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % _port(server))
    assert _state(server) == before
    assert all("Traceback" not in line and "\n" not in line for line in server.lines[n:])


def test_garbage_request_lines_are_one_error_each(server):
    before = _state(server)
    for data in (b"\x00\x01\x02\r\n\r\n", b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n", b"BREW / HTTP/1.1\r\n\r\n"):
        answer = _raw(server, data)
        assert answer.startswith(b"HTTP/1.") and b" 200 " not in answer.split(b"\r\n")[0]
    assert _state(server) == before


def test_a_good_action_still_plays(server):
    st_ = _state(server)
    if st_["over"] or not st_["legal"]:
        pytest.skip("the dealt hand gives the person no move")
    name = st_["legal"][0]["name"]
    status, reply = _request(server, "POST", "/action", json.dumps(
        {"action": name, "hand": st_["hand"], "turn": st_["turn"]}).encode(),
        {"Origin": f"http://127.0.0.1:{_port(server)}", "Sec-Fetch-Site": "same-origin"})
    assert status == 200 and json.loads(reply)["turn"] != st_["turn"] or json.loads(reply)["hand"] != st_["hand"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.binary(max_size=300) | st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.sampled_from(["action", "hand", "turn", "x"]), c, max_size=4),
    max_leaves=10).map(lambda v: json.dumps(v).encode()),
    path=st.sampled_from(["/action", "/new"]))
def test_the_request_parser_answers_anything_with_a_status_and_never_fails(server, body, path):
    before = _state(server)
    status, reply = _request(server, "POST", path, body)
    assert status in (200, 400, 409, 413)
    payload = json.loads(reply)
    if status != 200:
        assert payload["error"] and _state(server) == before

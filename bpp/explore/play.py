"""``bpp play``: a person plays heads-up against an agent on a local page and watches the agent's beliefs about their hand.

``bpp play stud5 --against bpp-card`` (the card-level BPP, Korb1999 §6.1,
§6.3) and ``bpp play limit-holdem --against poki`` (Billings2002) serve one
page on ``127.0.0.1`` (loopback only; standard library ``http.server``).
After every action the page shows the agent's view of the person's hand —
for stud the same network explorer as ``bpp explore`` (OPP_Down, one OPP_Rel
/ OPP_Action pair per decision, BPP_Win, the down card by rank and suit),
for hold'em Poki's weight table of the person and its HS/Ppot/Npot/EHS
against it — and after the showdown what the agent learned.

Requests: ``GET /`` (the page), ``GET /state`` (JSON), ``POST /action``
with ``{"action": "fold" | "call" | "raise", "hand": n, "turn": k}`` and
``POST /new`` with ``{"hand": n}``.  Every request is validated — a bad
body, an unknown or illegal action, a stale hand or turn number, an action
out of turn — and answered with a clear message and status 400 or 409,
the game unchanged.  The server is built so that no client can stop it or
act for the person: each connection has its own thread (at most 32 at once)
and must send its request within 5 s (an idle or slow client is dropped);
the body is refused above 2,048 bytes before it is read, must be
``application/json`` and is parsed with its types checked (``true`` is no
hand number); a ``POST`` from another site's page (its ``Origin`` or
``Sec-Fetch-Site``) is refused, as is any Host but this address.  Every
failure is one HTTP error and one line on stderr, never a traceback.  Nothing sent by the browser is ever evaluated: the
action is looked up in a fixed table.

>>> s = PlaySession("stud5", "bpp-card", rng=1)
>>> st = s.state()
>>> st["hand"], st["over"], sorted(a["name"] for a in st["legal"]) in (["call", "fold", "raise"], ["call", "raise"])
(1, False, True)
>>> s.act({"action": "shove", "hand": 1, "turn": st["turn"]})
Traceback (most recent call last):
...
bpp.explore.play.RequestError: unknown action 'shove': send one of fold, call, raise
"""

from __future__ import annotations

import copy
import html
import json
import sys
import threading
from collections.abc import Callable
from typing import Any
from http.server import BaseHTTPRequestHandler, HTTPServer, ThreadingHTTPServer

import numpy as np

from holdem._typing import RngLike
from holdem.checks import seed_sequence
from holdem.play import HandDriver

from bpp.explore.page import _asset, network_json, pgmpy_tables

__all__ = ["AGENTS", "PlaySession", "RequestError", "make_server", "render_play_page", "serve"]

#: Agents a person can play against, per game.
AGENTS = {"stud5": ("bpp-card",), "limit-holdem": ("poki",)}
_NAMES = {"fold": 0, "call": 1, "raise": 2}
_MAX_BODY = 2048


class RequestError(ValueError):
    """A request the game cannot take (``status`` 400: malformed; 409: not now)."""

    def __init__(self, message: str, status: int = 409):
        super().__init__(message)
        self.status = status


def render_play_page(title: str) -> str:
    """The play page: the table panel and the explorer, script and style inline (the state comes from ``/state``)."""
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<link rel=\"icon\" href=\"data:,\">\n"
        f"<title>{html.escape(title)}</title>\n<style>\n{_asset('page.css')}</style>\n</head>\n<body>\n"
        "<noscript><p>This page needs JavaScript to play and to draw the agent's beliefs; turn it on.</p></noscript>\n"
        f"<div class=\"bpp-explorer\"><header><h1>{html.escape(title)}</h1>"
        "<p class=\"sub\">You play heads-up; after each action the agent's beliefs about your hand are drawn below.</p>"
        "</header><div class=\"play\" id=\"play\">loading…</div></div>\n<div id=\"app\"></div>\n"
        f"<script>\n{_asset('page.js')}</script>\n<script>\n{_asset('play.js')}</script>\n</body>\n</html>\n"
    )


class PlaySession:
    """One person (seat 1) against one agent (seat 0), hand after hand; all state changes go through :meth:`act` / :meth:`new_hand`.

    Parameters
    ----------
    game : str
        ``"stud5"`` or ``"limit-holdem"``.
    against : str
        The agent (:data:`AGENTS`).
    rng
        Deals and the agent's randomness: None, a seed, a ``SeedSequence`` or a ``Generator`` (:func:`holdem.checks.seed_sequence`).
    """

    AGENT, HUMAN = 0, 1

    def __init__(self, game: str, against: str, *, rng: RngLike = 0) -> None:
        import bpp.registry as registry

        if game not in AGENTS:
            raise ValueError(f"The 'game' parameter of PlaySession must be one of {tuple(AGENTS)}; got {game!r}.")
        if against not in AGENTS[game]:
            raise ValueError(f"The 'against' parameter of PlaySession must be one of {AGENTS[game]} for {game}; got {against!r}.")
        self.game_name, self.against = game, against
        streams = seed_sequence(rng, "PlaySession").spawn(2)
        self.rng = np.random.default_rng(streams[0])
        self.agent = registry.make_agent(against, rng=np.random.default_rng(streams[1]))
        self.game: Any  # Stud5 or LimitHoldem
        if game == "stud5":
            from holdem.games import Stud5

            self.game = Stud5()
        else:
            from holdem.games import LimitHoldem

            self.game = LimitHoldem(n_players=2)
        self.driver = HandDriver([self.agent, None], on_turn=self._settled, on_decision=self._decided)
        self.lock = threading.Lock()
        self.hand = 0
        self.total = 0.0
        self.new_hand()

    # -- the hand ------------------------------------------------------------------------

    def new_hand(self, body: dict | None = None) -> dict:
        """Deal the next hand (``body``, from the page: ``{"hand": n}`` naming the hand that is over)."""
        if body is not None:
            _check_body(body, {"hand"})
            if body.get("hand") != self.hand:
                raise RequestError(f"stale request: hand {body.get('hand')!r} is not the current hand {self.hand}")
            if not self.state_.is_terminal:
                raise RequestError("the hand is not over yet: finish it first")
        self.hand += 1
        self.turn = 0
        self.learned_html = ""
        self.state_: Any = self.game.new_hand(self.rng.permutation(52), button=1)
        self.log: list[str] = []
        self.steps: list[dict] = []
        self.pool: list = []
        self._last: Any = "deal"  # the deal, then each decision, until the beliefs after it are recorded
        if self.driver.start(self.state_) is None:
            self._settled()
        return self.state()

    def act(self, body: dict[str, Any]) -> dict:
        """Apply the person's action ``{"action", "hand", "turn"}`` after validating it; then let the agent play.

        ``body`` is the request's parsed JSON; anything but such an object is a :class:`RequestError`.
        """
        from holdem.games.base import ActionKind

        _check_body(body, {"action", "hand", "turn"})
        name = body.get("action")
        if not isinstance(name, str) or name not in _NAMES:
            raise RequestError(f"unknown action {name!r}: send one of fold, call, raise", 400)
        if body.get("hand") != self.hand:
            raise RequestError(f"stale request: hand {body.get('hand')!r} is not the current hand {self.hand}")
        if body.get("turn") != self.turn:
            raise RequestError(f"stale request: turn {body.get('turn')!r} is not the current turn {self.turn} (reload the page)")
        if self.state_.is_terminal:
            raise RequestError("the hand is over: start the next hand")
        if self.driver.pending != self.HUMAN:
            raise RequestError("it is not your turn")
        obs = self.driver.observation()
        kind = ActionKind(_NAMES[name])
        action = next((a for a in obs.legal if a.kind == kind), None)
        if action is None:
            legal = ", ".join(_label(a.kind, obs.to_call)[0] for a in obs.legal)
            raise RequestError(f"{name} is not legal now (legal: {legal})")
        if self.driver.step(action) is None:
            self._settled()
        return self.state()

    # -- the hand driver's hooks: the log, and the agent's beliefs after each event ------------

    def _decided(self, seat: int, obs, action) -> None:
        """``on_decision``: log the action; its beliefs are recorded once every event it causes is told."""
        verb = _label(action.kind, obs.to_call)[1]
        text = f"you {verb[:-1]}" if seat == self.HUMAN else f"{self.against} {verb}"
        self.log.append(text)
        self.turn += 1
        self._last = (seat, text, obs.round)

    def _settled(self, seat: int | None = None) -> None:
        """``on_turn`` (and the end of the hand): every event so far is told; record the beliefs after the last step."""
        state, last, self._last = self.state_, self._last, None
        if last is None:  # nothing happened since the last record
            pass
        elif last == "deal":
            self._record("the deal", "deal", None)
        else:
            actor, text, r = last
            self._record(f"round {r + 1}: {text}", "action", "OPP" if actor == self.HUMAN else "BPP")
            if actor == self.AGENT and not state.is_terminal and state.round != r:
                self._record(f"round {state.round + 1}: cards dealt", "deal", None)
        if not state.is_terminal and state.current_player == self.AGENT:
            return
        if not state.is_terminal and state.round > 0 and self.steps and self.steps[-1]["round"] != state.round:
            self._record(f"round {state.round + 1}: cards dealt", "deal", None)
        if state.is_terminal:
            won = float(state.payoffs[self.HUMAN]) / self._unit()
            self.total += won
            self.message = f"Hand over: you {'win' if won > 0 else 'lose' if won < 0 else 'split'} {abs(won):g} bets."
            self.learned_html = self._learned()
        else:
            self.message = "Your move."

    def _unit(self) -> float:
        return float(getattr(self.game, "bet", None) or getattr(self.game, "small_bet", 1))  # type: ignore[arg-type]

    # -- the agent's beliefs ----------------------------------------------------------------

    def _record(self, label: str, kind: str, actor) -> None:
        try:
            step = self._stud_step(label, kind, actor) if self.game_name == "stud5" else self._holdem_step(label, kind, actor)
        except (ValueError, KeyError, IndexError):  # a point where the agent holds no belief (e.g. it folded)
            return
        if step is not None:
            self.steps.append(step)

    def _stud_step(self, label, kind, actor):
        from holdem.cards import format_cards

        from bpp.explore.stud import _card_layout, _decisions, _state_index

        state = self.state_
        obs = state.observation(self.AGENT)
        model, evidence = self.agent.network(obs)
        cards, _, p_win = self.agent.belief(obs)
        layout, widths, top = _card_layout(model)
        labels = [format_cards(np.array([int(s[1:])])) for s in model.get_cpds("OPP_Down").state_names["OPP_Down"]]
        titles = {f"OPP_Rel_{i}": f"your decision {i + 1} (round {r + 1}, {'facing a bet' if f else 'open'})"
                  for i, (r, f, _, _) in enumerate(_decisions(obs, self.agent.max_bets))}
        theta, probs = 0.0, [0.0, 1.0, 0.0]
        if obs.legal:
            d = self.agent.decision(obs)
            theta, probs = float(d["theta"]), [float(x) for x in d["probabilities"]]
        elif self.steps:
            theta, probs = self.steps[-1]["theta"], self.steps[-1]["probs"]
        self.pool.append((model, network_json(pgmpy_tables(model), layout, labels={"OPP_Down": labels}, top=top, width=widths, titles=titles)))
        return {
            "label": label, "short": label.split(": ", 1)[-1], "kind": kind, "round": int(obs.round), "actor": actor,
            "net": len(self.pool) - 1, "evidence": {k: _state_index(model, k, v) for k, v in evidence.items()},
            "p_win": float(p_win), "theta": theta, "probs": probs, "note": "",
        }

    def _holdem_step(self, label, kind, actor):
        from holdem.ranges import holdings_mask

        from bpp.explore._sources import holdem

        street_table = holdem()["street_table"]

        hand = getattr(self.agent, "hand", None)  # a Loki/Poki player's state of this hand (bpp.loki.state.HandState)
        if hand is None:
            return None
        self.agent._update_weights()
        weights = hand.weights
        obs = self.state_.observation(self.AGENT)
        w = np.array(weights[self.HUMAN], dtype=np.float64)
        live = holdings_mask(np.array(obs.hole + obs.public))
        w[~live] = 0.0
        top = w.max()
        vec = np.where(live, np.round(w / top, 4) if top > 0 else 0.0, -1.0)
        self.pool.append(vec.tolist())
        evaluation = None
        if len(obs.public) >= 3 and top > 0:
            from holdem.cards import format_cards

            ev = street_table(np.array(obs.public)).evaluate(np.array(obs.hole), w)
            evaluation = {"who": self.against, "hole": format_cards(np.array(obs.hole)), "hs_n": ev.hs_n, "ppot_all": ev.ppot_all,
                          "ehs": ev.ehs, "rows": [{"name": "you", "hs": float(ev.hs[0]), "ppot": float(ev.ppot[0]),
                                                   "npot": float(ev.npot[0]), "ehs": float(ev.ehs_each[0])}]}
        return {"label": label, "short": label.split(": ", 1)[-1], "kind": kind, "round": int(obs.round), "actor": self.HUMAN if actor == "OPP" else None,
                "board": _fmt(obs.public), "tables": {str(self.HUMAN): len(self.pool) - 1}, "folded": [],
                "evaluation": evaluation, "cpt": None}

    def _belief(self) -> dict | None:
        if not self.steps:
            return None
        if self.game_name == "stud5":
            return {"kind": "stud", "card": True, "title": f"{self.against}'s beliefs about your hand",
                    "subtitle": "its network after each event of this hand (Korb1999 §6.1, §6.3); click a state for what-if",
                    "network_title": "OPP_Down (your down card) → OPP_Rel → OPP_Action per decision of yours, and BPP_Win",
                    "networks": [j for _, j in self.pool], "steps": self.steps}
        from holdem.cards import format_cards
        from holdem.ranges import CLASS_NAMES, CLASS_OF_HOLDING, HOLDINGS

        return {"kind": "holdem", "title": f"{self.against}'s weight table of your hand",
                "subtitle": "re-weighted after your actions (Billings2002); hover a cell for its holdings",
                "observerName": self.against, "seats": [self.HUMAN], "opponents": [self.HUMAN],
                "seatNames": {str(self.HUMAN): "you", str(self.AGENT): self.against}, "holes": {},
                "holdings": [format_cards(h, sep="") for h in HOLDINGS], "cls": [int(c) for c in CLASS_OF_HOLDING],
                "classNames": list(CLASS_NAMES), "pool": self.pool, "steps": self.steps}

    def _learned(self) -> str:
        """What the agent learned from the hand just over (its model after the update it makes before the next hand)."""
        if self.game_name == "stud5":
            from bpp.explore._sources import stud

            names = stud()
            FACING_STATES, OUTCOMES, REL_STATES, SHOWING_STATES = (  # noqa: N806 - the module's constants
                names["FACING_STATES"], names["OUTCOMES"], names["REL_STATES"], names["SHOWING_STATES"])

            clone = copy.deepcopy(self.agent)
            before = clone.model_.cpt()
            clone.new_hand(self.AGENT)  # CardBPP counts the finished hand here (showdowns only, Korb1999 §3.3)
            after = clone.model_.cpt()
            if clone.model_.n_hands_ == self.agent.model_.n_hands_:
                return "<p>Nothing: the hand ended without a showdown, so your down card stayed hidden (Korb1999 §3.3 counts showdowns only).</p>"
            rows = []
            for s in range(2):
                for f in range(2):
                    for r in range(3):
                        if np.allclose(before[s, f, :, r], after[s, f, :, r]):
                            continue
                        b, a = before[s, f, :, r], after[s, f, :, r]
                        rows.append(f"<tr><td>{SHOWING_STATES[s]}, {FACING_STATES[f]}</td><td>{REL_STATES[r]}</td>"
                                    + "".join(f"<td>{b[k]:.2f} → <b>{a[k]:.2f}</b></td>" for k in range(3)) + "</tr>")
            head = "".join(f"<th>P({o})</th>" for o in OUTCOMES)
            return (f"<p>It saw your down card at the showdown and counted each of your decisions for its OPP_Rel state "
                    f"({clone.model_.n_showdowns_} showdowns so far). Its action CPT moved:</p>"
                    f"<table class=\"evaltable\"><tr><th>context</th><th>OPP_Rel</th>{head}</tr>{''.join(rows)}</table>")
        hole = [e.cards for e in self.state_.history if e.kind == "showdown" and e.player == self.HUMAN]
        if not hole or not self.pool:
            return "<p>Your cards stayed hidden, so there is nothing to check its weight table against.</p>"
        from holdem.ranges import holding_index

        w = np.array(self.pool[-1])
        mine = w[holding_index(*hole[0])]
        share = float((w[w >= 0] > mine).mean())
        return (f"<p>At the showdown you held {html.escape(_fmt(hole[0]))}: its weight in {html.escape(self.against)}'s table "
                f"was {mine:.3f} of the heaviest; {100 * share:.1f}% of the live holdings weighed more. Its opponent model "
                "counts your actions of this hand before the next one.</p>")

    # -- the page's view ----------------------------------------------------------------------

    def state(self) -> dict:
        """What the person may see: their cards, the agent's visible cards, pot, legal actions, log and the agent's beliefs."""
        from holdem.games.base import ActionKind

        st = self.state_
        obs = st.observation(self.HUMAN)
        shown = [e.cards for e in st.history if e.kind == "showdown" and e.player == self.AGENT]
        if self.game_name == "stud5":
            mine = f"[{_fmt(obs.hole)}] {_fmt(obs.up_cards[self.HUMAN])}"
            theirs = (f"[{_fmt(shown[0])}] " if shown else "[??] ") + _fmt(obs.up_cards[self.AGENT])
            board = ""
        else:
            mine, theirs, board = _fmt(obs.hole), _fmt(shown[0]) if shown else "?? ??", _fmt(obs.public)
        legal = [] if st.is_terminal or st.current_player != self.HUMAN else [
            {"name": ("fold", "call", "raise")[int(a.kind)], "label": _label(a.kind, obs.to_call)[0]}
            for a in obs.legal if a.kind in (ActionKind.FOLD, ActionKind.CHECK_CALL, ActionKind.BET_RAISE)
        ]
        return {
            "hand": self.hand, "turn": self.turn, "over": bool(st.is_terminal), "message": self.message,
            "you_name": "seat 1", "agent_name": self.against, "your_cards": mine, "agent_cards": theirs, "board": board,
            "pot": int(obs.pot), "to_call": int(obs.to_call), "legal": legal, "log": list(self.log),
            "total": f"{self.total:+g} bets", "learned": bool(self.learned_html), "learned_html": self.learned_html,
            "belief": self._belief(),
        }


def _fmt(cards) -> str:
    from holdem.cards import format_cards

    return str(format_cards(np.array(cards, dtype=np.int64))) if len(cards) else ""


def _label(kind, to_call) -> tuple[str, str]:
    """(button label, log verb) of an action kind."""
    k = int(kind)
    if k == 0:
        return "fold", "folds"
    if k == 1:
        return ("call", "calls") if to_call else ("check", "checks")
    return ("raise", "raises") if to_call else ("bet", "bets")


def _check_body(body, allowed: set) -> None:
    if not isinstance(body, dict):
        raise RequestError("the request body must be a JSON object", 400)
    extra = set(body) - allowed
    if extra:
        raise RequestError(f"unexpected field(s) {sorted(extra)}: send only {sorted(allowed)}", 400)
    for key in sorted(allowed & set(body) & {"hand", "turn"}):  # JSON true is no hand number (bool is an int in Python)
        if isinstance(body[key], bool) or not isinstance(body[key], int):
            raise RequestError(f"{key!r} must be an integer; got {json.dumps(body[key])}", 400)


#: Seconds a connection may take to send its request (line, headers and body): an idle or slow client is then dropped.
_READ_TIMEOUT = 5.0
#: Connections served at once; more are closed at once (each has its own thread).
_MAX_CLIENTS = 32


_ANSWERED = object()  # what _Handler._read_json returns after answering a bad request itself


def _reject_constant(name: str):
    raise ValueError(f"{name} is not JSON")


class _Handler(BaseHTTPRequestHandler):
    """One connection: the request is read under :data:`_READ_TIMEOUT`, checked (Host, Origin, type, size), then parsed.

    Every failure is one HTTP error with a JSON ``{"error": ...}`` and one line
    on stderr (``bpp play: <client> <method> <path>: <status> <message>``),
    never a traceback.
    """

    server_version = "bpp-play"
    default_request_version = "HTTP/1.0"  # a garbage request line is answered with a status line too
    timeout = _READ_TIMEOUT  # socket timeout of the connection (StreamRequestHandler)

    def log_request(self, code="-", size="-"):  # answered requests are not logged
        return

    def log_message(self, format, *args):  # noqa: A002 - http.server's own errors (timeouts, bad request lines)
        self.server.log(f"{self.client_address[0]}: {format % args}")

    def _send(self, status: int, payload, content_type: str = "application/json") -> None:
        data = payload.encode("utf-8") if isinstance(payload, str) else json.dumps(payload, allow_nan=False).encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", f"{content_type}; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            self.wfile.write(data)
        except OSError as exc:  # the client went away (BrokenPipeError, ConnectionResetError, a timeout)
            self.close_connection = True
            self.log_message("%s %s: the client closed the connection before the answer (%s)", self.command, self.path,
                             type(exc).__name__)

    def _fail(self, status: int, message: str, **extra) -> None:
        self.log_message("%s %s: %d %s", self.command, self.path, status, message)
        self._send(status, {"error": message, **extra})

    def _origins(self) -> tuple[str, ...]:
        port = self.server.server_address[1]  # type: ignore[index]  # an (host, port) address
        return f"127.0.0.1:{port}", f"localhost:{port}"

    def _host_ok(self) -> bool:
        """Only pages served from this loopback address may talk to the game (no DNS rebinding from another site)."""
        if self.headers.get("Host", "") in self._origins():
            return True
        self._fail(403, f"this game answers only on http://127.0.0.1:{self.server.server_address[1]}/")  # type: ignore[index]
        return False

    def _same_origin(self) -> bool:
        """A POST must come from the game's own page: Origin (when sent) is this server, Sec-Fetch-Site not cross-site."""
        origin = self.headers.get("Origin")
        site = self.headers.get("Sec-Fetch-Site")
        if (origin is not None and origin not in {f"http://{o}" for o in self._origins()}) or site not in (None, "same-origin", "none"):
            self._fail(403, f"actions are taken only from the game's own page (Origin {origin!r} refused)")
            return False
        return True

    def do_GET(self):  # noqa: N802 - http.server API
        session = self.server.session
        if not self._host_ok():
            return
        if self.path in ("/", "/index.html"):
            self._send(200, self.server.page, "text/html")
        elif self.path == "/state":
            with session.lock:
                state = session.state()
            self._send(200, state)
        else:
            self._fail(404, f"no page {self.path!r} here: open /")

    def _read_json(self):
        """The request body as parsed JSON, or :data:`_ANSWERED` after answering with the error."""
        if "Transfer-Encoding" in self.headers:
            self._fail(411, "send the body with a Content-Length (no Transfer-Encoding)")
            return _ANSWERED
        kind = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            self._fail(415, f"the request body must be sent as application/json; got {kind or 'no Content-Type'!r}")
            return _ANSWERED
        text = self.headers.get("Content-Length", "").strip()
        length = int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else -1
        if not 0 < length <= _MAX_BODY:
            self._fail(413 if length > _MAX_BODY or len(text) > 6 else 400,
                       f"the request body must be a JSON object of at most {_MAX_BODY} bytes, with its Content-Length")
            return _ANSWERED
        try:
            raw = self.rfile.read(length)
        except TimeoutError:
            self.close_connection = True
            self._fail(408, f"the request body did not arrive within {_READ_TIMEOUT:g} s")
            return _ANSWERED
        if len(raw) != length:
            self.close_connection = True
            self._fail(400, f"the request body ended after {len(raw)} of the {length} bytes its Content-Length promised")
            return _ANSWERED
        try:
            return json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
        except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: nested too deep to be a request
            self._fail(400, "the request body is not valid JSON")
            return _ANSWERED

    def do_POST(self):  # noqa: N802 - http.server API
        session = self.server.session
        if not self._host_ok() or not self._same_origin():
            return
        if self.path not in ("/action", "/new"):
            self._fail(404, f"no endpoint {self.path!r}: POST /action or /new")
            return
        body = self._read_json()
        if body is _ANSWERED:
            return
        with session.lock:
            try:
                result = session.act(body) if self.path == "/action" else session.new_hand(body)
            except RequestError as exc:
                self._fail(exc.status, str(exc), state=session.state())
                return
        self._send(200, result)


class _Server(ThreadingHTTPServer):
    """Serves each connection on its own thread (at most :data:`_MAX_CLIENTS`), so one slow client delays no other."""

    daemon_threads = True
    block_on_close = False
    session: PlaySession  # set by make_server
    page: str

    def __init__(self, address, handler, *, log=None):
        self._slots = threading.BoundedSemaphore(_MAX_CLIENTS)
        self._log = log
        super().__init__(address, handler)

    def log(self, line: str) -> None:
        """One line on stderr (or to the ``log`` callable given): every failure, nothing else."""
        if self._log is not None:
            self._log(line)
        else:
            print(f"bpp play: {line}", file=sys.stderr, flush=True)

    def process_request(self, request, client_address):
        if not self._slots.acquire(blocking=False):
            self.log(f"{client_address[0]}: refused a connection: {_MAX_CLIENTS} are open already")
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request, client_address):
        """A failure no handler answered (the client vanished mid-request, a bug): one line, no traceback."""
        exc = sys.exc_info()[1]
        self.log(f"{client_address[0]}: the connection failed ({type(exc).__name__}: {exc})")


def make_server(game: str, against: str, *, port: int = 8765, rng: RngLike = 0,
                log: Callable[[str], object] | None = None) -> HTTPServer:
    """An HTTP server on 127.0.0.1:``port`` (0: any free port) serving one :class:`PlaySession`; call ``serve_forever()``.

    Each connection has its own thread; ``log`` (a callable taking one line,
    default: print to stderr) receives one line per failed request.
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
        raise ValueError(f"The 'port' parameter of make_server must be an integer in [0, 65535]; got {port!r}.")
    session = PlaySession(game, against, rng=rng)
    try:
        server = _Server(("127.0.0.1", port), _Handler, log=log)
    except OSError as exc:
        raise ValueError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}") from None
    server.session = session
    server.page = render_play_page(f"bpp play {game} against {against}")
    return server


def serve(game: str, against: str, *, port: int = 8765, rng: RngLike = 0) -> int:
    """``bpp play``: serve until Ctrl-C; returns 0."""
    server = make_server(game, against, port=port, rng=rng)
    host, port = server.server_address[:2]
    print(f"playing {game} against {against}: open http://{host!s}:{port}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0

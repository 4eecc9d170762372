"""Replay logged hands into an agent, exactly as a live match would have shown them (issue 23 §3).

The papers' programs learn from the play they watch: Poki's specific opponent
models count the opponents' actions (Billings2002 §5), BPP learns its action
model M_A|C from showdowns (Korb1999 §5.2), the Kendall–Willdig player its
values (Kendall2001 §4).  :func:`replay` feeds one player of every hand to an
agent in the order the match runner (:mod:`holdem.match.runner`) does:

1. ``new_hand(seat)`` before the hand (the seat the player sat in);
2. every public event of the hand as it happens, to ``observe(event)`` —
   actions, cards dealt face up, cards shown at showdown (only the cards the
   file shows: a mucked hand is not shown);
3. ``act(observation)`` whenever the player is to act, because agents such as
   Poki build the hand's state and re-weight their tables there; the answer is
   not used: the logged action is applied.  A hand whose player's hidden cards
   the file does not show is observed but not acted in (no observation can be
   made without them).

So an agent that played a logged match and a fresh agent of the same seed
replayed through that match's log end in the same learned state
(``tests/histories/test_replay.py`` checks it for Poki, BPP and Kendall).
"""

from __future__ import annotations

__all__ = ["replay", "drive_hand"]


def drive_hand(state, agents: dict, actions, *, hidden=()) -> None:
    """Step ``state`` through the logged ``actions`` (``(seat, Action)``), telling ``agents`` (seat → agent) as a match does.

    ``hidden`` are seats whose showdown is not told (their cards are not in the file).
    """
    from holdem.match.runner import _hook

    hooks = [(seat, _hook(a, "observe"), _hook(a, "new_hand"), a) for seat, a in agents.items()]
    for seat, _, start, _ in hooks:
        if start is not None:
            start(seat)
    observers = [tell for _, tell, _, _ in hooks if tell is not None]
    actors = {seat: a for seat, a in agents.items() if seat not in hidden}
    told = 0
    it = iter(actions)
    while True:
        history = state.history
        while told < len(history):
            event = history[told]
            told += 1
            if event.kind == "showdown" and event.player in hidden:
                continue
            for tell in observers:
                tell(event)
        if state.is_terminal:
            return
        p = state.current_player
        seat, action = next(it)
        if p in actors:
            actors[p].act(state.observation(p))
        state.apply(action)


def replay(hands, agent, *, as_player: str):
    """Feed every hand in which ``as_player`` sat to ``agent`` as that player; returns ``agent``.

    Parameters
    ----------
    hands
        :class:`~holdem.histories.Hand` objects (``read_hands(path)``), in playing order.
    agent
        Any agent (``act``; optionally ``new_hand`` and ``observe``).
    as_player
        The name of the player whose seat the agent takes (hands without it are skipped).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from holdem.games import LimitHoldem
    >>> from holdem.match import play_match
    >>> from holdem.histories import read_hands
    >>> log = pathlib.Path(tempfile.mkdtemp()) / "m.jsonl"
    >>> _ = play_match(LimitHoldem(), ["call", "raise"], 10, rng=1, log=log)
    >>> class Counter:
    ...     seen = 0
    ...     def act(self, observation): return observation.legal[1]
    ...     def observe(self, event): self.seen += 1
    >>> replay(read_hands(log), Counter(), as_player="raise").seen > 10
    True
    >>> replay(read_hands(log), Counter(), as_player="nobody")
    Traceback (most recent call last):
    ...
    ValueError: no hand has a player named 'nobody' (players: call, raise)
    """
    hands = list(hands)
    played = 0
    for hand in hands:
        seats = [s for s, name in enumerate(hand.names) if name == as_player]
        if not seats:
            continue
        seat = seats[0]
        hidden = tuple(s for s, h in enumerate(hand.holes) if h is None)
        drive_hand(hand.new_state(), {seat: agent}, hand.actions, hidden=hidden)
        played += 1
    if not played:
        names = sorted({n for h in hands for n in h.names})
        raise ValueError(f"no hand has a player named {as_player!r} (players: {', '.join(names) or 'none'})")
    return agent

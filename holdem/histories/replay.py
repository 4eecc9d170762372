"""Replay logged hands into an agent, exactly as a live match would have shown them.

The papers' programs learn from the play they watch: Poki's specific opponent
models count the opponents' actions (Billings2002 §5), BPP learns its action
model M_A|C from showdowns (Korb1999 §5.2), the Kendall–Willdig player its
values (Kendall2001 §4).  :func:`replay` feeds one player of every hand to an
agent through the one hand driver (:class:`holdem.play.HandDriver`), as in a live match:

1. ``new_hand(seat)`` before the hand (the seat the player sat in);
2. every public event of the hand as it happens, to ``observe(event)`` —
   actions, cards dealt face up, cards shown at showdown (only the cards the
   file shows: a mucked hand is not shown);
3. ``act(observation)`` whenever the player is to act, because agents such as
   Poki build the hand's state and re-weight their tables there; the answer is
   not used: the logged action is applied.  A hand whose player's hidden cards
   the file does not show is observed but not acted in (no observation can be
   made without them);
4. ``end_hand()`` when the hand is over.

So an agent that played a logged match and a fresh agent of the same seed
replayed through that match's log end in the same learned state
(``tests/histories/test_replay.py`` checks it for Poki, BPP and Kendall).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from holdem.games.base import Event

__all__ = ["logged_driver", "replay"]


def logged_driver(hand: Any, seat: int, agent: Any, *, on_event: Callable[[Event], None] | None = None,
                  on_decision: Callable[..., None] | None = None) -> Any:
    """A :class:`holdem.play.HandDriver` that plays ``hand``'s logged actions with ``agent`` told and asked in ``seat``.

    ``driver.play(hand.new_state())`` then replays the hand (see the module docstring for what the agent sees;
    the seats are :class:`holdem.match.replay.LoggedSeat`).
    """
    from holdem.match.replay import logged_seats_driver

    hidden = tuple(s for s, h in enumerate(hand.holes) if h is None)
    return logged_seats_driver(hand.actions, hand.n_players, {seat: agent}, hidden=hidden, on_event=on_event,
                               on_decision=on_decision)


def replay(hands: Iterable[Any], agent: Any, *, as_player: str) -> Any:
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
        logged_driver(hand, seat, agent).play(hand.new_state())
        played += 1
    if not played:
        names = sorted({n for h in hands for n in h.names})
        raise ValueError(f"no hand has a player named {as_player!r} (players: {', '.join(names) or 'none'})")
    return agent

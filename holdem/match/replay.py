"""Logged hands played again through the hand driver, with agents told and asked as in the live match.

A seat of a logged hand is played by a :class:`LoggedSeat`: asked to act, it
answers the next logged action.  A seat may carry an agent: the agent is
told ``new_hand``, every public event and ``end_hand`` as in a live match,
and asked ``act`` whenever its seat is to act (agents such as Poki build the
hand's state and re-weight their tables there, and draw from their random
streams); its answer is not used.  So an agent that played the logged hands
and a fresh agent of the same seed told them this way end in the same state.

Two users: :func:`holdem.histories.replay` (hands read from any file, one
agent) and :func:`holdem.match.play_match` extending a learners' log
(:func:`replay_log_hands`: every learning agent of the match, from the log's
own lines, so that the match goes on from the state the log left them in).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from holdem.games.base import Action, Event, Observation

__all__ = ["LoggedSeat", "logged_seats_driver", "replay_log_hands"]


class LogEnded(ValueError):
    """The logged actions end before the hand does."""


class LoggedSeat:
    """One seat of a logged hand: ``act`` answers the next logged action (the stream shared by every seat), asking
    ``agent`` first when there is one; the hooks are passed on to it (a showdown of a ``hidden`` seat is not told).
    When the logged actions run out before the hand ends, ``act`` raises :class:`LogEnded`."""

    def __init__(self, next_action: Callable[[], tuple[int, Action]], agent: Any = None, hidden: Sequence[int] = ()):
        from holdem.play import _hook

        self._next = next_action
        self.agent = agent
        self.hidden = hidden
        self._act = None if agent is None else agent.act
        self._new_hand = None if agent is None else _hook(agent, "new_hand")
        self._observe = None if agent is None else _hook(agent, "observe")
        self._end_hand = None if agent is None else _hook(agent, "end_hand")

    def act(self, observation: Observation) -> Action:
        if self._act is not None and observation.player not in self.hidden:
            self._act(observation)
        try:
            return self._next()[1]
        except StopIteration:
            raise LogEnded("the logged actions end before the hand does") from None

    def new_hand(self, seat: int) -> None:
        if self._new_hand is not None:
            self._new_hand(seat)

    def observe(self, event: Event) -> None:
        if self._observe is not None and not (event.kind == "showdown" and event.player in self.hidden):
            self._observe(event)

    def end_hand(self) -> None:
        if self._end_hand is not None:
            self._end_hand()


def logged_seats_driver(actions: Sequence[tuple[int, Action]], n_players: int, agents: Mapping[int, Any], *,
                        hidden: Sequence[int] = (), on_event: Callable[[Event], None] | None = None,
                        on_decision: Callable[..., None] | None = None) -> Any:
    """A :class:`holdem.play.HandDriver` whose seats play ``actions`` in order, ``agents[seat]`` told and asked there.

    ``driver.play(state)`` then plays the hand (``state``: the logged deal and button).
    """
    from holdem.play import HandDriver

    next_action = iter(actions).__next__
    seats = [LoggedSeat(next_action, agents.get(s), hidden) for s in range(n_players)]
    return HandDriver(seats, on_event=on_event, on_decision=on_decision)


def replay_log_hands(game: Any, hands: Sequence[dict[str, Any]], agents: Mapping[int, Any], source: str = "log") -> None:
    """Tell ``agents`` (match agent index → agent) the logged hands ``hands`` (a match log's hand lines) as they played them.

    Each agent sits where the line's ``seats`` put it (duplicate matches rotate
    them).  The hand replayed must pay what the line says; a line that does not
    is a ValueError naming it (the log does not describe this match).
    """
    from holdem.match.export import _deal_codes
    from holdem.match.log import parse_action

    for h in hands:
        deal = _deal_codes(h["cards"], h["hand"])
        actions = [(s, parse_action(a)) for s, a in h["actions"]]
        at_seat = {seat: agents[a] for seat, a in enumerate(h["seats"]) if a in agents}
        state = game.new_hand(deal, button=h["button"])
        try:
            logged_seats_driver(actions, game.n_players, at_seat).play(state)
        except LogEnded as e:
            raise ValueError(f"{source}: hand {h['hand']}: {e}") from None
        if state.payoffs.tolist() != list(h["payoffs"]):
            raise ValueError(f"{source}: hand {h['hand']}: replayed, it pays {state.payoffs.tolist()}, "
                             f"not the logged {list(h['payoffs'])}")

"""Seatings: which agent sits in which seat for every hand of a match.

Ordinary match
    Agent ``i`` sits in seat ``i`` for the whole match and the dealer button
    moves one seat to the left after every hand (hand ``h`` has the button at
    seat ``h % n``), so every agent plays every position equally often.

Duplicate match (Billings1998 §5, "the same principle as duplicate bridge")
    Every deal is replayed once per *seating* so that each agent holds each set
    of cards once: the deal, and the button (at seat ``d % n`` for deal ``d``),
    stay put and the agents move.  Replay ``r`` puts agent ``i`` in seat
    ``(i + r) % n``: the ``n`` cyclic rotations.  Heads-up these are the two
    replays with the seats swapped; with ``n`` players every agent holds every
    seat's cards (and position) exactly once.  Billings1998 shuffles the seating
    for each replay; the cyclic rotations are the smallest set of seatings with
    the same property (a Latin square), though they keep the agents' cyclic
    order round the table, so who-acts-after-whom is not balanced for ``n > 2``.

>>> seatings(3, duplicate=True)
array([[0, 1, 2],
       [2, 0, 1],
       [1, 2, 0]])
>>> seatings(3, duplicate=False)
array([[0, 1, 2]])
>>> seatings(1, duplicate=True)
Traceback (most recent call last):
...
ValueError: The 'n_players' parameter of seatings must be an integer >= 2; got 1.
"""

from __future__ import annotations

import numpy as np

__all__ = ["seatings", "hand_plan"]


def seatings(n_players: int, *, duplicate: bool) -> np.ndarray:
    """The seatings of a match: an (n_replays, n_players) int array, ``[r, seat]`` = agent.

    ``n_replays`` is ``n_players`` in a duplicate match and 1 otherwise.
    """
    if not isinstance(n_players, (int, np.integer)) or n_players < 2:
        raise ValueError(f"The 'n_players' parameter of seatings must be an integer >= 2; got {n_players!r}.")
    seat = np.arange(n_players)
    if not duplicate:
        return seat[None, :].copy()
    r = np.arange(n_players)[:, None]
    return (seat[None, :] - r) % n_players


def hand_plan(first_deal: int, n_deals: int, n_players: int, *, duplicate: bool) -> list[tuple[int, int, int, int]]:
    """The hands of a block in playing order: ``(hand, deal, replay, button)`` tuples.

    ``deal`` and ``hand`` are match-wide indices (deal ``d``'s replays are
    hands ``d * n_replays + r``); ``button`` is a seat.

    >>> hand_plan(4, 2, 2, duplicate=True)
    [(8, 4, 0, 0), (9, 4, 1, 0), (10, 5, 0, 1), (11, 5, 1, 1)]
    >>> hand_plan(4, 2, 3, duplicate=False)
    [(4, 4, 0, 1), (5, 5, 0, 2)]
    """
    n_replays = n_players if duplicate else 1
    return [
        (d * n_replays + r, d, r, d % n_players)
        for d in range(first_deal, first_deal + n_deals)
        for r in range(n_replays)
    ]

"""``trace_hand(...).explore()``: a traced hand that opens as an explorer page in a notebook.

>>> hand = trace_hand(2, warmup=0)
>>> hand.steps[0].kind, type(hand.explore()).__name__
('deal', 'Explorer')
>>> print(hand.table().splitlines()[0][:9])
BPP 4d Kd
"""

from __future__ import annotations

from holdem._typing import RngLike

from bpp.explore.holdem import holdem_explorer
from bpp.explore.page import Explorer
from bpp.explore.stud import stud_explorer

__all__ = ["GAMES", "TracedHand", "trace_hand"]

#: Games the explorer traces.
GAMES = ("stud5", "limit-holdem")


class TracedHand:
    """One traced hand: the explorer page (:meth:`explore`) and, for stud, the belief trace's table and plot.

    Attributes
    ----------
    explorer : Explorer
    trace : object
        :class:`bpp.stud.experiments.inspection.BeliefTrace` (stud) or the hold'em hand record.
    """

    def __init__(self, explorer: Explorer) -> None:
        self.explorer = explorer
        self.trace = explorer.trace

    def explore(self) -> Explorer:
        """The :class:`~bpp.explore.page.Explorer` of this hand (shown inline by Jupyter; ``.save(path)`` writes it)."""
        return self.explorer

    def __getattr__(self, name):  # steps, table(), plot() … of the stud trace
        if name in ("explorer", "trace"):
            raise AttributeError(name)
        return getattr(self.trace, name)

    def __repr__(self) -> str:
        return f"TracedHand({self.explorer.title!r})"


def trace_hand(rng: RngLike = 0, *, game: str = "stud5", player: str = "bpp", opponent: str = "rules", warmup: int = 200,
               n_players: int = 5) -> TracedHand:
    """Trace one hand of ``game``; ``.explore()`` gives its explorer page.

    Parameters
    ----------
    rng
        The hand, the agents and the warm-up: None, a seed, a ``SeedSequence`` or a ``Generator`` (:func:`holdem.checks.seed_sequence`).
    game : str
        ``"stud5"`` (BPP's networks, :func:`stud_explorer`) or ``"limit-holdem"`` (Poki's weight tables, :func:`holdem_explorer`).
    player, opponent, warmup
        Stud only: the BPP traced (``bpp``, ``bpp-up``, ``bpp-card``), its opponent and its warm-up hands.
    n_players : int
        Hold'em only: seats.

    Examples
    --------
    >>> trace_hand(1, game="draw5")
    Traceback (most recent call last):
    ...
    ValueError: The 'game' parameter of trace_hand must be one of ('stud5', 'limit-holdem'); got 'draw5'.
    """
    if game == "stud5":
        return TracedHand(stud_explorer(rng, player=player, opponent=opponent, warmup=warmup))
    if game == "limit-holdem":
        return TracedHand(holdem_explorer(rng, n_players=n_players))
    raise ValueError(f"The 'game' parameter of trace_hand must be one of {GAMES}; got {game!r}.")



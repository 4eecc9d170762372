"""Checks of arguments shared by every package: one wording for every bad value.

>>> check_int("LimitHoldem", "n_players", 11, 2, 10)
Traceback (most recent call last):
...
ValueError: The 'n_players' parameter of LimitHoldem must be an integer in [2, 10]; got 11.
>>> check_int("play_match", "workers", 3, 1)
3
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from holdem._typing import RngLike

__all__ = ["check_int", "recorded_seed", "seed_sequence"]


def check_int(owner: str, name: str, value: Any, low: int, high: int | None = None) -> int:
    """``value`` as an int, or a ``ValueError`` naming it unless it is an integer in ``[low, high]`` (no bool)."""
    ok = isinstance(value, (int, np.integer)) and not isinstance(value, bool)
    if ok and value >= low and (high is None or value <= high):
        return int(value)
    allowed = f"in [{low}, {high}]" if high is not None else f">= {low}"
    raise ValueError(f"The '{name}' parameter of {owner} must be an integer {allowed}; got {value!r}.")


def seed_sequence(rng: RngLike, owner: str = "play_match") -> np.random.SeedSequence:
    """The root ``SeedSequence`` of a stochastic run from ``rng``: the one convention for randomness.

    Every stochastic function takes ``rng``: None (fresh entropy from the OS),
    a non-negative int (the seed), a ``SeedSequence`` (copied) or a
    ``Generator`` (drawn from once, so two runs from one generator differ).
    Independent streams come from ``seed_sequence(rng).spawn(n)``; the seed a
    result records is :func:`recorded_seed` of it (the int itself when ``rng``
    is an int).

    >>> seed_sequence(7).entropy
    7
    >>> seed_sequence("seven")
    Traceback (most recent call last):
    ...
    ValueError: The 'rng' parameter of play_match must be None, an int, a SeedSequence or a Generator; got 'seven'.
    """
    if rng is None:
        return np.random.SeedSequence()
    if isinstance(rng, np.random.SeedSequence):
        return np.random.SeedSequence(rng.entropy, spawn_key=rng.spawn_key)
    if isinstance(rng, np.random.Generator):
        return np.random.SeedSequence(int(rng.integers(0, 2**63)))
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool) and rng >= 0:
        return np.random.SeedSequence(int(rng))
    raise ValueError(
        f"The 'rng' parameter of {owner} must be None, an int, a SeedSequence or a Generator; got {rng!r}."
    )


def recorded_seed(root: np.random.SeedSequence) -> int:
    """The seed a result records for a run from ``root`` (a :func:`seed_sequence`): its entropy, an int.

    >>> recorded_seed(seed_sequence(2002))
    2002
    """
    entropy = root.entropy
    if not isinstance(entropy, (int, np.integer)):
        raise ValueError(f"a SeedSequence of entropy {entropy!r} has no one seed to record")
    return int(entropy)

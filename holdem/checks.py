"""Checks of arguments shared by every package: one wording for every bad value.

>>> check_int("LimitHoldem", "n_players", 11, 2, 10)
Traceback (most recent call last):
...
ValueError: The 'n_players' parameter of LimitHoldem must be an integer in [2, 10]; got 11.
>>> check_int("play_match", "workers", 3, 1)
3
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["check_int"]


def check_int(owner: str, name: str, value: Any, low: int, high: int | None = None) -> int:
    """``value`` as an int, or a ``ValueError`` naming it unless it is an integer in ``[low, high]`` (no bool)."""
    ok = isinstance(value, (int, np.integer)) and not isinstance(value, bool)
    if ok and value >= low and (high is None or value <= high):
        return int(value)
    allowed = f"in [{low}, {high}]" if high is not None else f">= {low}"
    raise ValueError(f"The '{name}' parameter of {owner} must be an integer {allowed}; got {value!r}.")

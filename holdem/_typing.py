"""Type aliases shared by holdem's and bpp's signatures (for the type checker; nothing here runs)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Union

import numpy as np

#: What every ``rng`` parameter accepts: ``None`` (fresh entropy), a seed, a ``SeedSequence`` or a ``Generator``
#: (anything ``numpy.random.default_rng`` takes).
RngLike = Union[None, int, np.integer[Any], Sequence[int], np.random.SeedSequence, np.random.BitGenerator,
                np.random.Generator]

__all__ = ["RngLike"]

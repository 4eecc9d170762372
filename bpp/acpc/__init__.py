"""The ACPC protocol: game definitions, a MATCHSTATE client for any bpp agent, a loopback dealer.

* :mod:`bpp.acpc.gamedef` — :func:`read_gamedef` (2-player limit and no-limit hold'em) and :func:`gamedef_text`;
* :mod:`bpp.acpc.client` — :class:`ACPCPlayer` and :func:`play_acpc` (``bpp acpc play``);
* :mod:`bpp.acpc.dealer` — :func:`run_dealer` (``bpp acpc dealer``).
"""

from bpp.acpc.client import ACPCPlayer, parse_matchstate, play_acpc
from bpp.acpc.dealer import DealerResult, run_dealer
from bpp.acpc.gamedef import gamedef_text, read_gamedef

__all__ = ["ACPCPlayer", "DealerResult", "gamedef_text", "parse_matchstate", "play_acpc", "read_gamedef", "run_dealer"]

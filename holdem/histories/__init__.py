"""Hand histories in: PHH, ACPC dealer logs and bpp match logs read into bpp hands, player statistics, replay.

* :mod:`holdem.histories.read` — :func:`read_hands`, every hand replayed through the engine;
* :mod:`holdem.histories.stats` — :func:`player_stats` (VPIP, PFR, AF, WTSD, W$SD, winnings);
* :mod:`holdem.histories.replay` — :func:`replay`, logged hands fed to an agent as a live match would.
"""

from holdem.histories.read import Hand, Hands, hands_from_log, read_hand, read_hands
from holdem.histories.replay import replay
from holdem.histories.stats import PlayerStats, StatsResult, player_stats

__all__ = ["Hand", "Hands", "PlayerStats", "StatsResult", "hands_from_log", "player_stats", "read_hand", "read_hands", "replay"]

"""Matches between agents: runners, duplicate seatings, statistics, hand logs, parallel blocks, export.

>>> from holdem.match import play_match, summarize
>>> round(summarize([1.0, 3.0]).mean, 1)
2.0

The pieces (private-ish modules re-exported here):

* :mod:`holdem.match.runner` — :func:`play_match`, blocks and seeding;
* :mod:`holdem.match.duplicate` — who sits where (ordinary and duplicate, Billings1998 §5);
* :mod:`holdem.match.stats` — :class:`MatchResult`, mean ± t-based 95 % CI, t-test;
* :mod:`holdem.match.log` — the JSON-lines hand log and resuming from it;
* :mod:`holdem.match.parallel` — blocks in worker processes, merged in order;
* :mod:`holdem.match.cluster` — the same on a Dask cluster (``scheduler=`` / ``$BPP_SCHEDULER``), and
  :func:`~holdem.match.cluster.iter_map` for any independent seeded tasks;
* :mod:`holdem.match.export` — hold'em hands as ACPC ``STATE:`` lines and PHH files.
"""

from holdem.match.agents import AgentSpec, list_agents, register_agent, resolve_agent
from holdem.match.duplicate import hand_plan, seatings
from holdem.match.export import acpc_lines, acpc_state, phh_text, write_phh
from holdem.match.log import MatchLog, parse_action, read_log
from holdem.match.runner import DEFAULT_BLOCK_SIZE, play_match
from holdem.match.stats import AgentResult, MatchResult, Summary, summarize

__all__ = [
    "AgentResult",
    "AgentSpec",
    "acpc_lines",
    "acpc_state",
    "phh_text",
    "write_phh",
    "DEFAULT_BLOCK_SIZE",
    "MatchLog",
    "MatchResult",
    "Summary",
    "hand_plan",
    "list_agents",
    "parse_action",
    "play_match",
    "read_log",
    "register_agent",
    "resolve_agent",
    "seatings",
    "summarize",
]

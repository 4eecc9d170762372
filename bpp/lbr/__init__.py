"""Local Best Response (Lisy2017: Lisý & Bowling, "Equilibrium Approximation Quality of Current No-Limit Poker Bots").

LBR plays a legal strategy against an opponent whose policy it can query, so
what it wins is a lower bound on her exploitability (§3).  The pieces:

* :mod:`bpp.lbr.opponent_range` — the opponent's range, a pgmpy network (her holding
  as parent of every observed action and deal) compiled to a numpy Bayes update;
* :mod:`bpp.lbr.equity` — WpRollout's equity: exact enumeration after the
  flop (:func:`holdem.strength.holdings_equity`), a suit-pooled pre-flop table
  (``bpp build preflop-equity``);
* :mod:`bpp.lbr.local_br` — Figure 1's utilities, the betting sets ``fc``,
  ``fcpa``, ``56`` and the rounds LBR plays; one hand with its imaginary observation;
* :mod:`bpp.lbr.run` — duplicate deals in blocks, workers, a resumable log and
  the four estimators of the variance-reduction comparison (``bpp lbr``);
* :mod:`bpp.lbr.chumps` — ``call-raise`` of Table 2.

LBR meets its opponents through the registry and the agent protocol
(``act``, ``holdings_action_probabilities``), never by importing their package.
"""

from bpp.lbr.local_br import BETTING, FRACTIONS_56, LBRConfig, bet_candidates, local_best_response, play_lbr_hand
from bpp.lbr.opponent_range import OpponentRange
from bpp.lbr.run import LBRResult, run_lbr

__all__ = [
    "BETTING",
    "FRACTIONS_56",
    "LBRConfig",
    "LBRResult",
    "OpponentRange",
    "bet_candidates",
    "local_best_response",
    "play_lbr_hand",
    "run_lbr",
]

"""holdem: the card engine of bpp (numpy only; knows nothing of agents or pgmpy).

Layers, imported one way: ``cards → tables → evaluate → ranges / enumerate →
games → match``.

>>> import holdem
>>> holdem.format_cards(holdem.parse_cards("AsKd"))
'As Kd'
"""

from holdem.cards import (
    CARD_DTYPE,
    N_CARDS,
    RANKS,
    SUITS,
    card,
    card_mask,
    format_cards,
    parse_cards,
    rank_of,
    suit_of,
)
from holdem.evaluate import category_name, evaluate, evaluate_unchecked, hand_category
from holdem.enumerate import effective_hand_strength, hand_strength, potential
from holdem.match import MatchResult, play_match
from holdem.ranges import (
    CLASS_NAMES,
    CLASS_OF_HOLDING,
    HOLDING_INDEX,
    HOLDINGS,
    as_weights,
    class_combos,
    class_grid_position,
    class_index,
    format_range,
    holding_index,
    holdings_mask,
    parse_range,
    weights_to_grid,
)

__all__ = [
    "CARD_DTYPE",
    "N_CARDS",
    "RANKS",
    "SUITS",
    "card",
    "card_mask",
    "format_cards",
    "parse_cards",
    "rank_of",
    "suit_of",
    # holdem.evaluate, holdem.enumerate
    "evaluate",
    "evaluate_unchecked",
    "hand_category",
    "category_name",
    "hand_strength",
    "potential",
    "effective_hand_strength",
    # holdem.ranges
    "CLASS_NAMES",  # the holding tables HOLDINGS, HOLDING_INDEX, CLASS_OF_HOLDING import from here too; they
    # stay out of __all__ so that help(holdem) lists functions, not numpy's ndarray docs (see holdem.ranges)
    "as_weights",
    "class_combos",
    "class_grid_position",
    "class_index",
    "format_range",
    "holding_index",
    "holdings_mask",
    "parse_range",
    "weights_to_grid",
    # holdem.match
    "play_match",
    "MatchResult",
]

"""holdem: the card engine of bpp (numpy only; knows nothing of agents or pgmpy).

The layers, imported one way (each module imports only those before it):

- holdem.cards: card codes rank*4 + suit and their text ("As Qc"): parse_cards, format_cards.
- holdem.tables: the rank lookup tables, built once and cached (holdem.tables.cache_dir).
- holdem.evaluate: evaluate(cards), hand ranks of a batch (..., 5|6|7), higher is stronger.
- holdem.ranges: the 1,326 holdings and the 169 classes; ranges as weights ("QQ+, AKs").
- holdem.strength: exact hand strength, potential and effective hand strength (Billings1998 section 4).
- holdem.games: the rules as state machines, LimitHoldem, NoLimitHoldem, Stud5, Draw5 (GAMES, make_game).
- holdem.play: the one hand driver (play_hand), the agent protocol and its Capabilities.
- holdem.agents: the Agent base class and the trivial agents (call, raise, fold, random).
- holdem.match: play_match (duplicate, seeded blocks, workers or a Dask cluster), MatchResult with
  table() and to_dict(), the JSON-lines log, agents by name (holdem.match.agents).
- holdem.histories: hand histories (PHH, ACPC, bpp logs) read, replayed and summarised.

Agents by name: the four built-in ones, "module:Class" paths, and every agent an installed
distribution declares in the bpp.agents entry-point group (bpp's own come that way).
Read more: the documentation site built from docs/ and ARCHITECTURE.md.

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
from holdem.strength import effective_hand_strength, hand_strength, potential
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
    # holdem.evaluate, holdem.strength
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

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
]

"""Definitions the Loki tests check the fast kernels against, read off the papers card by card."""

from __future__ import annotations


def texture_by_definition(board):
    """The four board inputs read off their definitions, card by card (ranks 0 = deuce … 12 = ace)."""
    ranks = [c // 4 for c in board]
    suits = [c % 4 for c in board]
    flush = max(suits.count(s) for s in range(4)) >= 3
    paired = len(set(ranks)) < len(ranks)
    spans = set(ranks) | ({-1} if 12 in ranks else set())  # the ace also plays low
    straight = any(sum(lo <= x <= lo + 4 for x in spans) >= 3 for lo in range(-1, 9))
    return (float(flush), float(paired), float(straight), sum(x >= 8 for x in ranks) / 5)

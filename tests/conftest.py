"""Shared fixtures: every table and slow enumeration is built once per session."""

import itertools

import numpy as np
import pytest


@pytest.fixture(scope="session")
def all_five_card_hands() -> np.ndarray:
    """All 2,598,960 five-card hands in ``itertools.combinations(range(52), 5)`` order, int8."""
    return np.array(list(itertools.combinations(range(52), 5)), dtype=np.int8)


@pytest.fixture(autouse=True)
def _sigint_handler_restored():
    """``bpp``'s main ignores Ctrl-C once it answered one (the command is ending); tests that simulate an interrupt
    get the test process's handler back."""
    import signal

    handler = signal.getsignal(signal.SIGINT)
    yield
    signal.signal(signal.SIGINT, handler)

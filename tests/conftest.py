"""Shared fixtures: every table and slow enumeration is built once per session.

The browser tests (``browser``, ``page``: Playwright for Python driving Debian's ``chromium``) share one
headless Chromium for the whole session, whichever folder they are in (the explorer's, the docs site's):
Playwright's sync API runs one instance per thread.  When no Chromium (or no Playwright) is found they
are skipped and the run prints one line saying so; ``.ci/run`` installs Debian's ``chromium`` first, so
CI always runs them.
"""

import itertools
import os
from pathlib import Path

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


CHROMIUM = os.environ.get("BPP_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
_SKIPPED: list[str] = []


def _why_not() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install playwright)"
    return None


@pytest.fixture(scope="session")
def browser():
    reason = _why_not()
    if reason:
        _SKIPPED.append(reason)
        pytest.skip(f"browser tests skipped: {reason}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    """A fresh page; any script error on it fails the test."""
    context = browser.new_context(viewport={"width": 1500, "height": 1050})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield pg
    context.close()
    assert not errors, f"script errors on the page: {errors}"


def pytest_terminal_summary(terminalreporter):
    if _SKIPPED:
        terminalreporter.write_line(f"browser tests skipped: {_SKIPPED[0]}")

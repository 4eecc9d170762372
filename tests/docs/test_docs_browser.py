"""The built site in headless Chromium: the index, an API page, a tutorial with its figures, and search."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def _open(page, url):
    page.goto(url)
    return page


def test_the_index_links_every_section(site_url, page):
    _open(page, f"{site_url}/index.html")
    assert "bpp" in page.title()
    nav = page.locator(".sidebar-tree").inner_text()
    for section in ("Getting started", "Tutorials", "How-to guides", "Results against the papers", "API reference"):
        assert section in nav, section


def test_the_api_page_of_holdem_evaluate(site_url, page):
    _open(page, f"{site_url}/api/generated/holdem.evaluate.html")
    signature = page.locator('[id="holdem.evaluate.evaluate"]')
    assert signature.count() == 1 and "evaluate(" in signature.inner_text()


def test_a_tutorial_shows_its_figures(site_url, page):
    _open(page, f"{site_url}/tutorials/bpp.html")
    images = page.locator("article img")
    assert images.count() >= 2
    for i in range(images.count()):
        assert images.nth(i).evaluate("img => img.complete && img.naturalWidth > 100"), i


def test_the_search_page_finds_hand_strength(site_url, page):
    page.goto(f"{site_url}/search.html?q=hand_strength")
    page.wait_for_selector("#search-results li", timeout=30_000)
    results = page.locator("#search-results").inner_text()
    assert "hand_strength" in results

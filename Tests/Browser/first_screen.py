"""Prints the seconds headless Chromium (Debian's, through Playwright) takes from opening a
gallery page to drawing its first snapshot, then to the page's load (every snapshot read, the
search answering), then the seconds a search for WORDS takes to be drawn (the slower of typing
it and clearing it): each the best of three loads.

Usage: first_screen.py CHROMIUM PAGE WORDS
"""
import sys
import time

from playwright.sync_api import sync_playwright

chromium, page_path, words = sys.argv[1], sys.argv[2], sys.argv[3]
drawn = "() => new Promise((done) => requestAnimationFrame(() => done()))"
with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=chromium)
    first, loaded, search = float("inf"), float("inf"), float("inf")
    for _ in range(3):
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        started = time.monotonic()
        # From the navigation's start, not its end: the page draws its first screen while the
        # browser still reads the rest.
        page.goto("file://" + page_path, wait_until="commit")
        page.locator("[data-snapshot]").first.wait_for()
        page.evaluate(drawn)
        first = min(first, time.monotonic() - started)
        page.wait_for_load_state("load")
        loaded = min(loaded, time.monotonic() - started)
        slowest = 0
        for typed in (words, ""):
            started = time.monotonic()
            page.get_by_role("searchbox").fill(typed)
            page.evaluate(drawn)
            slowest = max(slowest, time.monotonic() - started)
        search = min(search, slowest)
        page.close()
    browser.close()
print(f"{first:.4f}")
print(f"{loaded:.4f}")
print(f"{search:.4f}")

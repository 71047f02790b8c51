"""Prints the seconds headless Chromium (Debian's, through Playwright) takes from opening a
gallery page to drawing its first snapshot: the best of three loads.

Usage: first_screen.py CHROMIUM PAGE
"""
import sys
import time

from playwright.sync_api import sync_playwright

chromium, page_path = sys.argv[1], sys.argv[2]
with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=chromium)
    best = float("inf")
    for _ in range(3):
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        started = time.monotonic()
        page.goto("file://" + page_path, wait_until="domcontentloaded")
        page.locator("[data-snapshot]").first.wait_for()
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        best = min(best, time.monotonic() - started)
        page.close()
    browser.close()
print(f"{best:.4f}")

"""Prints the seconds Playwright for Python takes to screenshot a page in Debian's Chromium:
the first screenshot, from launching the browser, then the best of ten warm ones, each
loading the page again (`page.goto`) and capturing its 1280×800 window as PNG bytes.

Usage: screenshot_timing.py CHROMIUM PAGE
"""
import sys
import time

from playwright.sync_api import sync_playwright

chromium, page_path = sys.argv[1], sys.argv[2]
started = time.monotonic()
with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=chromium)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto("file://" + page_path)
    page.screenshot()
    first = time.monotonic() - started
    best = float("inf")
    for _ in range(10):
        started = time.monotonic()
        page.goto("file://" + page_path)
        page.screenshot()
        best = min(best, time.monotonic() - started)
    browser.close()
print(f"{first:.4f} {best:.4f}")

"""Times the browser review (`snapshot-record --review --browser`) in headless Chromium (Debian's,
through Playwright), on a review already running: its first screen (best of three loads), a
search and its clearing (in the page, best of three), the next change's detail, and accepting
one change.

Usage: review_timing.py CHROMIUM URL SEARCH ROWS
(ROWS: the rows of the whole list, groups and changes.) Prints one line per measure, in seconds.
"""
import sys
import time

from playwright.sync_api import sync_playwright

chromium, address, words, total = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
# A search and what it draws, measured in the page: the filter runs as the input event is
# handled, and reading a layout property makes the browser lay out the rows it drew.
SEARCH = """(words) => {
  const search = document.getElementById('search');
  const started = performance.now();
  search.value = words;
  search.dispatchEvent(new Event('input'));
  document.getElementById('list').getBoundingClientRect();
  return [(performance.now() - started) / 1000, document.getElementById('shown').textContent];
}"""

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=chromium)
    best = float("inf")
    for _ in range(3):
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        started = time.monotonic()
        page.goto(address, wait_until="domcontentloaded")
        page.locator(".row").first.wait_for(timeout=600_000)
        best = min(best, time.monotonic() - started)
        if _ < 2:
            page.close()
    print(f"first screen: {best:.3f} s ({page.locator('#shown').inner_text()}, {page.locator('.row').count()} rows drawn)")
    page.locator("#shown", has_text=f"of {total}").wait_for(timeout=600_000)
    print(f"the whole list: {time.monotonic() - started:.3f} s")
    for what, text in [("search", words), ("clearing the search", "")]:
        runs = [page.evaluate(SEARCH, value) for value in [text, words if text == "" else "", text]]
        print(f"{what} '{text}': {min(run[0] for run in runs[0::2]):.4f} s ({runs[-1][1]})")
    page.fill("#search", words)
    page.keyboard.press("Enter")
    page.locator("#detail .buttons").wait_for()
    started = time.monotonic()
    page.keyboard.press("j")
    page.locator(f'#detail[data-id="{page.locator(".row[aria-selected=true]").get_attribute("data-id")}"] .buttons').wait_for()
    print(f"the next change's detail: {time.monotonic() - started:.3f} s")
    started = time.monotonic()
    page.keyboard.press("a")
    page.locator("#message", has_text="Accepted").wait_for(timeout=600_000)
    print(f"accepting one change: {time.monotonic() - started:.3f} s")
    browser.close()

"""Drives a gallery page of many snapshots in headless Chromium (Debian's, through Playwright):
it opens with a screenful drawn, draws more as it scrolls, and searches and filters over every
snapshot, drawn or not.

Usage: check_large_gallery.py CHROMIUM PAGE EXPECTATIONS_JSON
EXPECTATIONS_JSON: {"total", "failed", "last": a search that finds one snapshot near the end}.
Prints one line per check ("ok: …" or "FAILED: …"), and the times it measured (printed, not
checked: the targets are rows of Benchmarks), and exits 1 when any check failed.
"""
import json
import sys
import time

from playwright.sync_api import sync_playwright

from checks import check, finish

chromium, page_path, expected = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
def drawn(page):
    return page.locator("[data-snapshot]").count()


def shown(page):
    return page.locator("#shown").inner_text()


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=chromium)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    started = time.monotonic()
    page.goto("file://" + page_path, wait_until="domcontentloaded")
    page.locator("[data-snapshot]").first.wait_for()
    print(f"first screen drawn in {(time.monotonic() - started) * 1000:.0f} ms")

    total = expected["total"]
    first = drawn(page)
    check(0 < first < total / 10, f"a screenful is drawn, not all {total} ({first})")
    check(shown(page) == f"Showing {total} of {total}", f"the count is of every snapshot ({shown(page)!r})")
    check(page.locator("[data-snapshot]").first.get_attribute("data-status") == "failed", "the review comes first")

    for _ in range(5):
        page.mouse.wheel(0, 20000)
        page.wait_for_timeout(100)
    later = drawn(page)
    check(later > first, f"scrolling draws more ({first} → {later})")
    unchanged = page.locator("[data-status=unchanged]:visible").count()
    check(unchanged > 0, f"past the review, the gallery's snapshots show ({unchanged})")

    def timed_search(words):
        started = time.monotonic()
        page.get_by_role("searchbox").fill(words)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        return (time.monotonic() - started) * 1000

    took = timed_search(expected["last"])
    check(drawn(page) == 1 and shown(page) == f"Showing 1 of {total}",
          f"searching {expected['last']!r} finds the one snapshot near the end ({drawn(page)}, {shown(page)!r})")
    print(f"search answered in {took:.0f} ms")
    took = timed_search("")
    check(shown(page) == f"Showing {total} of {total}" and 0 < drawn(page) < total / 10,
          f"clearing the search draws a screenful again ({drawn(page)})")
    print(f"clearing the search answered in {took:.0f} ms")

    page.get_by_label("status", exact=True).select_option("failed")
    check(drawn(page) == min(expected["failed"], 60) and shown(page) == f"Showing {expected['failed']} of {total}",
          f"status = failed counts {expected['failed']} ({shown(page)!r})")
    page.get_by_label("status", exact=True).select_option("")

    check(not errors, f"no errors {errors}")
    browser.close()

finish()

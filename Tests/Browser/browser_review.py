"""Drives the browser review (`snapshot-record --review --browser`) in headless Chromium
(Debian's, through Playwright) as a user would: keys and buttons on the page the tool serves.

Usage: browser_review.py URL EXPECTATIONS_JSON
EXPECTATIONS_JSON: {"chromium": path, "group": size of the group to accept, "accept": search words
of one change to accept, "reject": …, "skip": …, "forged": … (a change a page of another origin
tries to accept)}.
Prints one line per check ("ok: …" or "FAILED: …") and exits 1 when any failed.
"""
import json
import sys
import time
import urllib.parse

from playwright.sync_api import sync_playwright

from checks import check, finish

address, expected = sys.argv[1], json.loads(sys.argv[2])
parts = urllib.parse.urlsplit(address)
origin = f"{parts.scheme}://{parts.netloc}"
def selected(page):
    return page.locator('.row[aria-selected="true"]')


def choose(page, words):
    """Searches for `words` and leaves the one change found selected, its detail open."""
    page.fill("#search", words)
    page.keyboard.press("Enter")
    row = selected(page)
    row.wait_for()
    check(page.locator(".row").count() == 1, f"searching '{words}' finds one change")
    page.wait_for_selector(f'#detail[data-id="{row.get_attribute("data-id")}"] .buttons')
    return row.get_attribute("data-id")


def state(page, change):
    page.fill("#search", change)
    page.keyboard.press("Enter")
    return page.locator(f'.row[data-id="{change}"]').get_attribute("data-state")


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=expected["chromium"])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(address)
    page.locator(".row").first.wait_for()

    # The list draws what is in view, not every change.
    drawn = page.locator(".row").count()
    shown = page.locator("#shown").inner_text()
    check(drawn < 80, f"the list draws {drawn} rows of '{shown}'")

    # A group first, decided with one key.
    group = page.locator('.row[data-kind="group"]').first
    check(group.get_attribute("aria-selected") == "true", "the first group is selected first")
    page.wait_for_selector("#detail h2")
    heading = page.locator("#detail h2").inner_text()
    check(f"in {expected['group']} references" in heading, f"the group's detail: {heading}")
    group_id = group.get_attribute("data-id")
    started = time.monotonic()
    page.keyboard.press("a")
    # Each of its changes is written as the terminal review writes it, one by one.
    page.locator("#message", has_text="Accepted").wait_for(timeout=300_000)
    print(f"the group of {expected['group']} was accepted in {time.monotonic() - started:.1f} s")
    check(page.locator("#message").inner_text() == f"Accepted {expected['group']}.",
          "a accepts each change of the group")
    check(selected(page).get_attribute("data-state") == "pending", "then the next open change is chosen")
    check(state(page, group_id) == "decided", "the group shows as decided")

    # One change each way, with keys and with a button; its diff is shown first.
    accepted = choose(page, expected["accept"])
    check(page.locator("#detail pre.diff .add").count() > 0, "a change's diff shows its added lines")
    page.keyboard.press("v")
    check("View: new" in page.locator("#view").inner_text(), "v switches to the new text")
    page.keyboard.press("a")
    page.wait_for_selector(f'.row[data-id="{accepted}"][data-state="accepted"]')
    rejected = choose(page, expected["reject"])
    page.get_by_role("button", name="Reject").click()
    page.wait_for_selector(f'.row[data-id="{rejected}"][data-state="rejected"]')
    skipped = choose(page, expected["skip"])
    page.keyboard.press("s")
    page.wait_for_selector(f'.row[data-id="{skipped}"][data-state="skipped"]')
    check(state(page, accepted) == "accepted" and state(page, rejected) == "rejected",
          "the decided changes show their states")

    # An image: each of the gallery's views, its images loaded from the review.
    if expected.get("image"):
        choose(page, expected["image"])
        views = []
        for _ in range(4):
            view = page.locator("#view")
            views.append(view.locator("p.note").inner_text())
            images = view.locator("img")
            images.first.wait_for()
            widths = []
            for _ in range(100):
                widths = [image.get_property("naturalWidth").json_value() for image in images.element_handles()]
                if all(widths):
                    break
                time.sleep(0.1)
            check(widths and all(widths), f"{views[-1]}: {len(widths)} images loaded")
            page.keyboard.press("v")
        check(views == [f"View: {name} (v switches)" for name in ["side by side", "slider", "onion skin", "difference"]],
              f"an image's views: {views}")

    # A second tab without the token, or with another, is refused.
    other = browser.new_page()
    for wrong in [origin + "/", origin + "/" + "0" * 64 + "/", origin + "/changes"]:
        response = other.goto(wrong)
        check(response.status == 403 and "Refused" in other.content(), f"{wrong} is refused")

    # A page of another origin that posts a decision (it knows the address, even) is refused.
    forged = choose(page, expected["forged"])
    refused = page.request.post(address + "decide", headers={"Origin": "http://example.com",
                                "Content-Type": "application/json"},
                                data=json.dumps({"ids": [forged], "decision": "accept"}))
    check(refused.status == 403, f"a POST from http://example.com is refused ({refused.status})")
    other.goto("data:text/html,<p>another site</p>")
    other.evaluate("""([address, id]) => fetch(address + 'decide', {method: 'POST', mode: 'no-cors',
        headers: {'Content-Type': 'text/plain'}, body: JSON.stringify({ids: [id], decision: 'accept'})})
        .catch(() => null)""", [address, forged])
    page.reload()
    page.locator(".row").first.wait_for()
    check(state(page, forged) == "pending", "the forged decision left its change pending")
    check(state(page, skipped) == "skipped", "a reloaded page shows the decisions made")

    check(not errors, f"no script errors: {errors}")
    browser.close()

finish()

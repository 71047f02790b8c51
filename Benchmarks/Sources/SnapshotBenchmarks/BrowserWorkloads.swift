import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsBrowser

/// A 1280×800 page with a stylesheet, screenshotted by `.screenshot` and by Playwright for
/// Python in the same Chromium (Debian's); skipped when either is missing.
enum BrowserWorkloads {
  static func rows() throws -> [Row] {
    guard let chromium = ["/usr/bin/chromium"].first(where: FileManager.default.isExecutableFile)
    else { return [] }
    let scratch = ScratchPackage("browser")
    defer { scratch.remove() }
    let page = try writePage(in: scratch.url)
    let references = scratch.url.appendingPathComponent("references").path
    let strategy = Snapshotting<URL, Image>.screenshot
    func assertion(record: SnapshotTestingConfiguration.Record) -> String? {
      verifySnapshot(
        of: page, as: strategy, named: "page", record: record, snapshotDirectory: references,
        testName: "invoice")
    }
    let start = ContinuousClock.now
    precondition(assertion(record: .all)?.hasPrefix("Recorded") == true)
    let first = (ContinuousClock.now - start).seconds
    let warm = bestTime(runs: 10) { precondition(assertion(record: .never) == nil) }
    let screenshotOnly = bestTime(runs: 10) { precondition(screenshot(of: page, as: strategy)) }
    let script = SuitePackage.repository.appendingPathComponent(
      "Tests/Browser/screenshot_timing.py")
    let output = try? ChildProcess.run(
      "/usr/bin/env", ["python3", script.path, chromium, page.path], capturingOutput: true,
      showingErrors: false)
    let playwright = output?.split(separator: " ").compactMap {
      Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    let names = (
      first: "first screenshot assertion (starts Chromium)",
      value: "warm screenshot of a 1280×800 page: loaded, stilled, captured, decoded",
      asserted: "the same, asserted: the reference read and decoded, the images compared"
    )
    guard let playwright, playwright.count == 2 else {
      return [
        Row(name: names.first, ours: first, theirs: nil, target: "reported"),
        Row(name: names.value, ours: screenshotOnly, theirs: nil, target: "≤ Playwright"),
        Row(name: names.asserted, ours: warm, theirs: nil, target: "reported"),
      ]
    }
    let baseline = "Playwright for Python"
    return [
      Row(
        name: names.first + " vs Playwright's launch and first screenshot", ours: first,
        baseline: playwright[0], baselineName: baseline, target: "reported"),
      Row(
        name: names.value + " vs page.goto + page.screenshot", ours: screenshotOnly,
        baseline: playwright[1], baselineName: baseline, target: "≤ 1× Playwright"),
      Row(
        name: names.asserted, ours: warm, baseline: playwright[1], baselineName: baseline,
        target: "reported"),
    ]
  }

  /// The strategy's value, as the assertion computes it before comparing: `true` once it is
  /// an image.
  private static func screenshot(of page: URL, as strategy: Snapshotting<URL, Image>) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let drawn = Locked(false)
    // Awaited here, on this thread, before anything else touches it.
    nonisolated(unsafe) let pending = strategy.snapshot(page)
    Task {
      let image = try? await pending.value()
      drawn.withLock { $0 = image != nil }
      done.signal()
    }
    done.wait()
    return drawn.withLock { $0 }
  }

  /// An invoice: a heading, a table of twenty lines and a note, styled by a file beside it.
  private static func writePage(in folder: URL) throws -> URL {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let rows = (1...20).map {
      "<tr><td>Item \($0)</td><td>\($0 * 3)</td><td>\($0 * 4).50</td></tr>"
    }
    let html = """
      <!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body>
      <h1>Invoice 7</h1><table><tr><th>Item</th><th>Quantity</th><th>Total</th></tr>
      \(rows.joined(separator: "\n"))</table><p class="note">Due within thirty days.</p></body></html>
      """
    let css = """
      body { margin: 40px; font: 16px "DejaVu Sans", sans-serif; background: #fefae0 }
      h1 { color: #bc6c25 } table { border-collapse: collapse; width: 100% }
      td, th { border: 1px solid #606c38; padding: 4px 8px } .note { color: #283618 }
      """
    try Data(css.utf8).write(to: folder.appendingPathComponent("style.css"))
    let page = folder.appendingPathComponent("invoice.html")
    try Data(html.utf8).write(to: page)
    return page
  }
}

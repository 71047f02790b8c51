import Foundation
@_spi(Tooling) import SnapshotsHTML
import TestSupport
import Testing

@testable import SnapshotsBrowser

/// `.renderedOutline`: the outline of a page as Chromium lays it out, in `.htmlOutline`'s format.
@Suite(.enabled(if: BrowserTesting.available))
struct RenderedOutlineTests {
  static let invoices = """
    <!DOCTYPE html><html lang="en"><head><title>Invoices</title>
    <style>.promo { display: none } .total { font-weight: bold }</style></head>
    <body><nav aria-label="Main"><a href="/" aria-current="page">Home</a></nav>
    <main><h1>Invoices</h1><div class="promo"><a href="/upgrade">Upgrade to Pro</a></div>
    <p class="total">Two are <em>overdue</em>.</p>
    <form aria-label="Search"><label>Customer <input name="customer" value="Ann" required></label>
    <label><input type="checkbox" checked> Paid only</label>
    <select aria-label="Year"><option>2025</option><option selected>2026</option></select>
    <button disabled>Search</button></form>
    <ul><li><a href="/invoices/1">Nº 1</a></li></ul></main></body></html>
    """

  /// Records `page` as the rendered outline in `folder` and gives the reference's text.
  func recorded(_ page: String, in folder: TemporaryDirectory) async throws -> String {
    let failure = await verifySnapshot(
      as: .renderedOutline, named: "page", record: .all, snapshotDirectory: folder.path,
      testName: "test"
    ) { page }
    #expect(failure?.contains("Recorded") ?? true, "\(failure ?? "")")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let reference = try #require(files.first { $0.hasSuffix(".txt") }, "\(files)")
    return try String(contentsOf: folder.file(reference), encoding: .utf8)
  }

  @Test func whatAStylesheetHidesIsLeftOut() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let outline = try await recorded(Self.invoices, in: folder)
    #expect(
      outline == """
        - navigation "Main":
          - link "Home" [href=/] [current=page]
        - main:
          - heading "Invoices" [level=1]
          - text: Two are overdue.
          - form "Search":
            - textbox "Customer" [required]: Ann
            - checkbox "Paid only" [checked]
            - combobox "Year" [collapsed]:
              - option "2025"
              - option "2026" [selected]
            - button "Search" [disabled]
          - list:
            - listitem:
              - link "Nº 1" [href=/invoices/1]

        """)
    // The markup's outline lists the hidden link; without it, it is the browser's, line for line.
    let markup = try HTMLSnapshotText.outline(Self.invoices)
    #expect(markup.contains(#"link "Upgrade to Pro" [href=/upgrade]"#))
    let unhidden = Self.invoices.replacingOccurrences(
      of: #"<div class="promo"><a href="/upgrade">Upgrade to Pro</a></div>"#, with: "")
    #expect(try HTMLSnapshotText.outline(unhidden) == outline)
  }

  @Test func showingWhatTheStylesheetHidFailsWithTheLineItAdds() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = try await recorded(Self.invoices, in: folder)
    let shown = Self.invoices.replacingOccurrences(of: ".promo { display: none }", with: "")
    let message = try #require(
      await verifySnapshot(
        as: .renderedOutline, named: "page", record: .never, snapshotDirectory: folder.path,
        testName: "test"
      ) { shown })
    let changed = message.split(separator: "\n").filter {
      ($0.hasPrefix("+") && !$0.hasPrefix("+++")) || ($0.hasPrefix("-") && !$0.hasPrefix("---"))
    }
    #expect(changed == [#"+  - link "Upgrade to Pro" [href=/upgrade]"#], "\(message)")
  }

  /// What a script adds once the page has loaded is there; the browser's own parts of a
  /// control (a date field's spin buttons, a video's controls, an image button's picture) are not.
  @Test func aScriptsAdditionsAreInAndTheBrowsersOwnPartsOut() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let outline = try await recorded(
      """
      <label>Delivery <input type="date"></label><video controls aria-label="Tour"></video>
      <input type="image" alt="Pay now" src="pay.png"><input type="password" value="secret" aria-label="PIN">
      <details open><summary>More</summary>Shown</details>
      <script>
        addEventListener("load", () => {
          const added = document.createElement("button");
          added.textContent = "Added on load";
          document.body.append(added);
        });
      </script>
      """, in: folder)
    #expect(
      outline == """
        - textbox "Delivery"
        - button "Pay now"
        - textbox "PIN"
        - group [expanded]:
          - text: More
          - text: Shown
        - button "Added on load"

        """)
  }
}

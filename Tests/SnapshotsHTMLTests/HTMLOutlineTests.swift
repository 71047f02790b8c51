import Foundation
import InlineSnapshots
@_spi(Tooling) import SnapshotsHTML
import SnapshotsStrategyLaws
import TestSupport
import Testing

/// `.htmlOutline`: roles, accessible names and states, compared strictly.
@Suite struct HTMLOutlineTests {
  static let page = """
    <!DOCTYPE html>
    <html lang="en">
    <head><title>Invoices</title><script>track()</script></head>
    <body>
      <header>
        <a href="/"><img src="/logo.svg" alt="Example Ltd"></a>
        <nav aria-label="Main">
          <ul>
            <li><a href="/" aria-current="page">Home</a></li>
            <li><a href="/invoices">Invoices</a></li>
          </ul>
        </nav>
      </header>
      <main>
        <h1>Invoices</h1>
        <p>Two are <em>overdue</em>.</p>
        <form aria-label="Search" action="/search">
          <label for="customer">Customer</label>
          <input id="customer" name="customer" required value="Ann">
          <label><input type="checkbox" name="paid" checked> Paid only</label>
          <select aria-label="Year"><option>2025</option><option selected>2026</option></select>
          <button type="submit" disabled>Search</button>
        </form>
        <table>
          <caption>Open invoices</caption>
          <tr><th>Number</th><th>Total</th></tr>
          <tr><td><a href="/invoices/1">Nº 1</a></td><td>€ 12.50</td></tr>
        </table>
        <img src="/chart.png" alt="Totals per month">
        <img src="/spacer.gif" alt="">
        <div hidden>Not shown</div>
      </main>
      <footer><p>© 2026 Example Ltd</p></footer>
    </body>
    </html>
    """

  @Test func aPageWithANavigationAFormATableAndImages() {
    assertInlineSnapshot(of: Self.page, as: .htmlOutline) {
      """
      - banner:
        - link "Example Ltd" [href=/]:
          - img "Example Ltd"
        - navigation "Main":
          - list:
            - listitem:
              - link "Home" [href=/] [current=page]
            - listitem:
              - link "Invoices" [href=/invoices]
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
        - table "Open invoices":
          - row:
            - columnheader "Number"
            - columnheader "Total"
          - row:
            - cell "Nº 1":
              - link "Nº 1" [href=/invoices/1]
            - cell "€ 12.50"
        - img "Totals per month"
      - contentinfo:
        - text: © 2026 Example Ltd

      """
    }
  }

  /// The three mistakes the browser's accessibility tree showed (`OutlineAgreementTests`), and
  /// the names and states it corrected.
  @Test func whatChromiumsAccessibilityTreeSays() {
    assertInlineSnapshot(
      of: """
        <svg width="20" height="20"><title>A circle</title><circle r="5"/></svg>
        <details><summary>More</summary><p>Folded</p><button>Inside</button></details>
        <div role="heading">Implied level</div>
        <label for="q">Search</label><label>again <input id="q"></label>
        <input type="checkbox" aria-checked="mixed" aria-label="Native">
        <select aria-label="Colour"><optgroup label="Warm"><option>Red</option></optgroup></select>
        """, as: .htmlOutline
    ) {
      """
      - img "A circle"
      - group [collapsed]:
        - text: More
      - heading "Implied level" [level=2]
      - textbox "Search again"
      - checkbox "Native"
      - combobox "Colour" [collapsed]:
        - group "Warm":
          - option "Red" [selected]

      """
    }
  }

  /// What a failure says, from `verifySnapshot`, which returns it.
  func failure(of page: String, against reference: String) throws -> String {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = verifySnapshot(
      of: reference, as: .htmlOutline, named: "page", record: .all, snapshotDirectory: folder.path)
    return try #require(
      verifySnapshot(
        of: page, as: .htmlOutline, named: "page", record: .never, snapshotDirectory: folder.path))
  }

  /// The lines a failure's diff removes and adds.
  func changedLines(_ message: String) -> [Substring] {
    message.split(separator: "\n").filter {
      ($0.hasPrefix("-") && !$0.hasPrefix("---")) || ($0.hasPrefix("+") && !$0.hasPrefix("+++"))
    }
  }

  @Test func removingALabelFailsWithAOneLineDiff() throws {
    let unlabelled = Self.page.replacingOccurrences(
      of: #"<label for="customer">Customer</label>"#, with: "")
    let message = try failure(of: unlabelled, against: Self.page)
    #expect(
      changedLines(message) == [
        #"-    - textbox "Customer" [required]: Ann"#, "+    - textbox [required]: Ann",
      ], "\(message)")
  }

  @Test func removingAnAltTextFailsWithAOneLineDiff() throws {
    let message = try failure(
      of: Self.page.replacingOccurrences(of: #" alt="Totals per month""#, with: ""),
      against: Self.page)
    #expect(
      changedLines(message) == [#"-  - img "Totals per month""#, "+  - img"], "\(message)")
  }

  @Test func changingMarkupButNotWhatAUserPerceivesKeepsTheOutline() throws {
    let restyled = Self.page
      .replacingOccurrences(
        of: "<p>Two are <em>overdue</em>.</p>",
        with: "<div class=\"lead\">Two are <strong>overdue</strong>.</div>"
      )
      .replacingOccurrences(of: "<ul>", with: "<ul class=\"menu\">")
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = verifySnapshot(
      of: Self.page, as: .htmlOutline, named: "page", record: .all, snapshotDirectory: folder.path)
    #expect(
      verifySnapshot(
        of: restyled, as: .htmlOutline, named: "page", record: .never,
        snapshotDirectory: folder.path) == nil)
  }

  @Test func explicitRolesAndARIAWinOverTheElementsOwn() {
    assertInlineSnapshot(
      of: """
        <div role="navigation" aria-label="Pages"><span role="link" aria-disabled="true">Next</span></div>
        <button aria-pressed="true" aria-expanded="false">Bold</button>
        <h2 aria-level="3">Details</h2>
        <p id="hint">Eight characters or more</p>
        <input type="password" aria-labelledby="hint" value="secret">
        <ul role="presentation"><li role="none">Plain</li></ul>
        <span aria-hidden="true">Decoration</span>
        <details open><summary>More</summary>Shown</details>
        """, as: .htmlOutline
    ) {
      """
      - navigation "Pages":
        - link "Next" [disabled]
      - button "Bold" [collapsed] [pressed]
      - heading "Details" [level=3]
      - text: Eight characters or more
      - textbox "Eight characters or more"
      - text: Plain
      - group [expanded]:
        - text: More
        - text: Shown

      """
    }
  }

  @Test func theOutlineKeepsTheStrategyLaws() async {
    await assertStrategyLaws(
      Snapshotting<String, String>.htmlOutline,
      samples: [Self.page, "<h1>One</h1>", "<h2>Two</h2>", "<nav><a href=/>Home</a></nav>"])
  }
}

/// What `--sensitivity` changes in an outline: each line's name; an empty outline has none.
@Suite struct HTMLOutlineSensitivityTests {
  @Test func eachNameIsChangedAndAnEmptyOutlineSaysItHasNone() throws {
    let outline = try HTMLSnapshotText.outline(
      #"<main><h1>Hi</h1><p>Some text</p><a href="/x">Go</a></main>"#)
    let changes = try #require(Snapshotting<String, String>.htmlOutline.changes?(outline))
    #expect(changes.map(\.name) == (1...4).map { "line \($0) (name)" })
    let changedLines = changes.map { change in
      zip(outline.split(separator: "\n"), change.value.split(separator: "\n"))
        .first { $0 != $1 }.map { String($1) }
    }
    #expect(
      changedLines == [
        #"- main "⁂":"#, #"  - heading "⁂Hi" [level=1]"#, "  - text: ⁂Some text",
        #"  - link "⁂Go" [href=/x]"#,
      ])
    let empty = try HTMLSnapshotText.outline(#"<html><body><div id="app"></div></body></html>"#)
    #expect(empty == "")
    #expect(Snapshotting<String, String>.htmlOutline.changes?(empty).isEmpty == true)
  }
}

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

  // Issue 51: what the outline said where Chromium's tree says otherwise, each with its class.

  /// A closed `<dialog>` was listed: markup hides it, as it hides `inert` content, a
  /// `<datalist>`'s suggestions and an element whose own style says `display: none`.
  @Test func whatMarkupHidesIsLeftOut() {
    assertInlineSnapshot(
      of: """
        <dialog><button>Closed</button></dialog><dialog open><button>Open</button></dialog>
        <div inert><a href="/a">Inert</a></div><div style="color: red; DISPLAY : none"><a href="/b">Styled</a></div>
        <input list="l" aria-label="City"><datalist id="l"><option value="Tokyo"></datalist>
        """, as: .htmlOutline
    ) {
      """
      - dialog:
        - button "Open"
      - combobox "City"

      """
    }
  }

  /// `<fieldset disabled>` said `[disabled]` of the group: it disables the controls in it (not
  /// those of its first legend), as a disabled list or option group disables its options, and
  /// `aria-disabled` what a user can reach inside; `disabled` means nothing on a link.
  @Test func aDisabledFieldsetDisablesItsControls() {
    assertInlineSnapshot(
      of: """
        <fieldset disabled><legend>Billing <button>Why?</button></legend>
        <input aria-label="Seats"><a href="/h" disabled>History</a>
        <select aria-label="Plan"><optgroup label="Old" disabled><option>Solo</option></optgroup>
        <option>Team</option></select></fieldset>
        <div aria-disabled="true"><a href="/x">Export</a><span>Text</span></div>
        """, as: .htmlOutline
    ) {
      """
      - group "Billing Why?":
        - button "Why?"
        - textbox "Seats" [disabled]
        - link "History" [href=/h]
        - combobox "Plan" [disabled] [collapsed]:
          - group "Old":
            - option "Solo" [disabled]
          - option "Team" [disabled]
      - link "Export" [href=/x] [disabled]
      - text: Text

      """
    }
  }

  /// `<meter>` and `<progress>` named by `<label for>` were unnamed: a label names every
  /// labelable element (an `<output>`, a `<button>` before its content), and an `<output>` is a
  /// status.
  @Test func aLabelNamesEveryLabelableElement() {
    assertInlineSnapshot(
      of: """
        <label for="m">Disk</label><meter id="m" value="0.8"></meter>
        <label>Upload <progress value="3" max="10"></progress></label>
        <label for="o">Total</label><output id="o">5</output><output>Saved</output>
        <label for="b">Label</label><button id="b">Content</button>
        """, as: .htmlOutline
    ) {
      """
      - meter "Disk"
      - progressbar "Upload"
      - status "Total": 5
      - status: Saved
      - button "Label"

      """
    }
  }

  /// A `<select>` inside its label was named with every option's text: a control inside a name
  /// says its value (a list its chosen option), the control named says nothing of itself, and
  /// an element inside says its own label.
  @Test func aControlInsideANameSaysItsValue() {
    assertInlineSnapshot(
      of: """
        <label>Country <select><option>Sweden</option><option>Japan</option></select></label>
        <label>Send <input type="number" value="2" aria-label="Copies"> copies
        <input type="checkbox"></label>
        <label>Notes <textarea>Ring twice</textarea></label>
        <button><span aria-label="Remind Ann">Remind</span></button>
        """, as: .htmlOutline
    ) {
      """
      - combobox "Country" [collapsed]:
        - option "Sweden" [selected]
        - option "Japan"
      - spinbutton "Copies": 2
      - checkbox
      - textbox "Notes" [multiline]: Ring twice
      - button "Remind Ann"

      """
    }
  }

  /// A `<table role="presentation">` kept its rows and cells: a role taken away takes its
  /// parts' with it (a table's rows and cells, a list's items); a grid's cells are grid cells,
  /// and a header between data cells heads its row.
  @Test func aPresentationalTableHasNoRowsOrCells() {
    assertInlineSnapshot(
      of: """
        <table role="presentation"><tr><td>Scan</td><td><a href="/pay">Pay</a></td></tr></table>
        <ul role="none"><li>Plain</li><li role="listitem">Own role</li></ul>
        <table role="grid" aria-label="Seats"><tr><th>Row</th><th>A</th></tr>
        <tr><th>1</th><td>Free</td></tr></table>
        """, as: .htmlOutline
    ) {
      """
      - text: Scan
      - link "Pay" [href=/pay]
      - text: Plain
      - listitem: Own role
      - grid "Seats":
        - row "Row A":
          - columnheader "Row"
          - columnheader "A"
        - row "1 Free":
          - rowheader "1"
          - gridcell "Free"

      """
    }
  }

  /// `<output>` was text: every element HTML-AAM maps has its role, where it is deciding some
  /// (a header or an aside in a section, a section only when named).
  @Test func everyElementHTMLAAMMapsHasItsRole() {
    assertInlineSnapshot(
      of: """
        <article><header><hgroup><h1>Water</h1><p>Notes</p></hgroup></header>
        <section title="Method"><p>The <dfn>flow</dfn> is <math><mi>Q</mi></math>.</p>
        <aside>Unnamed aside</aside></section>
        <footer><address>Ann</address></footer></article><main><aside>Tip</aside></main>
        """, as: .htmlOutline
    ) {
      """
      - article:
        - sectionheader:
          - group:
            - heading "Water" [level=1]
            - text: Notes
        - region "Method":
          - text: The
          - term "flow"
          - text: is
          - math: Q
          - text: .
          - text: Unnamed aside
        - sectionfooter:
          - group: Ann
      - main:
        - complementary: Tip

      """
    }
  }

  /// Names that refer to themselves end, and a name read through thousands of others is cut
  /// short rather than exhausting the stack.
  @Test func namesThatReferToThemselvesOrNestDeepEnd() throws {
    let looping = """
      <section id="a" aria-labelledby="a b"><aside id="b" aria-labelledby="a">Inner</aside></section>
      <label for="x"><input type="checkbox" id="y"></label><label for="y"><input type="checkbox" id="x"></label>
      """
    let outline = try HTMLSnapshotText.outline(looping)
    #expect(outline.contains("checkbox"), "\(outline)")
    let deep =
      "<button>" + String(repeating: "<fieldset><legend>L", count: 5_000)
      + String(repeating: "</legend></fieldset>", count: 5_000) + "</button>"
    #expect(try HTMLSnapshotText.outline(deep).hasPrefix("- button"))
  }

  /// States where HTML says they apply: `readonly` means nothing on a check box, `required`
  /// nothing on a slider; a drop-down list with no option marked shows its first one that is
  /// not disabled; a role's first token ARIA knows is its role, and `none` cannot take away
  /// the role of an element a user can reach.
  @Test func statesAndRolesWhereHTMLAndARIASayTheyApply() {
    assertInlineSnapshot(
      of: """
        <input type="checkbox" readonly aria-label="Terms"><input type="range" required aria-label="Tip">
        <select aria-label="Ship"><option disabled>Express</option><option>Standard</option></select>
        <div role="foo Button">First known</div><button role="none">Reachable</button>
        """, as: .htmlOutline
    ) {
      """
      - checkbox "Terms"
      - slider "Tip"
      - combobox "Ship" [collapsed]:
        - option "Express" [disabled]
        - option "Standard" [selected]
      - button "First known"
      - button "Reachable"

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

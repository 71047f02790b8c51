import Foundation
import InlineSnapshots
import SnapshotsHTML
import SnapshotsStrategyLaws
import TestSupport
import Testing

/// `.html`: how a page is written so that its diff is readable, and what stays the same.
@Suite struct HTMLTests {
  @Test func aDocumentIsOneBlockPerLineIndentedByDepth() {
    assertInlineSnapshot(
      of: """
        <!doctype HTML><html lang=en><head><meta charset=utf-8><title>Invoices</title></head>
        <body><h1>Invoices</h1><p>2   <em>unpaid</em>,
           due <time datetime="2026-12-01">1&nbsp;December</time>.</p>
        <ul><li>One<li>Two <b>bold </b>text</ul></body></html>
        """, as: .html
    ) {
      """
      <!DOCTYPE html>
      <html lang="en">
        <head>
          <meta charset="utf-8">
          <title>Invoices</title>
        </head>
        <body>
          <h1>Invoices</h1>
          <p>2 <em>unpaid</em>, due <time datetime="2026-12-01">1&nbsp;December</time>.</p>
          <ul>
            <li>One</li>
            <li>Two <b>bold</b> text</li>
          </ul>
        </body>
      </html>

      """
    }
  }

  @Test func aFragmentIsWrittenWithoutTheElementsTheParserAdds() {
    assertInlineSnapshot(of: "<div class=card><h2>Ann</h2><p>Owes &euro;12</p></div>", as: .html) {
      """
      <div class="card">
        <h2>Ann</h2>
        <p>Owes €12</p>
      </div>

      """
    }
  }

  /// A script or a style between text stays in its line: it is not drawn, and a line break
  /// there would be a space that is not in the page.
  @Test func preTextareaScriptAndStyleKeepTheirText() {
    assertInlineSnapshot(
      of: """
        <pre>  two  spaces
        <b>and   markup</b></pre><textarea>  as
         typed</textarea><script>if (a < b && c) { go() }</script><style>p  >  b { color: red }</style>
        """, as: .html
    ) {
      """
      <pre>  two  spaces
      <b>and   markup</b></pre>
      <textarea>  as
       typed</textarea><script>if (a < b && c) { go() }</script><style>p  >  b { color: red }</style>

      """
    }
  }

  @Test func attributesKeepTheirOrderInOneSpelling() {
    assertInlineSnapshot(
      of: """
        <input type='checkbox' checked=checked disabled="" name=paid value="a &quot;b&quot; &amp; c">
        <img alt='' src="x.png">
        <p class="  b   a  ">x</p>
        """, as: .html
    ) {
      """
      <input type="checkbox" checked disabled name="paid" value="a &quot;b&quot; &amp; c"> <img alt="" src="x.png">
      <p class="b a">x</p>

      """
    }
  }

  @Test func classListsInOrderWhenAsked() {
    assertInlineSnapshot(
      of: #"<p class="warning big  alert">x</p>"#, as: .html(sortingClasses: true)
    ) {
      """
      <p class="alert big warning">x</p>

      """
    }
  }

  @Test func commentsKeptOrLeftOut() {
    let page = "<!-- layout: main --><p>Hi<!-- name --> Ann</p>"
    assertInlineSnapshot(of: page, as: .html) {
      """
      <!-- layout: main -->
      <p>Hi<!-- name --> Ann</p>

      """
    }
    assertInlineSnapshot(of: page, as: .html(comments: .dropped)) {
      """
      <p>Hi Ann</p>

      """
    }
  }

  @Test func aLongStartTagHasOneAttributePerLine() {
    assertInlineSnapshot(
      of: """
        <form action="/invoices/search" method="get" class="search-form wide" data-controller="search" data-turbo="false"><input name=q></form>
        """, as: .html
    ) {
      """
      <form
        action="/invoices/search"
        method="get"
        class="search-form wide"
        data-controller="search"
        data-turbo="false"
      >
        <input name="q">
      </form>

      """
    }
  }

  @Test func malformedHTMLIsSnapshottedAsRecoveredWithTheParsersComplaints() {
    assertInlineSnapshot(of: "<div><p>one</span><p>two</div></div>&bogus; &#xZZ;", as: .html) {
      """
      <!-- The HTML parser recovered from:
        Unexpected end tag : span
        Unexpected end tag : div
        htmlParseCharRef: missing semicolon
        htmlParseCharRef: invalid xmlChar value 0
      -->
      <div>
        <p>one</p>
        <p>two</p>
      </div>
      &amp;bogus; ZZ;

      """
    }
  }

  /// A raw `&` that starts no character reference is text, as HTML5 reads it: the page
  /// snapshots as its `&amp;` spelling does, with no complaint.
  @Test func aRawAmpersandIsText() {
    let raw = #"<p><a href="/x?a=1&b=2&copy=3">Tom & Jerry &more</a></p>"#
    let escaped = #"<p><a href="/x?a=1&amp;b=2&amp;copy=3">Tom &amp; Jerry &amp;more</a></p>"#
    assertInlineSnapshot(of: raw, as: .html) {
      """
      <p><a href="/x?a=1&amp;b=2&amp;copy=3">Tom &amp; Jerry &amp;more</a></p>

      """
    }
    #expect(text(raw) == text(escaped))
  }

  /// SVG's and MathML's camelCase names, which libxml2 lowercases, are written as a browser
  /// reads them in either spelling.
  @Test func svgNamesKeepTheirCase() {
    let page = """
      <svg viewBox="0 0 10 10" preserveAspectRatio="none"><defs><linearGradient id="g"       gradientUnits="userSpaceOnUse"/><clipPath id="c"/></defs><foreignObject width="1"/></svg>
      """
    assertInlineSnapshot(of: page, as: .html) {
      """
      <svg viewBox="0 0 10 10" preserveAspectRatio="none"><defs><linearGradient id="g" gradientUnits="userSpaceOnUse"></linearGradient><clipPath id="c"></clipPath></defs><foreignObject width="1"></foreignObject></svg>

      """
    }
    let lowercased = page.replacingOccurrences(of: "viewBox", with: "viewbox")
      .replacingOccurrences(of: "linearGradient", with: "lineargradient")
      .replacingOccurrences(of: "gradientUnits", with: "gradientunits")
    #expect(text(lowercased) == text(page))
  }

  private func text(_ page: String) -> String {
    var text = ""
    Snapshotting<String, String>.html.snapshot(page).run { text = $0 }
    return text
  }

  @Test func aFailureEndsWithTheParsersComplaints() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = verifySnapshot(
      of: "<p>one</p>", as: .html, named: "page", record: .all, snapshotDirectory: folder.path)
    let message = try #require(
      verifySnapshot(
        of: "<p>one</span><p>two", as: .html, named: "page", record: .never,
        snapshotDirectory: folder.path))
    #expect(
      message.contains(
        """
        +<p>two</p>

        The HTML is malformed; the parser (libxml2) recovered from:
          Unexpected end tag : span

        """), "\(message)")
  }

  @Test func filtersApplyToTheNormalisedPage() {
    let page = """
      <meta name="csrf-token" content="8f3c0a9d2b"><p id="order-5f2b9c1e-8d5a-4f7e-9c1b-2a3d4e5f6a7b">Paid</p>
      """
    assertInlineSnapshot(
      of: page,
      as: .html.filtered([
        .regex(
          #"name="csrf-token" content="[^"]*""#, replacement: #"name="csrf-token" content="<csrf>""#
        ),
        .uuids,
      ])
    ) {
      """
      <meta name="csrf-token" content="<csrf>">
      <p id="order-<UUID>">Paid</p>

      """
    }
  }

  @Test func anEmptyPageIsAnEmptySnapshot() {
    assertInlineSnapshot(of: " \n ", as: .html) {
      """

      """
    }
  }

  @Test func sensitivityRemovesEachElementWithItsContent() async throws {
    let page = try await Snapshotting<String, String>.html.snapshot(
      "<main><h1>Hi</h1><ul><li>a</li><li>b</li></ul></main>"
    ).value()
    let changes = try #require(Snapshotting<String, String>.html.changes?(page))
    let removals = changes.filter { $0.name.hasSuffix("removed)") }
    #expect(
      removals.map(\.name) == [
        "line 1 (<main> removed)", "line 2 (<h1> removed)", "line 3 (<ul> removed)",
        "line 4 (<li> removed)", "line 5 (<li> removed)",
      ])
    #expect(removals[0].value == "")
    #expect(removals[2].value == "<main>\n  <h1>Hi</h1>\n</main>\n")
    #expect(changes.contains { $0.name == "line 2 (end)" }, "and each line as any text's")
  }

  @Test func theStrategiesKeepTheirLaws() async {
    await assertStrategyLaws(
      Snapshotting<String, String>.html,
      samples: ["<p>one</p>", "<p>two</p>", "<ul><li>a<li>b</ul>", "<div></span>x", ""])
    await assertStrategyLaws(
      Snapshotting<String, String>.html(sortingClasses: true, comments: .dropped),
      samples: [#"<p class="b a">x</p>"#, "<p>y<!-- c --></p>"])
  }
}

import Snapshots

/// Whether `.html` writes the page's comments.
public enum HTMLComments: Sendable {
  case kept
  case dropped
}

extension Snapshotting where Value == String, Format == String {
  /// An HTML page or fragment, normalised so that a diff is readable: one block per line,
  /// indented by depth, whitespace collapsed as a browser renders it, one spelling of each
  /// attribute and character, in an `.html` file.
  ///
  /// ```swift
  /// assertSnapshot(of: page, as: .html)
  /// ```
  ///
  /// records
  ///
  /// ```html
  /// <!DOCTYPE html>
  /// <html lang="en">
  ///   <head>
  ///     <title>Invoices</title>
  ///   </head>
  ///   <body>
  ///     <h1>Invoices</h1>
  ///     <p>2 <em>unpaid</em>, due <time datetime="2026-12-01">1 December</time>.</p>
  ///   </body>
  /// </html>
  /// ```
  ///
  /// Two pages that differ only in whitespace a browser collapses, in how attributes are
  /// quoted or in how characters are escaped snapshot the same. Malformed HTML is snapshotted
  /// as libxml2's parser recovers it, as a browser would; what the parser complained about
  /// heads the reference, as a comment, and ends the failure message.
  public static var html: Snapshotting { .html() }

  /// `.html`, with class lists in order (`class="b a"` is `class="a b"`) or comments left out.
  public static func html(sortingClasses: Bool = false, comments: HTMLComments = .kept)
    -> Snapshotting
  {
    var strategy = SimplySnapshotting(pathExtension: "html", diffing: .htmlText)
    strategy.changes = { HTMLSensitivity.pageChanges(of: $0) }
    return strategy.asyncPullback { text in
      Async(catching: {
        try HTMLSnapshotText.html(text, sortingClasses: sortingClasses, comments: comments)
      })
    }
  }
}

extension Snapshotting where Value == String, Format == String {
  /// A page's outline as assistive technology finds it, in the spirit of Playwright's aria
  /// snapshots: each landmark, heading, link, button, form control, image, list and table,
  /// with its role, accessible name and state, one per line, indented by nesting.
  ///
  /// ```swift
  /// assertSnapshot(of: page, as: .htmlOutline)
  /// ```
  ///
  /// records
  ///
  /// ```
  /// - banner:
  ///   - navigation "Main":
  ///     - link "Invoices" [href=/invoices] [current=page]
  /// - main:
  ///   - heading "Invoices" [level=1]
  ///   - form "Search":
  ///     - textbox "Customer" [required]
  ///     - button "Search"
  ///   - img "Company logo"
  /// ```
  ///
  /// Elements without a role (`div`, `span`, `p`) add nothing but their text, so the outline
  /// outlives changes of markup and styling; it fails when what a user perceives or operates
  /// changes: a removed label or alt text, a heading's level, a control's state. Compared
  /// line by line, strictly: a removed element is a failing line. What a stylesheet or a
  /// script hides is beyond the markup: SnapshotsBrowser's `.renderedOutline` writes the
  /// outline of the page as Chromium lays it out, in the same format.
  public static var htmlOutline: Snapshotting {
    var strategy = SimplySnapshotting(pathExtension: "txt", diffing: .htmlText)
    strategy.changes = { HTMLSensitivity.outlineChanges(of: $0) }
    return strategy.asyncPullback { text in
      Async(catching: { try HTMLSnapshotText.outline(text) })
    }
  }
}

/// The texts `.html` and `.htmlOutline` make of a page, for the tools that check them (the
/// fuzzer) as well as the strategies.
package enum HTMLSnapshotText {
  public static func html(
    _ text: String, sortingClasses: Bool = false, comments: HTMLComments = .kept
  ) throws -> String {
    try page(text) { page in
      var printer = HTMLPrinter(
        page, sortsClasses: sortingClasses, keepsComments: comments == .kept)
      return printer.text()
    }
  }

  public static func outline(_ text: String) throws -> String {
    try page(text) { page in
      HTMLOutliner(page).text()
    }
  }

  /// `write`'s text of the page `text` parses to; an empty text for an empty page.
  private static func page(_ text: String, _ write: (HTMLPage) -> String) throws -> String {
    guard text.utf8.contains(where: { $0 > 0x20 }) else { return "" }
    return write(try HTMLPage(parsing: text))
  }
}

extension Diffing where Value == String {
  /// `.lines`, ending its message with what the parser complained about in the new page.
  static var htmlText: Diffing {
    var diffing = Diffing.lines
    let lines = diffing.diff
    diffing.diff = { reference, actual in
      guard var difference = lines(reference, actual) else { return nil }
      if let complaints = HTMLComplaints.listed(in: actual) {
        difference.message += "\n\nThe HTML is malformed; the parser (libxml2) recovered from:\n"
        difference.message += complaints
      }
      return difference
    }
    return diffing
  }
}

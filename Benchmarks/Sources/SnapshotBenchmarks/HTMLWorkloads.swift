import Foundation
import Snapshots
import SnapshotsHTML

/// HTML snapshots: `.html` of a 1 MB page, a whole passing assertion, against
/// `xmllint --html --format` on the same file (libxml2's own formatter, on the parser `.html`
/// is built on), and `.htmlOutline` of the same page against `.html`.
enum HTMLWorkloads {
  static func rows() throws -> [Row] {
    let page = largePage()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("html-benchmarks-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let html = try passTime(page, as: .html, folder: folder)
    let outline = try passTime(page, as: .htmlOutline, folder: folder)
    let megabytes = String(format: "%.1f MB", Double(page.utf8.count) / 1e6)
    var rows: [Row] = []
    let file = folder.appendingPathComponent("page.html")
    try Data(page.utf8).write(to: file)
    if let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first(
      where: FileManager.default.isExecutableFile)
    {
      let formatted = bestTime(runs: 5) {
        _ = try? ChildProcess.run(xmllint, ["--html", "--format", file.path])
      }
      rows.append(
        Row(
          name: ".html of a \(megabytes) page, a passing assertion", ours: html,
          baseline: formatted, baselineName: "xmllint --html --format", target: "≤ 1.0× of it"))
    } else {
      rows.append(
        Row(
          name: ".html of a \(megabytes) page (xmllint not installed)", ours: html, theirs: nil,
          target: "≤ 1.0× of xmllint --html --format"))
    }
    rows.append(
      Row(
        name: ".htmlOutline of the same page", ours: outline, baseline: html,
        baselineName: ".html", target: "≤ 1.5× of .html"))
    return rows
  }

  /// The best time of a passing assertion, after recording its reference.
  static func passTime(
    _ page: String, as strategy: Snapshotting<String, String>, folder: URL
  ) throws -> Double {
    let directory = folder.appendingPathComponent(UUID().uuidString).path
    _ = verifySnapshot(
      of: page, as: strategy, named: "1", record: .all, snapshotDirectory: directory,
      testName: "bench")
    return bestTime(runs: 5) {
      let failure = verifySnapshot(
        of: page, as: strategy, named: "1", record: .never, snapshotDirectory: directory,
        testName: "bench")
      precondition(failure == nil, failure ?? "")
    }
  }

  /// A page of about 1 MB as a server renders one: a head, landmarks and navigation, a search
  /// form, then a table of invoices with links, labelled check boxes and inline markup.
  static func largePage() -> String {
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head><meta charset="utf-8"><title>Invoices</title>
      <link rel="stylesheet" href="/app.css"><script>window.app = { start: () => 1 < 2 };</script>
      </head>
      <body>
      <header class="top bar"><nav aria-label="Main"><ul>
      <li><a href="/" aria-current="page">Home</a></li><li><a href="/invoices">Invoices</a></li>
      </ul></nav></header>
      <main><h1>Invoices</h1>
      <form action="/search" method="get" class="search"><label for="q">Customer</label>
      <input id="q" name="q" type="search" placeholder="Name or number" required>
      <button type="submit">Search</button></form>
      <table class="invoices"><caption>Open invoices</caption>
      <tr><th>Number</th><th>Customer</th><th>Total</th><th>Paid</th></tr>

      """
    var row = 0
    while page.utf8.count < 1_000_000 {
      page += """
          <tr class="row \(row % 2 == 0 ? "even" : "odd")">
            <td><a href="/invoices/\(row)">Nº&nbsp;\(row)</a></td>
            <td>Ann &amp; Bob <em>Ltd</em>, Zürich</td>
            <td class="amount">€ \(row * 7 % 1000).25</td>
            <td><input type="checkbox" aria-label="Paid \(row)"\(row % 3 == 0 ? " checked" : "")></td>
          </tr>

        """
      row += 1
    }
    return page + "</table></main><footer><p>© 2026 Example</p></footer></body></html>\n"
  }
}

import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsPNG
import TestSupport
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// The gallery page of a package: its hooks and content, then the page driven in headless
/// Chromium through Playwright (`Tests/Browser/check_gallery.py`): filters, search, lightbox,
/// slider, compare, dark mode, copy commands, no console errors, no request off `file://`.
@Suite struct GalleryTests {
  /// A package as a failing run leaves it: a card in 2 themes × 3 widths (PNG), two text
  /// snapshots; one PNG and one text failed, one new text.
  struct Fixture {
    let folder: TemporaryDirectory
    /// The package, `Invoices` (its folder's name titles the page).
    var url: URL { folder.url.appendingPathComponent("Invoices") }
    var root: String { url.standardizedFileURL.path }
    static let folder = "Tests/AppTests/__Snapshots__/CardTests/"

    init() throws {
      folder = try TemporaryDirectory()
      try write("Tests/AppTests/CardTests.swift", Data("// tests\n".utf8))
      for theme in ["light", "dark"] {
        for width in [320, 375, 768] {
          try write(
            Self.folder + "card.theme=\(theme)_width=\(width).png",
            Self.card(dark: theme == "dark", width: width / 8).pngData())
        }
      }
      try write(Self.folder + "title.1.txt", Data("Invoice\nTotal: 10 EUR\n".utf8))
      // A page, shown as text and drawn in a frame whose script must not run.
      try write(
        Self.folder + "page.1.html",
        Data(
          "<h1>Invoice 7</h1>\n<script>document.body.dataset.ran = 'yes'</script>\n<p>Total</p>\n"
            .utf8))
      // A chart kept per environment: this machine's and another's.
      for environment in ["linux-x86_64", "macos-arm64"] {
        try write(
          Self.folder + "chart.1.\(environment).png",
          Self.card(dark: false, width: 20).pngData())
      }
      // A line far wider than a card, which must wrap in it.
      try write(
        Self.folder + "title.email.txt",
        Data(
          ("Dear Ann <ann@example.com>, "
            + String(repeating: "your invoice is attached ", count: 12)
            + "\n").utf8))
      let run = PendingStore.defaultDirectory(packageRoot: url)
        .appendingPathComponent("test-1")
      // The dark card at 375 points lost its last column and got a green accent.
      let changed = try Self.card(dark: true, width: 375 / 8 - 1, accent: (40, 160, 90))
      try record(Self.folder + "card.theme=dark_width=375.png", changed.pngData(), in: run)
      try write(
        ".build/snapshot-artifacts/Tests/AppTests/__Snapshots__/CardTests/card.theme=dark_width=375.png",
        changed.pngData())
      try write(
        ".build/snapshot-artifacts/Tests/AppTests/__Snapshots__/CardTests/card.theme=dark_width=375.difference.png",
        try Image(width: 375 / 8, height: 30, filledWith: (255, 0, 0, 255)).pngData())
      try record(Self.folder + "title.1.txt", Data("Invoice\nTotal: 12 EUR\n".utf8), in: run)
      // With control characters, which the page shows escaped.
      try record(Self.folder + "fresh.1.txt", Data("new\0 \u{1B}[31mtext\u{85}\n".utf8), in: run)
    }

    /// A card as a component would draw it: a background, an accent bar and two lines of
    /// "text".
    static func card(
      dark: Bool, width: Int, accent: (UInt8, UInt8, UInt8) = (60, 110, 220)
    ) throws -> Image {
      let height = 30
      let background: [UInt8] = dark ? [28, 28, 34, 255] : [248, 248, 250, 255]
      let ink: [UInt8] = dark ? [200, 200, 210, 255] : [40, 40, 50, 255]
      var rgba: [UInt8] = []
      for y in 0..<height {
        for x in 0..<width {
          if y < 6 {
            rgba += [accent.0, accent.1, accent.2, 255]
          } else if (y == 12 || y == 13) && x > 3 && x < width * 3 / 4
            || (y == 19 || y == 20) && x > 3 && x < width / 2
          {
            rgba += ink
          } else {
            rgba += background
          }
        }
      }
      return try Image(width: width, height: height, rgba: rgba)
    }

    func write(_ path: String, _ data: Data) throws {
      let url = URL(fileURLWithPath: root + "/" + path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    }

    func record(_ path: String, _ data: Data, in run: URL) throws {
      try PendingStore.write(
        .file(
          PendingFileRecord(
            referencePath: root + "/" + path, dataFile: "", testName: "t()",
            sourceFile: root + "/Tests/AppTests/CardTests.swift", line: 1)),
        data: data, in: run)
    }

    /// `snapshots gallery`, as the plugin runs it; the page's path.
    func gallery() throws -> URL {
      let command = try SnapshotsCommand(
        parsing: ["gallery", "--package-directory", root], currentDirectory: url)
      var lines: [String] = []
      let status = command.run(print: { lines.append($0) })
      #expect(status == .success, "\(lines)")
      #expect(
        lines.first?.hasPrefix("Wrote the gallery of 12 snapshots (3 to review): file://") == true)
      return url.appendingPathComponent(".build/snapshots/gallery.html")
    }
  }

  @Test func thePageHasEverySnapshotAndItsHooks() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let html = try String(contentsOf: try fixture.gallery(), encoding: .utf8)
    // The snapshots' markup, as the page's script reads it from its data.
    let records = try GalleryMarkup.records(ofPage: html)
    let markup = try GalleryMarkup.snapshots(ofPage: html)
    #expect(markup.components(separatedBy: " data-snapshot=").count - 1 == 12)
    // An HTML reference's `</script>` does not end the page's data (the first screen's, the
    // script, every snapshot's).
    #expect(html.components(separatedBy: "</script>").count - 1 == 3)
    #expect(
      records.filter { $0["g"] == nil }.compactMap { $0["s"] as? String }.sorted() == [
        "failed", "failed", "new",
      ], "the review's snapshots are not grouped")
    // An HTML reference: as text, and drawn in a frame with no permissions.
    #expect(markup.contains("<pre class=\"text\">&lt;h1&gt;Invoice 7&lt;/h1&gt;"))
    #expect(
      markup.contains(
        "<iframe sandbox=\"\" loading=\"lazy\" title=\"snapshot, rendered\" srcdoc=\"&lt;h1&gt;Invoice 7"
      ))
    #expect(html.contains("aria-label=\"environment\""))
    #expect(markup.components(separatedBy: "data-environment=\"macos-arm64\"").count - 1 == 1)
    let order = ["data-status=\"failed\"", "data-status=\"new\"", "data-status=\"unchanged\""]
      .map { markup.range(of: $0)?.lowerBound }
    #expect(order[0]! < order[2]! && order[1]! < order[2]!, "review first")
    #expect(html.contains("<input type=\"search\""))
    #expect(html.contains("aria-label=\"theme\"") && html.contains("aria-label=\"width\""))
    #expect(html.contains("aria-label=\"status\"") && html.contains("aria-label=\"format\""))
    // Relative to `.build/snapshots/`, the page's folder; `=` kept, nothing fetched from afar.
    #expect(
      markup.contains(
        "src=\"../../Tests/AppTests/__Snapshots__/CardTests/card.theme=light_width=320.png\""))
    #expect(!html.contains("http://") && !html.contains("https://"))
    #expect(!markup.contains("http://") && !markup.contains("https://"))
    #expect(markup.contains("Sizes differ: reference 46×30, actual 45×30."))
    #expect(
      markup.contains(
        "snapshot-record --apply-only --filter &#39;^Tests/AppTests/__Snapshots__/CardTests/title\\.1\\.txt$&#39;"
      ))
    #expect(markup.contains("<span class=\"remove\">-Total: 10 EUR</span>"))
    #expect(markup.contains("<span class=\"add\">+Total: 12 EUR</span>"))
    #expect(markup.contains("Dear Ann &lt;ann@example.com&gt;"), "text is escaped")
    #expect(markup.contains(#"<pre class="text">new\0 \u{1B}[31mtext\u{85}"#))
    #expect(ControlCharacters.escaped(markup) == markup, "no raw control character")
    #expect(ControlCharacters.escaped(html) == html, "no raw control character")
  }

  /// A name that holds `<!--`, `<script>` and `</script>` (a file may be called that) stays
  /// data: the page's scripts end where the page ends them, and its records read back whole.
  @Test func markupInANameDoesNotEndThePageData() throws {
    let name = "x<!--<script>\"a\\b</script>\t"
    let entry = SnapshotCatalog.Entry(
      path: "Tests/T/__Snapshots__/T/\(name).1.txt", testFile: "Tests/T/T.swift", test: name,
      name: nil, number: 1, variant: nil, format: "txt", bytes: 0, image: nil, hash: nil,
      status: .unchanged, actual: nil, difference: nil)
    let html = GalleryPage(
      catalog: SnapshotCatalog(version: 1, run: nil, snapshots: [entry]),
      packageDirectory: URL(fileURLWithPath: "/p"), pageFolder: URL(fileURLWithPath: "/p/.build")
    ).html()
    #expect(html.components(separatedBy: "</script>").count - 1 == 3)
    #expect(!html.contains("<!--"))
    let record = try #require(GalleryMarkup.records(ofPage: html).first)
    #expect(record["t"] as? String == name)
    #expect((record["h"] as? String)?.contains("x&lt;!--&lt;script&gt;&quot;a\\b") == true)
  }

  /// An axis named outside ASCII (`Größe`) is spelt one way in the items' attributes, the
  /// filter and the compare mode's option, which the script uses as it is.
  @Test func axisNamesAreSpeltOneWayInThePage() throws {
    let entry = SnapshotCatalog.Entry(
      path: "Tests/T/__Snapshots__/T/card.Größe=L.png", testFile: nil, test: "card", name: nil,
      number: nil, variant: [.init(axis: "Größe", value: "L")], format: "png", bytes: 0,
      image: nil, hash: nil, status: .unchanged, actual: nil, difference: nil)
    let html = GalleryPage(
      catalog: SnapshotCatalog(version: 1, run: nil, snapshots: [entry]),
      packageDirectory: URL(fileURLWithPath: "/p"), pageFolder: URL(fileURLWithPath: "/p/.build")
    ).html()
    let markup = try GalleryMarkup.snapshots(ofPage: html)
    #expect(markup.contains("data-axis-gr--e=\"L\""))
    #expect(html.contains("data-filter=\"axis-gr--e\" aria-label=\"Größe\""))
    #expect(html.contains("<option value=\"gr--e\">Größe</option>"))
  }

  @Test(inChromium) func theGalleryWorksInARealBrowser() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let page = try fixture.gallery()
    let screenshots = ThrowawayFolders.repository.appendingPathComponent(
      ".build/gallery-screenshots")
    try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
    try Self.check(
      "check_gallery.py", page.path, screenshots.path,
      expecting: [
        "chromium": Browser.chromium ?? "", "total": 12, "htmlHeading": "Invoice 7", "failed": 2,
        "axis": "theme",
        "environment": "macos-arm64", "environmentCount": 1,
        "axisValue": "dark", "axisCount": 3, "search": "width=768", "searchCount": 2,
        "compareLeft": "light", "compareRight": "dark", "pairs": 3,
      ], in: fixture.url)
  }

  /// Runs a script of `Tests/Browser` with `arguments` and `expectations` (as JSON, last): it
  /// passes when every check it prints passed.
  static func check(
    _ script: String, _ arguments: String..., expecting expectations: [String: Any], in folder: URL
  ) throws {
    let json = String(
      decoding: try JSONSerialization.data(withJSONObject: expectations), as: UTF8.self)
    let run = try Command(
      "python3",
      [ThrowawayFolders.repository.appendingPathComponent("Tests/Browser/" + script).path]
        + arguments + [json], in: folder)
    #expect(run.status == 0 && !run.output.contains("FAILED"), "\(run.output)")
    print(run.output)
  }
}

extension GalleryTests {
  /// A package of 20,000 text references and a failing run of 200: its page opens with a
  /// screenful drawn, draws more as it scrolls, and searches every snapshot, drawn or not.
  @Test(inChromium) func aLargeGalleryDrawsAScreenfulAndSearchesEverything() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let root = folder.url.appendingPathComponent("Large")
    let run = PendingStore.defaultDirectory(packageRoot: root).appendingPathComponent("test-1")
    for index in 0..<20_000 {
      let file = "File\(index / 100)Tests"
      let tests = root.appendingPathComponent("Tests/AppTests")
      let reference = tests.appendingPathComponent("__Snapshots__/\(file)/item\(index).1.txt")
      if index % 100 == 0 {
        try FileManager.default.createDirectory(
          at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("// tests\n".utf8).write(to: tests.appendingPathComponent("\(file).swift"))
        try PendingStore.write(
          .file(
            PendingFileRecord(
              referencePath: reference.path, dataFile: "", testName: "item\(index)()",
              sourceFile: tests.appendingPathComponent("\(file).swift").path, line: 1)),
          data: Data("changed \(index)\n".utf8), in: run)
      }
      try Data("value \(index)\n".utf8).write(to: reference)
    }
    var lines: [String] = []
    let command = try SnapshotsCommand(
      parsing: ["gallery", "--package-directory", root.path], currentDirectory: root)
    #expect(command.run(print: { lines.append($0) }) == .success, "\(lines)")
    try Self.check(
      "check_large_gallery.py", Browser.chromium ?? "",
      CatalogVerb.page(packageDirectory: root).path,
      expecting: ["total": 20_000, "failed": 200, "last": "item19998."], in: root)
  }
}

/// The page driven in Chromium through Playwright, which CI installs.
private let inChromium = ConditionTrait.enabled(
  if: Browser.available || Browser.required,
  "no Chromium and Playwright here: the gallery's browser tests are skipped (CI runs them; SNAPSHOTS_BROWSER_TESTS=1 make test installs them)"
)

enum ThrowawayFolders {
  /// This repository.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}

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
    #expect(html.components(separatedBy: " data-snapshot=").count - 1 == 12)
    // An HTML reference: as text, and drawn in a frame with no permissions.
    #expect(html.contains("<pre class=\"text\">&lt;h1&gt;Invoice 7&lt;/h1&gt;"))
    #expect(
      html.contains(
        "<iframe sandbox=\"\" loading=\"lazy\" title=\"snapshot, rendered\" srcdoc=\"&lt;h1&gt;Invoice 7"
      ))
    #expect(html.contains("aria-label=\"environment\""))
    #expect(html.components(separatedBy: "data-environment=\"macos-arm64\"").count - 1 == 1)
    let order = ["data-status=\"failed\"", "data-status=\"new\"", "data-status=\"unchanged\""]
      .map { html.range(of: $0)?.lowerBound }
    #expect(order[0]! < order[2]! && order[1]! < order[2]!, "review first")
    #expect(html.contains("<input type=\"search\""))
    #expect(html.contains("aria-label=\"theme\"") && html.contains("aria-label=\"width\""))
    #expect(html.contains("aria-label=\"status\"") && html.contains("aria-label=\"format\""))
    // Relative to `.build/snapshots/`, the page's folder; `=` kept, nothing fetched from afar.
    #expect(
      html.contains(
        "src=\"../../Tests/AppTests/__Snapshots__/CardTests/card.theme=light_width=320.png\""))
    #expect(!html.contains("http://") && !html.contains("https://"))
    #expect(html.contains("Sizes differ: reference 46×30, actual 45×30."))
    #expect(
      html.contains(
        "snapshot-record --apply-only --filter &#39;^Tests/AppTests/__Snapshots__/CardTests/title\\.1\\.txt$&#39;"
      ))
    #expect(html.contains("<span class=\"remove\">-Total: 10 EUR</span>"))
    #expect(html.contains("<span class=\"add\">+Total: 12 EUR</span>"))
    #expect(html.contains("Dear Ann &lt;ann@example.com&gt;"), "text is escaped")
    #expect(html.contains(#"<pre class="text">new\0 \u{1B}[31mtext\u{85}"#))
    #expect(ControlCharacters.escaped(html) == html, "no raw control character")
  }

  /// An axis named outside ASCII (`Größe`) is spelt one way in the items' attributes, the
  /// filter and the compare mode's option, which the script uses as it is.
  @Test func axisNamesAreSpeltOneWayInThePage() {
    let entry = SnapshotCatalog.Entry(
      path: "Tests/T/__Snapshots__/T/card.Größe=L.png", testFile: nil, test: "card", name: nil,
      number: nil, variant: [.init(axis: "Größe", value: "L")], format: "png", bytes: 0,
      image: nil, hash: nil, status: .unchanged, actual: nil, difference: nil)
    let html = GalleryPage(
      catalog: SnapshotCatalog(version: 1, run: nil, snapshots: [entry]),
      packageDirectory: URL(fileURLWithPath: "/p"), pageFolder: URL(fileURLWithPath: "/p/.build")
    ).html()
    #expect(html.contains("data-axis-gr--e=\"L\""))
    #expect(html.contains("data-filter=\"axis-gr--e\" aria-label=\"Größe\""))
    #expect(html.contains("<option value=\"gr--e\">Größe</option>"))
  }

  @Test(
    .enabled(
      if: Browser.available || Browser.required,
      "no Chromium and Playwright here: the gallery's browser test is skipped (CI runs it; SNAPSHOTS_BROWSER_TESTS=1 make test installs them)"
    ))
  func theGalleryWorksInARealBrowser() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let page = try fixture.gallery()
    let screenshots = ThrowawayFolders.repository.appendingPathComponent(
      ".build/gallery-screenshots")
    try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
    let expectations: [String: Any] = [
      "chromium": Browser.chromium ?? "", "total": 12, "htmlHeading": "Invoice 7", "failed": 2,
      "axis": "theme",
      "environment": "macos-arm64", "environmentCount": 1,
      "axisValue": "dark", "axisCount": 3, "search": "width=768", "searchCount": 2,
      "compareLeft": "light", "compareRight": "dark", "pairs": 3,
    ]
    let json = String(
      decoding: try JSONSerialization.data(withJSONObject: expectations), as: UTF8.self)
    let run = try Command(
      "python3",
      [
        ThrowawayFolders.repository.appendingPathComponent("Tests/Browser/check_gallery.py").path,
        page.path, screenshots.path, json,
      ], in: fixture.url)
    #expect(run.status == 0, "\(run.output)")
    #expect(!run.output.contains("FAILED"), "\(run.output)")
    print(run.output)
  }
}

enum ThrowawayFolders {
  /// This repository.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}

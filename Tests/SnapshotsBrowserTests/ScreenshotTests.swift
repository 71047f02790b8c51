import Foundation
import TestSupport
import Testing

@testable import SnapshotsBrowser

/// Whether these tests can run, and how they take screenshots.
///
/// They run where Chromium is found as the strategy finds it; on CI they run, or fail for want
/// of a browser: never skipped silently.
enum BrowserTesting {
  static var available: Bool {
    var environment = ProcessInfo.processInfo.environment
    environment[Chromium.variable] = nil
    return (try? Chromium.executable(in: environment)) != nil || ContinuousIntegration.isRunning
  }

  /// Records `page` under `name` in `folder`, then compares `changed` with it: the failure
  /// message, `nil` when it matches.
  static func compare<Page: WebPage>(
    _ changed: Page, against page: Page, as strategy: Snapshotting<Page, Image>,
    in folder: TemporaryDirectory
  ) async -> (recorded: String?, message: String?) {
    let recorded = await verifySnapshot(
      as: strategy, named: "page", record: .all, snapshotDirectory: folder.path,
      testName: "test"
    ) { page }
    let message = await withSnapshotTesting(
      artifactsDirectory: folder.file("artifacts").path
    ) {
      await verifySnapshot(
        as: strategy, named: "page", record: .never, snapshotDirectory: folder.path,
        testName: "test"
      ) { changed }
    }
    return (recorded, message)
  }

  static func screenshot(
    _ page: some WebPage, _ strategy: ScreenshotRequest = request()
  ) async throws -> Image {
    try await PageCapture.screenshot(of: page.pageLocation, strategy)
  }

  static func request(
    viewport: Viewport = .desktop, deviceScaleFactor: Double = 1,
    area: ScreenshotArea = .viewport, colorScheme: ColorScheme = .light,
    reducedMotion: Bool = true, masks: [String] = [], timeout: Duration = .seconds(30)
  ) -> ScreenshotRequest {
    ScreenshotRequest(
      emulation: .init(
        viewport: viewport, deviceScaleFactor: deviceScaleFactor, colorScheme: colorScheme,
        reducedMotion: reducedMotion),
      area: area, masks: masks, timeout: timeout)
  }

  static func pixel(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * image.width + x) * 4
    return Array(image.rgba[i..<i + 4])
  }
}

@Suite(.enabled(if: BrowserTesting.available))
struct ScreenshotTests {
  static let invoice = """
    <!doctype html><html><head><link rel="stylesheet" href="style.css"></head>
    <body><h1>Invoice 7</h1><p class="total">Total 120.00</p></body></html>
    """

  @Test func aBrokenStylesheetFailsWithADifferenceImage() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Self.invoice.write(to: folder.file("page.html"), atomically: true, encoding: .utf8)
    try "body { background: #1d3557; color: #f1faee; font: 24px sans-serif }".write(
      to: folder.file("style.css"), atomically: true, encoding: .utf8)
    let page = folder.file("page.html")
    let recorded = await verifySnapshot(
      as: .screenshot(viewport: Viewport(width: 400, height: 300)), named: "page", record: .all,
      snapshotDirectory: folder.path, testName: "test"
    ) { page }
    #expect(recorded?.hasPrefix("Recorded") == true, "\(recorded ?? "nil")")
    try FileManager.default.moveItem(at: folder.file("style.css"), to: folder.file("moved.css"))
    let message = await withSnapshotTesting(artifactsDirectory: folder.file("artifacts").path) {
      await verifySnapshot(
        as: .screenshot(viewport: Viewport(width: 400, height: 300)), named: "page",
        record: .never, snapshotDirectory: folder.path,
        testName: "test"
      ) { page }
    }
    let failure = try #require(message)
    #expect(failure.contains("pixels (") && failure.contains("differ by more than"), "\(failure)")
    let artifacts = try FileManager.default.subpathsOfDirectory(
      atPath: folder.file("artifacts").path)
    let difference = try #require(artifacts.first { $0.hasSuffix(".difference.png") })
    let image = try Image(
      pngData: Data(contentsOf: folder.file("artifacts").appendingPathComponent(difference)))
    #expect(image.sizeDescription == "400×300")
  }

  @Test func aChangeUnderAMaskPassesAndOneOutsideFails() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    func page(stamp: String, total: String) -> String {
      """
      <body style="font: 20px sans-serif"><p class="stamp">Issued \(stamp)</p>
      <p class="total">Total \(total)</p></body>
      """
    }
    let strategy = Snapshotting<String, Image>.screenshot(
      viewport: Viewport(width: 320, height: 200), masks: [".stamp"])
    let original = page(stamp: "09:14:02", total: "120.00")
    let masked = await BrowserTesting.compare(
      page(stamp: "17:55:48", total: "120.00"), against: original, as: strategy, in: folder)
    #expect(masked.recorded?.hasPrefix("Recorded") == true, "\(masked.recorded ?? "nil")")
    #expect(masked.message == nil)
    let outside = await BrowserTesting.compare(
      page(stamp: "09:14:02", total: "121.00"), against: original, as: strategy, in: folder)
    #expect(outside.message?.contains("differ by more than") == true, "\(outside.message ?? "nil")")
    // The reference shows the mask where the browser laid out `.stamp`: its line, in magenta.
    let reference = try Image(pngData: Data(contentsOf: folder.file("test.page.png")))
    #expect(BrowserTesting.pixel(reference, 30, 30) == [255, 0, 255, 255])
    #expect(BrowserTesting.pixel(reference, 300, 190) == [255, 255, 255, 255])
  }

  @Test func aSelectorThatMatchesNothingFailsAndRecordsNothing() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    for (strategy, named) in [
      (Snapshotting<String, Image>.screenshot(masks: [".clock"]), "mask `.clock`"),
      (.screenshot(area: .element("#chart")), "area `#chart`"),
    ] {
      let message = await verifySnapshot(
        as: strategy, named: "page", record: .all, snapshotDirectory: folder.path, testName: "test"
      ) { "<p>No clock here</p>" }
      #expect(
        message?.contains("The \(named) matches no element on the page.") == true,
        "\(message ?? "nil")")
    }
    #expect(try folder.contents().filter { $0.hasSuffix(".png") }.isEmpty)
  }

  @Test func theSamePageTwiceIsPixelIdentical() async throws {
    let page = """
      <style>
        @keyframes spin { to { transform: rotate(360deg) } }
        .spinner { width: 40px; height: 40px; background: teal; animation: spin 1s infinite }
        .fade { transition: opacity 5s; opacity: 1 }
        @keyframes grow { from { width: 0 } to { width: 200px } }
        .bar { height: 10px; background: tomato; animation: grow 3s forwards }
      </style>
      <div class="spinner"></div><div class="bar"></div><input autofocus value="caret">
      <p class="fade">Faded in</p>
      """
    let first = try await BrowserTesting.screenshot(page)
    let second = try await BrowserTesting.screenshot(page)
    #expect(first == second)
    // The finite animation is at its end: the bar is 200 pixels wide.
    let bar = (0..<first.width).filter {
      BrowserTesting.pixel(first, $0, 48 + 5) == [255, 99, 71, 255]
    }
    #expect(bar.count == 200, "the bar is \(bar.count) pixels wide")
  }

  @Test func theOptionsShapeTheImage() async throws {
    let page = """
      <style>
        body { margin: 0; background: white }
        @media (prefers-color-scheme: dark) { body { background: black } }
        @media (prefers-reduced-motion: no-preference) { .still { background: red } }
        .tall { height: 2000px } #box { margin: 10px; width: 100px; height: 50px; background: blue }
      </style>
      <div id="box"></div><div class="still tall"></div>
      """
    let viewport = Viewport(width: 300, height: 200)
    let doubled = try await BrowserTesting.screenshot(
      page, BrowserTesting.request(viewport: viewport, deviceScaleFactor: 2))
    #expect(doubled.sizeDescription == "600×400")
    let whole = try await BrowserTesting.screenshot(
      page, BrowserTesting.request(viewport: viewport, area: .fullPage))
    #expect(whole.sizeDescription == "300×2070")
    let box = try await BrowserTesting.screenshot(
      page, BrowserTesting.request(viewport: viewport, area: .element("#box")))
    #expect(box.sizeDescription == "100×50")
    #expect(BrowserTesting.pixel(box, 50, 25) == [0, 0, 255, 255])
    let dark = try await BrowserTesting.screenshot(
      page, BrowserTesting.request(viewport: viewport, colorScheme: .dark))
    #expect(BrowserTesting.pixel(dark, 250, 5) == [0, 0, 0, 255])
    let light = try await BrowserTesting.screenshot(
      page, BrowserTesting.request(viewport: viewport))
    #expect(BrowserTesting.pixel(light, 250, 5) == [255, 255, 255, 255])
    #expect(BrowserTesting.pixel(light, 250, 150) == [255, 255, 255, 255])
    let moving = try await BrowserTesting.screenshot(
      page, BrowserTesting.request(viewport: viewport, reducedMotion: false))
    #expect(BrowserTesting.pixel(moving, 250, 150) == [255, 0, 0, 255])
  }

  @Test func requestsTheScriptStartsAfterLoadingAreAwaited() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let green = try Image(width: 40, height: 40, filledWith: (0, 200, 0, 255))
    try green.pngData().write(to: folder.file("late.png"))
    let page = """
      <body style="margin: 0"><script>
        addEventListener("load", () => setTimeout(() => {
          const image = new Image(); image.src = "late.png"; document.body.append(image);
        }, 0));
      </script></body>
      """
    try page.write(to: folder.file("page.html"), atomically: true, encoding: .utf8)
    let image = try await BrowserTesting.screenshot(
      folder.file("page.html"), BrowserTesting.request(viewport: Viewport(width: 100, height: 100)))
    #expect(BrowserTesting.pixel(image, 20, 20) == [0, 200, 0, 255])
  }

  /// What a request brings after the page was first stilled (here a picture whose arrival
  /// starts an animation) is stilled too: the page is stilled again once its requests end.
  @Test func whatRequestsBringAfterLoadingIsStilled() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let green = try Image(width: 40, height: 40, filledWith: (0, 200, 0, 255))
    try green.pngData().write(to: folder.file("late.png"))
    let page = """
      <style>
        @keyframes grow { from { width: 0 } to { width: 80px } }
        .bar { height: 10px; background: tomato; animation: grow 3s forwards }
      </style>
      <body style="margin: 0"><script>
        addEventListener("load", () => {
          const image = new Image();
          image.onload = () => {
            const bar = document.createElement("div"); bar.className = "bar";
            document.body.append(bar);
          };
          image.src = "late.png";
        });
      </script></body>
      """
    try page.write(to: folder.file("page.html"), atomically: true, encoding: .utf8)
    let image = try await BrowserTesting.screenshot(
      folder.file("page.html"), BrowserTesting.request(viewport: Viewport(width: 100, height: 100)))
    let bar = (0..<image.width).filter {
      BrowserTesting.pixel(image, $0, 5) == [255, 99, 71, 255]
    }
    #expect(bar.count == 80, "the bar is \(bar.count) pixels wide")
  }

  /// A web font is drawn, not the fallback nor the invisible text of its blocking period: the
  /// screenshot waits for it.
  @Test func webFontsAreAwaited() async throws {
    let font = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"
    try #require(FileManager.default.fileExists(atPath: font), "the DejaVu fonts (bootstrap)")
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    func page(_ style: String) throws -> URL {
      let url = folder.file("page\(style.count).html")
      try """
      <style>@font-face { font-family: Web; src: url("file://\(font)") }
      p { font: 40px \(style) }</style><p>Hamburgefonts</p>
      """.write(to: url, atomically: true, encoding: .utf8)
      return url
    }
    let request = BrowserTesting.request(viewport: Viewport(width: 400, height: 120))
    let web = try await BrowserTesting.screenshot(page("Web, monospace"), request)
    let fallback = try await BrowserTesting.screenshot(page("monospace"), request)
    let blank = try await BrowserTesting.screenshot(page("Web; color: transparent"), request)
    #expect(web != fallback, "the fallback font was drawn")
    #expect(web != blank, "no text was drawn")
  }

  @Test func anAddressThatDoesNotLoadFailsSayingWhy() async throws {
    let missing = URL(fileURLWithPath: "/nonexistent/page.html")
    await #expect {
      try await BrowserTesting.screenshot(missing)
    } throws: { error in
      "\(error)"
        == "Chromium could not load file:///nonexistent/page.html: net::ERR_FILE_NOT_FOUND."
    }
  }
}

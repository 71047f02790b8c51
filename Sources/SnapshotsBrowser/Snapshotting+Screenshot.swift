import Foundation
import SnapshotsPNG

/// What a browser can load: an HTML document as a `String`, or a `URL` (a file, or a page a
/// server of the test's serves on the loopback address).
public protocol WebPage {
  /// Where the browser finds it.
  var pageLocation: PageLocation { get }
}

/// Where a page comes from, in the browser's terms.
public enum PageLocation: Sendable, Equatable {
  /// A whole document, loaded in a blank page: it reaches no file beside it, so its styles
  /// and images are inline or absolute.
  case html(String)
  /// An address Chromium loads: `file:///…/page.html`, `http://127.0.0.1:8080/`.
  case address(String)
}

extension String: WebPage {
  /// The string as an HTML document.
  public var pageLocation: PageLocation { .html(self) }
}

extension URL: WebPage {
  /// The URL's address, a file's included.
  public var pageLocation: PageLocation { .address(absoluteString) }
}

/// The size of the browser's window, in CSS pixels.
public struct Viewport: Sendable, Equatable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// 1280×800, a laptop's window.
  public static let desktop = Viewport(width: 1280, height: 800)
  /// 390×844, a phone's.
  public static let phone = Viewport(width: 390, height: 844)
}

/// What part of the page a screenshot shows.
public struct ScreenshotArea: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case viewport, fullPage
    case element(String)
  }

  let kind: Kind

  /// The window: what a reader sees without scrolling.
  public static let viewport = ScreenshotArea(kind: .viewport)
  /// The whole document, however far it scrolls.
  public static let fullPage = ScreenshotArea(kind: .fullPage)

  /// The first element a CSS selector matches, its border box; no element fails the assertion.
  public static func element(_ selector: String) -> ScreenshotArea {
    ScreenshotArea(kind: .element(selector))
  }
}

/// The colour scheme the page is told the reader prefers (`prefers-color-scheme`).
public enum ColorScheme: String, Sendable {
  case light, dark
}

extension Snapshotting where Value: WebPage, Format == Image {
  /// The page as headless Chromium draws it, compared as a PNG.
  ///
  /// ```swift
  /// assertSnapshot(of: "<h1>Invoice 7</h1>", as: .screenshot)
  /// assertSnapshot(of: URL(string: "http://127.0.0.1:8080/")!, as: .screenshot)
  /// ```
  ///
  /// The browser is started on the first screenshot and shared by every assertion of the test
  /// process; it is found as `SNAPSHOTS_CHROMIUM` names it, or as `chromium` on `PATH`.
  public static var screenshot: Snapshotting {
    .screenshot()
  }

  /// The page as headless Chromium draws it, with the window, the area and the masks chosen,
  /// compared with the tolerances of `SnapshotsPNG`'s `.png(…)`.
  ///
  /// ```swift
  /// assertSnapshot(
  ///   of: URL(string: "http://127.0.0.1:\(port)/invoices/7")!,
  ///   as: .screenshot(viewport: .phone, area: .fullPage, masks: [".issued-at"]))
  /// ```
  ///
  /// The page is loaded, then its load event, web fonts and requests are awaited; animations
  /// are put at their end (or removed, when they never end), and transitions and the caret are
  /// off; the screenshot draws a frame of its own.
  ///
  /// - Parameters:
  ///   - viewport: The window's size in CSS pixels.
  ///   - deviceScaleFactor: Device pixels per CSS pixel: 2 draws a 1280×800 window as
  ///     2560×1600 pixels.
  ///   - area: The window, the whole page, or one element by CSS selector.
  ///   - colorScheme: What `prefers-color-scheme` matches.
  ///   - reducedMotion: Whether `prefers-reduced-motion: reduce` matches.
  ///   - masks: CSS selectors of what may differ from run to run (a date, an avatar): every
  ///     element each matches is painted in ``ImageMask/color``, where the browser lays it out.
  ///     A selector that matches nothing fails the assertion.
  ///   - precision: The share of pixels that must match, from 0 to 1.
  ///   - perceptualPrecision: How close a pixel's colour must be to count as a match.
  ///   - threshold: The colour distance, from 0 to 1, under which a pixel counts as unchanged.
  ///   - maxDifferentPixels: How many pixels may differ.
  ///   - maxDifferentPixelRatio: What share of the pixels may differ.
  ///   - ignoringAntialiasing: Whether a pixel that differs only by anti-aliasing is left out.
  ///   - timeout: How long the screenshot may wait on the browser, all its steps together (the
  ///     browser's start, loading, waiting and capturing); past it the assertion fails and the
  ///     browser is stopped. It replaces the assertion's `timeout:`, which would also count the
  ///     time spent behind other tests' screenshots and other tests' work.
  public static func screenshot(
    viewport: Viewport = .desktop, deviceScaleFactor: Double = 1,
    area: ScreenshotArea = .viewport, colorScheme: ColorScheme = .light,
    reducedMotion: Bool = true, masks: [String] = [],
    precision: Double = 1, perceptualPrecision: Double = 1, threshold: Double? = nil,
    maxDifferentPixels: Int? = nil, maxDifferentPixelRatio: Double? = nil,
    ignoringAntialiasing: Bool = false, timeout: Duration = .seconds(30)
  ) -> Snapshotting {
    let request = ScreenshotRequest(
      emulation: .init(
        viewport: viewport, deviceScaleFactor: deviceScaleFactor, colorScheme: colorScheme,
        reducedMotion: reducedMotion),
      area: area, masks: masks, timeout: timeout)
    var strategy = Snapshotting<Image, Image>.png(
      precision: precision, perceptualPrecision: perceptualPrecision, threshold: threshold,
      maxDifferentPixels: maxDifferentPixels, maxDifferentPixelRatio: maxDifferentPixelRatio,
      ignoringAntialiasing: ignoringAntialiasing
    )
    .asyncPullback { (page: Value) in
      let location = page.pageLocation
      return Async { try await PageCapture.screenshot(of: location, request) }
    }
    strategy.timesItself = true
    return strategy
  }
}

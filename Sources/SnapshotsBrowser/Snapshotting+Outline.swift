import SnapshotsHTML

extension Snapshotting where Value: WebPage, Format == String {
  /// The page's outline as headless Chromium lays it out: `.htmlOutline`'s text, read from the
  /// browser's accessibility tree once the page is loaded as `.screenshot` loads it.
  ///
  /// ```swift
  /// assertSnapshot(of: URL(string: "http://127.0.0.1:8080/")!, as: .renderedOutline)
  /// ```
  ///
  /// What a stylesheet or a script hides is left out, and what a script adds is in: the outline
  /// of what a reader of the page finds, where `.htmlOutline` reads the markup alone.
  public static var renderedOutline: Snapshotting {
    .renderedOutline()
  }

  /// The page's outline as headless Chromium lays it out, in a window of the size chosen (a
  /// media query may hide a menu on a phone).
  ///
  /// ```swift
  /// assertSnapshot(of: page, as: .renderedOutline(viewport: .phone))
  /// ```
  ///
  /// - Parameters:
  ///   - viewport: The window's size in CSS pixels.
  ///   - colorScheme: What `prefers-color-scheme` matches.
  ///   - timeout: How long the outline may wait on the browser, all its steps together, as a
  ///     screenshot's; past it the assertion fails and the browser is stopped. It replaces the
  ///     assertion's `timeout:`.
  public static func renderedOutline(
    viewport: Viewport = .desktop, colorScheme: ColorScheme = .light,
    timeout: Duration = .seconds(30)
  ) -> Snapshotting {
    let emulation = ScreenshotRequest.Emulation(
      viewport: viewport, deviceScaleFactor: 1, colorScheme: colorScheme, reducedMotion: true)
    var strategy = SimplySnapshotting<String>(pathExtension: "txt", diffing: .lines)
    strategy.changes = { HTMLSensitivity.outlineChanges(of: $0) }
    var outline = strategy.asyncPullback { (page: Value) in
      let location = page.pageLocation
      return Async {
        try await PageCapture.inLoadedPage(location, emulation, within: timeout) { session, _ in
          try await RenderedOutline.read(session)
        }
      }
    }
    outline.timesItself = true
    return outline
  }
}

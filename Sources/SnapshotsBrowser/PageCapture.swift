import Foundation
import SnapshotsPNG

/// A page of the shared browser: its DevTools session and target (which is also its main
/// frame's id).
struct BrowserPage: Sendable {
  let session: String
  let target: String
  /// The window and media last set on it: set again only when they change, since Chromium
  /// lays out and draws the whole page again on every change of its window.
  var emulation: ScreenshotRequest.Emulation?
}

/// What an assertion asks the browser for: `.screenshot(…)`'s options.
struct ScreenshotRequest: Sendable {
  /// What the page is told of its window and its reader's preferences.
  struct Emulation: Sendable, Equatable {
    var viewport: Viewport
    var deviceScaleFactor: Double
    var colorScheme: ColorScheme
    var reducedMotion: Bool
  }

  var emulation: Emulation
  var area: ScreenshotArea
  var masks: [String]
  /// The screenshot's whole time (``BrowserDeadline``).
  var timeout: Duration
}

/// The commands of one page's session, each answered before the screenshot's deadline.
struct PageSession {
  let connection: DevToolsConnection
  let session: String
  let deadline: BrowserDeadline

  @discardableResult
  func send<Command: DevToolsCommand>(_ command: Command) async throws -> Command.Result {
    try await connection.send(command, session: session, until: deadline)
  }
}

/// How one screenshot is taken: the page loaded, settled, measured and captured.
enum PageCapture {
  /// A screenshot of `location` in the shared browser, its masks painted.
  static func screenshot(of location: PageLocation, _ request: ScreenshotRequest) async throws
    -> Image
  {
    let area =
      switch request.area.kind {
      case .viewport: Script.Area(viewport: true)
      case .fullPage: Script.Area(fullPage: true)
      case .element(let selector): Script.Area(selector: selector)
      }
    // The viewport's place and size are all a screenshot of it without masks measures: what
    // the page's requests bring later cannot move them, so the page is stilled once loaded.
    let settling = Settling(
      script: Script.settled(area: area, masks: request.masks),
      onceLoaded: request.area.kind == .viewport && request.masks.isEmpty)
    return try await inLoadedPage(
      location, request.emulation, settling: settling, within: request.timeout
    ) { session, geometry in
      try await capture(request, geometry, session)
    }
  }

  /// A script that stills and measures a page, and when it runs.
  struct Settling {
    var script: String
    /// Whether it runs in the call that waits for the page to load, and again only if the
    /// page was busy once loaded; otherwise it runs once, after the network wait.
    var onceLoaded: Bool
  }

  /// Runs `work` on `location`, loaded as a screenshot loads it (the window and media set,
  /// the page awaited, `settling` run: ``load(_:as:in:_:settling:)``) in a page of the shared
  /// browser, as ``inPage(within:_:)`` runs it; `work` is given the value of `settling`.
  static func inLoadedPage<Result>(
    _ location: PageLocation, _ emulation: ScreenshotRequest.Emulation,
    settling: Settling? = nil, within timeout: Duration,
    _ work: (PageSession, Script.Geometry) async throws -> Result
  ) async throws -> Result {
    try await inPage(within: timeout) { page, browser, deadline in
      let session = PageSession(
        connection: browser.connection, session: page.session, deadline: deadline)
      let value = try await load(location, as: emulation, in: &page, session, settling: settling)
      return try await work(session, value)
    }
  }

  /// Runs `body` with a page of the shared browser, in a turn, within `timeout` of it.
  ///
  /// A failure that leaves the browser in doubt (it ended, did not answer in time, could not
  /// open a page) retires it; one of the page's own (a selector that matches nothing) closes
  /// the page. A browser that ended by itself before the deadline (killed, crashed), or whose
  /// page's renderer did, is replaced and `body` run once more in the new one, so that whatever
  /// happened to the browser between two assertions, the second passes; one that ran out of
  /// time is not tried again.
  static func inPage<Result>(
    within timeout: Duration,
    _ body: (inout BrowserPage, Chromium, BrowserDeadline) async throws -> Result
  ) async throws -> Result {
    try await Chromium.inTurn {
      let deadline = BrowserDeadline(timeout)
      do {
        return try await inPage(until: deadline, body)
      } catch let error as BrowserError where error.loss == .ended && !deadline.hasPassed {
        return try await inPage(until: deadline, body)
      }
    }
  }

  /// One try, in the browser in use.
  private static func inPage<Result>(
    until deadline: BrowserDeadline,
    _ body: (inout BrowserPage, Chromium, BrowserDeadline) async throws -> Result
  ) async throws -> Result {
    let browser = try await Chromium.running(until: deadline)
    var page: BrowserPage
    do {
      page = try await browser.page(until: deadline)
    } catch {
      browser.retire(because: error)
      throw error
    }
    do {
      let result = try await body(&page, browser, deadline)
      browser.reuse(page)
      return result
    } catch let error as BrowserError where error.loss != nil {
      browser.retire(because: error)
      throw error
    } catch {
      await browser.closePage(page, until: deadline)
      throw error
    }
  }

  /// Captures the area `geometry` measured (``Script/settled(area:masks:)``'s value) and
  /// paints its masks.
  private static func capture(
    _ request: ScreenshotRequest, _ geometry: Script.Geometry, _ session: PageSession
  ) async throws -> Image {
    if let missing = geometry.missing {
      let role = geometry.mask == true ? "mask" : "area"
      throw BrowserError(description: "The \(role) `\(missing)` matches no element on the page.")
    }
    if let empty = geometry.empty {
      throw BrowserError(description: "The element `\(empty)` has no size on the page.")
    }
    guard let clip = geometry.clip, clip.count == 4, let boxes = geometry.boxes else {
      throw BrowserError(description: "The page's measurements were unreadable: \(geometry)")
    }
    let shot = try await session.send(
      DevTools.CaptureScreenshot(
        clip: .init(x: clip[0], y: clip[1], width: clip[2], height: clip[3]),
        captureBeyondViewport: request.area.kind != .viewport))
    let image = try Image(pngData: shot.data)
    let scale = request.emulation.deviceScaleFactor
    let masks = boxes.compactMap { box -> ImageMask? in
      guard box.count == 4 else { return nil }
      let left = max(0, Int(((box[0] - clip[0]) * scale).rounded(.down)))
      let top = max(0, Int(((box[1] - clip[1]) * scale).rounded(.down)))
      let right = min(image.width, Int(((box[0] + box[2] - clip[0]) * scale).rounded(.up)))
      let bottom = min(image.height, Int(((box[1] + box[3] - clip[1]) * scale).rounded(.up)))
      guard right > left, bottom > top else { return nil }
      return .pixels(x: left, y: top, width: right - left, height: bottom - top)
    }
    return try masks.painted(on: image)
  }

  /// Sets the page's window and media, loads `location` and waits for it: its load event,
  /// web fonts, first frames, and every request they started.
  ///
  /// `settling` runs once the network is idle, or (``Settling/onceLoaded``) in the same call
  /// as the wait for the load, and again once the network is idle only if the page was busy
  /// (``DevToolsConnection/networkIdle(session:until:)``): the value of its last run.
  private static func load(
    _ location: PageLocation, as emulation: ScreenshotRequest.Emulation,
    in page: inout BrowserPage, _ session: PageSession, settling: Settling?
  ) async throws -> Script.Geometry {
    if page.emulation != emulation {
      try await emulate(emulation, session)
      page.emulation = emulation
    }
    // A page of its own each time: nothing of the last one (its address, its state, a request
    // it left under way) is left.
    session.connection.forget(session: page.session)
    switch location {
    case .html(let html):
      try await navigate(to: "about:blank", session)
      try await session.send(DevTools.SetDocumentContent(frameId: page.target, html: html))
    case .address(let address):
      try await navigate(to: address, session)
    }
    let early = settling?.onceLoaded == true ? settling?.script : nil
    let loaded = try await evaluate(Script.loaded(then: early), session)
    let busy = try await session.connection.networkIdle(
      session: page.session, until: session.deadline)
    guard let settling, busy || early == nil else { return loaded }
    return try await evaluate(settling.script, session)
  }

  private static func emulate(
    _ emulation: ScreenshotRequest.Emulation, _ session: PageSession
  ) async throws {
    try await session.send(
      DevTools.SetDeviceMetricsOverride(
        width: emulation.viewport.width, height: emulation.viewport.height,
        deviceScaleFactor: emulation.deviceScaleFactor))
    try await session.send(
      DevTools.SetEmulatedMedia(features: [
        .init(name: "prefers-color-scheme", value: emulation.colorScheme.rawValue),
        .init(
          name: "prefers-reduced-motion",
          value: emulation.reducedMotion ? "reduce" : "no-preference"),
      ]))
  }

  private static func navigate(to address: String, _ session: PageSession) async throws {
    let navigation = try await session.send(DevTools.Navigate(url: address))
    if let error = navigation.errorText, !error.isEmpty {
      throw BrowserError(description: "Chromium could not load \(address): \(error).")
    }
  }

  /// Runs a script in the page, waits for the promise it returns, and gives its value.
  private static func evaluate(_ script: String, _ session: PageSession) async throws
    -> Script.Geometry
  {
    let result = try await session.send(DevTools.Evaluate<Script.Geometry>(expression: script))
    if let exception = result.exceptionDetails {
      let thrown = exception.exception?.description ?? exception.text ?? ""
      throw BrowserError(description: "The page's script failed: \(thrown)")
    }
    return result.result?.value ?? Script.Geometry()
  }
}

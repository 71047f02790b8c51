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

  func call(_ method: String, _ parameters: [String: Any] = [:]) async throws -> [String: Any] {
    try await connection.call(method, parameters, session: session, until: deadline)
  }
}

/// How one screenshot is taken: the page loaded, settled, measured and captured.
enum PageCapture {
  /// A screenshot of `location` in the shared browser, its masks painted.
  static func screenshot(of location: PageLocation, _ request: ScreenshotRequest) async throws
    -> Image
  {
    try await inLoadedPage(location, request.emulation, within: request.timeout) { session in
      try await capture(request, session)
    }
  }

  /// Runs `work` on `location`, loaded as a screenshot loads it (the window and media set,
  /// the page awaited) in a page of the shared browser, as ``inPage(within:_:)`` runs it.
  static func inLoadedPage<Result>(
    _ location: PageLocation, _ emulation: ScreenshotRequest.Emulation,
    within timeout: Duration, _ work: (PageSession) async throws -> Result
  ) async throws -> Result {
    try await inPage(within: timeout) { page, browser, deadline in
      let session = PageSession(
        connection: browser.connection, session: page.session, deadline: deadline)
      if page.emulation != emulation {
        try await emulate(emulation, session)
        page.emulation = emulation
      }
      try await load(location, in: page, of: browser, until: deadline)
      return try await work(session)
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

  private static func capture(_ request: ScreenshotRequest, _ session: PageSession) async throws
    -> Image
  {
    let area: [String: Any] =
      switch request.area.kind {
      case .viewport: ["viewport": true]
      case .fullPage: ["fullPage": true]
      case .element(let selector): ["selector": selector]
      }
    let geometry = try await evaluate(Script.settled(area: area, masks: request.masks), session)
    if let missing = geometry["missing"] as? String {
      let role = geometry["mask"] as? Bool == true ? "mask" : "area"
      throw BrowserError(description: "The \(role) `\(missing)` matches no element on the page.")
    }
    if let empty = geometry["empty"] as? String {
      throw BrowserError(description: "The element `\(empty)` has no size on the page.")
    }
    guard let clip = geometry["clip"] as? [Double], clip.count == 4,
      let boxes = geometry["boxes"] as? [[Double]]
    else { throw BrowserError(description: "The page's measurements were unreadable: \(geometry)") }
    let parameters: [String: Any] = [
      "format": "png", "optimizeForSpeed": true,
      "clip": ["x": clip[0], "y": clip[1], "width": clip[2], "height": clip[3], "scale": 1],
      "captureBeyondViewport": request.area.kind != .viewport,
    ]
    let shot = try await session.call("Page.captureScreenshot", parameters)
    guard let base64 = shot["data"] as? String, let png = Data(base64Encoded: base64) else {
      throw BrowserError(description: "Chromium's screenshot was not base64 PNG data.")
    }
    let image = try Image(pngData: png)
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

  /// Loads a page and waits for it: its load event, web fonts, first frames, and every request
  /// they started.
  static func load(
    _ location: PageLocation, in page: BrowserPage, of browser: Chromium,
    until deadline: BrowserDeadline
  ) async throws {
    let session = PageSession(
      connection: browser.connection, session: page.session, deadline: deadline)
    // A page of its own each time: nothing of the last one (its address, its state, a request
    // it left under way) is left.
    browser.connection.forget(session: page.session)
    switch location {
    case .html(let html):
      try await navigate(to: "about:blank", session)
      _ = try await session.call("Page.setDocumentContent", ["frameId": page.target, "html": html])
    case .address(let address):
      try await navigate(to: address, session)
    }
    _ = try await evaluate(Script.loaded, session)
    try await browser.connection.networkIdle(session: page.session, until: deadline)
  }

  private static func emulate(
    _ emulation: ScreenshotRequest.Emulation, _ session: PageSession
  ) async throws {
    _ = try await session.call(
      "Emulation.setDeviceMetricsOverride",
      [
        "width": emulation.viewport.width, "height": emulation.viewport.height,
        "deviceScaleFactor": emulation.deviceScaleFactor, "mobile": false,
      ])
    _ = try await session.call(
      "Emulation.setEmulatedMedia",
      [
        "features": [
          ["name": "prefers-color-scheme", "value": emulation.colorScheme.rawValue],
          [
            "name": "prefers-reduced-motion",
            "value": emulation.reducedMotion ? "reduce" : "no-preference",
          ],
        ]
      ])
  }

  private static func navigate(to address: String, _ session: PageSession) async throws {
    let navigation = try await session.call("Page.navigate", ["url": address])
    if let error = navigation["errorText"] as? String, !error.isEmpty {
      throw BrowserError(description: "Chromium could not load \(address): \(error).")
    }
  }

  /// Runs a script in the page, waits for the promise it returns, and gives its value.
  private static func evaluate(_ script: String, _ session: PageSession) async throws -> [String:
    Any]
  {
    let result = try await session.call(
      "Runtime.evaluate", ["expression": script, "awaitPromise": true, "returnByValue": true])
    if let exception = result["exceptionDetails"] as? [String: Any] {
      let thrown = (exception["exception"] as? [String: Any])?["description"] as? String
      throw BrowserError(
        description: "The page's script failed: \(thrown ?? exception["text"] as? String ?? "")")
    }
    return (result["result"] as? [String: Any])?["value"] as? [String: Any] ?? [:]
  }

  /// The scripts run in the page: facts of the page only the browser knows.
  enum Script {
    /// Waits for the load event (stylesheets, images, scripts), the web fonts, and a turn of
    /// the event loop, in which the page's scripts start what they start once it has loaded.
    static let loaded = """
      (async () => {
        if (document.readyState !== "complete")
          await new Promise(done => addEventListener("load", done, { once: true }));
        await document.fonts.ready;
        await new Promise(done => setTimeout(done, 0));
        return {};
      })()
      """

    /// Turns transitions and the caret off, from the start of every document the page loads
    /// (a page's own markup could not undo it, and its first frame is drawn as the last).
    static let still = """
      if (!document.getElementById("swift-snapshots-still")) {
        const still = document.createElement("style");
        still.id = "swift-snapshots-still";
        still.textContent = "*, *::before, *::after { transition: none !important; "
          + "caret-color: transparent !important; }";
        (document.head ?? document.documentElement)?.append(still);
      }
      """

    /// ``still`` as soon as a document has its root element, before its first frame.
    static let atDocumentStart = """
      (() => {
        const apply = () => { \(still) };
        if (document.documentElement) return apply();
        new MutationObserver((_, observer) => {
          if (!document.documentElement) return;
          observer.disconnect();
          apply();
        }).observe(document, { childList: true });
      })()
      """

    /// Stills the page (animations at their end, or gone when they never end; no transition,
    /// no caret, where the document was not loaded with them off) and measures the area and
    /// the masks, in CSS pixels from the document's top left; the screenshot that follows
    /// draws a frame of its own.
    static func settled(area: [String: Any], masks: [String]) -> String {
      let arguments =
        (try? JSONSerialization.data(withJSONObject: [area, masks])) ?? Data("[]".utf8)
      return """
        (async ([area, masks]) => {
          \(still)
          for (const animation of document.getAnimations()) {
            const end = animation.effect?.getComputedTiming().endTime;
            if (Number.isFinite(end)) animation.finish(); else animation.cancel();
          }
          await document.fonts.ready;
          const box = element => {
            const r = element.getBoundingClientRect();
            return [r.left + scrollX, r.top + scrollY, r.width, r.height];
          };
          let clip = [scrollX, scrollY, innerWidth, innerHeight];
          if (area.fullPage) {
            const root = document.documentElement, body = document.body ?? root;
            clip = [0, 0, Math.max(root.scrollWidth, body.scrollWidth, innerWidth),
                    Math.max(root.scrollHeight, body.scrollHeight, innerHeight)];
          } else if (area.selector !== undefined) {
            const element = document.querySelector(area.selector);
            if (!element) return { missing: area.selector };
            clip = box(element);
            if (clip[2] <= 0 || clip[3] <= 0) return { empty: area.selector };
          }
          const boxes = [];
          for (const selector of masks) {
            const found = document.querySelectorAll(selector);
            if (found.length === 0) return { missing: selector, mask: true };
            for (const element of found) boxes.push(box(element));
          }
          return { clip, boxes };
        })(\(String(decoding: arguments, as: UTF8.self)))
        """
    }
  }
}

import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsCommandOutput
import SnapshotsPOSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The test process's one headless Chromium: found, started on the first screenshot, shared by
/// every assertion, and stopped with its process group when the process ends.
///
/// Chromium ends by itself when its command pipe closes, so a test process that is killed
/// (`kill -9`, a CI timeout, a crash) takes it along: the kernel closes the pipe.
final class Chromium: Sendable {
  /// The variable that names the executable, before `PATH` is searched.
  static let variable = "SNAPSHOTS_CHROMIUM"
  /// The names searched for on `PATH`, in this order.
  static let names = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"]

  let process: SpawnedProcess
  let connection: DevToolsConnection
  private let profile: URL
  /// The page left by the last screenshot: screenshots take turns, so one is enough.
  private let idlePage = Locked<BrowserPage?>(nil)
  /// Set by the first ``stop()``: a process is stopped and reaped once, since its id may be
  /// another's afterwards.
  private let stopped = Locked(false)

  // MARK: - Finding it

  /// The executable `SNAPSHOTS_CHROMIUM` names, or the first of ``names`` on `PATH`.
  static func executable(in environment: [String: String]) throws -> String {
    let install =
      "Install it (Debian, Ubuntu: `sudo apt-get install chromium`) or set \(variable) to a "
      + "Chromium or Chrome executable."
    if let named = environment[variable], !named.isEmpty {
      guard Descriptors.isExecutableFile(named) else {
        throw BrowserError(
          description: "\(variable) names \(named), which is not an executable file. \(install)")
      }
      return named
    }
    let path = environment["PATH"] ?? ""
    for name in names {
      if let found = Descriptors.executable(named: name, onPath: path) { return found }
    }
    throw BrowserError(
      description:
        "Chromium was not found, so nothing was rendered or recorded: \(variable) is not set, and "
        + "none of \(names.joined(separator: ", ")) is on PATH (\(path)). \(install)")
  }

  // MARK: - Starting and stopping it

  /// Its switches: headless, the DevTools pipe, a profile of its own, and nothing that draws
  /// differently from run to run or reaches the network by itself.
  static func arguments(profile: URL) -> [String] {
    [
      "--headless", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
      // Root in a container has no sandbox to start; the pages are the tests' own.
      "--no-sandbox", "--disable-dev-shm-usage",
      "--no-first-run", "--no-default-browser-check", "--disable-default-apps",
      "--disable-extensions", "--disable-component-update", "--disable-background-networking",
      "--disable-sync", "--disable-breakpad", "--disable-crash-reporter",
      "--metrics-recording-only",
      "--password-store=basic", "--mute-audio",
      // Pages in the background draw and run their timers as the one in front does.
      "--disable-background-timer-throttling", "--disable-backgrounding-occluded-windows",
      "--disable-renderer-backgrounding",
      // The same pixels on every run: sRGB, unhinted glyphs, no scrollbars.
      "--force-color-profile=srgb", "--font-render-hinting=none",
      "--hide-scrollbars", "--disable-features=Translate,PaintHolding",
      // `Page.captureScreenshot` answers sooner with the surface Playwright also asks for, and
      // draws the same pixels.
      "--enable-features=CDPScreenshotNewSurface",
      "about:blank",
    ]
  }

  private init(environment: [String: String]) throws {
    let executable = try Self.executable(in: environment)
    Self.removeAbandonedProfiles()
    profile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(Self.profilePrefix)\(getpid()).\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
    let toBrowser = try SpawnedProcess.pipe()
    let fromBrowser: (read: Int32, write: Int32)
    do { fromBrowser = try SpawnedProcess.pipe() } catch {
      close(toBrowser.read)
      close(toBrowser.write)
      throw error
    }
    defer {
      close(toBrowser.read)
      close(fromBrowser.write)
    }
    do {
      process = try SpawnedProcess(
        executable, arguments: Self.arguments(profile: profile), environment: environment,
        workingDirectory: nil, descriptors: [3: toBrowser.read, 4: fromBrowser.write])
    } catch {
      close(toBrowser.write)
      close(fromBrowser.read)
      try? FileManager.default.removeItem(at: profile)
      throw BrowserError(description: "Chromium (\(executable)) could not be started: \(error)")
    }
    process.closeInput()
    let messages = Self.drain(process.standardError)
    Self.drain(process.standardOutput)
    connection = DevToolsConnection(
      commands: toBrowser.write, replies: fromBrowser.read,
      ending: { [executable] in
        let text = messages.withLock { String(decoding: $0, as: UTF8.self) }
        return text.isEmpty
          ? "\(executable) wrote nothing." : "\(executable) wrote:\n\(text)"
      })
  }

  /// Reads a stream of Chromium's to its end, so that it never blocks on a full pipe; keeps the
  /// last 4 KB, which say why it ended when it does.
  @discardableResult
  private static func drain(_ descriptor: Int32) -> Locked<[UInt8]> {
    let kept = Locked<[UInt8]>([])
    Descriptors.drain(descriptor, chunk: 4096) { chunk in
      kept.withLock { kept in
        kept += chunk
        if kept.count > 4096 { kept.removeFirst(kept.count - 4096) }
      }
    }
    return kept
  }

  /// Stops it, once: the command pipe closed (Chromium then ends by itself, in about 0.2 s),
  /// its group killed if it has not, and its profile removed.
  func stop() {
    let already = stopped.withLock { stopped in
      let was = stopped
      stopped = true
      return was
    }
    guard !already else { return }
    connection.closeCommands()
    if case .running = process.wait(for: .seconds(2)) { process.stop() }
    try? FileManager.default.removeItem(at: profile)
  }

  /// Takes it out of use at once, for a failure that leaves it in doubt (it ended, did not
  /// answer in time, could not open or close a page): the next screenshot starts another, and
  /// this one is stopped on a thread of its own, since waiting for Chromium to end must not
  /// hold one of the few threads every test's tasks share.
  func retire(because reason: any Error) {
    connection.end(because: BrowserError(description: "\(reason)", loss: .retired))
    Self.shared.withLock { if $0 === self { $0 = nil } }
    Descriptors.detach { self.stop() }
  }

  static let profilePrefix = "swift-snapshots-chromium."

  /// Profiles left by test processes that were killed: theirs is the process id in the name.
  private static func removeAbandonedProfiles() {
    let folder = FileManager.default.temporaryDirectory
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where name.hasPrefix(profilePrefix) {
      let owner = name.dropFirst(profilePrefix.count).prefix { $0 != "." }
      guard let pid = pid_t(owner), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else {
        continue
      }
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }

  // MARK: - The one browser

  /// The browser screenshots use, set and replaced only in a turn.
  private static let shared = Locked<Chromium?>(nil)
  private static let started = Locked<[Chromium]>([])
  private static let stopsAtExit: Void = { atexit { Chromium.stopAll() } }()
  /// Whether a screenshot has its turn, and who waits for one.
  private static let turns = Locked<(busy: Bool, waiting: [CheckedContinuation<Void, Never>])>(
    (false, []))

  /// How many browsers this process has started.
  package static var startCount: Int { started.withLock { $0.count } }

  /// The browser in use, if any.
  static var current: Chromium? { shared.withLock { $0 } }

  /// Runs `body` while no other screenshot uses the browser: a page in the background of a
  /// headless Chromium draws no frame, so two screenshots at once would wait for each other's
  /// window; and the browser is started, or replaced after a failure, by one at a time.
  static func inTurn<Result>(_ body: () async throws -> Result) async throws -> Result {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = turns.withLock { turns in
        if turns.busy {
          turns.waiting.append(continuation)
          return false
        }
        turns.busy = true
        return true
      }
      if now { continuation.resume() }
    }
    defer {
      turns.withLock { turns in
        if turns.waiting.isEmpty {
          turns.busy = false
        } else {
          turns.waiting.removeFirst().resume()
        }
      }
    }
    return try await body()
  }

  /// The browser in use, or a new one when there is none or it has ended (killed, crashed,
  /// stopped); called in a turn.
  static func running(until deadline: BrowserDeadline) async throws -> Chromium {
    if let browser = current {
      guard !browser.connection.isOpen else { return browser }
      browser.retire(because: BrowserError(description: "Chromium ended.", loss: .ended))
    }
    _ = stopsAtExit
    let launched = try Chromium(environment: ProcessInfo.processInfo.environment)
    started.withLock { $0.append(launched) }
    do {
      try await launched.connection.send(DevTools.GetVersion(), until: deadline)
    } catch {
      launched.retire(because: error)
      throw error
    }
    shared.withLock { $0 = launched }
    return launched
  }

  private static func stopAll() {
    for browser in started.withLock({ $0 }) { browser.stop() }
  }

  // MARK: - Pages

  /// A page to render in, reused once a screenshot is done with it: opening one costs more
  /// than the screenshot.
  func page(until deadline: BrowserDeadline) async throws -> BrowserPage {
    if let page = idlePage.withLock({ $0.take() }) { return page }
    let targetID = try await connection.send(
      DevTools.CreateTarget(url: "about:blank"), until: deadline
    ).targetId
    let session = try await connection.send(
      DevTools.AttachToTarget(targetId: targetID), until: deadline
    ).sessionId
    // Network: which requests are under way; Page: when the load event fires; Inspector:
    // whether the page crashes.
    for domain in ["Network", "Page", "Inspector"] {
      try await connection.send(DevTools.Enable(domain: domain), session: session, until: deadline)
    }
    try await connection.send(
      DevTools.SetFocusEmulationEnabled(enabled: true), session: session, until: deadline)
    try await connection.send(
      DevTools.AddScriptToEvaluateOnNewDocument(source: PageCapture.Script.atDocumentStart),
      session: session, until: deadline)
    return BrowserPage(session: session, target: targetID)
  }

  /// Takes a page back for the next screenshot.
  func reuse(_ page: BrowserPage) {
    idlePage.withLock { $0 = page }
  }

  /// Closes a page that failed, rather than rendering in it again.
  ///
  /// It is closed in what is left of the screenshot's time, and by the browser, so that a page
  /// whose renderer is busy closes too; a page that does not close retires the browser.
  func closePage(_ page: BrowserPage, until deadline: BrowserDeadline) async {
    connection.forget(session: page.session)
    guard !deadline.hasPassed else {
      return retire(because: BrowserError(description: "No time was left to close a failed page."))
    }
    do {
      try await connection.send(DevTools.CloseTarget(targetId: page.target), until: deadline)
    } catch {
      retire(because: error)
    }
  }
}

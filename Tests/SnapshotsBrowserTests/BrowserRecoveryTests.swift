import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

@testable import SnapshotsBrowser

#if canImport(Glibc)
  import Glibc
#endif

/// Whatever leaves the shared browser unusable (a page that never answers, a browser killed,
/// crashed or hung, a timeout while a page opens or closes), the failing assertion says so and
/// the assertions after it pass in a new browser, at once and with the default timeouts.
///
/// Each case changes the browser in a turn of its own, so the other tests' screenshots, which
/// take their turns too, never see it half-changed; one at a time, since each replaces it.
@Suite(.enabled(if: BrowserTesting.available), .serialized)
struct BrowserRecoveryTests {
  /// A loopback port that takes connections and never answers them: Chromium waits on it.
  final class SilentServer {
    let descriptor: Int32
    let port: Int

    init() throws {
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      self.descriptor = descriptor
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
          bind(descriptor, address, length) == 0 && listen(descriptor, 64) == 0
            && getsockname(descriptor, address, &length) == 0
        }
      }
      guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
      port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }
  }

  static let page = "<body style='font: 18px sans-serif'><h1>Invoice 7</h1><p>Total 120.00</p>"

  /// Three assertions as a user writes them, with the default timeouts: each records.
  static func threeScreenshotsPass(in folder: TemporaryDirectory) async {
    for index in 1...3 {
      let message = await verifySnapshot(
        as: .screenshot(viewport: Viewport(width: 320, height: 200)), named: "after-\(index)",
        record: .all, snapshotDirectory: folder.path, testName: "test"
      ) { Self.page }
      #expect(message?.hasPrefix("Recorded") == true, "\(message ?? "nil")")
    }
  }

  /// The browser in use, started if there is none.
  static func browser() async throws -> Chromium {
    _ = try await BrowserTesting.screenshot(Self.page)
    return try #require(Chromium.current)
  }

  /// A command Chromium refuses fails with Chromium's reason, named by its method; the browser
  /// answered, so it stays in use.
  @Test func aRefusedCommandSaysWhyAndTheBrowserStays() async throws {
    let browser = try await Self.browser()
    await #expect {
      try await Chromium.inTurn {
        try await browser.connection.send(
          DevTools.CloseTarget(targetId: "none"), until: BrowserDeadline(.seconds(30)))
      }
    } throws: { error in
      "\(error)".hasPrefix("Chromium refused Target.closeTarget: ") && "\(error)".count > 38
    }
    #expect(browser.connection.isOpen)
    #expect(Chromium.current === browser)
  }

  /// A page that never answers fails in its own `timeout:` (the assertion's shorter one is not
  /// applied: it would count the wait behind other tests' screenshots), and stops the browser;
  /// the next three pass at once in another.
  @Test func aPageThatNeverAnswersStopsTheBrowserAndTheNextScreenshotsPass() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let server = try SilentServer()
    let before = try await Self.browser()
    let message = await verifySnapshot(
      as: .screenshot(timeout: .seconds(3)), named: "silent", record: .all,
      snapshotDirectory: folder.path, timeout: 0.5, testName: "test"
    ) { URL(string: server.url("never"))! }
    #expect(
      message?.contains(
        "Chromium did not answer Page.navigate within 3.0 seconds (the timeout:); it is stopped.")
        == true, "\(message ?? "nil")")
    await Self.threeScreenshotsPass(in: folder)
    #expect(Chromium.current !== before)
    // The same straight after the failure, with nothing in between (the assertion's work
    // takes longer than Chromium takes to end): a stopped browser is out of use at once.
    let stopped = try await Self.browser()
    await #expect {
      try await BrowserTesting.screenshot(
        URL(string: server.url("never"))!, BrowserTesting.request(timeout: .seconds(3)))
    } throws: { error in
      "\(error)"
        == "Chromium did not answer Page.navigate within 3.0 seconds (the timeout:); it is stopped."
    }
    #expect(!stopped.connection.isOpen)
    for _ in 1...3 { _ = try await BrowserTesting.screenshot(Self.page) }
    #expect(Chromium.current !== stopped)
  }

  /// What happens to the browser between two assertions.
  enum Mishap: String, CaseIterable {
    /// `kill -9` of its process group, as the kernel's out-of-memory killer would.
    case killed
    /// Its command pipe closed under it: it ends by itself, in about 0.2 s.
    case pipeClosed
    /// Stopped (`SIGSTOP`): it answers nothing, and its page's next command times out.
    case hung
    /// Hung before it opened a page: opening one times out.
    case hungBeforeItsFirstPage
    /// Hung while a command larger than its pipe (64 KB: a big page's HTML) is written: the
    /// write waits for room until the deadline, not for ever.
    case hungWhileACommandIsWritten
    /// The page left for the next screenshot lost its renderer (`kill -9` of Chromium's
    /// renderer processes): the browser lives on.
    case pageCrashed
  }

  /// Runs in a child process: a hung browser would hold up the screenshots of the tests
  /// beside it for their whole timeout.
  @Test(.enabled(if: Probe.isRunning("mishapProbe")))
  func mishapProbe() async throws {
    let named = ProcessInfo.processInfo.environment["SNAPSHOTS_PROBE_MISHAP"] ?? ""
    let mishap = try #require(Mishap(rawValue: named))
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    var browser = try await Self.browser()
    try await Chromium.inTurn {
      switch mishap {
      case .killed: kill(-browser.process.pid, SIGKILL)
      case .pipeClosed: browser.connection.closeCommands()
      case .hung, .hungWhileACommandIsWritten: kill(-browser.process.pid, SIGSTOP)
      case .pageCrashed:
        for renderer in BrowserLifetimeTests.living(inGroup: browser.process.pid)
        where (try? String(contentsOfFile: "/proc/\(renderer)/cmdline"))?.contains(
          "--type=renderer") == true
        {
          kill(renderer, SIGKILL)
        }
      case .hungBeforeItsFirstPage:
        kill(-browser.process.pid, SIGKILL)
        // Its end seen, so that a new one is started here rather than in the screenshot.
        for _ in 0..<200 where browser.connection.isOpen {
          try await Task.sleep(for: .milliseconds(50))
        }
        browser = try await Chromium.running(until: BrowserDeadline(.seconds(30)))
        kill(-browser.process.pid, SIGSTOP)
      }
    }
    if mishap == .hung || mishap == .hungBeforeItsFirstPage {
      let message = await verifySnapshot(
        as: .screenshot(timeout: .seconds(2)), named: "hung", record: .all,
        snapshotDirectory: folder.path, testName: "test"
      ) { Self.page }
      let step = mishap == .hung ? "Page.navigate" : "Target.createTarget"
      #expect(
        message?.contains(
          "Chromium did not answer \(step) within 2.0 seconds (the timeout:); it is stopped.")
          == true, "\(message ?? "nil")")
    }
    if mishap == .hungWhileACommandIsWritten {
      let html = String(repeating: "<p>Line</p>", count: 100_000)
      await #expect {
        try await Chromium.inTurn {
          try await browser.connection.send(
            DevTools.SetDocumentContent(frameId: "none", html: html),
            until: BrowserDeadline(.seconds(2)))
        }
      } throws: { error in
        "\(error)"
          == "Chromium did not read Page.setDocumentContent within 2.0 seconds (the timeout:); "
          + "it is stopped."
      }
    }
    await Self.threeScreenshotsPass(in: folder)
    #expect(Chromium.current !== browser)
    #expect(Chromium.startCount == (mishap == .hungBeforeItsFirstPage ? 3 : 2))
    #expect(try await BrowserLifetimeTests.ended(browser.process.pid))
  }

  @Test(arguments: Mishap.allCases)
  func aBrowserThatEndedOrHungIsReplaced(_ mishap: Mishap) async throws {
    let probe = try await Probe.run(
      "mishapProbe", environment: ["SNAPSHOTS_PROBE_MISHAP": mishap.rawValue])
    #expect(probe.status == 0, "\(probe.output)")
  }

  /// A page that waits for requests past its time names the one that started first (not the
  /// first by address), and is closed with no time left: the browser is replaced rather than
  /// shared with a page in doubt.
  @Test func aPageStillLoadingNamesItsEarliestRequestAndTheNextScreenshotsPass() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let server = try SilentServer()
    // Pictures asked for once the page has loaded, the second one later, by an address
    // that sorts first.
    let page = folder.file("loading.html")
    try """
    <script>
      addEventListener("load", () => {
        new Image().src = "\(server.url("z-first"))";
        setTimeout(() => { new Image().src = "\(server.url("a-second"))" }, 100);
      });
    </script>
    """.write(to: page, atomically: true, encoding: .utf8)
    let before = try await Self.browser()
    let message = await verifySnapshot(
      as: .screenshot(timeout: .seconds(5)), named: "loading", record: .all,
      snapshotDirectory: folder.path, testName: "test"
    ) { page }
    #expect(
      message?.contains(
        "The page still waits for \(server.url("z-first")) after 5.0 seconds (the timeout:).")
        == true, "\(message ?? "nil")")
    await Self.threeScreenshotsPass(in: folder)
    #expect(Chromium.current !== before)
  }
}

/// Screenshots with the default timeouts, while every core is busy with work of the same
/// priority, as in a full suite on a small CI machine.
@Suite(.enabled(if: BrowserTesting.available))
struct ScreenshotLoadTests {
  @Test(.enabled(if: Probe.isRunning("loadProbe")))
  func loadProbe() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let done = Locked(false)
    for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
      Thread.detachNewThread {
        var spins = 0
        while !done.withLock({ $0 }) { spins &+= 1 }
      }
    }
    defer { done.withLock { $0 = true } }
    let started = ContinuousClock.now
    await withTaskGroup(of: String?.self) { group in
      for index in 1...24 {
        group.addTask {
          let strategy: Snapshotting<String, Image> =
            switch index % 3 {
            case 0: .screenshot(viewport: .phone, area: .fullPage)
            case 1: .screenshot(viewport: Viewport(width: 640, height: 480), masks: ["b"])
            default: .screenshot
            }
          return await verifySnapshot(
            as: strategy, named: "page-\(index)", record: .all, snapshotDirectory: folder.path,
            testName: "probe"
          ) { BrowserLifetimeTests.page + "<p>Page \(index)</p>" }
        }
      }
      for await message in group {
        #expect(message?.hasPrefix("Recorded") == true, "\(message ?? "nil")")
      }
    }
    print("24 screenshots under load in \(ContinuousClock.now - started)")
  }

  @Test func aSuiteOfScreenshotsPassesWithTheDefaultTimeoutsUnderLoad() async throws {
    let probe = try await Probe.run("loadProbe")
    #expect(probe.status == 0, "\(probe.output)")
  }
}

import Foundation
import TestSupport
import Testing

@testable import SnapshotsBrowser

#if canImport(Glibc)
  import Glibc
#endif

/// One browser per test process, and none left behind however the process ends: each case runs
/// in a child process of this test binary (a probe), as a user's test process would.
@Suite(.enabled(if: BrowserTesting.available))
struct BrowserLifetimeTests {
  static let page = """
    <body style="font: 18px sans-serif; background: #fefae0">
    <h1>Invoice 7</h1><p>Total <b>120.00</b></p><ul><li>Tea</li><li>Scones</li></ul></body>
    """

  /// The processes of a process group that have not ended (a zombie has).
  static func living(inGroup group: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> pid_t? in
      guard let pid = pid_t(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      // After the command's closing parenthesis: state, parent, group.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 2, fields[0] != "Z", pid_t(fields[2]) == group else { return nil }
      return pid
    }
  }

  /// Waits up to ten seconds for a group to have no living process.
  static func ended(_ group: pid_t) async throws -> Bool {
    for _ in 0..<200 {
      if living(inGroup: group).isEmpty { return true }
      try await Task.sleep(for: .milliseconds(50))
    }
    return false
  }

  @Test(.enabled(if: Probe.isRunning("fiftyScreenshotsProbe")))
  func fiftyScreenshotsProbe() async throws {
    let folder = try #require(ProcessInfo.processInfo.environment["SNAPSHOTS_PROBE_FOLDER"])
    await withTaskGroup(of: String?.self) { group in
      for index in 1...50 {
        group.addTask {
          await verifySnapshot(
            as: .screenshot(viewport: Viewport(width: 320, height: 240)), named: "page-\(index)",
            record: .all, snapshotDirectory: folder,
            testName: "probe"
          ) { Self.page }
        }
      }
      for await message in group { #expect(message?.hasPrefix("Recorded") == true) }
    }
    let browser = try #require(Chromium.current)
    let own = getpid()
    let children = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [])
      .filter { entry in
        guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")")
        else { return false }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 && pid_t(fields[1]) == own && stat.contains("(chrom")
      }
    print("starts=\(Chromium.startCount) browsers=\(children.count) group=\(browser.process.pid)")
  }

  @Test func fiftyScreenshotsStartOneBrowserThatEndsWithTheProcess() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let probe = try await Probe.run(
      "fiftyScreenshotsProbe", environment: ["SNAPSHOTS_PROBE_FOLDER": folder.path])
    #expect(probe.status == 0, "\(probe.output)")
    let line = try #require(
      probe.output.split(separator: "\n").first { $0.hasPrefix("starts=") }, "\(probe.output)")
    #expect(line.hasPrefix("starts=1 browsers=1 group="), "\(line)")
    let group = try #require(line.split(separator: "=").last.flatMap { pid_t($0) })
    #expect(try await Self.ended(group), "Chromium's group \(group) outlived its test process")
    // Fifty times in that process, and once more in this one: the same pixels.
    let recorded = try folder.contents().filter { $0.hasSuffix(".png") }
    #expect(recorded.count == 50)
    let here = try await BrowserTesting.screenshot(
      Self.page, BrowserTesting.request(viewport: Viewport(width: 320, height: 240)))
    for name in recorded {
      let there = try Image(pngData: Data(contentsOf: folder.file(name)))
      #expect(there == here, "\(name) differs from this process's screenshot")
    }
  }

  @Test(.enabled(if: Probe.isRunning("waitingProbe")))
  func waitingProbe() async throws {
    let file = try #require(ProcessInfo.processInfo.environment["SNAPSHOTS_PROBE_FOLDER"])
    _ = try await BrowserTesting.screenshot(Self.page)
    let browser = try #require(Chromium.current)
    try "\(browser.process.pid)".write(toFile: file, atomically: true, encoding: .utf8)
    // Crashes once told to (the file named exists), after the parent has seen its browser; on
    // its own after ten minutes.
    if let signal = ProcessInfo.processInfo.environment["SNAPSHOTS_PROBE_CRASH"] {
      for _ in 0..<30_000 where !FileManager.default.fileExists(atPath: signal) {
        try await Task.sleep(for: .milliseconds(20))
      }
      let nothing: Int? = nil
      print(nothing!)
    }
    // Waits to be stopped; gives up after ten minutes, so a parent that failed leaves nothing.
    try await Task.sleep(for: .seconds(600))
  }

  /// A test process stopped by a CI timeout (`SIGTERM`), by `kill -9`, or by a crash of its own
  /// (signal 0 here: it unwraps `nil`).
  @Test(arguments: [SIGTERM, SIGKILL, 0])
  func noBrowserOutlivesAKilledTestProcess(signal: Int32) async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let file = folder.file("group")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    process.arguments = ["--testing-library", "swift-testing", "--filter", "waitingProbe"]
    var environment = ProcessInfo.processInfo.environment
    environment[Probe.variable] = "waitingProbe"
    environment["SNAPSHOTS_PROBE_FOLDER"] = file.path
    if signal == 0 { environment["SNAPSHOTS_PROBE_CRASH"] = folder.file("crash").path }
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    var group: pid_t?
    for _ in 0..<1200 where group == nil {
      group = (try? String(contentsOf: file, encoding: .utf8)).flatMap { pid_t($0) }
      if group == nil { try await Task.sleep(for: .milliseconds(50)) }
    }
    let browser = try #require(group, "the probe started no browser within a minute")
    #expect(!Self.living(inGroup: browser).isEmpty)
    if signal == 0 {
      FileManager.default.createFile(atPath: folder.file("crash").path, contents: nil)
    } else {
      kill(process.processIdentifier, signal)
    }
    nonisolated(unsafe) let child = process
    try await onOwnThread { child.waitUntilExit() }
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(try await Self.ended(browser), "Chromium outlived its test process (signal \(signal))")
  }

  @Test(.enabled(if: Probe.isRunning("missingBrowserProbe")))
  func missingBrowserProbe() async throws {
    let folder = try #require(ProcessInfo.processInfo.environment["SNAPSHOTS_PROBE_FOLDER"])
    let message = await verifySnapshot(
      as: .screenshot, named: "page", record: .all, snapshotDirectory: folder,
      testName: "probe"
    ) { Self.page }
    print(message ?? "no failure")
  }

  @Test func aMissingBrowserFailsClearlyAndRecordsNothing() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let probe = try await Probe.run(
      "missingBrowserProbe",
      environment: [
        "SNAPSHOTS_PROBE_FOLDER": folder.path, Chromium.variable: "/nonexistent/chromium",
      ])
    #expect(probe.status == 0, "\(probe.output)")
    #expect(
      probe.output.contains(
        "SNAPSHOTS_CHROMIUM names /nonexistent/chromium, which is not an executable file. "
          + "Install it (Debian, Ubuntu: `sudo apt-get install chromium`) or set "
          + "SNAPSHOTS_CHROMIUM to a Chromium or Chrome executable."), "\(probe.output)")
    #expect(try folder.contents().isEmpty)
  }

  @Test func chromiumIsLookedForOnThePath() throws {
    #expect {
      try Chromium.executable(in: ["PATH": "/nonexistent:/also/not"])
    } throws: { error in
      "\(error)"
        == "Chromium was not found, so nothing was rendered or recorded: SNAPSHOTS_CHROMIUM is "
        + "not set, and none of chromium, chromium-browser, google-chrome-stable, google-chrome "
        + "is on PATH (/nonexistent:/also/not). Install it (Debian, Ubuntu: `sudo apt-get "
        + "install chromium`) or set SNAPSHOTS_CHROMIUM to a Chromium or Chrome executable."
    }
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let fake = folder.file("chromium")
    try "#!/bin/sh\n".write(to: fake, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
    #expect(try Chromium.executable(in: ["PATH": "/nonexistent:\(folder.path)"]) == fake.path)
  }
}

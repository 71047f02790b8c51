import Foundation
@_spi(Tooling) import Snapshots

/// Runs a package's test binary the way `swift test` does, twice: once for XCTest and once
/// with `--testing-library swift-testing`, in an environment of the tool's choosing.
///
/// It collects the failures each reported as data: XCTest's from the failure log, Swift
/// Testing's from its JSON event stream. No line a test prints is read; the binary's own
/// `--list-tests` listing is, to pick the XCTest tests a `--filter` matches.
struct TestRunner {
  var binary: URL
  var environment: [String: String]
  /// The run's pending folder, which names its event stream.
  var runDirectory: URL
  /// A regular expression over test names (`Module.Type/test` for XCTest, as `swift test
  /// --filter` takes it); `nil` runs every test.
  var filter: String?
  /// Whether the tests' own output is left out.
  var quiet = false
  /// Told when each library's tests start.
  var progress: (String) -> Void = { _ in }
  /// Where the tests run; `nil` where the tool runs.
  var workingDirectory: URL? = nil

  struct Pass {
    var library: String
    var status: Int32
    /// Whether the process ended by a signal (a crash) rather than an exit.
    var crashed: Bool
    /// The unexpected failures it reported.
    var issues: [TestIssue]
    /// How many tests it started, where the library tells (Swift Testing's event stream).
    var testsStarted: Int? = nil
    /// The tests that started and never ended, when a crash ended the pass.
    var unfinished: [String] = []
    /// The tests that ran to their end, as their events name them (``ReferenceUse/test``):
    /// ended, neither skipped, cancelled, nor stopped by a known issue.
    var finishedTests: Set<String> = []
    /// Its snapshot assertions' failures, each with its kind, place and first line
    /// (``FailureLog``), in the order they failed.
    var snapshotFailures: [FailureLog.Entry] = []

    /// Swift Testing's exit status when no test ran (`EXIT_NO_TESTS_FOUND`): in a package whose
    /// tests are all XCTest, or under a `--filter` that matches only XCTest tests.
    static let noTestsFound: Int32 = 69

    /// Whether the pass ran no test at all: neither passed nor failed, whatever its status.
    var ranNothing: Bool {
      !crashed && testsStarted == 0 && issues.isEmpty
        && (status == 0 || status == Self.noTestsFound)
    }

    /// Whether it ended with a failure (not a crash, and not for want of tests).
    var failed: Bool { status != 0 && !crashed && !ranNothing }
  }

  struct LaunchError: Error, CustomStringConvertible {
    var description: String
  }

  /// The run's Swift Testing event stream and failure log, named after its folder.
  ///
  /// Outside the package: the pending store may be the disk that is full.
  private var events: URL { runFile(Self.eventStreamPrefix) }
  private var failureLog: URL { runFile(Self.failureLogPrefix) }

  private func runFile(_ prefix: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)\(runDirectory.lastPathComponent).jsonl")
  }

  func run() throws(LaunchError) -> [Pass] {
    Self.removeStaleRunFiles(in: FileManager.default.temporaryDirectory)
    defer {
      try? FileManager.default.removeItem(at: events)
      try? FileManager.default.removeItem(at: failureLog)
    }
    var passes: [Pass] = []
    if let xcTestArguments = try xcTestArguments() {
      progress("Running the XCTest tests…")
      let process = try launch(xcTestArguments)
      // XCTest's failures are in the failure log (the core's ``XCTestTracker`` logs them).
      let logged = FailureLog.read(failureLog)
      let issues = logged.compactMap { entry in
        entry.isReportedFailure
          ? TestIssue(file: entry.file, line: entry.line, message: entry.message ?? "") : nil
      }
      var pass = Pass(process, library: "XCTest", issues: issues, logged: logged)
      pass.finishedTests = Set(logged.compactMap { $0.ended == true ? $0.test : nil })
      // XCTest runs one test at a time: the last to start is the one a crash ended.
      if pass.crashed, let last = logged.last(where: { $0.started == true })?.test {
        pass.unfinished = [last]
      }
      passes.append(pass)
      try? FileManager.default.removeItem(at: failureLog)
    }
    var testing = [
      "--testing-library", "swift-testing", "--event-stream-output-path", events.path,
      "--event-stream-version", "0",
    ]
    if let filter { testing += ["--filter", filter] }
    progress("Running the Swift Testing tests…")
    let process = try launch(testing)
    let stream = TestIssue.EventStream((try? Data(contentsOf: events)) ?? Data())
    var pass = Pass(
      process, library: "Swift Testing", issues: stream.issues,
      logged: FailureLog.read(failureLog))
    pass.testsStarted = stream.testsStarted
    pass.finishedTests = stream.finishedTests
    if pass.crashed { pass.unfinished = stream.unfinishedTests }
    passes.append(pass)
    return passes
  }

  static let eventStreamPrefix = "snapshots-events-"
  static let failureLogPrefix = "snapshots-failures-"

  /// Removes the event streams and failure logs of runs whose tool is gone (killed before it
  /// could): a run's folder name, which the file's name holds, carries the tool's process
  /// number.
  static func removeStaleRunFiles(in folder: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names
    where (name.hasPrefix(eventStreamPrefix) || name.hasPrefix(failureLogPrefix))
      && name.hasSuffix(".jsonl")
    {
      let parts = name.split(separator: "-")
      // `snapshots-events-record-<time>-<pid>-<random>.jsonl`
      guard parts.count == 6, let pid = pid_t(parts[4]), pid != getpid(),
        kill(pid, 0) != 0 && errno == ESRCH
      else { continue }
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }

  /// The XCTest pass's arguments: none without a filter, else the matching tests.
  ///
  /// The binary lists its tests itself; `nil` when none match.
  private func xcTestArguments() throws(LaunchError) -> [String]? {
    guard let filter else { return [] }
    #if os(macOS)
      // `--list-tests` is the Linux binary's; rather than record beyond the filter, a filtered
      // run on macOS leaves XCTest out and says so.
      progress("--filter on macOS runs the Swift Testing tests only.")
      return nil
    #else
      let expression: NSRegularExpression
      do {
        expression = try NSRegularExpression(pattern: filter)
      } catch {
        throw LaunchError(description: "--filter \(filter) is not a regular expression: \(error)")
      }
      let listing = try output(of: ["--list-tests"])
      let selected = listing.split(whereSeparator: \.isNewline).map(String.init).filter { line in
        line.contains("/") && !line.contains(" ")
          && expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
      }
      return selected.isEmpty ? nil : [selected.joined(separator: ",")]
    #endif
  }

  /// Runs the binary to its end, its output shown unless ``quiet``.
  private func launch(_ arguments: [String]) throws(LaunchError) -> Process {
    let process = makeProcess(arguments)
    if quiet {
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
    }
    _ = try running(process) { Data() }
    return process
  }

  private func output(of arguments: [String]) throws(LaunchError) -> String {
    let process = makeProcess(arguments)
    let pipe = Pipe()
    process.standardOutput = pipe
    let data = try running(process) { pipe.fileHandleForReading.readDataToEndOfFile() }
    return String(decoding: data, as: UTF8.self)
  }

  /// Starts `process`, a child the tool stops when it is interrupted, reads it with `read` and
  /// waits for its end.
  private func running(_ process: Process, read: () -> Data) throws(LaunchError) -> Data {
    do {
      try process.run()
    } catch {
      throw LaunchError(description: "could not run \(binary.path): \(error.localizedDescription)")
    }
    ChildProcesses.shared.started(process.processIdentifier)
    defer { ChildProcesses.shared.ended(process.processIdentifier) }
    let data = read()
    process.waitUntilExit()
    return data
  }

  /// The test binary run with `arguments`; on macOS, where tests are a bundle, through
  /// ``MacTestLaunch``.
  private func makeProcess(_ arguments: [String]) -> Process {
    let process = Process()
    #if os(macOS)
      let command = MacTestLaunch.command(bundle: binary, arguments: arguments)
      process.executableURL = command.program
      process.arguments = command.arguments
    #else
      process.executableURL = binary
      process.arguments = arguments
    #endif
    var environment = environment
    environment[FailureLog.variable] = failureLog.path
    process.environment = environment
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    return process
  }
}

extension TestRunner {
  /// A run for a check that writes nothing into the package (`--sensitivity`, `--stability`):
  /// the tests' binary from `options`, with `environment` added to the tool's, what fails left
  /// in `folder` rather than the package's store, and no reference recorded.
  init(
    checking options: ToolOptions, in folder: URL, adding environment: [String: String],
    quiet: Bool, progress: @escaping (String) -> Void, workingDirectory: URL? = nil
  ) {
    var all = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    all[PendingStore.directoryVariable] = folder.appendingPathComponent("pending").path
    all[SnapshotTestingConfiguration.Record.environmentVariable] = "never"
    self.init(
      binary: URL(fileURLWithPath: options.required(\.testBinary, "--test-binary")),
      environment: all, runDirectory: folder, filter: options.filter, quiet: quiet,
      progress: { if !quiet { progress($0) } }, workingDirectory: workingDirectory)
  }
}

extension [TestRunner.Pass] {
  /// Whether no test started in any pass: a `--filter` that matched nothing.
  var startedNoTest: Bool { allSatisfy { $0.testsStarted == 0 } }
}

extension TestRunner.Pass {
  init(_ process: Process, library: String, issues: [TestIssue], logged: [FailureLog.Entry]) {
    self.init(
      library: library, status: process.terminationStatus,
      crashed: process.terminationReason == .uncaughtSignal, issues: issues)
    snapshotFailures = logged.filter { $0.kind != nil }
  }
}

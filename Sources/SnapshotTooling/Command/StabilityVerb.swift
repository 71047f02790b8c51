import Foundation
@_spi(Tooling) import Snapshots

/// `snapshots stability` (`snapshot-record --stability`): whether each snapshot fails by chance.
///
/// Runs the tests `--runs` times in separate processes and once more under another time zone,
/// locale, temporary folder and working directory, each assertion logging its value as its
/// reference would hold it (``StabilityLog``); tells what varied, of which kind, and the fix
/// (``StabilityCheck``). Writes nothing into the package: its report goes to
/// `.build/snapshots/stability.json`, where the review reads it (``StabilityReport``).
///
/// Exits 1 when a snapshot varied or tests failed, 3 when they could not run or crashed.
enum StabilityVerb {
  static let defaultRuns = 3

  /// The other environment's time zone and locale: far from UTC, at a quarter hour, with a
  /// decimal comma.
  static let otherEnvironment = [
    "TZ": "Pacific/Chatham", "LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8",
  ]

  static func run(_ options: ToolOptions, print: @escaping (String) -> Void)
    -> SnapshotsCommand.ExitCode
  {
    let count = options.runs ?? defaultRuns
    // JSON alone on standard output, for a program to read.
    let quiet = options.quiet || options.json
    let runs: Runs
    switch Runs.make(count: count, options: options, quiet: quiet, print: print) {
    case .success(let made): runs = made
    case .failure(let stopped): return stopped.code
    }
    var check = StabilityCheck(
      runs: runs.logs,
      facts: .init(
        processes: [], temporaryFolders: [NSTemporaryDirectory(), runs.otherTemporary],
        hostName: ProcessInfo.processInfo.hostName, userName: ProcessInfo.processInfo.userName,
        window: runs.started.addingTimeInterval(-5)...Date().addingTimeInterval(5)))
    check.failures = runs.failures
    let findings = check.findings()
    let report = StabilityReport(
      runs: count + 1, compared: check.compared, testsFailed: runs.failed, findings: findings,
      notes: otherEnvironmentNotes(
        hasLocale: hasLocale(otherEnvironment["LANG"] ?? ""),
        hasTimeZone: TimeZone(identifier: otherEnvironment["TZ"] ?? "") != nil))
    let relative = { RunApplier.relative($0, in: options.package) }
    do {
      try AtomicFile.write(
        JSONEncoder.machineOutput.encode(report), to: StabilityReport.file(in: options.package),
        durability: .whole)
    } catch {
      print("warning: the report for --review was not written: \(error)")
    }
    if options.json {
      var shown = report
      shown.findings = findings.map { finding in
        var finding = finding
        finding.sourceFile = relative(finding.sourceFile)
        if finding.reference != "inline" { finding.reference = relative(finding.reference) }
        return finding
      }
      print(JSONEncoder.machineOutput.text(of: shown))
    } else {
      report.lines(relative: relative).forEach(print)
    }
    return runs.failed || !findings.isEmpty ? .refused : .success
  }

  /// The test runs, read: each run's log and failures, whether any failed, the other
  /// environment's temporary folder, and when they started.
  struct Runs {
    var logs: [StabilityRunLog] = []
    var failures: [[TestIssue]] = []
    var failed = false
    var otherTemporary = ""
    var started = Date()

    /// Why the runs stopped before there was anything to compare.
    struct Stopped: Error {
      var code: SnapshotsCommand.ExitCode
    }

    /// Runs the tests `count` times and once under the other environment, each in a folder
    /// of its own, removed afterwards.
    static func make(
      count: Int, options: ToolOptions, quiet: Bool, print: @escaping (String) -> Void
    ) -> Result<Runs, Stopped> {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("snapshots-stability-\(PendingStore.uniqueName())")
      defer { try? FileManager.default.removeItem(at: folder) }
      // A temporary folder of a short path: programs make sockets in it (Chromium's is 47
      // characters below it), and a socket's path holds at most 107 bytes.
      var template = Array(
        URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("s-XXXXXX").path
          .utf8CString)
      guard mkdtemp(&template) != nil else {
        print("error: could not make a temporary folder in \(NSTemporaryDirectory())")
        return .failure(Stopped(code: .testsDidNotRun))
      }
      let otherTemporary = URL(
        fileURLWithPath: String(cString: template), isDirectory: true
      ).standardizedFileURL
      defer { try? FileManager.default.removeItem(at: otherTemporary) }
      let otherDirectory = folder.appendingPathComponent("other-directory", isDirectory: true)
      var runs = Runs(otherTemporary: otherTemporary.path)
      do {
        try FileManager.default.createDirectory(
          at: otherDirectory, withIntermediateDirectories: true)
        for index in 0...count {
          let isOther = index == count
          if !quiet {
            print(
              isOther
                ? "Run \(index + 1) of \(count + 1), under another time zone, locale, temporary folder and working directory:"
                : "Run \(index + 1) of \(count + 1):")
          }
          let run = folder.appendingPathComponent("run-\(index)", isDirectory: true)
          let log = run.appendingPathComponent("values", isDirectory: true)
          var environment = [StabilityLog.variable: log.path]
          if isOther {
            environment.merge(otherEnvironment) { $1 }
            environment["TMPDIR"] = otherTemporary.path
          }
          try FileManager.default.createDirectory(at: log, withIntermediateDirectories: true)
          let runner = TestRunner(
            checking: options, in: run, adding: environment, quiet: quiet, progress: print,
            workingDirectory: isOther ? otherDirectory : nil)
          let passes = try runner.run()
          if passes.contains(where: \.crashed) {
            print("The tests crashed in run \(index + 1): nothing was compared.")
            return .failure(Stopped(code: .testsDidNotRun))
          }
          if options.filter != nil, passes.startedNoTest {
            print(
              "error: no test matched --filter \(options.filter ?? ""): nothing ran, nothing was compared"
            )
            return .failure(Stopped(code: .usage))
          }
          runs.failed = runs.failed || passes.contains(where: \.failed)
          runs.failures.append(passes.flatMap(\.issues))
          runs.logs.append(StabilityRunLog(folder: log))
        }
      } catch {
        print("error: \(error)")
        return .failure(Stopped(code: .testsDidNotRun))
      }
      return .success(runs)
    }
  }

  /// What the other environment cannot change on this machine: a locale it does not have
  /// leaves Foundation's own (`en_001`) whatever `LANG` says, and a time zone it does not
  /// know, UTC.
  static func otherEnvironmentNotes(hasLocale: Bool, hasTimeZone: Bool) -> [String] {
    var notes: [String] = []
    if !hasLocale {
      notes.append(
        "The run under another environment could not change the locale: this machine has no \(otherEnvironment["LANG"] ?? "") (`locale -a` lists those it has), so values written in the locale were not checked."
      )
    }
    if !hasTimeZone {
      notes.append(
        "The run under another environment could not change the time zone: this machine does not know \(otherEnvironment["TZ"] ?? ""), so values written in the time zone were not checked."
      )
    }
    return notes
  }

  /// Whether the C library has the locale `name`: tried, then the one before put back.
  static func hasLocale(_ name: String) -> Bool {
    let before = setlocale(LC_ALL, nil).map { String(cString: $0) } ?? "C"
    defer { setlocale(LC_ALL, before) }
    return setlocale(LC_ALL, name) != nil
  }
}

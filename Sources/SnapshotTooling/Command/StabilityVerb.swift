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
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapshots-stability-\(PendingStore.uniqueName())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let otherTemporary = folder.appendingPathComponent("other-tmp", isDirectory: true)
    let otherDirectory = folder.appendingPathComponent("other-directory", isDirectory: true)
    var logs: [StabilityRunLog] = []
    var notes: [String] = []
    let started = Date()
    var failed = false
    do {
      for folder in [otherTemporary, otherDirectory] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
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
        var environment = ProcessInfo.processInfo.environment
        environment[StabilityLog.variable] = log.path
        // What fails is left here, not in the package's store, and no reference is written.
        environment[PendingStore.directoryVariable] = run.appendingPathComponent("pending").path
        environment[SnapshotTestingConfiguration.Record.environmentVariable] = "never"
        if isOther {
          environment.merge(otherEnvironment) { $1 }
          environment["TMPDIR"] = otherTemporary.path
        }
        try FileManager.default.createDirectory(at: log, withIntermediateDirectories: true)
        let runner = TestRunner(
          binary: URL(fileURLWithPath: options.required(\.testBinary, "--test-binary")),
          environment: environment, runDirectory: run, filter: options.filter,
          quiet: quiet, progress: { if !quiet { print($0) } },
          workingDirectory: isOther ? otherDirectory : nil)
        let passes = try runner.run()
        if passes.contains(where: \.crashed) {
          print("The tests crashed in run \(index + 1): nothing was compared.")
          return .testsDidNotRun
        }
        if options.filter != nil, passes.startedNoTest {
          print(
            "error: no test matched --filter \(options.filter ?? ""): nothing ran, nothing was compared"
          )
          return .usage
        }
        failed = failed || passes.contains(where: \.failed)
        logs.append(StabilityRunLog(folder: log))
        if isOther { notes = otherEnvironmentNotes(StabilityRunLog.environments(in: log)) }
      }
    } catch {
      print("error: \(error)")
      return .testsDidNotRun
    }
    var check = StabilityCheck(
      runs: logs,
      facts: .init(
        processes: [], temporaryFolders: [NSTemporaryDirectory(), otherTemporary.path],
        workingDirectories: [options.package.path, otherDirectory.path],
        hostName: ProcessInfo.processInfo.hostName, userName: ProcessInfo.processInfo.userName,
        window: started.addingTimeInterval(-5)...Date().addingTimeInterval(5)))
    let findings = check.findings()
    let report = StabilityReport(
      runs: count + 1, compared: check.compared, testsFailed: failed, findings: findings,
      notes: notes)
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
    return failed || !findings.isEmpty ? .refused : .success
  }

  /// What the other environment did not change in its test processes (`<pid>.environment`):
  /// a locale the machine does not have is `en_001` in Foundation, whatever `LANG` says.
  static func otherEnvironmentNotes(_ seen: [(timeZone: String, locale: String)]) -> [String] {
    var notes: [String] = []
    let wanted = (timeZone: otherEnvironment["TZ"] ?? "", locale: "de")
    if let kept = seen.first(where: { !$0.locale.hasPrefix(wanted.locale) }) {
      notes.append(
        "The run under another environment kept the locale \(kept.locale): this machine has no German locale (de_DE.UTF-8; `locale -a` lists those it has), so values written in the locale were not checked."
      )
    }
    if let kept = seen.first(where: { $0.timeZone != wanted.timeZone }) {
      notes.append(
        "The run under another environment kept the time zone \(kept.timeZone), so values written in the time zone were not checked."
      )
    }
    return notes
  }
}

import Foundation
@_spi(Tooling) import Snapshots

/// What `snapshots` does: run the tests (for `record`), apply the pending records, list or prune
/// orphans, and print a summary.
///
/// Exit codes: 0 done, 1 something was refused, 2 usage, 3 the tests could not run or crashed.
public struct SnapshotsCommand {
  public enum ExitCode: Int32 {
    case success = 0
    case refused = 1
    case usage = 2
    case testsDidNotRun = 3
  }

  public var options: CommandOptions
  var print: (String) -> Void

  public init(options: CommandOptions, print: @escaping (String) -> Void = { Swift.print($0) }) {
    self.options = options
    self.print = print
  }

  var store: URL { PendingStore.defaultDirectory(packageRoot: options.packageDirectory) }
  private var applier: RunApplier {
    RunApplier(packageDirectory: options.packageDirectory, dryRun: options.dryRun)
  }

  public func run() -> ExitCode {
    var crashed = false
    let runDirectory: URL
    switch options.verb {
    case .apply:
      guard let newest = PendingRun.all(in: store).last else {
        print("No pending snapshots: run the tests first.")
        return .success
      }
      runDirectory = newest
    case .record:
      runDirectory = store.appendingPathComponent("record-\(PendingStore.uniqueName())")
      switch runTests(into: runDirectory) {
      case .success(let passes): crashed = passes.contains(where: \.crashed)
      case .failure(let error):
        print("error: \(error)")
        return .testsDidNotRun
      }
    }
    let run: PendingRun
    do {
      run =
        try FileManager.default.fileExists(atPath: runDirectory.path)
        ? PendingRun.load(runDirectory)
        : PendingRun(directory: runDirectory, entries: [], usedReferences: [])
    } catch {
      print("error: \(error)")
      return .refused
    }
    let report = applier.apply(run)
    let summary = RunSummary(report: report, dryRun: options.dryRun)
    summary.lines.forEach(print)
    let orphansFailed = options.verb == .record ? handleOrphans(run, crashed: crashed) : false
    if !options.dryRun { removeRuns(upTo: runDirectory) }
    if crashed { return .testsDidNotRun }
    return report.refused.isEmpty && !orphansFailed ? .success : .refused
  }

  private func runTests(into runDirectory: URL) -> Result<[TestRunner.Pass], TestRunner.LaunchError>
  {
    guard let binary = options.testBinary else { return .success([]) }
    var environment = ProcessInfo.processInfo.environment
    environment[PendingStore.directoryVariable] = store.path
    environment[PendingStore.runVariable] = runDirectory.lastPathComponent
    environment[PendingStore.logVariable] = "1"
    // Failing snapshots go to the pending store, so the tool decides what is written.
    environment[SnapshotTestingConfiguration.Record.environmentVariable] = "never"
    let runner = TestRunner(binary: binary, environment: environment, filter: options.filter)
    do {
      let passes = try runner.run()
      for pass in passes where pass.status != 0 {
        print(
          pass.crashed
            ? "\(pass.library) tests crashed (signal \(pass.status)); applying what they recorded, listing no orphans."
            : "\(pass.library) tests failed (expected while snapshots change); applying what they recorded."
        )
      }
      return .success(passes)
    } catch {
      return .failure(error)
    }
  }

  /// Lists references no test used after a complete run, and deletes them with `--prune`;
  /// whether a deletion failed.
  private func handleOrphans(_ run: PendingRun, crashed: Bool) -> Bool {
    guard options.filter == nil, !crashed else {
      if options.prune { print("Not pruning: only a complete, unfiltered run can tell orphans.") }
      return false
    }
    let orphans = OrphanScan.orphans(in: options.packageDirectory, used: run.usedReferences)
    var failed = false
    for path in orphans {
      guard options.prune else {
        print("Orphan (no test used it): \(applier.relative(path))")
        continue
      }
      if options.dryRun {
        print("Would delete orphan: \(applier.relative(path))")
      } else if (try? FileManager.default.removeItem(atPath: path)) != nil {
        print("Deleted orphan: \(applier.relative(path))")
      } else {
        print("Could not delete orphan: \(applier.relative(path))")
        failed = true
      }
    }
    if !orphans.isEmpty && !options.prune {
      print("\(counted(orphans.count, "orphaned snapshot")); --prune deletes them.")
    }
    return failed
  }

  /// Removes the applied run and every older one: what they held is done or stale.
  private func removeRuns(upTo applied: URL) {
    for run in PendingRun.all(in: store) {
      try? FileManager.default.removeItem(at: run)
      if run.standardizedFileURL == applied.standardizedFileURL { break }
    }
  }
}

import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsPNG

/// What `snapshots` does: run the tests (for `record`), apply the pending records, list or prune
/// orphans, and print a summary.
///
/// Exit codes: 0 done, 1 something was refused or a failure was not recorded, 2 usage, 3 the
/// tests could not run or crashed.
public struct SnapshotsCommand {
  public enum ExitCode: Int32 {
    case success = 0
    case refused = 1
    case usage = 2
    case testsDidNotRun = 3
  }

  public var options: CommandOptions
  var print: (String) -> Void

  /// - Parameter print: where each line goes; by default straight to standard output, unbuffered,
  ///   since it is mostly a pipe (the plugin's) and a progress line must arrive when its step
  ///   starts, before the output of the tests it runs.
  public init(
    options: CommandOptions,
    print: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
  ) {
    self.options = options
    self.print = print
  }

  var store: URL { PendingStore.defaultDirectory(packageRoot: options.packageDirectory) }
  private var applier: RunApplier {
    RunApplier(
      packageDirectory: options.packageDirectory, dryRun: options.dryRun,
      partialRun: options.verb == .apply || options.filter != nil)
  }

  /// A progress line with the seconds since the command started, unless `--quiet`.
  private func progress(_ text: String) {
    guard !options.quiet else { return }
    let seconds = (ContinuousClock.now - started).components
    let elapsed = Double(seconds.seconds) + Double(seconds.attoseconds) / 1e18
    print(String(format: "[%.1f s] ", elapsed) + text)
  }

  private let started = ContinuousClock.now

  public func run() -> ExitCode {
    let runDirectories: [URL]
    var passes: [TestRunner.Pass] = []
    // `apply --filter`: a bad expression is a usage error, whether or not there is anything to
    // apply.
    let filter: RecordFilter?
    do {
      filter = options.verb == .apply ? try recordFilter() : nil
    } catch {
      print("error: \(error)")
      return .usage
    }
    switch options.verb {
    case .info:
      return info()
    case .catalog:
      return catalog()
    case .gallery:
      return gallery()
    case .migrate:
      return PackageMigration(
        packageDirectory: options.packageDirectory, identity: options.toolkitIdentity,
        dryRun: options.dryRun, print: print
      ).run()
    case .apply where !options.shards.isEmpty:
      return applyShards(filter: filter)
    case .apply:
      runDirectories = PendingStore.runs(in: store)
      guard !runDirectories.isEmpty else {
        print("No pending snapshots: run the tests first.")
        return .success
      }
    case .record:
      let runDirectory = store.appendingPathComponent("record-\(PendingStore.uniqueName())")
      runDirectories = [runDirectory]
      switch runTests(into: runDirectory) {
      case .success(let ran)
      where options.filter != nil && ran.allSatisfy({ $0.testsStarted == 0 }):
        print(
          "error: no test matched --filter \(options.filter ?? ""): nothing ran, nothing was recorded"
        )
        return .usage
      case .success(let ran): passes = ran
      case .failure(let error):
        print("error: \(error)")
        return .testsDidNotRun
      }
    }
    let run: PendingRun
    // What `apply --filter` takes (the newest of each target is applied; all are done after)
    // and what it leaves for later.
    var taken: [PendingRun.Entry] = []
    var left: [PendingRun.Entry] = []
    // Runs whose test processes did not all finish (interrupted, crashed), which `apply`
    // leaves unless asked: their records may be a part of what the tests would have left.
    var interrupted: [PendingRun] = []
    do {
      var runs = try runDirectories.map(load)
      if options.verb == .apply && !options.includeInterrupted {
        let isInterrupted = { (run: PendingRun) in !run.complete && !run.entries.isEmpty }
        interrupted = runs.filter(isInterrupted)
        runs.removeAll(where: isInterrupted)
      }
      if let filter {
        let split = runs.map(filter.split)
        runs = split.map(\.taken)
        taken = runs.flatMap(\.entries)
        left = split.flatMap(\.left)
      }
      run = PendingRun.merging(runs)
    } catch {
      print("error: \(error)")
      return .refused
    }
    progress(
      "Applying \(counted(run.entries.count, "pending record"))\(filtered(left, by: filter))…")
    let report = applier.apply(run, leaving: left)
    RunSummary(report: report, dryRun: options.dryRun).lines.forEach(print)
    let unrecorded = UnrecordedFailures(passes: passes, run: run)
    unrecorded.lines(relativeTo: applier.relative).forEach(print)
    let crashed = passes.contains(where: \.crashed)
    var orphansFailed = false
    if options.verb == .record {
      let complete =
        options.filter == nil && !crashed && report.refused.isEmpty && unrecorded.isEmpty
      orphansFailed = handleOrphans(run, complete: complete)
    }
    for skipped in interrupted {
      print(
        "Not applied: \(counted(skipped.entries.count, "record")) of \(skipped.directory.lastPathComponent), a run whose tests did not finish (interrupted or crashed); run the tests again, or apply them with --include-interrupted."
      )
    }
    // Applied, or older than what was applied: done or stale either way. A filtered apply
    // leaves the runs with the records it did not take; refused records stay until a later
    // apply takes them (once their cause is fixed) or a new run replaces them.
    let kept = run.entries.filter { report.keptTargets.contains($0.record.target) }
    if !options.dryRun && filter != nil {
      taken.filter { !report.keptTargets.contains($0.record.target) }.forEach(PendingRun.remove)
    } else if !options.dryRun {
      removeApplied(
        runDirectories: runDirectories.filter { directory in
          !interrupted.contains { $0.directory.path == directory.path }
        }, keeping: kept)
    }
    if !options.dryRun && !kept.isEmpty {
      print(
        "Kept \(counted(kept.count, "refused record")): snapshot-record --apply-only applies \(kept.count == 1 ? "it" : "them") once the cause is fixed."
      )
    }
    let galleryFailed = options.gallery && gallery() != .success
    let exit = finish([
      crashed ? "the tests crashed" : nil,
      countedIfAny(report.refused.count, "refusal"),
      countedIfAny(unrecorded.failures.count, "failure").map { $0 + " not recorded" },
      unrecorded.unexplained.isEmpty ? nil : "tests failed without saying where",
      countedIfAny(interrupted.count, "interrupted run").map { $0 + " not applied" },
      orphansFailed ? "an orphan could not be deleted" : nil,
      galleryFailed ? "the gallery could not be written" : nil,
    ])
    return crashed ? .testsDidNotRun : exit
  }

  /// Ends a `record` or `apply`: `Done.`, or, whatever `--quiet` says, one last line that says
  /// what stopped it (SwiftPM may print the plugin's own error line before the tool's output,
  /// so the reason must be the tool's last line).
  private func finish(_ problems: [String?]) -> ExitCode {
    let problems = problems.compactMap { $0 }
    guard !problems.isEmpty else {
      progress("Done.")
      return .success
    }
    print("Not everything was recorded: \(problems.joined(separator: ", ")).")
    return .refused
  }

  /// Removes the store's runs once applied, all but the records in `kept` (and the files a run
  /// needs to read them back).
  private func removeApplied(runDirectories: [URL], keeping kept: [PendingRun.Entry]) {
    let keptFiles = Set(kept.map(\.url.standardizedFileURL.path))
    // A new run replaces the older ones; `apply` took them all (but the interrupted).
    let stale =
      options.verb == .record
      ? PendingStore.runs(in: store).filter { directory in
        !runDirectories.contains { $0.path == directory.path }
      } : []
    for directory in runDirectories + stale {
      let holdsKept = kept.contains {
        $0.url.deletingLastPathComponent().standardizedFileURL.path
          == directory.standardizedFileURL.path
      }
      guard holdsKept, let loaded = try? PendingRun.load(directory) else {
        try? FileManager.default.removeItem(at: directory)
        continue
      }
      for entry in loaded.entries where !keptFiles.contains(entry.url.standardizedFileURL.path) {
        PendingRun.remove(entry)
      }
    }
  }

  /// Applies the runs CI shards left (`snapshots apply --from DIR…`), joined.
  ///
  /// The shards' folders are the user's downloads: left in place.
  private func applyShards(filter: RecordFilter?) -> ExitCode {
    let merged: ShardMerge.Result
    do {
      merged = try ShardMerge(packageDirectory: options.packageDirectory, filter: filter)
        .merge(options.shards)
    } catch {
      print("error: \(error)")
      return .refused
    }
    progress(
      "Applying \(counted(merged.run.entries.count, "pending record"))\(filtered(merged.left, by: filter)) from \(counted(options.shards.count, "shard"))…"
    )
    let report = applier.apply(merged.run, leaving: merged.left)
    RunSummary(report: report, dryRun: options.dryRun).lines.forEach(print)
    for line in merged.unplaced + merged.conflicts { print("Refused \(line)") }
    if filter != nil {
      print("Orphans are not listed: --filter applies part of the shards' records.")
    } else if merged.incomplete.isEmpty {
      let orphans = OrphanScan.orphans(
        in: options.packageDirectory, used: merged.run.usedReferences)
      for path in orphans { print("Orphan (its test is gone): \(applier.relative(path))") }
    } else {
      print(
        "Orphans are not listed: \(merged.incomplete.joined(separator: ", ")) did not report a complete run."
      )
    }
    let galleryFailed = options.gallery && gallery() != .success
    return finish([
      countedIfAny(
        report.refused.count + merged.conflicts.count + merged.unplaced.count, "refusal"),
      galleryFailed ? "the gallery could not be written" : nil,
    ])
  }

  /// The `--filter` of `apply`, if one was given.
  private func recordFilter() throws(RecordFilter.InvalidExpression) -> RecordFilter? {
    guard let expression = options.filter else { return nil }
    return try RecordFilter(expression, relative: applier.relative)
  }

  /// ` matching --filter X (M left for later)` for an `apply --filter`.
  private func filtered(_ left: [PendingRun.Entry], by filter: RecordFilter?) -> String {
    guard let filter else { return "" }
    return " matching --filter \(filter.expression) (\(left.count) left for later)"
  }

  /// `snapshots catalog`: writes the catalog and says where.
  private func catalog() -> ExitCode {
    let file =
      options.file ?? SnapshotCatalog.defaultFile(packageRoot: options.packageDirectory)
    return writingCatalog(to: file) { catalog in
      print(
        "Wrote \(applier.relative(file.standardizedFileURL.path)): \(counted(catalog.snapshots.count, "snapshot")), \(catalog.toReview) failed or new."
      )
    }
  }

  /// `snapshots gallery` (and `--gallery`): the catalog, and the page beside it.
  private func gallery() -> ExitCode {
    let file = SnapshotCatalog.defaultFile(packageRoot: options.packageDirectory)
    let page = file.deletingLastPathComponent().appendingPathComponent("gallery.html")
    return writingCatalog(to: file) { catalog in
      let html = GalleryPage(
        catalog: catalog, packageDirectory: options.packageDirectory,
        pageFolder: page.deletingLastPathComponent()
      ).html()
      try AtomicFile.write(Data(html.utf8), to: page)
      print(
        "Wrote the gallery of \(counted(catalog.snapshots.count, "snapshot")) (\(catalog.toReview) to review): \(page.standardizedFileURL.absoluteString)"
      )
    }
  }

  /// Builds the package's catalog, writes it to `file`, then hands it on; an error is printed.
  private func writingCatalog(to file: URL, then use: (SnapshotCatalog) throws -> Void)
    -> ExitCode
  {
    var isDirectory: ObjCBool = false
    guard
      FileManager.default.fileExists(
        atPath: options.packageDirectory.path, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      print("error: \(options.packageDirectory.path): no such package folder")
      return .usage
    }
    do {
      let catalog = try SnapshotCatalog.build(packageDirectory: options.packageDirectory)
      try catalog.write(to: file)
      try use(catalog)
      return .success
    } catch {
      print("error: \(error)")
      return .refused
    }
  }

  /// `snapshots info FILE`: where a PNG reference was recorded.
  private func info() -> ExitCode {
    guard let file = options.file else { return .usage }
    do {
      guard let data = try AtomicFile.read(file) else {
        print("error: \(file.path) does not exist")
        return .refused
      }
      let texts = try Image.textChunks(inPNG: data)
      guard let environment = RecordingEnvironment(textChunks: texts) else {
        print("\(file.path): no recording environment (not written by this toolkit)")
        return .success
      }
      print("\(file.path): recorded on \(environment.summary)")
      return .success
    } catch let error as AtomicFile.ReadError {
      print("error: \(error)")
      return .refused
    } catch {
      print("error: \(file.path): \(error)")
      return .refused
    }
  }

  private func load(_ directory: URL) throws -> PendingRun {
    FileManager.default.fileExists(atPath: directory.path)
      ? try PendingRun.load(directory)
      : PendingRun(directory: directory, entries: [], usedReferences: [])
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
    let runner = TestRunner(
      binary: binary, environment: environment, runDirectory: runDirectory,
      filter: options.filter, quiet: options.quiet, progress: progress)
    do {
      let passes = try runner.run()
      let then = options.dryRun ? "showing" : "applying"
      for pass in passes where pass.status != 0 {
        print(
          pass.crashed
            ? "\(pass.library) tests crashed (signal \(pass.status)); \(then) what they recorded, listing no orphans."
            : "\(pass.library) tests failed (expected while snapshots change); \(then) what they recorded."
        )
      }
      return .success(passes)
    } catch {
      return .failure(error)
    }
  }

  /// Lists the references whose test is gone, after a complete run that refused and missed
  /// nothing, and deletes them with `--prune`, saying which before it deletes; whether a
  /// deletion failed.
  private func handleOrphans(_ run: PendingRun, complete: Bool) -> Bool {
    guard complete else {
      if options.prune {
        print(
          "Not pruning: only a complete, unfiltered run in which every failure was recorded can tell orphans."
        )
      }
      return false
    }
    let orphans = OrphanScan.orphans(in: options.packageDirectory, used: run.usedReferences)
    guard !orphans.isEmpty else { return false }
    guard options.prune else {
      for path in orphans { print("Orphan (its test is gone): \(applier.relative(path))") }
      print("\(counted(orphans.count, "orphaned snapshot")); --prune deletes them.")
      return false
    }
    let verb = options.dryRun ? "Would delete" : "Deleting"
    print("\(verb) \(counted(orphans.count, "orphaned snapshot")) (their tests are gone):")
    for path in orphans { print("  \(applier.relative(path))") }
    guard !options.dryRun else { return false }
    var failed = false
    for path in orphans where (try? FileManager.default.removeItem(atPath: path)) == nil {
      print("Could not delete orphan: \(applier.relative(path))")
      failed = true
    }
    return failed
  }
}

import Foundation
@_spi(Tooling) import Snapshots

/// What `record` and `apply` share: take the runs (from the tests it runs, the package's
/// store, or CI shards' folders), apply them, list or prune orphans, and say what happened.
struct RunApplication {
  /// Where the pending records come from.
  enum Source {
    /// A run of the package's tests, in this binary.
    case tests(binary: URL)
    /// Every unapplied run of the package's store.
    case store
    /// The runs CI shards left in these folders.
    case shards([URL])
  }

  var source: Source
  var packageDirectory: URL
  /// `--filter`: of test names for `record`, of records for `apply`.
  var filterExpression: String?
  var dryRun = false
  var quiet = false
  var prune = false
  var gallery = false
  var includeInterrupted = false
  /// Decide each change in the terminal instead of applying them all.
  var review = false
  /// Apply only the changes with these ids (`pending` lists them), and drop those.
  var accepted: [String] = []
  var rejected: [String] = []
  var print: (String) -> Void
  /// Rewrites inline snapshots; a run that has some, without it, is left for a tool that has it.
  var tooling: (any SourceTooling)?

  typealias ExitCode = SnapshotsCommand.ExitCode

  private var isApply: Bool {
    if case .tests = source { return false }
    return true
  }

  var store: URL { PendingStore.defaultDirectory(packageRoot: packageDirectory) }
  private var applier: RunApplier {
    RunApplier(
      packageDirectory: packageDirectory, dryRun: dryRun,
      partialRun: isApply || filterExpression != nil, tooling: tooling)
  }

  /// A progress line with the seconds since the command started, unless `--quiet`.
  private func progress(_ text: String) {
    guard !quiet else { return }
    let seconds = (ContinuousClock.now - started).components
    let elapsed = Double(seconds.seconds) + Double(seconds.attoseconds) / 1e18
    print(String(format: "[%.1f s] ", elapsed) + text)
  }

  let started = ContinuousClock.now

  private var pendingReview: PendingReview {
    var origin = PendingChanges.Origin.store
    if case .shards(let folders) = source { origin = .shards(folders) }
    return PendingReview(
      packageDirectory: packageDirectory, origin: origin, includeInterrupted: includeInterrupted,
      tooling: tooling, print: print)
  }

  func run() -> ExitCode {
    let deciding = !accepted.isEmpty || !rejected.isEmpty
    if (review || deciding) && (dryRun || prune || filterExpression != nil && isApply) {
      print(
        "error: --review, --accept and --reject decide change by change; they do not go with --dry-run, --prune or --filter on what is pending"
      )
      return .usage
    }
    if review && deciding {
      print(
        "error: --review decides in the terminal, --accept and --reject by id: give one of them")
      return .usage
    }
    // Without a terminal a review cannot start: said before the tests run.
    if review && !ReviewTerminal.isAvailable {
      print("error: \(ReviewTerminal.Unavailable())")
      return .usage
    }
    if review { ReviewTerminal.takeOutput() }
    if deciding {
      return pendingReview.decide(accepting: accepted, rejecting: rejected)
    }
    if review, isApply { return pendingReview.review() }
    let runDirectories: [URL]
    var passes: [TestRunner.Pass] = []
    // `apply --filter`: a bad expression is a usage error, whether or not there is anything to
    // apply.
    let filter: RecordFilter?
    do {
      filter = isApply ? try recordFilter() : nil
    } catch {
      print("error: \(error)")
      return .usage
    }
    switch source {
    case .shards(let shards):
      return applyShards(shards, filter: filter)
    case .store:
      runDirectories = PendingStore.runs(in: store)
      guard !runDirectories.isEmpty else {
        print("No pending snapshots: run the tests first.")
        return .success
      }
    case .tests(let binary):
      let runDirectory = store.appendingPathComponent("record-\(PendingStore.uniqueName())")
      runDirectories = [runDirectory]
      switch runTests(binary, into: runDirectory) {
      case .success(let ran)
      where filterExpression != nil && ran.allSatisfy({ $0.testsStarted == 0 }):
        print(
          "error: no test matched --filter \(filterExpression ?? ""): nothing ran, nothing was recorded"
        )
        return .usage
      case .success(let ran) where review:
        // The new run replaces the older ones, as when it is applied.
        let run =
          (try? load(runDirectory))
          ?? PendingRun(directory: runDirectory, entries: [], usedReferences: [])
        UnrecordedFailures(passes: ran, run: run).lines(relativeTo: applier.relative).forEach(print)
        for stale in staleRuns(besides: [runDirectory]) {
          try? FileManager.default.removeItem(at: stale)
        }
        return pendingReview.review()
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
      if isApply && !includeInterrupted {
        interrupted = runs.filter(\.isInterrupted)
        runs.removeAll(where: \.isInterrupted)
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
    if let missing = missingTooling(run) { return missing }
    progress(
      "Applying \(counted(run.entries.count, "pending record"))\(filtered(left, by: filter))…")
    let report = applier.apply(run, leaving: left)
    RunSummary(report: report, dryRun: dryRun).lines.forEach(print)
    let unrecorded = UnrecordedFailures(passes: passes, run: run)
    unrecorded.lines(relativeTo: applier.relative).forEach(print)
    let crashed = passes.contains(where: \.crashed)
    var orphansFailed = false
    if !isApply {
      let complete =
        filterExpression == nil && !crashed && report.refused.isEmpty && unrecorded.isEmpty
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
    if !dryRun && filter != nil {
      taken.filter { !report.keptTargets.contains($0.record.target) }.forEach(PendingRun.remove)
    } else if !dryRun {
      removeApplied(
        runDirectories: runDirectories.filter { directory in
          !interrupted.contains { $0.directory.path == directory.path }
        }, keeping: kept)
    }
    if !dryRun && !kept.isEmpty {
      print(
        "Kept \(counted(kept.count, "refused record")): snapshot-record --apply-only applies \(kept.count == 1 ? "it" : "them") once the cause is fixed."
      )
    }
    let galleryFailed =
      gallery && GalleryVerb(packageDirectory: packageDirectory).run(print: print) != .success
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

  /// The store's runs other than these: those a new run replaces.
  private func staleRuns(besides runDirectories: [URL]) -> [URL] {
    PendingStore.runs(in: store).filter { directory in
      !runDirectories.contains { $0.path == directory.path }
    }
  }

  /// Removes the store's runs once applied, all but the records in `kept` (and the files a run
  /// needs to read them back).
  private func removeApplied(runDirectories: [URL], keeping kept: [PendingRun.Entry]) {
    let keptFiles = Set(kept.map(\.url.standardizedFileURL.path))
    // A new run replaces the older ones; `apply` took them all (but the interrupted).
    let stale = !isApply ? staleRuns(besides: runDirectories) : []
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
  private func applyShards(_ shards: [URL], filter: RecordFilter?) -> ExitCode {
    let merged: ShardMerge.Result
    do {
      merged = try ShardMerge(packageDirectory: packageDirectory, filter: filter)
        .merge(shards)
    } catch {
      print("error: \(error)")
      return .refused
    }
    if let missing = missingTooling(merged.run) { return missing }
    progress(
      "Applying \(counted(merged.run.entries.count, "pending record"))\(filtered(merged.left, by: filter)) from \(counted(shards.count, "shard"))…"
    )
    let report = applier.apply(merged.run, leaving: merged.left)
    RunSummary(report: report, dryRun: dryRun).lines.forEach(print)
    for line in merged.unplaced + merged.conflicts { print("Refused \(line)") }
    if filter != nil {
      print("Orphans are not listed: --filter applies part of the shards' records.")
    } else if merged.incomplete.isEmpty {
      let orphans = OrphanScan.orphans(
        in: packageDirectory, used: merged.run.usedReferences)
      for path in orphans { print("Orphan (its test is gone): \(applier.relative(path))") }
    } else {
      print(
        "Orphans are not listed: \(merged.incomplete.joined(separator: ", ")) did not report a complete run."
      )
    }
    let galleryFailed =
      gallery && GalleryVerb(packageDirectory: packageDirectory).run(print: print) != .success
    return finish([
      countedIfAny(
        report.refused.count + merged.conflicts.count + merged.unplaced.count, "refusal"),
      galleryFailed ? "the gallery could not be written" : nil,
    ])
  }

  /// Stops before anything is written when the run has inline records and this tool cannot
  /// rewrite sources; the run stays pending for the tool that can.
  private func missingTooling(_ run: PendingRun) -> ExitCode? {
    guard tooling == nil else { return nil }
    let inline = run.entries.filter {
      if case .inline = $0.record { return true }
      return false
    }
    guard !inline.isEmpty else { return nil }
    return SnapshotsCommand.needsSourceTooling(
      "\(counted(inline.count, "inline snapshot")) to rewrite", print: print)
  }

  /// The `--filter` of `apply`, if one was given.
  private func recordFilter() throws(RecordFilter.InvalidExpression) -> RecordFilter? {
    guard let expression = filterExpression else { return nil }
    return try RecordFilter(expression, relative: applier.relative)
  }

  /// ` matching --filter X (M left for later)` for an `apply --filter`.
  private func filtered(_ left: [PendingRun.Entry], by filter: RecordFilter?) -> String {
    guard let filter else { return "" }
    return " matching --filter \(filter.expression) (\(left.count) left for later)"
  }

  private func load(_ directory: URL) throws -> PendingRun {
    FileManager.default.fileExists(atPath: directory.path)
      ? try PendingRun.load(directory)
      : PendingRun(directory: directory, entries: [], usedReferences: [])
  }

  private func runTests(_ binary: URL, into runDirectory: URL) -> Result<
    [TestRunner.Pass], TestRunner.LaunchError
  > {
    var environment = ProcessInfo.processInfo.environment
    environment[PendingStore.directoryVariable] = store.path
    environment[PendingStore.runVariable] = runDirectory.lastPathComponent
    environment[PendingStore.logVariable] = "1"
    // Failing snapshots go to the pending store, so the tool decides what is written.
    environment[SnapshotTestingConfiguration.Record.environmentVariable] = "never"
    let runner = TestRunner(
      binary: binary, environment: environment, runDirectory: runDirectory,
      filter: filterExpression, quiet: quiet, progress: progress)
    do {
      let passes = try runner.run()
      let then = dryRun ? "showing" : "applying"
      for pass in passes where pass.ranNothing {
        progress("No \(pass.library) tests ran.")
      }
      for pass in passes where pass.failed || pass.crashed {
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
      if prune {
        print(
          "Not pruning: only a complete, unfiltered run in which every failure was recorded can tell orphans."
        )
      }
      return false
    }
    let orphans = OrphanScan.orphans(in: packageDirectory, used: run.usedReferences)
    guard !orphans.isEmpty else { return false }
    guard prune else {
      for path in orphans { print("Orphan (its test is gone): \(applier.relative(path))") }
      print("\(counted(orphans.count, "orphaned snapshot")); --prune deletes them.")
      return false
    }
    let verb = dryRun ? "Would delete" : "Deleting"
    print("\(verb) \(counted(orphans.count, "orphaned snapshot")) (their tests are gone):")
    for path in orphans { print("  \(applier.relative(path))") }
    guard !dryRun else { return false }
    var failed = false
    for path in orphans where (try? FileManager.default.removeItem(atPath: path)) == nil {
      print("Could not delete orphan: \(applier.relative(path))")
      failed = true
    }
    return failed
  }
}

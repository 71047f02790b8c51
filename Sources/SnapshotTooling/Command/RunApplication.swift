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
  /// The verb's options: ``ToolOptions/filter`` is of test names for `record`, of records for
  /// `apply`; `--review` decides each change in the terminal instead of applying them all;
  /// `--accept` and `--reject` apply only the changes with these ids, and drop those.
  var options: ToolOptions
  var print: (String) -> Void

  typealias ExitCode = SnapshotsCommand.ExitCode

  private var isApply: Bool {
    if case .tests = source { return false }
    return true
  }

  var store: URL { PendingStore.defaultDirectory(packageRoot: options.package) }
  /// A path as the user reads it.
  private func relative(_ path: String) -> String { RunApplier.relative(path, in: options.package) }

  /// A progress line with the seconds since the command started, unless `--quiet`.
  private func progress(_ text: String) {
    guard !options.quiet else { return }
    let seconds = (ContinuousClock.now - started).components
    let elapsed = Double(seconds.seconds) + Double(seconds.attoseconds) / 1e18
    print(String(format: "[%.1f s] ", elapsed) + text)
  }

  let started = ContinuousClock.now

  private var pendingReview: PendingReview {
    PendingReview(
      packageDirectory: options.package, origin: .init(shards: options.shards),
      includeInterrupted: options.includeInterrupted,
      print: print)
  }

  func run() -> ExitCode {
    // Which options go together is the grammar's (``ToolOptions/exclusions``).
    let deciding = !options.accept.isEmpty || !options.reject.isEmpty
    // Without a terminal a review cannot start: said before the tests run.
    if options.review && !options.browser && !ReviewTerminal.isAvailable {
      print("error: \(ReviewTerminal.Unavailable())")
      return .usage
    }
    if options.review { ReviewTerminal.takeOutput() }
    if deciding {
      return pendingReview.decide(accepting: options.accept, rejecting: options.reject)
    }
    if options.review, isApply { return review() }
    // `apply --filter`: a bad expression is a usage error, whether or not there is anything to
    // apply.
    let filter: RecordFilter?
    do {
      filter = isApply ? try recordFilter() : nil
    } catch {
      print("error: \(error)")
      return .usage
    }
    let plan: RecordPlan
    do {
      guard let facts = try gatherFacts(filter: filter) else { return .testsDidNotRun }
      plan = RecordPlan(facts, options: options, isApply: isApply, recordFilter: filter)
    } catch {
      print("error: \(error)")
      return .refused
    }
    switch plan.course {
    case .apply: break
    case .nothingPending:
      print("No pending snapshots: run the tests first.")
      return .success
    case .noTestMatched:
      print(
        "error: no test matched --filter \(options.filter ?? ""): nothing ran, nothing was recorded"
      )
      return .usage
    }
    if options.review {
      // The new run replaces what it supersedes of the older ones, as when it is applied.
      plan.unrecorded.lines(relativeTo: relative).forEach(print)
      plan.replacedRuns.forEach(PendingStore.remove)
      plan.superseded.forEach(PendingRun.remove)
      return review()
    }
    return execute(plan)
  }

  /// `--review`: in the terminal, or with `--browser` in a browser.
  private func review() -> ExitCode {
    options.browser ? pendingReview.reviewInBrowser() : pendingReview.review()
  }

  /// Carries a plan out: applies it, tells or prunes orphans, cleans the store, writes the
  /// gallery, and says what happened.
  private func execute(_ plan: RecordPlan) -> ExitCode {
    progress(plan.headline)
    let applier = RunApplier(
      packageDirectory: options.package, dryRun: options.dryRun, policy: plan.policy,
      movesData: plan.shards == nil)
    let report = applier.apply(plan.run, leaving: plan.left)
    let conclusion = plan.conclusion(of: report)
    conclusion.lines.forEach(print)
    let orphanDeletionFailed = handleOrphans(
      conclusion.orphans, used: plan.run.usedReferences, finished: plan.finishedUses)
    switch conclusion.cleanup {
    case .none: break
    case .entries(let entries): entries.forEach(PendingRun.remove)
    case .runs(let runs, let kept, let superseded):
      removeApplied(runDirectories: runs, keeping: kept)
      superseded.forEach(PendingRun.remove)
    }
    let galleryFailed =
      options.gallery
      && CatalogVerb.gallery(packageDirectory: options.package, print: print) != .success
    let (line, exit) = conclusion.ending(
      orphanDeletionFailed: orphanDeletionFailed, galleryFailed: galleryFailed)
    if let line { print(line) } else { progress("Done.") }
    return exit
  }

  /// What the tests left: the test run's passes and run, the store's runs, or the shards'
  /// merge; `nil` when the tests could not run (said).
  private func gatherFacts(filter: RecordFilter?) throws -> RecordPlan.Facts? {
    switch source {
    case .shards(let folders):
      return .shards(
        try ShardMerge(packageDirectory: options.package, filter: filter).merge(folders),
        folders: folders.count)
    case .store:
      return .store(try PendingStore.runs(in: store).map(load))
    case .tests(let binary):
      let runDirectory = store.appendingPathComponent("record-\(PendingStore.uniqueName())")
      // Read before the tests run: their run is not among them.
      let earlier = try PendingStore.runs(in: store).map(load)
      switch runTests(binary, into: runDirectory) {
      case .success(let passes):
        return .tests(passes: passes, run: try load(runDirectory), earlier: earlier)
      case .failure(let error):
        print("error: \(error)")
        return nil
      }
    }
  }

  /// Removes runs of the store once applied, all but the records in `kept` (and the files a
  /// run needs to read them back).
  private func removeApplied(runDirectories: [URL], keeping kept: [URL]) {
    let keptFiles = Set(kept.map(\.standardizedFileURL.path))
    for directory in runDirectories {
      let holdsKept = kept.contains {
        $0.deletingLastPathComponent().standardizedFileURL.path
          == directory.standardizedFileURL.path
      }
      guard holdsKept, let loaded = try? PendingRun.load(directory) else {
        PendingStore.remove(directory)
        continue
      }
      for entry in loaded.entries + loaded.conflicted
      where !keptFiles.contains(entry.url.standardizedFileURL.path) {
        PendingRun.remove(entry)
      }
    }
  }

  /// The `--filter` of `apply`, if one was given.
  private func recordFilter() throws(RecordFilter.InvalidExpression) -> RecordFilter? {
    guard let expression = options.filter else { return nil }
    return try RecordFilter(expression, relative: relative)
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
      filter: options.filter, quiet: options.quiet, progress: progress)
    do {
      let passes = try runner.run()
      let then = options.dryRun ? "showing" : "applying"
      for pass in passes where pass.ranNothing {
        progress("No \(pass.library) tests ran.")
      }
      for pass in passes where pass.failed || pass.crashed {
        print(
          pass.crashed
            ? "\(pass.library) tests crashed (signal \(pass.status))"
              + (pass.unfinished.isEmpty
                ? "" : " in \(pass.unfinished.joined(separator: ", "))")
              + "; \(then) what they recorded, listing no orphans."
            : "\(pass.library) tests failed (expected while snapshots change); \(then) what they recorded."
        )
      }
      return .success(passes)
    } catch {
      return .failure(error)
    }
  }

  /// Tells the orphans as the plan says: lists them, or deletes them (`--prune`), saying which
  /// before it deletes; whether a deletion failed.
  private func handleOrphans(
    _ orphans: RecordPlan.Orphans, used: Set<String>, finished: [ReferenceUse]
  ) -> Bool {
    guard case .listed(let pruning, let suggestsPrune) = orphans else {
      if case .untold(let reason?) = orphans { print(reason) }
      return false
    }
    let scan = OrphanScan.scan(in: options.package, used: used, finished: finished)
    for kept in scan.kept {
      print(kept.message(relative: relative))
      for path in kept.references { print("  \(relative(path))") }
    }
    let found = scan.orphans + scan.leftovers
    guard !found.isEmpty else { return false }
    let groups = [
      (scan.orphans, "its test is gone", "their tests are gone"),
      (
        scan.leftovers, "its test ran and no longer makes it",
        "their tests ran and no longer make them"
      ),
    ]
    guard pruning else {
      for (paths, why, _) in groups {
        for path in paths { print("Orphan (\(why)): \(relative(path))") }
      }
      if suggestsPrune {
        print("\(counted(found.count, "orphaned snapshot")); --prune deletes them.")
      }
      return false
    }
    let verb = options.dryRun ? "Would delete" : "Deleting"
    for (paths, _, why) in groups where !paths.isEmpty {
      print("\(verb) \(counted(paths.count, "orphaned snapshot")) (\(why)):")
      for path in paths { print("  \(relative(path))") }
    }
    guard !options.dryRun else { return false }
    var failed = false
    for path in found where (try? FileManager.default.removeItem(atPath: path)) == nil {
      print("Could not delete orphan: \(relative(path))")
      failed = true
    }
    return failed
  }
}

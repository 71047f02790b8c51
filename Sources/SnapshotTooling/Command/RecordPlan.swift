import Foundation
@_spi(Tooling) import Snapshots

/// What a `record` or an `apply` decides, as values, in two pure steps; ``RunApplication``
/// gathers what they need and carries them out, and nothing here reads or writes a file.
///
/// The plan (``init(_:options:isApply:recordFilter:)``) is worked out before anything is written, from what the tests
/// left (``Facts``) and the options: what is applied, what a filter leaves for later, which runs
/// are not applied (their tests did not finish), which failures no record covers, and whether
/// the command stops first. Its ``conclusion(of:)`` is worked out from what applying reported:
/// the lines the command prints, whether orphans may be told (and pruned), what is removed from
/// the store, and, with ``Conclusion/ending(orphanDeletionFailed:galleryFailed:)``, its last line
/// and exit code.
struct RecordPlan {
  /// What the tests left.
  enum Facts {
    /// `record`: what each pass reported, the run it left, and the store's other runs,
    /// oldest first.
    case tests(passes: [TestRunner.Pass], run: PendingRun, earlier: [PendingRun] = [])
    /// `apply`: the package store's runs, oldest first.
    case store([PendingRun])
    /// `apply --from`: the shards' runs, merged (``ShardMerge``), from so many folders.
    case shards(ShardMerge.Result, folders: Int)
  }

  /// Whether the command applies anything, or stops first (nothing written).
  enum Course: Equatable {
    case apply
    /// An `apply` with no run in the store.
    case nothingPending
    /// A `record --filter` that matched no test: nothing ran.
    case noTestMatched
  }

  /// `--filter` is of test names for `record` (the run is then partial), of records for
  /// `apply` (``recordFilter``).
  var options: ToolOptions
  /// `apply` (runs nothing), rather than `record`.
  var isApply: Bool
  var recordFilter: RecordFilter?
  /// What may be applied: a run of every test may write what a partial one may not.
  var policy: RefusalPolicy
  var course: Course = .apply
  /// What is applied.
  var run: PendingRun
  /// What a filter leaves for a later apply.
  var left: [PendingRun.Entry] = []
  /// What a filtered apply takes from the store (removed once applied, unless kept).
  var taken: [PendingRun.Entry] = []
  /// Runs whose tests did not finish, not applied unless `--include-interrupted`.
  var interrupted: [PendingRun] = []
  /// Those runs, deleted unapplied (`--discard-interrupted`).
  var discarded: [PendingRun] = []
  /// The store's runs applied: removed once done, but for the records kept.
  var appliedRuns: [URL] = []
  /// After `record`, the store's other runs it replaces whole: all of them when it ran every
  /// test to its end; none otherwise.
  var replacedRuns: [URL] = []
  /// After a `record` that did not run every test (a `--filter`, a crash), the records of the
  /// other runs it replaces.
  ///
  /// Those of a target it recorded again, and those of a reference one of its assertions used
  /// (matched or recorded again). The others stay pending.
  var superseded: [PendingRun.Entry] = []
  /// The records of the other runs a `record` leaves pending.
  var keptEarlier = 0
  var passes: [TestRunner.Pass] = []
  var unrecorded: UnrecordedFailures
  /// How many CI shards' folders are applied (`apply --from`); `nil` for the store.
  var shards: Int?
  /// Refusals known before applying: shards' records placed nowhere, or in conflict.
  var refusedBeforeApplying: [Refused] = []
  /// Shards that did not report a complete run, so that orphans cannot be told.
  var incompleteShards: [String] = []
  /// The line that says what is applied.
  var headline: String

  init(
    _ facts: Facts, options: ToolOptions, isApply: Bool = false, recordFilter: RecordFilter? = nil
  ) {
    (self.options, self.isApply, self.recordFilter) = (options, isApply, recordFilter)
    policy = RefusalPolicy(
      partialRun: isApply || options.filter != nil, includeInterrupted: options.includeInterrupted)
    var runs: [PendingRun]
    switch facts {
    case .tests(let passes, let run, let earlier):
      self.passes = passes
      runs = [run]
      (replacedRuns, superseded, keptEarlier) = Self.replaced(
        earlier, by: run, wholly: options.filter == nil && !passes.contains(where: \.crashed))
    case .store(let stored):
      runs = stored
    case .shards(let merged, let folders):
      runs = []
      left = merged.left
      shards = folders
      refusedBeforeApplying = merged.unplaced + merged.conflicts
      incompleteShards = merged.incomplete
    }
    // A test run's own run is applied even when its tests crashed: the crash is told.
    if isApply {
      (runs, interrupted) = policy.partition(runs)
    }
    if options.discardInterrupted { swap(&interrupted, &discarded) }
    // Discarded runs go with the applied ones when the store is cleaned.
    appliedRuns = runs.map(\.directory) + discarded.map(\.directory)
    if let filter = recordFilter, shards == nil {
      let split = runs.map(filter.split)
      runs = split.map(\.taken)
      taken = runs.flatMap(\.entries)
      left = split.flatMap(\.left)
    }
    // A shard's merge is one run already, its records pointing at their bytes.
    if case .shards(let merged, _) = facts {
      run = merged.run
    } else {
      run = PendingRun.merging(runs)
    }
    unrecorded = UnrecordedFailures(passes: passes, run: run)
    var headline = "Applying \(counted(run.entries.count, "pending record"))"
    if let filter = recordFilter {
      headline += " matching --filter \(filter.expression) (\(left.count) left for later)"
    }
    if let shards { headline += " from \(counted(shards, "shard"))" }
    self.headline = headline + "…"
    if case .store(let stored) = facts, stored.isEmpty {
      course = .nothingPending
    } else if case .tests = facts, options.filter != nil, passes.startedNoTest {
      course = .noTestMatched
    }
  }

  /// The uses of references named after their tests, by the tests that ran to their end:
  /// what tells the references those tests no longer make (``OrphanScan``).
  var finishedUses: [ReferenceUse] {
    let finished = passes.reduce(into: Set<String>()) { $0.formUnion($1.finishedTests) }
    return run.testUses.filter { $0.test.map(finished.contains) ?? false }
  }

  /// Whether a pass crashed: the run may be a part of what the tests would have left.
  var crashed: Bool { passes.contains(where: \.crashed) }

  /// What of the `earlier` runs a `record`'s `run` replaces: every run when it ran `wholly`
  /// (every test, to its end), else the records it supersedes (a run whose records all are
  /// goes whole); and how many changes it leaves pending.
  private static func replaced(_ earlier: [PendingRun], by run: PendingRun, wholly: Bool) -> (
    runs: [URL], entries: [PendingRun.Entry], left: Int
  ) {
    if wholly { return (earlier.map(\.directory), [], 0) }
    let targets = Set((run.entries + run.conflicted).map(\.record.target))
    let isSuperseded = { (entry: PendingRun.Entry) -> Bool in
      if targets.contains(entry.record.target) { return true }
      guard case .file(let file) = entry.record else { return false }
      return run.usedReferences.contains(file.referencePath)
    }
    var (runs, entries, left) = ([URL](), [PendingRun.Entry](), 0)
    for old in earlier {
      let superseded = (old.entries + old.conflicted).filter(isSuperseded)
      if superseded.count == old.entries.count + old.conflicted.count, old.damaged.isEmpty {
        runs.append(old.directory)
      } else {
        entries += superseded
        left += old.entries.count(where: { !isSuperseded($0) })
      }
    }
    return (runs, entries, left)
  }

  /// What is told of orphans, once applying has reported.
  enum Orphans: Equatable {
    /// Nothing is listed, and this is said, if anything.
    case untold(String?)
    /// Listed, with how to delete them (`record`), or deleted (`--prune`; a dry run says it
    /// would).
    case listed(prune: Bool, suggestsPrune: Bool)
  }

  /// What the store loses once applied (nothing on a dry run, nor of shards' folders).
  enum Cleanup {
    case none
    /// A filtered apply: these records go; the rest of their runs stays.
    case entries([PendingRun.Entry])
    /// These runs go, but for the records kept, and so do these records of other runs (those
    /// a `record` superseded).
    case runs([URL], keeping: [URL], superseded: [PendingRun.Entry])
  }

  struct Conclusion {
    /// What was written and refused, the failures no record covers, the runs not applied and
    /// the records kept, in that order.
    var lines: [String]
    var orphans: Orphans
    var cleanup: Cleanup
    /// What stopped it, whatever happens after (orphans, the gallery).
    var problems: [String]
    var crashed: Bool

    /// The command's last line, when something stopped it, and its exit code.
    ///
    /// That line comes last whatever `--quiet` says: SwiftPM may print the plugin's own error
    /// line before the tool's output.
    func ending(orphanDeletionFailed: Bool, galleryFailed: Bool) -> (
      line: String?, exitCode: SnapshotsCommand.ExitCode
    ) {
      let all =
        problems
        + [
          orphanDeletionFailed ? "an orphan could not be deleted" : nil,
          galleryFailed ? "the gallery could not be written" : nil,
        ].compactMap { $0 }
      let line = all.isEmpty ? nil : "Not everything was recorded: \(all.joined(separator: ", "))."
      return (line, crashed ? .testsDidNotRun : all.isEmpty ? .success : .refused)
    }
  }

  func conclusion(of report: RunApplier.Report) -> Conclusion {
    var lines = RunSummary(report: report, dryRun: options.dryRun).lines
    lines += refusedBeforeApplying.map { "Refused \($0)" }
    lines += unrecorded.lines { RunApplier.relative($0, in: options.package) }
    let refusals = report.refused.count + refusedBeforeApplying.count
    for skipped in interrupted {
      lines.append(
        "Not applied: \(counted(skipped.entries.count, "record")) of \(skipped.directory.lastPathComponent), a run whose tests did not finish (interrupted or crashed); run the tests again, apply them with --include-interrupted, or delete them with --discard-interrupted."
      )
    }
    for run in discarded {
      lines.append(
        "\(options.dryRun ? "Would discard" : "Discarded") \(counted(run.entries.count, "record")) of \(run.directory.lastPathComponent), a run whose tests did not finish."
      )
    }
    // Applied, or older than what was applied: done or stale either way. A filtered apply
    // leaves the runs with the records it did not take; refused records stay until a later
    // apply takes them (once their cause is fixed) or a new run replaces them.
    let kept =
      run.entries.filter { report.keptTargets.contains($0.record.target) }.map(\.url)
      + run.damaged.map(\.url)
    var cleanup = Cleanup.none
    if !options.dryRun && shards == nil {
      if recordFilter != nil {
        cleanup = .entries(taken.filter { !report.keptTargets.contains($0.record.target) })
      } else {
        cleanup = .runs(appliedRuns + replacedRuns, keeping: kept, superseded: superseded)
      }
      if !kept.isEmpty {
        lines.append(
          "Kept \(counted(kept.count, "refused record")): snapshot-record --apply-only applies \(kept.count == 1 ? "it" : "them") once the cause is fixed."
        )
      }
    }
    if keptEarlier > 0 {
      lines.append(
        "Left pending: \(counted(keptEarlier, "change")) of earlier runs, whose assertions this run did not run (snapshot-record --pending lists them; --review or --apply-only decides them)."
      )
    }
    let problems = [
      crashed ? "the tests crashed" : nil,
      countedIfAny(refusals, "refusal"),
      countedIfAny(unrecorded.failures.count, "failure").map { $0 + " not recorded" },
      unrecorded.unexplained.isEmpty ? nil : "tests failed without saying where",
      countedIfAny(interrupted.count, "interrupted run").map { $0 + " not applied" },
    ].compactMap { $0 }
    return Conclusion(
      lines: lines, orphans: orphans(refusals: refusals), cleanup: cleanup, problems: problems,
      crashed: crashed)
  }

  /// Orphans are told only by what saw every test: a complete, unfiltered `record` that
  /// refused and missed nothing, or every shard of a CI run; `apply` from the store never saw
  /// the whole run.
  private func orphans(refusals: Int) -> Orphans {
    if shards != nil {
      if recordFilter != nil {
        return .untold("Orphans are not listed: --filter applies part of the shards' records.")
      }
      guard incompleteShards.isEmpty else {
        return .untold(
          "Orphans are not listed: \(incompleteShards.joined(separator: ", ")) did not report a complete run."
        )
      }
      return .listed(prune: false, suggestsPrune: false)
    }
    guard !isApply else { return .untold(nil) }
    let complete =
      options.filter == nil && !crashed && refusals == 0 && unrecorded.isEmpty
    guard complete else {
      return .untold(
        options.prune
          ? "Not pruning: only a complete, unfiltered run in which every failure was recorded can tell orphans."
          : nil)
    }
    return .listed(prune: options.prune, suggestsPrune: true)
  }
}

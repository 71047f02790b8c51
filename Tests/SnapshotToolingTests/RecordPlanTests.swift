import Foundation
@_spi(Tooling) import Snapshots
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// What `record` and `apply` decide, case by case, as values: no test runs and no file is read
/// or written here.
@Suite struct RecordPlanTests {
  static let package = URL(fileURLWithPath: "/P", isDirectory: true)

  static func file(_ name: String, line: Int = 3, in run: String = "r1") -> PendingRun.Entry {
    .init(
      record: .file(
        PendingFileRecord(
          referencePath: "/P/Tests/A/__Snapshots__/T/\(name).1.txt", dataFile: "d",
          testName: "\(name)()", sourceFile: "/P/Tests/A/T.swift", line: line)),
      url: URL(fileURLWithPath: "/P/.build/snapshots/pending/\(run)/\(name).record"))
  }

  static func inline(line: Int) -> PendingRun.Entry {
    .init(
      record: .inline(
        PendingInlineRecord(
          sourceFile: "/P/Tests/A/T.swift", line: line, column: 3,
          functionName: "assertInlineSnapshot", closureLabel: "matches", trailingClosureIndex: 0,
          oldText: "a", newText: "b", sourceHash: "h", testName: "t()")),
      url: URL(fileURLWithPath: "/P/.build/snapshots/pending/r1/i\(line).record"))
  }

  static func run(_ entries: [PendingRun.Entry], named name: String = "r1", complete: Bool = true)
    -> PendingRun
  {
    var run = PendingRun(
      directory: URL(fileURLWithPath: "/P/.build/snapshots/pending/\(name)"), entries: entries,
      usedReferences: [])
    run.complete = complete
    return run
  }

  static func pass(
    _ library: String, status: Int32 = 0, started: Int? = nil, issues: [TestIssue] = [],
    crashed: Bool = false
  ) -> TestRunner.Pass {
    var pass = TestRunner.Pass(
      library: library, status: status, crashed: crashed, issues: issues, testsStarted: started)
    // Each snapshot failure is logged by its assertion, as the failure log has it.
    pass.snapshotFailures = issues.filter { $0 == Self.issue }.map {
      FailureLog.Entry(kind: .mismatch, file: $0.file, line: $0.line, message: $0.message)
    }
    return pass
  }

  static let issue = TestIssue(file: "/P/Tests/A/T.swift", line: 3, message: "No reference")
  static let other = TestIssue(file: "/P/Tests/A/T.swift", line: 9, message: "Expectation failed")

  func record(
    _ passes: [TestRunner.Pass], _ run: PendingRun, filter: String? = nil, prune: Bool = false,
    dryRun: Bool = false
  ) -> RecordPlan {
    RecordPlan(
      .tests(passes: passes, run: run),
      options: .init(
        packageDirectory: Self.package.path, filter: filter, dryRun: dryRun, prune: prune))
  }

  func recorded(_ paths: String...) -> RunApplier.Report {
    RunApplier.Report(recorded: paths)
  }

  @Test func anXCTestOnlyPackageThatChangedNothingIsDone() {
    let plan = record(
      [Self.pass("XCTest"), Self.pass("Swift Testing", status: 69, started: 0)], Self.run([]),
      prune: true)
    #expect(plan.course == .apply)
    let conclusion = plan.conclusion(of: recorded())
    #expect(conclusion.orphans == .listed(prune: true, suggestsPrune: true))
    #expect(
      conclusion.ending(orphanDeletionFailed: false, galleryFailed: false).exitCode == .success)
  }

  @Test func aSwiftTestingOnlyPackageRecordsAndTellsOrphans() {
    let plan = record(
      [
        Self.pass("XCTest"),
        Self.pass("Swift Testing", status: 1, started: 1, issues: [Self.issue]),
      ],
      Self.run([Self.file("a")]))
    let conclusion = plan.conclusion(of: recorded("Tests/A/__Snapshots__/T/a.1.txt"))
    #expect(conclusion.problems.isEmpty)
    #expect(conclusion.orphans == .listed(prune: false, suggestsPrune: true))
    guard case .runs(let runs, let kept, let others) = conclusion.cleanup else {
      Issue.record("\(conclusion.cleanup)")
      return
    }
    #expect(runs == [Self.run([]).directory] && kept.isEmpty && others.isEmpty)
  }

  /// A `record` that ran every test to its end replaces the store's other runs whole.
  @Test func aCompleteRecordReplacesEarlierRuns() {
    let earlier = Self.run([Self.file("old", in: "r0"), Self.inline(line: 9)], named: "r0")
    let plan = RecordPlan(
      .tests(
        passes: [Self.pass("Swift Testing", status: 1, started: 2, issues: [Self.issue])],
        run: Self.run([Self.file("a")]), earlier: [earlier]),
      options: .init(packageDirectory: Self.package.path))
    guard case .runs(let runs, _, let superseded) = plan.conclusion(of: recorded()).cleanup
    else {
      Issue.record("\(plan.conclusion(of: recorded()).cleanup)")
      return
    }
    #expect(runs == [Self.run([]).directory, earlier.directory] && superseded.isEmpty)
  }

  /// A `record` that did not run every test (`--filter`, or a crash) removes, of the store's
  /// other runs, only what it superseded.
  ///
  /// That is a record of a target it recorded again, or of a reference one of its assertions
  /// used; a run it superseded whole goes whole. The rest stays pending, and it says so.
  @Test(arguments: [("a", false), (nil, true)])
  func aPartialRecordLeavesWhatItDidNotRun(filter: String?, crashed: Bool) {
    let recordedAgain = Self.file("a", in: "r0")
    let matchedNow = Self.file("b", in: "r0")
    let notRun = [Self.file("c", in: "r0"), Self.inline(line: 9)]
    let earlier = Self.run([recordedAgain, matchedNow] + notRun, named: "r0")
    let supersededWhole = Self.run([Self.file("a", in: "r00")], named: "r00")
    var run = Self.run([Self.file("a")])
    run.usedReferences = [
      "/P/Tests/A/__Snapshots__/T/a.1.txt", "/P/Tests/A/__Snapshots__/T/b.1.txt",
    ]
    let plan = RecordPlan(
      .tests(
        passes: [
          Self.pass("Swift Testing", status: 1, started: 2, issues: [Self.issue], crashed: crashed)
        ], run: run, earlier: [supersededWhole, earlier]),
      options: .init(packageDirectory: Self.package.path, filter: filter))
    let conclusion = plan.conclusion(of: recorded("Tests/A/__Snapshots__/T/a.1.txt"))
    guard case .runs(let runs, _, let superseded) = conclusion.cleanup else {
      Issue.record("\(conclusion.cleanup)")
      return
    }
    #expect(runs == [run.directory, supersededWhole.directory])
    #expect(superseded.map(\.url) == [recordedAgain.url, matchedNow.url])
    #expect(plan.superseded.map(\.url) == superseded.map(\.url), "what a review removes too")
    #expect(
      conclusion.lines.contains(
        "Left pending: 2 changes of earlier runs, whose assertions this run did not run (snapshot-record --pending lists them; --review or --apply-only decides them)."
      ), "\(conclusion.lines)")
  }

  /// A mixed package filtered to one framework's tests: the other pass ran nothing, and the
  /// run, partial, tells no orphans (nor prunes, and says so).
  @Test func aFilterOfOneFrameworkInAMixedPackage() {
    let plan = record(
      [
        Self.pass("XCTest", status: 1, issues: [Self.issue]),
        Self.pass("Swift Testing", status: 69, started: 0),
      ],
      Self.run([Self.file("a")]), filter: "ATests", prune: true)
    #expect(plan.course == .apply)
    let conclusion = plan.conclusion(of: recorded("a"))
    #expect(conclusion.problems.isEmpty)
    #expect(
      conclusion.orphans
        == .untold(
          "Not pruning: only a complete, unfiltered run in which every failure was recorded can tell orphans."
        ))
    #expect(
      conclusion.ending(orphanDeletionFailed: false, galleryFailed: false).exitCode == .success)
  }

  @Test func aFilterThatRanNothing() {
    let swiftTestingOnly = record(
      [Self.pass("Swift Testing", status: 69, started: 0)], Self.run([]), filter: "nothing")
    #expect(swiftTestingOnly.course == .noTestMatched)
  }

  @Test func aFailureNoRecordCoversStopsIt() {
    let plan = record(
      [Self.pass("Swift Testing", status: 1, started: 2, issues: [Self.issue, Self.other])],
      Self.run([Self.file("a")]), prune: true)
    let conclusion = plan.conclusion(of: recorded("a"))
    #expect(conclusion.problems == ["1 failure not recorded"])
    #expect(conclusion.lines.contains("  Tests/A/T.swift:9: Expectation failed"))
    #expect(conclusion.orphans != .listed(prune: true, suggestsPrune: true))
    #expect(
      conclusion.ending(orphanDeletionFailed: false, galleryFailed: false).exitCode == .refused)
  }

  @Test func aPassThatFailedWithoutSayingWhere() {
    let plan = record([Self.pass("XCTest", status: 1)], Self.run([]))
    #expect(
      plan.conclusion(of: recorded()).problems == ["tests failed without saying where"])
  }

  @Test func aCrashedPassTellsNoOrphansAndExitsThree() {
    let plan = record(
      [Self.pass("Swift Testing", status: 11, started: 3, crashed: true)],
      Self.run([Self.file("a")]))
    let conclusion = plan.conclusion(of: recorded("a"))
    #expect(conclusion.problems == ["the tests crashed"])
    #expect(conclusion.orphans == .untold(nil))
    let ending = conclusion.ending(orphanDeletionFailed: false, galleryFailed: false)
    #expect(ending.exitCode == .testsDidNotRun)
    #expect(ending.line == "Not everything was recorded: the tests crashed.")
  }

  /// A reference two assertions resolve to: its records are never in what is applied, and the
  /// apply's refusal keeps orphans untold.
  @Test func aConflictIsNeverApplied() {
    var run = Self.run([Self.file("render"), Self.file("other", line: 5)])
    run.setConflicts(["/P/Tests/A/__Snapshots__/T/render.1.txt"])
    let plan = record(
      [Self.pass("Swift Testing", status: 1, started: 2, issues: [Self.issue])], run)
    #expect(plan.run.conflicts == ["/P/Tests/A/__Snapshots__/T/render.1.txt"])
    #expect(plan.run.entries.map(\.record.target) == [Self.file("other").record.target])
    // The failure at the conflicted record's line is the refusal's, not "not recorded".
    #expect(plan.unrecorded.isEmpty)
    var report = recorded("other")
    report.refused = [Refused(path: "render.1.txt", refusal: .nameConflict)]
    let conclusion = plan.conclusion(of: report)
    #expect(conclusion.problems == ["1 refusal"])
    #expect(conclusion.orphans == .untold(nil))
  }

  @Test func refusalsKeepTheirRecords() {
    let plan = record(
      [Self.pass("Swift Testing", status: 1, started: 1, issues: [Self.issue])],
      Self.run([Self.file("a")]))
    var report = RunApplier.Report()
    report.refused = [Refused(path: "a", refusal: .sourceChanged(test: nil))]
    report.keptTargets = [Self.file("a").record.target]
    let conclusion = plan.conclusion(of: report)
    #expect(
      conclusion.lines.last
        == "Kept 1 refused record: snapshot-record --apply-only applies it once the cause is fixed."
    )
    guard case .runs(_, let kept, _) = conclusion.cleanup else {
      Issue.record("\(conclusion.cleanup)")
      return
    }
    #expect(kept == [Self.file("a").url])
  }

  @Test func aDryRunRemovesNothing() {
    let plan = record(
      [Self.pass("Swift Testing", status: 1, started: 1, issues: [Self.issue])],
      Self.run([Self.file("a")]), dryRun: true)
    guard case .none = plan.conclusion(of: recorded("a")).cleanup else {
      Issue.record("a dry run cleans up")
      return
    }
  }

  @Test func anApplyLeavesInterruptedRunsUnlessAsked() {
    let finished = Self.run([Self.file("a")])
    let interrupted = Self.run([Self.file("b", in: "r2")], named: "r2", complete: false)
    let plan = RecordPlan(
      .store([finished, interrupted]), options: .init(packageDirectory: Self.package.path),
      isApply: true
    )
    #expect(
      plan.run.entries.count == 1 && plan.interrupted.map(\.directory) == [interrupted.directory])
    let conclusion = plan.conclusion(of: recorded("a"))
    #expect(conclusion.problems == ["1 interrupted run not applied"])
    #expect(conclusion.orphans == .untold(nil))
    let asked = RecordPlan(
      .store([finished, interrupted]),
      options: .init(packageDirectory: Self.package.path, includeInterrupted: true), isApply: true)
    #expect(asked.run.entries.count == 2 && asked.interrupted.isEmpty)
    #expect(
      RecordPlan(.store([]), options: .init(packageDirectory: Self.package.path), isApply: true)
        .course
        == .nothingPending)
    // Discarded: none of its records applied, its folder cleaned with the applied run's.
    let discarding = RecordPlan(
      .store([finished, interrupted]),
      options: .init(packageDirectory: Self.package.path, discardInterrupted: true), isApply: true)
    #expect(discarding.run.entries.count == 1 && discarding.interrupted.isEmpty)
    let discarded = discarding.conclusion(of: recorded("a"))
    #expect(discarded.problems.isEmpty)
    #expect(discarded.lines.contains("Discarded 1 record of r2, a run whose tests did not finish."))
    guard case .runs(let removed, _, _) = discarded.cleanup else {
      Issue.record("\(discarded.cleanup)")
      return
    }
    #expect(Set(removed) == [finished.directory, interrupted.directory])
  }

  @Test func aFilteredApplyTakesPartAndRemovesOnlyThat() throws {
    let filter = try RecordFilter("a\\(\\)") { $0 }
    let plan = RecordPlan(
      .store([Self.run([Self.file("a"), Self.file("b")])]),
      options: .init(packageDirectory: Self.package.path), isApply: true, recordFilter: filter)
    #expect(
      plan.headline == "Applying 1 pending record matching --filter a\\(\\) (1 left for later)…")
    #expect(plan.left.map(\.url) == [Self.file("b").url])
    guard case .entries(let entries) = plan.conclusion(of: recorded("a")).cleanup else {
      Issue.record("not entries")
      return
    }
    #expect(entries.map(\.url) == [Self.file("a").url])
  }

  @Test func shardsAreAppliedInPlaceAndTellOrphansWhenComplete() {
    let merged = ShardMerge.Result(
      run: Self.run([Self.file("a")]),
      conflicts: [Refused(path: "a.1.txt", refusal: .shardsDisagree(["s1", "s2"]))],
      unplaced: [], incomplete: [])
    let plan = RecordPlan(
      .shards(merged, folders: 2), options: .init(packageDirectory: Self.package.path),
      isApply: true)
    #expect(plan.headline == "Applying 1 pending record from 2 shards…")
    let conclusion = plan.conclusion(of: recorded("a"))
    #expect(
      conclusion.lines.contains(
        "Refused a.1.txt: s1 and s2 recorded different contents; nothing of it was applied"))
    #expect(conclusion.problems == ["1 refusal"])
    #expect(conclusion.orphans == .listed(prune: false, suggestsPrune: false))
    guard case .none = conclusion.cleanup else {
      Issue.record("a shard's folder is the user's")
      return
    }
    var incomplete = merged
    incomplete.incomplete = ["s2"]
    #expect(
      RecordPlan(
        .shards(incomplete, folders: 2),
        options: .init(packageDirectory: Self.package.path), isApply: true
      )
      .conclusion(of: recorded()).orphans
        == .untold("Orphans are not listed: s2 did not report a complete run."))
  }

  @Test func theLastLineSaysEverythingThatStoppedIt() {
    let plan = record(
      [Self.pass("Swift Testing", status: 1, started: 1, issues: [Self.issue])],
      Self.run([Self.file("a")]))
    let ending = plan.conclusion(of: recorded("a"))
      .ending(orphanDeletionFailed: true, galleryFailed: true)
    #expect(
      ending.line
        == "Not everything was recorded: an orphan could not be deleted, the gallery could not be written."
    )
    #expect(ending.exitCode == .refused)
  }
}

import Foundation
@_spi(Tooling) import Snapshots
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// What a test run reported, read back, and which failures no record covers.
@Suite struct FailureAccountingTests {
  @Test func readsUnexpectedIssuesFromSwiftTestingsEventStream() {
    let stream = """
      {"kind":"test","payload":{"id":"x"},"version":0}
      {"kind":"event","payload":{"kind":"issueRecorded","issue":{"isKnown":false,"sourceLocation":{"_filePath":"/P/T.swift","line":5}},"messages":[{"symbol":"fail","text":"Expectation failed: (1 + 1 → 2) == 3"}]},"version":0}
      {"kind":"event","payload":{"kind":"issueRecorded","issue":{"isKnown":true,"sourceLocation":{"_filePath":"/P/T.swift","line":7}},"messages":[{"text":"Issue recorded"}]},"version":0}
      {"kind":"event","payload":{"kind":"issueRecorded","issue":{"isKnown":false,"sourceLocation":{"_filePath":"/P/U.swift","line":9}},"messages":[{"symbol":"fail","text":"Issue recorded"},{"symbol":"details","text":"Could not read the reference: /x is a directory, not a file\\nmore"}]},"version":0}
      not json
      """
    #expect(
      TestIssue.EventStream(Data(stream.utf8)).issues == [
        TestIssue(file: "/P/T.swift", line: 5, message: "Expectation failed: (1 + 1 → 2) == 3"),
        TestIssue(
          file: "/P/U.swift", line: 9,
          message: "Could not read the reference: /x is a directory, not a file\nmore"),
      ])
  }

  /// A crash ends the tests that started and never ended: named by their ids, less their
  /// source location.
  @Test func theTestsACrashEndedAreReadFromTheEventStream() {
    func event(_ kind: String, _ id: String) -> String {
      #"{"kind":"event","payload":{"kind":"\#(kind)","testID":"\#(id)"},"version":0}"#
    }
    let stream = [
      event("testStarted", "App.Suite"), event("testStarted", "App.Suite/done()/T.swift:3:4"),
      event("testEnded", "App.Suite/done()/T.swift:3:4"),
      event("testStarted", "App.Suite/crashes()/T.swift:5:4"),
      event("testStarted", "App.free()/U.swift:9:2"),
    ].joined(separator: "\n")
    #expect(
      TestIssue.EventStream(Data(stream.utf8)).unfinishedTests == [
        "App.Suite/crashes()", "App.free()",
      ])
  }

  /// A pass that ran no test neither passed nor failed: Swift Testing exits with 69 then (in an
  /// XCTest-only package, or under a filter that matches only XCTest tests).
  @Test func aPassThatRanNoTestIsNotAFailure() {
    let empty = TestRunner.Pass(
      library: "Swift Testing", status: 69, crashed: false, issues: [], testsStarted: 0)
    #expect(empty.ranNothing && !empty.failed)
    let unrecorded = UnrecordedFailures(
      passes: [empty],
      run: PendingRun(directory: URL(fileURLWithPath: "/run"), entries: [], usedReferences: []))
    #expect(unrecorded.isEmpty)
    // Status 69 after tests started, or a failure, is a failure.
    #expect(
      TestRunner.Pass(
        library: "Swift Testing", status: 69, crashed: false, issues: [], testsStarted: 2
      ).failed)
    #expect(TestRunner.Pass(library: "XCTest", status: 1, crashed: false, issues: []).failed)
    #expect(!TestRunner.Pass(library: "XCTest", status: 11, crashed: true, issues: []).failed)
  }

  /// A run holding one record, of the assertion at `/P/T.swift:3`.
  static let runRecordingLine3 = PendingRun(
    directory: URL(fileURLWithPath: "/run"),
    entries: [
      .init(
        record: .file(
          PendingFileRecord(
            referencePath: "/P/__Snapshots__/T/a.1.txt", dataFile: "d", testName: "a()",
            sourceFile: "/P/T.swift", line: 3)),
        url: URL(fileURLWithPath: "/run/1.record"))
    ],
    usedReferences: [])

  /// By the kinds the assertions logged, never by their words: a message that reads like a
  /// snapshot failure but logged no kind is another assertion's.
  @Test func failuresWithoutARecordAreCountedByKind() {
    let run = Self.runRecordingLine3
    let issues = [
      TestIssue(file: "/P/T.swift", line: 3, message: "The snapshot does not match"),
      TestIssue(file: "/P/T.swift", line: 4, message: "Expectation failed"),
      TestIssue(
        file: "/P/T.swift", line: 5, message: "Could not read the reference: /d is a directory"),
      TestIssue(file: "/P/T.swift", line: 6, message: "Could not snapshot the value: Boom()"),
      TestIssue(
        file: "/P/T.swift", line: 7,
        message: "No reference\nThe actual value could not be kept for snapshot-record: no space"),
      TestIssue(
        file: "/P/T.swift", line: 8, message: "Could not read the reference: (my own words)"),
    ]
    var swiftTesting = TestRunner.Pass(
      library: "Swift Testing", status: 1, crashed: false, issues: issues)
    swiftTesting.snapshotFailures = [
      (3, SnapshotFailureKind.mismatch), (5, .referenceNotRead), (6, .captureFailed),
      (7, .recordLost),
    ].map { FailureLog.Entry(kind: $1, file: "/P/T.swift", line: $0) }
    let passes = [
      swiftTesting,
      TestRunner.Pass(library: "XCTest", status: 1, crashed: false, issues: []),
    ]
    let unrecorded = UnrecordedFailures(passes: passes, run: run)
    #expect(
      unrecorded.failures.map(\.kind) == [
        .otherAssertion, .snapshot(.referenceNotRead), .snapshot(.captureFailed),
        .snapshot(.recordLost), .otherAssertion,
      ])
    #expect(
      unrecorded.lines { $0.replacingOccurrences(of: "/P/", with: "") } == [
        "Not recorded: 5 failures (other assertions: 2, snapshots that could not be taken: 1, "
          + "unreadable references: 1, records that could not be written (disk full?): 1):",
        "  T.swift:4: Expectation failed",
        "  T.swift:5: Could not read the reference: /d is a directory",
        "  T.swift:6: Could not snapshot the value: Boom()",
        "  T.swift:7: No reference",
        "  T.swift:8: Could not read the reference: (my own words)",
        "Not recorded: XCTest tests failed, and no failure could be read from them.",
      ])
  }

  /// A helper that forwards its caller's `file:` and `line:` to a plain assertion beside its
  /// snapshot, or two assertions on one line: the record covers the snapshot's failure only,
  /// whichever order they were reported in.
  @Test func aRecordCoversOnlyItsOwnFailureAtASharedLine() {
    let run = Self.runRecordingLine3
    let snapshot = TestIssue(file: "/P/T.swift", line: 3, message: "No reference\nmore")
    let other = TestIssue(
      file: "/P/T.swift", line: 3, message: "XCTAssertGreaterThanOrEqual failed: (1) < (2)")
    let logged = [
      FailureLog.Entry(kind: .mismatch, file: "/P/T.swift", line: 3, message: "No reference")
    ]
    for issues in [[snapshot, other], [other, snapshot]] {
      var pass = TestRunner.Pass(library: "XCTest", status: 1, crashed: false, issues: issues)
      pass.snapshotFailures = logged
      let unrecorded = UnrecordedFailures(passes: [pass], run: run)
      #expect(unrecorded.failures.map(\.issue) == [other])
      #expect(unrecorded.failures.map(\.kind) == [.otherAssertion])
    }
    // Two snapshot failures and one record at that line: one is still not recorded.
    var twice = TestRunner.Pass(
      library: "Swift Testing", status: 1, crashed: false, issues: [snapshot, snapshot])
    twice.snapshotFailures =
      logged + [
        FailureLog.Entry(kind: .recordLost, file: "/P/T.swift", line: 3, message: "No reference")
      ]
    #expect(
      UnrecordedFailures(passes: [twice], run: run).failures.map(\.kind) == [
        .snapshot(.recordLost)
      ])
    // A failure log that was lost: every failure counts, so the run cannot pass.
    let unlogged = TestRunner.Pass(
      library: "XCTest", status: 1, crashed: false, issues: [snapshot])
    #expect(UnrecordedFailures(passes: [unlogged], run: run).failures.count == 1)
  }

  @Test func mergedRunsKeepTheNewestRecordOfEachTarget() {
    func inline(_ text: String, line: Int) -> PendingRecord {
      .inline(
        PendingInlineRecord(
          sourceFile: "/P/T.swift", line: line, column: 3, functionName: "assertInlineSnapshot",
          closureLabel: "matches", trailingClosureIndex: 0, oldText: nil, newText: text,
          sourceHash: "h", testName: "t()"))
    }
    func file(_ data: String) -> PendingRecord {
      .file(PendingFileRecord(referencePath: "/P/r.1.txt", dataFile: data, testName: "t()"))
    }
    func run(_ name: String, _ records: [PendingRecord]) -> PendingRun {
      PendingRun(
        directory: URL(fileURLWithPath: "/runs/\(name)"),
        entries: records.map { .init(record: $0, url: URL(fileURLWithPath: "/runs/\(name)/r")) },
        usedReferences: ["/P/\(name).txt"])
    }
    let merged = PendingRun.merging([
      run("old", [inline("a", line: 1), inline("b", line: 2), file("old.data")]),
      run("new", [inline("B", line: 2), inline("B2", line: 2), file("new.data")]),
    ])
    #expect(
      merged.entries.map(\.record) == [
        inline("a", line: 1), inline("B", line: 2), inline("B2", line: 2),
        file("/runs/new/new.data"),
      ])
    #expect(merged.usedReferences == ["/P/old.txt", "/P/new.txt"])
  }
}

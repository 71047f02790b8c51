import Foundation
import SnapshotsJSON
import TestSupport
import Testing

/// Patterns inside JSON string values: `[..]` and a placeholder in a recorded `.json` reference
/// match other values, and a change elsewhere keeps them when it is recorded.
@Suite struct JSONPatternTests {
  struct Job: Encodable {
    var id: String
    var log: String
    var status: String
  }

  @Test func patternsInStringValuesMatchAndAreKept() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    func verify(_ job: Job, record: SnapshotTestingConfiguration.Record) -> String? {
      verifySnapshot(
        of: job, as: .json, named: "job", record: record, snapshotDirectory: folder.path,
        testName: "job()")
    }
    let first = Job(id: UUID().uuidString, log: "took 31 ms", status: "done")
    _ = verify(first, record: .all)
    let file = folder.file("job.job.json")
    let recorded = try String(contentsOf: file, encoding: .utf8)
    let written =
      recorded.replacingOccurrences(of: "took 31 ms", with: "took [..] ms")
      .replacingOccurrences(of: first.id, with: "<UUID-1>")
    try Data(written.utf8).write(to: file)
    #expect(
      verify(Job(id: UUID().uuidString, log: "took 7 ms", status: "done"), record: .never) == nil)
    let failed = verify(
      Job(id: UUID().uuidString, log: "took 7 ms", status: "failed"), record: .all)
    #expect(failed?.contains("status") == true, "\(failed ?? "")")
    let kept = try String(contentsOf: file, encoding: .utf8)
    #expect(kept.contains("\"took [..] ms\"") && kept.contains("\"<UUID-1>\""), "\(kept)")
    #expect(kept.contains("\"failed\""), "\(kept)")
  }

  /// A JSON string that holds pattern syntax is recorded in its literal form, which is JSON
  /// still, and fails once changed.
  @Test func patternSyntaxInAStringValueIsRecordedAsText() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    func verify(_ log: String, record: SnapshotTestingConfiguration.Record = .never) -> String? {
      verifySnapshot(
        of: Job(id: "1", log: log, status: "done"), as: .json, named: "job", record: record,
        snapshotDirectory: folder.path, testName: "literal()")
    }
    _ = verify("slice a[..] of <UUID-1>", record: .all)
    let recorded = try String(contentsOf: folder.file("literal.job.json"), encoding: .utf8)
    #expect(recorded.contains(#""slice a[[..]] of <[[UUID-1]]>""#), "\(recorded)")
    #expect(verify("slice a[..] of <UUID-1>") == nil)
    #expect(verify("slice a[1...3] of <UUID-1>") != nil)
    #expect(verify("slice a[..] of <UUID-2>") != nil)
  }
}

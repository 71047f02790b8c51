import Foundation
import Snapshots
import TestSupport
import Testing

/// Failures reach Swift Testing as issues at the caller's file and line.
@Suite struct ReportingTests {
  @Test func mismatchIsAnIssueAtTheCallersLocation() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data("▿ Point\n  - x: 1\n  - y: 2\n".utf8).write(to: folder.file("point.1.txt"))
    struct Point { var x = 1, y = 3 }
    let line = #line + 2
    withKnownIssue {
      assertSnapshot(
        of: Point(), as: .dump, record: .never, snapshotDirectory: folder.path, testName: "point")
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return issue.sourceLocation?.line == line
        && issue.sourceLocation?.fileName == "ReportingTests.swift"
        && text.contains("@@ -1,3 +1,3 @@\n ▿ Point\n   - x: 1\n-  - y: 2\n+  - y: 3")
    }
  }

  @Test func firstRunRecordsAndFails() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    withKnownIssue {
      assertSnapshot(of: "hello", as: .lines, record: .missing, snapshotDirectory: folder.path)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("Recorded snapshot: ")
    }
    #expect(try folder.text("firstRunRecordsAndFails.1.txt") == "hello")
    withKnownIssue {
      assertSnapshot(
        of: "hello", as: .lines, named: "1", record: .never, snapshotDirectory: folder.path)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("Two different assertions resolve")
    }
  }

  @Test func matchingSnapshotRecordsNoIssue() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data("same".utf8).write(to: folder.file("matchingSnapshotRecordsNoIssue.1.txt"))
    assertSnapshot(of: "same", as: .lines, record: .never, snapshotDirectory: folder.path)
  }
}

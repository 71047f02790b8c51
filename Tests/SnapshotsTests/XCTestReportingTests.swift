import Foundation
import Snapshots
import TestSupport
import XCTest

/// Under XCTest, failures go through `XCTFail` at the caller's line, and references are named
/// after the test method.
final class XCTestReportingTests: XCTestCase {
  private var failures: [(description: String, line: Int)] = []
  private var capturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if capturing {
      failures.append((description, lineNumber))
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  func testFlow() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    capturing = true
    let line = #line + 1
    assertSnapshot(of: "first", as: .lines, record: .missing, snapshotDirectory: folder.path)
    assertSnapshot(of: "second", as: .lines, record: .missing, snapshotDirectory: folder.path)
    assertSnapshot(
      of: "second", as: .lines, named: "2", record: .never, snapshotDirectory: folder.path)
    capturing = false
    // The conflict undid the second recording: neither side is written.
    XCTAssertEqual(try folder.contents(), ["testFlow.1.txt"])
    XCTAssertEqual(failures.map(\.line), [line, line + 1, line + 2])
    XCTAssertTrue(failures.prefix(2).allSatisfy { $0.description.contains("Recorded snapshot: ") })
    // `named: "2"` is the second unnamed snapshot's file.
    let conflict = failures.last?.description ?? ""
    XCTAssertTrue(conflict.contains("Two different assertions resolve to one reference"), conflict)
    XCTAssertTrue(
      conflict.contains(", snapshot 2 (XCTestReportingTests.swift:\(line + 1))\n  ")
        && conflict.contains(", named: \"2\" (XCTestReportingTests.swift:\(line + 2))\n"),
      conflict)
  }

  func testMismatchFailsWithDiff() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data("a\nb\nc\n".utf8).write(to: folder.file("testMismatchFailsWithDiff.1.txt"))
    capturing = true
    assertSnapshot(of: "a\nB\nc\n", as: .lines, record: .never, snapshotDirectory: folder.path)
    capturing = false
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.description.contains("@@ -1,3 +1,3 @@\n a\n-b\n+B\n c") == true)
  }

  /// Each failing variant is its own failure, named after the test method and the variant.
  func testVariants() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let variants = Variants(["size": ["small", "large"]])
    capturing = true
    assertSnapshots(
      of: { "a \($0["size"]!) card" }, as: .lines, across: variants, record: .missing,
      snapshotDirectory: folder.path)
    assertSnapshots(
      of: { $0["size"] == "large" ? "changed" : "a small card" }, as: .lines, across: variants,
      record: .never, snapshotDirectory: folder.path)
    capturing = false
    XCTAssertEqual(
      try folder.contents(), ["testVariants.size=large.txt", "testVariants.size=small.txt"])
    XCTAssertEqual(failures.count, 3, "\(failures)")
    XCTAssertTrue(
      failures.last?.description.contains("[size: large] The snapshot does not match") == true)
  }
}

import Foundation
import Snapshots
import TestSupport
import XCTest

/// Under XCTest, each failing variant is its own `XCTFail` at the call, named after the test
/// method and the variant.
final class VariantXCTests: XCTestCase {
  private var failures: [String] = []
  private var capturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if capturing {
      failures.append(description)
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

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
    XCTAssertTrue(failures[2].contains("[size: large] The snapshot does not match"), failures[2])
  }
}

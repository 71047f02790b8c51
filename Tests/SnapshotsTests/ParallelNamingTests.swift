import Foundation
import Snapshots
import TestSupport
import Testing

/// Swift Testing runs these cases in parallel: 2 suites × 60 cases × 2 unnamed assertions.
///
/// Every case finds exactly its own references, numbered 1 and 2, with its own contents.
enum ParallelNaming {
  static let root = Result { try TemporaryDirectory() }

  static func recordAndCheck(suite: String, index: Int, testName: String = #function) throws {
    let folder = try root.get().url.appendingPathComponent(suite, isDirectory: true)
    let values = ["\(suite) \(index) first", "\(suite) \(index) second"]
    for value in values {
      let message = verifySnapshot(
        of: value, as: .lines, record: .missing, snapshotDirectory: folder.path,
        testName: testName)
      #expect(message?.hasPrefix("Recorded snapshot: ") == true)
    }
    let base = "recordsEachCase-index-\(index)"
    for (offset, value) in values.enumerated() {
      let file = folder.appendingPathComponent("\(base).\(offset + 1).txt")
      #expect(try String(contentsOf: file, encoding: .utf8) == value)
    }
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(base).3.txt").path))
  }
}

@Suite struct ParallelNamingSuiteA {
  @Test(arguments: 0..<60) func recordsEachCase(index: Int) throws {
    try ParallelNaming.recordAndCheck(suite: "A", index: index)
  }
}

@Suite struct ParallelNamingSuiteB {
  @Test(arguments: 0..<60) func recordsEachCase(index: Int) throws {
    try ParallelNaming.recordAndCheck(suite: "B", index: index)
  }
}

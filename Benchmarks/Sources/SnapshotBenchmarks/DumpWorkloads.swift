import Foundation
import SnapshotTesting
import Snapshots

/// `.dump` of 10,000 three-field structs against a matching reference, the whole assertion.
enum DumpWorkloads {
  struct Item {
    var id: Int
    var name: String
    var enabled: Bool
  }

  static func rows() throws -> [Row] {
    let items = (0..<10_000).map { Item(id: $0, name: "item \($0)", enabled: $0 % 2 == 0) }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapshot-benchmarks-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let ours = folder.appendingPathComponent("ours").path
    let theirs = folder.appendingPathComponent("theirs").path
    _ = Snapshots.verifySnapshot(
      of: items, as: .dump, record: .all, snapshotDirectory: ours, testName: "dump")
    _ = SnapshotTesting.verifySnapshot(
      of: items, as: .dump, record: .all, snapshotDirectory: theirs, testName: "dump")
    let oursTime = bestTime(runs: 5) {
      let failure = Snapshots.verifySnapshot(
        of: items, as: .dump, named: "1", record: .never, snapshotDirectory: ours, testName: "dump")
      precondition(failure == nil, failure ?? "")
    }
    let theirsTime = bestTime(runs: 2) {
      let failure = SnapshotTesting.verifySnapshot(
        of: items, as: .dump, named: "1", record: .never, snapshotDirectory: theirs,
        testName: "dump")
      precondition(failure == nil, failure ?? "")
    }
    let sameBytes =
      try Data(contentsOf: URL(fileURLWithPath: ours + "/dump.1.txt"))
      == Data(contentsOf: URL(fileURLWithPath: theirs + "/dump.1.txt"))
    precondition(sameBytes, "the two .dump references differ")
    return [
      Row(
        name: ".dump of 10,000 3-field structs, matching reference", ours: oursTime,
        theirs: theirsTime, target: "≥ 20× faster")
    ]
  }
}

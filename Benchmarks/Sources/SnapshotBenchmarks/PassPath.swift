import Foundation
import SnapshotTesting
import Snapshots

/// A whole assertion against a matching reference, on both toolkits: each records its own
/// reference in a folder of its own, then verifies the value against it.
struct PassPath {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("snapshot-benchmarks-\(UUID().uuidString)")

  var oursFolder: String { folder.appendingPathComponent("ours").path }
  var theirsFolder: String { folder.appendingPathComponent("theirs").path }

  /// The best times of verifying `value`: ours over `runs`, theirs over `theirRuns`.
  func time<Value, OursFormat, TheirsFormat>(
    _ value: Value, ours: Snapshots.Snapshotting<Value, OursFormat>,
    theirs: SnapshotTesting.Snapshotting<Value, TheirsFormat>, runs: Int, theirRuns: Int
  ) -> (ours: Double, theirs: Double) {
    // Named as the timed assertions are: one assertion per reference.
    _ = Snapshots.verifySnapshot(
      of: value, as: ours, named: "1", record: .all, snapshotDirectory: oursFolder,
      testName: "bench")
    _ = SnapshotTesting.verifySnapshot(
      of: value, as: theirs, named: "1", record: .all, snapshotDirectory: theirsFolder,
      testName: "bench")
    let oursTime = bestTime(runs: runs) {
      let failure = Snapshots.verifySnapshot(
        of: value, as: ours, named: "1", record: .never, snapshotDirectory: oursFolder,
        testName: "bench")
      precondition(failure == nil, failure ?? "")
    }
    let theirsTime = bestTime(runs: theirRuns) {
      let failure = SnapshotTesting.verifySnapshot(
        of: value, as: theirs, named: "1", record: .never, snapshotDirectory: theirsFolder,
        testName: "bench")
      precondition(failure == nil, failure ?? "")
    }
    return (oursTime, theirsTime)
  }

  /// The reference each side recorded, to check that they agree.
  func references(_ fileName: String) throws -> (ours: Data, theirs: Data) {
    (
      try Data(contentsOf: URL(fileURLWithPath: oursFolder).appendingPathComponent(fileName)),
      try Data(contentsOf: URL(fileURLWithPath: theirsFolder).appendingPathComponent(fileName))
    )
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

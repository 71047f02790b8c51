import Foundation
import Snapshots

/// A passing assertion on a 1,000-line reference with 100 `[..]` lines, against the same
/// assertion on the reference with those lines written out (bytes equal: the fast path), and a
/// failing one (one other line changed), where the patterns are kept for recording.
enum PatternWorkloads {
  static func rows() throws -> [Row] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("swift-snapshots-patterns-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var actual: [String] = []
    var patterned: [String] = []
    for index in 0..<1_000 {
      let timed = index % 10 == 0
      actual.append(
        timed
          ? "  - took: \(index * 7) ms for item \(index)" : "  - field\(index): \"value \(index)\"")
      patterned.append(timed ? "  - took: [..] ms for item \(index)" : actual[index])
    }
    let text = actual.joined(separator: "\n")
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/patterns.plain.txt"))
    try Data(patterned.joined(separator: "\n").utf8)
      .write(to: URL(fileURLWithPath: folder + "/patterns.patterned.txt"))
    func time(_ name: String, _ value: String, expecting passes: Bool) -> Double {
      bestTime(runs: 7) {
        for _ in 0..<50 {
          let message = verifySnapshot(
            of: value, as: .lines, named: name, record: .never, snapshotDirectory: folder,
            testName: "patterns()")
          precondition((message == nil) == passes, message ?? "passed")
        }
      } / 50
    }
    let plain = time("plain", text, expecting: true)
    let patterns = time("patterned", text, expecting: true)
    let changed = text.replacingOccurrences(of: "value 501", with: "value 5010")
    let failing = time("patterned", changed, expecting: false)
    let failingPlain = time("plain", changed, expecting: false)
    return [
      Row(
        name: "passing assertion, 1,000-line reference with 100 `[..]` lines", ours: patterns,
        baseline: plain, baselineName: "the same reference written out", target: "≤ 2× of it"),
      Row(
        name: "failing assertion on it (one other line changed), patterns kept", ours: failing,
        baseline: failingPlain, baselineName: "the same failure without patterns",
        target: "report"),
    ]
  }
}

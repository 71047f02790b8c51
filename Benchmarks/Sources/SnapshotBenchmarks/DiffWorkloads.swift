import SnapshotTesting
import Snapshots

/// Line diffs of texts with three changed lines, through each toolkit's public `.lines` diffing.
enum DiffWorkloads {
  static func compare(_ name: String, _ lines: [String], target: String, runTheirs: Bool) -> Row {
    let old = Texts.joined(lines)
    let new = Texts.joined(Texts.withThreeChanges(lines))
    let ours = Snapshots.Diffing<String>.lines
    let theirs = SnapshotTesting.Diffing<String>.lines
    precondition(ours.diff(old, new) != nil)
    let oursTime = bestTime(runs: 5) { _ = ours.diff(old, new) }
    let theirsTime = runTheirs ? bestTime(runs: 1) { _ = theirs.diffV2(old, new) } : nil
    return Row(name: name, ours: oursTime, theirs: theirsTime, target: target)
  }

  static func rows(full: Bool) -> [Row] {
    let workloads: [(name: String, lines: [String], target: String, runTheirs: Bool)] = [
      (
        "line diff, dump-shaped, 3 changes, 4,002 lines", Texts.dumpShaped(lines: 4_002),
        "≥ 2,000× faster", true
      ),
      ("line diff, dump-shaped, 1,000 lines", Texts.dumpShaped(lines: 1_000), "near-linear", true),
      (
        "line diff, dump-shaped, 10,000 lines", Texts.dumpShaped(lines: 10_000), "near-linear", full
      ),
      (
        "line diff, dump-shaped, 100,001 lines", Texts.dumpShaped(lines: 100_001), "≤ 50 ms", false
      ),
      (
        "line diff, 50,000 unique lines, 3 changes", Texts.unique(lines: 50_000), "≥ 5× faster",
        true
      ),
    ]
    return workloads.map { compare($0.name, $0.lines, target: $0.target, runTheirs: $0.runTheirs) }
  }
}

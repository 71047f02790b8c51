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

  static func items() -> [Item] {
    (0..<10_000).map { Item(id: $0, name: "item \($0)", enabled: $0 % 2 == 0) }
  }

  static func rows() throws -> [Row] {
    let items = items()
    let pass = PassPath()
    defer { pass.remove() }
    let times = pass.time(items, ours: .dump, theirs: .dump, runs: 9, theirRuns: 3)
    let references = try pass.references("bench.1.txt")
    precondition(references.ours == references.theirs, "the two .dump references differ")
    return [
      Row(
        name: ".dump of 10,000 3-field structs, matching reference", ours: times.ours,
        theirs: times.theirs, target: "≥ 20× faster")
    ]
  }
}

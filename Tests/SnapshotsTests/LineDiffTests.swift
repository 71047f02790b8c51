import TestSupport
import Testing

@_spi(Tooling) @testable import Snapshots

/// The line diff is correct (the unchanged lines are common to both texts) and minimal (as many
/// as the longest common subsequence) on many random inputs.
@Suite struct LineDiffTests {
  func longestCommonSubsequence(_ a: [Int], _ b: [Int]) -> Int {
    var row = Array(repeating: 0, count: b.count + 1)
    for x in a {
      var diagonal = 0
      for (j, y) in b.enumerated() {
        let above = row[j + 1]
        row[j + 1] = x == y ? diagonal + 1 : max(row[j + 1], row[j])
        diagonal = above
      }
    }
    return row[b.count]
  }

  @Test func isCorrectAndMinimalOnRandomInputs() {
    var generator = SplitMix(seed: 42)
    for _ in 0..<2_000 {
      let alphabet = Int.random(in: 1...6, using: &generator)
      let old = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
        Int.random(in: 0..<alphabet, using: &generator)
      }
      let new = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
        Int.random(in: 0..<alphabet, using: &generator)
      }
      let diff = LineDiff(old: old, new: new)
      let keptOld = old.indices.filter { !diff.deleted[$0] }.map { old[$0] }
      let keptNew = new.indices.filter { !diff.inserted[$0] }.map { new[$0] }
      #expect(keptOld == keptNew, "old \(old) new \(new)")
      #expect(keptOld.count == longestCommonSubsequence(old, new), "old \(old) new \(new)")
    }
  }

  @Test func findsTheChangesInALargeRepetitiveText() {
    let old = (0..<100_000).map { index in index % 4 == 0 ? "▿ Item" : "  - field: \(index % 4)" }
    var new = old
    new[10] = "changed"
    new.insert("inserted", at: 50_000)
    new.remove(at: 99_000)
    let diff = LineDiff(old: old, new: new)
    #expect(diff.deleted.filter { $0 }.count == 2)
    #expect(diff.inserted.filter { $0 }.count == 2)
  }

  @Test func costLimitStillGivesACorrectDiff() {
    var generator = SplitMix(seed: 7)
    let old = (0..<6_000).map { _ in Int.random(in: 0..<50, using: &generator) }
    let new = (0..<6_000).map { _ in Int.random(in: 0..<50, using: &generator) }
    let diff = LineDiff(old: old, new: new)
    let keptOld = old.indices.filter { !diff.deleted[$0] }.map { old[$0] }
    let keptNew = new.indices.filter { !diff.inserted[$0] }.map { new[$0] }
    #expect(keptOld == keptNew)
  }
}

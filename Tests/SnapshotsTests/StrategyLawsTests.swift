import Foundation
import Snapshots
import SnapshotsStrategyLaws
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The law check on the core's strategies, and on two broken ones it must catch.
@Suite struct StrategyLawsTests {
  struct Item: Encodable { var id: Int; var name: String }
  enum Direction: CaseIterable { case up, down }

  @Test func theCoreStrategiesKeepTheLaws() async {
    await assertStrategyLaws(.lines, samples: ["a\nb", "a\nc\n", "", "ünï\r\ncode"])
    let items = [Item(id: 1, name: "a"), Item(id: 2, name: "b\nc")]
    await assertStrategyLaws(.dump, samples: items)
    await assertStrategyLaws(.description, samples: [1, 2, -3])
    await assertStrategyLaws(.plist, samples: items)
    await assertStrategyLaws(.wait(for: 0.01, on: .lines), samples: ["x", "y"])
    var post = URLRequest(url: URL(string: "https://example.com/a?b=2&a=1")!)
    post.httpMethod = "POST"
    post.httpBody = Data(#"{"b":1,"a":[true]}"#.utf8)
    post.setValue("application/json", forHTTPHeaderField: "Content-Type")
    let get = URLRequest(url: URL(string: "https://example.com/")!)
    for strategy in [Snapshotting<URLRequest, String>.raw, .raw(pretty: true), .curl] {
      await assertStrategyLaws(strategy, samples: [post, get])
    }
    let functions: [(Direction) -> Int] = [{ $0 == .up ? 1 : 0 }, { _ in 2 }]
    await assertStrategyLaws(
      Snapshotting<Direction, String>.func(into: .description), samples: functions)
  }

  /// A strategy's own changes for `--sensitivity` are held to its comparison: one that the
  /// comparison lets pass is a broken law, with why.
  @Test func aChangeTheComparisonLetsPassIsCaught() async {
    var caseless = Snapshotting<String, String>.lines
    caseless.diffing.diff = {
      $0.lowercased() == $1.lowercased() ? nil : SnapshotDifference("differs")
    }
    caseless.changes = { text in
      [
        SnapshotChange("added", text + "!"),
        SnapshotChange("in capitals", text.uppercased(), ifUncaught: "case is not compared"),
      ]
    }
    let violations = await strategyLawViolations(caseless, samples: ["a", "b"])
    #expect(
      violations.sorted() == [
        "diff finds sample 0 and its change \"in capitals\" equal: --sensitivity would report it (case is not compared)",
        "diff finds sample 1 and its change \"in capitals\" equal: --sensitivity would report it (case is not compared)",
      ], "\(violations)")
  }

  /// `.data` names no extension (its references are named as swift-snapshot-testing names
  /// them), and the check says so and nothing else.
  @Test func dataHasNoExtension() async {
    let violations = await strategyLawViolations(
      .data, samples: [Data([0, 1, 2]), Data(), Data("text".utf8)])
    #expect(violations == ["its pathExtension is not set, so its references have no extension"])
  }

  /// A `fromData` that keeps the first line only: a reference recorded from it fails at once.
  @Test func aLossyFromDataIsCaught() async {
    var strategy = Snapshotting<String, String>.lines
    strategy.diffing.fromData = { String(decoding: $0, as: UTF8.self).prefix { $0 != "\n" } + "" }
    let violations = await strategyLawViolations(strategy, samples: ["one\ntwo", "three"])
    #expect(
      violations == [
        "fromData loses information: toData(fromData(toData(x))) is not toData(x) for sample 0 (they part at byte 3 of 7 and 3)",
        "diff finds sample 0 read back from its own bytes different: @@ -1,2 +1 @@",
      ])
  }

  /// A `diff` that finds every pair different: nothing would ever pass.
  @Test func aDiffThatNeverMatchesIsCaught() async {
    var strategy = Snapshotting<String, String>.lines
    strategy.diffing.diff = { _, _ in SnapshotDifference("different") }
    let violations = await strategyLawViolations(strategy, samples: ["a", "b"])
    #expect(
      violations == [
        "diff(x, x) is not nil for sample 0: different",
        "diff finds sample 0 read back from its own bytes different: different",
        "diff(x, x) is not nil for sample 1: different",
        "diff finds sample 1 read back from its own bytes different: different",
      ])
  }

  @Test func theOtherLawsAndTheirMessages() async {
    var silent = Snapshotting<String, String>.lines
    silent.diffing.diff = { reference, actual in reference == actual ? nil : .init(" \n") }
    #expect(
      await strategyLawViolations(silent, samples: ["a", "b"])
        == ["diff of samples 0 and 1 has an empty message"])
    var blind = Snapshotting<String, String>.lines
    blind.diffing.diff = { _, _ in nil }
    #expect(
      await strategyLawViolations(blind, samples: ["a", "b"])
        == ["diff finds samples 0 and 1 equal, though their bytes differ"])
    #expect(
      await strategyLawViolations(.lines, samples: ["same", "same"])
        == ["samples 0 and 1 snapshot to the same bytes: give samples that differ"])
    #expect(
      await strategyLawViolations(.lines, samples: ["alone"])
        == ["give at least two samples that snapshot differently"])
    let counter = Counter()
    let clock = Snapshotting<String, String>.lines.pullback { (value: String) in
      "\(value) \(counter.next())"
    }
    #expect(
      await strategyLawViolations(clock, samples: ["a", "b"]) == [
        "sample 0 snapshots to other bytes the second time (they part at byte 2 of 3 and 3)",
        "sample 1 snapshots to other bytes the second time (they part at byte 2 of 3 and 3)",
      ])
  }

  /// The assertion fails the test once per law broken, naming it.
  @Test func theAssertionFailsTheTest() async {
    var strategy = Snapshotting<String, String>.lines
    strategy.pathExtension = nil
    await withKnownIssue {
      await assertStrategyLaws(strategy, samples: ["a", "b"])
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Strategy law broken: its pathExtension is not set, so its references have no extension"
      ]
    }
  }

  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
      lock.withLock {
        count += 1; return count
      }
    }
  }
}

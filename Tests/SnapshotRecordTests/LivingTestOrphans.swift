import Foundation
import TestSupport
import Testing

/// A test that still exists but no longer makes some of its references (a loop cut from 10 to
/// 5): `snapshot-record` lists the leftovers as orphans and `--prune` deletes exactly them, in
/// Swift Testing and XCTest; a test that was skipped, stopped by a known issue or stopped by a
/// failure, or a filtered run, lists none.
struct LivingTestOrphans {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/LoopTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/LoopTests"

  /// The tests, making `loop` references in each loop; `skipped` disabled; `stop` true makes
  /// `known` throw inside `withKnownIssue` after its fifth; `failing` adds a test that fails a
  /// `#require` halfway.
  static func source(loop: Int, skipped: Bool = false, stop: Bool = false, failing: Bool = false)
    -> String
  {
    """
    import Snapshots
    import Testing
    import XCTest

    struct Stop: Error {}

    @Test func loop() {
      for index in 0..<\(loop) { assertSnapshot(of: index, as: .description, named: "item\\(index)") }
    }

    @Test(.enabled(if: \(!skipped))) func skipped() {
      for index in 0..<\(loop) { assertSnapshot(of: index, as: .description, named: "s\\(index)") }
    }

    @Test func known() {
      withKnownIssue(isIntermittent: true) {
        for index in 0..<10 {
          assertSnapshot(of: index, as: .description, named: "k\\(index)")
          if \(stop) && index == 4 { throw Stop() }
        }
      }
    }

    final class LoopXCTests: XCTestCase {
      func testLoop() {
        for index in 0..<\(loop) { assertSnapshot(of: index, as: .description, named: "x\\(index)") }
      }
    }
    \(failing ? """
      @Test func failing() throws {
        for index in 0..<\(loop) {
          if index == 3 { try #require(Bool(false)) }
          assertSnapshot(of: index, as: .description, named: "f\\(index)")
        }
      }
      """ : "")
    """
  }

  /// The lines that list or delete orphans of this file's tests.
  static func orphanLines(_ output: String) -> [Substring] {
    TestNamingForms.orphanLines(output).filter { $0.contains("/LoopTests/") }
  }

  func references() throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      atPath: package.folder.url.appendingPathComponent(Self.folder).path
    ).sorted()
  }

  func run() throws {
    try package.write(Self.test, Self.source(loop: 10))
    defer {
      for path in [Self.test, Self.folder] { try? package.remove(path) }
    }
    let recorded = try package.snapshotRecord()
    #expect(recorded.status == 0, "\(recorded.output)")
    let all = try references()
    #expect(all.count == 40, "\(all)")

    // Cut to 5: `skipped` is skipped and `known` stopped early, so only the two loops tell.
    try package.write(Self.test, Self.source(loop: 5, skipped: true, stop: true))
    let leftovers =
      (5..<10).map { "\(Self.folder)/loop.item\($0).txt" }
      + (5..<10).map { "\(Self.folder)/testLoop.x\($0).txt" }
    let listed = try package.snapshotRecord()
    #expect(listed.status == 0, "\(listed.output)")
    #expect(
      Self.orphanLines(listed.output)
        == leftovers.sorted().map { "Orphan (its test ran and no longer makes it): \($0)"[...] },
      "\(listed.output)")

    // Nothing is listed by a filtered run, nor by one in which a test failed before its end.
    let filtered = try package.snapshotRecord("--filter", "loop")
    #expect(Self.orphanLines(filtered.output) == [], "\(filtered.output)")
    try package.write(Self.test, Self.source(loop: 5, skipped: true, stop: true, failing: true))
    let failed = try package.snapshotRecord()
    #expect(failed.status != 0, "\(failed.output)")
    #expect(Self.orphanLines(failed.output) == [], "\(failed.output)")
    try package.write(Self.test, Self.source(loop: 5, skipped: true, stop: true))
    for index in 0..<3 { try? package.remove(Self.folder + "/failing.f\(index).txt") }

    let pruned = try package.snapshotRecord("--prune")
    #expect(pruned.status == 0, "\(pruned.output)")
    #expect(
      pruned.output.contains(
        "Deleting 10 orphaned snapshots (their tests ran and no longer make them):\n"
          + leftovers.sorted().map { "  \($0)\n" }.joined()), "\(pruned.output)")
    let kept = Set(all).subtracting(leftovers.map { ($0 as NSString).lastPathComponent })
    #expect(try references() == kept.sorted())
  }
}

import Foundation
import TestSupport
import Testing

/// One snapshot per fixture file, as a user keeps them: 200 files in nested folders with spaces
/// and non-ASCII names become 200 Swift Testing cases (and an XCTest loop over some of them),
/// recorded by `snapshot-record` and passing; renaming one leaves exactly one orphan, which
/// `--prune` deletes.
struct FixtureFiles {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/FixtureTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/FixtureTests"

  /// Fixture `index`'s path under `Tests/Fixtures`.
  static func path(_ index: Int) -> String {
    let group = ["plain", "with space", "ünïcödé", "深い/nested deeper"][index % 4]
    return "\(group)/case \(index).txt"
  }

  func run() throws {
    for index in 0..<200 {
      try package.write("Tests/Fixtures/" + Self.path(index), "fixture \(index)\n")
    }
    try package.write(
      Self.test,
      """
      import Snapshots
      import SnapshotsFixtures
      import Testing
      import XCTest

      @Test(arguments: try fixtures(in: "../Fixtures", matching: "**/*.txt"))
      func render(_ fixture: Fixture) throws {
        assertSnapshot(of: try fixture.text(), as: .lines)
      }

      final class FixtureLoopTests: XCTestCase {
        func testShout() throws {
          try forEachFixture(in: "../Fixtures", matching: "plain/*.txt") { fixture in
            assertSnapshot(of: try fixture.text().uppercased(), as: .lines)
          }
        }
      }

      """)
    defer {
      for path in [Self.test, Self.folder, "Tests/Fixtures"] { try? package.remove(path) }
    }
    let record = try package.snapshotRecord()
    #expect(record.status == 0, "\(record.output)")
    #expect(record.output.contains("Recorded 250 file snapshots"), "\(record.output)")
    let references = try FileManager.default.contentsOfDirectory(
      atPath: package.folder.url.appendingPathComponent(Self.folder).path)
    #expect(references.filter { $0.hasPrefix("render-") }.count == 200)
    #expect(references.filter { $0.hasPrefix("testShout-") }.count == 50)
    #expect(
      references.contains { $0.hasPrefix("render-_-ünïcödé-case-2-txt-") }, "\(references.sorted())"
    )

    let test = try package.swift(["test", "--filter", "render|FixtureLoopTests"])
    #expect(test.status == 0, "\(test.output)")
    #expect(test.output.contains("Test render(_:) with 200 test cases passed"), "\(test.output)")

    // Renamed: the new name records, the old one's reference is the one orphan.
    let fixtures = package.folder.url.appendingPathComponent("Tests/Fixtures/")
    try FileManager.default.moveItem(
      at: fixtures.appendingPathComponent(Self.path(5)),
      to: fixtures.appendingPathComponent("with space/renamed 5.txt"))
    let renamed = try package.snapshotRecord()
    #expect(renamed.status == 0, "\(renamed.output)")
    #expect(renamed.output.contains("Recorded 1 file snapshot"), "\(renamed.output)")
    // The new case, named by its path in the test log.
    #expect(
      renamed.output.contains("with 1 argument fixture → with space/renamed 5.txt"),
      "\(renamed.output)")
    let orphans = renamed.output.split(separator: "\n").filter {
      $0.hasPrefix("Orphan") && $0.contains("/FixtureTests/")
    }
    #expect(orphans.count == 1, "\(orphans)\n\(renamed.output)")
    #expect(orphans.first?.contains("render-_-with-space-case-5-txt-") == true, "\(renamed.output)")
    let pruned = try package.snapshotRecord("--prune")
    #expect(pruned.status == 0, "\(pruned.output)")
    let left = try FileManager.default.contentsOfDirectory(
      atPath: package.folder.url.appendingPathComponent(Self.folder).path)
    #expect(left.count == 250 && !left.contains { $0.hasPrefix("render-_-with-space-case-5-txt-") })
  }
}

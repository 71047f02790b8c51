// swift-format-ignore-file
// (The imports stand in the order the migration writes them.)
import Foundation
import Snapshots
import SnapshotsCompatibility
import InlineSnapshots
import XCTest

// What `snapshot-record --migrate` makes of module-qualified uses of each name
// `SnapshotsCompatibility` declares: `MigrationTests.qualifiedUsesOfMovedNamesCompile` migrates
// swift-snapshot-testing's spelling and expects this file, which the test target compiles.

@available(*, deprecated)
func migratedQualifiedUses() {
  SnapshotsCompatibility.record = SnapshotsCompatibility.isRecording
  let tool = SnapshotsCompatibility.diffTool
  SnapshotsCompatibility.diffTool = tool
  let _: SnapshotsCompatibility.SnapshotTestCase.Type = XCTestCase.self
  SnapshotsCompatibility.assertSnapshot(of: 1, as: .dump, record: false)
  SnapshotsCompatibility.assertSnapshots(of: 1, as: [.dump], record: false)
  _ = SnapshotsCompatibility.verifySnapshot(of: 1, as: .dump, record: false)
  SnapshotsCompatibility._assertInlineSnapshot(matching: "a", as: .lines, with: "a")
  _ = SnapshotsCompatibility._verifyInlineSnapshot(matching: "a", as: .lines, with: "a")
  let _: SnapshotsCompatibility.DiffAttachment = .data(Data(), name: "a")
  #if os(Linux)
    _ = SnapshotsCompatibility.XCTAttachment(data: Data())
  #endif
  let syntax = SnapshotsCompatibility.InlineSnapshotSyntaxDescriptor(trailingClosureOffset: 0)
  SnapshotsCompatibility.assertInlineSnapshot(of: 1, as: .dump, syntaxDescriptor: syntax)
}

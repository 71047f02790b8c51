import InlineSnapshotTesting
import SnapshotTesting
import Testing

@Suite(.snapshots(record: .missing, diffTool: .ksdiff))
struct LegacySwiftTestingTests {
  @Test func dictionary() {
    assertSnapshot(of: ["b": 2, "a": 1], as: .dump)
  }

  @Test func inline() {
    assertInlineSnapshot(of: [1, 2], as: .dump)
  }
}

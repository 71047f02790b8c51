import InlineSnapshots
import SnapshotsCustomDump
import SnapshotsStrategyLaws
import Testing

/// `.customDump` prints what swift-custom-dump prints, in file and inline snapshots.
@Suite struct CustomDumpTests {
  struct User {
    var id: Int
    var tags: Set<String>
  }

  @Test func printsSwiftSyntaxWithSortedSets() {
    assertInlineSnapshot(of: User(id: 1, tags: ["b", "a"]), as: .customDump) {
      """
      CustomDumpTests.User(
        id: 1,
        tags: Set([
          "a",
          "b"
        ])
      )
      """
    }
  }
}

extension CustomDumpTests {
  @Test func customDumpKeepsTheStrategyLaws() async {
    await assertStrategyLaws(
      .customDump, samples: [User(id: 1, tags: ["b", "a"]), User(id: 2, tags: [])])
  }
}

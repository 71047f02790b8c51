import Snapshots
import Testing

/// `.dump` writes what swift-snapshot-testing 1.19.7 wrote for the same values: the references
/// here were recorded by it (`Scripts/record-dump-fixtures`) and are only ever compared.
@Suite struct DumpCompatibilityTests {
  @Test func swiftSnapshotTestingReferences() {
    for (name, value) in dumpFixtures() {
      assertSnapshot(of: value, as: .dump, named: name, record: .never)
    }
  }
}

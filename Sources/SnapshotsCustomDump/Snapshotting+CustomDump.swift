import CustomDump
import Snapshots

extension Snapshotting where Format == String {
  /// The value as swift-custom-dump prints it (`customDump`): Swift syntax, sorted
  /// dictionaries and sets, compared line by line.
  ///
  /// ```swift
  /// assertSnapshot(of: user, as: .customDump)
  /// ```
  ///
  /// Records `User(\n  id: 1,\n  name: "Ann"\n)` into `<test>.1.txt`; references recorded by
  /// swift-snapshot-testing's `SnapshotTestingCustomDump` pass unchanged.
  public static var customDump: Snapshotting {
    Snapshotting<String, String>.lines.pullback { String(customDumping: $0) }
  }
}

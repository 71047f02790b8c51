extension Snapshotting where Format == String {
  /// A deterministic, Mirror-based dump of any value, in a `.txt` file.
  ///
  /// Dictionary entries, set members and struct and class fields are sorted, pointer addresses are
  /// removed and dates are written in UTC, so the text is the same on every run. The output is
  /// byte for byte what swift-snapshot-testing writes for `.dump`: its references keep passing.
  /// Types can choose their own line through ``AnySnapshotStringConvertible``.
  ///
  /// ```swift
  /// assertSnapshot(of: user, as: .dump)
  /// ```
  ///
  /// Records:
  ///
  /// ```
  /// ▿ User
  ///   - bio: "Blobbed around the world."
  ///   - id: 1
  ///   - name: "Blobby"
  /// ```
  public static var dump: Snapshotting {
    // Made directly, not as a pullback of `.lines`: every assertion gets a new strategy, and a
    // pullback composes its closures with `.lines`' own.
    Snapshotting(pathExtension: "txt", diffing: .lines) { Dump.text(of: $0) }
  }
}

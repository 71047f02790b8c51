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
    SimplySnapshotting.lines.pullback { Dump.text(of: $0) }
  }
}

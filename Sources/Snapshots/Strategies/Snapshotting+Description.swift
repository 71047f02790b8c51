extension Snapshotting where Format == String {
  /// The value's `String(describing:)`, in a `.txt` file.
  ///
  /// ```swift
  /// assertSnapshot(of: user, as: .description)
  /// ```
  ///
  /// Records:
  ///
  /// ```
  /// User(id: 1, name: "Blob")
  /// ```
  public static var description: Snapshotting {
    SimplySnapshotting.lines.pullback { String(describing: $0) }
  }
}

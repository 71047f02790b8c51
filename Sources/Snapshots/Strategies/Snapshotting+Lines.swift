extension Snapshotting where Value == String, Format == String {
  /// Text as it is, in a `.txt` file.
  ///
  /// ```swift
  /// assertSnapshot(of: report.render(), as: .lines)
  /// ```
  public static var lines: Snapshotting {
    Snapshotting(pathExtension: "txt", diffing: .lines)
  }
}

extension Snapshotting where Value == String, Format == String {
  /// Text as it is, in a `.txt` file.
  ///
  /// ```swift
  /// assertSnapshot(of: report.render(), as: .lines)
  /// ```
  public static var lines: Snapshotting { textLines }
}

/// `.lines`, made once.
///
/// Every `.lines`, `.dump` and `.description` assertion starts from it, and building its
/// closures anew each time showed in a debug build. Never mutated, and its closures capture
/// nothing: safe to share between threads.
nonisolated(unsafe) private let textLines = Snapshotting<String, String>(
  pathExtension: "txt", diffing: .lines)

import Foundation

extension Diffing where Value == Data {
  /// Bytes compared exactly, failing with the sizes, the first differing offset and a diff of
  /// the hex dumps.
  public static var bytes: Diffing {
    Diffing(
      toData: { $0 },
      fromData: { $0 },
      diff: { reference, actual in
        guard reference != actual else { return nil }
        let firstDifference = firstDifferingOffset(reference, actual)
        let summary =
          "Expected \(reference.count) bytes, got \(actual.count) bytes; "
          + "first difference at byte offset \(firstDifference)."
        let hexDiff = UnifiedDiff(colored: Terminal.showsColor)
          .text(old: HexDump.lines(of: reference), new: HexDump.lines(of: actual))
        return SnapshotDifference([summary, hexDiff].compactMap { $0 }.joined(separator: "\n\n"))
      }
    )
  }
}

extension Snapshotting where Value == Data, Format == Data {
  /// Raw bytes, stored as they are in a file with no extension.
  ///
  /// ```swift
  /// assertSnapshot(of: archive.serialized(), as: .data)
  /// ```
  ///
  /// A failure shows where the bytes first differ and a diff of their hex dumps:
  ///
  /// ```
  /// Expected 14 bytes, got 14 bytes; first difference at byte offset 7.
  ///
  /// @@ -1 +1 @@
  /// -00000000  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a        |Hello, world!.|
  /// +00000000  48 65 6c 6c 6f 2c 20 57  6f 72 6c 64 21 0a        |Hello, World!.|
  /// ```
  public static var data: Snapshotting {
    Snapshotting(pathExtension: nil, diffing: .bytes)
  }
}

/// Where two byte strings first differ: the offset of the first unequal byte, or the shorter
/// one's length when it begins the other.
package func firstDifferingOffset(_ first: Data, _ second: Data) -> Int {
  zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    ?? min(first.count, second.count)
}

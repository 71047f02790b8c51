import Foundation

extension Diffing where Value == String {
  /// Text stored as UTF-8 and compared line by line, failing with a unified diff.
  ///
  /// A reference that is not valid UTF-8 fails with the byte offset of the first bad byte.
  public static var lines: Diffing {
    var diffing = Diffing(
      toData: { Data($0.utf8) },
      fromData: { try UTF8Text.decode($0) },
      diff: { reference, actual in
        guard reference != actual else { return nil }
        if let endings = LineEndings.difference(reference: reference, actual: actual) {
          return SnapshotDifference(endings)
        }
        let diff =
          UnifiedDiff(colored: Terminal.showsColor).text(old: reference, new: actual)
          ?? "The texts differ only in their Unicode normalisation."
        return SnapshotDifference(diff)
      }
    )
    diffing.matchesRecording = UTF8Text.isEncoding
    return diffing
  }
}

import Foundation

extension Diffing where Value == String {
  /// Text stored as UTF-8 and compared line by line, failing with a unified diff.
  ///
  /// A reference that is not valid UTF-8 fails with the byte offset of the first bad byte.
  public static var lines: Diffing { textLineDiffing }
}

/// `.lines`, made once.
///
/// Every text strategy starts from it. Never mutated, and its closures capture nothing: safe to
/// share between threads.
nonisolated(unsafe) private let textLineDiffing: Diffing<String> = {
  var diffing = Diffing<String>(
    toData: { Data($0.utf8) },
    fromData: { try UTF8Text.decode($0) },
    diff: { reference, actual in
      UnifiedDiff.report(reference: reference, actual: actual, colored: Terminal.showsColor).map {
        SnapshotDifference($0.map(\.text).joined(separator: "\n"))
      }
    }
  )
  diffing.matchesRecording = UTF8Text.isEncoding
  return diffing
}()

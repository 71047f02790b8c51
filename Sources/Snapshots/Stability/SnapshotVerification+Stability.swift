import Foundation

/// Under `snapshot-record --stability`, each assertion logs the value its reference would hold
/// (``StabilityLog``), whether it matched or not, for the tool to compare across runs.
extension SnapshotVerification {
  /// Logs `held`, the bytes the reference holds (a match) or would hold (a difference), of a
  /// captured value; a failure when the log cannot be written, so that a lost value never
  /// reads as a stable one.
  func noted(
    _ held: Data?, of captured: Format?, _ prepared: Prepared, matched: Bool = false
  ) -> SnapshotResult? {
    guard let log = StabilityLog.log, let held, captured != nil else { return nil }
    do {
      try StabilityLog.append(
        held, isReference: matched, reference: prepared.referencePath, source: place.source,
        test: place.testName,
        unfiltered: prepared.settings.filters.isEmpty ? nil : Self.text(captured), to: log)
      return nil
    } catch {
      return .failed(.notWritten, "The stability check's value was not written: \(error)")
    }
  }
}

import Foundation

/// Under `snapshot-record --sensitivity`, each assertion whose value matched its reference tries
/// the changes its strategy names (``SensitivityCheck``), judged as the assertion judges its
/// value, and logs those the comparison did not catch.
extension SnapshotVerification {
  /// Compares; under `snapshot-record --sensitivity`, a value that matched is then changed as
  /// its strategy says and each change judged again (``SensitivityCheck``).
  func checked(_ actual: Format?, _ prepared: Prepared) -> SnapshotResult {
    let result = compare(actual, prepared)
    if let log = SensitivityCheck.log, case .matched = result, let actual {
      do {
        try probe(actual, prepared, log: log)
      } catch let failure as PreparationFailure {
        return failure.result
      } catch {
        // A report that cannot be written (a full disk) must not read as a snapshot that can
        // fail: the assertion fails, and the check says tests failed.
        return .failed(.notWritten, "The sensitivity check's report was not written: \(error)")
      }
    }
    return result
  }

  private func probe(_ captured: Format, _ prepared: Prepared, log: String) throws {
    let text = Self.text(captured)
    let changes =
      strategy.changes?(captured)
      ?? text.map { SnapshotChange.lines(of: $0).compactMap(Self.format) } ?? []
    // Read once for every change: the reference the value just matched.
    let data: Data?
    switch referenceData(prepared) {
    case .success(let read): data = read
    case .failure(let failure): throw failure
    }
    let reference = data.flatMap { String(data: $0, encoding: .utf8) }
    var passed: [SensitivityCheck.Passed] = []
    for change in changes {
      guard case .matched = judge(change.value, prepared.withNumbersCopied, reference: data)
      else { continue }
      var why = change.ifUncaught ?? "the comparison does not tell it from the reference"
      if let text, let changed = Self.text(change.value) {
        why = SensitivityCheck.reason(
          SnapshotChange(change.name, changed, ifUncaught: change.ifUncaught), original: text,
          filters: prepared.settings.filters, packageRoot: packageRoot, reference: reference)
      }
      passed.append(.init(change: change.name, reason: why))
    }
    let (file, line) = place.source
    try SensitivityCheck.append(
      .init(
        reference: prepared.referencePath, sourceFile: file, line: Int(line), tried: changes.count,
        passed: passed,
        unchecked: strategy.changes == nil && text == nil),
      to: log)
  }
}

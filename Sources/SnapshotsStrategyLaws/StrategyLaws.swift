import Foundation
@_spi(Tooling) import Snapshots

/// Fails the running test once for each law `strategy` breaks on `samples`: the checks a
/// strategy's author runs beside its tests, because a strategy that breaks one records
/// references that never pass, or passes what it should fail.
///
/// ```swift
/// @Test func pointsKeepTheLaws() async {
///   await assertStrategyLaws(.points, samples: [[Point(x: 1, y: 2)], []])
/// }
/// ```
///
/// Give at least two samples that snapshot differently. The laws are listed at
/// ``strategyLawViolations(_:samples:)``.
public func assertStrategyLaws<Value, Format>(
  _ strategy: Snapshotting<Value, Format>,
  samples: [Value],
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async {
  for violation in await strategyLawViolations(strategy, samples: samples) {
    reportSnapshotFailure(
      "Strategy law broken: \(violation)", fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

/// Every law `strategy` breaks on `samples`, one sentence each; empty when it keeps them all.
///
/// - It names a file extension (references are found by it).
/// - Snapshotting the same sample twice writes the same bytes (else every run fails).
/// - `fromData` reads what `toData` wrote, and writing what it read gives the same bytes
///   (else a recorded reference loses what the value had), and `diff` finds the value read
///   back equal to the one written (else a reference fails right after it is recorded).
/// - `diff(x, x)` is `nil`.
/// - Two samples whose bytes differ are different to `diff`, with a message that is not empty
///   (else a changed value passes, or fails saying nothing).
/// - `toDataReplacing`, when set, writes a value over its own reference unchanged.
/// - Each change the strategy defines (`Snapshotting.changes`) is different to `diff` from
///   the value it changes (else `snapshot-record --sensitivity` finds its references blind),
///   unless the strategy undid it (its bytes are the value's: a redaction).
public func strategyLawViolations<Value, Format>(
  _ strategy: Snapshotting<Value, Format>, samples: [Value]
) async -> [String] {
  var violations: [String] = []
  if (strategy.pathExtension ?? "").isEmpty {
    violations.append("its pathExtension is not set, so its references have no extension")
  }
  // Each sample's snapshot and bytes, where they could be made.
  var snapshots: [(index: Int, format: Format, data: Data)] = []
  for (index, sample) in samples.enumerated() {
    let name = "sample \(index)"
    do {
      let format = try await strategy.snapshot(sample).value()
      let data = try strategy.diffing.toData(format)
      let again = try strategy.diffing.toData(try await strategy.snapshot(sample).value())
      if again != data {
        violations.append(
          "\(name) snapshots to other bytes the second time (\(firstDifference(data, again)))")
      }
      snapshots.append((index, format, data))
      try checkValue(format, data, strategy, name, &violations)
    } catch {
      violations.append("\(name) could not be snapshotted or written: \(error)")
    }
  }
  if samples.count < 2 {
    violations.append("give at least two samples that snapshot differently")
  }
  for (offset, first) in snapshots.enumerated() {
    for second in snapshots[(offset + 1)...] {
      let pair = "samples \(first.index) and \(second.index)"
      guard first.data != second.data else {
        violations.append("\(pair) snapshot to the same bytes: give samples that differ")
        continue
      }
      guard let difference = strategy.diffing.diff(first.format, second.format) else {
        violations.append("diff finds \(pair) equal, though their bytes differ")
        continue
      }
      if difference.message.allSatisfy(\.isWhitespace) {
        violations.append("diff of \(pair) has an empty message")
      }
    }
  }
  return violations
}

/// Appends to `violations` the laws of a single value `format` (with its bytes `data`) breaks:
/// `diff(x, x)`, the round trip through its bytes, its changes, `toDataReplacing`.
private func checkValue<Value, Format>(
  _ format: Format, _ data: Data, _ strategy: Snapshotting<Value, Format>, _ name: String,
  _ violations: inout [String]
) throws {
  let diffing = strategy.diffing
  if let message = diffing.diff(format, format)?.message {
    violations.append("diff(x, x) is not nil for \(name): \(firstLine(message))")
  }
  let read: Format
  do {
    read = try diffing.fromData(data)
  } catch {
    violations.append("fromData cannot read what toData wrote for \(name): \(error)")
    return
  }
  let rewritten = try diffing.toData(read)
  if rewritten != data {
    violations.append(
      "fromData loses information: toData(fromData(toData(x))) is not toData(x) for \(name) (\(firstDifference(data, rewritten)))"
    )
  }
  if let message = diffing.diff(format, read)?.message {
    violations.append(
      "diff finds \(name) read back from its own bytes different: \(firstLine(message))")
  }
  // Each change the strategy defines for `--sensitivity` must fail its comparison, but one the
  // strategy undoes itself (a redaction puts the value back) is the strategy's choice, not its
  // comparison's blindness.
  for change in strategy.changes?(format) ?? []
  where diffing.diff(format, change.value) == nil && (try? diffing.toData(change.value)) != data {
    violations.append(
      "diff finds \(name) and its change \"\(change.name)\" equal: --sensitivity would report it"
        + (change.ifUncaught.map { " (\($0))" } ?? ""))
  }
  if let replacing = diffing.toDataReplacing {
    let replaced = try replacing(format, data)
    if replaced != data {
      violations.append(
        "toDataReplacing changes \(name)'s own reference (\(firstDifference(data, replaced)))")
    }
  }
}

private func firstLine(_ text: String) -> String {
  String(text.prefix { $0 != "\n" })
}

/// Where two byte strings part: "they part at byte N of M and K".
private func firstDifference(_ expected: Data, _ actual: Data) -> String {
  "they part at byte \(firstDifferingOffset(expected, actual)) of \(expected.count) and \(actual.count)"
}

import Foundation
@_spi(Tooling) import Snapshots

/// Asserts that a value's text matches the reference written in the test source, in the trailing
/// closure.
///
/// A missing or different reference fails the test with a diff and leaves a pending record;
/// the test process never edits source. Running
/// `swift package --allow-writing-to-package-directory snapshot-record` writes the new text into
/// the closure. References are compared through the strategy's diffing, so `.json` ignores key
/// order and whitespace here as in files.
///
/// ```swift
/// @Test func greeting() {
///   assertInlineSnapshot(of: Greeting(name: "Ann"), as: .dump) {
///     """
///     ▿ Greeting
///       - name: "Ann"
///
///     """
///   }
/// }
/// ```
///
/// - Parameters:
///   - value: The value to snapshot; an error it throws fails the assertion.
///   - snapshotting: Any strategy that makes text: `.dump`, `.lines`, `.json`, `.curl`, ….
///   - message: Shown before the failure.
///   - timeout: How long an asynchronous strategy may take, in seconds.
///   - syntax: How the tool finds this call; helpers that wrap this function pass their own.
///   - expected: The reference, as a multi-line string literal; omit it to have one recorded.
public func assertInlineSnapshot<Value>(
  of value: @autoclosure () throws -> Value,
  as snapshotting: Snapshotting<Value, String>,
  message: @autoclosure () -> String = "",
  timeout: TimeInterval = 5,
  syntax: InlineSnapshotSyntax = .assertInlineSnapshot,
  matches expected: (() -> String)? = nil,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) {
  if let problem = recordEnvironmentProblem() {
    reportSnapshotFailure(problem, fileID: fileID, filePath: filePath, line: line, column: column)
    return
  }
  let actual: String
  switch captureSnapshot(of: value, as: snapshotting, timeout: timeout) {
  case .success(let text): actual = text
  case .failure(let failure):
    reportSnapshotFailure(
      failure.text, fileID: fileID, filePath: filePath, line: line, column: column)
    return
  }
  let reference = expected?()
  let difference = reference.map { snapshotting.diffing.diff($0, actual) }
  if case .some(.none) = difference { return }
  let record = PendingInlineRecord(
    sourceFile: "\(filePath)", line: Int(line), column: Int(column),
    functionName: syntax.functionName, closureLabel: syntax.closureLabel,
    trailingClosureIndex: syntax.trailingClosureIndex, oldText: reference, newText: actual,
    sourceHash: SourceHash.ofFile(atPath: "\(filePath)") ?? "", testName: "\(function)")
  let pending = leavePending(record)
  let text = InlineFailureMessage(
    prefix: message(), call: "\(syntax.functionName) at \(fileID):\(line)",
    difference: difference??.message, actual: actual, pendingError: pending
  ).text
  reportSnapshotFailure(text, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Writes the record; the error's text when it could not be written.
private func leavePending(_ record: PendingInlineRecord) -> String? {
  do {
    try PendingStore.write(.inline(record), testFilePath: record.sourceFile)
    return nil
  } catch {
    return "\(error)"
  }
}

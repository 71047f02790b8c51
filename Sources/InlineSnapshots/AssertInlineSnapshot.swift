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
/// A `nil` value asserts that there is no reference: a call with one fails, and
/// `snapshot-record` removes its closure (helpers use it for output that may be absent).
///
/// - Parameters:
///   - value: The value to snapshot; an error it throws fails the assertion.
///   - snapshotting: Any strategy that makes text: `.dump`, `.lines`, `.json`, `.curl`, ….
///   - message: Shown before the failure.
///   - record: `.never` keeps `snapshot-record` from writing this reference; the test process
///     never writes source, whatever the mode.
///   - timeout: How long an asynchronous strategy may take, in seconds.
///   - syntax: How the tool finds this call; helpers that wrap this function pass their own.
///   - expected: The reference, as a multi-line string literal; omit it to have one recorded.
public func assertInlineSnapshot<Value>(
  of value: @autoclosure () throws -> Value?,
  as snapshotting: Snapshotting<Value, String>,
  message: @autoclosure () -> String = "",
  record: SnapshotTestingConfiguration.Record? = nil,
  timeout: TimeInterval = 5,
  syntax: InlineSnapshotSyntax = .assertInlineSnapshot,
  matches expected: (() -> String)? = nil,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) {
  func fail(_ text: String) {
    reportSnapshotFailure(text, fileID: fileID, filePath: filePath, line: line, column: column)
  }
  if let problem = recordEnvironmentProblem() { return fail(problem) }
  let actual: String?
  switch Result(catching: { try value() }) {
  case .success(nil): actual = nil
  case .success(let value?):
    switch captureSnapshot(of: { value }, as: snapshotting, timeout: timeout) {
    case .success(let text): actual = text
    case .failure(let failure): return fail(failure.text)
    }
  case .failure(let error): return fail(CaptureMessage.couldNotEvaluate(error).text)
  }
  let reference = expected?()
  let difference: String?
  switch (reference, actual) {
  case (nil, nil): return
  case (let reference?, let actual?):
    guard let found = snapshotting.diffing.diff(reference, actual) else { return }
    difference = found.message
  default: difference = nil
  }
  // The new text in the reference's own layout, when the strategy keeps one (`.json`).
  var newText = actual
  if let reference, let actual, let replacing = snapshotting.diffing.toDataReplacing,
    let data = try? replacing(actual, Data(reference.utf8))
  {
    newText = String(decoding: data, as: UTF8.self)
  }
  let keep = codeChosenRecordMode(record) != .never
  let pending =
    keep
    ? leavePending(
      PendingInlineRecord(
        sourceFile: "\(filePath)", line: Int(line), column: Int(column),
        functionName: syntax.functionName ?? "", closureLabel: syntax.closureLabel,
        trailingClosureIndex: syntax.trailingClosureIndex,
        formerClosureLabels: syntax.formerClosureLabels, oldText: reference, newText: newText,
        sourceHash: SourceHash.ofFile(atPath: "\(filePath)") ?? "", testName: "\(function)"))
    : .notKept
  let call = "\(syntax.functionName ?? "inline snapshot") at \(fileID):\(line)"
  fail(
    InlineFailureMessage(
      prefix: message(), call: call, closureLabel: syntax.closureLabel,
      difference: difference, actual: actual, pending: pending
    ).text)
}

/// Writes the record, and says whether it could be.
private func leavePending(_ record: PendingInlineRecord) -> InlineFailureMessage.Pending {
  do {
    try PendingStore.write(.inline(record), testFilePath: record.sourceFile)
    return PendingStore.insideRecordCommand ? .keptForTheRecordCommand : .kept
  } catch {
    return .failed("\(error)")
  }
}

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
///   - fileID: The caller's file ID, where a failure is reported.
///   - filePath: The caller's file path: the source `snapshot-record` rewrites.
///   - function: The test's name, for the pending record.
///   - line: The caller's line, where the tool finds the call.
///   - column: The caller's column, where the tool finds the call.
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
  InlineSite(
    reference: expected?(), record: record, message: message(), functionName: syntax.functionName,
    closureLabel: syntax.closureLabel, trailingClosureIndex: syntax.trailingClosureIndex,
    formerClosureLabels: syntax.formerClosureLabels, fileID: fileID, filePath: filePath,
    function: function, line: line, column: column
  ).assert(value, as: snapshotting, timeout: timeout)
}

/// Asserts a value against the snapshot written in the closure, as its type's own text
/// strategy snapshots it (`Snapshottable`).
///
/// ```swift
/// assertInlineSnapshot(of: response) {
///   """
///   HTTP/1.1 200 OK
///   """
/// }
/// ```
public func assertInlineSnapshot<Value: Snapshottable>(
  of value: @autoclosure () throws -> Value?,
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
) where Value.SnapshotFormat == String {
  assertInlineSnapshot(
    of: try value(), as: Value.snapshotting, message: message(), record: record,
    timeout: timeout, syntax: syntax, matches: expected, fileID: fileID, file: filePath,
    function: function, line: line, column: column)
}

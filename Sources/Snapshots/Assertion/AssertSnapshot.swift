import Foundation

/// Asserts that a value matches its reference snapshot, failing the running test if not.
///
/// The reference lives in `__Snapshots__/<TestFile>/<test>.<n>.<ext>` beside the test file. The
/// first run records it and fails with "Recorded snapshot …"; later runs compare, and a mismatch
/// fails at this call with a diff. Works in XCTest tests and Swift Testing `@Test`s alike.
///
/// ```swift
/// @Test func state() {
///   assertSnapshot(of: AppState(), as: .dump)
/// }
/// ```
///
/// - Parameters:
///   - value: The value to snapshot; an error it throws fails the assertion.
///   - snapshotting: The strategy, such as `.dump`, `.lines` or `.description`.
///   - name: Names the reference instead of numbering it: `<test>.<name>.<ext>`.
///   - record: The record mode for this assertion, overriding scope, environment and default.
///   - snapshotDirectory: A folder to keep the reference in instead of `__Snapshots__/<TestFile>`.
///   - timeout: How long an asynchronous strategy may take, in seconds; a strategy that times
///     itself (a screenshot) keeps its own budget instead.
///   - fileID: The caller's file ID, where a failure is reported.
///   - filePath: The caller's file path: references go in `__Snapshots__` beside it.
///   - testName: The test's name, which references are named after.
///   - line: The caller's line, where a failure is reported.
///   - column: The caller's column, where a failure is reported.
public func assertSnapshot<Value, Format>(
  of value: @autoclosure () throws -> Value,
  as snapshotting: Snapshotting<Value, Format>,
  named name: String? = nil,
  record: SnapshotTestingConfiguration.Record? = nil,
  snapshotDirectory: String? = nil,
  timeout: TimeInterval = 5,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  testName: String = #function,
  line: UInt = #line,
  column: UInt = #column
) {
  let verification = SnapshotVerification(
    strategy: snapshotting, name: name, record: record, snapshotDirectory: snapshotDirectory,
    timeout: timeout, filePath: "\(filePath)", testName: testName, line: line)
  FailureReporter.report(
    verification.run(value),
    at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that a value matches its reference, as its type's own strategy snapshots it
/// (``Snapshottable``).
///
/// ```swift
/// assertSnapshot(of: response)   // HTTPResponse is Snapshottable: .http
/// ```
public func assertSnapshot<Value: Snapshottable>(
  of value: @autoclosure () throws -> Value,
  named name: String? = nil,
  record: SnapshotTestingConfiguration.Record? = nil,
  snapshotDirectory: String? = nil,
  timeout: TimeInterval = 5,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  testName: String = #function,
  line: UInt = #line,
  column: UInt = #column
) {
  assertSnapshot(
    of: try value(), as: Value.snapshotting, named: name, record: record,
    snapshotDirectory: snapshotDirectory, timeout: timeout, fileID: fileID, file: filePath,
    testName: testName, line: line, column: column)
}

/// Asserts a value against several named strategies: `<test>.<name>.<ext>` for each.
///
/// ```swift
/// assertSnapshots(of: user, as: ["dump": .dump, "text": .description])
/// ```
public func assertSnapshots<Value, Format>(
  of value: @autoclosure () throws -> Value,
  as strategies: [String: Snapshotting<Value, Format>],
  record: SnapshotTestingConfiguration.Record? = nil,
  snapshotDirectory: String? = nil,
  timeout: TimeInterval = 5,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  testName: String = #function,
  line: UInt = #line,
  column: UInt = #column
) {
  for (name, strategy) in strategies.sorted(by: { $0.key < $1.key }) {
    assertSnapshot(
      of: try value(), as: strategy, named: name, record: record,
      snapshotDirectory: snapshotDirectory, timeout: timeout, fileID: fileID, file: filePath,
      testName: testName, line: line, column: column)
  }
}

/// Asserts a value against several strategies, numbered in order like separate assertions.
public func assertSnapshots<Value, Format>(
  of value: @autoclosure () throws -> Value,
  as strategies: [Snapshotting<Value, Format>],
  record: SnapshotTestingConfiguration.Record? = nil,
  snapshotDirectory: String? = nil,
  timeout: TimeInterval = 5,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  testName: String = #function,
  line: UInt = #line,
  column: UInt = #column
) {
  for strategy in strategies {
    assertSnapshot(
      of: try value(), as: strategy, record: record, snapshotDirectory: snapshotDirectory,
      timeout: timeout, fileID: fileID, file: filePath, testName: testName, line: line,
      column: column)
  }
}

/// Compares a value with its reference like ``assertSnapshot(of:as:named:record:snapshotDirectory:timeout:fileID:file:testName:line:column:)``
/// and returns the failure message instead of reporting it: `nil` when it matches.
///
/// Usable outside a test, for example in a benchmark or a custom assertion helper.
public func verifySnapshot<Value, Format>(
  of value: @autoclosure () throws -> Value,
  as snapshotting: Snapshotting<Value, Format>,
  named name: String? = nil,
  record: SnapshotTestingConfiguration.Record? = nil,
  snapshotDirectory: String? = nil,
  timeout: TimeInterval = 5,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  testName: String = #function,
  line: UInt = #line,
  column: UInt = #column
) -> String? {
  SnapshotVerification(
    strategy: snapshotting, name: name, record: record, snapshotDirectory: snapshotDirectory,
    timeout: timeout, filePath: "\(filePath)", testName: testName, line: line
  ).run(value).message
}

/// ``verifySnapshot(of:as:named:record:snapshotDirectory:timeout:fileID:file:testName:line:column:)``
/// with the value's own strategy (``Snapshottable``).
public func verifySnapshot<Value: Snapshottable>(
  of value: @autoclosure () throws -> Value,
  named name: String? = nil,
  record: SnapshotTestingConfiguration.Record? = nil,
  snapshotDirectory: String? = nil,
  timeout: TimeInterval = 5,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  testName: String = #function,
  line: UInt = #line,
  column: UInt = #column
) -> String? {
  verifySnapshot(
    of: try value(), as: Value.snapshotting, named: name, record: record,
    snapshotDirectory: snapshotDirectory, timeout: timeout, fileID: fileID, file: filePath,
    testName: testName, line: line, column: column)
}

import Foundation

/// Asserts that a value computed asynchronously matches its reference, awaiting the strategy
/// instead of blocking the test's thread.
///
/// For `async` tests: a slow or hung asynchronous strategy then costs this test its `timeout`,
/// and the other tests running beside it nothing. The value comes last, as a trailing closure:
///
/// ```swift
/// @Test func profile() async {
///   await assertSnapshot(as: .dump) { await store.profile }
/// }
/// ```
///
/// The parameters are those of the synchronous
/// ``assertSnapshot(of:as:named:record:snapshotDirectory:timeout:fileID:file:testName:line:column:)``.
public func assertSnapshot<Value, Format>(
  as snapshotting: Snapshotting<Value, Format>,
  named name: String? = nil,
  record: SnapshotTestingConfiguration.Record? = nil,
  snapshotDirectory: String? = nil,
  timeout: TimeInterval = 5,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  testName: String = #function,
  line: UInt = #line,
  column: UInt = #column,
  of value: () async throws -> Value
) async {
  let verification = SnapshotVerification(
    strategy: snapshotting, name: name, record: record, snapshotDirectory: snapshotDirectory,
    timeout: timeout, filePath: "\(filePath)", testName: testName, line: line)
  FailureReporter.report(
    await verification.run(value),
    at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Compares a value computed asynchronously with its reference, like
/// ``assertSnapshot(as:named:record:snapshotDirectory:timeout:fileID:file:testName:line:column:of:)``,
/// and returns the failure message instead of reporting it: `nil` when it matches.
public func verifySnapshot<Value, Format>(
  as snapshotting: Snapshotting<Value, Format>,
  named name: String? = nil,
  record: SnapshotTestingConfiguration.Record? = nil,
  snapshotDirectory: String? = nil,
  timeout: TimeInterval = 5,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  testName: String = #function,
  line: UInt = #line,
  column: UInt = #column,
  of value: () async throws -> Value
) async -> String? {
  await SnapshotVerification(
    strategy: snapshotting, name: name, record: record, snapshotDirectory: snapshotDirectory,
    timeout: timeout, filePath: "\(filePath)", testName: testName, line: line
  ).run(value).message
}

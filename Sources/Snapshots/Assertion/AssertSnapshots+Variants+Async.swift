import Foundation

/// Asserts a value computed asynchronously for every variant of a matrix.
///
/// It awaits the strategy instead of blocking the test's thread; the value comes last, as a
/// trailing closure:
///
/// ```swift
/// @Test func card() async {
///   await assertSnapshots(as: .lines, across: Variants(["theme": ["light", "dark"]])) { variant in
///     await renderer.card(theme: variant["theme"]!)
///   }
/// }
/// ```
///
/// The parameters are those of the synchronous
/// ``assertSnapshots(of:as:across:named:record:snapshotDirectory:timeout:fileID:file:testName:line:column:)``.
public func assertSnapshots<Value, Format>(
  as snapshotting: Snapshotting<Value, Format>,
  across variants: Variants,
  named name: String? = nil,
  record: SnapshotTestingConfiguration.Record? = nil,
  snapshotDirectory: String? = nil,
  timeout: TimeInterval = 5,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  testName: String = #function,
  line: UInt = #line,
  column: UInt = #column,
  of value: (Variant) async throws -> Value
) async {
  let run = VariantRun(
    variants: variants,
    assertion: SnapshotVerification(
      strategy: snapshotting, name: name, record: record, snapshotDirectory: snapshotDirectory,
      timeout: timeout, filePath: "\(filePath)", testName: testName, line: line))
  for (variant, verdict) in await run.verdicts(value) {
    FailureReporter.report(
      verdict, at: .init(fileID: fileID, filePath: filePath, line: line, column: column),
      prefix: "[\(variant)] ")
  }
}

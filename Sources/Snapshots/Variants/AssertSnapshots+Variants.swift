import Foundation

/// Asserts a value made for every variant of a matrix, each against its own reference:
/// `<test>[.<name>].<axis>=<label>_….<ext>`, such as `card.theme=dark_width=768.png`.
///
/// Each failing variant fails the test on its own, its message led by its axes' values.
/// Record modes, `SNAPSHOT_TESTING_RECORD`, parameterized tests and `snapshot-record` work as
/// for any assertion.
///
/// ```swift
/// assertSnapshots(
///   of: { variant in "\(variant["theme"]!) card at \(variant["width"]!) points" },
///   as: .lines,
///   across: Variants(["theme": ["light", "dark"], "width": [320, 768]]))
/// ```
///
/// - Parameters:
///   - value: Makes the value for one variant; an error it throws fails that variant.
///   - snapshotting: The strategy, the same for every variant.
///   - variants: The matrix: one assertion per combination of its axes' values.
///   - name: Names the references before the variant: `<test>.<name>.<variant>.<ext>`.
///   - record: The record mode for these assertions, overriding scope, environment and default.
///   - snapshotDirectory: A folder to keep the references in instead of `__Snapshots__/<TestFile>`.
///   - timeout: How long an asynchronous strategy may take for one variant, in seconds.
///   - fileID: The caller's file ID, where failures are reported.
///   - filePath: The caller's file path: references go in `__Snapshots__` beside it.
///   - testName: The test's name, which references are named after.
///   - line: The caller's line, where failures are reported.
///   - column: The caller's column, where failures are reported.
public func assertSnapshots<Value, Format>(
  of value: (Variant) throws -> Value,
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
  column: UInt = #column
) {
  let run = VariantRun(
    variants: variants,
    assertion: SnapshotVerification(
      strategy: snapshotting, name: name, record: record, snapshotDirectory: snapshotDirectory,
      timeout: timeout, filePath: "\(filePath)", testName: testName, line: line))
  for (_, context, failure) in run.failures(value) {
    FailureReporter.report(
      failure, framework: context.framework,
      at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// Compares like ``assertSnapshots(of:as:across:named:record:snapshotDirectory:timeout:fileID:file:testName:line:column:)``
/// and returns each failing variant's message instead of reporting it: empty when all match.
public func verifySnapshots<Value, Format>(
  of value: (Variant) throws -> Value,
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
  column: UInt = #column
) -> [Variant: String] {
  let run = VariantRun(
    variants: variants,
    assertion: SnapshotVerification(
      strategy: snapshotting, name: name, record: record, snapshotDirectory: snapshotDirectory,
      timeout: timeout, filePath: "\(filePath)", testName: testName, line: line))
  return Dictionary(
    run.failures(value).map { ($0.variant, $0.failure.message) }, uniquingKeysWith: { $1 })
}

/// One assertion per variant: `assertion` with the variant in its name.
struct VariantRun<Value, Format> {
  typealias Failure = (variant: Variant, context: TestContext, failure: SnapshotFailure)

  var variants: Variants
  var assertion: SnapshotVerification<Value, Format>

  func failures(_ value: (Variant) throws -> Value) -> [Failure] {
    let (runs, refused) = plan()
    return refused
      + runs.compactMap { variant, verification in
        let (context, failure) = verification.run { try value(variant) }
        return failure.map { led(by: variant, context, $0) }
      }
  }

  func failures(_ value: (Variant) async throws -> Value) async -> [Failure] {
    let (runs, refused) = plan()
    var failures = refused
    for (variant, verification) in runs {
      let (context, failure) = await verification.run { try await value(variant) }
      if let failure { failures.append(led(by: variant, context, failure)) }
    }
    return failures
  }

  /// Each variant's assertion, and the variants refused before any runs: none at all, or
  /// two whose labels name one file.
  private func plan() -> (
    runs: [(Variant, SnapshotVerification<Value, Format>)], refused: [Failure]
  ) {
    let all = variants.all
    let context = { TestContext.current(testName: assertion.site.testName) }
    guard !all.isEmpty else {
      let none = SnapshotFailure(
        "No variants: the matrix needs at least one axis, each with a value.")
      return ([], [(Variant(axes: [], labels: [], values: []), context(), none)])
    }
    var seen: [String: Variant] = [:]
    var runs: [(Variant, SnapshotVerification<Value, Format>)] = []
    var refused: [Failure] = []
    for variant in all {
      let component = variant.fileComponent
      if let earlier = seen[component] {
        let clash = SnapshotFailure(
          "[\(variant)] has the same file name as [\(earlier)] (\(component)): give their values labels that differ in letters or digits."
        )
        refused.append((variant, context(), clash))
        continue
      }
      seen[component] = variant
      var verification = assertion
      verification.site.variant = component
      runs.append((variant, verification))
    }
    return (runs, refused)
  }

  private func led(by variant: Variant, _ context: TestContext, _ failure: SnapshotFailure)
    -> Failure
  {
    var failure = failure
    failure.message = "[\(variant)] " + failure.message
    return (variant, context, failure)
  }
}

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
///   - timeout: How long an asynchronous strategy may take for one variant, in seconds; a
///     strategy that times itself (a screenshot) keeps its own budget instead.
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
  for (variant, verdict) in run.verdicts(value) {
    FailureReporter.report(
      verdict, at: .init(fileID: fileID, filePath: filePath, line: line, column: column),
      prefix: "[\(variant)] ")
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
    run.verdicts(value).compactMap { variant, verdict in
      verdict.message.map { (variant, "[\(variant)] " + $0) }
    }, uniquingKeysWith: { $1 })
}

/// One assertion per variant: `assertion` with the variant in its name.
struct VariantRun<Value, Format> {
  var variants: Variants
  var assertion: SnapshotVerification<Value, Format>

  func verdicts(_ value: (Variant) throws -> Value) -> [(variant: Variant, verdict: Verdict)] {
    let (runs, refused) = plan()
    return refused
      + runs.map { variant, verification in
        (variant, verification.run { try value(variant) })
      }
  }

  func verdicts(_ value: (Variant) async throws -> Value) async -> [(
    variant: Variant, verdict: Verdict
  )] {
    let (runs, refused) = plan()
    var verdicts = refused
    for (variant, verification) in runs {
      verdicts.append((variant, await verification.run { try await value(variant) }))
    }
    return verdicts
  }

  /// Each variant's assertion, and the variants refused before any runs: none at all, or
  /// two whose labels name one file.
  private func plan() -> (
    runs: [(Variant, SnapshotVerification<Value, Format>)],
    refused: [(variant: Variant, verdict: Verdict)]
  ) {
    let all = variants.all
    guard !all.isEmpty else {
      let none = assertion.refused(
        .invalidSettings, "No variants: the matrix needs at least one axis, each with a value.")
      return ([], [(Variant(axes: [], labels: [], values: []), none)])
    }
    var seen: [String: Variant] = [:]
    var runs: [(Variant, SnapshotVerification<Value, Format>)] = []
    var refused: [(variant: Variant, verdict: Verdict)] = []
    for variant in all {
      let component = variant.fileComponent
      if let earlier = seen[component] {
        let clash = assertion.refused(
          .nameConflict,
          "has the same file name as [\(earlier)] (\(component)): give their values labels that differ in letters or digits."
        )
        refused.append((variant, clash))
        continue
      }
      seen[component] = variant
      var verification = assertion
      verification.site?.variant = component
      runs.append((variant, verification))
    }
    return (runs, refused)
  }
}

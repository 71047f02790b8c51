import Testing

/// A Swift Testing trait that sets snapshot options for a test or a whole suite.
///
/// ```swift
/// @Suite(.snapshots(record: .failed, diffTool: "code --diff"))
/// struct CheckoutTests { … }
/// ```
///
/// Each run of each test case it applies to also numbers its unnamed snapshots afresh, which
/// keeps names stable when tests are repeated in one process.
public struct SnapshotsTrait: SuiteTrait, TestTrait, TestScoping {
  public let configuration: SnapshotTestingConfiguration
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let scoped = configuration.inheriting(from: SnapshotTestingConfiguration.current)
    let execution = testCase.map { _ in "trait@" + SnapshotsTrait.newExecutionID() }
    try await SnapshotTestingConfiguration.$current.withValue(scoped) {
      try await TestContext.$scopedExecution.withValue(execution ?? TestContext.scopedExecution) {
        try await function()
      }
    }
  }

  private static func newExecutionID() -> String {
    String(UInt64.random(in: .min ... .max), radix: 36)
  }
}

extension Trait where Self == SnapshotsTrait {
  /// Scopes snapshot settings to the test or suite without changing any.
  public static var snapshots: Self { snapshots() }

  /// Scopes a whole configuration to the test or suite.
  public static func snapshots(_ configuration: SnapshotTestingConfiguration) -> Self {
    SnapshotsTrait(configuration: configuration)
  }

  /// Snapshot options for the test or suite: the record mode, the diff tool, the artifacts
  /// folder, the filters applied to text snapshots, the parts of the machine that give
  /// references a file per environment, whether names begin with the suite, and whether
  /// numbered placeholders count across each test's assertions.
  public static func snapshots(
    record: SnapshotTestingConfiguration.Record? = nil,
    diffTool: SnapshotTestingConfiguration.DiffTool? = nil,
    artifactsDirectory: String? = nil,
    filters: [SnapshotFilter] = [],
    environment: SnapshotEnvironment? = nil,
    naming: SnapshotTestingConfiguration.Naming? = nil,
    placeholderNumbering: SnapshotTestingConfiguration.PlaceholderNumbering? = nil
  ) -> Self {
    SnapshotsTrait(
      configuration: .init(
        record: record, diffTool: diffTool, artifactsDirectory: artifactsDirectory,
        filters: filters, environment: environment, naming: naming,
        placeholderNumbering: placeholderNumbering))
  }
}

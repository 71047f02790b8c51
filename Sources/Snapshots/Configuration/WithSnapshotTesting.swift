/// Runs `operation` with snapshot settings that apply to every assertion inside it.
///
/// Nested scopes inherit what they leave `nil`:
///
/// ```swift
/// withSnapshotTesting(record: .all) {
///   assertSnapshot(of: state, as: .dump)  // re-records
/// }
/// ```
public func withSnapshotTesting<R>(
  record: SnapshotTestingConfiguration.Record? = nil,
  diffTool: SnapshotTestingConfiguration.DiffTool? = nil,
  artifactsDirectory: String? = nil,
  filters: [SnapshotFilter] = [],
  environment: SnapshotEnvironment? = nil,
  naming: SnapshotTestingConfiguration.Naming? = nil,
  placeholderNumbering: SnapshotTestingConfiguration.PlaceholderNumbering? = nil,
  operation: () throws -> R
) rethrows -> R {
  let scoped = SnapshotTestingConfiguration(
    record: record, diffTool: diffTool, artifactsDirectory: artifactsDirectory, filters: filters,
    environment: environment, naming: naming, placeholderNumbering: placeholderNumbering
  ).inheriting(from: SnapshotTestingConfiguration.current)
  return try SnapshotTestingConfiguration.$current.withValue(scoped, operation: operation)
}

/// Runs an `async` operation with snapshot settings that apply to every assertion inside it.
public func withSnapshotTesting<R>(
  record: SnapshotTestingConfiguration.Record? = nil,
  diffTool: SnapshotTestingConfiguration.DiffTool? = nil,
  artifactsDirectory: String? = nil,
  filters: [SnapshotFilter] = [],
  environment: SnapshotEnvironment? = nil,
  naming: SnapshotTestingConfiguration.Naming? = nil,
  placeholderNumbering: SnapshotTestingConfiguration.PlaceholderNumbering? = nil,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R
) async rethrows -> R {
  let scoped = SnapshotTestingConfiguration(
    record: record, diffTool: diffTool, artifactsDirectory: artifactsDirectory, filters: filters,
    environment: environment, naming: naming, placeholderNumbering: placeholderNumbering
  ).inheriting(from: SnapshotTestingConfiguration.current)
  return try await SnapshotTestingConfiguration.$current.withValue(
    scoped, operation: operation, isolation: isolation)
}

extension SnapshotTestingConfiguration {
  /// When an assertion writes its reference file.
  ///
  /// The mode is resolved in one place, in this order: the `record:` argument of the assertion,
  /// then the innermost `withSnapshotTesting(record:diffTool:artifactsDirectory:filters:environment:naming:placeholderNumbering:operation:)` scope or
  /// `.snapshots(record:)` trait, then the `SNAPSHOT_TESTING_RECORD` environment variable
  /// (`all`, `missing`, `failed` or `never`), then the default: ``missing`` on a developer's
  /// machine and ``never`` when the `CI` environment variable is set (to anything but `false`
  /// or `0`), so that CI never writes a file. Under the `snapshot-record` plugin no mode writes:
  /// the tests leave every value to the plugin, which records it (or, with `--dry-run`, shows it).
  public enum Record: String, Sendable, CaseIterable {
    /// Records every snapshot that is missing or differs; an unchanged reference is left as it is.
    case all
    /// Records snapshots that have no reference yet. The default on a developer's machine.
    case missing
    /// Records snapshots that are missing or whose comparison failed.
    case failed
    /// Records nothing: a missing reference fails. The default on CI.
    case never

    /// The environment variable that chooses the mode when no argument or scope does.
    public static let environmentVariable = "SNAPSHOT_TESTING_RECORD"
  }
}

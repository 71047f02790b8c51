/// Settings for snapshot assertions: when to record and which tool shows differences.
///
/// A configuration is scoped, never global: set it around some code with
/// `withSnapshotTesting(record:diffTool:artifactsDirectory:filters:environment:naming:placeholderNumbering:operation:)`, or on a Swift Testing test or
/// suite with the `.snapshots(record:diffTool:)` trait (``SnapshotsTrait``). Fields left `nil` fall
/// through to the enclosing scope, then to the environment, then to the defaults; see
/// ``SnapshotTestingConfiguration/Record`` for the order.
public struct SnapshotTestingConfiguration: Sendable {
  /// The innermost configuration in scope, if any.
  @TaskLocal public static var current: SnapshotTestingConfiguration?

  /// When to write references; `nil` defers to the enclosing scope.
  public var record: Record?

  /// The tool named in failure messages; `nil` defers to the enclosing scope.
  public var diffTool: DiffTool?

  /// Where failing actual values and difference files go; `nil` defers to the enclosing scope,
  /// then to `SNAPSHOT_ARTIFACTS`, then to `.build/snapshot-artifacts` in the test's package.
  public var artifactsDirectory: String?

  /// Applied to text snapshots after an enclosing scope's (``SnapshotFilter``).
  public var filters: [SnapshotFilter]

  /// The parts of the machine that give each reference a file per environment
  /// (``SnapshotEnvironment``); `nil` defers to the enclosing scope, an empty set turns it off.
  public var environment: SnapshotEnvironment?

  /// Whether reference names begin with the test's suite or class (``Naming``); `nil` defers
  /// to the enclosing scope, then to ``Naming/testName``.
  public var naming: Naming?

  /// Whether numbered placeholders count per snapshot or across the scope's assertions
  /// (``PlaceholderNumbering``); `nil` defers to the enclosing scope, then to
  /// ``PlaceholderNumbering/perSnapshot``.
  public var placeholderNumbering: PlaceholderNumbering?

  /// The numbers every assertion of a ``PlaceholderNumbering/perTest`` scope shares.
  var sharedNumbers: PlaceholderNumbers?

  public init(
    record: Record? = nil, diffTool: DiffTool? = nil, artifactsDirectory: String? = nil,
    filters: [SnapshotFilter] = [], environment: SnapshotEnvironment? = nil, naming: Naming? = nil,
    placeholderNumbering: PlaceholderNumbering? = nil
  ) {
    self.record = record
    self.diffTool = diffTool
    self.artifactsDirectory = artifactsDirectory
    self.filters = filters
    self.environment = environment
    self.naming = naming
    self.placeholderNumbering = placeholderNumbering
  }

  /// How a test's references are named.
  public enum Naming: Sendable, Equatable {
    /// `<test>.<n>.<ext>`, as swift-snapshot-testing names them: two suites of one file with a
    /// test of one name meet, and the second to assert fails without writing.
    case testName
    /// `<Suite>.<test>.<n>.<ext>`: the Swift Testing suite (`Outer.Inner`) or the XCTest class
    /// the test belongs to comes first, so same-named tests of two suites keep their own files.
    /// A test outside any suite keeps its plain name.
    case suiteQualified
  }

  /// This configuration with the unset fields taken from `outer`, as a scope that begins: a
  /// scope always has a diff tool, ``DiffTool/default`` when none was chosen (as in
  /// swift-snapshot-testing), and one that asks for ``PlaceholderNumbering/perTest`` numbers
  /// afresh.
  func inheriting(from outer: SnapshotTestingConfiguration?) -> SnapshotTestingConfiguration {
    var scoped = SnapshotTestingConfiguration(
      record: record ?? outer?.record,
      diffTool: diffTool ?? outer?.diffTool ?? LegacyGlobals.diffTool.withLock { $0 },
      artifactsDirectory: artifactsDirectory ?? outer?.artifactsDirectory,
      filters: (outer?.filters ?? []) + filters, environment: environment ?? outer?.environment,
      naming: naming ?? outer?.naming,
      placeholderNumbering: placeholderNumbering ?? outer?.placeholderNumbering)
    switch placeholderNumbering {
    case .perTest: scoped.sharedNumbers = PlaceholderNumbers()
    case .perSnapshot: scoped.sharedNumbers = nil
    case nil: scoped.sharedNumbers = outer?.sharedNumbers
    }
    return scoped
  }
}

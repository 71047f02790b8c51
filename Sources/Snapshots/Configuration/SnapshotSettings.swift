import Foundation

/// The settings one assertion runs with, resolved in one place, in this order: explicit argument,
/// then scope or trait, then swift-snapshot-testing's deprecated `isRecording` global when it was
/// set, then environment variable, then default.
///
/// On CI (the `CI` variable set) nothing is written into the package unless the environment
/// itself asks with `SNAPSHOT_TESTING_RECORD`: a record mode chosen in code (`record:`,
/// `withSnapshotTesting(record:)`, `.snapshots(record:)`) is held back for references inside the
/// package, so a retried CI job can never pass on a reference its first attempt wrote.
/// References kept outside it (`snapshotDirectory:` in a temporary folder) are not the package's.
///
/// Under `snapshot-record` (it names the run, `SNAPSHOTS_RUN`) the test process writes no
/// reference whatever the code asks: every failure is left in the pending store, and the tool
/// decides what is written, so `--dry-run` and `--filter` hold even for `record: .all`.
struct SnapshotSettings {
  var record: SnapshotTestingConfiguration.Record
  /// Why `record` is what it is, for messages.
  var recordSource = RecordSource.chosen
  var diffTool: SnapshotTestingConfiguration.DiffTool?
  /// Where failing actual values and difference files go; `nil` for the default under `.build`.
  var artifactsDirectory: String?
  /// Applied to text snapshots: the strategy's, then the scopes' from the outermost in.
  var filters: [SnapshotFilter] = []
  /// The numbers a ``SnapshotTestingConfiguration/PlaceholderNumbering/perTest`` scope shares;
  /// `nil` for a snapshot's own.
  var sharedNumbers: PlaceholderNumbers?

  enum RecordSource: Equatable {
    /// The argument, scope or trait, or the environment variable.
    case chosen
    /// Nothing chose a mode: the default of this machine (`never` on CI).
    case defaultMode
    /// Code asked for this mode, but CI is set and the environment did not ask.
    case heldBackOnCI(SnapshotTestingConfiguration.Record)
    /// The tests run under `snapshot-record`, which records what they leave.
    case recordCommand
  }

  /// An environment value that is not understood.
  struct InvalidEnvironment: Error, CustomStringConvertible {
    var name: String
    var value: String
    var description: String {
      let allowed = SnapshotTestingConfiguration.Record.allCases.map(\.rawValue)
      return "\(name)=\(value) is not a record mode; use one of: \(allowed.joined(separator: ", "))"
    }
  }

  static let recordVariable = SnapshotTestingConfiguration.Record.environmentVariable
  static let artifactsVariable = "SNAPSHOT_ARTIFACTS"

  /// The process's environment, read once: every assertion resolves its settings, and the
  /// dictionary is built anew by each read of `ProcessInfo`.
  static let processEnvironment = ProcessInfo.processInfo.environment

  /// What the environment says, read once per environment.
  struct FromEnvironment {
    var record: Result<SnapshotTestingConfiguration.Record?, InvalidEnvironment>
    var onCI: Bool
    var insideRecordCommand: Bool
    var artifactsDirectory: String?

    init(_ environment: [String: String]) {
      record = Result { () throws(InvalidEnvironment) in try environmentRecord(environment) }
      onCI = isCI(environment)
      insideRecordCommand = !(environment[PendingStore.runVariable] ?? "").isEmpty
      artifactsDirectory = environment[artifactsVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The process's, worked out once rather than per assertion.
    static let process = FromEnvironment(processEnvironment)
  }

  /// - Parameter environment: `nil` for the process's.
  static func resolve(
    record argument: SnapshotTestingConfiguration.Record?,
    scope: SnapshotTestingConfiguration? = SnapshotTestingConfiguration.current,
    environment: [String: String]? = nil,
    writesIntoPackage: () -> Bool = { true }
  ) throws(InvalidEnvironment) -> SnapshotSettings {
    // Spelt out rather than `map` and `get()`: generic calls, on every assertion of a debug build.
    let read: FromEnvironment
    if let environment { read = FromEnvironment(environment) } else { read = .process }
    let fromEnvironment: SnapshotTestingConfiguration.Record?
    switch read.record {
    case .success(let record): fromEnvironment = record
    case .failure(let error): throw error
    }
    let onCI = read.onCI
    let record: SnapshotTestingConfiguration.Record
    var source = RecordSource.chosen
    if read.insideRecordCommand {
      record = .never
      source = .recordCommand
    } else if let chosen = codeChosenRecordMode(argument, scope: scope) {
      if onCI && fromEnvironment == nil && chosen != .never && writesIntoPackage() {
        record = .never
        source = .heldBackOnCI(chosen)
      } else {
        record = chosen
      }
    } else if let fromEnvironment {
      record = fromEnvironment
    } else {
      record = onCI ? .never : .missing
      source = .defaultMode
    }
    let artifacts = scope?.artifactsDirectory ?? read.artifactsDirectory
    return SnapshotSettings(
      record: record, recordSource: source,
      diffTool: scope?.diffTool ?? LegacyGlobals.diffTool.withLock { $0 },
      artifactsDirectory: artifacts, filters: scope?.filters ?? [],
      sharedNumbers: scope?.sharedNumbers)
  }

  /// The mode `SNAPSHOT_TESTING_RECORD` asks for, `nil` when unset; an unknown value is an error
  /// even where an argument or scope decides, so a typo never goes unnoticed.
  static func environmentRecord(_ environment: [String: String] = processEnvironment)
    throws(InvalidEnvironment) -> SnapshotTestingConfiguration.Record?
  {
    guard let raw = environment[recordVariable], !raw.isEmpty else { return nil }
    guard let parsed = SnapshotTestingConfiguration.Record(rawValue: raw.lowercased()) else {
      throw InvalidEnvironment(name: recordVariable, value: raw)
    }
    return parsed
  }

  /// Whether `CI` is set to anything but `false` or `0`.
  static func isCI(_ environment: [String: String]) -> Bool {
    guard let value = environment["CI"] else { return false }
    return !["", "false", "0"].contains(value.lowercased())
  }
}

/// The record mode code chose for an assertion (its argument, then the scope or trait, then the
/// deprecated `isRecording`), `nil` when code chose none: inline snapshots, which the test
/// process never writes, leave nothing for `snapshot-record` when code chose `.never`.
func codeChosenRecordMode(
  _ argument: SnapshotTestingConfiguration.Record?,
  scope: SnapshotTestingConfiguration? = SnapshotTestingConfiguration.current
) -> SnapshotTestingConfiguration.Record? {
  argument ?? scope?.record ?? LegacyGlobals.record.withLock { $0 }
}

/// What swift-snapshot-testing's deprecated globals (`isRecording`, `diffTool`, in
/// `SnapshotsCompatibility`) set: read after an argument and a scope, before the environment.
package enum LegacyGlobals {
  public static let record = Locked<SnapshotTestingConfiguration.Record?>(nil)
  public static let diffTool = Locked<SnapshotTestingConfiguration.DiffTool>(.default)
}

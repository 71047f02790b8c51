import Foundation

/// The settings one assertion runs with, resolved in one place, in this order: explicit argument,
/// then scope or trait, then environment variable, then default.
struct SnapshotSettings {
  var record: SnapshotTestingConfiguration.Record
  /// Whether `record` is the default, not chosen by argument, scope or environment.
  var recordIsDefault = false
  var diffTool: SnapshotTestingConfiguration.DiffTool?
  /// Where failing actual values and difference files go; `nil` for the default under `.build`.
  var artifactsDirectory: String?

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

  static func resolve(
    record argument: SnapshotTestingConfiguration.Record?,
    scope: SnapshotTestingConfiguration? = SnapshotTestingConfiguration.current,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(InvalidEnvironment) -> SnapshotSettings {
    let record: SnapshotTestingConfiguration.Record
    var isDefault = false
    if let chosen = argument ?? scope?.record {
      record = chosen
    } else if let raw = environment[recordVariable], !raw.isEmpty {
      guard let parsed = SnapshotTestingConfiguration.Record(rawValue: raw.lowercased()) else {
        throw InvalidEnvironment(name: recordVariable, value: raw)
      }
      record = parsed
    } else {
      record = isCI(environment) ? .never : .missing
      isDefault = true
    }
    let artifacts =
      scope?.artifactsDirectory ?? environment[artifactsVariable].flatMap { $0.isEmpty ? nil : $0 }
    return SnapshotSettings(
      record: record, recordIsDefault: isDefault, diffTool: scope?.diffTool,
      artifactsDirectory: artifacts)
  }

  /// Whether `CI` is set to anything but `false` or `0`.
  static func isCI(_ environment: [String: String]) -> Bool {
    guard let value = environment["CI"] else { return false }
    return !["", "false", "0"].contains(value.lowercased())
  }
}

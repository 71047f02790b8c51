import Foundation

/// The texts a failing assertion shows: what happened, where the files are, and the one step
/// that fixes it.
enum FailureMessage {
  enum Kind: CustomStringConvertible {
    case missing
    case unreadable(String)
    case differs

    var description: String {
      switch self {
      case .missing: return "No reference was found"
      case .unreadable(let reason): return "The reference could not be read (\(reason))"
      case .differs: return "The snapshot does not match its reference"
      }
    }
  }

  /// Says what was recorded, with the difference it accepted when it replaced a reference.
  static func recorded(outcome: Kind, difference: SnapshotDifference?, path: String) -> String {
    let what: String
    switch outcome {
    case .missing: what = "Recorded snapshot"
    case .unreadable, .differs: what = "\(outcome). Recorded a new snapshot over it"
    }
    let accepted = difference.map { "\n\n\($0.message)\n" } ?? ""
    return "\(what): \(path)\(accepted)\nRe-run the test to verify it."
  }

  static func failed(
    outcome: Kind, difference: SnapshotDifference?, referencePath: String,
    artifacts: (actual: URL, artifacts: [URL]), pendingError: String? = nil,
    settings: SnapshotSettings
  ) -> String {
    var lines = ["\(outcome): \(referencePath)"]
    if let difference {
      lines += ["", difference.message, ""]
    }
    lines.append("Actual:    \(artifacts.actual.path)")
    for artifact in artifacts.artifacts {
      lines.append("Artifact:  \(artifact.path)")
    }
    if let diffTool = settings.diffTool, !diffTool.isDefault, case .differs = outcome {
      lines.append(
        "Compare:   \(diffTool(reference: referencePath, actual: artifacts.actual.path))")
    }
    if let pendingError {
      lines.append("The actual value could not be kept for snapshot-record: \(pendingError)")
    } else {
      let fix = fix(for: outcome, settings: settings)
      if !fix.isEmpty { lines.append(fix) }
    }
    return lines.joined(separator: "\n")
  }

  private static func fix(for outcome: Kind, settings: SnapshotSettings) -> String {
    let record = "swift package --allow-writing-to-package-directory snapshot-record"
    if case .heldBackOnCI(let requested) = settings.recordSource {
      return "Nothing was written: CI is set, so the record mode .\(requested.rawValue) chosen in "
        + "code is not used there; set SNAPSHOT_TESTING_RECORD on CI to record anyway."
    }
    if settings.recordSource == .recordCommand {
      return "Left for snapshot-record, which decides what is written."
    }
    switch outcome {
    case .missing:
      return "Nothing was written: the record mode is never"
        + (settings.recordSource == .defaultMode ? " (the default when CI is set)" : "")
        + ". To record it, run: \(record)"
    case .unreadable:
      return "The reference was left as it is. To replace it, run: \(record)"
    case .differs:
      return "To accept the actual value, run: \(record)"
    }
  }
}

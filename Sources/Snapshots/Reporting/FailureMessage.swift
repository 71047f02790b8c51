import Foundation

/// The text a failing assertion shows, made from its result and settings alone: what happened,
/// where the files are, and the one step that fixes it.
enum FailureMessage {
  static let recordCommand = "swift package --allow-writing-to-package-directory snapshot-record"

  /// The message of a result; `nil` when it matched.
  static func text(for result: SnapshotResult, settings: SnapshotSettings?) -> String? {
    let text: String
    switch result {
    case .matched:
      return nil
    case .recorded(let mismatch, let path):
      text = recorded(mismatch, path: path)
    case .kept(let mismatch, .file(let kept)):
      text = keptFile(mismatch, kept, settings: settings)
    case .kept(let mismatch, .inline(let kept)):
      text = keptInline(
        mismatch, kept, underRecordCommand: settings?.recordSource == .recordCommand)
    case .failed(_, let message):
      return message
    }
    guard let filters = settings?.filters, !filters.isEmpty else { return text }
    return text + "\nFiltered before comparing: \(filters.map(\.name).joined(separator: ", "))."
  }

  /// The first words of a file snapshot's failure.
  static func headline(_ mismatch: SnapshotResult.Mismatch) -> String {
    switch mismatch {
    case .missing: return "No reference was found"
    case .unreadable(let reason): return "The reference could not be read (\(reason))"
    case .differs, .unexpectedReference: return "The snapshot does not match its reference"
    }
  }

  /// The strategy's difference, then what changed in the placeholders' numbers alone.
  private static func difference(_ mismatch: SnapshotResult.Mismatch) -> String? {
    guard case .differs(let difference, let renumbered) = mismatch else { return nil }
    return ([difference.message] + renumbered.map(renumbering)).joined(separator: "\n\n")
  }

  /// What happened to a kind's numbers, when it may be harmless, and the filter that ignores it.
  private static func renumbering(_ change: PlaceholderRenumbering) -> String {
    let happened = [
      change.split ? "values that were equal now differ" : nil,
      change.merged ? "values that differed are now equal" : nil,
    ].compactMap { $0 }.joined(separator: ", and ")
    return "Only the numbers of the <\(change.kind)-N> placeholders changed: \(happened).\n"
      + "Numbering tells equal values apart; where they are equal in one run and not in the "
      + "next (timestamps with second precision made in one go, on either side of a second), "
      + "number them flat: \(change.flat.joined(separator: ", "))."
  }

  /// Says what was recorded, with the difference it accepted when it replaced a reference.
  private static func recorded(_ mismatch: SnapshotResult.Mismatch, path: String) -> String {
    let what: String
    switch mismatch {
    case .missing: what = "Recorded snapshot"
    case .unreadable, .differs, .unexpectedReference:
      what = "\(headline(mismatch)). Recorded a new snapshot over it"
    }
    let accepted = difference(mismatch).map { "\n\n\($0)\n" } ?? ""
    return "\(what): \(path)\(accepted)\nRe-run the test to verify it."
  }

  private static func keptFile(
    _ mismatch: SnapshotResult.Mismatch, _ kept: SnapshotResult.KeptFile,
    settings: SnapshotSettings?
  ) -> String {
    var lines = ["\(headline(mismatch)): \(kept.referencePath)"]
    if let difference = difference(mismatch) {
      lines += ["", difference, ""]
    }
    lines.append("Actual:    \(kept.actual.path)")
    for artifact in kept.artifacts {
      lines.append("Artifact:  \(artifact.path)")
    }
    if let diffTool = settings?.diffTool, !diffTool.isDefault, case .differs = mismatch {
      lines.append(
        "Compare:   \(diffTool(reference: kept.referencePath, actual: kept.actual.path))")
    }
    if let pendingError = kept.pendingError {
      lines.append("The actual value could not be kept for snapshot-record: \(pendingError)")
    } else if let settings {
      let fix = fix(for: mismatch, settings: settings)
      if !fix.isEmpty { lines.append(fix) }
    }
    return lines.joined(separator: "\n")
  }

  private static func fix(for mismatch: SnapshotResult.Mismatch, settings: SnapshotSettings)
    -> String
  {
    if case .heldBackOnCI(let requested) = settings.recordSource {
      return "Nothing was written: CI is set, so the record mode .\(requested.rawValue) chosen in "
        + "code is not used there; set SNAPSHOT_TESTING_RECORD on CI to record anyway."
    }
    if settings.recordSource == .recordCommand {
      return "Left for snapshot-record, which decides what is written."
    }
    switch mismatch {
    case .missing:
      return "Nothing was written: the record mode is never"
        + (settings.recordSource == .defaultMode ? " (the default when CI is set)" : "")
        + ". To record it, run: \(recordCommand)"
    case .unreadable:
      return "The reference was left as it is. To replace it, run: \(recordCommand)"
    case .differs, .unexpectedReference:
      return "To accept the actual value, run: \(recordCommand)"
    }
  }

  /// What a failing inline snapshot says: what differs, and the command that writes the new
  /// text.
  private static func keptInline(
    _ mismatch: SnapshotResult.Mismatch, _ kept: SnapshotResult.KeptInline,
    underRecordCommand: Bool
  ) -> String {
    let site = kept.site
    if case .notRecordable = kept.pending {
      // The deprecated `_assertInlineSnapshot(matching:as:record:with:)`.
      let recording = site.record == .all
      return """
        The inline snapshot does not match\(recording ? " (record: true cannot write it)" : "").

        \(difference(mismatch) ?? "")

        snapshot-record does not rewrite this spelling's `with:` text: change the call to \
        assertInlineSnapshot(of:as:) from InlineSnapshots to have it recorded.
        """
    }
    var lines: [String] = site.message.isEmpty ? [] : [site.message]
    switch (mismatch, kept.actual) {
    case (.differs, _):
      lines += [
        "The inline snapshot does not match (\(site.call)).", "", difference(mismatch) ?? "", "",
      ]
    case (_, let actual?):
      // Escaped as the diff's lines are: on a colour terminal, a value's own colour is shown.
      lines += [
        "No inline snapshot yet (\(site.call)). The actual text:", "",
        ControlCharacters.escaped(actual), "",
      ]
    case (_, nil):
      lines += [
        "The value is nil, so the call should have no \(site.closureLabel): closure (\(site.call)).",
        "",
      ]
    }
    switch kept.pending {
    case .failed(let error):
      lines.append("The new text could not be kept for snapshot-record: \(error)")
    case .recordingOff:
      lines.append("Recording is off for this assertion (record: .never); edit the source by hand.")
    case .kept where !underRecordCommand:
      let change = kept.actual == nil ? "remove it from" : "write it into"
      lines.append("To \(change) the source, run: \(recordCommand)")
    case .kept, .notRecordable:
      break
    }
    return lines.joined(separator: "\n")
  }
}

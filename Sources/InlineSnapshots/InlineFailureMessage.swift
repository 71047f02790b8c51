@_spi(Tooling) import Snapshots

/// What a failing inline snapshot says: what differs, and the command that writes the new text.
struct InlineFailureMessage {
  var prefix: String
  /// `assertInlineSnapshot at Module/File.swift:12`.
  var call: String
  /// The diff from the reference to the actual text; `nil` when there is no reference.
  var difference: String?
  var actual: String
  /// Why the pending record could not be written, if it could not.
  var pendingError: String?

  var text: String {
    var lines: [String] = prefix.isEmpty ? [] : [prefix]
    if let difference {
      lines += ["The inline snapshot does not match (\(call)).", "", difference, ""]
    } else {
      lines += ["No inline snapshot yet (\(call)). The actual text:", "", actual, ""]
    }
    if let pendingError {
      lines.append("The new text could not be kept for snapshot-record: \(pendingError)")
    } else if !PendingStore.insideRecordCommand {
      lines.append(
        "To write it into the source, run: "
          + "swift package --allow-writing-to-package-directory snapshot-record")
    }
    return lines.joined(separator: "\n")
  }
}

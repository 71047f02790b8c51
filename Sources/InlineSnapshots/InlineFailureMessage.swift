/// What a failing inline snapshot says: what differs, and the command that writes the new text.
struct InlineFailureMessage {
  /// Whether the new text was left for `snapshot-record`.
  enum Pending {
    case kept
    /// Kept by a test that runs under `snapshot-record`, which records it: no command to name.
    case keptForTheRecordCommand
    /// Code chose `record: .never`.
    case notKept
    /// The record could not be written, with why.
    case failed(String)
  }

  var prefix: String
  /// `assertInlineSnapshot at Module/File.swift:12`.
  var call: String
  var closureLabel: String
  /// The diff from the reference to the actual text, when both exist.
  var difference: String?
  /// The value's text; `nil` when the value was `nil`.
  var actual: String?
  var pending: Pending

  var text: String {
    var lines: [String] = prefix.isEmpty ? [] : [prefix]
    switch (difference, actual) {
    case (let difference?, _):
      lines += ["The inline snapshot does not match (\(call)).", "", difference, ""]
    case (nil, let actual?):
      lines += ["No inline snapshot yet (\(call)). The actual text:", "", actual, ""]
    case (nil, nil):
      lines += [
        "The value is nil, so the call should have no \(closureLabel): closure (\(call)).", "",
      ]
    }
    switch pending {
    case .failed(let error):
      lines.append("The new text could not be kept for snapshot-record: \(error)")
    case .notKept:
      lines.append("Recording is off for this assertion (record: .never); edit the source by hand.")
    case .kept:
      let change = actual == nil ? "remove it from" : "write it into"
      lines.append(
        "To \(change) the source, run: "
          + "swift package --allow-writing-to-package-directory snapshot-record")
    case .keptForTheRecordCommand:
      break
    }
    return lines.joined(separator: "\n")
  }
}

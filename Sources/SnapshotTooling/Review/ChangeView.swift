import Foundation
@_spi(Tooling) import Snapshots

/// One pending change as a reviewer reads it: a header (test, source line, reference, status)
/// and a body, its diff or either side, in colour when the terminal shows it.
struct ChangeView {
  enum Mode: String, CaseIterable, Sendable {
    case diff, new, old
  }

  var change: PendingChange
  var pending: PendingChanges
  var colored: Bool

  /// The header; `position` (`[2/7]`) leads its first line in a review.
  func header(position: String?) -> [String] {
    let location = change.record.sourceLocation
    let status: String
    switch change.status {
    case .new: status = paint("new", .green)
    case .changed: status = paint("changed", .yellow)
    case .removed: status = paint("removed", .red)
    }
    var lines = [
      (position.map { paint($0, .bold) + "  " } ?? "")
        + "\(status) \(change.kind.rawValue) snapshot (\(change.format))  id \(change.id)",
      "Test:      \(change.testName)",
      "Source:    \(pending.relative(location.file)):\(location.line)"
        + (sourceLine(location).map { "  \(paint($0, .dim))" } ?? ""),
    ]
    switch change.record {
    case .file(let file): lines.append("Reference: \(pending.relative(file.referencePath))")
    case .inline(let call):
      lines.append(
        "Reference: inline, in the call of \(call.functionName.isEmpty ? "the assertion" : call.functionName)"
      )
    }
    // Said before anyone accepts it: its new value may be chance, not a change.
    if let unstable = pending.unstable(change) {
      lines.append(
        paint("\(unstable) (snapshot-record --stability saw it vary between runs)", .red))
    }
    return lines
  }

  /// The body in `mode`: text as text, other bytes as their sizes and files.
  func body(_ mode: Mode) -> [String] {
    let (old, new) = change.contents()
    let oldText = old.flatMap { String(data: $0, encoding: .utf8) }
    let newText = new.flatMap { String(data: $0, encoding: .utf8) }
    let isText = (old == nil || oldText != nil) && (new == nil || newText != nil)
    guard isText else { return binary(old: old, new: new, mode: mode) }
    switch mode {
    case .diff:
      // With what tells lines that look alike on screen apart.
      let diff = UnifiedDiff.forReview(colored: colored).linesWithHints(
        old: oldText ?? "", new: newText ?? "")
      return diff.isEmpty ? ["(no difference in the text)"] : diff.flatMap { Self.lines($0.text) }
    // A side's text is escaped (`ControlCharacters`) as the diff's lines are: a value's own
    // colour sequence is shown, not run.
    case .new:
      return newText.map { Self.lines(ControlCharacters.escaped($0)) }
        ?? ["(no new text: the inline snapshot is removed)"]
    case .old:
      return oldText.map { Self.lines(ControlCharacters.escaped($0)) } ?? ["(no reference yet)"]
    }
  }

  private func binary(old: Data?, new: Data?, mode: Mode) -> [String] {
    var lines: [String] = []
    if mode == .diff, case .file(let file) = change.record, let summary = file.summary {
      lines.append(summary)
    }
    func describe(_ data: Data?, _ url: URL?, _ name: String) -> String {
      guard let data else { return "\(name): none" }
      let size = PNGChunks(data).map { "\($0.width)×\($0.height) PNG, " } ?? ""
      return "\(name): \(size)\(data.count) bytes" + (url.map { " (\($0.path))" } ?? "")
    }
    if mode != .new { lines.append(describe(old, change.oldFile, "Old")) }
    if mode != .old { lines.append(describe(new, change.newFile, "New")) }
    if mode == .diff, case .file(let file) = change.record, let difference = file.artifacts?.first {
      lines.append("Difference image: \(difference)")
    }
    return lines
  }

  /// The assertion's line of source, trimmed, when it can be read.
  private func sourceLine(_ location: (file: String, line: Int)) -> String? {
    guard let text = try? String(contentsOfFile: location.file, encoding: .utf8) else {
      return nil
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.indices.contains(location.line - 1) else { return nil }
    return ControlCharacters.escaped(
      lines[location.line - 1].trimmingCharacters(in: .whitespacesAndNewlines))
  }

  private static func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  private func paint(_ text: String, _ colour: Terminal.Colour) -> String {
    Terminal.paint(text, colour, if: colored)
  }
}

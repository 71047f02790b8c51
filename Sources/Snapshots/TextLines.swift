/// A text split into lines for diffing, remembering whether it ends with a newline.
struct TextLines {
  let lines: [Substring]
  let endsWithNewline: Bool

  init(_ text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    endsWithNewline = text.hasSuffix("\n")
    if endsWithNewline || text.isEmpty { lines.removeLast() }
    self.lines = lines
  }

  /// What identifies each line when diffing: the final line of a text with no trailing newline
  /// differs from the same line followed by one, so that change is shown too.
  var diffKeys: [Substring] {
    guard !endsWithNewline, let last = lines.last else { return lines }
    var keys = lines
    keys[keys.count - 1] = Substring(last + "\n")
    return keys
  }

  func isMissingNewline(at index: Int) -> Bool {
    !endsWithNewline && index == lines.count - 1
  }
}

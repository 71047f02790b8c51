/// A source file's bytes with what edits need to know of them: each line's indentation, the
/// file's indentation step and line ending.
struct SourceLayout {
  let bytes: [UInt8]
  let lineEnding: String
  let unit: String

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    lineEnding = zip(bytes, bytes.dropFirst()).contains { $0 == 13 && $1 == 10 } ? "\r\n" : "\n"
    unit = SourceLayout.indentationUnit(bytes)
  }

  /// The edit that writes `text` into the call's reference closure, or removes the closure when
  /// `text` is `nil`.
  ///
  /// - Parameter inserted: closures earlier edits add after the call's last one.
  func edit(_ call: InlineCall, text: String?, inserted: Int = 0) -> TextEdit? {
    let start = call.call.start
    let indentation = indentation(ofLineAt: start)
    let literal = text.map {
      InlineLiteral(
        indentation: indentation, unit: indentation.contains("\t") ? "\t" : unit,
        lineEnding: lineEnding
      ).closure(for: $0)
    }
    switch (call.placement(removing: text == nil, inserted: inserted), literal) {
    case (.replace(let range)?, let literal?):
      return TextEdit(range: range, text: literal)
    case (.insert(let offset, let label, let before)?, let literal?):
      let labelled = (label.map { "\($0): " } ?? "") + literal
      return TextEdit(range: offset..<offset, text: before ? labelled + " " : " " + labelled)
    case (.remove(let range, let leaving)?, nil):
      return TextEdit(range: range, text: leaving)
    default:
      return nil
    }
  }

  /// The spaces and tabs that start the line holding `offset`.
  func indentation(ofLineAt offset: Int) -> String {
    var start = offset
    while start > 0 && bytes[start - 1] != 10 { start -= 1 }
    var end = start
    while end < bytes.count && (bytes[end] == 32 || bytes[end] == 9) { end += 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The smallest indentation of any space-indented line (2 when none is): the file's step.
  private static func indentationUnit(_ bytes: [UInt8]) -> String {
    var smallest = Int.max
    var index = 0
    while index < bytes.count {
      var spaces = 0
      while index + spaces < bytes.count && bytes[index + spaces] == 32 { spaces += 1 }
      let next = index + spaces < bytes.count ? bytes[index + spaces] : 10
      if spaces > 0 && next != 10 && next != 13 { smallest = min(smallest, spaces) }
      while index < bytes.count && bytes[index] != 10 { index += 1 }
      index += 1
    }
    return String(repeating: " ", count: smallest == .max ? 2 : min(smallest, 8))
  }
}

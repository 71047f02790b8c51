import SwiftSyntax

/// A source file's bytes with what edits need to know of them: each line's indentation, the
/// file's indentation step and line ending.
struct SourceLayout {
  struct Edit {
    var range: Range<Int>
    var replacement: String
  }

  let bytes: [UInt8]
  let lineEnding: String
  let unit: String

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    lineEnding = zip(bytes, bytes.dropFirst()).contains { $0 == 13 && $1 == 10 } ? "\r\n" : "\n"
    unit = SourceLayout.indentationUnit(bytes)
  }

  /// The edit that writes `text` into the call's reference closure.
  func edit(_ call: InlineCall, text: String) -> Edit? {
    let start = call.call.positionAfterSkippingLeadingTrivia.utf8Offset
    let indentation = indentation(ofLineAt: start)
    let literal = InlineLiteral(
      indentation: indentation, unit: indentation.contains("\t") ? "\t" : unit,
      lineEnding: lineEnding
    ).closure(for: text)
    switch call.placement {
    case .replace(let range):
      return Edit(
        range: range.lowerBound.utf8Offset..<range.upperBound.utf8Offset, replacement: literal)
    case .insert(let position, let label):
      let offset = position.utf8Offset
      return Edit(
        range: offset..<offset, replacement: " " + (label.map { "\($0): " } ?? "") + literal)
    case nil:
      return nil
    }
  }

  /// The text with the edits made, or `nil` when two overlap.
  func applying(_ edits: [Edit]) -> String? {
    let sorted = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.replacement.utf8.count })
    var cursor = 0
    for edit in sorted {
      guard edit.range.lowerBound >= cursor else { return nil }
      result += bytes[cursor..<edit.range.lowerBound]
      result += edit.replacement.utf8
      cursor = edit.range.upperBound
    }
    result += bytes[cursor...]
    return String(decoding: result, as: UTF8.self)
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

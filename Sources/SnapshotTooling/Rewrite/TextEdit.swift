/// A replacement of a byte range of a UTF-8 text, as the source rewriters make them.
struct TextEdit {
  var range: Range<Int>
  var text: String

  init(range: Range<Int>, text: String) {
    self.range = range
    self.text = text
  }

  /// `bytes` with every edit made, or `nil` when two overlap; the ranges are of the original
  /// text, and edits at one position are made in the order given.
  static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> String? {
    let sorted = edits.enumerated().sorted {
      ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
    }.map(\.element)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.text.utf8.count })
    var cursor = 0
    for edit in sorted {
      guard edit.range.lowerBound >= cursor else { return nil }
      result += bytes[cursor..<edit.range.lowerBound]
      result += edit.text.utf8
      cursor = edit.range.upperBound
    }
    result += bytes[cursor...]
    return String(decoding: result, as: UTF8.self)
  }

  /// `source` with edits that a rewriter made not to overlap.
  static func apply(_ edits: [TextEdit], to source: String) -> String {
    guard let text = apply(edits, to: Array(source.utf8)) else {
      preconditionFailure("overlapping edits")
    }
    return text
  }
}

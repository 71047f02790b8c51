/// A replacement of a byte range of a UTF-8 text, as the migration rewriters make them.
struct TextEdit {
  var range: Range<Int>
  var text: String

  /// `source` with every edit made; the ranges are of the original text and must not overlap.
  static func apply(_ edits: [TextEdit], to source: String) -> String {
    var bytes = Array(source.utf8)
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

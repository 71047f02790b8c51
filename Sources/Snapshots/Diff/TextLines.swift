/// A text split into lines for diffing, as byte ranges of its UTF-8, remembering whether it ends
/// with a newline.
///
/// Lines are compared by their bytes, never by Unicode equivalence: a reference that changed only
/// its normalisation is a change on disk and is shown as one.
struct TextLines {
  let bytes: [UInt8]
  let ranges: [Range<Int>]
  let endsWithNewline: Bool

  init(_ text: String) {
    bytes = Array(text.utf8)
    var ranges: [Range<Int>] = []
    var start = 0
    bytes.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index] == 0x0A {
        ranges.append(start..<index)
        start = index + 1
      }
    }
    endsWithNewline = start == bytes.count && !bytes.isEmpty
    if start < bytes.count { ranges.append(start..<bytes.count) }
    self.ranges = ranges
  }

  var count: Int { ranges.count }

  subscript(line: Int) -> String {
    String(decoding: bytes[ranges[line]], as: UTF8.self)
  }

  func isMissingNewline(at index: Int) -> Bool {
    !endsWithNewline && index == ranges.count - 1
  }
}

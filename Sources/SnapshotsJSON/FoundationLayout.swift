import Foundation

/// The layout Foundation's `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys]`, as
/// swift-snapshot-testing's `.json` references have it: `"key" : value`, `/` escaped as `\/`,
/// empty containers opened and closed on their own lines, no final newline.
///
/// A reference in this layout is re-recorded in it, so the review diff of a migrated suite
/// shows only the values that changed.
enum FoundationLayout {
  /// Whether a reference's text is in this layout: `" : "` after a key, no final newline.
  static func isUsed(by reference: Data) -> Bool {
    reference.last != UInt8(ascii: "\n") && reference.range(of: Data("\" : ".utf8)) != nil
  }

  /// The canonical text (which sorts keys and indents by two spaces, as Foundation does)
  /// rewritten in this layout.
  static func text(fromCanonical canonical: String) -> String {
    let bytes = Array(canonical.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + bytes.count / 8)
    var inString = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        switch byte {
        case UInt8(ascii: "\\"):
          output += bytes[index...index + 1]
          index += 2
          continue
        case UInt8(ascii: "\""): inString = false
        case UInt8(ascii: "/"): output.append(UInt8(ascii: "\\"))
        default: break
        }
        output.append(byte)
      } else {
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: ":"): output.append(UInt8(ascii: " "))
        case UInt8(ascii: "["), UInt8(ascii: "{"):
          guard index + 1 < bytes.count, bytes[index + 1] == byte + 2 else { break }
          // `[]` becomes `[`, an empty line, and `]` at the line's indentation.
          output += [byte, 0x0A, 0x0A] + indentation(ofLineBefore: index, in: bytes) + [byte + 2]
          index += 2
          continue
        default: break
        }
        output.append(byte)
      }
      index += 1
    }
    if output.last == 0x0A { output.removeLast() }
    return String(decoding: output, as: UTF8.self)
  }

  /// The spaces that start the line holding `index`.
  private static func indentation(ofLineBefore index: Int, in bytes: [UInt8]) -> [UInt8] {
    var start = index
    while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
    var end = start
    while bytes[end] == UInt8(ascii: " ") { end += 1 }
    return Array(bytes[start..<end])
  }
}

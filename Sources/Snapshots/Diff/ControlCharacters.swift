import Foundation

/// Control characters as text a reader sees: `\0`, `\r` and `\u{1B}`, as Swift writes them in a
/// string literal.
///
/// Every text the toolkit shows (failure messages, diffs, the tool's output, the review, the
/// gallery) goes through ``escaped(_:keepingColour:)``: a NUL ends a C string, so the test
/// frameworks' output and JUnit XML would stop at it; an escape sequence would be run by the
/// terminal rather than shown; and XML 1.0 holds no C0 control but a tab and line breaks.
///
/// ```swift
/// ControlCharacters.escaped("before\0after \u{1B}[31m")  // before\0after \u{1B}[31m
/// ```
package enum ControlCharacters {
  /// `text` with every character a terminal or XML cannot show as itself written as Swift
  /// writes it in a literal: C0 controls but the line feed and the tab (`\0`, `\r`, `\u{7}`),
  /// DEL (`\u{7F}`), C1 controls (`\u{9B}`) and the noncharacters U+FFFE and U+FFFF.
  ///
  /// With `keepingColour`, the colour sequences (`ESC [ 31 m`) stay as they are: for text the
  /// toolkit painted for a colour terminal, whose values' own text it escaped before painting.
  public static func escaped(_ text: some StringProtocol, keepingColour: Bool = false) -> String {
    guard mayNeedEscape(text) else { return String(text) }
    var scalars = Array(text.unicodeScalars)[...]
    var result = String.UnicodeScalarView()
    while let scalar = scalars.popFirst() {
      if keepingColour, scalar == "\u{1B}", let length = colourLength(scalars) {
        result.append(scalar)
        result.append(contentsOf: scalars.prefix(length))
        scalars = scalars.dropFirst(length)
      } else if needsEscape(scalar) {
        result.append(contentsOf: spelling(of: scalar).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Whether `scalar` is written escaped.
  package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: return false
    case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: return true
    default: return false
    }
  }

  /// Whether `text` holds a scalar that may be written escaped: a C0 control or DEL, a C1
  /// control (`C2 80` to `C2 9F`) or a scalar starting `EF BF` (U+FFFE and U+FFFF among them);
  /// most text holds none.
  ///
  /// `strcspn` finds each byte that can begin one (or the NUL it stops at, which is one): the
  /// tool prints megabytes at once (`pending --json`, the gallery), in the debug build the
  /// plugin makes, where a loop over each byte is slow.
  private static func mayNeedEscape(_ text: some StringProtocol) -> Bool {
    let count = text.utf8.count
    return text.withCString { start in
      var cursor = start
      while true {
        cursor += strcspn(cursor, escapeStarts)
        guard cursor - start < count else { return false }
        let byte = UInt8(bitPattern: cursor[0])
        let next = UInt8(bitPattern: cursor[1])
        // `·` (`C2 B7`) and `’` (`EF` then not `BF`) are common and need nothing.
        guard byte == 0xC2 && !(0x80...0x9F).contains(next) || byte == 0xEF && next != 0xBF
        else { return true }
        cursor += 1
      }
    }
  }

  private static let escapeStarts: [CChar] =
    ((0x01..<0x20).filter { $0 != 0x0A && $0 != 0x09 } + [0x7F, 0xC2, 0xEF, 0]).map {
      CChar(bitPattern: UInt8($0))
    }

  private static func spelling(of scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\0": return "\\0"
    case "\r": return "\\r"
    default: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
  }

  /// The length of a colour sequence's rest (`[31m`, `[0m`, `[1;32m`) at the start of
  /// `scalars`, or `nil` when they do not start one.
  private static func colourLength(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? {
    guard scalars.first == "[" else { return nil }
    var length = 1
    for scalar in scalars.dropFirst() {
      length += 1
      if scalar == "m" { return length }
      guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
    }
    return nil
  }
}

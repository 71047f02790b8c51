/// The string a Swift string literal stands for, as the compiler reads it: escapes resolved,
/// raw delimiters (`#"…"#`) honoured, a multi-line literal's indentation (its closing
/// delimiter's) taken off each line, its line endings made `\n` and its escaped line breaks
/// joined.
package enum SwiftStringLiteral {
  /// `nil` when the literal interpolates or is malformed (an unknown escape, a line indented
  /// less than the closing delimiter, no closing delimiter).
  static func value(of literal: ArraySlice<UInt8>) -> String? {
    let bytes = Array(literal)
    var hashes = 0
    while hashes < bytes.count, bytes[hashes] == UInt8(ascii: "#") { hashes += 1 }
    let quote = UInt8(ascii: "\"")
    let rest = bytes[hashes...]
    let multiline =
      rest.starts(with: [quote, quote, quote]) && rest.count >= 6 + hashes
      && bytes[(hashes + 3)...].contains(UInt8(ascii: "\n"))
    let delimiter = multiline ? 3 : 1
    let closing =
      Array(repeating: quote, count: delimiter)
      + Array(repeating: UInt8(ascii: "#"), count: hashes)
    guard bytes.count >= hashes + delimiter + closing.count,
      Array(bytes.suffix(closing.count)) == closing
    else { return nil }
    let content = Array(bytes[(hashes + delimiter)..<(bytes.count - closing.count)])
    return multiline
      ? multilineValue(content, hashes: hashes) : unescaped(content[...], hashes: hashes)
  }

  private static func multilineValue(_ content: [UInt8], hashes: Int) -> String? {
    let lines = content.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { line in line.last == UInt8(ascii: "\r") ? line.dropLast() : line }
    // The opening line holds nothing but whitespace; the closing one, the indentation.
    guard lines.count >= 2, lines[0].allSatisfy(isSpace), lines[lines.count - 1].allSatisfy(isSpace)
    else { return nil }
    let indentation = lines[lines.count - 1]
    var joined: [UInt8] = []
    let body = lines[1..<(lines.count - 1)]
    for (offset, line) in body.enumerated() {
      var text: ArraySlice<UInt8>
      if line.starts(with: indentation) {
        text = line.dropFirst(indentation.count)
      } else if line.allSatisfy(isSpace) && indentation.starts(with: line) {
        text = []
      } else {
        return nil
      }
      let isLast = offset == body.count - 1
      // `\` at a line's end (trailing spaces allowed) joins it with the next.
      let trimmed = text.reversed().drop(while: isSpace)
      let escapesBreak = !isLast && endsWithEscape(Array(trimmed.reversed()), hashes: hashes)
      if escapesBreak {
        let kept = Array(trimmed.reversed())
        joined += kept.dropLast(1 + hashes)
      } else {
        joined += text
        if !isLast { joined.append(UInt8(ascii: "\n")) }
      }
    }
    return unescaped(joined[...], hashes: hashes)
  }

  /// Whether `text` ends with an escape character (`\` and `hashes` `#`) that is not itself
  /// escaped.
  private static func endsWithEscape(_ text: [UInt8], hashes: Int) -> Bool {
    guard text.count >= 1 + hashes,
      text.suffix(hashes).allSatisfy({ $0 == UInt8(ascii: "#") }),
      text[text.count - 1 - hashes] == UInt8(ascii: "\\")
    else { return false }
    var backslashes = 0
    var index = text.count - 1 - hashes
    while index >= 0, text[index] == UInt8(ascii: "\\") {
      backslashes += 1
      index -= 1
    }
    return hashes > 0 || backslashes % 2 == 1
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  private static func unescaped(_ text: ArraySlice<UInt8>, hashes: Int) -> String? {
    var result: [UInt8] = []
    result.reserveCapacity(text.count)
    var index = text.startIndex
    while index < text.endIndex {
      let byte = text[index]
      guard byte == UInt8(ascii: "\\"),
        text[(index + 1)...].prefix(hashes).count == hashes,
        text[(index + 1)...].prefix(hashes).allSatisfy({ $0 == UInt8(ascii: "#") })
      else {
        result.append(byte)
        index += 1
        continue
      }
      index += 1 + hashes
      guard index < text.endIndex else { return nil }
      let escape = text[index]
      index += 1
      switch escape {
      case UInt8(ascii: "n"): result.append(10)
      case UInt8(ascii: "t"): result.append(9)
      case UInt8(ascii: "r"): result.append(13)
      case UInt8(ascii: "0"): result.append(0)
      case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): result.append(escape)
      case UInt8(ascii: "u"):
        guard index < text.endIndex, text[index] == UInt8(ascii: "{"),
          let close = text[index...].firstIndex(of: UInt8(ascii: "}")),
          (1...8).contains(close - index - 1),
          let value = UInt32(String(decoding: text[(index + 1)..<close], as: UTF8.self), radix: 16),
          let scalar = Unicode.Scalar(value)
        else { return nil }
        result += Array(String(Character(scalar)).utf8)
        index = close + 1
      default:
        // `\(` interpolates; anything else is not an escape.
        return nil
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}

/// Writes a text as the closure that holds an inline snapshot: a multi-line string literal,
/// indented one level inside the closure, whose value is exactly the text.
///
/// Raw delimiters (`#"""`) are used when the text holds `"""`, `\` or `#`, with as many `#` as it
/// takes; control characters other than tab are written as `\#u{…}` escapes. Empty lines get
/// no indentation, so no line ends in whitespace that the text does not have.
struct InlineLiteral {
  /// The call's indentation: the closing brace's.
  var indentation: String
  /// One level of indentation in this file.
  var unit: String
  /// `\n`, or `\r\n` in a file that uses it.
  var lineEnding: String

  func closure(for text: String) -> String {
    let inner = indentation + unit
    let hashes = String(repeating: "#", count: InlineLiteral.rawLevel(for: text))
    let body = InlineLiteral.escaped(text, hashes: hashes).split(
      separator: "\n", omittingEmptySubsequences: false)
    var lines = ["{", inner + hashes + "\"\"\""]
    lines += body.map { $0.isEmpty ? "" : inner + $0 }
    lines += [inner + "\"\"\"" + hashes, indentation + "}"]
    return lines.joined(separator: lineEnding)
  }

  /// How many `#` the delimiters need: none for plain text, else the fewest that no `"""#…` or
  /// `\#…` in the text can end or escape.
  static func rawLevel(for text: String) -> Int {
    let needsRaw =
      text.contains("\"\"\"") || text.contains("\\") || text.contains("#")
      || text.unicodeScalars.contains(where: needsEscape)
    guard needsRaw else { return 0 }
    var level = 1
    while true {
      let hashes = String(repeating: "#", count: level)
      if !text.contains("\"\"\"" + hashes) && !text.contains("\\" + hashes) { return level }
      level += 1
    }
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F
  }

  private static func escaped(_ text: String, hashes: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        result.append(contentsOf: "\\\(hashes)u{\(String(scalar.value, radix: 16))}".unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }
}

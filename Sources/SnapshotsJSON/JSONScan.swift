/// A second look at text json-c has accepted: it enforces what json-c lets through even in
/// strict mode, and recovers every number's text.
///
/// json-c accepts `NaN`, `Infinity`, numbers such as `-01`, `2.` or `.5`, single-quoted strings
/// and unescaped control characters in strings; RFC 8259 does not, so they are refused here with their position. And
/// json-c turns integers beyond 64 bits into the nearest limit and prints `-0` as `0`, so each
/// number's text is taken from the source, in document order: a snapshot never changes a
/// user's data.
enum JSONScan {
  /// Where the numbers of the text are, in document order.
  static func numbers(in bytes: [UInt8]) throws(JSONParseError) -> [Range<Int>] {
    var numbers: [Range<Int>] = []
    // Through a pointer: no bounds check per byte of a document of megabytes.
    let problem = bytes.withUnsafeBufferPointer { scan($0, numbers: &numbers) }
    if let problem {
      throw JSONParseError(reason: problem.reason, byteOffset: problem.offset, in: bytes)
    }
    return numbers
  }

  /// Scans the whole text, adding each number's range to `numbers`: the first problem found,
  /// `nil` when there is none.
  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, numbers: inout [Range<Int>])
    -> (reason: String, offset: Int)?
  {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index = StringRun.end(in: bytes, from: index + 1)
        while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
          if bytes[index] < 0x20 {
            return ("a control character in a string must be escaped", index)
          }
          index = StringRun.end(
            in: bytes, from: index + (bytes[index] == UInt8(ascii: "\\") ? 2 : 1))
        }
        index += 1
      } else if byte == UInt8(ascii: "-") || isDigit(byte) {
        let start = index
        while index < bytes.count, isNumberByte(bytes[index]) { index += 1 }
        guard isWellFormedNumber(bytes[start..<index]) else { return ("malformed number", start) }
        numbers.append(start..<index)
      } else if isLetter(byte) || byte == UInt8(ascii: ".") {
        let start = index
        while index < bytes.count, isLetter(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
          index += 1
        }
        guard isLiteral(bytes[start..<index]) else {
          return ("NaN, Infinity and other bare words are not JSON", start)
        }
      } else if isStructural(byte) {
        index += 1
      } else {
        // json-c takes single-quoted strings even in strict mode; a `"` inside one would put
        // this scan out of step with json-c's, and let through what follows (found by fuzzing).
        return (
          byte == UInt8(ascii: "'") ? "strings must be in double quotes" : "unexpected character",
          index
        )
      }
    }
    return nil
  }

  /// `true`, `false` or `null`, compared byte by byte (a document has one per boolean or null).
  private static func isLiteral(_ word: some Collection<UInt8>) -> Bool {
    word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8)
      || word.elementsEqual("null".utf8)
  }

  /// `{ } [ ] : ,` and the four whitespace characters JSON allows between values.
  private static func isStructural(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
      UInt8(ascii: ":"), UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
      return true
    default:
      return false
    }
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as RFC 8259 defines a number.
  static func isWellFormedNumber(_ text: some Collection<UInt8>) -> Bool {
    var rest = text[...]
    if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
    guard let first = rest.first, isDigit(first) else { return false }
    if first == UInt8(ascii: "0") {
      rest = rest.dropFirst()
    } else {
      rest = rest.drop(while: isDigit)
    }
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      guard let digit = rest.first, isDigit(digit) else { return false }
      rest = rest.drop(while: isDigit)
    }
    if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
      rest = rest.dropFirst()
      if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") {
        rest = rest.dropFirst()
      }
      guard let digit = rest.first, isDigit(digit) else { return false }
      rest = rest.drop(while: isDigit)
    }
    return rest.isEmpty
  }

  /// Whether json-c's value of a well-formed number could differ from its text.
  ///
  /// So it is for an integer of 19 digits or more (json-c clamps beyond 64 bits) and a negative
  /// zero (`-0` reads as `0`); doubles keep their text in json-c.
  static func isInexactInJSONC(_ text: ArraySlice<UInt8>) -> Bool {
    if text.contains(where: {
      $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
    }) {
      return false
    }
    let digits = text.first == UInt8(ascii: "-") ? text.dropFirst() : text
    return digits.count >= 19
      || (text.first == UInt8(ascii: "-") && digits.first == UInt8(ascii: "0"))
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
  }
}

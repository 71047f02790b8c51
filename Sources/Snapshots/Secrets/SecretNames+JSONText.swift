import Foundation

extension SecretNames {
  /// JSON text with the value of each member the list names replaced by `"<redacted>"`, at
  /// any depth, inside arrays too, its layout and every other byte kept; a `null` stays, as it
  /// holds no secret.
  ///
  /// Read leniently, so that what no parser takes keeps no secret either: a document cut
  /// short, a line of NDJSON, JSON inside other text. A value is a string, a container (to
  /// its matching bracket, or the end) or anything else up to a `,`, a bracket or a space.
  public func withoutSecrets(inJSON text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: ":")) else { return text }
    let bytes = Array(text.utf8)
    var output: [UInt8] = []
    // What of `bytes` is in `output`: the text is copied only up to each secret.
    var copied = 0
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "\"") else {
        index += 1
        continue
      }
      let keyStart = index
      index = JSONText.stringEnd(bytes, from: keyStart)
      var value = index
      while value < bytes.count, JSONText.isSpace(bytes[value]) { value += 1 }
      guard value < bytes.count, bytes[value] == UInt8(ascii: ":"),
        contains(JSONText.key(bytes[keyStart..<index]))
      else { continue }
      value += 1
      while value < bytes.count, JSONText.isSpace(bytes[value]) { value += 1 }
      let valueEnd = JSONText.valueEnd(bytes, from: value)
      guard value < valueEnd, !bytes[value..<valueEnd].elementsEqual("null".utf8) else { continue }
      output += bytes[copied..<value]
      output += "\"\(Self.placeholder)\"".utf8
      copied = valueEnd
      index = valueEnd
    }
    guard copied > 0 else { return text }
    output += bytes[copied...]
    return String(decoding: output, as: UTF8.self)
  }
}

/// The few facts of JSON's grammar a lenient reading needs.
private enum JSONText {
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// The index after the string that opens at `start`; for one left open, its line's end
  /// (a string holds no line break), so that the next line is read in step again.
  static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start + 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 2
      case UInt8(ascii: "\""): return index + 1
      case 0x0A, 0x0D: return index
      default: index += 1
      }
    }
    return bytes.count
  }

  /// The index after the value that begins at `start`.
  static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int {
    guard start < bytes.count else { return start }
    switch bytes[start] {
    case UInt8(ascii: "\""):
      return stringEnd(bytes, from: start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var index = start
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          index = stringEnd(bytes, from: index)
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return index + 1 }
        default: break
        }
        index += 1
      }
      return bytes.count
    default:
      var index = start
      while index < bytes.count, !isSpace(bytes[index]),
        ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[index])
      {
        index += 1
      }
      return index
    }
  }

  /// A key's text, its escapes undone (`"pass\u0077ord"` is `password`).
  static func key(_ quoted: ArraySlice<UInt8>) -> String {
    guard quoted.contains(UInt8(ascii: "\\")),
      let decoded = try? JSONDecoder().decode(String.self, from: Data(quoted))
    else { return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self) }
    return decoded
  }
}

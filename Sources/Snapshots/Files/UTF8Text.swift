import Foundation

/// Decodes reference files as UTF-8, saying where the first invalid byte is.
package enum UTF8Text {
  struct InvalidByte: Error, CustomStringConvertible {
    var offset: Int
    var byte: UInt8
    var description: String {
      "invalid UTF-8 at byte offset \(offset) (0x\(String(byte, radix: 16, uppercase: true)))"
    }
  }

  /// Whether `data` is exactly `text`'s UTF-8.
  public static func isEncoding(of text: String, _ data: Data) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      utf8.count == data.count
        && data.withUnsafeBytes { bytes in
          guard let file = bytes.baseAddress, let text = utf8.baseAddress else { return true }
          return memcmp(file, text, utf8.count) == 0
        }
    }
  }

  /// Whether two texts are the same bytes, not only canonically equivalent as `==` says.
  public static func sameBytes(_ a: String, _ b: String) -> Bool {
    var (a, b) = (a, b)
    return a.withUTF8 { x in
      b.withUTF8 { y in
        guard x.count == y.count, let p = x.baseAddress, let q = y.baseAddress else {
          return x.count == y.count
        }
        return memcmp(p, q, x.count) == 0
      }
    }
  }

  /// Whether `bytes` are well-formed UTF-8 (the Unicode Standard's table 3-7), checked in place:
  /// `String(validating:)` would copy a document of megabytes to answer.
  public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    while index < count {
      // Eight ASCII bytes at a time.
      if index + 8 <= count,
        UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
        continue
      }
      let lead = base[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The continuation bytes, and the range the first of them must be in.
      let (length, low, high): (Int, UInt8, UInt8)
      switch lead {
      case 0xC2...0xDF: (length, low, high) = (1, 0x80, 0xBF)
      case 0xE0: (length, low, high) = (2, 0xA0, 0xBF)
      case 0xED: (length, low, high) = (2, 0x80, 0x9F)
      case 0xE1...0xEF: (length, low, high) = (2, 0x80, 0xBF)
      case 0xF0: (length, low, high) = (3, 0x90, 0xBF)
      case 0xF4: (length, low, high) = (3, 0x80, 0x8F)
      case 0xF1...0xF3: (length, low, high) = (3, 0x80, 0xBF)
      default: return false
      }
      guard index + length < count, base[index + 1] >= low, base[index + 1] <= high else {
        return false
      }
      var next = 2
      while next <= length {
        guard base[index + next] & 0xC0 == 0x80 else { return false }
        next += 1
      }
      index += length + 1
    }
    return true
  }

  static func decode(_ data: Data) throws(InvalidByte) -> String {
    if let text = String(validating: data, as: UTF8.self) { return text }
    var decoder = Unicode.UTF8.ForwardParser()
    var iterator = data.makeIterator()
    var offset = 0
    while true {
      switch decoder.parseScalar(from: &iterator) {
      case .valid(let scalar):
        offset += scalar.count
      case .error:
        throw InvalidByte(offset: offset, byte: data[data.startIndex + offset])
      case .emptyInput:
        return String(decoding: data, as: UTF8.self)
      }
    }
  }
}

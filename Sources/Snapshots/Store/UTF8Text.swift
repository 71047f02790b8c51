import Foundation

/// Decodes reference files as UTF-8, saying where the first invalid byte is.
enum UTF8Text {
  struct InvalidByte: Error, CustomStringConvertible {
    var offset: Int
    var byte: UInt8
    var description: String {
      "invalid UTF-8 at byte offset \(offset) (0x\(String(byte, radix: 16, uppercase: true)))"
    }
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

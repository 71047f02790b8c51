/// Why a text is not JSON, and where: line and column (1-based, in characters), byte offset,
/// json-c's reason and the offending line.
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public var byteOffset: Int
  public var reason: String
  /// The line the error is on, cut to at most 80 characters around the error.
  public var snippet: String

  public var description: String {
    "invalid JSON at line \(line), column \(column) (byte offset \(byteOffset)): \(reason)\n  \(snippet)"
  }

  /// Locates `byteOffset` in `bytes`.
  init(reason: String, byteOffset: Int, in bytes: [UInt8]) {
    let offset = min(max(0, byteOffset), bytes.count)
    let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    let lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
    self.reason = reason
    self.byteOffset = offset
    line = bytes[..<lineStart].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    let before = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
    column = before.count + 1
    let whole = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
    let start = max(0, before.count - 40)
    snippet = String(whole.dropFirst(start).prefix(80))
  }
}

extension JSONValue {
  /// The one text a JSON value is recorded as.
  ///
  /// Keys sorted by their UTF-8 bytes, two spaces of indentation, `"key": value`, one element
  /// per line, `{}` and `[]` for empty containers, numbers exactly as written, non-ASCII kept
  /// as UTF-8, `/` not escaped, control characters escaped (`\n`, `\u001f`), and a final
  /// newline:
  ///
  /// ```
  /// {
  ///   "id": 1,
  ///   "tags": [
  ///     "a"
  ///   ],
  ///   "meta": {}
  /// }
  /// ```
  public var canonicalText: String {
    var output: [UInt8] = []
    write(into: &output, indent: 0, pretty: true)
    output.append(0x0A)
    return String(decoding: output, as: UTF8.self)
  }

  /// The value on one line, cut to about `limit` characters with `…`: for failure messages.
  func compactText(limit: Int = 60) -> String {
    var output: [UInt8] = []
    write(into: &output, indent: 0, pretty: false)
    let text = String(decoding: output, as: UTF8.self)
    return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }

  /// Object members in canonical order.
  static func sorted(_ members: [(key: String, value: JSONValue)]) -> [(
    key: String, value: JSONValue
  )] {
    members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
  }

  private func write(into output: inout [UInt8], indent: Int, pretty: Bool) {
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .number(let text): output.append(contentsOf: text.utf8)
    case .string(let text): Self.writeString(text, into: &output)
    case .array(let elements):
      writeContainer(
        elements.map { (nil, $0) }, open: "[", close: "]", into: &output, indent: indent,
        pretty: pretty)
    case .object(let members):
      writeContainer(
        Self.sorted(members).map { ($0.key, $0.value) }, open: "{", close: "}", into: &output,
        indent: indent, pretty: pretty)
    }
  }

  private func writeContainer(
    _ items: [(String?, JSONValue)], open: Unicode.Scalar, close: Unicode.Scalar,
    into output: inout [UInt8], indent: Int, pretty: Bool
  ) {
    output.append(UInt8(ascii: open))
    guard !items.isEmpty else { return output.append(UInt8(ascii: close)) }
    for (offset, (key, value)) in items.enumerated() {
      if offset > 0 { output.append(UInt8(ascii: ",")) }
      if pretty {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
      }
      if let key {
        Self.writeString(key, into: &output)
        output.append(contentsOf: (pretty ? ": " : ":").utf8)
      }
      value.write(into: &output, indent: indent + 2, pretty: pretty)
    }
    if pretty {
      output.append(0x0A)
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }
    output.append(UInt8(ascii: close))
  }

  static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
      case 0x0A: output.append(contentsOf: #"\n"#.utf8)
      case 0x0D: output.append(contentsOf: #"\r"#.utf8)
      case 0x09: output.append(contentsOf: #"\t"#.utf8)
      case 0x08: output.append(contentsOf: #"\b"#.utf8)
      case 0x0C: output.append(contentsOf: #"\f"#.utf8)
      case ..<0x20:
        let hex = String(byte, radix: 16)
        output.append(contentsOf: (#"\u00"# + (hex.count == 1 ? "0" : "") + hex).utf8)
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}

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
  ///   "meta": {},
  ///   "tags": [
  ///     "a"
  ///   ]
  /// }
  /// ```
  public var canonicalText: String {
    var writer = CanonicalWriter(pretty: true)
    write(to: &writer)
    writer.finish()
    return String(decoding: writer.output, as: UTF8.self)
  }

  /// The value on one line, cut to about `limit` characters with `…`: for failure messages.
  func compactText(limit: Int = 60) -> String {
    var writer = CanonicalWriter(pretty: false)
    write(to: &writer)
    let text = String(decoding: writer.output, as: UTF8.self)
    return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }

  func write(to writer: inout CanonicalWriter) {
    switch self {
    case .null: writer.null()
    case .bool(let value): writer.bool(value)
    case .number(let text): writer.number(text.utf8)
    case .string(let text): writer.string(text.utf8)
    case .array(let elements):
      writer.open(UInt8(ascii: "["), isEmpty: elements.isEmpty)
      guard !elements.isEmpty else { return }
      for element in elements { element.write(to: &writer) }
      writer.close(UInt8(ascii: "]"))
    case .object(let members):
      writer.open(UInt8(ascii: "{"), isEmpty: members.isEmpty)
      guard !members.isEmpty else { return }
      for member in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
        writer.key(member.key.utf8)
        member.value.write(to: &writer)
      }
      writer.close(UInt8(ascii: "}"))
    }
  }
}

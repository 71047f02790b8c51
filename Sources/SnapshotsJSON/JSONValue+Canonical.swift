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
      writer.array(elements) { $1.write(to: &$0) }
    case .object(let members):
      let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      writer.object(sorted, key: \.key.utf8) { $1.value.write(to: &$0) }
    }
  }
}

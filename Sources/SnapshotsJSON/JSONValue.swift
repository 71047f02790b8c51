/// A JSON document as a tree, with every number kept as the text it was written as.
///
/// Objects keep their members in document order; the canonical form sorts them.
public indirect enum JSONValue: Sendable {
  case null
  case bool(Bool)
  /// A number exactly as written (`1.10`, `1e3`, `-0`, `123456789012345678901234567890`).
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])
}

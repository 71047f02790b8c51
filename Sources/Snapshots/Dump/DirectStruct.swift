/// A struct whose fields are all `String`, `Int`, `Bool` or `Double` (``DumpTypeTraits/direct``)
/// and whose dump order is known: its dump is its name's line and one line per field, each
/// field read from the value's bytes.
///
/// Each line's fixed part (`- id: `) is made once per type, so a dump of such a value is one
/// lookup and a few appends, with nothing boxed or sorted: the common small value of a test.
struct DirectStruct {
  private struct Field {
    /// `- <label>: `, what precedes the value on its line.
    var lead: String
    var offset: Int
    var kind: DumpTypeTraits.Direct
  }

  private let typeName: String
  /// In dump order.
  private let fields: [Field]

  /// `nil` unless every field is of a direct type.
  init?(typeName: String, fields: StructFields, order: [Int]) {
    guard let direct = fields.directFields, direct.count == order.count else { return nil }
    self.typeName = typeName
    var ordered: [Field] = []
    for index in order {
      ordered.append(
        Field(
          lead: "- " + fields.labels[index] + ": ", offset: direct[index].offset,
          kind: direct[index].kind))
    }
    self.fields = ordered
  }

  /// Appends the value's lines at `indent`, its own line named `name` when it is a field.
  func write(_ value: Any, indent: Int, name: String?, to output: inout String) {
    Dump.appendLine(to: &output, indent, fields.isEmpty ? "-" : "▿", name, typeName)
    guard !fields.isEmpty else { return }
    let fieldIndent = String(repeating: " ", count: indent + 2)
    withBytes(ofBoxed: value) { base in
      var index = 0
      while index < fields.count {
        let field = fields[index]
        output.append(fieldIndent)
        output.append(field.lead)
        DumpTypeTraits.append(at: base + field.offset, field.kind, to: &output)
        output.append("\n")
        index += 1
      }
    }
  }
}

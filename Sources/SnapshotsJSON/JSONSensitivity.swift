@_spi(Tooling) import Snapshots

/// What `snapshot-record --sensitivity` changes in a JSON snapshot: each leaf, one at a time,
/// redacted again as the strategy redacts, so a redaction that swallows a value shows as a
/// change that passes.
struct JSONSensitivity {
  let redactions: [JSONRedaction]

  func changes(of text: String, limit: Int = 500) -> [SnapshotChange<String>] {
    guard let document = try? JSONValue(parsing: Array(text.utf8)),
      let redactor = try? JSONRedactor(redactions)
    else { return SnapshotChange.lines(of: text) }
    // Each redaction alone, parsed once, to tell which one puts a changed value back.
    let alone = redactions.compactMap { one in (try? JSONRedactor([one])).map { (one, $0) } }
    var changes: [SnapshotChange<String>] = []
    Self.eachLeaf(of: document, limit: limit) { path, changed in
      let redacted = (try? redactor.redact(changed, strictly: false)) ?? changed
      let undoing = alone.first { _, redactor in
        (try? redactor.redact(changed, strictly: false))?.isSemanticallyEqual(to: document)
          ?? false
      }
      changes.append(
        SnapshotChange(
          path, redacted.canonicalText,
          ifUncaught: undoing.map { "the redaction \($0.0.selector) replaces it" }))
    }
    return changes
  }

  /// Calls `body` with each leaf's path and the document with that leaf changed: a string
  /// gains a character, a number becomes another, a Boolean its opposite, `null` `false`, an
  /// empty array or object one member.
  private static func eachLeaf(
    of document: JSONValue, limit: Int, _ body: (String, JSONValue) -> Void
  ) {
    var count = 0
    func walk(_ value: JSONValue, _ path: String, _ rebuild: (JSONValue) -> JSONValue) {
      guard count < limit else { return }
      switch value {
      case .array(let elements) where !elements.isEmpty:
        for (index, element) in elements.enumerated() {
          walk(element, JSONPath.element(path, index)) { changed in
            var copy = elements
            copy[index] = changed
            return rebuild(.array(copy))
          }
        }
      case .object(let members) where !members.isEmpty:
        for (index, member) in members.enumerated() {
          walk(member.value, JSONPath.member(path, member.key)) { changed in
            var copy = members
            copy[index].value = changed
            return rebuild(.object(copy))
          }
        }
      default:
        count += 1
        body(path, rebuild(changed(value)))
      }
    }
    walk(document, JSONPath.root) { $0 }
  }

  private static func changed(_ leaf: JSONValue) -> JSONValue {
    switch leaf {
    case .string(let text): return .string(text + "⁂")
    case .number(let text): return .number(Double(text) == 1 ? "2" : "1")
    case .bool(let flag): return .bool(!flag)
    case .null: return .bool(false)
    case .array: return .array([.null])
    case .object: return .object([(key: "⁂", value: .null)])
    }
  }
}

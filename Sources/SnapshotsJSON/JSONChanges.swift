/// What changed between two JSON documents, one line per path.
///
///
/// ```
/// $.users[3].name: "Ann" → "Anna"
/// + $.users[4]: {"id":5,…}
/// - $.meta.etag
/// ```
struct JSONChanges {
  private(set) var lines: [String] = []
  /// Changes found beyond the ones listed.
  private(set) var unlisted = 0
  let limit: Int

  init(reference: JSONValue, actual: JSONValue, limit: Int = 50) {
    self.limit = limit
    collect(JSONPath.root, reference, actual)
  }

  var text: String {
    lines.joined(separator: "\n") + (unlisted > 0 ? "\n… and \(unlisted) more changes" : "")
  }

  private mutating func add(_ line: @autoclosure () -> String) {
    if lines.count < limit { lines.append(line()) } else { unlisted += 1 }
  }

  private mutating func collect(_ path: String, _ old: JSONValue, _ new: JSONValue) {
    switch (old, new) {
    case (.object(let a), .object(let b)):
      let oldMembers = Dictionary(a, uniquingKeysWith: { _, last in last })
      let newMembers = Dictionary(b, uniquingKeysWith: { _, last in last })
      let keys = Set(oldMembers.keys).union(newMembers.keys)
        .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      for key in keys {
        let memberPath = JSONPath.member(path, key)
        switch (oldMembers[key], newMembers[key]) {
        case (let x?, let y?): collect(memberPath, x, y)
        case (_?, nil): add("- \(memberPath)")
        case (nil, let y?): add("+ \(memberPath): \(y.compactText())")
        case (nil, nil): break
        }
      }
    case (.array(let a), .array(let b)):
      for index in 0..<max(a.count, b.count) {
        let elementPath = JSONPath.element(path, index)
        if index >= a.count {
          add("+ \(elementPath): \(b[index].compactText())")
        } else if index >= b.count {
          add("- \(elementPath)")
        } else {
          collect(elementPath, a[index], b[index])
        }
      }
    default:
      if !old.isSemanticallyEqual(to: new) {
        add("\(path): \(old.compactText()) → \(new.compactText())")
      }
    }
  }
}

@_spi(Tooling) import Snapshots

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
      // Keys by their bytes, as JSON tells them apart (Swift's `==` would join `é` and
      // `e` + U+0301).
      let oldMembers = Dictionary(a.map { (Array($0.key.utf8), $0) }) { _, last in last }
      let newMembers = Dictionary(b.map { (Array($0.key.utf8), $0) }) { _, last in last }
      let keys = Set(oldMembers.keys).union(newMembers.keys).sorted {
        $0.lexicographicallyPrecedes($1)
      }
      var removed: [String] = []
      var added: [String] = []
      for key in keys {
        switch (oldMembers[key], newMembers[key]) {
        case (let x?, let y?): collect(JSONPath.member(path, x.key), x.value, y.value)
        case (let x?, nil):
          add("- \(JSONPath.member(path, x.key))")
          removed.append(x.key)
        case (nil, let y?):
          add("+ \(JSONPath.member(path, y.key)): \(y.value.compactText())")
          added.append(y.key)
        case (nil, nil): break
        }
      }
      // A key removed and one added that look alike: say what tells them apart.
      let removedByLook = Dictionary(removed.map { (LookAlikeText.appearance($0), $0) }) { a, _ in a
      }
      for new in added {
        guard let old = removedByLook[LookAlikeText.appearance(new)],
          let note = LookAlikeText.difference(
            of: "  The keys \(JSONPath.member(path, old)) and \(JSONPath.member(path, new))",
            reference: old, actual: new)
        else { continue }
        add(note)
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
        if case .string(let a) = old, case .string(let b) = new,
          let note = LookAlikeText.difference(of: "  The strings", reference: a, actual: b)
        {
          add(note)
        }
      }
    }
  }
}

/// Paths into a JSON document, written as selectors: `$`, `$.users[3].name`, `$["a key"]`.
enum JSONPath {
  static let root = "$"

  static func member(_ path: String, _ key: String) -> String {
    var isIdentifier = !key.isEmpty
    for (offset, scalar) in key.unicodeScalars.enumerated() {
      let letter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
      if !(letter || (offset > 0 && ("0"..."9").contains(scalar))) { isIdentifier = false }
    }
    if isIdentifier { return "\(path).\(key)" }
    return "\(path)[\(JSONValue.string(key).compactText(limit: .max))]"
  }

  static func element(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }
}

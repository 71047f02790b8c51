extension JSONValue {
  /// Whether two documents mean the same: key order and formatting do not matter, and numbers
  /// compare by value (`1.10` = `1.1`, `1e3` = `1000`; integers of any size exactly, by text).
  public func isSemanticallyEqual(to other: JSONValue) -> Bool {
    switch (self, other) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.number(let a), .number(let b)): return Self.numbersEqual(a, b)
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.isSemanticallyEqual(to: $1) }
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      let other = Dictionary(b, uniquingKeysWith: { _, last in last })
      return a.allSatisfy { member in
        other[member.key].map { member.value.isSemanticallyEqual(to: $0) } ?? false
      }
    default: return false
    }
  }

  /// Integers (no `.`, `e` or `E`) compare exactly by their digits, whatever their size; any
  /// other pair compares as `Double`.
  static func numbersEqual(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    if let x = integerDigits(a), let y = integerDigits(b) { return x == y }
    guard let x = Double(a), let y = Double(b) else { return false }
    return x == y
  }

  /// The sign and digits of an integer text, with `-0` as `0`; `nil` for other numbers.
  private static func integerDigits(_ text: String) -> String? {
    guard !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return nil }
    return text == "-0" ? "0" : text
  }
}

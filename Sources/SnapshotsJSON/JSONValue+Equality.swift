extension JSONValue {
  /// Whether two documents mean the same: key order and formatting do not matter, and numbers
  /// compare by their exact decimal value (`1.10` = `1.1`, `1e3` = `1000`, `1e400` ≠ `2e400`).
  public func isSemanticallyEqual(to other: JSONValue) -> Bool {
    switch (self, other) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    // By scalars, as JSON compares strings: Swift's `==` takes `é` and `e` + U+0301 as one.
    case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
    case (.number(let a), .number(let b)): return Self.numbersEqual(a, b)
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.isSemanticallyEqual(to: $1) }
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      let other = Dictionary(b.map { (Array($0.key.utf8), $0.value) }) { _, last in last }
      return a.allSatisfy { member in
        other[Array(member.key.utf8)].map { member.value.isSemanticallyEqual(to: $0) } ?? false
      }
    default: return false
    }
  }

  /// Numbers compare by their exact decimal value, whatever their size or precision.
  ///
  /// `1e400` and `2e400` differ though both overflow `Double`, and `0.1000000000000000000001`
  /// differs from `0.1`. A text that is not a JSON number equals only itself.
  static func numbersEqual(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    guard let x = ExactDecimal(a), let y = ExactDecimal(b) else { return false }
    return x == y
  }
}

extension JSONValue {
  /// The same document with every number written one way for its value: `1.0` and `1` as
  /// `1`, `1e2` as `100`, `-0` as `0`, `0.000001` as `0.000001` and `1e-7` as `1e-7` (plain
  /// digits between 10⁻⁶ and 10²¹, as JavaScript prints them; exact beyond `Double`).
  ///
  /// For a snapshot compared as text (an HTTP body), where two spellings of one value must not
  /// make a diff.
  public func normalizingNumbers() -> JSONValue {
    switch self {
    case .null, .bool, .string: return self
    case .number(let text): return .number(ExactDecimal(text)?.canonicalText ?? text)
    case .array(let elements): return .array(elements.map { $0.normalizingNumbers() })
    case .object(let members):
      return .object(members.map { ($0.key, $0.value.normalizingNumbers()) })
    }
  }
}

/// A JSON number's exact value: sign, significant digits and the power of ten after them.
struct ExactDecimal: Equatable {
  var negative: Bool
  /// Without leading or trailing zeros; empty for zero.
  var digits: [UInt8]
  /// The value is `0.<digits> × 10^exponent`: `exponentText` when the written exponent is too
  /// long for an `Int`, else `nil` and `exponent`.
  var exponent: Int
  var exponentText: Substring?

  static func == (a: Self, b: Self) -> Bool {
    a.negative == b.negative && a.digits == b.digits && a.exponent == b.exponent
      && a.exponentText == b.exponentText
  }

  /// The value written one way (``JSONValue/normalizingNumbers()``); `nil` for an exponent
  /// of 10¹⁵ or more, whose text stays as written.
  var canonicalText: String? {
    // Far from any number a body holds, and near where exponents stop fitting an `Int`.
    guard exponentText == nil, abs(exponent) < 1_000_000_000_000_000 else { return nil }
    guard !digits.isEmpty else { return "0" }
    let sign = negative ? "-" : ""
    let all = String(decoding: digits, as: UTF8.self)
    if exponent > 0, exponent <= 21 {
      guard exponent < digits.count else {
        return sign + all + String(repeating: "0", count: exponent - digits.count)
      }
      return sign + all.prefix(exponent) + "." + all.dropFirst(exponent)
    }
    if exponent <= 0, exponent > -6 {
      return sign + "0." + String(repeating: "0", count: -exponent) + all
    }
    let mantissa = all.count == 1 ? all : all.prefix(1) + "." + all.dropFirst()
    return sign + mantissa + "e" + String(exponent - 1)
  }

  init?(_ text: String) {
    var rest = Substring(text).utf8[...]
    negative = rest.first == UInt8(ascii: "-")
    if negative { rest = rest.dropFirst() }
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    let integer = rest.prefix(while: isDigit)
    rest = rest.dropFirst(integer.count)
    var fraction = rest.prefix(0)
    if rest.first == UInt8(ascii: ".") {
      fraction = rest.dropFirst().prefix(while: isDigit)
      guard !fraction.isEmpty else { return nil }
      rest = rest.dropFirst(1 + fraction.count)
    }
    guard !integer.isEmpty else { return nil }
    var written = 0
    exponentText = nil
    if let marker = rest.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      var power = rest.dropFirst()
      let minus = power.first == UInt8(ascii: "-")
      if minus || power.first == UInt8(ascii: "+") { power = power.dropFirst() }
      guard !power.isEmpty, power.allSatisfy(isDigit) else { return nil }
      let significant = power.drop { $0 == UInt8(ascii: "0") }
      if significant.count > 17 {
        // Past 10^17 the small adjustment below cannot make two written exponents meet.
        exponentText = (minus ? "-" : "") + Substring(significant)
      } else {
        written = Int(Substring(significant)).map { minus ? -$0 : $0 } ?? 0
      }
      rest = rest.dropFirst(rest.count)
    }
    guard rest.isEmpty else { return nil }
    // `<integer>.<fraction>` as one run of digits; the point sits after `integer.count` of them.
    let all = Array(integer) + Array(fraction)
    guard let first = all.firstIndex(where: { $0 != UInt8(ascii: "0") }),
      let last = all.lastIndex(where: { $0 != UInt8(ascii: "0") })
    else {
      // Zero, of either sign and any exponent.
      negative = false
      digits = []
      exponent = 0
      exponentText = nil
      return
    }
    digits = Array(all[first...last])
    exponent = written + integer.count - first
  }
}
